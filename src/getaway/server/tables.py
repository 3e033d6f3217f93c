"""Game tables: creating them, claiming seats, applying moves, rebuilding state.

The database holds each table's configuration, seed and moves; this module
keeps a replayed copy of each table in memory (a :class:`Live` table) and
brings it up to date from the database before every use, so several server
processes can share one database. A move is checked against a clone of the
state, written inside a transaction that locks the table's row, and only
applied to the in-memory table once the transaction has committed.

Every stored move carries a digest chained from the one before
(``store/chain.py``). Loading a table checks the chain, the seed, the stored
outcome and that every move still replays on this engine; a table that fails
is *damaged*: its reason is stored on its row, it is listed as damaged, and
it never affects the list or any other table (:class:`Damaged`).

Real-time tables (a game whose state has a clock) also store "advance"
steps: the clock is moved to the wall time before every action (the action
happens when the server received it) and by :meth:`Tables.tick`, which the
hub's ticker calls; see ``API.md``, "Real-time tables", for the clock rules.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, Row, Table, delete, func, insert, select, text, update
from sqlalchemy.orm import Session, sessionmaker

from getaway import __version__
from getaway.agents import make_agent
from getaway.agents.levels import LEVELS
from getaway.core.actions import Action
from getaway.core.chance import derive_seed
from getaway.core.errors import ConfigError, GetawayError, IllegalAction
from getaway.core.events import Event
from getaway.core.match import Match
from getaway.core.registry import Game, Registry
from getaway.core.state import State
from getaway.server import challenges
from getaway.server.botworker import BotJob
from getaway.server.live import (
    FINISHED,
    NOT_READY,
    OPEN,
    READY_SECONDS,
    RUNNING,
    Conflict,
    Forbidden,
    Live,
    NotFound,
    TooMany,
    new_id,
    new_token,
    token_hash,
)
from getaway.server.wall import Wall, seconds
from getaway.store.chain import genesis, link
from getaway.store.db import is_postgres, reader_factory, session_factory
from getaway.store.models import HintRow, MoveRow, TableRow

__all__ = ["FINISHED", "OPEN", "RUNNING", "Conflict", "Damaged", "Forbidden", "Live",
           "NotFound", "Tables", "TooMany", "check_expect"]

log = logging.getLogger("getaway.server")

NOTIFY_CHANNEL = "getaway_moves"
TABLES: Table = TableRow.__table__  # type: ignore[assignment]
MOVES: Table = MoveRow.__table__  # type: ignore[assignment]
HINTS: Table = HintRow.__table__  # type: ignore[assignment]
# A table's row as read: an ORM TableRow, or a Core Row of game_tables (read by attribute).
Record = Any
DB = Session | Connection
MIN_ADVANCE = 0.001  # seconds: shorter advances are not worth a step (they are not lost)
MAX_AGENT_SPEC = 200  # characters of a bot's agent spec
LEVEL_NAMES = {lv.id: lv.name for lv in LEVELS}
T = TypeVar("T")


class Damaged(Conflict):
    """A table that cannot be rebuilt from the store; ``summary`` still describes it."""

    def __init__(self, table_id: str, reason: str, summary: dict[str, Any],
                 new: bool = True) -> None:
        super().__init__(f"table {table_id} is damaged: {reason}")
        self.reason = reason
        self.summary = summary
        self.new = new  # found out just now (not yet stored on the row)


class _Broken(Exception):
    """Raised while loading a table that fails a check; becomes :class:`Damaged`."""


class _NoteDamage:
    """Context: a :class:`Damaged` found just now leaving it is stored on the table's row."""

    __slots__ = ("table_id", "tables")

    def __init__(self, tables: Tables, table_id: str) -> None:
        self.tables, self.table_id = tables, table_id

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if isinstance(exc, Damaged) and exc.new:
            self.tables._store_damage(self.table_id, exc.reason)


def _iso(dt: Any) -> str:
    return dt.isoformat() if hasattr(dt, "isoformat") else str(dt)


