"""A game being played and recorded: the state plus the steps that made it.

Every interface (simulation, terminal, web server) drives games through a
:class:`Match`, so every game anywhere can be saved and replayed exactly.
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


class Match:
    """A state and the ordered steps applied to it since its seed."""

    def __init__(self, game: Game, config: Config, seed: int) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.state: State = game.new_state(config, seed)
        self.steps: list[Step] = []

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply a legal action and record it (an illegal one raises and records nothing)."""
        events = self.state.apply(seat, action)
        self.steps.append({"seat": seat, "action": action.to_json()})
        return events

    def advance(self, seconds: float) -> list[Event]:
        """Advance the clock of a real-time game and record it."""
        events = self.state.advance(seconds)
        if seconds:
            self.steps.append({"advance": seconds})
        return events

    def record(self, meta: dict[str, Any] | None = None) -> Record:
        """The record of everything so far."""
        out = self.state.outcome()
        return Record(self.game.id, __version__, self.config.players, dict(self.config.options),
                      self.seed, tuple(self.steps), out.to_json() if out else None, meta or {})
