"""What each seat of ESCAPE NOW! may know.

A seat sees its own hand (and, at two players, the fictional hand while it
holds it), every hand's size, the draw and discard pile sizes, the face-up
puzzles with their placed cards, every pawn, and the questions and answers.
It never sees another hand, the deck order, a face-down or set-aside puzzle,
or -- under the expert rule -- the cards of a solved puzzle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, ClassVar

from getaway.core.seatview import SeatView as CoreSeatView
from getaway.games.escape_now.content import CARD_IDS, COLOURS, CONTENT, SLOTS, TRAITS
from getaway.games.escape_now.state import FINISHED, EscapeNowState
from getaway.games.escape_now.words import QUESTION_TEXT, hand_name


def question_list() -> list[dict[str, Any]]:
    """Every question and its allowed answers (a fresh list each time: views are values)."""
    return [{"id": q.id, "text": q.text, "answers": list(q.answers)} for q in CONTENT.questions]


def card_kinds() -> list[dict[str, Any]]:
    """Every kind of action card: its id, its printed name and its colour."""
    return [{"id": c.id, "name": c.name, "colour": c.colour} for c in CONTENT.cards]


def _hands(s: EscapeNowState, seat: int | None) -> list[dict[str, Any]]:
    hands = []
    fict = s.fict
    for h in range(s.hands_n):
        pawn = s.pawns[h]
        entry: dict[str, Any] = {
            "hand": h, "colour": COLOURS[h], "name": hand_name(s, h),
            "seat": None if h == fict else h, "fictional": h == fict,
            "size": s.sizes[h], "pawn": pawn if pawn >= 0 else None,
        }
        if seat is not None and (s.holder if h == fict else h) == seat:  # s.sees_hand
            held = s.hands[h]
            entry["cards"] = {CARD_IDS[k]: held[k] for k in range(6) if held[k]}
        hands.append(entry)
    return hands


def _standing(s: EscapeNowState) -> list[list[int]]:
    """The hands whose pawn stands on each slot (``s.pawns_on`` for every slot at once)."""
    on: list[list[int]] = [[] for _ in s.layout.slots]
    for h, x in enumerate(s.pawns):
        if 0 <= x < len(on):
            on[x].append(h)
    return on


def _puzzles(s: EscapeNowState, seat: int | None) -> list[dict[str, Any]]:
    on = _standing(s)
    return [_puzzle(s, i, on[i]) for i in range(len(on))]


def _puzzle(s: EscapeNowState, i: int, pawns: list[int]) -> dict[str, Any]:
    """The entry of puzzle slot ``i`` (``pawns``: the hands standing on it)."""
    final = s.layout.final
    slot = s.layout.slots[i]
    visible = bool(s.visible >> i & 1)
    solved = bool(s.solved >> i & 1)
    after, at = _slot_parts(slot.after, slot.at)
    p: dict[str, Any] = {
        "index": i, "slot": slot.id, "final": i == final, "visible": visible,
        "solved": solved, "needed": s.need[i], "after": after[:],
        "at": at[:], "pawns": pawns,
    }
    if visible:
        p["cards"] = [_puzzle_card(s.cards[i])]
        if i == final:
            p["cards"].append(_puzzle_card(s.aside[0]))
        p["traits"] = _TRAIT_LISTS[s.masks[i]][:]
        p["present"] = _TRAIT_LISTS[s.present[i]][:]
        p["placed"] = [{"card": CARD_IDS[c], "as": "finish" if a == FINISHED else TRAITS[a]}
                       for c, a in s.placed[i]]
        p["face_down"] = solved and s.expert
    return p


def _shared_puzzles(s: EscapeNowState, seat: int | None) -> list[dict[str, Any]]:
    """``_puzzles``, for the heuristic's view: a puzzle whose state has not changed since
    a view last read it is the same dict as then (so read these, never write them)."""
    lay = s.layout
    final = lay.final
    on = _standing(s)
    visible, solved, aside = s.visible, s.solved, s.aside[0]
    out = []
    for i in range(len(on)):
        key = (lay.id, i, visible >> i & 1, solved >> i & 1, s.need[i], tuple(on[i]),
               s.cards[i], aside if i == final else -1, s.present[i], s.placed[i], s.expert)
        p = _SHARED.get(key)
        if p is None:
            if len(_SHARED) >= 100_000:
                _SHARED.clear()
            p = _SHARED[key] = _puzzle(s, i, on[i])
        out.append(p)
    return out


_SHARED: dict[tuple[Any, ...], dict[str, Any]] = {}
"""``_shared_puzzles``' entries by everything a puzzle's entry is built from (bounded)."""


@cache
def _slot_parts(after: tuple[int, ...], at: tuple[Any, ...]) -> tuple[list[str], list[Any]]:
    """A slot's ``after`` (as slot names) and ``at``, as lists (copied into each view)."""
    return [SLOTS[a] for a in after], list(at)


def _puzzle_card(k: int) -> dict[str, Any]:
    c = CONTENT.puzzles[k]
    return {"id": c.id, "name": c.name, "traits": list(c.traits)}


_TRAIT_LISTS = tuple([t for k, t in enumerate(TRAITS) if m >> k & 1]
                     for m in range(1 << len(TRAITS)))
"""By a bit mask over the traits: their ids, in trait order (copied into each view)."""


def _questions(s: EscapeNowState, seat: int | None) -> list[dict[str, Any]]:
    return [{"asker": a, "question": q, "text": QUESTION_TEXT[q],
             "answers": [{"hand": h, "answer": w} for h, w in ans]} for a, q, ans in s.qa]


def _outcome(s: EscapeNowState, seat: int | None) -> dict[str, Any] | None:
    out = s.outcome()
    return out.to_json() if out else None


Section = Callable[[EscapeNowState, "int | None"], Any]

SECTIONS: dict[str, Section] = {
    "game": lambda s, seat: "escape-now",
    "seat": lambda s, seat: seat,
    "players": lambda s, seat: s.config.players,
    "options": lambda s, seat: dict(s.config.options),
    "layout": lambda s, seat: {"id": s.layout.id, "name": s.layout.name},
    "hands": _hands,
    "puzzles": _puzzles,
    "draw_pile": lambda s, seat: len(s.pile),
    "discard_pile": lambda s, seat: sum(s.discard),
    "set_aside": lambda s, seat: len(s.aside) - 1,
    "minutes_left": lambda s, seat: s.minutes_left(),
    "turn": lambda s, seat: s.cur if s.starter >= 0 else None,
    "starter": lambda s, seat: s.starter if s.starter >= 0 else None,
    "fictional_holder": lambda s, seat: s.holder if s.fict >= 0 else None,
    "questions": _questions,
    "pending": lambda s, seat: s.pending(),
    "question_list": lambda s, seat: question_list(),
    "card_kinds": lambda s, seat: card_kinds(),
    "outcome": _outcome,
}
"""Each key of a view and how it is built, in the view's order."""


def build_view(s: EscapeNowState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (None: a spectator)."""
    return {key: section(s, seat) for key, section in SECTIONS.items()}


class SeatView(CoreSeatView):
    """``build_view(s, seat)`` built key by key on first read (for the heuristic); here
    ``v.get(key)`` builds a key of the view too. Its puzzles are shared between views
    (``_shared_puzzles``): read them, never write them."""

    __slots__ = ()
    sections: ClassVar[Mapping[str, Section]] = {**SECTIONS, "puzzles": _shared_puzzles}

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        """``self[key]`` for a key of the view, else ``default``."""
        if key in self or key in SECTIONS:
            return self[key]
        return default
