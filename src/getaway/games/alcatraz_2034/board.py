"""The island as data: spaces, routes, Run tile hexes and deck spots.

:class:`Board` also precomputes, per space, its neighbours with the colour of
the route leading there (``adjacency``), which the rules use for movement.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field

from getaway.core.content import Source
from getaway.core.errors import ContentError
from getaway.games.alcatraz_2034.model import (
    DeckSpotKind,
    RouteColour,
    RunMethod,
    SpaceKind,
)

# -- the island ---------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    """One place on the board; ``method`` and ``hex`` are set for Run spaces only.

    ``name`` is printed on the board (or ``""``); ``called`` is how sentences name the
    space: "the Power House", "the coast road by Sally Port" (unique on the island).
    """

    id: str
    kind: SpaceKind
    name: str
    x: int
    y: int
    method: RunMethod | None
    hex: str | None
    source: Source
    called: str = ""


@dataclass(frozen=True)
class Route:
    """A line between two spaces, usable in both directions."""

    a: str
    b: str
    colour: RouteColour
    source: Source


@dataclass(frozen=True)
class Hex:
    """Where a Run tile lies on the board."""

    id: str
    x: int
    y: int
    source: Source


@dataclass(frozen=True)
class DeckSpot:
    """Where a deck lies on the board (drawing only)."""

    id: str
    kind: DeckSpotKind
    deck: str
    x: int
    y: int
    source: Source


@dataclass(frozen=True)
class Board:
    """The island: spaces, routes and drawing coordinates (SVG user units).

    >>> from getaway.games.alcatraz_2034.content import CONTENT
    >>> b = CONTENT.board
    >>> b.cell_block.id, b.space("coast-09").method
    ('cell-block', <RunMethod.SWIM: 'swim'>)
    """

    width: int
    height: int
    island: tuple[tuple[int, int], ...]
    spaces: tuple[Space, ...]
    routes: tuple[Route, ...]
    hexes: tuple[Hex, ...]
    deck_spots: tuple[DeckSpot, ...]
    source: Source
    index: Mapping[str, int] = field(init=False, compare=False, repr=False)
    adjacency: tuple[tuple[tuple[int, RouteColour], ...], ...] = field(
        init=False, compare=False, repr=False)
    """Per space index: (neighbour index, route colour), in route order."""

    def __post_init__(self) -> None:
        index = {s.id: i for i, s in enumerate(self.spaces)}
        adj: list[list[tuple[int, RouteColour]]] = [[] for _ in self.spaces]
        for r in self.routes:
            adj[index[r.a]].append((index[r.b], r.colour))
            adj[index[r.b]].append((index[r.a], r.colour))
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "adjacency", tuple(tuple(a) for a in adj))

    def space(self, space_id: str) -> Space:
        """The space with this id."""
        try:
            return self.spaces[self.index[space_id]]
        except KeyError:
            raise ContentError(f"board.toml: no space {space_id!r}") from None

    def neighbours(self, space_id: str) -> tuple[tuple[str, RouteColour], ...]:
        """The spaces one route away, with the colour of that route."""
        return tuple((self.spaces[j].id, c) for j, c in self.adjacency[self.index[space_id]])

    def of_kind(self, kind: SpaceKind) -> tuple[Space, ...]:
        """Every space of this kind, in data order."""
        return tuple(s for s in self.spaces if s.kind is kind)

    @property
    def cell_block(self) -> Space:
        """The main cell block, where prisoners start and return."""
        return self.of_kind(SpaceKind.CELL_BLOCK)[0]

    @property
    def tunnel(self) -> Space:
        """The tunnel space in the sea."""
        return self.of_kind(SpaceKind.TUNNEL)[0]

    def hex(self, hex_id: str) -> Hex:
        """The Run tile hex with this id."""
        for h in self.hexes:
            if h.id == hex_id:
                return h
        raise ContentError(f"board.toml: no hex {hex_id!r}")

    def distances(self, start: str) -> dict[str, int]:
        """Fewest steps from ``start`` to every reachable space, ignoring pieces and colours."""
        dist = {self.index[start]: 0}
        todo = deque([self.index[start]])
        while todo:
            i = todo.popleft()
            for j, _ in self.adjacency[i]:
                if j not in dist:
                    dist[j] = dist[i] + 1
                    todo.append(j)
        return {self.spaces[i].id: d for i, d in dist.items()}
