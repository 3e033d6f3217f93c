"""Routes for the heuristic seat: fewest-MP distances, the cost of the officers on the
tiles a move leaves, the best Location to end this move on (with its path), City tile
placement and where officers go (see ``heuristic.py``)."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import Any

from getaway.core.actions import Action
from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan import heuristic_travel as travel
from getaway.games.escape_plan.board import Cell, distance
from getaway.games.escape_plan.city import NODE_TILE, CityGraph, node_cell, tile_at
from getaway.games.escape_plan.effects import Scope
from getaway.games.escape_plan.frames import MovePolice, slot_of
from getaway.games.escape_plan.heuristic_value import (
    KIND,
    TIGHT,
    WOUND,
    arrests,
    escape_savings,
    my_turns_left,
    turn_worth,
    turns_left,
    visit_values,
)
from getaway.games.escape_plan.model import ESCAPE_DAY, MOVEMENT_POINTS, LocationKind
from getaway.games.escape_plan.moves import threats
from getaway.games.escape_plan.state import EscapePlanState, Player
from getaway.games.escape_plan.tables import (
    CARDS,
    CELLS,
    N_LOC,
    TILE,
    effects_of,
    loc_node,
)

HOP = 1000
INF = 10**9
BEYOND = 4.0            # value lost per MP a Location lies beyond one move
FUTURE = 0.45           # weight of the best next move from where this one ends
LEAVE_W = 0.35          # share of the officers on the tile where a move ends counted now
ARREST = 500.0          # a target from which no open Exit can be reached in time
FAR_OUT = 15.0          # per move beyond FAR_MOVES to an open Exit, ending Round 2
FAR_MOVES = 2
PULL = 30.0             # per MP between such a target and the nearest open Exit
EXITS = {number: loc_node(f"exit-{number}") for number in (1, 2, 3, 4)}
SUBWAYS = tuple(n for n, k in KIND.items() if k is LocationKind.SUBWAY)
HELIPORTS = frozenset(n for n, k in KIND.items() if k is LocationKind.HELIPORT)

_DIST: dict[int, tuple[CityGraph, dict[int, dict[int, int]]]] = {}


def distances(g: CityGraph, src: int) -> dict[int, int]:
    """Fewest MP from ``src`` to every node (walking, ferried Water, the Subway), as
    ``MP * HOP + steps``; cached per City graph."""
    hit = _DIST.get(id(g))
    if hit is None or hit[0] is not g:
        if len(_DIST) > 32:
            _DIST.clear()
        hit = (g, {})
        _DIST[id(g)] = hit
    cache = hit[1]
    d = cache.get(src)
    if d is not None:
        return d
    d = {}
    heap = [(0, src)]
    while heap:
        c, n = heapq.heappop(heap)
        if n in d:
            continue
        d[n] = c
        for m, cost in _outs(g, n):
            if m not in d:
                heapq.heappush(heap, (c + cost * HOP + 1, m))
    cache[src] = d
    return d


def _outs(g: CityGraph, n: int) -> list[tuple[int, int]]:
    outs: list[tuple[int, int]] = list(g.adj.get(n, ()))
    for w in g.water_in.get(n, ()):
        if w in g.ferried:
            outs.append((w, 1))
    if n in g.shore:
        outs += [(a, 0) for a in g.shore[n]]
    if KIND.get(n) is LocationKind.SUBWAY:
        outs += [(m, 0) for m in SUBWAYS if m in g.cell_of and m != n]
    return outs


# -- the way out (Day 3, option unescaped=arrested) ----------------------------------


class Deadline:
    """The escape the seat must make before Round 3 ends (arrested otherwise): ``after``
    turns of its own are left after this one (optional turns it can join with its discs
    included)."""

    __slots__ = ("after",)

    def __init__(self, after: int) -> None:
        self.after = after


_EXIT_TILES = tuple((number, n, NODE_TILE[n]) for number, n in EXITS.items())


def open_exits(s: EscapePlanState) -> list[int]:
    """The nodes of the Exits on the board that no Patrol blocks (public)."""
    blocked, where = s.blocked, s.cell_of_tile
    return [n for number, n, tile in _EXIT_TILES
            if number not in blocked and where.get(tile) is not None]


def exit_mp(s: EscapePlanState, node: int, exits: tuple[int, ...] | None = None) -> int:
    """Fewest MP from ``node`` to an open Exit (walking, ferries, the Subway; a flight
    could only be shorter); ``INF`` when none can be reached."""
    d = distances(s.graph, node)
    return min((d.get(e, INF * HOP) // HOP for e in (open_exits(s) if exits is None else exits)),
               default=INF)


_Levels = tuple[CityGraph, tuple[int, ...], dict[int, int], dict[tuple[int, int], int]]
_MOVES: dict[int, _Levels] = {}
_LAST: dict[tuple[object, ...], tuple[CityGraph, float]] = {}
_DONE: Any = (-1.0,)    # a popped key's mark in a search's queue: below every entry


def moves_to_exit(s: EscapePlanState, node: int, fuel: int = 0,
                  exits: tuple[int, ...] | None = None) -> int:
    """The fewest moves (3 MP each, every one ending on a Location; ``fuel`` Gas tokens
    spent on the first) that end on an open Exit from the Location ``node``; standing on
    one, a move out and back is 1. Walking, ferries, the Subway and Heliport flights
    (cards and Helipads could only do better); ``INF`` when no Exit can be reached.
    Cached per City and open Exits."""
    g = s.graph
    if exits is None:
        exits = tuple(open_exits(s))        # (callers that ask often pass them)
    hit = _MOVES.get(id(g))
    if hit is None or hit[0] is not g or hit[1] != exits:
        if len(_MOVES) > 32:
            _MOVES.clear()
        hit = (g, exits, _levels(s, exits), {})
        _MOVES[id(g)] = hit
    levels = hit[2]
    if node in exits:
        return 1                      # a move out to a Land space and back
    if fuel <= 0:
        return levels.get(node, INF)
    fuelled = hit[3]
    got = fuelled.get((node, fuel))
    if got is None:
        ends = _ends(s, node, MOVEMENT_POINTS + fuel)
        got = fuelled[(node, fuel)] = min((1 + levels[m] for m in ends if m in levels),
                                          default=INF)
    return got


def _ends(s: EscapePlanState, node: int, budget: int) -> set[int]:
    """The Locations a move from ``node`` can end on within ``budget`` MP (walking,
    ferries, the Subway, Heliport flights), ``node`` itself excepted."""
    return {m for (m, _mp) in _search(s, node, budget, {}, False) if m < N_LOC and m != node}


def _levels(s: EscapePlanState, exits: tuple[int, ...]) -> dict[int, int]:
    """Moves to an open Exit from every Location (see ``moves_to_exit``)."""
    locs = [n for n in s.graph.cell_of if n < N_LOC]
    reach = {n: _ends(s, n, MOVEMENT_POINTS) for n in locs}
    levels: dict[int, int] = {}
    frontier = set(exits)
    k = 0
    while frontier:
        for n in frontier:
            levels[n] = k
        k += 1
        frontier = {n for n in locs if n not in levels and reach[n] & frontier}
    return levels


def in_time(s: EscapePlanState, me: int, node: int, after: int, gas: int | None = None,
            exits: tuple[int, ...] | None = None) -> bool:
    """Whether a pawn on the Location ``node`` can still end a move on an open Exit
    within ``after`` moves (``moves_to_exit``, its Gas tokens on the first)."""
    if after <= 0 or s.graph is None:
        return False
    fuel = s.crew[me].gas if gas is None else gas
    if exits is None:
        exits = tuple(open_exits(s))
    return min(moves_to_exit(s, node, 0, exits), moves_to_exit(s, node, fuel, exits)) <= after


# -- officers ---------------------------------------------------------------------


def _tools(p: Player) -> list[tuple[float, frozenset[str]]]:
    """The seat's unused avoid tools: (cost of spending it, threats it covers)."""
    out: list[tuple[float, frozenset[str]]] = []
    if p.gang and p.gang_markers:
        out += [(3.0, frozenset(("red", "blue", "black", "sandra")))] * p.gang
    for source, row in (("contact", p.contacts), ("item", p.items), ("asset", p.assets)):
        for i in range(len(row)):
            what, used = slot_of(p, source, i)
            if used or not what or what == "X" or (source != "asset" and what.startswith("A:")):
                continue
            effs = effects_of(what)
            if not effs or effs[0].op.value != "avoid":
                continue
            e = effs[0]
            cover = frozenset(c.value for c in e.colours) | (
                {"sandra"} if e.covers_sandra else set())
            if source == "asset":
                cost = -3.0
            elif source == "item":
                cost = 1.0 if what.startswith("E:") else 2.0
            else:
                cost = 4.0
            if e["scope"] is Scope.ALL:
                cost += 1.0
            out.append((cost, cover))
    return sorted(out, key=lambda t: t[0])


