"""The database tables: one row per game table, one row per applied move.

Besides: one row per finished challenge table (``RecordRow``, the leaderboards of
``server/challenges.py``) and the server's own secrets (``SecretRow``).

The store is event-sourced: a table's configuration and seed plus its moves,
in order, are the whole truth; the game state is rebuilt by replaying them.
Each move carries a digest chained from the one before (``store/chain.py``);
the table row keeps the last one (``head``), so tampering is noticed on load.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    """The current time (UTC)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base of the store's tables."""


class TableRow(Base):
    """A game table: what is played, by whom, and how far it has got."""

    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    engine: Mapped[str] = mapped_column(String(20))
    # [{"kind": "human"|"bot", "agent": str|None, "name": str|None, "token": sha256 hex|None}]
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(10), index=True)  # open, running, finished
    moves: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The digest after the last move (the chain's genesis while there is none).
    head: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Why the table cannot be rebuilt (None: it can); set by the server that found out.
    damaged: Mapped[str | None] = mapped_column(Text, nullable=True)
    # Seats that may act now (for the lobby's list, which never replays a table).
    to_act: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    # A private table is never listed; its invite secret (stored hashed) opens it.
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Who created it (a hash of the client's address), for the per-client limits.
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # The id of the table a seat holder started as this finished table's rematch ("Play again").
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # A real-time table with human seats getting ready: {"seats": [ready seats], "start":
    # Unix time the clock starts, once every human seat is ready, else None}; None: no such
    # phase (no human seat, a turn-based game, or the clock has started).
    ready: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # How many moves were taken back (each deleted the last move): servers holding the
    # table rebuild it, pages read its log again, when this changes.
    takebacks: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The challenge this table was created for ("daily/2026-11-27/escape-now/2"), or None:
    # only such a table goes on a leaderboard when it finishes (server/challenges.py).
    challenge: Mapped[str | None] = mapped_column(String(80), nullable=True)


class MoveRow(Base):
    """One applied step of a table: a seat's action, or a clock advance."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    advance: Mapped[float | None] = mapped_column(Float, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    digest: Mapped[str | None] = mapped_column(String(64), nullable=True)  # chained, see chain.py

    def step(self) -> dict[str, Any]:
        """The record step of this move."""
        if self.action is None:
            return {"advance": self.advance}
        return {"seat": self.seat, "action": self.action}


class HintRow(Base):
    """A hint a seat asked for (``POST /api/tables/{id}/hint``): what the Hard bot would
    have played at move ``n`` and the seat's estimated chance of winning. Never a move:
    records and replays do not hold hints."""

    __tablename__ = "hints"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"),
                                          index=True)
    n: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    chance: Mapped[float] = mapped_column(Float)
    playouts: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RecordRow(Base):
    """A finished challenge table's entry on its challenge's leaderboard (one per table).

    Ranked by ``won`` (wins first), then ``order_key`` (lower is better: the game's score,
    negated when a higher score is better; see ``server/challenges.py``), ``moves`` and
    ``finished``. A damaged table's entry is never shown (its row's ``damaged``).
    """

    __tablename__ = "records"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    challenge: Mapped[str] = mapped_column(String(80), index=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    score: Mapped[float] = mapped_column(Float)  # in the game's unit (minutes left, dollars)
    order_key: Mapped[float] = mapped_column(Float)  # the sort key after ``won``: lower is better
    moves: Mapped[int] = mapped_column(Integer)  # stored steps, as a table's ``n``
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)  # game seconds (real time)
    seconds: Mapped[float] = mapped_column(Float)  # wall time from the first move to the end
    # [{"name": display name, "kind": "human"|"bot", "won": bool, "score": float}] by seat
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(String(60))
    detail: Mapped[str] = mapped_column(Text)
    finished: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SecretRow(Base):
    """A secret of this installation, made once (by the migration that needs it)."""

    __tablename__ = "secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
