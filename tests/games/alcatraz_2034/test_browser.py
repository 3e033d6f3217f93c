"""Escape Run: Alcatraz 2034 in the browser: a person against two heuristic bots.

The table is made in the lobby; Ann takes seat 0 on the table page and plays
through the island drawing: Escape-deck draws on the map's deck spots,
prisoner moves by clicking a prisoner and then a highlighted space (with the
sneak / walk / run chooser when several ways reach it), Sentinel-card choices
on the map (placing or moving a sentinel, a drone swarm's target) and the
remaining actions through the drawing's buttons, until she has moved several
times and met a Sentinel-card decision or a reaction window. Throughout, the
SVG pieces stand where the view says, the bots' hands never appear face up in
her page, and a spectator sees no hand at all. At several moments, and at the
end, every line of both pages' visible text speaks the game (issue 15): no ids,
class names, numbered seats, '1 <plural>' slips or template leftovers.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.driver import (
    FINISHED,
    TABLE_URL,
    Browsing,
    assert_no_leaks,
    capture_created,
    check_secrecy,
    claim_seat,
    drawn_js,
    full_page_shot,
    guard,
    move_number,
    settle,
    speaks,
    tokens,
    wait_after,
    wait_at,
    wait_js,
)
from tests.e2e.live import Server

GAME = "alcatraz-2034"
SENTINEL_DECISIONS = {"place_sentinel", "move_sentinel", "attack_target"}
SPEAKS_EVERY = 5  # Ann's decisions between two readings of the pages' text
MAX_STEPS = 400  # Ann's decisions at most; the game is far shorter

DRAWN_JS = drawn_js("az-controls", "legal-action")

PIECES_JS = r"""
() => [...document.querySelectorAll('[data-testid="az-map"] [data-testid^="prisoner-"],'
                                  + '[data-testid="az-map"] [data-testid^="sentinel-"]')]
  .map((g) => ({id: g.dataset.testid, space: g.dataset.space,
                x: Number(g.dataset.x), y: Number(g.dataset.y)}))
"""



def board(server: Server) -> dict[str, dict[str, Any]]:
    """The island's spaces by id, from the assets route."""
    assets = server.api("GET", f"/api/games/{GAME}/assets")
    return {sp["id"]: sp for sp in assets["board"]["spaces"]}


def check_pieces(page: Page, view: dict[str, Any], spaces: dict[str, dict[str, Any]]) -> None:
    """Every prisoner on the island and every placed sentinel is drawn on its space (and
    nothing else is drawn)."""
    drawn = {p["id"]: p for p in page.evaluate(PIECES_JS)}
    want = {f"prisoner-{p['id']}": p["space"] for p in view["prisoners"]
            if p["status"] == "island"}
    want |= {f"sentinel-{t['number']}": t["space"] for t in view["sentinels"] if t["space"]}
    assert set(drawn) == set(want), (sorted(drawn), sorted(want))
    for testid, space in want.items():
        piece = drawn[testid]
        assert piece["space"] == space, (testid, piece, space)
        sp = spaces[space]
        near = 60 if sp["kind"] == "cell_block" else 20
        assert math.dist((piece["x"], piece["y"]), (sp["x"], sp["y"])) <= near, (testid, piece, sp)


def occupied(view: dict[str, Any]) -> set[str]:
    return ({p["space"] for p in view["prisoners"] if p["space"]}
            | {t["space"] for t in view["sentinels"] if t["space"]})


def click_space(page: Page, space: str, view: dict[str, Any]) -> None:
    """Click a highlighted space on the map (through a piece standing on it, if any)."""
    target = page.get_by_test_id(f"space-{space}")
    expect(target).to_have_attribute("data-target", "1")
    # a piece on the space takes the click and hands it on to the space
    target.click(force=space in occupied(view))


def make_move(page: Page, legal: list[dict[str, Any]], view: dict[str, Any],
              rng: random.Random) -> dict[str, Any]:
    """Move a prisoner by clicking it and then a highlighted free space; returns the move."""
    moves = [a for a in (x["action"] for x in legal) if a["kind"] == "move"]
    taken = occupied(view)
    where = {p["id"]: p["space"] for p in view["prisoners"]}
    # prefer real moves to a free space, the farther the better, so the game moves on
    free = [a for a in moves if a["to"] != where[a["prisoner"]] and a["to"] not in taken]
    pool = free or moves
    ways: dict[tuple[str, str], list[str]] = {}
    for a in moves:
        ways.setdefault((a["prisoner"], a["to"]), []).append(a["way"])
    choice = rng.choice(pool)
    who, to = choice["prisoner"], choice["to"]
    token = page.get_by_test_id(f"prisoner-{who}")
    if "selected" not in (token.get_attribute("class") or ""):
        token.click()
    expect(token).to_have_class(re.compile(r"\bselected\b"))
    # the destinations of that prisoner are highlighted, and only those
    dests = {a["to"] for a in moves if a["prisoner"] == who}
    lit = set(page.evaluate("""() => [...document.querySelectorAll(
        '[data-testid^="space-"][data-target="1"]')].map((e) => e.dataset.testid.slice(6))"""))
    assert lit == dests, (sorted(lit ^ dests))
    if to == where[who]:
        page.get_by_test_id("stay").click()
        return dict(choice)
    click_space(page, to, view)
    if len(ways[(who, to)]) > 1:
        chooser = page.get_by_test_id("way-chooser")
        expect(chooser).to_be_visible()
        for w in ways[(who, to)]:
            expect(chooser.get_by_test_id(f"way-{w}")).to_be_visible()
        chooser.get_by_test_id(f"way-{choice['way']}").click()
    else:
        expect(page.get_by_test_id("way-chooser")).to_have_count(0)
    return dict(choice)


