"""A heuristic Escape Plan agent: fast, deterministic given its rng, seat-aware.

It reads only what ``view(seat)`` shows the seat: the City, the officers, every pawn,
the Business / Safe House tiles and their visit counts, the Keys on the Safe Houses,
the Exits and their stacks (by colour), the display, the Fixer on top, and its own
screen and board (money, Escape Plan card, Income cubes, Notoriety, Wounds, Contact
and Item rows, Assets, Keys). Nothing else of the state enters a decision.

The plan, recomputed at every decision:

* **Moving.** Each Location is given a value for this seat this turn: an unvisited
  Business or Safe House is worth its cube (the Income now when its own Escape Plan
  card shows the symbol there, else the White or Red hex) plus a dollar for every
  later Income phase (each cube raises the Income) and the Contact card it brings; an
  Exit is worth the Income it pays and its Contact card (every visit), plus an Exit
  tile when one can be drawn; the Clinic and the Hospital are worth the Wounds they
  heal, the Church and the Clinic an unlock and a Contact card, a Store a Locker the
  seat holds a Key for. Others standing on a Location cost Notoriety there. The
  target is the best value less 4 per MP it lies beyond this move; each step follows
  a shortest path to it (walking, ferries, the Subway), and a step that leaves a tile
  with officers costs the Wounds it would bring, unless the seat can avoid them.
* **Resting** when no Location within this move is worth much (it unlocks an Asset
  and refreshes the tokens).
* **Every other choice** (the visit menu, avoiding or taking Wounds, Contact cards,
  unlocks, keeping a drawn tile, Executive Actions, the optional turns, the $1 fee) is
  a one-step look-ahead: the action is applied to a copy and the seat's own end score
  (``scoring.score``, all of it the seat's own, visible figures) plus a few potentials
  (the Income still to come, locked and unused Assets, Keys, Gas) decides. What the
  look-ahead draws from hidden stacks is never read: a drawn Locker or Exit tile only
  shows in the next decision, where the seat sees it anyway.
* **Police** it must move go as far from its own pawn as the rules let them; City
  tiles are laid at random (its rng).
* **Escaping** on Day 3 only when the $1 a turn it costs the others outweighs the
  Escape Cost and the Income it would still collect.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan import scoring
from getaway.games.escape_plan.actions import (
    Fly,
    Go,
    Officer,
    OpenLocker,
    Place,
    Simple,
    ToCell,
    Use,
    Visit,
)
from getaway.games.escape_plan.city import CityGraph, node_cell
from getaway.games.escape_plan.model import ESCAPE_DAY, HOSPITAL_HEAL, LocationKind
from getaway.games.escape_plan.moves import MoveFrame, threats
from getaway.games.escape_plan.rounds import TURNS
from getaway.games.escape_plan.state import EscapePlanState, Player
from getaway.games.escape_plan.tables import CARDS, CELLS, LOC, N_LOC, NODES
from getaway.games.escape_plan.visits import close_after, free_key, master_key

LAST_ROUND = 3
WOUND = 20          # dollars a Wound costs at the end (EP-109)
BEYOND = 4.0        # value lost per MP a target lies beyond this move
MOVE_MP = 3
_KIND = {n: LOC[NODES[n][2:]].kind for n in range(N_LOC)}
_SUBWAYS = tuple(n for n, k in _KIND.items() if k is LocationKind.SUBWAY)
_INF = 10**9
HOP = 1000

_DIST: dict[int, tuple[CityGraph, dict[int, dict[int, int]]]] = {}


def _distances(g: CityGraph, src: int) -> dict[int, int]:
    """Fewest MP from ``src`` to every node: walking, ferried Water, the Subway.

    Each distance is ``MP * HOP + steps`` (fewest steps among the cheapest ways), so it
    falls strictly along a path to a fixed target and a walk never circles on 0-MP
    steps; ``d // HOP`` is the MP."""
    hit = _DIST.get(id(g))
    if hit is None or hit[0] is not g:
        if len(_DIST) > 64:
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
        outs: list[tuple[int, int]] = list(g.adj.get(n, ()))
        for w in g.water_in.get(n, ()):
            if w in g.ferried:
                outs.append((w, 1))
        if n in g.shore:
            outs += [(a, 0) for a in g.shore[n]]
        if _KIND.get(n) is LocationKind.SUBWAY:
            outs += [(m, 0) for m in _SUBWAYS if m in g.cell_of]
        for m, cost in outs:
            if m not in d:
                heapq.heappush(heap, (c + cost * HOP + 1, m))
    cache[src] = d
    return d


def _incomes_left(s: EscapePlanState) -> int:
    return max(0, LAST_ROUND - s.round)


