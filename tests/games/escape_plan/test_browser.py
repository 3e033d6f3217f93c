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
    FINISHED,
    Browsing,
    assert_no_leaks,
    claim_seat,
    drawn_js,
    full_page_shot,
    guard,
    module_render_js,
    move_number,
    settle,
    speaks,
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
        return page.get_by_test_id(f"dot-water-{rest}")
    if kind == "A":  # the lit dot, on top of the Location labels that may cover the area
        return page.get_by_test_id(f"dot-area-{rest.replace(':', '-')}")
    return page.get_by_test_id(f"slot-{rest.replace(',', '-')}")


def lay_at(page: Page, key: str) -> None:
    """Lay a tile through the lay-tile bar: the lit slot, a tile when the slot takes
    several, then "lay it"."""
    map_target(page, key).first.click(force=True)
    if page.get_by_test_id("ep-lay").get_attribute("data-stack") is None:
        page.locator('[data-testid^="lay-stack-"]:enabled').first.click()
    page.get_by_test_id("ep-confirm").click()


def decide(page: Page, msg: dict[str, Any], assets: dict[str, Any], rng: random.Random,
           seen: Counter[str]) -> None:
    """One of Ann's decisions through the drawing: a map click when the map can do it,
    else a grouped button."""
    legal = msg["legal"]
    lit = targets(legal, assets)
    if lit and rng.random() < 0.9:
        key = rng.choice(lit)
        if key.startswith("C:") and any(x["action"]["kind"] == "place" for x in legal):
            lay_at(page, key)
            seen["map lay"] += 1
            return
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
        if sum(seen.values()) % 4 == 0:        # a few moments: the words on the page
            speaks(ann, GAME, f"Ann's page at move {n}")
            speaks(eve, GAME, f"the spectator's page at move {n}")
        decide(ann, msg, assets, rng, seen)
        wait_after(ann, n)
    print(f"Ann's decisions: {dict(seen)}; the table: {msg['status']} at move {msg['n']}")
    assert sum(seen.values()) >= WANTED, seen
    assert sum(k for s, k in seen.items() if s.startswith("map")) >= 3, seen

    # settled: once no bot is about to move (the loop may stop on the bot's turn) the
    # table stays as it is until Ann acts, and her page and the server agree
    settle(server, table, ann)
    msg = server.state(table, 0, token)
    running = msg["status"] != "finished"
    wait_at(ann, msg["n"] if running else FINISHED)
    if running:
        assert move_number(ann) == msg["n"], (move_number(ann), msg["n"])
        check_map(ann, msg["view"], assets)
    me = msg["view"]["players"][0]
    assert me["plan"] == plan
    expect(ann.get_by_test_id("ep-plan")).to_have_attribute("data-plan", plan)

    # the spectator: the same board, none of Ann's money or Escape Plan card
    spec = server.state(table)
    assert spec["n"] == msg["n"], "the table moved while it was settled"
    wait_at(eve, spec["n"] if running else FINISHED)
    if running:
        assert move_number(eve) == spec["n"], (move_number(eve), spec["n"])
        check_map(eve, spec["view"], assets)
    expect(eve.get_by_test_id("ep-own")).to_have_count(0)
    expect(eve.get_by_test_id("ep-money")).to_have_count(0)
    expect(eve.get_by_test_id("ep-controls")).to_have_class(re.compile(r"\bidle\b"))
    html = eve.content()
    assert plan not in html and plan.replace("-", " ").capitalize() not in html, plan
    assert_no_leaks(ann)
    assert_no_leaks(eve)
    speaks(ann, GAME, "Ann's page, settled")
    speaks(eve, GAME, "the spectator's page, settled")

    full_page_shot(ann, screenshot_dir, "escape-plan.png")


# -- the drawing on views of its own ---------------------------------------------------------

KINDS = ("place", "simple", "go", "fly", "use", "avoid", "visit", "buy_equipment",
         "open_locker", "pick", "unlock", "bonus", "officer", "cell", "put_tile")

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
            if kind == "place":
                lay_at(page, key)
                assert len(acted(page)) == 1 and acted(page)[0] in actions, kind
                continue
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


# -- constructed scenes: the pieces on and beside the City, and the rarer decisions ------------

