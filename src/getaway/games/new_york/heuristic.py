"""A heuristic Escape from New York agent: fast, deterministic, seat-aware.

It reads the state only where ``view(seat)`` would show the same thing -- the
map, the Enemies, the New York board, every Hero's position, level, card backs
and public cards, and its own hand, discards, supply, objectives and the POIs it
looked at -- so it decides alike on the true state and on any determinization
of it (tested), and it costs some 36 microseconds a decision, where building the
view alone would cost a hundred. It is the ``heuristic`` agent of ``new-york`` and a cheap
rollout policy for ISMCTS.

The plan (recomputed at every decision, from the table alone):

* **Before the President is found**, go to the Duke's Camp when it is known (a
  face-up POI, or one this seat looked at), else explore the nearest face-down
  POI that no other Hero is closer to; pick up Case tokens on the way.
* **Once he is found**, the President's holder, the holder of the Tape and the
  holder of the shared Diagram go to the *rendezvous*: the bridgehead of Brain's
  face-up Diagram, else of a Diagram the seat holds (a Hero waiting on a
  bridgehead shows the President's holder where), else the President's holder's
  space. The others first collect the Case tokens lying on the map (one of them
  may be the Tape; never one the seat put down itself, which the public log
  tells), then hunt the Bosses carrying a Case, then join. With no Diagram known,
  the Heroes gather Items (the Diagrams are in the Item deck); a solo or duo Hero
  idle at its goal at Level 2 goes for its card objective.
* **Crossing**: a Hero at the bridgehead moves onto the bridge when the
  President, a matching Diagram and the Tape are known to be in the space (its
  own cards plus the public ones) and the party is complete (or time is short,
  or the absent Heroes are far); with only a chance that another Hero holds what
  is missing it tries, but not within a round of a failed attempt. In the vote
  every Hero reveals.
* **Lone Victory** (``traitor=True``, the default): claimed as soon as it is
  legal; once the Hero is at Level 3 and holds its purple objective, it heads
  for its way out when a Lone Victory is open. ``traitor=False`` never claims
  one and plays only for the Collective Victory.

Each turn it commits the pair of Action cards with the best value on a small
abstract model of the turn (steps towards the goal, Enemies killed or tricked,
damage avoided at the end, cards taken back, Noise made, its Personal Ability in
place of a wasted card); it reveals a Timer tile only when forced; it kills
Prisoners while its Level Bar wants them, pays the bar with its least useful
Items, collects Items, Cases, Cars and the President whenever it stands on them,
stops on Shelters rather than next to Enemies, and keeps its Noise low. New
York's choices that fall to the current player (which tied Enemy moves, where it
goes, where Prisoners are placed, which POI a Timer tile flips) are made in the
Heroes' favour: away from every Hero.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from dataclasses import dataclass

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.games.new_york import actions as A
from getaway.games.new_york.effects import Op
from getaway.games.new_york.model import Building, ItemKind, Transport
from getaway.games.new_york.state import BLACK, CAR_BOX, HOME, Log, NewYorkState
from getaway.games.new_york.tables import (
    ABILITY,
    ACTION_INDEX,
    ACTIONS,
    ADJ,
    BAR_ITEMS,
    BAR_PRISONERS,
    BOSS0,
    BOSSES,
    BRIDGES,
    CASE0,
    CASE_IDS,
    CASES,
    DIAGRAM_OF,
    DUKE_CAMP,
    EDGE,
    ENEMY_INDEX,
    ITEM_INDEX,
    ITEMS,
    N_SPACES,
    NEIGH,
    OBJ_CODES,
    OBJ_TRANSPORT,
    OBJ_WANTED,
    OBJECTIVE_INDEX,
    OPP,
    POI_MASK,
    POI_SPACES,
    PRESIDENT,
    SIDE_INDEX,
    SPACE_INDEX,
    SUBURB_SPACES,
    TAPE_CODE,
    TILE_BUILDING,
)

FAR = 99
CASE_KEEP = 25.0
NOISE = 1.2
"""What a point of Noise costs: it pays New York's cards and, past 10, brings Timer tiles."""
CASE_HOPE = 60.0
BRIDGE_HEAD: dict[int, int] = {b: x for b, (x, _) in BRIDGES.items()}
HEAD_BRIDGE: dict[int, int] = {x: b for b, x in BRIDGE_HEAD.items()}
BRAIN_DIAGRAM = DIAGRAM_OF[3]
DIAGRAMS: dict[int, int] = {code: b for b, code in DIAGRAM_OF.items()}
SHELTER = frozenset(t for t, b in enumerate(TILE_BUILDING) if b is Building.SHELTER)


def _hex_distances() -> tuple[tuple[int, ...], ...]:
    """Steps between every two spaces over the land, ignoring roads."""
    out = []
    for a in range(N_SPACES):
        dist = [FAR] * N_SPACES
        dist[a] = 0
        frontier = [a]
        while frontier:
            nxt = []
            for x in frontier:
                for y in ADJ[x]:
                    if dist[y] == FAR:
                        dist[y] = dist[x] + 1
                        nxt.append(y)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


HEX = _hex_distances()


# -- what cards do -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """What an Action card (or the Personal Ability, or an Item) does, in numbers."""

    noise: int = 0
    steps: int = 0          # a move of up to this many spaces
    quiet: bool = False     # the move needs no Enemy in the space
    breaks: bool = False    # the move breaks Roadblocks
    poi: bool = False       # POI to POI
    damage: int = 0
    reach: int = 0          # the damage's range
    trick: int = 0          # Enemies tricked (99: all)
    trick_reach: int = 0
    recover: int = 0
    random_back: bool = False
    shield: int = 0         # damage ignored (99: all)
    reveal: int = 0
    peek: bool = False
    steal: bool = False
    car: bool = False
    bonus: int = 0
    items: int = 0


def _card(effects: Sequence[object], noise: int) -> Card:
    kw: dict[str, object] = {"noise": noise}
    for e in effects:
        op = e.op  # type: ignore[attr-defined]
        if op is Op.MOVE:
            kw.update(steps=1 if e["poi_to_poi"] else e["steps"],  # type: ignore[index]
                      quiet=e["no_enemies"], breaks=e["break_roadblocks"],  # type: ignore[index]
                      poi=e["poi_to_poi"])  # type: ignore[index]
        elif op is Op.DAMAGE:
            kw.update(damage=e["amount"], reach=e["range"])  # type: ignore[index]
        elif op is Op.TRICK:
            kw.update(trick=e["count"] or 99, trick_reach=e["range"])  # type: ignore[index]
        elif op is Op.RECOVER:
            kw.update(recover=e["count"] if e["how"] != "all" else 7,  # type: ignore[index]
                      random_back=e["how"] == "random")  # type: ignore[index]
        elif op is Op.SHIELD:
            kw.update(shield=e["amount"] or 99)  # type: ignore[index]
        elif op is Op.REVEAL:
            kw.update(reveal=e["count"])  # type: ignore[index]
        elif op is Op.PEEK:
            kw.update(peek=e["what"] == "poi")  # type: ignore[index]
        elif op is Op.STEAL:
            kw.update(steal=True)
        elif op is Op.TAKE_CAR:
            kw.update(car=True)
        elif op is Op.DAMAGE_BONUS:
            kw.update(bonus=e["amount"])  # type: ignore[index]
        elif op is Op.DRAW_ITEMS:
            kw.update(items=e["keep"] or e["count"])  # type: ignore[index]
    return Card(**kw)  # type: ignore[arg-type]


