"""Escape Run: Alcatraz 2034 content: the island, the cards, the tiles and the characters.

The data lives in ``data/*.toml``; :func:`load` reads and validates it and
raises :class:`ContentError` naming the file and the entry at the first
problem, so that a bad edit never reaches a game. Numbers the rulebook states
(card totals, Run spaces per method, movement allowances, the player table)
are checked against the constants of :mod:`.model`; designed numbers are free
to change as long as the structural checks hold.

The pieces live in small modules, re-exported here:

* :mod:`.model` -- enums and the rulebook's numbers;
* :mod:`.board` -- the island (spaces, routes, hexes, deck spots);
* :mod:`.components` -- cards, tiles, pieces, characters and :class:`Content`;
* :mod:`.reader` -- typed access to TOML entries with named errors;
* :mod:`.load_board`, :mod:`.load_cards`, :mod:`.load_pieces` -- one loader per file.
"""

from __future__ import annotations

from pathlib import Path

from getaway.core.content import Source, only, read
from getaway.core.errors import ContentError
from getaway.games.alcatraz_2034.board import Board, DeckSpot, Hex, Route, Space
from getaway.games.alcatraz_2034.components import (
    AbilityCard,
    BuildingTile,
    Content,
    Effect,
    EscapeCard,
    MovementMode,
    PlayerCount,
    Printed,
    Punishment,
    RunCard,
    RunTile,
    SentinelCard,
    SentinelPiece,
    SystemBoard,
    SystemRow,
    SystemTile,
    escape_score,
    has_reroll,
)
from getaway.games.alcatraz_2034.load_board import board_from
from getaway.games.alcatraz_2034.load_cards import escape_cards_from, run_cards_from
from getaway.games.alcatraz_2034.load_pieces import (
    ability_cards_from,
    game_from,
    sentinels_from,
    tiles_from,
)
from getaway.games.alcatraz_2034.model import (
    ABILITIES,
    BUILDING_SPACES,
    BUILDING_TILES,
    CARD_TOTAL,
    CHARACTERS_PER_PLAYER,
    DICE,
    ESCAPE_CARDS,
    ESCAPE_POINTS,
    GREY_SPACES,
    HELIPAD_RUN_CARDS,
    MOVES,
    PRISONER_CARDS,
    PROFESSION_CARDS,
    REROLL,
    RUN_CARDS,
    RUN_SPACES,
    RUN_TILES,
    SENTINEL_BASE_SCORE,
    SENTINEL_CARDS,
    SENTINELS,
    SYSTEM_STACKS,
    SYSTEM_TILES,
    TOKEN_POINTS,
    TUNNEL_RUN_CARDS,
    Ability,
    AfterRun,
    BuildingSymbol,
    Combine,
    DeckSpotKind,
    EffectKind,
    EscapeDeck,
    Movement,
    PunishmentKind,
    RouteColour,
    RunMethod,
    SentinelCardKind,
    SpaceKind,
    Target,
    TileColour,
    Timing,
    Who,
)

DATA = Path(__file__).parent / "data"


def load(root: Path = DATA) -> Content:
    """Read and validate the content files in ``root``."""
    board = board_from(read("board.toml", root))
    escape = escape_cards_from(read("escape_cards.toml", root))
    run = run_cards_from(read("run_cards.toml", root))
    buildings, run_tiles, sysboard, sys_tiles = tiles_from(read("tiles.toml", root), board)
    pieces, sentinel_cards = sentinels_from(read("sentinels.toml", root))
    chars = read("characters.toml", root)
    only(chars, "characters.toml", "prisoner", "profession")
    prisoners = ability_cards_from(chars, "prisoner", False, PRISONER_CARDS)
    professions = ability_cards_from(chars, "profession", True, PROFESSION_CARDS)
    moves, counts, escape_points, token_points, dice, sides = game_from(read("game.toml", root))
    return Content(board, escape, run, buildings, run_tiles, sysboard, sys_tiles, pieces,
                   sentinel_cards, prisoners, professions, moves, counts, escape_points,
                   token_points, dice, sides)


CONTENT = load()

__all__ = [
    "ABILITIES",
    "BUILDING_SPACES",
    "BUILDING_TILES",
    "CARD_TOTAL",
    "CHARACTERS_PER_PLAYER",
    "CONTENT",
    "DATA",
    "DICE",
    "ESCAPE_CARDS",
    "ESCAPE_POINTS",
    "GREY_SPACES",
    "HELIPAD_RUN_CARDS",
    "MOVES",
    "PRISONER_CARDS",
    "PROFESSION_CARDS",
    "REROLL",
    "RUN_CARDS",
    "RUN_SPACES",
    "RUN_TILES",
    "SENTINELS",
    "SENTINEL_BASE_SCORE",
    "SENTINEL_CARDS",
    "SYSTEM_STACKS",
    "SYSTEM_TILES",
    "TOKEN_POINTS",
    "TUNNEL_RUN_CARDS",
    "Ability",
    "AbilityCard",
    "AfterRun",
    "Board",
    "BuildingSymbol",
    "BuildingTile",
    "Combine",
    "Content",
    "ContentError",
    "DeckSpot",
    "DeckSpotKind",
    "Effect",
    "EffectKind",
    "EscapeCard",
    "EscapeDeck",
    "Hex",
    "Movement",
    "MovementMode",
    "PlayerCount",
    "Printed",
    "Punishment",
    "PunishmentKind",
    "Route",
    "RouteColour",
    "RunCard",
    "RunMethod",
    "RunTile",
    "SentinelCard",
    "SentinelCardKind",
    "SentinelPiece",
    "Source",
    "Space",
    "SpaceKind",
    "SystemBoard",
    "SystemRow",
    "SystemTile",
    "Target",
    "TileColour",
    "Timing",
    "Who",
    "escape_score",
    "has_reroll",
    "load",
]
