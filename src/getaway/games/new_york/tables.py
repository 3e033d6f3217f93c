"""Index tables built once from :data:`~.content.CONTENT`: every component as a small int.

The engine's state holds only ints and lists of ints; these tables give them
meaning. Numbering:

* spaces: their position in ``Map.spaces`` (as :func:`.routes.space_index`);
  sides 0-5 in :data:`~.model.DIRS` order (N, NE, SE, S, SW, NW);
* roads: a 6-bit mask per space, bit ``d`` for side ``d``;
* edges: one id per road between two spaces or onto a bridge, where a Roadblock
  can lie (sides facing only the river or the edge have none, NY-231);
* Enemies: Prisoner tokens 0-39, Car figures 40-43, Bosses 44-46 (in
  ``bosses.toml`` order), so an Enemy id is one int (``ENEMY_IDS``);
* supply cards: an Item kind (its position in ``Cards.items``), then the Case
  cards (``CASE0 + i``), then the President (``PRESIDENT``);
* Action cards, objectives, Timer tiles, Events, New York cards: their position
  in the matching ``Cards`` tuple.
"""

from __future__ import annotations

from getaway.games.new_york.cards import BRACELET, TAPE
from getaway.games.new_york.content import CONTENT
from getaway.games.new_york.effects import Effect, Op
from getaway.games.new_york.model import (
    CAR_CARDS,
    DIRS,
    HEROES,
    NOISE_MAX,
    PRISONERS,
    RED_BASES,
    ActionSet,
    Building,
    Colour,
    Icon,
    ItemKind,
    SpaceKind,
    TileDeck,
    Transport,
    opposite,
)

BOARD = CONTENT.board
MAP = BOARD.map
CARDS = CONTENT.cards

# -- spaces and sides ---------------------------------------------------------------

N_SPACES = len(MAP.spaces)
SPACE_IDS: tuple[str, ...] = tuple(s.id for s in MAP.spaces)
SPACE_INDEX = {sid: i for i, sid in enumerate(SPACE_IDS)}
KIND: tuple[SpaceKind, ...] = tuple(s.kind for s in MAP.spaces)
SIDE_IDS: tuple[str, ...] = tuple(d.value for d in DIRS)
SIDE_INDEX = {d: i for i, d in enumerate(SIDE_IDS)}
OPP: tuple[int, ...] = tuple(DIRS.index(opposite(d)) for d in DIRS)
ALL_SIDES = 0b111111


def _neigh() -> tuple[tuple[int, ...], ...]:
    out = []
    for s in MAP.spaces:
        row = []
        for d in DIRS:
            n = MAP.neighbour(s.id, d)
            row.append(SPACE_INDEX[n.id] if n is not None else -1)
        out.append(tuple(row))
    return tuple(out)


NEIGH = _neigh()
"""NEIGH[space][side]: the space across that side, or -1."""
ADJ: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in row if n >= 0) for row in NEIGH)
"""The neighbouring spaces of each space, clockwise from N."""
SIDE_OF: dict[tuple[int, int], int] = {(a, NEIGH[a][d]): d for a in range(N_SPACES)
                                       for d in range(6) if NEIGH[a][d] >= 0}
"""(a, b) -> the side of ``a`` facing its neighbour ``b``."""

LIBRARY = SPACE_INDEX[MAP.library.id]
WTC = SPACE_INDEX[MAP.wtc.id]
HELIPORT = SPACE_INDEX[MAP.holding(Transport.HELICOPTER).id]
RING: tuple[int, ...] = tuple(SPACE_INDEX[s.id] for s in MAP.ring)
POI_SPACES: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k is SpaceKind.POI)
PARK_SPACES: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k is SpaceKind.PARK)
SUBURB_SPACES: tuple[int, ...] = tuple(SPACE_INDEX[s.id] for s in MAP.suburbs)
FIXED_SPACES: tuple[int, ...] = tuple(i for i, s in enumerate(MAP.spaces)
                                      if s.revealed_at_start)
EMPTY_KINDS = (SpaceKind.CITY, SpaceKind.PARK)
"""Spaces that start empty and take a tile when revealed (NY-98)."""
POI_MASK = sum(1 << p for p in POI_SPACES)

