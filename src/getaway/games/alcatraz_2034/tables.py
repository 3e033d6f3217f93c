"""Alcatraz 2034 as small integers: the content turned into index tables for the engine.

Spaces are numbered in ``board.toml`` order; abilities 0-2 (Smarts, Toughness,
Skills), Escape decks 0-3 (the three abilities, then System), Run methods 0-3
(swim, boat, air, tunnel), ways of moving 1-3 (sneak, walk, run; 0 is "no
marker"). Escape cards, Sentinel cards, building tiles and System tiles are
numbered by kind (identical copies are the same number); Run cards and Run
tiles each have their own number. Everything here is computed once at import.
"""

from __future__ import annotations

from getaway.games.alcatraz_2034.content import CONTENT
from getaway.games.alcatraz_2034.model import (
    ABILITIES,
    AfterRun,
    BuildingSymbol,
    Combine,
    EffectKind,
    EscapeDeck,
    Movement,
    RouteColour,
    RunMethod,
    SentinelCardKind,
    SpaceKind,
    TileColour,
)

BOARD = CONTENT.board

# -- spaces -------------------------------------------------------------------

SPACE_IDS: tuple[str, ...] = tuple(s.id for s in BOARD.spaces)
N_SPACES = len(SPACE_IDS)
SPACE_INDEX = {sid: i for i, sid in enumerate(SPACE_IDS)}
KIND: tuple[SpaceKind, ...] = tuple(s.kind for s in BOARD.spaces)
SINGLE = tuple(not k.holds_many for k in KIND)
"""Spaces that hold at most one prisoner: ordinary, safe and red start spaces."""
SAFE = tuple(k is SpaceKind.SAFE for k in KIND)
CELL = SPACE_INDEX[BOARD.cell_block.id]
TUNNEL = SPACE_INDEX[BOARD.tunnel.id]
ADJ: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
    tuple((j, c is RouteColour.YELLOW) for j, c in row) for row in BOARD.adjacency)
"""Per space: (neighbour, whether the route there is yellow)."""
BUILDINGS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k is SpaceKind.BUILDING)
BUILDING_SLOT = tuple(BUILDINGS.index(i) if i in BUILDINGS else -1 for i in range(N_SPACES))
RUN_SPACES: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k is SpaceKind.RUN)
RUN_SLOT = tuple(RUN_SPACES.index(i) if i in RUN_SPACES else -1 for i in range(N_SPACES))
RED_SPACES: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k is SpaceKind.SENTINEL)
SAFE_MASK = sum(1 << i for i in range(N_SPACES) if SAFE[i])
SINGLE_MASK = sum(1 << i for i in range(N_SPACES) if SINGLE[i])
DRONE_MASK = sum(1 << i for i in range(N_SPACES)
                 if KIND[i] in (SpaceKind.NORMAL, SpaceKind.SENTINEL, SpaceKind.RUN))
"""Spaces where a drone swarm can find a prisoner: neither building, safe space,
cell block nor tunnel space."""

# -- abilities, decks, methods, ways of moving ------------------------------------

N_ABILITIES = 3
ABILITY_IDS: tuple[str, ...] = tuple(a.value for a in ABILITIES)
DECKS: tuple[EscapeDeck, ...] = tuple(EscapeDeck)
DECK_IDS: tuple[str, ...] = tuple(d.value for d in DECKS)
METHODS: tuple[RunMethod, ...] = (RunMethod.SWIM, RunMethod.BOAT, RunMethod.AIR,
                                  RunMethod.TUNNEL)
METHOD_IDS: tuple[str, ...] = tuple(m.value for m in METHODS)
SWIM, BOAT, AIR, TUNNEL_RUN = range(4)
NO_MARK, SNEAK, WALK, RUN = range(4)
WAYS: tuple[Movement, ...] = (Movement.SNEAK, Movement.WALK, Movement.RUN)
WAY_IDS: tuple[str, ...] = ("", *(w.value for w in WAYS))
"""Indexed by marker: '' (none), 'sneak', 'walk', 'run'."""
STEPS = (0, *(CONTENT.movement(w).steps for w in WAYS))
MODIFIER = (0, *(CONTENT.movement(w).attack_modifier for w in WAYS))
ENDS_SAFE = (True, *(CONTENT.movement(w).may_end_on_safe for w in WAYS))
PASSES_SENTINELS = (True, *(CONTENT.movement(w).passes_sentinels for w in WAYS))
RUN_METHOD_OF_SLOT = tuple(METHODS.index(RunMethod(str(BOARD.spaces[i].method)))
                           for i in RUN_SPACES)

# -- Escape cards (by kind) ------------------------------------------------------

ESC = CONTENT.escape_cards
N_ESC = len(ESC)
ESC_IDS: tuple[str, ...] = tuple(c.id for c in ESC)
ESC_INDEX = {cid: i for i, cid in enumerate(ESC_IDS)}
ESC_DECK = tuple(DECKS.index(c.deck) for c in ESC)
ESC_EFFECT: tuple[EffectKind, ...] = tuple(c.effect.kind for c in ESC)
ESC_ABILITY = tuple(-1 if c.effect.ability is None else ABILITIES.index(c.effect.ability)
                    for c in ESC)
