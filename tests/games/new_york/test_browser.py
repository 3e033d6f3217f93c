"""Escape from New York in the browser: a person plays Snake against two bot Heroes.

The table has three seats, Ann (Snake, seat 0) and two bots. On the table page
the map is an SVG of all 64 spaces; Ann plays her turn through the drawing
alone: she skips the Timer tile with the step's button, plays two cards by
clicking them in her hand (a move card among them), reveals the move card by
clicking it among her played cards, moves by clicking a highlighted space (the
lit spaces are exactly the server's legal moves), and settles whatever else
the turn asks through the map or the grouped buttons. The bots then play their
turns, and the page agrees with the server: every Hero on the space the view
says, Noise, the Timer deck, Ann's hand. A spectator's page never holds a face-up
card of Ann's, nor the name of a card she holds and has not shown.

A second test draws the module on views of its own, one for every kind of
decision random games reach (tricks, hits, New York's choices left to the
player, the Helicopter, POIs, bridges, Items, Specials, objectives, the vote
at a bridge, the end): every legal action is a grouped button, the spaces and
Enemies a click acts on are exactly those the legal actions name, and a click
sends the right action.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from getaway.games import registry
from tests.e2e.driver import (
    FINISHED,
    Browsing,
    assert_no_leaks,
    check_secrecy,
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

GAME = "new-york"
MAX_STEPS = 300  # server moves watched at most (Ann's decisions and the bots')

DRAWN_JS = drawn_js("ny-controls", "ny-act")

MAP_JS = r"""
() => ({
  spaces: document.querySelectorAll('[data-testid="ny-map"] [data-testid^="space-"]').length,
  heroes: Object.fromEntries([...document.querySelectorAll(
    '[data-testid="ny-map"] [data-testid^="hero-"]')]
    .map((g) => [g.dataset.testid.slice(5), g.dataset.space])),
  enemies: [...document.querySelectorAll('[data-testid="ny-map"] [data-testid^="enemy-"]')]
    .reduce((n, g) => n + Number(g.dataset.count), 0),
  lit: [...document.querySelectorAll(
    '[data-testid="ny-map"] [data-testid^="space-"][data-target="1"]')]
    .map((g) => g.dataset.testid.slice(6)).sort(),
  noise: document.querySelector('[data-testid="ny-noise"]')?.dataset.value,
  timer: document.querySelector('[data-testid="ny-timer"]')?.dataset.left,
})
"""



def agent(server: Server) -> str:
    """The heuristic when the game has one, else the random bot."""
    games = {g["id"]: g for g in server.api("GET", "/api/games")}
    return "heuristic" if "heuristic" in games[GAME]["agents"] else "random"


def drawn(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(MAP_JS))


def check_map(page: Page, view: dict[str, Any]) -> None:
    """The drawing shows the view: every Hero where it stands, every Enemy, Noise, Timer."""
    got = drawn(page)
    assert got["spaces"] == 64, got
    assert got["heroes"] == {str(h["seat"]): h["space"] for h in view["heroes"]}, got
    assert got["enemies"] == len(view["enemies"]), (got, len(view["enemies"]))
    assert got["noise"] == str(view["noise"]) and got["timer"] == str(view["timer"]["left"]), got


def click_map(page: Page, selector: str) -> None:
    """Click a space or a piece on the map, scrolled to the middle of the window first (the
    page's sticky header may cover what lies at the window's top edge)."""
    target = page.locator(f'[data-testid="ny-map"] {selector}').first
    target.evaluate("(el) => el.scrollIntoView({block: 'center', inline: 'center'})")
    target.click(force=True)  # a piece on a space hands the click on to it


def click_act(page: Page, kind: str, label: str) -> None:
    """Click the grouped button of the legal action with this kind and label."""
    button = page.locator(f'[data-testid="ny-act"][data-kind="{kind}"][title="{label}"]').first
    expect(button).to_be_enabled()
    button.click()


def hidden_names(server: Server, table: str, hand: list[str]) -> list[str]:
    """The names of the cards in ``hand`` that no public event has named yet."""
    assets = server.api("GET", f"/api/games/{GAME}/assets")
    told = " ".join(e.get("text", "") for e in server.state(table)["events"])
    return [n for n in (assets["actions"][c]["name"] for c in hand) if n not in told]


def decide(page: Page, msg: dict[str, Any], rng: random.Random, seen: Counter[str]) -> None:
    """Make one of Ann's decisions through the drawing."""
    legal = msg["legal"]
    actions = [x["action"] for x in legal]
    kinds = {a["kind"] for a in actions}

    def of(kind: str) -> list[dict[str, Any]]:
        return [a for a in actions if a["kind"] == kind]

    if "play_card" in kinds:
        cards = [a["card"] for a in of("play_card")]
        moves = [c for c in ("snake-keep-low", "snake-through-the-barricade", "snake-shadow-walk")
                 if c in cards]
        played = msg["view"].get("you", {}).get("played", [])
        card = moves[0] if moves and not any(p in moves for p in played) else rng.choice(cards)
        hand = page.get_by_test_id("hand-0")
        target = hand.locator(f'[data-testid="hand-card"][data-card="{card}"]')
        expect(target).to_have_class(re.compile(r"\bplayable\b"))
        target.click()
        seen["card played"] += 1
    elif "reveal_card" in kinds:
        played = [a["card"] for a in of("reveal_card")]
        moves = [c for c in played if c in ("snake-keep-low", "snake-through-the-barricade",
                                            "snake-shadow-walk")]
        card = moves[0] if moves else played[0]
        box = page.locator(f'[data-testid="played-card"][data-card="{card}"]')
        box.locator('[data-testid="ny-act"][data-kind="reveal_card"]').click()
        seen["card revealed"] += 1
    elif kinds & {"move", "crash"}:
        steps = [a for a in actions if a["kind"] in ("move", "crash")]
        lit = drawn(page)["lit"]
        assert lit == sorted({a["space"] for a in steps}), (lit, steps)
        if "done" in kinds and seen["map move"] and rng.random() < 0.5:
            done = next(x["label"] for x in legal if x["action"]["kind"] == "done")
            click_act(page, "done", done)
            return
        to = rng.choice(steps)["space"]
        target = page.get_by_test_id(f"space-{to}")
        expect(target).to_have_attribute("data-target", "1")
        click_map(page, f'[data-testid="space-{to}"]')
        seen["map move"] += 1
    elif "reveal_space" in kinds and rng.random() < 0.7:
        to = rng.choice(of("reveal_space"))["space"]
        click_map(page, f'[data-testid="space-{to}"]')
        seen["map reveal"] += 1
    elif "hit" in kinds:
        enemy = rng.choice(of("hit"))["enemy"]
        click_map(page, f'[data-enemies~="{enemy}"]')
        seen["map hit"] += 1
    else:
        pick = next((x for x in legal if x["action"]["kind"] == "done"), None)
        if pick is None or rng.random() < 0.2:
            pick = rng.choice([x for x in legal if x["action"]["kind"] != "claim_lone"] or legal)
        click_act(page, pick["action"]["kind"], pick["label"])
        seen[f"button {pick['action']['kind']}"] += 1