CARDS: tuple[Card, ...] = tuple(_card(c.effects, c.noise) for c in ACTIONS)
ABILITY_MOVE = _card(ABILITY.move, ABILITY.noise)
ABILITY_ATTACK = _card(ABILITY.attack, ABILITY.noise)
ITEM_CARDS: tuple[Card, ...] = tuple(_card(i.effects, i.noise) for i in ITEMS)


def _special_score(c: Card) -> float:
    """How much a Hero wants a Special Action card in hand."""
    return (2.5 * min(c.recover, 4) + 1.6 * c.steps + (1.0 if c.breaks else 0.0)
            + 1.2 * c.damage + (1.5 if c.trick else 0.0) + (1.0 if c.shield else 0.0)
            + (0.8 if c.peek else 0.0) + (1.0 if c.items else 0.0) + (1.0 if c.car else 0.0)
            - 0.4 * c.noise)


# -- the map as a Hero sees it -----------------------------------------------------------------

Graph = tuple[tuple[tuple[int, int], ...], ...]
# each space's neighbours, by side: (side, space, the side seen from there, edge)
_SIDES = tuple(tuple((d, NEIGH[a][d], OPP[d], EDGE[a][d]) for d in range(6) if NEIGH[a][d] >= 0)
               for a in range(N_SPACES))
# an empty space's row: 2 to every neighbour (it must be revealed first)
_SHUT = tuple(tuple((b, 2) for _d, b, _opp, _edge in row) for row in _SIDES)
_GRAPHS: dict[tuple[object, ...], Graph] = {}
_FIELDS: dict[tuple[object, ...], list[int]] = {}


def _graph(s: NewYorkState) -> tuple[tuple[object, ...], Graph]:
    """Walking costs between neighbours: 1 by road, 3 through a Roadblock, 2 into or out of
    an empty space (it must be revealed first and may have no road)."""
    # bytes: a cheaper key than tuples (side masks and Roadblock states are below 256),
    # and its hash is kept for the field key that holds it
    key = (s.up, bytes(s.roads), bytes(s.rb))
    g = _GRAPHS.get(key)
    if g is not None:
        return key, g
    open_ = s.up | POI_MASK
    roads = s.roads
    rb = s.rb
    rows = []
    for a in range(N_SPACES):
        if open_ >> a & 1:
            row = []
            ra = roads[a]
            for d, b, opp, edge in _SIDES[a]:
                if open_ >> b & 1:
                    if ra >> d & 1 or roads[b] >> opp & 1:
                        row.append((b, 3 if rb[edge] == 1 else 1))
                else:
                    row.append((b, 2))
            rows.append(tuple(row))
        else:
            rows.append(_SHUT[a])
    g = tuple(rows)
    if len(_GRAPHS) > 256:
        _GRAPHS.clear()
        _FIELDS.clear()
    _GRAPHS[key] = g
    return key, g


def field(s: NewYorkState, sources: dict[int, int]) -> list[int]:
    """Walking cost from every space to the nearest source (each with a head start)."""
    key, g = _graph(s)
    fkey = (key, tuple(sorted(sources.items())))
    f = _FIELDS.get(fkey)
    if f is not None:
        return f
    dist = [FAR] * N_SPACES
    heap = []
    for x, bias in sources.items():
        if bias < dist[x]:
            dist[x] = bias
            heap.append((bias, x))
    heapq.heapify(heap)
    while heap:
        d, x = heapq.heappop(heap)
        if d > dist[x]:
            continue
        for y, c in g[x]:
            nd = d + c
            if nd < dist[y]:
                dist[y] = nd
                heapq.heappush(heap, (nd, y))
    if len(_FIELDS) > 4096:
        _FIELDS.clear()
    _FIELDS[fkey] = dist
    return dist


# -- what this seat knows -----------------------------------------------------------------------


def known_poi(s: NewYorkState, me: int, x: int) -> int:
    """The POI tile on space ``x`` as seat ``me`` knows it (-1: unknown or none)."""
    if s.poi[x] < 0:
        return -1
    if s.up >> x & 1 or s.poi_seen[x] >> me & 1:
        return s.poi[x]
    return -1


def camp(s: NewYorkState, me: int) -> int:
    """The Duke's Camp's space if this seat knows it, else -1."""
    for p in POI_SPACES:
        if known_poi(s, me, p) == DUKE_CAMP:
            return p
    return -1


def enemy_threat(s: NewYorkState, x: int) -> int:
    """Damage the Enemies now around ``x`` would deal to a Hero ending there (NY-49..51)."""
    total = 0
    tricked = s.tricked
    for e in s.all_enemies():
        if tricked >> e & 1:
            continue
        y = s.enemy_space(e)
        if y == x or (y in ADJ[x] and s.erange(e) >= 1 and s.reach(x, y)):
            total += s.edamage(e)
    return total


def sheltered(s: NewYorkState, x: int) -> bool:
    """Whether ``x`` holds a Shelter (NY-177)."""
    return s.tile[x] in SHELTER


def hp_left(s: NewYorkState, e: int) -> int:
    """Damage still needed to kill Enemy ``e`` this turn."""
    if e >= BOSS0:
        return s.bhp[e - BOSS0]
    return s.ehp(e) - s.edmg[e]


def bar_wants(s: NewYorkState, seat: int) -> tuple[int, int]:
    """Prisoners and Items the seat's face-up Level Bar still asks for."""
    lv = s.level[seat]
    if lv >= 3:
        return 0, 0
    bar = s.bars[seat][lv]
    return (max(0, BAR_PRISONERS[bar] - s.barp[seat]), max(0, BAR_ITEMS[bar] - s.bari[seat]))


def holds_public(s: NewYorkState, h: int, code: int) -> bool:
    """Whether anybody can see that seat ``h`` holds ``code`` (a face-up card)."""
    return code == BRAIN_DIAGRAM and code in s.supply[h]


def holds_case_back(s: NewYorkState, h: int) -> bool:
    """Whether seat ``h`` holds a face-down Case card (its back is public)."""
    return any(CASE0 <= c < PRESIDENT for c in s.supply[h])


def timer_left(s: NewYorkState) -> int:
    """Black Timer tiles left before the Hurry Up tile and the red ones (public: the red
    tiles still in the deck and whether Hurry Up came are shown)."""
    return sum(1 for t in s.timer if BLACK[t])


# -- the plan ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Plan:
    """Where the seat's Hero is going and why."""

    kind: str
    sources: dict[int, int]
    dist: list[int]
    bridge: int = 0


