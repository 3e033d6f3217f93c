"""Loading ``map.toml``, and :func:`board_from`: the map with everything that goes on it.

Every check raises :class:`ContentError` naming the file and the entry
(``map.toml: space 'c8r2': ...``). What the rulebook states is checked against
:mod:`.model`; the designed layout is free to change as long as these checks hold.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from getaway.core.content import Entry, count, entries, only, read, table, unique
from getaway.core.errors import ContentError
from getaway.games.new_york.board import FIXED_KINDS, Board, Bridge, Map, Space
from getaway.games.new_york.load_tiles import (
    bosses_from,
    check_pieces,
    pois_from,
    suburbs_from,
    tiles_from,
)
from getaway.games.new_york.model import (
    BRIDGES,
    DIRS,
    MIN_POI_SPACES,
    RING,
    Beyond,
    Building,
    Dir,
    SpaceKind,
    TileDeck,
    Transport,
)

DATA = Path(__file__).parent / "data"
F = "map.toml"


def _space(e: Entry, cols: int, rows: int) -> Space:
    sid = e.text("id")
    col, row = e.integer("col", 0, cols - 1), e.integer("row", 0, rows - 1)
    if sid != f"c{col}r{row}":
        raise e.fail(f"the id of the space on column {col}, row {row} must be 'c{col}r{row}'")
    kind = e.enum("kind", SpaceKind)
    suburb = e.flag("suburb", False)
    if suburb and kind is not SpaceKind.CITY:
        raise e.fail("only a City (black) space takes a Suburb token")
    transport = e.opt_enum("transport", Transport, (Transport.GULLFIRE, Transport.HELICOPTER))
    if transport is Transport.GULLFIRE and kind is not SpaceKind.WTC:
        raise e.fail("the Gullfire starts on the World Trade Center (NY-21)")
    if transport is Transport.HELICOPTER and kind is not SpaceKind.PARK:
        raise e.fail("the Heliport starts on a Central Park space (NY-22)")
    tile = e.text("tile", None)
    if (kind in FIXED_KINDS) != (tile is not None):
        raise e.fail("the Library, its ring and the WTC, and only they, name their "
                     "printed 'tile' (they are revealed from the start, NY-20)")
    name = e.text("name", None)
    if (tile is None) != (name is not None):
        raise e.fail("a space without a printed 'tile' names the neighbourhood or landmark "
                     "printed on it ('name'); a space with one is named by its tile")
    source = e.source()
    e.done()
    return Space(sid, col, row, kind, suburb, transport, tile, source, name or "")


def _bridge(e: Entry) -> Bridge:
    b = Bridge(e.integer("number", 1, 9), e.text("name"), e.text("space"),
               e.enum("side", Dir), e.source())
    e.done()
    return b


def map_from(raw: dict[str, Any]) -> Map:
    """The map of ``map.toml``, checked."""
    only(raw, F, "board", "space", "bridge")
    b = table(raw, F, "board")
    cols, rows = b.integer("cols", 3, 60), b.integer("rows", 3, 60)
    source = b.source()
    b.done()
    spaces = tuple(_space(e, cols, rows) for e in entries(raw, F, "space", "space"))
    unique(F, "space", [s.id for s in spaces])

    def label(d: dict[str, Any]) -> str | None:
        n = d.get("number")
        return str(n) if isinstance(n, int) else None

    bridges = tuple(_bridge(e) for e in entries(raw, F, "bridge", "bridge", label))
    m = Map(cols, rows, spaces, bridges, source)
    _check_kinds(m)
    _check_bridges(m)
    return m


def _where(s: Space) -> str:
    return f"{F}: space {s.id!r}"


def _check_kinds(m: Map) -> None:
    kinds = [s.kind for s in m.spaces]
    for kind in (SpaceKind.LIBRARY, SpaceKind.WTC):
        count(F, f"{kind.value} spaces", kinds.count(kind), 1)
    count(F, "ring spaces", kinds.count(SpaceKind.RING), RING, "around the Library, NY-20")
    lib = m.library
    around = {d: m.neighbour(lib.id, d) for d in DIRS}
    for d, s in around.items():
        if s is None or s.kind is not SpaceKind.RING:
            raise ContentError(f"{_where(lib)}: the space on its {d.value} side must be a "
                               "ring space: all 6 are on the map and revealed (NY-20)")
    lo, hi = min(s.col for s in m.spaces), max(s.col for s in m.spaces)
    if lib.col != (lo + hi) // 2:
        raise ContentError(f"{_where(lib)}: the Library is in the centre of the map (NY-15), "
                           f"on column {(lo + hi) // 2}")
    for s in m.of_kind(SpaceKind.PARK):
        if s.col <= lib.col:
            raise ContentError(f"{_where(s)}: Central Park's green spaces lie on the right "
                               "side of the map, right of the Library (NY-167)")
    for t in (Transport.GULLFIRE, Transport.HELICOPTER):
        count(F, f"spaces holding the {t.value} counter",
              sum(s.transport is t for s in m.spaces), 1, "NY-21, NY-22")
    heli = m.holding(Transport.HELICOPTER)
    if any(n.kind is not SpaceKind.PARK for _, n in m.neighbours(heli.id)) or \
            len(m.neighbours(heli.id)) != len(DIRS):
        raise ContentError(f"{_where(heli)}: the Heliport starts on the centre of Central "
                           "Park, a space with green spaces on all six sides (NY-22)")
    pois = kinds.count(SpaceKind.POI)
    if pois < MIN_POI_SPACES:
        raise ContentError(f"{F}: there must be at least {MIN_POI_SPACES} POI spaces "
                           f"(the Duke's Camp and 6 more flipped in E-14), found {pois}")
    for s in m.suburbs:
        if not m.coastal(s.id):
            raise ContentError(f"{_where(s)}: Suburb tokens lie on coastal spaces (NY-23), "
                               "but no side of this one faces the river")
    reach = m.distances(lib.id)
    for s in m.spaces:
        if s.id not in reach:
            raise ContentError(f"{_where(s)}: cannot be reached from the Library")


def _check_bridges(m: Map) -> None:
    unique(F, "bridge", [str(b.number) for b in m.bridges])
    count(F, "bridges", len(m.bridges), BRIDGES, "numbered 1 to 4")
    for b in m.bridges:
        where = f"{F}: bridge {b.number}"
        if b.number > len(m.bridges):
            raise ContentError(f"{where}: bridges are numbered 1 to {len(m.bridges)}")
        if b.space not in {s.id for s in m.spaces}:
            raise ContentError(f"{where}: no space {b.space!r}")
        if m.beyond(b.space, b.side) is not Beyond.COAST:
            raise ContentError(f"{where}: it must leave {b.space!r} across the river, but "
                               f"its {b.side.value} side does not face the river")
    unique(F, "bridge start", [f"{b.space} {b.side.value}" for b in m.bridges])


def board_from(root: Path = DATA) -> Board:
    """Read and check ``map.toml``, ``tiles.toml``, ``pois.toml``, ``bosses.toml`` and
    ``suburbs.toml`` in ``root``, each against the others."""
    m = map_from(read(F, root))
    bosses = bosses_from(read("bosses.toml", root))
    pois = pois_from(read("pois.toml", root), bosses)
    tiles = tiles_from(read("tiles.toml", root))
    suburbs = suburbs_from(read("suburbs.toml", root))
    board = Board(m, tiles, pois, bosses, suburbs)
    _check_fixed_tiles(board)
    _check_names(board)
    check_pieces(board)
    return board


def _bare(name: str) -> str:
    low = name.lower()
    return low.removeprefix("the ")


def _check_names(board: Board) -> None:
    """A space's printed name tells it from every other space, tile, POI and bridge."""
    taken = {_bare(x.name): f"tile {x.id!r}" for x in board.tiles}
    taken |= {_bare(p.name): f"POI {p.id!r}" for p in board.pois}
    taken |= {_bare(b.name): f"bridge {b.number}" for b in board.map.bridges}
    for s in board.map.spaces:
        if not s.name:
            continue
        other = taken.get(_bare(s.name))
        if other is not None:
            raise ContentError(f"{_where(s)}: its name {s.name!r} is the name of {other} too")
        taken[_bare(s.name)] = f"space {s.id!r}"


def _check_fixed_tiles(board: Board) -> None:
    by_id = {t.id: t for t in board.tiles}
    used: set[str] = set()
    for s in board.map.spaces:
        if s.tile is None:
            continue
        t = by_id.get(s.tile)
        if t is None:
            raise ContentError(f"{_where(s)}: no tile {s.tile!r} in tiles.toml")
        if t.deck is not TileDeck.FIXED:
            raise ContentError(f"{_where(s)}: tile {s.tile!r} is in the {t.deck.value} deck, "
                               "not a fixed tile")
        if s.tile in used:
            raise ContentError(f"{_where(s)}: tile {s.tile!r} is printed on another space too")
        used.add(s.tile)
        is_library = s.kind is SpaceKind.LIBRARY
        if (t.building is Building.LIBRARY) != is_library:
            raise ContentError(f"tiles.toml: tile {t.id!r}: the Library's tile, and only it, "
                               f"shows the Library building (NY-168); it lies on {s.id!r}")
    for t in board.tiles:
        if t.deck is TileDeck.FIXED and t.id not in used:
            raise ContentError(f"tiles.toml: tile {t.id!r}: a fixed tile no space of "
                               "map.toml names")
