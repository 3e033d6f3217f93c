"""The log people read (issue 16): every entry of "What happened" in the game's words, the
seats it names coloured by their seat (class seat-<n>), and the entries only this seat
could see marked "only you"; the log stays at the latest unless the reader scrolled up."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.driver import Browsing, event_log, wait_at, wait_js
from tests.e2e.live import Server

MAX_MOVES = 400

SEAT_REFS_JS = r"""
() => [...document.querySelectorAll('[data-testid="event-log"] [data-testid="seat-ref"]')]
  .map((s) => [s.dataset.seat, s.className, s.textContent])
"""

COUNT_JS = """document.querySelectorAll('[data-testid="event-log"] [data-testid="event"]').length"""

PRIVATE_JS = r"""
() => [...document.querySelectorAll('[data-testid="event-log"] [data-testid="event"]')]
  .filter((li) => li.querySelector('[data-testid="event-private"]'))
  .map((li) => [Number(li.dataset.n),
                 li.querySelector('[data-testid="event-private"]').getAttribute("aria-label")])
"""


def open_seat(browsing: Browsing, server: Server, table: str, seat: int, token: str,
              name: str) -> Page:
    page = browsing.page(server.url, name)
    page.goto("/")
    page.evaluate("([k, v]) => { localStorage.setItem(k, v); "
                  "localStorage.setItem('getaway.autopass', '0'); }",  # the test moves the seats
                  [f"getaway.tokens.{table}", json.dumps({str(seat): token})])
    page.goto(f"/t/{table}")
    expect(page.get_by_test_id(f"held-seat-{seat}")).to_be_visible()
    return page


def private(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if "seats" in e]


def test_private_entries_are_marked_and_seats_coloured(server: Server, browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "human"}])
    tokens = {0: server.claim(table, 0, "Ann"), 1: server.claim(table, 1, "Bob")}
    ann = open_seat(browsing, server, table, 0, tokens[0], "Ann")
    bob = open_seat(browsing, server, table, 1, tokens[1], "Bob")

    # play (first legal actions) until each seat has drawn cards only it saw
    for _ in range(MAX_MOVES):
        s = server.state(table)
        if s["status"] != "running" or all(
                any(e["kind"] == "drawn" for e in private(server.state(table, k, t)["events"]))
                for k, t in tokens.items()):
            break
        seat = s["to_act"][0]
        mine = server.state(table, seat, tokens[seat])
        server.act(table, seat, tokens[seat], mine["legal"][0]["action"], n=mine["n"])
    n = server.state(table)["n"]
    summary = server.summary(table)
    display = {str(x["seat"]): x["display"] for x in summary["seats"]}

    for page, seat, other in ((ann, 0, bob), (bob, 1, ann)):
        wait_at(page, n)
        events = server.state(table, seat, tokens[seat])["events"]
        wait_js(page, f"(k) => {COUNT_JS} >= k", min(len(events), 300), "the whole log")
        # the words are the game's, unchanged
        assert event_log(page) == [(e["n"], e["text"]) for e in events][-300:]
        # marked: exactly the events only this seat saw, "only you"
        only = [e for e in private(events) if e in events[-300:]]
        assert only and any(e["kind"] == "drawn" for e in only)
        assert all(e["seats"] == [seat] for e in only)
        assert page.evaluate(PRIVATE_JS) == [[e["n"], "only you"] for e in only]
        # and absent from the other seat's log
        theirs = set(event_log(other))
        assert not [e for e in only if (e["n"], e["text"]) in theirs], "a private event leaked"
        # every seat named is coloured by its seat, named as the seats bar names it
        refs = page.evaluate(SEAT_REFS_JS)
        assert {r[0] for r in refs} == {"0", "1"}, refs
        for ref_seat, cls, text in refs:
            assert f"seat-{ref_seat}" in cls.split() and "seat-ref" in cls.split(), cls
            assert text == display[ref_seat]
        colours = page.evaluate("""() => [0, 1].map((k) => getComputedStyle(
            document.querySelector(`[data-testid="event-log"] .seat-ref.seat-${k}`)).color)""")
        assert colours[0] != colours[1], colours
    # a spectator's log has no private entry
    watcher = browsing.page(server.url, "watcher")
    watcher.goto(f"/t/{table}")
    wait_at(watcher, n)
    wait_js(watcher, f"() => {COUNT_JS} > 0", None, "events")
    expect(watcher.get_by_test_id("event-private")).to_have_count(0)


def test_the_log_follows_the_latest_unless_scrolled_up(server: Server, browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "human"}])
    tokens = {0: server.claim(table, 0, "Ann"), 1: server.claim(table, 1, "Bob")}
    ann = open_seat(browsing, server, table, 0, tokens[0], "Ann")
    log = ann.get_by_test_id("event-log")

    def move() -> int:
        s = server.state(table)
        seat = s["to_act"][0]
        mine = server.state(table, seat, tokens[seat])
        done = server.act(table, seat, tokens[seat], mine["legal"][0]["action"], n=mine["n"])
        return int(done["n"])

    gap = "(el) => el.scrollHeight - el.scrollTop - el.clientHeight"
    n = 0
    for _ in range(MAX_MOVES):  # enough entries to scroll
        n = move()
        if log.evaluate("(el) => el.scrollHeight > el.clientHeight + 200"):
            break
    wait_at(ann, n)
    wait_js(ann, f"() => ({gap})(document.querySelector('[data-testid=\"event-log\"]')) < 40",
            None, "the log at its end")
    log.evaluate("(el) => { el.scrollTop = 0; }")
    before = log.get_by_test_id("event").count()
    for _ in range(MAX_MOVES):  # until a move says something Ann may read (some are private)
        n = move()
        wait_at(ann, n)
        with contextlib.suppress(PlaywrightTimeout):  # a private move adds nothing for Ann
            ann.wait_for_function(f"(k) => {COUNT_JS} > k", arg=before, timeout=2000)
            break
    assert log.get_by_test_id("event").count() > before, "no move added to Ann's log"
    assert log.evaluate("(el) => el.scrollTop") < 40, "the reader's place is kept"
    log.evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
    n = move()
    wait_at(ann, n)
    wait_js(ann, f"() => ({gap})(document.querySelector('[data-testid=\"event-log\"]')) < 40",
            None, "the log following the latest again")
