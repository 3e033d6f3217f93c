"""The server dies mid-game and comes back: the page notices, reconnects and catches up."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.e2e.driver import (
    Browsing,
    Player,
    api_legal,
    assert_no_leaks,
    check_secrecy,
    choose,
    claim_seat,
    drive,
    event_log,
    guard,
    settle,
    tokens,
    wait_at,
)
from tests.e2e.live import Server


def test_server_restart_mid_game(server: Server, browsing: Browsing) -> None:
    # seat 0 plays in the browser, seat 1 through the API (so the test decides when the
    # table moves), seat 2 is a bot
    table = server.create_table([{"kind": "human"}, {"kind": "human"},
                                 {"kind": "bot", "agent": "random"}], {"hard": True})
    api_token = server.claim(table, 1, "Api")
    page = browsing.page(server.url, "Ann")
    page.goto(f"/t/{table}")
    guard(page, forbidden_hands=[1, 2], forbidden_text=[api_token])
    claim_seat(page, 0, "Ann")
    connection = page.get_by_test_id("connection")
    expect(connection).to_have_attribute("data-state", "live")
    me = Player(page, "game", tokens(page, table)["0"])
    rng = random.Random(7)

    # play until it is seat 1's turn alone, well into the game: nothing moves until the
    # test makes seat 1's move
    s = drive(server, table, rng, players={0: me}, api_tokens={1: api_token}, watcher=page,
              until=lambda s: s["n"] >= 15 and s["to_act"] == [1])
    assert s["status"] == "running", "the game ended before the restart"
    n = s["n"]
    wait_at(page, n)
    before = event_log(page)
    assert before and before[-1][0] < n

    server.kill()
    expect(connection).to_have_attribute("data-state", "down")
    expect(connection).to_contain_text("connection lost")
    server.start()  # the same port and data directory

    # moves made while the page is (most likely still) disconnected
    missed = 0
    while True:
        s = server.summary(table)
        if s["to_act"] != [1] or s["status"] != "running":
            break
        message = server.state(table, 1, api_token)
        choice = choose(api_legal(message), rng)
        assert choice.action is not None
        server.act(table, 1, api_token, choice.action, s["n"])
        missed += 1
    disconnected = connection.get_attribute("data-state") != "live"

    # the page reconnects by itself and shows everything that happened meanwhile, once
    expect(connection).to_have_attribute("data-state", "live", timeout=30_000)
    settle(server, table, page)
    log = event_log(page)
    assert log[: len(before)] == before
    assert len(log) > len(before)
    mine = server.state(table, 0, me.token)["events"]
    assert log == [(e["n"], e["text"]) for e in mine][-300:]

    # and the game goes on to its end
    def check(_: object) -> None:
        check_secrecy(page, {0}, [api_token])

    end = drive(server, table, rng, players={0: me}, api_tokens={1: api_token}, watcher=page,
                after_move=check)
    assert end["status"] == "finished"
    expect(page.get_by_test_id("outcome")).to_be_visible()
    expect(page.get_by_test_id("table-status")).to_have_text("finished")
    mine = server.state(table, 0, me.token)["events"]
    assert event_log(page) == [(e["n"], e["text"]) for e in mine][-300:]
    assert_no_leaks(page)
    print(f"restarted at move {n}; {missed} moves made right after the restart "
          f"({'while the page was still disconnected' if disconnected else 'page already back'});"
          f" the game ended at move {end['n']}")
