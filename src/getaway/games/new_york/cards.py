"""The cards and tiles of Escape from New York that are not on the map, one frozen
dataclass per kind of component.

A card's text is a tuple of :class:`~.effects.Effect` (its ``effects``), read
in order by the engine. Kinds with identical copies keep one entry with
``copies``; :mod:`.decks` expands them into one item per physical component.
``module`` names the Appendix B module a component belongs to (None: always in
the box). The game's README says what is the rulebook's and what is ours.
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.content import Source
from getaway.games.new_york.effects import Effect, Op
from getaway.games.new_york.model import (
    ActionSet,
    CardType,
    Colour,
    Dir,
    Hero,
    ItemKind,
    Module,
    NewYorkSet,
    TimerColour,
    Transport,
)

# ids the rules speak of (the rulebook names these components)
TAPE = "tape"                  # needed for the Collective Victory (NY-76)
BRACELET = "bracelet"          # the President's Bracelet, card 052 (NY-243)
FAKE_TAPE = "fake-tape"        # E-10
WANTED = "wanted"              # the Wanted cards (NY-254)

HERO_OPS = frozenset({Op.MOVE, Op.REVEAL, Op.DAMAGE, Op.TRICK, Op.RECOVER, Op.DRAW_ITEMS,
                      Op.STEAL, Op.SHIELD, Op.DAMAGE_BONUS, Op.HELICOPTER, Op.PEEK, Op.RELOAD,
                      Op.IGNORE_EVENTS, Op.TAKE_CAR, Op.REMOVE_ALIVE})
"""The effects a Hero's own cards (Action cards, Items, Cases) may use."""

# -- Heroes ----------------------------------------------------------------------------


@dataclass(frozen=True)
class HeroSheet:
    """A Hero board: its name, the flavour name of its Personal Ability and the ids of
    the starting cards printed on it (NY-11..13)."""

    id: Hero
    name: str
    ability: str
    starting: tuple[str, ...]
    source: Source


@dataclass(frozen=True)
class Ability:
    """The Personal Ability every Hero board prints: instead of revealing one played
    card, do ``attack`` or ``move``; either makes ``noise`` (NY-179..182)."""

    attack: tuple[Effect, ...]
    move: tuple[Effect, ...]
    noise: int
    source: Source


@dataclass(frozen=True)
class LevelReward:
    """What a Hero board shows under a Level Bar: Special cards to choose, and whether
    a Personal Objective swap follows (NY-162..165)."""

    level: int
    specials: int
    swap: bool
    source: Source


@dataclass(frozen=True)
class ActionCard:
    """A Hero's Action card: its type icon, Noise icons and effects (NY-33..46)."""

    id: str
    hero: Hero
    name: str
    type: CardType
    set: ActionSet
    noise: int
    effects: tuple[Effect, ...]
    source: Source


@dataclass(frozen=True)
class LevelBar:
    """A Level Bar: its back texture, the level slot it covers and what completes it:
    killed Prisoners and discarded Items (NY-14, NY-56..60)."""

    id: str
    texture: str
    level: int
    prisoners: int
    items: int
    source: Source


# -- Items, Weapons, Diagrams, Cars ---------------------------------------------------


@dataclass(frozen=True)
class ItemCard:
    """An Item-sized card.

    ``effects`` is what one use does: an Item is then discarded (NY-139), a Weapon
    spends ``ammo_per_use`` of its ``ammo`` (0: it needs none and can be used up to
    ``per_turn`` times a turn, 0 meaning no limit), a Car card's effects are its
    step-5 extra move (NY-43). ``noise`` is made at once on each use (NY-149).
    ``keeps``: once revealed, this Weapon cannot pay a Level Bar Item (NY-150).
    ``bridge``: a Diagram's bridge number. ``owner``: the Hero who starts with it;
    such a card is removed from the game when discarded (NY-141).
    """

    id: str
    name: str
    kind: ItemKind
    copies: int
    effects: tuple[Effect, ...]
    noise: int
    ammo: int
    ammo_per_use: int
    per_turn: int
    keeps: bool
    bridge: int
    owner: Hero | None
    module: Module | None
    source: Source

    @property
    def starting(self) -> bool:
        """A Hero's starting card, never in the Item deck."""
        return self.owner is not None


