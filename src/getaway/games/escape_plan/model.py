"""Escape Plan vocabulary: the enums every module speaks and the rulebook's numbers.

Component counts come from the published game's box (the issue lists them);
rule numbers from the rulebook. The loaders check the data files against
them, so a designed value can never contradict the printed game.
"""

from __future__ import annotations

from enum import StrEnum


class LocationKind(StrEnum):
    """The kinds of Location a pawn can end its move on and visit."""

    BUSINESS = "business"
    SAFE_HOUSE = "safe_house"
    STORE = "store"          # Convenience Stores A to D
    CHURCH = "church"
    GANG = "gang"
    EXIT = "exit"
    CLINIC = "clinic"
    HOSPITAL = "hospital"
    HELIPORT = "heliport"    # a Location you can fly from (EP-76)
    SUBWAY = "subway"        # a Subway Station (EP-75)


class Police(StrEnum):
    """The three colours of Police Officer (EP-7)."""

    RED = "red"
    BLUE = "blue"
    BLACK = "black"


class LockerColour(StrEnum):
    """The three Locker stacks (EP-14, EP-129)."""

    GREEN = "green"
    BLACK = "black"
    BROWN = "brown"


class Equipment(StrEnum):
    """The four kinds of Equipment tile (EP-15, EP-223..226)."""

    VEST = "vest"
    HAT = "hat"
    HELMET = "helmet"
    GAS_MASK = "gas_mask"


class Store(StrEnum):
    """The four Convenience Stores (EP-97, EP-99)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


class Stack(StrEnum):
    """City tile stacks: the start tiles and the four lettered stacks (EP-2, EP-3)."""

    S = "S"
    A = "A"
    B = "B"
    C = "C"
    D = "D"


class Phase(StrEnum):
    """The six phases of a round, in order (EP-37)."""

    INCOME = "income"
    PATROL = "patrol"
    CITY = "city"
    TURN_ORDER = "turn_order"
    PLAYER_ACTION = "player_action"
    CHANGE_OF_ROUND = "change_of_round"


PHASES = tuple(Phase)


class Unescaped(StrEnum):
    """The game option ``unescaped``: what happens to a player still in the city when
    Round 3 ends (EP-GAP-12, rule decided 17)."""

    ARRESTED = "arrested"   # the default: arrested, scoring 0 (EP-106)
    SCORED = "scored"       # the literal reading: scored like everyone else


UNESCAPED_OPTION = "unescaped"

# -- the rulebook's and the box's numbers ---------------------------------------

PLAYERS = (2, 3, 4, 5)
SANDRA_PLAYERS = 2          # Sandra joins a 2-player game (EP-31)
ROUNDS = 3                  # EP-37
REQUIRED_TURNS = 3          # EP-55
OPTIONAL_TURNS = 2          # EP-55
MOVEMENT_POINTS = 3         # EP-69
START_MONEY = 9             # EP-26
INCOME_CUBES = 9            # EP-20, EP-36
GANG_CONTROL = 2            # EP-21
MAX_WOUNDS = 3              # EP-23
NOTORIETY_CUBES = 4         # EP-25, EP-36
CONTACT_DISPLAY = 7         # EP-17
GAS_MAX = 2                 # EP-123
EQUIPMENT_BUY_MAX = 2       # EP-124
WOUND_COST = 20             # EP-109
FLIPPED_ASSET_VALUE = 10    # EP-110
HOSPITAL_HEAL = {1: 1, 2: 3, 3: 6}  # Wounds healed: dollars (EP-154)
UNLOCK_AT_INCOME = 3        # $3 to unlock an Asset in the Income phase (EP-41)
INCOME_UNLOCK_BELOW = 3     # ... only below this Notoriety position (EP-41)
GANG_COST = 5               # EP-136
ESCAPE_DAY = 3              # EP-103
ARREST_FEE = 1              # EP-60
THRESHOLDS = 3              # Notoriety thresholds (EP-181..183)
SETUP_POLICE_DRAWS = 10     # 2 on each of 4 stacks + 2 on Store D (EP-5, EP-EX-1)
PATROL_REVEALS = (2, 2, 1)  # per round, after 1 discarded at setup (EP-42, EP-EX-2)
ASSETS_PER_PLAYER = 7       # EP-29
CLOSE_AFTER = {2: 2, 3: 2, 4: 3, 5: 3}  # visits before a Business closes (EP-119)

# components of the published game (issue 8)
CITY_TILES = 14
BUSINESS_TILES = 6
SAFE_HOUSE_TILES = 3
FIXER_TILES = 8
LOCKER_TILES = 15           # three colours
EQUIPMENT_TILES = 16        # four kinds
EXIT_TILES = 10             # two colours
ASSET_TILES = 35            # 7 per player for 5 players
KEYS = 9
PATROL_CARDS = 6
CONTACT_CARDS = 32
ESCAPE_PLAN_CARDS = 9
SANDRA_CARDS = 15
EXIT_COST_CARDS = 2
HANDCUFFS_CARDS = 10
POLICE_OFFICERS = 30        # three colours

# -- cards, tiles and the player board ------------------------------------------------

FIXER_KINDS = 11            # the rulebook's Fixer table has 11 kinds; FIXER_TILES are used


class PlayerColour(StrEnum):
    """The five player colours: each owns a player board and 7 Asset tiles (EP-29).

    The printed colours are lost; these are ours.
    """

    YELLOW = "yellow"
    GREEN = "green"
    PURPLE = "purple"
    ORANGE = "orange"
    GREY = "grey"


class ExitColour(StrEnum):
    """The two kinds of Exit tile, one face-down stack each (EP-16, EP-45).

    The printed colours are lost; these names are ours.
    """

    SILVER = "silver"
    GOLD = "gold"


# -- the board and the City (designed: the rulebook's pictures are lost, EP-GAP-1/2) --


class Land(StrEnum):
    """The Land types shown on City tiles (EP-49, EP-74); the four types are designed."""

    DOWNTOWN = "downtown"
    DOCKS = "docks"
    RESIDENTIAL = "residential"
    PARK = "park"


class Edge(StrEnum):
    """The four edges of a square tile or cell, clockwise from the top (north)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"


class TileIcon(StrEnum):
    """Icons on a City tile that are not Locations."""

    FERRY = "ferry"        # boats may enter the Water areas its slot borders (EP-70)
    HELIPAD = "helipad"    # fly with a Gang Member (EP-77)


EDGES = tuple(Edge)
LETTERS = (Stack.A, Stack.B, Stack.C, Stack.D)  # the four lettered stacks (EP-3)
TILES_PER_ROUND = 4         # one from each stack, laid in the City phase (EP-47)
STACK_TILES = ROUNDS        # so each stack holds one tile per round (EP-52)
START_TILES = CITY_TILES - len(LETTERS) * STACK_TILES  # on the S spaces (EP-2): 2
TOUCH = 2                   # a laid tile touches at least this many tiles (EP-48)
GANG_MEMBERS_PER_GANG = 2   # EP-51
BOARD_STORE = Store.D       # the Convenience Store printed on the board (EP-5)
