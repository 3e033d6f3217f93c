"""Items, Weapons and Cars in a Hero's hands (NY-136..157, NY-161): collecting, using,
revealing and spending Weapons, paying a Level Bar, the 3-card supply limit and its
forced discard (NY-122), taking and abandoning Cars.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.frames import describe
from getaway.games.new_york.resolve import ITEM, WEAPON, Ctx, feasible, resolve_hero
from getaway.games.new_york.state import CAR_HERO, TAXI, NewYorkState
from getaway.games.new_york.tables import (
    BAR_ITEMS,
    CASE0,
    CASE_IDS,
    CODE_NAMES,
    ITEM_IDS,
    ITEM_INDEX,
    ITEMS,
    PRESIDENT,
    SPACE_IDS,
)
from getaway.games.new_york.world import discard_item, draw_item, gain_noise, give

ITEM_CTX = Ctx(ITEM)
WEAPON_CTX = Ctx(WEAPON)


def bar_needs_item(s: NewYorkState, seat: int) -> bool:
    """Whether the face-up Level Bar still shows an uncovered Item icon (NY-161)."""
    lv = s.level[seat]
    return lv < 3 and s.bari[seat] < BAR_ITEMS[s.bars[seat][lv]]


def item_usable(s: NewYorkState, code: int) -> bool:
    """Whether an Item's whole effect can be carried out now."""
    return feasible(s, ITEMS[code].effects, ITEM_CTX)


def use_item(s: NewYorkState, seat: int, code: int, events: list[Event]) -> None:
    """Use an Item: discard it and resolve it; its Noise is made at once (NY-139, NY-149)."""
    s.supply[seat].remove(code)
    discard_item(s, code)
    item = ITEMS[code]
    s.say(events, "use_item", words.use_item(s, seat, code), {"seat": seat, "item": item.id})
    resolve_hero(s, item.effects, ITEM_CTX)
    if item.noise:
        gain_noise(s, item.noise, events)


def weapon_usable(s: NewYorkState, seat: int) -> bool:
    """Whether the revealed Weapon can be used now: Ammo left, or uses left this turn."""
    w = s.weapon[seat]
    if w < 0:
        return False
    item = ITEMS[w]
    if item.ammo:
        if s.ammo[seat] < item.ammo_per_use:
            return False
    elif item.per_turn and s.wuses >= item.per_turn:
        return False
    return feasible(s, item.effects, WEAPON_CTX)


def use_weapon(s: NewYorkState, seat: int, events: list[Event]) -> None:
    """Use the revealed Weapon: spend Ammo (never discarded, NY-147) or a use this turn."""
    item = ITEMS[s.weapon[seat]]
    if item.ammo:
        s.ammo[seat] -= item.ammo_per_use
    else:
        s.wuses += 1
    s.say(events, "use_weapon",
          words.use_weapon(s, seat, s.weapon[seat], s.ammo[seat] if item.ammo else None),
          {"seat": seat, "item": item.id, "ammo": s.ammo[seat]})
    resolve_hero(s, item.effects, WEAPON_CTX)
    if item.noise:
        gain_noise(s, item.noise, events)


def reveal_weapon(s: NewYorkState, seat: int, code: int, events: list[Event]) -> None:
    """A Weapon goes face up into the slot, loaded; an older one is discarded (NY-144..146)."""
    s.supply[seat].remove(code)
    old = s.weapon[seat]
    if old >= 0:
        discard_item(s, old)
    s.weapon[seat] = code
    s.ammo[seat] = ITEMS[code].ammo
    s.wuses = 0
    s.say(events, "reveal_weapon", words.reveal_weapon(s, seat, code, old),
          {"seat": seat, "item": ITEM_IDS[code]})


def can_pay_with_weapon(s: NewYorkState, seat: int) -> bool:
    """Whether the revealed Weapon may pay a Level Bar Item (NY-150)."""
    w = s.weapon[seat]
    return w >= 0 and not ITEMS[w].keeps and bar_needs_item(s, seat)


