"""Reading and checking every card and tile off the map: :func:`cards_from`.

Each file has its loader (:mod:`.load_heroes`, :mod:`.load_items`,
:mod:`.load_decks`); this module runs them and checks what spans files: every
Hero's starting cards exist and are of the kind the rulebook gives (NY-11..13),
and the Item deck can pay every Level Bar. The first problem raises
:class:`~getaway.core.errors.ContentError`, starting with the file's name.
"""

from __future__ import annotations

from pathlib import Path

from getaway.core.content import read
from getaway.core.errors import ContentError
from getaway.games.new_york.cards import HeroSheet, ItemCard, LevelBar
from getaway.games.new_york.decks import Cards
from getaway.games.new_york.load_decks import events_from, new_york_from, timers_from, traps_from
from getaway.games.new_york.load_heroes import (
    BARS_FILE,
    HEROES_FILE,
    actions_from,
    bars_from,
    heroes_from,
)
from getaway.games.new_york.load_items import cases_from, items_from, objectives_from
from getaway.games.new_york.model import STARTING_KIND, ItemKind

DATA = Path(__file__).parent / "data"


def _starting(heroes: tuple[HeroSheet, ...], items: tuple[ItemCard, ...]) -> None:
    by_id = {i.id: i for i in items}
    for h in heroes:
        where = f"{HEROES_FILE}: hero {h.id.value!r}"
        for sid in h.starting:
            card = by_id.get(sid)
            if card is None:
                raise ContentError(f"{where}: no item {sid!r} in items.toml")
            if card.owner is not h.id:
                raise ContentError(f"{where}: item {sid!r} is not marked owner = "
                                   f"{h.id.value!r}")
        kinds = [by_id[s] for s in h.starting]
        want = STARTING_KIND[h.id]
        if not any(k.kind is want and (want is not ItemKind.WEAPON or k.ammo) for k in kinds):
            what = "an Ammo Weapon" if want is ItemKind.WEAPON else f"a {want.value}"
            raise ContentError(f"{where}: starts with {what} (NY-11..13)")
    listed = {s for h in heroes for s in h.starting}
    for i in items:
        if i.starting and i.id not in listed:
            raise ContentError(f"items.toml: item {i.id!r}: its owner does not start with it")


def _payable(bars: tuple[LevelBar, ...], items: tuple[ItemCard, ...]) -> None:
    need = sum(b.items for b in bars)
    deck = sum(i.copies for i in items if not i.starting and i.module is None
               and i.kind is not ItemKind.CAR)
    if need > deck:
        raise ContentError(f"{BARS_FILE}: the bars ask for {need} Items, more than the "
                           f"{deck} cards of the Item deck")


def cards_from(root: Path = DATA) -> Cards:
    """Read and check every card and tile file in ``root``."""
    ability, levels, heroes = heroes_from(read(HEROES_FILE, root))
    actions = actions_from(read("actions.toml", root))
    bars = bars_from(read(BARS_FILE, root))
    items = items_from(read("items.toml", root))
    cases, president, president_deck, wanted = cases_from(read("cases.toml", root))
    objectives = objectives_from(read("objectives.toml", root), items, cases, wanted)
    setup, timers = timers_from(read("timer.toml", root))
    track, events = events_from(read("events.toml", root))
    new_york = new_york_from(read("new_york.toml", root))
    traps = traps_from(read("traps.toml", root))
    _starting(heroes, items)
    _payable(bars, items)
    return Cards(ability, levels, heroes, actions, bars, items, cases, president,
                 president_deck, wanted, objectives, setup, timers, track, events, new_york,
                 traps)
