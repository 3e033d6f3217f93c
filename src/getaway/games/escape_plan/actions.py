"""The fixed, finite action space of Escape Plan (every choice the rules give a seat)."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, ActionSpace, action
from getaway.games.escape_plan import words
from getaway.games.escape_plan.cards import BUSINESS_IDS, SAFE_HOUSE_IDS
from getaway.games.escape_plan.model import LockerColour
from getaway.games.escape_plan.tables import (
    ASSET_IDS,
    CELLS,
    COLOURS,
    EQUIP_IDS,
    LOCATIONS,
    NODES,
    THREATS,
    WATERS,
)

SOURCES = ("contact", "item", "asset")
FLY_MODES = ("heliport", "helipad", "card", "sewer")
VISIT_CHOICES = ("gas", "pay_notoriety", "unlock", "heal", "fixer", "hire_gang", "income",
                 "exit_tile", "escape", "key", "master_key", "done")
BONUS = ("disc", "unlock")


@action("place")
@dataclass(frozen=True, slots=True)
class Place(Action):
    """Lay the face-up tile of stack ``stack`` (0-3: A-D) on cell ``cell`` turned ``turn``."""

    stack: int
    cell: int
    turn: int

    def label(self) -> str:
        return words.place_label(self.stack, self.cell, self.turn)


@action("simple")
@dataclass(frozen=True, slots=True)
class Simple(Action):
    """A choice without parameters: rest, move, end_move, take_wounds, first_aid, gas_token,
    gang_member, join, sit_out, pay_fee, arrested, place_contact, discard_contact, decline."""

    what: str

    def label(self) -> str:
        return words.simple_label(self.what)


SIMPLE = ("rest", "move", "end_move", "take_wounds", "first_aid", "gas_token", "gang_member",
          "join", "sit_out", "pay_fee", "arrested", "place_contact", "discard_contact",
          "decline", "end_turn")


@action("go")
@dataclass(frozen=True, slots=True)
class Go(Action):
    """Step (or ride the subway) to movement node ``node``."""

    node: int

    def label(self) -> str:
        return words.go_label(self.node)


@action("fly")
@dataclass(frozen=True, slots=True)
class Fly(Action):
    """Fly to ``node`` from a Heliport (1 MP), a Helipad (1 MP + Gang Member) or by card;
    ``sewer``: through the Sewer to a tile exactly 2 away (EP-197)."""

    node: int
    mode: str

    def label(self) -> str:
        return words.fly_label(self.node, self.mode)


@action("use")
@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use the Contact card / Item tile / unlocked Asset in slot ``index``."""

    source: str
    index: int

    def label(self) -> str:
        return words.use_label(self.source, self.index)


@action("avoid")
@dataclass(frozen=True, slots=True)
class Avoid(Action):
    """In the avoid step: use ``source`` slot ``index`` (or a Gang Member) against ``threat``."""

    source: str
    index: int
    threat: str

    def label(self) -> str:
        return words.avoid_label(self.source, self.index, self.threat)


@action("visit")
@dataclass(frozen=True, slots=True)
class Visit(Action):
    """A visit choice (``what``); ``n`` is the count where one is needed (Hospital heal)."""

    what: str
    n: int = 0

    def label(self) -> str:
        return words.visit_label(self.what, self.n)


@action("buy_equipment")
@dataclass(frozen=True, slots=True)
class BuyEquipment(Action):
    """Buy one Equipment tile of this kind."""

    equipment: str

    def label(self) -> str:
        return words.buy_label(self.equipment)


@action("open_locker")
@dataclass(frozen=True, slots=True)
class OpenLocker(Action):
    """Open a Locker of ``colour`` with a matching Key (``master`` False) or the Master Key."""

    colour: str
    master: bool

    def label(self) -> str:
        return words.open_locker_label(self.colour, self.master)


@action("pick")
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Pick item ``index`` of what is offered: a display card, a drawn tile, a slot."""

    what: str
    index: int

    def label(self) -> str:
        return words.pick_label(self.what, self.index)


PICKS = ("display", "tile", "replace", "make_room", "water")


@action("unlock")
@dataclass(frozen=True, slots=True)
class Unlock(Action):
    """Unlock this locked Asset tile."""

    asset: str

    def label(self) -> str:
        return words.unlock_label(self.asset)


@action("bonus")
@dataclass(frozen=True, slots=True)
class Bonus(Action):
    """The reward for a full group: an Extra Action disc, or the other option."""

    choice: str

    def label(self) -> str:
        return words.bonus_label(self.choice)


@action("officer")
@dataclass(frozen=True, slots=True)
class Officer(Action):
    """Choose the officer of ``colour`` on cell ``cell``."""

    cell: int
    colour: str

    def label(self) -> str:
        return words.officer_label(self.cell, self.colour)


@action("cell")
@dataclass(frozen=True, slots=True)
class ToCell(Action):
    """Choose the destination cell of an officer."""

    cell: int

    def label(self) -> str:
        return words.to_cell_label(self.cell)


@action("put_tile")
@dataclass(frozen=True, slots=True)
class PutTile(Action):
    """Put this free Business or Safe House tile on the Location of the City tile just laid
    (EP-50); the seat who laid the City tile chooses."""

    tile: str

    def label(self) -> str:
        return words.put_tile_label(self.tile)


def _space() -> list[Action]:
    out: list[Action] = []
    out += [Place(s, c, t) for s in range(4) for c in range(len(CELLS)) for t in range(4)]
    out += [Simple(w) for w in SIMPLE]
    out += [Go(n) for n in range(len(NODES))]
    out += [Fly(n, m) for n in range(len(NODES)) if not NODES[n].startswith("W:")
            for m in FLY_MODES]
    out += [Use(s, i) for s in SOURCES for i in range(6)]
    out += [Avoid(s, i, t) for s in SOURCES for i in range(6) for t in THREATS]
    out += [Avoid("gang", 0, t) for t in THREATS]
    out += [Visit(w) for w in VISIT_CHOICES]
    out += [Visit("heal", n) for n in (2, 3)]
    out += [BuyEquipment(k) for k in EQUIP_IDS]
    out += [OpenLocker(c.value, m) for c in LockerColour for m in (False, True)]
    out += [Pick(w, i) for w in PICKS for i in range(8)]
    out += [Unlock(a) for a in ASSET_IDS]
    out += [Bonus(b) for b in BONUS]
    out += [Officer(c, col.value) for c in range(len(CELLS)) for col in COLOURS]
    out += [ToCell(c) for c in range(len(CELLS))]
    # Appended after the first 1,550 so that no earlier index moves.
    out += [PutTile(t) for t in (*BUSINESS_IDS, *SAFE_HOUSE_IDS)]
    return out


SPACE = ActionSpace(_space())
assert len(LOCATIONS) > 0 and len(WATERS) <= 8
