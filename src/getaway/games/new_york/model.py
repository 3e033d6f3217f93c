"""Escape from New York vocabulary: the enums every module speaks, the rulebook's
numbers and the geometry of the map.

The map is a grid of offset columns: column ``col`` 0.. from left (west) to right,
row ``row`` 0.. from top to bottom, every odd column sitting half a space lower
than the even ones. So each space touches up to six others, named by the
direction you leave it in: N, NE, SE, S, SW, NW (the rulebook's "top", "top
right", ..., "top left"). Roads, Roadblocks and the arrows on the backs of the
New York cards all use these six directions.

The numbers below are stated by the rulebook; the loaders check the data files
against them, so a designed value can never contradict the printed game.
"""

from __future__ import annotations

from enum import StrEnum


class Dir(StrEnum):
    """A side of a map space, clockwise from the top."""

    N = "N"
    NE = "NE"
    SE = "SE"
    S = "S"
    SW = "SW"
    NW = "NW"


DIRS = (Dir.N, Dir.NE, Dir.SE, Dir.S, Dir.SW, Dir.NW)


def opposite(d: Dir) -> Dir:
    """The side facing ``d`` across a shared border.

    >>> opposite(Dir.N), opposite(Dir.SE)
    (<Dir.S: 'S'>, <Dir.NW: 'NW'>)
    """
    return DIRS[(DIRS.index(d) + 3) % 6]


def rotate(d: Dir, turns: int) -> Dir:
    """``d`` after turning its tile ``turns`` sixth-turns clockwise."""
    return DIRS[(DIRS.index(d) + turns) % 6]


# (dcol, drow) for even columns and for odd columns (odd columns sit lower)
_EVEN = {Dir.N: (0, -1), Dir.NE: (1, -1), Dir.SE: (1, 0), Dir.S: (0, 1),
         Dir.SW: (-1, 0), Dir.NW: (-1, -1)}
_ODD = {Dir.N: (0, -1), Dir.NE: (1, 0), Dir.SE: (1, 1), Dir.S: (0, 1),
        Dir.SW: (-1, 1), Dir.NW: (-1, 0)}


def step(col: int, row: int, d: Dir) -> tuple[int, int]:
    """The grid cell across side ``d`` of cell (col, row).

    >>> step(2, 2, Dir.NE), step(3, 2, Dir.NE), step(3, 2, Dir.SW)
    ((3, 1), (4, 2), (2, 3))
    """
    dc, dr = (_ODD if col % 2 else _EVEN)[d]
    return col + dc, row + dr


def direction(a: tuple[int, int], b: tuple[int, int]) -> Dir | None:
    """The side of cell ``a`` that touches cell ``b`` (None when not neighbours)."""
    for d in DIRS:
        if step(a[0], a[1], d) == b:
            return d
    return None


class SpaceKind(StrEnum):
    """What a map space is before anything is revealed."""

    CITY = "city"          # black space: takes a City tile
    PARK = "park"          # green Central Park space: takes a Central Park tile
    POI = "poi"            # holds a face-down Point of Interest tile from setup
    LIBRARY = "library"    # the centre, revealed from the start (a Building)
    RING = "ring"          # one of the six spaces around the Library, revealed from the start
    WTC = "wtc"            # the World Trade Center, revealed from the start (the Gullfire)


class Icon(StrEnum):
    """The icons printed on map tiles and Suburb tokens."""

    PRISONER = "prisoner"
    EVENT = "event"
    CAR = "car"
    ITEM = "item"
    MANHOLE = "manhole"
    ROADBLOCK = "roadblock"
    RAFT = "raft"          # Suburb tokens only: a means of transport


class Building(StrEnum):
    """The Buildings a tile may show (the Library is one too)."""

    LIBRARY = "library"
    SURGERY = "surgery"
    GUN_SHOP = "gun_shop"
    SHELTER = "shelter"


class Hero(StrEnum):
    """The four Heroes."""

    SNAKE = "snake"
    MAGGIE = "maggie"
    BRAIN = "brain"
    CABBIE = "cabbie"


HEROES = (Hero.SNAKE, Hero.MAGGIE, Hero.BRAIN, Hero.CABBIE)


class CardType(StrEnum):
    """The icon beside an Action card's name."""

    MOVE = "move"
    ATTACK = "attack"
    SPECIAL = "special"


class Colour(StrEnum):
    """The two Personal Objective decks."""

    BLUE = "blue"      # a means of transport out of the city
    PURPLE = "purple"  # an Item or Case card to reveal


class Transport(StrEnum):
    """The ways out named by blue Personal Objectives."""

    GULLFIRE = "gullfire"
    HELICOPTER = "helicopter"
    RAFT = "raft"


class TimerColour(StrEnum):
    """The three sorts of Timer tile, in the order the deck holds them."""

    BLACK = "black"
    HURRY_UP = "hurry_up"
    RED = "red"


class Module(StrEnum):
    """The switchable stretch-goal modules of Appendix B (and the Hard variants)."""

    EXTRA_SPECIALS = "extra_specials"  # 8 more Hero Special Action cards
    CROSSBOWS = "crossbows"            # 2 Crossbow Weapons in the Item deck
    EXPLOSIONS = "explosions"          # 2 Explosion! Event cards
    EXTRA_TIMERS = "extra_timers"      # 3 more black Timer tiles
    TRAPS = "traps"                    # 2 Trap City tiles and the 3 Trap cards
    HARD_DECK = "hard_deck"            # the 10 HARD New York cards replace the standard deck
    WANTED = "wanted"                  # 2 Wanted! objectives and 3 Wanted cards
    DEAD_OR_ALIVE = "dead_or_alive"    # the President deck and the variant Bracelet


# -- the rulebook's numbers -------------------------------------------------------

