"""Game tables: creating them, claiming seats, applying moves, rebuilding state.

The database holds each table's configuration, seed and moves; this module
keeps a replayed copy of each table in memory (a :class:`Live` table) and
brings it up to date from the database before every use, so several server
processes can share one database. A move is checked against a clone of the
state, written inside a transaction that locks the table's row, and only
applied to the in-memory table once the transaction has committed.

Real-time tables (a game whose state has a clock) also store "advance"
steps: the clock is moved to the wall time before every action (the action
happens when the server received it) and by :meth:`Tables.tick`, which the
hub's ticker calls; see ``API.md``, "Real-time tables", for the clock rules.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, select, text
from sqlalchemy.orm import Session, sessionmaker

from getaway import __version__
from getaway.agents import make_agent
from getaway.core.actions import Action
from getaway.core.errors import ConfigError, GetawayError, IllegalAction
from getaway.core.events import Event
from getaway.core.match import Match
from getaway.core.registry import Game, Registry
from getaway.server.wall import Wall, seconds
from getaway.store.db import is_postgres, reader_factory, session_factory
from getaway.store.models import MoveRow, TableRow

OPEN, RUNNING, FINISHED = "open", "running", "finished"
NOTIFY_CHANNEL = "getaway_moves"
MIN_ADVANCE = 0.001  # seconds: shorter advances are not worth a step (they are not lost)


class NotFound(GetawayError):
    """An unknown table."""


class Forbidden(GetawayError):
    """A missing or wrong seat token."""


class Conflict(GetawayError):
    """The table is in the wrong phase, or the client's move number is stale."""


