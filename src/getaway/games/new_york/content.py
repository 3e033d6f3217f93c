"""Escape from New York content: the map and everything on it, every card and deck.

The data lives in ``data/*.toml``. :func:`load` reads both halves -- the board
(:func:`.load_board.board_from`: map, tiles, POIs, Bosses, Suburb tokens) and the
cards (:func:`.load_cards.cards_from`: Heroes, Action cards, Items, Cases,
objectives, Level Bars, Timer tiles, Events, the New York deck, Trap cards) --
and checks what ties them together: every Diagram names a bridge of the map,
every Boss an effect names exists, every way out a blue objective names is on
the board. The first problem raises :class:`ContentError` naming the file and
the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from getaway.core.errors import ContentError
from getaway.games.new_york.board import Board
from getaway.games.new_york.decks import Cards
from getaway.games.new_york.effects import Effect, Op
from getaway.games.new_york.load_board import board_from
from getaway.games.new_york.load_cards import DATA, cards_from
from getaway.games.new_york.model import Icon, ItemKind, Transport


@dataclass(frozen=True)
class Content:
    """All of Escape from New York's components."""

    board: Board
    cards: Cards


def _boss_refs(where: str, effects: tuple[Effect, ...], bosses: set[str]) -> None:
    for e in effects:
        if e.op is Op.BOSS and e["boss"] not in bosses:
            raise ContentError(f"{where}: no boss {e['boss']!r} in bosses.toml")


def _check(board: Board, cards: Cards) -> None:
    bridges = {b.number for b in board.map.bridges}
    for item in cards.items:
        if item.kind is ItemKind.DIAGRAM and item.bridge not in bridges:
            raise ContentError(f"items.toml: item {item.id!r}: no bridge {item.bridge} on "
                               f"the map (bridges {sorted(bridges)})")
    bosses = {b.id for b in board.bosses}
    groups = (("timer.toml: tile", cards.timers), ("events.toml: card", cards.events),
              ("new_york.toml: card", cards.new_york), ("items.toml: item", cards.items),
              ("actions.toml: card", cards.actions))
    for label, group in groups:
        for c in group:
            _boss_refs(f"{label} {c.id!r}", c.effects, bosses)
    rafts = sum(t.copies for t in board.suburbs if t.icon is Icon.RAFT)
    for o in cards.objectives:
        if o.transport is Transport.RAFT and not rafts:
            raise ContentError(f"objectives.toml: objective {o.id!r}: no Raft among the "
                               f"Suburb tokens of suburbs.toml")


def load(root: Path = DATA) -> Content:
    """Read and check every data file under ``root``."""
    board, cards = board_from(root), cards_from(root)
    _check(board, cards)
    return Content(board, cards)


CONTENT = load()
