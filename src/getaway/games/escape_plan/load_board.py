"""Loading ``board.toml``, ``city_tiles.toml`` and ``pieces.toml``: :func:`board_from`.

Every check raises :class:`ContentError` naming the file and the entry
(``board.toml: side 'small': ...``). What the rulebook and the box state is
checked against :mod:`.model`; the designed layout is free to change as long as
these checks hold -- among them, that tiles laid in any legal order always find a
slot touching two tiles (EP-48).
"""

from __future__ import annotations

from collections import Counter, deque
from pathlib import Path
from typing import Any

from getaway.core.content import Entry, count, entries, only, read, table, unique
from getaway.core.errors import ContentError
from getaway.games.escape_plan.board import (
    LEGEND,
    Board,
    BusinessTile,
    Cell,
    KeySet,
    Location,
    Officers,
    PatrolCard,
    Pieces,
    SafeHouseTile,
    Side,
    Supply,
    Tile,
    Water,
    contiguous,
    patrol_outcomes,
    step,
)
from getaway.games.escape_plan.model import (
    BOARD_STORE,
    BUSINESS_TILES,
    CITY_TILES,
    EDGES,
    GANG_MEMBERS_PER_GANG,
    GAS_MAX,
    KEYS,
    LETTERS,
    PATROL_CARDS,
    PLAYERS,
    POLICE_OFFICERS,
    SAFE_HOUSE_TILES,
    SETUP_POLICE_DRAWS,
    STACK_TILES,
    START_TILES,
    TILES_PER_ROUND,
    TOUCH,
    Land,
    LocationKind,
    LockerColour,
    Police,
    Stack,
    Store,
    TileIcon,
)

DATA = Path(__file__).parent / "data"
BOARD, TILES, PIECES = "board.toml", "city_tiles.toml", "pieces.toml"

ONCE = (LocationKind.CHURCH, LocationKind.CLINIC, LocationKind.HOSPITAL)
"""Location kinds found exactly once in every game (on a City tile or printed)."""
PRINTED_KINDS = frozenset({LocationKind.HOSPITAL, LocationKind.STORE, LocationKind.SUBWAY,
                           LocationKind.HELIPORT, LocationKind.CHURCH, LocationKind.CLINIC})
"""What a printed tile may show: no Business, Safe House, Gang or Exit, which come
with City tiles (EP-50, EP-51, EP-45)."""
LAID_LATER = (LocationKind.BUSINESS, LocationKind.SAFE_HOUSE, LocationKind.GANG,
              LocationKind.EXIT)
"""Kinds a start tile may not show: their pieces go on them when a tile is laid in the
City phase (EP-50, EP-51) and Exits come with the stacks."""


# -- tiles (city_tiles.toml, and the printed tiles of board.toml) ---------------------


def _location(e: Entry, tile_id: str, lands: set[Land]) -> Location:
    kind = e.enum("kind", LocationKind)
    land = e.enum("land", Land)
    if land not in lands:
        raise e.fail(f"land {land.value!r} is on none of the tile's edges")
    store = e.opt_enum("store", Store)
    if (kind is LocationKind.STORE) != (store is not None):
        raise e.fail("a Convenience Store, and only it, names its 'store' letter")
    number: int | None = e.integer("exit", 1, 9, None)
    if (kind is LocationKind.EXIT) != (number is not None):
        raise e.fail("an Exit, and only it, names its 'exit' number (its Patrol space, EP-43)")
    e.done()
    return Location(location_id(tile_id, kind, store, number), kind, land, store, number)


def location_id(tile_id: str, kind: LocationKind, store: Store | None, number: int | None
                ) -> str:
    """A Location's id: ``store-A``, ``exit-2``; ``church``, ``clinic``, ``hospital``
    (one in every game); else ``<tile>-<kind>`` (``a2-business``, ``s1-subway``)."""
    if store is not None:
        return f"store-{store.value}"
    if number is not None:
        return f"exit-{number}"
    if kind in ONCE:
        return kind.value
    return f"{tile_id}-{kind.value}"