def new_id() -> str:
    """An unguessable table id (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def new_token() -> str:
    """An unguessable seat token (43 URL-safe characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Live:
    """A table replayed in memory."""

    id: str
    game: Game
    match: Match
    seats: list[dict[str, Any]]
    status: str
    created: str
    updated: str
    log: list[tuple[int, Event]] = field(default_factory=list)  # (move number, event)
    pushed: int = 0  # moves already pushed to this process's sockets
    lock: threading.RLock = field(default_factory=threading.RLock)
    wall: Wall = field(default_factory=Wall)
    # Real-time tables: the game clock read ``anchor[1]`` at wall time ``anchor[0]``.
    anchor: tuple[float, float] | None = None
    # Real-time tables: seat -> (its last action's step index, game clock then, action_seconds).
    acted: dict[int, tuple[int, float, float]] = field(default_factory=dict)

    @property
    def n(self) -> int:
        """Moves applied so far."""
        return len(self.match.steps)

    @property
    def realtime(self) -> bool:
        """Whether the game runs on a clock."""
        return self.match.state.clock() is not None

    def game_clock(self, at: float | None = None) -> float | None:
        """The game clock at wall time ``at`` (default now): where it would be if advanced.

        None for turn-based games. The clock only runs while the table is running.
        """
        clock = self.match.state.clock()
        if clock is None or self.status != RUNNING or self.anchor is None:
            return clock
        wall, base = self.anchor
        at = self.wall.now() if at is None else at
        return max(clock, base + (at - wall))

    def clock_json(self) -> dict[str, Any] | None:
        """The server clock sent to clients (None for turn-based games)."""
        if not self.realtime:
            return None
        at = self.wall.now()
        return {"seconds": self.game_clock(at), "wall": at,
                "running": self.status == RUNNING and not self.match.state.is_over()}

    def summary(self) -> dict[str, Any]:
        """The public description of the table (no seed, no tokens, no hidden cards)."""
        state = self.match.state
        out = state.outcome()
        return {
            "id": self.id, "game": self.game.id, "title": self.game.spec.title,
            "players": self.match.config.players, "options": dict(self.match.config.options),
            "status": self.status, "n": self.n,
            "seats": [{"seat": i, "kind": s["kind"], "agent": s.get("agent"),
                       "name": s.get("name"), "claimed": s.get("token") is not None}
                      for i, s in enumerate(self.seats)],
            "to_act": list(state.to_act()) if self.status == RUNNING else [],
            "outcome": out.to_json() if out else None,
            "clock": self.clock_json(),
            "created": self.created, "updated": self.updated,
        }

    def message(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent about this table now."""
        state = self.match.state
        legal: list[dict[str, Any]] = []
        if seat is not None and self.status == RUNNING:
            legal = [{"action": a.to_json(), "label": a.label()}
                     for a in state.legal_actions(seat)]
        out = state.outcome()
        return {
            "type": "state", "table": self.id, "seat": seat, "n": self.n, "status": self.status,
            "view": state.view(seat), "legal": legal,
            "to_act": list(state.to_act()) if self.status == RUNNING else [],
            "outcome": out.to_json() if out else None,
            "clock": self.clock_json(),
            "events": [{"n": n, **e.to_json()} for n, e in self.log
                       if n >= since and e.visible_to(seat)],
            "summary": self.summary(),
        }

    def check_token(self, seat: int, token: str | None) -> None:
        """Raise ``Forbidden`` unless ``token`` is the seat's token."""
        if not 0 <= seat < len(self.seats):
            raise Forbidden(f"this table has no seat {seat}")
        stored = self.seats[seat].get("token")
        if self.seats[seat]["kind"] != "human":
            raise Forbidden(f"seat {seat} is played by a bot")
        if stored is None:
            raise Forbidden(f"seat {seat} has not been claimed")
        if not token or not hmac.compare_digest(stored, token_hash(token)):
            raise Forbidden(f"wrong or missing token for seat {seat}")


def _iso(dt: Any) -> str:
    return dt.isoformat() if hasattr(dt, "isoformat") else str(dt)


class Tables:
    """Every table of this server, backed by the database."""

    def __init__(self, engine: Engine, registry: Registry,
                 on_change: Callable[[str, bool], None] | None = None,
                 wall: Wall | None = None, clock_gap: float = 5.0) -> None:
        self.engine = engine
        self.registry = registry
        self.wall = wall or Wall()
        self.clock_gap = clock_gap
        self.sessions: sessionmaker[Session] = session_factory(engine)
        self.readers: sessionmaker[Session] = reader_factory(engine)
        self.live: dict[str, Live] = {}
        self.on_change = on_change
        self._guard = threading.Lock()
        # SQLite has one writer at a time and its busy handler sleeps in growing steps;
        # queueing this process's writers on a lock first keeps waits short and fair.
        self._write_lock: threading.Lock | None = (
            None if is_postgres(engine) else threading.Lock())

    # -- creating and joining ---------------------------------------------

    def create(self, game_id: str, players: int, options: dict[str, Any],
               seats: list[dict[str, Any]]) -> Live:
        """A new table; raises ``ConfigError`` for a bad game, option or seat list."""
        game = self.registry.get(game_id)
        config = game.spec.configure(players, options)
        if not isinstance(seats, list) or len(seats) != config.players:
            raise ConfigError(f"give exactly {config.players} seats")
        clean: list[dict[str, Any]] = []
        for i, s in enumerate(seats):
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind == "human":
                clean.append({"kind": "human", "agent": None, "name": None, "token": None})
            elif kind == "bot":
                agent = s.get("agent")
                if not isinstance(agent, str):
                    raise ConfigError(f"seat {i}: a bot needs an agent name")
                make_agent(agent, game)  # validates the name and settings
                clean.append({"kind": "bot", "agent": agent, "name": agent, "token": None})
            else:
                raise ConfigError(f"seat {i}: kind must be 'human' or 'bot'")
        seed = secrets.randbits(63)
        status = OPEN if any(s["kind"] == "human" for s in clean) else RUNNING
        row = TableRow(id=new_id(), game=game.id, players=config.players,
                       options=dict(config.options), seed=seed, engine=__version__,
                       seats=clean, status=status, moves=0, outcome=None,
                       created=self.wall.stamp(), updated=self.wall.stamp())
        with self._writing(), self.sessions.begin() as db:
            db.add(row)
        live = self.get(row.id)
        self._changed(row.id)
        return live

    def claim(self, table_id: str, seat: int, name: str | None = None) -> str:
        """Take a free human seat; returns its token (shown once, stored hashed)."""
        token = new_token()
        with self._writing(), self.sessions.begin() as db:
            row = self._lock(db, table_id)
            if not 0 <= seat < row.players:
                raise NotFound(f"table {table_id} has no seat {seat}")
            seats = [dict(s) for s in row.seats]
            if seats[seat]["kind"] != "human":
                raise Conflict(f"seat {seat} is played by a bot")
            if seats[seat].get("token") is not None:
                raise Conflict(f"seat {seat} is already taken")
            seats[seat]["token"] = token_hash(token)
            seats[seat]["name"] = (name or "").strip()[:40] or None
            row.seats = seats
            if all(s["kind"] != "human" or s.get("token") for s in seats):
                row.status = RUNNING if row.outcome is None else FINISHED
            row.updated = self.wall.stamp()
            self._notify(db, table_id, None)  # seats changed: every process re-reads
        self._changed(table_id)
        return token

    # -- reading ----------------------------------------------------------

    def get(self, table_id: str) -> Live:
        """The table, brought up to date with the database."""
        with self.readers() as db:
            row = db.get(TableRow, table_id)
            if row is None:
                raise NotFound(f"no table {table_id!r}")
            return self._sync(db, row)

    def summaries(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Table summaries, newest first."""
        with self.readers() as db:
            q = select(TableRow).order_by(TableRow.created.desc()).limit(limit)
            if status:
                q = q.where(TableRow.status == status)
            rows = db.scalars(q).all()
            return [self._sync(db, row).summary() for row in rows]

    def running_ids(self) -> list[str]:
        """Ids of every table in play (for resuming bots after a restart)."""
        with self.readers() as db:
            return list(db.scalars(select(TableRow.id).where(TableRow.status == RUNNING)))

    def _sync(self, db: Session, row: TableRow) -> Live:
        fresh = False
        with self._guard:
            live = self.live.get(row.id)
            if live is None:
                game = self.registry.get(row.game)
                config = game.spec.configure(row.players, row.options)
                live = Live(row.id, game, Match(game, config, row.seed), [], row.status,
                            _iso(row.created), _iso(row.updated), wall=self.wall)
                self.live[row.id] = live
                fresh = True
        with live.lock:
            changed = fresh or live.status != row.status
            live.seats = [dict(s) for s in row.seats]
            live.status = row.status
            live.updated = _iso(row.updated)
            if row.moves > live.n:
                changed = True
                moves = db.scalars(select(MoveRow).where(MoveRow.table_id == row.id,
                                                         MoveRow.n >= live.n)
                                   .order_by(MoveRow.n)).all()
                for m in moves[: row.moves - live.n]:
                    self._replay_step(live, m.step())
            if changed and live.realtime:
                self._anchor(live, row, fresh)
        return live

    def _anchor(self, live: Live, row: TableRow, fresh: bool) -> None:
        """Pin a real-time table's clock to the wall time of its last stored change.

        ``row.updated`` is stamped with every step and with the claim that started
        the table, so the clock read ``state.clock()`` then. A table first loaded by
        this process after more than ``clock_gap`` seconds of silence was left by a
        stopped server: its clock resumes from now (time while down does not count).
        """
        at = seconds(row.updated)
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
        live.log.extend((n, e) for e in events)

    # -- moving -------------------------------------------------------------

    def act(self, table_id: str, seat: int, action_json: Any, token: str | None,
            expect: int | None = None, bot: bool = False,
            at: float | None = None) -> tuple[int, list[Event]]:
        """Apply one action for ``seat`` after checking token, phase, turn and legality.

        The move is committed before this returns; nothing changes on error. On a
        real-time table the clock is first advanced to ``at`` (the wall time the
        server received the action; default now), committed as an "advance" step;
        if that ends the game the advance is kept and the action refused.
        """
        at = self.wall.now() if at is None else at
        live = self.live.get(table_id) or self.get(table_id)  # the transaction re-syncs it
        timeout = False
        with live.lock, self._writing(), self.sessions.begin() as db:
            row = self._lock(db, table_id)
            live = self._sync(db, row)
            if not bot:
                live.check_token(seat, token)
            elif live.seats[seat]["kind"] != "bot":
                raise Forbidden(f"seat {seat} is not a bot seat")
            if live.status == FINISHED:
                raise Conflict("the game is over")
            if live.status == OPEN:
                raise Conflict("the table is still waiting for players to take their seats")
            self._check_expect(live, seat, expect)
            action: Action = live.game.actions.from_json(action_json)
            trial = live.match.state.clone()
            n = live.n
            stamp = self.wall.stamp(at)
            waited, ticked = self._advance(live, trial, at)
            steps: list[dict[str, Any]] = []
            if waited:
                db.add(MoveRow(table_id=table_id, n=n, seat=None, action=None,
                               advance=waited, at=stamp))
                steps.append({"advance": waited})
            events: list[Event] = []
            busy: tuple[float, float] | None = None
            timeout = trial.is_over()
            if not timeout:
                clock = trial.clock()
                busy = (clock, trial.action_seconds(seat, action)) if clock is not None else None
                events = trial.apply(seat, action)  # IllegalAction leaves everything untouched
                db.add(MoveRow(table_id=table_id, n=n + len(steps), seat=seat,
                               action=action.to_json(), advance=None, at=stamp))
                steps.append({"seat": seat, "action": action.to_json()})
            if not steps:
                raise Conflict("the game is over")
            row.moves = n + len(steps)
            row.updated = stamp
            out = trial.outcome()
            if out is not None:
                row.status = FINISHED
                row.outcome = out.to_json()
            self._notify(db, table_id, n + len(steps))
        # Committed: make the in-memory table match.
        with live.lock:
            if live.n == n:
                live.match.state = trial
                live.match.steps.extend(steps)
                live.log.extend((n, e) for e in ticked)
                live.log.extend((n + len(steps) - 1, e) for e in events)
                if not timeout and busy is not None:
                    live.acted[seat] = (n + len(steps) - 1, *busy)
                if live.realtime:
                    live.anchor = (at, trial.clock() or 0.0)
                live.status = row.status
                live.updated = _iso(row.updated)
        self._changed(table_id, fresh=True)
        if timeout:
            raise Conflict("the game is over: time ran out before the action arrived")
        return n + len(steps), ticked + events

    def tick(self, table_id: str, at: float | None = None) -> Live:
        """Advance a running real-time table's clock to wall time ``at`` (default now).

        The advance is committed as an "advance" step, like a move; turn-based,
        open and finished tables, and advances under ``MIN_ADVANCE``, change nothing.
        """
        at = self.wall.now() if at is None else at
        live = self.live.get(table_id) or self.get(table_id)
        with live.lock:
            due, clock = live.game_clock(at), live.match.state.clock()
            if due is None or clock is None or live.status != RUNNING or due - clock < MIN_ADVANCE:
                return live
        with live.lock, self._writing(), self.sessions.begin() as db:
            row = self._lock(db, table_id)
            live = self._sync(db, row)
            if live.status != RUNNING:
                return live
            trial = live.match.state.clone()
            waited, events = self._advance(live, trial, at)
            if not waited:
                return live
            n = live.n
            db.add(MoveRow(table_id=table_id, n=n, seat=None, action=None, advance=waited,
                           at=self.wall.stamp(at)))
            row.moves = n + 1
            row.updated = self.wall.stamp(at)
            out = trial.outcome()
            if out is not None:
                row.status = FINISHED
                row.outcome = out.to_json()
            self._notify(db, table_id, n + 1)
        with live.lock:
            if live.n == n:
                live.match.state = trial
                live.match.steps.append({"advance": waited})
                live.log.extend((n, e) for e in events)
                live.anchor = (at, trial.clock() or 0.0)
                live.status = row.status
                live.updated = _iso(row.updated)
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

        Turn-based: any move since ``expect`` makes it stale. Real-time (the clock
        adds steps every second and every seat acts at once): only an action of
        the same seat at or after ``expect`` does.
        """
        if expect is None:
            return
        if live.realtime and expect <= live.n:
            last = live.acted.get(seat)
            if last is not None and last[0] >= expect:
                raise Conflict(f"stale move number {expect}: seat {seat} acted at move "
                               f"{last[0]} already")
        elif expect != live.n:
            raise Conflict(f"stale move number {expect}: the table is at move {live.n}")

    def _writing(self) -> AbstractContextManager[object]:
        """The in-process queue for SQLite writers (a no-op on PostgreSQL)."""
        return self._write_lock if self._write_lock is not None else nullcontext()

    def _lock(self, db: Session, table_id: str) -> TableRow:
        q = select(TableRow).where(TableRow.id == table_id)
        if is_postgres(self.engine):
            q = q.with_for_update()
        row = db.scalars(q).first()
        if row is None:
            raise NotFound(f"no table {table_id!r}")
        return row

    def _notify(self, db: Session, table_id: str, n: int | None) -> None:
        """Tell other processes (on commit) that a table reached move ``n``."""
        if is_postgres(self.engine):
            db.execute(text("SELECT pg_notify(:c, :p)"),
                       {"c": NOTIFY_CHANNEL, "p": f"{table_id}:{'' if n is None else n}"})

    def _changed(self, table_id: str, fresh: bool = False) -> None:
        if self.on_change:
            self.on_change(table_id, fresh)

    # -- finished tables ------------------------------------------------------

    def replay(self, table_id: str) -> dict[str, Any]:
        """Spectator views after every move of a finished table, with public events."""
        live = self.get(table_id)
        if live.status != FINISHED:
            raise Conflict("replays are for finished tables")
        match = Match(live.game, live.match.config, live.match.seed)
        steps: list[dict[str, Any]] = [{"n": 0, "seat": None, "events": [],
                                        "view": match.state.view(None)}]
        for i, step in enumerate(live.match.steps):
            if "advance" in step:
                events = match.advance(float(step["advance"]))
                seat = None
            else:
                seat = int(step["seat"])
                events = match.apply(seat, live.game.actions.from_json(step["action"]))
            steps.append({"n": i + 1, "seat": seat,
                          "events": [e.to_json() for e in events if e.visible_to(None)],
                          "view": match.state.view(None)})
        with live.lock:
            return {"table": live.summary(), "steps": steps}


def check_expect(value: Any) -> int | None:
    """Validate an optional client move number."""
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise IllegalAction(f"'n' must be a move number, got {value!r}")
    return value
