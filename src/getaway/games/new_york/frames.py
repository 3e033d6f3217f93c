"""Base frames: a decision of the current player, and a step of the Hero Phase where the
free actions of NY-83, NY-118, NY-128, NY-136, NY-139, NY-144, NY-151, NY-155 and
NY-161 are offered alongside the step's own choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
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


class HeroStep(Step):
    """A step of the Hero Phase between card resolutions: its own choices (``own``) and
    the free actions (:func:`.free.free_actions`)."""

    __slots__ = ()

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        from getaway.games.new_york.free import free_actions

        return [*self.own(s), *free_actions(s)]

    def own(self, s: NewYorkState) -> list[Action]:
        """The step's own choices."""
        raise NotImplementedError

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        from getaway.games.new_york.free import FREE, do_free

        if type(action) in FREE:
            do_free(s, action, events)
        else:
            self.pick(s, action, events)

    def pick(self, s: NewYorkState, action: Action, events: list[Event]) -> None:
        """Carry out one of the step's own choices."""
        raise NotImplementedError
