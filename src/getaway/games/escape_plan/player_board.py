"""The printed numbers of an Escape Plan player board (``player.toml``).

A player board holds the Income track under the 9 Income cubes, the White, Red
and Income hexes the cubes move to, a row of Item spaces and a row of Contact
card spaces (3 locked Asset tiles start on each, EP-29), the Asset spaces with
the price of using the tile on each, the player's Notoriety area; the shared
Notoriety track and the Handcuffs cards are kept here too. Most numbers are
lost (EP-GAP-9, 10, 13, 14, 15); the game's README says which are ours and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.content import Source


@dataclass(frozen=True)
class IncomeTrack:
    """The Income track: ``base`` is printed above the cubes and never covered;
    ``values[i]`` is uncovered when the (i+1)-th cube is taken, top-most first
    (EP-39, EP-40). Income is the last value uncovered (the lowest visible space)."""

    base: int
    values: tuple[int, ...]
    source: Source

    def income(self, taken: int) -> int:
        """The Income after ``taken`` cubes have left the track (0 to 9)."""
        if not 0 <= taken <= len(self.values):
            raise ValueError(f"{taken} Income cubes taken: must be 0 to {len(self.values)}")
        return self.values[taken - 1] if taken else self.base


@dataclass(frozen=True)
class Hexes:
    """Dollars per cube at the end on each hex (EP-108, EP-116, EP-117, EP-140): the
    White hex (a Business without the Income symbol), the Red hex (a Safe House
    without it) and the Income hex (either, with the symbol: Income was paid)."""

    white: int
    red: int
    income: int
    source: Source


@dataclass(frozen=True)
class ContactSpaces:
    """The row of Contact card spaces, and the end payout by the number of Contact
    cards on it, after the one discarded (``payout[n]`` for n cards, EP-107, EP-108)."""

    spaces: int
    payout: tuple[int, ...]
    source: Source

    def pay(self, cards: int) -> int:
        """Dollars at the end for ``cards`` Contact cards on the board."""
        return self.payout[cards]


@dataclass(frozen=True)
class ItemSpaces:
    """The row of Item spaces: Fixer, Equipment, Locker and Exit tiles (EP-125)."""

    spaces: int
    source: Source


@dataclass(frozen=True)
class AssetSpaces:
    """The unlocked Asset spaces, most expensive first: using the tile on a space
    costs its price (EP-161). The Extra Action tile starts on the $5 space (EP-29);
    an unlocked tile goes to the most expensive empty one (EP-172)."""

    prices: tuple[int, ...]
    source: Source


@dataclass(frozen=True)
class Threshold:
    """A Notoriety threshold: crossing upward to ``at`` or beyond unlocks ``unlocks``
    Asset tiles and gives ``discs`` Extra Action discs (EP-179..183)."""

    at: int
    unlocks: int
    discs: int
    source: Source


@dataclass(frozen=True)
class NotorietyTrack:
    """The shared Notoriety track, positions 0 (bottom) to ``top``. Players start on
    ``start`` (EP-28), Sandra on ``sandra_start`` (EP-33). ``penalty[p]`` is what a
    marker on position p loses at the end (EP-108)."""

    top: int
    start: int
    sandra_start: int
    thresholds: tuple[Threshold, ...]
    penalty: tuple[int, ...]
    source: Source

    def crossed(self, before: int, after: int) -> tuple[Threshold, ...]:
        """The thresholds passed moving up from ``before`` to ``after``, lowest first,
        each resolved on its own (EP-179)."""
        return tuple(t for t in self.thresholds if before < t.at <= after)


@dataclass(frozen=True)
class Handcuffs:
    """The Handcuffs cards: one blocks the rightmost free Contact card space of a player
    taking a 4th Wound (EP-84)."""

    cards: int
    source: Source


@dataclass(frozen=True)
class PlayerBoard:
    """Every printed number of a player board, and the shared Notoriety track."""

    income: IncomeTrack
    hexes: Hexes
    contacts: ContactSpaces
    items: ItemSpaces
    assets: AssetSpaces
    notoriety: NotorietyTrack
    handcuffs: Handcuffs
