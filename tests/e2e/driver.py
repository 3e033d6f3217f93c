"""Driving the table page like a person would, and watching it for leaks.

Everything here waits on the page's state (the move number in the header,
the enabled buttons, the connection badge), never on the clock.

The move number: the header's ``table-status`` reads "running · move N"
while the game runs and "finished" once it is over.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conformance.words import Vocabulary, slips
from tests.e2e.live import Server

FINISHED = 1_000_000  # the move number the guard reports for a finished table
TIMEOUT_MS = 20_000  # Playwright's default wait for any one thing

# Installed in every page before its own scripts: a MutationObserver that checks
# the whole document after every change, so a leak that shows for a single frame
# is caught too. The test sets what counts as a leak through window.__e2e.
GUARD_SCRIPT = r"""
(() => {
  const g = window.__e2e = {
    forbiddenHands: [],   // hands whose face-up cards must never be in the DOM
    exclusiveHands: [],   // hands of which at most one may show face-up cards at once
    forbiddenText: [],    // strings the page must never contain (another seat's token)
    leaks: [], checks: 0,
  };
  const note = (what) => {
    if (g.leaks.length >= 50) return;
    const status = document.querySelector('[data-testid="table-status"]');
    g.leaks.push(`${what} (at "${status ? status.textContent : "?"}")`);
  };
  const check = () => {
    g.checks += 1;
    const cards = [...document.querySelectorAll('[data-testid="hand-card"]')];
    const hands = new Set(cards.map((c) => c.dataset.hand));
    for (const hd of g.forbiddenHands) {
      if (hands.has(String(hd))) note(`a face-up card of hand ${hd}`);
    }
    const shown = g.exclusiveHands.map(String).filter((hd) => hands.has(hd));
    if (shown.length > 1) note(`face-up cards of hands ${shown.join(" and ")} at once`);
    const cover = document.querySelector('[data-testid="pass-device"]');
    if (cover && !cover.hidden && cards.length) note("face-up cards behind the pass-device cover");
    if (g.forbiddenText.length && document.documentElement) {
      const html = document.documentElement.outerHTML;
      for (const t of g.forbiddenText) {
        if (t && html.includes(t)) note("another seat's token in the page");
      }
    }
  };
  // the move number shown in the header ("running · move N"; FINISHED once over)
  g.move = () => {
    const t = document.querySelector('[data-testid="table-status"]')?.textContent || "";
    if (t.includes("finished")) return 1000000;
    const m = /move (\d+)/.exec(t);
    return m ? Number(m[1]) : -1;
  };
  new MutationObserver(check).observe(document, {
    childList: true, subtree: true, attributes: true, characterData: true,
  });
})();
"""

MOVE_JS = "() => window.__e2e.move()"

# true once the page is past move n, or at move n with enabled legal-action buttons
READY_JS = r"""
(n) => {
  const move = window.__e2e.move();
  if (move > n) return true;
  return move === n && !document.body.classList.contains("busy")
    && document.querySelectorAll('[data-testid="legal-action"]:not([disabled])').length > 0;
}
"""

AFTER_JS = "(n) => window.__e2e.move() > n"
AT_JS = "(n) => window.__e2e.move() >= n"

LEGAL_JS = r"""
() => [...document.querySelectorAll('[data-testid="legal-action"]')].map((b) => ({
  kind: b.dataset.kind, label: b.textContent, index: Number(b.dataset.index), disabled: b.disabled,
}))
"""

HANDS_JS = r"""
() => [...document.querySelectorAll('[data-testid^="hand-"][data-size]')].map((el) => ({
  hand: Number(el.dataset.testid.slice(5)),
  size: Number(el.dataset.size),
  faceup: [...el.querySelectorAll('[data-testid="hand-card"]')].map((c) => c.dataset.card),
  backs: el.querySelectorAll('[data-testid="hand-card-back"]').length,
}))
"""

EVENTS_JS = r"""
() => [...document.querySelectorAll('[data-testid="event-log"] [data-testid="event"]')]
  .map((li) => {
    const n = li.querySelector(".ev-n");
    return [Number(li.dataset.n), li.textContent.slice((n ? n.textContent.length : 0) + 1)];
  })
