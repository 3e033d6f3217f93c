"""The board and the City of Escape Plan, as static data, with the geometry the engine needs.

The board is a grid of square cells, ``(col, row)`` with row 0 at the top
(north). Each side of the board (one for 2-3 players, one for 4-5, EP-1) draws
its grid as a picture (``board.toml``): a *slot* takes a City tile during the
game, an *S space* takes a start tile at setup (EP-2), a *printed tile* (the
Hospital, Convenience Store D, ...) is part of the board, and *Water* cells
make up the Water areas along the coast. Slots, S spaces and printed tiles are
the board's *tile cells*: each holds one tile, and for every rule a printed tile
is a tile like the City tiles (it touches, matches, holds Police Officers and
counts in distances), except that no officer may be on the Hospital's (EP-156).

A tile shows a Land type on each of its four edges; the edges showing one type
make up one Land area (one *Land space* for movement), and every area of a tile
touches every other one in the middle of the tile. Each Location lies in one
Land area. City tiles may be laid turned by quarter turns; start tiles and
printed tiles lie as printed (turn 0).

Movement graph (EP-69..78), built by the engine from :func:`crossings`,
:func:`shores` and each Location's area:

- Location -> its Land area: 1 MP; Land area -> a Location in it: 1 MP;
- Land area -> a touching Land area (same tile or across an edge): 0 MP when
  both show the same Land type, 1 MP otherwise (:attr:`Crossing.cost`);
- Land area -> the Water area its edge faces: 1 MP, only when the Water area
  is :func:`ferried` (or a Jet Ski / Scuba Gear opens it); Water area -> any
  Land area on its shore: 0 MP (designed, EP-GAP-31);
- Subway station -> Subway station: 0 MP, and leaving the destination station
  gives 1 MP back (EP-75);
- flights (Heliport, Helipad, Chopper, Helicopter) and the Sewer reach the tiles
  at a :func:`distance` of 1-2 or exactly 2 (:meth:`Side.within`).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from itertools import combinations

from getaway.core.content import Source, find
from getaway.games.escape_plan.model import (
    EDGES,
    TOUCH,
    Edge,
    Land,
    LocationKind,
    LockerColour,
    Police,
    Stack,
    Store,
    TileIcon,
)

Cell = tuple[int, int]
"""(col, row) of a cell of a board side's grid; row 0 is the top."""

AreaRef = tuple[Cell, Land]
"""A Land area of the City: the cell of its tile and its Land type (unique on a tile)."""

_STEP = {Edge.N: (0, -1), Edge.E: (1, 0), Edge.S: (0, 1), Edge.W: (-1, 0)}
_EDGE_INDEX = {e: i for i, e in enumerate(EDGES)}


def step(cell: Cell, edge: Edge) -> Cell:
    """The cell across ``edge`` of ``cell``.

    >>> step((2, 2), Edge.N), step((2, 2), Edge.E)
    ((2, 1), (3, 2))
    """
    dc, dr = _STEP[edge]
    return cell[0] + dc, cell[1] + dr


def opposite(edge: Edge) -> Edge:
    """The edge facing ``edge`` on the neighbouring cell.

    >>> opposite(Edge.N)
    <Edge.S: 'S'>
    """
    return EDGES[(_EDGE_INDEX[edge] + 2) % 4]


def turned(edge: Edge, turn: int) -> Edge:
    """The board edge that a tile's printed ``edge`` faces once the tile is turned
    ``turn`` quarter turns clockwise.

    >>> turned(Edge.N, 1), turned(Edge.W, 1), turned(Edge.E, 3)
    (<Edge.E: 'E'>, <Edge.N: 'N'>, <Edge.N: 'N'>)
    """
    return EDGES[(_EDGE_INDEX[edge] + turn) % 4]


def distance(a: Cell, b: Cell) -> int:
    """Tile distance: orthogonal steps between two cells, empty cells included
    (designed, EP-76, EP-77, EP-180, EP-197, EP-GAP-33).

    >>> distance((0, 0), (2, 1))
    3
    """
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def contiguous(edges: Iterable[Edge]) -> bool:
    """Whether these edges form one unbroken run around a tile (an area's edges must).

    >>> contiguous([Edge.W, Edge.N]), contiguous([Edge.N, Edge.S])
    (True, False)
    """
    have = set(edges)
    if not have or len(have) == len(EDGES):
        return bool(have)
    starts = [e for e in have if EDGES[(EDGES.index(e) - 1) % 4] not in have]
    return len(starts) == 1


