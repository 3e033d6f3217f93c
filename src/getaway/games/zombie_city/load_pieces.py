"""Loading ``zombies.toml`` and ``items.toml``."""

from __future__ import annotations

from typing import Any

from getaway.core.content import count, entries, only, unique
from getaway.core.errors import ContentError
from getaway.games.zombie_city.components import ItemKind, ZombieCategory, ZombieKind
from getaway.games.zombie_city.model import (
    ITEM_COPIES,
    ITEM_KINDS,
    ITEM_TILES,
    ITEMS_PER_BUILDING,
    WEAPONS,
    ZOMBIE_CATEGORIES,
    ZOMBIE_KINDS,
    ZOMBIES,
    Building,
    Icon,
    ItemEffect,
    ZombieColour,
)


def zombies_from(raw: dict[str, Any]
                 ) -> tuple[tuple[ZombieCategory, ...], tuple[ZombieKind, ...]]:
    f = "zombies.toml"
    only(raw, f, "category", "zombie")

    def colour_label(d: dict[str, Any]) -> str | None:
        return repr(d["colour"]) if isinstance(d.get("colour"), str) else None

    cats = []
    for e in entries(raw, f, "category", "category", colour_label):
        cats.append(ZombieCategory(e.enum("colour", ZombieColour), e.text("name"), e.source()))
        e.done()
    unique(f, "category", [c.colour.value for c in cats])
    count(f, "zombie categories", len(cats), ZOMBIE_CATEGORIES)
    kinds = []
    for e in entries(raw, f, "zombie", "zombie"):
        zid, name = e.text("id"), e.text("name")
        colour = e.enum("colour", ZombieColour)
        defeat = e.enums("defeat", Icon, WEAPONS)
        if not defeat:
            raise e.fail("defeat must list the icons that defeat it")
        kinds.append(ZombieKind(zid, name, colour, defeat, e.integer("copies", 1, ZOMBIES),
                                e.source()))
        e.done()
    unique(f, "zombie", [k.id for k in kinds])
    count(f, "kinds of zombie", len(kinds), ZOMBIE_KINDS)
    count(f, "zombies", sum(k.copies for k in kinds), ZOMBIES)
    for c in ZombieColour:
        if not any(k.colour is c for k in kinds):
            raise ContentError(f"{f}: no zombie kind is {c.value}")
    return tuple(cats), tuple(kinds)


def items_from(raw: dict[str, Any]) -> tuple[ItemKind, ...]:
    f = "items.toml"
    only(raw, f, "item")
    items = []
    for e in entries(raw, f, "item", "item"):
        iid, name = e.text("id"), e.text("name")
        building = e.enum("building", Building)
        copies = e.integer("copies", 1, ITEM_TILES)
        if copies != ITEM_COPIES:
            raise e.fail(f"every item kind has {ITEM_COPIES} tiles, as in the rulebook")
        items.append(ItemKind(iid, name, building, copies, e.enum("effect", ItemEffect),
                              e.source()))
        e.done()
    unique(f, "item", [i.id for i in items])
    count(f, "kinds of item", len(items), ITEM_KINDS)
    count(f, "item tiles", sum(i.copies for i in items), ITEM_TILES)
    for b in Building:
        count(f, f"{b.value} item kinds", sum(i.building is b for i in items),
              ITEMS_PER_BUILDING, "3 backs for 9 kinds")
    return tuple(items)