def click_button(page: Page, testid: str, label: str) -> None:
    """Click the drawing's button (of this test id) for the legal action with this label."""
    buttons = page.locator(f'[data-testid="az-table"] button[data-testid="{testid}"]')
    for i in range(buttons.count()):
        if buttons.nth(i).get_attribute("title") == label:
            buttons.nth(i).click()
            return
    raise AssertionError(f"no {testid} button for {label!r} on the table")


def decide(page: Page, msg: dict[str, Any], rng: random.Random, seen: Counter[str]) -> None:
    """Make one decision of Ann's through the drawing."""
    view = msg["view"]
    legal = msg["legal"]
    pending = view["pending"]["key"]
    kinds = {x["action"]["kind"] for x in legal}
    actions = [x["action"] for x in legal]

    def of(kind: str) -> list[dict[str, Any]]:
        return [a for a in actions if a["kind"] == kind]

    if "move" in kinds and rng.random() < 0.9:
        make_move(page, legal, view, rng)
        seen["map move"] += 1
    elif "draw" in kinds:
        deck = rng.choice([a["deck"] for a in of("draw")])
        if rng.random() < 0.5:
            page.get_by_test_id(f"deck-{deck}").click()  # the deck spot on the map
            seen["map draw"] += 1
        else:
            page.get_by_test_id(f"draw-{deck}").click()
            seen["button draw"] += 1
    elif "place_sentinel" in kinds:
        click_space(page, rng.choice([a["to"] for a in of("place_sentinel")]), view)
        seen["map place sentinel"] += 1
    elif "move_sentinel" in kinds:
        a = rng.choice(of("move_sentinel"))
        if len({b["sentinel"] for b in of("move_sentinel")}) > 1:
            page.get_by_test_id(f"sentinel-{a['sentinel']}").click(force=True)
        click_space(page, a["to"], view)
        seen["map move sentinel"] += 1
    elif "choose" in kinds:
        a = rng.choice(of("choose"))
        page.get_by_test_id(f"prisoner-{a['prisoner']}").click(force=True)
        seen["map choose"] += 1
    elif "look" in kinds:
        a = rng.choice(of("look"))
        click_space(page, a["building"], view)
        seen["map look"] += 1
    else:
        # a button of the drawing: a card (play / discard), a Run, a challenge, pass, end turn
        pick = next((x for x in legal if x["action"]["kind"] in ("pass", "end_turn")), None)
        if pick is None or rng.random() < 0.3:
            pick = rng.choice(legal)
        a = pick["action"]
        kind = a["kind"]
        testid = {"play": f"play-{a.get('card')}", "discard": f"discard-{a.get('card')}",
                  "start_run": "start-run", "return_tile": f"return-tile-{a.get('row')}",
                  "draw": f"draw-{a.get('deck')}"}.get(kind, "az-action")
        if kind == "move":
            make_move(page, legal, view, rng)
            seen["map move"] += 1
        else:
            click_button(page, testid, pick["label"])
            seen[f"button {kind}"] += 1
    if pending in SENTINEL_DECISIONS:
        seen["sentinel decision"] += 1
    if pending == "react":
        seen["reaction window"] += 1


