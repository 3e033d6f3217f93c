"""Base frames: a decision of the current player (a step of the Hero Phase, with the
free actions beside its own choices, is :class:`.free.HeroStep`), and frames made once
(:func:`kept`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from getaway.core.decisions import Decision
from getaway.games.new_york.state import NewYorkState


def describe(frame: Decision, s: Any) -> dict[str, Any]:
    """A decision for views: its key and its prompt (never its class)."""
    return {"key": frame.key, "prompt": frame.prompt(s)}


_ONE = tuple((seat,) for seat in range(8))
"""``(seat,)`` for each seat, made once (asked at every decision)."""


class Step(Decision):
    """A decision of the current player (New York's choices included, NY-26)."""

    __slots__ = ()

    def seats(self, s: NewYorkState) -> tuple[int, ...]:
        return _ONE[s.cur]

    def describe(self, s: Any) -> dict[str, Any]:
        return describe(self, s)


F = TypeVar("F", bound=Decision)


def kept(cls: type[F], *fields: Any) -> F:
    """``cls(*fields)``, made once and then shared: frames are immutable values (equal
    fields, equal frames; a clone shares its frames already), and a turn makes the same
    few again and again. Only for frames whose fields are small hashable values (ints,
    flags, a :class:`.resolve.Ctx`). Bounded: the whole store is dropped when full."""
    key = (cls, *fields)
    frame = _KEPT.get(key)
    if frame is None:
        if len(_KEPT) >= 4096:
            _KEPT.clear()
        frame = _KEPT[key] = cls(*fields)
    return frame  # type: ignore[return-value]


_KEPT: dict[tuple[Any, ...], Decision] = {}

T = TypeVar("T")
V = TypeVar("V")


def per_object(store: dict[int, tuple[Any, Any]], obj: T, make: Callable[[T], V]) -> V:
    """``make(obj)``, worked out once per object and kept in ``store`` by its identity
    (checked, so a reused id is never mistaken for it): for the cards' own effects and
    effect lists, which live as long as the content and cost more to hash than to find.
    Bounded: the store is dropped when full."""
    found = store.get(id(obj))
    if found is None or found[0] is not obj:
        if len(store) >= 1024:
            store.clear()
        found = store[id(obj)] = (obj, make(obj))
    return found[1]  # type: ignore[no-any-return]
