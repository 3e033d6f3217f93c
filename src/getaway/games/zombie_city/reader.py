"""Reading Zombie City's TOML data files (the shared reader, with its sources typed).

Every check raises :class:`ContentError` whose message starts with the file
name, then the entry (``sections.toml: section 'exit': ...``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from getaway.core import content as base
from getaway.core.content import count, only, read, unique
from getaway.games.zombie_city.model import Source

__all__ = ["Entry", "count", "entries", "only", "read", "table", "unique"]


class Entry(base.Entry):
    """A content entry whose source is a :class:`Source`."""

    def source(self) -> Source:  # type: ignore[override]
        return Source(super().source())


def entries(raw: dict[str, Any], file: str, key: str, what: str,
            label: Callable[[dict[str, Any]], str | None] | None = None) -> list[Entry]:
    return base.entries(raw, file, key, what, label, Entry)


def table(raw: dict[str, Any], file: str, key: str) -> Entry:
    return base.table(raw, file, key, Entry)