def test_a_person_plays_alcatraz_against_bots(server: Server, browsing: Browsing,
                                             screenshot_dir: Path) -> None:
    ann = browsing.page(server.url, "Ann")
    spaces = board(server)

    # the lobby lists the game with its player range; Ann makes a table there
    ann.goto("/")
    card = ann.get_by_test_id(f"game-{GAME}")
    expect(card).to_be_visible()
    expect(card).to_contain_text("Escape Run: Alcatraz 2034")
    expect(card).to_contain_text("2–6 players")
    ann.get_by_test_id("create-game").select_option(GAME)
    ann.get_by_test_id("create-players").select_option("3")
    ann.get_by_test_id("seat-kind-0").select_option("human")
    ann.get_by_test_id("seat-kind-1").select_option("bot:normal")
    ann.get_by_test_id("seat-kind-2").select_option("bot:normal")
    ann.get_by_test_id("create-claim").select_option("none")
    created = capture_created(ann)
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(TABLE_URL)
    assert created, "the lobby made no table"
    table = ann.url.rsplit("/", 1)[1]
    guard(ann, forbidden_hands=[1, 2])
    claim_seat(ann, 0, "Ann")
    expect(ann.get_by_test_id("table-status")).to_contain_text("running")
    expect(ann.get_by_test_id("az-map")).to_be_visible()
    token = tokens(ann, table)["0"]

    # a spectator in another browser
    eve = browsing.page(server.url, "Eve")
    eve.goto(f"/t/{table}")
    guard(eve, forbidden_hands=[0, 1, 2])
    expect(eve.get_by_test_id("az-map")).to_be_visible()

    rng = random.Random(7)
    seen: Counter[str] = Counter()
    for _ in range(MAX_STEPS):
        msg = server.state(table, 0, token)
        if msg["status"] == "finished":
            break
        n = msg["n"]
        if not msg["legal"]:
            wait_after(ann, n)  # a bot's move
            continue
        if len(msg["legal"]) == 1 and msg["legal"][0]["action"]["kind"] == "pass":
            seen["passed by the page"] += 1
            wait_after(ann, n)  # passing is all Ann can do: the page passes (auto-pass)
            continue
        wait_js(ann, DRAWN_JS, n, f"the drawing of move {n}")
        if move_number(ann) != n:
            continue
        check_pieces(ann, msg["view"], spaces)
        shown = check_secrecy(ann, {0})
        assert set(shown) == {0, 1, 2}, shown
        if sum(seen.values()) % SPEAKS_EVERY == 0:
            seen["pages read"] += 1
            speaks(ann, GAME, f"Ann's page at move {n}")
            speaks(eve, GAME, f"the spectator's page at move {n}")
        decide(ann, msg, rng, seen)
        wait_after(ann, n)
        if seen["map move"] >= 4 and seen["sentinel decision"]:
            break  # else on to the end: a Sentinel card decision is all but sure by then
    print(f"Ann's decisions: {dict(seen)}")
    assert seen["map move"] >= 4, seen
    assert seen["sentinel decision"] or seen["reaction window"], seen
    assert seen["map draw"] + seen["button draw"] >= 1, seen

    # settle: no bot is about to move, so the table stays as it is until Ann acts (after
    # her last decision the bots may be playing on); then the page and the server agree,
    # and the pieces stand where the view says
    settle(server, table, ann)
    msg = server.state(table, 0, token)
    running = msg["status"] != "finished"
    wait_at(ann, msg["n"] if running else FINISHED)
    if running:
        assert move_number(ann) == msg["n"], (move_number(ann), msg["n"])
        check_pieces(ann, msg["view"], spaces)
    own = ann.get_by_test_id("own-hand")
    expect(own).to_be_visible()
    expect(own.get_by_test_id("hand-card")).to_have_count(msg["view"]["hands"][0]["size"])
    for seat in (1, 2):
        expect(ann.locator(f'[data-testid="hand-card"][data-hand="{seat}"]')).to_have_count(0)
        size = msg["view"]["hands"][seat]["size"]
        expect(ann.get_by_test_id(f"hand-{seat}").get_by_test_id("hand-card-back")).to_have_count(size)
    # the System board shows the sentinels' score per ability, as the view says
    for ability, score in msg["view"]["system"]["scores"].items():
        expect(ann.get_by_test_id(f"sentinel-score-{ability}")).to_have_attribute(
            "data-value", str(score))

    # the spectator: the same pieces, every hand as backs, no hand of its own
    spec = server.state(table)
    assert spec["n"] == msg["n"], "the table moved while it was settled"
    wait_at(eve, spec["n"] if running else FINISHED)
    if running:
        assert move_number(eve) == spec["n"], (move_number(eve), spec["n"])
        check_pieces(eve, spec["view"], spaces)
    expect(eve.get_by_test_id("own-hand")).to_have_count(0)
    expect(eve.get_by_test_id("hand-card")).to_have_count(0)
    shown = check_secrecy(eve, set(), [token])
    assert set(shown) == {0, 1, 2}, shown
    expect(eve.get_by_test_id("az-controls")).to_have_class(re.compile(r"\bidle\b"))

    assert assert_no_leaks(ann) > 20
    assert_no_leaks(eve)
    assert token not in eve.content()
    assert seen["pages read"] >= 2, seen
    assert speaks(ann, GAME, "Ann's page, settled") > 20
    assert speaks(eve, GAME, "the spectator's page, settled") > 20

    full_page_shot(ann, screenshot_dir, "alcatraz.png")