PIECES_JS = r"""
() => {
  const q = (sel) => [...document.querySelectorAll(sel)];
  const data = (sel) => Object.fromEntries(q(sel).map((g) => [g.dataset.testid, { ...g.dataset }]));
  return {
    keys: q('[data-testid="ep-key"]').map((k) => `${k.dataset.house}:${k.dataset.colour}`).sort(),
    keyGroups: data('[data-testid^="keys-"]'),
    lockers: Object.fromEntries(['green', 'black', 'brown'].map((c) =>
      [c, q(`[data-testid="locker-${c}"] [data-testid="ep-locker"]`).length])),
    lockerGroups: data('[data-testid^="locker-"]'),
    lockerTiles: q('[data-testid="ep-locker"]').length,
    gangs: Object.fromEntries(q('[data-testid^="gang-"]:not([data-testid^="gang-marker-"])')
      .map((g) => [g.dataset.testid.slice(5),
                   [g.querySelectorAll('[data-testid="ep-gang-member"]').length,
                    g.dataset.owner]])),
    gangMembers: q('[data-testid="ep-gang-member"]').length,
    markers: q('[data-testid^="gang-marker-"]').map((m) => m.dataset.testid.slice(12)).sort(),
    exitStacks: data('[data-testid^="exit-stack-"]'),
    exitTiles: Object.fromEntries(['silver', 'gold'].map((c) =>
      [c, q(`[data-testid="exit-stack-${c}"] [data-testid="ep-exit-tile"]`).length])),
    allExitTiles: q('[data-testid="ep-exit-tile"]').length,
    blocked: q('[data-testid^="loc-exit-"][data-blocked="true"]')
      .map((g) => Number(g.dataset.testid.slice(9))).sort(),
    patrolBlocked: q('[data-testid^="patrol-"][data-blocked="true"]')
      .map((g) => Number(g.dataset.testid.slice(7))).sort(),
  };
}
"""


def scenes() -> dict[str, tuple[Any, int]]:
    """Constructed states (tests/games/escape_plan/build.py) at decisions random games
    rarely reach: a Store with Keys and money (open_locker, buy_equipment), a group bonus,
    and an early City whose blocked Exit and Safe Houses are not laid yet. Seat 1 holds
    a face-down Locker and Exit tile, a Gang and money that seat 0 must never see."""
    from getaway.games.escape_plan.frames import GroupBonus
    from getaway.games.escape_plan.visits import VisitStart
    from tests.games.escape_plan.build import Hold, city, fresh, push, put

    def dress(s: Any) -> None:
        s.patrol_spaces = {3: 2, 1: 1, 2: 2}
        s.blocked = [3, 2]
        s.exit_on = {3: "silver", 2: "gold"}
        mine, other = s.crew[0], s.crew[1]
        other.items[0] = "L:" + s.lockers["green"].pop(0)
        other.items[1] = "T:" + s.exit_stacks["silver"].pop(0)
        other.money = 4321
        gang = sorted(s.gangs)[0] if s.gangs else None
        if gang:
            s.gangs[gang] = [0, 2]
            other.gang, other.gang_markers = 2, [gang]
            s.gangs[sorted(s.gangs)[1]] = [1, 0]
        mine.money = 30
        mine.keys = ["green", "black"]
        mine.notoriety = 6
        for i in range(3):
            mine.contacts[i] = "C:medic"
        s.keys_on["safe-house-1"] = s.keys_on["safe-house-1"][1:]

    out: dict[str, tuple[Any, int]] = {}
    s = city(3, 0)
    s.police = {"a2": ["red", "blue"], "c3": ["black"]}
    dress(s)
    put(s, 0, "store-A")
    push(s, VisitStart(0))
    out["store"] = (s, 0)

    s = city(2, 1)
    dress(s)
    s.stack = [Hold()]
    push(s, GroupBonus(0, False))
    out["bonus"] = (s, 0)

    s = fresh(4, 2)
    dress(s)
    s._cache = None
    out["early"] = (s, s.to_act()[0])
    return out


