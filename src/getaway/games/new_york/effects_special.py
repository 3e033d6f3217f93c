"""The handlers of a Hero's special effects (``cards.HERO_OPS``), with their all-or-nothing
checks (NY-36..40) and decisions: stealing (NY-119, NY-246), shields, damage bonuses
(NY-245), the Helicopter (NY-159), looking at POIs and deck tops, Ammo (NY-146), Events
ignored, Cars, the President deck (NY-261).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.combat import ALL
from getaway.games.new_york.effects import Effect, Op
from getaway.games.new_york.frames import Step
from getaway.games.new_york.model import Module
from getaway.games.new_york.resolve import Ctx, check, handler
from getaway.games.new_york.state import (
    CAR_BOX,
    CAR_HERO,
    SEEN_EVENT,
    SEEN_ITEM,
    SEEN_NY,
    SEEN_TIMER,
    NewYorkState,
    category,
)
from getaway.games.new_york.tables import (
    CODE_IDS,
    DIAGRAM_OF,
    EVENT_IDS,
    ITEM_IDS,
    ITEMS,
    N_CARS,
    NY_IDS,
    PARK_SPACES,
    POI_IDS,
    POI_SPACES,
    PRESIDENT,
    SPACE_INDEX,
    TIMER_IDS,
)
from getaway.games.new_york.world import give

BRAIN_DIAGRAM = DIAGRAM_OF[3]


# -- stealing --------------------------------------------------------------------------------


def stealable(s: NewYorkState, what: str, rng: int) -> list[Action]:
    """The face-down cards the current Hero may take, by place (NY-119, NY-246)."""
    spaces = s.in_range(s.hpos[s.cur], rng)
    out: list[Action] = []
    for h in range(s.n):
        if h == s.cur or s.hpos[h] not in spaces:
            continue
        for k, code in enumerate(s.supply[h]):
            if public_card(s, code):
                continue
            cat = category(code)
            if what == "president":
                ok = code == PRESIDENT
            elif what == "any":
                ok = cat != "president"
            else:
                ok = cat == what
            if ok:
                out.append(A.STEAL[h][k])
    return out


def public_card(s: NewYorkState, code: int) -> bool:
    """A face-up card in a supply: Brain's Diagram (NY-13) or a revealed Bracelet."""
    from getaway.games.new_york.state import is_bracelet

    return code == BRAIN_DIAGRAM or (s.bracelet_up and is_bracelet(code))


