"""Base frames: a decision of the current player (a step of the Hero Phase, with the
free actions beside its own choices, is :class:`.free.HeroStep`)."""

from __future__ import annotations

from typing import Any

from getaway.core.decisions import Decision
from getaway.games.new_york.state import NewYorkState


def describe(frame: Decision, s: Any) -> dict[str, Any]:
    """A decision for views: its key and its prompt (never its class)."""
    return {"key": frame.key, "prompt": frame.prompt(s)}


class Step(Decision):
    """A decision of the current player (New York's choices included, NY-26)."""

    __slots__ = ()

    def seats(self, s: NewYorkState) -> tuple[int, ...]:
        return (s.cur,)

    def describe(self, s: Any) -> dict[str, Any]:
        return describe(self, s)
