"""Escape Plan's cards and tiles, one frozen dataclass per kind, and :class:`Cards`.

A card's benefit is a tuple of :class:`~.effects.Effect`. Kinds with identical
copies keep one entry with ``copies``; :meth:`Cards.contact_deck` and friends
expand them into one item per physical component, in data order (shuffling is
the engine's job). Where a card names a Business, Safe House, Store or Exit it
uses the board's ids (``business-1``, ``safe-house-2``, ``store-A``,
``exit-1``). See the game's README for what is the rulebook's and what is ours.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

from getaway.core.content import Source, expand, find
from getaway.games.escape_plan.card_tables import ContactKind
from getaway.games.escape_plan.effects import Effect, Op, Timing
from getaway.games.escape_plan.model import (
    FIXER_TILES,
    Equipment,
    ExitColour,
    LocationKind,
    LockerColour,
    PlayerColour,
    Police,
    Store,
)
from getaway.games.escape_plan.player_board import PlayerBoard

# the board's ids that cards name (the board's data must hold them)
BUSINESS_IDS = tuple(f"business-{i}" for i in range(1, 7))
SAFE_HOUSE_IDS = tuple(f"safe-house-{i}" for i in range(1, 4))
STORE_IDS = {s: f"store-{s.value}" for s in Store}
EXIT_PREFIX = "exit-"
BUSINESS_GROUPS = (BUSINESS_IDS[:3], BUSINESS_IDS[3:])
"""The two groups of three Businesses (EP-121) as these files assume them."""


class _Usable:
    """A card or tile whose first effect says when it may be used (EP-157)."""

    effects: tuple[Effect, ...]

    @property
    def timing(self) -> Timing:
        """When it may be used (EP-157)."""
        return self.effects[0].timing


@dataclass(frozen=True)
class ContactCard(_Usable):
    """A Contact card: pay ``cost``, gain 1 Notoriety if ``star``, apply the effects,
    flip it (EP-160, EP-203)."""

    id: str
    name: str
    kind: ContactKind
    cost: int
    star: bool
    copies: int
    effects: tuple[Effect, ...]
    source: Source

    @property
    def colour(self) -> Police | None:
        """The officer colour the card names (Bribe, Rally, Boxer, Fight, Ninja, Snitch)."""
        named = {c for e in self.effects for c in e.colours}
        return named.pop() if len(named) == 1 else None

    @property
    def discs(self) -> int:
        """Extra Action discs Sandra gains when she discards it from the display (EP-92)."""
        return sum(e["count"] for e in self.effects if e.op is Op.EXTRA_ACTION)


@dataclass(frozen=True)
class FixerTile(_Usable):
    """A Fixer tile: bought for ``price`` at a Safe House, flipped once for its
    benefit, never refreshed (EP-143, EP-204, EP-216)."""

    id: str
    name: str
    price: int
    effects: tuple[Effect, ...]
    source: Source


class AssetStart(StrEnum):
    """Where an Asset tile starts on its owner's board (EP-29)."""

    ITEM_ROW = "item_row"          # locked, on the top row of Item spaces
    CONTACT_ROW = "contact_row"    # locked, on the bottom row of Contact card spaces
    UNLOCKED = "unlocked"          # on the $5 Asset space


@dataclass(frozen=True)
class AssetTile(_Usable):
    """An Asset tile, the same in each player colour. ``slot`` orders the tiles of a
    starting row from the left (they sit at its right end, EP-174)."""

    id: str
    name: str
    start: AssetStart
    slot: int
    effects: tuple[Effect, ...]
    source: Source


@dataclass(frozen=True)
class EquipmentTile(_Usable):
    """An Equipment tile: bought for ``price`` at a Convenience Store, flipped to use,
    ready again after a Rest (EP-124, EP-165)."""

    id: str
    kind: Equipment
    name: str
    price: int
    copies: int
    effects: tuple[Effect, ...]
    source: Source


@dataclass(frozen=True)
class LockerStack:
    """A Locker stack: a player opening it draws (Notoriety position + Contact cards
    owned + ``bonus``) tiles (EP-129)."""

    colour: LockerColour
    bonus: int
    source: Source


@dataclass(frozen=True)
class LockerTile:
    """A Locker tile: ``need`` is printed on its back (the top tile's gates opening,
    EP-127); ``value`` is its dollars at the end (EP-108)."""

    id: str
    colour: LockerColour
    need: int
    value: int
    source: Source


@dataclass(frozen=True)
class StoreLockers:
    """The Locker stacks a Convenience Store depicts: Sandra discards one random tile
    from each when she visits it (EP-99, EP-GAP-34)."""

    store: Store
    stacks: tuple[LockerColour, ...]
    source: Source


@dataclass(frozen=True)
class ExitTile:
    """An Exit tile: its stack's colour and its dollars at the end (EP-108, EP-149)."""

    id: str
    colour: ExitColour
    value: int
    source: Source


@dataclass(frozen=True)
class ExitCost:
    """An Exit Cost card: for these player counts, ``costs[n]`` is the price of
    escaping when n players have already escaped (EP-104)."""

    id: str
    players: tuple[int, ...]
    costs: tuple[int, ...]
    source: Source


