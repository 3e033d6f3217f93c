"""Every game, as a returning player uses it (issue 16): names, undo, auto-pass, play again.

For each of the five games Ann opens a two-player table whose other seat is a Normal
bot, types her name and takes seat 0 on the page. Then, in her browser:

* **Names.** The seats list, the header ("you are ...") and the log name her
  "Ann (<her colour or character>)" and the bot "Normal bot (<its own>)"; no
  "seat 0", "free seat", "player 1" or an algorithm's name (heuristic, ismcts,
  flat-mc) anywhere on the page.
* **Auto-pass.** The switch is there and on by default.
* **Undo.** In the turn-based games Ann plays seeded random legal choices through the
  API until her message says ``undo: true`` while she is still the one deciding
  (within ``UNDO_DECISIONS`` of her decisions; a move that hands the turn to the bot
  can only be taken back while the bot thinks, a race the test does not run); the page
  then shows the button (Cancel, there); pressing it -- or Esc -- takes the page and
  the server back one move, to the view, prompt and actions Ann had before that move,
  and the log drops the move. Later, after a move of hers that showed something
  hidden (a card drawn, a die rolled) while she still decides, the page offers
  neither Cancel nor Undo and the server refuses one, saying why (twice a game).
  Escape: Zombie City is real-time: no message ever says
  ``undo: true`` and no Undo button ever shows (a MutationObserver watches). Its table
  waits for Ann's Ready (she presses it on the page) and the 3-2-1 first.
* **Play again.** Ann plays on (seeded random choices through the API, the bot by
  itself) to the end; the end screen offers "Play again" -- and "Same room again"
  exactly for the cooperative games, ESCAPE NOW! and Zombie City (Escape from New
  York is not: a Lone Victory lets one player win alone) -- and "Play again" takes
  her to a new table of the same game, seated, named as before, beside the same bot.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.driver import Browsing, claim_seat, move_number, page_legal, tokens, wait_js
from tests.e2e.live import ApiError, Server

# each game: how its two seats are named on top of the player's name (seat 0, seat 1)
GAMES: dict[str, tuple[str, str]] = {
    "escape-now": ("red", "green"),
    "alcatraz-2034": ("orange", "blue"),
    "zombie-city": ("orange", "blue"),
    "new-york": ("Snake Plissken", "Maggie"),
    "escape-plan": ("yellow", "green"),
}
COOPERATIVE = {"escape-now", "zombie-city"}  # the games with "Same room again"
REALTIME = {"zombie-city"}
ESCAPE_KEY = {"escape-now", "new-york"}  # Ann presses Esc there; elsewhere the button
SEED = 16
UNDO_DECISIONS = 40  # Ann's decisions at most before some move of hers may be taken back
FINISH_SECONDS = 90.0  # the rest of the game, played through the API (5-20 s is usual)
AUTO_PASSES = 3  # lone passes the page makes for Ann before she turns auto-pass off
ZC_CHECKS = 30  # Zombie City: Ann's decisions watched for an Undo before finishing
REFUSALS = 2  # moves of Ann's checked for a refused take-back after a reveal (turn-based)

# what no screen should say of a seat: a seat number, a free seat, an algorithm
FORBIDDEN = re.compile(r"\bseat \d|\bfree seat\b|\bplayer \d|\bheuristic\b|\bismcts\b"
                       r"|\bflat-mc\b|\bflat_mc\b", re.IGNORECASE)

# Records whether an Undo button ever showed up on the page.
UNDO_WATCH_JS = r"""
() => {
  window.__undoSeen = 0;
  const look = () => {
    if (document.querySelector('[data-testid="undo"]')) window.__undoSeen += 1;
  };
  look();
  new MutationObserver(look).observe(document, {childList: true, subtree: true});
}
"""

SEAT_REFS_JS = r"""
() => [...document.querySelectorAll('[data-testid="event-log"] [data-testid="seat-ref"]')]
  .map((e) => [Number(e.dataset.seat), e.textContent])
"""

LOGGED_JS = r"""
() => [...document.querySelectorAll('[data-testid="event-log"] [data-testid="event"]')]
  .map((e) => Number(e.dataset.n))