class Tables:
    """Every table of this server, backed by the database.

    ``bot_seconds`` is the host's cap on a bot's thinking time for one move
    (an agent asking for more is refused); ``client_tables`` caps the open and
    running tables one client may have created (0: no cap).
    """

    def __init__(self, engine: Engine, registry: Registry,
                 on_change: Callable[[str, bool], None] | None = None,
                 wall: Wall | None = None, clock_gap: float = 5.0,
                 bot_seconds: float = 1.5, client_tables: int = 0) -> None:
        self.engine = engine
        self.registry = registry
        self.wall = wall or Wall()
        self.clock_gap = clock_gap
        self.bot_seconds = bot_seconds
        self.client_tables = client_tables
        self.sessions: sessionmaker[Session] = session_factory(engine)
        self.readers: sessionmaker[Session] = reader_factory(engine)
        # The hot paths (moves, clock steps, reads) use SQLAlchemy Core, not the ORM.
        self._reading = engine.execution_options(sqlite_begin="DEFERRED")
        self.live: dict[str, Live] = {}
        self.hinting: set[tuple[str, int]] = set()  # (table, seat) with a hint in flight
        self.on_change = on_change
        self._guard = threading.Lock()
        # SQLite has one writer at a time and its busy handler sleeps in growing steps;
        # queueing this process's writers on a lock first keeps waits short and fair.
        self._write_lock: threading.Lock | None = (
            None if is_postgres(engine) else threading.Lock())
        # Writes (moves, clock steps, claims, new tables) run on threads of their own, so
        # a burst of them never holds up reads waiting for the shared thread pool; on
        # SQLite one thread, since its writers take turns anyway.
        self.writer = ThreadPoolExecutor(8 if is_postgres(engine) else 1,
                                         thread_name_prefix="getaway-write")

    async def write(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run the blocking write ``fn(*args, **kwargs)`` on the writer threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.writer, functools.partial(fn, *args, **kwargs))

    def close(self) -> None:
        """Stop the writer threads (at shutdown; a write in progress finishes)."""
        self.writer.shutdown(wait=True, cancel_futures=True)

    # -- creating and joining ---------------------------------------------

    def create(self, game_id: str, players: int, options: dict[str, Any],
               seats: list[dict[str, Any]], *, private: bool = False,
               creator: str | None = None, seed: int | None = None,
               challenge: str | None = None) -> tuple[Live, str | None]:
        """A new table and, when ``private``, its invite secret (shown once, stored hashed).

        Raises ``NotFound`` for an unknown game, ``ConfigError`` for a bad option,
        seat list or bot (including a bot asking for more thinking time than the
        host allows) and ``TooMany`` when ``creator`` has as many open and running
        tables as the host allows. ``seed`` and ``challenge`` are a challenge's
        (``server/challenges.py``).
        """
        try:
            game = self.registry.get(game_id)
        except ConfigError as e:
            raise NotFound(str(e)) from None
        config = game.spec.configure(players, options)
        if not isinstance(seats, list) or len(seats) != config.players:
            raise ConfigError(f"give exactly {config.players} seats")
        clean = [self._seat(game, i, s) for i, s in enumerate(seats)]
        invite = new_token() if private else None
        row = self._new_row(game, config, clean, secrets.randbits(63) if seed is None else seed,
                            invite, creator)
        row.challenge = challenge  # a challenge's table (server/challenges.py), or None
        with self._writing(), self.sessions.begin() as db:
            self._check_quota(db, creator)
            db.add(row)
        live = self.get(row.id)
        self._changed(row.id)
        return live, invite

    def _new_row(self, game: Game, config: Any, seats: list[dict[str, Any]], seed: int,
                 invite: str | None, creator: str | None) -> TableRow:
        """A new table's row (not yet added): open until every human seat is claimed."""
        status = (OPEN if any(s["kind"] == "human" and s.get("token") is None for s in seats)
                  else RUNNING)
        table_id = new_id()
        start = Match(game, config, seed).state
        humans = any(s["kind"] == "human" for s in seats)
        to_act = list(start.to_act()) if status == RUNNING and humans else None
        # A real-time game with people waits for every one of them to be ready.
        ready: dict[str, Any] | None = None
        if humans and start.clock() is not None:
            ready = {"seats": [], "start": None}
        return TableRow(id=table_id, game=game.id, players=config.players,
                        options=dict(config.options), seed=seed, engine=__version__,
                        seats=seats, status=status, moves=0, outcome=None,
                        created=self.wall.stamp(), updated=self.wall.stamp(),
                        head=genesis(table_id, game.id, config.players, dict(config.options),
                                     seed),
                        private=invite is not None,
                        invite=token_hash(invite) if invite else None,
                        creator=creator, to_act=to_act, ready=ready)

    def _check_quota(self, db: Session, creator: str | None) -> None:
        """``TooMany`` when ``creator`` already has as many open and running tables as allowed."""
        if creator is None or not self.client_tables:
            return
        held = db.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.creator == creator, TableRow.status.in_((OPEN, RUNNING)),
            TableRow.damaged.is_(None)))
        if (held or 0) >= self.client_tables:
            raise TooMany(f"you already have {held} open or running tables here; "
                          f"this server allows {self.client_tables} at a time")

    def rematch(self, table_id: str, token: str | None, same_seed: bool = False,
                creator: str | None = None) -> dict[str, Any]:
        """Start (or join) the rematch of a finished table for the seat ``token`` holds.

        The new table has the same game, options and seats (bots with their agents;
        human seats open, but the asker's, claimed at once) and a new deal, or the
        same seed when ``same_seed`` (cooperative games only). It is private, with a
        new invite, when the old one was. Asking again (any seat holder) gives the
        same new table, and claims the asker's seat there if it is still free.

        Returns ``{"id", "seat", "token", "invite", "created"}``: ``token`` is None
        when the seat was already taken, ``invite`` only for a new private table.
        """
        claimed = new_token()
        invite: str | None = None
        with self._noting_damage(table_id), self._writing(), self.sessions.begin() as db:
            row = self._lock(db, table_id)
            live = self._sync(db, row)
            seat = live.seat_of(token)
            if seat is None:
                raise Forbidden("a rematch needs the seat token of one of this table's "
                                "players (header X-Seat-Token)")
            if row.status != FINISHED:
                raise Conflict("a rematch can only be asked for once the game is over")
            if same_seed and not live.game.cooperative:
                raise ConfigError(f"{live.game.spec.title} is not a cooperative game: "
                                  "'same_seed' (the same room again) is only for "
                                  "cooperative games")
            name = row.seats[seat].get("name")
            again: str | None = row.rematch
            created = again is None
            if again is None:
                game, config = live.game, live.match.config
                seats = [self._seat(game, i, {"kind": s.get("kind"), "agent": s.get("agent")})
                         for i, s in enumerate(row.seats)]
                seats[seat].update(token=token_hash(claimed), name=name)
                seed = row.seed
                while not same_seed and seed == row.seed:
                    seed = secrets.randbits(63)
                invite = new_token() if row.private else None
                new = self._new_row(game, config, seats, seed, invite, creator)
                self._check_quota(db, creator)
                db.add(new)
                row.rematch = again = new.id
                self._notify(db, table_id, None)  # its summary changed: every process re-reads
        with live.lock:
            live.rematch = again
        self._changed(table_id, fresh=True)
        out: dict[str, Any] = {"id": again, "seat": seat, "token": claimed, "invite": invite,
                               "created": created}
        if created:
            self.get(again)
            self._changed(again, fresh=True)
        else:
            try:
                out["token"] = self.claim(again, seat, name, vouched=True)
            except (Conflict, NotFound):  # taken already (asked twice), or a bot's now
                out["token"] = None
        return out

    def _seat(self, game: Game, i: int, s: Any) -> dict[str, Any]:
        kind = s.get("kind") if isinstance(s, dict) else None
        if kind == "human":
            return {"kind": "human", "agent": None, "name": None, "token": None}
        if kind != "bot":
            raise ConfigError(f"seat {i}: kind must be 'human' or 'bot'")
        spec = s.get("agent")
        if not isinstance(spec, str) or not spec.strip():
            raise ConfigError(f"seat {i}: a bot needs an agent name, e.g. one of "
                              f"{', '.join(LEVEL_NAMES)}")
        if len(spec) > MAX_AGENT_SPEC:
            raise ConfigError(f"seat {i}: the agent spec is over {MAX_AGENT_SPEC} characters")
        agent = make_agent(spec, game)  # validates the name and settings
        asked = getattr(agent, "seconds", 0.0)
        if isinstance(asked, int | float) and asked > self.bot_seconds:
            raise ConfigError(f"seat {i}: {spec!r} asks for {asked:g} s a move; this server "
                              f"lets a bot think at most {self.bot_seconds:g} s a move")
        name = LEVEL_NAMES.get(spec.strip().split(":")[0], spec.strip())
        return {"kind": "bot", "agent": spec.strip(), "name": name, "token": None}

    def claim(self, table_id: str, seat: int, name: str | None = None,
              invite: str | None = None, *, vouched: bool = False) -> str:
        """Take a free human seat; returns its token (shown once, stored hashed).

        A private table's seats are taken only with its invite secret (unless
        ``vouched``: a seat holder of the table it is the rematch of).
        """
        token = new_token()
        with self._writing(), self.sessions.begin() as db:
            row = self._lock(db, table_id)
            live = self._sync(db, row)
            if not vouched:
                live.check_access(invite)
            if not 0 <= seat < row.players:
                raise NotFound(f"table {table_id} has no seat {seat}")
            seats = [dict(s) for s in row.seats]
            if seats[seat]["kind"] != "human":
                raise Conflict(f"seat {seat} is played by a bot")
            if seats[seat].get("token") is not None:
                raise Conflict(f"seat {seat} is already taken")
            seats[seat]["token"] = token_hash(token)
            seats[seat]["name"] = " ".join((name or "").split())[:40] or None
            row.seats = seats
            if all(s["kind"] != "human" or s.get("token") for s in seats):
                row.status = RUNNING if row.outcome is None else FINISHED
                row.to_act = list(live.match.state.to_act()) if row.status == RUNNING else []
            row.updated = self.wall.stamp()
            self._notify(db, table_id, None)  # seats changed: every process re-reads
        with live.lock:  # committed: the in-memory table takes the claim too
            live.seats = [dict(s) for s in seats]
            live.status = row.status
            live.updated = _iso(row.updated)
            if live.realtime:
                self._anchor(live, row, False)
        self._changed(table_id, fresh=True)
        return token

    def ready(self, table_id: str, seat: int, token: str | None,
              at: float | None = None) -> dict[str, Any]:
        """Mark a human seat ready (idempotent); returns who is ready and the start.

        Once every human seat is ready, the clock starts ``READY_SECONDS`` later
        (wall time ``at``, default now, plus that). Raises ``Forbidden`` for a wrong
        token and ``Conflict`` unless the table is getting ready.
        """
        at = self.wall.now() if at is None else at
        live = self.live.get(table_id) or self.get(table_id)
        with (self._noting_damage(table_id), live.lock, self._writing(),
              self.engine.begin() as db):
            row = self._lock_row(db, table_id)
            live = self._sync(db, row, hint=live)
            live.check_token(seat, token)
            if live.status == OPEN:
                raise Conflict("the table is still waiting for players to take their seats")
            if live.status != RUNNING or not live.getting_ready(at):
                raise Conflict("the game has started: there is nothing to be ready for"
                               if live.status == RUNNING else "the game is over")
            old = live.ready_json() or {"seats": [], "start": None}
            if seat in old["seats"]:
                return old
            seats = sorted({*old["seats"], seat})
            humans = [i for i, s in enumerate(live.seats) if s["kind"] == "human"]
            start = at + READY_SECONDS if all(i in seats for i in humans) else None
            ready = {"seats": seats, "start": start}
            stamp = self.wall.stamp(at)
            db.execute(update(TABLES).where(TABLES.c.id == row.id)
                       .values(ready=ready, updated=stamp))
            self._notify(db, row.id, None)
        with live.lock:  # committed: the in-memory table takes it too
            live.ready = ready
            live.updated = _iso(stamp)
            live.anchor = (start if start is not None else at, live.match.state.clock() or 0.0)
        self._changed(table_id, fresh=True)
        return dict(ready)

    # -- reading ----------------------------------------------------------

    def get(self, table_id: str) -> Live:
        """The table, brought up to date with the database; ``Damaged`` if it cannot be."""
        with self._noting_damage(table_id), self._reading.connect() as db:
            row = db.execute(select(TABLES).where(TABLES.c.id == table_id)).first()
            if row is None:
                raise NotFound(f"no table {table_id!r}")
            return self._sync(db, row)

    def summaries(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Summaries of the public tables, newest first; never replays a table.

        A table this process holds in memory is described from it; any other from
        its row alone (what the lobby needs), so no table can break the list.
        """
        with self.readers() as db:
            q = (select(TableRow).where(TableRow.private.is_(False))
                 .order_by(TableRow.created.desc()).limit(limit))
            if status:
                q = q.where(TableRow.status == status)
            rows = db.scalars(q).all()
        out = []
        for row in rows:
            live = self.live.get(row.id)
            if live is not None and row.damaged is None:
                with live.lock:
                    if live.n == row.moves and live.status == row.status:
                        out.append(live.summary())
                        continue
            out.append(self._row_summary(row))
        return out

    def _row_summary(self, row: Record) -> dict[str, Any]:
        """A table summary from its row alone (no replay)."""
        try:
            known = self.registry.get(row.game)
            title, cooperative = known.spec.title, known.cooperative
        except GetawayError:
            title, cooperative = row.game, False
        seats = row.seats if isinstance(row.seats, list) else []
        return {
            "id": row.id, "game": row.game, "title": title, "players": row.players,
            "options": dict(row.options) if isinstance(row.options, dict) else {},
            "status": row.status, "n": row.moves, "private": bool(row.private),
            "damaged": row.damaged, "rematch": row.rematch, "cooperative": cooperative,
            "challenge": row.challenge,
            "seats": [{"seat": i, "kind": s.get("kind"), "agent": s.get("agent"),
                       "name": s.get("name"),
                       "display": (f"{s.get('name') or 'a'} bot" if s.get("kind") == "bot"
                                   else s.get("name")) or f"player {i + 1}",
                       "claimed": s.get("token") is not None}
                      for i, s in enumerate(seats) if isinstance(s, dict)],
            "to_act": list(row.to_act or []) if row.status == RUNNING and not row.damaged
            else [],
            "outcome": row.outcome, "clock": None,
            "ready": (dict(row.ready) if isinstance(row.ready, dict) and row.status == RUNNING
                      and not row.damaged else None),
            "created": _iso(row.created), "updated": _iso(row.updated),
        }

    def running_ids(self) -> list[str]:
        """Ids of every table in play and not damaged (for resuming bots after a restart)."""
        with self.readers() as db:
            return list(db.scalars(select(TableRow.id).where(TableRow.status == RUNNING,
                                                            TableRow.damaged.is_(None))))

    def _sync(self, db: DB, row: Record, hint: Live | None = None) -> Live:
        """The in-memory table brought up to ``row``; raises ``Damaged`` (see the module doc).

        ``hint`` is a Live the caller already holds (and has locked): it becomes
        the cached one, so a caller never works on a copy another thread replaced.
        """
        if row.damaged:
            self._forget(row.id)
            raise Damaged(row.id, row.damaged, self._row_summary(row), new=False)
        fresh = False
        with self._guard:
            live = self.live.get(row.id)
            if hint is not None and hint.id == row.id and live is not hint:
                live = self.live[row.id] = hint
            if live is not None and live.takebacks != row.takebacks:
                live = None  # a move was taken back: rebuild it from the store
            if live is None:
                live = self.live[row.id] = self._load(row)
                fresh = True
        try:
            with live.lock:
                self._catch_up(db, row, live, fresh)
        except _Broken as e:
            self._forget(row.id)
            reason = str(e)
            if row.engine != __version__:
                reason += f" (stored by engine {row.engine}; this server runs {__version__})"
            summary = self._row_summary(row)
            summary["damaged"] = reason
            raise Damaged(row.id, reason, summary) from None
        live.touched = time.monotonic()
        return live

    def _load(self, row: Record) -> Live:
        """A new in-memory table at move 0 of ``row``."""
        try:
            game = self.registry.get(row.game)
            config = game.spec.configure(row.players, dict(row.options))
            match = Match(game, config, row.seed)
        except Exception as e:  # an unknown game or option: nothing to rebuild
            reason = f"its game or configuration is not valid here: {e}"
            raise self._damaged_now(row, reason) from None
        live = Live(row.id, game, match, [], row.status, _iso(row.created), _iso(row.updated),
                    wall=self.wall)
        live.chain = genesis(row.id, row.game, row.players, dict(row.options), row.seed)
        live.challenge = row.challenge
        live.takebacks = row.takebacks
        return live

    def _damaged_now(self, row: Record, reason: str) -> Damaged:
        summary = self._row_summary(row)
        summary["damaged"] = reason
        return Damaged(row.id, reason, summary)

    def _catch_up(self, db: DB, row: Record, live: Live, fresh: bool) -> None:
        """Replay ``row``'s new moves into ``live``, checking the store on the way."""
        if row.seed != live.match.seed or row.players != live.match.config.players:
            raise _Broken("its seed or configuration was changed in the store")
        if row.moves < live.n:
            return  # a read from before this process's last commit: nothing new in it
        changed = fresh or live.status != row.status
        live.seats = [dict(s) for s in row.seats]
        live.status = row.status
        live.updated = _iso(row.updated)
        live.private, live.invite = bool(row.private), row.invite
        live.rematch = row.rematch
        ready = dict(row.ready) if isinstance(row.ready, dict) else None
        if ready != live.ready:
            changed = True
            live.ready = ready
        if row.moves > live.n:
            changed = True
            moves = db.execute(select(MOVES).where(MOVES.c.table_id == row.id,
                                                   MOVES.c.n >= live.n)
                               .order_by(MOVES.c.n)).all()
            for m in moves:
                if live.n >= row.moves:
                    break
                if m.n != live.n:
                    raise _Broken(f"move {live.n} is missing from the store")
                step = step_of(m)
                digest = link(live.chain, step)
                if m.digest != digest:
                    raise _Broken(f"move {m.n} does not match its digest: it was edited, "
                                  "swapped or copied from another table")
                try:
                    self._replay_step(live, step)
                except Exception as e:
                    raise _Broken(f"move {m.n} no longer replays: {e}") from None
                live.chain = digest
            if live.n < row.moves:
                raise _Broken(f"move {live.n} is missing from the store")
            self._note_offers(live)
        if row.head != live.chain:
            raise _Broken("its last digest does not match its moves: moves were deleted, or "
                          "its seed or configuration changed")
        out = live.match.state.outcome()
        if (row.outcome is None) != (out is None) or (
                out is not None and out.to_json() != row.outcome):
            raise _Broken("its stored outcome differs from the game its moves replay")
        if changed and live.realtime:
            self._anchor(live, row, fresh)

    def _forget(self, table_id: str) -> None:
        with self._guard:
            self.live.pop(table_id, None)

    def _noting_damage(self, table_id: str) -> _NoteDamage:
        """Store the reason of a table found damaged now (after the failing transaction)."""
        return _NoteDamage(self, table_id)

    def _store_damage(self, table_id: str, reason: str) -> None:
        try:
            with self._writing(), self.sessions.begin() as db:
                done = db.execute(update(TableRow).where(TableRow.id == table_id,
                                                         TableRow.damaged.is_(None))
                                  .values(damaged=reason[:2000]))
                if getattr(done, "rowcount", 0):
                    log.warning("table %s is damaged: %s", table_id, reason)
                    self._notify(db, table_id, None)
        except Exception:  # the store is failing as a whole: the request reports that
            log.exception("could not mark table %s damaged", table_id)

    def _anchor(self, live: Live, row: Record, fresh: bool) -> None:
        """Pin a real-time table's clock to the wall time of its last stored change.

        ``row.updated`` is stamped with every step and with the claim that started
        the table, so the clock read ``state.clock()`` then. A table first loaded by
        this process after more than ``clock_gap`` seconds of silence was left by a
        stopped server: its clock resumes from now (time while down does not count).
        """
        at = seconds(row.updated)
        start = live.starts()
        if start is not None:  # every seat is ready: the clock runs from the start on
            at = max(at, start)
        now = self.wall.now()
        if fresh and row.status == RUNNING and now - at > self.clock_gap:
            at = now
        live.anchor = (at, live.match.state.clock() or 0.0)

    @staticmethod
    def _replay_step(live: Live, step: dict[str, Any]) -> None:
        n = live.n
        if "advance" in step:
            events = live.match.advance(float(step["advance"]))
        else:
            seat = int(step["seat"])
            action = live.game.actions.from_json(step["action"])
            state = live.match.state
            clock = state.clock()
            if clock is not None:
                live.acted[seat] = (n, clock, state.action_seconds(seat, action))
            events = live.match.apply(seat, action)
            live.moved[seat] = n
        live.log.extend((n, e) for e in events)
        live.note_forgetting()

    @staticmethod
    def _note_offers(live: Live) -> None:
        """Remember since which move each seat has had its current legal actions."""
        if live.realtime:
            return
        state = live.match.state
        for seat in range(live.match.config.players):
            legal = tuple(state.legal_actions(seat))
            known = live.offers.get(seat)
            if known is None or known[1] != legal:
                live.offers[seat] = (live.n, legal)

    # -- moving -------------------------------------------------------------

    def act(self, table_id: str, seat: int, action_json: Any, token: str | None,
            expect: int | None = None, bot: bool = False,
            at: float | None = None, takebacks: int | None = None) -> tuple[int, list[Event]]:
        """Apply one action for ``seat`` after checking token, phase, turn and legality.

        The move is committed before this returns; nothing changes on error. On a
        real-time table the clock is first advanced to ``at`` (the wall time the
        server received the action; default now), committed as an "advance" step;
        if that ends the game the advance is kept and the action refused. ``takebacks``
        (a bot's) is the table's take-back count the move was chosen at: a move chosen
        before a take-back is refused, even when the table is back at its move number.
        """
        at = self.wall.now() if at is None else at
        live = self.live.get(table_id) or self.get(table_id)  # the transaction re-syncs it
        timeout = False
        with (self._noting_damage(table_id), live.lock, self._writing(),
              self.engine.begin() as db):
            row = self._lock_row(db, table_id)
            live = self._sync(db, row, hint=live)
            if not bot:
                live.check_token(seat, token)
            elif not 0 <= seat < len(live.seats) or live.seats[seat]["kind"] != "bot":
                raise Forbidden(f"seat {seat} is not a bot seat")
            if live.status == FINISHED:
                raise Conflict("the game is over")
            if live.status == OPEN:
                raise Conflict("the table is still waiting for players to take their seats")
            if live.getting_ready(at):
                raise Conflict(NOT_READY)
            if takebacks is not None and takebacks != live.takebacks:
                raise Conflict("a move was taken back since this one was chosen")
            self._check_expect(live, seat, expect)
            action: Action = live.game.actions.from_json(action_json)
            trial = live.match.state.clone()
            n = live.n
            stamp = self.wall.stamp(at)
            waited, ticked = self._advance(live, trial, at)
            steps: list[dict[str, Any]] = []
            if waited:
                steps.append({"advance": waited})
            events: list[Event] = []
            busy: tuple[float, float] | None = None
            timeout = trial.is_over()
            if not timeout:
                clock = trial.clock()
                busy = (clock, trial.action_seconds(seat, action)) if clock is not None else None
                events = trial.apply(seat, action)  # IllegalAction leaves everything untouched
                steps.append({"seat": seat, "action": action.to_json()})
            if not steps:
                raise Conflict("the game is over")
            chain, status = self._store_steps(db, row, live, n, steps, trial, stamp)
        # Committed: make the in-memory table match.
        with live.lock:
            if live.n == n:
                live.match.commit(trial, steps, events)
                live.chain = chain
                live.log.extend((n, e) for e in ticked)
                live.log.extend((n + len(steps) - 1, e) for e in events)
                live.note_forgetting()
                if not timeout:
                    live.moved[seat] = n + len(steps) - 1
                    if busy is not None:
                        live.acted[seat] = (n + len(steps) - 1, *busy)
                if live.realtime:
                    live.anchor = (at, trial.clock() or 0.0)
                live.ready = None  # a stored step: the clock has started
                live.status = status
                live.updated = _iso(stamp)
                self._note_offers(live)
        self._changed(table_id, fresh=True)
        if timeout:
            raise Conflict("the game is over: time ran out before the action arrived")
        return n + len(steps), ticked + events

    def take_back(self, table_id: str, seat: int, token: str | None,
                  expect: int | None = None) -> int:
        """Take back ``seat``'s last move, when the engine allows it (see
        ``getaway.core.takeback``); returns the move number the table is back at.

        The move's row is deleted and the table's head digest is the one before it,
        so the stored record is the game without that move; the table is then
        rebuilt by replaying it. ``expect`` is the move number the client saw (it
        must be the table's). Raises ``Forbidden`` for a wrong token, ``Conflict``
        with the reason when the move cannot be taken back; nothing changes then.
        """
        live = self.live.get(table_id) or self.get(table_id)
        with (self._noting_damage(table_id), live.lock, self._writing(),
              self.engine.begin() as db):
            row = self._lock_row(db, table_id)
            live = self._sync(db, row, hint=live)
            live.check_token(seat, token)
            if live.status == OPEN:
                raise Conflict("the table is still waiting for players to take their seats")
            if expect is not None and expect != live.n:
                raise Conflict(f"stale move number {expect}: the table is at move {live.n}")
            refusal = live.match.take_back_refusal(seat)
            if refusal is not None:
                raise Conflict(refusal)
            n = live.n - 1
            head = genesis(row.id, row.game, row.players, dict(row.options), row.seed)
            if n > 0:
                head = db.execute(select(MOVES.c.digest).where(
                    MOVES.c.table_id == row.id, MOVES.c.n == n - 1)).scalar_one()
            kept = Match(live.game, live.match.config, live.match.seed)
            for step in live.match.steps[:n]:
                self._replay_into(kept, step)
            db.execute(delete(MOVES).where(MOVES.c.table_id == row.id, MOVES.c.n == n))
            db.execute(update(TABLES).where(TABLES.c.id == row.id).values(
                moves=n, head=head, updated=self.wall.stamp(), takebacks=row.takebacks + 1,
                to_act=list(kept.state.to_act())))
            self._notify(db, row.id, None)  # every process rebuilds it (takebacks changed)
        self._forget(table_id)  # rebuilt from the store, as every other server does
        self._changed(table_id, fresh=True)
        return n

    # -- hints ----------------------------------------------------------------

    def hint_job(self, table_id: str, seat: int, token: str | None,
                 expect: int | None = None) -> BotJob:
        """The bot-pool job that advises ``seat`` at the table's current move.

        Only a human seat with its token that may act now gets one: ``Forbidden`` for a
        wrong token or a bot seat, ``Conflict`` when the table is not running, is getting
        ready, the seat has nothing to decide, or ``expect`` (the move number the client
        saw) is not the table's. Changes nothing.
        """
        live = self.get(table_id)
        with live.lock:
            live.check_token(seat, token)
            if live.status == FINISHED:
                raise Conflict("the game is over: no more hints")
            if live.status == OPEN:
                raise Conflict("the table is still waiting for players to take their seats")
            if live.getting_ready():
                raise Conflict(NOT_READY)
            if expect is not None and expect != live.n:
                raise Conflict(f"stale move number {expect}: the table is at move {live.n}")
            state = live.match.state
            if seat not in state.to_act() or not state.legal_actions(seat):
                raise Conflict(f"seat {seat} has nothing to decide now: a hint is for the "
                               "seat that may act")
            config = live.match.config
            n = live.n
            return BotJob(table_id, live.game.id, config.players, dict(config.options),
                          live.match.seed, tuple(live.match.steps), seat, "hard",
                          derive_seed(live.match.seed, "hint", n, seat), self.bot_seconds,
                          kind="hint")

    def store_hint(self, table_id: str, seat: int, n: int, advice: dict[str, Any]) -> None:
        """Keep a hint given to ``seat`` at move ``n`` (never a move: see ``HintRow``)."""
        with self._writing(), self.engine.begin() as db:
            db.execute(insert(HINTS).values(
                table_id=table_id, n=n, seat=seat, action=advice["action"],
                chance=float(advice["chance"]), playouts=int(advice["playouts"]),
                created=self.wall.stamp()))

    def hints(self, table_id: str, seat: int | None = None) -> list[dict[str, Any]]:
        """The hints given at a table (to ``seat`` only, when given), oldest first."""
        q = select(HINTS).where(HINTS.c.table_id == table_id)
        if seat is not None:
            q = q.where(HINTS.c.seat == seat)
        with self._reading.connect() as db:
            rows = db.execute(q.order_by(HINTS.c.id)).all()
        return [{"n": r.n, "seat": r.seat, "action": r.action, "chance": r.chance,
                 "playouts": r.playouts} for r in rows]

    def _replay_into(self, match: Match, step: dict[str, Any]) -> None:
        if "advance" in step:
            match.advance(float(step["advance"]))
        else:
            match.apply(int(step["seat"]), match.game.actions.from_json(step["action"]))

    def _store_steps(self, db: Connection, row: Row[Any], live: Live, n: int,
                     steps: list[dict[str, Any]], trial: State, stamp: Any) -> tuple[str, str]:
        """Add ``steps`` (from move ``n``) with their chained digests and update the row;
        returns the new last digest and the table's status."""
        chain = live.chain
        added = []
        for i, step in enumerate(steps):
            chain = link(chain, step)
            added.append({"table_id": row.id, "n": n + i, "seat": step.get("seat"),
                          "action": step.get("action"), "advance": step.get("advance"),
                          "at": stamp, "digest": chain})
        db.execute(insert(MOVES), added)
        out = trial.outcome()
        values: dict[str, Any] = {"moves": n + len(steps), "head": chain, "updated": stamp,
                                  "to_act": [] if out is not None else list(trial.to_act())}
        if out is not None:
            values.update(status=FINISHED, outcome=out.to_json())
            challenges.note_finish(db, row, live.game, trial, out, n + len(steps), stamp)
        if row.ready is not None:  # the first step after the start ends the getting ready
            values["ready"] = None
        db.execute(update(TABLES).where(TABLES.c.id == row.id).values(**values))
        self._notify(db, row.id, n + len(steps))
        return chain, values.get("status", row.status)

    def tick(self, table_id: str, at: float | None = None) -> Live:
        """Advance a running real-time table's clock to wall time ``at`` (default now).

        The advance is committed as an "advance" step, like a move; turn-based,
        open and finished tables, tables getting ready, and advances under
        ``MIN_ADVANCE``, change nothing -- except that the first tick at or after
        a table's start ends its getting ready (stored on its row) even then.
        """
        at = self.wall.now() if at is None else at
        live = self.live.get(table_id) or self.get(table_id)
        with live.lock:
            due, clock = live.game_clock(at), live.match.state.clock()
            begins = live.ready is not None and not live.getting_ready(at)
            if due is None or clock is None or live.status != RUNNING or (
                    due - clock < MIN_ADVANCE and not begins):
                return live
        with (self._noting_damage(table_id), live.lock, self._writing(),
              self.engine.begin() as db):
            row = self._lock_row(db, table_id)
            live = self._sync(db, row, hint=live)
            if live.status != RUNNING or live.getting_ready(at):
                return live
            trial = live.match.state.clone()
            waited, events = self._advance(live, trial, at)
            n = live.n
            start = live.starts()
            if waited:
                stamp = self.wall.stamp(at)
                chain, status = self._store_steps(db, row, live, n, [{"advance": waited}],
                                                  trial, stamp)
            elif row.ready is not None and start is not None:
                # The start, with no time to store yet: the getting ready ends now.
                stamp = self.wall.stamp(start)
                db.execute(update(TABLES).where(TABLES.c.id == row.id)
                           .values(ready=None, updated=stamp))
                self._notify(db, row.id, None)
            else:
                return live
        with live.lock:
            if not waited:
                live.ready = None
                live.updated = _iso(stamp)
                live.anchor = (start or at, live.match.state.clock() or 0.0)
            elif live.n == n:
                live.match.commit(trial, [{"advance": waited}], events)
                live.chain = chain
                live.log.extend((n, e) for e in events)
                live.note_forgetting()
                live.anchor = (at, trial.clock() or 0.0)
                live.ready = None
                live.status = status
                live.updated = _iso(stamp)
        self._changed(table_id, fresh=True)
        return live

    @staticmethod
    def _advance(live: Live, trial: Any, at: float) -> tuple[float, list[Event]]:
        """Advance ``trial`` (a clone of the live state) to wall time ``at``: (seconds, events)."""
        clock = trial.clock()
        due = live.game_clock(at)
        if clock is None or due is None or live.status != RUNNING or due - clock < MIN_ADVANCE:
            return 0.0, []
        waited = due - clock
        return waited, trial.advance(waited)

    @staticmethod
    def _check_expect(live: Live, seat: int, expect: int | None) -> None:
        """Refuse a stale client move number.

        ``expect`` is the move number of the message the client acted on. It is
        stale once *that seat* has acted at or after it, or (turn-based games)
        once the seat's own choices changed since: other seats answering a
        simultaneous decision never make it stale. Real-time games: only the
        seat's own actions do (the clock adds steps every second).
        """
        if expect is None:
            return
        if expect > live.n:
            raise Conflict(f"stale move number {expect}: the table is at move {live.n}")
        if expect == live.n:
            return
        last = live.acted.get(seat) if live.realtime else None
        moved = last[0] if last is not None else live.moved.get(seat)
        if moved is not None and moved >= expect:
            raise Conflict(f"stale move number {expect}: seat {seat} acted at move "
                           f"{moved} already")
        if not live.realtime:
            since = live.offers.get(seat, (live.n, ()))[0]
            if since > expect:
                raise Conflict(f"stale move number {expect}: the table is at move {live.n}")

    def _writing(self) -> AbstractContextManager[object]:
        """The in-process queue for SQLite writers (a no-op on PostgreSQL)."""
        return self._write_lock if self._write_lock is not None else nullcontext()

    def _lock_row(self, db: Connection, table_id: str) -> Row[Any]:
        """The table's row, locked for this transaction (PostgreSQL; SQLite locks it all)."""
        q = select(TABLES).where(TABLES.c.id == table_id)
        if is_postgres(self.engine):
            q = q.with_for_update()
        row = db.execute(q).first()
        if row is None:
            raise NotFound(f"no table {table_id!r}")
        return row

    def _lock(self, db: Session, table_id: str) -> TableRow:
        q = select(TableRow).where(TableRow.id == table_id)
        if is_postgres(self.engine):
            q = q.with_for_update()
        row = db.scalars(q).first()
        if row is None:
            raise NotFound(f"no table {table_id!r}")
        return row

    def _notify(self, db: DB, table_id: str, n: int | None) -> None:
        """Tell other processes (on commit) that a table reached move ``n``."""
        if is_postgres(self.engine):
            db.execute(text("SELECT pg_notify(:c, :p)"),
                       {"c": NOTIFY_CHANNEL, "p": f"{table_id}:{'' if n is None else n}"})

    def _changed(self, table_id: str, fresh: bool = False) -> None:
        if self.on_change:
            self.on_change(table_id, fresh)

    # -- memory ------------------------------------------------------------------

    def trim(self, idle: float, keep: Iterable[str] = ()) -> int:
        """Forget in-memory tables unused for ``idle`` seconds, except ``keep``; how many.

        They are rebuilt from the store when next asked for.
        """
        cutoff = time.monotonic() - idle
        kept = set(keep)
        gone = 0
        with self._guard:
            for table_id, live in list(self.live.items()):
                if table_id in kept or live.touched > cutoff:
                    continue
                if live.lock.acquire(blocking=False):  # nobody is using it right now
                    try:
                        del self.live[table_id]
                        gone += 1
                    finally:
                        live.lock.release()
        return gone

    # -- finished tables ------------------------------------------------------

    def replay(self, table_id: str, every: bool = False) -> bytes:
        """Spectator views of a finished table, step by step, with public events (JSON).

        Events are read back as the game tells them at its end (``state.recall``): a
        replay never shows what the players could no longer read during the game.
        By default a step that shows a spectator nothing -- a clock advance with no
        public event, or a move with no public event that leaves the view as it was
        -- is folded into the next step (see :func:`fold_replay`); ``every`` keeps
        every stored step. The default is built once per table and kept while the
        table stays in memory.
        """
        live = self.get(table_id)
        with live.lock:
            if live.status != FINISHED:
                raise Conflict("replays are for finished tables")
            if live.replay_cache is not None and not every:
                return live.replay_cache
            steps_done = list(live.match.steps)
            summary = live.summary()
        match = Match(live.game, live.match.config, live.match.seed)
        realtime = match.state.clock() is not None
        steps: list[dict[str, Any]] = [{"n": 0, "seat": None, "events": [],
                                        "view": match.state.view(None)}]
        said: list[list[Event]] = [[]]
        for i, step in enumerate(steps_done):
            if "advance" in step:
                events = match.advance(float(step["advance"]))
                seat = None
            else:
                seat = int(step["seat"])
                events = match.apply(seat, live.game.actions.from_json(step["action"]))
            said.append([e for e in events if e.visible_to(None)])
            steps.append({"n": i + 1, "seat": seat, "view": match.state.view(None)})
            if realtime:
                steps[-1]["clock"] = match.state.clock()
        if realtime:
            steps[0]["clock"] = 0.0
        final = match.state  # what may still be read back once the game is over
        with live.lock:
            names = live.display_names()
        for step_json, events in zip(steps, said, strict=True):
            step_json["events"] = [final.recall(e).to_json(names) for e in events]
        moves = [True] + ["advance" not in step for step in steps_done]
        shown = steps if every else fold_replay(steps, moves)
        raw = json.dumps({"table": summary, "steps": shown}, separators=(",", ":")).encode()
        if not every:
            with live.lock:
                live.replay_cache = raw
        return raw


def fold_replay(steps: list[dict[str, Any]], moves: list[bool]) -> list[dict[str, Any]]:
    """The steps of a replay worth stepping through: each one shows something.

    ``steps[k]`` is the view after stored step ``k`` (0: the start) with its public
    events; ``moves[k]`` says whether it was a move (not a clock advance). A step
    with no public event is folded into the next one when it is a clock advance
    or its view is the previous step's: the next step's view is where it leads,
    so nothing is lost. The start and the last step are always kept. A kept step
    that swallowed earlier ones says so with ``"from"``, its first move number
    (``n`` is always its last); events stay with the step that told them.
    """
    out: list[dict[str, Any]] = []
    first: int | None = None
    last = len(steps) - 1
    for k, step in enumerate(steps):
        quiet = 0 < k < last and not step["events"] and (
            not moves[k] or step["view"] == steps[k - 1]["view"])
        if quiet:
            if first is None:
                first = k
            continue
        out.append(step if first is None else {**step, "from": first})
        first = None
    return out


def step_of(move: Any) -> dict[str, Any]:
    """The record step of a stored move (a row of ``moves``)."""
    if move.action is None:
        return {"advance": move.advance}
    return {"seat": move.seat, "action": move.action}


def check_expect(value: Any) -> int | None:
    """Validate an optional client move number."""
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise IllegalAction(f"'n' must be a move number, got {value!r}")
    return value
