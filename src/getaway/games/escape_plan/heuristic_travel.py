"""The heuristic seat's movement cards and flights (see ``heuristic.py``): what each one
it holds costs to spend, and the route search that may spend them.

A *ride* is a one-shot way to move the seat may take this move: a Chopper or Helicopter
(0 MP off a Heliport's tile), the Gang card or Motorcycle (1 MP off a Heliport's or a
Helipad's tile), a Gang Member's Helipad flight (1 MP), the Sewer (a tile exactly 2
away, 1 MP if the Land type changes), a Jet Ski or Scuba Gear (one unferried body of
water), a Medevac (straight to the Hospital, the move ends) and Gas Cans (+1 MP each).
A ride the move has already paid for (a flight or the Sewer ready, a body of water
open) costs nothing. Each ride is costed by the seat's own value (``evaluate``) before
and after spending it: its price, the star's Notoriety, the card's use lost, a Gang
Member, and on Day 3 the dollars the Escape Cost needs. Everything read is the seat's
own board and the public City.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import Any, TypeVar

from getaway.core.actions import Action
from getaway.games.escape_plan import frames as fr
from getaway.games.escape_plan.actions import Use
from getaway.games.escape_plan.board import Cell, distance
from getaway.games.escape_plan.city import NODE_TILE, CityGraph, tile_at
from getaway.games.escape_plan.effects import Op
from getaway.games.escape_plan.heuristic_value import KIND, evaluate
from getaway.games.escape_plan.model import LocationKind, TileIcon
from getaway.games.escape_plan.moves import Move, land_of
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import N_LOC, NODES, TILE, effects_of, loc_node

SUBWAYS = tuple(n for n, k in KIND.items() if k is LocationKind.SUBWAY)
HELIPORTS = frozenset(n for n, k in KIND.items() if k is LocationKind.HELIPORT)
HOSPITAL = loc_node("hospital")
GANG_MEMBER = 2.0           # a Gang Member's worth as an avoid tool, beyond ``evaluate``
RIDE_MIN = 0.5              # the least a ride is counted for (kept for a better use)

# ride kinds: the search key's third part is the one the move took (0: none), a body of
# water entered with a Jet Ski or Scuba Gear above it
FLY0, FLY1, HELIPAD, SEWER, WATER, MEDEVAC = 1, 2, 4, 8, 16, 32
HOW = {FLY0: "card", FLY1: "card1", HELIPAD: "helipad", SEWER: "sewer", WATER: "water",
       MEDEVAC: "medevac"}
_WATER_SHIFT = 8
_DONE: Any = (-1.0,)    # a popped key's mark in a search's queue: below every entry
_LAND = tuple(land_of(n) for n in range(len(NODES)))

Key = tuple[int, int, int]
K = TypeVar("K", tuple[int, int], tuple[int, int, int])
Best = dict[Key, tuple[float, Key | None, str]]


class Rides:
    """The rides the seat may take this move: for each kind, what it costs and the
    ``Use`` that starts it (None when the move already holds it); Gas Cans apart."""

    __slots__ = ("cans", "fly_mp", "kinds", "open_waters", "prices")

    def __init__(self) -> None:
        self.kinds: dict[int, tuple[float, Action | None]] = {}
        self.prices: dict[int, int] = {}       # dollars each ride's card costs
        self.cans: list[tuple[float, Action]] = []
        self.fly_mp = {FLY0: 0, FLY1: 1}
        self.open_waters: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.kinds or self.cans or self.open_waters)

    def use(self, how: str) -> Action | None:
        """The ``Use`` that starts the ride a path step names (None: nothing to start)."""
        for kind, (_cost, a) in self.kinds.items():
            if HOW[kind] == how:
                return a
        return None

    def price(self, used: int) -> int:
        """The dollars the rides of a search key's ``used`` mask cost."""
        return sum(d for k, d in self.prices.items() if used & k)

    def can_cost(self, extra: int) -> float:
        """What the ``extra`` cheapest Gas Cans cost (``INF``-like when too few)."""
        if extra <= 0:
            return 0.0
        if extra > len(self.cans):
            return 1e6
        return sum(c for c, _a in self.cans[:extra])


def _cost(s: EscapePlanState, me: int, base: float, source: str, index: int) -> float:
    c = s.clone()
    fr.pay_and_flip(c, me, source, index)
    return max(RIDE_MIN, base - evaluate(c, me))


_RIDES: dict[tuple[object, ...], Rides] = {}


