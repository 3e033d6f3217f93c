"""Reading a game's TOML content files, with errors that name the file and the entry.

Every check raises :class:`~getaway.core.errors.ContentError` whose message
starts with the file name, then the entry (``board.toml: space 'yard-1':
...``), so that a bad edit is found at once. Each game's loader builds its
components from :class:`Entry` objects.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar, overload

from getaway.core.errors import ContentError


class Source(StrEnum):
    """Where a content entry comes from: the rulebook states it, or we designed it."""

    RULEBOOK = "rulebook"
    DESIGNED = "designed"


SOURCES = tuple(str(s) for s in Source)  # every entry says where it comes from
_E = TypeVar("_E", bound=StrEnum)
_T = TypeVar("_T", bound="Entry")


def read(name: str, root: Path) -> dict[str, Any]:
    """The TOML file ``root/name`` as data."""
    path = root / name
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ContentError(f"{name}: cannot be read: {e}") from None


class Entry:
    """Typed access to one TOML table, with errors naming file and entry."""

    def __init__(self, file: str, what: str, index: int, data: Any,
                 label: str | None = None) -> None:
        if not isinstance(data, dict):
            raise ContentError(f"{file}: {what} #{index + 1} is not a table")
        self.file, self.data = file, data
        self.used: set[str] = set()
        ident = data.get("id")
        if label is not None:
            self.where = f"{file}: {what} {label}".rstrip()
        elif isinstance(ident, str):
            self.where = f"{file}: {what} {ident!r}"
        else:
            self.where = f"{file}: {what} #{index + 1}"

    def fail(self, msg: str) -> ContentError:
        """An error naming this entry."""
        return ContentError(f"{self.where}: {msg}")

    def get(self, key: str, typ: type, default: Any = ...) -> Any:
        """Field ``key`` of type ``typ`` (``default`` when absent, else an error)."""
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise self.fail(f"missing field {key!r}")
            return default
        value = self.data[key]
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise self.fail(f"field {key!r} must be a {typ.__name__}, got {value!r}")
        return value

    def text(self, key: str, default: Any = ...) -> str:
        """A non-empty string field."""
        value: str = self.get(key, str, default)
        if key in self.data and not value.strip():
            raise self.fail(f"field {key!r} is empty")
        return value

    def integer(self, key: str, lo: int, hi: int, default: Any = ...) -> int:
        """An int field within ``lo..hi``."""
        value: int = self.get(key, int, default)
        if key in self.data and not lo <= value <= hi:
            raise self.fail(f"field {key!r} must be from {lo} to {hi}, got {value}")
        return value

    def flag(self, key: str, default: Any = ...) -> bool:
        """A bool field."""
        value: bool = self.get(key, bool, default)
        return value

    def enum(self, key: str, cls: type[_E], allowed: Iterable[_E] | None = None) -> _E:
        """A string field naming a member of ``cls`` (of ``allowed`` if given)."""
        raw = self.get(key, str)
        ok = tuple(allowed) if allowed is not None else tuple(cls)
        if raw not in {m.value for m in ok}:
            raise self.fail(f"{key} must be one of {', '.join(m.value for m in ok)}; "
                            f"got {raw!r}")
        return cls(raw)

    def opt_enum(self, key: str, cls: type[_E], allowed: Iterable[_E] | None = None
                 ) -> _E | None:
        """Like :meth:`enum`, or None when the field is absent."""
        if key not in self.data:
            self.used.add(key)
            return None
        return self.enum(key, cls, allowed)

    def enums(self, key: str, cls: type[_E], allowed: Iterable[_E] | None = None,
              default: Any = ...) -> tuple[_E, ...]:
        """A list of strings naming members of ``cls`` (of ``allowed`` if given)."""
        raw = self.get(key, list, default)
        ok = frozenset(allowed) if allowed is not None else frozenset(cls)
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

    def sub(self, data: Any, what: str) -> Self:
        """An entry for a table nested in this one (``file: card 'x': effect #1``)."""
        if not isinstance(data, dict):
            raise self.fail(f"{what} must be a table, got {data!r}")
        e = type(self)(self.file, "", 0, data, "")
        e.where = f"{self.where}: {what}"
        return e

    def source(self) -> Source:
        """``rulebook`` or ``designed``; a designed entry must give its reason."""
        src = self.get("source", str)
        if src not in SOURCES:
            raise self.fail(f"source must be 'rulebook' or 'designed', got {src!r}")
        if src == "designed" and not self.get("reason", str, "").strip():
            raise self.fail("a designed entry needs a one-line 'reason'")
        self.get("reason", str, "")
        return Source(src)

    def done(self) -> None:
        """Refuse fields nobody reads (usually a misspelt name)."""
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise self.fail(f"unknown field {extra[0]!r}")


@overload
def entries(raw: dict[str, Any], file: str, key: str, what: str,
            label: Callable[[dict[str, Any]], str | None] | None = None) -> list[Entry]: ...


@overload
def entries(raw: dict[str, Any], file: str, key: str, what: str,
            label: Callable[[dict[str, Any]], str | None] | None, cls: type[_T]) -> list[_T]: ...


def entries(raw: dict[str, Any], file: str, key: str, what: str,
            label: Callable[[dict[str, Any]], str | None] | None = None,
            cls: type[Entry] = Entry) -> list[Any]:
    """One entry per table of the array ``[[key]]``."""
    items = raw.get(key, [])
    if not isinstance(items, list):
        raise ContentError(f"{file}: {key!r} must be a list of tables")
    out = []
    for i, d in enumerate(items):
        lab = label(d) if label is not None and isinstance(d, dict) else None
        out.append(cls(file, what, i, d, lab))
    return out


@overload
def table(raw: dict[str, Any], file: str, key: str) -> Entry: ...


@overload
def table(raw: dict[str, Any], file: str, key: str, cls: type[_T]) -> _T: ...


def table(raw: dict[str, Any], file: str, key: str, cls: type[Entry] = Entry) -> Any:
    """The single table ``[key]``."""
    if not isinstance(raw.get(key), dict):
        raise ContentError(f"{file}: missing table [{key}]")
    return cls(file, f"[{key}]", 0, raw[key], "")  # named "file: [key]"


def unique(file: str, what: str, ids: Iterable[str]) -> None:
    """Refuse an id given twice."""
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise ContentError(f"{file}: {what} {i!r} appears twice")
        seen.add(i)


def only(raw: dict[str, Any], file: str, *keys: str) -> None:
    """Refuse top-level entries nobody reads (usually a misspelt table name)."""
    extra = sorted(set(raw) - set(keys))
    if extra:
        raise ContentError(f"{file}: unknown entry {extra[0]!r}; expected "
                           f"{', '.join(keys)}")


def count(file: str, what: str, found: int, want: int, why: str = "as in the rulebook"
          ) -> None:
    """Refuse a wrong number of components."""
    if found != want:
        raise ContentError(f"{file}: there must be {want} {what} ({why}), found {found}")


class _Copies(Protocol):
    @property
    def copies(self) -> int: ...


class _Named(Protocol):
    @property
    def id(self) -> str: ...


_C = TypeVar("_C", bound=_Copies)
_N = TypeVar("_N", bound=_Named)


def expand(kinds: Iterable[_C]) -> tuple[_C, ...]:
    """One item per physical component: each kind repeated ``copies`` times."""
    return tuple(k for k in kinds for _ in range(k.copies))


def find(items: tuple[_N, ...], item_id: str, file: str, what: str) -> _N:
    """The item with this id, or ``ContentError`` naming the file."""
    for it in items:
        if it.id == item_id:
            return it
    raise ContentError(f"{file}: no {what} {item_id!r}")