def _tile(e: Entry, printed: bool) -> tuple[Tile, str | None]:
    tid, name = e.text("id"), e.text("name")
    stack = None if printed else e.enum("stack", Stack)
    mark = e.text("mark") if printed else None
    if mark is not None and (len(mark) != 1 or not mark.isupper() or mark in LEGEND):
        raise e.fail(f"mark must be one capital letter other than S; got {mark!r}")
    edges = e.sub(e.get("edges", dict), "edges")
    lands = tuple(edges.enum(x.value, Land) for x in EDGES)
    edges.done()
    for land in dict.fromkeys(lands):  # in edge order, so errors are stable
        run = [x for x, y in zip(EDGES, lands, strict=True) if y is land]
        if not contiguous(run):
            raise e.fail(f"the {land.value} edges ({', '.join(x.value for x in run)}) must "
                         "run unbroken around the tile: one Land area per type")
    raw = e.get("locations", list, [])
    locs = tuple(_location(e.sub(d, f"location #{i + 1}"), tid, set(lands))
                 for i, d in enumerate(raw))
    kinds = Counter(loc.kind for loc in locs)
    for k, n in kinds.items():
        if n > 1:
            raise e.fail(f"shows {n} {k.value} Locations; a tile has at most one of each")
    icons = e.enums("icons", TileIcon, default=())
    if len(set(icons)) != len(icons):
        raise e.fail("icons lists an icon twice")
    if printed:
        bad = sorted(k.value for k in kinds if k not in PRINTED_KINDS)
        if bad:
            raise e.fail(f"a printed tile cannot show a {bad[0]} (it comes with a City tile)")
        if icons:
            raise e.fail("a printed tile shows no Ferry or Helipad (they come with City tiles)")
    else:
        if LocationKind.HOSPITAL in kinds:
            raise e.fail("the Hospital is printed on the board, not on a City tile (EP-156)")
        if stack is Stack.S:
            bad = sorted(k.value for k in kinds if k in LAID_LATER)
            if bad:
                raise e.fail(f"a start tile cannot show a {bad[0]}: its pieces go on a tile "
                             "laid in the City phase (EP-50, EP-51)")
    for loc in locs:
        if loc.store is BOARD_STORE and not printed:
            raise e.fail(f"Store {BOARD_STORE.value} is printed on the board (EP-5)")
        if loc.store is not None and loc.store is not BOARD_STORE and printed:
            raise e.fail(f"Store {loc.store.value} comes with a City tile; only Store "
                         f"{BOARD_STORE.value} is printed (EP-5)")
    source = e.source()
    e.done()
    return Tile(tid, name, stack, (lands[0], lands[1], lands[2], lands[3]), locs,
                frozenset(icons), source), mark


def tiles_from(raw: dict[str, Any]) -> tuple[Tile, ...]:
    """The City tiles of ``city_tiles.toml``, checked alone."""
    f = TILES
    only(raw, f, "tile")
    tiles = tuple(_tile(e, False)[0] for e in entries(raw, f, "tile", "tile"))
    unique(f, "tile", [t.id for t in tiles])
    count(f, "City tiles", len(tiles), CITY_TILES, "as in the box")
    stacks = Counter(t.stack for t in tiles)
    count(f, "start tiles (stack S)", stacks[Stack.S], START_TILES,
          f"{CITY_TILES} less {len(LETTERS)} stacks of {STACK_TILES}, EP-2")
    for s in LETTERS:
        count(f, f"tiles in stack {s.value}", stacks[s], STACK_TILES,
              f"one laid per round, {TILES_PER_ROUND} a round, EP-47, EP-52")
    kinds = Counter(loc.kind for t in tiles for loc in t.locations)
    count(f, "Business Locations", kinds[LocationKind.BUSINESS], BUSINESS_TILES,
          "one for each Business tile, EP-50")
    count(f, "Safe House Locations", kinds[LocationKind.SAFE_HOUSE], SAFE_HOUSE_TILES,
          "one for each Safe House tile, EP-50")
    stores = [loc.store for t in tiles for loc in t.locations if loc.store is not None]
    for letter in Store:
        if letter is not BOARD_STORE:
            count(f, f"Stores {letter.value}", stores.count(letter), 1, "Stores A to C, EP-97")
    exits = sorted(loc.exit for t in tiles for loc in t.locations if loc.exit is not None)
    if not exits:
        raise ContentError(f"{f}: no City tile shows an Exit (EP-103)")
    if exits != list(range(1, len(exits) + 1)):
        raise ContentError(f"{f}: Exits must be numbered 1 to {len(exits)}, once each; "
                           f"found {exits}")
    if kinds[LocationKind.GANG] == 0:
        raise ContentError(f"{f}: no City tile shows a Gang (EP-51)")
    return tiles


# -- board sides ----------------------------------------------------------------------


