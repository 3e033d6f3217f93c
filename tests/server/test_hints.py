"""Hints: ``POST /api/tables/{id}/hint`` -- what the Hard bot would do now for a seat and
its estimated chance of winning, thought about in the bot pool, stored as a hint (never
a move) and answered to that seat only."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from getaway.server.botpool import BotFailed, BotPool
from getaway.server.botworker import BotJob
from getaway.store.models import HintRow
from tests.server.helpers import HUMAN, bot, claim, new_table, play_first_legal, ready, state
from tests.server.test_undo import moves_stored, two_humans

# A hint's own deadline ends its thinking; under a loaded machine the bot workers (niced)
# may still answer late, so these servers wait long before stopping one (the overrun is
# tested on its own below).
GRACE = 30.0


def hint(c: TestClient, table: str, seat: int, token: str | None, **extra: Any) -> Any:
    return c.post(f"/api/tables/{table}/hint", json={"seat": seat, **extra},
                  headers={"x-seat-token": token} if token else {})


def stored_hints(url: str, table: str) -> list[dict[str, Any]]:
    engine = create_engine(url)
    with engine.connect() as db:
        rows = db.execute(select(HintRow.__table__).where(HintRow.table_id == table)
                          .order_by(HintRow.id)).all()
    engine.dispose()
    return [{"n": r.n, "seat": r.seat, "action": r.action,
             "chance": r.chance, "playouts": r.playouts} for r in rows]


def test_a_hint_is_answered_to_its_seat_and_stored_never_a_move(
        make_client: Callable[..., TestClient], db_url: str) -> None:
    c = make_client(db_url, bot_seconds=0.5, bot_workers=1, bot_grace=GRACE)
    table, tokens = two_humans(c)
    seat = state(c, table)["to_act"][0]
    other = 1 - seat
    mine, theirs = state(c, table, seat, tokens[seat]), state(c, table, other, tokens[other])
    r = hint(c, table, seat, tokens[seat], n=mine["n"])
    assert r.status_code == 200, r.text
    got = r.json()
    assert set(got) == {"n", "action", "label", "chance", "playouts"}
    assert got["n"] == mine["n"] and 0.0 <= got["chance"] <= 1.0 and got["playouts"] >= 1
    legal = {json.dumps(a["action"], sort_keys=True): a["label"] for a in mine["legal"]}
    assert legal[json.dumps(got["action"], sort_keys=True)] == got["label"]
    # Nothing moved, and nobody's message changed: the other seat never sees the hint.
    assert state(c, table, seat, tokens[seat]) == mine
    assert state(c, table, other, tokens[other]) == theirs
    assert moves_stored(db_url, table)[:2] == (mine["n"], mine["n"])
    assert stored_hints(db_url, table) == [{"n": mine["n"], "seat": seat,
                                            "action": got["action"], "chance": got["chance"],
                                            "playouts": got["playouts"]}]


def test_refusals(make_client: Callable[..., TestClient], db_url: str) -> None:
    c = make_client(db_url, bot_seconds=0.3, bot_workers=1, bot_grace=GRACE)
    table, tokens = two_humans(c)
    seat = state(c, table)["to_act"][0]
    n = state(c, table)["n"]
    assert hint(c, table, seat, "wrong").status_code == 403
    assert hint(c, table, seat, None).status_code == 403
    assert hint(c, table, 7, tokens[seat]).status_code == 403
    r = hint(c, table, 1 - seat, tokens[1 - seat])
    assert r.status_code == 409 and "nothing to decide" in r.json()["error"]
    assert hint(c, table, seat, tokens[seat], n=n + 5).status_code == 409
    for body in ({}, {"seat": "0"}, {"seat": seat, "n": "x"}, {"seat": seat, "n": -1}):
        r = c.post(f"/api/tables/{table}/hint", json=body,
                   headers={"x-seat-token": tokens[seat]})
        assert r.status_code == 400, (body, r.text)
    assert c.post(f"/api/tables/{table}/hint", content=b"[1]",
                  headers={"x-seat-token": tokens[seat]}).status_code == 400
    assert hint(c, "nosuchtable", 0, "x").status_code == 404
    with_bot = new_table(c, [HUMAN, bot()])
    claim(c, with_bot, 0)
    assert hint(c, with_bot, 1, "x").status_code == 403  # a bot's seat
    waiting = new_table(c, [HUMAN, HUMAN])
    t0 = claim(c, waiting, 0)
    r = hint(c, waiting, 0, t0)
    assert r.status_code == 409 and "waiting" in r.json()["error"]
    assert stored_hints(db_url, table) == []


def test_finished_tables_give_no_hints_and_replays_hold_none(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url, bot_seconds=0.3, bot_workers=1, bot_grace=GRACE)
    table = new_table(c, [HUMAN])
    token = claim(c, table, 0)
    assert hint(c, table, 0, token).status_code == 200
    play_first_legal(c, table, {0: token})
    r = hint(c, table, 0, token)
    assert r.status_code == 409 and "over" in r.json()["error"]
    replay = c.get(f"/api/tables/{table}/replay").json()
    assert "hints" not in replay and "Hard would" not in json.dumps(replay)
    assert replay["steps"][-1]["n"] == state(c, table)["n"]
    assert len(stored_hints(sqlite_url, table)) == 1


def test_a_failed_hint_answers_503_and_the_next_one_works(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url, bot_seconds=0.3, bot_workers=1, bot_grace=GRACE)
    table, tokens = two_humans(c)
    seat = state(c, table)["to_act"][0]
    pool = c.app.state.hub.bots  # type: ignore[attr-defined]
    real = pool.think

    async def failing(job: Any) -> dict[str, Any]:
        raise BotFailed("the bot thought longer than 2.3 s; its worker was stopped")

    pool.think = failing
    try:
        r = hint(c, table, seat, tokens[seat])
    finally:
        pool.think = real
    assert r.status_code == 503 and "no hint this time" in r.json()["error"]
    assert hint(c, table, seat, tokens[seat]).status_code == 200
    assert len(stored_hints(sqlite_url, table)) == 1


def test_one_hint_in_flight_per_seat(make_client: Callable[..., TestClient],
                                     sqlite_url: str) -> None:
    c = make_client(sqlite_url, bot_seconds=0.3, bot_workers=1, bot_grace=GRACE)
    table, tokens = two_humans(c)
    seat = state(c, table)["to_act"][0]
    tables = c.app.state.tables  # type: ignore[attr-defined]
    tables.hinting.add((table, seat))
    r = hint(c, table, seat, tokens[seat])
    assert r.status_code == 429 and "already" in r.json()["error"]
    tables.hinting.discard((table, seat))
    assert hint(c, table, seat, tokens[seat]).status_code == 200


def test_a_real_time_table_is_advised_without_moving_its_clock(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url, bot_seconds=0.5, bot_workers=1, bot_grace=GRACE)
    table = new_table(c, [HUMAN, bot("normal")], game="zombie-city")
    token = claim(c, table, 0)
    assert ready(c, table, 0, token).status_code == 200
    for _ in range(100):
        mine = state(c, table, 0, token)
        if mine["legal"] and not mine.get("ready"):
            break
        time.sleep(0.05)
    r = hint(c, table, 0, token)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["playouts"] >= 1 and got["n"] <= state(c, table, 0, token)["n"]
    assert got["action"]["kind"] in {a["action"]["kind"] for a in mine["legal"]}


def test_no_socket_hears_of_a_hint(make_client: Callable[..., TestClient],
                                   sqlite_url: str) -> None:
    c = make_client(sqlite_url, bot_seconds=0.3, bot_workers=1, bot_grace=GRACE)
    table, tokens = two_humans(c)
    seat = state(c, table)["to_act"][0]
    with c.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {str(1 - seat): tokens[1 - seat]}})
        ws.receive_json()  # the other seat's message
        assert hint(c, table, seat, tokens[seat]).status_code == 200
        ws.send_json({"type": "ping"})
        heard = []
        while (msg := ws.receive_json())["type"] != "pong":
            heard.append(msg)
    assert "playouts" not in json.dumps(heard) and "chance" not in json.dumps(heard)


def test_an_overrunning_hint_stops_its_worker_and_the_pool_goes_on() -> None:
    """A hint job past its cap (here: an Alcatraz playout takes longer than the whole cap)
    is stopped like a bot's move; the next job gets a fresh worker."""
    async def run() -> tuple[str, dict[str, Any]]:
        pool = BotPool(1, 0.02, grace=0.05)
        try:
            job = BotJob("t1", "alcatraz-2034", 2, {}, 3, (), 0, "hard", 1, 0.02, kind="hint")
            try:
                await pool.think(job)
                failed = ""
            except BotFailed as e:
                failed = str(e)
            move = BotJob("t2", "escape-now", 2, {}, 3, (), 0, "normal", 1, 60.0)  # a fresh worker
            return failed, await pool.think(move)
        finally:
            pool.close()

    failed, move = asyncio.run(run())
    assert "thought longer than" in failed
    assert isinstance(move, dict) and "kind" in move
