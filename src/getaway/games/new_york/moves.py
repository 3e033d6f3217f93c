"""A Hero moving: one step at a time along roads (NY-89..96), through Manholes with the
right card (NY-173), from POI to POI (NY-241), through Roadblocks with a breaking card
or a Car (NY-93, NY-154), onto a bridge (NY-77); entering a face-down POI (NY-104) or
a Trap tile (NY-252); taking a passenger (NY-45); revealing a space afterwards
(NY-97..103).
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
from getaway.games.new_york.cases import can_collect_president, collectable_cases
from getaway.games.new_york.frames import Step, describe, kept
from getaway.games.new_york.model import Module, SpaceKind
from getaway.games.new_york.resolve import POI, TRAP, Ctx, run_effects
from getaway.games.new_york.state import CAR_BOX, CAR_WHITE, TAXI, NewYorkState
from getaway.games.new_york.tables import (
    BRIDGE_AT,
    CARDS,
    EDGE,
    KIND,
    NEIGH,
    OPP,
    POI_SPACES,
    POIS,
    SIDE_OF,
    SPACE_IDS,
    SPACE_INDEX,
    TILE_TRAP,
)
from getaway.games.new_york.world import (
    destroy_roadblock,
    flip_poi,
    lay_tile,
    settle_cars,
)

F_REVEAL, F_BREAK, F_MANHOLES, F_POI = 1, 2, 4, 8
TRIGGERED = tuple(t.triggered for t in CARDS.traps for _ in range(t.copies))


def first_steps(s: NewYorkState, flags: int) -> list[Action]:
    """The steps the current Hero may take now (moves, crashes, bridges)."""
    seat = s.cur
    x = s.hpos[seat]
    out: list[Action] = []
    if flags & F_POI:
        if s.poi[x] >= 0:
            out.extend(A.MOVE[p] for p in POI_SPACES if p != x)
        return out
    mask = s.open_mask()
    car = s.car[seat] >= 0
    # ``s.joined(x, d, mask)`` and ``s.blocked(x, d)`` read inline: this runs for every
    # Move card and Car checked, and every step of a move
    roads = s.roads
    rb = s.rb
    here = mask >> x & 1
    rx = roads[x]
    for d in range(6):
        y = NEIGH[x][d]
        if y < 0:
            b = BRIDGE_AT.get((x, d))
            if b is not None and (flags & F_BREAK or not s.blocked(x, d)):
                out.append(A.CROSS[b])
            continue
        if not (here and mask >> y & 1 and (rx >> d & 1 or roads[y] >> OPP[d] & 1)):
            continue
        if rb[EDGE[x][d]] != 1 or flags & F_BREAK:  # a neighbour's side has an edge
            out.append(A.MOVE[y])
        elif car:
            out.append(A.CRASH[y])
    if flags & F_MANHOLES and s.holes >> x & 1:
        h = s.holes & ~(1 << x)
        while h:
            low = h & -h
            m = low.bit_length() - 1
            if A.MOVE[m] not in out:
                out.append(A.MOVE[m])
            h ^= low
    return out


def can_step(s: NewYorkState, flags: int) -> bool:
    """Whether :func:`first_steps` offers any step: the same tests, stopping at the first
    step found (the Personal Ability's move and every Move card are checked at every
    decision of the resolve step)."""
    seat = s.cur
    x = s.hpos[seat]
    if flags & F_POI:
        return s.poi[x] >= 0 and any(p != x for p in POI_SPACES)
    mask = s.open_mask()
    go_on = flags & F_BREAK or s.car[seat] >= 0  # across a face-up Roadblock too
    roads = s.roads
    rb = s.rb
    here = mask >> x & 1
    rx = roads[x]
    for d in range(6):
        y = NEIGH[x][d]
        if y < 0:
            if (x, d) in BRIDGE_AT and (flags & F_BREAK or not s.blocked(x, d)):
                return True
            continue
        if here and mask >> y & 1 and (rx >> d & 1 or roads[y] >> OPP[d] & 1) \
                and (go_on or rb[EDGE[x][d]] != 1):
            return True
    return bool(flags & F_MANHOLES and s.holes >> x & 1 and s.holes & ~(1 << x))


COLLECTS: frozenset[type[Action]] = frozenset({A.CollectCase, A.CollectPresident,
                                                A.CollectItem})


def collects(s: NewYorkState, seat: int) -> list[Action]:
    """What the Hero may collect in a space it passes through: a Case (NY-118), the
    President (NY-128), Items (NY-136) -- "at any point during their turn"."""
    x = s.hpos[seat]
    if s.has_enemy(x):
        return []
    out: list[Action] = []
    if x in s.token:
        out.extend(A.COLLECT_CASE[n] for n in collectable_cases(s, seat))
    if not s.pres_found and can_collect_president(s, seat):
        out.append(A.COLLECT_PRESIDENT)
    if s.cubes[x] and (s.items or s.idisc):
        out.append(A.COLLECT_ITEM)
    return out


def can_take_car(s: NewYorkState, seat: int) -> int:
    """The abandoned Car figure the Hero may take here, or -1 (NY-151)."""
    x = s.hpos[seat]
    if s.car[seat] >= 0 or s.abandoned or x not in s.cpos:  # no Car here: the usual case
        return -1
    for c in range(len(s.cst)):
        if s.cst[c] == CAR_WHITE and s.cpos[c] == x:
            return -1 if s.has_enemy(x) else c
    return -1


@dataclass(frozen=True, slots=True)
class MoveFrame(Step):
    """The current Hero moves up to ``steps`` spaces (``taken`` so far)."""

    key: ClassVar[str] = "move"
    steps: int
    flags: int
    taken: int = 0

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        out = first_steps(s, self.flags) if not (self.flags & F_POI and self.taken) else []
        if self.taken:
            out.extend(collects(s, seat))
            if can_take_car(s, seat) >= 0:
                out.append(A.TAKE_CAR)  # taking a Car ends the move (NY-40, NY-152)
            out.append(A.DONE)
        return out

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        stack = s.stack
        if type(action) in COLLECTS:
            from getaway.games.new_york.free import do_free

            do_free(s, action, events)  # on the way: the move goes on (NY-118, NY-128)
            return
        if action is A.DONE or action is A.TAKE_CAR:
            stack.pop()
            stack.append(kept(EndMove, self.flags, self.taken))
            if action is A.TAKE_CAR:
                from getaway.games.new_york.items import take_car

                take_car(s, seat, events)
            return
        if isinstance(action, A.CrossBridge):
            stack.pop()
            s.passenger = -1
            from getaway.games.new_york.victory import attempt

            attempt(s, action.bridge, events)
            return
        taken = self.taken + 1
        if taken < self.steps and not self.flags & F_POI:
            stack[-1] = kept(MoveFrame, self.steps, self.flags, taken)
        else:
            stack.pop()
            stack.append(kept(EndMove, self.flags, taken))
        x = s.hpos[seat]
        if isinstance(action, A.CrashTo):
            y = SPACE_INDEX[action.space]
            lose_car(s, seat, events, crash=True)
            destroy_roadblock(s, x, SIDE_OF[x, y], events)
        else:
            assert isinstance(action, A.MoveTo)
            y = SPACE_INDEX[action.space]
            d = SIDE_OF.get((x, y), -1)
            if d >= 0 and self.flags & F_BREAK and not self.flags & F_POI and s.blocked(x, d):
                destroy_roadblock(s, x, d, events)  # the card breaks it (NY-93, NY-94)
        enter(s, seat, y, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_move(s, self.steps, self.taken, bool(self.flags & F_POI))

    def describe(self, s: Any) -> dict[str, Any]:
        return {**describe(self, s), "steps": self.steps, "taken": self.taken}


@dataclass(frozen=True, slots=True)
class EndMove(Decision):
    """A move is over: the passenger gets off, a space may be revealed (NY-97), and an
    Event icon where the Hero stopped waits for the end of the card (NY-95)."""

    automatic: ClassVar[bool] = True
    flags: int
    taken: int

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        s.passenger = -1
        x = s.hpos[s.cur]
        if self.taken and s.evmask >> x & 1:
            s.evpend += 1
        if self.flags & F_REVEAL:
            push_reveal(s, 1)


def enter(s: NewYorkState, seat: int, y: int, events: list[Event]) -> None:
    """The Hero (and a passenger) enter ``y``: a face-down POI is flipped and resolved at
    once (NY-104); a Trap tile draws a Trap card (NY-252)."""
    x = s.hpos[seat]
    s.hpos[seat] = y
    p = s.passenger
    if p >= 0:
        s.hpos[p] = y
    s.say(events, "hero_move", words.hero_move(s, seat, x, y, p),
          {"seat": seat, "from": SPACE_IDS[x], "to": SPACE_IDS[y], "passenger": p})
    settle_cars(s, events)
    if s.poi[y] >= 0 and not s.up >> y & 1:
        poi = flip_poi(s, y, events)
        run_effects(s, POIS[poi].effects, Ctx(POI, origin=y, poi=y))
    t = s.tile[y]
    if t >= 0 and TILE_TRAP[t] and Module.TRAPS in s.modules:
        card = s.rng.below(len(TRIGGERED))
        hit = TRIGGERED[card]
        s.say(events, "trap", words.trap(s, y, hit), {"space": SPACE_IDS[y], "triggered": hit})
        if hit:
            run_effects(s, TILE_TRAP[t], Ctx(TRAP, origin=y))


def lose_car(s: NewYorkState, seat: int, events: list[Event], crash: bool = False) -> None:
    """The Hero's Car goes: abandoned on the map (white base) or, when crashed through a
    Roadblock, back to the supply; the Taxi leaves the game (NY-154..156)."""
    c = s.car[seat]
    s.car[seat] = -1
    if c == TAXI:
        s.say(events, "car_lost", words.taxi_gone(s, seat), {"seat": seat})
        return
    if crash:
        s.cst[c] = CAR_BOX
        s.cpos[c] = -1
        s.say(events, "car_lost", words.car_wrecked_by(s, seat), {"seat": seat})
    else:
        s.cst[c] = CAR_WHITE
        s.cpos[c] = s.hpos[seat]
        s.abandoned = True
        s.say(events, "car_abandoned", words.car_abandoned(s, seat, s.hpos[seat]),
              {"seat": seat, "space": SPACE_IDS[s.hpos[seat]]})
        settle_cars(s, events)


# -- revealing ----------------------------------------------------------------------------


def revealable(s: NewYorkState) -> list[int]:
    """Empty spaces next to the current Hero, Roadblocks or not (NY-97, NY-99): as
    :func:`.world.empty_space`, with a tile left in the space's deck."""
    tile = s.tile
    decks = (s.park, s.city)
    return [y for y in NEIGH[s.hpos[s.cur]]
            if y >= 0 and _DECK[y] >= 0 and tile[y] < 0 and decks[_DECK[y]]]


