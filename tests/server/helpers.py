"""Small helpers for the server tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

HUMAN = {"kind": "human"}


def bot(agent: str = "random") -> dict[str, str]:
    return {"kind": "bot", "agent": agent}


def new_table(c: TestClient, seats: list[dict[str, Any]], game: str = "escape-now",
              options: dict[str, Any] | None = None) -> str:
    r = c.post("/api/tables", json={"game": game, "players": len(seats),
                                    "options": options or {}, "seats": seats})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def claim(c: TestClient, table: str, seat: int) -> str:
    r = c.post(f"/api/tables/{table}/seats/{seat}/claim", json={"name": f"P{seat}"})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def state(c: TestClient, table: str, seat: int | None = None, token: str | None = None,
          since: int = 0) -> dict[str, Any]:
    params: dict[str, Any] = {"since": since}
    if seat is not None:
        params["seat"] = seat
    r = c.get(f"/api/tables/{table}/state", params=params,
              headers={"x-seat-token": token} if token else {})
    assert r.status_code == 200, r.text
    return dict(r.json())


def act(c: TestClient, table: str, seat: int, token: str, action: dict[str, Any],
        n: int | None = None) -> Any:
    body: dict[str, Any] = {"seat": seat, "action": action}
    if n is not None:
        body["n"] = n
    return c.post(f"/api/tables/{table}/actions", json=body, headers={"x-seat-token": token})


def play_first_legal(c: TestClient, table: str, tokens: dict[int, str], limit: int = 2000) -> int:
    """Humans always take their first legal action until the game ends; returns moves made."""
    moves = 0
    while moves < limit:
        s = state(c, table)
        if s["status"] == "finished":
            return moves
        acted = False
        for seat in s["to_act"]:
            if seat in tokens:
                mine = state(c, table, seat, tokens[seat])
                if mine["legal"]:
                    r = act(c, table, seat, tokens[seat], mine["legal"][0]["action"], mine["n"])
                    assert r.status_code in (200, 409), r.text
                    moves += 1
                    acted = True
                    break
        if not acted:
            import time

            time.sleep(0.01)  # a bot is thinking
    raise AssertionError("the game did not end")


def ready(c: TestClient, table: str, seat: int, token: str) -> Any:
    """Press "Ready" for a seat of a real-time table (the answer, whatever its status)."""
    return c.post(f"/api/tables/{table}/ready", json={"seat": seat},
                  headers={"x-seat-token": token})