def _side(e: Entry) -> Side:
    sid, name = e.text("id"), e.text("name")
    players = e.get("players", list)
    if not players or any(p not in PLAYERS for p in players) or len(set(players)) != len(players):
        raise e.fail(f"players must list player counts from {PLAYERS}, once each; "
                     f"got {players!r}")
    layout = e.strings("layout")
    if len(layout) < 3 or len({len(r) for r in layout}) != 1:
        raise e.fail("layout must be 3 or more rows of equal length")
    for r, line in enumerate(layout):
        for c, ch in enumerate(line):
            if not (ch in LEGEND or ch == " " or ch.isalpha()):
                raise e.fail(f"layout: cell c{c}r{r} is {ch!r}; use '.', 'S', a letter "
                             "or a blank")
    patrol = e.get("patrol", list)
    if not patrol or any(not isinstance(p, int) or isinstance(p, bool) for p in patrol):
        raise e.fail("patrol must list the numbers of its Patrol spaces")
    source = e.source()
    e.done()
    return Side(sid, name, tuple(sorted(players)), tuple(layout), (), (), tuple(patrol),
                source)


def _where(s: Side) -> str:
    return f"{BOARD}: side {s.id!r}"


def _cid(c: Cell) -> str:
    return f"c{c[0]}r{c[1]}"


def _connected(cells: set[Cell]) -> bool:
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, deque([start])
    while todo:
        here = todo.popleft()
        for x in EDGES:
            n = step(here, x)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def _place(side: Side, printed: dict[str, tuple[Tile, str]], waters: list[tuple[Entry, str]]
           ) -> Side:
    """The side with its printed tiles and Water areas resolved from its layout."""
    where = _where(side)
    at: list[tuple[Cell, str]] = []
    by_mark = {mark: t for t, mark in printed.values()}
    seen_marks: dict[str, Cell] = {}
    water_cells: dict[str, set[Cell]] = {}
    for r, line in enumerate(side.layout):
        for c, ch in enumerate(line):
            if ch.isupper() and ch not in LEGEND:
                if ch not in by_mark:
                    raise ContentError(f"{where}: layout: cell {_cid((c, r))} shows {ch!r}, "
                                       "the mark of no [[printed]] tile")
                if ch in seen_marks:
                    raise ContentError(f"{where}: layout: printed tile {by_mark[ch].id!r} "
                                       f"(mark {ch!r}) appears twice")
                seen_marks[ch] = (c, r)
                at.append(((c, r), by_mark[ch].id))
            elif ch.islower():
                water_cells.setdefault(ch, set()).add((c, r))
    listed: list[Water] = []
    for we, mark in waters:
        if mark not in water_cells:
            raise we.fail(f"no cell of side {side.id!r} shows its mark {mark!r}")
        cells = water_cells[mark]
        if not _connected(cells):
            raise we.fail("its cells must touch one another: one body of water")
        listed.append(Water(we.text("id"), we.text("name"), mark, frozenset(cells),
                            we.source()))
        we.done()
    unique(BOARD, f"water of side {side.id!r}", [w.id for w in listed])
    for mark, cells in water_cells.items():
        if mark not in {w.mark for w in listed}:
            first = min(cells, key=lambda x: (x[1], x[0]))
            raise ContentError(f"{where}: layout: cell {_cid(first)} shows {mark!r}, the mark of "
                               f"no [[water]] area of this side")
    return Side(side.id, side.name, side.players, side.layout, tuple(at), tuple(listed),
                side.patrol, side.source)


def _check_side(s: Side, printed: dict[str, Tile], tiles: tuple[Tile, ...]) -> None:
    where = _where(s)
    count(BOARD, f"S spaces on side {s.id!r}", len(s.starts), START_TILES,
          "one for each start tile, EP-2")
    on = [printed[t] for _, t in s.printed]
    locs = [loc for t in on + list(tiles) for loc in t.locations]
    kinds = Counter(loc.kind for loc in locs)
    for k in ONCE:
        if kinds[k] != 1:
            raise ContentError(f"{where}: there must be one {k.value} Location in every "
                               f"game (printed or on a City tile), found {kinds[k]}")
    if sum(loc.store is BOARD_STORE for loc in locs) != 1:
        raise ContentError(f"{where}: Store {BOARD_STORE.value} must be printed on the side "
                           "once (EP-5)")
    lay = len(LETTERS) * STACK_TILES
    if len(s.slots) < lay:
        raise ContentError(f"{where}: {len(s.slots)} slots, but {lay} City tiles are laid "
                           "by the end of Round 3 (EP-47)")
    reach = s.closure()
    for c in s.slots:
        if c not in reach:
            raise ContentError(f"{where}: slot {_cid(c)} can never touch {TOUCH} tiles "
                               "(EP-48): the S spaces and printed tiles must let the City "
                               "grow over every slot")
    for w in s.waters:
        if not any(s.shore(c) and any(x is w for _, x in s.shore(c)) for c in s.tile_cells):
            raise ContentError(f"{where}: water {w.id!r} borders no tile cell")
    exits = sorted(loc.exit for loc in locs if loc.exit is not None)
    if sorted(s.patrol) != exits:
        raise ContentError(f"{where}: patrol must print one Patrol space per Exit, "
                           f"{exits} (EP-43); found {sorted(s.patrol)}")


