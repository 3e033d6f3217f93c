"""Reading and checking every card and tile of Escape Plan: :func:`cards_from`.

This module loads the four kinds whose benefits the rulebook prints (Contact
cards, Fixer, Asset and Equipment tiles) and compares each with the rulebook's
tables (:mod:`.card_tables`); :mod:`.load_tiles` loads Lockers and Exits,
:mod:`.load_player` the player board, the Escape Plan and the Sandra cards.
:func:`cards_from` runs them all and checks what spans files. The first problem
raises :class:`~getaway.core.errors.ContentError`, starting with the file's name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from getaway.core.content import Entry, count, entries, only, read, table, unique
from getaway.core.errors import ContentError
from getaway.games.escape_plan.card_tables import (
    ASSETS,
    COLOURED,
    CONTACTS,
    EQUIPMENT,
    FIXERS,
    ContactKind,
    Printed,
)
from getaway.games.escape_plan.cards import (
    AssetStart,
    AssetTile,
    Cards,
    ContactCard,
    EquipmentTile,
    FixerTile,
)
from getaway.games.escape_plan.effects import Effect, Op, effects
from getaway.games.escape_plan.load_player import (
    PLAYER_FILE,
    plans_from,
    player_from,
    sandra_from,
)
from getaway.games.escape_plan.load_tiles import exits_from, lockers_from
from getaway.games.escape_plan.model import (
    ASSET_TILES,
    ASSETS_PER_PLAYER,
    CONTACT_CARDS,
    EQUIPMENT_TILES,
    FIXER_KINDS,
    FIXER_TILES,
    Equipment,
    PlayerColour,
    Police,
)
from getaway.games.escape_plan.player_board import PlayerBoard

DATA = Path(__file__).parent / "data"
CONTACTS_FILE = "contacts.toml"
FIXERS_FILE = "fixers.toml"
ASSETS_FILE = "assets.toml"
EQUIPMENT_FILE = "equipment.toml"


def printed(e: Entry, line: Printed, effs: tuple[Effect, ...], colour: Police | None = None
            ) -> None:
    """Refuse a benefit other than the rulebook's ``line``."""
    want = line.effect.format(c=colour.value if colour is not None else "?")
    got = "; ".join(x.text() for x in effs)
    if got != want:
        raise e.fail(f"the benefit must be {want} ({line.rule}), got {got}")


def _name(e: Entry, tables: dict[str, Printed], what: str) -> tuple[str, Printed]:
    name = e.text("name")
    if name not in tables:
        raise e.fail(f"name {name!r} is not {what} of the rulebook's table; expected one of "
                     f"{', '.join(tables)}")
    return name, tables[name]


def _contact(e: Entry) -> ContactCard:
    name, line = _name(e, CONTACTS, "a Contact card")
    card = ContactCard(e.text("id"), name, e.enum("kind", ContactKind),
                       e.integer("cost", 0, 9), e.flag("star"), e.integer("copies", 1, 9),
                       effects(e), e.source())
    if card.kind is not line.kind:
        raise e.fail(f"kind must be {line.kind} ({line.rule})")
    if card.cost != line.price:
        raise e.fail(f"cost must be {line.price} ({line.rule}), got {card.cost}")
    if card.star != line.star:
        raise e.fail(f"star must be {str(line.star).lower()} ({line.rule})")
    printed(e, line, card.effects, card.colour)
    e.done()
    return card


def contacts_from(raw: dict[str, Any]) -> tuple[ContactCard, ...]:
    """The Contact cards: the rulebook's table, the designed colours and copies."""
    f = CONTACTS_FILE
    only(raw, f, "deck", "contact")
    deck = table(raw, f, "deck")
    cards_said = deck.integer("cards", 1, 99)
    deck.source()
    deck.done()
    count(f, "Contact cards in [deck]", cards_said, CONTACT_CARDS, "as in the box")
    cards = tuple(_contact(e) for e in entries(raw, f, "contact", "contact"))
    unique(f, "contact", [c.id for c in cards])
    count(f, "Contact cards", sum(c.copies for c in cards), CONTACT_CARDS, "as in the box")
    missing = sorted(set(CONTACTS) - {c.name for c in cards})
    if missing:
        raise ContentError(f"{f}: no card named {missing[0]!r} (the rulebook's "
                           f"{CONTACTS[missing[0]].rule})")
    for kind in COLOURED:
        named = {c.colour for c in cards if c.kind is kind}
        if named != set(Police):
            raise ContentError(f"{f}: the {kind.value} cards must name every officer colour, "
                               f"they name {sorted(c.value for c in named if c)} (EP-GAP-26)")
    return cards


def fixers_from(raw: dict[str, Any]) -> tuple[tuple[FixerTile, ...], int]:
    """The Fixer tiles of the rulebook's table, and how many make one game's stack."""
    f = FIXERS_FILE
    only(raw, f, "stack", "fixer")
    stack = table(raw, f, "stack")
    per_game = stack.integer("tiles", 1, 99)
    stack.source()
    stack.done()
    count(f, "Fixer tiles in [stack]", per_game, FIXER_TILES, "as in the box")
    out = []
    for e in entries(raw, f, "fixer", "fixer"):
        name, line = _name(e, FIXERS, "a Fixer tile")
        tile = FixerTile(e.text("id"), name, e.integer("price", 0, 9), effects(e), e.source())
        if tile.price != line.price:
            raise e.fail(f"price must be {line.price} ({line.rule}), got {tile.price}")
        printed(e, line, tile.effects)
        e.done()
        out.append(tile)
    unique(f, "fixer", [t.id for t in out])
    unique(f, "fixer named", [t.name for t in out])
    count(f, "Fixer kinds", len(out), FIXER_KINDS, "the rulebook's table")
    return tuple(out), per_game