def test_a_person_plays_new_york_against_bots(server: Server, browsing: Browsing,
                                             screenshot_dir: Path) -> None:
    bot = agent(server)
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": bot},
                                 {"kind": "bot", "agent": bot}], game=GAME)
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    guard(ann, forbidden_hands=[1, 2])
    claim_seat(ann, 0, "Ann")
    expect(ann.get_by_test_id("table-status")).to_contain_text("running")
    expect(ann.get_by_test_id("ny-map")).to_be_visible()
    token = tokens(ann, table)["0"]

    # a spectator, from the start
    eve = browsing.page(server.url, "Eve")
    eve.goto(f"/t/{table}")
    guard(eve, forbidden_hands=[0, 1, 2])
    expect(eve.get_by_test_id("ny-map")).to_be_visible()
    expect(eve.locator('[data-testid="ny-map"] [data-testid^="space-"]')).to_have_count(64)
    start_hand = server.state(table, 0, token)["view"]["heroes"][0]["hand_cards"]
    secret = hidden_names(server, table, start_hand)
    assert secret, start_hand
    html = eve.content()
    assert not [n for n in secret if n in html], "a card of Ann's is in the spectator's page"

    rng = random.Random(11)
    seen: Counter[str] = Counter()
    turns_done = 0
    my_turn = None
    for _ in range(MAX_STEPS):
        msg = server.state(table, 0, token)
        if msg["status"] == "finished":
            break
        n = msg["n"]
        view = msg["view"]
        if view["current"] == 0 and my_turn is None:
            my_turn = view["turn"]
        if my_turn is not None and view["turn"] != my_turn and view["current"] != 0:
            turns_done += 1
            my_turn = None
        if turns_done and view["current"] == 0 and msg["legal"]:
            break  # the bots have played round to Ann again
        if not msg["legal"]:
            wait_after(ann, n)  # a bot's decision
            continue
        wait_js(ann, DRAWN_JS, n, f"the drawing of move {n}")
        if move_number(ann) != n:
            continue
        check_map(ann, view)
        if n % 5 == 0:
            speaks(ann, GAME, f"Ann's page at move {n}")
            speaks(eve, GAME, f"the spectator's page at move {n}")
        decide(ann, msg, rng, seen)
        wait_after(ann, n)
    print(f"Ann's decisions: {dict(seen)}")
    assert seen["card played"] >= 2, seen
    assert seen["card revealed"] >= 1 and seen["map move"] >= 1, seen
    assert turns_done >= 1, "Ann's turn never ended"

    # settled: with no bot about to move the table stays as it is until Ann acts, and
    # her page and the server agree
    settle(server, table, ann)
    msg = server.state(table, 0, token)
    running = msg["status"] != "finished"
    wait_at(ann, msg["n"] if running else FINISHED)
    if running:
        assert move_number(ann) == msg["n"], (move_number(ann), msg["n"])
        check_map(ann, msg["view"])
        own = ann.get_by_test_id("hand-0")
        expect(own.get_by_test_id("hand-card")).to_have_count(msg["view"]["heroes"][0]["hand"])
    shown = check_secrecy(ann, {0})
    assert set(shown) == {0, 1, 2}, shown

    # the spectator: the same map, every hand as backs, none of Ann's unshown cards
    spec = server.state(table)
    assert spec["n"] == msg["n"], "the table moved while it was settled"
    wait_at(eve, spec["n"] if running else FINISHED)
    if running:
        assert move_number(eve) == spec["n"], (move_number(eve), spec["n"])
        check_map(eve, spec["view"])
    shown = check_secrecy(eve, set(), [token])
    assert set(shown) == {0, 1, 2}, shown
    expect(eve.get_by_test_id("ny-own")).to_have_count(0)
    expect(eve.get_by_test_id("ny-controls")).to_have_class(re.compile(r"\bidle\b"))
    hand = server.state(table, 0, token)["view"]["heroes"][0]["hand_cards"]
    secret = hidden_names(server, table, hand)
    html = eve.content()
    assert not [n for n in secret if n in html], "a card of Ann's is in the spectator's page"
    assert_no_leaks(ann)
    assert_no_leaks(eve)
    assert speaks(ann, GAME, "Ann's page, settled") > 20
    assert speaks(eve, GAME, "the spectator's page, settled") > 20

    full_page_shot(ann, screenshot_dir, "new-york.png")


