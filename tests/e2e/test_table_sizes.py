"""Every game's table on a phone (390x844) and on a small laptop (1280x720) (issue 16).

For each game a table with Ann on seat 0 and Normal bots is played a few decisions
into the game, then Ann's page is loaded at each size while it is her turn:

* the page never scrolls sideways;
* without scrolling, the decision's prompt, an enabled action button and the top of
  Ann's own hand or private panel are in sight (on a phone the decision is a bar fixed at
  the bottom of the screen: the hand must be above it);
* the board's zoom buttons change its scale, and the board's window keeps its height
  meanwhile (nothing under it moves); with a mouse, ctrl-wheel zooms and a drag pans.

And on Alcatraz, choosing a prisoner (the first click of a move) and then its
destination (the second) leave the map where it was. One server and one page per game
serve the tests of this module; screenshots go to the ``screenshot_dir`` directory.
"""

from __future__ import annotations

import contextlib
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Locator, Page, ViewportSize, expect

from tests.e2e.driver import Browsing, claim_seat, tokens
from tests.e2e.live import Server

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 720}
SIZES = [PHONE, LAPTOP]
SIZE_IDS = ["390x844", "1280x720"]

# each game: its own hand or private panel (test id), and the players of its table
GAMES: dict[str, tuple[str, int]] = {
    "escape-now": ("own-hands", 3),
    "alcatraz-2034": ("own-hand", 3),
    "zombie-city": ("zc-own", 3),
    "new-york": ("ny-own", 3),
    "escape-plan": ("ep-own", 3),
}
DECISIONS = 4  # Ann's decisions (through the API) before the page is looked at
HAND_SHOWN = 140  # px of the hand panel's top (a row of cards) that must be in sight

# Where things are, without scrolling: the page's widths, the bottom of what the screen
# shows uncovered (above the decision bar when it is fixed at the bottom), the prompt,
# the enabled action buttons in sight, and the hand panel.
LAYOUT_JS = """(hand) => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; };
  const decision = document.querySelector('[data-testid="decision"]');
  const fixed = decision && getComputedStyle(decision).position === 'fixed';
  const uncovered = fixed ? decision.getBoundingClientRect().top : innerHeight;
  const inside = (r) => r && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5
    && r.left >= -0.5 && r.right <= innerWidth + 0.5;
  const buttons = [...document.querySelectorAll('[data-testid="legal-action"]:not([disabled])')]
    .map(box).filter(inside);
  return {scroll: document.scrollingElement.scrollWidth, inner: innerWidth, height: innerHeight,
          scrollY: scrollY, fixed, uncovered,
          prompt: box(document.querySelector('[data-testid="prompt"]')),
          promptText: document.querySelector('[data-testid="prompt"]')?.textContent || '',
          buttons: buttons.length,
          hand: box(document.querySelector(`[data-testid="${hand}"]`))};
}"""


@dataclass
class Seat:
    """Ann's page at a table under way, and what she needs to act through the API."""

    page: Page
    table: str
    token: str


def her_turn(server: Server, seat: Seat, timeout: float = 30) -> dict[str, Any]:
    """Wait until Ann has something to decide beyond passing; the state then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = server.state(seat.table, 0, seat.token)
        assert msg["status"] != "finished", "the game ended before the test looked at it"
        if any(x["action"].get("kind") != "pass" for x in msg["legal"]):
            return msg
        if msg["legal"] and msg["legal"][0]["action"].get("kind") == "pass":
            with contextlib.suppress(AssertionError):  # a lone pass: the page passes it
                server.act(seat.table, 0, seat.token, msg["legal"][0]["action"], n=msg["n"])
        time.sleep(0.1)
    raise AssertionError("Ann never had a decision to make")


def play(server: Server, seat: Seat, rng: random.Random, decisions: int,
         until: Callable[[list[dict[str, Any]]], bool] | None = None) -> None:
    """Ann makes seeded random decisions through the API (``decisions`` of them, or until
    her legal actions satisfy ``until``); the bots answer."""
    made = 0
    for _ in range(200):
        msg = her_turn(server, seat)
        if until is not None and until(msg["legal"]):
            return
        if until is None and made >= decisions:
            return
        choice = rng.choice([x for x in msg["legal"] if x["action"].get("kind") != "pass"]
                            or msg["legal"])
        try:
            server.act(seat.table, 0, seat.token, choice["action"], n=msg["n"])
        except AssertionError:
            continue  # the table moved on meanwhile (a real-time game): look again
        made += 1
    raise AssertionError("Ann never reached the wanted decision")


@pytest.fixture(scope="module")
def tables(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        Callable[[str], tuple[Server, Seat]]]:
    """``tables(game)``: one server for the module, and per game a table under way with
    Ann's page (made once, on first use)."""
    tmp = tmp_path_factory.mktemp("table-sizes")
    server = Server(tmp / "data", tmp, bot_delay=0.05)
    server.start()
    browsing = Browsing(browser)
    made: dict[str, Seat] = {}

    def get(game: str) -> tuple[Server, Seat]:
        if game not in made:
            _, players = GAMES[game]
            seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "normal"}] * (players - 1)
            table = server.create_table(seats, game=game)
            page = browsing.page(server.url, f"Ann at {game}")
            page.goto(f"/t/{table}")
            claim_seat(page, 0, "Ann")
            expect(page.get_by_test_id("table-status")).to_contain_text("running")
            token = tokens(page, table)["0"]
            if server.state(table, 0, token).get("ready"):  # a real-time table waits for Ready
                server.api("POST", f"/api/tables/{table}/ready", {"seat": 0}, token=token)
                page.wait_for_timeout(3300)  # the 3-2-1 before the clock starts
            made[game] = Seat(page, table, token)
        return server, made[game]

    try:
        yield get
    finally:
        errors = list(browsing.errors)
        browsing.close()
        server.stop()
        assert not errors, errors


