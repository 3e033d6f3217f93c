"""The Enemies' walk of the map now (:class:`~.routes.Walk`): the revealed spaces, joined
by their roads, Roadblocks and Manholes, read from the state and kept.

Enemy moves ask for it again and again while the map stays the same, and the map
changes a little at a time (a tile laid, a Roadblock placed or destroyed): the walk
last made is returned when nothing it was made of changed, rebuilt around the spaces
that changed when few did, and looked up in a bounded store (or built whole) otherwise.
"""

from __future__ import annotations

from itertools import compress, count
from operator import ne
from typing import Any

from getaway.games.new_york.routes import Walk
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.tables import ADJ, EDGE, EDGE_ENDS, N_SPACES, NEIGH, OPP

SIDES: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple(sorted(((d, NEIGH[a][d], OPP[d], EDGE[a][d]) for d in range(6) if NEIGH[a][d] >= 0),
                 key=lambda side: side[1]))
    for a in range(N_SPACES))
"""Each space's neighbours, in increasing order: (side, space, the side seen from there,
edge); a shared side is one edge."""
assert all(EDGE[b][opp] == edge for row in SIDES for _d, b, opp, edge in row)

_WALKS: dict[tuple[Any, ...], Walk] = {}
Last = tuple[int, int, list[int], list[int], Walk]
_LAST: list[Last | None] = [None]
"""The walk last made or found, with copies of what it was made of (up, holes, roads,
Roadblocks): one tuple, read and replaced whole, so that threads replaying different
tables (the server's) each see one consistent entry."""
_FEW = 8
"""At most this many changed spaces: the walk is rebuilt around them only."""


def walk_of(s: NewYorkState) -> Walk:
    """The revealed streets as Enemies see them (both spaces revealed and a road on
    either tile, NY-92; face-up Roadblocks apart; the Manholes showing)."""
    last = _LAST[0]
    up = s.up
    holes = s.holes
    roads = s.roads
    rb = s.rb
    if last and last[0] == up and last[1] == holes and last[2] == roads and last[3] == rb:
        w: Walk = last[4]
        return w
    key = (up, holes, tuple(roads), tuple(rb))
    found = _WALKS.get(key)
    if found is None:
        found = _rebuilt(last, up, holes, roads, rb) if last else None
        if found is None:
            found = _build(up, holes, roads, rb)
        if len(_WALKS) > 512:
            _WALKS.clear()
        _WALKS[key] = found
    _LAST[0] = (up, holes, roads[:], rb[:], found)
    return found


def _entry(a: int, up: int, roads: list[int], rb: list[int]) -> tuple[tuple[int, ...],
                                                                      tuple[int, ...]]:
    """Space ``a``'s neighbours across an open road and across a face-up Roadblock, in
    increasing order (both empty when ``a`` is not revealed)."""
    if not up >> a & 1:
        return (), ()
    ra = roads[a]
    mine: list[int] = []
    shut: list[int] = []
    for d, b, opp, edge in SIDES[a]:
        if up >> b & 1 and (ra >> d & 1 or roads[b] >> opp & 1):
            (shut if rb[edge] == 1 else mine).append(b)
    return tuple(mine), tuple(shut)


def _manholes(up: int, holes: int) -> frozenset[int]:
    bits = holes & up
    return frozenset(h for h in range(N_SPACES) if bits >> h & 1) if bits else frozenset()


def _build(up: int, holes: int, roads: list[int], rb: list[int]) -> Walk:
    """The whole walk (``Walk.build`` of the joined pairs), over the revealed spaces."""
    open_: list[tuple[int, ...]] = [()] * N_SPACES
    closed: list[tuple[int, ...]] = [()] * N_SPACES
    bits = up
    while bits:
        low = bits & -bits
        a = low.bit_length() - 1
        bits ^= low
        open_[a], closed[a] = _entry(a, up, roads, rb)
    return Walk(tuple(open_), tuple(closed), _manholes(up, holes))


def _rebuilt(last: Last, up: int, holes: int, roads: list[int], rb: list[int]) -> Walk | None:
    """The last walk with the entries of the spaces that changed, and of their
    neighbours, made again; None when many changed. A space's entry depends only on
    its own revealed bit and roads, and on its neighbours' and the edges between."""
    old_up, old_holes, old_roads, old_rb, old = last
    changed: set[int] = set()
    bits = up ^ old_up
    while bits:
        low = bits & -bits
        changed.add(low.bit_length() - 1)
        bits ^= low
    if roads != old_roads:
        changed.update(compress(count(), map(ne, roads, old_roads)))
    if len(changed) > _FEW:
        return None
    dirty = set(changed)
    for a in changed:
        dirty.update(ADJ[a])
    if rb != old_rb:
        for e in compress(count(), map(ne, rb, old_rb)):
            a, d = EDGE_ENDS[e]
            dirty.add(a)
            if NEIGH[a][d] >= 0:  # a bridge's Roadblock has one space
                dirty.add(NEIGH[a][d])
    if len(dirty) > 4 * _FEW:
        return None
    open_ = list(old.roads)
    closed = list(old.blocked)
    for a in dirty:
        open_[a], closed[a] = _entry(a, up, roads, rb)
    manholes = old.manholes if holes & up == old_holes & old_up else _manholes(up, holes)
    return Walk(tuple(open_), tuple(closed), manholes)
