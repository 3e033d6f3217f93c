"""Dice, zombies, zombie cards, items, difficulties, the clock and :class:`Content`.

Components with identical copies are one entry with ``copies``; the ``*_pile``
methods expand them into one item per physical component, in data order
(shuffling is the engine's job).
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.content import Source, expand, find
from getaway.core.errors import ContentError
from getaway.games.zombie_city.board import Placement, Section
from getaway.games.zombie_city.model import (
    Building,
    CardIconKind,
    Cost,
    Difficulty,
    Handicap,
    Icon,
    ItemEffect,
    SectionKind,
    Stack,
    ZombieColour,
)

# -- zombies and their cards ---------------------------------------------------


@dataclass(frozen=True)
class ZombieCategory:
    """A colour of zombie base; move icons name it."""

    colour: ZombieColour
    name: str
    source: Source


@dataclass(frozen=True)
class ZombieKind:
    """One kind of zombie: the icons (pooled by all survivors there) that defeat it."""

    id: str
    name: str
    colour: ZombieColour
    defeat: tuple[Icon, ...]
    copies: int
    source: Source


@dataclass(frozen=True)
class Bite:
    """A zombie bite: the icons the bitten player alone must roll to shed it, and
    the handicap until then (``amount`` is 0 when the handicap takes none)."""

    id: str
    name: str
    shed: tuple[Icon, ...]
    handicap: Handicap
    amount: int
    printed: str
    """What the physical card asks for, in our words."""
    source: Source


@dataclass(frozen=True)
class CardIcon:
    """One icon of a zombie card. ``colour``/``steps`` for MOVE, ``bite`` for BITE."""

    kind: CardIconKind
    colour: ZombieColour | None = None
    steps: int = 0
    bite: str | None = None

    @property
    def spawns(self) -> int:
        """Zombies this icon puts on the revealed (or rescuer's, or van's) section."""
        return {CardIconKind.SPAWN_ONE: 1, CardIconKind.SPAWN_TWO: 2}.get(self.kind, 0)


@dataclass(frozen=True)
class ZombieCard:
    """One zombie card: its 1 or 2 icons and the scenarios whose deck holds it."""

    id: str
    scenarios: frozenset[int]
    icons: tuple[CardIcon, ...]
    source: Source

    @property
    def bite(self) -> str | None:
        """The bite this card inflicts, if it is a zombie-bite card."""
        return next((i.bite for i in self.icons if i.kind is CardIconKind.BITE), None)


# -- items, variants and time --------------------------------------------------


@dataclass(frozen=True)
class ItemKind:
    """One kind of item tile; its back is its building."""

    id: str
    name: str
    building: Building
    copies: int
    effect: ItemEffect
    source: Source


@dataclass(frozen=True)
class DifficultyLevel:
    """A difficulty: zombies the church takes before the loss, items per player count."""

    id: Difficulty
    church_limit: int
    items: tuple[tuple[int, int], ...]
    """(players, different items needed in the cargo bay)."""
    source: Source

    def cargo_need(self, players: int) -> int:
        """Different items the cargo bay must hold at this player count."""
        for p, n in self.items:
            if p == players:
                return n
        raise ContentError(f"game.toml: difficulty {self.id.value!r} has no need for "
                           f"{players} players")


@dataclass(frozen=True)
class Scenario:
    """A scenario: its number selects the zombie cards."""

    number: int
    name: str
    summary: str
    source: Source


@dataclass(frozen=True)
class Countdown:
    """One countdown of the soundtrack, in seconds of play time (pauses excluded).

    It runs from ``starts_at`` to ``ends_at`` (the door slams, or the zombie
    cry). ``absent_loses``: dice lost by each survivor not on the church then;
    ``van_away_loses``: dice lost by every player when the van is not back at
    the church then; ``pause_after``: a 20-second pause follows;
    ``ends_game``: time is up.
    """

    number: int
    gongs: int
    starts_at: int
    ends_at: int
    absent_loses: int
    van_away_loses: int
    pause_after: bool
    ends_game: bool
    source: Source


@dataclass(frozen=True)
class Clock:
    """The soundtrack's timeline."""

    play_seconds: int
    soundtrack_seconds: int
    lead_in_seconds: int
    countdown_seconds: int
    pause_seconds: int
    countdowns: tuple[Countdown, ...]
    source: Source

    def wall_time(self, play_time: float) -> float:
        """Soundtrack seconds at a moment of play time (lead-in and past pauses added).

        >>> from getaway.games.zombie_city.content import CONTENT
        >>> CONTENT.clock.wall_time(0), CONTENT.clock.wall_time(600)
        (10.0, 630.0)
        """
        pauses = sum(c.pause_after and c.ends_at < play_time for c in self.countdowns)
        return float(self.lead_in_seconds + play_time + pauses * self.pause_seconds)


