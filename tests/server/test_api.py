"""Every HTTP endpoint, with the good path and every bad input."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tests.server.helpers import HUMAN, act, bot, claim, new_table, play_first_legal, state


def test_games_and_rules(client: TestClient) -> None:
    games = client.get("/api/games").json()
    en = next(g for g in games if g["id"] == "escape-now")
    assert en["players"] == [1, 6] and "heuristic" in en["agents"]
    assert {o["key"] for o in en["options"]} == {"layout", "hard", "expert"}
    rules = client.get("/api/games/escape-now/rules").json()
    assert "<h1>" in rules["html"] and "LUCKY SHOT" in rules["html"]
    r = client.get("/api/games/chess/rules")
    assert r.status_code == 404 and "no game 'chess'" in r.json()["error"]


@pytest.mark.parametrize("body, status, message", [
    ({"game": "chess", "players": 2, "seats": [HUMAN, HUMAN]}, 404, "unknown game 'chess'"),
    ({"game": "escape-now", "players": 9, "seats": [HUMAN] * 9}, 400, "1 to 6 players"),
    ({"game": "escape-now", "players": 2, "options": {"layout": "maze"}, "seats": [HUMAN] * 2},
     400, "option 'layout' cannot be 'maze'"),
    ({"game": "escape-now", "players": 2, "options": {"colour": 1}, "seats": [HUMAN] * 2},
     400, "no option 'colour'"),
    ({"game": "escape-now", "players": 3, "seats": [HUMAN] * 2}, 400, "exactly 3 seats"),
    ({"game": "escape-now", "players": 2, "seats": [HUMAN, {"kind": "alien"}]}, 400,
     "seat 1: kind must be"),
    ({"game": "escape-now", "players": 2, "seats": [HUMAN, bot("genius")]}, 400,
     "unknown agent 'genius'"),
    ({"game": "escape-now", "players": "2", "seats": [HUMAN] * 2}, 400,
     "'players' must be a whole number"),
    ({"game": 5, "players": 2, "seats": [HUMAN] * 2}, 400, "'game' must be a game id"),
    ({"game": "escape-now", "players": 2}, 400, "'seats' must be a list"),
    ({"game": "escape-now", "players": 2, "options": [], "seats": [HUMAN] * 2}, 400,
     "'options' must be an object"),
])
def test_create_rejects_bad_tables(client: TestClient, body, status, message) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == status and message in r.json()["error"], r.text
    assert client.get("/api/tables").json() == []


def test_malformed_and_oversized_bodies(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{not json")
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/tables", content=b"[1, 2]")
    assert r.status_code == 400 and "JSON object" in r.json()["error"]
    big = json.dumps({"game": "escape-now", "pad": "x" * 70_000})
    r = client.post("/api/tables", content=big.encode())
    assert r.status_code == 413 and "over 65536 bytes" in r.json()["error"]


def test_table_lifecycle_lists_and_seats(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN, bot("heuristic")])
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "open" and summary["n"] == 0
    assert [s["claimed"] for s in summary["seats"]] == [False, False, False]
    assert [t["id"] for t in client.get("/api/tables?status=open").json()] == [table]
    assert client.get("/api/tables?status=running").json() == []
    assert client.get("/api/tables?status=nonsense").status_code == 400
    t0 = claim(client, table, 0)
    r = act(client, table, 0, t0, {"kind": "pass"})
    assert r.status_code == 409 and "waiting for players" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/seats/0/claim", json={})
    assert r.status_code == 409 and "already taken" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/seats/2/claim", json={})
    assert r.status_code == 409 and "bot" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/seats/7/claim", json={})
    assert r.status_code == 404
    r = client.post(f"/api/tables/{table}/seats/x/claim", json={})
    assert r.status_code == 400
    r = client.post(f"/api/tables/{table}/seats/1/claim", json={"name": 5})
    assert r.status_code == 400 and "'name' must be a string" in r.json()["error"]
    claim(client, table, 1)
    assert client.get(f"/api/tables/{table}").json()["status"] == "running"
    assert [t["id"] for t in client.get("/api/tables?status=running").json()] == [table]
    assert client.get("/api/tables/nope").status_code == 404


def test_acting_checks_token_seat_turn_and_legality(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    t0, t1 = claim(client, table, 0), claim(client, table, 1)
    s0 = state(client, table, 0, t0)
    assert s0["to_act"] == [0] and s0["legal"]
    assert state(client, table, 1, t1)["legal"] == []
    place = s0["legal"][0]["action"]
    r = act(client, table, 0, "wrong-token", place)
    assert r.status_code == 403 and "wrong or missing token" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/actions", json={"seat": 0, "action": place})
    assert r.status_code == 403
    r = act(client, table, 0, t1, place)  # seat 1's token for seat 0
    assert r.status_code == 403
    r = act(client, table, 1, t1, place)  # not seat 1's turn
    assert r.status_code == 422 and "may not act" in r.json()["error"]
    r = act(client, table, 0, t0, {"kind": "finish"})
    assert r.status_code == 422 and "not legal now" in r.json()["error"]
    r = act(client, table, 0, t0, {"kind": "teleport"})
    assert r.status_code == 422 and "unknown action kind 'teleport'" in r.json()["error"]
    r = act(client, table, 0, t0, place, n=5)
    assert r.status_code == 409 and "stale move number 5" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/actions", json={"seat": "0", "action": place},
                    headers={"x-seat-token": t0})
    assert r.status_code == 400 and "'seat' must be a whole number" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/actions", json={"seat": 0},
                    headers={"x-seat-token": t0})
    assert r.status_code == 400 and "'action' is missing" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/actions", json={"seat": 0, "action": place, "n": -1},
                    headers={"x-seat-token": t0})
    assert r.status_code == 400
    assert state(client, table)["n"] == 0, "nothing changed"
    r = act(client, table, 0, t0, place, n=0)
    assert r.status_code == 200 and r.json()["n"] == 1
    assert state(client, table, 1, t1)["legal"], "now seat 1 (or the fictional hand) decides"
    r = client.get(f"/api/tables/{table}/state", params={"seat": 0},
                   headers={"x-seat-token": t1})
    assert r.status_code == 403


def test_views_and_messages_carry_no_secrets(client: TestClient, sqlite_url: str) -> None:
    table = new_table(client, [HUMAN, HUMAN, HUMAN])
    tokens = {s: claim(client, table, s) for s in range(3)}
    engine = create_engine(sqlite_url)
    with engine.connect() as conn:
        seed = conn.execute(text("SELECT seed FROM game_tables")).scalar_one()
        hashes = conn.execute(text("SELECT seats FROM game_tables")).scalar_one()
    engine.dispose()
    texts = []
    for seat in (None, 0, 1, 2):
        msg = state(client, table, seat, tokens.get(seat) if seat is not None else None)
        texts.append(json.dumps(msg))
        hands = msg["view"]["hands"]
        assert [h["hand"] for h in hands if "cards" in h] == ([] if seat is None else [seat])
    texts += [client.get(f"/api/tables/{table}").text, client.get("/api/tables").text]
    for t in texts:
        assert str(seed) not in t, "the seed never leaves the server"
        for token in tokens.values():
            assert token not in t, "no token is ever sent back"
        assert "token" not in t.replace('"claimed"', ""), hashes


def test_replay_of_a_finished_table(client: TestClient) -> None:
    table = new_table(client, [HUMAN, bot("heuristic"), bot("random")])
    r = client.get(f"/api/tables/{table}/replay")
    assert r.status_code == 409 and "finished tables" in r.json()["error"]
    t0 = claim(client, table, 0)
    play_first_legal(client, table, {0: t0})
    final = state(client, table)
    assert final["status"] == "finished" and final["outcome"]["reason"] in ("escaped", "time_up")
    r = act(client, table, 0, t0, {"kind": "pass"})
    assert r.status_code == 409 and "the game is over" in r.json()["error"]
    rep = client.get(f"/api/tables/{table}/replay").json()
    steps = rep["steps"]
    assert len(steps) == final["n"] + 1
    assert steps[-1]["view"] == final["view"]
    for step in steps:
        assert all("cards" not in h for h in step["view"]["hands"]), "spectator views only"
        assert all(e["kind"] != "drawn" for e in step["events"]), "no private events"


def test_unknown_routes_answer_json(client: TestClient) -> None:
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and "error" in r.json()


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/t/abc/replay"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")


def test_rules_pages_obey_the_content_security_policy(client: TestClient) -> None:
    """The pages refuse inline styles: rules tables align their cells with classes."""
    for g in client.get("/api/games").json():
        html = client.get(f"/api/games/{g['id']}/rules").json()["html"]
        assert "style=" not in html and "<script" not in html
    ny = client.get("/api/games/new-york/rules").json()["html"]
    assert 'class="align-' in ny


def test_private_events_name_the_seats_that_see_them(client: TestClient) -> None:
    """A seat's message marks the events only some seats see with ``seats``; public events
    and a spectator's message carry none (the table page marks them "only you")."""
    table = new_table(client, [HUMAN, HUMAN])
    tokens = {s: claim(client, table, s) for s in range(2)}
    play_first_legal(client, table, tokens)
    watcher = state(client, table)["events"]
    assert watcher and all("seats" not in e for e in watcher), "a spectator sees public events"
    public = [(e["n"], e["text"]) for e in watcher]
    for seat, token in tokens.items():
        events = state(client, table, seat, token)["events"]
        private = [e for e in events if "seats" in e]
        assert private, f"seat {seat} saw no private event"
        assert all(e["seats"] == [seat] for e in private), private[:3]
        assert any(e["kind"] == "drawn" for e in private)
        assert [(e["n"], e["text"]) for e in events if "seats" not in e] == public
