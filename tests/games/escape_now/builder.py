"""Build ESCAPE NOW! states in a chosen situation, and small helpers for the rules tests.

A built state starts from ``GAME.new_state`` (so every field exists and the
configuration is real), then its cards, room and pawns are set to the
situation a test needs, keeping every one of the deck's cards somewhere:
in a hand, in the draw pile, in the discard pile or beside a puzzle.

    s = build(3, hands=[{"dexterous": 1}, {}, {"lucky": 1}],
              room={"A": "vent"}, placed={"A": ["dexterous"] * 4}, pawns=["A", "A", "B"])

Card kinds are named by id (``"logical"`` ... ``"lucky"``); slots by letter
(``"A"`` ... ``"F"``, ``"FINAL"``) or index. A placed card is a card id (it
counts as itself), a ``(card, trait)`` pair, or ``("lucky", "finish")``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from getaway.core.actions import Action
from getaway.core.errors import IllegalAction
from getaway.games.escape_now import GAME
from getaway.games.escape_now.content import CARD_IDS, CONTENT, SLOTS, TRAITS
from getaway.games.escape_now.rules import TURN
from getaway.games.escape_now.state import FINISHED, PUZZLE_MASKS, EscapeNowState

LOG, PER, DEX, TEN, TAL, LUCKY = range(6)
PUZZLE_IDS = tuple(p.id for p in CONTENT.puzzles)
FINAL = SLOTS.index("FINAL")

HandSpec = Sequence[int] | Mapping[str, int]
Slot = int | str
PlacedSpec = str | tuple[str, str]


def slot(x: Slot) -> int:
    """A slot index from a letter, ``"FINAL"`` or an index."""
    return SLOTS.index(x) if isinstance(x, str) else x


def counts(spec: HandSpec) -> list[int]:
    """Six counts from a list of counts or a ``{card id: count}`` mapping."""
    if isinstance(spec, Mapping):
        out = [0] * 6
        for card, n in spec.items():
            out[CARD_IDS.index(card)] += n
        return out
    assert len(spec) == 6, "a hand is six counts: logical..lucky"
    return list(spec)


def puzzle(pid: str) -> int:
    """The index of a puzzle card by id."""
    return PUZZLE_IDS.index(pid)


def build(
    players: int = 3,
    *,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    hands: Sequence[HandSpec] | None = None,
    room: Mapping[Slot, str] | None = None,
    final: tuple[str, str] | None = None,
    aside: Sequence[str] | None = None,
    placed: Mapping[Slot, Sequence[PlacedSpec]] | None = None,
    solved: Sequence[Slot] = (),
    visible: Sequence[Slot] | None = None,
    pawns: Sequence[Slot] | None = None,
    pile: Sequence[str] | None = None,
    pile_size: int | None = None,
    cur: int = 0,
    holder: int | None = None,
) -> EscapeNowState:
    """A state of an ESCAPE NOW! game at the start of hand ``cur``'s turn.

    ``hands`` default to the dealt ones; ``pile`` is given top card last, or
    made of the cards not used elsewhere, of which the first ``pile_size``
    form the pile and the rest the discard pile. ``visible`` defaults to the
    layout's face-up slots plus every slot whose predecessors are solved.
    """
    s = GAME.new_state(GAME.spec.configure(players, dict(options or {})), seed)
    n_hands = s.hands_n
    if hands is not None:
        assert len(hands) == n_hands, f"{n_hands} hands needed"
        s.hands = [counts(h) for h in hands]
    s.sizes = [sum(h) for h in s.hands]

    # The room: a permutation of the ten puzzle cards over 7 slots, the final's
    # second half (position 7) and the two set-aside cards (8, 9).
    order = [*s.cards, *s.aside]
    want: dict[int, int] = {}
    for k, pid in (room or {}).items():
        want[slot(k)] = puzzle(pid)
    if final is not None:
        want[FINAL], want[FINAL + 1] = puzzle(final[0]), puzzle(final[1])
    for i, pid in enumerate(aside or ()):
        want[FINAL + 2 + i] = puzzle(pid)
    assert len(set(want.values())) == len(want), "one puzzle card wanted in two places"
    for pos, card in want.items():
        j = order.index(card)
        order[pos], order[j] = order[j], order[pos]
    free = [c for c in order if c not in want.values()]
    order = [want[i] if i in want else free.pop(0) for i in range(10)]
    s.cards, s.aside = tuple(order[:FINAL + 1]), tuple(order[FINAL + 1:])
    masks = [PUZZLE_MASKS[c] for c in s.cards]
    masks[FINAL] |= PUZZLE_MASKS[s.aside[0]]
    s.masks = tuple(masks)

    # Cards beside puzzles.
    s.placed = [()] * len(SLOTS)
    s.present = [0] * len(SLOTS)
    for k, cards in (placed or {}).items():
        i = slot(k)
        entries: list[tuple[int, int]] = []
        for c in cards:
            name, as_ = (c, c) if isinstance(c, str) else c
            a = FINISHED if as_ == "finish" else TRAITS.index(as_)
            entries.append((CARD_IDS.index(name), a))
            if a != FINISHED:
                s.present[i] |= 1 << a
        s.placed[i] = tuple(entries)

    s.solved = 0
    for k in solved:
        s.solved |= 1 << slot(k)
    if visible is None:
        vis = 0
        for i, sl in enumerate(s.layout.slots):
            if sl.face_up or (sl.after and all(s.solved >> a & 1 for a in sl.after)):
                vis |= 1 << i
        s.visible = vis | s.solved
    else:
        s.visible = sum(1 << slot(k) for k in visible)

    # Piles: every card of the deck not in a hand or beside a puzzle.
    rest = list(s.deck)
    for h in s.hands:
        for k in range(6):
            rest[k] -= h[k]
    for row in s.placed:
        for card, _ in row:
            rest[card] -= 1
    assert all(r >= 0 for r in rest), f"more cards than the deck holds: {rest}"
    if pile is not None:
        s.pile = [CARD_IDS.index(c) for c in pile]
        for k in s.pile:
            rest[k] -= 1
        assert all(r >= 0 for r in rest), f"the pile uses cards the deck lacks: {rest}"
        s.discard = rest
    else:
        pool = _interleave(rest)
        size = len(pool) if pile_size is None else pile_size
        s.pile = pool[:size]
        s.discard = [0] * 6
        for k in pool[size:]:
            s.discard[k] += 1

    s.pawns = [slot(p) for p in pawns] if pawns is not None else [0] * n_hands
    assert len(s.pawns) == n_hands
    s.cur = cur
    s.starter = cur
    if s.fict >= 0:
        s.holder = 1 if holder is None else holder
    s.stack = [TURN]
    s._outcome = None
    s._cache = None
    s._cache_seat = -1
    check_conservation(s)
    return s


def _interleave(rest: Sequence[int]) -> list[int]:
    """The leftover cards in a fixed mixed order (one of each kind in turn)."""
    left = list(rest)
    out: list[int] = []
    while any(left):
        for k in range(6):
            if left[k]:
                out.append(k)
                left[k] -= 1
    return out


def kinds_everywhere(s: EscapeNowState) -> list[int]:
    """Per card kind: cards in hands, pile, discard pile and beside puzzles."""
    out = [0] * 6
    for h in s.hands:
        for k in range(6):
            out[k] += h[k]
    for k in s.pile:
        out[k] += 1
    for k in range(6):
        out[k] += s.discard[k]
    for row in s.placed:
        for card, _ in row:
            out[card] += 1
    return out


def check_conservation(s: EscapeNowState) -> None:
    """Every card of the deck is in exactly one place, and hand sizes agree."""
    assert s.card_total() == sum(s.deck)
    assert kinds_everywhere(s) == list(s.deck)
    assert [sum(h) for h in s.hands] == s.sizes
    assert all(min(h) >= 0 for h in s.hands) and min(s.discard) >= 0


def seat_of(s: EscapeNowState) -> int:
    """The one seat that must act now."""
    seats = s.to_act()
    assert len(seats) == 1, f"expected one seat to act, got {seats}"
    return seats[0]


def act(s: EscapeNowState, *actions: Action) -> None:
    """Apply actions one after another, each by the (first) seat that may act."""
    for a in actions:
        s.apply(s.to_act()[0], a)


def assert_illegal(s: EscapeNowState, seat: int, action: Action, *words: str) -> str:
    """``action`` raises IllegalAction naming ``words`` and leaves ``s`` unchanged."""
    before = s.fingerprint()
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, action)
    msg = str(err.value)
    for w in words:
        assert w in msg, f"{w!r} not in the reason {msg!r}"
    assert s.fingerprint() == before, "an illegal action changed the state"
    return msg


def legal(s: EscapeNowState, seat: int | None = None) -> list[Action]:
    """The legal actions of ``seat`` (default: the seat to act)."""
    return list(s.legal_actions(seat_of(s) if seat is None else seat))
