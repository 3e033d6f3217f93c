"""The end of every turn: the Sentinel card, and sentinels placed and moved.

The active player draws the top Sentinel card (the discards are reshuffled
when the pile is empty); seats holding Power Cut may cancel it. Then:

* **System tile**: the next tile of the first non-empty stack goes on the board.
* **Sentinel**: while sentinels wait on the System board and a red start space
  holds no piece at all, the drawer puts one there (which one is chance: their
  symbols are hidden); a new sentinel does not attack. Otherwise the drawer
  moves a sentinel on the island 1 to ``steps`` steps, by the sentinel rules of
  :mod:`.routes`; if none can move, nothing happens. A sentinel that stops
  where prisoners stand attacks one of them (the drawer picks among several).
* **Drone swarm**: the drawer aims it at a prisoner on a route space or a Run
  space (not in a building, on a safe space, in the cell block or the tunnel);
  with no such prisoner nothing happens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import PASS, Decision
from getaway.core.events import Event
from getaway.games.alcatraz_2034.actions import (
    CHOOSE,
    MOVE_SENTINEL,
    PLACE,
    Choose,
    MoveSentinel,
    PlaceSentinel,
)
from getaway.games.alcatraz_2034.attacks import start_attack
from getaway.games.alcatraz_2034.cards import POWER
from getaway.games.alcatraz_2034.common import reveal_system_tile
from getaway.games.alcatraz_2034.model import SentinelCardKind
from getaway.games.alcatraz_2034.routes import sentinel_met, sentinel_reach
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import (
    DRONE_MASK,
    PRISONER_INDEX,
    RED_SPACES,
    SC,
    SC_KIND,
    SPACE_IDS,
    SPACE_INDEX,
)
from getaway.games.alcatraz_2034.windows import open_window
from getaway.games.alcatraz_2034.words import (
    NO_SENTINEL,
    PLACE_PROMPT,
    RESHUFFLED,
    attack_target_prompt,
    attacker_name,
    nobody_in_the_open,
    sentinel_card_drawn,
    sentinel_move_prompt,
    sentinel_moved,
    sentinel_placed,
)


def draw_sentinel_card(s: AlcatrazState, events: list[Event]) -> None:
    """The active player draws a Sentinel card; Power Cut may answer, then it resolves."""
    if not s.spile:
        s.spile.extend(s.sdiscard)
        s.sdiscard.clear()
        s.rng.shuffle(s.spile)
        s.say(events, "reshuffle", RESHUFFLED)
    card = s.spile.pop()
    s.scard = card
    s.say(events, "sentinel_card", sentinel_card_drawn(s.cur, card),
          {"seat": s.cur, "card": SC[card].id})
    s.stack.append(RESOLVE_SENTINEL_CARD)
    open_window(s, POWER)


def free_red_spaces(s: AlcatrazState) -> list[int]:
    """Red start spaces holding no piece at all."""
    taken = s.prisoner_mask() | s.sentinel_mask()
    return [i for i in RED_SPACES if not taken >> i & 1]


def sentinel_ends(s: AlcatrazState, i: int, steps: int) -> list[int]:
    """Where sentinel ``i`` may stop, 1 to ``steps`` steps away."""
    return sentinel_reach(s.sent_pos[i], steps, s.prisoner_mask(), s.sentinel_mask())


def sentinel_moves(s: AlcatrazState, steps: int, only: int = -1) -> list[Action]:
    """Every move of a sentinel on the island (``only`` one, or any), 1 to ``steps``
    steps: :func:`sentinel_ends` of each, picked in C."""
    acts: list[Action] = []
    prisoners = s.prisoner_mask()
    keep = bytearray(_KEEP)  # 0 on another sentinel's space without a prisoner
    for x in s.sent_pos:
        if x >= 0 and not prisoners >> x & 1:
            keep[x] = 0
    for i, x in enumerate(s.sent_pos):
        if x < 0 or (only >= 0 and i != only):
            continue
        met = sentinel_met(x, steps, prisoners)
        acts.extend(compress(map(MOVE_SENTINEL[i].__getitem__, met), met.translate(keep)))
    return acts


_KEEP = b"\1" * 256
"""A ``bytes.translate`` table: a sentinel may stop on every space met."""


def drone_targets(s: AlcatrazState) -> list[int]:
    """Prisoners a drone swarm may attack."""
    return [p for p, x in enumerate(s.pos) if x >= 0 and DRONE_MASK >> x & 1]


class ResolveSentinelCard(Decision):
    """Carry out the Sentinel card just drawn (automatic)."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def run(self, s: AlcatrazState, events: list[Event]) -> None:
        card = s.scard
        if card < 0:
            return  # cancelled (Power Cut)
        s.scard = -1
        s.sdiscard.append(card)
        kind = SC_KIND[card]
        if kind is SentinelCardKind.SYSTEM_TILE:
            reveal_system_tile(s, events)
        elif kind is SentinelCardKind.SENTINEL:
            waiting = any(x < 0 for x in s.sent_pos)
            if waiting and free_red_spaces(s):
                s.stack.append(PlaceChoice(s.cur))
            elif any(x >= 0 and sentinel_ends(s, i, SC[card].steps)
                     for i, x in enumerate(s.sent_pos)):
                s.stack.append(SentinelMove(s.cur, SC[card].steps))
            else:
                s.say(events, "no_sentinel", NO_SENTINEL)
        else:
            targets = drone_targets(s)
            if not targets:
                s.say(events, "no_target", nobody_in_the_open(card), {"card": SC[card].id})
            else:
                s.stack.append(PickTarget(s.cur, tuple(targets), drone=card))


