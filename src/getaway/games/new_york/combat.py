"""Fighting: a Hero's damage split among Enemies in range (NY-42, NY-107..113), tricks
(NY-114..117), Enemies killed (NY-110, NY-111, NY-157, NY-198, NY-199) and the damage
Heroes take (NY-49..55, NY-177, NY-184).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.frames import Step, describe, kept
from getaway.games.new_york.model import Building, Module
from getaway.games.new_york.resolve import BOSS, Ctx, run_effects
from getaway.games.new_york.state import (
    AROUND,
    BOSS_GONE,
    CAR_NY,
    CAR_WHITE,
    HOME,
    NewYorkState,
)
from getaway.games.new_york.tables import (
    ACTIONS,
    BAR_PRISONERS,
    BOSS0,
    BOSSES,
    CAR0,
    ENEMY_IDS,
    ENEMY_INDEX,
    N_BOSSES,
    N_CARS,
    NEIGH,
    SIDE_INDEX,
    SPACE_IDS,
    TILE_BUILDING,
)
from getaway.games.new_york.world import settle_cars

ALL = 99  # a trick of every Enemy in range, or a shield against all damage


def in_range(s: NewYorkState, origin: int, rng: int) -> list[int]:
    """Enemies within ``rng`` of ``origin``, never across a Roadblock (NY-42, NY-107)."""
    return s.enemies_in(s.in_range(origin, rng))


def representatives(s: NewYorkState, enemies: list[int]) -> list[int]:
    """One Enemy for each group that cannot be told apart (Prisoner tokens in the same
    space with the same damage and state), so equal choices are offered once."""
    seen: set[tuple[int, int, int]] = set()
    out = []
    for e in enemies:
        if e < CAR0:
            key = (s.ppos[e], s.edmg[e], s.tricked >> e & 1)
            if key in seen:
                continue
            seen.add(key)
        out.append(e)
    return out


def bar_needs_prisoner(s: NewYorkState, seat: int) -> bool:
    """Whether the seat's face-up Level Bar still shows an uncovered Prisoner (NY-110)."""
    lv = s.level[seat]
    return lv < 3 and s.barp[seat] < BAR_PRISONERS[s.bars[seat][lv]]


def kill(s: NewYorkState, e: int, events: list[Event]) -> None:
    """Enemy ``e`` dies at the current Hero's hand."""
    seat = s.cur
    bit = 1 << e
    s.tricked &= ~bit
    s.edmg[e] = 0
    if e < CAR0:
        x = s.ppos[e]
        s.ppos[e] = -1
        on_bar = bar_needs_prisoner(s, seat)
        if on_bar:
            s.barp[seat] += 1  # the token goes on the Level Bar (NY-110), else home (NY-111)
        s.say(events, "kill", words.kill_prisoner(s, e, x, on_bar),
              {"enemy": ENEMY_IDS[e], "space": SPACE_IDS[x], "bar": on_bar})
    elif e < BOSS0:
        c = e - CAR0
        x = s.cpos[c]
        s.cst[c] = CAR_WHITE  # the Car is abandoned (NY-199)
        on_bar = bar_needs_prisoner(s, seat) and s.supply_left() > 0
        if on_bar:
            s.barp[seat] += 1  # a token from the supply for the driver (NY-157)
        s.say(events, "kill", words.kill_driver(s, e, x, on_bar),
              {"enemy": ENEMY_IDS[e], "space": SPACE_IDS[x], "bar": on_bar})
        settle_cars(s, events)
    else:
        b = e - BOSS0
        boss = BOSSES[b]
        x = s.bpos[b]
        s.bpos[b] = BOSS_GONE
        s.bhp[b] = 0
        s.say(events, "kill", words.kill_boss(s, b, x),
              {"enemy": ENEMY_IDS[e], "space": SPACE_IDS[x]})
        if Module.WANTED in s.modules and s.wanted_left > 0:
            s.wanted_left -= 1
            s.wanted[seat] += 1  # NY-255, NY-257
            s.say(events, "wanted", words.wanted(s, seat), {"seat": seat})
        if boss.case is not None:
            n = boss.case - 1
            if s.token[n] == HOME and s.slot[n] >= 0:
                s.token[n] = x  # NY-198
                s.say(events, "case_token", words.case_token(s, boss.case, x),
                      {"case": boss.case, "space": SPACE_IDS[x]})
        if boss.ability.when.value == "killed":
            run_effects(s, boss.ability.effects, Ctx(BOSS, origin=x))


