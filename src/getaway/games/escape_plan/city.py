"""The laid City as the engine sees it: tiles on cells, officers, the movement graph."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from getaway.games.escape_plan.board import Cell, crossings, ferried, laid, shores
from getaway.games.escape_plan.model import LocationKind
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


def build_graph(state: object) -> CityGraph:
    """The movement graph of the current City."""
    side = state.side  # type: ignore[attr-defined]
    city = {c: (TILE[t], r) for c, (t, r) in state.city.items()}  # type: ignore[attr-defined]
    tiles = laid(BOARD, side, city)
    adj: dict[int, list[tuple[int, int]]] = {}
    cell_of: dict[int, Cell] = {}

    def edge(a: int, b: int, cost: int) -> None:
        adj.setdefault(a, []).append((b, cost))

    for cell, (tile, _turn) in tiles.items():
        for area in tile.areas:
            cell_of[area_node(cell, area.land)] = cell
        for loc in tile.locations:
            ln, an = loc_node(loc.id), area_node(cell, loc.land)
            cell_of[ln] = cell
            edge(ln, an, 1)   # EP-72
            edge(an, ln, 1)   # EP-73
    for x in crossings(side, tiles):
        a, b = area_node(*x.a), area_node(*x.b)
        edge(a, b, x.cost)    # EP-74
        edge(b, a, x.cost)
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
