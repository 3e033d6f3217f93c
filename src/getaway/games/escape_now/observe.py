"""ESCAPE NOW! as numbers: a fixed-length encoding of what one seat may know.

Learning agents (``getaway.rl``) read this list of floats; it holds exactly
the information of ``view(seat)`` -- a hand's cards only if the seat may look
at it -- so it cannot leak. Layout, in order (sizes in brackets):

* per hand, 6 slots [6 x 20]: in play, is the hand to decide now, decided by
  this seat, fictional, size / 5, pawn slot one-hot (7, plus "not placed"),
  cards visible, card counts / 5 by kind (6; zeros when hidden);
* per puzzle slot, 7 slots [7 x 17]: visible, solved, final, required traits
  (5), traits present (5), cards placed / cards needed, pawns on it / 6, the
  deciding hand's pawn is here;
* draw pile, discard pile and minutes left, each / 60 [3];
* the pending decision's kind one-hot (7) and its puzzle one-hot (7) [14];
* the last question one-hot and the count of each answer to it / 6 [Q + 10];
* players one-hot (6), layout one-hot, the hard and expert options.
"""

from __future__ import annotations

from typing import Any

from getaway.games.escape_now.content import CONTENT
from getaway.games.escape_now.rules import (
    Answers,
    ChooseQuestion,
    MoveDiscard,
    PlaceRest,
    ReplenishDiscard,
    StartOffer,
    Turn,
)
from getaway.games.escape_now.state import EscapeNowState

MAX_HANDS = 6
SLOTS = 7
KINDS = 6
FRAMES = (StartOffer, PlaceRest, Turn, MoveDiscard, ReplenishDiscard, ChooseQuestion, Answers)
QUESTIONS = tuple(q.id for q in CONTENT.questions)
WORDS = ("yes", "no", "me", "green", "blue", "yellow", "purple", "red", "here", "")
LAYOUTS = tuple(lay.id for lay in CONTENT.layouts)
HAND_BLOCK = 4 + 1 + (SLOTS + 1) + 1 + KINDS
PUZZLE_BLOCK = 3 + 5 + 5 + 3
# (name, length, meaning): the slices of the observation, in order; every value in [0, 1]
LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("hands", MAX_HANDS * HAND_BLOCK, f"{MAX_HANDS} blocks of {HAND_BLOCK}, one per hand (zeros "
     "past the hands in play): in play, is the hand to decide now, decided by this seat, "
     f"fictional, size / 5, pawn one-hot ({SLOTS} puzzle slots, then not placed), cards "
     f"visible, card counts / 5 by kind ({KINDS}; zeros when the seat may not look)"),
    ("puzzles", SLOTS * PUZZLE_BLOCK, f"{SLOTS} blocks of {PUZZLE_BLOCK}, one per puzzle slot: "
     "visible, solved, final, required traits (5), traits present (5), cards placed / "
     "cards needed, pawns on it / 6, the deciding hand's pawn is here"),
    ("piles", 3, "draw pile, discard pile and minutes left, each / 60"),
    ("decision", len(FRAMES), "one-hot: the pending decision ("
     + ", ".join(f.__name__ for f in FRAMES) + ")"),
    ("move_to", SLOTS, "one-hot: the puzzle slot a discard moves to"),
    ("question", len(QUESTIONS), "one-hot: the last question asked ("
     + ", ".join(QUESTIONS) + ")"),
    ("answers", len(WORDS), "how many answers to it said each word, / 6 ("
     + ", ".join(w or "other" for w in WORDS) + ")"),
    ("players", 6, "one-hot: 1 to 6 players"),
    ("layout", len(LAYOUTS), "one-hot: the room layout (" + ", ".join(LAYOUTS) + ")"),
    ("options", 2, "the hard and expert options"),
)
SIZE = sum(n for _, n, _ in LAYOUT)


def deciding_hand(s: EscapeNowState) -> int:
    """The hand whose decision is pending (-1 for none or several)."""
    top = s.stack[-1] if s.stack else None
    if isinstance(top, StartOffer):
        return top.hand
    if isinstance(top, PlaceRest):
        return top.order[0]
    if isinstance(top, Answers):
        return -1
    return s.cur if top is not None else -1


def observation(s: EscapeNowState, seat: int) -> list[float]:
    """The encoding of ``view(seat)``; always :data:`SIZE` floats."""
    out: list[float] = []
    add = out.append
    acting = deciding_hand(s)
    for h in range(MAX_HANDS):
        if h >= s.hands_n:
            out.extend([0.0] * HAND_BLOCK)
            continue
        seen = s.controller(h) == seat
        add(1.0)
        add(float(h == acting))
        add(float(seen))
        add(float(h == s.fict))
        add(s.sizes[h] / 5)
        pawn = [0.0] * (SLOTS + 1)
        pawn[s.pawns[h] if s.pawns[h] >= 0 else SLOTS] = 1.0
        out.extend(pawn)
        add(float(seen))
        out.extend([c / 5 for c in s.hands[h]] if seen else [0.0] * KINDS)
    acting_pawn = s.pawns[acting] if acting >= 0 else -1
    for p in range(SLOTS):
        vis = bool(s.visible >> p & 1)
        add(float(vis))
        add(float(s.solved >> p & 1))
        add(float(p == s.layout.final))
        mask = s.masks[p] if vis else 0
        out.extend(float(mask >> t & 1) for t in range(5))
        present = s.present[p] if vis else 0
        out.extend(float(present >> t & 1) for t in range(5))
        add(len(s.placed[p]) / s.need[p])
        add(sum(1 for x in s.pawns if x == p) / MAX_HANDS)
        add(float(acting_pawn == p))
    add(len(s.pile) / 60)
    add(sum(s.discard) / 60)
    add(s.minutes_left() / 60)
    top = s.stack[-1] if s.stack else None
    out.extend(float(isinstance(top, f)) for f in FRAMES)
    dest = top.dest if isinstance(top, MoveDiscard) else -1
    out.extend(float(p == dest) for p in range(SLOTS))
    last = s.qa[-1] if s.qa else None
    out.extend(float(last is not None and last[1] == q) for q in QUESTIONS)
    words = [0.0] * len(WORDS)
    if last is not None:
        for _, word in last[2]:
            words[WORDS.index(word.split(":")[0])] += 1 / 6
    out.extend(words)
    out.extend(float(s.config.players == n) for n in range(1, 7))
    out.extend(float(s.layout.id == lay) for lay in LAYOUTS)
    add(float(bool(s.config.options.get("hard"))))
    add(float(s.expert))
    return out



def shaping_potential(state: Any, seat: int) -> float:
    """Dense rewards' potential (getaway.rl.learnable): the cards on puzzles, the puzzles
    solved and the minutes kept, shared by the team."""
    puzzles = len(state.need)
    solved = bin(state.solved).count("1") / puzzles if puzzles else 0.0
    kept = min(1.0, max(0.0, state.minutes_left() / 60))
    return float(0.5 * state.progress(seat) + 0.3 * solved + 0.2 * kept)
