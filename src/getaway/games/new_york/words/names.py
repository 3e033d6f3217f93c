"""Names as printed: spaces, bridges, Enemies, cards and objectives as they read inside a
sentence, and the small word tables the labels and sentences share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.new_york.tables import (
    ACTIONS,
    BOSS0,
    BOSSES,
    CAR0,
    CODE_IDS,
    CODE_NAMES,
    FIXED_TILE,
    ITEMS,
    MAP,
    OBJECTIVES,
    POIS,
    SPACE_IDS,
    TILES,
)

if TYPE_CHECKING:
    from getaway.games.new_york.state import NewYorkState


_THE = frozenset({"New York Public Library", "World Trade Center", "Chrysler Building",
                  "Garment District", "West Side Highway", "Escape Pod Wreck",
                  "Broadway Theater"})
"""Printed names that take "the" inside a sentence."""
_PLACE_FORM = {"Nothing Here": "the Nothing Here POI"}
"""Printed names that read better with a word more when they name a place."""


def mid(name: str) -> str:
    """A printed name as it reads inside a sentence: "The Tape" -> "the Tape",
    "World Trade Center" -> "the World Trade Center"."""
    if name.startswith("The "):
        return "the " + name[4:]
    return f"the {name}" if name in _THE else name


def _tile_place(t: int) -> str:
    return mid(TILES[t].name)


def _poi_place(p: int) -> str:
    name = POIS[p].name
    return _PLACE_FORM.get(name, mid(name))


SPACE_NAME: tuple[str, ...] = tuple(
    _tile_place(FIXED_TILE[i]) if i in FIXED_TILE else sp.name
    for i, sp in enumerate(MAP.spaces))
"""Each space as the board names it before anything lies on it (a fixed tile's name, or
the neighbourhood or landmark printed there), as it reads inside a sentence."""
SPACE_NAMES: dict[str, str] = dict(zip(SPACE_IDS, SPACE_NAME, strict=True))
"""The same, by space id."""
BRIDGE_NAME: dict[int, str] = {b.number: f"Bridge {b.number}, the {b.name}"
                               for b in MAP.bridges}
ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth")
SIDE_WORDS = {"N": "up", "NE": "up and to the right", "SE": "down and to the right",
              "S": "down", "SW": "down and to the left", "NW": "up and to the left"}
"""The six sides of a space as they lie on the board drawn with the Hudson at the top."""
ICON_WORDS = {"raft": "a Raft", "item": "an Item cube", "prisoner": "a Prisoner",
              "event": "an Event icon", "manhole": "a Manhole"}
OPTION_WORDS = {"library-item": "draw an Item", "library-card": "take back a random discard",
                "gunshop-items": "draw 2 Items and keep 1",
                "gunshop-reload": "reload up to 2 Ammo"}
DECK_WORDS = {"timer": "the Timer deck", "new_york": "the New York deck",
              "event": "the Event deck", "item": "the Item deck"}
ACTION_NAME = {c.id: c.name for c in ACTIONS}
ITEM_NAME = {i.id: i.name for i in ITEMS}
CODE_NAME = dict(zip(CODE_IDS, CODE_NAMES, strict=True))
OBJECTIVE_NAME = {o.id: o.name for o in OBJECTIVES}


def copy_of(objective: str) -> str:
    """An objective's name, told apart from an identical card ("Wanted!, the second")."""
    name = OBJECTIVE_NAME[objective]
    twins = [o.id for o in OBJECTIVES if o.name == name]
    return name if len(twins) == 1 else f"{name} (the {ORDINAL[twins.index(objective)]} copy)"


def hero_order(seat: int) -> str:
    """A seat by the place of its Hero in seat order, for pure labels: "the second Hero"."""
    return f"the {ORDINAL[seat]} Hero"


def enemy_name(e: int) -> str:
    """An Enemy as our board marks it: "Prisoner 7", "the Prisoner in Car 2", "Romero"."""
    if e < CAR0:
        return f"Prisoner {e + 1}"
    if e < BOSS0:
        return f"the Prisoner in Car {e - CAR0 + 1}"
    return mid(BOSSES[e - BOSS0].name)


def enemy_named(ident: str) -> str:
    """:func:`enemy_name` from an Enemy id (``p7``, ``car2``, ``romero``)."""
    from getaway.games.new_york.tables import ENEMY_INDEX

    return enemy_name(ENEMY_INDEX[ident])


def place_name(s: NewYorkState, x: int) -> str:
    """What a space is called now: the tile or the face-up POI on it, else the name the
    board prints there (a face-down POI's space keeps the board's name)."""
    t = s.tile[x]
    if t >= 0:
        return _TILE_PLACE[t]
    if s.poi[x] >= 0 and s.up >> x & 1:
        return _POI_PLACE[s.poi[x]]
    return SPACE_NAME[x]


_TILE_PLACE = tuple(map(_tile_place, range(len(TILES))))
_POI_PLACE = tuple(map(_poi_place, range(len(POIS))))
