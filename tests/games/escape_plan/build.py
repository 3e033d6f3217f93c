"""Constructed Escape Plan states for the rules tests."""

from __future__ import annotations

from collections.abc import Sequence
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
