"""ESCAPE NOW! content: cards, puzzle cards, layouts and questions, checked on load.

The data lives in ``data/*.toml``; :func:`load` reads and validates it and
raises :class:`ContentError` naming the file and the entry at the first
problem, so that a bad edit never reaches a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from getaway.core.content import Entry, read, unique
from getaway.core.errors import ContentError

DATA = Path(__file__).parent / "data"
TRAITS = ("logical", "perceptive", "dexterous", "tenacious", "talkative")
LUCKY_ID = "lucky"
CARD_IDS = (*TRAITS, LUCKY_ID)
SLOTS = ("A", "B", "C", "D", "E", "F", "FINAL")
ANSWER_WORDS = ("yes", "no", "me", "green", "blue", "yellow", "purple", "red", "here")
COLOURS = ("red", "green", "blue", "yellow", "orange", "purple")
"""The pawns' colours; hands take them in seat order (the fictional hand of two players, blue)."""
TRAIT_COPIES = 11
LUCKY_COPIES = 5


@dataclass(frozen=True)
class CardKind:
    """One kind of action card."""

    id: str
    name: str
    colour: str
    copies: int
    wild: bool
    source: str


@dataclass(frozen=True)
class PuzzleCard:
    """One puzzle card and the two traits it requires."""

    id: str
    name: str
    traits: tuple[str, str]
    source: str


@dataclass(frozen=True)
class Slot:
    """A place of a layout: face up or face down, and the puzzles that unlock it."""

    id: str
    face_up: bool
    after: tuple[int, ...]
    at: tuple[int, int]


@dataclass(frozen=True)
class Layout:
    """A room: seven slots (A-F and the double FINAL puzzle) and their arrows."""

    id: str
    name: str
    slots: tuple[Slot, ...]
    source: str

    @property
    def final(self) -> int:
        """Index of the final (double) puzzle slot."""
        return len(self.slots) - 1


@dataclass(frozen=True)
class Question:
    """A question from the allowed list, with its allowed one-word answers."""

    id: str
    text: str
    answers: tuple[str, ...]
    source: str


@dataclass(frozen=True)
class Content:
    """Everything ESCAPE NOW! needs besides its rules."""

    cards: tuple[CardKind, ...]
    puzzles: tuple[PuzzleCard, ...]
    layouts: tuple[Layout, ...]
    questions: tuple[Question, ...]

    def layout(self, layout_id: str) -> Layout:
        """The layout with this id."""
        for lay in self.layouts:
            if lay.id == layout_id:
                return lay
        raise ContentError(f"layouts.toml: no layout {layout_id!r}")


def _cards(raw: dict[str, Any]) -> tuple[tuple[CardKind, ...], tuple[PuzzleCard, ...]]:
    f = "cards.toml"
    cards = []
    for i, d in enumerate(raw.get("card", [])):
        e = Entry(f, "card", i, d)
        cid = e.get("id", str)
        if cid not in CARD_IDS:
            raise e.fail(f"unknown card id; expected one of {', '.join(CARD_IDS)}")
        copies = e.get("copies", int)
        want = LUCKY_COPIES if cid == LUCKY_ID else TRAIT_COPIES
        if copies != want:  # the 60-card clock: 11 of each trait and 5 LUCKY SHOTs
            raise e.fail(f"copies must be {want}, as in the rulebook; got {copies}")
        wild = e.get("wild", bool, False)
        if wild != (cid == LUCKY_ID):
            raise e.fail("only the LUCKY SHOT is wild")
        cards.append(CardKind(cid, e.get("name", str), e.get("colour", str), copies, wild,
                              e.source()))
    unique(f, "card", [c.id for c in cards])
    if tuple(c.id for c in cards) != CARD_IDS:
        raise ContentError(f"{f}: the cards must be, in order: {', '.join(CARD_IDS)}")
    puzzles = []
    for i, d in enumerate(raw.get("puzzle", [])):
        e = Entry(f, "puzzle", i, d)
        traits = e.get("traits", list)
        if len(traits) != 2 or len(set(traits)) != 2 or not set(traits) <= set(TRAITS):
            raise e.fail(f"traits must be two different traits of {', '.join(TRAITS)}")
        puzzles.append(PuzzleCard(e.get("id", str), e.get("name", str),
                                  (traits[0], traits[1]), e.source()))
    unique(f, "puzzle", [p.id for p in puzzles])
    if len(puzzles) != 10:
        raise ContentError(f"{f}: there must be exactly 10 puzzle cards, found {len(puzzles)}")
    for t in TRAITS:
        n = sum(t in p.traits for p in puzzles)
        if n != 4:
            raise ContentError(f"{f}: trait {t!r} is on {n} puzzle cards; each trait needs 4")
    seen: dict[frozenset[str], str] = {}
    for p in puzzles:
        other = seen.setdefault(frozenset(p.traits), p.id)
        if other != p.id:
            raise ContentError(f"{f}: puzzles {other!r} and {p.id!r} have the same pair of "
                               "traits, so a final puzzle could need only two traits")
    return tuple(cards), tuple(puzzles)


