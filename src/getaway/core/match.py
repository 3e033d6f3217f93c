"""A game being played and recorded: the state plus the steps that made it.

Every interface (simulation, terminal, web server) drives games through a
:class:`Match`, so every game anywhere can be saved and replayed exactly. A
match also knows which of its steps may be taken back (``getaway.core.takeback``)
and takes the last one back by replaying the others.
"""

from __future__ import annotations

from typing import Any

from getaway import __version__
from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.core.records import Record, Step
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.core.state import State
from getaway.core.takeback import (
    CLOCK,
    NOT_YOURS,
    NOTHING,
    OVER,
    SHOWN,
    CannotTakeBack,
    reveals,
    shows_hidden,
)


class Match:
    """A state and the ordered steps applied to it since its seed."""

    def __init__(self, game: Game, config: Config, seed: int) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.state: State = game.new_state(config, seed)
        self.steps: list[Step] = []
        self._said: list[Event] = []  # the events of the last step (take_back checks them)
        self._before: State | None = None  # the state before the last step, when kept
        self._quiet: tuple[int, bool] | None = None  # (steps, answer) of the last check
        self.keep = False  # keep a copy of the state before each move (quick take-back checks)

    @classmethod
    def around(cls, game: Game, config: Config, seed: int, state: State,
               steps: list[Step] | None = None) -> Match:
        """A match over ``state``, said to have been reached by ``steps`` (not replayed)."""
        m = cls.__new__(cls)
        m.game, m.config, m.seed, m.state = game, config, seed, state
        m.steps = [] if steps is None else steps
        m._said, m._before, m._quiet, m.keep = [], None, None, False
        return m

    def clone(self) -> Match:
        """An independent copy: the state cloned, the steps copied."""
        m = Match.around(self.game, self.config, self.seed, self.state.clone(), self.steps[:])
        m._said, m._before, m._quiet, m.keep = self._said, self._before, self._quiet, self.keep
        return m

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a legal action and record it (an illegal one raises and records nothing)."""
        before = self.state.clone() if self.keep else None
        events = self.state.apply(seat, action)
        self.steps.append({"seat": seat, "action": action.to_json()})
        self._said, self._before, self._quiet = events, before, None
        return events

    def advance(self, seconds: float) -> list[Event]:
        """Advance the clock of a real-time game and record it."""
        events = self.state.advance(seconds)
        if seconds:
            self.steps.append({"advance": seconds})
            self._said, self._before, self._quiet = events, None, None
        return events

    def commit(self, state: State, steps: list[Step], events: list[Event]) -> None:
        """Adopt ``state``, reached from this one by ``steps`` (clock advances, then at most
        one move, which caused ``events``): how the server applies a move to a trial copy
        first and keeps it once stored."""
        self._before = self.state if len(steps) == 1 else None
        self.state = state
        self.steps.extend(steps)
        self._said, self._quiet = events, None

    def take_back_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back the last step now, or None when it may."""
        if self.state.clock() is not None:
            return CLOCK
        if not self.steps:
            return NOTHING
        if self.state.is_over():
            return OVER
        if self.steps[-1].get("seat") != seat:
            return NOT_YOURS
        if reveals(self.game.revealing_events, self._said, self.config.players):
            return SHOWN
        n = len(self.steps)
        if self._quiet is None or self._quiet[0] != n:
            before = self._before if self._before is not None else self._replayed(n - 1).state
            action = self.game.actions.from_json(self.steps[-1]["action"])
            self._quiet = (n, not shows_hidden(before, seat, action, self.state,
                                               seed=self.seed * 100_003 + n))
        return None if self._quiet[1] else SHOWN

    def _replayed(self, n: int) -> Match:
        """A new match of the same game at its first ``n`` steps."""
        kept = Match(self.game, self.config, self.seed)
        kept.keep = self.keep and n > 0
        for step in self.steps[:n]:
            if "advance" in step:
                kept.advance(float(step["advance"]))
            else:
                kept.apply(int(step["seat"]), self.game.actions.from_json(step["action"]))
        return kept

    def take_back(self, seat: int) -> Step:
        """Take back ``seat``'s last step: the state becomes the replay of every other step.

        Raises :class:`CannotTakeBack` (changing nothing) unless
        :meth:`take_back_refusal` allows it; returns the step taken back.
        """
        refusal = self.take_back_refusal(seat)
        if refusal is not None:
            raise CannotTakeBack(refusal)
        kept = self._replayed(len(self.steps) - 1)
        last = self.steps[-1]
        self.state, self.steps, self._said = kept.state, kept.steps, kept._said
        self._before, self._quiet = kept._before, None
        return last

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """The record of everything so far."""
        out = self.state.outcome()
        return Record(self.game.id, __version__, self.config.players, dict(self.config.options),
                      self.seed, tuple(self.steps), out.to_json() if out else None, meta or {})
