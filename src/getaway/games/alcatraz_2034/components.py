"""The components besides the island: cards, tiles, pieces and characters.

:class:`Content` holds all of them; components with identical copies are one
entry with ``copies``, and the ``*_pile``/``*_deck`` methods expand them into
one item per physical component, in data order (shuffling is the engine's job).
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.content import Source, expand, find
from getaway.core.errors import ContentError
from getaway.games.alcatraz_2034.board import Board
from getaway.games.alcatraz_2034.model import (
    ABILITIES,
    REROLL,
    Ability,
    AfterRun,
    BuildingSymbol,
    Combine,
    EffectKind,
    EscapeDeck,
    Movement,
    PunishmentKind,
    RunMethod,
    SentinelCardKind,
    Target,
    TileColour,
    Timing,
    Who,
)

# -- cards -------------------------------------------------------------------


@dataclass(frozen=True)
class Effect:
    """What an Escape card does. Unused parameters are 0 or None.

    ``amount``: a bonus, penalty or number of cards; ``steps``: a distance;
    ``ability``: the only ability a bonus or re-roll applies to (None: any);
    ``method``: the Run a start card allows.
    """

    kind: EffectKind
    amount: int = 0
    steps: int = 0
    ability: Ability | None = None
    method: RunMethod | None = None


@dataclass(frozen=True)
class EscapeCard:
    """One kind of Escape card and how many copies its deck holds."""

    id: str
    deck: EscapeDeck
    name: str
    copies: int
    timing: Timing
    target: Target
    effect: Effect
    text: str
    source: Source


@dataclass(frozen=True)
class Punishment:
    """One consequence of a failed Run challenge. Unused parameters are None or 0."""

    kind: PunishmentKind
    who: Who | None = None
    count: int = 0


@dataclass(frozen=True)
class RunCard:
    """One Run card: a challenge and what its failure costs.

    The leader names up to ``prisoners`` participants; the result is the sum of
    their Escape scores in the ability (CHOOSE: one of ``abilities`` picked by
    the leader; SUM: all of them, same prisoners) plus one die. It succeeds
    when the result is at least ``target``.
    """

    id: str
    deck: RunMethod
    name: str
    red: bool
    abilities: tuple[Ability, ...]
    combine: Combine
    prisoners: int
    target: int
    fail: tuple[Punishment, ...]
    after_run: AfterRun
    text: str
    source: Source

    @property
    def adds_red(self) -> bool:
        """Whether failing it shuffles this deck's red-titled cards back in."""
        return any(p.kind is PunishmentKind.ADD_RED for p in self.fail)


@dataclass(frozen=True)
class SentinelCard:
    """One kind of Sentinel card. ``steps`` for SENTINEL; ``ability``/``score`` for drones."""

    id: str
    kind: SentinelCardKind
    name: str
    copies: int
    steps: int
    ability: Ability | None
    score: int
    source: Source


# -- tiles and pieces ----------------------------------------------------------


@dataclass(frozen=True)
class BuildingTile:
    """One kind of building tile; ``run_cards`` is set for the tunnel and helipad.

    Tiles lie on the board's BUILDING spaces. A revealed helipad makes its
    building space an Air Run location (prisoners wait in the building, the
    Run deals ``run_cards`` Air Run cards, there is no Run tile). A revealed
    tunnel lets a prisoner ending in its building be put on the board's TUNNEL
    space, where Tunnel Runs start (``run_cards`` Tunnel Run cards).
    """

    id: str
    symbol: BuildingSymbol
    copies: int
    run_cards: int
    source: Source

    @property
    def escape_deck(self) -> EscapeDeck | None:
        """The Escape deck a prisoner ending here may draw from, if any."""
        try:
            return EscapeDeck(self.symbol.value)
        except ValueError:
            return None

    @property
    def run_method(self) -> RunMethod | None:
        """The Run this building allows (tunnel or air), if any."""
        return {BuildingSymbol.TUNNEL: RunMethod.TUNNEL,
                BuildingSymbol.HELIPAD: RunMethod.AIR}.get(self.symbol)


@dataclass(frozen=True)
class RunTile:
    """A Run tile: its method and how many Run cards a Run there deals."""

    id: str
    method: RunMethod
    cards: int
    source: Source


@dataclass(frozen=True)
class SystemRow:
    """A coloured row of the System board; its tiles raise ``ability``."""

    colour: TileColour
    ability: Ability
    spaces: int
    source: Source


@dataclass(frozen=True)
class SystemBoard:
    """The security system: three coloured rows and the grey corner spaces."""

    base_score: int
    stacks: int
    grey_spaces: int
    rows: tuple[SystemRow, ...]
    source: Source

    def row(self, colour: TileColour) -> SystemRow:
        """The row of this colour."""
        for r in self.rows:
            if r.colour is colour:
                return r
        raise ContentError(f"tiles.toml: no System board row {colour.value!r}")


@dataclass(frozen=True)
class SystemTile:
    """One kind of System tile."""

    id: str
    colour: TileColour
    ability: Ability
    copies: int
    source: Source


@dataclass(frozen=True)
class SentinelPiece:
    """One kind of sentinel piece: the ability symbol it hides."""

    id: str
    ability: Ability
    copies: int
    source: Source


