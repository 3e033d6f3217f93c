"""determinize: resample what a seat cannot see, consistently with its view."""

from __future__ import annotations

import random
from typing import TypeVar

from getaway.core.chance import Rng
from getaway.games.escape_plan.state import EscapePlanState

T = TypeVar("T", bound=EscapePlanState)


def determinize(state: T, seat: int, rng: random.Random) -> T:
    """A copy in which deck orders, the unseen Patrol card, the Fixers below the top,
    the Locker tiles below each top, the Exit stacks, other seats' Escape Plan cards and
    future chance are redrawn. Money behind screens is kept: every payment is made in
    the open, so a careful seat could count it (see README, "Rules we decided")."""
    s = state.clone()
    rng.shuffle(s.contact_deck)
    rng.shuffle(s.sandra_deck)
    pool = [*s.patrol_deck, s.patrol_discard] if s.patrol_discard else s.patrol_deck[:]
    rng.shuffle(pool)
    if s.patrol_discard:
        s.patrol_discard = pool.pop()
    s.patrol_deck = pool
    for colour, stack in s.lockers.items():
        if len(stack) > 1:
            below = stack[:-1]
            rng.shuffle(below)
            s.lockers[colour] = [*below, stack[-1]]
    for stack in s.exit_stacks.values():
        rng.shuffle(stack)
    if s.fixers:
        pool = [*s.fixers[:-1], *s.fixers_out]
        rng.shuffle(pool)
        k = len(s.fixers) - 1
        s.fixers = [*pool[:k], s.fixers[-1]]
        s.fixers_out = pool[k:]
    others = [i for i in range(len(s.crew)) if i != seat]
    plans = [*s.plans_left, *(s.crew[i].plan for i in others)]
    rng.shuffle(plans)
    for i in others:
        s.crew[i].plan = plans.pop()
    s.plans_left = plans
    s.rng = Rng(rng.getrandbits(64))
    return s
