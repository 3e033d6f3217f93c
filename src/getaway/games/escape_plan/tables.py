"""Fixed indices built from CONTENT: cells, movement nodes (Locations, Land areas, Water
areas), tiles, cards; the engine and the action space number things by these tables."""

from __future__ import annotations

from getaway.games.escape_plan.board import Cell, Location, Tile
from getaway.games.escape_plan.content import CONTENT
from getaway.games.escape_plan.effects import Effect
from getaway.games.escape_plan.model import LETTERS, Land, LocationKind, Police

BOARD = CONTENT.board
CARDS = CONTENT.cards
PB = CARDS.board

COLS, ROWS = 6, 5
CELLS: tuple[Cell, ...] = tuple((c, r) for r in range(ROWS) for c in range(COLS))
CELL_INDEX = {c: i for i, c in enumerate(CELLS)}

ALL_TILES: tuple[Tile, ...] = BOARD.tiles + BOARD.printed
TILE = {t.id: t for t in ALL_TILES}
LOCATIONS: tuple[Location, ...] = tuple(loc for t in ALL_TILES for loc in t.locations)
LOC = {loc.id: loc for loc in LOCATIONS}
LOC_TILE = {loc.id: t.id for t in ALL_TILES for loc in t.locations}

# movement nodes: every Location, every (cell, Land) area, every Water area
NODES: tuple[str, ...] = (
    *(f"L:{loc.id}" for loc in LOCATIONS),
    *(f"A:{c}:{r}:{land.value}" for (c, r) in CELLS for land in Land),
    *(f"W:{w}" for w in sorted({w.id for s in BOARD.sides for w in s.waters})),
)
NODE = {n: i for i, n in enumerate(NODES)}
N_LOC = len(LOCATIONS)


def loc_node(loc_id: str) -> int:
    """The node of a Location."""
    got = _LOC_NODE.get(loc_id)
    return got if got is not None else NODE[f"L:{loc_id}"]


def area_node(cell: Cell, land: Land) -> int:
    """The node of a Land area."""
    got = _AREA_NODE.get((cell, land))
    return got if got is not None else NODE[f"A:{cell[0]}:{cell[1]}:{land.value}"]


_LOC_NODE = {loc.id: NODE[f"L:{loc.id}"] for loc in LOCATIONS}
_AREA_NODE = {((c, r), land): NODE[f"A:{c}:{r}:{land.value}"] for (c, r) in CELLS
              for land in Land}


def water_node(water_id: str) -> int:
    """The node of a Water area."""
    return NODE[f"W:{water_id}"]


AREA_OF: dict[int, tuple[Cell, Land]] = {
    area_node(c, land): (c, land) for c in CELLS for land in Land}
WATER_OF: dict[int, str] = {NODE[n]: n[2:] for n in NODES if n.startswith("W:")}
WATERS: tuple[str, ...] = tuple(WATER_OF[i] for i in sorted(WATER_OF))

COLOURS: tuple[Police, ...] = tuple(Police)
THREATS = ("red", "blue", "black", "sandra")
STACK_LETTERS = LETTERS
CONTACT_IDS = tuple(c.id for c in CARDS.contacts)
FIXER_IDS = tuple(f.id for f in CARDS.fixers)
ASSET_IDS = tuple(a.id for a in CARDS.assets)
EQUIP = {e.id: e for e in CARDS.equipment}
EQUIP_IDS = tuple(EQUIP)
LOCKER = {t.id: t for t in CARDS.lockers}
EXIT_TILE = {t.id: t for t in CARDS.exits}
PLAN_IDS = tuple(p.id for p in CARDS.plans)
SANDRA_IDS = tuple(c.id for c in CARDS.sandra)
SANDRA = {c.id: c for c in CARDS.sandra}
PATROL = {p.id: p for p in BOARD.pieces.patrol}
GROUPS = {b.id: b.group for b in BOARD.pieces.businesses}
SUBWAYS = tuple(loc.id for loc in LOCATIONS if loc.kind is LocationKind.SUBWAY)
MAX_ITEMS = PB.items.spaces
MAX_CONTACTS = PB.contacts.spaces
TOP = PB.notoriety.top


_EFFECTS: dict[str, tuple[Effect, ...]] = {}


def effects_of(slot: str) -> tuple[Effect, ...]:
    """The effects of a board slot's content: ``C:``/``F:``/``A:``/``E:`` + id."""
    got = _EFFECTS.get(slot)
    if got is None:
        got = _EFFECTS[slot] = _effects_of(slot)
    return got


def _effects_of(slot: str) -> tuple[Effect, ...]:
    kind, ident = slot[0], slot[2:]
    if kind == "C":
        return CARDS.contact(ident).effects
    if kind == "F":
        return CARDS.fixer(ident).effects
    if kind == "A":
        return CARDS.asset(ident).effects
    if kind == "E":
        return EQUIP[ident].effects
    return ()
