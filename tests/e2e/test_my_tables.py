"""My tables (issue 16): the lobby lists the tables whose seats this browser holds, with
a "your turn" badge; the table page's tab title says when it is your turn, and a hidden
page notifies (when asked to) through the Notification API, stubbed here."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.driver import Browsing, wait_at, wait_js
from tests.e2e.live import Server

MAX_MOVES = 600  # moves at most before the wanted turn (or the end) must have come

# Before the page's scripts: a Notification that records what it is asked to show, a
# permission granted when asked, and document.hidden as the test sets it.
NOTIFICATION_STUB = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden",
  { configurable: true, get() { return window.__hidden; } });
class FakeNotification {
  constructor(title, options) {
    this.title = title;
    window.__notes.push({ title, body: (options || {}).body, tag: (options || {}).tag });
  }
  close() {}
  static requestPermission() {
    FakeNotification.permission = "granted";
    return Promise.resolve("granted");
  }
}
FakeNotification.permission = "default";
window.Notification = FakeNotification;
"""

HIDE = "(h) => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }"


def hold(page: Page, table: str, seats: dict[int, str]) -> None:
    """Give this browser the seats' tokens, as the table page keeps them."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [f"getaway.tokens.{table}", json.dumps({str(s): t for s, t in seats.items()})])


def first_legal(server: Server, table: str, seat: int, token: str) -> None:
    s = server.state(table, seat, token)
    server.act(table, seat, token, s["legal"][0]["action"], n=s["n"])


def play_until(server: Server, table: str, tokens: dict[int, str], done: Any,
               only: set[int] | None = None) -> dict[str, Any]:
    """The seats (those in ``only``, when given) take their first legal action until
    ``done(summary)``; returns that summary."""
    for _ in range(MAX_MOVES):
        s = server.summary(table)
        if done(s):
            return s
        assert s["status"] == "running", s
        movers = [k for k in s["to_act"] if only is None or k in only]
        assert movers, f"nobody allowed to move: {s['to_act']}"
        first_legal(server, table, movers[0], tokens[movers[0]])
    raise AssertionError("the wanted moment never came")


def test_my_tables_in_the_lobby(server: Server, browsing: Browsing) -> None:
    duel = server.create_table([{"kind": "human"}, {"kind": "human"}])
    duel_tokens = {0: server.claim(duel, 0, "Ann"), 1: server.claim(duel, 1, "Bob")}
    solo = server.create_table([{"kind": "human"}])
    solo_tokens = {0: server.claim(solo, 0, "Ann")}
    play_until(server, solo, solo_tokens, lambda s: s["status"] == "finished")
    other = server.create_table([{"kind": "human"}, {"kind": "human"}])  # not Ann's

    page = browsing.page(server.url, "Ann")
    page.goto("/")
    expect(page.get_by_test_id("my-tables-panel")).to_be_hidden()  # no seats held yet
    hold(page, duel, {0: duel_tokens[0]})
    hold(page, solo, solo_tokens)
    hold(page, "nosuchtable", {0: "x" * 20})
    page.reload()

    panel = page.get_by_test_id("my-tables-panel")
    expect(panel).to_be_visible()
    rows = page.get_by_test_id("my-tables").get_by_test_id("my-table")
    expect(rows).to_have_count(3)
    expect(page.get_by_test_id("my-tables").locator(f'[data-id="{other}"]')).to_have_count(0)

    row = page.get_by_test_id("my-tables").locator(f'[data-id="{duel}"]')
    expect(row.get_by_test_id("my-table-link")).to_have_attribute("href", f"/t/{duel}")
    expect(row.get_by_test_id("my-table-link")).to_contain_text("ESCAPE NOW!")
    expect(row.get_by_test_id("my-table-seats")).to_contain_text("Ann")
    expect(row.get_by_test_id("my-table-seats")).to_contain_text("Bob")
    expect(row.get_by_test_id("my-table-status")).to_contain_text("running")
    expect(row.get_by_test_id("my-table-forget")).to_have_count(0)  # a running table stays

    # the badge follows whose turn it is, refreshed every few seconds
    s = play_until(server, duel, duel_tokens, lambda s: 0 not in s["to_act"], only={0})
    expect(row.get_by_test_id("my-table-status")).to_contain_text(f"move {s['n']}")
    expect(row.get_by_test_id("my-table-turn")).to_have_count(0)
    play_until(server, duel, duel_tokens, lambda s: 0 in s["to_act"], only={1})
    expect(row.get_by_test_id("my-table-turn")).to_have_text("your turn")
    expect(rows.first).to_have_attribute("data-id", duel)  # your turn comes first

    # the finished one: marked, with its outcome; forgotten, it leaves the list and the browser
    done = page.get_by_test_id("my-tables").locator(f'[data-id="{solo}"]')
    expect(done).to_have_attribute("data-status", "finished")
    expect(done.get_by_test_id("my-table-status")).to_have_text("finished")
    expect(done.get_by_test_id("my-table-turn")).to_have_count(0)
    done.get_by_test_id("my-table-forget").click()
    expect(done).to_have_count(0)
    assert page.evaluate("(k) => localStorage.getItem(k)", f"getaway.tokens.{solo}") is None

    # a table the server no longer has: said so, and removable
    gone = page.get_by_test_id("my-tables").locator('[data-id="nosuchtable"]')
    expect(gone).to_have_attribute("data-status", "gone")
    expect(gone.get_by_test_id("my-table-status")).to_contain_text("no longer exists")
    gone.get_by_test_id("my-table-forget").click()
    expect(rows).to_have_count(1)

    # the table lists below are unchanged
    expect(page.get_by_test_id("tables-running").locator(f'[data-id="{duel}"]')).to_be_visible()


def test_the_tab_title_and_a_notification_say_it_is_your_turn(server: Server,
                                                              browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "human"}])
    tokens = {0: server.claim(table, 0, "Ann"), 1: server.claim(table, 1, "Bob")}
    page = browsing.page(server.url, "Ann")
    page.add_init_script(NOTIFICATION_STUB)
    page.goto("/")
    hold(page, table, {0: tokens[0]})
    page.evaluate("() => localStorage.setItem('getaway.autopass', '0')")  # the test moves Ann
    page.goto(f"/t/{table}")
    expect(page.get_by_test_id("held-seat-0")).to_be_visible()

    # opt in: the browser asks for the permission (granted by the stub)
    button = page.get_by_test_id("notify-turn")
    expect(button).to_have_text("Notify me on my turn")
    button.click()
    expect(button).to_have_text(re.compile("notifications on"))
    assert page.evaluate("() => localStorage.getItem('getaway.notify')") == "1"

    # not Ann's turn: the plain title
    s = play_until(server, table, tokens, lambda s: 0 not in s["to_act"], only={0})
    wait_at(page, s["n"])
    expect(page).to_have_title("ESCAPE NOW! — getaway")

    # Bob moves while Ann's page is hidden: the title says it, and one notification
    page.evaluate(HIDE, True)
    s = play_until(server, table, tokens, lambda s: 0 in s["to_act"], only={1})
    expect(page).to_have_title("● Your turn — ESCAPE NOW! — getaway")
    wait_js(page, "() => window.__notes.length > 0", None, "a notification")
    notes = page.evaluate("() => window.__notes")
    assert len(notes) == 1, notes
    assert notes[0]["title"] == "Your turn — ESCAPE NOW!"
    assert "Ann" in notes[0]["body"]

    # seen on a visible page, the turn notifies nobody; Ann's move clears the title
    page.evaluate(HIDE, False)
    s = play_until(server, table, tokens, lambda s: 0 not in s["to_act"], only={0})
    wait_at(page, s["n"])
    expect(page).to_have_title("ESCAPE NOW! — getaway")
    s = play_until(server, table, tokens, lambda s: 0 in s["to_act"], only={1})
    expect(page).to_have_title(re.compile("^● Your turn"))
    assert len(page.evaluate("() => window.__notes")) == 1, "no notification on a visible page"

    # turned off, a hidden page is not notified
    button.click()
    expect(button).to_have_text("Notify me on my turn")