def transports(s: NewYorkState, obj: int) -> list[int]:
    """The spaces where the way out an objective names can be taken (or will be)."""
    t = OBJ_TRANSPORT[obj]
    if t is Transport.GULLFIRE:
        return [s.gull] if s.gull >= 0 else []
    if t is Transport.HELICOPTER:
        return [s.heli]
    if t is Transport.RAFT:
        return [x for x in SUBURB_SPACES if s.rafts >> x & 1]
    return []


def purple_met(s: NewYorkState, me: int) -> bool:
    """Whether the seat meets its card objective now."""
    for o in s.objs[me]:
        if o < 0 or OBJ_TRANSPORT[o] is not None:
            continue
        if OBJ_WANTED[o]:
            if s.wanted[me] <= 0:
                return False
        elif not s.holds(me, OBJ_CODES[o]):
            return False
    return True


def lone_open(s: NewYorkState) -> bool:
    """Whether a Lone Victory is open to a Hero at Level 3 (NY-84)."""
    return s.pres_found or s.hurry or s.top_red()


def target_bridge(s: NewYorkState, me: int) -> int:
    """The bridge this seat heads for: the bridge of a Diagram everybody can see (Brain's),
    else one it holds the Diagram of (the nearest); 0 when it knows none."""
    for h in range(s.n):
        if holds_public(s, h, BRAIN_DIAGRAM):
            return 3
    x = s.hpos[me]
    mine = [DIAGRAMS[c] for c in s.supply[me] if c in DIAGRAMS]
    if mine:
        return min(mine, key=lambda b: (HEX[x][BRIDGE_HEAD[b]], b))
    return 0


def rendezvous(s: NewYorkState, me: int) -> tuple[int, int]:
    """(space, bridge) where the party gathers: a known bridgehead, else the President."""
    b = target_bridge(s, me)
    if b:
        return BRIDGE_HEAD[b], b
    if s.pres >= 0 and s.pres != me:
        return s.hpos[s.pres], 0
    return -1, 0


def _claims(s: NewYorkState, me: int, spaces: list[int]) -> dict[int, int]:
    """Spaces ``me`` should go for, each with a head start: those no other Hero is nearer
    to (counted on the land, ties to the lower seat), else all of them."""
    x = s.hpos[me]
    out: dict[int, int] = {}
    for y in spaces:
        mine = HEX[x][y]
        taken = False
        for h in range(s.n):
            if h != me:
                other = HEX[s.hpos[h]][y]
                if other < mine or (other == mine and h < me):
                    taken = True
                    break
        if not taken:
            out[y] = 0
    if out:
        return out
    return dict.fromkeys(spaces, 2)


def plan(s: NewYorkState, me: int, traitor: bool) -> Plan:
    """The seat's goal now (see the module docstring)."""
    if traitor and s.level[me] >= 3 and lone_open(s) and purple_met(s, me):
        ways: dict[int, int] = {}
        for o in s.objs[me]:
            if o >= 0 and OBJ_TRANSPORT[o] is not None:
                for y in transports(s, o):
                    ways[y] = 0
        if ways:
            return Plan("escape", ways, field(s, ways))
    p = _together(s, me)
    if traitor and s.level[me] >= 2 and p.kind in IDLE and p.dist[s.hpos[me]] == 0 \
            and s.n <= 2 and TAPE_CODE not in s.supply[me] and not purple_met(s, me):
        seek = _seek_purple(s, me)
        if seek:
            return Plan("objective", seek, field(s, seek))
    return p


IDLE = frozenset({"wait", "items", "meet"})
URGENT = frozenset({"meet", "escape"})
"""Plans in which every step counts once the Timer deck runs low."""
"""Plans in which a Hero that has arrived only waits for the others."""


def _tokens(s: NewYorkState, me: int) -> list[int]:
    """Spaces of the Case tokens on the map worth picking up: not one this seat put down
    itself (it knows that card: never the Tape), and only with room for it."""
    tokens = [n for n in range(4) if s.token[n] != HOME and s.slot[n] >= 0]
    if not tokens or not _room(s, me):
        return []
    mine = my_drops(s, me)
    return [s.token[n] for n in tokens if n not in mine]


def my_drops(s: NewYorkState, me: int) -> frozenset[int]:
    """Case spaces (0-3) whose card this seat was the last to put down (the public log says
    who discarded a Case where; the seat remembers what it was)."""
    last = last_droppers(s.log)
    return frozenset(n for n in range(4) if last[n] == me)


_DROPS: dict[int, tuple[Log, tuple[int, ...]]] = {}


def last_droppers(log: Log) -> tuple[int, ...]:
    """Per Case space, the seat that last discarded a Case into it (-1: nobody), read from
    the public log. The log is a shared linked list, so each entry is read once: the answer
    for an entry is kept, keyed by the entry (kept alive with it)."""
    pending = []
    node = log
    base: tuple[int, ...] = (-1, -1, -1, -1)
    while node is not None:
        hit = _DROPS.get(id(node))
        if hit is not None and hit[0] is node:
            base = hit[1]
            break
        pending.append(node)
        node = node.prev
    if len(_DROPS) > 50_000:
        _DROPS.clear()
    for e in reversed(pending):
        if e.kind == "discard_case":
            n = int(e.data["case"]) - 1
            seat = int(e.data["seat"])
            base = (*base[:n], seat, *base[n + 1:])
        _DROPS[id(e)] = (e, base)
    return base


def _hunt(s: NewYorkState) -> list[int]:
    """Spaces of the Bosses on the map that carry a Case."""
    return [s.bpos[b] for b, boss in enumerate(BOSSES)
            if boss.case is not None and s.bpos[b] >= 0]


def _seek_purple(s: NewYorkState, me: int) -> dict[int, int]:
    """Where the card of the seat's purple objective may be found."""
    purple = s.objs[me][1]
    if purple < 0 or OBJ_WANTED[purple]:
        return {}
    if any(c >= CASE0 for c in OBJ_CODES[purple]):
        src = dict.fromkeys(_tokens(s, me), 0)
        for y in _hunt(s):
            src.setdefault(y, 2)
        return src
    return {y: 0 for y in range(N_SPACES) if s.cubes[y]}