"""

CARD_NAMES = {"LOGICAL": "logical", "PERCEPTIVE": "perceptive", "DEXTEROUS": "dexterous",
              "TENACIOUS": "tenacious", "TALKATIVE": "talkative", "LUCKY SHOT": "lucky"}


class Browsing:
    """Browser contexts (one per person) opened by a test; page errors are collected."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.contexts: list[BrowserContext] = []
        self.errors: list[str] = []
        self.console: list[str] = []

    def page(self, base_url: str, name: str = "") -> Page:
        """A new page in a new context (its own localStorage: one person)."""
        ctx = self.browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 1000})
        ctx.set_default_timeout(TIMEOUT_MS)
        ctx.add_init_script(GUARD_SCRIPT)
        self.contexts.append(ctx)
        page = ctx.new_page()
        label = name or f"context {len(self.contexts)}"
        page.on("pageerror", lambda e: self.errors.append(f"{label}: {e}"))
        page.on("console", lambda m: self.console.append(f"{label}: {m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
        return page

    def close(self) -> None:
        """Close every context (and so its pages)."""
        for ctx in self.contexts:
            with contextlib.suppress(Exception):
                ctx.close()


# -- reading the page ---------------------------------------------------------------

def move_number(page: Page) -> int:
    """The move number the page shows (FINISHED once over, -1 before it knows)."""
    return int(page.evaluate(MOVE_JS))


def page_state(page: Page) -> str:
    """A short description of the page, for failure messages."""
    return str(page.evaluate(r"""() => JSON.stringify({
      status: document.querySelector('[data-testid="table-status"]')?.textContent,
      connection: document.querySelector('[data-testid="connection"]')?.dataset.state,
      toasts: [...document.querySelectorAll('[data-testid="toast"]')].map((t) => t.textContent),
      prompt: document.querySelector('[data-testid="prompt"]')?.textContent,
      toAct: document.querySelector('[data-testid="to-act"]')?.textContent,
      legal: [...document.querySelectorAll('[data-testid="legal-action"]')]
        .map((b) => b.textContent),
      cover: !document.querySelector('[data-testid="pass-device"]')?.hidden,
    })"""))


def wait_js(page: Page, script: str, arg: Any, what: str, timeout: float = TIMEOUT_MS) -> None:
    """Wait until ``script(arg)`` is true in the page; fail with the page's state otherwise."""
    try:
        page.wait_for_function(script, arg=arg, timeout=timeout, polling="raf")
    except PlaywrightTimeout:
        state = page_state(page)
        raise AssertionError(f"timed out waiting for {what}; the page: {state}") from None


def wait_after(page: Page, n: int, timeout: float = TIMEOUT_MS) -> None:
    """Wait until the page shows a move after ``n`` (or the end)."""
    wait_js(page, AFTER_JS, n, f"a move after {n}", timeout)


def wait_at(page: Page, n: int, timeout: float = TIMEOUT_MS) -> None:
    """Wait until the page shows move ``n`` or later (or the end)."""
    wait_js(page, AT_JS, n, f"move {n}", timeout)


def wait_ready(page: Page, n: int) -> bool:
    """Wait until the page can act at move ``n``; False when the table moved on meanwhile."""
    wait_js(page, READY_JS, n, f"the legal actions of move {n}")
    return move_number(page) == n


def hands(page: Page) -> dict[int, dict[str, Any]]:
    """What each hand panel shows: size, face-up cards, number of card backs."""
    return {h["hand"]: h for h in page.evaluate(HANDS_JS)}


def check_secrecy(page: Page, own: set[int],
                  secrets: list[str] | None = None) -> dict[int, Any]:
    """Assert that the page shows the ``own`` hands face up and every other hand only as
    card backs, that no face-up card of another hand is anywhere in the DOM, and that
    none of ``secrets`` (other seats' tokens) is in the page. Returns the hand panels."""
    got = page.evaluate("""(secrets) => ({
      faceup: [...document.querySelectorAll('[data-testid="hand-card"]')]
        .map((c) => c.dataset.hand),
      found: secrets.filter((t) => document.documentElement.outerHTML.includes(t)).length,
    })""", secrets or [])
    assert got["found"] == 0, "another seat's token is in the page"
    strangers = {int(x) for x in got["faceup"]} - own
    assert not strangers, f"face-up cards of hands {strangers} are in the page"
    shown = hands(page)
    for hand, panel in shown.items():
        if hand in own:
            assert panel["backs"] == 0 and len(panel["faceup"]) == panel["size"], panel
        else:
            assert panel["faceup"] == [] and panel["backs"] == panel["size"], panel
    return shown


def event_log(page: Page) -> list[tuple[int, str]]:
    """The event log as (move tag, text) pairs."""
    return [(int(n), str(t)) for n, t in page.evaluate(EVENTS_JS)]


def tokens(page: Page, table: str) -> dict[str, str]:
    """The seat tokens this browser keeps for ``table``."""
    raw = page.evaluate("(k) => localStorage.getItem(k)", f"getaway.tokens.{table}")
    return dict(json.loads(raw)) if raw else {}


# -- the leak guard --------------------------------------------------------------------

def guard(page: Page, *, forbidden_hands: list[int] | None = None,
          exclusive_hands: list[int] | None = None,
          forbidden_text: list[str] | None = None) -> None:
    """Tell the page's MutationObserver what must never show up in it."""
    page.evaluate("""(o) => {
      const g = window.__e2e;
      if (o.hands) g.forbiddenHands = o.hands.map(String);
      if (o.exclusive) g.exclusiveHands = o.exclusive.map(String);
      if (o.text) g.forbiddenText = o.text;
    }""", {"hands": forbidden_hands, "exclusive": exclusive_hands, "text": forbidden_text})


def assert_no_leaks(page: Page) -> int:
    """Fail if the observer saw a leak; returns how many DOM changes it checked."""
    g = page.evaluate("() => ({leaks: window.__e2e.leaks, checks: window.__e2e.checks})")
    assert not g["leaks"], f"the page leaked hidden information: {g['leaks']}"
    return int(g["checks"])


# -- choosing and making a move -----------------------------------------------------------

@dataclass(frozen=True)
class Legal:
    """One legal action as a person sees it: its kind and label (and, from the API, its JSON)."""

    kind: str
    label: str
    index: int
    action: dict[str, Any] | None = None

    @property
    def draw(self) -> int:
        m = re.search(r"draw (\d+)", self.label)
        return int(m.group(1)) if m else 0

    @property
    def card(self) -> str:
        """The hand card a play/finish/discard uses."""
        if self.kind == "finish":
            return "lucky"
        m = re.match(r"(?:play|discard) (LUCKY SHOT|[A-Z]+)", self.label)
        assert m, f"no card in the label {self.label!r}"
        return CARD_NAMES[m.group(1)]


def page_legal(page: Page) -> list[Legal]:
    """The enabled legal-action buttons of the page."""
    return [Legal(x["kind"], x["label"], x["index"]) for x in page.evaluate(LEGAL_JS)
            if not x["disabled"]]


def api_legal(message: dict[str, Any]) -> list[Legal]:
    """The legal actions of an API seat message."""
    return [Legal(x["action"]["kind"], x["label"], i, x["action"])
            for i, x in enumerate(message["legal"])]


def choose(legal: list[Legal], rng: random.Random) -> Legal:
    """A quick, mostly sensible choice: solve when possible, otherwise replenish fully,
    now and then ask or move (to exercise those controls too)."""
    assert legal, "nothing to choose from"
    by: dict[str, list[Legal]] = {}
    for x in legal:
        by.setdefault(x.kind, []).append(x)
    for kind in ("finish", "play", "place_pawn"):
        if kind in by:
            return rng.choice(by[kind])
    if {"replenish", "move", "ask"} & by.keys():
        r = rng.random()
        if "ask" in by and r < 0.08:
            return by["ask"][0]
        if "move" in by and r < 0.16:
            return rng.choice(by["move"])
        if "replenish" in by:
            return max(by["replenish"], key=lambda x: x.draw)
    return rng.choice(legal)


def click_generic(page: Page, choice: Legal) -> None:
    """Click the shell's generic button of that action."""
    button = page.locator(f'[data-testid="legal-action"][data-index="{choice.index}"]')
    label = button.text_content()
    assert label == choice.label, f"button {choice.index} now reads {label!r}, not {choice.label!r}"
    button.click()


def _game_control(page: Page, label: str) -> str | None:
    """The data-testid of the drawing's button for the action labelled ``label``."""
    testid = page.evaluate("""(label) => {
      const b = [...document.querySelectorAll('[data-testid="game-area"] button.en-act')]
        .find((x) => x.title === label);
      return b ? b.dataset.testid : null;
    }""", label)
    return str(testid) if testid else None


def click_in_game(page: Page, choice: Legal) -> str:
    """Make the move through the ESCAPE NOW! drawing (puzzles, cards, tray); returns what
    was clicked. Only the deciding hand's cards are buttons."""
    if choice.kind in ("play", "finish", "discard"):
        card = page.locator(f'[data-testid="own-hands"] button[data-testid="hand-card"]'
                            f'[data-card="{choice.card}"]').first
        if choice.kind == "discard":
            card.click()  # one click on the card discards it
            return f"hand-card {choice.card}"
        if card.get_attribute("aria-pressed") != "true":
            card.click()  # select the card; the tray then offers its plays
    testid = _game_control(page, choice.label)
    assert testid, (f"the table drawing offers no control for the legal action {choice.label!r}; "
                    f"the page: {page_state(page)}")
    page.get_by_test_id(testid).click()
    return testid


@dataclass
class Player:
    """A seat played through a page; ``style`` is "game" (the drawing) or "generic"."""

    page: Page
    style: str = "generic"
    token: str = ""
    clicked: Counter[str] = field(default_factory=Counter)


def play_page_move(player: Player, n: int, rng: random.Random) -> Legal | None:
    """One move on the page at move ``n``; None when the table moved on before it."""
    page = player.page
    if not wait_ready(page, n):
        return None
    legal = page_legal(page)
    if len(legal) == 1 and legal[0].kind == "pass":
        wait_after(page, n)  # passing is all the seat can do: the page passes (auto-pass)
        player.clicked["passed by the page"] += 1
        return legal[0]
    choice = choose(legal, rng)
    if player.style == "game":
        player.clicked[click_in_game(page, choice)] += 1
    else:
        click_generic(page, choice)
        player.clicked[f"legal-action {choice.kind}"] += 1
    wait_after(page, n)
    return choice


def check_own_hand(player: Player, server: Server, table: str, seat: int) -> None:
    """The page shows exactly the cards the server's view gives the seat (page and
    server both at the same move)."""
    view = server.state(table, seat, player.token)["view"]
    shown = hands(player.page)
    for hd in view["hands"]:
        panel = shown[hd["hand"]]
        assert panel["size"] == hd["size"], (hd, panel)
        if "cards" in hd:
            want = sorted(c for c, k in hd["cards"].items() for _ in range(k))
            assert sorted(panel["faceup"]) == want, (hd, panel)
        else:
            assert panel["faceup"] == [] and panel["backs"] == hd["size"], (hd, panel)


def drive(server: Server, table: str, rng: random.Random, *, players: dict[int, Player],
          api_tokens: dict[int, str] | None = None, watcher: Page,
          after_move: Callable[[dict[str, Any]], None] | None = None,
          until: Callable[[dict[str, Any]], bool] | None = None,
          max_moves: int = 600) -> dict[str, Any]:
    """Play the table until it ends (or ``until(summary)``): page seats by clicking,
    ``api_tokens`` seats through the HTTP API, bots by waiting for them. After every
    move ``after_move(summary before it)`` runs. Returns the last summary."""
    api_tokens = api_tokens or {}
    for _ in range(max_moves):
        s = server.summary(table)
        if s["status"] == "finished" or (until and until(s)):
            return s
        n = s["n"]
        bots = [x for x in s["to_act"] if s["seats"][x]["kind"] == "bot"]
        humans = [x for x in s["to_act"] if x in players or x in api_tokens]
        if bots or not humans:
            wait_after(watcher, n)  # a bot moves (on its own, after a short delay)
        elif humans[0] in players:
            seat = humans[0]
            player = players[seat]
            if wait_ready(player.page, n) and player.token and rng.random() < 0.25:
                check_own_hand(player, server, table, seat)
            play_page_move(player, n, rng)
        else:
            seat = humans[0]
            message = server.state(table, seat, api_tokens[seat])
            choice = choose(api_legal(message), rng)
            assert choice.action is not None
            server.act(table, seat, api_tokens[seat], choice.action, n)
            wait_after(watcher, n)
        if after_move:
            after_move(s)
    raise AssertionError(f"the game did not end within {max_moves} moves")


def settle(server: Server, table: str, page: Page) -> dict[str, Any]:
    """Wait until no bot is about to move and the page shows the table's latest move;
    returns the table summary then (stable until a person acts)."""
    for _ in range(100):
        s = server.summary(table)
        if s["status"] == "finished" or not any(
                s["seats"][x]["kind"] == "bot" for x in s["to_act"]):
            wait_at(page, s["n"] if s["status"] != "finished" else FINISHED)
            return s
        wait_after(page, s["n"])
    raise AssertionError("the bots never stopped moving")


def capture_created(page: Page) -> list[dict[str, str]]:
    """Record the lobby's "table created" box the moment it shows (join link, the
    go-to-table link, its text). The lobby leaves for the table by itself 1.5 s later,
    so reading the box afterwards would race with that; a binding reports it instead.
    The list fills while the test waits on the page (e.g. for the table's URL)."""
    got: list[dict[str, str]] = []
    page.expose_function("__e2eCreated", lambda data: got.append(data))
    page.evaluate("""() => {
      const box = document.querySelector('[data-testid="created"]');
      const report = () => {
        const link = box.querySelector('[data-testid="join-link"]');
        const go = box.querySelector('[data-testid="go-to-table"]');
        if (box.hidden || !link || !go || window.__e2eReported) return;
        window.__e2eReported = true;
        window.__e2eCreated({link: link.value, go: go.getAttribute("href"),
                             text: box.textContent, visible: box.offsetParent !== null});
      };
      new MutationObserver(report).observe(box, {attributes: true, childList: true, subtree: true});
    }""")
    return got


TABLE_URL = re.compile(r"/t/[A-Za-z0-9_-]{22}$")


def press(page: Page, testid: str) -> None:
    """Move the pointer onto the element ``testid`` and press (without releasing); the
    press must land on it (it takes the focus)."""
    box = None
    for _ in range(50):  # a table whose bots act redraws it: a moment without the element
        box = page.get_by_test_id(testid).bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    assert box is not None, f"{testid} is not on the page"
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    pressed = page.evaluate("() => document.activeElement?.dataset.testid")
    assert pressed == testid, f"the press landed on {pressed}, not {testid}"


def claim_seat(page: Page, seat: int, name: str) -> None:
    """Type a name and take a seat on the table page.

    The name field is saved as it is typed and the seats bar is left alone while it
    has the focus; the name is committed (Enter) and checked in both places before
    clicking, so a rebuilt bar shows it too.
    """
    name_field = page.get_by_test_id("player-name")
    for _ in range(10):
        name_field.fill(name)
        name_field.press("Enter")  # the change event stores it
        kept = page.evaluate("""() => [localStorage.getItem('getaway.name'),
                                       document.getElementById('player-name')?.value]""")
        if kept == [name, name]:
            break
    else:
        raise AssertionError("the name field never kept the typed name")
    page.get_by_test_id(f"claim-seat-{seat}").click()
    expect(page.get_by_test_id(f"held-seat-{seat}")).to_be_visible()


def drawn_js(controls: str, act: str) -> str:
    """JS ``(n) => bool``: true once the table has drawn move ``n`` with its controls
    (``data-testid=controls``) enabled and some action button (``act``) clickable -- or
    once the table has moved past ``n``."""
    return (r"""
(n) => {
  const move = window.__e2e.move();
  if (move !== n) return move > n;
  if (document.body.classList.contains("busy")) return false;
  const c = document.querySelector('[data-testid="CONTROLS"]');
  return !!c && !c.classList.contains("idle")
    && document.querySelectorAll('[data-testid="ACT"]:not([disabled])').length > 0;
}
""").replace("CONTROLS", controls).replace("ACT", act)


def full_page_shot(page: Page, directory: Path, name: str) -> Path:
    """A screenshot of the whole table (up to 4,000 pixels tall) in ``directory/name``."""
    height = int(page.evaluate("() => document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": 1400, "height": min(height, 4000)})
    page.evaluate("() => window.scrollTo(0, 0)")
    shot = directory / name
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    print(f"screenshot: {shot}")
    return shot


def module_render_js(game: str) -> str:
    """JS ``async ([view, legal, seat]) => void``: draw one view with the game's table
    module alone on the page, the actions it sends collected in ``window.__acted``."""
    return r"""
async ([view, legal, seat]) => {
  if (!window.__mod) {
    window.__mod = await import('/static/games/GAME.js');
    const box = document.createElement('div');
    box.id = 'modbox';
    document.body.replaceChildren(box);
  }
  window.__acted = [];
  const ctx = { seat, legal, act: (a) => { window.__acted.push(a); }, key: (a) => JSON.stringify(a),
    label: () => null, seatName: (x) => `seat ${x}`, seatPlayer: () => null, busy: false,
    status: 'running', mode: seat === null ? 'spectate' : 'play' };
  window.__mod.render(document.getElementById('modbox'), view, ctx);
}
""".replace("GAME", game)


# -- the words a page shows (issue 15) -----------------------------------------------------

def page_slips(page: Page, vocab: Vocabulary) -> dict[str, list[str]]:
    """The lines of the page's visible text that do not speak the game, with their slips
    (ids, grid cells, class names, numbered seats, '1 <plural>', template leftovers)."""
    lines = [line.strip() for line in page.inner_text("body").splitlines()]
    return {line: found for line in lines if line and (found := slips(line, vocab))}


def speaks(page: Page, game_id: str, where: str) -> int:
    """Every line of the page's visible text speaks the game; returns how many lines."""
    from getaway.games import registry

    bad = page_slips(page, Vocabulary.of(registry().get(game_id)))
    assert not bad, (where, bad)
    return sum(1 for line in page.inner_text("body").splitlines() if line.strip())