def threat_costs(s: EscapePlanState, me: int) -> dict[Cell, float]:
    """What leaving each laid tile with officers (or Sandra) on it costs the seat."""
    p = s.crew[me]
    tools = _tools(p)
    wound = WOUND if p.wounds < 3 else 8.0
    out: dict[Cell, float] = {}
    police = s.police
    sandra = (node_cell(s, s.sandra_node) if s.sandra and s.sandra_node >= 0 else None)
    for cell in set(s.graph.cell_of.values()):
        t = tile_at(s, cell)
        if cell != sandra and (t is None or not police.get(t)):
            continue                      # no officer and not Sandra: ``threats`` is empty
        found = threats(s, cell)
        if not found:
            continue
        used: set[int] = set()
        cost = 0.0
        for t in found:
            best = -1
            for j, (_c, cover) in enumerate(tools):
                if j not in used and t in cover:
                    best = j
                    break
            if best >= 0:
                used.add(best)
                cost += max(0.5, tools[best][0] + 1.0)
            else:
                cost += wound
        out[cell] = cost
    return out


# -- the move ---------------------------------------------------------------------


class Plan:
    """The Location this move heads for, the path there, what it is worth, and whether
    the seat escapes there."""

    __slots__ = ("escape", "mp", "path", "rides", "target", "value")

    def __init__(self, target: int, value: float, path: list[tuple[int, str]], mp: int,
                 escape: bool = False, rides: travel.Rides | None = None) -> None:
        self.target = target
        self.value = value
        self.path = path          # (node, how): how is "go", "fly" (a Heliport) or a
        self.mp = mp              # ride (``heuristic_travel.HOW``)
        self.escape = escape
        self.rides = rides


