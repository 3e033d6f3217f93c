"""The one interface through which anything chooses an action.

Bots, the terminal, the browser and RL policies all implement :class:`Agent`:
they receive an :class:`Observation` (the seat, its legal actions, its view)
and return one of the legal actions. An observation may carry a ``deadline``
(a ``time.perf_counter()`` reading): an agent that thinks for a while stops
by then and answers its best move so far (a server caps every bot's move).
Search agents may also ask the observation for a determinized copy of the
game -- a state sampled from what the seat knows -- but never see the true
state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from getaway.core.actions import Action
from getaway.core.state import State


class Observation:
    """What a seat knows when it must decide."""

    __slots__ = ("_state", "_view", "deadline", "legal", "seat")

    def __init__(self, state: State, seat: int, legal: Sequence[Action] | None = None,
                 deadline: float | None = None) -> None:
        self._state = state
        self.seat = seat
        self.legal: Sequence[Action] = state.legal_actions(seat) if legal is None else legal
        self._view: dict[str, Any] | None = None
        self.deadline = deadline  # time.perf_counter() by which to answer; None: no limit

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view (built on first use)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    @property
    def game(self) -> str:
        """The game id."""
        return self._state.config.game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self._state.config.players

    def determinize(self, rng: random.Random) -> State:
        """A copy of the game with everything this seat cannot see resampled."""
        return self._state.determinize(self.seat, rng)

    def believe(self, rng: random.Random) -> State:
        """``determinize``, with the other seats' hidden cards drawn as their play
        suggests if they play the game's own strategy (``State.believe``)."""
        return self._state.believe(self.seat, rng)

    def clock(self) -> float | None:
        """The game clock (real-time games), else None."""
        return self._state.clock()


class Agent(ABC):
    """Chooses actions for one seat."""

    name: str = "agent"
    spec: str | None = None  # NAME[:KEY=VALUE...], set by ``agents.make_agent``

    @abstractmethod
    def choose(self, obs: Observation, rng: random.Random) -> Action:
        """Return one of ``obs.legal``."""

    def describe(self) -> str:
        """The agent as a canonical command-line spec: its name and every setting that
        differs from its default, in the order of the agent's parameters
        (``ismcts:iterations=30:depth=40:progress_weight=0.5``).

        :func:`getaway.agents.make_agent` writes it (``spec``); an agent built
        directly in Python is described by its name alone.
        """
        return self.spec or self.name