RESOLVE_SENTINEL_CARD = ResolveSentinelCard()


@dataclass(frozen=True, slots=True)
class PlaceChoice(Decision):
    """``seat`` puts a sentinel from the System board on a free red start space."""

    key: ClassVar[str] = "place_sentinel"

    seat: int

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        return [PLACE[i] for i in free_red_spaces(s)]

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, PlaceSentinel)
        s.stack.pop()
        waiting = [i for i, x in enumerate(s.sent_pos) if x < 0]
        i = waiting[s.rng.below(len(waiting))]
        s.sent_pos[i] = SPACE_INDEX[action.to]
        s.say(events, "place_sentinel", sentinel_placed(i, s.sent_pos[i]),
              {"sentinel": i + 1, "to": action.to})

    def prompt(self, s: AlcatrazState) -> str:
        return PLACE_PROMPT

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "seat": self.seat}


@dataclass(frozen=True, slots=True)
class SentinelMove(Decision):
    """``seat`` moves a sentinel (``only`` one, or any) up to ``steps`` steps.

    ``optional`` (a card's move) lets the seat leave it where it is.
    """

    key: ClassVar[str] = "move_sentinel"

    seat: int
    steps: int
    only: int = -1
    optional: bool = False

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        acts = sentinel_moves(s, self.steps, self.only)
        if self.optional or not acts:
            acts.append(PASS)
        return acts

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is PASS:
            return
        assert isinstance(action, MoveSentinel)
        i = action.sentinel - 1
        dest = SPACE_INDEX[action.to]
        s.say(events, "move_sentinel", sentinel_moved(i, s.sent_pos[i], dest),
              {"sentinel": action.sentinel, "from": SPACE_IDS[s.sent_pos[i]], "to": action.to})
        s.sent_pos[i] = dest
        there = s.prisoners_at(dest)
        if len(there) == 1:
            start_attack(s, events, there[0], seat, sentinel=i)
        elif there:
            s.stack.append(PickTarget(seat, tuple(there), sentinel=i))

    def prompt(self, s: AlcatrazState) -> str:
        return sentinel_move_prompt(self.steps, self.only, self.optional,
                                    any(a is not PASS for a in self.legal(s, self.seat)))

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "seat": self.seat, "steps": self.steps,
                "sentinel": self.only + 1 if self.only >= 0 else None}


@dataclass(frozen=True, slots=True)
class PickTarget(Decision):
    """``seat`` picks the prisoner a sentinel (or a drone swarm card kind) attacks."""

    key: ClassVar[str] = "attack_target"

    seat: int
    candidates: tuple[int, ...]
    sentinel: int = -1
    drone: int = -1

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        return [CHOOSE[p] for p in self.candidates]

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Choose)
        s.stack.pop()
        p = PRISONER_INDEX[action.prisoner]
        start_attack(s, events, p, seat, sentinel=self.sentinel, drone=self.drone)

    def prompt(self, s: AlcatrazState) -> str:
        return attack_target_prompt(attacker_name(self.sentinel, self.drone), self.candidates)

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "seat": self.seat,
                "candidates": list(self.candidates)}
