"""Random playouts: the inner loop of benchmarks and Monte Carlo search."""

from __future__ import annotations

import random

from getaway.core.errors import GetawayError
from getaway.core.state import State

REAL_TIME_STEP = 0.5  # virtual seconds that pass after each action of a real-time game


def rollout(state: State, rng: random.Random, depth: int | None = None) -> int:
    """Play uniformly random legal actions until the end (or ``depth`` actions).

    Real-time games advance their clock by :data:`REAL_TIME_STEP` after each
    action, and to the next moment the game changes by itself when nobody may
    act. Returns the number of actions played.
    """
    n = 0
    clocked = state.clock() is not None
    while not state.is_over() and (depth is None or n < depth):
        seats = state.to_act()
        if not seats:
            if not clocked:
                raise GetawayError("a live turn-based state has nobody to act")
            state.advance(state.wake_in() or 1.0)
            continue
        seat = seats[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.random() * len(legal))])
        n += 1
        if clocked:
            state.advance(REAL_TIME_STEP)
    return n