def evaluate(s: EscapePlanState, me: int) -> float:
    """The seat's own end score now plus what its position promises."""
    p = s.crew[me]
    if p.arrested:
        return -1000.0
    v = float(scoring.score(s, me))
    if p.escaped:
        return v
    v += _incomes_left(s) * eco.income(p)
    v += 3.0 * len(eco.locked_assets(p))
    v += 6.0 * sum(1 for a, u in zip(p.assets, p.used_assets, strict=True) if a and not u)
    v += 3.0 * sum(1 for k in p.keys if not k.startswith("used:"))
    v += 1.0 * p.gas + 2.0 * p.gang + (4.0 if p.first_aid and p.wounds else 0.0)
    return v


def _can_avoid(p: Player) -> bool:
    """Whether the seat holds something unused that might avoid an officer."""
    if p.gang and p.gang_markers:
        return True
    return any(c.startswith("C:") and not u
               for c, u in zip(p.contacts, p.used_contacts, strict=True))


def location_value(s: EscapePlanState, me: int, node: int) -> float:
    """What ending the move on Location ``node`` is worth to the seat this turn."""
    p = s.crew[me]
    kind = _KIND.get(node)
    if kind is None:
        return -_INF
    lid = NODES[node][2:]
    others = eco.others_at(s, me, node)
    later = _incomes_left(s)
    income = eco.income(p)
    cubes_left = p.taken < len(CARDS.board.income.values)
    v = 0.0
    if kind in (LocationKind.BUSINESS, LocationKind.SAFE_HOUSE):
        tile = s.business_on.get(lid, "")
        if not tile or tile in p.visited:
            return 0.0
        safe = kind is LocationKind.SAFE_HOUSE
        if not safe and s.business_visits.get(tile, 0) >= close_after(s):
            if free_key(p) < 0 and master_key(p) < 0:
                return 0.0
            v -= 3.0
        if cubes_left:
            if CARDS.plan(p.plan).shows_income(tile):
                v += income + 1 + 2.0
            else:
                v += 9.0 if safe else 7.0
            v += later
        if safe:
            v += 1.5 + (3.0 if s.keys_on.get(tile) else 0.0)
        else:
            v += 2.0
        v -= 1.5 * others
    elif kind is LocationKind.EXIT:
        v += income + 2.0 - 1.5 * others
        number = LOC[lid].exit
        colour = s.exit_on.get(number) if number is not None else None
        if colour and s.exit_stacks.get(colour) and eco.contacts_owned(p):
            v += 5.0
    elif kind is LocationKind.CLINIC:
        v += 2.0 + (4.0 if eco.locked_assets(p) else 0.0) + (15.0 if p.wounds else 0.0)
        v -= 1.5 * others
    elif kind is LocationKind.HOSPITAL:
        n = max((k for k, price in HOSPITAL_HEAL.items()
                 if k <= p.wounds and price <= p.money), default=0)
        v += 18.0 * n - 1.5 - (HOSPITAL_HEAL[n] if n else 0)
    elif kind is LocationKind.CHURCH:
        v += 2.0 + (4.0 if eco.locked_assets(p) else 0.0) - 1.5 * others
    elif kind is LocationKind.STORE:
        keys = [k for k in p.keys if not k.startswith("used:")]
        if any(s.lockers.get(k) for k in keys):
            v += 6.0
        v += 0.5 - 1.5 * others
    elif kind is LocationKind.GANG:
        g = s.gangs.get(lid)
        v += 2.0 if g and g[0] and not g[1] and p.money >= 5 else 0.0
    return v


class HeuristicAgent(Agent):
    """Visits its Escape Plan's Businesses and Safe Houses and the Exits for Income, heals
    cheaply, avoids officers, and decides small choices by a one-step look-ahead."""

    name = "heuristic"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        s = obs._state
        assert isinstance(s, EscapePlanState)
        return _decide(s, obs.seat, legal, rng)


def _simple(legal: Sequence[Action], what: str) -> Action | None:
    for a in legal:
        if isinstance(a, Simple) and a.what == what:
            return a
    return None


def _decide(s: EscapePlanState, me: int, legal: Sequence[Action],
            rng: random.Random) -> Action:
    for what in ("pay_fee", "join", "first_aid"):
        a = _simple(legal, what)
        if a is not None:
            return a
    if any(isinstance(a, Place) for a in legal):
        return legal[rng.randrange(len(legal))]
    if any(isinstance(a, (Officer, ToCell)) for a in legal):
        return _police(s, me, legal)
    top = s.stack[-1] if s.stack else None
    if isinstance(top, MoveFrame):
        return _move(s, me, legal, rng)
    rest = _simple(legal, "rest")
    move = _simple(legal, "move")
    if move is not None:
        if rest is not None and _best_reachable(s, me) < 4.0:
            return rest
        return move
    return _lookahead(s, me, legal)