@dataclass(frozen=True)
class TimeCost:
    """Virtual seconds one thing takes in a simulation (a default, configurable)."""

    id: Cost
    seconds: float
    source: Source


@dataclass(frozen=True)
class Content:
    """Everything Escape: Zombie City needs besides its rules."""

    die_faces: tuple[Icon, ...]
    dice_per_player: int
    players: tuple[int, ...]
    sections: tuple[Section, ...]
    start: tuple[Placement, ...]
    categories: tuple[ZombieCategory, ...]
    zombies: tuple[ZombieKind, ...]
    bites: tuple[Bite, ...]
    cards: tuple[ZombieCard, ...]
    items: tuple[ItemKind, ...]
    difficulties: tuple[DifficultyLevel, ...]
    scenarios: tuple[Scenario, ...]
    clock: Clock
    costs: tuple[TimeCost, ...]

    def section(self, section_id: str) -> Section:
        """The section with this id."""
        return find(self.sections, section_id, "sections.toml", "section")

    def of_kind(self, kind: SectionKind) -> tuple[Section, ...]:
        """Every section of this kind, in data order."""
        return tuple(s for s in self.sections if s.kind is kind)

    def pile(self, stack: Stack) -> tuple[Section, ...]:
        """The sections with this letter on the back, in data order."""
        return tuple(s for s in self.sections if s.stack is stack)

    @property
    def church(self) -> Section:
        """The church, where survivors start and zombies must not arrive."""
        return self.of_kind(SectionKind.CHURCH)[0]

    def zombie(self, kind_id: str) -> ZombieKind:
        """The zombie kind with this id."""
        return find(self.zombies, kind_id, "zombies.toml", "zombie")

    def zombie_bag(self) -> tuple[ZombieKind, ...]:
        """All 20 zombies, one item per piece."""
        return expand(self.zombies)

    def bite(self, bite_id: str) -> Bite:
        """The bite with this id."""
        return find(self.bites, bite_id, "zombie_cards.toml", "bite")

    def card(self, card_id: str) -> ZombieCard:
        """The zombie card with this id."""
        return find(self.cards, card_id, "zombie_cards.toml", "card")

    def deck(self, scenario: int) -> tuple[ZombieCard, ...]:
        """The zombie cards of one scenario, in data order."""
        if not any(s.number == scenario for s in self.scenarios):
            raise ContentError(f"game.toml: no scenario {scenario}")
        return tuple(c for c in self.cards if scenario in c.scenarios)

    def item(self, item_id: str) -> ItemKind:
        """The item kind with this id."""
        return find(self.items, item_id, "items.toml", "item")

    def item_stack(self, building: Building) -> tuple[ItemKind, ...]:
        """The 6 item tiles with this building's back, one item per tile."""
        return expand(i for i in self.items if i.building is building)

    def difficulty(self, level: Difficulty) -> DifficultyLevel:
        """The numbers of one difficulty level."""
        return next(d for d in self.difficulties if d.id is level)

    def cost(self, what: Cost) -> float:
        """Default virtual seconds of one roll or action."""
        return next(c.seconds for c in self.costs if c.id is what)

