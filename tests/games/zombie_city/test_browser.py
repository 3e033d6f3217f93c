"""Escape: Zombie City in the browser: a live real-time game on the server's wall clock.

Ann takes seat 0 of a three-seat table whose other seats are heuristic bots
(quick ones: ``serve --bot-pace``) and presses Ready (the clock starts after a
3-2-1). On the table page the town is drawn from the view, the clock runs by
itself between the server's messages, Ann picks two of her dice and rolls them
(those two change and the others stay as they were), rolls until her dice pay
for a section next to the church and enters it by clicking it on the map, while
the bots roll, walk and reveal on their own.
Another holds Ann's roll on its way to the server while the clock's steps come
in: the page stays busy until the server has answered. A last test drives the
module with views of its own to check the countdown panel against the timeline
(a countdown, the pause, the end), the sound switch and the synthesized cues in
a browser that may have no audio output at all.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.driver import Browsing, claim_seat, press, speaks, tokens, wait_js
from tests.e2e.live import Server

GAME = "zombie-city"
BOT_PACE = 0.5  # the bots rest half a person's time between two actions
START = ("cemetery", "cargo-bay", "church", "start-west", "start-east")
DEADLINE = 60.0  # seconds for Ann to enter a section (a roll takes her well under one)
CLICK_MS = 5_000  # for a button the server's legal actions offered to show up on the page
REVEAL_MS = 30_000  # for the bots' first reveal (they reveal within seconds at this pace)

DICE_JS = r"""
() => [...document.querySelectorAll('[data-testid="zc-own-dice"] [data-testid^="zc-die-"]')]
  .map((d) => ({face: d.dataset.face, selectable: d.dataset.selectable === "true",
                selected: d.dataset.selected === "true", disabled: d.disabled}))
"""

READ_JS = "Number(document.querySelector('[data-testid=\"%s\"]').dataset.%s)"

TOWN_JS = r"""
() => ({
  sections: [...document.querySelectorAll('[data-testid="zc-town"] [data-testid^="zc-section-"]')]
    .map((g) => g.dataset.testid.slice(11)),
  survivors: Object.fromEntries([...document.querySelectorAll(
    '[data-testid="zc-town"] [data-testid^="zc-survivor-"]')]
    .map((g) => [g.dataset.seat, g.dataset.section])),
  zombies: [...document.querySelectorAll('[data-testid="zc-town"] [data-testid^="zc-zombie-"]')]
    .map((z) => z.dataset.section),
})
"""


def get_ready(page: Page, seat: int) -> None:
    """Press Ready for ``seat``, and wait out the 3-2-1 until the clock runs."""
    page.get_by_test_id(f"ready-{seat}").click()
    expect(page.get_by_test_id("start-countdown")).to_be_visible()
    expect(page.get_by_test_id("getting-ready")).to_have_count(0, timeout=10_000)
    expect(page.get_by_test_id("clock")).to_have_attribute("data-running", "true")


def marks(server: Server) -> dict[str, float]:
    """The clock seconds of the timeline's marks: start1, slam1, resume1, ..., end3."""
    return {tag: float(t) for t, tag in server.api("GET", f"/api/games/{GAME}/assets")["timeline"]}