def test_constructed_scenes_draw_the_pieces_and_every_decision(
        server: Server, browsing: Browsing, screenshot_dir: Path) -> None:
    page = browsing.page(server.url, "Dev")
    page.goto("/api/games")
    seen: set[str] = set()
    for name, (state, seat) in scenes().items():
        legal = [{"action": a.to_json(), "label": a.label()} for a in state.legal_actions(seat)]
        view = state.view(seat)
        kinds = {x["action"]["kind"] for x in legal}
        seen |= kinds
        page.evaluate(RENDER_JS, [view, legal, seat])
        # every legal action: a button titled with the server's label
        titles = page.locator('[data-testid^="ep-group-"] [data-testid="ep-act"]')
        assert sorted(b.get_attribute("title") or "" for b in titles.all()) == sorted(
            x["label"] for x in legal), name
        got = page.evaluate(PIECES_JS)
        # Keys: one per Key above its Safe House, on the map or beside the board
        want_keys = sorted(f"{h}:{c}" for h, cs in view["keys"].items() for c in cs)
        assert got["keys"] == want_keys, (name, got["keys"], want_keys)
        laid = {t for _, t, _ in view["city"]}
        for house, colours in view["keys"].items():
            if not colours:
                continue
            where = got["keyGroups"][f"keys-{house}"]["where"]
            loc = next((k for k, v in view["businesses"].items() if v == house), None)
            assert where == ("map" if loc and loc.split("-")[0] in laid else "board"), house
        # Lockers: each stack by colour, as many tiles as are left, the top's need
        assert got["lockers"] == {c: x["left"] for c, x in view["lockers"].items()}, name
        assert got["lockerTiles"] == sum(x["left"] for x in view["lockers"].values())
        for c, x in view["lockers"].items():
            g = got["lockerGroups"][f"locker-{c}"]
            assert (g["left"], g.get("need")) == (str(x["left"]), str(x["need"])), (c, g)
        # Gang Members on their Gangs, and the marker of the seat controlling one
        assert got["gangs"] == {loc: [g[0], str(g[1] - 1) if g[1] else ""]
                                for loc, g in view["gangs"].items()}, name
        assert got["gangMembers"] == sum(g[0] for g in view["gangs"].values())
        assert got["markers"] == sorted(loc for loc, g in view["gangs"].items() if g[1])
        # the Exit tile stacks: on their blocked Exit when its tile is laid, else beside
        assert got["exitTiles"] == view["exit_stacks"], name
        assert got["allExitTiles"] == sum(view["exit_stacks"].values())
        on = dict(view["patrol"]["exit_stacks_on"])
        for colour in view["exit_stacks"]:
            g = got["exitStacks"][f"exit-stack-{colour}"]
            exit_no = next((n for n, c in on.items() if c == colour), None)
            exit_laid = exit_no is not None and any(
                loc["id"] == f"exit-{exit_no}" for t in laid
                for loc in tiles_of(server)[t]["locations"])
            assert g["where"] == ("map" if exit_laid else "board"), (name, colour, g)
            assert g.get("exit", "") == ("" if exit_no is None else str(exit_no))
        # the Patrols: blocked Exits on the map (when laid) and in the Patrol row
        assert got["patrolBlocked"] == sorted(view["patrol"]["blocked"]), name
        assert set(got["blocked"]) <= set(view["patrol"]["blocked"])
        # hidden information: nothing of seat 1's screen or face-down tiles in seat 0's page
        other = state.crew[1]
        html = page.content()
        for secret in (other.plan, other.items[0][2:], other.items[1][2:], "$4321"):
            assert secret not in html, (name, secret)
        if name == "store":
            full_page_shot(page, screenshot_dir, "escape-plan-pieces.png")
        # the rare kinds act from their buttons (and the Lockers from their stacks)
        for kind in ("open_locker", "buy_equipment", "bonus"):
            if kind not in kinds:
                continue
            a = next(x for x in legal if x["action"]["kind"] == kind)
            page.locator(f'[data-testid="ep-act"][title="{a["label"]}"]').first.click()
            assert acted(page) == [a["action"]], (name, kind)
            page.evaluate(RENDER_JS, [view, legal, seat])
        if "open_locker" in kinds:
            colour = next(x["action"]["colour"] for x in legal
                          if x["action"]["kind"] == "open_locker")
            stack = page.get_by_test_id(f"locker-{colour}")
            assert stack.get_attribute("data-target") == "1"
            stack.click()
            want = [x["action"] for x in legal if x["action"]["kind"] == "open_locker"
                    and x["action"]["colour"] == colour]
            if len(want) == 1:
                assert acted(page) == want
            else:
                expect(page.get_by_test_id("ep-focus")).to_be_visible()
        # the spectator's drawing: no screen, no plan, no face-down tile
        page.evaluate(RENDER_JS, [state.view(None), [], None])
        expect(page.get_by_test_id("ep-own")).to_have_count(0)
        expect(page.get_by_test_id("ep-money")).to_have_count(0)
        html = page.content()
        for p in state.crew:
            assert p.plan not in html
            for slot in p.items:
                if slot[:2] in ("L:", "T:"):
                    assert slot[2:] not in html, (name, slot)
        assert "$4321" not in html
    assert {"open_locker", "buy_equipment", "bonus", "place"} <= seen, seen