"""


def names(game: str) -> tuple[str, str]:
    ann, bot = GAMES[game]
    return f"Ann ({ann})", f"Normal bot ({bot})"


def only_pass(legal: list[dict[str, Any]]) -> bool:
    return len(legal) == 1 and legal[0]["action"].get("kind") == "pass"


def at_move(page: Page, n: int) -> None:
    wait_js(page, "(n) => window.__e2e.move() === n", n, f"the page at move {n}")


def check_names(page: Page, game: str, where: str) -> None:
    """The seats list and the header name both seats as the players are named."""
    ann, bot = names(game)
    expect(page.get_by_test_id("seat-0").locator(".seat-game")).to_have_text(ann)
    expect(page.get_by_test_id("seat-1").locator(".seat-game")).to_have_text(bot)
    expect(page.get_by_test_id("you-are")).to_have_text(f"you are {ann}")
    lines = [line for line in page.inner_text("body").splitlines() if FORBIDDEN.search(line)]
    assert not lines, f"{game}, {where}: the page says {lines}"


def check_log_names(page: Page, game: str) -> set[int]:
    """Every seat the log names reads as the seats list names it, and no seat is named
    otherwise; returns the seats it names."""
    ann, bot = names(game)
    refs = [(int(s), str(t)) for s, t in page.evaluate(SEAT_REFS_JS)]
    wrong = sorted({(s, t) for s, t in refs if t != (ann, bot)[s]})
    assert not wrong, f"{game}: the log names seats {wrong}"
    log = page.get_by_test_id("event-log").inner_text()
    bad = [line for line in log.splitlines() if FORBIDDEN.search(line)]
    assert not bad, f"{game}: the log says {bad}"
    return {s for s, name in enumerate((ann, bot)) if name in log} | {s for s, _ in refs}


class Ann:
    """Ann's seat: her page, and her moves through the API (seeded random legal choices)."""

    def __init__(self, server: Server, table: str, page: Page, rng: random.Random) -> None:
        self.server, self.table, self.page, self.rng = server, table, page, rng
        self.token = tokens(page, table)["0"]

    def message(self) -> dict[str, Any]:
        return self.server.state(self.table, 0, self.token)

    def act(self, msg: dict[str, Any]) -> bool:
        """A random legal choice at ``msg``; False when the table moved on meanwhile."""
        choice = self.rng.choice(msg["legal"])
        try:
            self.server.act(self.table, 0, self.token, choice["action"], n=msg["n"])
        except ApiError as e:
            if e.status not in (409, 422):  # stale, or no longer legal (the clock moved)
                raise
            return False
        return True

    def wait_for_bot(self, n: int) -> None:
        """Wait until the table is past move ``n`` (a bot's move, or the page's pass)."""
        wait_js(self.page, "(n) => window.__e2e.move() > n", n, f"a move after {n}")


