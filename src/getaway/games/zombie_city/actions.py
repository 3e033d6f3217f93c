"""The actions of Escape: Zombie City and its fixed action space.

Every seat acts at once; the engine picks which of the seat's dice pay for an
action from the faces showing (any die with the needed face). Indices:

* ``roll(mask)``: bit ``i`` of ``mask`` (1-31) rerolls die ``i``;
* ``enter(section)``, ``drive(section)``: a section's index in ``CONTENT.sections``;
* ``reveal(edge)``: ``N``, ``E``, ``S`` or ``W`` of the seat's section;
* ``commit(zombie, icon)``: zombie piece 0-19 (``CONTENT.zombie_bag()`` order),
  one die showing ``fist`` or ``bat``;
* ``caution_help(seat)``, ``shed(bite)``: a seat, a bite's index in ``CONTENT.bites``;
* ``wait``: last, so that the indices of the other actions never moved when it came.
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, ActionSpace, action
from getaway.games.zombie_city import words as W
from getaway.games.zombie_city.content import CONTENT, EDGES, Edge

SECTION_IDS = tuple(s.id for s in CONTENT.sections)
SECTION_INDEX = {sid: i for i, sid in enumerate(SECTION_IDS)}
PIECES = len(CONTENT.zombie_bag())
BITE_IDS = tuple(b.id for b in CONTENT.bites)
MAX_SEATS = max(CONTENT.players)


@action("roll")
@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Reroll the dice whose bits are set in ``mask`` (never a blocked one)."""

    mask: int

    def label(self) -> str:
        return W.roll_label(self.mask)


@action("enter")
@dataclass(frozen=True, slots=True)
class Enter(Action):
    """Move onto a section joined by a street, paying its two entry icons."""

    section: int

    def label(self) -> str:
        return W.enter_label(self.section)


@action("reveal")
@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Lay the top street section across an open street (two getaways)."""

    edge: str

    def label(self) -> str:
        return W.reveal_label(self.edge)


@action("search")
@dataclass(frozen=True, slots=True)
class Search(Action):
    """Take the item tile of the building on the seat's section."""

    def label(self) -> str:
        return W.SEARCH_LABEL


@action("deposit")
@dataclass(frozen=True, slots=True)
class Deposit(Action):
    """Put the held item into the cargo bay (from the church)."""

    def label(self) -> str:
        return W.DEPOSIT_LABEL


@action("discard_item")
@dataclass(frozen=True, slots=True)
class DiscardItem(Action):
    """Throw away a held item whose kind is already in the cargo bay."""

    def label(self) -> str:
        return W.DISCARD_LABEL


@action("use_item")
@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """Spend a duplicate item to reroll all of the seat's panic dice."""

    def label(self) -> str:
        return W.USE_ITEM_LABEL


@action("caution_self")
@dataclass(frozen=True, slots=True)
class CautionSelf(Action):
    """Spend a caution to free up to two of the seat's own blocked dice."""

    def label(self) -> str:
        return W.CAUTION_SELF_LABEL


@action("caution_help")
@dataclass(frozen=True, slots=True)
class CautionHelp(Action):
    """Spend a caution to free up to two blocked dice of another seat on the section."""

    seat: int

    def label(self) -> str:
        return W.caution_help_label(self.seat)


@action("rescue")
@dataclass(frozen=True, slots=True)
class Rescue(Action):
    """With every die in panic: turn a zombie card, then reroll every die."""

    def label(self) -> str:
        return W.RESCUE_LABEL


@action("wait")
@dataclass(frozen=True, slots=True)
class Wait(Action):
    """With every die in panic: wait for a friend's caution instead of a rescue."""

    def label(self) -> str:
        return W.WAIT_LABEL


@action("commit")
@dataclass(frozen=True, slots=True)
class Commit(Action):
    """Put one die showing ``icon`` against a zombie on the seat's section."""

    zombie: int
    icon: str

    def label(self) -> str:
        return W.commit_label(self.zombie, self.icon)


@action("shed")
@dataclass(frozen=True, slots=True)
class Shed(Action):
    """Roll off a zombie bite with the seat's own dice."""

    bite: int

    def label(self) -> str:
        return W.shed_label(self.bite)


@action("drive")
@dataclass(frozen=True, slots=True)
class Drive(Action):
    """Commit the van to a joined section: its entry icons plus one getaway."""

    section: int

    def label(self) -> str:
        return W.drive_label(self.section)


ROLLS = tuple(Roll(m) for m in range(1, 32))
ENTERS = tuple(Enter(i) for i in range(len(SECTION_IDS)))
REVEALS = {e: Reveal(e.value) for e in EDGES}
SEARCH = Search()
DEPOSIT = Deposit()
DISCARD = DiscardItem()
USE_ITEM = UseItem()
CAUTION_SELF = CautionSelf()
CAUTION_HELPS = tuple(CautionHelp(s) for s in range(MAX_SEATS))
RESCUE = Rescue()
WAIT = Wait()
COMMITS = tuple((Commit(z, "fist"), Commit(z, "bat")) for z in range(PIECES))
SHEDS = tuple(Shed(b) for b in range(len(BITE_IDS)))
DRIVES = tuple(Drive(i) for i in range(len(SECTION_IDS)))

SPACE = ActionSpace([*ROLLS, *ENTERS, *REVEALS.values(), SEARCH, DEPOSIT, DISCARD, USE_ITEM,
                     CAUTION_SELF, *CAUTION_HELPS, RESCUE,
                     *(c for pair in COMMITS for c in pair), *SHEDS, *DRIVES, WAIT])


def reveal_action(edge: Edge) -> Reveal:
    """The interned reveal across ``edge``."""
    return REVEALS[edge]
