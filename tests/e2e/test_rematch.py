"""Play again: the end screen starts a rematch and takes the player there, seated; the
other player's page and a spectator's are shown the way to it."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from tests.e2e.driver import Browsing, tokens
from tests.e2e.live import ApiError, Server


def finish(server: Server, table: str, held: dict[int, str]) -> None:
    """Play ``table`` to its end through the API: every human takes its first legal action."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        s = server.state(table)
        if s["status"] == "finished":
            return
        mine = [seat for seat in s["to_act"] if seat in held]
        if not mine:
            time.sleep(0.02)  # the bot is thinking
            continue
        seat = mine[0]
        msg = server.state(table, seat, held[seat], since=s["n"])
        if msg["legal"]:
            try:
                server.act(table, seat, held[seat], msg["legal"][0]["action"], msg["n"])
            except ApiError as e:  # the bot moved in between: stale, try again
                if e.status != 409:
                    raise
    raise AssertionError("the game did not end")


def seat_here(page: Page, table: str, seat: int) -> None:
    page.goto(f"/t/{table}")
    page.get_by_test_id(f"claim-seat-{seat}").click()
    expect(page.get_by_test_id(f"held-seat-{seat}")).to_be_visible()


def test_play_again_takes_every_player_to_the_new_table(server: Server,
                                                        browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "human"},
                                 {"kind": "bot", "agent": "random"}])
    ann, bob = browsing.page(server.url, "Ann"), browsing.page(server.url, "Bob")
    seat_here(ann, table, 0)
    seat_here(bob, table, 1)
    watcher = browsing.page(server.url, "watcher")
    watcher.goto(f"/t/{table}")
    held = {0: tokens(ann, table)["0"], 1: tokens(bob, table)["1"]}
    finish(server, table, held)

    for page in (ann, bob, watcher):
        expect(page.get_by_test_id("outcome")).to_be_visible()
    # a seat holder may play again (ESCAPE NOW! is cooperative: the same room, too)
    expect(ann.get_by_test_id("play-again")).to_be_visible()
    expect(ann.get_by_test_id("same-room-again")).to_be_visible()
    expect(watcher.get_by_test_id("play-again")).to_have_count(0)
    expect(watcher.get_by_test_id("rematch-link")).to_have_count(0)

    ann.get_by_test_id("play-again").click()
    ann.wait_for_url(re.compile(r"/t/(?!" + re.escape(table) + r")[\w-]+$"))
    new = ann.url.rsplit("/", 1)[1]
    expect(ann.get_by_test_id("held-seat-0")).to_be_visible()
    assert set(tokens(ann, new)) == {"0"}
    summary = server.summary(new)
    assert summary["game"] == "escape-now" and summary["status"] == "open"
    assert [(s["kind"], s["agent"], s["claimed"]) for s in summary["seats"]] == [
        ("human", None, True), ("human", None, False), ("bot", "random", False)]
    assert server.summary(table)["rematch"] == new

    # the others hear of it on the old table's page
    for page in (bob, watcher):
        expect(page.get_by_test_id("rematch-started")).to_be_visible()
        expect(page.get_by_test_id("rematch-link")).to_have_attribute("href", f"/t/{new}")
    expect(bob.get_by_test_id("play-again")).to_have_count(0)
    bob.get_by_test_id("rematch-link").click()
    bob.wait_for_url(re.compile(re.escape(new) + "$"))
    expect(bob.get_by_test_id("held-seat-1")).to_be_visible()
    assert set(tokens(bob, new)) == {"1"}

    # every human seat is taken: the new table runs, and both pages say so
    for page in (ann, bob):
        expect(page.get_by_test_id("table-status")).to_contain_text("running")
    assert server.summary(new)["status"] == "running"
    assert server.summary(new)["n"] < 50  # a fresh deal, not the old game

    # the spectator's link is a plain one: it watches the new table
    watcher.get_by_test_id("rematch-link").click()
    watcher.wait_for_url(re.compile(re.escape(new) + "$"))
    expect(watcher.get_by_test_id("you-are")).to_have_text("you are watching")