@check(Op.STEAL)
def _can_steal(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    return bool(stealable(s, e["what"], e["range"]))


@handler(Op.STEAL)
def _steal(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    if stealable(s, e["what"], e["range"]):
        s.stack.append(StealFrame(e["what"], e["range"]))


@dataclass(frozen=True, slots=True)
class StealFrame(Step):
    """Choose the card to take, unseen (NY-246)."""

    key: ClassVar[str] = "steal"
    what: str
    rng: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return stealable(s, self.what, self.rng)

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.Steal)
        s.stack.pop()
        code = s.supply[action.seat].pop(action.slot)
        s.say(events, "steal", words.steal(s, seat, action.seat, code == PRESIDENT),
              {"seat": seat, "from": action.seat, "president": code == PRESIDENT})
        if code == PRESIDENT:
            s.pres = seat  # the first-collection steps do not repeat (NY-134)
        for who in sorted({seat, action.seat}):
            s.tell(events, who, "stolen", words.stolen(s, code), {"card": CODE_IDS[code]})
        give(s, seat, code, events)

    def prompt(self, s: NewYorkState) -> str:
        victims = sorted({a.seat for a in stealable(s, self.what, self.rng)
                          if isinstance(a, A.Steal)})
        return words.prompt_steal(s, victims)


# -- defence, bonuses, the Helicopter, peeking, Ammo, Cars -----------------------------------


@handler(Op.SHIELD)
def _shield(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    s.shield = ALL if e["amount"] == 0 else min(ALL, s.shield + e["amount"])
    s.say(events, "shield", words.shield(s), {"seat": s.cur, "amount": e["amount"]})


@handler(Op.DAMAGE_BONUS)
def _bonus(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    s.bonus_dmg += e["amount"]
    s.say(events, "damage_bonus", words.damage_bonus(s), {"seat": s.cur, "bonus": s.bonus_dmg})


@handler(Op.HELICOPTER)
def _heli(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    s.stack.append(HeliFrame())


@dataclass(frozen=True, slots=True)
class HeliFrame(Step):
    """Move the Helicopter to another Central Park space, revealed or not (NY-159)."""

    key: ClassVar[str] = "helicopter"

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.HELI[p] for p in PARK_SPACES if p != s.heli]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.MoveHeli)
        s.stack.pop()
        s.heli = SPACE_INDEX[action.space]
        s.say(events, "helicopter", words.helicopter_moves(s, s.heli), {"space": action.space})

    def prompt(self, s: NewYorkState) -> str:
        return words.PROMPT_HELICOPTER


def face_down_pois(s: NewYorkState) -> list[int]:
    """POI spaces whose tile is still face down."""
    return [p for p in POI_SPACES if not s.up >> p & 1]


@check(Op.PEEK)
def _can_peek(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    what = e["what"]
    if what == "poi":
        up, seen, cur = s.up, s.poi_seen, s.cur
        return any(not up >> p & 1 and not seen[p] >> cur & 1 for p in POI_SPACES)
    return bool(_peek_pile(s, what))


def _peek_pile(s: NewYorkState, what: str) -> list[int]:
    return {"timer": s.timer, "new_york": s.nyd, "event": s.events, "item": s.items}[what]


_SEEN = {"timer": SEEN_TIMER, "new_york": SEEN_NY, "event": SEEN_EVENT, "item": SEEN_ITEM}
_IDS: dict[str, tuple[str, ...]] = {"timer": TIMER_IDS, "new_york": NY_IDS,
                                    "event": EVENT_IDS, "item": ITEM_IDS}


@handler(Op.PEEK)
def _peek(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    what, count, seat = e["what"], e["count"], s.cur
    if what == "poi":
        s.stack.append(PeekPoiFrame(count))
        return
    pile = _peek_pile(s, what)
    k = min(count, len(pile))
    row = s.seen[seat]
    row[_SEEN[what]] = max(row[_SEEN[what]], k)
    top = pile[::-1][:k]
    s.say(events, "peek", words.peek(s, seat, what, k), {"seat": seat, "deck": what, "count": k})
    s.tell(events, seat, "peeked", words.peeked_cards([words.deck_card(what, c) for c in top]),
           {"deck": what, "cards": [_IDS[what][c] for c in top]})


@dataclass(frozen=True, slots=True)
class PeekPoiFrame(Step):
    """Look at ``left`` face-down POI tiles of your choice, alone."""

    key: ClassVar[str] = "peek_poi"
    left: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.PEEK_POI[p] for p in face_down_pois(s) if not s.poi_seen[p] >> seat & 1]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.PeekPoi)
        p = SPACE_INDEX[action.space]
        s.poi_seen[p] |= 1 << seat
        more = self.left > 1 and any(not s.poi_seen[q] >> seat & 1 for q in face_down_pois(s))
        if more:
            s.stack[-1] = dataclasses.replace(self, left=self.left - 1)
        else:
            s.stack.pop()
        s.say(events, "peek_poi", words.peek_poi(s, seat, p),
              {"seat": seat, "space": action.space})
        s.tell(events, seat, "peeked", words.peeked_poi(s, p, s.poi[p]),
               {"space": action.space, "poi": POI_IDS[s.poi[p]]})

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_peek_poi(s, self.left)


@check(Op.RELOAD)
def _can_reload(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    w = s.weapon[s.cur]
    return w >= 0 and ITEMS[w].ammo > 0


@handler(Op.RELOAD)
def _reload(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    reload(s, s.cur, e["amount"], events)


def reload(s: NewYorkState, seat: int, amount: int, events: list[Event]) -> None:
    """Ammo onto the revealed Weapon, never above its printed number (NY-146)."""
    w = s.weapon[seat]
    if w < 0 or not ITEMS[w].ammo:
        return
    s.ammo[seat] = min(ITEMS[w].ammo, s.ammo[seat] + amount)
    s.say(events, "reload", words.reload(s, seat, w, s.ammo[seat]),
          {"seat": seat, "item": ITEMS[w].id, "ammo": s.ammo[seat]})


@handler(Op.IGNORE_EVENTS)
def _no_events(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    s.noevents = True
    s.say(events, "no_events", words.no_events(s), {})


def free_car(s: NewYorkState) -> int:
    """A Car figure in the supply, or -1 (a Car card goes with it: 4 of each, NY-4)."""
    for c in range(N_CARS):
        if s.cst[c] == CAR_BOX:
            return c
    return -1


@check(Op.TAKE_CAR)
def _can_take(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    return s.car[s.cur] < 0 and free_car(s) >= 0


@handler(Op.TAKE_CAR)
def _take_car(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    c = free_car(s)
    if s.car[s.cur] >= 0 or c < 0:
        return
    s.cst[c] = CAR_HERO
    s.cpos[c] = -1
    s.car[s.cur] = c
    s.say(events, "car_taken", words.car_taken(s, s.cur), {"seat": s.cur})


@check(Op.REMOVE_ALIVE)
def _can_remove(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    return Module.DEAD_OR_ALIVE in s.modules and not s.pres_found and 1 in s.pdeck


@handler(Op.REMOVE_ALIVE)
def _remove_alive(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    if 1 in s.pdeck and not s.pres_found:
        s.pdeck.remove(1)
        s.say(events, "remove_alive", words.remove_alive(s), {"left": len(s.pdeck)})

