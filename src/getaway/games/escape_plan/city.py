"""The laid City as the engine sees it: tiles on cells, officers, the movement graph."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import combinations

from getaway.games.escape_plan.board import Cell, Placed, Side, ferried, laid, opposite, shores
from getaway.games.escape_plan.model import Edge, Land, LocationKind
from getaway.games.escape_plan.tables import (
    BOARD,
    CELL_INDEX,
    LOC,
    LOC_TILE,
    N_LOC,
    NODES,
    TILE,
    area_node,
    loc_node,
    water_node,
)


@dataclass(frozen=True)
class CityGraph:
    """Movement graph of the laid City (EP-69..78): ``adj[node]`` lists (node, MP);
    Water areas are entered from ``water_in[area]`` (1 MP) and left to any shore area
    (0 MP, EP-GAP-31); ``near[node]`` is the fewest MP to reach some Location."""

    adj: dict[int, tuple[tuple[int, int], ...]]
    water_in: dict[int, tuple[int, ...]]
    shore: dict[int, tuple[int, ...]]
    ferried: frozenset[int]
    near: dict[int, int]
    cell_of: dict[int, Cell]


def tile_at(state: object, cell: Cell) -> str | None:
    """The tile on a cell: a laid City tile or a printed tile of the side."""
    city = state.city  # type: ignore[attr-defined]
    if cell in city:
        return str(city[cell][0])
    return state.side.printed_at(cell)  # type: ignore[attr-defined,no-any-return]


def laid_cells(state: object) -> list[Cell]:
    """Every cell holding a tile now, in grid order."""
    side = state.side  # type: ignore[attr-defined]
    city = state.city  # type: ignore[attr-defined]
    return sorted(set(city).union(side.printed_cells), key=CELL_INDEX.__getitem__)


_GRAPHS: dict[tuple[int, tuple[tuple[Cell, tuple[str, int]], ...]], tuple[object, CityGraph]] = {}


def build_graph(state: object) -> CityGraph:
    """The movement graph of the current City (one shared, never changed, object per
    side and City: states whose tiles were laid alike share it; the order they were
    laid in is part of the key, as it orders the graph's lists)."""
    side = state.side  # type: ignore[attr-defined]
    key = (id(side), tuple(state.city.items()))  # type: ignore[attr-defined]
    hit = _GRAPHS.get(key)
    if hit is not None and hit[0] is side:
        return hit[1]
    g = _build_graph(state)
    if len(_GRAPHS) > 1024:
        _GRAPHS.clear()
    _GRAPHS[key] = (side, g)
    return g


def _build_graph(state: object) -> CityGraph:
    side = state.side  # type: ignore[attr-defined]
    city = {c: (TILE[t], r) for c, (t, r) in state.city.items()}  # type: ignore[attr-defined]
    tiles = laid(BOARD, side, city)
    adj: dict[int, list[tuple[int, int]]] = {}
    cell_of: dict[int, Cell] = {}

    def edge(a: int, b: int, cost: int) -> None:
        got = adj.get(a)
        if got is None:
            adj[a] = [(b, cost)]
        else:
            got.append((b, cost))

    for cell, (tile, _turn) in tiles.items():
        for area in tile.areas:
            cell_of[area_node(cell, area.land)] = cell
        for loc in tile.locations:
            ln, an = loc_node(loc.id), area_node(cell, loc.land)
            cell_of[ln] = cell
            edge(ln, an, 1)   # EP-72
            edge(an, ln, 1)   # EP-73
    for a_ref, b_ref, cost in _crossings(side, tiles):
        a, b = area_node(*a_ref), area_node(*b_ref)
        edge(a, b, cost)    # EP-74
        edge(b, a, cost)
    shore_map = shores(side, tiles)
    water_in: dict[int, list[int]] = {}
    shore: dict[int, tuple[int, ...]] = {}
    for wid, areas in shore_map.items():
        wn = water_node(wid)
        shore[wn] = tuple(sorted(area_node(*a) for a in areas))
        for a in shore[wn]:
            water_in.setdefault(a, []).append(wn)
    ferry = frozenset(water_node(f) for f in ferried(side, tiles))
    # near: fewest MP from a node to a Location, through ferried Water (Dijkstra backwards)
    back: dict[int, list[tuple[int, int]]] = {}
    for a, outs in adj.items():
        for b, c in outs:
            back.setdefault(b, []).append((a, c))
    for a, ws in water_in.items():
        for w in ws:
            if w in ferry:
                back.setdefault(w, []).append((a, 1))
                for s in shore[w]:
                    back.setdefault(s, []).append((w, 0))
    near: dict[int, int] = {}
    heap = [(0, n) for n in cell_of if n < N_LOC]
    heapq.heapify(heap)
    while heap:
        d, n = heapq.heappop(heap)
        if n in near:
            continue
        near[n] = d
        for m, c in back.get(n, ()):
            if m not in near:
                heapq.heappush(heap, (d + c, m))
    return CityGraph({k: tuple(v) for k, v in adj.items()},
                     {k: tuple(v) for k, v in water_in.items()}, shore, ferry, near, cell_of)


def _crossings(side: Side, tiles: dict[Cell, Placed]
               ) -> list[tuple[tuple[Cell, Land], tuple[Cell, Land], int]]:
    """:func:`board.crossings` as plain ``(a, b, cost)`` tuples, in the same order."""
    seen: set[tuple[tuple[Cell, Land], tuple[Cell, Land]]] = set()
    out: list[tuple[tuple[Cell, Land], tuple[Cell, Land], int]] = []
    east_south = (Edge.E, Edge.S)
    for cell, (tile, turn) in sorted(tiles.items(), key=lambda kv: kv[0]):
        pairs = [((cell, x), (cell, y))
                 for x, y in combinations([a.land for a in tile.areas], 2)]
        for e, n in side.neighbours(cell):
            if n in tiles and e in east_south:
                other, oturn = tiles[n]
                pairs.append(((cell, tile.land(e, turn)), (n, other.land(opposite(e), oturn))))
        for a, b in pairs:
            k = (a, b) if a <= b else (b, a)
            if a != b and k not in seen:
                seen.add(k)
                out.append((k[0], k[1], int(a[1] is not b[1])))
    return out


# the tile of each Location node, by node number
NODE_TILE: tuple[str, ...] = tuple(LOC_TILE[NODES[n][2:]] for n in range(N_LOC))


def node_cell(state: object, node: int) -> Cell | None:
    """The cell of a Location or Land area node (None for Water)."""
    if node < N_LOC:
        return state.cell_of_tile.get(NODE_TILE[node])  # type: ignore[attr-defined,no-any-return]
    return state.graph.cell_of.get(node)  # type: ignore[attr-defined,no-any-return]


def is_kind(node: int, kind: LocationKind) -> bool:
    """Whether a node is a Location of this kind."""
    return node < N_LOC and LOC[NODES[node][2:]].kind is kind