def hurt_enemy(s: NewYorkState, e: int, events: list[Event]) -> None:
    """One damage to Enemy ``e``: Bosses keep it (NY-112), Prisoners only this turn
    (NY-109)."""
    if e >= BOSS0:
        b = e - BOSS0
        s.bhp[b] -= 1
        if s.bhp[b] <= 0:
            kill(s, e, events)
        return
    s.edmg[e] += 1
    if s.edmg[e] >= s.ehp(e):
        kill(s, e, events)


@dataclass(frozen=True, slots=True)
class DamageFrame(Step):
    """Split ``left`` damage among the Enemies within ``rng`` of ``origin``, one point
    at a time; what no Enemy can take is lost (NY-39)."""

    key: ClassVar[str] = "damage"
    left: int
    origin: int
    rng: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        hits = tuple([A.HIT[e] for e in representatives(s, in_range(s, self.origin, self.rng))])
        return hits or (A.DONE,)  # the Enemies left range meanwhile: the rest is lost

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        stack = s.stack
        if action is A.DONE:
            stack.pop()
            return
        assert isinstance(action, A.Hit)
        left = self.left - 1
        at = len(stack) - 1
        if left > 0:
            stack[at] = kept(DamageFrame, left, self.origin, self.rng)
        else:
            stack.pop()
        hurt_enemy(s, ENEMY_INDEX[action.enemy], events)
        if left > 0 and not s.any_enemy_in(s.in_range(self.origin, self.rng)) \
                and not s.is_over():
            del stack[at]  # no Enemy left in range: the rest is lost (NY-39)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_damage(s, self.left, self.origin, self.rng,
                                   representatives(s, in_range(s, self.origin, self.rng)))

    def describe(self, s: Any) -> dict[str, Any]:
        return {**describe(self, s), "left": self.left, "range": self.rng,
                "origin": SPACE_IDS[self.origin]}


def push_damage(s: NewYorkState, amount: int, origin: int, rng: int) -> None:
    """Offer ``amount`` damage if any Enemy is in range."""
    if amount > 0 and s.any_enemy_in(s.in_range(origin, rng)):
        s.stack.append(kept(DamageFrame, amount, origin, rng))


# -- tricks -------------------------------------------------------------------------------


def trick_sides(s: NewYorkState, e: int) -> list[int]:
    """The sides of its space a tricked Enemy may be moved across: to a revealed space,
    by road, not through a Roadblock (NY-114)."""
    y = s.enemy_space(e)
    up = s.up
    return [d for d in range(6) if NEIGH[y][d] >= 0 and s.joined(y, d, up)
            and not s.blocked(y, d)]


def can_trick(s: NewYorkState, origin: int, rng: int) -> bool:
    """Whether :func:`trickable` finds any Enemy (the first one found is enough)."""
    tricked = s.tricked
    return any(not tricked >> e & 1 and trick_sides(s, e) for e in in_range(s, origin, rng))


def trickable(s: NewYorkState, origin: int, rng: int) -> list[int]:
    """Enemies in range not yet tricked that have somewhere to go."""
    return [e for e in in_range(s, origin, rng)
            if not s.tricked >> e & 1 and trick_sides(s, e)]


@dataclass(frozen=True, slots=True)
class TrickFrame(Step):
    """Trick up to ``left`` Enemies within ``rng`` (ALL: every one), each into a space
    of the player's choice (NY-114, NY-115)."""

    key: ClassVar[str] = "trick"
    left: int
    origin: int
    rng: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        out: list[Action] = []
        for e in representatives(s, trickable(s, self.origin, self.rng)):
            out.extend(A.TRICK[e][d] for d in trick_sides(s, e))
        return out

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.TrickTo)
        left = self.left if self.left >= ALL else self.left - 1  # "every" stays every
        stack = s.stack
        stack.pop()
        e = ENEMY_INDEX[action.enemy]
        x = s.enemy_space(e)
        y = NEIGH[x][SIDE_INDEX[action.side]]
        move_enemy(s, e, y)
        s.tricked |= 1 << e  # laid on its side until the end of the turn (NY-116)
        s.say(events, "trick", words.trick(s, e, x, y),
              {"enemy": action.enemy, "from": SPACE_IDS[x], "to": SPACE_IDS[y]})
        settle_cars(s, events)
        if left > 0 and can_trick(s, self.origin, self.rng):
            stack.append(dataclasses.replace(self, left=left))

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_trick(s, self.left, self.left >= ALL, self.origin, self.rng,
                                  representatives(s, trickable(s, self.origin, self.rng)))


