"""Taking a move back: ``POST /api/tables/{id}/undo`` (``getaway.core.takeback`` decides).

ESCAPE NOW! serves as the example: "move to puzzle B" asks for the card to
discard next and reveals nothing, so its player may take it back (this is how
the browser's Cancel works); replenishing draws cards, which can never be
taken back.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select

from getaway.core.errors import GetawayError
from getaway.store.models import MoveRow, TableRow
from tests.server.helpers import HUMAN, act, claim, new_table, state
from tests.server.test_ws import receive_state


def undo(c: TestClient, table: str, seat: int, token: str | None, n: int | None = None) -> Any:
    body: dict[str, Any] = {"seat": seat}
    if n is not None:
        body["n"] = n
    return c.post(f"/api/tables/{table}/undo", json=body,
                  headers={"x-seat-token": token} if token else {})


def to_a_turn(c: TestClient, table: str, tokens: dict[int, str], kind: str) -> tuple[int, dict]:
    """Play first legal actions until a seat may take an action of ``kind``; its message."""
    for _ in range(200):
        s = state(c, table)
        seat = s["to_act"][0]
        mine = state(c, table, seat, tokens[seat])
        wanted = [a for a in mine["legal"] if a["action"]["kind"] == kind
                  and a["action"].get("draw", 1)]
        if wanted:
            return seat, mine
        r = act(c, table, seat, tokens[seat], mine["legal"][0]["action"], mine["n"])
        assert r.status_code == 200, r.text
    raise AssertionError(f"no seat could {kind}")


def two_humans(c: TestClient) -> tuple[str, dict[int, str]]:
    table = new_table(c, [HUMAN, HUMAN])
    return table, {0: claim(c, table, 0), 1: claim(c, table, 1)}


def moves_stored(url: str, table: str) -> tuple[int, int, int]:
    engine = create_engine(url)
    with engine.connect() as db:
        rows = db.execute(select(func.count()).select_from(MoveRow)
                          .where(MoveRow.table_id == table)).scalar_one()
        row = db.execute(select(TableRow.moves, TableRow.takebacks)
                         .where(TableRow.id == table)).one()
    engine.dispose()
    return rows, row.moves, row.takebacks


def test_a_move_that_showed_nothing_is_taken_back(
        make_client: Callable[..., TestClient], db_url: str) -> None:
    c = make_client(db_url)
    table, tokens = two_humans(c)
    seat, before = to_a_turn(c, table, tokens, "move")
    move = next(a for a in before["legal"] if a["action"]["kind"] == "move")
    assert act(c, table, seat, tokens[seat], move["action"], before["n"]).status_code == 200
    mid = state(c, table, seat, tokens[seat])
    assert mid["undo"] is True and mid["view"]["pending"]["key"] == "move_discard"
    assert state(c, table, 1 - seat, tokens[1 - seat])["undo"] is False
    elsewhere = make_client(db_url)  # another server holding the table in memory
    assert state(elsewhere, table, seat, tokens[seat])["n"] == mid["n"]
    r = undo(c, table, seat, tokens[seat], mid["n"])
    assert r.status_code == 200, r.text
    assert r.json() == {"n": before["n"]}
    after = state(c, table, seat, tokens[seat])
    assert after["n"] == before["n"] and after["takebacks"] == 1
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    assert moves_stored(db_url, table) == (before["n"], before["n"], 1)
    there = state(elsewhere, table, seat, tokens[seat])  # it rebuilds, it is not damaged
    assert there["n"] == before["n"] and there["summary"]["damaged"] is None
    assert there["view"] == before["view"] and there["takebacks"] == 1
    # the record goes on from there, and rebuilds from the store like any other
    other = next(a for a in before["legal"] if a != move)
    assert act(c, table, seat, tokens[seat], other["action"], after["n"]).status_code == 200
    now = state(c, table, seat, tokens[seat])
    fresh = make_client(db_url)  # another server: replays the stored record, chain and all
    seen = state(fresh, table, seat, tokens[seat])
    assert seen["n"] == before["n"] + 1 and seen["summary"]["damaged"] is None
    assert seen["view"] == now["view"] != mid["view"]


def test_what_cannot_be_taken_back_is_refused_with_the_reason(
        make_client: Callable[..., TestClient], db_url: str) -> None:
    c = make_client(db_url)
    table, tokens = two_humans(c)
    seat, before = to_a_turn(c, table, tokens, "replenish")
    draw = next(a for a in before["legal"] if a["action"]["kind"] == "replenish"
                and a["action"]["draw"])
    assert act(c, table, seat, tokens[seat], draw["action"], before["n"]).status_code == 200
    mid = state(c, table, seat, tokens[seat])
    assert mid["undo"] is False
    r = undo(c, table, seat, tokens[seat])
    assert r.status_code == 409 and "hidden" in r.json()["error"], r.text
    r = undo(c, table, 1 - seat, tokens[1 - seat])
    assert r.status_code == 409 and "only the seat" in r.json()["error"], r.text
    assert undo(c, table, seat, None).status_code == 403
    assert undo(c, table, seat, tokens[1 - seat]).status_code == 403
    assert undo(c, table, seat, tokens[seat], n="x").status_code == 400  # type: ignore[arg-type]
    assert undo(c, table, 7, tokens[seat]).status_code == 403
    assert c.post(f"/api/tables/{table}/undo", json=[1]).status_code == 400
    assert undo(c, "nosuchtable", 0, tokens[seat]).status_code == 404
    assert state(c, table, seat, tokens[seat])["n"] == mid["n"]  # nothing changed
    assert moves_stored(db_url, table)[2] == 0


def test_a_stale_move_number_or_a_real_time_table_is_refused(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url)
    table, tokens = two_humans(c)
    seat, before = to_a_turn(c, table, tokens, "move")
    move = next(a for a in before["legal"] if a["action"]["kind"] == "move")
    act(c, table, seat, tokens[seat], move["action"], before["n"])
    r = undo(c, table, seat, tokens[seat], before["n"])
    assert r.status_code == 409 and "stale" in r.json()["error"]
    zc = new_table(c, [HUMAN, HUMAN], game="zombie-city")
    z0 = claim(c, zc, 0)
    claim(c, zc, 1)
    r = undo(c, zc, 0, z0)
    assert r.status_code == 409, r.text


def test_sockets_get_the_whole_log_again_and_a_bot_move_chosen_before_is_refused(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url)
    table, tokens = two_humans(c)
    seat, before = to_a_turn(c, table, tokens, "move")
    move = next(a for a in before["legal"] if a["action"]["kind"] == "move")
    with c.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {str(seat): tokens[seat]}})
        receive_state(ws)
        act(c, table, seat, tokens[seat], move["action"], before["n"])
        got = receive_state(ws, at=before["n"] + 1)
        assert got["undo"] is True
        assert undo(c, table, seat, tokens[seat]).status_code == 200
        while True:  # the next message goes back a move and brings the whole log
            msg = ws.receive_json()
            if msg["type"] == "state" and msg["n"] == before["n"]:
                break
        assert msg["log"] == "full" and msg["takebacks"] == 1 and msg["undo"] is False
        assert max((e["n"] for e in msg["events"]), default=-1) < before["n"]
    tables = c.app.state.tables  # type: ignore[attr-defined]
    try:
        tables.act(table, seat, move["action"], None, before["n"], True, takebacks=0)
    except GetawayError as e:
        assert "taken back" in str(e) or "bot" in str(e)
    else:
        raise AssertionError("a move chosen before the take-back was accepted")


def test_a_bot_whose_turn_was_taken_back_and_given_again_still_moves(
        make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    """Ann moves, the bot starts thinking; before it answers she takes her move back and
    makes it again, so the table is at the same move number with a new history. The
    bot's old answer is refused -- and the bot then thinks again (the table used to hang
    here: the hub only looked again when the move number had changed)."""
    c = make_client(sqlite_url)
    hub = c.app.state.hub  # type: ignore[attr-defined]
    think = hub.bots.think
    slow = 1.0  # seconds each bot move takes, time enough to undo and move again

    async def slow_think(job: Any) -> Any:
        await asyncio.sleep(slow)
        return await think(job)

    hub.bots.think = slow_think
    table = new_table(c, [HUMAN, {"kind": "bot", "agent": "normal"}])
    token = claim(c, table, 0)
    deadline = time.monotonic() + 30
    while not (mine := state(c, table, 0, token))["legal"]:  # the bot may begin
        assert time.monotonic() < deadline, "Ann never had a move"
        time.sleep(0.02)
    start = time.monotonic()
    first = mine["legal"][0]["action"]
    assert act(c, table, 0, token, first, mine["n"]).status_code == 200
    after = state(c, table, 0, token)
    assert after["undo"] and after["to_act"] == [1], after["to_act"]
    assert undo(c, table, 0, token).status_code == 200
    assert act(c, table, 0, token, first, mine["n"]).status_code == 200
    assert time.monotonic() - start < slow, "too slow to beat the bot's first answer"
    deadline = time.monotonic() + 10 * slow + 20
    while state(c, table)["n"] <= mine["n"] + 1:
        assert time.monotonic() < deadline, "the bot never moved after the take-back"
        time.sleep(0.05)