def _search(s: EscapePlanState, start: int, budget: int, tc: dict[Cell, float],
            refund: bool) -> dict[tuple[int, int], tuple[float, tuple[int, int] | None, str]]:
    """Least officer cost to reach (node, MP spent) within ``budget`` MP."""
    g = s.graph
    walk = travel.walk_of(g)
    cell = walk.cells(s)
    outs = walk.outs
    plain, refunded = walk.steps
    best: dict[tuple[int, int], tuple[float, tuple[int, int] | None, str]] = {}
    # the least entry pushed for each key not yet popped: a greater one for the same key
    # would only be dropped when popped (the search pops in the same order without it)
    queued: dict[tuple[int, int], tuple[float, int, int, int, int, str, bool]] = {}
    dom: dict[int, int] = {}
    heap: list[tuple[float, int, int, int, int, str, bool]] = [
        (0.0, 0, start, -1, -1, "", refund)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, mp, n, pn, pmp, how, ref = pop(heap)
        k = (n, mp)
        if k in best:
            continue
        queued[k] = _DONE
        best[k] = (cost, (pn, pmp) if pn >= 0 else None, how)
        if not ref:
            # popped before with as little cost and no more MP spent (1 or more: a
            # target is never one reached with none): nothing new from here
            if dom.get(n, budget + 1) <= mp:
                continue
            if mp:
                dom[n] = mp
        here = cell[n]
        leave = tc.get(here, 0.0) if here is not None else 0.0
        steps = plain[n] if not ref else refunded[n]
        if n in HELIPORTS and here is not None and outs[n] is not None:
            steps = steps + walk.fly_step(here)
        for m, c, kind, sub in steps:
            nmp = mp + c
            if nmp > budget:
                continue
            km = (m, nmp)
            q = queued.get(km)
            if q is _DONE:
                continue
            there = cell[m]
            entry = (cost + leave if (here is not None and there != here) else cost,
                     nmp, m, n, mp, kind, sub)
            if q is None or entry < q:
                queued[km] = entry
                push(heap, entry)
    return best


def plan_move(s: EscapePlanState, me: int, mp_left: int | None = None,
              steps_done: int = 0, deadline: Deadline | None = None,
              ride: bool = True) -> Plan | None:
    """The best Location to end this move on: its visit, less the officers on the tiles
    left and the Gas spent, plus a share of the best move from there. With a
    ``deadline`` (Day 3, arrested if still in the city, ``_way_out``): an open Exit
    reached to escape counts what escaping now saves less what the turns left would
    bring (on its last turn nothing else will do) and the officers on its tile, avoided
    when escaping; any other target must keep an open Exit within the moves left
    ($500 less otherwise), and on the turn before the last it pays for the officers of
    the last move too. Movement cards and Helipad flights (``heuristic_travel``) are
    planned in unless ``ride`` is False."""
    p = s.crew[me]
    g = s.graph
    if g is None:
        return None
    mp = MOVEMENT_POINTS if mp_left is None else mp_left
    refund = bool(s.move.refund) if (mp_left is not None and s.move is not None) else False
    tc = threat_costs(s, me)
    rides = travel.rides(s, me, mp_left is not None) if ride else travel.Rides()
    # (target, MP spent) -> cost; the path comes from the search that found it
    found: list[tuple[int, int, float, tuple[int, ...], bool]] = []
    if rides:
        tbest = travel.search(s, p.node, mp + p.gas + len(rides.cans), tc, refund, rides)
        found = [(k[0], k[1], c, k, k[2] != 0) for k, (c, _prev, _how) in tbest.items()]
    else:
        best = _search(s, p.node, mp + p.gas, tc, refund)
        found = [(k[0], k[1], c, k, False) for k, (c, _prev, _how) in best.items()]
    values = visit_values(s, me, [n for n in range(N_LOC) if n in g.cell_of])
    last = turns_left(s) <= 1
    top: Plan | None = None
    by_node: dict[int, tuple[float, int, tuple[int, ...]]] = {}
    ex = tuple(open_exits(s))
    exits: set[int] = set(ex) if deadline is not None else set()
    # the dollars a ride may cost on the way to an Exit and still leave the escape paid
    slack = p.money + eco.income(p) - CARDS.escape_cost(len(s.crew), s.escapes)
    for n, used, cost, key, rode in found:
        if n >= N_LOC or (used == 0 and steps_done == 0 and not rode):
            continue
        if rode and n in exits and rides.price(key[2]) > slack:
            continue
        over = max(0, used - mp)
        total = cost + min(over, p.gas) * 1.2
        if over > p.gas:
            total += rides.can_cost(over - p.gas)
        if n not in by_node or total < by_node[n][0]:
            by_node[n] = (total, used, key)

    def route(key: tuple[int, ...]) -> list[tuple[int, str]]:
        if rides:
            return travel.path(tbest, (key[0], key[1], key[2]))
        return travel.path(best, (key[0], key[1]))

    out = _way_out(s, me, deadline, values) if deadline is not None else None
    ranked = sorted(values.items(), key=lambda kv: kv[1], reverse=True)
    last_key: tuple[object, object] | None = None
    # its last move of Round 2 (when the unescaped are arrested): Day 3's turns must
    # still reach an Exit, a card or a Gang Member may have carried it far
    far_ok = (FAR_MOVES if deadline is None and s.round == ESCAPE_DAY - 1 and arrests(s)
              and my_turns_left(s, me) == 0 else None)
    for n, (cost, used, key) in by_node.items():
        v = values.get(n, -1e9) - cost
        if out is not None and deadline is not None:
            cell = node_cell(s, n)
            if n in out.exits and out.bonus is not None:   # out through this Exit
                v += out.bonus - (tc.get(cell, 0.0) if cell is not None else 0.0)
                if top is None or v > top.value:
                    top = Plan(n, v, route(key), used, escape=True, rides=rides)
                continue
            away = min(exit_mp(s, n, ex), 50)
            if not in_time(s, me, n, deadline.after, max(0, p.gas - max(0, used - mp)), ex):
                v -= ARREST + PULL * away
            elif moves_to_exit(s, n, 0, ex) > out.nearer:
                v -= ARREST / 2
            elif deadline.after == 1:         # the last move goes out: past which officers
                if last_key is None:
                    last_key = (tuple(sorted(out.exits)), tuple(sorted(tc.items())))
                v -= _last_move_cost(s, n, out.exits, tc, last_key)
        elif far_ok is not None:
            v -= FAR_OUT * max(0, moves_to_exit(s, n, 0, ex) - far_ok)
        if not last:
            cell = node_cell(s, n)
            leave = tc.get(cell, 0.0) if cell is not None else 0.0
            v += FUTURE * _future(s, g, n, ranked) - LEAVE_W * leave
        if top is None or v > top.value:
            top = Plan(n, v, route(key), used, rides=rides)
    return top


def _last_move_cost(s: EscapePlanState, node: int, exits: set[int],
                    tc: dict[Cell, float], parts: tuple[object, object] | None = None
                    ) -> float:
    """The officers a move from ``node`` to the cheapest open Exit leaves, and those on
    the Exit's tile, avoided when escaping (0 when no Exit is within one move).
    ``parts``: the sorted ``exits`` and ``tc`` items, when the caller has them."""
    if parts is None:
        parts = (tuple(sorted(exits)), tuple(sorted(tc.items())))
    key = (id(s.graph), node, *parts)
    hit = _LAST.get(key)
    if hit is not None and hit[0] is s.graph:
        return hit[1]
    if len(_LAST) > 4096:
        _LAST.clear()
    best = _search(s, node, MOVEMENT_POINTS, tc, False)
    out = float(INF)
    for (n, _mp), (cost, _prev, _how) in best.items():
        if n in exits:
            cell = node_cell(s, n)
            out = min(out, cost + (tc.get(cell, 0.0) if cell is not None else 0.0))
    out = out if out < INF else 0.0
    _LAST[key] = (s.graph, out)
    return out


class _WayOut:
    """For one ``plan_move`` with a deadline: the open Exits, what ending this move on
    one and escaping adds to its visit (``bonus``, None when the seat would not escape
    there now), and the most moves a target may lie from an Exit when it must get
    nearer (it cannot pay a later escape and no Exit is within this move)."""

    __slots__ = ("bonus", "exits", "nearer")

    def __init__(self, exits: set[int], bonus: float | None, nearer: int) -> None:
        self.exits = exits
        self.bonus = bonus
        self.nearer = nearer


def _way_out(s: EscapePlanState, me: int, deadline: Deadline,
             values: dict[int, float]) -> _WayOut:
    p = s.crew[me]
    exits = set(open_exits(s))
    if CARDS.escape_cost(len(s.crew), s.escapes) > p.money + eco.income(p):
        return _WayOut(exits, None, INF)              # no escape this turn: it cannot pay
    if deadline.after <= 0:
        return _WayOut(exits, 0.0, INF)               # its last turn: out, or arrested
    saving = escape_savings(s, me, deadline.after)
    if saving >= TIGHT:
        return _WayOut(exits, saving, moves_to_exit(s, p.node) - 1)
    worth = min(turn_worth(p), max([0.0, *(v for n, v in values.items() if n not in exits)]))
    bonus = saving - deadline.after * worth
    return _WayOut(exits, bonus if bonus > 0 else None, INF)


def _future(s: EscapePlanState, g: CityGraph, n: int, ranked: list[tuple[int, float]]
            ) -> float:
    """The best visit a move from ``n`` would reach next (``ranked``: the visit values,
    greatest first; none below the best found so far can beat it)."""
    d = distances(g, n)
    out = 0.0
    for m, v in ranked:
        if v <= out:
            break
        if m == n:
            continue
        dm = d.get(m, INF) // HOP
        w = v - BEYOND * max(0, dm - MOVEMENT_POINTS)
        out = max(out, w)
    return out


def rest_value(s: EscapePlanState, me: int) -> float:
    """Resting: an unlock, used Contact cards and Equipment ready again, First Aid back."""
    from getaway.games.escape_plan.heuristic_value import contact_utility, unlock_value

    p = s.crew[me]
    v = unlock_value(p)
    for c, u in zip(p.contacts, p.used_contacts, strict=True):
        if u and c.startswith("C:"):
            v += 0.75 * contact_utility(s, p, c[2:])
    v += sum(2.0 for it, u in zip(p.items, p.used_items, strict=True)
             if u and it.startswith("E:"))
    if not p.first_aid and p.wounds:
        v += 18.0
    elif not p.first_aid:
        v += 3.0
    return v


# -- laying City tiles ---------------------------------------------------------------


def place_score(s: EscapePlanState, me: int, stack: int, cell: Cell) -> float:
    """A City tile laid here: its Locations' worth to the seat, the nearer its pawn the
    better, its officers the farther the better."""
    p = s.crew[me]
    tile_id = s.stacks[stack][-1]
    tile = TILE[tile_id]
    here = node_cell(s, p.node)
    d = distance(here, cell) if here is not None else 3
    near = max(0.0, 3.0 - d) / 3.0
    v = 0.0
    free_b = [b for b in ("business-1", "business-2", "business-3", "business-4",
                          "business-5", "business-6") if b not in s.business_on.values()]
    free_s = [b for b in ("safe-house-1", "safe-house-2", "safe-house-3")
              if b not in s.business_on.values()]
    plan = CARDS.plan(p.plan)
    for loc in tile.locations:
        if loc.kind is LocationKind.BUSINESS and free_b:
            mine = [b for b in free_b if plan.shows_income(b) and b not in p.visited]
            v += 12.0 if mine else 8.0
        elif loc.kind is LocationKind.SAFE_HOUSE and free_s:
            v += 11.0
        elif loc.kind is LocationKind.EXIT:
            v += 5.0
        elif loc.kind in (LocationKind.STORE, LocationKind.GANG, LocationKind.SUBWAY,
                          LocationKind.HELIPORT):
            v += 2.0
    cops = len(s.police.get(tile_id, ()))
    return v * near - 6.0 * cops * near + 0.01 * d


# -- moving officers -----------------------------------------------------------------


def _pawn_cells(s: EscapePlanState, me: int) -> list[Cell]:
    out = []
    for i, q in enumerate(s.crew):
        if i != me and q.active:
            c = node_cell(s, q.node)
            if c is not None:
                out.append(c)
    return out


def police_choice(s: EscapePlanState, me: int, legal: Sequence[Action],
                  path_cells: list[Cell]) -> Action:
    """Which officer and where: one on a tile the seat must leave (its own first) goes
    to a tile far from its pawn and its route, onto a rival's tile if possible; an
    officer that must come nearer to another player comes from far away."""
    from getaway.games.escape_plan.actions import Officer, ToCell

    here = node_cell(s, s.crew[me].node)
    rivals = _pawn_cells(s, me)
    top = s.stack[-1] if s.stack else None
    towards = isinstance(top, MovePolice) and top.target >= 0

    def dist(c: Cell) -> int:
        return distance(here, c) if here is not None else 3

    def officer_score(a: Officer) -> float:
        c = CELLS[a.cell]
        v = 0.0
        if towards:
            return float(dist(c))                    # move an officer that is far from me
        if c == here:
            v += 10.0
        if c in path_cells:
            v += 5.0
        return v - 0.1 * dist(c)

    def dest_score(a: ToCell) -> float:
        c = CELLS[a.cell]
        v = 1.0 * dist(c)
        if c in path_cells or c == here:
            v -= 8.0
        if c in rivals:
            v += 3.0
        return v

    offs = [a for a in legal if isinstance(a, Officer)]
    if offs:
        return max(offs, key=officer_score)
    cells = [a for a in legal if isinstance(a, ToCell)]
    if cells:
        return max(cells, key=dest_score)
    return legal[0]


def path_cells(s: EscapePlanState, me: int, plan: Plan | None) -> list[Cell]:
    """The tiles the planned move leaves (the pawn's own first)."""
    out: list[Cell] = []
    here = node_cell(s, s.crew[me].node)
    if here is not None:
        out.append(here)
    if plan is not None:
        for n, _how in plan.path[:-1]:
            c = s.graph.cell_of.get(n) if n >= N_LOC else node_cell(s, n)
            if c is not None and c not in out:
                out.append(c)
    return out