def move_enemy(s: NewYorkState, e: int, y: int) -> None:
    """Put Enemy ``e`` on space ``y``."""
    if e < CAR0:
        s.ppos[e] = y
    elif e < BOSS0:
        s.cpos[e - CAR0] = y
    else:
        s.bpos[e - BOSS0] = y


# -- damage to Heroes ------------------------------------------------------------------------


def sheltered(s: NewYorkState, seat: int) -> bool:
    """Whether the Hero stands on a Shelter (NY-177)."""
    t = s.tile[s.hpos[seat]]
    return t >= 0 and TILE_BUILDING[t] is Building.SHELTER


def enemy_damage(s: NewYorkState) -> int:
    """The damage of every Enemy in range of the current Hero (NY-49..51, NY-54)."""
    x = s.hpos[s.cur]
    tricked = s.tricked
    rb = s.rb
    # the neighbours it is shot from: no face-up Roadblock between (``s.reach``); asked
    # only when something shoots that far
    reach_far = s.prisoner_bonus(3) >= 1
    near = [y for y, edge in AROUND[x] if edge < 0 or rb[edge] != 1] \
        if reach_far or _far_boss_on_map(s.bpos) else []
    # Prisoners and Car drivers: one range and one damage for all (``erange``, ``edamage``)
    spaces = [x, *near] if reach_far else [x]
    ppos = s.ppos
    if tricked:
        hits = sum(1 for e, p in enumerate(ppos) if p in spaces and not tricked >> e & 1)
    else:
        hits = sum(map(ppos.count, spaces))
    cst = s.cst
    cpos = s.cpos
    for c in range(N_CARS):
        if cst[c] == CAR_NY and cpos[c] in spaces and not tricked >> (CAR0 + c) & 1:
            hits += 1
    total = hits * (1 + s.prisoner_bonus(2)) if hits else 0
    for b, y in enumerate(s.bpos):
        if y < 0 or tricked >> (BOSS0 + b) & 1:
            continue
        boss = BOSSES[b]
        if y == x or (boss.range >= 1 and y in near):
            total += boss.damage
    return total


def _far_boss_on_map(bpos: list[int]) -> bool:
    """Whether a Boss that shoots at range 1 or more is on the map."""
    return any(bpos[b] >= 0 for b in _FAR_BOSSES)


_FAR_BOSSES = tuple(b for b, boss in enumerate(BOSSES) if boss.range >= 1)


def random_discards(s: NewYorkState, seat: int, count: int, events: list[Event],
                    why: str) -> None:
    """The Hero discards ``count`` random Action cards, unseen by the others (NY-52);
    damage beyond the hand is ignored (NY-53)."""
    hand = s.hand[seat]
    k = min(count, len(hand))
    lost = []
    for _ in range(k):
        c = hand.pop(s.rng.below(len(hand)))
        s.disc[seat].append(c)
        lost.append(c)
    if count:
        s.say(events, "damage", words.damage(s, seat, count, why, k),
              {"seat": seat, "damage": count, "discarded": k})
    if lost:
        s.tell(events, seat, "discarded",
               words.cards_of("You discard", [words.action_card(c) for c in lost]),
               {"cards": [ACTIONS[c].id for c in lost]})


def hurt_heroes(s: NewYorkState, amount: int, rng: int, events: list[Event]) -> None:
    """Every Hero within ``rng`` of the current Hero takes ``amount`` (a Shelter keeps
    damage off, NY-177)."""
    spaces = s.in_range(s.hpos[s.cur], rng)
    for h in range(s.n):
        if s.hpos[h] in spaces and not sheltered(s, h):
            random_discards(s, h, amount, events, words.WHY_HIT)


def enemies_of_kind(s: NewYorkState) -> dict[str, int]:
    """Counts for views: Prisoners, Cars driven by Prisoners, Bosses on the map."""
    return {"prisoners": sum(1 for p in s.ppos if p >= 0),
            "cars": sum(1 for c in range(N_CARS) if s.cst[c] == CAR_NY),
            "bosses": sum(1 for b in range(N_BOSSES) if s.bpos[b] >= 0)}