def mmss(seconds: float) -> str:
    whole = math.ceil(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def own_dice(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate(DICE_JS))


def ann_roll(server: Server, table: str, token: str) -> tuple[list[str], int]:
    """The dice after seat 0's first roll and the move number after it, from the events."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for e in server.state(table, 0, token)["events"]:
            if e["kind"] == "roll" and e["data"]["seat"] == 0:
                return list(e["data"]["dice"]), int(e["n"]) + 1
        time.sleep(0.05)
    raise AssertionError("the server never recorded Ann's roll")


def town(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(TOWN_JS))


def clock_and_countdown(page: Page) -> tuple[int, int]:
    """The header's game clock and the big countdown's seconds to the next event, in
    whole seconds, read at one moment (both run on)."""
    t, left = page.evaluate(f"() => [{READ_JS % ('clock', 'seconds')}, "
                            f"{READ_JS % ('zc-countdown', 'left')}]")
    return int(t), int(left)


def click_offered(page: Page, testid: str) -> bool:
    """Click the button of an action the server offered Ann a moment ago; False when the
    page no longer offers it (the table moved on meanwhile: a friend's caution may free
    her panic dice, which takes away her own caution or the rescue)."""
    try:
        page.get_by_test_id(testid).click(timeout=CLICK_MS)
    except PlaywrightTimeout:
        return False
    return True


def set_selection(page: Page, want: set[int]) -> None:
    """Click dice until exactly ``want`` is selected."""
    for _ in range(20):
        dice = own_dice(page)
        wrong = [i for i, d in enumerate(dice) if d["selected"] != (i in want)]
        if not wrong:
            return
        page.get_by_test_id(f"zc-die-{wrong[0]}").click()
    raise AssertionError(f"the dice never showed the selection {sorted(want)}: {own_dice(page)}")



def legal_of(server: Server, table: str, token: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    msg = server.state(table, 0, token)
    return msg, [x["action"] for x in msg["legal"]]


def test_a_person_plays_zombie_city_live_with_bots(start_server: Callable[..., Server],
                                                   browsing: Browsing,
                                                   screenshot_dir: Path) -> None:
    server = start_server(bot_pace=BOT_PACE)
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "heuristic"},
                                 {"kind": "bot", "agent": "heuristic"}], {"scenario": 1}, game=GAME)
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    claim_seat(ann, 0, "Ann")
    token = tokens(ann, table)["0"]
    expect(ann.get_by_test_id("table-status")).to_contain_text("running")
    get_ready(ann, 0)

    # the town: the five starting sections, turned as the view says, Ann on the church
    expect(ann.get_by_test_id("zc-town")).to_be_visible()
    view = server.state(table, 0, token)["view"]
    for b in view["board"]:
        if b["section"] in START:
            sec = ann.get_by_test_id(f"zc-section-{b['section']}")
            expect(sec).to_have_attribute("data-turns", str(b["turns"]))
            expect(sec).to_have_attribute("data-streets", "".join(b["streets"]))
    expect(ann.get_by_test_id("zc-section-start-west")).to_have_attribute("data-skull", "E")
    expect(ann.get_by_test_id("zc-survivor-0")).to_have_attribute("data-section", "church")
    expect(ann.get_by_test_id("zc-church-count")).to_have_attribute("data-limit", "3")
    expect(ann.get_by_test_id("zc-cargo-count")).to_have_attribute("data-need", "6")

    # the clock runs by itself, the big countdown with it (to countdown 1 at 4:22)
    panel = ann.get_by_test_id("zc-clockpanel")
    expect(panel).to_have_attribute("data-state", "play")
    expect(ann.get_by_test_id("zc-next-event")).to_have_text(
        "next: the first countdown begins (1 gong)")
    expect(ann.get_by_test_id("zc-countdown")).to_have_text(re.compile(r"^[0-4]:[0-5]\d$"))
    t0, left0 = clock_and_countdown(ann)
    wait_js(ann, f"(s) => {READ_JS % ('clock', 'seconds')} >= s + 2", t0, "the clock to run on")
    wait_js(ann, f"(l) => {READ_JS % ('zc-countdown', 'left')} <= l - 2", left0,
            "the countdown to run down")
    start1 = marks(server)["start1"]
    clock, left = clock_and_countdown(ann)
    assert abs(left + clock - start1) <= 2, ("the countdown and clock differ", clock, left)
    speaks(ann, GAME, "at the start")

    # Ann picks dice 1 and 2 (all five start spent, so all are chosen) and rolls them
    dice = own_dice(ann)
    assert [d["face"] for d in dice] == ["spent"] * 5 and all(d["selectable"] for d in dice), dice
    set_selection(ann, {0, 1})
    roll = ann.get_by_test_id("zc-roll-selected")
    expect(roll).to_have_attribute("data-mask", "3")
    expect(roll).to_be_enabled()
    roll.click()
    rolled, n = ann_roll(server, table, token)
    wait_js(ann, "(n) => window.__e2e.move() >= n", n, f"the page to show move {n}")
    faces = [d["face"] for d in own_dice(ann)]
    assert faces[2:] == ["spent"] * 3, faces
    for shown, thrown in zip(faces[:2], rolled[:2], strict=True):
        # the rolled faces, unless a bot on the church has freed a panic die meanwhile
        assert shown == thrown or (thrown, shown) == ("panic", "spent"), (faces, rolled)
    # the log says it in the game's words, Ann named as the server names her seat
    expect(ann.get_by_test_id("event-log")).to_contain_text("Ann (orange) rolls ")
    speaks(ann, GAME, "after Ann's roll")

    # roll until the dice pay for a section next to the church, then click it on the map
    ids = [sec["id"] for sec in server.api("GET", f"/api/games/{GAME}/assets")["sections"]]
    entered = None
    clicks: dict[str, int] = {"roll all": 0, "caution": 0, "rescue": 0, "enter": 0}
    deadline = time.monotonic() + DEADLINE
    while entered is None and time.monotonic() < deadline:
        msg, legal = legal_of(server, table, token)
        assert msg["status"] == "running", f"the game ended early: {msg['outcome']}"
        wait_js(ann, "(n) => window.__e2e.move() >= n && !document.body.classList.contains('busy')",
                msg["n"], f"the page to show move {msg['n']}")
        enters = [a for a in legal if a["kind"] == "enter"]
        if enters:
            target = ids[enters[0]["section"]]
            sec = ann.get_by_test_id(f"zc-section-{target}")
            try:
                expect(sec).to_have_attribute("data-target", "1", timeout=CLICK_MS)
            except AssertionError:
                continue  # the dice changed meanwhile (a friend's caution): look again
            sec.click()
            clicks["enter"] += 1
            try:
                expect(ann.get_by_test_id("zc-survivor-0")).to_have_attribute(
                    "data-section", target, timeout=2 * CLICK_MS)
                entered = target
            except AssertionError:
                continue
        elif any(a["kind"] == "caution_self" for a in legal):
            if not click_offered(ann, "zc-caution-self"):
                continue
            clicks["caution"] += 1
        elif any(a["kind"] == "roll" for a in legal):
            if not click_offered(ann, "zc-roll-all"):
                continue
            clicks["roll all"] += 1
        elif any(a["kind"] == "rescue" for a in legal):
            if not click_offered(ann, "zc-rescue"):
                continue
            clicks["rescue"] += 1
        else:
            time.sleep(0.2)  # every die blocked and nothing to do: wait for a friend
            continue
        wait_js(ann, "(n) => window.__e2e.move() > n", msg["n"], f"a move after {msg['n']}")
    print(f"Ann's clicks: {clicks}")
    assert entered, f"Ann never entered a section within {DEADLINE} s ({clicks})"
    assert server.state(table, 0, token)["view"]["players"][0]["section"] == entered
    speaks(ann, GAME, "after Ann entered a section")

    # the bots play on their own: they walk and reveal, and the page follows
    wait_js(ann, """() => {
      const g = [...document.querySelectorAll(
        '[data-testid="zc-town"] [data-testid^="zc-section-"]')];
      const bots = [...document.querySelectorAll(
        '[data-testid="zc-survivor-1"], [data-testid="zc-survivor-2"]')];
      return g.length > 5 || bots.some((b) => b.dataset.section !== "church")
        || document.querySelector('[data-testid="zc-outcome"]');
    }""", None, "a bot to walk or reveal", timeout=REVEAL_MS)
    spec = server.state(table)
    events = [e["kind"] for e in spec["events"]]
    assert any(k in events for k in ("enter", "reveal")), events
    bot_moves = [e for e in spec["events"] if e["kind"] in ("roll", "enter", "reveal")
                 and e.get("data", {}).get("seat") in (1, 2)]
    assert bot_moves, spec["events"][-10:]

    # a bot reveals a section: it is laid on the map, turned as the view says, with its zombies
    wait_js(ann, """() => document.querySelectorAll(
      '[data-testid="zc-town"] [data-testid^="zc-section-"]').length > 5
      || document.querySelector('[data-testid="zc-outcome"]')""", None, "a bot to reveal a section",
            timeout=REVEAL_MS)
    msg = server.state(table, 0, token)
    wait_js(ann, "(n) => window.__e2e.move() >= n", msg["n"], f"move {msg['n']}")
    drawn = town(ann)
    board = {b["section"]: b for b in msg["view"]["board"]}
    assert set(board) <= set(drawn["sections"]), (board, drawn)  # the town only grows
    for sid, b in board.items():
        if sid not in START:
            expect(ann.get_by_test_id(f"zc-section-{sid}")).to_have_attribute(
                "data-turns", str(b["turns"]))
    # (one reading of the page: the bots reveal, walk and fight on meanwhile)
    assert set(drawn["zombies"]) <= set(drawn["sections"]), drawn
    assert drawn["survivors"]["0"] == entered, drawn  # Ann stays where she went
    assert len(drawn["survivors"]) == 3, drawn
    speaks(ann, GAME, "after a bot revealed a section")

    height = int(ann.evaluate("() => document.documentElement.scrollHeight"))
    ann.set_viewport_size({"width": 1400, "height": min(height, 3000)})
    ann.evaluate("() => window.scrollTo(0, 0)")
    shot = screenshot_dir / "zombie-city.png"
    ann.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    print(f"screenshot: {shot}")


def test_the_page_stays_busy_until_its_own_action_is_back(start_server: Callable[..., Server],
                                                          browsing: Browsing) -> None:
    """A real-time table moves on by itself (a clock step every second, the bots) while a
    person's action is on its way: the page stays busy -- its buttons disabled, so no
    second click -- until the server has answered, not merely until the next step."""
    server = start_server(bot_pace=BOT_PACE)
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}],
                                {"scenario": 1}, game=GAME)
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    claim_seat(ann, 0, "Ann")
    token = tokens(ann, table)["0"]
    expect(ann.get_by_test_id("table-status")).to_contain_text("running")
    get_ready(ann, 0)
    held: list[Route] = []

    def hold(route: Route) -> None:  # Ann's first action waits here until released
        if held:
            route.continue_()
        else:
            held.append(route)

    ann.route("**/api/tables/*/actions", hold)
    roll = ann.get_by_test_id("zc-roll-all")
    expect(roll).to_be_enabled()
    roll.click()
    for _ in range(500):  # the route's handler runs while Playwright waits on something
        if held:
            break
        ann.wait_for_timeout(20)
    assert held, "the roll never left the page"
    n = int(ann.evaluate("() => window.__e2e.move()"))
    wait_js(ann, "(n) => window.__e2e.move() > n", n, "the table to move on by itself")
    assert ann.evaluate("() => document.body.classList.contains('busy')"), \
        "a clock step ended the busy state of an action still on its way"
    expect(roll).to_be_disabled()
    assert not [e for e in server.state(table, 0, token)["events"]
                if e["kind"] == "roll" and e["data"]["seat"] == 0], "the roll arrived early"
    held[0].continue_()
    wait_js(ann, "() => !document.body.classList.contains('busy')", None,
            "the page to be free again once its action is back")
    assert [e for e in server.state(table, 0, token)["events"]
            if e["kind"] == "roll" and e["data"]["seat"] == 0], "Ann's roll never arrived"


def test_a_slow_click_is_not_lost_while_the_bots_play(start_server: Callable[..., Server],
                                                      browsing: Browsing) -> None:
    """The bots act every moment, and each of their actions redraws Ann's table. A button
    she is pressing must still get its click when she lets go: the page waits for the
    release before it redraws."""
    server = start_server(bot_pace=BOT_PACE)
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "heuristic"},
                                 {"kind": "bot", "agent": "heuristic"}], {"scenario": 1},
                                game=GAME)
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    claim_seat(ann, 0, "Ann")
    token = tokens(ann, table)["0"]
    expect(ann.get_by_test_id("table-status")).to_contain_text("running")
    get_ready(ann, 0)
    roll = ann.get_by_test_id("zc-roll-all")
    expect(roll).to_be_enabled()
    before = server.state(table)["n"]
    press(ann, "zc-roll-all")
    deadline = time.monotonic() + 30
    while not [e for e in server.state(table)["events"]
               if e["n"] >= before and e["kind"] == "roll" and e["data"]["seat"] in (1, 2)]:
        assert time.monotonic() < deadline, "the bots never acted"
        time.sleep(0.1)
    ann.wait_for_timeout(500)  # the page has had the bots' move to redraw
    ann.mouse.up()
    assert ann_roll(server, table, token), "Ann's click was lost"
    expect(ann.get_by_test_id("zc-own-dice").locator('[data-face="spent"]')).not_to_have_count(5)


# Render the module into a bare page with views of our own and a clock we set.
HARNESS_JS = r"""
async (view) => {
  const mod = await import("/static/games/zombie-city.js");
  const box = document.createElement("section");
  box.id = "game";
  document.body.replaceChildren(box);
  const acted = [];
  const w = window.__zc = { mod, box, acted, t: view.clock, view };
  w.ctx = () => ({
    seat: 0, legal: w.legal || [], act: async (a) => { acted.push(a); }, labels: {},
    key: (a) => JSON.stringify(a), label: () => null, seatName: (s) => `seat ${s}`,
    seatPlayer: () => null, busy: false, status: "running", mode: "play",
    clock: () => w.t, clockRunning: () => true,
  });
  w.show = (t, patch) => {
    w.t = t;
    w.view = { ...w.view, ...(patch || {}), clock: t };
    mod.render(box, w.view, w.ctx());
  };
  w.show(view.clock);
  return true;
}
"""


def panel_at(page: Page, t: float, patch: dict[str, Any] | None = None) -> dict[str, str]:
    """Show the table at game time ``t``; what the clock panel says after a tick."""
    page.evaluate("([t, patch]) => window.__zc.show(t, patch)", [t, patch])
    page.wait_for_timeout(250)  # the module's clock timer redraws the panel
    return dict(page.evaluate("""() => {
      const q = (id) => document.querySelector(`[data-testid="${id}"]`);
      const p = q("zc-clockpanel");
      return {state: p.dataset.state, countdown: p.dataset.countdown,
              big: q("zc-countdown").textContent, next: q("zc-next-event").textContent,
              cry: q("zc-cry-left").textContent, head: q("zc-clockpanel").textContent};
    }"""))


def test_the_clock_panel_follows_the_timeline(server: Server, browsing: Browsing) -> None:
    table = server.create_table([{"kind": "bot", "agent": "heuristic"},
                                 {"kind": "bot", "agent": "heuristic"}], game=GAME)
    view = server.state(table)["view"]
    view = {**view, "seat": 0, "outcome": None, "paused": False, "countdown": 0, "clock": 10.0}
    page = browsing.page(server.url, "harness")
    page.goto("/static/table.html#harness")  # any page of the server: the module imports
    page.wait_for_load_state()
    assert page.evaluate(HARNESS_JS, view)

    m = marks(server)  # the clock seconds of start1, slam1, resume1, ... end3
    got = panel_at(page, 10.0)
    assert got["state"] == "play" and got["big"] == mmss(m["start1"] - 10), got
    assert got["next"] == "next: the first countdown begins (1 gong)", got
    assert f"zombie cry in {mmss(m['end3'] - 10)}" in got["cry"], got
    got = panel_at(page, m["slam1"] - 30, {"countdown": 1})
    assert got["state"] == "countdown" and got["countdown"] == "1", got
    assert got["big"] == "0:30" and got["next"] == "the doors slam: be on the Church", got
    got = panel_at(page, m["resume1"] - 15, {"countdown": 0, "paused": True})
    assert got["state"] == "pause" and got["big"] == "0:15", got
    got = panel_at(page, m["slam2"] - 20,
                   {"countdown": 2, "paused": False, "phase": 2, "van": "church"})
    assert got["state"] == "countdown", got
    assert got["next"] == "the doors slam: bring the van back to the Church", got
    got = panel_at(page, m["end3"] - 10, {"countdown": 3})
    assert got["big"] == "0:10" and "zombie cry" in got["next"], got

    # sound: off until a click; on, the cues of a countdown and the end play without errors
    sound = page.get_by_test_id("zc-sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    state = page.evaluate("() => window.__zc.mod.soundState()")
    assert state in ("running", "suspended", "none"), state  # "none": no Web Audio at all
    print(f"sound: {state}")
    for t in (m["start1"] - 2, m["start1"] + 1, m["start1"] + 20, m["slam1"] - 0.5, m["slam1"] + 1,
              m["resume1"] - 1, m["resume1"] + 1, m["end3"] - 1):
        panel_at(page, t)
    announced = page.get_by_test_id("zc-announce").text_content() or ""
    assert announced, "no cue was announced"
    time_up = {"winners": [], "scores": [0, 0], "reason": "time",
               "detail": "the zombie cry: time is up"}
    end = panel_at(page, m["end3"] + 1, {"outcome": time_up})
    assert end["state"] == "over" and "time is up" in end["next"], end
    sound.click()
    expect(page.get_by_test_id("zc-sound")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("() => window.__zc.mod.soundState()") == "off"
    assert not [c for c in browsing.console if "sound" in c], browsing.console

    # legality comes from the legal list alone: a section is a target only when listed
    page.evaluate("""() => { window.__zc.legal = [
      {action: {kind: "enter", section: 3},
       label: "enter the West Crossroads with a getaway and a fist"}]; }""")
    panel_at(page, 20.0, {"outcome": None, "phase": 1, "van": None, "countdown": 0})
    west = page.get_by_test_id("zc-section-start-west")
    expect(west).to_have_attribute("data-target", "1")
    expect(page.get_by_test_id("zc-section-start-east")).not_to_have_attribute("data-target", "1")
    west.click()
    assert page.evaluate("() => window.__zc.acted") == [{"kind": "enter", "section": 3}]
    expect(page.get_by_test_id("zc-roll-all")).to_be_disabled()
