"""determinize: resample what a seat cannot see, consistently with its view."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TypeVar

from getaway.core.chance import Rng
from getaway.games.escape_plan.state import EscapePlanState, Player
from getaway.games.escape_plan.tables import CARDS, LOCKER

T = TypeVar("T", bound=EscapePlanState)


def determinize(state: T, seat: int, rng: random.Random) -> T:
    """A copy in which deck orders, the unseen Patrol card, the Fixers below the top,
    the Locker tiles below each top, the Exit stacks, other seats' Escape Plan cards (among
    those their cubes allow, ``deal_plans``) and future chance are redrawn. Money behind
    screens is kept: every payment is made in the open, so a careful seat could count it
    (see README, "Rules we decided")."""
    s = state.clone()
    rng.shuffle(s.contact_deck)
    rng.shuffle(s.sandra_deck)
    pool = [*s.patrol_deck, s.patrol_discard] if s.patrol_discard else s.patrol_deck[:]
    rng.shuffle(pool)
    if s.patrol_discard:
        s.patrol_discard = pool.pop()
    s.patrol_deck = pool
    redraw_kept(s, seat, rng)
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
    deal_plans(s, seat, rng)
    s.rng = Rng(rng.getrandbits(64))
    return s


def redraw_kept(s: EscapePlanState, seat: int, rng: random.Random) -> None:
    """Another seat's Locker or Exit tiles drawn and not kept yet (a ``KeepTile`` on the
    stack) show only their colour and count, and a Locker its need: redraw them from the
    same stack's unseen tiles (below a Locker stack's visible top; the whole Exit stack),
    each drawn Locker replaced by one with the same need."""
    from getaway.games.escape_plan.visits import KeepTile

    for i, frame in enumerate(s.stack):
        if not isinstance(frame, KeepTile) or frame.seat == seat:
            continue
        stacks = s.lockers if frame.prefix == "L" else s.exit_stacks
        stack = stacks[frame.colour]
        top = stack[-1:] if frame.prefix == "L" else []
        pool = [*stack[:len(stack) - len(top)], *frame.drawn]
        rng.shuffle(pool)
        drawn = []
        for old in frame.drawn:
            need = LOCKER[old].need if frame.prefix == "L" else None
            k = next(j for j, t in enumerate(pool)
                     if need is None or LOCKER[t].need == need)
            drawn.append(pool.pop(k))
        stacks[frame.colour] = [*pool, *top]
        s.stack[i] = KeepTile(frame.seat, frame.prefix, frame.colour, tuple(drawn))


def cube_record(p: Player) -> tuple[tuple[str, bool], ...]:
    """What a player's cubes have shown of their Escape Plan card: each Business or Safe
    House visited with a cube, and whether the cube went to the Income hex (EP-116,
    EP-117, EP-140). Every visit is made in the open."""
    return tuple((t, h == "income") for t, h in zip(p.visited, p.hexes, strict=False) if h)


def consistent(plan: str, record: tuple[tuple[str, bool], ...]) -> bool:
    """Whether an Escape Plan card agrees with a cube record."""
    card = CARDS.plan(plan)
    return all(card.shows_income(t) == income for t, income in record)


@lru_cache(maxsize=4096)
def _deals(pool: tuple[str, ...], records: tuple[tuple[tuple[str, bool], ...], ...]
           ) -> tuple[tuple[str, ...], ...]:
    """Every way to give the seats of ``records`` distinct cards of ``pool``, each agreeing
    with its seat's record (at most 8 * 7 * 6 * 5 = 1,680 deals)."""
    fits = [[c for c in pool if consistent(c, r)] for r in records]
    out: list[tuple[str, ...]] = []
    chosen: list[str] = []

    def walk(k: int) -> None:
        if k == len(fits):
            out.append(tuple(chosen))
            return
        for c in fits[k]:
            if c not in chosen:
                chosen.append(c)
                walk(k + 1)
                chosen.pop()

    walk(0)
    return tuple(out)


def deal_plans(s: EscapePlanState, seat: int, rng: random.Random) -> None:
    """Redeal the other seats' Escape Plan cards from every card ``seat`` has not seen,
    uniformly among the deals that agree with each seat's public cube record; the cards
    left over are the undealt ones."""
    others = [i for i in range(len(s.crew)) if i != seat]
    pool = sorted([*s.plans_left, *(s.crew[i].plan for i in others)])
    records = tuple(cube_record(s.crew[i]) for i in others)
    if any(records):
        deals = _deals(tuple(pool), records)
        deal: list[str] = list(deals[rng.randrange(len(deals))])
    else:
        rng.shuffle(pool)
        deal = pool[:len(others)]
    for i, plan in zip(others, deal, strict=True):
        s.crew[i].plan = plan
    left = [c for c in pool if c not in deal]
    rng.shuffle(left)
    s.plans_left = left
