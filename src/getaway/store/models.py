"""The database tables: one row per game table, one row per applied move.

The store is event-sourced: a table's configuration and seed plus its moves,
in order, are the whole truth; the game state is rebuilt by replaying them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, Integer, String
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

    def step(self) -> dict[str, Any]:
        """The record step of this move."""
        if self.action is None:
            return {"advance": self.advance}
        return {"seat": self.seat, "action": self.action}
