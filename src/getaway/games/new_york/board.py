"""The map of Escape from New York and everything printed for it, as static data.

The map is a grid of offset columns (:func:`~.model.step`): ``map.toml`` lists its
spaces, each a cell of a ``cols`` x ``rows`` board. A grid cell inside the board
that is not a space is river; across a side that leaves the board lies its edge
(:class:`~.model.Beyond`). Manhattan lies on its side: the World Trade Center near
the left (south) tip, the Library in the middle, Central Park at the right.

Roads. Every tile prints roads on some of its six sides and is laid as printed
(never turned). Two neighbouring spaces are *joined* -- a Hero or an Enemy may
cross their shared side -- when both are open to movement (revealed, or a
face-down POI) and either one's tile prints a road on that side
(:func:`joined`). POI tiles, face down or face up, open all six sides
(:data:`ALL_ROADS`), and so does the Library. The road onto a bridge is printed on
the board: it never depends on the bridgehead's tile (:attr:`Map.bridges`).

Which tile lies where, Roadblocks, Manhole partners and the counters' moves are
the state of a game, not of this module.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from getaway.core.content import Source, expand, find
from getaway.games.new_york.effects import Effect, Op
from getaway.games.new_york.model import (
    DIRS,
    Beyond,
    BossEntry,
    BossTrigger,
    Building,
    Dir,
    Icon,
    Module,
    SpaceKind,
    TileDeck,
    Transport,
    direction,
    opposite,
    step,
)

ALL_ROADS = frozenset(DIRS)
"""The roads of a POI tile (face down or up) and of the Library: every side."""

FIXED_KINDS = frozenset({SpaceKind.LIBRARY, SpaceKind.RING, SpaceKind.WTC})
"""Spaces revealed from the start, each with its own printed tile (NY-20)."""


def joined(roads_a: Iterable[Dir], side: Dir, roads_b: Iterable[Dir]) -> bool:
    """Whether two neighbouring open spaces are joined across ``side`` of the first.

    ``roads_a`` are the roads of the first space's tile, ``roads_b`` those of the
    space across ``side``; one road on either tile is enough.

    >>> joined({Dir.N, Dir.S}, Dir.N, set())
    True
    >>> joined({Dir.S}, Dir.N, {Dir.S})
    True
    >>> joined({Dir.S}, Dir.N, {Dir.N})
    False
    >>> joined(set(), Dir.SE, ALL_ROADS)
    True
    """
    return side in set(roads_a) or opposite(side) in set(roads_b)


# -- the map --------------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    """One space of the map.

    ``suburb``: a Suburb token lies on it face down at setup (NY-23);
    ``transport``: the counter it holds at setup (the Gullfire, NY-21, or the
    Heliport, NY-22); ``tile``: the id of its printed tile when it is revealed
    from the start (the Library, its ring and the WTC); ``name``: the neighbourhood
    or landmark printed on a space that shows no tile at the start ("Tribeca"), by
    which players name it (a space with a printed tile is named by its tile).
    """

    id: str
    col: int
    row: int
    kind: SpaceKind
    suburb: bool
    transport: Transport | None
    tile: str | None
    source: Source
    name: str = ""

    @property
    def cell(self) -> tuple[int, int]:
        """(col, row) on the grid."""
        return self.col, self.row

    @property
    def revealed_at_start(self) -> bool:
        """Whether the space shows its tile from the start (NY-20)."""
        return self.kind in FIXED_KINDS

    @property
    def deck(self) -> TileDeck | None:
        """The deck its tile is drawn from when revealed (NY-98, NY-167), if any."""
        return {SpaceKind.CITY: TileDeck.CITY, SpaceKind.PARK: TileDeck.PARK}.get(self.kind)


@dataclass(frozen=True)
class Bridge:
    """A numbered bridge: it leaves ``space`` through ``side``, across the river."""

    number: int
    name: str
    space: str
    side: Dir
    source: Source


@dataclass(frozen=True)
class Map:
    """The spaces of the board, its size and its bridges, with the geometry helpers."""

    cols: int
    rows: int
    spaces: tuple[Space, ...]
    bridges: tuple[Bridge, ...]
    source: Source
    _by_id: dict[str, Space] = field(init=False, repr=False, compare=False)
    _by_cell: dict[tuple[int, int], Space] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {s.id: s for s in self.spaces})
        object.__setattr__(self, "_by_cell", {s.cell: s for s in self.spaces})

    # -- spaces ---------------------------------------------------------------

    def space(self, space_id: str) -> Space:
        """The space with this id."""
        try:
            return self._by_id[space_id]
        except KeyError:
            raise KeyError(f"map.toml: no space {space_id!r}") from None

    def at(self, col: int, row: int) -> Space | None:
        """The space on cell (col, row), if any."""
        return self._by_cell.get((col, row))

    def of_kind(self, kind: SpaceKind) -> tuple[Space, ...]:
        """Every space of this kind, in data order."""
        return tuple(s for s in self.spaces if s.kind is kind)

    @property
    def library(self) -> Space:
        """The Library at the centre, where every Hero starts (NY-15)."""
        return self.of_kind(SpaceKind.LIBRARY)[0]

    @property
    def ring(self) -> tuple[Space, ...]:
        """The six spaces around the Library, clockwise from N (NY-20)."""
        return tuple(s for _, s in self.neighbours(self.library.id))

    @property
    def wtc(self) -> Space:
        """The World Trade Center."""
        return self.of_kind(SpaceKind.WTC)[0]

    def holding(self, transport: Transport) -> Space:
        """The space whose counter at setup is this transport (Gullfire or Heliport)."""
        return next(s for s in self.spaces if s.transport is transport)

    @property
    def suburbs(self) -> tuple[Space, ...]:
        """The spaces that take a face-down Suburb token at setup (NY-23)."""
        return tuple(s for s in self.spaces if s.suburb)

    # -- geometry -------------------------------------------------------------

    def neighbour(self, space_id: str, side: Dir) -> Space | None:
        """The space across ``side`` of this one, if any."""
        s = self.space(space_id)
        return self._by_cell.get(step(s.col, s.row, side))

    def neighbours(self, space_id: str) -> tuple[tuple[Dir, Space], ...]:
        """(side, space) for every space touching this one, clockwise from N."""
        out = []
        for d in DIRS:
            n = self.neighbour(space_id, d)
            if n is not None:
                out.append((d, n))
        return tuple(out)

    def side(self, a: str, b: str) -> Dir | None:
        """The side of space ``a`` that touches space ``b`` (None when not neighbours)."""
        return direction(self.space(a).cell, self.space(b).cell)

    def beyond(self, space_id: str, side: Dir) -> Beyond | None:
        """What lies across ``side`` when it is not a space: the river or the edge."""
        s = self.space(space_id)
        c, r = step(s.col, s.row, side)
        if (c, r) in self._by_cell:
            return None
        return Beyond.COAST if 0 <= c < self.cols and 0 <= r < self.rows else Beyond.EDGE

    def sides_facing(self, space_id: str, what: Beyond) -> tuple[Dir, ...]:
        """The sides of this space that face the river (COAST) or the board's edge."""
        return tuple(d for d in DIRS if self.beyond(space_id, d) is what)

    def coastal(self, space_id: str) -> bool:
        """Whether a side of this space faces the river."""
        return bool(self.sides_facing(space_id, Beyond.COAST))

    def bridge_at(self, space_id: str, side: Dir) -> Bridge | None:
        """The bridge leaving this space through ``side``, if any."""
        return next((b for b in self.bridges if b.space == space_id and b.side is side),
                    None)

    def bridge(self, number: int) -> Bridge:
        """Bridge ``number``."""
        for b in self.bridges:
            if b.number == number:
                return b
        raise KeyError(f"map.toml: no bridge {number}")

    def useless(self, space_id: str, side: Dir) -> bool:
        """Whether a Roadblock on this side would lead nowhere and is not placed (NY-231).

        A side facing the river or the edge is useless, unless a bridge leaves
        there: a Roadblock may close a bridge (NY-232).
        """
        return self.beyond(space_id, side) is not None and self.bridge_at(space_id, side) is None

    def distances(self, start: str) -> dict[str, int]:
        """Spaces from ``start`` over neighbouring spaces, ignoring roads and tiles."""
        dist = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for _, n in self.neighbours(here):
                if n.id not in dist:
                    dist[n.id] = dist[here] + 1
                    todo.append(n.id)
        return dist


