"""The table WebSocket: hello, live updates to every connection, actions, bad input."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, bot, claim, new_table, state


def receive_state(ws: Any, at: int = 0) -> dict[str, Any]:
    """The next seat message of move ``at`` or later (a change that did not move, such
    as the table's start racing a hello, may repeat a move's message)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state" and msg["n"] >= at:
            return dict(msg)


def receive_reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a seat message: an answer (error, pong) to what the
    test sent. Seat messages may come at any time after a hello (a table change pushed
    late, such as the table's start), so they are skipped here."""
    while True:
        msg = ws.receive_json()
        if msg["type"] != "state":
            return dict(msg)


def test_hello_gives_each_seat_its_view(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    t0, t1 = claim(client, table, 0), claim(client, table, 1)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {"0": t0, "1": t1}})
        a, b = receive_state(ws), receive_state(ws)
        assert (a["seat"], b["seat"]) == (0, 1)
        assert a["legal"] and not b["legal"]
        assert [h["hand"] for h in a["view"]["hands"] if "cards" in h] == [0]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {}})
        spec = receive_state(ws)
        assert spec["seat"] is None and spec["legal"] == []
        assert all("cards" not in h for h in spec["view"]["hands"])


def test_moves_reach_every_connection(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    t0, t1 = claim(client, table, 0), claim(client, table, 1)
    with client.websocket_connect(f"/ws/tables/{table}") as w0, \
            client.websocket_connect(f"/ws/tables/{table}") as w1, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        w0.send_json({"type": "hello", "tokens": {"0": t0}})
        w1.send_json({"type": "hello", "tokens": {"1": t1}})
        watcher.send_json({"type": "hello"})
        first = receive_state(w0)
        receive_state(w1)
        receive_state(watcher)
        w0.send_json({"type": "act", "seat": 0, "action": first["legal"][0]["action"],
                      "n": first["n"]})
        for ws, seat in ((w0, 0), (w1, 1), (watcher, None)):
            msg = receive_state(ws, at=1)
            assert msg["seat"] == seat and msg["n"] == 1
            assert [e["n"] for e in msg["events"]] == [0], "only the new move's events"
            assert "puzzle" in msg["events"][0]["text"]


def test_nothing_reaches_a_socket_before_its_hello(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    t0, _t1 = claim(client, table, 0), claim(client, table, 1)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        s = state(client, table, 0, t0)
        client.post(f"/api/tables/{table}/actions",
                    json={"seat": 0, "action": s["legal"][0]["action"]},
                    headers={"x-seat-token": t0})
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}, "a state pushed before hello"
        ws.send_json({"type": "hello", "tokens": {}})
        msg = receive_state(ws)
        assert msg["seat"] is None and msg["n"] == 1


def test_reconnect_catches_up_from_since(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    t0, _t1 = claim(client, table, 0), claim(client, table, 1)
    s = state(client, table, 0, t0)
    client.post(f"/api/tables/{table}/actions", json={"seat": 0, "action": s["legal"][0]["action"]},
                headers={"x-seat-token": t0})
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {"0": t0}, "since": 1})
        msg = receive_state(ws)
        assert msg["n"] == 1 and msg["events"] == []
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {"0": t0}, "since": 0})
        assert [e["n"] for e in receive_state(ws)["events"]] == [0]


def test_bad_socket_input_is_answered_and_changes_nothing(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    t0, _ = claim(client, table, 0), claim(client, table, 1)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text("{oops")
        assert "not valid JSON" in ws.receive_json()["error"]
        ws.send_json([1, 2])
        assert "JSON object" in ws.receive_json()["error"]
        ws.send_json({"type": "dance"})
        assert "unknown message type 'dance'" in ws.receive_json()["error"]
        ws.send_json({"type": "act", "seat": 0, "action": {"kind": "pass"}})
        assert "send hello first" in ws.receive_json()["error"]
        ws.send_json({"type": "hello", "tokens": {"0": "forged", "1": t0, "x": t0}})
        errors = [ws.receive_json() for _ in range(3)]
        assert all(e["type"] == "error" for e in errors)
        assert receive_state(ws)["seat"] is None, "no valid token: a spectator"
        ws.send_json({"type": "hello", "tokens": {"0": t0}, "since": -3})
        assert "since" in receive_reply(ws)["error"]
        ws.send_json({"type": "hello", "tokens": {"0": t0}})
        receive_state(ws)
        ws.send_json({"type": "act", "seat": 0, "action": {"kind": "finish"}})
        assert "not legal now" in receive_reply(ws)["error"]
        ws.send_json({"type": "act", "seat": 0, "action": {"kind": "pass"}, "n": 9})
        assert "stale move number 9" in receive_reply(ws)["error"]
        ws.send_json({"type": "ping"})
        assert receive_reply(ws) == {"type": "pong"}
        ws.send_text("x" * 70_000)
        assert "over 65536 bytes" in receive_reply(ws)["error"]
    assert state(client, table)["n"] == 0


def test_unknown_table_socket_is_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert "no table 'nope'" in ws.receive_json()["error"]


def test_bot_only_table_plays_itself_and_pushes_updates(client: TestClient) -> None:
    table = new_table(client, [bot("heuristic"), bot("random")])
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello"})
        msg = receive_state(ws)
        while msg["status"] != "finished":
            msg = receive_state(ws)
        assert msg["outcome"]["reason"] in ("escaped", "time_up")
    assert client.get(f"/api/tables/{table}").json()["status"] == "finished"