def sides_from(raw: dict[str, Any], tiles: tuple[Tile, ...]) -> tuple[tuple[Side, ...],
                                                                    tuple[Tile, ...]]:
    """The board sides and the printed tiles of ``board.toml``, checked with the City
    tiles."""
    f = BOARD
    only(raw, f, "side", "printed", "water")
    sides = [_side(e) for e in entries(raw, f, "side", "side")]
    unique(f, "side", [s.id for s in sides])
    printed: dict[str, tuple[Tile, str]] = {}
    for e in entries(raw, f, "printed", "printed"):
        t, mark = _tile(e, True)
        assert mark is not None
        if t.id in printed:
            raise ContentError(f"{f}: printed {t.id!r} appears twice")
        if any(m == mark for _, m in printed.values()):
            raise e.fail(f"mark {mark!r} is another printed tile's")
        printed[t.id] = (t, mark)
    clash = {t.id for t in tiles} & set(printed)
    if clash:
        raise ContentError(f"{f}: printed {sorted(clash)[0]!r} has the id of a City tile")
    waters: dict[str, list[tuple[Entry, str]]] = {}
    ids = {s.id for s in sides}
    for e in entries(raw, f, "water", "water"):
        side = e.text("side")
        if side not in ids:
            raise e.fail(f"no side {side!r}")
        mark = e.text("mark")
        if len(mark) != 1 or not mark.islower():
            raise e.fail(f"mark must be one small letter; got {mark!r}")
        waters.setdefault(side, []).append((e, mark))
    placed = tuple(_place(s, printed, waters.get(s.id, [])) for s in sides)
    for p in PLAYERS:
        n = sum(p in s.players for s in placed)
        if n != 1:
            raise ContentError(f"{f}: {n} sides are for {p} players; each player count "
                               "has exactly one side (EP-1)")
    used = {t for s in placed for _, t in s.printed}
    for tid in printed:
        if tid not in used:
            raise ContentError(f"{f}: printed {tid!r} is on no side's layout")
    tiles_by_id = {k: v[0] for k, v in printed.items()}
    for s in placed:
        _check_side(s, tiles_by_id, tiles)
    return placed, tuple(v[0] for v in printed.values())


# -- pieces.toml ----------------------------------------------------------------------


def _copies(e: Entry, hi: int) -> int:
    n: int = e.integer("copies", 1, hi)
    return n


