"""The shape of Alcatraz 2034's views (``views.build_view``), for every seat and spectators.

``View`` is what ``State.view(seat)`` returns; the conformance suite checks every
view of random games against it, and ``python -m getaway.server.typegen`` turns it
into the TypeScript namespace ``Alcatraz2034`` the browser module is checked with.
Closed sets (abilities, decks, ways off the island, row colours, decision keys,
event kinds...) are ``Literal`` here; ``tests/games/alcatraz_2034/test_shapes.py``
checks they agree with the game's tables. Ids of prisoners, spaces and cards are
plain strings (the content data names them).

What only some seats see: a hand's ``cards`` (its owner), a building's ``tile``
before it is revealed (whoever looked at it), a sentinel's ``symbol`` before it
attacks (whoever peeked), ``moves`` (the seat to act).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Ability = Literal["smarts", "toughness", "skills"]
"""The three Escape abilities (also the sentinels' symbols)."""
Deck = Literal["smarts", "toughness", "skills", "system"]
"""The four Escape decks."""
Method = Literal["swim", "boat", "air", "tunnel"]
"""The ways off the island (and their Run decks)."""
Way = Literal["sneak", "walk", "run"]
"""The ways of moving (a prisoner's movement marker)."""
RowColour = Literal["blue", "red", "yellow"]
"""The coloured rows of the System board."""
SeatColour = Literal["orange", "blue", "purple", "pink", "teal", "brown"]
"""The seats' colours on the table."""
BuildingTile = Literal["smarts", "toughness", "skills", "system", "tunnel", "helipad",
                       "abandoned"]
"""What a building tile shows."""
SystemTile = Literal["blue", "red", "yellow", "grey-smarts", "grey-toughness", "grey-skills"]
"""The kinds of System tile."""
Status = Literal["island", "escaped", "out"]
"""Where a prisoner is: on the island, escaped, or out of the game."""
RunTileState = Literal["face_down", "face_up", "set_aside"]
"""A Run tile beside its Run space."""
Timing = Literal["own_turn", "run", "attack", "any_time"]
"""When an Escape card may be played."""
Combine = Literal["choose", "sum"]
"""How a Run card's abilities count: the leader picks one, or they are added."""
SentinelCardKind = Literal["system_tile", "sentinel", "drone_swarm"]
"""What a Sentinel card does."""
Window = Literal["attack", "run card revealed", "run roll", "run failure", "sentinel card"]
"""The moments when seats may react with a card or an R."""
EventKind = Literal[
    "turn", "draw", "drawn", "no_draw", "discard", "play", "reroll", "stay", "move",
    "building", "run_tile", "tunnel", "cell_block", "eliminated", "run_start", "run_card",
    "skipped", "challenge", "challenge_result", "saved", "add_red", "extra_card", "abort",
    "escape", "run_over", "token", "reshuffle", "sentinel_card", "system_tile",
    "no_sentinel", "no_target", "place_sentinel", "move_sentinel", "reveal", "attack",
    "attack_off", "attack_result", "sentinel_home", "peek", "look", "looked", "rollback",
    "game_over",
]
"""Every kind of logged event: the game's ``event_kinds``, and the engine's ``game_over``
(the last entry of a finished game's log)."""


# -- the pieces ---------------------------------------------------------------------


class AbilityScores(TypedDict):
    """A number per ability: a prisoner's Escape scores, or the sentinels' scores."""

    smarts: int
    toughness: int
    skills: int


class PrintedScores(TypedDict):
    """A character's scores as printed: Prisoner card plus Profession card ("3+1")."""

    smarts: str
    toughness: str
    skills: str


class Prisoner(TypedDict):
    """A character in play: a Prisoner card with its Profession, its piece and its marker."""

    id: str
    name: str
    profession: str
    owner: int
    status: Status
    space: str | None
    """None once escaped or out of the game."""
    marker: Way | None
    """The movement marker (how it last moved), or none."""
    modifier: int
    """The marker's modifier when attacked (+2 sneaking, -2 running)."""
    scores: AbilityScores
    printed: PrintedScores
    reroll: list[Ability]
    """The abilities with an R (a re-roll) on its cards."""
    ready: bool
    """On the island since before this turn."""
    may_run: bool
    """Stands where a Run can start this turn."""


class Sentinel(TypedDict):
    """A sentinel piece, numbered 1 to 6 as drawn; its symbol is hidden until it attacks."""

    number: int
    space: str | None
    """None while it waits on the System board."""
    symbol: Ability | None
    """Known to all once revealed, to a seat that peeked (Camera Feed); else None."""
    revealed: bool


# -- the System board -----------------------------------------------------------------


class SystemRow(TypedDict):
    """A coloured row of the System board and how many of its spaces hold a tile."""

    colour: RowColour
    ability: Ability
    spaces: int
    tiles: int


class KnownTile(TypedDict):
    """A System tile in a stack that everybody knows (one given back by Rollback)."""

    position: int
    tile: SystemTile
    name: str


class SystemStack(TypedDict):
    """A face-down stack of System tiles: its size and the tiles known in it."""

    size: int
    known: list[KnownTile]


class System(TypedDict):
    """The System board: the coloured rows, the grey corners, the sentinels' scores."""

    rows: list[SystemRow]
    grey: list[Ability]
    """The abilities of the grey tiles in the corners."""
    scores: AbilityScores
    stacks: list[SystemStack]
    waiting_sentinels: int


# -- buildings and Run spaces -----------------------------------------------------------


class Building(TypedDict):
    """A building space and its tile."""

    space: str
    name: str
    revealed: bool
    tile: BuildingTile | None
    """What the tile shows: None while face down, unless this seat looked (Blueprints)."""


class RunSpace(TypedDict):
    """A Run space beside its Run tile hex."""

    space: str
    method: Method
    tile: RunTileState
    cards: int | None
    """How many Run cards the tile deals; None while it is face down."""


# -- cards, hands and decks --------------------------------------------------------------


class EscapeCard(TypedDict):
    """An Escape card in the seat's own hand."""

    id: str
    name: str
    deck: Deck
    timing: Timing
    text: str


class DeckCounts(TypedDict):
    """How many cards of each Escape deck (their backs show it)."""

    smarts: int
    toughness: int
    skills: int
    system: int


class Hand(TypedDict):
    """A seat's hand of Escape cards: its size for all, the cards for its owner."""

    seat: int
    size: int
    decks: DeckCounts
    cards: NotRequired[list[EscapeCard]]
    """Only in the hand's owner's view, sorted by deck."""


class EscapePile(TypedDict):
    """An Escape deck: the cards left, and its discards (ids and titles, oldest first)."""

    pile: int
    discard: list[str]
    discard_names: list[str]


class EscapePiles(TypedDict):
    """The four Escape decks."""

    smarts: EscapePile
    toughness: EscapePile
    skills: EscapePile
    system: EscapePile


class RunPile(TypedDict):
    """A Run deck: the cards left, and its red-titled cards waiting aside."""

    pile: int
    red_aside: int


class RunPiles(TypedDict):
    """The four Run decks."""

    swim: RunPile
    boat: RunPile
    air: RunPile
    tunnel: RunPile


class SentinelPile(TypedDict):
    """The Sentinel deck: the cards left and the discards (ids, oldest first)."""

    pile: int
    discard: list[str]


class SentinelCard(TypedDict):
    """A Sentinel card and what it does, in words."""

    id: str
    name: str
    kind: SentinelCardKind
    text: str


class RunCard(TypedDict):
    """A Run card: its challenge (target, abilities) and its punishment on failure."""

    id: str
    name: str
    method: Method
    red: bool
    abilities: list[Ability]
    combine: Combine
    prisoners: int
    """How many prisoners take the challenge together."""
    target: int
    challenge: str
    punishment: str | None
    text: str


class Decks(TypedDict):
    """Every deck and discard pile, and the Run cards set aside."""

    escape: EscapePiles
    run: RunPiles
    run_out: list[str]
    run_out_cards: list[RunCard]
    sentinel: SentinelPile
    sentinel_discard_cards: list[SentinelCard]


# -- the attack, the Run, the last result ------------------------------------------------


class Attack(TypedDict):
    """An attack under way on a prisoner, by a sentinel or a drone swarm."""

    prisoner: str
    sentinel: int | None
    """The attacking sentinel's number; None for a drone swarm."""
    drone: str | None
    """The drone swarm's Sentinel card; None for a sentinel."""
    by: int
    """The seat that moved the sentinel or drew the swarm."""
    ability: Ability
    prisoner_start: int
    die: int
    prisoner_bonus: int
    prisoner_total: int
    attacker_start: int
    attacker_bonus: int
    reroll: bool
    called_off: bool
    name: str
    attacker: str
    orange_die: int
    red_die: None
    """The red die is rolled last, when the attack is settled (see ``last_result``)."""


class RunCardInPlay(TypedDict):
    """The Run card faced now."""

    id: str
    name: str
    text: str
    target: int
    abilities: list[Ability]
    combine: Combine
    prisoners: int
    red: bool


class Run(TypedDict):
    """A Run under way: its leader, place, participants, cards and the current challenge."""

    leader: int
    method: Method
    space: str
    prisoners: list[str]
    cards_left: int
    shown: list[str]
    card: RunCardInPlay | None
    shown_cards: list[RunCard]
    current: RunCard | None
    rollers: list[str]
    abilities: list[Ability]
    base: int
    die: int
    bonus: int
    total: int | None
    """None until the challenge is assigned."""
    reroll: bool
    skipped: bool
    saved: bool
    aborted: bool


class ChallengeResult(TypedDict):
    """The last Run challenge settled."""

    kind: Literal["challenge"]
    card: str
    """The Run card's title."""
    prisoners: list[str]
    names: list[str]
    abilities: list[Ability]
    base: int
    die: int
    total: int
    target: int
    passed: bool
    winner: Literal["prisoners", "card"]


class AttackResult(TypedDict):
    """The last attack settled (dice and totals None when it was called off)."""

    kind: Literal["attack"]
    prisoner: str
    name: str
    attacker: str
    ability: Ability
    prisoner_start: int
    attacker_start: int
    called_off: bool
    orange_die: int | None
    red_die: int | None
    prisoner_total: int | None
    attacker_total: int | None
    winner: Literal["prisoner", "attacker"] | None


# -- moves ------------------------------------------------------------------------------


class Destination(TypedDict):
    """A legal destination of a move: its space, and the steps and path that reach it."""

    space: str
    steps: int | None
    path: list[str] | None


class MovesByWay(TypedDict, total=False):
    """A prisoner's legal destinations, by the way it moves (only ways it may use)."""

    sneak: list[Destination]
    walk: list[Destination]
    run: list[Destination]


# -- the pending decision ---------------------------------------------------------------


class _Decision(TypedDict):
    prompt: str
    """What is being decided, in the game's words, to the deciding seat."""
    seats: list[int]
    """The seats that may decide it now."""


class TurnDecision(_Decision):
    """The active player's turn: move a prisoner or start a Run, play cards, end the turn."""

    key: Literal["turn"]
    seat: int
    acted: bool


class DrawDecision(_Decision):
    """Which Escape deck to draw from (or, when offered, whether to draw)."""

    key: Literal["draw"]
    seat: int
    count: int
    deck: Deck | None
    optional: bool


class DiscardDecision(_Decision):
    """Which Escape card to discard (a Run punishment)."""

    key: Literal["discard"]
    seat: int
    count: int


class TunnelDecision(_Decision):
    """Whether a prisoner that found the tunnel goes down to the tunnel space."""

    key: Literal["tunnel"]
    prisoner: int
    """The prisoner's number (its place in the content's prisoner list)."""


class ExtraMoveDecision(_Decision):
    """Where a prisoner goes with a card's extra steps, or whether it stays."""

    key: Literal["extra_move"]
    prisoner: int
    """The prisoner's number (its place in the content's prisoner list)."""
    steps: int


class AssignDecision(_Decision):
    """The Run leader: who takes the Run card's challenge, with which ability."""

    key: Literal["assign"]
    seat: int
    card: str


class PunishDecision(_Decision):
    """The Run leader: which participant suffers a failed challenge's punishment."""

    key: Literal["punish"]
    candidates: list[int]
    """The prisoners' numbers."""


class PlaceSentinelDecision(_Decision):
    """On which free red start space a new sentinel goes."""

    key: Literal["place_sentinel"]
    seat: int


class MoveSentinelDecision(_Decision):
    """Which sentinel moves where (a Sentinel card, or a card's move)."""

    key: Literal["move_sentinel"]
    seat: int
    steps: int
    sentinel: int | None
    """The only sentinel that may move (its number), or None: any."""


class AttackTargetDecision(_Decision):
    """Which prisoner a sentinel or a drone swarm attacks."""

    key: Literal["attack_target"]
    seat: int
    candidates: list[int]
    """The prisoners' numbers."""


class LookDecision(_Decision):
    """Which face-down building tile to look at (Blueprints)."""

    key: Literal["look"]
    seat: int


class RollbackDecision(_Decision):
    """Which coloured row gives back its last System tile (Rollback)."""

    key: Literal["rollback"]
    seat: int


class ReactDecision(_Decision):
    """In an attack, a Run or after a Sentinel card: play a card, use an R, or pass."""

    key: Literal["react"]
    window: Window
    seat: int


Pending = (TurnDecision | DrawDecision | DiscardDecision | TunnelDecision
           | ExtraMoveDecision | AssignDecision | PunishDecision | PlaceSentinelDecision
           | MoveSentinelDecision | AttackTargetDecision | LookDecision | RollbackDecision
           | ReactDecision)
"""The decision now, told apart by its ``key``."""


# -- the log and the outcome --------------------------------------------------------------


class SeatRef(TypedDict):
    """A seat a logged sentence names (clients name it their own way): its index and colour."""

    ref: Literal["seat"]
    id: int
    name: str


class Ref(TypedDict):
    """Anything else a logged sentence names: its kind, its id in data, its printed name."""

    ref: Literal["place", "card", "piece", "amount", "thing"]
    id: str | float
    """An id (a space, a card, a prisoner...), or an amount's number."""
    name: str


class LogEntry(TypedDict):
    """A public event: its kind, its sentence, and the template and references it says."""

    kind: EventKind
    text: str
    template: NotRequired[str]
    args: NotRequired[dict[str, SeatRef | Ref | str]]
    """The template's slots: references, or plain words."""


class Outcome(TypedDict):
    """How the game ended: the winners, each seat's points and why."""

    winners: list[int]
    scores: list[float]
    """Per seat: its points (escaped prisoners, and the token)."""
    reason: Literal["lockdown", "prison_wins", "island_empty"]
    """A coloured row filled up after an escape, nobody escaped, or the island is empty."""
    detail: str
    """The ending in words."""


# -- the view -----------------------------------------------------------------------------


class View(TypedDict):
    """What a seat (or a spectator) sees of the island, the System board, the hands and decks."""

    game: Literal["alcatraz-2034"]
    seat: int | None
    players: int
    turn: int
    seat_names: list[SeatColour]
    active: int
    """The seat whose turn it is."""
    acted: bool
    cell_block: str
    """The main cell block's space."""
    prisoners: list[Prisoner]
    sentinels: list[Sentinel]
    system: System
    buildings: list[Building]
    run_spaces: list[RunSpace]
    hands: list[Hand]
    decks: Decks
    sentinel_card: str | None
    """The Sentinel card being resolved, or None."""
    sentinel_card_info: SentinelCard | None
    attack: Attack | None
    run: Run | None
    last_result: ChallengeResult | AttackResult | None
    moves: dict[str, MovesByWay]
    """By prisoner id: the legal moves of the seat to act (empty for the others)."""
    points: list[int]
    """Per seat: escaped prisoners, plus 1 for the Escape/Run token."""
    escaped: list[int]
    token: int | None
    """The seat holding the Escape/Run token."""
    pending: Pending | None
    log: list[LogEntry]
    """The last 40 public events, oldest first."""
    outcome: Outcome | None
