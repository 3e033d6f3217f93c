"""What each seat of ESCAPE NOW! may know.

A seat sees its own hand (and, at two players, the fictional hand while it
holds it), every hand's size, the draw and discard pile sizes, the face-up
puzzles with their placed cards, every pawn, and the questions and answers.
It never sees another hand, the deck order, a face-down or set-aside puzzle,
or -- under the expert rule -- the cards of a solved puzzle.
"""

from __future__ import annotations

from typing import Any

from getaway.games.escape_now.content import CARD_IDS, COLOURS, CONTENT, SLOTS, TRAITS
from getaway.games.escape_now.state import FINISHED, EscapeNowState
from getaway.games.escape_now.words import QUESTION_TEXT, hand_name


def question_list() -> list[dict[str, Any]]:
    """Every question and its allowed answers (a fresh list each time: views are values)."""
    return [{"id": q.id, "text": q.text, "answers": list(q.answers)} for q in CONTENT.questions]


def card_kinds() -> list[dict[str, Any]]:
    """Every kind of action card: its id, its printed name and its colour."""
    return [{"id": c.id, "name": c.name, "colour": c.colour} for c in CONTENT.cards]


def build_view(s: EscapeNowState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (None: a spectator)."""
    lay = s.layout
    hands = []
    for h in range(s.hands_n):
        entry: dict[str, Any] = {
            "hand": h, "colour": COLOURS[h], "name": hand_name(s, h),
            "seat": None if h == s.fict else h, "fictional": h == s.fict,
            "size": s.sizes[h], "pawn": s.pawns[h] if s.pawns[h] >= 0 else None,
        }
        if s.sees_hand(seat, h):
            entry["cards"] = {CARD_IDS[k]: s.hands[h][k] for k in range(6) if s.hands[h][k]}
        hands.append(entry)
    puzzles = []
    for i, slot in enumerate(lay.slots):
        visible = bool(s.visible >> i & 1)
        solved = bool(s.solved >> i & 1)
        p: dict[str, Any] = {
            "index": i, "slot": slot.id, "final": i == lay.final, "visible": visible,
            "solved": solved, "needed": s.need[i], "after": [SLOTS[a] for a in slot.after],
            "at": list(slot.at), "pawns": s.pawns_on(i),
        }
        if visible:
            cards = [CONTENT.puzzles[s.cards[i]]]
            if i == lay.final:
                cards.append(CONTENT.puzzles[s.aside[0]])
            p["cards"] = [{"id": c.id, "name": c.name, "traits": list(c.traits)} for c in cards]
            p["traits"] = [t for k, t in enumerate(TRAITS) if s.masks[i] >> k & 1]
            p["present"] = [t for k, t in enumerate(TRAITS) if s.present[i] >> k & 1]
            p["placed"] = [{"card": CARD_IDS[c], "as": "finish" if a == FINISHED else TRAITS[a]}
                           for c, a in s.placed[i]]
            p["face_down"] = solved and s.expert
        puzzles.append(p)
    questions = [{"asker": a, "question": q, "text": QUESTION_TEXT[q],
                  "answers": [{"hand": h, "answer": w} for h, w in ans]} for a, q, ans in s.qa]
    out = s.outcome()
    return {
        "game": "escape-now", "seat": seat, "players": s.config.players,
        "options": dict(s.config.options), "layout": {"id": lay.id, "name": lay.name},
        "hands": hands, "puzzles": puzzles, "draw_pile": len(s.pile),
        "discard_pile": sum(s.discard), "set_aside": len(s.aside) - 1,
        "minutes_left": s.minutes_left(), "turn": s.cur if s.starter >= 0 else None,
        "starter": s.starter if s.starter >= 0 else None,
        "fictional_holder": s.holder if s.fict >= 0 else None,
        "questions": questions, "pending": s.pending(),
        "question_list": question_list(), "card_kinds": card_kinds(),
        "outcome": out.to_json() if out else None,
    }