@dataclass(frozen=True)
class EscapePlan:
    """An Escape Plan card: the Businesses and Safe Houses showing the Income symbol
    (EP-116, EP-140); a visit anywhere else puts the cube on the White or Red hex."""

    id: str
    income: tuple[str, ...]
    source: Source

    def shows_income(self, location: str) -> bool:
        """Whether this card shows the Income symbol on that Business or Safe House."""
        return location in self.income


@dataclass(frozen=True)
class SandraCard:
    """A Sandra card: the Location she goes to if it is on the board (EP-86)."""

    id: str
    kind: LocationKind
    location: str
    source: Source


@dataclass(frozen=True)
class Cards:
    """Every card and tile of Escape Plan, and the player board's numbers."""

    contacts: tuple[ContactCard, ...]
    fixers: tuple[FixerTile, ...]
    assets: tuple[AssetTile, ...]
    equipment: tuple[EquipmentTile, ...]
    locker_stacks: tuple[LockerStack, ...]
    lockers: tuple[LockerTile, ...]
    store_lockers: tuple[StoreLockers, ...]
    exits: tuple[ExitTile, ...]
    exit_costs: tuple[ExitCost, ...]
    plans: tuple[EscapePlan, ...]
    sandra: tuple[SandraCard, ...]
    board: PlayerBoard

    fixers_per_game: int = FIXER_TILES

    @cached_property
    def _index(self) -> dict[str, dict[str, Any]]:
        """Each kind's items by id (the first of an id, as ``find`` answers)."""
        out: dict[str, dict[str, Any]] = {}
        for kind, items in (("contact", self.contacts), ("fixer", self.fixers),
                            ("asset", self.assets), ("plan", self.plans)):
            table: dict[str, Any] = {}
            for it in items:
                table.setdefault(it.id, it)
            out[kind] = table
        return out

    def contact(self, card_id: str) -> ContactCard:
        """The Contact card with this id."""
        got = self._index["contact"].get(card_id)
        return got if got is not None else find(self.contacts, card_id, "contacts.toml",
                                                "contact")

    def fixer(self, tile_id: str) -> FixerTile:
        """The Fixer tile with this id."""
        got = self._index["fixer"].get(tile_id)
        return got if got is not None else find(self.fixers, tile_id, "fixers.toml", "fixer")

    def asset(self, tile_id: str) -> AssetTile:
        """The Asset tile with this id."""
        got = self._index["asset"].get(tile_id)
        return got if got is not None else find(self.assets, tile_id, "assets.toml", "asset")

    def plan(self, plan_id: str) -> EscapePlan:
        """The Escape Plan card with this id."""
        got = self._index["plan"].get(plan_id)
        return got if got is not None else find(self.plans, plan_id, "plans.toml", "plan")

    def contact_deck(self) -> tuple[ContactCard, ...]:
        """One item per Contact card (32, EP-17)."""
        return expand(self.contacts)

    def equipment_supply(self, kind: Equipment) -> tuple[EquipmentTile, ...]:
        """The face-down pile of one Equipment kind (EP-15)."""
        return expand(e for e in self.equipment if e.kind is kind)

    def player_assets(self, colour: PlayerColour) -> tuple[tuple[PlayerColour, AssetTile], ...]:
        """The 7 Asset tiles of one player colour (EP-29)."""
        return tuple((colour, a) for a in self.assets)

    def locker_stack(self, colour: LockerColour) -> tuple[LockerTile, ...]:
        """The tiles of one Locker stack (EP-14)."""
        return tuple(t for t in self.lockers if t.colour is colour)

    def locker_draws(self, colour: LockerColour, notoriety: int, contacts: int) -> int:
        """How many tiles a player at Notoriety position ``notoriety`` owning ``contacts``
        Contact cards draws from that stack (EP-129; EP-EX-5: 2 and 3 give green 6,
        black 5, brown 4), never fewer than 0; the engine draws at most what is left."""
        (stack,) = [s for s in self.locker_stacks if s.colour is colour]
        return max(0, notoriety + contacts + stack.bonus)

    def can_open(self, tile: LockerTile, notoriety: int, contacts: int) -> bool:
        """Whether the top Locker tile ``tile`` may be opened (EP-127)."""
        return notoriety + contacts >= tile.need

    def depicted(self, store: Store) -> tuple[LockerColour, ...]:
        """The Locker stacks Sandra discards from at that store (EP-99)."""
        (s,) = [s for s in self.store_lockers if s.store is store]
        return s.stacks

    def exit_stack(self, colour: ExitColour) -> tuple[ExitTile, ...]:
        """The tiles of one Exit tile stack (EP-16)."""
        return tuple(t for t in self.exits if t.colour is colour)

    def escape_cost(self, players: int, escaped: int) -> int:
        """The price of escaping in a ``players`` game after ``escaped`` escapes (EP-104)."""
        (card,) = [c for c in self.exit_costs if players in c.players]
        return card.costs[escaped]
