"""Constructed Escape Plan states for the rules tests."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.escape_plan import GAME
from getaway.games.escape_plan.actions import SPACE, Simple
from getaway.games.escape_plan.board import laid, legal_placements
from getaway.games.escape_plan.city import build_graph
from getaway.games.escape_plan.model import LocationKind
from getaway.games.escape_plan.rounds import free_pieces, lay
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import BOARD, TILE, loc_node

DECLINE = SPACE.intern(Simple("decline"))
TILE_KIND: dict[str, LocationKind] = {
    loc.id: loc.kind for t in TILE.values() for loc in t.locations}


@dataclass(frozen=True, slots=True)
class Hold(Decision):
    """The bottom of a test's stack: seat 0 may only 'decline', which pops it."""

    def seats(self, state: Any) -> tuple[int, ...]:
        return (0,)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [DECLINE]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        state.stack.pop()


def fresh(players: int = 3, seed: int = 0, **options: Any) -> EscapePlanState:
    """A new game waiting for the first City tile (``options``: the game's options, e.g.
    ``unescaped="scored"``)."""
    return GAME.start(players, seed=seed, **options)  # type: ignore[return-value]


def city(players: int = 3, seed: int = 0, police: bool = False,
         **options: Any) -> EscapePlanState:
    """Every City tile laid (first legal placement, stacks A-D in turn, the lowest-numbered
    free Business / Safe House tile on each new one), no officers unless ``police``, and a
    Hold frame on the stack: ready for a constructed scene."""
    s = fresh(players, seed, **options)
    for _ in range(3):
        s.placed = 0
        for i in range(4):
            if not s.stacks[i]:
                continue
            tiles = laid(BOARD, s.side, {c: (TILE[t], r) for c, (t, r) in s.city.items()})
            pl = legal_placements(s.side, tiles, TILE[s.stacks[i][-1]])[0]
            for loc in lay(s, i, pl.cell, pl.turn):
                s.business_on[loc] = free_pieces(s, TILE_KIND[loc])[0]
    s.graph = build_graph(s)
    if not police:
        s.police = {}
    s.round = 1
    s.stack = [Hold()]
    return s


def push(s: EscapePlanState, *frames: Decision) -> list[Event]:
    """Push frames (the last runs first) and run the automatic ones."""
    s._cache = None
    s.stack.extend(frames)
    events: list[Event] = []
    s.settle(events)
    return events


def put(s: EscapePlanState, seat: int, location: str) -> None:
    """Stand a pawn on a Location."""
    s.crew[seat].node = loc_node(location)


def loc_on(s: EscapePlanState, kind: str) -> str:
    """Some Location id of this kind laid in the City (its ``<tile>-<kind>`` id or the
    special ids)."""
    for _, (tile, _r) in sorted(s.city.items()):
        for loc in TILE[tile].locations:
            if loc.kind.value == kind:
                return loc.id
    for _, tile in s.side.printed:
        for loc in TILE[tile].locations:
            if loc.kind.value == kind:
                return loc.id
    raise KeyError(kind)


def act(s: EscapePlanState, action: Action) -> list[Event]:
    """Apply an action for the (single) seat to act."""
    (seat,) = s.to_act()
    s._cache = None                 # tests edit the state between calls
    return s.apply(seat, SPACE.intern(action))


def kinds(s: EscapePlanState) -> list[str]:
    """The labels of the legal actions of the seat to act."""
    (seat,) = s.to_act()
    return [a.label() for a in s.legal_actions(seat)]


def at_store_with_key(s: EscapePlanState) -> EscapePlanState:
    """Seat 0 visits Store A with a green Key, Notoriety 2 and 3 Contact cards: it may
    open the green Locker stack (the visit menu is on top)."""
    from getaway.games.escape_plan.visits import VisitStart

    p = s.crew[0]
    p.keys, p.notoriety = ["green"], 2
    for i in range(3):
        p.contacts[i] = "C:medic"
    put(s, 0, "store-A")
    push(s, VisitStart(0))
    return s


def keeping_a_locker(s: EscapePlanState) -> tuple[EscapePlanState, Any]:
    """As ``at_store_with_key``, then seat 0 opens the green Locker stack: the
    ``KeepTile`` choice is on top (returned with the state)."""
    from getaway.games.escape_plan.actions import OpenLocker
    from getaway.games.escape_plan.visits import KeepTile

    act(at_store_with_key(s), OpenLocker("green", False))
    frame = s.stack[-1]
    assert isinstance(frame, KeepTile)
    return s, frame


def random_play(players: int, seed: int) -> Iterator[EscapePlanState]:
    """A game of uniformly random legal actions (seat and action from one rng seeded
    ``seed``): yields the state after every action, the last one over."""
    import random

    s = GAME.start(players, seed=seed)
    assert isinstance(s, EscapePlanState)
    rng = random.Random(seed)
    while not s.is_over():
        seat = rng.choice(s.to_act())
        s.apply(seat, rng.choice(list(s.legal_actions(seat))))
        yield s
