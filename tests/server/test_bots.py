"""Bots think in the bot pool's processes, capped per move, one move per table at a time.

A slow or stuck bot never stalls another table or a request; a bot that
overruns the host's cap is stopped and plays a random legal move; a bot that
crashes does the same; settings asking for more time than the host allows
are refused when the table is created.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, act, bot, claim, new_table, state
from tests.server.toybots import registry

QUICK = 8.0  # seconds an answer may take on a slow, loaded machine and still not be a stall
CAP = 0.5  # seconds a bot may think about a move in these tests


def wait_until(ok: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    """Poll until ``ok()``; the timeout only guards against a hang on a loaded machine."""
    deadline = time.monotonic() + timeout
    while not ok():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


@pytest.fixture
def toys(make_client: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    """An app serving the toy games with the toy bots, bots capped at ``CAP`` seconds."""
    return make_client(sqlite_url, registry=registry(), bot_seconds=CAP, bot_workers=2)


def pool(c: TestClient) -> Any:
    return c.app.state.hub.bots  # type: ignore[attr-defined]


def test_a_stuck_bot_is_stopped_and_stalls_nothing(toys: TestClient) -> None:
    stuck = new_table(toys, [bot("stubborn"), bot("pid")], game="toy-nim")
    busy = new_table(toys, [HUMAN, HUMAN], game="toy-nim")
    tokens = {0: claim(toys, busy, 0), 1: claim(toys, busy, 1)}
    with toys.websocket_connect(f"/ws/tables/{busy}") as ws:
        ws.send_json({"type": "hello", "tokens": {"0": tokens[0], "1": tokens[1]}})
        for _ in range(6):
            s = state(toys, busy)
            if s["status"] == "finished":
                break
            seat = s["to_act"][0]
            mine = state(toys, busy, seat, tokens[seat])
            start = time.monotonic()
            r = act(toys, busy, seat, tokens[seat], mine["legal"][0]["action"], mine["n"])
            assert r.status_code == 200, r.text
            while ws.receive_json()["n"] != mine["n"] + 1:  # both seats get a message
                pass
            assert time.monotonic() - start < QUICK, "the other table answered at once"
    start = time.monotonic()
    assert state(toys, stuck)["n"] == 0, "the stubborn bot is still thinking"
    assert time.monotonic() - start < QUICK, "its table can be read while it thinks"
    # The pool stops it after the cap and its grace; the seat then plays a random move.
    wait_until(lambda: state(toys, stuck)["n"] >= 1, "the stuck bot's fallback move")
    assert pool(toys).failures >= 1


def test_a_bot_that_dawdles_stops_at_the_cap(toys: TestClient) -> None:
    table = new_table(toys, [bot("dawdler"), bot("dawdler")], game="toy-nim")
    pile = state(toys, table)["view"]["pile"]
    start = time.monotonic()
    wait_until(lambda: state(toys, table)["n"] >= 1, "the dawdler's first move")
    took = time.monotonic() - start
    assert took >= CAP * 0.9, "it thought until the cap"
    assert pool(toys).failures == 0, "it answered in time: no fallback"
    assert state(toys, table)["view"]["pile"] == pile - 1, "its own choice (take 1) was played"


def test_a_crashing_bot_plays_a_random_move(toys: TestClient) -> None:
    table = new_table(toys, [bot("crasher"), bot("crasher")], game="toy-nim")
    wait_until(lambda: state(toys, table)["status"] == "finished", "the crashing bots' game")
    assert pool(toys).failures >= 2


def test_one_move_per_table_is_thought_about_at_a_time(toys: TestClient) -> None:
    """Two bot seats bid at the same time; the pool never holds both of that table."""
    table = new_table(toys, [bot("dawdler"), bot("dawdler")], game="toy-auction")
    most = 0
    deadline = time.monotonic() + 4 * CAP
    while time.monotonic() < deadline:
        most = max(most, pool(toys).busy + pool(toys).queued())
        time.sleep(0.01)
    assert most == 1, "one move of the table in flight, never two"
    assert state(toys, table)["n"] >= 2, "the bots went on bidding one after the other"


def test_bots_think_in_worker_processes(toys: TestClient, tmp_path: Path) -> None:
    import os

    log = tmp_path / "pids"
    table = new_table(toys, [bot(f"pid:path={log}"), bot(f"pid:path={log}")], game="toy-nim")
    wait_until(lambda: state(toys, table)["status"] == "finished", "the game")
    pids = {int(p) for p in log.read_text().split()}
    assert pids and os.getpid() not in pids, "no bot thought in the server's process"


@pytest.mark.parametrize(("agent", "ok"), [
    ("ismcts:seconds=100000", False), ("flat-mc:seconds=0.6", False), ("hard:seconds=5", False),
    ("ismcts:seconds=0.5", True), ("ismcts:iterations=100000000", True), ("hard", True),
    ("normal", True), ("easy", True), ("heuristic", True)])
def test_bot_settings_are_checked_against_the_hosts_cap(
        make_client: Callable[..., TestClient], sqlite_url: str, agent: str, ok: bool) -> None:
    c = make_client(sqlite_url, bot_seconds=CAP)
    if agent == "hard":  # Hard thinks a second by default: more than this host's cap
        ok = False
    r = c.post("/api/tables", json={"game": "escape-now", "players": 2, "options": {},
                                    "seats": [HUMAN, bot(agent)]})
    if ok:
        assert r.status_code == 201, r.text
    else:
        assert r.status_code == 400, r.text
        assert f"at most {CAP:g} s a move" in r.json()["error"]


def test_the_lobby_offers_levels_and_names_bots_by_them(client: TestClient) -> None:
    games = client.get("/api/games").json()
    for g in games:
        assert [b["name"] for b in g["bots"]] == ["Easy", "Normal", "Hard"]
        assert all(b["about"] for b in g["bots"])
        assert {"easy", "normal", "hard"} <= set(g["agents"])
    table = new_table(client, [HUMAN, bot("easy"), bot("normal")])
    names = [s["name"] for s in client.get(f"/api/tables/{table}").json()["seats"]]
    assert names == [None, "Easy", "Normal"]