def _layouts(raw: dict[str, Any]) -> tuple[Layout, ...]:
    f = "layouts.toml"
    out = []
    for i, d in enumerate(raw.get("layout", [])):
        e = Entry(f, "layout", i, d)
        lid = e.get("id", str)
        slots_raw = e.get("slots", list)
        ids = [s.get("id") if isinstance(s, dict) else None for s in slots_raw]
        if tuple(ids) != SLOTS:
            raise e.fail(f"slots must be, in order: {', '.join(SLOTS)}; got {ids}")
        slots = []
        for j, s in enumerate(slots_raw):
            se = Entry(f, f"layout {lid!r} slot", j, s)
            after = se.get("after", list)
            for a in after:
                if a not in SLOTS or a == "FINAL" or a == s["id"]:
                    raise se.fail(f"arrow from {a!r} does not name another puzzle slot")
            face_up = se.get("face_up", bool)
            if face_up == bool(after):
                raise se.fail("a face-up slot has no arrows into it and a face-down one "
                              "needs at least one")
            at = se.get("at", list)
            if len(at) != 2 or not all(isinstance(v, int) for v in at):
                raise se.fail("'at' must be [column, row]")
            slots.append(Slot(s["id"], face_up, tuple(SLOTS.index(a) for a in after),
                              (at[0], at[1])))
        if slots[-1].face_up:
            raise e.fail("the FINAL puzzle must start face down")
        if not any(s.face_up for s in slots):
            raise e.fail("at least one puzzle must start face up")
        _reachable(e, slots)
        out.append(Layout(lid, e.get("name", str), tuple(slots), e.source()))
    unique(f, "layout", [lay.id for lay in out])
    if not out:
        raise ContentError(f"{f}: no layouts")
    return tuple(out)


def _reachable(e: Entry, slots: list[Slot]) -> None:
    """Every slot must be revealable by solving earlier ones (no cycles)."""
    open_ = {i for i, s in enumerate(slots) if s.face_up}
    changed = True
    while changed:
        changed = False
        for i, s in enumerate(slots):
            if i not in open_ and set(s.after) <= open_:
                open_.add(i)
                changed = True
    stuck = [slots[i].id for i in range(len(slots)) if i not in open_]
    if stuck:
        raise e.fail(f"slots {stuck} can never be revealed (arrows form a cycle)")


def _questions(raw: dict[str, Any]) -> tuple[Question, ...]:
    f = "questions.toml"
    out = []
    for i, d in enumerate(raw.get("question", [])):
        e = Entry(f, "question", i, d)
        answers = e.get("answers", list)
        if not answers or any(a not in ANSWER_WORDS for a in answers):
            raise e.fail(f"answers must be words of: {', '.join(ANSWER_WORDS)}")
        if len(set(answers)) != len(answers):
            raise e.fail("an answer is listed twice")
        out.append(Question(e.get("id", str), e.get("text", str), tuple(answers), e.source()))
    unique(f, "question", [q.id for q in out])
    if not out:
        raise ContentError(f"{f}: no questions")
    return tuple(out)


def load(root: Path = DATA) -> Content:
    """Read and validate the content files in ``root``."""
    cards, puzzles = _cards(read("cards.toml", root))
    return Content(cards, puzzles, _layouts(read("layouts.toml", root)),
                   _questions(read("questions.toml", root)))


CONTENT = load()