def _together(s: NewYorkState, me: int) -> Plan:
    """The cooperative plan: the President, the Tape, a Diagram, the bridge."""
    x = s.hpos[me]
    tokens = _tokens(s, me)
    if not s.pres_found:
        c = camp(s, me)
        if c >= 0:
            src = {c: 0}
            for t in tokens:
                if HEX[x][t] <= 2:
                    src[t] = 0
            return Plan("camp", src, field(s, src))
        down = [p for p in POI_SPACES if not s.up >> p & 1 and known_poi(s, me, p) < 0]
        src = _claims(s, me, down) if down else {}
        for t in tokens:
            src[t] = 0
        if src:
            return Plan("explore", src, field(s, src))
        return Plan("wait", {x: 0}, field(s, {x: 0}))
    meet, bridge = rendezvous(s, me)
    tape = TAPE_CODE in s.supply[me]
    carrier = s.pres == me or tape or (bridge > 0 and DIAGRAM_OF[bridge] in s.supply[me])
    searcher = not carrier or (s.n == 1 and not tape)
    if searcher and tokens:
        src = _claims(s, me, tokens)
        return Plan("case", src, field(s, src))
    if searcher:
        hunt = _hunt(s)
        if hunt:
            src = dict.fromkeys(hunt, 0)
            return Plan("hunt", src, field(s, src))
    if bridge == 0:
        # nobody's Diagram is known: a Hero waiting on a bridgehead shows where to go
        heads = [s.hpos[h] for h in range(s.n) if h != me and s.hpos[h] in HEAD_BRIDGE]
        if heads and s.pres == me:
            src = dict.fromkeys(heads, 0)
            return Plan("meet", src, field(s, src), HEAD_BRIDGE[min(heads)])
        cubes = [y for y in range(N_SPACES) if s.cubes[y]]
        if cubes:
            src = dict.fromkeys(cubes, 0)
            return Plan("items", src, field(s, src))
    if meet >= 0:
        return Plan("meet", {meet: 0}, field(s, {meet: 0}), bridge)
    return Plan("wait", {x: 0}, field(s, {x: 0}))


def _room(s: NewYorkState, me: int) -> bool:
    """Whether a Case from the map (maybe the Tape, while this seat has not got it) would
    not push out anything worth as much."""
    sup = s.supply[me]
    worth = CASE_KEEP if TAPE_CODE in sup else CASE_HOPE
    return len(sup) < 3 or min(card_value(s, me, c) for c in sup) < worth


def _failed_lately(s: NewYorkState, me: int) -> bool:
    """Whether a bridge attempt failed since this seat's previous turn began (the log)."""
    node = s.log
    turns = 0
    while node is not None:
        if node.kind == "bridge_failed":
            return True
        if node.kind == "turn" and node.data["seat"] == me:
            turns += 1
            if turns >= 2:
                return False
        node = node.prev
    return False


def bridge_barred(s: NewYorkState, bridge: int) -> bool:
    """Whether a face-up Roadblock closes the road onto ``bridge`` (NY-232)."""
    x, d = BRIDGES[bridge]
    return s.blocked(x, d)


def cross_ok(s: NewYorkState, me: int, bridge: int) -> bool:
    """Whether to step onto ``bridge`` now: the President, its Diagram and the Tape are known
    to be in the space, and the party is complete (or time is short, or the rest far)."""
    x = s.hpos[me]
    if s.pres < 0 or s.pres_dead or s.hpos[s.pres] != x:
        return False
    here = [h for h in range(s.n) if s.hpos[h] == x]
    diagram = DIAGRAM_OF.get(bridge, -1)
    has_diagram = diagram in s.supply[me] or any(holds_public(s, h, diagram) for h in here)
    has_tape = TAPE_CODE in s.supply[me]
    left = timer_left(s)
    short = left <= 2 or s.hurry
    if not (has_diagram and has_tape):
        # a guess: somebody here may hold what this seat cannot see
        maybe_diagram = has_diagram or any(h != me and s.supply[h] for h in here)
        maybe_tape = has_tape or any(h != me and holds_case_back(s, h) for h in here)
        if not (maybe_diagram and maybe_tape) or _failed_lately(s, me):
            return False
    if len(here) == s.n or short:
        return True
    return all(HEX[s.hpos[h]][x] > 3 for h in range(s.n) if h not in here) or left <= 4


# -- valuing the supply ------------------------------------------------------------------------


def card_value(s: NewYorkState, me: int, code: int) -> float:
    """How much the seat wants to keep a supply card."""
    if code == PRESIDENT:
        return 1000.0
    wanted = any(o >= 0 and code in OBJ_CODES[o] for o in s.objs[me])
    if code >= CASE0:
        if code == TAPE_CODE:
            return 200.0
        if wanted:
            return 120.0
        # a Case is a likely purple objective after a swap; never worth less than the
        # junk Items, so a Hero does not drop one and pick it up again, turn after turn
        eff = CASES[code - CASE0].effects
        return CASE_KEEP + (3.0 if eff and not s.bracelet_up else 0.0)
    if code in DIAGRAMS:
        return 150.0 if code == _best_diagram(s, me) else 20.0
    if wanted:
        return 120.0
    item = ITEMS[code]
    c = ITEM_CARDS[code]
    if item.kind is ItemKind.WEAPON:
        return 14.0 + 4.0 * c.damage + 3.0 * c.reach + 0.5 * item.ammo - item.noise
    if c.recover:
        return 12.0 + 3.0 * c.recover
    if c.shield:
        return 10.0 + (6.0 if c.shield >= 99 else 2.0)
    if c.damage:
        return 10.0 + 2.0 * c.damage - c.noise
    if c.peek:
        return 12.0 if not s.pres_found else 3.0
    if c.car:
        return 11.0 if any(st == CAR_BOX for st in s.cst) and s.car[me] < 0 else 2.0
    if c.bonus:
        return 12.0
    if c.trick:
        return 10.0
    if c.steps:
        return 8.0
    return 4.0


# -- a turn's two cards, on a small model -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Situation:
    """What the model of a turn starts from: the distance to the goal, the Enemies' Hit
    Points here and within range 1, the damage waiting in step 7, and so on."""

    dg: int
    here_hp: tuple[int, ...]
    near_hp: tuple[int, ...]
    threat: int     # damage of the Enemies here in step 7 (0 on a Shelter)
    far: int        # ... and of those shooting from next door
    wants_p: int
    ability: bool
    disc: int
    hand: int
    clear_goal: bool
    cross: bool
    barred: bool    # a Roadblock closes the bridge: only a breaking move crosses
    explore: bool
    car: bool
    noise: int
    step: float     # what a step towards the goal is worth (more when time is short)


def noise_cost(noise_now: int, noise: int) -> float:
    """Noise feeds New York's cards and, past 10, Mission cubes and Timer tiles."""
    cost = NOISE * noise
    over = noise_now + noise - 8
    if over > 0:
        cost += 0.6 * over
    return cost


def _ability_gain(sit: Situation, dg: int, hp: list[int], cross: bool) -> float:
    if cross and not hp and not sit.barred:
        return 40.0
    if hp:
        return 1.0 + (2.0 if sit.wants_p else 0.0)
    if dg > 0:
        return 3.0
    return 0.0