_TILES: dict[str, Any] = {}


def tiles_of(server: Server) -> dict[str, Any]:
    """Every tile as printed (the assets), fetched once."""
    if not _TILES:
        _TILES.update(server.api("GET", f"/api/games/{GAME}/assets")["tiles"])
    return _TILES


# -- the Locker and Exit tiles drawn: faces for the drawer, colour and count for the rest ----

DRAWN_TILES_JS = r"""
() => {
  const panel = document.querySelector('[data-testid="ep-drawn"]');
  if (!panel) return null;
  return {
    seat: panel.dataset.seat, count: panel.dataset.count, colour: panel.dataset.colour,
    text: panel.textContent,
    tiles: [...panel.querySelectorAll('[data-testid="ep-drawn-tile"]')].map((t) => ({
      index: Number(t.dataset.index), colour: t.dataset.colour, need: t.dataset.need,
      value: t.dataset.value, target: t.dataset.target === '1' })),
    keep: [...document.querySelectorAll('[data-testid="ep-act"][data-kind="pick"]')]
      .map((b) => b.textContent),
  };
}
"""


def drawn_scenes() -> list[tuple[str, Any, list[str]]]:
    """Seat 0 keeps one of the green Lockers it drew at Store A, and one of the gold Exit
    tiles it drew at the blocked Exit 2."""
    from getaway.games.escape_plan.actions import Visit
    from getaway.games.escape_plan.visits import KeepTile, VisitStart
    from tests.games.escape_plan.build import act, city, keeping_a_locker, push, put

    out = []
    s, frame = keeping_a_locker(city(3))
    out.append(("locker", s, list(frame.drawn)))

    s = city(2, 1)
    p = s.crew[0]
    p.contacts[0], p.contacts[1] = "C:medic", "C:medic"
    s.blocked, s.exit_on = [2], {2: "gold"}
    put(s, 0, "exit-2")
    push(s, VisitStart(0))
    act(s, Visit("exit_tile"))
    assert isinstance(s.stack[-1], KeepTile)
    out.append(("exit", s, list(s.stack[-1].drawn)))
    return out


def test_drawn_tiles_show_their_faces_to_the_drawer_only(
        server: Server, browsing: Browsing, screenshot_dir: Path) -> None:
    from getaway.games.escape_plan.tables import EXIT_TILE, LOCKER

    page = browsing.page(server.url, "Dev")
    page.goto("/api/games")
    for name, state, ids in drawn_scenes():
        legal = [{"action": a.to_json(), "label": a.label()} for a in state.legal_actions(0)]
        page.evaluate(RENDER_JS, [state.view(0), legal, 0])
        got = page.evaluate(DRAWN_TILES_JS)
        assert got is not None and got["count"] == str(len(ids)), (name, got)
        if name == "locker":
            full_page_shot(page, screenshot_dir, "escape-plan-drawn.png")
        faces = []
        for i, ident in enumerate(ids):
            tile = LOCKER[ident] if name == "locker" else EXIT_TILE[ident]
            need = str(LOCKER[ident].need) if name == "locker" else None
            assert got["tiles"][i] == {"index": i, "colour": tile.colour.value, "need": need,
                                       "value": str(tile.value), "target": True}, got
            faces.append(f"${tile.value}")
        # the keep buttons read the engine's labels; the drawn tiles show their faces
        assert got["keep"] == [a.label() for a in state.legal_actions(0)
                               if a.to_json()["kind"] == "pick"], got["keep"]
        assert all(f in got["text"] for f in faces), got["text"]
        page.get_by_test_id("ep-drawn-tile").nth(len(ids) - 1).click()
        assert acted(page) == [{"kind": "pick", "what": "tile", "index": len(ids) - 1}]
        # seat 1 and a spectator: who drew how many of which colour, no face, no id
        for seat in (1, None):
            page.evaluate(RENDER_JS, [state.view(seat), [], seat])
            other = page.evaluate(DRAWN_TILES_JS)
            assert other is not None and other["tiles"] == [] and other["seat"] == "0"
            assert other["count"] == str(len(ids)) and f"drew {len(ids)}" in other["text"]
            html = page.content()
            for ident in ids:
                assert not re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", html), ident
            assert "needs" not in other["text"] and "$" not in other["text"]


