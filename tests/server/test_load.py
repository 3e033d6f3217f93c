"""A human table stays quick while search bots think on other tables, before and after a restart.

The test starts ``getaway serve``, creates six tables of the slowest bots the
lobby offers (Hard, on the heaviest games, every seat a bot), asks for six
more whose bots want ``seconds=100000`` (refused: over the host's cap) and six
whose bots want a hundred million iterations (allowed: the cap stops them),
then plays a two-person table over HTTP while the bots think. Every state
request and every action must come back within the issue's bar (p99 under
100 ms; measured about 10 ms on a 2-core machine) -- before, the same load
held a request for 20 to 94 seconds. The server is then killed (``kill -9``)
and restarted: its bot processes end with it, the bots resume at once and the bar
still holds.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.procs import Server

pytestmark = pytest.mark.slow

HEAVY = [("escape-plan", 5), ("new-york", 4), ("alcatraz-2034", 6)]
BAR = 0.100  # seconds: p99 of a human's state request and action
SAMPLES = 100  # actions (and twice as many state requests) per measurement


def bots(http: httpx.Client, game: str, players: int, agent: str) -> httpx.Response:
    return http.post("/api/tables", json={"game": game, "players": players, "options": {},
                                          "seats": [{"kind": "bot", "agent": agent}] * players})


def human_table(http: httpx.Client) -> tuple[str, dict[int, str]]:
    r = http.post("/api/tables", json={"game": "escape-plan", "players": 2, "options": {},
                                       "seats": [{"kind": "human"}] * 2})
    table = r.json()["id"]
    tokens = {s: http.post(f"/api/tables/{table}/seats/{s}/claim", json={}).json()["token"]
              for s in (0, 1)}
    return table, tokens


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, round(0.99 * len(ordered)) - 1)]


def measure(http: httpx.Client) -> dict[str, Any]:
    """Play a human table for SAMPLES actions: the p99 of its state reads and actions."""
    table, tokens = human_table(http)
    reads: list[float] = []
    actions: list[float] = []
    while len(actions) < SAMPLES:
        start = time.perf_counter()
        s = http.get(f"/api/tables/{table}/state")
        reads.append(time.perf_counter() - start)
        assert s.status_code == 200, s.text
        if s.json()["status"] == "finished":
            table, tokens = human_table(http)
            continue
        seat = s.json()["to_act"][0]
        start = time.perf_counter()
        mine = http.get(f"/api/tables/{table}/state", params={"seat": seat},
                        headers={"x-seat-token": tokens[seat]}).json()
        reads.append(time.perf_counter() - start)
        start = time.perf_counter()
        r = http.post(f"/api/tables/{table}/actions", headers={"x-seat-token": tokens[seat]},
                      json={"seat": seat, "action": mine["legal"][0]["action"], "n": mine["n"]})
        actions.append(time.perf_counter() - start)
        assert r.status_code == 200, r.text
    return {"reads": p99(reads), "actions": p99(actions)}


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (its bot pool's fork server and workers), from /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        for child, parent in parents.items():
            if parent == p and child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (not gone, not zombies)."""
    out = set()
    for p in pids:
        try:
            if "zombie" not in Path(f"/proc/{p}/status").read_text().lower():
                out.add(p)
        except OSError:
            continue
    return out


def bot_moves(http: httpx.Client, ids: list[str]) -> int:
    return sum(http.get(f"/api/tables/{t}").json()["n"] for t in ids)


def busy_pool(http: httpx.Client, ids: list[str], before: int) -> None:
    """Wait until the bots have made a move (they are thinking for real)."""
    deadline = time.monotonic() + 60
    while bot_moves(http, ids) <= before:
        assert time.monotonic() < deadline, "the bots never moved"
        time.sleep(0.2)


def test_a_human_table_stays_quick_while_search_bots_think(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'load.db'}", tmp_path, bot_delay=0.0).start()
    try:
        with httpx.Client(base_url=server.url, timeout=60) as http:
            slow: list[str] = []
            for game, players in HEAVY * 2:
                r = bots(http, game, players, "hard")
                assert r.status_code == 201, r.text
                slow.append(r.json()["id"])
                r = bots(http, game, players, "ismcts:seconds=100000")
                assert r.status_code == 400 and "at most 1.5 s a move" in r.json()["error"]
                r = bots(http, game, players, "flat-mc:iterations=100000000")
                assert r.status_code == 201, r.text
                slow.append(r.json()["id"])
            busy_pool(http, slow, 0)
            before = measure(http)
            print(f"p99 while the bots think: {before}")
            assert before["reads"] < BAR and before["actions"] < BAR, before
            moved = bot_moves(http, slow)
            assert moved > 0

            assert server.proc is not None
            workers = descendants(server.proc.pid)
            assert workers, "the bots think in processes of their own"
            server.kill()
            deadline = time.monotonic() + 30
            while alive(workers):  # no bot outlives its server, even mid-think
                assert time.monotonic() < deadline, alive(workers)
                time.sleep(0.1)
            server.start()
            busy_pool(http, slow, moved)  # the bots resumed after the restart
            after = measure(http)
            print(f"p99 after the restart: {after}")
            assert after["reads"] < BAR and after["actions"] < BAR, after
        assert "Traceback" not in server.log()
    finally:
        server.stop()