def pay_level(s: NewYorkState, seat: int, code: int, events: list[Event]) -> None:
    """Discard an Item (from the supply or the Weapon slot) for an Item cube (NY-161)."""
    face_up = code not in s.supply[seat]  # the revealed Weapon
    if face_up:
        s.weapon[seat] = -1
        s.ammo[seat] = 0
    else:
        s.supply[seat].remove(code)
    discard_item(s, code)
    s.bari[seat] += 1
    if face_up:
        s.say(events, "pay_level", words.pay_level_shown(s, seat, code),
              {"seat": seat, "item": ITEM_IDS[code]})
        return
    # a supply card goes face down onto the Item discards (NY-140): only its owner knows it
    s.say(events, "pay_level", words.pay_level_hidden(s, seat), {"seat": seat})
    s.tell(events, seat, "discarded_item", words.cards_of("You discard", [words.item(code)]),
           {"item": ITEM_IDS[code]})


def collect_item(s: NewYorkState, seat: int, events: list[Event]) -> None:
    """Return an Item cube here and draw an Item card (NY-136, NY-137)."""
    x = s.hpos[seat]
    k = draw_item(s)
    if k < 0:
        return
    s.cubes[x] -= 1
    s.say(events, "collect_item", words.collect_item(s, seat, x),
          {"seat": seat, "space": SPACE_IDS[x]})
    s.tell(events, seat, "drawn", words.cards_of("You draw", [words.item(k)]),
           {"items": [ITEM_IDS[k]]})
    give(s, seat, k, events)


def take_car(s: NewYorkState, seat: int, events: list[Event]) -> None:
    """Take the abandoned Car here: it gets the Hero's colour (NY-151..153)."""
    from getaway.games.new_york.moves import can_take_car

    c = can_take_car(s, seat)
    if c < 0:
        return
    s.cst[c] = CAR_HERO
    s.cpos[c] = -1
    s.car[seat] = c
    s.say(events, "take_car", words.take_car(s, seat, s.hpos[seat]),
          {"seat": seat, "space": SPACE_IDS[s.hpos[seat]]})


def car_effects(s: NewYorkState, seat: int) -> Any:
    """The extra move printed on the Hero's Car card (the Taxi's or a Car's, NY-43)."""
    return ITEMS[ITEM_INDEX["taxi" if s.car[seat] == TAXI else "car"]].effects


# -- the supply limit --------------------------------------------------------------------------


def discard_options(s: NewYorkState, seat: int) -> list[Action]:
    """What a Hero with too many cards may discard: an Item (or pay the Level Bar with it,
    our reading of G-33) or a Case into an empty Case space -- never the President
    (NY-122, NY-124, NY-135)."""
    out: list[Action] = []
    pay = bar_needs_item(s, seat)
    for code in sorted(set(s.supply[seat])):
        if code == PRESIDENT:
            continue
        if code < CASE0:
            out.append(A.DISCARD_ITEM[code])
            if pay:
                out.append(A.PAY_LEVEL[code])
        else:
            out.extend(case_discards(s, code))
    return out


def case_discards(s: NewYorkState, code: int) -> list[Action]:
    """Discarding a Case: into each empty Case space (its token home, no card, NY-124)."""
    from getaway.games.new_york.state import HOME

    c = code - CASE0
    return [A.DISCARD_CASE[c][n] for n in range(4) if s.token[n] == HOME and s.slot[n] < 0]


@dataclass(frozen=True, slots=True)
class OverLimit(Decision):
    """``seat`` holds 4 cards and discards one at once (NY-122)."""

    key: ClassVar[str] = "discard"
    seat: int

    def seats(self, s: NewYorkState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return discard_options(s, seat)

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if isinstance(action, A.DiscardItem):
            code = ITEM_INDEX[action.item]
            s.supply[seat].remove(code)
            discard_item(s, code)
            s.say(events, "discard_item", words.discard_item(s, seat), {"seat": seat})
            s.tell(events, seat, "discarded_item",
                   words.cards_of("You discard", [words.item(code)]), {"item": action.item})
        elif isinstance(action, A.PayLevel):
            pay_level(s, seat, ITEM_INDEX[action.item], events)
        else:
            assert isinstance(action, A.DiscardCase)
            from getaway.games.new_york.cases import discard_case

            discard_case(s, seat, CASE0 + CASE_IDS.index(action.case), action.slot - 1, events)
        if len(s.supply[seat]) > 3:
            s.stack.append(OverLimit(seat))

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_over_limit(s)

    def describe(self, s: Any) -> dict[str, Any]:
        return {**describe(self, s), "seat": self.seat}


def car_move_ok(s: NewYorkState, seat: int) -> bool:
    """Whether the Hero has a Car, no Enemy in the space and somewhere to go."""
    if s.car[seat] < 0:
        return False
    return feasible(s, car_effects(s, seat), ITEM_CTX)


__all__ = ["CODE_NAMES"]
