"""Server settings, from the command line or from tests: everything a host may set."""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from getaway.server.botpool import default_workers
from getaway.store.db import default_url


@dataclass(frozen=True)
class Settings:
    """Where the data lives, how bots and clocks behave, and the host's limits.

    A limit of 0 means "no limit".
    """

    db_url: str
    bot_delay: float = 0.6  # seconds a bot waits before moving, so people can follow
    max_body: int = 64 * 1024  # bytes accepted in a request body or socket message
    # Real-time tables (see API.md, "Real-time tables"):
    clock_tick: float = 1.0  # longest wall-clock wait between two advances of a live clock
    clock_gap: float = 5.0  # a longer silence than this since the last step is downtime
    bot_pace: float = 1.0  # a real-time bot is busy for action_seconds * bot_pace per action
    # Bots (see API.md, "Bots and limits"):
    bot_seconds: float = 1.5  # the most a bot may think about one move
    bot_workers: int = 0  # processes bots think in (0: one per core)
    # seconds a bot (or hint) may run past its cap before its worker is stopped: its own
    # deadline ends its thinking; this covers a replay, a long playout, a starved process
    bot_grace: float = 2.0
    # What one client may do:
    tables_per_minute: int = 30  # tables created per minute
    client_tables: int = 20  # open and running tables created at once
    table_sockets: int = 200  # live connections to one table
    client_sockets: int = 50  # live connections from one client
    # Memory:
    idle_seconds: float = 600.0  # an unused table is forgotten (reloaded when asked for)
    # Browsers on other sites allowed to open sockets (besides this server's own pages):
    allowed_origins: tuple[str, ...] = ()
    # Keep what exists once the server has started out of the cyclic garbage collector's
    # full passes (`getaway serve` does; tests, which start many apps, do not).
    freeze: bool = False

    @property
    def workers(self) -> int:
        """The number of bot processes."""
        return self.bot_workers or default_workers()

    @classmethod
    def make(cls, db: str | None = None, data_dir: str | Path = "getaway-data",
             **settings: Any) -> Settings:
        """Settings with the embedded SQLite default unless ``db`` is given."""
        known = {f.name for f in fields(cls)}
        unknown = set(settings) - known
        if unknown:
            raise TypeError(f"unknown settings {sorted(unknown)}")
        return cls(db or default_url(data_dir), **settings)
