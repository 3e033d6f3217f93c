"""Server settings, from the command line or from tests."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from getaway.store.db import default_url


@dataclass(frozen=True)
class Settings:
    """Where the data lives and how the server behaves."""

    db_url: str
    bot_delay: float = 0.6  # seconds a bot waits before moving, so people can follow
    max_body: int = 64 * 1024  # bytes accepted in a request body or socket message
    # Real-time tables (see API.md, "Real-time tables"):
    clock_tick: float = 1.0  # longest wall-clock wait between two advances of a live clock
    clock_gap: float = 5.0  # a longer silence than this since the last step is downtime
    bot_pace: float = 1.0  # a real-time bot is busy for action_seconds * bot_pace per action

    @classmethod
    def make(cls, db: str | None = None, data_dir: str | Path = "getaway-data",
             bot_delay: float = 0.6, bot_pace: float = 1.0) -> Settings:
        """Settings with the embedded SQLite default unless ``db`` is given."""
        return cls(db or default_url(data_dir), bot_delay, bot_pace=bot_pace)
