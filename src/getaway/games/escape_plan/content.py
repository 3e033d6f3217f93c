"""Escape Plan content: the board and the City, every card, tile and player board.

The data lives in ``data/*.toml``. :func:`load` reads both halves -- the board
(:func:`.load_board.board_from`: both sides, the City tiles, the printed tiles,
Business and Safe House tiles, Keys, Police, Patrol cards) and the cards
(:func:`.load_cards.cards_from`: Contacts, Fixers, Assets, Equipment, Lockers,
Exit tiles, Escape Plan cards, Sandra, the player board's tracks) -- and checks
what ties them: every Business or Safe House an Escape Plan card or a Sandra
card names is a tile of the box, the two Business groups are the same on both
sides, every Store and Exit a Sandra card names is a Location of the City.
The first problem raises :class:`ContentError` naming the file and the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from getaway.core.errors import ContentError
from getaway.games.escape_plan.board import Board
from getaway.games.escape_plan.cards import BUSINESS_GROUPS, Cards
from getaway.games.escape_plan.load_board import board_from
from getaway.games.escape_plan.load_cards import DATA, cards_from
from getaway.games.escape_plan.model import LocationKind


@dataclass(frozen=True)
class Content:
    """All of Escape Plan's components."""

    board: Board
    cards: Cards


def _check(board: Board, cards: Cards) -> None:
    businesses = {b.id for b in board.pieces.businesses}
    safe_houses = {h.id for h in board.pieces.safe_houses}
    locations = [loc for t in board.tiles + board.printed for loc in t.locations]
    stores = {f"store-{loc.store.value}" for loc in locations if loc.store is not None}
    exits = {f"exit-{loc.exit}" for loc in locations if loc.exit is not None}
    for plan in cards.plans:
        for where in plan.income:
            if where not in businesses | safe_houses:
                raise ContentError(f"plans.toml: plan {plan.id!r}: no Business or Safe House "
                                   f"tile {where!r} in pieces.toml")
    known = {LocationKind.BUSINESS: businesses, LocationKind.SAFE_HOUSE: safe_houses,
             LocationKind.STORE: stores, LocationKind.EXIT: exits}
    for card in cards.sandra:
        ids = known.get(card.kind)
        if ids is None or card.location not in ids:
            raise ContentError(f"sandra.toml: card {card.id!r}: no {card.kind.value} "
                               f"{card.location!r} on the board")
    groups = {tuple(sorted(b.id for b in g)) for g in board.pieces.groups().values()}
    if groups != {tuple(sorted(g)) for g in BUSINESS_GROUPS}:
        raise ContentError(f"pieces.toml: the Business groups {sorted(groups)} differ from "
                           f"the ones the Escape Plan cards are designed for")


def load(root: Path = DATA) -> Content:
    """Read and check every data file under ``root``."""
    board, cards = board_from(root), cards_from(root)
    _check(board, cards)
    return Content(board, cards)


CONTENT = load()
