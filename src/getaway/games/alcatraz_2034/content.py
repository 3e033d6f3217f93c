"""Escape Run: Alcatraz 2034 content: the island, the cards, the tiles and the characters.

The data lives in ``data/*.toml``; :func:`load` reads and validates it and
raises :class:`ContentError` naming the file and the entry at the first
problem, so that a bad edit never reaches a game. Numbers the rulebook states
(card totals, Run spaces per method, movement allowances, the player table)
are checked against the constants below; designed numbers are free to change
as long as the structural checks hold.

Components with identical copies are one entry with ``copies``; the
``*_pile`` and ``*_deck`` methods of :class:`Content` expand them into one
item per physical component, in data order (shuffling is the engine's job).
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, TypeVar

from getaway.core.errors import ContentError

DATA = Path(__file__).parent / "data"


class Source(StrEnum):
    """Where a content entry comes from."""

    RULEBOOK = "rulebook"
    DESIGNED = "designed"


class Ability(StrEnum):
    """The three Escape abilities, in the order the cards print them."""

    SMARTS = "smarts"
    TOUGHNESS = "toughness"
    SKILLS = "skills"


ABILITIES = tuple(Ability)


class EscapeDeck(StrEnum):
    """The four Escape decks: one per ability and the System deck."""

    SMARTS = "smarts"
    TOUGHNESS = "toughness"
    SKILLS = "skills"
    SYSTEM = "system"


class RunMethod(StrEnum):
    """The four ways off the island, each with its own Run deck."""

    SWIM = "swim"
    BOAT = "boat"
    AIR = "air"
    TUNNEL = "tunnel"


class SpaceKind(StrEnum):
    """What a board space is."""

    NORMAL = "normal"
    SAFE = "safe"  # green: sentinels never stop there, drones never target it
    SENTINEL = "sentinel"  # red sentinel start space
    BUILDING = "building"
    RUN = "run"
    TUNNEL = "tunnel"  # brown, in the sea, no routes
    CELL_BLOCK = "cell_block"

    @property
    def holds_many(self) -> bool:
        """Whether any number of prisoners may share the space (else at most one)."""
        return self in (SpaceKind.BUILDING, SpaceKind.RUN, SpaceKind.TUNNEL,
                        SpaceKind.CELL_BLOCK)


class RouteColour(StrEnum):
    """Route colours: yellow makes a prisoner stop at its far end."""

    WHITE = "white"
    GREEN = "green"
    YELLOW = "yellow"


class Timing(StrEnum):
    """When an Escape card may be played."""

    OWN_TURN = "own_turn"
    RUN = "run"
    ATTACK = "attack"
    ANY_TIME = "any_time"


class Target(StrEnum):
    """What a player picks when playing an Escape card."""

    PRISONER = "prisoner"  # any prisoner, whoever owns it
    OWN_PRISONER = "own_prisoner"
    SENTINEL = "sentinel"  # a sentinel on the game board
    NONE = "none"


class EffectKind(StrEnum):
    """What an Escape card does; parameters in :class:`Effect`."""

    ATTACK_BONUS = "attack_bonus"  # amount, ability?
    RUN_BONUS = "run_bonus"  # amount, ability?
    REROLL = "reroll"  # ability?
    SENTINEL_BONUS = "sentinel_bonus"  # amount
    RUN_PENALTY = "run_penalty"  # amount
    CANCEL_ATTACK = "cancel_attack"
    CANCEL_PUNISHMENT = "cancel_punishment"
    SKIP_CHALLENGE = "skip_challenge"
    CANCEL_SENTINEL_CARD = "cancel_sentinel_card"
    MOVE_SENTINEL = "move_sentinel"  # steps
    REMOVE_SENTINEL = "remove_sentinel"
    PEEK_SENTINEL = "peek_sentinel"
    PEEK_BUILDING = "peek_building"
    RETURN_SYSTEM_TILE = "return_system_tile"
    EXTRA_MOVE = "extra_move"  # steps
    DRAW_ESCAPE = "draw_escape"  # amount
    START_RUN = "start_run"  # method (boat or air)


class Combine(StrEnum):
    """How a Run card uses its abilities."""

    CHOOSE = "choose"  # the leader picks one of them
    SUM = "sum"  # all of them are added (same prisoner)


class PunishmentKind(StrEnum):
    """What a failed Run challenge does; parameters in :class:`Punishment`."""

    CELL_BLOCK = "cell_block"  # who
    ELIMINATE = "eliminate"  # who
    DISCARD_ESCAPE = "discard_escape"  # who, count
    SYSTEM_TILE = "system_tile"
    ADD_RED = "add_red"
    EXTRA_CARD = "extra_card"  # count
    ABORT = "abort"


class Who(StrEnum):
    """Which participants of a Run a punishment hits."""

    ROLLER = "roller"  # the prisoners whose scores were used
    ONE = "one"  # one participant of the leader's choice
    ALL = "all"  # every participant


class AfterRun(StrEnum):
    """Where a revealed Run card goes when its Run is over."""

    SET_ASIDE = "set_aside"
    SHUFFLE_BACK = "shuffle_back"


class BuildingSymbol(StrEnum):
    """The face of a building tile."""

    SMARTS = "smarts"
    TOUGHNESS = "toughness"
    SKILLS = "skills"
    SYSTEM = "system"
    TUNNEL = "tunnel"
    HELIPAD = "helipad"
    ABANDONED = "abandoned"


class TileColour(StrEnum):
    """System tile and System board row colours."""

    BLUE = "blue"
    RED = "red"
    YELLOW = "yellow"
    GREY = "grey"


class SentinelCardKind(StrEnum):
    """The three things a Sentinel card can do."""

    SYSTEM_TILE = "system_tile"
    SENTINEL = "sentinel"  # add a sentinel, or move one when none is left to add
    DRONE_SWARM = "drone_swarm"


class Movement(StrEnum):
    """The three ways of moving a prisoner."""

    SNEAK = "sneak"
    WALK = "walk"
    RUN = "run"


class DeckSpotKind(StrEnum):
    """Which family of decks a board deck spot belongs to."""

    ESCAPE = "escape"
    RUN = "run"


# -- numbers stated by the rulebook -------------------------------------------

ESCAPE_CARDS = 61
RUN_CARDS = 64
SENTINEL_CARDS = 16
PRISONER_CARDS = 12
PROFESSION_CARDS = 12
CARD_TOTAL = 165
BUILDING_TILES = 12
BUILDING_SPACES = 11
RUN_TILES = 18
RUN_SPACES = {RunMethod.AIR: 2, RunMethod.BOAT: 4, RunMethod.SWIM: 6}
SENTINELS = 6
SYSTEM_TILES = 18
SYSTEM_STACKS = 3
GREY_SPACES = 3
SENTINEL_BASE_SCORE = 3
HELIPAD_RUN_CARDS = 4
TUNNEL_RUN_CARDS = 3
DICE = 2
MOVES = {Movement.SNEAK: (4, 2, True, True), Movement.WALK: (6, 0, True, False),
         Movement.RUN: (8, -2, False, False)}
"""steps, attack modifier, may end on a safe space, may pass sentinels."""
CHARACTERS_PER_PLAYER = {2: 6, 3: 4, 4: 3, 5: 2, 6: 2}
ESCAPE_POINTS = 1
TOKEN_POINTS = 1
REROLL = "R"


# -- the island ---------------------------------------------------------------


@dataclass(frozen=True)
class Space:
    """One place on the board; ``method`` and ``hex`` are set for Run spaces only."""

    id: str
    kind: SpaceKind
    name: str
    x: int
    y: int
    method: RunMethod | None
    hex: str | None
    source: Source


@dataclass(frozen=True)
class Route:
    """A line between two spaces, usable in both directions."""

    a: str
    b: str
    colour: RouteColour
    source: Source


@dataclass(frozen=True)
class Hex:
    """Where a Run tile lies on the board."""

    id: str
    x: int
    y: int
    source: Source


@dataclass(frozen=True)
class DeckSpot:
    """Where a deck lies on the board (drawing only)."""

    id: str
    kind: DeckSpotKind
    deck: str
    x: int
    y: int
    source: Source


@dataclass(frozen=True)
class Board:
    """The island: spaces, routes and drawing coordinates (SVG user units).

    >>> b = CONTENT.board
    >>> b.cell_block.id, b.space("coast-09").method
    ('cell-block', <RunMethod.SWIM: 'swim'>)
    """

    width: int
    height: int
    island: tuple[tuple[int, int], ...]
    spaces: tuple[Space, ...]
    routes: tuple[Route, ...]
    hexes: tuple[Hex, ...]
    deck_spots: tuple[DeckSpot, ...]
    source: Source
    index: Mapping[str, int] = field(init=False, compare=False, repr=False)
    adjacency: tuple[tuple[tuple[int, RouteColour], ...], ...] = field(
        init=False, compare=False, repr=False)
    """Per space index: (neighbour index, route colour), in route order."""

    def __post_init__(self) -> None:
        index = {s.id: i for i, s in enumerate(self.spaces)}
        adj: list[list[tuple[int, RouteColour]]] = [[] for _ in self.spaces]
        for r in self.routes:
            adj[index[r.a]].append((index[r.b], r.colour))
            adj[index[r.b]].append((index[r.a], r.colour))
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "adjacency", tuple(tuple(a) for a in adj))

    def space(self, space_id: str) -> Space:
        """The space with this id."""
        try:
            return self.spaces[self.index[space_id]]
        except KeyError:
            raise ContentError(f"board.toml: no space {space_id!r}") from None

    def neighbours(self, space_id: str) -> tuple[tuple[str, RouteColour], ...]:
        """The spaces one route away, with the colour of that route."""
        return tuple((self.spaces[j].id, c) for j, c in self.adjacency[self.index[space_id]])

    def of_kind(self, kind: SpaceKind) -> tuple[Space, ...]:
        """Every space of this kind, in data order."""
        return tuple(s for s in self.spaces if s.kind is kind)

    @property
    def cell_block(self) -> Space:
        """The main cell block, where prisoners start and return."""
        return self.of_kind(SpaceKind.CELL_BLOCK)[0]

    @property
    def tunnel(self) -> Space:
        """The tunnel space in the sea."""
        return self.of_kind(SpaceKind.TUNNEL)[0]

    def hex(self, hex_id: str) -> Hex:
        """The Run tile hex with this id."""
        for h in self.hexes:
            if h.id == hex_id:
                return h
        raise ContentError(f"board.toml: no hex {hex_id!r}")

    def distances(self, start: str) -> dict[str, int]:
        """Fewest steps from ``start`` to every reachable space, ignoring pieces and colours."""
        dist = {self.index[start]: 0}
        todo = deque([self.index[start]])
        while todo:
            i = todo.popleft()
            for j, _ in self.adjacency[i]:
                if j not in dist:
                    dist[j] = dist[i] + 1
                    todo.append(j)
        return {self.spaces[i].id: d for i, d in dist.items()}


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
        return _expand(c for c in self.escape_cards if c.deck is deck)

    def run_deck(self, method: RunMethod, red: bool | None = None) -> tuple[RunCard, ...]:
        """The Run cards of one deck; ``red`` True/False keeps only red/other titles."""
        return tuple(c for c in self.run_cards
                     if c.deck is method and (red is None or c.red is red))

    def building_pile(self) -> tuple[BuildingTile, ...]:
        """All 12 building tiles, one item per tile."""
        return _expand(self.building_tiles)

    def run_tile_pile(self, method: RunMethod) -> tuple[RunTile, ...]:
        """The Run tiles of one method."""
        return tuple(t for t in self.run_tiles if t.method is method)

    def system_tile_pile(self) -> tuple[SystemTile, ...]:
        """All 18 System tiles, one item per tile."""
        return _expand(self.system_tiles)

    def sentinel_pile(self) -> tuple[SentinelPiece, ...]:
        """All 6 sentinel pieces, one item per piece."""
        return _expand(self.sentinels)

    def sentinel_deck(self) -> tuple[SentinelCard, ...]:
        """All 16 Sentinel cards, one item per card."""
        return _expand(self.sentinel_cards)

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
        return _find(self.escape_cards, card_id, "escape_cards.toml", "card")

    def run_card(self, card_id: str) -> RunCard:
        """The Run card with this id."""
        return _find(self.run_cards, card_id, "run_cards.toml", "run_card")

    def prisoner(self, card_id: str) -> AbilityCard:
        """The Prisoner card with this id."""
        return _find(self.prisoners, card_id, "characters.toml", "prisoner")

    def profession(self, card_id: str) -> AbilityCard:
        """The Profession card with this id."""
        return _find(self.professions, card_id, "characters.toml", "profession")


class _Copies(Protocol):
    @property
    def copies(self) -> int: ...


class _Named(Protocol):
    @property
    def id(self) -> str: ...


_C = TypeVar("_C", bound=_Copies)
_N = TypeVar("_N", bound=_Named)
_E = TypeVar("_E", bound=StrEnum)


def _expand(kinds: Iterable[_C]) -> tuple[_C, ...]:
    return tuple(k for k in kinds for _ in range(k.copies))


def _find(items: tuple[_N, ...], item_id: str, file: str, what: str) -> _N:
    for it in items:
        if it.id == item_id:
            return it
    raise ContentError(f"{file}: no {what} {item_id!r}")


# -- reading and checking -----------------------------------------------------


def _read(name: str, root: Path) -> dict[str, Any]:
    path = root / name
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ContentError(f"{name}: cannot be read: {e}") from None


class _Entry:
    """Typed access to one TOML table, with errors naming file and entry."""

    def __init__(self, file: str, what: str, index: int, data: Any,
                 label: str | None = None) -> None:
        if not isinstance(data, dict):
            raise ContentError(f"{file}: {what} #{index + 1} is not a table")
        self.file, self.data = file, data
        self.used: set[str] = set()
        ident = data.get("id")
        if label is not None:
            self.where = f"{file}: {what} {label}".rstrip()
        elif isinstance(ident, str):
            self.where = f"{file}: {what} {ident!r}"
        else:
            self.where = f"{file}: {what} #{index + 1}"

    def fail(self, msg: str) -> ContentError:
        return ContentError(f"{self.where}: {msg}")

    def get(self, key: str, typ: type, default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise self.fail(f"missing field {key!r}")
            return default
        value = self.data[key]
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise self.fail(f"field {key!r} must be a {typ.__name__}, got {value!r}")
        return value

    def text(self, key: str, default: Any = ...) -> str:
        value: str = self.get(key, str, default)
        if key in self.data and not value.strip():
            raise self.fail(f"field {key!r} is empty")
        return value

    def integer(self, key: str, lo: int, hi: int, default: Any = ...) -> int:
        value: int = self.get(key, int, default)
        if key in self.data and not lo <= value <= hi:
            raise self.fail(f"field {key!r} must be from {lo} to {hi}, got {value}")
        return value

    def flag(self, key: str, default: Any = ...) -> bool:
        value: bool = self.get(key, bool, default)
        return value

    def enum(self, key: str, cls: type[_E], allowed: Iterable[_E] | None = None) -> _E:
        raw = self.get(key, str)
        ok = tuple(allowed) if allowed is not None else tuple(cls)
        if raw not in {m.value for m in ok}:
            raise self.fail(f"{key} must be one of {', '.join(m.value for m in ok)}; "
                            f"got {raw!r}")
        return cls(raw)

    def opt_enum(self, key: str, cls: type[_E], allowed: Iterable[_E] | None = None
                 ) -> _E | None:
        if key not in self.data:
            self.used.add(key)
            return None
        return self.enum(key, cls, allowed)

    def source(self) -> Source:
        src = self.get("source", str)
        if src not in {s.value for s in Source}:
            raise self.fail(f"source must be 'rulebook' or 'designed', got {src!r}")
        if src == Source.DESIGNED and not self.get("reason", str, "").strip():
            raise self.fail("a designed entry needs a one-line 'reason'")
        self.get("reason", str, "")
        return Source(src)

    def done(self) -> None:
        """Refuse fields nobody reads (usually a misspelt name)."""
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise self.fail(f"unknown field {extra[0]!r}")


def _entries(raw: dict[str, Any], file: str, key: str, what: str,
             label: Callable[[dict[str, Any]], str | None] | None = None) -> list[_Entry]:
    items = raw.get(key, [])
    if not isinstance(items, list):
        raise ContentError(f"{file}: {key!r} must be a list of tables")
    out = []
    for i, d in enumerate(items):
        lab = label(d) if label is not None and isinstance(d, dict) else None
        out.append(_Entry(file, what, i, d, lab))
    return out


def _table(raw: dict[str, Any], file: str, key: str) -> _Entry:
    if not isinstance(raw.get(key), dict):
        raise ContentError(f"{file}: missing table [{key}]")
    return _Entry(file, f"[{key}]", 0, raw[key], "")  # named "file: [key]"


def _unique(file: str, what: str, ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise ContentError(f"{file}: {what} {i!r} appears twice")
        seen.add(i)


def _only(raw: dict[str, Any], file: str, *keys: str) -> None:
    """Refuse top-level entries nobody reads (usually a misspelt table name)."""
    extra = sorted(set(raw) - set(keys))
    if extra:
        raise ContentError(f"{file}: unknown entry {extra[0]!r}; expected "
                           f"{', '.join(keys)}")


def _count(file: str, what: str, found: int, want: int, why: str = "as in the rulebook"
           ) -> None:
    if found != want:
        raise ContentError(f"{file}: there must be {want} {what} ({why}), found {found}")


# -- board.toml ----------------------------------------------------------------


def _board(raw: dict[str, Any]) -> Board:
    f = "board.toml"
    top = _table(raw, f, "board")
    _only(raw, f, "board", "space", "route", "hex", "deck_spot")
    width = top.integer("width", 100, 10000)
    height = top.integer("height", 100, 10000)
    island_raw = top.get("island", list)
    island = []
    for p in island_raw:
        if not (isinstance(p, list) and len(p) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in p)):
            raise top.fail(f"island points must be [x, y] with whole numbers, got {p!r}")
        island.append((p[0], p[1]))
    if len(island) < 3:
        raise top.fail("the island outline needs at least 3 points")
    board_source = top.source()
    top.done()

    def xy(e: _Entry) -> tuple[int, int]:
        return e.integer("x", 0, width), e.integer("y", 0, height)

    spaces = []
    for e in _entries(raw, f, "space", "space"):
        sid = e.text("id")
        kind = e.enum("kind", SpaceKind)
        named = kind not in (SpaceKind.NORMAL, SpaceKind.SAFE, SpaceKind.SENTINEL)
        name = e.text("name") if named else e.text("name", "")
        x, y = xy(e)
        method = e.opt_enum("method", RunMethod, RUN_SPACES)
        hex_id = e.get("hex", str, None)
        if kind is SpaceKind.RUN and (method is None or hex_id is None):
            raise e.fail("a Run space needs a 'method' (swim, boat or air) and a 'hex'")
        if kind is not SpaceKind.RUN and (method is not None or hex_id is not None):
            raise e.fail("only a Run space has a 'method' and a 'hex'")
        spaces.append(Space(sid, kind, name, x, y, method, hex_id, e.source()))
        e.done()
    _unique(f, "space", [s.id for s in spaces])
    by_kind = {k: [s for s in spaces if s.kind is k] for k in SpaceKind}
    _count(f, "main cell block", len(by_kind[SpaceKind.CELL_BLOCK]), 1)
    _count(f, "tunnel space", len(by_kind[SpaceKind.TUNNEL]), 1)
    _count(f, "building spaces", len(by_kind[SpaceKind.BUILDING]), BUILDING_SPACES)
    for m, n in RUN_SPACES.items():
        _count(f, f"{m.value} Run spaces",
               sum(s.method is m for s in by_kind[SpaceKind.RUN]), n)
    if not by_kind[SpaceKind.SAFE]:
        raise ContentError(f"{f}: the board needs green safe spaces")
    if len(by_kind[SpaceKind.SENTINEL]) < SENTINELS:
        raise ContentError(f"{f}: there must be at least {SENTINELS} red sentinel start "
                           f"spaces, one per sentinel; found {len(by_kind[SpaceKind.SENTINEL])}")

    hexes = []
    for e in _entries(raw, f, "hex", "hex"):
        x, y = xy(e)
        hexes.append(Hex(e.text("id"), x, y, e.source()))
        e.done()
    _unique(f, "hex", [h.id for h in hexes])
    hex_users: dict[str, str] = {}
    for s in by_kind[SpaceKind.RUN]:
        if s.hex not in {h.id for h in hexes}:
            raise ContentError(f"{f}: space {s.id!r}: no hex {s.hex!r}")
        if s.hex in hex_users:
            raise ContentError(f"{f}: space {s.id!r}: hex {s.hex!r} already belongs to "
                               f"{hex_users[s.hex]!r}")
        hex_users[str(s.hex)] = s.id
    for h in hexes:
        if h.id not in hex_users:
            raise ContentError(f"{f}: hex {h.id!r}: no Run space names it")

    kinds = {s.id: s.kind for s in spaces}
    routes = []
    seen: dict[frozenset[str], int] = {}

    def route_label(d: dict[str, Any]) -> str | None:
        a, b = d.get("from"), d.get("to")
        return f"{a!r}-{b!r}" if isinstance(a, str) and isinstance(b, str) else None

    for i, e in enumerate(_entries(raw, f, "route", "route", route_label)):
        a, b = e.text("from"), e.text("to")
        for end in (a, b):
            if end not in kinds:
                raise e.fail(f"no space {end!r}")
        if a == b:
            raise e.fail("a route must join two different spaces")
        if SpaceKind.TUNNEL in (kinds[a], kinds[b]):
            raise e.fail("no route leads to the tunnel space; prisoners are put there")
        pair = frozenset((a, b))
        if pair in seen:
            raise e.fail(f"the same two spaces are already joined by route #{seen[pair] + 1}")
        seen[pair] = i
        colour = e.enum("colour", RouteColour)
        to_safe = SpaceKind.SAFE in (kinds[a], kinds[b])
        if (colour is RouteColour.GREEN) != to_safe:
            raise e.fail("a route is green exactly when it leads to a safe space")
        routes.append(Route(a, b, colour, e.source()))
        e.done()

    spots = []
    for e in _entries(raw, f, "deck_spot", "deck_spot"):
        family = e.enum("kind", DeckSpotKind)
        deck: StrEnum = e.enum("deck", EscapeDeck) if family is DeckSpotKind.ESCAPE \
            else e.enum("deck", RunMethod)
        x, y = xy(e)
        spots.append(DeckSpot(e.text("id"), family, deck.value, x, y, e.source()))
        e.done()
    _unique(f, "deck_spot", [s.id for s in spots])
    want = {("escape", d.value) for d in EscapeDeck} | {("run", m.value) for m in RunMethod}
    have = [(s.kind.value, s.deck) for s in spots]
    if sorted(have) != sorted(want):
        raise ContentError(f"{f}: there must be one deck_spot per Escape deck and per "
                           "Run deck")

    board = Board(width, height, tuple(island), tuple(spaces), tuple(routes), tuple(hexes),
                  tuple(spots), board_source)
    reach = board.distances(board.cell_block.id)
    for s in spaces:
        if s.kind is not SpaceKind.TUNNEL and s.id not in reach:
            raise ContentError(f"{f}: space {s.id!r} cannot be reached from the main "
                               "cell block")
    return board


# -- escape_cards.toml ---------------------------------------------------------

_T_ATTACK, _T_RUN, _T_OWN, _T_ANY = Timing.ATTACK, Timing.RUN, Timing.OWN_TURN, Timing.ANY_TIME
_EFFECTS: dict[EffectKind, tuple[frozenset[str], frozenset[str], frozenset[Timing],
                                 frozenset[Target]]] = {
    # kind: required parameters, optional parameters, timings, targets
    EffectKind.ATTACK_BONUS: (frozenset({"amount"}), frozenset({"ability"}),
                              frozenset({_T_ATTACK}), frozenset({Target.PRISONER})),
    EffectKind.RUN_BONUS: (frozenset({"amount"}), frozenset({"ability"}),
                           frozenset({_T_RUN}), frozenset({Target.PRISONER})),
    EffectKind.REROLL: (frozenset(), frozenset({"ability"}),
                        frozenset({_T_ANY, _T_ATTACK, _T_RUN}), frozenset({Target.PRISONER})),
    EffectKind.SENTINEL_BONUS: (frozenset({"amount"}), frozenset(), frozenset({_T_ATTACK}),
                                frozenset({Target.NONE})),
    EffectKind.RUN_PENALTY: (frozenset({"amount"}), frozenset(), frozenset({_T_RUN}),
                             frozenset({Target.NONE})),
    EffectKind.CANCEL_ATTACK: (frozenset(), frozenset(), frozenset({_T_ATTACK}),
                               frozenset({Target.PRISONER})),
    EffectKind.CANCEL_PUNISHMENT: (frozenset(), frozenset(), frozenset({_T_RUN}),
                                   frozenset({Target.NONE})),
    EffectKind.SKIP_CHALLENGE: (frozenset(), frozenset(), frozenset({_T_RUN}),
                                frozenset({Target.NONE})),
    EffectKind.CANCEL_SENTINEL_CARD: (frozenset(), frozenset(), frozenset({_T_ANY}),
                                      frozenset({Target.NONE})),
    EffectKind.MOVE_SENTINEL: (frozenset({"steps"}), frozenset(), frozenset({_T_OWN}),
                               frozenset({Target.SENTINEL})),
    EffectKind.REMOVE_SENTINEL: (frozenset(), frozenset(), frozenset({_T_OWN}),
                                 frozenset({Target.SENTINEL})),
    EffectKind.PEEK_SENTINEL: (frozenset(), frozenset(), frozenset({_T_OWN}),
                               frozenset({Target.SENTINEL})),
    EffectKind.PEEK_BUILDING: (frozenset(), frozenset(), frozenset({_T_OWN}),
                               frozenset({Target.NONE})),
    EffectKind.RETURN_SYSTEM_TILE: (frozenset(), frozenset(), frozenset({_T_OWN}),
                                    frozenset({Target.NONE})),
    EffectKind.EXTRA_MOVE: (frozenset({"steps"}), frozenset(), frozenset({_T_OWN}),
                            frozenset({Target.OWN_PRISONER})),
    EffectKind.DRAW_ESCAPE: (frozenset({"amount"}), frozenset(), frozenset({_T_OWN}),
                             frozenset({Target.NONE})),
    EffectKind.START_RUN: (frozenset({"method"}), frozenset(), frozenset({_T_OWN}),
                           frozenset({Target.NONE})),
}
_EFFECT_PARAMS = ("amount", "steps", "ability", "method")


def _effect(e: _Entry, timing: Timing, target: Target) -> Effect:
    raw = e.get("effect", dict)
    sub = _Entry(e.file, "", 0, raw, "")
    sub.where = f"{e.where}: effect"
    kind = sub.enum("kind", EffectKind)
    required, optional, timings, targets = _EFFECTS[kind]
    for p in _EFFECT_PARAMS:
        if p in raw and p not in required | optional:
            raise sub.fail(f"{kind.value} takes no {p!r}")
    for p in _EFFECT_PARAMS:
        if p in required and p not in raw:
            raise sub.fail(f"{kind.value} needs {p!r}")
    if timing not in timings:
        raise e.fail(f"a {kind.value} card cannot have timing {timing.value!r}")
    if target not in targets:
        raise e.fail(f"a {kind.value} card cannot have target {target.value!r}")
    effect = Effect(kind, sub.integer("amount", 1, 9, 0), sub.integer("steps", 1, 12, 0),
                    sub.opt_enum("ability", Ability),
                    sub.opt_enum("method", RunMethod, (RunMethod.BOAT, RunMethod.AIR)))
    sub.done()
    return effect


def _escape_cards(raw: dict[str, Any]) -> tuple[EscapeCard, ...]:
    f = "escape_cards.toml"
    _only(raw, f, "card")
    cards = []
    for e in _entries(raw, f, "card", "card"):
        cid = e.text("id")
        deck = e.enum("deck", EscapeDeck)
        name = e.text("name")
        copies = e.integer("copies", 1, ESCAPE_CARDS)
        timing = e.enum("timing", Timing)
        target = e.enum("target", Target)
        effect = _effect(e, timing, target)
        cards.append(EscapeCard(cid, deck, name, copies, timing, target, effect,
                                e.text("text"), e.source()))
        e.done()
    _unique(f, "card", [c.id for c in cards])
    _count(f, "Escape cards", sum(c.copies for c in cards), ESCAPE_CARDS)
    for d in EscapeDeck:
        if not any(c.deck is d for c in cards):
            raise ContentError(f"{f}: the {d.value} deck has no cards")
    for m in (RunMethod.BOAT, RunMethod.AIR):
        if not any(c.effect.kind is EffectKind.START_RUN and c.effect.method is m
                   for c in cards):
            raise ContentError(f"{f}: no card starts a {m.value} Run, so none could start")
    return tuple(cards)


# -- run_cards.toml ------------------------------------------------------------

_WHO_KINDS = (PunishmentKind.CELL_BLOCK, PunishmentKind.ELIMINATE,
              PunishmentKind.DISCARD_ESCAPE)
_COUNT_KINDS = (PunishmentKind.DISCARD_ESCAPE, PunishmentKind.EXTRA_CARD)


def _punishment(e: _Entry, j: int, data: Any, red: bool) -> Punishment:
    sub = _Entry(e.file, "", j, data, "")
    sub.where = f"{e.where}: fail #{j + 1}"
    kind = sub.enum("kind", PunishmentKind)
    if kind in _WHO_KINDS:
        who: Who | None = sub.enum("who", Who)
    elif "who" in data:
        raise sub.fail(f"{kind.value} takes no 'who'")
    else:
        who = None
    if kind in _COUNT_KINDS:
        count = sub.integer("count", 1, 9)
    elif "count" in data:
        raise sub.fail(f"{kind.value} takes no 'count'")
    else:
        count = 0
    if kind is PunishmentKind.ADD_RED and red:
        raise sub.fail("a red-titled card cannot bring the red-titled cards in")
    sub.done()
    return Punishment(kind, who, count)


def _run_cards(raw: dict[str, Any]) -> tuple[RunCard, ...]:
    f = "run_cards.toml"
    _only(raw, f, "run_card")
    cards = []
    for e in _entries(raw, f, "run_card", "run_card"):
        cid = e.text("id")
        deck = e.enum("deck", RunMethod)
        name = e.text("name")
        red = e.flag("red")
        abil_raw = e.get("abilities", list)
        if not abil_raw or len(set(map(str, abil_raw))) != len(abil_raw) or \
                not all(a in {x.value for x in Ability} for a in abil_raw):
            raise e.fail("abilities must be different abilities of "
                         f"{', '.join(a.value for a in Ability)}")
        combine = e.enum("combine", Combine)
        if combine is Combine.SUM and len(abil_raw) < 2:
            raise e.fail("combine = 'sum' needs at least two abilities")
        prisoners = e.integer("prisoners", 1, PRISONER_CARDS)
        target = e.integer("target", 2, 40)
        fail_raw = e.get("fail", list)
        if not fail_raw:
            raise e.fail("a Run card needs at least one punishment in 'fail'")
        fail = tuple(_punishment(e, j, d, red) for j, d in enumerate(fail_raw))
        after = e.enum("after_run", AfterRun) if "after_run" in e.data \
            else AfterRun.SET_ASIDE
        cards.append(RunCard(cid, deck, name, red, tuple(Ability(a) for a in abil_raw),
                             combine, prisoners, target, fail, after, e.text("text"),
                             e.source()))
        e.done()
    _unique(f, "run_card", [c.id for c in cards])
    _count(f, "Run cards", len(cards), RUN_CARDS)
    for m in RunMethod:
        of_deck = [c for c in cards if c.deck is m]
        if not any(c.red for c in of_deck) or all(c.red for c in of_deck):
            raise ContentError(f"{f}: the {m.value} deck needs both red-titled and other "
                               "cards")
        if not any(c.adds_red for c in of_deck):
            raise ContentError(f"{f}: no {m.value} card brings the red-titled cards in "
                               "(a punishment of kind 'add_red')")
    return tuple(cards)


# -- tiles.toml ----------------------------------------------------------------

_RUN_CARDS_OF = {BuildingSymbol.TUNNEL: TUNNEL_RUN_CARDS,
                 BuildingSymbol.HELIPAD: HELIPAD_RUN_CARDS}


def _tiles(raw: dict[str, Any], board: Board
           ) -> tuple[tuple[BuildingTile, ...], tuple[RunTile, ...], SystemBoard,
                      tuple[SystemTile, ...]]:
    f = "tiles.toml"
    _only(raw, f, "building_tile", "run_tile", "system_board", "system_row", "system_tile")
    buildings = []
    for e in _entries(raw, f, "building_tile", "building_tile"):
        bid = e.text("id")
        symbol = e.enum("symbol", BuildingSymbol)
        copies = e.integer("copies", 1, BUILDING_TILES)
        want = _RUN_CARDS_OF.get(symbol, 0)
        run_cards = e.integer("run_cards", 1, 9, 0)
        if run_cards != want:
            raise e.fail(f"run_cards must be {want}, as in the rulebook" if want else
                         "only the tunnel and the helicopter pad have 'run_cards'")
        buildings.append(BuildingTile(bid, symbol, copies, run_cards, e.source()))
        e.done()
    _unique(f, "building_tile", [b.id for b in buildings])
    n_buildings = sum(b.copies for b in buildings)
    _count(f, "building tiles", n_buildings, BUILDING_TILES)
    if n_buildings != len(board.of_kind(SpaceKind.BUILDING)) + 1:
        raise ContentError(f"{f}: building tiles must be one more than board.toml's "
                           "building spaces (one is left out)")
    for sym in BuildingSymbol:
        if not any(b.symbol is sym for b in buildings):
            raise ContentError(f"{f}: no building tile shows {sym.value!r}")

    run_tiles = []
    for e in _entries(raw, f, "run_tile", "run_tile"):
        method = e.enum("method", RunMethod, RUN_SPACES)
        run_tiles.append(RunTile(e.text("id"), method, e.integer("cards", 1, 9),
                                 e.source()))
        e.done()
    _unique(f, "run_tile", [t.id for t in run_tiles])
    _count(f, "Run tiles", len(run_tiles), RUN_TILES)
    for m in RUN_SPACES:
        n_spaces = sum(s.method is m for s in board.of_kind(SpaceKind.RUN))
        n_tiles = sum(t.method is m for t in run_tiles)
        if n_tiles < n_spaces:
            raise ContentError(f"{f}: {n_tiles} {m.value} Run tiles cannot fill the "
                               f"{n_spaces} {m.value} Run spaces of board.toml")

    top = _table(raw, f, "system_board")
    base = top.integer("base_score", 0, 9)
    stacks = top.integer("stacks", 1, 9)
    grey = top.integer("grey_spaces", 0, 9)
    for key, got, want_n in (("base_score", base, SENTINEL_BASE_SCORE),
                             ("stacks", stacks, SYSTEM_STACKS), ("grey_spaces", grey, GREY_SPACES)):
        if got != want_n:
            raise top.fail(f"{key} must be {want_n}, as in the rulebook; got {got}")
    board_source = top.source()
    top.done()
    rows = []
    colours = tuple(c for c in TileColour if c is not TileColour.GREY)
    for e in _entries(raw, f, "system_row", "system_row",
                      lambda d: repr(d["colour"]) if isinstance(d.get("colour"), str) else None):
        rows.append(SystemRow(e.enum("colour", TileColour, colours), e.enum("ability", Ability),
                              e.integer("spaces", 1, 9), e.source()))
        e.done()
    if sorted(r.colour for r in rows) != sorted(colours) or \
            sorted(r.ability for r in rows) != sorted(Ability):
        raise ContentError(f"{f}: the System board needs one row per colour "
                           f"({', '.join(c.value for c in colours)}) and one per ability")
    sysboard = SystemBoard(base, stacks, grey, tuple(rows), board_source)

    tiles: list[SystemTile] = []
    for e in _entries(raw, f, "system_tile", "system_tile"):
        tid = e.text("id")
        colour = e.enum("colour", TileColour)
        ability = e.enum("ability", Ability)
        if colour is not TileColour.GREY and ability is not sysboard.row(colour).ability:
            raise e.fail(f"a {colour.value} tile must show "
                         f"{sysboard.row(colour).ability.value}, the ability of its row")
        tiles.append(SystemTile(tid, colour, ability, e.integer("copies", 1, SYSTEM_TILES),
                                e.source()))
        e.done()
    _unique(f, "system_tile", [t.id for t in tiles])
    _count(f, "System tiles", sum(t.copies for t in tiles), SYSTEM_TILES)
    for r in rows:
        n = sum(t.copies for t in tiles if t.colour is r.colour)
        if n < r.spaces:
            raise ContentError(f"{f}: {n} {r.colour.value} tiles can never fill the "
                               f"{r.spaces} spaces of their row")
    n_grey = sum(t.copies for t in tiles if t.colour is TileColour.GREY)
    if n_grey > grey:
        raise ContentError(f"{f}: {n_grey} grey tiles do not fit the {grey} grey spaces")
    return tuple(buildings), tuple(run_tiles), sysboard, tuple(tiles)


# -- sentinels.toml ------------------------------------------------------------


def _sentinels(raw: dict[str, Any]) -> tuple[tuple[SentinelPiece, ...],
                                             tuple[SentinelCard, ...]]:
    f = "sentinels.toml"
    _only(raw, f, "sentinel", "sentinel_card")
    pieces = []
    for e in _entries(raw, f, "sentinel", "sentinel"):
        pieces.append(SentinelPiece(e.text("id"), e.enum("ability", Ability),
                                    e.integer("copies", 1, SENTINELS), e.source()))
        e.done()
    _unique(f, "sentinel", [p.id for p in pieces])
    _count(f, "sentinels", sum(p.copies for p in pieces), SENTINELS)

    cards = []
    for e in _entries(raw, f, "sentinel_card", "sentinel_card"):
        cid = e.text("id")
        kind = e.enum("kind", SentinelCardKind)
        name = e.text("name")
        steps = e.integer("steps", 1, 12, 0)
        if (steps > 0) != (kind is SentinelCardKind.SENTINEL):
            raise e.fail("a sentinel card needs 'steps' (how far it moves a sentinel) "
                         "and only it has them")
        drone = kind is SentinelCardKind.DRONE_SWARM
        ability = e.opt_enum("ability", Ability)
        score = e.integer("score", 1, 12, 0)
        if drone != (ability is not None) or drone != (score > 0):
            raise e.fail("a drone swarm needs an 'ability' and a 'score' and only it has them")
        cards.append(SentinelCard(cid, kind, name, e.integer("copies", 1, SENTINEL_CARDS),
                                  steps, ability, score, e.source()))
        e.done()
    _unique(f, "sentinel_card", [c.id for c in cards])
    _count(f, "Sentinel cards", sum(c.copies for c in cards), SENTINEL_CARDS)
    for k in SentinelCardKind:
        if not any(c.kind is k for c in cards):
            raise ContentError(f"{f}: no Sentinel card of kind {k.value!r}")
    return tuple(pieces), tuple(cards)


# -- characters.toml -----------------------------------------------------------


def _printed(e: _Entry, key: str, allow_r: bool) -> Printed:
    e.used.add(key)
    if key not in e.data:
        raise e.fail(f"missing field {key!r}")
    v = e.data[key]
    if allow_r and v == REROLL:
        return Printed(0, reroll=True)
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9:
        return Printed(v)
    raise e.fail(f"{key} must be a number from 0 to 9" + (" or 'R'" if allow_r else "")
                 + f", got {v!r}")


def _ability_cards(raw: dict[str, Any], key: str, allow_r: bool, want: int
                   ) -> tuple[AbilityCard, ...]:
    f = "characters.toml"
    cards = []
    for e in _entries(raw, f, key, key):
        cid, name = e.text("id"), e.text("name")
        s, t, k = (_printed(e, a.value, allow_r) for a in ABILITIES)
        cards.append(AbilityCard(cid, name, (s, t, k), e.source()))
        e.done()
    _unique(f, key, [c.id for c in cards])
    _count(f, f"{key} cards", len(cards), want)
    return tuple(cards)


# -- game.toml -----------------------------------------------------------------


def _game(raw: dict[str, Any]) -> tuple[tuple[MovementMode, ...], tuple[PlayerCount, ...],
                                        int, int, int, int]:
    f = "game.toml"
    _only(raw, f, "movement", "player_count", "scores", "dice")
    moves = []
    for e in _entries(raw, f, "movement", "movement"):
        mode = e.enum("id", Movement)
        m = MovementMode(mode, e.integer("steps", 1, 20), e.integer("attack_modifier", -9, 9),
                         e.flag("may_end_on_safe"), e.flag("passes_sentinels"), e.source())
        if (m.steps, m.attack_modifier, m.may_end_on_safe, m.passes_sentinels) != MOVES[mode]:
            steps, mod, safe, passes = MOVES[mode]
            raise e.fail(f"the rulebook's {mode.value}: steps {steps}, attack_modifier {mod}, "
                         f"may_end_on_safe {str(safe).lower()}, "
                         f"passes_sentinels {str(passes).lower()}")
        moves.append(m)
        e.done()
    _unique(f, "movement", [m.id for m in moves])
    if len(moves) != len(Movement):
        raise ContentError(f"{f}: the movements must be sneak, walk and run")
    counts = []
    for e in _entries(raw, f, "player_count", "player_count",
                      lambda d: str(d.get("players"))):
        players = e.integer("players", 2, 6)
        chars = e.integer("characters", 1, PRISONER_CARDS)
        if chars != CHARACTERS_PER_PLAYER[players]:
            raise e.fail(f"the rulebook gives {CHARACTERS_PER_PLAYER[players]} characters "
                         f"each at {players} players, got {chars}")
        counts.append(PlayerCount(players, chars, e.source()))
        e.done()
    _unique(f, "player_count", [str(p.players) for p in counts])
    if sorted(p.players for p in counts) != sorted(CHARACTERS_PER_PLAYER):
        raise ContentError(f"{f}: player_count must cover 2 to 6 players")
    sc = _table(raw, f, "scores")
    escape_points, token_points = sc.integer("escape_points", 0, 9), sc.integer(
        "token_points", 0, 9)
    if (escape_points, token_points) != (ESCAPE_POINTS, TOKEN_POINTS):
        raise sc.fail("the rulebook gives 1 point per escaped prisoner and 1 for the token")
    sc.source()
    sc.done()
    dice_entry = _table(raw, f, "dice")
    dice, sides = dice_entry.integer("count", 1, 9), dice_entry.integer("sides", 2, 20)
    if dice != DICE:
        raise dice_entry.fail(f"count must be {DICE}, as in the rulebook")
    dice_entry.source()
    dice_entry.done()
    return tuple(moves), tuple(counts), escape_points, token_points, dice, sides


def load(root: Path = DATA) -> Content:
    """Read and validate the content files in ``root``."""
    board = _board(_read("board.toml", root))
    escape = _escape_cards(_read("escape_cards.toml", root))
    run = _run_cards(_read("run_cards.toml", root))
    buildings, run_tiles, sysboard, sys_tiles = _tiles(_read("tiles.toml", root), board)
    pieces, sentinel_cards = _sentinels(_read("sentinels.toml", root))
    chars = _read("characters.toml", root)
    _only(chars, "characters.toml", "prisoner", "profession")
    prisoners = _ability_cards(chars, "prisoner", False, PRISONER_CARDS)
    professions = _ability_cards(chars, "profession", True, PROFESSION_CARDS)
    moves, counts, escape_points, token_points, dice, sides = _game(_read("game.toml", root))
    return Content(board, escape, run, buildings, run_tiles, sysboard, sys_tiles, pieces,
                   sentinel_cards, prisoners, professions, moves, counts, escape_points,
                   token_points, dice, sides)


CONTENT = load()