# bridges: number -> (space, side); and per (space, side)
BRIDGES: dict[int, tuple[int, int]] = {
    b.number: (SPACE_INDEX[b.space], DIRS.index(b.side)) for b in MAP.bridges}
BRIDGE_NUMBERS: tuple[int, ...] = tuple(sorted(BRIDGES))
BRIDGE_AT: dict[tuple[int, int], int] = {v: k for k, v in BRIDGES.items()}


def _edges() -> tuple[tuple[tuple[int, ...], ...], int]:
    """EDGE[space][side] -> edge id or -1 (a useless side, NY-231)."""
    table = [[-1] * 6 for _ in range(N_SPACES)]
    n = 0
    for a in range(N_SPACES):
        for d in range(6):
            b = NEIGH[a][d]
            if b >= 0:
                if a < b:
                    table[a][d] = n
                    table[b][OPP[d]] = n
                    n += 1
            elif (a, d) in BRIDGE_AT:
                table[a][d] = n
                n += 1
    return tuple(tuple(r) for r in table), n


EDGE, N_EDGES = _edges()
"""EDGE[space][side]: the road's id for Roadblocks (-1: nowhere to go, NY-231)."""
EDGE_ENDS: tuple[tuple[int, int], ...] = tuple(
    next((a, d) for a in range(N_SPACES) for d in range(6) if EDGE[a][d] == e)
    for e in range(N_EDGES))
"""EDGE_ENDS[edge]: one (space, side) it lies on."""

# -- map tiles, POIs, Suburb tokens -----------------------------------------------------

TILES = BOARD.tiles
TILE_IDS: tuple[str, ...] = tuple(t.id for t in TILES)
TILE_INDEX = {t: i for i, t in enumerate(TILE_IDS)}


def _mask(sides: frozenset[object] | tuple[object, ...]) -> int:
    return sum(1 << DIRS.index(d) for d in sides)  # type: ignore[arg-type]


TILE_ROADS: tuple[int, ...] = tuple(_mask(t.roads) for t in TILES)
TILE_PRISONERS: tuple[int, ...] = tuple(t.icons.count(Icon.PRISONER) for t in TILES)
TILE_ITEMS: tuple[int, ...] = tuple(t.icons.count(Icon.ITEM) for t in TILES)
TILE_CAR: tuple[bool, ...] = tuple(Icon.CAR in t.icons for t in TILES)
TILE_EVENT: tuple[bool, ...] = tuple(Icon.EVENT in t.icons for t in TILES)
TILE_MANHOLE: tuple[bool, ...] = tuple(Icon.MANHOLE in t.icons for t in TILES)
TILE_ROADBLOCK: tuple[int, ...] = tuple(DIRS.index(t.roadblock) if t.roadblock else -1
                                        for t in TILES)
TILE_BUILDING: tuple[Building | None, ...] = tuple(t.building for t in TILES)
TILE_TRAP: tuple[tuple[Effect, ...], ...] = tuple(t.trap for t in TILES)
TILE_DECK: tuple[TileDeck, ...] = tuple(t.deck for t in TILES)
FIXED_TILE: dict[int, int] = {i: TILE_INDEX[BOARD.fixed_tile(SPACE_IDS[i]).id]
                              for i in FIXED_SPACES}

POIS = BOARD.pois
POI_IDS: tuple[str, ...] = tuple(p.id for p in POIS)
POI_INDEX = {p: i for i, p in enumerate(POI_IDS)}
POI_ITEMS: tuple[int, ...] = tuple(p.icons.count(Icon.ITEM) for p in POIS)
POI_PRISONERS: tuple[int, ...] = tuple(p.icons.count(Icon.PRISONER) for p in POIS)
POI_MANHOLE: tuple[bool, ...] = tuple(Icon.MANHOLE in p.icons for p in POIS)
POI_EVENT: tuple[bool, ...] = tuple(Icon.EVENT in p.icons for p in POIS)
POI_BUILDING: tuple[Building | None, ...] = tuple(p.building for p in POIS)
DUKE_CAMP = POI_INDEX[BOARD.duke_camp.id]
NOTHING_HERE = POI_INDEX[BOARD.nothing_here.id]
POI_ALWAYS: tuple[int, ...] = tuple(i for i, p in enumerate(POIS) if p.always)
POI_RANDOM: tuple[int, ...] = tuple(i for i, p in enumerate(POIS) if not p.always)