_DECK: tuple[int, ...] = tuple(1 if k is SpaceKind.CITY else 0 if k is SpaceKind.PARK else -1
                               for k in KIND)
"""Per space, the deck of the tile that may be revealed there: 1 City, 0 Central Park, -1
none (not an empty space: a POI, the Library and its ring, the WTC, a shore)."""


def push_reveal(s: NewYorkState, count: int) -> None:
    """Offer ``count`` reveals, if any space can be revealed (NY-103)."""
    if count > 0 and revealable(s):
        s.stack.append(kept(RevealFrame, count))


@dataclass(frozen=True, slots=True)
class RevealFrame(Step):
    """Reveal up to ``count`` empty spaces next to the Hero (optional, NY-97)."""

    key: ClassVar[str] = "reveal_space"
    count: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return (*(A.REVEAL_SPACE[y] for y in revealable(s)), A.DONE)

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is A.DONE:
            return
        assert isinstance(action, A.RevealSpace)
        lay_tile(s, SPACE_INDEX[action.space], events)
        push_reveal(s, self.count - 1)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_reveal_space(s, self.count)


# -- passengers ------------------------------------------------------------------------------


def riders(s: NewYorkState) -> list[int]:
    """Heroes without a Car in the current Hero's space (NY-45)."""
    x = s.hpos[s.cur]
    return [h for h in range(s.n) if h != s.cur and s.hpos[h] == x and s.car[h] < 0]


