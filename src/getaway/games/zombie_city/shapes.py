"""The shape of Escape: Zombie City's views: what ``State.view(seat)`` returns (``views.py``).

Declared as ``ZombieCity.view_type``: the conformance suite checks every view
of random games against it, and ``getaway.server.typegen`` turns it into the
``ZombieCity`` TypeScript namespace the browser module is checked with. The
game hides nothing between seats, so every view has the same content but for
``seat``. Sections, zombie kinds, items and bites are named by their ids in the
content files; what never changes about them (the printed sections, the
timeline...) is the game's assets, not its view.

The closed sets are spelled out as ``Literal`` here and checked against the
game's own tables by ``tests/games/zombie_city/test_shapes.py``.
"""

from __future__ import annotations

from typing import Literal, TypedDict

Edge = Literal["N", "E", "S", "W"]
"""A side of a street section, as laid on the table (``model.Edge``)."""
Face = Literal["getaway", "fist", "bat", "panic", "caution", "spent", "lost", "locked"]
"""What a die shows: an icon, or spent (roll it before it pays again), lost for the rest of
the game, or locked on a paralysis card (``tables.CODE_NAME``)."""
SeatColour = Literal["orange", "blue", "pink", "teal"]
"""A survivor's colour on the table, which names its seat (``words.SEAT_COLOURS``)."""
ZombieColour = Literal["green", "yellow", "purple"]
"""The colour of a zombie's base: its category (``model.ZombieColour``)."""


class BoardSection(TypedDict):
    """A street section laid in the town, where and how it is turned."""

    section: str
    x: int
    y: int
    turns: int
    """quarter turns clockwise from the printed drawing"""
    streets: list[Edge]
    """its open streets as laid"""
    item_tile: bool
    """a face-down item tile lies on it"""


class Zombie(TypedDict):
    """A zombie in the streets and the hits it has taken (fists, bats)."""

    piece: int
    name: str
    kind: str
    colour: ZombieColour
    section: str
    hits: list[int]
    """[fist hits, bat hits]"""


class Survivor(TypedDict):
    """A seat's survivor: its five dice, where it is, the item it carries and its bites."""

    seat: int
    colour: SeatColour
    dice: list[Face]
    section: str | None
    """its section (null in phase 2: everyone rides the van)"""
    item: str | None
    bites: list[str]
    drove: bool
    """in phase 2: it has shown its icons for the van's next drive"""


class ItemStacks(TypedDict):
    """How many item tiles are left in each building's stack."""

    gas_station: int
    hospital: int
    supermarket: int


class Pending(TypedDict):
    """The one, endless decision of the real-time game: every seat with dice may act."""

    key: Literal["play"]
    prompt: str
    seats: list[int]
    """the seats that may act now (not in a pause, not out of dice)"""


class Outcome(TypedDict):
    """How the game ended: the van escaped, the zombies took the church, or time is up.

    On an escape by the exit every seat wins, scoring the seconds left."""

    winners: list[int]
    scores: list[float]
    reason: Literal["escaped", "church", "time"]
    detail: str


class View(TypedDict):
    """What a seat (or a spectator) of Escape: Zombie City sees.

    The clock, the town, the zombies, the survivors, the cargo bay, the sizes of the piles
    and the van."""

    seat: int | None
    clock: float
    """the game clock in seconds (pauses included)"""
    paused: bool
    countdown: int
    """the countdown running now (0: none)"""
    phase: Literal[1, 2]
    """1: explore the city; 2: escape by van"""
    scenario: int
    need: int
    """different items the cargo bay needs"""
    church_limit: int
    """zombies at the church that lose the game"""
    board: list[BoardSection]
    zombies: list[Zombie]
    players: list[Survivor]
    cargo: list[str]
    """the items in the cargo bay"""
    street_pile: int
    street_pile_a: int
    """sections of the A stack left in the street pile (all above any B)"""
    item_stacks: ItemStacks
    zombie_deck: int
    zombie_cards_used: int
    bag: int
    """zombies left in the bag"""
    at_church: int
    exit_revealed: bool
    van: str | None
    """the van's section (null before phase 2)"""
    drive_target: str | None
    """the section the van is driving to"""
    pending: Pending | None
    outcome: Outcome | None