PLAYERS = (1, 2, 3, 4)
PRISONERS = 40                 # tokens in the box (NY-195)
PRISONERS_HARD = 30            # Hard variant B (NY-239)
CAR_CARDS = 4                  # Car cards in the supply (NY-4)
RED_BASES = WHITE_BASES = 4    # NY-4
MISSION_CUBES = 4              # NY-6
NOISE_MAX = 10                 # the Noise track runs 0..10 (NY-209)
CASES = 4                      # Case cards and numbered Case spaces (NY-1)
NY_SPECIALS = 3                # New York Special Action (Prisoner Bonus) cards (NY-5)
RED_TIMERS = 3                 # two blank, one "New York wins" (NY-88)
LEVEL_BARS = 3                 # per Hero (NY-14)
SUPPLY_LIMIT = 3               # cards in a personal supply (NY-122)
OBJECTIVES_DEALT = {1: 3, 2: 4, 3: 5, 4: 6}  # cards per colour by players (NY-16)
HAND_FORCED = 1                # this many cards or fewer at turn start force a Timer (NY-27)
ABILITY_NOISE = 2              # the Personal Ability's Noise (NY-180)
ABILITY_DAMAGE = 2             # its attack: 2 damage at range 0 (NY-179)
EXTRA_SPECIALS_PER_HERO = 2    # Appendix B (NY-247)
CROSSBOWS = 2                  # NY-248
EXPLOSIONS = 2                 # NY-249
EXTRA_TIMERS = 3               # NY-250
TRAP_TILES = 2                 # NY-251
TRAP_CARDS = 3                 # NY-252
HARD_DECK = 10                 # NY-253
WANTED_OBJECTIVES = 2          # NY-254
WANTED_CARDS = 3               # NY-254
PRESIDENT_DECK = (1, 2)        # 1 Dead, 2 Alive (NY-258)


# -- cards, decks and tiles off the map ---------------------------------------------


class ItemKind(StrEnum):
    """What an Item-sized card is."""

    ITEM = "item"          # used once, then discarded (NY-139)
    WEAPON = "weapon"      # revealed into the Weapon slot, used again and again (NY-143..150)
    DIAGRAM = "diagram"    # a Diagram of Bridge, revealed for the Collective Victory (NY-76)
    CAR = "car"            # a Car card: the step-5 extra move (NY-43)


class ActionSet(StrEnum):
    """Where a Hero's Action card starts."""

    BASIC = "basic"        # the starting hand (NY-10)
    SPECIAL = "special"    # beside the board, chosen on levelling up (NY-5, NY-162)
    EXTRA = "extra"        # the 8 additional Special cards (module extra_specials, NY-247)


class NewYorkSet(StrEnum):
    """Which pile a New York Action card belongs to."""

    STANDARD = "standard"  # the normal New York deck (NY-8)
    SPECIAL = "special"    # the 3 Prisoner Bonus cards, shuffled in by POIs (NY-233)
    HARD = "hard"          # the 10 HARD cards that replace the standard deck (NY-253)


LEVEL_REWARDS = ((1, False), (1, True), (0, True))
"""(Special Action cards chosen, objective swap) at levels 1, 2, 3 (NY-162..164)."""
HARD_TIMERS_REMOVED = 1        # Hard variant A removes 1 more black Timer tile (NY-238)
BRAIN_DIAGRAM = 3              # Brain starts with the Diagram of Bridge 3 (NY-13)
STARTING_KIND = {Hero.SNAKE: ItemKind.WEAPON, Hero.MAGGIE: ItemKind.WEAPON,
                 Hero.BRAIN: ItemKind.DIAGRAM, Hero.CABBIE: ItemKind.CAR}
"""The kind of card each Hero starts with (NY-11..13)."""


# -- the map and what lies on it (board.py, map.toml, tiles/pois/bosses/suburbs.toml) -----


class TileDeck(StrEnum):
    """Where a map tile comes from."""

    CITY = "city"      # the City deck: black spaces only (NY-2, NY-167)
    PARK = "park"      # the Central Park deck: green spaces only (NY-2, NY-167)
    FIXED = "fixed"    # printed for one space revealed from the start (Library, ring, WTC)


class Beyond(StrEnum):
    """What lies across a side of a space when no space does (NY-231)."""

    COAST = "coast"    # the river: a grid cell inside the board that is not a space
    EDGE = "edge"      # the board's perimeter: a cell outside the board


class BossEntry(StrEnum):
    """How a Boss comes onto the map."""

    POI = "poi"              # its POI tile is revealed (NY-196)
    PRESIDENT = "president"  # the first collection of the President (the Duke, NY-133)


class BossTrigger(StrEnum):
    """When a Boss's ability fires."""

    ENTERS = "enters"                  # as it is put on the map
    KILLED = "killed"                  # as its Hit Points reach 0 (NY-113)
    NEW_YORK_PHASE = "new_york_phase"  # at the start of every New York Phase while on the map


RING = 6                       # the spaces around the Library, revealed from the start (NY-20)
MIN_POI_SPACES = 7             # the Cabbie example flips 6 POIs besides the Duke's Camp (E-14)
BOSS_FACTS = {"duke": {"range": 1},                            # E-6
              "romero": {"range": 1, "damage": 2, "move": 2}}  # E-6, E-18
"""Boss statistics the rulebook's examples state (G-15); the rest is designed."""
CASE_BOSSES = ("romero", "slag")  # each carries a Case token it drops when killed (NY-198)
SLAG_HP_ABOVE = 6              # Slag takes 6 damage and lives on (E-11)

# designed numbers other files must agree with (see the package README)
BRIDGES = 4                    # Bridges 1..4 (the rulebook names only Bridge 3, NY-13)