@dataclass(frozen=True)
class CaseCard:
    """A Case card. Its ``effects`` are used by revealing it, and only once: it then
    stays face up (NY-126, NY-243). ``replaces``: the standard Case this variant
    card stands in for when its ``module`` is on (NY-258)."""

    id: str
    name: str
    effects: tuple[Effect, ...]
    replaces: str | None
    module: Module | None
    source: Source


@dataclass(frozen=True)
class PresidentCard:
    """The President card (``alive`` None), or a card of the Dead or Alive President
    deck (NY-258..261)."""

    id: str
    name: str
    alive: bool | None
    copies: int
    source: Source


@dataclass(frozen=True)
class WantedCard:
    """A Wanted card, won by defeating a Boss (module wanted, NY-254..257)."""

    id: str
    name: str
    copies: int
    source: Source


@dataclass(frozen=True)
class Objective:
    """A Personal Objective: blue names a ``transport``, purple a ``card`` (an Item,
    Case or Wanted card id) to reveal (NY-16..18, NY-86)."""

    id: str
    name: str
    colour: Colour
    transport: Transport | None
    card: str | None
    module: Module | None
    source: Source


# -- Timer, Events, New York, Traps -----------------------------------------------------


@dataclass(frozen=True)
class TimerTile:
    """A Timer tile: black, the Hurry Up tile or red; its effect when revealed."""

    id: str
    name: str
    colour: TimerColour
    effects: tuple[Effect, ...]
    copies: int
    module: Module | None
    source: Source

    @property
    def new_york_wins(self) -> bool:
        """The red tile that makes every player lose, even when discarded (NY-88, NY-132)."""
        return any(e.op is Op.NEW_YORK_WINS for e in self.effects)


@dataclass(frozen=True)
class TimerSetup:
    """How the Timer deck is built (setup step 9): ``removed`` black tiles are taken
    out unseen after shuffling, ``hard_removed`` more in Hard variant A (NY-238);
    Hurry Up goes under the black tiles and the red ones under it (NY-24), shuffled
    among themselves when ``red_shuffled``."""

    removed: int
    hard_removed: int
    red_shuffled: bool
    source: Source


@dataclass(frozen=True)
class EventCard:
    """An Event card (NY-185..187)."""

    id: str
    name: str
    effects: tuple[Effect, ...]
    copies: int
    module: Module | None
    source: Source


@dataclass(frozen=True)
class EventTrack:
    """The Event Level track: the number of Event cards drawn at each position, and
    where the token starts (G-19).

    >>> EventTrack((1, 1, 2), 0, Source.DESIGNED).level(1)
    1
    """

    values: tuple[int, ...]
    start: int
    source: Source

    def level(self, position: int) -> int:
        """Event cards drawn with the token at ``position`` (clamped to the track)."""
        return self.values[max(0, min(position, len(self.values) - 1))]


@dataclass(frozen=True)
class NewYorkCard:
    """A New York Action card. The front is ``effects``; the back shows ``cost`` (the
    Noise paid to resolve it, NY-64), the sides whose Enemies step 12 pulls
    (``pull``, NY-67..68) and the side of the road diagram where a card-placed
    Roadblock goes (``roadblock``, NY-226)."""

    id: str
    name: str
    set: NewYorkSet
    effects: tuple[Effect, ...]
    cost: int
    pull: tuple[Dir, ...]
    roadblock: Dir
    source: Source


@dataclass(frozen=True)
class TrapCard:
    """A Trap card: only a ``triggered`` one springs the Trap tile (NY-252)."""

    id: str
    name: str
    triggered: bool
    copies: int
    source: Source