# -- characters and rules numbers ---------------------------------------------


@dataclass(frozen=True)
class Printed:
    """A value printed on a Prisoner or Profession card: a number, or R.

    >>> str(Printed(4)), str(Printed(0, reroll=True))
    ('4', 'R')
    """

    number: int
    reroll: bool = False

    def __str__(self) -> str:
        return REROLL if self.reroll else str(self.number)


@dataclass(frozen=True)
class AbilityCard:
    """A Prisoner card or a Profession card: one printed value per ability."""

    id: str
    name: str
    values: tuple[Printed, Printed, Printed]
    """In :data:`ABILITIES` order: Smarts, Toughness, Skills."""
    source: Source

    def value(self, ability: Ability) -> Printed:
        """The value printed for this ability."""
        return self.values[ABILITIES.index(ability)]


def escape_score(prisoner: AbilityCard, profession: AbilityCard, ability: Ability) -> int:
    """A character's Escape score: the two cards' numbers added (R counts 0).

    >>> from getaway.games.alcatraz_2034.content import CONTENT
    >>> sue, elec = CONTENT.prisoner("sue"), CONTENT.profession("electrician")
    >>> escape_score(sue, elec, Ability.SKILLS)
    5
    """
    return prisoner.value(ability).number + profession.value(ability).number


def has_reroll(prisoner: AbilityCard, profession: AbilityCard, ability: Ability) -> bool:
    """Whether an R on either card gives the character a re-roll in this ability."""
    return prisoner.value(ability).reroll or profession.value(ability).reroll


@dataclass(frozen=True)
class MovementMode:
    """A way of moving and what it does to attacks."""

    id: Movement
    steps: int
    attack_modifier: int
    may_end_on_safe: bool
    passes_sentinels: bool
    source: Source


@dataclass(frozen=True)
class PlayerCount:
    """How many characters each player guides at this player count."""

    players: int
    characters: int
    source: Source


@dataclass(frozen=True)
class Content:
    """Everything Escape Run: Alcatraz 2034 needs besides its rules."""

    board: Board
    escape_cards: tuple[EscapeCard, ...]
    run_cards: tuple[RunCard, ...]
    building_tiles: tuple[BuildingTile, ...]
    run_tiles: tuple[RunTile, ...]
    system_board: SystemBoard
    system_tiles: tuple[SystemTile, ...]
    sentinels: tuple[SentinelPiece, ...]
    sentinel_cards: tuple[SentinelCard, ...]
    prisoners: tuple[AbilityCard, ...]
    professions: tuple[AbilityCard, ...]
    movements: tuple[MovementMode, ...]
    player_counts: tuple[PlayerCount, ...]
    escape_points: int
    token_points: int
    dice: int
    die_sides: int

    def escape_deck(self, deck: EscapeDeck) -> tuple[EscapeCard, ...]:
        """The cards of one Escape deck, one item per physical card."""
        return expand(c for c in self.escape_cards if c.deck is deck)

    def run_deck(self, method: RunMethod, red: bool | None = None) -> tuple[RunCard, ...]:
        """The Run cards of one deck; ``red`` True/False keeps only red/other titles."""
        return tuple(c for c in self.run_cards
                     if c.deck is method and (red is None or c.red is red))

    def building_pile(self) -> tuple[BuildingTile, ...]:
        """All 12 building tiles, one item per tile."""
        return expand(self.building_tiles)

    def run_tile_pile(self, method: RunMethod) -> tuple[RunTile, ...]:
        """The Run tiles of one method."""
        return tuple(t for t in self.run_tiles if t.method is method)

    def system_tile_pile(self) -> tuple[SystemTile, ...]:
        """All 18 System tiles, one item per tile."""
        return expand(self.system_tiles)

    def sentinel_pile(self) -> tuple[SentinelPiece, ...]:
        """All 6 sentinel pieces, one item per piece."""
        return expand(self.sentinels)

    def sentinel_deck(self) -> tuple[SentinelCard, ...]:
        """All 16 Sentinel cards, one item per card."""
        return expand(self.sentinel_cards)

    def movement(self, mode: Movement) -> MovementMode:
        """The numbers of one way of moving."""
        return next(m for m in self.movements if m.id is mode)

    def characters_per_player(self, players: int) -> int:
        """How many characters each player guides, from the rulebook's table."""
        for p in self.player_counts:
            if p.players == players:
                return p.characters
        raise ContentError(f"game.toml: no player_count for {players} players")

    def escape_card(self, card_id: str) -> EscapeCard:
        """The Escape card kind with this id."""
        return find(self.escape_cards, card_id, "escape_cards.toml", "card")

    def run_card(self, card_id: str) -> RunCard:
        """The Run card with this id."""
        return find(self.run_cards, card_id, "run_cards.toml", "run_card")

    def prisoner(self, card_id: str) -> AbilityCard:
        """The Prisoner card with this id."""
        return find(self.prisoners, card_id, "characters.toml", "prisoner")

    def profession(self, card_id: str) -> AbilityCard:
        """The Profession card with this id."""
        return find(self.professions, card_id, "characters.toml", "profession")

