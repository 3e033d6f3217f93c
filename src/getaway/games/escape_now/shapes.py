"""The shape of ESCAPE NOW!'s views: what ``State.view(seat)`` returns (``views.py``).

Declared as ``EscapeNow.view_type``: the conformance suite checks every view
of random games against it, and ``getaway.server.typegen`` turns it into the
``EscapeNow`` TypeScript namespace the browser module is checked with. Every
seat's view and the spectator's have the same shape; what a seat may not see is
left out (a hand's ``cards``, the ``cards`` of a face-down puzzle), never
blanked.

The closed sets are spelled out as ``Literal`` here and checked against the
game's own tables by ``tests/games/escape_now/test_shapes.py``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Trait = Literal["logical", "perceptive", "dexterous", "tenacious", "talkative"]
"""A trait a card shows or a puzzle requires (``content.TRAITS``)."""
CardId = Literal["logical", "perceptive", "dexterous", "tenacious", "talkative", "lucky"]
"""A kind of action card: the five traits and the wild LUCKY SHOT (``content.CARD_IDS``)."""
CardColour = Literal["green", "blue", "yellow", "purple", "red", "white"]
"""The colour printed on a kind of action card (``data/cards.toml``)."""
PawnColour = Literal["red", "green", "blue", "yellow", "orange", "purple"]
"""A pawn's colour, which names its hand (``content.COLOURS``)."""
SlotId = Literal["A", "B", "C", "D", "E", "F", "FINAL"]
"""A place of the room's layout (``content.SLOTS``)."""
AnswerWord = Literal["yes", "no", "me", "green", "blue", "yellow", "purple", "red", "here"]
"""A word a question allows as its answer (``content.ANSWER_WORDS``)."""


class HandCards(TypedDict, total=False):
    """The cards of a hand the seat may see: how many of each kind it holds.

    Kinds it holds none of are left out."""

    logical: int
    perceptive: int
    dexterous: int
    tenacious: int
    talkative: int
    lucky: int


class Hand(TypedDict):
    """One hand of cards and its pawn: a seat's, or the fictional hand of two players.

    Every seat sees its size; only the seat holding it sees its cards."""

    hand: int
    colour: PawnColour
    name: str
    """the hand as the game names it: its seat's colour, or "the fictional blue hand\""""
    seat: int | None
    """the seat the hand belongs to (null: the fictional hand)"""
    fictional: bool
    size: int
    pawn: int | None
    """the index of the puzzle its pawn stands on (null: not placed yet)"""
    cards: NotRequired[HandCards]
    """only for a hand the seat holds"""


class PuzzleCard(TypedDict):
    """A puzzle card lying face up in the room, with the two traits it requires."""

    id: str
    name: str
    traits: list[Trait]


Placed = TypedDict("Placed", {"card": CardId, "as": Trait | Literal["finish"]})
Placed.__doc__ = """A card placed beside a puzzle, and the trait it counts as.

"finish": a LUCKY SHOT that finished the puzzle."""


class Puzzle(TypedDict):
    """A place of the room and its puzzle (the FINAL place holds two puzzle cards).

    It lies face down until the puzzles its arrows come from are solved. Only a face-up
    puzzle shows its cards, traits and the cards placed beside it."""

    index: int
    slot: SlotId
    final: bool
    visible: bool
    solved: bool
    needed: int
    """cards it takes to solve it (five, or more for the FINAL)"""
    after: list[SlotId]
    """the places whose puzzles must be solved before it turns face up"""
    at: list[int]
    """[column, row] in the room's grid"""
    pawns: list[int]
    """the hands whose pawns stand on it"""
    cards: NotRequired[list[PuzzleCard]]
    traits: NotRequired[list[Trait]]
    """the traits it requires"""
    present: NotRequired[list[Trait]]
    """the required traits already among the cards placed beside it"""
    placed: NotRequired[list[Placed]]
    face_down: NotRequired[bool]
    """solved under the expert rule: its cards lie face down"""


class Options(TypedDict):
    """The table's options."""

    layout: str
    hard: bool
    expert: bool


class Layout(TypedDict):
    """The room's layout (its difficulty)."""

    id: str
    name: str


class Answer(TypedDict):
    """One hand's answer to a question."""

    hand: int
    answer: str
    """the word, "here:<puzzle index>" when pointing at a puzzle, or "" for silence"""


class AskedQuestion(TypedDict):
    """A question a hand paid a minute to ask, and the answers given so far."""

    asker: int
    question: str
    text: str
    answers: list[Answer]


class Question(TypedDict):
    """A question of the allowed list and the words it may be answered with."""

    id: str
    text: str
    answers: list[AnswerWord]


class CardKind(TypedDict):
    """A kind of action card: its printed name and colour."""

    id: CardId
    name: str
    colour: CardColour


class StartPending(TypedDict):
    """A hand may volunteer to start by placing its pawn on a face-up puzzle, or pass."""

    key: Literal["start"]
    prompt: str
    hand: int
    seats: list[int]


class PlacePawnPending(TypedDict):
    """A hand places its pawn at the start, after the starter."""

    key: Literal["place_pawn"]
    prompt: str
    hand: int
    seats: list[int]


class TurnPending(TypedDict):
    """The hand whose turn it is solves, moves, replenishes or asks."""

    key: Literal["turn"]
    prompt: str
    hand: int
    seats: list[int]


class MoveDiscardPending(TypedDict):
    """The moving hand discards a card to pay for its move to another puzzle."""

    key: Literal["move_discard"]
    prompt: str
    hand: int
    puzzle: int
    seats: list[int]


class ReplenishDiscardPending(TypedDict):
    """The hand discards a card after replenishing."""

    key: Literal["replenish_discard"]
    prompt: str
    hand: int
    seats: list[int]


class QuestionPending(TypedDict):
    """The asking hand chooses its question."""

    key: Literal["question"]
    prompt: str
    hand: int
    seats: list[int]


class AnswerPending(TypedDict):
    """Every other hand answers the question with one allowed word, or stays silent."""

    key: Literal["answer"]
    prompt: str
    hands: list[int]
    """the hands still to answer"""
    asker: int
    question: str
    seats: list[int]


Pending = (StartPending | PlacePawnPending | TurnPending | MoveDiscardPending
           | ReplenishDiscardPending | QuestionPending | AnswerPending)
"""The decision being taken, told apart by its ``key``."""


class Outcome(TypedDict):
    """How the game ended: the team escaped, or time ran out.

    On an escape every seat wins, scoring the minutes left."""

    winners: list[int]
    scores: list[float]
    reason: Literal["escaped", "time_up"]
    detail: str


class View(TypedDict):
    """What a seat (or a spectator) of ESCAPE NOW! sees.

    The room, the hands, the piles, the questions and the decision being taken."""

    game: Literal["escape-now"]
    seat: int | None
    players: int
    options: Options
    layout: Layout
    hands: list[Hand]
    puzzles: list[Puzzle]
    draw_pile: int
    discard_pile: int
    set_aside: int
    """puzzle cards put away unseen"""
    minutes_left: int
    """cards in every hand plus the draw pile"""
    turn: int | None
    """the hand whose turn it is (null: pawns are still being placed)"""
    starter: int | None
    fictional_holder: int | None
    """the seat holding the fictional hand (null: no fictional hand)"""
    questions: list[AskedQuestion]
    pending: Pending | None
    question_list: list[Question]
    card_kinds: list[CardKind]
    outcome: Outcome | None
