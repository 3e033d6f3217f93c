"""Playing one game to its end with agents, in turn-based or virtual real time.

Turn-based games: the first seat of ``to_act()`` decides, again and again.
Real-time games: every seat is busy for ``action_seconds`` after each action;
the seat that is free earliest decides next, and the clock is advanced in
virtual time to that moment (or to the next moment the game changes by
itself when nobody may act). The result depends only on the seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from getaway.core.agent import Agent, Observation
from getaway.core.chance import derive_seed
from getaway.core.errors import GetawayError
from getaway.core.match import Match
from getaway.core.rollout import busy, next_seat, schedule
from getaway.core.state import Outcome

MAX_DECISIONS = 1_000_000


@dataclass(frozen=True)
class Played:
    """The result of one simulated game."""

    index: int
    seed: int
    outcome: Outcome
    decisions: int


def agent_rngs(seed: int, seats: int) -> list[random.Random]:
    """One independent generator per seat, derived from the game's seed."""
    return [random.Random(derive_seed(seed, "agent", s)) for s in range(seats)]


def play_match(match: Match, agents: Sequence[Agent], rngs: Sequence[random.Random]) -> int:
    """Play ``match`` to its end; returns the number of decisions made."""
    state = match.state
    free_at = schedule(state)
    n = 0
    while (seat := next_seat(state, free_at, match.advance)) is not None:
        legal = state.legal_actions(seat)
        action = agents[seat].choose(Observation(state, seat, legal), rngs[seat])
        busy(state, free_at, seat, action)
        match.apply(seat, action)
        n += 1
        if n > MAX_DECISIONS:
            raise GetawayError(f"{match.config.label()} seed {match.seed} did not end "
                               f"after {MAX_DECISIONS} decisions")
    return n