def undo_on_the_page(ann: Ann, game: str) -> dict[str, Any]:
    """Ann plays until she may take a move back, then does so on the page. Returns what
    was checked, for the report."""
    page = ann.page
    seen: dict[int, tuple[dict[str, Any], str, list[str]]] = {}  # n -> Ann's decision there
    decisions = 0
    for _ in range(20 * UNDO_DECISIONS):
        msg = ann.message()
        assert msg["status"] == "running", f"{game}: the game ended before any undo"
        n = msg["n"]
        # (a move that gave the bot its turn is taken back only while the bot thinks: a
        # race a player mostly loses, so the test waits for a move that left Ann deciding)
        if (msg["undo"] and 1 not in msg["to_act"] and n - 1 in seen
                and not only_pass(seen[n - 1][0]["legal"])):
            break
        if not msg["legal"]:
            ann.wait_for_bot(n)
            continue
        assert decisions < UNDO_DECISIONS, (
            f"{game}: no move of Ann's could be taken back in {UNDO_DECISIONS} decisions")
        wait_js(page, "(n) => window.__e2e.move() > n || (window.__e2e.move() === n && "
                "document.querySelectorAll('[data-testid=\"legal-action\"]:not([disabled])')"
                ".length > 0 && !document.body.classList.contains('busy'))", n,
                f"Ann's decision at move {n}")
        if move_number(page) != n:
            continue  # a simultaneous decision answered by the bot meanwhile
        seen[n] = (msg, page.get_by_test_id("prompt").inner_text(),
                   [x.label for x in page_legal(page)])
        decisions += 1
        if only_pass(msg["legal"]):
            ann.wait_for_bot(n)  # the page passes for her (auto-pass is on)
            continue
        ann.act(msg)
    else:
        raise AssertionError(f"{game}: the bot never let Ann decide")

    before, prompt, labels = seen[n - 1]
    at_move(page, n)
    button = page.get_by_test_id("undo")
    expect(button).to_be_visible()
    mode = button.get_attribute("data-mode")
    if game in ESCAPE_KEY:
        page.keyboard.press("Escape")  # Esc does what the button does
    else:
        button.click()
    at_move(page, n - 1)
    back = ann.message()
    assert back["n"] == n - 1, f"{game}: the server is at move {back['n']}, not {n - 1}"
    assert back["view"] == before["view"], f"{game}: the view after the undo differs"
    assert back["legal"] == before["legal"], f"{game}: Ann's choices after the undo differ"
    wait_js(page, "() => document.querySelectorAll('[data-testid=\"legal-action\"]"
            ":not([disabled])').length > 0", None, "Ann's choices again")
    expect(page.get_by_test_id("prompt")).to_have_text(prompt)
    assert [x.label for x in page_legal(page)] == labels, f"{game}: other buttons after the undo"
    logged = [int(x) for x in page.evaluate(LOGGED_JS)]
    assert all(x < n - 1 for x in logged), f"{game}: the log keeps the move taken back"
    return {"decisions": decisions, "n": n, "mode": mode}


def refused_after_a_reveal(ann: Ann, game: str, before: dict[str, Any]) -> bool:
    """After Ann's move from ``before``: when she still decides but may not take it back
    (it showed something hidden), the page offers neither Cancel nor Undo and the server
    refuses, saying why. Whether that was the case."""
    after = ann.message()
    if (after["status"] != "running" or after["n"] != before["n"] + 1 or not after["legal"]
            or after["undo"]):
        return False
    at_move(ann.page, after["n"])
    expect(ann.page.get_by_test_id("undo")).to_have_count(0)
    try:
        ann.server.api("POST", f"/api/tables/{ann.table}/undo", {"seat": 0, "n": after["n"]},
                       token=ann.token)
    except ApiError as e:
        assert e.status == 409 and "hidden" in e.body, f"{game}: {e}"
        return True
    raise AssertionError(f"{game}: a move that showed something hidden was taken back")


def play_to_the_end(ann: Ann, game: str, named: set[int], *,
                    realtime: bool) -> tuple[bool, int]:
    """Ann's random choices through the API until the game ends (and how many of her moves
    could not be taken back, checked by ``refused_after_a_reveal``); False past the
    deadline.
    The page passes for her (auto-pass) ``AUTO_PASSES`` times; then she turns the switch
    off (its pause would slow the test) and passes through the API too. Now and then the log's
    names are checked (the seats it named are added to ``named``). On a real-time table
    every message must say no undo, and the page never shows one."""
    deadline = time.monotonic() + FINISH_SECONDS
    acted = refused = 0
    switch = ann.page.get_by_test_id("auto-pass")
    auto = switch.is_checked()
    while time.monotonic() < deadline:
        msg = ann.message()
        if realtime:
            assert not msg["undo"], f"{game}: a real-time table offered an undo at {msg['n']}"
        if msg["status"] == "finished":
            return True, refused
        if auto and only_pass(msg["legal"]):
            ann.wait_for_bot(msg["n"])  # the page passes (acting too would race it)
            continue
        if auto and not msg["legal"] and passed_by_page(ann.page) >= AUTO_PASSES:
            switch.uncheck()  # while it is not her turn: no pass of the page under way
            auto = False
        if not msg["legal"]:
            time.sleep(0.02)  # the bot is thinking, or the clock runs
            continue
        if not ann.act(msg):
            continue
        acted += 1
        if not realtime and refused < REFUSALS and refused_after_a_reveal(ann, game, msg):
            refused += 1
        if realtime and acted <= ZC_CHECKS:
            expect(ann.page.get_by_test_id("undo")).to_have_count(0)
        if acted % 10 == 0:
            named |= check_log_names(ann.page, game)
    return False, refused


