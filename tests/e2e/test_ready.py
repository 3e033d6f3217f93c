"""Ready together (issue 16): a real-time table waits until its players are ready.

Ann opens an Escape: Zombie City table whose other two seats are bots and takes
her seat. Nothing moves -- no bot, no clock -- until she presses Ready; then the
page counts 3-2-1, the clock starts and the bots play.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from tests.e2e.driver import Browsing, claim_seat, tokens
from tests.e2e.live import Server

GAME = "zombie-city"
BOT_PACE = 0.5

# Every countdown figure the page shows, in order (sampled every 50 ms from the start).
WATCH_JS = r"""
() => {
  window.__countdown = [];
  setInterval(() => {
    const el = document.querySelector('[data-testid="start-countdown"]');
    const seen = window.__countdown;
    if (el && seen[seen.length - 1] !== el.textContent) seen.push(el.textContent);
  }, 50);
}
"""


def bot_moves(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in state["events"] if e.get("data", {}).get("seat") in (1, 2)
            and e["kind"] in ("roll", "enter", "reveal", "move", "walk")]


def test_the_bots_wait_until_ann_is_ready(start_server: Callable[..., Server],
                                          browsing: Browsing) -> None:
    server = start_server(bot_pace=BOT_PACE)
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "heuristic"},
                                 {"kind": "bot", "agent": "heuristic"}], {"scenario": 1},
                                game=GAME)
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    claim_seat(ann, 0, "Ann")
    token = tokens(ann, table)["0"]
    expect(ann.get_by_test_id("table-status")).to_contain_text("running")
    expect(ann.get_by_test_id("getting-ready")).to_be_visible()
    expect(ann.get_by_test_id("ready-state-0")).to_contain_text("not ready")
    ready = ann.get_by_test_id("ready-0")
    expect(ready).to_be_enabled()

    # Nothing moves while Ann is not ready: no step, no bot, a clock standing at 0.
    ann.wait_for_timeout(2500)
    s = server.state(table, 0, token)
    assert s["n"] == 0 and not bot_moves(s) and s["legal"] == []
    assert s["ready"] == {"seats": [], "start": None}
    assert not s["clock"]["running"] and s["clock"]["seconds"] == 0.0
    clock = ann.get_by_test_id("clock")
    expect(clock).to_have_attribute("data-running", "false")
    expect(clock).to_have_attribute("data-seconds", "0")

    ann.evaluate(WATCH_JS)
    ready.click()
    countdown = ann.get_by_test_id("start-countdown")
    expect(countdown).to_be_visible()
    s = server.state(table)
    assert s["ready"]["seats"] == [0] and s["ready"]["start"] is not None
    assert s["n"] == 0 and not bot_moves(s), "no bot moves during the countdown"

    # 3-2-1, then the clock runs and the bots play.
    expect(ann.get_by_test_id("getting-ready")).to_have_count(0, timeout=10_000)
    seen = ann.evaluate("window.__countdown")
    figures = [x for x in seen if x in ("3", "2", "1")]
    assert figures == ["3", "2", "1"], seen
    expect(clock).to_have_attribute("data-running", "true")
    deadline = time.monotonic() + 30
    while not bot_moves(s := server.state(table)):
        assert time.monotonic() < deadline, "the bots never acted"
        time.sleep(0.2)
    started = s["ready"] is None and s["clock"]["running"]
    assert started, s["clock"]
