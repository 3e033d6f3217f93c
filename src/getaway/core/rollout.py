"""Who acts next, and playouts: the inner loop of simulation and Monte Carlo search.

Turn-based games: the first seat of ``to_act()`` decides. Real-time games: a
seat is busy for ``action_seconds`` after each of its actions; the seat free
earliest decides next and the clock moves on, in virtual time, to that moment
or to the next moment the game changes by itself (``wake_in``). The driver of
simulations, the playouts and the search agents all schedule seats this way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from getaway.core.errors import GetawayError
from getaway.core.state import State

if TYPE_CHECKING:
    from getaway.core.actions import Action
    from getaway.core.agent import Agent


def next_seat(state: State, free_at: list[float] | None,
              advance: Callable[[float], object] | None = None) -> int | None:
    """The seat that decides next, after moving the clock on; None once the game is over.

    ``free_at`` holds each seat's next free moment in a real-time game (None
    for a turn-based one); ``advance`` moves the clock (``state.advance`` by
    default; the driver passes one that also records the step).
    """
    move = state.advance if advance is None else advance
    while not state.is_over():
        seats = state.to_act()
        if free_at is None:
            if not seats:
                raise GetawayError(f"{state.config.label()}: a live turn-based state has "
                                   "nobody to act")
            return seats[0]
        now = state.clock() or 0.0
        wake = state.wake_in()
        if not seats:
            if wake is None:
                raise GetawayError(f"{state.config.label()}: nobody can act and the clock "
                                   "will change nothing")
            move(wake)
            continue
        seat = min(seats, key=lambda s: (free_at[s], s))
        if free_at[seat] > now:
            move(free_at[seat] - now if wake is None else min(free_at[seat] - now, wake))
            continue
        return seat
    return None


def schedule(state: State) -> list[float] | None:
    """A fresh seat schedule: every seat free now (None for a turn-based game)."""
    now = state.clock()
    return None if now is None else [now] * state.players


def busy(state: State, free_at: list[float] | None, seat: int, action: Action) -> None:
    """Mark ``seat`` busy for the time ``action`` takes (call before applying it)."""
    if free_at is not None:
        free_at[seat] = (state.clock() or 0.0) + state.action_seconds(seat, action)


def rollout(state: State, rng: random.Random, depth: int | None = None,
            policy: Agent | None = None, epsilon: float = 0.0,
            free_at: list[float] | None = None) -> int:
    """Play on until the end (or ``depth`` actions); return the number of actions.

    Without a ``policy`` every action is uniformly random; with one, each seat's
    action is ``policy``'s choice from that seat's observation, except that with
    probability ``epsilon`` it is random. ``free_at`` continues a real-time
    schedule (by default every seat is free now).
    """
    if policy is not None:
        from getaway.core.agent import Observation
    if free_at is None:
        free_at = schedule(state)
    n = 0
    while depth is None or n < depth:
        seat = next_seat(state, free_at)
        if seat is None:
            break
        legal = state.legal_actions(seat)
        if policy is None or (epsilon and rng.random() < epsilon):
            action = legal[int(rng.random() * len(legal))]
        else:
            action = policy.choose(Observation(state, seat, legal), rng)
        busy(state, free_at, seat, action)
        state.apply(seat, action)
        n += 1
    return n