def passed_by_page(page: Page) -> int:
    """How many times the page passed for Ann by itself."""
    return int(page.evaluate("() => Number(document.body.dataset.autoPasses || 0)"))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_returning_player_at_every_game(server: Server, browsing: Browsing, game: str) -> None:
    started = time.monotonic()
    realtime = game in REALTIME
    ann_name, bot_name = names(game)
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "normal"}],
                                game=game)
    page = browsing.page(server.url, "Ann")
    page.goto(f"/t/{table}")
    switch = page.get_by_test_id("auto-pass")
    expect(switch).to_be_visible()
    expect(switch).to_be_checked()  # on by default
    claim_seat(page, 0, "Ann")
    ann = Ann(server, table, page, random.Random(SEED))
    expect(page.get_by_test_id("table-status")).to_contain_text("running")
    if realtime:
        page.evaluate(UNDO_WATCH_JS)
        expect(page.get_by_test_id("getting-ready")).to_be_visible()
        page.get_by_test_id("ready-0").click()
        expect(page.get_by_test_id("start-countdown")).to_be_visible()
        expect(page.get_by_test_id("getting-ready")).to_have_count(0, timeout=10_000)
        expect(page.get_by_test_id("clock")).to_have_attribute("data-running", "true")
    check_names(page, game, "at the start")
    expect(switch).to_be_checked()

    undone: dict[str, Any] = {}
    if not realtime:
        undone = undo_on_the_page(ann, game)
        check_names(page, game, "after the undo")

    named = check_log_names(page, game)
    finished, refused = play_to_the_end(ann, game, named, realtime=realtime)
    if not realtime:
        assert refused, f"{game}: no move of Ann's was refused a take-back after a reveal"
    if realtime:
        assert page.evaluate("() => window.__undoSeen") == 0, f"{game}: an Undo button showed"
    if not finished:
        pytest.skip(f"{game}: the game did not end within {FINISH_SECONDS:.0f} s of random "
                    f"play, so its end screen and Play again were not checked")

    # the end screen
    expect(page.get_by_test_id("outcome")).to_be_visible()
    passes = passed_by_page(page)
    page.get_by_test_id("auto-pass").check()  # as she found it
    at_move(page, 1_000_000)
    check_names(page, game, "on the end screen")
    named |= check_log_names(page, game)
    assert named == {0, 1}, f"{game}: the log never named {({0, 1} - named)}"
    summary = server.summary(table)
    assert summary["cooperative"] == (game in COOPERATIVE), summary["cooperative"]
    expect(page.get_by_test_id("play-again")).to_be_visible()
    expect(page.get_by_test_id("same-room-again")).to_have_count(1 if game in COOPERATIVE else 0)
    if game in COOPERATIVE:
        expect(page.get_by_test_id("same-room-again")).to_be_visible()

    # Play again: a new table of the same game, Ann seated there under her name
    page.get_by_test_id("play-again").click()
    page.wait_for_url(re.compile(r"/t/(?!" + re.escape(table) + r")[\w-]+$"))
    new = page.url.rsplit("/", 1)[1]
    expect(page.get_by_test_id("held-seat-0")).to_be_visible()
    assert set(tokens(page, new)) == {"0"}
    again = server.summary(new)
    assert again["game"] == game and again["status"] == "running", again
    assert [(s["kind"], s["agent"], s["name"], s["claimed"], s["display"])
            for s in again["seats"]] == [("human", None, "Ann", True, ann_name),
                                         ("bot", "normal", "Normal", False, bot_name)]
    assert server.summary(table)["rematch"] == new
    check_names(page, game, "at the new table")
    if realtime:
        expect(page.get_by_test_id("ready-0")).to_be_visible()
    else:
        assert again["n"] < 30, "a fresh deal, not the old game"
    print(f"{game}: undo {undone or 'never offered (real-time)'}; {passes} passes by the "
          f"page; {summary['n']} moves, {time.monotonic() - started:.1f} s")