def assets_from(raw: dict[str, Any]) -> tuple[AssetTile, ...]:
    """The 7 Asset tiles every player has (EP-29, EP-217..222)."""
    f = ASSETS_FILE
    only(raw, f, "asset")
    out = []
    for e in entries(raw, f, "asset", "asset"):
        name, line = _name(e, ASSETS, "an Asset tile")
        tile = AssetTile(e.text("id"), name, e.enum("start", AssetStart),
                         e.integer("slot", 1, ASSETS_PER_PLAYER), effects(e), e.source())
        printed(e, line, tile.effects)
        e.done()
        out.append(tile)
    unique(f, "asset", [t.id for t in out])
    unique(f, "asset named", [t.name for t in out])
    count(f, "Asset tiles per player", len(out), ASSETS_PER_PLAYER, "EP-29")
    count(f, "Asset tiles in all", len(out) * len(PlayerColour), ASSET_TILES, "as in the box")
    rows = {s: [t for t in out if t.start is s] for s in AssetStart}
    police = [t for t in rows[AssetStart.ITEM_ROW] if t.effects[0].op is Op.MOVE_POLICE]
    if len(police) != 3 or len(rows[AssetStart.ITEM_ROW]) != 3:
        raise ContentError(f"{f}: the top row starts with the 3 Police Officer tiles (EP-29)")
    unlocked = rows[AssetStart.UNLOCKED]
    if len(unlocked) != 1 or unlocked[0].effects[0].op is not Op.EXTRA_ACTION:
        raise ContentError(f"{f}: only the Extra Action tile starts unlocked (EP-29)")
    count(f, "Asset tiles on the Contact card row", len(rows[AssetStart.CONTACT_ROW]), 3,
          "EP-29")
    for s, tiles in rows.items():
        slots = sorted(t.slot for t in tiles)
        if slots != list(range(1, len(tiles) + 1)):
            raise ContentError(f"{f}: the {s.value} tiles need slots 1 to {len(tiles)}, "
                               f"have {slots}")
    return tuple(out)


def equipment_from(raw: dict[str, Any]) -> tuple[EquipmentTile, ...]:
    """The Equipment tiles: four kinds (EP-15, EP-223..227)."""
    f = EQUIPMENT_FILE
    only(raw, f, "equipment")
    out = []
    for e in entries(raw, f, "equipment", "equipment"):
        kind = e.enum("kind", Equipment)
        line = EQUIPMENT[kind]
        tile = EquipmentTile(e.text("id"), kind, e.text("name"), e.integer("price", 0, 9),
                             e.integer("copies", 1, EQUIPMENT_TILES), effects(e), e.source())
        if tile.price != line.price:
            raise e.fail(f"price must be {line.price} ({line.rule}), got {tile.price}")
        printed(e, line, tile.effects)
        e.done()
        out.append(tile)
    unique(f, "equipment", [t.id for t in out])
    unique(f, "equipment of kind", [t.kind.value for t in out])
    missing = [k.value for k in Equipment if k not in {t.kind for t in out}]
    if missing:
        raise ContentError(f"{f}: no {missing[0]} tiles (EP-15)")
    count(f, "Equipment tiles", sum(t.copies for t in out), EQUIPMENT_TILES, "as in the box")
    return tuple(out)


def _fits(assets: tuple[AssetTile, ...], board: PlayerBoard) -> None:
    """The starting Asset tiles fit the rows and spaces of the player board (EP-29)."""
    rows = ((AssetStart.ITEM_ROW, board.items.spaces, "[items]"),
            (AssetStart.CONTACT_ROW, board.contacts.spaces, "[contacts]"))
    for start, spaces, where in rows:
        n = sum(a.start is start for a in assets)
        if spaces <= n:
            raise ContentError(f"{PLAYER_FILE}: {where}: {spaces} spaces leave no room beside "
                               f"the {n} Asset tiles of {ASSETS_FILE} (EP-29)")


def cards_from(root: Path = DATA) -> Cards:
    """Read and check every card and tile file in ``root``."""
    contacts = contacts_from(read(CONTACTS_FILE, root))
    fixers, per_game = fixers_from(read(FIXERS_FILE, root))
    assets = assets_from(read(ASSETS_FILE, root))
    equipment = equipment_from(read(EQUIPMENT_FILE, root))
    stacks, lockers, stores = lockers_from(read("lockers.toml", root))
    exits, costs = exits_from(read("exits.toml", root))
    board = player_from(read(PLAYER_FILE, root))
    plans = plans_from(read("plans.toml", root))
    sandra = sandra_from(read("sandra.toml", root))
    _fits(assets, board)
    return Cards(contacts, fixers, assets, equipment, stacks, lockers, stores, exits, costs,
                 plans, sandra, board, per_game)