def pieces_from(raw: dict[str, Any]) -> Pieces:
    """The pieces of ``pieces.toml``, checked alone."""
    f = PIECES
    only(raw, f, "business", "safe_house", "key", "police", "gas_cans", "gang_members",
         "patrol")
    businesses = []
    for e in entries(raw, f, "business", "business"):
        businesses.append(BusinessTile(e.text("id"), e.text("name"), e.text("group"),
                                       e.source()))
        e.done()
    unique(f, "business", [b.id for b in businesses])
    count(f, "Business tiles", len(businesses), BUSINESS_TILES, "as in the box")
    groups = Counter(b.group for b in businesses)
    for g, n in groups.items():
        if n != 3:
            raise ContentError(f"{f}: business group {g!r} has {n} Businesses; a group is "
                               "3 (EP-121)")
    safe = []
    for e in entries(raw, f, "safe_house", "safe_house"):
        safe.append(SafeHouseTile(e.text("id"), e.text("name"), e.integer("keys", 1, KEYS),
                                  e.source()))
        e.done()
    unique(f, "safe_house", [s.id for s in safe])
    count(f, "Safe House tiles", len(safe), SAFE_HOUSE_TILES, "as in the box")
    count(f, "Key spaces above the Safe Houses", sum(s.keys for s in safe), KEYS,
          "one for each Key, EP-12")

    def colour(d: dict[str, Any]) -> str | None:
        c = d.get("colour")
        return repr(c) if isinstance(c, str) else None

    keys = []
    for e in entries(raw, f, "key", "key", colour):
        keys.append(KeySet(e.enum("colour", LockerColour), _copies(e, KEYS), e.source()))
        e.done()
    unique(f, "key colour", [k.colour.value for k in keys])
    for lc in LockerColour:
        if lc not in {k.colour for k in keys}:
            raise ContentError(f"{f}: no {lc.value} Key, so the {lc.value} Lockers could "
                               "never be opened with a matching Key (EP-128)")
    count(f, "Keys", sum(k.copies for k in keys), KEYS, "as in the box")
    police = []
    for e in entries(raw, f, "police", "police", colour):
        police.append(Officers(e.enum("colour", Police), _copies(e, POLICE_OFFICERS),
                               e.source()))
        e.done()
    unique(f, "police colour", [p.colour.value for p in police])
    for pc in Police:
        if pc not in {p.colour for p in police}:
            raise ContentError(f"{f}: no {pc.value} officer (EP-7)")
    count(f, "Police Officers", sum(p.copies for p in police), POLICE_OFFICERS,
          "as in the box")
    ge = table(raw, f, "gas_cans")
    gas = Supply(_copies(ge, 99), ge.source())
    ge.done()
    if gas.copies < GAS_MAX * max(PLAYERS):
        raise ge.fail(f"copies must let every player hold {GAS_MAX} (EP-123): at least "
                     f"{GAS_MAX * max(PLAYERS)}")
    m = table(raw, f, "gang_members")
    gang = Supply(_copies(m, 99), m.source())
    m.done()
    cards = []
    for e in entries(raw, f, "patrol", "patrol"):
        spaces = e.get("spaces", list)
        if not 1 <= len(spaces) <= 2 or len(set(spaces)) != len(spaces) or \
                any(not isinstance(x, int) or isinstance(x, bool) for x in spaces):
            raise e.fail("spaces must name 1 or 2 different Patrol spaces (EP-43)")
        cards.append(PatrolCard(e.text("id"), tuple(spaces), e.source()))
        e.done()
    unique(f, "patrol", [c.id for c in cards])
    count(f, "Patrol cards", len(cards), PATROL_CARDS, "1 discarded, 2 + 2 + 1 revealed, "
          "EP-42")
    return Pieces(tuple(businesses), tuple(safe), tuple(keys), tuple(police), gas, gang,
                  tuple(cards))


def _check_pieces(board: Board) -> None:
    p, f = board.pieces, PIECES
    gangs = sum(t.has(LocationKind.GANG) for t in board.tiles)
    count(f, "Gang Members", p.gang_members.copies, GANG_MEMBERS_PER_GANG * gangs,
          f"{GANG_MEMBERS_PER_GANG} for each of the {gangs} Gangs of {TILES}, EP-51")
    draws = SETUP_POLICE_DRAWS + 2 * TILES_PER_ROUND * (STACK_TILES - 1)
    if draws > POLICE_OFFICERS:
        raise ContentError(f"{f}: {draws} officers are drawn in a game, more than the bag "
                           "holds")
    exits = {loc.exit for t in board.tiles for loc in t.locations if loc.exit is not None}
    for c in p.patrol:
        for x in c.spaces:
            if x not in exits:
                raise ContentError(f"{f}: patrol {c.id!r}: no Patrol space {x} (the Exits "
                                   f"are {sorted(exits)})")
    outcomes = patrol_outcomes(p.patrol)
    for discarded, blocked in outcomes.items():
        if blocked >= exits:
            raise ContentError(f"{f}: when {discarded!r} is discarded at setup, every Exit "
                               "is blocked by Day 3 and nobody can escape (EP-44, EP-103)")
    if not any(outcomes.values()):
        raise ContentError(f"{f}: no Exit is ever blocked: the Patrol cards must name some "
                           "Patrol space twice (EP-44)")


def board_from(root: Path = DATA) -> Board:
    """Read and check ``city_tiles.toml``, ``board.toml`` and ``pieces.toml`` in
    ``root``, each against the others."""
    tiles = tiles_from(read(TILES, root))
    sides, printed = sides_from(read(BOARD, root), tiles)
    pieces = pieces_from(read(PIECES, root))
    board = Board(sides, tiles, printed, pieces)
    _check_pieces(board)
    return board


__all__ = ["DATA", "board_from", "location_id", "pieces_from", "sides_from", "tiles_from"]