# -- tiles, POIs, Bosses and Suburb tokens ----------------------------------------


@dataclass(frozen=True)
class Tile:
    """One map tile as printed (laid unturned).

    ``icons`` are placed when it is revealed (NY-100); a Roadblock icon is not
    among them but is ``roadblock``: the side (one of ``roads``) where a face-up
    Roadblock goes (NY-174). ``module`` names the stretch-goal module that adds
    it to its deck (the Trap tiles, NY-251); ``trap`` is its trap effect, applied
    only when the Trap card drawn is "Triggered" (NY-252).
    """

    id: str
    deck: TileDeck
    name: str
    roads: frozenset[Dir]
    icons: tuple[Icon, ...]
    roadblock: Dir | None
    building: Building | None
    module: Module | None
    trap: tuple[Effect, ...]
    source: Source

    def count(self, icon: Icon) -> int:
        """How many of this icon the tile shows (Roadblock included)."""
        if icon is Icon.ROADBLOCK:
            return int(self.roadblock is not None)
        return self.icons.count(icon)


@dataclass(frozen=True)
class Poi:
    """A Point of Interest tile: face down on a POI space at setup, flipped when a
    Hero moves onto it (NY-104), and its effects resolved at once.

    ``always``: in every game (the others are shuffled and dealt to the POI
    spaces left over); ``icons`` and ``building`` work as on a map tile. Its
    roads are :data:`ALL_ROADS`.
    """

    id: str
    name: str
    always: bool
    effects: tuple[Effect, ...]
    icons: tuple[Icon, ...]
    building: Building | None
    source: Source

    def has(self, op: Op) -> bool:
        """Whether one of its effects is ``op``."""
        return any(e.op is op for e in self.effects)

    @property
    def boss(self) -> str | None:
        """The Boss that enters play here (NY-196), if any."""
        return next((e["boss"] for e in self.effects if e.op is Op.BOSS), None)

    @property
    def case(self) -> int | None:
        """The numbered Case token put here (NY-1, G-8), if any."""
        return next((e["case"] for e in self.effects if e.op is Op.CASE_TOKEN), None)

    @property
    def roads(self) -> frozenset[Dir]:
        """Every side: a POI is open to all its neighbours."""
        return ALL_ROADS


