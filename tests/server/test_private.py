"""Private tables: never listed, invisible without the invite, seats taken only with it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, act, bot


def make_private(c: TestClient, seats: list[dict[str, str]] | None = None) -> tuple[str, str]:
    r = c.post("/api/tables", json={"game": "escape-now", "players": 2, "options": {},
                                    "seats": seats or [HUMAN, HUMAN], "private": True})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["url"] == f"/t/{made['id']}#invite={made['invite']}"
    assert len(made["invite"]) >= 40
    return made["id"], made["invite"]


def test_a_private_table_is_not_listed(client: TestClient) -> None:
    table, _ = make_private(client)
    public = client.post("/api/tables", json={"game": "escape-now", "players": 2,
                                              "seats": [HUMAN, HUMAN]}).json()
    assert "invite" not in public and public["url"] == f"/t/{public['id']}"
    for query in ("", "?status=open"):
        ids = [t["id"] for t in client.get(f"/api/tables{query}").json()]
        assert public["id"] in ids and table not in ids


def test_without_the_invite_a_private_table_does_not_exist(client: TestClient) -> None:
    table, invite = make_private(client)
    for path in (f"/api/tables/{table}", f"/api/tables/{table}/state",
                 f"/api/tables/{table}/replay"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["error"] == f"no table {table!r}", r.text
        assert client.get(path, headers={"X-Invite": "not-the-invite"}).status_code == 404
    r = client.post(f"/api/tables/{table}/seats/0/claim", json={"name": "Eve"})
    assert r.status_code == 404, r.text
    r = client.post(f"/api/tables/{table}/seats/0/claim", json={"invite": invite[:-1] + "x"})
    assert r.status_code == 404, r.text
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {}, "since": 0})
        assert ws.receive_json()["error"] == f"no table {table!r}"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}, "no state was pushed to the stranger"
    # nothing was claimed
    summary = client.get(f"/api/tables/{table}", headers={"X-Invite": invite}).json()
    assert [s["claimed"] for s in summary["seats"]] == [False, False]


def test_the_invite_opens_it_and_a_seat_token_keeps_it_open(client: TestClient) -> None:
    table, invite = make_private(client)
    assert client.get(f"/api/tables/{table}", params={"invite": invite}).json()["private"]
    ann = client.post(f"/api/tables/{table}/seats/0/claim",
                      json={"name": "Ann", "invite": invite}).json()["token"]
    bob = client.post(f"/api/tables/{table}/seats/1/claim", json={"name": "Bob"},
                      headers={"X-Invite": invite}).json()["token"]
    # a seat's own token is enough for its state and socket
    s = client.get(f"/api/tables/{table}/state", params={"seat": 0},
                   headers={"X-Seat-Token": ann}).json()
    assert s["status"] == "running" and s["legal"]
    assert act(client, table, 0, ann, s["legal"][0]["action"], s["n"]).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {"1": bob}, "since": 0})
        msg = ws.receive_json()
        assert msg["type"] == "state" and msg["seat"] == 1 and msg["n"] == 1
    # a spectator with the invite watches
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {}, "since": 0, "invite": invite})
        msg = ws.receive_json()
        assert msg["type"] == "state" and msg["seat"] is None
    spectator = client.get(f"/api/tables/{table}/state", headers={"X-Invite": invite})
    assert spectator.status_code == 200 and spectator.json()["seat"] is None


def test_a_private_bot_table_runs(client: TestClient) -> None:
    table, invite = make_private(client, [bot("random"), bot("random")])
    summary = client.get(f"/api/tables/{table}", headers={"X-Invite": invite}).json()
    assert summary["status"] == "running" and summary["private"]
