"""A table the store can no longer rebuild is damaged, says why, and breaks nothing else.

Each test plays a few moves on a table beside a healthy one, tampers with the
database behind the server's back (an edited, swapped or deleted move, a
changed seed, an older engine), and opens the store with a fresh server: the
tampered table is listed and described as damaged with its reason, refuses
play, state, socket and replay with 409, and the list and the healthy table
are untouched. The reason is stored on the row, so later servers list it
without replaying it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, delete, select, update
from sqlalchemy.orm import Session

from getaway import __version__
from getaway.store.chain import genesis, link
from getaway.store.models import MoveRow, TableRow
from tests.server.helpers import HUMAN, act, claim, new_table, state

MOVES = 6


def played(c: TestClient, moves: int = MOVES) -> tuple[str, dict[int, str]]:
    """A two-person ESCAPE NOW! table after ``moves`` first-legal moves."""
    table = new_table(c, [HUMAN, HUMAN])
    tokens = {s: claim(c, table, s) for s in (0, 1)}
    for _ in range(moves):
        s = state(c, table)
        seat = s["to_act"][0]
        mine = state(c, table, seat, tokens[seat])
        assert act(c, table, seat, tokens[seat], mine["legal"][0]["action"]).status_code == 200
    return table, tokens


def store(url: str) -> Session:
    return Session(create_engine(url))


def moves_of(db: Session, table: str) -> list[MoveRow]:
    return list(db.scalars(select(MoveRow).where(MoveRow.table_id == table)
                           .order_by(MoveRow.n)))


def rechain(db: Session, table: str) -> None:
    """Recompute every digest of a table (a tamperer who knows the chain)."""
    row = db.get(TableRow, table)
    assert row is not None
    digest = genesis(row.id, row.game, row.players, dict(row.options), row.seed)
    for m in moves_of(db, table):
        digest = link(digest, m.step())
        m.digest = digest
    row.head = digest


def another_legal(c: TestClient, table: str, n: int) -> dict[str, Any]:
    """A legal action at move ``n`` that is not the one that was played (first-legal)."""
    from getaway.core.match import Match
    from getaway.games import registry

    game = registry().get("escape-now")
    live = c.app.state.tables.get(table)  # type: ignore[attr-defined]
    match = Match(game, live.match.config, live.match.seed)
    for step in live.match.steps[:n]:
        match.apply(step["seat"], game.actions.from_json(step["action"]))
    seat = live.match.steps[n]["seat"]
    legal = match.state.legal_actions(seat)
    assert len(legal) > 1, "a move with a choice"
    return legal[1].to_json()


def check_damaged(c: TestClient, table: str, healthy: str, tokens: dict[int, str],
                  reason: str) -> dict[str, Any]:
    """The table is damaged for ``reason`` everywhere; the healthy one plays on."""
    summary = c.get(f"/api/tables/{table}")
    assert summary.status_code == 200, summary.text
    damage = summary.json()["damaged"]
    assert damage and reason in damage, damage
    listed = c.get("/api/tables")
    assert listed.status_code == 200, listed.text
    rows = {t["id"]: t for t in listed.json()}
    assert rows[table]["damaged"] == damage and rows[healthy]["damaged"] is None
    for path in (f"/api/tables/{table}/state", f"/api/tables/{table}/replay"):
        r = c.get(path)
        assert r.status_code == 409 and "damaged" in r.json()["error"], r.text
    r = act(c, table, 0, tokens[0], {"kind": "pass"})
    assert r.status_code == 409 and reason in r.json()["error"], r.text
    with c.websocket_connect(f"/ws/tables/{table}") as ws:
        assert "damaged" in ws.receive_json()["error"]
    s = state(c, healthy)
    assert s["status"] == "running" and s["n"] == MOVES, "the healthy table is untouched"
    out: dict[str, Any] = summary.json()
    return out


@pytest.fixture
def two(make_client: Callable[..., TestClient], db_url: str
        ) -> tuple[TestClient, str, str, dict[int, str], Callable[[], TestClient]]:
    """A server with a tampered-to-be table and a healthy one; ``fresh()`` starts another."""
    first = make_client(db_url)
    table, tokens = played(first)
    healthy, _ = played(first)
    return first, table, healthy, tokens, lambda: make_client(db_url)


def url_of(c: TestClient) -> str:
    return str(c.app.state.settings.db_url)  # type: ignore[attr-defined]


def test_an_edited_move_is_noticed(two: Any) -> None:
    first, table, healthy, tokens, fresh = two
    swapped = another_legal(first, table, 2)
    with store(url_of(first)) as db:  # a move swapped for another legal one
        db.execute(update(MoveRow).where(MoveRow.table_id == table, MoveRow.n == 2)
                   .values(action=swapped))
        db.commit()
    c = fresh()
    check_damaged(c, table, healthy, tokens, "move 2 does not match its digest")


def test_a_deleted_move_is_noticed(two: Any) -> None:
    first, table, healthy, tokens, fresh = two
    with store(url_of(first)) as db:
        db.execute(delete(MoveRow).where(MoveRow.table_id == table, MoveRow.n == 3))
        db.commit()
    check_damaged(fresh(), table, healthy, tokens, "move 3 is missing")


def test_a_deleted_last_move_is_noticed(two: Any) -> None:
    first, table, healthy, tokens, fresh = two
    with store(url_of(first)) as db:  # the last move removed and the count made to fit
        db.execute(delete(MoveRow).where(MoveRow.table_id == table, MoveRow.n == MOVES - 1))
        db.execute(update(TableRow).where(TableRow.id == table).values(moves=MOVES - 1))
        db.commit()
    check_damaged(fresh(), table, healthy, tokens, "last digest does not match")


@pytest.mark.parametrize("moves", [MOVES, 0])
def test_a_changed_seed_is_noticed(make_client: Callable[..., TestClient], db_url: str,
                                   moves: int) -> None:
    first = make_client(db_url)
    table, tokens = played(first, moves)
    healthy, _ = played(first)
    with store(db_url) as db:
        db.execute(update(TableRow).where(TableRow.id == table).values(seed=12345))
        db.commit()
    reason = "does not match its digest" if moves else "last digest does not match"
    check_damaged(make_client(db_url), table, healthy, tokens, reason)


def test_a_changed_outcome_is_noticed(two: Any) -> None:
    first, table, healthy, tokens, fresh = two
    with store(url_of(first)) as db:
        db.execute(update(TableRow).where(TableRow.id == table).values(
            status="finished", outcome={"winners": [0, 1], "scores": [9.0, 9.0],
                                        "reason": "escaped", "detail": ""}))
        db.commit()
    check_damaged(fresh(), table, healthy, tokens, "stored outcome differs")


def test_a_move_that_no_longer_replays_names_the_engines(two: Any) -> None:
    """What an engine upgrade that changes legality does: the chain holds, the move fails."""
    first, table, healthy, tokens, fresh = two
    with store(url_of(first)) as db:
        db.execute(update(MoveRow).where(MoveRow.table_id == table, MoveRow.n == 1)
                   .values(action={"kind": "pass_start"}))
        db.execute(update(TableRow).where(TableRow.id == table).values(engine="0.0.1"))
        rechain(db, table)
        db.commit()
    summary = check_damaged(fresh(), table, healthy, tokens, "move 1 no longer replays")
    assert f"stored by engine 0.0.1; this server runs {__version__}" in summary["damaged"]


def test_an_older_engine_whose_moves_replay_is_fine(two: Any) -> None:
    first, table, _, tokens, fresh = two
    with store(url_of(first)) as db:
        db.execute(update(TableRow).where(TableRow.id == table).values(engine="0.0.1"))
        db.commit()
    c = fresh()
    s = state(c, table, 0, tokens[0])
    assert s["n"] == MOVES and s["summary"]["damaged"] is None


def test_damage_is_stored_and_listed_without_replaying(two: Any) -> None:
    first, table, _, _, fresh = two
    with store(url_of(first)) as db:
        db.execute(delete(MoveRow).where(MoveRow.table_id == table, MoveRow.n == 0))
        db.commit()
    c = fresh()
    assert c.get(f"/api/tables/{table}").json()["damaged"]
    with store(url_of(first)) as db:
        stored = db.get(TableRow, table)
        assert stored is not None and "move 0 is missing" in (stored.damaged or "")
    later = fresh()
    listed = {t["id"]: t for t in later.get("/api/tables").json()}
    assert "move 0 is missing" in listed[table]["damaged"]
    assert table not in later.app.state.tables.live  # type: ignore[attr-defined]
    assert later.get(f"/api/tables/{table}/state").status_code == 409


def test_tampering_under_a_running_server_is_noticed_when_it_reloads(two: Any) -> None:
    first, table, healthy, tokens, _ = two
    with store(url_of(first)) as db:
        db.execute(update(MoveRow).where(MoveRow.table_id == table, MoveRow.n == 0)
                   .values(seat=1))
        db.commit()
    tables = first.app.state.tables
    assert tables.trim(0.0) >= 1, "idle tables leave memory"
    check_damaged(first, table, healthy, tokens, "move 0 does not match its digest")


def test_an_unknown_game_in_the_store_is_damaged(two: Any) -> None:
    first, table, healthy, tokens, fresh = two
    with store(url_of(first)) as db:
        db.execute(update(TableRow).where(TableRow.id == table).values(game="chess"))
        db.commit()
    summary = check_damaged(fresh(), table, healthy, tokens, "not valid here")
    assert summary["title"] == "chess"


def test_random_bytes_over_any_page_give_json_answers_or_one_clear_line(
        make_client: Callable[..., TestClient], tmp_path: Path) -> None:
    """A damaged SQLite file: the server refuses to start in one sentence, or every answer
    is JSON (a page of moves unreadable: 503 for that table; the list still answers)."""
    import os
    import random
    import shutil
    import sqlite3

    from getaway.server.app import create_app
    from getaway.server.settings import Settings
    from getaway.store.db import StoreError

    good = tmp_path / "good.db"
    c = make_client(f"sqlite:///{good}", tables_per_minute=0, client_tables=0)
    ids = [played(c, moves=4)[0] for _ in range(12)]
    c.__exit__(None, None, None)
    with sqlite3.connect(good) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = good.stat().st_size // 4096
    assert pages > 4
    rng = random.Random(7)
    started = 0
    for page in range(1, pages):
        bad = tmp_path / f"bad{page}.db"
        shutil.copy(good, bad)
        with bad.open("r+b") as f:
            f.seek(page * 4096)
            f.write(bytes(rng.randrange(256) for _ in range(4096)))
        try:
            app = create_app(Settings(db_url=f"sqlite:///{bad}", bot_delay=0.0))
        except StoreError as e:
            assert str(bad) in str(e) and "\n" not in str(e)
            continue
        with TestClient(app, raise_server_exceptions=False) as srv:
            started += 1
            listed = srv.get("/api/tables")
            assert listed.status_code in (200, 503), listed.text
            for t in ids:
                for path in (f"/api/tables/{t}", f"/api/tables/{t}/state"):
                    r = srv.get(path)
                    assert r.status_code in (200, 404, 409, 503), (page, path, r.text)
                    assert r.headers["content-type"] == "application/json", (page, r.text)
                    assert "error" in r.json() or r.status_code == 200
        os.remove(bad)
    assert started, "some damage still lets the server start"