@dataclass(frozen=True)
class BossAbility:
    """A Boss's ability as printed on the New York board: when it fires, what it does
    (``effects``, in the shared vocabulary) and the rule in our words."""

    name: str
    when: BossTrigger
    text: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Boss:
    """A Boss: its Hit Points track, damage, range and movement, how it enters play,
    the Case token it drops when killed (NY-198) and its ability."""

    id: str
    name: str
    hp: int
    damage: int
    range: int
    move: int
    enters: BossEntry
    case: int | None
    ability: BossAbility
    source: Source


@dataclass(frozen=True)
class SuburbToken:
    """A kind of Suburb token: the icon on its face; ``copies`` identical tokens."""

    id: str
    icon: Icon
    copies: int
    source: Source


@dataclass(frozen=True)
class Board:
    """The map and every tile, POI, Boss and Suburb token that goes on it."""

    map: Map
    tiles: tuple[Tile, ...]
    pois: tuple[Poi, ...]
    bosses: tuple[Boss, ...]
    suburbs: tuple[SuburbToken, ...]

    def tile(self, tile_id: str) -> Tile:
        """The tile with this id."""
        return find(self.tiles, tile_id, "tiles.toml", "tile")

    def deck(self, deck: TileDeck, modules: Iterable[Module] = ()) -> tuple[Tile, ...]:
        """The tiles of the City or Central Park deck, with those of the chosen modules,
        in data order (shuffling is the engine's job)."""
        on = set(modules)
        return tuple(t for t in self.tiles
                     if t.deck is deck and (t.module is None or t.module in on))

    def fixed_tile(self, space_id: str) -> Tile:
        """The printed tile of a space revealed from the start."""
        tid = self.map.space(space_id).tile
        if tid is None:
            raise KeyError(f"map.toml: space {space_id!r} has no fixed tile")
        return self.tile(tid)

    def poi(self, poi_id: str) -> Poi:
        """The POI tile with this id."""
        return find(self.pois, poi_id, "pois.toml", "poi")

    def poi_tiles(self, always: bool) -> tuple[Poi, ...]:
        """The POI tiles in every game (True) or dealt at random to the rest (False).

        At setup the ``always`` tiles and as many random others as POI spaces are
        left are shuffled face down onto the POI spaces.
        """
        return tuple(p for p in self.pois if p.always is always)

    @property
    def duke_camp(self) -> Poi:
        """The Duke's Camp, where the President is (NY-128)."""
        return next(p for p in self.pois if p.has(Op.PRESIDENT))

    @property
    def nothing_here(self) -> Poi:
        """Nothing Here, where the Duke enters play (NY-133)."""
        return next(p for p in self.pois if [e.op for e in p.effects] == [Op.NOTHING])

    def boss(self, boss_id: str) -> Boss:
        """The Boss with this id."""
        return find(self.bosses, boss_id, "bosses.toml", "boss")

    def case_holders(self) -> dict[int, str]:
        """Case number -> who puts its token on the map: ``poi:<id>`` or ``boss:<id>``."""
        out = {p.case: f"poi:{p.id}" for p in self.pois if p.case}
        out.update({b.case: f"boss:{b.id}" for b in self.bosses if b.case})
        return dict(sorted(out.items()))

    def suburb_pile(self) -> tuple[SuburbToken, ...]:
        """One item per Suburb token, in data order (the engine shuffles them)."""
        return expand(self.suburbs)
