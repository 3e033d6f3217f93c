"""All the cards and tiles off the map (:class:`Cards`) and the physical piles of one
configuration (:class:`Decks`).

``Cards.decks(modules)`` expands every kind into one item per component, in data
order, keeping only what the enabled Appendix B modules put in the box; shuffling
and dealing are the engine's job.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from getaway.core.content import expand, find
from getaway.games.new_york.cards import (
    Ability,
    ActionCard,
    CaseCard,
    EventCard,
    EventTrack,
    HeroSheet,
    ItemCard,
    LevelBar,
    LevelReward,
    NewYorkCard,
    Objective,
    PresidentCard,
    TimerSetup,
    TimerTile,
    TrapCard,
    WantedCard,
)
from getaway.games.new_york.model import (
    ActionSet,
    Colour,
    Hero,
    ItemKind,
    Module,
    NewYorkSet,
    TimerColour,
)


@dataclass(frozen=True)
class Decks:
    """The physical cards and tiles of one configuration, one item per component.

    ``timer_black`` holds every black tile in the box; the engine shuffles it, sets
    ``timer_removed`` aside unseen, then puts ``hurry_up`` and the ``red`` tiles
    (shuffled among themselves when the setup says so) underneath (NY-24).
    """

    modules: frozenset[Module]
    basic: tuple[ActionCard, ...]
    special: tuple[ActionCard, ...]
    starting: tuple[ItemCard, ...]
    items: tuple[ItemCard, ...]
    cars: tuple[ItemCard, ...]
    cases: tuple[CaseCard, ...]
    president_deck: tuple[PresidentCard, ...]
    wanted: tuple[WantedCard, ...]
    blue: tuple[Objective, ...]
    purple: tuple[Objective, ...]
    timer_black: tuple[TimerTile, ...]
    timer_removed: int
    hurry_up: TimerTile
    red: tuple[TimerTile, ...]
    red_shuffled: bool
    events: tuple[EventCard, ...]
    new_york: tuple[NewYorkCard, ...]
    new_york_specials: tuple[NewYorkCard, ...]
    traps: tuple[TrapCard, ...]

    def hand(self, hero: Hero) -> tuple[ActionCard, ...]:
        """The Hero's starting hand: all its basic Action cards (NY-10)."""
        return tuple(c for c in self.basic if c.hero is hero)

    def specials(self, hero: Hero) -> tuple[ActionCard, ...]:
        """The Special Action cards the Hero chooses from on levelling up (NY-162, NY-247)."""
        return tuple(c for c in self.special if c.hero is hero)

    def start(self, hero: Hero) -> tuple[ItemCard, ...]:
        """The cards the Hero starts with (NY-11..13)."""
        return tuple(c for c in self.starting if c.owner is hero)


def _on(module: Module | None, modules: frozenset[Module]) -> bool:
    return module is None or module in modules


@dataclass(frozen=True)
class Cards:
    """Every card and tile of Escape from New York that is not on the map."""

    ability: Ability
    levels: tuple[LevelReward, ...]
    heroes: tuple[HeroSheet, ...]
    actions: tuple[ActionCard, ...]
    bars: tuple[LevelBar, ...]
    items: tuple[ItemCard, ...]
    cases: tuple[CaseCard, ...]
    president: PresidentCard
    president_deck: tuple[PresidentCard, ...]
    wanted: tuple[WantedCard, ...]
    objectives: tuple[Objective, ...]
    timer_setup: TimerSetup
    timers: tuple[TimerTile, ...]
    event_track: EventTrack
    events: tuple[EventCard, ...]
    new_york: tuple[NewYorkCard, ...]
    traps: tuple[TrapCard, ...]

    def hero(self, hero: Hero) -> HeroSheet:
        """The board of this Hero."""
        return next(h for h in self.heroes if h.id is hero)

    def action(self, card_id: str) -> ActionCard:
        """The Action card with this id."""
        return find(self.actions, card_id, "actions.toml", "card")

    def item(self, item_id: str) -> ItemCard:
        """The Item, Weapon, Diagram or Car card with this id."""
        return find(self.items, item_id, "items.toml", "item")

    def case(self, case_id: str) -> CaseCard:
        """The Case card with this id."""
        return find(self.cases, case_id, "cases.toml", "case")

    def objective(self, objective_id: str) -> Objective:
        """The Personal Objective with this id."""
        return find(self.objectives, objective_id, "objectives.toml", "objective")

    def timer(self, tile_id: str) -> TimerTile:
        """The Timer tile with this id."""
        return find(self.timers, tile_id, "timer.toml", "tile")

    def event(self, card_id: str) -> EventCard:
        """The Event card with this id."""
        return find(self.events, card_id, "events.toml", "card")

    def new_york_card(self, card_id: str) -> NewYorkCard:
        """The New York Action card with this id."""
        return find(self.new_york, card_id, "new_york.toml", "card")

    def textures(self) -> tuple[str, ...]:
        """The Level Bar back textures, in data order."""
        return tuple(dict.fromkeys(b.texture for b in self.bars))

    def bars_of(self, texture: str) -> tuple[LevelBar, ...]:
        """The 3 Level Bars of one texture, level 1 first (NY-14)."""
        return tuple(sorted((b for b in self.bars if b.texture == texture),
                            key=lambda b: b.level))

    def decks(self, modules: Iterable[Module] = (), hard_timers: bool = False) -> Decks:
        """The physical piles of a game with these modules (``hard_timers``: Hard
        variant A, one more black Timer tile set aside, NY-238)."""
        on = frozenset(modules)
        extra = Module.EXTRA_SPECIALS in on
        specials = {ActionSet.SPECIAL, ActionSet.EXTRA} if extra else {ActionSet.SPECIAL}
        variants = {c.replaces: c for c in self.cases if c.replaces and c.module in on}
        objectives = [o for o in self.objectives if _on(o.module, on)]
        ny_set = NewYorkSet.HARD if Module.HARD_DECK in on else NewYorkSet.STANDARD
        setup = self.timer_setup
        return Decks(
            modules=on,
            basic=tuple(c for c in self.actions if c.set is ActionSet.BASIC),
            special=tuple(c for c in self.actions if c.set in specials),
            starting=tuple(i for i in self.items if i.starting),
            items=expand(i for i in self.items if not i.starting
                         and i.kind is not ItemKind.CAR and _on(i.module, on)),
            cars=expand(i for i in self.items if not i.starting and i.kind is ItemKind.CAR),
            cases=tuple(variants.get(c.id, c) for c in self.cases if c.module is None),
            president_deck=expand(self.president_deck) if Module.DEAD_OR_ALIVE in on else (),
            wanted=expand(self.wanted) if Module.WANTED in on else (),
            blue=tuple(o for o in objectives if o.colour is Colour.BLUE),
            purple=tuple(o for o in objectives if o.colour is Colour.PURPLE),
            timer_black=expand(t for t in self.timers
                               if t.colour is TimerColour.BLACK and _on(t.module, on)),
            timer_removed=setup.removed + (setup.hard_removed if hard_timers else 0),
            hurry_up=next(t for t in self.timers if t.colour is TimerColour.HURRY_UP),
            red=expand(t for t in self.timers if t.colour is TimerColour.RED),
            red_shuffled=setup.red_shuffled,
            events=expand(e for e in self.events if _on(e.module, on)),
            new_york=tuple(c for c in self.new_york if c.set is ny_set),
            new_york_specials=tuple(c for c in self.new_york if c.set is NewYorkSet.SPECIAL),
            traps=expand(self.traps) if Module.TRAPS in on else (),
        )
