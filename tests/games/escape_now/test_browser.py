"""A whole game of ESCAPE NOW! played in the browser by two people and a bot.

The table is made through the lobby form; each person claims a seat on the
table page in a browser context of their own, and both play by clicking until
the game ends. Throughout, neither page may ever hold the other seat's cards
(face up) or token, and every line of text either page shows speaks the game
(issue 15: no ids, class names, numbered seats or "1 <plural>" slips).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from getaway.games import registry
from tests.conformance.words import Vocabulary
from tests.e2e.driver import (
    TABLE_URL,
    Browsing,
    Player,
    assert_no_leaks,
    capture_created,
    check_secrecy,
    claim_seat,
    drive,
    event_log,
    guard,
    page_slips,
    tokens,
)
from tests.e2e.live import Server

READ_EVERY = 12  # the pages' text is read at every twelfth move (and at the end)



def test_two_people_and_a_bot_play_to_the_end(server: Server, browsing: Browsing,
                                              screenshot_dir: Path) -> None:
    ann = browsing.page(server.url, "Ann")
    bob = browsing.page(server.url, "Bob")

    # Ann makes the table in the lobby: seats 0 and 1 human, seat 2 an Easy bot
    ann.goto("/")
    expect(ann.get_by_test_id("game-escape-now")).to_be_visible()
    ann.get_by_test_id("create-game").select_option("escape-now")
    ann.get_by_test_id("create-players").select_option("3")
    ann.get_by_test_id("seat-kind-0").select_option("human")
    ann.get_by_test_id("seat-kind-1").select_option("human")
    ann.get_by_test_id("seat-kind-2").select_option("bot:easy")
    ann.get_by_test_id("create-claim").select_option("none")
    created = capture_created(ann)
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(TABLE_URL)  # the lobby shows the join link, then opens the table
    assert created and created[0]["visible"], created
    url = created[0]["link"]
    assert url == ann.url and url.startswith(f"{server.url}/t/"), (url, ann.url)
    table = url.rsplit("/", 1)[1]

    # each claims a seat on the table page; until both have, the table waits
    expect(ann.get_by_test_id("waiting")).to_be_visible()
    guard(ann, forbidden_hands=[1, 2])
    claim_seat(ann, 0, "Ann")
    expect(ann.get_by_test_id("waiting")).to_contain_text("Still free: green")
    bob.goto(url)
    guard(bob, forbidden_hands=[0, 2])
    expect(bob.get_by_test_id("claim-seat-1")).to_be_visible()
    expect(bob.get_by_test_id("claim-seat-0")).to_have_count(0)  # taken by Ann
    expect(bob.get_by_test_id("seat-0")).to_contain_text("Ann")
    claim_seat(bob, 1, "Bob")
    for page in (ann, bob):
        expect(page.get_by_test_id("table-status")).to_contain_text("running")
        expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "live")
    ann_token, bob_token = tokens(ann, table), tokens(bob, table)
    assert list(ann_token) == ["0"] and list(bob_token) == ["1"]
    guard(ann, forbidden_text=[bob_token["1"]])
    guard(bob, forbidden_text=[ann_token["0"]])
    summary = server.summary(table)
    assert [(s["kind"], s["name"]) for s in summary["seats"]] == [
        ("human", "Ann"), ("human", "Bob"), ("bot", "Easy")]

    players = {0: Player(ann, "game", ann_token["0"]), 1: Player(bob, "generic", bob_token["1"])}
    vocab = Vocabulary.of(registry().get("escape-now"))
    read = [0]

    def check(summary: dict[str, Any]) -> None:
        # each page shows its own cards face up, every other hand as backs only,
        # and never the other seat's token
        for seat, player in players.items():
            shown = check_secrecy(player.page, {seat}, [players[1 - seat].token])
            assert set(shown) == {0, 1, 2}, shown
        if summary["n"] % READ_EVERY == 0:
            for player in players.values():
                assert page_slips(player.page, vocab) == {}
            read[0] += 1

    end = drive(server, table, random.Random(1), players=players, watcher=ann, after_move=check)
    assert end["status"] == "finished" and end["outcome"]

    detail = end["outcome"]["detail"]
    for seat, player in players.items():
        page = player.page
        expect(page.get_by_test_id("outcome")).to_be_visible()
        expect(page.get_by_test_id("outcome-detail")).to_have_text(detail[0].upper() + detail[1:])
        expect(page.get_by_test_id("table-status")).to_have_text("finished")
        expect(page.get_by_test_id("legal-action")).to_have_count(0)
        expect(page.get_by_test_id("replay-link").first).to_be_visible()
        # the log is the server's log for this seat, once each, in order
        logged = server.state(table, seat, player.token)["events"]
        assert event_log(page) == [(e["n"], e["text"]) for e in logged][-300:]
        assert page_slips(page, vocab) == {}, "the end screen speaks the game"
        checks = assert_no_leaks(page)
        assert checks > 50, "the leak guard hardly ran"
        other_token = players[1 - seat].token
        assert other_token not in page.content()
        assert other_token not in str(page.evaluate("() => JSON.stringify(localStorage)"))
    # the game was played through the table drawing for Ann and the generic list for Bob
    assert sum(players[0].clicked.values()) > 5, players[0].clicked
    assert sum(players[1].clicked.values()) > 5, players[1].clicked
    assert read[0] >= 3, f"the pages' text was read only {read[0]} times"
    print(f"moves: {end['n']}; Ann clicked {dict(players[0].clicked)}; "
          f"Bob clicked {dict(players[1].clicked)}")

    # the whole table in one picture: a viewport as tall as the page (a full-page
    # screenshot would paint the sticky header over the middle of it)
    height = int(ann.evaluate("() => document.documentElement.scrollHeight"))
    ann.set_viewport_size({"width": 1400, "height": min(height, 4000)})
    ann.evaluate("() => window.scrollTo(0, 0)")
    expect(ann.get_by_test_id("outcome")).to_be_in_viewport()
    shot = screenshot_dir / "escape-now-two-people-and-a-bot.png"
    ann.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    print(f"screenshot of the finished table: {shot}")