def rides(s: EscapePlanState, me: int, moving: bool) -> Rides:
    """The seat's rides for the move in progress (``moving``) or the next one, and what
    each costs (cached while the seat's board, money and the move's rides stay; the
    steps of a move only change where the pawn is)."""
    p = s.crew[me]
    m = s.move if moving else None
    key = (id(s.graph), me, s.round, s.log_turn, s.escapes, p.money, p.notoriety,
           p.red_box, p.blue_box, p.wounds, p.taken, p.gang, tuple(p.gang_markers),
           tuple(p.assets), tuple(p.used_assets), tuple(p.contacts), tuple(p.used_contacts),
           tuple(p.items), tuple(p.used_items),
           (m.free_fly, m.fly_mp, m.sewer, tuple(m.waters)) if m is not None else None)
    hit = _RIDES.get(key)
    if hit is None:
        if len(_RIDES) > 256:
            _RIDES.clear()
        hit = _RIDES[key] = _rides(s, me, m)
    return hit


def _rides(s: EscapePlanState, me: int, m: Move | None) -> Rides:
    p = s.crew[me]
    out = Rides()
    if m is not None:
        if m.free_fly:
            kind = FLY0 if m.fly_mp == 0 else FLY1
            out.kinds[kind] = (0.0, None)
            out.fly_mp[kind] = m.fly_mp
        if m.sewer:
            out.kinds[SEWER] = (0.0, None)
        out.open_waters = frozenset(m.waters)
    base: float | None = None
    for source, row, used in (("contact", p.contacts, p.used_contacts),
                              ("item", p.items, p.used_items)):
        for i, what in enumerate(row):
            if used[i] or what[:2] not in ("C:", "F:"):
                continue
            op = effects_of(what)[0].op
            if op is Op.GAS:
                kind = 0
            elif op is Op.FLY:
                kind = FLY0
            elif op is Op.GANG:
                kind = FLY1
            elif op is Op.SEWER:
                kind = SEWER
            elif op is Op.WATER:
                kind = WATER
            elif op is Op.MEDEVAC:
                kind = MEDEVAC
            else:
                continue
            price = fr.cost_of(p, source, i)[0]
            if price > p.money:
                continue
            if kind in (FLY0, FLY1) and m is not None and m.free_fly:
                continue                   # one card flight at a time
            if kind == SEWER and m is not None and m.sewer:
                continue
            if base is None:
                base = evaluate(s, me)
            cost = _cost(s, me, base, source, i)
            a: Action = Use(source, i)
            if kind == 0:
                out.cans.append((cost, a))
            elif kind not in out.kinds or cost < out.kinds[kind][0]:
                out.kinds[kind] = (cost, a)
                out.prices[kind] = price
    if p.gang and p.gang_markers:
        c = s.clone()
        fr.return_gang_member(c, me)
        if base is None:
            base = evaluate(s, me)
        out.kinds[HELIPAD] = (max(RIDE_MIN, base - evaluate(c, me)) + GANG_MEMBER, None)
    out.cans.sort(key=lambda t: t[0])
    return out


def _tiles_with(s: EscapePlanState, cells: set[Cell], what: LocationKind | TileIcon
                ) -> set[Cell]:
    out = set()
    for c in cells:
        t = tile_at(s, c)
        if t is not None and TILE[t].has(what):
            out.add(c)
    return out


