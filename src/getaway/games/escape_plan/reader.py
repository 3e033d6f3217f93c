"""Reading Escape Plan's TOML data files (the shared reader, with its sources typed).

Every check raises :class:`ContentError` whose message starts with the file
name, then the entry (``board.toml: location 'church': ...``).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

from getaway.core import content as base
from getaway.core.content import count, find, only, read, unique
from getaway.games.escape_plan.model import Source

__all__ = ["Entry", "count", "entries", "find", "only", "read", "table", "unique"]

_E = TypeVar("_E", bound=StrEnum)


class Entry(base.Entry):
    """A content entry whose source is a :class:`Source`, with list and sub-table helpers."""

    def source(self) -> Source:  # type: ignore[override]
        return Source(super().source())

    def enums(self, key: str, cls: type[_E], allowed: frozenset[_E] | None = None,
              default: Any = ...) -> tuple[_E, ...]:
        """A list of strings naming members of ``cls`` (of ``allowed`` if given)."""
        raw = self.get(key, list, default)
        ok = allowed if allowed is not None else frozenset(cls)
        names = sorted(m.value for m in ok)
        out = []
        for v in raw:
            if not isinstance(v, str) or v not in names:
                raise self.fail(f"{key} must list only {', '.join(names)}; got {v!r}")
            out.append(cls(v))
        return tuple(out)

    def strings(self, key: str, default: Any = ...) -> tuple[str, ...]:
        """A list of non-empty strings."""
        raw = self.get(key, list, default)
        for v in raw:
            if not isinstance(v, str) or not v.strip():
                raise self.fail(f"{key} must list non-empty strings; got {v!r}")
        return tuple(raw)

    def sub(self, data: Any, what: str) -> Entry:
        """An entry for a table nested in this one (``file: card 'x': effect #1``)."""
        if not isinstance(data, dict):
            raise self.fail(f"{what} must be a table, got {data!r}")
        e = Entry(self.file, "", 0, data, "")
        e.where = f"{self.where}: {what}"
        return e


def entries(raw: dict[str, Any], file: str, key: str, what: str,
            label: Callable[[dict[str, Any]], str | None] | None = None) -> list[Entry]:
    return base.entries(raw, file, key, what, label, Entry)


def table(raw: dict[str, Any], file: str, key: str) -> Entry:
    return base.table(raw, file, key, Entry)