SUBURB_PILE: tuple[Icon, ...] = tuple(t.icon for t in BOARD.suburb_pile())
"""One icon per Suburb token (the state numbers tokens by position here)."""

# -- Bosses and Enemies ---------------------------------------------------------------

BOSSES = BOARD.bosses
BOSS_IDS: tuple[str, ...] = tuple(b.id for b in BOSSES)
BOSS_INDEX = {b: i for i, b in enumerate(BOSS_IDS)}
N_BOSSES = len(BOSSES)
DUKE = BOSS_INDEX["duke"]
N_PRISONER_TOKENS = PRISONERS
N_CARS = RED_BASES
CAR0 = N_PRISONER_TOKENS
BOSS0 = CAR0 + N_CARS
N_ENEMIES = BOSS0 + N_BOSSES
ENEMY_IDS: tuple[str, ...] = (tuple(f"p{i + 1}" for i in range(N_PRISONER_TOKENS))
                              + tuple(f"car{i + 1}" for i in range(N_CARS)) + BOSS_IDS)
ENEMY_INDEX = {e: i for i, e in enumerate(ENEMY_IDS)}
BOSS_POI: dict[int, int] = {BOSS_INDEX[p.boss]: i for i, p in enumerate(POIS) if p.boss}
"""Boss -> the POI tile where it enters play."""

# -- cards -------------------------------------------------------------------------------

ACTIONS = CARDS.actions
ACTION_IDS: tuple[str, ...] = tuple(c.id for c in ACTIONS)
ACTION_INDEX = {c: i for i, c in enumerate(ACTION_IDS)}
HERO_IDS: tuple[str, ...] = tuple(h.value for h in HEROES)
HERO_INDEX = {h: i for i, h in enumerate(HERO_IDS)}
HERO_NAMES: tuple[str, ...] = tuple(CARDS.hero(h).name for h in HEROES)
BASIC: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, c in enumerate(ACTIONS) if c.hero is h and c.set is ActionSet.BASIC)
    for h in HEROES)
"""BASIC[hero]: the starting hand (NY-10)."""
SPECIALS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, c in enumerate(ACTIONS) if c.hero is h and c.set is ActionSet.SPECIAL)
    for h in HEROES)
EXTRAS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, c in enumerate(ACTIONS) if c.hero is h and c.set is ActionSet.EXTRA)
    for h in HEROES)
ACTION_HERO: tuple[int, ...] = tuple(HEROES.index(c.hero) for c in ACTIONS)
ACTION_NOISE: tuple[int, ...] = tuple(c.noise for c in ACTIONS)
ABILITY = CARDS.ability
MODES = ("attack", "move")

ITEMS = CARDS.items
ITEM_IDS: tuple[str, ...] = tuple(i.id for i in ITEMS)
ITEM_INDEX = {i: k for k, i in enumerate(ITEM_IDS)}
N_ITEMS = len(ITEMS)
ITEM_KIND: tuple[ItemKind, ...] = tuple(i.kind for i in ITEMS)
STARTING: tuple[tuple[int, ...], ...] = tuple(
    tuple(ITEM_INDEX[x] for x in CARDS.hero(h).starting) for h in HEROES)
TAXI_ITEM = ITEM_INDEX["taxi"]
CAR_ITEM = ITEM_INDEX["car"]
USABLE: tuple[int, ...] = tuple(k for k, i in enumerate(ITEMS) if i.kind is ItemKind.ITEM)
WEAPONS: tuple[int, ...] = tuple(k for k, i in enumerate(ITEMS) if i.kind is ItemKind.WEAPON)
DIAGRAM_OF: dict[int, int] = {i.bridge: k for k, i in enumerate(ITEMS)
                              if i.kind is ItemKind.DIAGRAM}
