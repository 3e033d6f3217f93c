"""Zombie City vocabulary: the enums every module speaks, the rulebook's numbers and
the compass geometry of the street sections.

The numbers below are stated by the rulebook; the loaders check the data files
against them, so a designed value can never contradict the printed game.
"""

from __future__ import annotations

from enum import StrEnum


class Icon(StrEnum):
    """The faces of a die (getaway is printed twice)."""

    GETAWAY = "getaway"
    FIST = "fist"
    BAT = "bat"
    PANIC = "panic"
    CAUTION = "caution"


WEAPONS = frozenset({Icon.FIST, Icon.BAT})
"""The icons that fight zombies and search buildings."""
PATH_ICONS = frozenset({Icon.GETAWAY, Icon.FIST, Icon.BAT})
"""The icons a section may ask for to be entered."""


class Edge(StrEnum):
    """A side of a square street section, clockwise from the top (north)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"


EDGES = (Edge.N, Edge.E, Edge.S, Edge.W)
_STEP = {Edge.N: (0, -1), Edge.E: (1, 0), Edge.S: (0, 1), Edge.W: (-1, 0)}


def rotate(edge: Edge, turns: int) -> Edge:
    """``edge`` after turning its section ``turns`` quarter turns clockwise.

    >>> rotate(Edge.S, 1), rotate(Edge.S, 3), rotate(Edge.N, -1)
    (<Edge.W: 'W'>, <Edge.E: 'E'>, <Edge.W: 'W'>)
    """
    return EDGES[(EDGES.index(edge) + turns) % 4]


def opposite(edge: Edge) -> Edge:
    """The edge facing ``edge`` across a shared border."""
    return rotate(edge, 2)


def turns_to_face(edge: Edge, target: Edge) -> int:
    """Quarter turns clockwise (0-3) that bring ``edge`` to ``target``.

    >>> turns_to_face(Edge.S, Edge.E)
    3
    """
    return (EDGES.index(target) - EDGES.index(edge)) % 4


def step(x: int, y: int, edge: Edge) -> tuple[int, int]:
    """The grid cell across ``edge`` from cell (x, y); y grows southwards.

    >>> step(0, 0, Edge.W), step(0, 0, Edge.N)
    ((-1, 0), (0, -1))
    """
    dx, dy = _STEP[edge]
    return x + dx, y + dy


class SectionKind(StrEnum):
    """The ten kinds of street section."""

    CEMETERY = "cemetery"
    CARGO_BAY = "cargo_bay"
    CHURCH = "church"
    START_CROSSROADS = "start_crossroads"
    GAS_STATION = "gas_station"
    HOSPITAL = "hospital"
    SUPERMARKET = "supermarket"
    CROSSROADS = "crossroads"
    JUNCTION = "junction"
    EXIT = "exit"


class Building(StrEnum):
    """The three special buildings; each is also one of the item tiles' backs."""

    GAS_STATION = "gas_station"
    HOSPITAL = "hospital"
    SUPERMARKET = "supermarket"


BUILDING_OF = {SectionKind.GAS_STATION: Building.GAS_STATION,
               SectionKind.HOSPITAL: Building.HOSPITAL,
               SectionKind.SUPERMARKET: Building.SUPERMARKET}


class Stack(StrEnum):
    """The letter on a section's back: the starting layout, pile A or pile B."""

    START = "S"
    A = "A"
    B = "B"


class ZombieColour(StrEnum):
    """The three zombie categories, told apart by the colour of their bases."""

    GREEN = "green"
    YELLOW = "yellow"
    PURPLE = "purple"


class CardIconKind(StrEnum):
    """What one icon of a zombie card does."""

    SPAWN_ONE = "spawn_one"
    SPAWN_TWO = "spawn_two"
    MOVE = "move"  # colour, steps (1 or 2)
    PILE = "pile"
    BITE = "bite"  # bite


