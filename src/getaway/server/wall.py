"""The server's time source: wall-clock seconds, and sleeping on them.

Real-time tables run on it (see ``server/realtime.py``). Tests pass a fake
one to ``create_app`` so a ten-second game takes no real ten seconds.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime


class Wall:
    """Unix time in seconds, and an awaitable sleep measured on the same clock."""

    def now(self) -> float:
        """Seconds since the Unix epoch."""
        return time.time()

    async def sleep_until(self, at: float) -> None:
        """Wait until this clock reads ``at`` (absolute, so a late start waits less)."""
        await asyncio.sleep(max(0.0, at - self.now()))

    def stamp(self, at: float | None = None) -> datetime:
        """``at`` (default: now) as an aware UTC datetime, for the database."""
        return datetime.fromtimestamp(self.now() if at is None else at, UTC)


def seconds(dt: datetime) -> float:
    """A stored datetime as Unix seconds (SQLite gives naive UTC datetimes back)."""
    return (dt if dt.tzinfo is not None else dt.replace(tzinfo=UTC)).timestamp()
