"""Base frames: a decision of the current player (a step of the Hero Phase, with the
free actions beside its own choices, is :class:`.free.HeroStep`), and frames made once
(:func:`kept`)."""

from __future__ import annotations

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