class Handicap(StrEnum):
    """The digital handicap of a zombie-bite card (see the README for each)."""

    LOCK_DICE = "lock_dice"  # amount: dice parked on the card
    ROLL_LIMIT = "roll_limit"  # amount: most dice in one roll
    MUTE = "mute"  # no chat, no pings
    LOSE_ON_PANICS = "lose_on_panics"  # amount: panics in one roll that lose a die
    NO_KEEPING = "no_keeping"  # unspent dice cannot be kept for later


class ItemEffect(StrEnum):
    """What an item does besides counting in the cargo bay."""

    REROLL_PANICS = "reroll_panics"  # once, when its kind is already in the cargo bay


class Difficulty(StrEnum):
    """The rulebook's three difficulty levels (items to collect, church capacity)."""

    STANDARD = "standard"
    ADVANCED = "advanced"
    EXPERT = "expert"


class Ending(StrEnum):
    """Why a game ended (``Outcome.reason``)."""

    ESCAPED = "escaped"  # the van left town by the exit: everyone wins
    CHURCH = "church"  # the zombies took the church
    TIME = "time"  # the zombie cry: time is up


class Cost(StrEnum):
    """The things that take time in the simulation's virtual clock."""

    ROLL = "roll"
    ENTER = "enter"
    REVEAL = "reveal"
    ZOMBIE_CARD = "zombie_card"
    SEARCH = "search"
    DEPOSIT = "deposit"
    DISCARD = "discard"
    USE_ITEM = "use_item"
    HELP = "help"
    FIGHT = "fight"
    RESCUE = "rescue"
    BOARD_VAN = "board_van"
    DRIVE = "drive"
    WAIT = "wait"


# -- numbers stated by the rulebook -------------------------------------------

PLAYERS = (2, 3, 4)
DICE_PER_PLAYER = 5
DIE_FACES = (Icon.GETAWAY, Icon.GETAWAY, Icon.FIST, Icon.BAT, Icon.PANIC, Icon.CAUTION)
SECTIONS = 23
SECTION_COUNTS = {SectionKind.CEMETERY: 1, SectionKind.CARGO_BAY: 1, SectionKind.CHURCH: 1,
                  SectionKind.START_CROSSROADS: 2, SectionKind.GAS_STATION: 2,
                  SectionKind.HOSPITAL: 2, SectionKind.SUPERMARKET: 2,
                  SectionKind.CROSSROADS: 5, SectionKind.JUNCTION: 6, SectionKind.EXIT: 1}
START_KINDS = frozenset({SectionKind.CEMETERY, SectionKind.CARGO_BAY, SectionKind.CHURCH,
                         SectionKind.START_CROSSROADS})
START_SECTIONS = 5
ENTRY_ICONS = 2
ZOMBIES = 20
ZOMBIE_KINDS = 6
ZOMBIE_CATEGORIES = 3
ZOMBIE_CARDS = 55
SCENARIOS = 5
CARD_ICONS = (1, 2)
ITEM_TILES = 18
ITEM_KINDS = 9
ITEM_COPIES = 2
ITEMS_PER_BUILDING = 3
ITEMS_HELD = 1
CARGO_NEED = {Difficulty.STANDARD: {2: 5, 3: 6, 4: 7},
              Difficulty.ADVANCED: {2: 6, 3: 7, 4: 8},
              Difficulty.EXPERT: {2: 7, 3: 8, 4: 9}}
CHURCH_LIMIT = {Difficulty.STANDARD: 3, Difficulty.ADVANCED: 2, Difficulty.EXPERT: 1}
CAUTION_FREES = 2
BITES = ("paralysis", "broken_arm", "silence", "vertigo", "unresting", "sneak")
PLAY_SECONDS = 15 * 60
SOUNDTRACK_SECONDS = 16 * 60
COUNTDOWNS = 3
COUNTDOWN_SECONDS = 38
PAUSE_SECONDS = 20
PAUSES = 2
