"""Real-time tables on the wall clock, with a fake wall so ten game seconds take none.

The toy tap race (``tests/core/toys.py``): every seat taps for 10 seconds, a
bell at 5 seconds doubles later taps. The server advances the clock with the
(fake) wall time, stamps actions when they arrive, stores every advance, and a
restarted server resumes the table where it stopped (the clock pauses while
the server is down). A table with people waits until every one of them has
pressed "Ready", then starts its clock three seconds later.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from getaway.core.registry import Registry
from getaway.server.app import create_app
from getaway.server.settings import Settings
from getaway.server.wall import Wall, seconds
from getaway.store.models import MoveRow
from tests.core.toys import Nim, TapGame
from tests.server.helpers import HUMAN, act, bot, claim, new_table, ready, state

T0 = 1_700_000_000.0


class FakeWall(Wall):
    """A wall clock that moves only when the test says so."""

    def __init__(self, start: float = T0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    async def sleep_until(self, at: float) -> None:
        while self.t < at:
            await asyncio.sleep(0.002)

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def wall() -> FakeWall:
    return FakeWall()


@pytest.fixture
def serve(wall: FakeWall) -> Iterator[Callable[[str], TestClient]]:
    """Start apps (entered TestClients) with the toy games on the fake wall."""
    clients: list[TestClient] = []

    def make(url: str) -> TestClient:
        reg = Registry()
        reg.register(TapGame())
        reg.register(Nim())
        app = create_app(Settings(db_url=url, bot_delay=0.0), registry=reg, wall=wall)
        c = TestClient(app)
        c.__enter__()
        clients.append(c)
        return c

    yield make
    for c in clients:
        if c.portal is not None:  # not stopped by the test already
            c.__exit__(None, None, None)


def wait_for(get: Callable[[], Any], ok: Callable[[Any], bool], what: str,
              timeout: float = 30.0) -> Any:
    """Poll ``get()`` until ``ok`` holds of its value; fail naming ``what``.

    The fake wall only moves when the test says, so the timeout is no part of what is
    tested: it is only generous enough for a slow, loaded machine."""
    deadline = time.monotonic() + timeout
    while True:
        value = get()
        if ok(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; last: {value!r}")
        time.sleep(0.005)


def has_view(want: dict[str, Any]) -> Callable[[dict[str, Any]], bool]:
    """A test of a seat message: its view is ``want``."""
    return lambda s: bool(s["view"] == want)


def taps_by(second: int) -> int:
    """A bot tapping every second from 0 taps this many by ``second`` (doubled from 5)."""
    return sum(2 if i >= 5 else 1 for i in range(min(second, 9) + 1))


def all_ready(c: TestClient, wall: FakeWall, table: str, tokens: dict[int, str]) -> float:
    """Every seat of ``tokens`` presses Ready; the wall moves to the start; its time."""
    for seat, token in tokens.items():
        r = ready(c, table, seat, token)
        assert r.status_code == 200, r.text
    start = r.json()["ready"]["start"]
    assert start == wall.now() + 3.0
    wall.advance(3.0)
    wait_for(lambda: state(c, table), lambda s: s["ready"] is None and s["clock"]["running"],
             "the start")
    return float(start)


def test_a_bot_table_runs_on_the_wall_clock(
        serve: Callable[[str], TestClient], wall: FakeWall, sqlite_url: str) -> None:
    c = serve(sqlite_url)
    table = new_table(c, [bot("random")], game="toy-tap")
    seen: list[dict[str, Any]] = []
    with c.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {}, "since": 0})
        for k in range(10):
            want = {"clock": float(k), "taps": [taps_by(k)], "rung": k >= 5}
            s = wait_for(lambda: state(c, table), has_view(want),
                         f"the clock at {k} s and the bot's taps")
            assert s["clock"]["seconds"] == k and s["clock"]["wall"] == wall.now()
            assert s["clock"]["running"] and s["summary"]["clock"]["seconds"] == k
            assert s["status"] == "running"
            wall.advance(1.0)
        end = wait_for(lambda: state(c, table), lambda s: s["status"] == "finished", "the end")
        while not any(e["kind"] == "bell" for e in seen[-1]["events"]) if seen else True:
            seen.append(ws.receive_json())  # the changes were broadcast, the bell among them
    assert end["outcome"]["winners"] == [0] and end["outcome"]["reason"] == "time"
    assert end["outcome"]["scores"] == [15.0]  # 5 taps before the bell, 5 doubled after
    assert c.app.state.hub.bots.failures == 0, "the bot thought in the pool, no fallback"
    assert end["view"]["clock"] == 10.0 and end["clock"] == {
        "seconds": 10.0, "wall": wall.now(), "running": False}
    bells = [(m, e) for m in seen for e in m["events"] if e["kind"] == "bell"]
    assert len(bells) == 1, "the bell is broadcast once"
    msg, bell = bells[0]
    assert msg["view"]["clock"] >= 5.0 and msg["view"]["rung"]
    # The bell came with the advance step that brought the clock to 5 s.
    replay = c.get(f"/api/tables/{table}/replay").json()
    step = next(s for s in replay["steps"] if s["n"] == bell["n"] + 1)
    assert step["seat"] is None and step["view"]["clock"] == 5.0
    assert [e["kind"] for e in step["events"]] == ["bell"]
    # The socket was pushed the steps in order, at least one a second.
    ns = [m["n"] for m in seen]
    assert ns == sorted(ns) and len(set(ns)) >= (ns[-1] - ns[0]) // 2, ns


def moves(url: str, table: str) -> list[MoveRow]:
    engine = create_engine(url)
    with Session(engine) as db:
        rows = list(db.scalars(select(MoveRow).where(MoveRow.table_id == table)
                               .order_by(MoveRow.n)))
    engine.dispose()
    return rows


def test_actions_are_stamped_on_arrival_and_a_restart_resumes_the_clock(
        serve: Callable[[str], TestClient], wall: FakeWall, sqlite_url: str,
        tmp_path: Path) -> None:
    c = serve(sqlite_url)
    table = new_table(c, [HUMAN, HUMAN], game="toy-tap")
    t0, t1 = claim(c, table, 0), claim(c, table, 1)
    start = all_ready(c, wall, table, {0: t0, 1: t1})  # clock 0 from now
    wall.advance(2.5)
    r = act(c, table, 0, t0, {"kind": "tap"})
    assert r.status_code == 200, r.text
    s = state(c, table, 0, t0)
    assert s["view"]["clock"] == 2.5 and s["view"]["taps"] == [1, 0]
    # Seat 0 may not repeat a move number from before its own action ...
    stale = s["n"] - 1
    assert act(c, table, 0, t0, {"kind": "tap"}, n=stale).status_code == 409
    # ... but the clock's own steps never make a seat's move number stale.
    early = state(c, table, 1, t1)["n"]
    wall.advance(3.0)  # the bell rings at 5 s
    wait_for(lambda: state(c, table)["view"]["rung"], bool, "the bell")
    assert act(c, table, 1, t1, {"kind": "tap"}, n=early).status_code == 200
    s = state(c, table)
    assert s["view"]["clock"] == 5.5 and s["view"]["taps"] == [1, 2]
    rows = moves(sqlite_url, table)
    taps = [m for m in rows if m.action is not None]
    assert [(m.seat, seconds(m.at) - start) for m in taps] == [(0, 2.5), (1, 5.5)]
    advances = [m.advance for m in rows if m.action is None]
    assert advances and all(a is not None and a > 0 for a in advances)
    assert sum(a or 0.0 for a in advances) == pytest.approx(5.5)
    before = state(c, table)
    c.__exit__(None, None, None)  # the server stops ...

    wall.advance(100.0)  # ... for 100 s, which the clock does not count
    c2 = serve(sqlite_url)
    after = state(c2, table)
    assert after["n"] == before["n"] and after["view"] == before["view"]
    assert after["clock"]["seconds"] == 5.5 and after["clock"]["running"]
    wall.advance(1.0)
    wait_for(lambda: state(c2, table)["view"]["clock"], lambda x: x == 6.5, "6.5 s")
    assert act(c2, table, 0, t0, {"kind": "tap"}).status_code == 200  # tokens survive too
    wall.advance(3.5)  # the end, at 10 s
    end = wait_for(lambda: state(c2, table), lambda s: s["status"] == "finished", "the end")
    assert end["view"]["clock"] == 10.0 and end["view"]["taps"] == [3, 2]
    assert end["outcome"]["winners"] == [0] and end["outcome"]["scores"] == [3.0, 2.0]
    r = act(c2, table, 1, t1, {"kind": "tap"})
    assert r.status_code == 409 and "over" in r.json()["error"]
    rows = moves(sqlite_url, table)
    assert sum(m.advance or 0.0 for m in rows) == pytest.approx(10.0)
    assert rows[-1].action is None, "the game ended on an advance"


def test_an_action_after_the_end_stores_the_end_and_is_refused(
        serve: Callable[[str], TestClient], wall: FakeWall, sqlite_url: str) -> None:
    c = serve(sqlite_url)
    table = new_table(c, [HUMAN], game="toy-tap")
    token = claim(c, table, 0)
    all_ready(c, wall, table, {0: token})
    tables = c.app.state.tables  # type: ignore[attr-defined]
    # Arriving at 12 s (received before the ticker saw the time pass), the tap is too late.
    wall.advance(12.0)
    with pytest.raises(Exception, match="time ran out|game is over"):
        tables.act(table, 0, {"kind": "tap"}, token, at=wall.now())
    end = wait_for(lambda: state(c, table), lambda s: s["status"] == "finished", "the end")
    assert end["view"]["taps"] == [0] and end["view"]["clock"] >= 10.0


def test_turn_based_tables_have_no_clock(
        serve: Callable[[str], TestClient], wall: FakeWall, sqlite_url: str) -> None:
    c = serve(sqlite_url)
    table = new_table(c, [HUMAN, HUMAN], game="toy-nim")
    tokens = [claim(c, table, 0), claim(c, table, 1)]
    wall.advance(30.0)
    time.sleep(0.05)
    s = state(c, table, 0, tokens[0])
    assert s["n"] == 0 and s["clock"] is None and s["summary"]["clock"] is None
    assert act(c, table, 0, tokens[0], {"kind": "take", "stones": 1}, n=0).status_code == 200
    assert act(c, table, 1, tokens[1], {"kind": "take", "stones": 1}, n=0).status_code == 409
    assert [m.advance for m in moves(c.app.state.settings.db_url, table)] == [None]  # type: ignore[attr-defined]


def test_a_table_with_people_waits_until_every_one_is_ready(
        serve: Callable[[str], TestClient], wall: FakeWall, db_url: str) -> None:
    c = serve(db_url)
    assert state(c, new_table(c, [bot("random")], game="toy-tap"))["ready"] is None, \
        "a table of bots starts at once"
    table = new_table(c, [HUMAN, HUMAN, bot("random")], game="toy-tap")
    t0 = claim(c, table, 0)
    assert ready(c, table, 0, t0).status_code == 409, "not before every seat is taken"
    t1 = claim(c, table, 1)
    s = state(c, table, 0, t0)
    assert s["status"] == "running" and s["ready"] == {"seats": [], "start": None}
    assert s["summary"]["ready"] == s["ready"] and s["legal"] == [] and s["to_act"] == []
    assert s["clock"]["running"] is False and s["clock"]["seconds"] == 0.0
    r = act(c, table, 0, t0, {"kind": "tap"})
    assert r.status_code == 409 and "every player is ready" in r.json()["error"]
    wall.advance(5.0)
    time.sleep(0.1)  # the ticker and the bot would have had time to move
    s = state(c, table)
    assert s["n"] == 0 and s["view"]["taps"] == [0, 0, 0] and s["clock"]["seconds"] == 0.0

    assert ready(c, table, 0, t1).status_code == 403, "a wrong token"
    assert ready(c, table, 2, t0).status_code == 403, "a bot seat"
    assert ready(c, table, 7, t0).status_code == 403, "no such seat"
    for _ in range(2):  # idempotent
        r = ready(c, table, 0, t0)
        assert r.status_code == 200 and r.json() == {"ready": {"seats": [0], "start": None}}
    assert state(c, table, 1, t1)["ready"] == {"seats": [0], "start": None}
    wall.advance(5.0)
    time.sleep(0.1)
    assert state(c, table)["n"] == 0

    r = ready(c, table, 1, t1)
    start = wall.now() + 3.0
    assert r.status_code == 200 and r.json() == {"ready": {"seats": [0, 1], "start": start}}
    s = state(c, table, 1, t1)
    assert s["ready"] == {"seats": [0, 1], "start": start} and s["legal"] == []
    assert not s["clock"]["running"]
    assert ready(c, table, 1, t1).json()["ready"]["start"] == start, "pressed again"
    wall.advance(2.9)  # counting down: still nobody acts, the clock stands
    time.sleep(0.1)
    assert act(c, table, 1, t1, {"kind": "tap"}).status_code == 409
    s = state(c, table)
    assert s["n"] == 0 and s["view"]["taps"] == [0, 0, 0] and s["clock"]["seconds"] == 0.0

    wall.advance(0.1)  # the start
    s = wait_for(lambda: state(c, table, 0, t0), lambda s: s["ready"] is None, "the start")
    assert s["clock"]["running"] and s["legal"] and s["view"]["clock"] == 0.0
    bot_tap = wait_for(lambda: state(c, table), lambda s: s["view"]["taps"][2] == 1,
                       "the bot's first tap")
    assert bot_tap["view"]["clock"] == 0.0, "the bot tapped at the start"
    wall.advance(1.5)
    assert act(c, table, 0, t0, {"kind": "tap"}).status_code == 200
    s = state(c, table)
    assert s["view"]["clock"] == 1.5 and s["view"]["taps"][0] == 1
    r = ready(c, table, 0, t0)
    assert r.status_code == 409 and "started" in r.json()["error"]
    rows = moves(db_url, table)
    assert rows and all(seconds(m.at) >= start for m in rows), "no step before the start"
    assert sum(m.advance or 0.0 for m in rows) == pytest.approx(1.5)

    nim = new_table(c, [HUMAN, HUMAN], game="toy-nim")
    n0 = claim(c, nim, 0)
    claim(c, nim, 1)
    assert state(c, nim)["ready"] is None, "turn-based games need no ready"
    assert ready(c, nim, 0, n0).status_code == 409


def test_a_restart_while_getting_ready_keeps_who_is_ready(
        serve: Callable[[str], TestClient], wall: FakeWall, db_url: str) -> None:
    c = serve(db_url)
    table = new_table(c, [HUMAN, HUMAN, bot("random")], game="toy-tap")
    t0, t1 = claim(c, table, 0), claim(c, table, 1)
    assert ready(c, table, 1, t1).status_code == 200
    c.__exit__(None, None, None)  # the server stops ...
    wall.advance(100.0)
    c2 = serve(db_url)  # ... and another starts
    s = state(c2, table)
    assert s["ready"] == {"seats": [1], "start": None} and s["n"] == 0
    assert not s["clock"]["running"]
    wall.advance(5.0)
    time.sleep(0.1)
    assert state(c2, table)["n"] == 0, "its bot still waits"
    r = ready(c2, table, 0, t0)
    assert r.status_code == 200 and r.json()["ready"]["start"] == wall.now() + 3.0
    wall.advance(3.0)
    wait_for(lambda: state(c2, table), lambda s: s["ready"] is None and s["view"]["taps"][2],
             "the start and the bot's tap")
    wall.advance(1.0)
    wait_for(lambda: state(c2, table)["view"]["clock"], lambda x: x == 1.0, "1 s")
    assert act(c2, table, 0, t0, {"kind": "tap"}).status_code == 200