"""Bridge number -> its Diagram's item kind."""
SUPPLY_ITEMS: tuple[int, ...] = tuple(k for k, i in enumerate(ITEMS) if i.kind is not ItemKind.CAR)
"""Item kinds that can lie in a personal supply."""

CASES = CARDS.cases
CASE_IDS: tuple[str, ...] = tuple(c.id for c in CASES)
CASE0 = N_ITEMS
PRESIDENT = CASE0 + len(CASES)
N_CODES = PRESIDENT + 1
TAPE_CODE = CASE0 + CASE_IDS.index(TAPE)
CODE_IDS: tuple[str, ...] = (*ITEM_IDS, *CASE_IDS, CARDS.president.id)
CODE_INDEX = {c: i for i, c in enumerate(CODE_IDS)}
CODE_NAMES: tuple[str, ...] = (*(i.name for i in ITEMS), *(c.name for c in CASES),
                               CARDS.president.name)
BRACELET_CODES = frozenset(CASE0 + i for i, c in enumerate(CASES)
                           if BRACELET in (c.id, c.replaces))
N_CASE_SLOTS = 4
CASE_HOLDERS = BOARD.case_holders()

OBJECTIVES = CARDS.objectives
OBJECTIVE_IDS: tuple[str, ...] = tuple(o.id for o in OBJECTIVES)
OBJECTIVE_INDEX = {o: i for i, o in enumerate(OBJECTIVE_IDS)}
COLOURS = (Colour.BLUE, Colour.PURPLE)
COLOUR_IDS = ("blue", "purple")
OBJ_COLOUR: tuple[int, ...] = tuple(COLOURS.index(o.colour) for o in OBJECTIVES)
OBJ_TRANSPORT: tuple[Transport | None, ...] = tuple(o.transport for o in OBJECTIVES)


def _obj_codes(card: str | None) -> frozenset[int]:
    if card is None or card == "wanted":
        return frozenset()
    if card == BRACELET:
        return BRACELET_CODES
    return frozenset({CODE_INDEX[card]})


OBJ_CODES: tuple[frozenset[int], ...] = tuple(_obj_codes(o.card) for o in OBJECTIVES)
OBJ_WANTED: tuple[bool, ...] = tuple(o.card == "wanted" for o in OBJECTIVES)

BARS = CARDS.bars
BAR_PRISONERS: tuple[int, ...] = tuple(b.prisoners for b in BARS)
BAR_ITEMS: tuple[int, ...] = tuple(b.items for b in BARS)
TEXTURES: tuple[str, ...] = CARDS.textures()
TEXTURE_BARS: tuple[tuple[int, ...], ...] = tuple(
    tuple(BARS.index(b) for b in CARDS.bars_of(t)) for t in TEXTURES)
LEVELS = CARDS.levels

TIMERS = CARDS.timers
TIMER_IDS: tuple[str, ...] = tuple(t.id for t in TIMERS)
TIMER_INDEX = {t: i for i, t in enumerate(TIMER_IDS)}
EVENTS = CARDS.events
EVENT_IDS: tuple[str, ...] = tuple(e.id for e in EVENTS)
EVENT_INDEX = {e: i for i, e in enumerate(EVENT_IDS)}
TRACK = CARDS.event_track
NY = CARDS.new_york
NY_IDS: tuple[str, ...] = tuple(c.id for c in NY)
NY_INDEX = {c: i for i, c in enumerate(NY_IDS)}
NY_PULL: tuple[int, ...] = tuple(_mask(c.pull) for c in NY)
NY_ROADBLOCK: tuple[int, ...] = tuple(DIRS.index(c.roadblock) for c in NY)
NY_COST: tuple[int, ...] = tuple(c.cost for c in NY)

# -- counts -------------------------------------------------------------------------------

NOISE_TOP = NOISE_MAX
N_CAR_CARDS = CAR_CARDS
SEATS = 4
SUPPLY_SLOTS = 4
"""A supply holds 3 cards, and a 4th for a moment before the forced discard (NY-122)."""


def effects_of(op: Op, effects: tuple[Effect, ...]) -> bool:
    """Whether ``op`` is among ``effects``."""
    return any(e.op is op for e in effects)