# -- tiles --------------------------------------------------------------------------


@dataclass(frozen=True)
class Location:
    """A Location printed on a tile: a pawn ends its move on one and visits it.

    ``land``: the Land area it lies in; ``store``: the letter of a Convenience
    Store; ``exit``: the number of an Exit, which is also its Patrol space's.
    """

    id: str
    kind: LocationKind
    land: Land
    store: Store | None
    exit: int | None

    @property
    def label(self) -> str:
        """A short human name: ``Store A``, ``Exit 2``, ``Safe House``."""
        if self.store is not None:
            return f"Store {self.store.value}"
        if self.exit is not None:
            return f"Exit {self.exit}"
        return self.kind.value.replace("_", " ").title()


@dataclass(frozen=True)
class Area:
    """A Land area of a tile as printed: its type and the edges showing it."""

    land: Land
    edges: frozenset[Edge]


@dataclass(frozen=True)
class Tile:
    """A City tile, or a tile printed on the board (``stack`` None).

    ``lands`` is the Land type on each edge as printed, in :data:`EDGES` order
    (N, E, S, W).
    """

    id: str
    name: str
    stack: Stack | None
    lands: tuple[Land, Land, Land, Land]
    locations: tuple[Location, ...]
    icons: frozenset[TileIcon]
    source: Source

    @property
    def printed(self) -> bool:
        """Whether the tile is part of the board rather than a City tile."""
        return self.stack is None

    def land(self, edge: Edge, turn: int = 0) -> Land:
        """The Land type facing board edge ``edge`` when the tile is turned ``turn``
        quarter turns clockwise."""
        return self.lands[(_EDGE_INDEX[edge] - turn) % 4]

    @cached_property
    def areas(self) -> tuple[Area, ...]:
        """Its Land areas as printed, in the order their first edge comes."""
        out: dict[Land, set[Edge]] = {}
        for e, land in zip(EDGES, self.lands, strict=True):
            out.setdefault(land, set()).add(e)
        return tuple(Area(land, frozenset(es)) for land, es in out.items())

    def edges_of(self, land: Land, turn: int = 0) -> frozenset[Edge]:
        """The board edges its ``land`` area reaches when turned ``turn`` times."""
        return frozenset(e for e in EDGES if self.land(e, turn) is land)

    @cached_property
    def _by_kind(self) -> dict[LocationKind, Location]:
        out: dict[LocationKind, Location] = {}
        for loc in self.locations:
            out.setdefault(loc.kind, loc)
        return out

    def location(self, kind: LocationKind) -> Location | None:
        """Its Location of this kind, if any (a tile has at most one of each)."""
        return self._by_kind.get(kind)

    def has(self, what: LocationKind | TileIcon) -> bool:
        """Whether it shows this Location kind or icon."""
        if isinstance(what, TileIcon):
            return what in self.icons
        return what in self._by_kind

    @cached_property
    def turns(self) -> tuple[tuple[int, tuple[Land, ...]], ...]:
        """Each distinct arrangement of its edges: the smallest turn showing it and the
        Land types it shows, in :data:`EDGES` order."""
        out: list[tuple[int, tuple[Land, ...]]] = []
        for turn in range(4):
            shown = tuple(self.land(e, turn) for e in EDGES)
            if all(shown != s for _, s in out):
                out.append((turn, shown))
        return tuple(out)

    @cached_property
    def police_allowed(self) -> bool:
        """Police Officers may stand on every tile but the Hospital's (EP-156)."""
        return not self.has(LocationKind.HOSPITAL)


# -- board sides --------------------------------------------------------------------


class CellKind(StrEnum):
    """What a cell of a board side's grid is."""

    SLOT = "slot"          # takes a City tile in the City phase
    START = "start"        # an S space: a start tile at setup (EP-2)
    PRINTED = "printed"    # a tile printed on the board
    WATER = "water"        # part of a Water area


TILE_CELLS = frozenset({CellKind.SLOT, CellKind.START, CellKind.PRINTED})

