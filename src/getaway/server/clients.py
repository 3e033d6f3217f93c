"""Who a client is, and how often it may create tables.

A client is known by its network address as the server sees it (behind a
reverse proxy on this machine, uvicorn takes it from ``X-Forwarded-For``);
only a hash of it is stored. :class:`RateLimit` counts, per client and per
server process, the tables created in the last minute (refused requests do
not count).
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import deque

from starlette.requests import HTTPConnection


def client_of(conn: HTTPConnection) -> str:
    """The client's address (``"?"`` when unknown)."""
    return conn.client.host if conn.client is not None else "?"


def client_key(address: str) -> str:
    """What the store keeps of a client: a hash of its address."""
    return hashlib.sha256(f"getaway-client\n{address}".encode()).hexdigest()[:32]


class RateLimit:
    """At most ``per_minute`` events per client in any 60 seconds (0: no limit)."""

    def __init__(self, per_minute: int, window: float = 60.0) -> None:
        self.per_minute = per_minute
        self.window = window
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def wait(self, client: str, now: float | None = None) -> float:
        """0 if ``client`` may have one more event now, else the seconds to wait."""
        if not self.per_minute:
            return 0.0
        now = time.monotonic() if now is None else now
        with self._lock:
            times = self._seen.get(client)
            while times and times[0] <= now - self.window:
                times.popleft()
            if times is not None and len(times) >= self.per_minute:
                return max(0.1, times[0] + self.window - now)
            return 0.0

    def count(self, client: str, now: float | None = None) -> None:
        """Count one event of ``client`` (a table it did create)."""
        if not self.per_minute:
            return
        now = time.monotonic() if now is None else now
        with self._lock:
            self._seen.setdefault(client, deque()).append(now)
            if len(self._seen) > 10_000:  # forget clients that went quiet
                quiet = now - self.window
                for key in [k for k, v in self._seen.items() if not v or v[-1] <= quiet]:
                    del self._seen[key]
