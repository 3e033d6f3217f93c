"""Escape: Zombie City content: sections, zombies, zombie cards, items, variants, clock.

The data lives in ``data/*.toml``; :func:`load` reads and validates it and
raises :class:`ContentError` naming the file and the entry at the first
problem, so that a bad edit never reaches a game. Numbers the rulebook states
(component counts, the cargo-bay and church tables, the clock's seconds) are
checked against the constants of :mod:`.model`; designed values are free to
change as long as the structural checks hold.

The pieces live in small modules, re-exported here:

* :mod:`.model` -- enums, the rulebook's numbers and the compass geometry;
* :mod:`.board` -- street sections, placements and the reveal rule;
* :mod:`.components` -- zombies, cards, items, variants, the clock, :class:`Content`;
* :mod:`.reader` -- typed access to TOML entries with named errors;
* :mod:`.load_sections`, :mod:`.load_pieces`, :mod:`.load_cards`,
  :mod:`.load_game` -- one loader per file.
"""

from __future__ import annotations

from pathlib import Path

from getaway.core.content import Source, read
from getaway.core.errors import ContentError
from getaway.games.zombie_city.board import Placement, Section, placement
from getaway.games.zombie_city.components import (
    Bite,
    CardIcon,
    Clock,
    Content,
    Countdown,
    DifficultyLevel,
    ItemKind,
    Scenario,
    TimeCost,
    ZombieCard,
    ZombieCategory,
    ZombieKind,
)
from getaway.games.zombie_city.load_cards import cards_from
from getaway.games.zombie_city.load_game import clock_from, game_from
from getaway.games.zombie_city.load_pieces import items_from, zombies_from
from getaway.games.zombie_city.load_sections import sections_from
from getaway.games.zombie_city.model import (
    BITES,
    CARGO_NEED,
    CHURCH_LIMIT,
    DICE_PER_PLAYER,
    DIE_FACES,
    EDGES,
    ITEM_TILES,
    PATH_ICONS,
    SECTION_COUNTS,
    SECTIONS,
    WEAPONS,
    ZOMBIE_CARDS,
    ZOMBIES,
    Building,
    CardIconKind,
    Cost,
    Difficulty,
    Edge,
    Handicap,
    Icon,
    ItemEffect,
    SectionKind,
    Stack,
    ZombieColour,
    opposite,
    rotate,
    step,
    turns_to_face,
)

DATA = Path(__file__).parent / "data"


def load(root: Path = DATA) -> Content:
    """Read and validate the content files in ``root``."""
    faces, dice, players, levels, scenarios = game_from(read("game.toml", root))
    sections, start = sections_from(read("sections.toml", root))
    categories, zombies = zombies_from(read("zombies.toml", root))
    bites, cards = cards_from(read("zombie_cards.toml", root))
    items = items_from(read("items.toml", root))
    clock, costs = clock_from(read("clock.toml", root))
    return Content(faces, dice, players, sections, start, categories, zombies, bites, cards,
                   items, levels, scenarios, clock, costs)


CONTENT = load()

__all__ = [
    "BITES",
    "CARGO_NEED",
    "CHURCH_LIMIT",
    "CONTENT",
    "DATA",
    "DICE_PER_PLAYER",
    "DIE_FACES",
    "EDGES",
    "ITEM_TILES",
    "PATH_ICONS",
    "SECTIONS",
    "SECTION_COUNTS",
    "WEAPONS",
    "ZOMBIES",
    "ZOMBIE_CARDS",
    "Bite",
    "Building",
    "CardIcon",
    "CardIconKind",
    "Clock",
    "Content",
    "ContentError",
    "Cost",
    "Countdown",
    "Difficulty",
    "DifficultyLevel",
    "Edge",
    "Handicap",
    "Icon",
    "ItemEffect",
    "ItemKind",
    "Placement",
    "Scenario",
    "Section",
    "SectionKind",
    "Source",
    "Stack",
    "TimeCost",
    "ZombieCard",
    "ZombieCategory",
    "ZombieColour",
    "ZombieKind",
    "load",
    "opposite",
    "placement",
    "rotate",
    "step",
    "turns_to_face",
]
