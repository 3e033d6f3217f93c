"""The free actions of the current Hero: at any moment of the Hero Phase outside an
Action card's resolution they are offered alongside the step's own choices.

Collect a Case (NY-118), the President (NY-128) or an Item (NY-136); take (NY-151)
or abandon (NY-155) a Car; use an Item (NY-139); reveal (NY-144) or use (NY-146..149)
a Weapon; pay the Level Bar with an Item (NY-161); discard a Case (NY-124); claim a
Lone Victory (NY-83). :class:`HeroStep` is a step of the Hero Phase that offers them.
"""

from __future__ import annotations

from collections.abc import Sequence

from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york.cases import (
    can_collect_president,
    case_usable,
    collect_case,
    collect_president,
    collectable_cases,
    discard_case,
    use_case,
)
from getaway.games.new_york.frames import Step
from getaway.games.new_york.items import (
    bar_needs_item,
    can_pay_with_weapon,
    case_discards,
    collect_item,
    item_usable,
    pay_level,
    reveal_weapon,
    take_car,
    use_item,
    use_weapon,
    weapon_usable,
)
from getaway.games.new_york.model import ItemKind
from getaway.games.new_york.moves import can_take_car, lose_car
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.tables import (
    CASE0,
    CASE_IDS,
    DUKE_CAMP,
    ITEM_INDEX,
    ITEM_KIND,
    PRESIDENT,
)
from getaway.games.new_york.victory import claim, lone_ok

FREE: frozenset[type[Action]] = frozenset({
    A.CollectCase, A.CollectPresident, A.CollectItem, A.TakeCar, A.AbandonCar, A.UseItem,
    A.RevealWeapon, A.UseWeapon, A.PayLevel, A.DiscardCase, A.ClaimLone, A.UseCase})


def free_actions(s: NewYorkState) -> list[Action]:
    """Every free action the current Hero may take now."""
    seat = s.cur
    x = s.hpos[seat]
    out: list[Action] = []
    if x in s.token:
        out.extend(A.COLLECT_CASE[n] for n in collectable_cases(s, seat))
    if not s.pres_found and s.poi[x] == DUKE_CAMP and can_collect_president(s, seat):
        out.append(A.COLLECT_PRESIDENT)
    if s.cubes[x] and (s.items or s.idisc) and not s.has_enemy(x):
        out.append(A.COLLECT_ITEM)
    if s.car[seat] >= 0:
        out.append(A.ABANDON_CAR)
    elif x in s.cpos and can_take_car(s, seat) >= 0:  # no Car here: the usual answer
        out.append(A.TAKE_CAR)
    supply = s.supply[seat]
    if supply:
        pay = bar_needs_item(s, seat)
        for code in sorted(set(supply)):
            if code == PRESIDENT:
                continue
            if code >= CASE0:
                out.extend(case_discards(s, code))
                if case_usable(s, code):
                    out.append(A.USE_CASE[code - CASE0])
                continue
            kind = ITEM_KIND[code]
            if kind is ItemKind.ITEM and item_usable(s, code):
                out.append(A.USE_ITEM[code])
            elif kind is ItemKind.WEAPON:
                out.append(A.REVEAL_WEAPON[code])
            if pay:
                out.append(A.PAY_LEVEL[code])
    w = s.weapon[seat]
    if w >= 0:
        if weapon_usable(s, seat):
            out.append(A.USE_WEAPON)
        if can_pay_with_weapon(s, seat) and A.PAY_LEVEL[w] not in out:
            out.append(A.PAY_LEVEL[w])
    if s.level[seat] >= 3 and lone_ok(s, seat):
        out.append(A.CLAIM_LONE)
    return out


def do_free(s: NewYorkState, action: Action, events: list[Event]) -> None:
    """Carry out a free action of the current Hero."""
    seat = s.cur
    t = type(action)
    if t is A.CollectCase:
        collect_case(s, seat, action.slot - 1, events)  # type: ignore[attr-defined]
    elif t is A.CollectPresident:
        collect_president(s, seat, events)
    elif t is A.CollectItem:
        collect_item(s, seat, events)
    elif t is A.TakeCar:
        take_car(s, seat, events)
    elif t is A.AbandonCar:
        lose_car(s, seat, events)
    elif t is A.UseItem:
        use_item(s, seat, ITEM_INDEX[action.item], events)  # type: ignore[attr-defined]
    elif t is A.RevealWeapon:
        reveal_weapon(s, seat, ITEM_INDEX[action.item], events)  # type: ignore[attr-defined]
    elif t is A.UseWeapon:
        use_weapon(s, seat, events)
    elif t is A.PayLevel:
        pay_level(s, seat, ITEM_INDEX[action.item], events)  # type: ignore[attr-defined]
    elif t is A.DiscardCase:
        code = CASE0 + CASE_IDS.index(action.case)  # type: ignore[attr-defined]
        discard_case(s, seat, code, action.slot - 1, events)  # type: ignore[attr-defined]
    elif t is A.UseCase:
        use_case(s, seat, CASE0 + CASE_IDS.index(action.case), events)  # type: ignore[attr-defined]
    else:
        claim(s, seat, events)


class HeroStep(Step):
    """A step of the Hero Phase between card resolutions: its own choices (``own``) and
    the free actions (:func:`free_actions`; NY-83, NY-118, NY-128, NY-136, NY-139,
    NY-144, NY-151, NY-155, NY-161)."""

    __slots__ = ()

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        own = self.own(s)
        free = free_actions(s)
        if not free and type(own) is tuple:  # a step's choices kept as a tuple: as they are
            return own
        return (*own, *free)  # a tuple: the legal list as kept

    def own(self, s: NewYorkState) -> Sequence[Action]:
        """The step's own choices."""
        raise NotImplementedError

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        if type(action) in FREE:
            do_free(s, action, events)
        else:
            self.pick(s, action, events)

    def pick(self, s: NewYorkState, action: Action, events: list[Event]) -> None:
        """Carry out one of the step's own choices."""
        raise NotImplementedError