# -- laying a City tile: pick the tile, a lit slot, rotate, confirm ----------------------------

LAY_JS = r"""
() => {
  const bar = document.querySelector('[data-testid="ep-lay"]');
  const prev = document.querySelector('[data-testid="ep-preview"]');
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height];
  };
  return {
    stack: bar.dataset.stack ?? null, cell: bar.dataset.cell ?? null,
    turn: bar.dataset.turn ?? null,
    preview: prev.dataset.tile
      ? [prev.dataset.tile, prev.dataset.cell, Number(prev.dataset.turn)] : null,
    lit: [...document.querySelectorAll('[data-testid^="slot-"][data-target="1"]')]
      .map((g) => g.dataset.testid.slice(5).replace('-', ',')).sort(),
    stacks: [...document.querySelectorAll('[data-testid^="lay-stack-"]')].filter((b) => !b.disabled)
      .map((b) => Number(b.dataset.stack)),
    boxes: ['ep-lay', 'ep-rotate', 'ep-confirm', 'ep-lay-cancel', 'ep-map']
      .map((id) => box(document.querySelector(`[data-testid="${id}"]`))),
  };
}
"""


def settled(page: Page) -> dict[str, Any]:
    """What ``LAY_JS`` reads once two readings two frames apart agree on where things are
    (the board fits itself to its window a moment after it is drawn)."""
    got: dict[str, Any] = page.evaluate(LAY_JS)
    for _ in range(50):
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => "
                      "requestAnimationFrame(r)))")
        again: dict[str, Any] = page.evaluate(LAY_JS)
        if again["boxes"] == got["boxes"]:
            return again
        got = again
    raise AssertionError(f"the table never settled: {got}")