class Walk:
    """What the route searches read of one City graph, worked out once per graph: each
    node's steps on foot (``(node, MP, kind)``: 0 a road or a Location's way in or
    out, 1 ferried Water, 2 the Subway; None for Water, left to its shore), the bodies
    of Water it enters unferried, the cell of every area node, the fewest MP from
    each node to a Location on foot (``_near``), the nodes of each tile, and the
    flights and Sewer rides from each tile."""

    __slots__ = (
        "area_cells",
        "by_cell",
        "flights",
        "fly_steps",
        "g",
        "near",
        "near2",
        "outs",
        "ring2",
        "steps",
        "unferried",
    )

    def __init__(self, g: CityGraph) -> None:
        self.g = g
        self.outs: list[tuple[tuple[int, int, int], ...] | None] = []
        self.unferried: list[tuple[int, ...]] = []
        for n in range(len(NODES)):
            self.unferried.append(tuple(w for w in g.water_in.get(n, ())
                                        if w not in g.ferried))
            if n in g.shore:
                self.outs.append(None)
                continue
            row = [(m, c, 0) for m, c in g.adj.get(n, ())]
            row += [(w, 1, 1) for w in g.water_in.get(n, ()) if w in g.ferried]
            if KIND.get(n) is LocationKind.SUBWAY:
                row += [(m, 0, 2) for m in SUBWAYS if m in g.cell_of and m != n]
            self.outs.append(tuple(row))
        # the walking search's steps from each node, (node, MP, how, by Subway), without
        # and with the refunded MP of a move that started on a Location (``_search``)
        Step = tuple[int, int, str, bool]
        self.steps: tuple[list[tuple[Step, ...]], list[tuple[Step, ...]]] = ([], [])
        for n, outs in enumerate(self.outs):
            for bonus, table in enumerate(self.steps):
                if outs is None:
                    table.append(tuple((a, 0, "go", False) for a in g.shore[n]))
                else:
                    b = bonus if n < N_LOC else 0
                    table.append(tuple((m, max(0, c - b) if t == 0 else c, "go", t == 2)
                                       for m, c, t in outs))
        self.area_cells: list[Cell | None] = [
            None if n < N_LOC else g.cell_of.get(n) for n in range(len(NODES))]
        self.near: list[int] = [_near(g, n) for n in range(len(NODES))]
        self.by_cell: dict[Cell, list[int]] = {}
        for n, c in g.cell_of.items():
            self.by_cell.setdefault(c, []).append(n)
        self.flights: dict[Cell, tuple[int, ...]] = {}
        self.fly_steps: dict[Cell, tuple[tuple[int, int, str, bool], ...]] = {}
        self.near2: dict[Cell, list[tuple[int, Cell]]] = {}
        self.ring2: dict[Cell, list[tuple[int, Cell]]] = {}

    def cells(self, s: EscapePlanState) -> list[Cell | None]:
        """The cell of every node (``node_cell``; None for Water)."""
        out = self.area_cells[:]
        where = s.cell_of_tile
        for n in range(N_LOC):
            out[n] = where.get(NODE_TILE[n])
        return out

    def flight(self, here: Cell) -> tuple[int, ...]:
        """The nodes a Heliport flight from ``here`` lands on (tiles 1 or 2 away)."""
        got = self.flights.get(here)
        if got is None:
            got = self.flights[here] = tuple(
                m for m, c in self.g.cell_of.items() if 1 <= distance(here, c) <= 2)
        return got

    def fly_step(self, here: Cell) -> tuple[tuple[int, int, str, bool], ...]:
        """``flight`` as the walking search's steps."""
        got = self.fly_steps.get(here)
        if got is None:
            got = self.fly_steps[here] = tuple((m, 1, "fly", False) for m in self.flight(here))
        return got


_WALKS: dict[int, Walk] = {}


def walk_of(g: CityGraph) -> Walk:
    """The search tables of a City graph (cached per graph)."""
    w = _WALKS.get(id(g))
    if w is None or w.g is not g:
        if len(_WALKS) > 32:
            _WALKS.clear()
        w = _WALKS[id(g)] = Walk(g)
    return w


