"""Real server processes: a crash and restart mid-game, and two servers on one database."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from getaway.core.records import Record, replay
from getaway.games import registry
from tests.server.conftest import need_postgres, reset_postgres
from tests.server.procs import Server


def _post(server: Server, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"x-seat-token": token} if token else {}
    return httpx.post(server.url + path, json=body, headers=headers, timeout=10)


def _state(server: Server, table: str, seat: int | None = None, token: str | None = None):
    params = {"seat": seat} if seat is not None else {}
    headers = {"x-seat-token": token} if token else {}
    r = httpx.get(f"{server.url}/api/tables/{table}/state", params=params, headers=headers,
                  timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def _move(server: Server, table: str, tokens: dict[int, str]) -> bool:
    """One move by whichever human seat is to act (its last legal action); False at the end."""
    s = _state(server, table)
    if s["status"] == "finished":
        return False
    humans = [seat for seat in s["to_act"] if seat in tokens]
    for seat in humans:
        mine = _state(server, table, seat, tokens[seat])
        r = _post(server, f"/api/tables/{table}/actions",
                  {"seat": seat, "action": mine["legal"][-1]["action"], "n": mine["n"]},
                  tokens[seat])
        assert r.status_code in (200, 409), r.text
    if not humans:
        time.sleep(0.02)  # the bot is thinking: leave it the CPU rather than poll at once
    return True


def test_kill_and_restart_mid_game(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'game.db'}"
    server = Server(db, tmp_path, bot_delay=0.01).start()
    try:
        r = _post(server, "/api/tables", {"game": "escape-now", "players": 3, "options": {},
                                         "seats": [{"kind": "human"}, {"kind": "human"},
                                                   {"kind": "bot", "agent": "heuristic"}]})
        table = r.json()["id"]
        tokens = {s: _post(server, f"/api/tables/{table}/seats/{s}/claim", {}).json()["token"]
                  for s in (0, 1)}
        for _ in range(15):
            _move(server, table, tokens)
        acknowledged = _state(server, table)["n"]
        server.kill()  # no shutdown code runs
        server.start()
        after = _state(server, table)
        assert after["n"] >= acknowledged, "an acknowledged move was lost"
        while _move(server, table, tokens):
            pass
        final = _state(server, table)
    finally:
        server.stop()
    # The same moves replayed without any interruption give the same game.
    engine_rows = _moves(db, table)
    summary = final["summary"]
    seed = _seed(db, table)
    record = Record(summary["game"], "test", summary["players"], summary["options"], seed,
                    tuple(engine_rows), final["outcome"])
    match = replay(record, registry())
    assert match.state.outcome().to_json() == final["outcome"]
    assert match.state.view(None) == final["view"]


def _moves(db: str, table: str) -> list[dict[str, Any]]:
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT seat, action FROM moves WHERE table_id=:t ORDER BY n"),
                            {"t": table}).all()
    engine.dispose()
    return [{"seat": seat, "action": json.loads(action) if isinstance(action, str) else action}
            for seat, action in rows]


def _seed(db: str, table: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    with engine.connect() as conn:
        seed = conn.execute(text("SELECT seed FROM game_tables WHERE id=:t"),
                            {"t": table}).scalar_one()
    engine.dispose()
    return int(seed)


def _ws_url(server: Server, table: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{table}"


def test_two_servers_share_one_postgres(tmp_path: Path) -> None:
    url = need_postgres()
    reset_postgres(url)
    a = Server(url, tmp_path, bot_delay=0.01).start()
    b = Server(url, tmp_path, bot_delay=0.01).start()
    try:
        r = _post(a, "/api/tables", {"game": "escape-now", "players": 3, "options": {},
                                    "seats": [{"kind": "human"}, {"kind": "human"},
                                              {"kind": "bot", "agent": "random"}]})
        table = r.json()["id"]
        t0 = _post(a, f"/api/tables/{table}/seats/0/claim", {}).json()["token"]
        t1 = _post(b, f"/api/tables/{table}/seats/1/claim", {}).json()["token"]
        final: dict[int, dict[str, Any]] = {}
        errors: list[str] = []

        def player(server: Server, seat: int, token: str) -> None:
            """Plays one seat over a socket to one server until the game ends."""
            with connect(_ws_url(server, table), open_timeout=10) as ws:
                ws.send(json.dumps({"type": "hello", "tokens": {str(seat): token}}))
                acted = -1
                while True:
                    msg = json.loads(ws.recv(timeout=30))
                    if msg["type"] == "error":
                        if "stale" not in msg["error"]:
                            errors.append(msg["error"])
                        continue
                    if msg["type"] != "state":
                        continue
                    if msg["status"] == "finished":
                        final[seat] = msg
                        return
                    if msg["legal"] and msg["n"] != acted:
                        acted = msg["n"]
                        ws.send(json.dumps({"type": "act", "seat": seat, "n": msg["n"],
                                            "action": msg["legal"][-1]["action"]}))

        threads = [threading.Thread(target=player, args=(a, 0, t0)),
                   threading.Thread(target=player, args=(b, 1, t1))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not errors, errors
        assert set(final) == {0, 1}, "both seats saw the end through their own server"
        assert final[0]["n"] == final[1]["n"] and final[0]["outcome"] == final[1]["outcome"]
        assert _state(a, table)["view"] == _state(b, table)["view"]
        # Racing the same move on both servers: exactly one is accepted.
        r = _post(a, "/api/tables", {"game": "escape-now", "players": 2, "options": {},
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
        race = r.json()["id"]
        tok = {s: _post(a, f"/api/tables/{race}/seats/{s}/claim", {}).json()["token"]
               for s in (0, 1)}
        for _ in range(10):
            s = _state(a, race)
            seat = s["to_act"][0]
            mine = _state(b, race, seat, tok[seat])
            body = {"seat": seat, "action": mine["legal"][0]["action"], "n": mine["n"]}
            codes: list[int] = []

            def submit(srv: Server, body: dict = body, token: str = tok[seat],
                       codes: list[int] = codes) -> None:
                codes.append(_post(srv, f"/api/tables/{race}/actions", body, token).status_code)

            racers = [threading.Thread(target=submit, args=(srv,)) for srv in (a, b, a, b)]
            for t in racers:
                t.start()
            for t in racers:
                t.join()
            assert sorted(codes) == [200, 409, 409, 409], codes
            assert _state(a, race)["n"] == _state(b, race)["n"] == mine["n"] + 1
    finally:
        a.stop()
        b.stop()
        for s in (a, b):
            if s.proc and s.proc.returncode not in (0, -15, None):
                pytest.fail(s.log())
