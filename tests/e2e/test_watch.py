"""Watching: a spectator of a live table (who may take a free seat), and the replay of a
finished one."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.e2e.driver import (
    Browsing,
    assert_no_leaks,
    check_secrecy,
    drive,
    event_log,
    guard,
    press,
    wait_js,
)
from tests.e2e.live import Server


def test_spectator_sees_no_cards_and_no_actions(server: Server, browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "heuristic"},
                                 {"kind": "bot", "agent": "random"}], {"layout": "easy"})
    page = browsing.page(server.url, "spectator")
    page.goto(f"/t/{table}")
    guard(page, forbidden_hands=[0, 1, 2])

    # while the table is open, the free seat may be taken from here
    expect(page.get_by_test_id("waiting")).to_be_visible()
    expect(page.get_by_test_id("claim-seat-0")).to_be_visible()
    expect(page.get_by_test_id("claim-seat-1")).to_have_count(0)  # a bot's seat
    expect(page.get_by_test_id("you-are")).to_have_text("you are watching")

    # somebody else takes it: the page follows, and stays a spectator's
    token = server.claim(table, 0, "Ann")
    guard(page, forbidden_text=[token])
    expect(page.get_by_test_id("table-status")).to_contain_text("running")
    expect(page.get_by_test_id("claim-seat-0")).to_have_count(0)
    expect(page.get_by_test_id("waiting")).to_have_count(0)
    expect(page.get_by_test_id("seat-0")).to_contain_text("Ann")

    def check(_: object) -> None:
        check_secrecy(page, set(), [token])
        expect(page.get_by_test_id("legal-action")).to_have_count(0)
        # "nothing to decide" while it runs (the end screen once it is over)
        nothing = page.get_by_test_id("no-legal").or_(page.get_by_test_id("outcome"))
        expect(nothing.first).to_be_visible()
        # no button acts (the board's zoom buttons only change the view)
        expect(page.locator('[data-testid="game-area"] button:not(.zoom-btn)')).to_have_count(0)
        expect(page.get_by_test_id("own-hands")).to_have_count(0)
        expect(page.locator('[data-testid^="held-seat-"]')).to_have_count(0)
        # the deciding seat's prompt ("Your turn: ...") is not the spectator's to read
        prompt = page.get_by_test_id("prompt").inner_text()
        assert not re.search(r"\b(you|your)\b", prompt, re.IGNORECASE), prompt

    check(None)
    end = drive(server, table, random.Random(5), players={}, api_tokens={0: token},
                watcher=page, after_move=check)
    expect(page.get_by_test_id("outcome")).to_be_visible()
    expect(page.get_by_test_id("table-status")).to_have_text("finished")
    check(None)
    public = server.state(table)["events"]
    assert event_log(page) == [(e["n"], e["text"]) for e in public][-300:]
    assert_no_leaks(page)
    assert token not in page.content()
    print(f"watched {end['n']} moves")


SUMMARY_REFRESH_MS = 4000  # an open table's page re-reads the summary this often (table.js)


def test_a_slow_click_takes_the_seat_while_the_page_refreshes(server: Server,
                                                             browsing: Browsing) -> None:
    """While a table is open its page re-reads the summary every few seconds, and hears of
    every seat taken. A click on "Take this seat" (its button pressed, then released) must
    not be lost when either comes in between: the seats bar is not rebuilt under the
    pointer; it shows the news once the button is released."""
    table = server.create_table([{"kind": "human"}, {"kind": "human"}])
    page = browsing.page(server.url, "Ann")
    page.goto(f"/t/{table}")
    # the page has settled: connected, the table drawn from the first view, seat colours shown
    expect(page.get_by_test_id("connection")).to_have_attribute("data-state", "live")
    expect(page.get_by_test_id("en-table")).to_be_visible()
    expect(page.get_by_test_id("seat-0")).to_contain_text("red")
    take = page.get_by_test_id("claim-seat-0")
    expect(take).to_be_visible()
    press(page, "claim-seat-0")
    server.claim(table, 1, "Bob")  # meanwhile somebody else takes the other seat
    page.wait_for_timeout(SUMMARY_REFRESH_MS + 1000)  # a person pressing slowly
    page.mouse.up()
    expect(page.get_by_test_id("held-seat-0")).to_be_visible()
    expect(page.get_by_test_id("seat-1")).to_contain_text("Bob")
    expect(page.get_by_test_id("table-status")).to_contain_text("running")
    assert [s["claimed"] for s in server.summary(table)["seats"]] == [True, True]


PLAY_STEP_MS = 900  # a playing replay shows the next step this often (static/js/replay.js)
STEP_JS = r"""(k) => {
  const t = document.querySelector('[data-testid="replay-step"]')?.textContent || "";
  const m = /^step (\d+) of/.exec(t);
  return !!m && Number(m[1]) >= k;
}"""


def replay_step(page: Page) -> tuple[int, int]:
    """(step shown, last step) from "step 3 of 120 · move 3"."""
    text = str(page.get_by_test_id("replay-step").text_content())
    parts = text.split()
    return int(parts[1]), int(parts[3])


def test_replay_steps_forward_and_back(start_server: Callable[..., Server],
                                       browsing: Browsing) -> None:
    server = start_server(bot_delay=0)
    page = browsing.page(server.url, "viewer")

    # a replay is only for finished tables
    unfinished = server.create_table([{"kind": "human"}])
    page.goto(f"/t/{unfinished}/replay")
    expect(page.get_by_test_id("replay-error")).to_contain_text("not finished yet")

    table = server.create_table([{"kind": "bot", "agent": "random"}] * 3)
    page.goto(f"/t/{table}")
    expect(page.get_by_test_id("outcome")).to_be_visible()  # the bots play it out at once
    replay = server.api("GET", f"/api/tables/{table}/replay")
    steps = replay["steps"]
    last = len(steps) - 1
    assert last == server.summary(table)["n"] > 10

    # from the lobby's finished tables to the replay
    page.goto("/")
    row = page.get_by_test_id("tables-finished").locator(f'[data-id="{table}"]')
    expect(row).to_be_visible()
    row.get_by_test_id("replay-link").click()
    page.wait_for_url(f"**/t/{table}/replay")
    expect(page.get_by_test_id("replay-title")).to_have_text("Replay: ESCAPE NOW!")
    expect(page.get_by_test_id("replay-step")).to_have_text(f"step 0 of {last} · move 0")

    def shows(i: int) -> None:
        expect(page.get_by_test_id("replay-step")).to_have_text(f"step {i} of {last} · move {i}")
        view = steps[i]["view"]
        expect(page.get_by_test_id("minutes-left")).to_have_text(str(view["minutes_left"]))
        expect(page.get_by_test_id("draw-pile")).to_have_text(str(view["draw_pile"]))
        expect(page.get_by_test_id("discard-pile")).to_have_text(str(view["discard_pile"]))
        for p in view["puzzles"]:
            where = "FINAL" if p["final"] else p["slot"]
            puzzle = page.get_by_test_id(f"puzzle-{where}")
            expect(puzzle).to_have_attribute("data-visible", str(p["visible"]).lower())
            expect(puzzle).to_have_attribute("data-solved", str(p["solved"]).lower())
        so_far = [(k, e["text"]) for k in range(1, i + 1) for e in steps[k]["events"]]
        assert event_log(page) == so_far[-300:]
        here = [e["text"] for e in steps[i]["events"]]
        expect(page.get_by_test_id("step-event")).to_have_text(here)
        # a replay is a spectator's: no cards, no decisions
        expect(page.get_by_test_id("hand-card")).to_have_count(0)
        expect(page.get_by_test_id("tray")).to_have_count(0)
        expect(page.locator('[data-testid="game-area"] button:not(.zoom-btn)')).to_have_count(0)
        check_secrecy(page, set())
        if i == last:
            expect(page.get_by_test_id("outcome")).to_be_visible()
        else:
            expect(page.get_by_test_id("outcome")).to_have_count(0)

    shows(0)
    expect(page.get_by_test_id("replay-prev")).to_be_disabled()
    expect(page.get_by_test_id("replay-first")).to_be_disabled()
    expect(page.get_by_test_id("event")).to_have_count(0)
    for i in (1, 2, 3):
        page.get_by_test_id("replay-next").click()
        shows(i)
    page.get_by_test_id("replay-prev").click()
    shows(2)
    page.get_by_test_id("replay-prev").click()
    shows(1)
    page.get_by_test_id("replay-slider").fill(str(last // 2))
    shows(last // 2)
    page.keyboard.press("ArrowRight")
    shows(last // 2 + 1)
    page.keyboard.press("ArrowLeft")
    shows(last // 2)
    page.get_by_test_id("replay-last").click()
    shows(last)
    expect(page.get_by_test_id("replay-next")).to_be_disabled()
    expect(page.get_by_test_id("replay-last")).to_be_disabled()
    outcome = replay["table"]["outcome"]
    expect(page.get_by_test_id("outcome")).to_contain_text(outcome["detail"][1:])
    page.get_by_test_id("replay-prev").click()
    shows(last - 1)
    page.get_by_test_id("replay-first").click()
    shows(0)

    # play runs on by itself; pause stops it. (Play shows a step every 0.9 s: an expect()
    # polling once a second may never see step 2 itself, so wait in the page, each frame.)
    page.get_by_test_id("replay-play").click()
    wait_js(page, STEP_JS, 2, "the replay to play on to step 2")
    page.get_by_test_id("replay-play").click()
    expect(page.get_by_test_id("replay-play")).to_have_text("▶ Play")
    stopped = replay_step(page)[0]
    assert 2 <= stopped < last, stopped
    page.wait_for_timeout(3 * PLAY_STEP_MS)  # long enough for play to have shown more steps
    assert replay_step(page)[0] == stopped, "the replay played on after the pause"
    shows(stopped)
