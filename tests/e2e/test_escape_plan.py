"""Escape Plan in the browser: a person plays a two-player game (with Sandra) against a bot.

Ann takes seat 0 on the table page; seat 1 is a bot. The board side is drawn as SVG
(every cell, the laid City tiles, the Water areas, the pawns and Sandra's, the
officers). Ann lays her tiles by clicking a lit slot (then a turn when several fit),
walks by clicking lit Locations, Land areas and Water areas, and settles the rest with
the grouped buttons: the lit targets are exactly what the server's legal actions name.
After each of her decisions the page agrees with the server (pawns, tiles, officers,
Notoriety, her money). A spectator's page never shows her money or her Escape Plan.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.driver import (
    Browsing,
    assert_no_leaks,
    claim_seat,
    drawn_js,
    full_page_shot,
    guard,
    module_render_js,
    move_number,
    tokens,
    wait_after,
    wait_at,
    wait_js,
)
from tests.e2e.live import Server

GAME = "escape-plan"
MAX_STEPS = 1500
WANTED = 12  # Ann's decisions made through the page

DRAWN_JS = drawn_js("ep-controls", "ep-act")

MAP_JS = r"""
() => {
  const map = document.querySelector('[data-testid="ep-map"]');
  const q = (sel) => [...map.querySelectorAll(sel)];
  const lit = [];
  for (const g of q('[data-target="1"]')) {
    const t = g.dataset.testid;
    if (t.startsWith('loc-')) lit.push('L:' + t.slice(4));
    else if (t.startsWith('water-')) lit.push('W:' + t.slice(6));
    else if (t.startsWith('area-')) lit.push('A:' + t.slice(5).replaceAll('-', ':'));
    else if (t.startsWith('slot-')) lit.push('C:' + t.slice(5).replace('-', ','));
    else if (t.startsWith('officer-')) lit.push('O:' + t.slice(8));
  }
  return {
    cells: q('[data-testid^="cell-"]').length,
    tiles: Object.fromEntries(q('[data-testid^="cell-"][data-tile]')
      .map((g) => [g.dataset.testid.slice(5).replace('-', ','), g.dataset.tile])),
    pawns: Object.fromEntries(q('[data-testid^="pawn-"]')
      .map((g) => [g.dataset.testid.slice(5), g.dataset.at])),
    police: Object.fromEntries([...document.querySelectorAll('[data-testid^="police-"]')]
      .filter((g) => g.dataset.colours).map((g) => [g.dataset.testid.slice(7),
        g.dataset.colours.split(' ').sort().join(' ')])),
    notoriety: Object.fromEntries([...document.querySelectorAll('[data-testid^="notoriety-"]')]
      .map((m) => [m.dataset.testid.slice(10), Number(m.dataset.value)])),
    lit: lit.sort(),
  };
}
"""


def agent(server: Server) -> str:
    games = {g["id"]: g for g in server.api("GET", "/api/games")}
    return "heuristic" if "heuristic" in games[GAME]["agents"] else "random"


def drawn(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(MAP_JS))


def check_map(page: Page, view: dict[str, Any], assets: dict[str, Any]) -> dict[str, Any]:
    """The drawing shows the view: every cell, laid tile, pawn, officer (on the map or on a
    face-up stack tile) and Notoriety."""
    got = drawn(page)
    side = next(s for s in assets["sides"] if s["id"] == view["side"])
    assert got["cells"] == sum(1 for c in side["cells"] if c["kind"] != "water"), got
    want_tiles = {f"{c[0]},{c[1]}": t for c, t, _ in view["city"]}
    want_tiles |= {f"{c['cell'][0]},{c['cell'][1]}": c["printed"]
                   for c in side["cells"] if c["kind"] == "printed"}
    assert got["tiles"] == want_tiles, (got["tiles"], want_tiles)
    pawns = {str(i): p["at"] for i, p in enumerate(view["players"])}
    if view["sandra"]:
        pawns["sandra"] = view["sandra"]["at"]
    assert got["pawns"] == pawns, (got["pawns"], pawns)
    police = {t: " ".join(sorted(c)) for t, c in view["police"].items()}
    assert got["police"] == police, (got["police"], police)
    marks = {str(i): p["notoriety"] for i, p in enumerate(view["players"])}
    if view["sandra"]:
        marks["sandra"] = view["sandra"]["notoriety"]
    assert got["notoriety"] == marks, got
    return got


def targets(legal: list[dict[str, Any]], assets: dict[str, Any]) -> list[str]:
    """What the map should light for these legal actions."""
    out: set[str] = set()
    for x in legal:
        a = x["action"]
        if a["kind"] in ("go", "fly"):
            out.add(assets["nodes"][a["node"]])
        elif a["kind"] in ("place", "cell"):
            c, r = assets["cells"][a["cell"]]
            out.add(f"C:{c},{r}")
    return sorted(out)


def map_target(page: Page, key: str) -> Any:
    kind, rest = key[0], key[2:]
    if kind == "L":
        return page.get_by_test_id(f"loc-{rest}")
    if kind == "W":  # the lit dot: the group's middle may be off its (L-shaped) cells
        return page.get_by_test_id(f"water-{rest}").locator(".ep-dot")
    if kind == "A":
        return page.get_by_test_id(f"area-{rest.replace(':', '-')}").locator(".ep-dot")
    return page.get_by_test_id(f"slot-{rest.replace(',', '-')}")


def decide(page: Page, msg: dict[str, Any], assets: dict[str, Any], rng: random.Random,
           seen: Counter[str]) -> None:
    """One of Ann's decisions through the drawing: a map click when the map can do it,
    else a grouped button."""
    legal = msg["legal"]
    lit = targets(legal, assets)
    if lit and rng.random() < 0.9:
        key = rng.choice(lit)
        map_target(page, key).first.click(force=True)
        focus = page.get_by_test_id("ep-focus")
        if focus.count():  # several actions on that target: choose one of them
            focus.locator("button:not([data-testid])").first.click()
            seen[f"map+choose {key[0]}"] += 1
        else:
            seen[f"map {key[0]}"] += 1
        return
    pick = rng.choice(legal)
    button = page.locator(f'[data-testid="ep-act"][data-kind="{pick["action"]["kind"]}"]'
                          f'[title="{pick["label"]}"]').first
    expect(button).to_be_enabled()
    button.click()
    seen[f"button {pick['action']['kind']}"] += 1


def test_a_person_plays_escape_plan_against_a_bot(server: Server, browsing: Browsing,
                                                 screenshot_dir: Path) -> None:
    assets = server.api("GET", f"/api/games/{GAME}/assets")
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": agent(server)}],
                                game=GAME)
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    guard(ann)
    claim_seat(ann, 0, "Ann")
    expect(ann.get_by_test_id("table-status")).to_contain_text("running")
    expect(ann.get_by_test_id("ep-map")).to_be_visible()
    token = tokens(ann, table)["0"]

    eve = browsing.page(server.url, "Eve")
    eve.goto(f"/t/{table}")
    plan = server.state(table, 0, token)["view"]["players"][0]["plan"]
    guard(eve, forbidden_text=[token, plan])
    expect(eve.get_by_test_id("ep-map")).to_be_visible()

    rng = random.Random(7)
    seen: Counter[str] = Counter()
    for _ in range(MAX_STEPS):
        msg = server.state(table, 0, token)
        if msg["status"] == "finished" or sum(seen.values()) >= WANTED:
            break
        n = msg["n"]
        if not msg["legal"]:
            wait_after(ann, n)  # the bot's decision (or Sandra's)
            continue
        wait_js(ann, DRAWN_JS, n, f"the drawing of move {n}")
        if move_number(ann) != n:
            continue
        got = check_map(ann, msg["view"], assets)
        lit = targets(msg["legal"], assets)
        assert [k for k in got["lit"] if not k.startswith("O:")] == lit, (got["lit"], lit)
        buttons = ann.locator('[data-testid="ep-act"]')
        assert sorted(b.get_attribute("title") or "" for b in buttons.all()) == sorted(
            x["label"] for x in msg["legal"])
        expect(ann.get_by_test_id("ep-money")).to_have_attribute(
            "data-value", str(msg["view"]["players"][0]["money"]))
        decide(ann, msg, assets, rng, seen)
        wait_after(ann, n)
    print(f"Ann's decisions: {dict(seen)}; the table: {msg['status']} at move {msg['n']}")
    assert sum(seen.values()) >= WANTED, seen
    assert sum(k for s, k in seen.items() if s.startswith("map")) >= 3, seen

    # settled: Ann's page and the server agree
    msg = server.state(table, 0, token)
    wait_at(ann, msg["n"])
    if move_number(ann) == msg["n"]:
        check_map(ann, msg["view"], assets)
    me = msg["view"]["players"][0]
    assert me["plan"] == plan
    expect(ann.get_by_test_id("ep-plan")).to_have_attribute("data-plan", plan)

    # the spectator: the same board, none of Ann's money or Escape Plan card
    spec = server.state(table)
    wait_at(eve, spec["n"])
    if move_number(eve) == spec["n"]:
        check_map(eve, spec["view"], assets)
    expect(eve.get_by_test_id("ep-own")).to_have_count(0)
    expect(eve.get_by_test_id("ep-money")).to_have_count(0)
    expect(eve.get_by_test_id("ep-controls")).to_have_class(re.compile(r"\bidle\b"))
    html = eve.content()
    assert plan not in html and plan.replace("-", " ").capitalize() not in html, plan
    assert_no_leaks(ann)
    assert_no_leaks(eve)

    full_page_shot(ann, screenshot_dir, "escape-plan.png")


# -- the drawing on views of its own ---------------------------------------------------------

KINDS = ("place", "simple", "go", "fly", "use", "avoid", "visit", "buy_equipment",
         "open_locker", "pick", "unlock", "bonus", "officer", "cell")

RENDER_JS = module_render_js(GAME)


def decisions() -> dict[str, tuple[int, dict[str, Any], list[dict[str, Any]]]]:
    """One (seat, view, legal) per action kind, from seeded random games."""
    from getaway.games import registry

    game = registry().get(GAME)
    found: dict[str, tuple[int, dict[str, Any], list[dict[str, Any]]]] = {}
    for seed in range(6):
        s = game.start(2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            for kind in {a.to_json()["kind"] for a in legal} - set(found):
                found[kind] = (seat, s.view(seat), [{"action": a.to_json(), "label": a.label()}
                                                    for a in legal])
            s.apply(seat, rng.choice(legal))
        found.setdefault("over", (-1, s.view(None), []))
        if set(KINDS) <= set(found):
            break
    return found


def test_every_decision_is_drawn_and_clickable(server: Server, browsing: Browsing) -> None:
    assets = server.api("GET", f"/api/games/{GAME}/assets")
    page = browsing.page(server.url, "Dev")
    page.goto("/api/games")  # any page of the server: the module and its assets load from it
    cases = decisions()
    assert {"place", "go", "simple", "pick", "officer", "cell"} <= set(cases), set(cases)
    for kind, (seat, view, legal) in sorted(cases.items()):
        page.evaluate(RENDER_JS, [view, legal, None if seat < 0 else seat])
        got = drawn(page)
        assert [k for k in got["lit"] if not k.startswith("O:")] == targets(legal, assets), kind
        titles = page.locator('[data-testid^="ep-group-"] [data-testid="ep-act"]')
        assert sorted(b.get_attribute("title") or "" for b in titles.all()) == sorted(
            x["label"] for x in legal), kind
        if kind == "over":
            expect(page.get_by_test_id("ep-outcome")).to_be_visible()
            expect(page.get_by_test_id("ep-controls")).to_have_class(re.compile(r"\bidle\b"))
            continue
        actions = [x["action"] for x in legal]
        a = next(x for x in actions if x["kind"] == kind)
        if kind == "officer":
            c, r = assets["cells"][a["cell"]]
            tile = next(t for cell, t, _ in view["city"] if cell == [c, r]) if [c, r] in [
                cell for cell, _, _ in view["city"]] else None
            if tile:
                page.get_by_test_id(f"officer-{tile}-{a['colour']}").click(force=True)
                assert acted(page)[-1:] == [a] or page.get_by_test_id("ep-focus").count(), kind
                continue
        if kind in ("go", "fly", "place", "cell"):
            key = targets([{"action": a}], assets)[0]
            map_target(page, key).first.click(force=True)
            if page.get_by_test_id("ep-focus").count():
                page.get_by_test_id("ep-focus").locator("button:not([data-testid])").first.click()
            assert acted(page) and acted(page)[0]["kind"] in ("go", "fly", "place", "cell"), kind
            continue
        label = next(x["label"] for x in legal if x["action"] == a)
        page.locator(f'[data-testid="ep-act"][title="{label}"]').first.click()
        assert acted(page) == [a], (kind, acted(page))


def acted(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("() => window.__acted"))