DECK_KINDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, c in enumerate(ESC) for _ in range(c.copies) if c.deck is d) for d in DECKS)
"""Per Escape deck: one kind number per physical card."""
START_CARDS: tuple[int, ...] = tuple(k for k, e in enumerate(ESC_EFFECT)
                                     if e is EffectKind.START_RUN)
START_METHOD = tuple(-1 if ESC[k].effect.method is None
                     else METHODS.index(ESC[k].effect.method) for k in range(N_ESC))

# -- Run cards (each its own number) ------------------------------------------------

RUNC = CONTENT.run_cards
N_RUNC = len(RUNC)
RUNC_IDS: tuple[str, ...] = tuple(c.id for c in RUNC)
RUNC_METHOD = tuple(METHODS.index(c.deck) for c in RUNC)
RUNC_RED = tuple(c.red for c in RUNC)
RUNC_ABILITIES = tuple(tuple(ABILITIES.index(a) for a in c.abilities) for c in RUNC)
RUNC_SUM = tuple(c.combine is Combine.SUM for c in RUNC)
RUNC_BACK = tuple(c.after_run is AfterRun.SHUFFLE_BACK for c in RUNC)

# -- Sentinel cards, sentinels, System tiles ---------------------------------------------

SC = CONTENT.sentinel_cards
SC_IDS: tuple[str, ...] = tuple(c.id for c in SC)
SC_KIND: tuple[SentinelCardKind, ...] = tuple(c.kind for c in SC)
SC_ABILITY = tuple(-1 if c.ability is None else ABILITIES.index(c.ability) for c in SC)
SENTINEL_DECK: tuple[int, ...] = tuple(k for k, c in enumerate(SC) for _ in range(c.copies))
SENTINEL_SYMBOLS: tuple[int, ...] = tuple(ABILITIES.index(p.ability)
                                          for p in CONTENT.sentinel_pile())
N_SENTINELS = len(SENTINEL_SYMBOLS)
SYS = CONTENT.system_board
ROWS: tuple[TileColour, ...] = tuple(r.colour for r in SYS.rows)
ROW_IDS: tuple[str, ...] = tuple(c.value for c in ROWS)
ROW_SPACES = tuple(r.spaces for r in SYS.rows)
ROW_ABILITY = tuple(ABILITIES.index(r.ability) for r in SYS.rows)
GREY = len(ROWS)
TILE_KINDS = CONTENT.system_tiles
TILE_IDS: tuple[str, ...] = tuple(t.id for t in TILE_KINDS)
TILE_ROW = tuple(GREY if t.colour is TileColour.GREY else ROWS.index(t.colour)
                 for t in TILE_KINDS)
TILE_ABILITY = tuple(ABILITIES.index(t.ability) for t in TILE_KINDS)
TILE_PILE: tuple[int, ...] = tuple(k for k, t in enumerate(TILE_KINDS) for _ in range(t.copies))
KNOWN = 64
"""Added to a System tile number in a stack when everybody knows which tile it is."""

# -- building tiles and Run tiles ------------------------------------------------------

BT = CONTENT.building_tiles
BT_IDS: tuple[str, ...] = tuple(t.id for t in BT)
BT_SYMBOL: tuple[BuildingSymbol, ...] = tuple(t.symbol for t in BT)
BT_DECK = tuple(-1 if t.escape_deck is None else DECKS.index(t.escape_deck) for t in BT)
BT_PILE: tuple[int, ...] = tuple(k for k, t in enumerate(BT) for _ in range(t.copies))
TUNNEL_TILE = next(k for k, t in enumerate(BT) if t.symbol is BuildingSymbol.TUNNEL)
HELIPAD_TILE = next(k for k, t in enumerate(BT) if t.symbol is BuildingSymbol.HELIPAD)
HELIPAD_CARDS = BT[HELIPAD_TILE].run_cards
TUNNEL_CARDS = BT[TUNNEL_TILE].run_cards
RT = CONTENT.run_tiles
RT_IDS: tuple[str, ...] = tuple(t.id for t in RT)
RT_METHOD = tuple(METHODS.index(t.method) for t in RT)
RT_CARDS = tuple(t.cards for t in RT)
FACE_DOWN, FACE_UP, SET_ASIDE = range(3)
"""States of a Run tile beside its Run space."""

# -- characters ---------------------------------------------------------------------------

PRISONER_IDS: tuple[str, ...] = tuple(p.id for p in CONTENT.prisoners)
PRISONER_INDEX = {pid: i for i, pid in enumerate(PRISONER_IDS)}
PRISONER_NAMES: tuple[str, ...] = tuple(p.name for p in CONTENT.prisoners)
PROFESSION_IDS: tuple[str, ...] = tuple(p.id for p in CONTENT.professions)
N_PRISONERS = len(PRISONER_IDS)
ON_ISLAND_MIN = 0
ESCAPED, OUT, UNUSED = -1, -2, -3
"""Prisoner positions off the board: escaped, out of the game, not dealt."""


def scores_of(prisoner: int, profession: int) -> tuple[tuple[int, ...], int]:
    """A character's three Escape scores and its bit mask of abilities with an R."""
    pc, qc = CONTENT.prisoners[prisoner], CONTENT.professions[profession]
    scores = tuple(pc.values[a].number + qc.values[a].number for a in range(N_ABILITIES))
    rmask = sum(1 << a for a in range(N_ABILITIES)
                if pc.values[a].reroll or qc.values[a].reroll)
    return scores, rmask