def open_at(server: Server, seat: Seat, size: ViewportSize) -> Page:
    """Ann's page reloaded at this size on her turn, at the top, drawn."""
    her_turn(server, seat)
    page = seat.page
    page.set_viewport_size(size)
    page.reload()
    page.wait_for_function("() => document.querySelectorAll("
                           "'[data-testid=\"legal-action\"]:not([disabled])').length > 0")
    page.wait_for_timeout(300)  # the board's fit (a ResizeObserver) and the fonts
    return page


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_fits(tables: Callable[[str], tuple[Server, Seat]], screenshot_dir: Path,
                        game: str, size: ViewportSize) -> None:
    server, seat = tables(game)
    if size is SIZES[0]:
        play(server, seat, random.Random(7), DECISIONS)
    page = open_at(server, seat, size)
    hand_id, _ = GAMES[game]
    got: dict[str, Any] = page.evaluate(LAYOUT_JS, hand_id)
    what = f"{game} at {size['width']}x{size['height']}"
    page.screenshot(path=str(screenshot_dir / f"table-{game}-{size['width']}x{size['height']}.png"))
    assert got["scroll"] <= got["inner"], f"{what}: the page scrolls sideways: {got}"
    assert got["scrollY"] == 0, got
    assert got["fixed"] == (size is PHONE), f"{what}: the decision bar: {got}"
    p = got["prompt"]
    assert got["promptText"].strip(), f"{what}: no prompt: {got}"
    assert p and p["top"] >= 0 and p["bottom"] <= got["height"], (
        f"{what}: the prompt is out of sight: {got}")
    assert got["buttons"] >= 1, f"{what}: no enabled action button in sight: {got}"
    hand = got["hand"]
    assert hand, f"{what}: no own hand panel ({hand_id})"
    assert hand["top"] >= 0 and hand["top"] + min(hand["height"], HAND_SHOWN) <= got["uncovered"], (
        f"{what}: the own hand is not in sight: {got}")

    # the zoom: in, out and fit change the board's scale; its window keeps its height
    zoom = page.get_by_test_id(f"zoom-{game}")
    expect(zoom).to_have_count(1)
    window = zoom.locator(".zoom-view")
    before = float(zoom.get_attribute("data-scale") or 0)
    height = drawn_box(page, window)
    assert before > 0, (what, before)
    zoom.get_by_test_id("zoom-in").click()
    expect(zoom).not_to_have_attribute("data-scale", f"{before:.3f}")
    bigger = float(zoom.get_attribute("data-scale") or 0)
    assert bigger > before, (what, before, bigger)
    assert drawn_box(page, window)["height"] == height["height"]
    zoom.get_by_test_id("zoom-in").click()
    zoom.get_by_test_id("zoom-out").click()
    expect(zoom).to_have_attribute("data-scale", f"{bigger:.3f}")
    zoom.get_by_test_id("zoom-fit").click()
    expect(zoom).to_have_attribute("data-scale", f"{before:.3f}")
    got = page.evaluate(LAYOUT_JS, hand_id)
    assert got["scroll"] <= got["inner"], f"{what}: zoomed, the page scrolls sideways: {got}"
    if size is LAPTOP:  # a mouse: ctrl-wheel zooms where it points, a drag pans
        # (the game redraws its board as the bots move: one step, then fresh boxes)
        zoom.evaluate("(e) => e.scrollIntoView({block: 'center'})")
        w = drawn_box(page, window)
        x, y = w["x"] + w["width"] / 2, w["y"] + min(w["height"] / 2, 150)
        page.mouse.move(x, y)
        page.keyboard.down("Control")
        page.mouse.wheel(0, -100)
        page.keyboard.up("Control")
        expect(zoom).not_to_have_attribute("data-scale", f"{before:.3f}")
        assert float(zoom.get_attribute("data-scale") or 0) > before
        stage = zoom.locator(".zoom-stage")
        moved_from = stage.evaluate("(e) => e.style.transform")
        page.mouse.down()
        page.mouse.move(x + 40, y + 30, steps=5)
        page.mouse.up()
        assert stage.evaluate("(e) => e.style.transform") != moved_from, "a drag did not pan"
        zoom.get_by_test_id("zoom-fit").click()
        expect(zoom).to_have_attribute("data-scale", f"{before:.3f}")