def _sequence(sit: Situation, *cards: Card) -> float:
    """Resolving ``cards`` in this order from where the Hero stands, valued."""
    dg = sit.dg
    hp = list(sit.here_hp)
    near_hp = list(sit.near_hp)
    wants_p = sit.wants_p
    cross = sit.cross
    ability = sit.ability
    moved = 0
    value = 0.0
    noise = 0
    shield = 0
    back = 0
    for c in cards:
        gain = 0.0
        if c.steps and not (c.quiet and hp):
            if cross and (c.breaks or not sit.barred):
                gain += 50.0
                cross = False
            elif dg > 0:
                step = min(c.steps, dg)
                moved += step
                dg -= step
                gain += sit.step * step + (2.0 if dg == 0 else 0.0)
                hp = []
                near_hp = []
            elif c.steps == 1:
                dg = 1  # a move must take a step: off the goal, back next turn
                moved += 1
                gain -= 3.0
                hp = []
                near_hp = []
        if c.damage:
            left = c.damage
            pool = sorted(hp + near_hp) if c.reach else hp
            kills = 0
            for h in pool:
                if h <= left:
                    left -= h
                    kills += 1
            if kills:
                gain += kills * (1.0 + (2.5 if wants_p > 0 else 0.0))
                wants_p -= kills
                left = c.damage
                rest = []
                for h in hp:
                    if h <= left:
                        left -= h
                    else:
                        rest.append(h)
                hp = rest
                if sit.clear_goal and not hp:
                    gain += 4.0
            elif pool:
                gain += 0.4 * min(c.damage, sum(pool))
        if c.trick and hp:
            n = min(c.trick, len(hp))
            hp = hp[n:]
            gain += 1.0 * n + (4.0 if sit.clear_goal and not hp else 0.0)
        if c.recover:
            got = min(c.recover, sit.disc)
            back += got
            gain += (1.1 if c.random_back else 1.4) * got
        shield += c.shield
        if c.reveal:
            gain += 0.4
        if c.peek and sit.explore:
            gain += 2.5
        if c.items:
            gain += 1.2 * c.items
        if c.car and sit.car:
            gain += 2.0
        if gain <= 0.1 and not ability:
            alt = _ability_gain(sit, dg, hp, cross)
            if alt > 0.1 + 0.7 * (2 - c.noise):
                ability = True
                noise += 2
                value += alt
                if cross and not hp:
                    cross = False
                elif hp:
                    hp = hp[1:]
                elif dg > 0:
                    dg -= 1
                    moved += 1
                continue
        noise += c.noise
        value += gain
    # damage taken at the end of the Hero's actions (step 7)
    if moved:
        threat = len(hp)
    else:
        threat = sit.far + (sit.threat * len(hp) // len(sit.here_hp) if hp else 0)
    threat = max(0, threat - shield)
    value -= 1.5 * min(threat, max(0, sit.hand - 2 + back))
    return value - noise_cost(sit.noise, noise)


def _best_diagram(s: NewYorkState, me: int) -> int:
    """The one Diagram of the seat's worth keeping: Brain's, else the nearest bridge's."""
    held = [c for c in s.supply[me] if c in DIAGRAMS]
    if not held:
        return -1
    if BRAIN_DIAGRAM in held:
        return BRAIN_DIAGRAM
    x = s.hpos[me]
    return min(held, key=lambda c: (HEX[x][BRIDGE_HEAD[DIAGRAMS[c]]], c))


def _peeks(case: str) -> bool:
    """Whether a Case card's effect looks at POIs (the Bracelet's tracker)."""
    return any(e.op is Op.PEEK for e in CASES[CASE_IDS.index(case)].effects)


# -- the agent ---------------------------------------------------------------------------------


class HeuristicAgent(Agent):
    """Finds the President, the Tape and a Diagram and crosses with the others; takes a
    Lone Victory when it can (``traitor``)."""

    name = "heuristic"

    def __init__(self, traitor: bool = True) -> None:
        if not isinstance(traitor, bool):
            raise TypeError(f"traitor must be true or false, got {traitor!r}")
        self.traitor = traitor

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        s = obs._state
        assert isinstance(s, NewYorkState)
        me = obs.seat
        return _Turn(s, me, legal, self.traitor).decide()


class _Turn:
    """One decision: the state, the seat, its legal actions and the plan (built lazily)."""

    __slots__ = ("_plan", "_sit", "legal", "me", "s", "traitor")

    def __init__(self, s: NewYorkState, me: int, legal: Sequence[Action], traitor: bool) -> None:
        self.s = s
        self.me = me
        self.legal = legal
        self.traitor = traitor
        self._plan: Plan | None = None
        self._sit: Situation | None = None

    @property
    def plan(self) -> Plan:
        if self._plan is None:
            self._plan = plan(self.s, self.me, self.traitor)
        return self._plan

    # -- dispatch ----------------------------------------------------------------------------

    def decide(self) -> Action:
        legal = self.legal
        if A.SHOW in legal:
            return A.SHOW  # the Collective Victory: a win for everybody in the space
        if A.CLAIM_LONE in legal and self.traitor:
            return A.CLAIM_LONE
        s = self.s
        top = s.stack[-1].key if s.stack else ""
        pick = _DISPATCH.get(top)
        if pick is not None:
            choice = pick(self)
            if choice is not None and choice in legal:
                return choice
        return self.fallback()

    def fallback(self) -> Action:
        for a in self.legal:
            if a is A.DONE:
                return a
        return self.legal[0]

    # -- free actions ----------------------------------------------------------------------

    def free(self, step: str) -> Action | None:
        """A free action worth taking now, before the step's own choice."""
        s, me, legal = self.s, self.me, self.legal
        for a in legal:
            if a is A.COLLECT_PRESIDENT or (isinstance(a, A.CollectCase) and _room(s, me)
                                            and a.slot - 1 not in my_drops(s, me)):
                return a
        if A.TAKE_CAR in legal:
            return A.TAKE_CAR
        if A.COLLECT_ITEM in legal and self._want_item():
            return A.COLLECT_ITEM
        weapon = s.weapon[me]
        for a in legal:
            if type(a) is A.RevealWeapon:
                k = ITEM_INDEX[a.item]
                if weapon < 0 or (ITEMS[weapon].ammo and s.ammo[me] == 0
                                  and card_value(s, me, k) > card_value(s, me, weapon)):
                    return a
        if bar_wants(s, me)[1]:
            pays = [a for a in legal if type(a) is A.PayLevel]
            if pays:
                best = min(pays, key=lambda a: self._pay_cost(ITEM_INDEX[a.item]))
                if self._pay_cost(ITEM_INDEX[best.item]) <= 16.0:
                    return best
        if A.USE_WEAPON in legal and self._weapon_worth():
            return A.USE_WEAPON
        for a in legal:
            if type(a) is A.UseItem and self._item_worth(ITEM_INDEX[a.item], step):
                return a
            if type(a) is A.UseCase and not s.pres_found and _peeks(a.case):
                return a  # the Bracelet's tracker; never the variant's, which kills hope
        return None

    def _pay_cost(self, code: int) -> float:
        s, me = self.s, self.me
        if code == s.weapon[me]:
            item = ITEMS[code]
            if item.ammo and s.ammo[me] == 0:
                return 0.0
        return card_value(s, me, code)

    def _want_item(self) -> bool:
        s, me = self.s, self.me
        if len(s.supply[me]) < 3:
            return True
        worst = min(card_value(s, me, c) for c in s.supply[me])
        return worst < 100.0

    def _targets(self, origin: int, reach: int) -> list[int]:
        """Enemies an attack from ``origin`` reaches."""
        s = self.s
        spaces = s.in_range(origin, reach)
        return [e for e in s.all_enemies() if s.enemy_space(e) in spaces]

    def _kill_value(self, e: int, here: int) -> float:
        """What killing (or hurting) Enemy ``e`` is worth."""
        s = self.s
        v = 1.0
        if e < BOSS0:
            if bar_wants(s, self.me)[0]:
                v += 2.5
        else:
            boss = BOSSES[e - BOSS0]
            v += 2.0 + (3.0 if boss.case is not None else 0.0)
        if s.enemy_space(e) == here and not s.tricked >> e & 1:
            v += 1.5 * s.edamage(e)
        return v

    def _weapon_worth(self) -> bool:
        s, me = self.s, self.me
        w = s.weapon[me]
        c = ITEM_CARDS[w]
        if not c.damage:
            return False  # the Axe: its bonus waits for a damage card
        x = s.hpos[me]
        targets = self._targets(x, c.reach)
        if not targets:
            return False
        best = max((self._kill_value(e, x) for e in targets
                    if e >= BOSS0 or hp_left(s, e) <= c.damage), default=0.0)
        noise = ITEMS[w].noise
        return best - NOISE * noise - (1.0 if s.noise + noise >= 9 else 0.0) > 1.0

    def _item_worth(self, code: int, step: str) -> bool:
        s, me = self.s, self.me
        c = ITEM_CARDS[code]
        x = s.hpos[me]
        hand, disc = len(s.hand[me]), len(s.disc[me])
        if c.recover:
            return step == "level" and hand <= 1 and disc >= c.recover
        if c.peek:
            return not s.pres_found and sum(1 for p in POI_SPACES if not s.up >> p & 1
                                            and known_poi(s, me, p) < 0) >= 2
        if c.car:
            return True
        if c.shield or c.trick:
            return (step == "last" and hand >= 2 and not sheltered(s, x)
                    and enemy_threat(s, x) >= 2)
        if c.damage:
            targets = [e for e in self._targets(x, c.reach) if hp_left(s, e) <= c.damage]
            worth = sum(self._kill_value(e, x) for e in targets[:c.damage])
            return worth - NOISE * c.noise > 4.0
        w = s.weapon[me]
        if ITEMS[code].effects and ITEMS[code].effects[0].op is Op.RELOAD:
            return w >= 0 and ITEMS[w].ammo > 0 and s.ammo[me] <= ITEMS[w].ammo - 2
        return False

    # -- step 1 ------------------------------------------------------------------------------

    def timer_step(self) -> Action | None:
        a = self.free("timer")
        if a is not None:
            return a
        return A.REVEAL_TIMER if A.DONE not in self.legal else A.DONE

    # -- step 2: the pair of cards -----------------------------------------------------------

    def choose_cards(self) -> Action | None:
        a = self.free("choose")
        if a is not None:
            return a
        s, me = self.s, self.me
        plays = [a for a in self.legal if type(a) is A.PlayCard]
        if not plays:
            return None
        hand = s.hand[me]
        if s.played:
            first = s.played[0]
            return max(plays, key=lambda a: (self._pair(first, ACTION_INDEX[a.card]),
                                             -ACTION_INDEX[a.card]))
        cards = sorted(set(hand))
        if len(hand) < 2:
            return plays[0]
        best: tuple[float, int] | None = None
        for i, c in enumerate(cards):
            for d in cards[i:]:
                if c == d and hand.count(c) < 2:
                    continue
                v = self._pair(c, d)
                if best is None or v > best[0]:
                    best = (v, c)
        assert best is not None
        return A.PLAY[best[1]]

    def _pair(self, a: int, b: int) -> float:
        """The value of committing cards ``a`` and ``b`` (best order, ability included)."""
        sit = self._situation()
        ca, cb = CARDS[a], CARDS[b]
        v = max(_sequence(sit, ca, cb), _sequence(sit, cb, ca))
        rest = list(self.s.hand[self.me])
        for c in (a, b):
            if c in rest:
                rest.remove(c)
        if rest and not any(CARDS[c].steps for c in rest):
            v -= 0.5
        return v

    def _situation(self) -> Situation:
        sit = self._sit
        if sit is not None:
            return sit
        s, me = self.s, self.me
        p = self.plan
        x = s.hpos[me]
        dg = p.dist[x]
        here_hp = []
        near_hp = []
        threat = far = 0
        tricked = s.tricked
        reach = s.in_range(x, 1)
        for e in s.all_enemies():
            y = s.enemy_space(e)
            if y == x:
                if not tricked >> e & 1:
                    here_hp.append(hp_left(s, e))
                    threat += s.edamage(e)
            elif y in reach:
                near_hp.append(hp_left(s, e))
                if s.erange(e) >= 1 and not tricked >> e & 1:
                    far += s.edamage(e)
        if sheltered(s, x):
            threat = far = 0
        here_hp.sort()
        near_hp.sort()
        sit = Situation(
            dg=dg, here_hp=tuple(here_hp), near_hp=tuple(near_hp), threat=threat, far=far,
            wants_p=bar_wants(s, me)[0], ability=s.ability, disc=len(s.disc[me]),
            hand=len(s.hand[me]), clear_goal=p.kind in ("camp", "case") and dg == 0,
            cross=bool(p.kind == "meet" and dg == 0 and p.bridge and cross_ok(s, me, p.bridge)),
            barred=bool(p.bridge) and bridge_barred(s, p.bridge),
            explore=not s.pres_found and p.kind == "explore",
            car=s.car[me] < 0 and any(st == CAR_BOX for st in s.cst), noise=s.noise,
            step=3.0 + (3.0 if p.kind in URGENT and timer_left(s) <= 8 else 0.0))
        self._sit = sit
        return sit

    # -- steps 3-4 ---------------------------------------------------------------------------

    def resolve(self) -> Action | None:
        s, me = self.s, self.me
        last = len(s.played) == 1
        a = self.free("last" if last else "resolve")
        if a is not None:
            return a
        p = self.plan
        x = s.hpos[me]
        here = [e for e in s.all_enemies()
                if s.enemy_space(e) == x and not s.tricked >> e & 1]
        options: list[tuple[float, int, Action]] = []
        for i, act in enumerate(self.legal):
            if type(act) is A.RevealCard:
                c = CARDS[ACTION_INDEX[act.card]]
                v = self._now(c, here, p)
                options.append((v - NOISE * c.noise, -i, act))
            elif type(act) is A.UseAbility:
                c = ABILITY_ATTACK if act.mode == "attack" else ABILITY_MOVE
                other = CARDS[ACTION_INDEX[act.card]]
                v = self._now(c, here, p) - NOISE * c.noise
                # the replaced card is lost: worth it only when that card is of no use now
                # nor after the other card
                v -= max(0.0, self._now(other, here, p)) + 0.5
                options.append((v, -i, act))
        if not options:
            return None
        return max(options, key=lambda o: (o[0], o[1]))[2]

    def _now(self, c: Card, here: list[int], p: Plan) -> float:
        """What resolving ``c`` now is worth (used for the order of the played cards)."""
        s, me = self.s, self.me
        x = s.hpos[me]
        dg = p.dist[x]
        v = 0.0
        if c.steps:
            if c.quiet and here:
                v -= 1.0
            elif p.kind == "meet" and dg == 0 and p.bridge and cross_ok(s, me, p.bridge):
                if c.breaks or not bridge_barred(s, p.bridge):
                    v += 50.0
            elif dg > 0:
                v += 3.0 * min(c.steps, dg)
            elif c.steps == 1:
                v -= 3.0
        if c.damage:
            targets = self._targets(x, c.reach)
            if targets:
                v += 4.0 + sum(0.5 for e in targets if s.enemy_space(e) == x)
        if c.trick and here:
            v += 3.5
        if c.recover:
            v += 1.2 * min(c.recover, len(s.disc[me]))
        if c.shield or c.reveal or c.peek or c.items or c.car:
            v += 0.5
        return v

    # -- moving -------------------------------------------------------------------------------

    def move(self) -> Action | None:
        s, me, legal = self.s, self.me, self.legal
        p = self.plan
        frame = s.stack[-1]
        x = s.hpos[me]
        left = getattr(frame, "steps", 1) - getattr(frame, "taken", 0)
        dist = p.dist
        for a in legal:
            if type(a) is A.CrossBridge and p.kind == "meet" and cross_ok(s, me, a.bridge):
                return a
        if A.TAKE_CAR in legal:
            return A.TAKE_CAR
        best: tuple[float, Action] | None = None
        for a in legal:
            t = type(a)
            if t is A.MoveTo or t is A.CrashTo:
                y = SPACE_INDEX[a.space]  # type: ignore[attr-defined]
                v = -3.0 * dist[y] - (0.5 if t is A.CrashTo else 0.0)
                final = left <= 1 or dist[y] == 0
                if final:
                    v -= self._stop_cost(y)
                else:
                    v -= 0.3 * self._stop_cost(y)
                if not s.up >> y & 1 and p.kind == "explore" and y in p.sources:
                    v += 1.0
            elif a is A.DONE:
                v = -3.0 * dist[x] - self._stop_cost(x) + 0.1
            else:
                continue
            if best is None or v > best[0]:
                best = (v, a)
        return best[1] if best is not None else None

    def _stop_cost(self, y: int) -> float:
        """How bad it is to end a move on ``y``: damage in step 7, Event cards."""
        s = self.s
        cost = 0.0
        if not sheltered(s, y):
            threat = enemy_threat(s, y)
            if threat and not any(CARDS[c].damage or CARDS[c].trick for c in s.played):
                cost += 1.5 * threat
        else:
            cost -= 0.5
        if s.evmask >> y & 1 and not s.noevents:
            cost += 1.0
        return cost

    def reveal_space(self) -> Action | None:
        p = self.plan
        s, me = self.s, self.me
        x = s.hpos[me]
        best: tuple[int, Action] | None = None
        for a in self.legal:
            if type(a) is A.RevealSpace:
                y = SPACE_INDEX[a.space]
                d = p.dist[y]
                if best is None or d < best[0]:
                    best = (d, a)
        if best is not None and best[0] <= p.dist[x] + 1:
            return best[1]
        return A.DONE

    def car_step(self) -> Action | None:
        a = self.free("last")
        if a is not None:
            return a
        s, me = self.s, self.me
        if A.CAR_MOVE in self.legal and self.plan.dist[s.hpos[me]] > 0:
            return A.CAR_MOVE
        return A.DONE

    def level_step(self) -> Action | None:
        a = self.free("level")
        if a is not None:
            return a
        return A.DONE

    # -- fighting -----------------------------------------------------------------------------

    def hit(self) -> Action | None:
        s = self.s
        frame = s.stack[-1]
        left = getattr(frame, "left", 1)
        x = s.hpos[self.me]
        best: tuple[float, Action] | None = None
        for a in self.legal:
            if type(a) is not A.Hit:
                continue
            e = ENEMY_INDEX[a.enemy]
            need = hp_left(s, e)
            v = self._kill_value(e, x)
            if need <= left:
                v += 5.0 - need
            elif e >= BOSS0:
                v = 1.0 + 0.1 * v
            else:
                v = 0.2 * v - need
            if s.edmg[e] and e < BOSS0:
                v += 1.0
            if best is None or v > best[0]:
                best = (v, a)
        return best[1] if best is not None else None

    def trick(self) -> Action | None:
        s, me = self.s, self.me
        x = s.hpos[me]
        best: tuple[float, Action] | None = None
        for a in self.legal:
            if type(a) is not A.TrickTo:
                continue
            e = ENEMY_INDEX[a.enemy]
            y = s.enemy_space(e)
            z = NEIGH[y][SIDE_INDEX[a.side]]
            v = (3.0 * s.edamage(e) if y == x else 0.0) + self._away(z)
            if best is None or v > best[0]:
                best = (v, a)
        return best[1] if best is not None else None

    def _away(self, z: int) -> float:
        """How far from the Heroes (and off the current Hero's way) space ``z`` is."""
        s = self.s
        v = 0.0
        for h in range(s.n):
            d = HEX[s.hpos[h]][z]
            if d == 0:
                v -= 4.0
            v += min(d, 3)
        if s.cur == self.me:
            v += 0.5 * min(self.plan.dist[z], 4)
        return v

    # -- New York's choices made by the current player ------------------------------------------

    def pick_enemy(self) -> Action | None:
        s = self.s
        cur = s.hpos[s.cur]
        best: tuple[float, Action] | None = None
        for a in self.legal:
            if type(a) is not A.Pick:
                continue
            e = ENEMY_INDEX[a.enemy]
            y = s.enemy_space(e)
            v = float(HEX[cur][y]) - 0.1 * self._away(y)
            if best is None or v > best[0]:
                best = (v, a)
        return best[1] if best is not None else None

    def route_enemy(self) -> Action | None:
        return self._farthest(A.Route)

    def place(self) -> Action | None:
        return self._farthest(A.Place)

    def _farthest(self, kind: type) -> Action | None:
        best: tuple[float, Action] | None = None
        for a in self.legal:
            if type(a) is kind:
                v = self._away(SPACE_INDEX[a.space])  # type: ignore[attr-defined]
                if best is None or v > best[0]:
                    best = (v, a)
        return best[1] if best is not None else None

    def reveal_poi(self) -> Action | None:
        s, me = self.s, self.me
        best: tuple[float, Action] | None = None
        for a in self.legal:
            if type(a) is not A.RevealPoi:
                continue
            y = SPACE_INDEX[a.space]
            v = self._away(y) + (5.0 if known_poi(s, me, y) < 0 else 0.0)
            if best is None or v > best[0]:
                best = (v, a)
        return best[1] if best is not None else None

    def peek_poi(self) -> Action | None:
        s, me = self.s, self.me
        x = s.hpos[me]
        return max((a for a in self.legal if type(a) is A.PeekPoi),
                   key=lambda a: HEX[x][SPACE_INDEX[a.space]], default=None)

    def heli(self) -> Action | None:
        s, me = self.s, self.me
        x = s.hpos[me]
        mine = any(o >= 0 and OBJ_TRANSPORT[o] is Transport.HELICOPTER for o in s.objs[me])
        moves = [a for a in self.legal if type(a) is A.MoveHeli]
        if not moves:
            return None
        key = (lambda a: HEX[x][SPACE_INDEX[a.space]]) if mine else (
            lambda a: -min(HEX[s.hpos[h]][SPACE_INDEX[a.space]] for h in range(s.n)))
        return min(moves, key=key)

    # -- cards in and out ----------------------------------------------------------------------

    def over_limit(self) -> Action | None:
        s, me = self.s, self.me
        best: tuple[float, Action] | None = None
        for a in self.legal:
            if isinstance(a, A.PayLevel | A.DiscardItem):
                v = card_value(s, me, ITEM_INDEX[a.item]) - (1.0 if isinstance(a, A.PayLevel)
                                                            else 0.0)
            elif isinstance(a, A.DiscardCase):
                v = card_value(s, me, CASE0 + CASE_IDS.index(a.case))
            else:
                continue
            if best is None or v < best[0]:
                best = (v, a)
        return best[1] if best is not None else None

    def keep(self) -> Action | None:
        s, me = self.s, self.me
        return max((a for a in self.legal if type(a) is A.Keep),
                   key=lambda a: card_value(s, me, ITEM_INDEX[a.item]), default=None)

    def recover(self) -> Action | None:
        p = self.plan
        s, me = self.s, self.me
        dg = p.dist[s.hpos[me]]
        hand = [CARDS[c] for c in s.hand[me]]
        has_move = any(c.steps for c in hand)

        def score(a: A.Recover) -> float:
            c = CARDS[ACTION_INDEX[a.card]]
            v = _special_score(c)
            if c.steps and not has_move and dg > 0:
                v += 4.0
            return v

        recs = [a for a in self.legal if type(a) is A.Recover]
        if not recs:
            return None
        return max(recs, key=score)

    def special(self) -> Action | None:
        return max((a for a in self.legal if type(a) is A.ChooseSpecial),
                   key=lambda a: _special_score(CARDS[ACTION_INDEX[a.card]]), default=None)

    def swap(self) -> Action | None:
        s, me = self.s, self.me
        blue, purple = s.objs[me]
        cost = [self._objective_cost(blue), self._objective_cost(purple)]
        colour = 0 if cost[0] >= cost[1] else 1
        return A.SWAP[colour]

    def take_objective(self) -> Action | None:
        return min((a for a in self.legal if type(a) is A.TakeObjective),
                   key=lambda a: self._objective_cost(OBJECTIVE_INDEX[a.objective]),
                   default=None)

    def _objective_cost(self, o: int) -> float:
        """How far the seat is from meeting objective ``o``."""
        s, me = self.s, self.me
        if o < 0:
            return 50.0
        x = s.hpos[me]
        t = OBJ_TRANSPORT[o]
        if t is not None:
            ways = transports(s, o)
            if not ways:
                if t is Transport.RAFT:
                    hidden = [y for y in SUBURB_SPACES if not s.sub_up >> y & 1]
                    return 8.0 + min((HEX[x][y] for y in hidden), default=40)
                return 60.0
            d = min(HEX[x][y] for y in ways)
            if t is Transport.HELICOPTER and not (s.landed or s.pres_found):
                d += 2
            return float(d)
        if OBJ_WANTED[o]:
            return 0.0 if s.wanted[me] else 40.0
        if s.holds(me, OBJ_CODES[o]):
            return 0.0
        codes = OBJ_CODES[o]
        if any(c >= CASE0 for c in codes):
            return 15.0 if _tokens(s, me) or _hunt(s) else 35.0
        return 30.0

    # -- others ---------------------------------------------------------------------------------

    def building(self) -> Action | None:
        s, me = self.s, self.me
        opts = {a.choice: a for a in self.legal if type(a) is A.Opt}
        if "gunshop-reload" in opts:
            w = s.weapon[me]
            if s.ammo[me] <= ITEMS[w].ammo - 2 or "gunshop-items" not in opts:
                return opts["gunshop-reload"]
        if "gunshop-items" in opts:
            return opts["gunshop-items"]
        if "library-card" in opts and (len(s.supply[me]) >= 3 or len(s.hand[me]) <= 2):
            return opts["library-card"]
        if "library-item" in opts:
            return opts["library-item"]
        return next(iter(opts.values()), None)

    def carry(self) -> Action | None:
        s, me = self.s, self.me
        p = self.plan
        if p.kind in ("meet", "escape") or not s.pres_found:
            return A.DONE
        for a in self.legal:
            if isinstance(a, A.Carry) and s.pres in (a.seat, me):
                return a
        return A.DONE

    def ride(self) -> Action | None:
        s = self.s
        if s.pres_found and s.cur == s.pres and self.plan.kind == "meet":
            return A.ACCEPT
        return A.DECLINE

    def steal(self) -> Action | None:
        s = self.s
        steals = [a for a in self.legal if type(a) is A.Steal]
        if not steals:
            return None
        if self.traitor:
            for a in steals:
                if s.supply[a.seat][a.slot] == PRESIDENT:
                    return a
        return steals[0]

    def last_chance(self) -> Action | None:
        return A.CLAIM_LONE if self.traitor else A.DONE


_DISPATCH = {
    "timer_tile": _Turn.timer_step,
    "play_cards": _Turn.choose_cards,
    "resolve_card": _Turn.resolve,
    "level_step": _Turn.level_step,
    "car_step": _Turn.car_step,
    "move": _Turn.move,
    "reveal_space": _Turn.reveal_space,
    "damage": _Turn.hit,
    "trick": _Turn.trick,
    "pick_enemy": _Turn.pick_enemy,
    "route_enemy": _Turn.route_enemy,
    "place_prisoners": _Turn.place,
    "reveal_poi": _Turn.reveal_poi,
    "peek_poi": _Turn.peek_poi,
    "helicopter": _Turn.heli,
    "discard": _Turn.over_limit,
    "keep_items": _Turn.keep,
    "recover": _Turn.recover,
    "special": _Turn.special,
    "swap_objective": _Turn.swap,
    "take_objective": _Turn.take_objective,
    "building": _Turn.building,
    "carry": _Turn.carry,
    "ride": _Turn.ride,
    "steal": _Turn.steal,
    "last_chance": _Turn.last_chance,
}
"""The choice for each decision key (the others: claim, or ``done``, or the first)."""

__all__ = ["HeuristicAgent"]