LEGEND = {".": CellKind.SLOT, "S": CellKind.START}
"""Layout characters: ``.`` slot, ``S`` S space; another capital is a printed tile's
``mark``; a small letter is a Water area's ``mark``; a blank is off the board."""


@dataclass(frozen=True)
class Water:
    """A Water area of one board side: its cells of the grid (EP-70)."""

    id: str
    name: str
    mark: str
    cells: frozenset[Cell]
    source: Source


@dataclass(frozen=True)
class Side:
    """One side of the board: its grid picture, printed tiles, Water areas and the
    Patrol spaces printed beside it, with the geometry helpers."""

    id: str
    name: str
    players: tuple[int, ...]
    layout: tuple[str, ...]
    printed: tuple[tuple[Cell, str], ...]   # (cell, printed tile id)
    waters: tuple[Water, ...]
    patrol: tuple[int, ...]                 # Patrol spaces, one per Exit (EP-43)
    source: Source
    _kinds: dict[Cell, CellKind] = field(init=False, repr=False, compare=False)
    _printed: dict[Cell, str] = field(init=False, repr=False, compare=False)
    _memo: dict[object, object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        printed: dict[Cell, str] = {}
        for cell, tile in self.printed:
            printed.setdefault(cell, tile)
        object.__setattr__(self, "_printed", printed)
        object.__setattr__(self, "_memo", {})
        kinds: dict[Cell, CellKind] = {}
        for r, line in enumerate(self.layout):
            for c, ch in enumerate(line):
                if ch in LEGEND:
                    kinds[c, r] = LEGEND[ch]
                elif ch.isupper():
                    kinds[c, r] = CellKind.PRINTED
                elif ch.islower():
                    kinds[c, r] = CellKind.WATER
        object.__setattr__(self, "_kinds", kinds)

    @property
    def cols(self) -> int:
        """Width of the grid."""
        return max(len(line) for line in self.layout)

    @property
    def rows(self) -> int:
        """Height of the grid."""
        return len(self.layout)

    def kind(self, cell: Cell) -> CellKind | None:
        """What the cell is (None: off the board)."""
        return self._kinds.get(cell)

    def cells(self, *kinds: CellKind) -> tuple[Cell, ...]:
        """The cells of these kinds, row by row."""
        got = self._memo.get(kinds)
        if got is None:
            got = self._memo[kinds] = tuple(sorted(
                (c for c, k in self._kinds.items() if k in kinds), key=lambda c: (c[1], c[0])))
        return got  # type: ignore[return-value]

    @property
    def slots(self) -> tuple[Cell, ...]:
        """The cells City tiles are laid on in the City phase."""
        return self.cells(CellKind.SLOT)

    @property
    def starts(self) -> tuple[Cell, ...]:
        """The S spaces (EP-2)."""
        return self.cells(CellKind.START)

    @property
    def tile_cells(self) -> tuple[Cell, ...]:
        """Every cell that holds a tile: slots, S spaces and printed tiles."""
        return self.cells(*TILE_CELLS)

    @cached_property
    def seeds(self) -> frozenset[Cell]:
        """The cells holding a tile before the first City phase."""
        return frozenset(self.cells(CellKind.START, CellKind.PRINTED))

    @cached_property
    def printed_cells(self) -> frozenset[Cell]:
        """The cells of the printed tiles."""
        return frozenset(c for c, _ in self.printed)

    def printed_at(self, cell: Cell) -> str | None:
        """The id of the tile printed on this cell, if any."""
        return self._printed.get(cell)

    def cell_of(self, printed_id: str) -> Cell | None:
        """Where a printed tile lies on this side (None when this side lacks it)."""
        return next((c for c, t in self.printed if t == printed_id), None)

    def neighbours(self, cell: Cell) -> tuple[tuple[Edge, Cell], ...]:
        """(edge, cell) for every tile cell across an edge of ``cell``, N first."""
        key = ("neighbours", cell)
        got = self._memo.get(key)
        if got is None:
            out = []
            for e in EDGES:
                n = step(cell, e)
                if self.kind(n) in TILE_CELLS:
                    out.append((e, n))
            got = self._memo[key] = tuple(out)
        return got  # type: ignore[return-value]

    def adjacent(self, a: Cell, b: Cell) -> bool:
        """Whether two tile cells share an edge."""
        return distance(a, b) == 1 and self.kind(a) in TILE_CELLS and self.kind(b) in TILE_CELLS

    def within(self, cell: Cell, lo: int, hi: int) -> tuple[Cell, ...]:
        """The tile cells at a :func:`distance` from ``lo`` to ``hi`` (a Heliport
        flight reaches 1-2, EP-76; the Sewer exactly 2, EP-197)."""
        return tuple(c for c in self.tile_cells if lo <= distance(cell, c) <= hi)

    def water_at(self, cell: Cell) -> Water | None:
        """The Water area this cell belongs to, if any."""
        return next((w for w in self.waters if cell in w.cells), None)

    def shore(self, cell: Cell) -> tuple[tuple[Edge, Water], ...]:
        """(edge, Water area) for every edge of a tile cell that faces water."""
        key = ("shore", cell)
        got = self._memo.get(key)
        if got is None:
            out = []
            for e in EDGES:
                w = self.water_at(step(cell, e))
                if w is not None:
                    out.append((e, w))
            got = self._memo[key] = tuple(out)
        return got  # type: ignore[return-value]

    def legal_slots(self, filled: Iterable[Cell]) -> tuple[Cell, ...]:
        """The free slots touching at least :data:`TOUCH` tiles (EP-48); ``filled``
        holds the slots already laid (S spaces and printed tiles always count)."""
        full = set(filled) | self.seeds
        return tuple(c for c in self.slots
                     if c not in full and sum(n in full for _, n in self.neighbours(c)) >= TOUCH)

    def closure(self, filled: Iterable[Cell] = ()) -> frozenset[Cell]:
        """Every slot that can ever be laid, one legal tile after another.

        Legality only grows as tiles are laid, so every order of legal
        placements ends with exactly these cells filled: when the closure of the
        seeds holds every slot, a legal slot exists until the board is full.
        """
        full = set(filled) | self.seeds
        todo = deque(self.legal_slots(full))
        while todo:
            c = todo.popleft()
            if c in full:
                continue
            full.add(c)
            for _, n in self.neighbours(c):
                if self.kind(n) is CellKind.SLOT and n not in full and \
                        sum(m in full for _, m in self.neighbours(n)) >= TOUCH:
                    todo.append(n)
        return frozenset(full)


# -- pieces -------------------------------------------------------------------------


@dataclass(frozen=True)
class BusinessTile:
    """A Business tile: laid on a Business Location (EP-50); ``group`` of three (EP-121)."""

    id: str
    name: str
    group: str
    source: Source


@dataclass(frozen=True)
class SafeHouseTile:
    """A Safe House tile: laid on a Safe House Location (EP-50); ``keys`` spaces above
    its board space take Keys at setup (EP-12, EP-142)."""

    id: str
    name: str
    keys: int
    source: Source


@dataclass(frozen=True)
class PatrolCard:
    """A Patrol card: the Patrol spaces (Exit numbers) it is laid on (EP-43)."""

    id: str
    spaces: tuple[int, ...]
    source: Source


@dataclass(frozen=True)
class KeySet:
    """The Keys of one colour, matching the Locker stack of that colour (EP-128)."""

    colour: LockerColour
    copies: int
    source: Source


@dataclass(frozen=True)
class Officers:
    """The Police Officers of one colour in the bag (EP-7, EP-GAP-3)."""

    colour: Police
    copies: int
    source: Source


@dataclass(frozen=True)
class Supply:
    """A pile of identical pieces on the board: Gas Cans or Gang Members (EP-8)."""

    copies: int
    source: Source


@dataclass(frozen=True)
class Pieces:
    """Everything that goes on the board besides tiles."""

    businesses: tuple[BusinessTile, ...]
    safe_houses: tuple[SafeHouseTile, ...]
    keys: tuple[KeySet, ...]
    police: tuple[Officers, ...]
    gas_cans: Supply
    gang_members: Supply
    patrol: tuple[PatrolCard, ...]

    def business(self, business_id: str) -> BusinessTile:
        """The Business tile with this id."""
        return find(self.businesses, business_id, "pieces.toml", "business")

    def safe_house(self, safe_house_id: str) -> SafeHouseTile:
        """The Safe House tile with this id."""
        return find(self.safe_houses, safe_house_id, "pieces.toml", "safe_house")

    def groups(self) -> dict[str, tuple[BusinessTile, ...]]:
        """Business tiles by group, in data order."""
        out: dict[str, list[BusinessTile]] = {}
        for b in self.businesses:
            out.setdefault(b.group, []).append(b)
        return {g: tuple(bs) for g, bs in out.items()}

    def key_pile(self) -> tuple[LockerColour, ...]:
        """One item per Key (the engine shuffles them onto the Safe Houses, EP-12)."""
        return tuple(k.colour for k in self.keys for _ in range(k.copies))

    def bag(self) -> tuple[Police, ...]:
        """One item per Police Officer in the bag at setup (EP-4)."""
        return tuple(o.colour for o in self.police for _ in range(o.copies))


def blocked_exits(cards: Iterable[PatrolCard]) -> frozenset[int]:
    """The Patrol spaces holding two or more of these cards: their Exits are blocked
    (EP-44).

    >>> sorted(blocked_exits([PatrolCard("a", (1,), Source.DESIGNED),
    ...                       PatrolCard("b", (1, 2), Source.DESIGNED)]))
    [1]
    """
    n = Counter(s for c in cards for s in c.spaces)
    return frozenset(s for s, k in n.items() if k >= 2)


def patrol_outcomes(cards: tuple[PatrolCard, ...]) -> dict[str, frozenset[int]]:
    """For each card discarded unseen at setup (EP-10), the Exits blocked on Day 3 once
    every other card is revealed (EP-42)."""
    return {c.id: blocked_exits(d for d in cards if d is not c) for c in cards}


# -- the board ----------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """Both board sides, every City tile and printed tile, and the pieces."""

    sides: tuple[Side, ...]
    tiles: tuple[Tile, ...]       # the City tiles
    printed: tuple[Tile, ...]     # tiles printed on the board (on one side or both)
    pieces: Pieces

    def side_for(self, players: int) -> Side:
        """The side used with this many players (EP-1)."""
        for s in self.sides:
            if players in s.players:
                return s
        raise KeyError(f"board.toml: no side for {players} players")

    def side(self, side_id: str) -> Side:
        """The side with this id."""
        return find(self.sides, side_id, "board.toml", "side")

    @cached_property
    def _tile_index(self) -> dict[str, Tile]:
        out: dict[str, Tile] = {}
        for t in self.tiles + self.printed:
            out.setdefault(t.id, t)
        return out

    def tile(self, tile_id: str) -> Tile:
        """A City tile or printed tile by id."""
        got = self._tile_index.get(tile_id)
        return got if got is not None else find(self.tiles + self.printed, tile_id,
                                                "city_tiles.toml", "tile")

    def stack(self, stack: Stack) -> tuple[Tile, ...]:
        """The City tiles of one stack (S: the start tiles), in data order."""
        return tuple(t for t in self.tiles if t.stack is stack)

    def on_side(self, side: Side) -> tuple[Tile, ...]:
        """The printed tiles of a side, then every City tile: all tiles of a game."""
        return tuple(self.tile(t) for _, t in side.printed) + self.tiles

    def location(self, location_id: str) -> tuple[Tile, Location]:
        """The tile showing this Location, and the Location."""
        for t in self.tiles + self.printed:
            for loc in t.locations:
                if loc.id == location_id:
                    return t, loc
        raise KeyError(f"city_tiles.toml: no location {location_id!r}")

    def exit(self, number: int) -> tuple[Tile, Location]:
        """The tile showing Exit ``number``, and the Exit."""
        for t in self.tiles:
            for loc in t.locations:
                if loc.exit == number:
                    return t, loc
        raise KeyError(f"city_tiles.toml: no exit {number}")

    def store(self, store: Store) -> tuple[Tile, Location]:
        """The tile showing Convenience Store ``store``, and the Store."""
        for t in self.tiles + self.printed:
            for loc in t.locations:
                if loc.store is store:
                    return t, loc
        raise KeyError(f"city_tiles.toml: no store {store.value}")


# -- the City as laid ---------------------------------------------------------------

Placed = tuple[Tile, int]
"""A tile on a cell and its quarter turns clockwise (0 to 3)."""


@dataclass(frozen=True)
class Crossing:
    """Two touching Land areas and the MP to step between them (EP-74): 0 for the
    same Land type, 1 for different types."""

    a: AreaRef
    b: AreaRef
    cost: int


def laid(board: Board, side: Side, city: Mapping[Cell, Placed]) -> dict[Cell, Placed]:
    """The City tiles laid so far (``city``) with the side's printed tiles (turn 0)."""
    out = {c: (board.tile(t), 0) for c, t in side.printed}
    out.update(city)
    return out


def crossings(side: Side, tiles: Mapping[Cell, Placed]) -> tuple[Crossing, ...]:
    """Every pair of touching Land areas of the laid ``tiles`` (:func:`laid`): the
    areas of one tile all touch; across a shared edge the two facing areas touch."""
    seen: set[tuple[AreaRef, AreaRef]] = set()
    out = []

    def add(a: AreaRef, b: AreaRef) -> None:
        key = (a, b) if a <= b else (b, a)
        if a != b and key not in seen:
            seen.add(key)
            out.append(Crossing(key[0], key[1], int(a[1] is not b[1])))

    for cell, (tile, turn) in sorted(tiles.items()):
        for x, y in combinations([a.land for a in tile.areas], 2):
            add((cell, x), (cell, y))
        for e, n in side.neighbours(cell):
            if n in tiles and e in (Edge.E, Edge.S):
                other, oturn = tiles[n]
                add((cell, tile.land(e, turn)), (n, other.land(opposite(e), oturn)))
    return tuple(out)


def shores(side: Side, tiles: Mapping[Cell, Placed]) -> dict[str, frozenset[AreaRef]]:
    """Water area id -> the Land areas of the laid tiles whose edge faces it."""
    out: dict[str, set[AreaRef]] = {w.id: set() for w in side.waters}
    for cell, (tile, turn) in tiles.items():
        for e, w in side.shore(cell):
            out[w.id].add((cell, tile.land(e, turn)))
    return {k: frozenset(v) for k, v in out.items()}


def ferried(side: Side, tiles: Mapping[Cell, Placed]) -> frozenset[str]:
    """The Water areas a pawn may enter (EP-70): a tile with a Ferry lies on their
    shore (designed: the Ferry serves every Water area its cell borders)."""
    return frozenset(w.id for cell, (tile, _) in tiles.items() if tile.has(TileIcon.FERRY)
                     for _, w in side.shore(cell))


def anchor(cell: Cell, location: Location) -> AreaRef:
    """The Land area a Location on the tile at ``cell`` opens onto."""
    return cell, location.land


@dataclass(frozen=True)
class Placement:
    """A place for a City tile: the cell, the quarter turns, and whether one of its
    edges matches the Land type of the neighbour it faces (EP-49)."""

    cell: Cell
    turn: int
    matches: bool


def placements(side: Side, tiles: Mapping[Cell, Placed], tile: Tile) -> tuple[Placement, ...]:
    """Every place for ``tile`` on a slot touching :data:`TOUCH` laid tiles (EP-48),
    one per distinct arrangement of its edges (turns that show the same Land types
    on the same edges are one placement, the smallest turn kept)."""
    out = []
    full = set(tiles) | side.seeds
    turns = tile.turns
    for cell in side.legal_slots(full - side.seeds):
        # the Land type each laid neighbour shows towards this cell, by edge index
        facing = [(_EDGE_INDEX[e], tiles[n][0].land(opposite(e), tiles[n][1]))
                  for e, n in side.neighbours(cell) if n in tiles]
        for turn, shown in turns:
            match = any(shown[i] is land for i, land in facing)
            out.append(Placement(cell, turn, match))
    return tuple(out)


def legal_placements(side: Side, tiles: Mapping[Cell, Placed], tile: Tile
                     ) -> tuple[Placement, ...]:
    """The :func:`placements` allowed for ``tile``: those matching a neighbour's Land
    type when any does, else all of them (EP-48, EP-49)."""
    every = placements(side, tiles, tile)
    matching = tuple(p for p in every if p.matches)
    return matching or every