# -- the drawing on views of its own ---------------------------------------------------------

KINDS = ("trick", "hit", "pick", "place", "route", "helicopter", "reveal_poi", "peek_poi",
         "reveal_space", "move", "crash", "cross_bridge", "keep", "special", "take_objective",
         "show", "option", "play_card", "reveal_card", "use_item")

RENDER_JS = module_render_js(GAME).replace(
    "seatName: (x) => `seat ${x}`", "seatName: (x) => view.heroes[x].name")
"""The module alone on a page, seats named by their Heroes as the game names them."""
assert module_render_js(GAME) != RENDER_JS

LIT_JS = r"""
() => ({
  spaces: [...document.querySelectorAll('[data-testid^="space-"][data-target="1"]')]
    .map((g) => g.dataset.testid.slice(6)).sort(),
  enemies: [...document.querySelectorAll('[data-testid^="enemy-"][data-target="1"]')]
    .flatMap((g) => g.dataset.enemies.split(" ")),
  buttons: [...document.querySelectorAll('[data-testid^="ny-group-"] [data-testid="ny-act"]')]
    .map((b) => b.title),
})
"""


def decisions() -> dict[str, tuple[int, dict[str, Any], list[dict[str, Any]]]]:
    """One (seat, view, legal) per action kind, from seeded random games."""
    game = registry().get(GAME)
    found: dict[str, tuple[int, dict[str, Any], list[dict[str, Any]]]] = {}
    for seed in range(40):
        s = game.start(3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            for kind in {a.to_json()["kind"] for a in legal} - set(found):
                if kind in KINDS:
                    found[kind] = (seat, s.view(seat), [{"action": a.to_json(), "label": a.label()}
                                                        for a in legal])
            s.apply(seat, rng.choice(legal))
        if "over" not in found:
            found["over"] = (-1, s.view(None), [])
        if set(KINDS) <= set(found):
            break
    return found


def acted(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("() => window.__acted"))


def test_every_decision_is_drawn_and_clickable(server: Server, browsing: Browsing) -> None:
    page = browsing.page(server.url, "Dev")
    page.goto("/api/games")  # any page of the server: the module and its assets load from it
    cases = decisions()
    assert set(KINDS) <= set(cases), set(KINDS) - set(cases)
    for kind, (seat, view, legal) in sorted(cases.items()):
        page.evaluate(RENDER_JS, [view, legal, None if seat < 0 else seat])
        speaks(page, GAME, f"the drawing of a {kind} decision")
        lit = page.evaluate(LIT_JS)
        assert sorted(lit["buttons"]) == sorted(x["label"] for x in legal), kind
        actions = [x["action"] for x in legal]
        on_space = sorted({a["space"] for a in actions if "space" in a})
        if kind != "trick":  # a lone Enemy to trick is picked at once: its destinations light
            assert lit["spaces"] == on_space, (kind, lit["spaces"], on_space)
        enemies = {a["enemy"] for a in actions if a["kind"] in ("hit", "pick")}
        assert enemies <= set(lit["enemies"]), (kind, lit, enemies)
        if kind == "over":
            expect(page.get_by_test_id("ny-outcome")).to_be_visible()
            expect(page.get_by_test_id("ny-controls")).to_have_class(re.compile(r"\bidle\b"))
            continue
        mine = [a for a in actions if a["kind"] == kind]
        a = mine[0]
        if "space" in a and sum(1 for b in actions if b.get("space") == a["space"]) == 1:
            page.get_by_test_id(f"space-{a['space']}").click(force=True)
            assert acted(page) == [a], (kind, acted(page))
        elif kind in ("hit", "pick"):
            page.locator(f'[data-testid="ny-map"] [data-enemies~="{a["enemy"]}"]').click(force=True)
            assert acted(page)[-1:] == [a] or page.get_by_test_id("ny-chooser").count(), kind
        elif kind == "trick":
            # the Enemy, then where it goes: the lit spaces are its legal destinations
            page.locator(f'[data-testid="ny-map"] [data-enemies~="{a["enemy"]}"]').click(force=True)
            tricks = [b for b in actions if b["kind"] == "trick" and b["enemy"] == a["enemy"]]
            lit = page.evaluate(LIT_JS)
            assert len(lit["spaces"]) == len(tricks), (lit, tricks)
            page.get_by_test_id(f"space-{lit['spaces'][0]}").click(force=True)
            assert acted(page) and acted(page)[0]["kind"] == "trick", acted(page)
        elif kind == "cross_bridge":
            page.get_by_test_id(f"bridge-{a['bridge']}").locator(".badge").click()
            assert acted(page) == [a]
        elif kind == "play_card":
            page.locator(f'[data-testid="hand-card"][data-card="{a["card"]}"]').click()
            assert acted(page) == [a]
        else:
            label = next(x["label"] for x in legal if x["action"] == a)
            group = page.locator('[data-testid^="ny-group-"]')
            group.locator(f'[data-testid="ny-act"][title="{label}"]').click()
            assert acted(page) == [a], (kind, acted(page))
