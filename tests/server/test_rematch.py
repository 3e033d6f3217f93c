"""Play again: ``POST /api/tables/{id}/rematch`` (same game, seats and options; a new deal
or, for cooperative games, the same room again)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update
from sqlalchemy.orm import Session

from getaway.store.models import TableRow
from tests.server.helpers import HUMAN, bot, claim, new_table, state


def finished(c: TestClient, seats: list[dict[str, Any]], game: str = "escape-now",
             options: dict[str, Any] | None = None,
             private: bool = False) -> tuple[str, dict[int, str], str | None]:
    """A table played to its end (humans take their first legal action): id, tokens, invite."""
    r = c.post("/api/tables", json={"game": game, "players": len(seats),
                                    "options": options or {}, "seats": seats,
                                    "private": private})
    assert r.status_code == 201, r.text
    table, invite = r.json()["id"], r.json().get("invite")
    headers = {"x-invite": invite} if invite else {}
    tokens = {}
    for i, s in enumerate(seats):
        if s["kind"] == "human":
            got = c.post(f"/api/tables/{table}/seats/{i}/claim", json={"name": f"P{i}"},
                         headers=headers)
            assert got.status_code == 200, got.text
            tokens[i] = got.json()["token"]
    tables = c.app.state.tables  # type: ignore[attr-defined]
    for _ in range(5000):  # humans play through the service (quicker than HTTP); bots think
        live = tables.get(table)
        if live.status == "finished":
            return table, tokens, invite
        mine = [s for s in live.match.state.to_act() if s in tokens]
        if not mine:
            time.sleep(0.01)
            continue
        action = live.match.state.legal_actions(mine[0])[0].to_json()
        tables.act(table, mine[0], action, tokens[mine[0]])
    raise AssertionError("the game did not end")


def rematch(c: TestClient, table: str, token: str | None,
            **body: Any) -> Any:
    return c.post(f"/api/tables/{table}/rematch", json=body,
                  headers={"x-seat-token": token} if token else {})


def seed_of(c: TestClient, table: str) -> int:
    return int(c.app.state.tables.get(table).match.seed)  # type: ignore[attr-defined]


def test_play_again_makes_a_like_table_with_a_new_deal(
        make_client: Callable[..., TestClient], db_url: str) -> None:
    c = make_client(db_url)
    old, tokens, _ = finished(c, [HUMAN, bot("random"), HUMAN], options={"expert": True})
    r = rematch(c, old, tokens[2])
    assert r.status_code == 200, r.text
    got = r.json()
    new = got["id"]
    assert new != old and got["url"] == f"/t/{new}" and got["seat"] == 2 and got["created"]
    assert "invite" not in got
    before, after = state(c, old)["summary"], state(c, new, 2, got["token"])["summary"]
    assert before["rematch"] == new and after["rematch"] is None
    for key in ("game", "players", "options", "private", "cooperative"):
        assert after[key] == before[key], key
    assert after["options"]["expert"] is True
    assert [(s["kind"], s["agent"]) for s in after["seats"]] == [
        (s["kind"], s["agent"]) for s in before["seats"]]
    assert [s["claimed"] for s in after["seats"]] == [False, False, True]
    assert after["seats"][2]["name"] == "P2" and after["status"] == "open" and after["n"] == 0
    assert seed_of(c, new) != seed_of(c, old)
    # the other seat holder takes their seat on the new table by asking too
    again = rematch(c, old, tokens[0])
    assert again.status_code == 200, again.text
    assert again.json()["id"] == new and not again.json()["created"]
    mine = state(c, new, 0, again.json()["token"])
    assert mine["status"] == "running" and mine["summary"]["seats"][0]["name"] == "P0"
    # and a fresh server reads the link from the store
    c.__exit__(None, None, None)
    other = make_client(db_url)
    assert other.get(f"/api/tables/{old}").json()["rematch"] == new


def test_asking_twice_gives_the_same_table(client: TestClient) -> None:
    old, tokens, _ = finished(client, [HUMAN, bot("random")])
    first = rematch(client, old, tokens[0]).json()
    second = rematch(client, old, tokens[0])
    assert second.status_code == 200, second.text
    assert second.json()["id"] == first["id"] and second.json()["token"] is None
    assert not second.json()["created"]
    listed = [t["id"] for t in client.get("/api/tables").json()]
    assert listed.count(first["id"]) == 1 and len(listed) == 2
    # the first token still holds the seat; the new table runs (its only human is seated)
    assert state(client, first["id"], 0, first["token"])["status"] == "running"


def test_same_room_again_keeps_the_seed_of_a_cooperative_game(client: TestClient) -> None:
    old, tokens, _ = finished(client, [HUMAN])
    r = rematch(client, old, tokens[0], same_seed=True)
    assert r.status_code == 200, r.text
    new = r.json()["id"]
    assert seed_of(client, new) == seed_of(client, old)
    fresh = state(client, new, 0, r.json()["token"])
    assert fresh["status"] == "running" and fresh["summary"]["cooperative"] is True
    # the same deal: the first view of the new table is the old table's first view
    replay = client.get(f"/api/tables/{old}/replay").json()
    assert state(client, new)["view"] == replay["steps"][0]["view"]


def test_same_room_again_is_for_cooperative_games_only(client: TestClient) -> None:
    old, tokens, _ = finished(client, [HUMAN, HUMAN], game="escape-plan")
    r = rematch(client, old, tokens[0], same_seed=True)
    assert r.status_code == 400
    assert "not a cooperative game" in r.json()["error"]
    assert client.get(f"/api/tables/{old}").json()["rematch"] is None
    assert client.get(f"/api/tables/{old}").json()["cooperative"] is False
    ok = rematch(client, old, tokens[1])  # a new deal is fine
    assert ok.status_code == 200 and ok.json()["seat"] == 1


def test_only_a_seat_holder_of_a_finished_table_may_ask(client: TestClient) -> None:
    old, tokens, _ = finished(client, [HUMAN, HUMAN])
    for token in (None, "x" * 43, tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B")):
        r = rematch(client, old, token)
        assert r.status_code == 403, r.text
        assert "seat token" in r.json()["error"]
    running = new_table(client, [HUMAN, HUMAN])
    mine = claim(client, running, 0)
    claim(client, running, 1)
    r = rematch(client, running, mine)
    assert r.status_code == 409 and "once the game is over" in r.json()["error"]
    assert rematch(client, running, tokens[0]).status_code == 403  # another table's token
    assert rematch(client, "nosuchtable", tokens[0]).status_code == 404
    assert rematch(client, old, tokens[0], same_seed="yes").status_code == 400
    assert client.get(f"/api/tables/{old}").json()["rematch"] is None


def test_a_damaged_table_has_no_rematch(client: TestClient, sqlite_url: str) -> None:
    old, tokens, _ = finished(client, [HUMAN, bot("random")])
    with Session(create_engine(sqlite_url)) as db, db.begin():
        db.execute(update(TableRow).where(TableRow.id == old).values(damaged="tampered with"))
    r = rematch(client, old, tokens[0])
    assert r.status_code == 409 and "damaged" in r.json()["error"]


def test_a_private_table_plays_again_privately(client: TestClient) -> None:
    old, tokens, invite = finished(client, [HUMAN, HUMAN], private=True)
    r = rematch(client, old, tokens[1])
    assert r.status_code == 200, r.text
    got = r.json()
    new, secret = got["id"], got["invite"]
    assert invite is not None
    assert secret and secret != invite and got["url"] == f"/t/{new}#invite={secret}"
    assert client.get(f"/api/tables/{new}").status_code == 404
    assert client.get(f"/api/tables/{new}", headers={"x-invite": invite}).status_code == 404
    summary = client.get(f"/api/tables/{new}", headers={"x-invite": secret}).json()
    assert summary["private"] and [s["claimed"] for s in summary["seats"]] == [False, True]
    assert client.get(f"/api/tables/{old}", headers={"x-invite": invite}).json()["rematch"] == new
    # the other player gets in with their old seat token, without the new invite
    other = rematch(client, old, tokens[0])
    assert other.status_code == 200 and "invite" not in other.json()
    assert state(client, new, 0, other.json()["token"])["status"] == "running"
    assert new not in [t["id"] for t in client.get("/api/tables").json()]


def test_a_rematch_counts_in_the_creation_limits(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url, tables_per_minute=1)
    old, tokens, _ = finished(c, [HUMAN])
    r = rematch(c, old, tokens[0])
    assert r.status_code == 429 and "Retry-After" in r.headers
    assert c.get(f"/api/tables/{old}").json()["rematch"] is None
    d = make_client(f"{sqlite_url}-2", client_tables=1)
    one, two = finished(d, [HUMAN])[:2], finished(d, [HUMAN])[:2]  # finished: not held
    assert rematch(d, one[0], one[1][0]).status_code == 200  # now one running table is held
    assert rematch(d, one[0], one[1][0]).status_code == 200  # the same table: nothing new
    over = rematch(d, two[0], two[1][0])
    assert over.status_code == 429 and "open or running tables" in over.json()["error"]