def _police(s: EscapePlanState, me: int, legal: Sequence[Action]) -> Action:
    """An officer near the seat, moved as far from it as allowed."""
    here = node_cell(s, s.crew[me].node)

    def far(cell: int) -> int:
        if here is None:
            return 0
        c = CELLS[cell]
        return abs(c[0] - here[0]) + abs(c[1] - here[1])

    if any(isinstance(a, Officer) for a in legal):
        return min(legal, key=lambda a: far(a.cell) if isinstance(a, Officer) else _INF)
    return max(legal, key=lambda a: far(a.cell) if isinstance(a, ToCell) else -1)


def _best_reachable(s: EscapePlanState, me: int) -> float:
    p = s.crew[me]
    if s.graph is None:
        return 0.0
    d = _distances(s.graph, p.node)
    vals = [location_value(s, me, n) for n in range(N_LOC)
            if 0 < d.get(n, _INF) // HOP <= MOVE_MP + p.gas]
    return max(vals, default=0.0)


def _target(s: EscapePlanState, me: int, node: int, mp: int) -> tuple[int, float]:
    """The Location to head for from ``node`` with ``mp`` left, and its value."""
    d = _distances(s.graph, node)
    best, best_v = -1, -float(_INF)
    for n in range(N_LOC):
        dist = d.get(n, _INF) // HOP
        if n not in d or n not in s.graph.cell_of:
            continue
        v = location_value(s, me, n) - BEYOND * max(0, dist - mp)
        if v > best_v:
            best, best_v = n, v
    return best, best_v


def _move(s: EscapePlanState, me: int, legal: Sequence[Action],
          rng: random.Random) -> Action:
    p = s.crew[me]
    m = s.move
    g = s.graph
    end = _simple(legal, "end_move")
    if m.steps > 12:
        if end is not None:
            return end
        loose: list[Action] = [a for a in legal if isinstance(a, (Go, Fly))] or list(legal)
        return loose[rng.randrange(len(loose))]   # a safety net: never seen to loop
    here = p.node
    target, _ = _target(s, me, here, m.mp)
    if target == here and end is not None:
        return end
    here_cell = node_cell(s, here)
    danger = 0.0
    if here_cell is not None and here_cell not in m.left:
        found = threats(s, here_cell)
        if found:
            danger = (4.0 if _can_avoid(p) else WOUND * 0.8) * len(found)
    steps = [a for a in legal if isinstance(a, (Go, Fly))]
    if not steps:
        if end is not None:
            return end
        return legal[0]

    def score(a: Go | Fly) -> float:
        n = a.node
        if isinstance(a, Fly):
            cost = 0 if a.mode == "card" else 1
        elif n in g.shore or here in g.shore:
            cost = 1 if n in g.shore else 0
        elif _KIND.get(here) is LocationKind.SUBWAY and _KIND.get(n) is LocationKind.SUBWAY:
            cost = 0
        else:
            cost = dict(g.adj.get(here, ())).get(n, 1)
        left = m.mp - cost
        dt = _distances(g, n).get(target, _INF)
        v: float = -BEYOND * max(0, dt // HOP - left) - dt / (100.0 * HOP)
        cell = g.cell_of.get(n)
        if cell != here_cell:
            v -= danger
        return v

    return max(steps, key=score)


def _lookahead(s: EscapePlanState, me: int, legal: Sequence[Action]) -> Action:
    base = evaluate(s, me)
    best: Action = legal[0]
    best_v = -float(_INF)
    for a in legal:
        if isinstance(a, Use) and a.source == "contact":
            continue              # Contact cards are kept for avoiding (and some loop)
        if isinstance(a, Visit) and a.what == "escape":
            v = base + _escape_gain(s, me)
        else:
            c = s.clone()
            c.apply(me, a)
            v = evaluate(c, me)
            if isinstance(a, OpenLocker) or (isinstance(a, Visit) and a.what == "exit_tile"):
                v += 7.0
            if isinstance(a, Use):
                v -= 0.5          # keep cards for when they matter
            if isinstance(a, Visit) and a.what == "done":
                v += 0.1
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best


def _escape_gain(s: EscapePlanState, me: int) -> float:
    """Escaping now: the $1 fee the others pay on every later turn, less the Escape Cost
    and the Income visits this seat gives up."""
    if s.round != ESCAPE_DAY:
        return -float(_INF)
    p = s.crew[me]
    later = max(0, TURNS - s.log_turn)
    others = sum(1 for i, q in enumerate(s.crew) if i != me and q.active)
    cost = int(CARDS.escape_cost(len(s.crew), s.escapes))
    gain: float = others * later - cost - later * 0.5 * eco.income(p)
    return gain
