"""What one client may do, many watchers, and memory: the host's limits hold.

Table creation is rate-limited and capped per client; sockets are capped per
table and per client; a change is built once per audience however many sockets
watch; idle tables leave memory and come back from the store intact.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from getaway.server.clients import RateLimit
from getaway.server.hub import OUTBOX, Conn, Hub, HubLimits
from getaway.server.live import Live
from tests.server.helpers import HUMAN, act, bot, claim, new_table, state


def create(c: TestClient, seats: list[dict[str, str]] | None = None) -> Any:
    return c.post("/api/tables", json={"game": "escape-now", "players": 2, "options": {},
                                       "seats": seats or [HUMAN, HUMAN]})


def test_table_creation_is_rate_limited_per_client(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url, tables_per_minute=3, client_tables=0)
    assert [create(c).status_code for _ in range(3)] == [201, 201, 201]
    r = create(c)
    assert r.status_code == 429 and "too many tables" in r.json()["error"]
    assert int(r.headers["retry-after"]) > 0
    assert len(c.get("/api/tables").json()) == 3, "the refused table was not made"


def test_refused_tables_do_not_count(make_client: Callable[..., TestClient],
                                     sqlite_url: str) -> None:
    c = make_client(sqlite_url, tables_per_minute=2, client_tables=0)
    bad = c.post("/api/tables", json={"game": "escape-now", "players": 9, "seats": []})
    assert bad.status_code == 400
    assert [create(c).status_code for _ in range(3)] == [201, 201, 429]


def test_the_rate_limit_counts_each_client_and_forgets_after_a_minute() -> None:
    limit = RateLimit(2)
    for at in (0.0, 1.0):
        assert limit.wait("ann", at) == 0
        limit.count("ann", at)
    assert limit.wait("ann", 2.0) == pytest.approx(58.0)
    assert limit.wait("bob", 2.0) == 0, "another client is not held back"
    assert limit.wait("ann", 60.5) == 0, "a minute later the first creation no longer counts"
    limit.count("ann", 60.5)
    assert limit.wait("ann", 60.6) == pytest.approx(0.4)
    nolimit = RateLimit(0)
    nolimit.count("ann")
    assert nolimit.wait("ann") == 0, "0: no limit"


def test_open_and_running_tables_are_capped_per_client(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url, tables_per_minute=0, client_tables=2)
    quick = [bot("random"), bot("random")]
    first = create(c, quick).json()["id"]
    assert create(c).status_code == 201
    r = create(c)
    assert r.status_code == 429 and "2 open or running tables" in r.json()["error"], r.text
    deadline = time.monotonic() + 60
    while state(c, first)["status"] != "finished":  # the bots' game ends: room for one more
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert create(c).status_code == 201


def test_sockets_are_capped_per_table_and_per_client(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url, table_sockets=2, client_sockets=3)
    one, two = new_table(c, [HUMAN, HUMAN]), new_table(c, [HUMAN, HUMAN])
    with c.websocket_connect(f"/ws/tables/{one}") as a, \
            c.websocket_connect(f"/ws/tables/{one}") as b:
        for sock in (a, b):  # a pong comes once the server has counted the socket (under
            sock.send_json({"type": "ping"})  # load a third one could otherwise slip in
            assert sock.receive_json() == {"type": "pong"}  # first and wait for a hello)
        with c.websocket_connect(f"/ws/tables/{one}") as third:
            msg = third.receive_json()
            assert msg["type"] == "error" and "already has 2 connections" in msg["error"]
        with c.websocket_connect(f"/ws/tables/{two}") as ok:
            ok.send_json({"type": "ping"})
            assert ok.receive_json() == {"type": "pong"}
            with c.websocket_connect(f"/ws/tables/{two}") as fourth:
                msg = fourth.receive_json()
                assert msg["type"] == "error" and "3 connections from one client" in msg["error"]
    with c.websocket_connect(f"/ws/tables/{one}") as again:  # closed sockets no longer count
        again.send_json({"type": "ping"})
        assert again.receive_json() == {"type": "pong"}


def test_a_change_is_built_once_per_audience(client: TestClient,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    tokens = {s: claim(client, table, s) for s in (0, 1)}
    built: list[int | None] = []
    original = Live.message

    def counting(self: Live, seat: int | None, since: int = 0) -> dict[str, Any]:
        built.append(seat)
        return original(self, seat, since)

    watchers = [client.websocket_connect(f"/ws/tables/{table}") for _ in range(12)]
    players = client.websocket_connect(f"/ws/tables/{table}")
    socks = [w.__enter__() for w in watchers]
    me = players.__enter__()
    try:
        for ws in socks:
            ws.send_json({"type": "hello", "tokens": {}, "since": 0})
            assert ws.receive_json()["seat"] is None
        me.send_json({"type": "hello", "tokens": {"0": tokens[0], "1": tokens[1]}, "since": 0})
        me.receive_json()
        me.receive_json()
        monkeypatch.setattr(Live, "message", counting)
        s = state(client, table, 0, tokens[0])
        built.clear()
        assert act(client, table, 0, tokens[0], s["legal"][0]["action"], s["n"]).status_code == 200
        got = [ws.receive_json() for ws in socks]
        assert {m["n"] for m in got} == {1} and len({str(m) for m in got}) == 1
        assert {me.receive_json()["seat"], me.receive_json()["seat"]} == {0, 1}
        assert sorted(built, key=str) == [0, 1, None], "each audience's message built once"
    finally:
        me.__exit__(None, None, None)
        for w in watchers:
            w.__exit__(None, None, None)


def test_idle_tables_leave_memory_and_come_back(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    tokens = {s: claim(client, table, s) for s in (0, 1)}
    s = state(client, table, 0, tokens[0])
    assert act(client, table, 0, tokens[0], s["legal"][0]["action"], s["n"]).status_code == 200
    tables = client.app.state.tables  # type: ignore[attr-defined]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # the socket is registered
        assert tables.trim(0.0, keep=hub.conns) == 0, "a watched table stays"
    assert table in tables.live
    deadline = time.monotonic() + 30
    while hub.conns:  # the closed socket is forgotten
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert tables.trim(0.0, keep=hub.conns) == 1 and table not in tables.live
    again = state(client, table, 1, tokens[1])
    assert again["n"] == 1 and again["view"] == state(client, table, 1, tokens[1])["view"]
    assert table in tables.live, "rebuilt from the store when asked for"


def test_a_socket_that_stops_reading_falls_behind_alone() -> None:
    """A watcher that never reads blocks nobody: it is closed once its outbox is full."""
    class Socket:
        def __init__(self, reads: bool) -> None:
            self.reads, self.got, self.closed = reads, 0, False

        async def send_text(self, text: str) -> None:
            if not self.reads:
                await asyncio.Event().wait()  # a full buffer that never drains
            self.got += 1

        async def close(self, code: int = 1000, reason: str = "") -> None:
            self.closed = True

    class Table:
        n = 0
        lock = threading.RLock()

        def message(self, seat: int | None, since: int = 0) -> dict[str, Any]:
            return {"n": self.n, "seat": seat}

    async def run() -> tuple[Socket, Socket]:
        hub = Hub.__new__(Hub)
        hub.conns, hub.by_client, hub._tasks = {}, {}, set()
        hub.limits = HubLimits()
        stuck, reader = Socket(False), Socket(True)
        conns = [Conn(stuck, client="a", greeted=True),  # type: ignore[arg-type]
                 Conn(reader, client="b", greeted=True)]  # type: ignore[arg-type]
        for c in conns:
            hub.add("t", c)
        table = Table()
        for n in range(OUTBOX + 5):
            table.n = n
            await hub._push(table, conns)  # type: ignore[arg-type]
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        for c in conns:
            hub.remove("t", c)
        return stuck, reader

    stuck, reader = asyncio.run(run())
    assert reader.got == OUTBOX + 5, "the reading socket got every message"
    assert stuck.closed and stuck.got == 0, "the stuck one was let go"