def drawn_box(page: Page, locator: Locator) -> FloatRect:
    """The element's box once it is drawn: a real-time table redraws its board as its bots
    act, so for a moment the element may be a new one not laid out yet (seen under load)."""
    for _ in range(50):
        box = locator.bounding_box()
        if box:
            return box
        page.wait_for_timeout(100)
    raise AssertionError(f"{locator} was never drawn")


# Alcatraz: the building names that overlap the cell block's box (none should)
COVERED_JS = """() => {
  const box = document.querySelector('.az-space.k-cell_block .shape').getBoundingClientRect();
  return [...document.querySelectorAll('.az-map .space-label:not(.cell)')].filter((t) => {
    const r = t.getBoundingClientRect();
    return r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom;
  }).map((t) => t.textContent);
}"""


def test_choosing_a_prisoner_leaves_the_map_in_place(
        tables: Callable[[str], tuple[Server, Seat]]) -> None:
    """Alcatraz: the first click of a move (a prisoner) and the second (a space) do not
    move the map, on a phone and on a laptop; no building's name lies under the cell
    block's box."""
    server, seat = tables("alcatraz-2034")
    play(server, seat, random.Random(11), 0,
         until=lambda legal: any(x["action"].get("kind") == "move" for x in legal))
    for size in SIZES:
        page = open_at(server, seat, size)
        msg = server.state(seat.table, 0, seat.token)
        moves = [x["action"] for x in msg["legal"] if x["action"].get("kind") == "move"]
        assert moves, "Ann can no longer move"
        ways: dict[tuple[str, str], int] = {}
        for a in moves:
            ways[(a["prisoner"], a["to"])] = ways.get((a["prisoner"], a["to"]), 0) + 1
        # a move with a choice of ways: its second click (the space) asks how, acting on nothing
        move = next((a for a in moves if ways[(a["prisoner"], a["to"])] > 1), moves[0])
        assert page.evaluate(COVERED_JS) == [], "a building's name under the cell block"
        the_map = page.get_by_test_id("az-map")
        the_map.scroll_into_view_if_needed()
        first = the_map.bounding_box()
        token = page.get_by_test_id(f"prisoner-{move['prisoner']}")
        token.dispatch_event("click")  # tokens are small on a phone: no hit test
        expect(token).to_have_class(re.compile(r"\bselected\b"))
        expect(page.get_by_test_id("cancel-select")).to_be_visible()
        assert the_map.bounding_box() == first, (size, first, the_map.bounding_box())
        if ways[(move["prisoner"], move["to"])] > 1:
            page.get_by_test_id(f"space-{move['to']}").dispatch_event("click")
            expect(page.get_by_test_id("way-chooser")).to_be_visible()
            assert the_map.bounding_box() == first, (size, "after the destination")
        # Esc steps back out: the way chooser, then the prisoner; the table stays where it was
        if ways[(move["prisoner"], move["to"])] > 1:
            page.keyboard.press("Escape")
            expect(page.get_by_test_id("way-chooser")).to_have_count(0)
            expect(token).to_have_class(re.compile(r"\bselected\b"))
        page.keyboard.press("Escape")
        expect(token).not_to_have_class(re.compile(r"\bselected\b"))
        expect(page.get_by_test_id("cancel-select")).to_have_count(0)
        assert server.state(seat.table, 0, seat.token)["n"] == msg["n"]


def test_laying_a_city_tile_fits_a_phone(server: Server, browsing: Browsing,
                                         screenshot_dir: Path) -> None:
    """Escape Plan's first decision at two players is laying a City tile: its bar (the
    stacks, the preview, the buttons) wraps on a phone instead of pushing the page wide."""
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "normal"}],
                                game="escape-plan")
    page = browsing.page(server.url, "Ann laying a tile")
    page.set_viewport_size(PHONE)
    page.goto(f"/t/{table}")
    claim_seat(page, 0, "Ann")
    expect(page.get_by_test_id("ep-lay")).to_be_visible()
    page.wait_for_timeout(300)  # the board's fit and the fonts
    page.screenshot(path=str(screenshot_dir / "table-escape-plan-laying-390x844.png"))
    wide = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
    assert wide[0] <= wide[1], f"the page scrolls sideways: {wide}"
    box = page.get_by_test_id("ep-lay").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
