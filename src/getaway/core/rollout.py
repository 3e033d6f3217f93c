"""Who acts next, and playouts: the inner loop of simulation and Monte Carlo search.

Turn-based games: the first seat of ``to_act()`` decides. Real-time games: a
seat is busy for ``action_seconds`` after each of its actions; the seat free
earliest decides next and the clock moves on, in virtual time, to that moment
or to the next moment the game changes by itself (``wake_in``). The driver of
simulations, the playouts and the search agents all schedule seats this way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from getaway.core.decisions import DecisionState
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
    if free_at is None:
        return _first_to_act(state)
    return _earliest_free(state, free_at, state.advance if advance is None else advance)[0]


def _first_to_act(state: State) -> int | None:
    """The turn-based case of :func:`next_seat`: the first seat of ``to_act()``."""
    if state.is_over():
        return None
    seats = state.to_act()
    if not seats:
        raise _nobody(state)
    return seats[0]


def _nobody(state: State) -> GetawayError:
    """The error of a live turn-based state in which nobody may act (a game's bug)."""
    return GetawayError(f"{state.config.label()}: a live turn-based state has nobody to act")


def _earliest_free(state: State, free_at: list[float],
                   move: Callable[[float], object]) -> tuple[int | None, float]:
    """The real-time case of :func:`next_seat`, with the clock's reading when it chose.

    Of the seats that may act, the one free earliest (the lower seat on a tie)
    decides once it is free; until then the clock moves on to that moment, or
    sooner to the game's next change of its own (``wake_in``). It runs at
    least once per decision, so it asks each question once per pass, and
    ``wake_in`` only when the clock must move. The reading is returned so that
    :func:`rollout` marks the seat busy without asking the clock again.
    """
    while not state.is_over():
        seats = state.to_act()
        now = state.clock() or 0.0
        if not seats:
            wake = state.wake_in()
            if wake is None:
                raise GetawayError(f"{state.config.label()}: nobody can act and the clock "
                                   "will change nothing")
            move(wake)
            continue
        # ``min(seats, key=lambda s: (free_at[s], s))``, without a tuple per seat
        seat = seats[0]
        due = free_at[seat]
        for s in seats:
            f = free_at[s]
            if f < due or (f == due and s < seat):
                seat, due = s, f
        if not due > now:
            return seat, now
        wake = state.wake_in()
        move(due - now if wake is None else min(due - now, wake))
    return None, 0.0


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

    This is the inner loop of every playout, so it does what :func:`next_seat`
    and :func:`busy` do inline, with the state's methods looked up once.
    """
    if policy is not None:
        from getaway.core.agent import Observation
    if free_at is None:
        free_at = schedule(state)
    is_over, to_act, apply = state.is_over, state.to_act, state.apply
    legal_actions: Callable[[int], Sequence[Action]] = state.legal_actions
    if (isinstance(state, DecisionState) and type(state).to_act is DecisionState.to_act
            and type(state).legal_actions is DecisionState.legal_actions):
        # The seat comes from ``to_act()`` just before: its frame need not say again.
        legal_actions = state.actor_legal_actions
    draw, move = rng.random, state.advance
    now = 0.0
    n = 0
    while depth is None or n < depth:
        if free_at is None:  # _first_to_act(state), inline
            if is_over():
                break
            seats = to_act()
            if not seats:
                raise _nobody(state)
            seat = seats[0]
        else:
            found, now = _earliest_free(state, free_at, move)
            if found is None:
                break
            seat = found
        legal = legal_actions(seat)
        if policy is None or (epsilon and draw() < epsilon):
            action = legal[int(draw() * len(legal))]
        else:
            action = policy.choose(Observation(state, seat, legal), rng)
            now = state.clock() or 0.0  # as busy() would read it, after the policy's look
        if free_at is not None:
            free_at[seat] = now + state.action_seconds(seat, action)
        apply(seat, action)
        n += 1
    return n
