"""The replay of a real-time game (issue 16): steps by what changed, and a time slider.

A finished Escape: Zombie City table (played out on a fake wall straight into the
server's store, as its ticker would) replays in far fewer steps than it stored;
the page shows each step's game clock and the moves it covers, and moving the
time slider shows the last step at or before that time.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from playwright.sync_api import expect

from getaway.store.db import default_url
from tests.e2e.driver import Browsing
from tests.e2e.live import Server
from tests.server.test_replay import zombie_city_table


def clock_text(seconds: float) -> str:
    """As the page writes a game clock: 0:12.5."""
    tenths = math.floor(seconds * 10 + 0.5)
    return f"{tenths // 600}:{(tenths % 600) / 10:04.1f}"


def test_the_time_slider_shows_the_step_at_that_time(start_server: Callable[..., Server],
                                                     browsing: Browsing) -> None:
    server = start_server(bot_delay=0)
    tables, table = zombie_city_table(default_url(server.data_dir))
    tables.close()
    assert server.summary(table)["status"] == "finished"
    steps = server.api("GET", f"/api/tables/{table}/replay")["steps"]
    stored = server.summary(table)["n"]
    assert len(steps) * 3 < (stored + 1) * 2, (len(steps), stored)
    last = len(steps) - 1

    page = browsing.page(server.url, "viewer")
    page.goto(f"/t/{table}/replay")
    expect(page.get_by_test_id("replay-title")).to_have_text("Replay: Escape: Zombie City")
    expect(page.get_by_test_id("replay-step")).to_have_text(f"step 0 of {last} · 0:00.0 · move 0")
    expect(page.get_by_test_id("replay-clock")).to_have_text("0:00.0")
    end = steps[-1]["clock"]
    expect(page.get_by_test_id("replay-time")).to_have_attribute(
        "max", str(math.ceil(end * 10) / 10).removesuffix(".0"))

    def moves(step: dict[str, object]) -> str:
        return f"moves {step['from']}-{step['n']}" if "from" in step else f"move {step['n']}"

    def shows(i: int) -> None:
        step = steps[i]
        clock = clock_text(float(step["clock"]))
        expect(page.get_by_test_id("replay-step")).to_have_text(
            f"step {i} of {last} · {clock} · {moves(step)}")
        expect(page.get_by_test_id("replay-clock")).to_have_text(clock)
        expect(page.get_by_test_id("replay-slider")).to_have_value(str(i))
        here = [e["text"] for e in step["events"]]
        expect(page.get_by_test_id("step-event")).to_have_text(here)

    page.get_by_test_id("replay-next").click()
    shows(1)

    # a step that folded in quiet ones, at a time on the slider's tenths, shown by time:
    # the slider set between its clock and the next step's shows it
    folded = [k for k in range(1, last) if "from" in steps[k]
              and steps[k + 1]["clock"] - steps[k]["clock"] > 0.2
              and k > last // 3]
    assert folded, "no folded step to jump to"
    k = folded[0]
    at = math.floor(steps[k]["clock"] * 10 + 1) / 10  # just after it, before the next
    assert steps[k]["clock"] <= at < steps[k + 1]["clock"]
    page.get_by_test_id("replay-time").fill(str(at))
    shows(k)
    page.keyboard.press("ArrowRight")
    shows(k + 1)
    # at 0:00.0: the game as it stood at that time, after the moves made then
    page.get_by_test_id("replay-time").fill("0")
    shows(max(i for i, s in enumerate(steps) if s["clock"] == 0.0))
    page.get_by_test_id("replay-last").click()
    shows(last)
    expect(page.get_by_test_id("outcome")).to_be_visible()
    assert not browsing.errors, browsing.errors
