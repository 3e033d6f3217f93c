"""ESCAPE NOW! actions and the game's fixed action space.

Puzzle fields are slot indices 0-6 (slots A-F, then FINAL); card and trait
fields are card ids (``"logical"``, ..., ``"lucky"``). JSON examples::

    {"kind": "place_pawn", "puzzle": 0}      start on puzzle A
    {"kind": "play", "card": "lucky", "trait": "perceptive"}
    {"kind": "finish"}                      a LUCKY SHOT that solves the puzzle
    {"kind": "move", "puzzle": 6}           then {"kind": "discard", "card": ...}
    {"kind": "replenish", "draw": 2}        then {"kind": "discard", "card": ...}
    {"kind": "ask"}                         then {"kind": "question", "question": "who-lucky"}
    {"kind": "answer", "word": "me"}  /  {"kind": "point", "puzzle": 3}  /  {"kind": "pass"}
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, ActionSpace, action
from getaway.core.decisions import PASS
from getaway.games.escape_now import words
from getaway.games.escape_now.content import CARD_IDS, CONTENT, SLOTS, TRAITS


@action("place_pawn")
@dataclass(frozen=True, slots=True)
class PlacePawn(Action):
    """At the start: put your pawn on a visible puzzle."""

    puzzle: int

    def label(self) -> str:
        return words.place_pawn_label(self.puzzle)


@action("play")
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Solve: place one card by your puzzle, counting as ``trait``."""

    card: str
    trait: str

    def label(self) -> str:
        return words.play_label(self.card, self.trait)


@action("finish")
@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Solve: a LUCKY SHOT that completes a puzzle whose traits are all present."""

    def label(self) -> str:
        return words.finish_label()


@action("move")
@dataclass(frozen=True, slots=True)
class MoveTo(Action):
    """Move your pawn to another visible puzzle (then discard a card)."""

    puzzle: int

    def label(self) -> str:
        return words.move_label(self.puzzle)


@action("discard")
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one card of this kind from your hand, face down."""

    card: str

    def label(self) -> str:
        return words.discard_label(self.card)


@action("replenish")
@dataclass(frozen=True, slots=True)
class Replenish(Action):
    """Draw ``draw`` cards (at most up to 5 in hand), then discard one."""

    draw: int

    def label(self) -> str:
        return words.replenish_label(self.draw)


@action("ask")
@dataclass(frozen=True, slots=True)
class Ask(Action):
    """Pay the top card of the draw pile to ask one question."""

    def label(self) -> str:
        return words.ask_label()


@action("question")
@dataclass(frozen=True, slots=True)
class Question(Action):
    """Which question to ask."""

    question: str

    def label(self) -> str:
        return words.question_label(self.question)


@action("answer")
@dataclass(frozen=True, slots=True)
class Answer(Action):
    """A one-word answer."""

    word: str

    def label(self) -> str:
        return words.answer_label(self.word)


@action("point")
@dataclass(frozen=True, slots=True)
class Point(Action):
    """Answer "here", pointing at a puzzle."""

    puzzle: int

    def label(self) -> str:
        return words.point_label(self.puzzle)


QUESTION_IDS = tuple(q.id for q in CONTENT.questions)
WORDS = ("yes", "no", "me", "green", "blue", "yellow", "purple", "red")
N_SLOTS = len(SLOTS)

# Interned action tables, indexed by slot / card / trait number.
PLACE = tuple(PlacePawn(i) for i in range(N_SLOTS))
PLAY = tuple(Play(t, t) for t in TRAITS)
LUCKY_AS = tuple(Play("lucky", t) for t in TRAITS)
FINISH = Finish()
MOVE = tuple(MoveTo(i) for i in range(N_SLOTS))
DISCARD = tuple(Discard(c) for c in CARD_IDS)
REPLENISH = tuple(Replenish(n) for n in range(6))
ASK = Ask()
QUESTION = tuple(Question(q) for q in QUESTION_IDS)
ANSWER = {w: Answer(w) for w in WORDS}
POINT = tuple(Point(i) for i in range(N_SLOTS))

SPACE = ActionSpace([*PLACE, PASS, *PLAY, *LUCKY_AS, FINISH, *MOVE, *DISCARD, *REPLENISH,
                     ASK, *QUESTION, *ANSWER.values(), *POINT])