def search(s: EscapePlanState, start: int, budget: int, tc: dict[Cell, float],
           refund: bool, rides: Rides) -> Best:
    """As ``heuristic_route._search`` (least officer cost to each node and MP spent),
    with the rides: the key is (node, MP spent, the ride taken), one ride a move (Gas
    Cans apart: they only raise ``budget``), its cost added where it is taken. A
    Medevac ends the move."""
    g = s.graph
    walk = walk_of(g)
    cell = walk.cells(s)
    outs, unferried, near = walk.outs, walk.unferried, walk.near
    plain, refunded = walk.steps
    by_cell = walk.by_cell
    cells = set(g.cell_of.values())
    heliport_tiles = _tiles_with(s, cells, LocationKind.HELIPORT)
    helipad_tiles = _tiles_with(s, cells, TileIcon.HELIPAD)
    either = heliport_tiles | helipad_tiles
    kinds = rides.kinds
    open_waters = rides.open_waters
    water = kinds.get(WATER)
    flying = {k: v for k, v in kinds.items() if k in (FLY0, FLY1, HELIPAD)}
    # the flights' and the Sewer's landing places from each tile
    near2 = walk.near2
    ring2 = walk.ring2
    best: Best = {}
    # the least entry pushed for each key not yet popped: a greater one for the same key
    # would only be dropped when popped (the search pops in the same order without it)
    queued: dict[Key, tuple[float, int, int, int, int, int, int, str, bool]] = {}
    dom: dict[tuple[int, int], int] = {}
    heap: list[tuple[float, int, int, int, int, int, int, str, bool]] = [
        (0.0, 0, start, 0, -1, -1, 0, "", refund)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, mp, n, u, pn, pmp, pu, how, ref = pop(heap)
        key = (n, mp, u)
        if key in best:
            continue
        queued[key] = _DONE
        best[key] = (cost, (pn, pmp, pu) if pn >= 0 else None, how)
        if u & MEDEVAC:
            continue
        if not ref:
            # popped before with as little cost and no more MP spent (1 or more: a
            # target is never one reached with none): nothing new from here
            if dom.get((n, u), budget + 1) <= mp:
                continue
            if mp:
                dom[(n, u)] = mp
        here = cell[n]
        leave = tc.get(here, 0.0) if here is not None else 0.0
        row = outs[n]
        # rides and unferried Water (the steps on foot are in the graph's tables)
        steps: list[tuple[int, int, str, bool, int, float]] = []
        if row is not None:
            for w in unferried[n]:
                if w in open_waters:
                    steps.append((w, 1, "go", False, u, 0.0))
                elif water is not None:
                    body = u >> _WATER_SHIFT
                    if body == w + 1:
                        steps.append((w, 1, "go", False, u, 0.0))
                    elif not u:
                        nu = u | WATER | ((w + 1) << _WATER_SHIFT)
                        steps.append((w, 1, "water", False, nu, water[0]))
            if here is not None:
                if n in HELIPORTS:
                    steps += [(m, 1, "fly", False, u, 0.0) for m in walk.flight(here)]
                for kind, (rc, started) in flying.items():
                    # a flight the move holds already leaves from anywhere
                    held = started is None and kind != HELIPAD
                    if u or not (held or here in (
                            heliport_tiles if kind == FLY0 else helipad_tiles
                            if kind == HELIPAD else either)):
                        continue
                    fmp = 1 if kind == HELIPAD else rides.fly_mp[kind]
                    if here not in near2:
                        near2[here] = [(m, c) for c in cells if 1 <= distance(here, c) <= 2
                                       for m in by_cell[c]]
                    steps += [(m, fmp, HOW[kind], False, u | kind, rc)
                              for m, _c in near2[here]]
                if SEWER in kinds and not u:
                    if here not in ring2:
                        ring2[here] = [(m, c) for c in cells if distance(here, c) == 2
                                       for m in by_cell[c]]
                    land = _LAND[n]
                    steps += [(m, int(_LAND[m] is not land), "sewer", False, u | SEWER,
                               kinds[SEWER][0]) for m, _c in ring2[here]]
                if MEDEVAC in kinds and n == start and mp == 0 and n != HOSPITAL:
                    steps.append((HOSPITAL, 0, "medevac", False, u | MEDEVAC,
                                  kinds[MEDEVAC][0]))
        # on foot: the walking search's steps (``ref``: the refunded MP), the ride kept
        for m, c, kind_how, sub in (plain[n] if not (ref and n < N_LOC) else refunded[n]):
            nmp = mp + c
            # a step must leave a Location within reach on foot (the rules' check)
            if nmp > budget or budget - nmp < near[m]:
                continue
            km = (m, nmp, u)
            q = queued.get(km)
            if q is _DONE:
                continue
            there = cell[m]
            extra = leave if (here is not None and there != here) else 0.0
            entry = (cost + extra + 0.0, nmp, m, u, n, mp, u, kind_how, sub)
            if q is None or entry < q:
                queued[km] = entry
                push(heap, entry)
        for m, c, kind_how, sub, nu, rc in steps:
            nmp = mp + c
            # a step must leave a Location within reach on foot (the rules' check)
            if nmp > budget or budget - nmp < near[m]:
                continue
            km = (m, nmp, nu)
            q = queued.get(km)
            if q is _DONE:
                continue
            there = cell[m]
            extra = leave if (here is not None and there != here) else 0.0
            entry = (cost + extra + rc, nmp, m, nu, n, mp, u, kind_how, sub)
            if q is None or entry < q:
                queued[km] = entry
                push(heap, entry)
    return best


def _near(g: CityGraph, n: int) -> int:
    """Fewest MP from ``n`` to a Location on foot (from Water: ashore, 0 MP)."""
    d = g.near.get(n)
    if d is not None:
        return d
    return min((g.near.get(a, 99) for a in g.shore.get(n, ())), default=99)


def path(best: Mapping[K, tuple[float, K | None, str]], end: K) -> list[tuple[int, str]]:
    """The (node, how) steps of a search's path to ``end`` (a key's first part is its
    node; this search's keys and ``heuristic_route``'s walking ones)."""
    out: list[tuple[int, str]] = []
    key: K | None = end
    while key is not None:
        _, prev, how = best[key]
        if prev is None:
            break
        out.append((key[0], how))
        key = prev
    out.reverse()
    return out
