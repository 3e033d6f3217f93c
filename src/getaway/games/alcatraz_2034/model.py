"""Alcatraz 2034 vocabulary: the enums every module speaks, and the rulebook's numbers.

The numbers below are stated by the rulebook; the loader checks the data files
against them, so a designed value can never contradict the printed game.
"""

from __future__ import annotations

from enum import StrEnum


class Ability(StrEnum):
    """The three Escape abilities, in the order the cards print them."""

    SMARTS = "smarts"
    TOUGHNESS = "toughness"
    SKILLS = "skills"


ABILITIES = tuple(Ability)


class EscapeDeck(StrEnum):
    """The four Escape decks: one per ability and the System deck."""

    SMARTS = "smarts"
    TOUGHNESS = "toughness"
    SKILLS = "skills"
    SYSTEM = "system"


class RunMethod(StrEnum):
    """The four ways off the island, each with its own Run deck."""

    SWIM = "swim"
    BOAT = "boat"
    AIR = "air"
    TUNNEL = "tunnel"


class SpaceKind(StrEnum):
    """What a board space is."""

    NORMAL = "normal"
    SAFE = "safe"  # green: sentinels never stop there, drones never target it
    SENTINEL = "sentinel"  # red sentinel start space
    BUILDING = "building"
    RUN = "run"
    TUNNEL = "tunnel"  # brown, in the sea, no routes
    CELL_BLOCK = "cell_block"

    @property
    def holds_many(self) -> bool:
        """Whether any number of prisoners may share the space (else at most one)."""
        return self in (SpaceKind.BUILDING, SpaceKind.RUN, SpaceKind.TUNNEL,
                        SpaceKind.CELL_BLOCK)


class RouteColour(StrEnum):
    """Route colours: yellow makes a prisoner stop at its far end."""

    WHITE = "white"
    GREEN = "green"
    YELLOW = "yellow"


class Timing(StrEnum):
    """When an Escape card may be played."""

    OWN_TURN = "own_turn"
    RUN = "run"
    ATTACK = "attack"
    ANY_TIME = "any_time"


class Target(StrEnum):
    """What a player picks when playing an Escape card."""

    PRISONER = "prisoner"  # any prisoner, whoever owns it
    OWN_PRISONER = "own_prisoner"
    SENTINEL = "sentinel"  # a sentinel on the game board
    NONE = "none"


class EffectKind(StrEnum):
    """What an Escape card does; parameters in :class:`Effect`."""

    ATTACK_BONUS = "attack_bonus"  # amount, ability?
    RUN_BONUS = "run_bonus"  # amount, ability?
    REROLL = "reroll"  # ability?
    SENTINEL_BONUS = "sentinel_bonus"  # amount
    RUN_PENALTY = "run_penalty"  # amount
    CANCEL_ATTACK = "cancel_attack"
    CANCEL_PUNISHMENT = "cancel_punishment"
    SKIP_CHALLENGE = "skip_challenge"
    CANCEL_SENTINEL_CARD = "cancel_sentinel_card"
    MOVE_SENTINEL = "move_sentinel"  # steps
    REMOVE_SENTINEL = "remove_sentinel"
    PEEK_SENTINEL = "peek_sentinel"
    PEEK_BUILDING = "peek_building"
    RETURN_SYSTEM_TILE = "return_system_tile"
    EXTRA_MOVE = "extra_move"  # steps
    DRAW_ESCAPE = "draw_escape"  # amount
    START_RUN = "start_run"  # method (boat or air)


class Combine(StrEnum):
    """How a Run card uses its abilities."""

    CHOOSE = "choose"  # the leader picks one of them
    SUM = "sum"  # all of them are added (same prisoner)


class PunishmentKind(StrEnum):
    """What a failed Run challenge does; parameters in :class:`Punishment`."""

    CELL_BLOCK = "cell_block"  # who
    ELIMINATE = "eliminate"  # who
    DISCARD_ESCAPE = "discard_escape"  # who, count
    SYSTEM_TILE = "system_tile"
    ADD_RED = "add_red"
    EXTRA_CARD = "extra_card"  # count
    ABORT = "abort"


class Who(StrEnum):
    """Which participants of a Run a punishment hits."""

    ROLLER = "roller"  # the prisoners whose scores were used
    ONE = "one"  # one participant of the leader's choice
    ALL = "all"  # every participant


class AfterRun(StrEnum):
    """Where a revealed Run card goes when its Run is over."""

    SET_ASIDE = "set_aside"
    SHUFFLE_BACK = "shuffle_back"


class BuildingSymbol(StrEnum):
    """The face of a building tile."""

    SMARTS = "smarts"
    TOUGHNESS = "toughness"
    SKILLS = "skills"
    SYSTEM = "system"
    TUNNEL = "tunnel"
    HELIPAD = "helipad"
    ABANDONED = "abandoned"


class TileColour(StrEnum):
    """System tile and System board row colours."""

    BLUE = "blue"
    RED = "red"
    YELLOW = "yellow"
    GREY = "grey"


class SentinelCardKind(StrEnum):
    """The three things a Sentinel card can do."""

    SYSTEM_TILE = "system_tile"
    SENTINEL = "sentinel"  # add a sentinel, or move one when none is left to add
    DRONE_SWARM = "drone_swarm"


class Movement(StrEnum):
    """The three ways of moving a prisoner."""

    SNEAK = "sneak"
    WALK = "walk"
    RUN = "run"


class DeckSpotKind(StrEnum):
    """Which family of decks a board deck spot belongs to."""

    ESCAPE = "escape"
    RUN = "run"


# -- numbers stated by the rulebook -------------------------------------------

ESCAPE_CARDS = 61
RUN_CARDS = 64
SENTINEL_CARDS = 16
PRISONER_CARDS = 12
PROFESSION_CARDS = 12
CARD_TOTAL = 165
BUILDING_TILES = 12
BUILDING_SPACES = 11
RUN_TILES = 18
RUN_SPACES = {RunMethod.AIR: 2, RunMethod.BOAT: 4, RunMethod.SWIM: 6}
SENTINELS = 6
SYSTEM_TILES = 18
SYSTEM_STACKS = 3
GREY_SPACES = 3
SENTINEL_BASE_SCORE = 3
HELIPAD_RUN_CARDS = 4
TUNNEL_RUN_CARDS = 3
DICE = 2
MOVES = {Movement.SNEAK: (4, 2, True, True), Movement.WALK: (6, 0, True, False),
         Movement.RUN: (8, -2, False, False)}
"""steps, attack modifier, may end on a safe space, may pass sentinels."""
CHARACTERS_PER_PLAYER = {2: 6, 3: 4, 4: 3, 5: 2, 6: 2}
ESCAPE_POINTS = 1
TOKEN_POINTS = 1
REROLL = "R"