def lay_scene() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The first lay-tile decision of a seeded game with a slot where a tile fits turned
    two ways or more."""
    from getaway.games import registry

    game = registry().get(GAME)
    for seed in range(20):
        s = game.start(3, seed=seed)
        while not s.is_over() and s.view(None)["pending"] and \
                s.view(None)["pending"]["key"] == "lay_tile":
            seat = s.to_act()[0]
            acts = [a.to_json() for a in s.legal_actions(seat)]
            turns = Counter((a["stack"], a["cell"]) for a in acts if a["kind"] == "place")
            if max(turns.values(), default=0) >= 2:
                return s.view(seat) | {"_seat": seat}, [
                    {"action": a.to_json(), "label": a.label()} for a in s.legal_actions(seat)]
            s.apply(seat, s.legal_actions(seat)[0])
    raise AssertionError("no lay-tile decision with two turns at a slot")


def test_laying_a_tile_on_the_board(server: Server, browsing: Browsing,
                                    screenshot_dir: Path) -> None:
    assets = server.api("GET", f"/api/games/{GAME}/assets")
    page = browsing.page(server.url, "Dev")
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto("/api/games")
    view, legal = lay_scene()
    seat = view.pop("_seat")
    places = [x["action"] for x in legal if x["action"]["kind"] == "place"]
    cell = lambda a: ",".join(map(str, assets["cells"][a["cell"]]))  # noqa: E731
    page.evaluate(RENDER_JS, [view, legal, seat])
    expect(page.get_by_test_id("ep-controls")).to_have_attribute("data-key", "lay_tile")
    got = settled(page)
    # nothing chosen: every slot some tile fits is lit, every tile with a place is offered
    assert got["lit"] == sorted({cell(a) for a in places}), got
    assert got["stacks"] == sorted({a["stack"] for a in places}), got
    assert got["preview"] is None and got["stack"] is None
    boxes = got["boxes"]
    # pick the tile that fits two ways somewhere: only its slots stay lit
    two = Counter((a["stack"], cell(a)) for a in places)
    stack, where = next(k for k, n in two.items() if n >= 2)
    page.get_by_test_id(f"lay-stack-{'ABCD'[stack]}").click()
    got = settled(page)
    assert got["lit"] == sorted({cell(a) for a in places if a["stack"] == stack}), got
    assert got["stack"] == str(stack) and got["boxes"] == boxes, got
    tile = view["stacks"][stack]["top"]
    # hovering a lit slot draws the tile there, in a turn legal at that slot
    c, r = where.split(",")
    page.get_by_test_id(f"slot-{c}-{r}").hover(force=True)
    got = page.evaluate(LAY_JS)
    turns = sorted(a["turn"] for a in places if a["stack"] == stack and cell(a) == where)
    assert got["preview"] is not None and got["preview"][:2] == [tile, where], got
    assert got["preview"][2] in turns
    # choosing it; rotate (button, then the r key) goes through the legal turns only
    page.get_by_test_id(f"slot-{c}-{r}").click(force=True)
    got = page.evaluate(LAY_JS)
    assert got["cell"] == where and int(got["turn"]) == turns[0] == got["preview"][2], got
    assert got["boxes"] == boxes, "the controls moved"
    page.get_by_test_id("ep-rotate").click()
    got = page.evaluate(LAY_JS)
    assert int(got["turn"]) == turns[1] and got["preview"] == [tile, where, turns[1]], got
    expect(page.get_by_test_id("ep-lay-preview")).to_have_attribute("data-turn", str(turns[1]))
    page.keyboard.press("r")
    want = turns[2 % len(turns)]
    assert page.evaluate(LAY_JS)["preview"] == [tile, where, want]
    assert page.evaluate(LAY_JS)["boxes"] == boxes, "the controls moved"
    full_page_shot(page, screenshot_dir, "escape-plan-laying.png")
    assert acted(page) == []
    # Esc clears the choice: no tile drawn, every slot lit again
    page.keyboard.press("Escape")
    got = page.evaluate(LAY_JS)
    assert got["stack"] is None and got["cell"] is None and got["preview"] is None, got
    assert got["lit"] == sorted({cell(a) for a in places})
    expect(page.get_by_test_id("ep-confirm")).to_be_disabled()
    # again, then Enter: exactly the legal action of that tile, slot and turn
    page.get_by_test_id(f"lay-stack-{'ABCD'[stack]}").click()
    page.get_by_test_id(f"slot-{c}-{r}").click(force=True)
    page.get_by_test_id("ep-rotate").click()
    page.keyboard.press("Enter")
    sent = acted(page)
    assert len(sent) == 1 and sent[0] in places, sent
    assert (sent[0]["stack"], cell(sent[0]), sent[0]["turn"]) == (stack, where, turns[1]), sent
    # the confirm button sends it too; the generic list of legal actions is still there
    page.evaluate(RENDER_JS, [view, legal, seat])
    page.get_by_test_id(f"slot-{c}-{r}").click(force=True)
    if page.get_by_test_id("ep-lay").get_attribute("data-stack") is None:
        page.get_by_test_id(f"lay-stack-{'ABCD'[stack]}").click()
    page.get_by_test_id("ep-confirm").click()
    assert acted(page) == [next(a for a in places if a["stack"] == stack
                                and cell(a) == where and a["turn"] == turns[0])]
    titles = page.locator('[data-testid^="ep-group-"] [data-testid="ep-act"]')
    assert titles.count() == len(legal)


def test_the_end_panel_says_why_a_player_scored_nothing(server: Server,
                                                         browsing: Browsing) -> None:
    from tests.games.escape_plan.build import city
    from tests.games.escape_plan.test_ending import end

    page = browsing.page(server.url, "Dev")
    page.goto("/api/games")
    s = city(2)
    s.crew[0].escaped, s.crew[0].money = True, 9
    s.crew[1].money = 4
    end(s)
    page.evaluate(RENDER_JS, [s.view(1), [], 1])
    row = page.get_by_test_id("ep-result-1")
    expect(row).to_have_attribute("data-why", "end")
    expect(row).to_contain_text("seat 1")
    expect(row).to_contain_text("arrested: still in the city when the third Day ended")
    expect(row).to_contain_text("the $4 behind the screen does not count")
    expect(page.get_by_test_id("ep-result-0")).to_contain_text("escaped; $9 behind the screen")
    expect(page.get_by_test_id("ep-result-0")).to_contain_text("wins")
    expect(page.get_by_test_id("ep-money")).to_have_attribute("data-value", "4")