@dataclass(frozen=True, slots=True)
class CarryOffer(Step):
    """The driver may offer one Hero in the space a ride (NY-45)."""

    key: ClassVar[str] = "carry"

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [*(A.CARRY[h] for h in riders(s)), A.DONE]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if isinstance(action, A.Carry):
            s.stack.append(AskRide(action.seat))

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_carry(s, riders(s))


@dataclass(frozen=True, slots=True)
class AskRide(Decision):
    """The offered Hero agrees to ride along, or stays (a willing Hero, NY-45)."""

    key: ClassVar[str] = "ride"
    seat: int

    def seats(self, s: NewYorkState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return (A.ACCEPT, A.DECLINE)

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is A.ACCEPT:
            s.passenger = seat
            s.say(events, "passenger", words.rides(s, seat), {"seat": seat})

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_ride(s)

    def describe(self, s: Any) -> dict[str, Any]:
        return {**describe(self, s), "seat": self.seat}


def push_move(s: NewYorkState, steps: int, flags: int, carry: bool) -> None:
    """Push a move, with the ride offer first when a passenger may come (NY-45)."""
    s.passenger = -1
    s.stack.append(kept(MoveFrame, steps, flags, 0))
    if (carry or s.car[s.cur] >= 0) and riders(s):
        s.stack.append(CarryOffer())
