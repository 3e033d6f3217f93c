"""ESCAPE NOW! game state: the truth of one game, held in flat lists for speed.

Cards are small integers: traits 0-4 (LOGICAL, PERCEPTIVE, DEXTEROUS,
TENACIOUS, TALKATIVE) and 5 for the LUCKY SHOT. A hand is a list of six
counts. Puzzle traits are bit masks over the five traits. Hands are numbered
like seats; with two players a third, fictional hand (number 2) joins, and
``holder`` is the seat that decides for it at the moment.

The rules (who decides what, and what happens) are in ``rules.py``; this
module holds the data and the operations on it that need no decision.
"""

from __future__ import annotations

import random
from typing import Any, Self

from getaway.core.actions import Action
from getaway.core.chance import Rng
from getaway.core.decisions import DecisionState
from getaway.core.events import Event
from getaway.core.spec import Config
from getaway.games.escape_now.actions import SPACE
from getaway.games.escape_now.content import CARD_IDS, COLOURS, CONTENT, TRAITS, Layout

LUCKY = 5
N_TRAITS = 5
SINGLE_NEED = 5
FINAL_NEED = 8
FINISHED = -1  # the "as" value of a LUCKY SHOT played to finish a puzzle
PUZZLE_MASKS = tuple(sum(1 << TRAITS.index(t) for t in p.traits) for p in CONTENT.puzzles)
POPCOUNT = tuple(bin(i).count("1") for i in range(32))


def lucky_shots(players: int, hard: bool) -> int:
    """LUCKY SHOTs in the deck: 5; 2 solo; with ``hard``, 4 at 4 players and 3 at 2-3."""
    if players == 1:
        return 2
    if hard:
        return 4 if players == 4 else 3
    return CONTENT.cards[LUCKY].copies


def deck_counts(players: int, hard: bool) -> list[int]:
    """How many cards of each kind are in play."""
    counts = [c.copies for c in CONTENT.cards]
    counts[LUCKY] = lucky_shots(players, hard)
    return counts


class EscapeNowState(DecisionState):
    """One game of ESCAPE NOW!."""

    action_space = SPACE
    __slots__ = (
        "_cache",
        "_cache_seat",
        "_outcome",
        "aside",
        "attempts",
        "cards",
        "config",
        "cur",
        "deck",
        "discard",
        "drew",
        "expert",
        "fict",
        "hands",
        "hands_n",
        "holder",
        "lacked",
        "layout",
        "masks",
        "need",
        "pawns",
        "pile",
        "placed",
        "present",
        "qa",
        "rng",
        "seed",
        "sizes",
        "solved",
        "stack",
        "starter",
        "turns",
        "visible",
    )

    config: Config
    seed: int
    layout: Layout
    expert: bool
    hands_n: int  # number of hands (players, plus the fictional one at 2 players)
    fict: int  # index of the fictional hand, or -1
    holder: int  # seat currently deciding for the fictional hand
    hands: list[list[int]]
    sizes: list[int]
    pile: list[int]  # draw pile, top card last
    discard: list[int]  # counts per card kind
    deck: tuple[int, ...]  # counts per kind in this game (for conservation and determinize)
    cards: tuple[int, ...]  # puzzle card index per slot; the final slot's second card is aside[0]
    masks: tuple[int, ...]  # required traits per slot
    need: tuple[int, ...]  # cards needed per slot (5, or 8 for the final)
    aside: tuple[int, ...]  # puzzle card indices: the final's second half, then the 2 set aside
    placed: list[tuple[tuple[int, int], ...]]  # per slot: (card, counted as trait or FINISHED)
    present: list[int]  # per slot: mask of traits present among placed cards
    attempts: list[int]  # per slot: times its cards were abandoned (the current attempt's number)
    visible: int  # mask over slots
    solved: int  # mask over slots
    pawns: list[int]  # slot per hand, -1 before it is placed
    cur: int  # the hand whose turn (or start decision) it is
    starter: int
    qa: tuple[tuple[int, str, tuple[tuple[int, str], ...]], ...]  # (asker, question, answers)
    turns: int
    rng: Rng
    # What each hand's last turn showed, if the hand plays the game's own strategy
    # (``rules._lacking``): the traits it then held no card of (a mask, 0: none shown),
    # and how many cards that turn drew (a replenish). Public: anyone who watched the
    # turn can work it out.
    lacked: list[int]
    drew: list[int]

    # -- seats and hands -------------------------------------------------

    def controller(self, hand: int) -> int:
        """The seat deciding for ``hand`` now."""
        return self.holder if hand == self.fict else hand

    def sees_hand(self, seat: int | None, hand: int) -> bool:
        """Whether ``seat`` may look at ``hand``."""
        return seat is not None and self.controller(hand) == seat

    def minutes_left(self) -> int:
        """Cards in every hand plus the draw pile."""
        return sum(self.sizes) + len(self.pile)

    def pawns_on(self, slot: int) -> list[int]:
        """Hands whose pawn stands on ``slot``."""
        return [h for h, p in enumerate(self.pawns) if p == slot]

    # -- copying ----------------------------------------------------------

    def clone(self) -> Self:
        o = EscapeNowState.__new__(EscapeNowState)
        o.config = self.config
        o.seed = self.seed
        o.layout = self.layout
        o.expert = self.expert
        o.hands_n = self.hands_n
        o.fict = self.fict
        o.holder = self.holder
        o.hands = [h[:] for h in self.hands]
        o.sizes = self.sizes[:]
        o.pile = self.pile[:]
        o.discard = self.discard[:]
        o.deck = self.deck
        o.cards = self.cards
        o.masks = self.masks
        o.need = self.need
        o.aside = self.aside
        o.placed = self.placed[:]
        o.present = self.present[:]
        o.attempts = self.attempts[:]
        o.visible = self.visible
        o.solved = self.solved
        o.pawns = self.pawns[:]
        o.cur = self.cur
        o.starter = self.starter
        o.qa = self.qa
        o.turns = self.turns
        o.lacked = self.lacked[:]
        o.drew = self.drew[:]
        o.rng = self.rng.clone()
        o.stack = self.stack[:]
        o._outcome = self._outcome
        o._cache_seat = -1
        o._cache = None
        return o  # type: ignore[return-value]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        return self._redeal(seat, rng, believe=False)

    def believe(self, seat: int, rng: random.Random) -> Self:
        """``determinize``, with the other hands dealt as their last turns suggest if
        they play the game's own strategy (``lacked``, ``drew``): a hand holds no card
        of the traits its last turn showed it lacked, except among the cards that turn
        drew."""
        return self._redeal(seat, rng, believe=True)

    def _redeal(self, seat: int, rng: random.Random, believe: bool) -> Self:
        o = self.clone()
        r = Rng(rng.getrandbits(64))
        # Cards: keep what `seat` sees (its hands, the placed cards), redeal the rest.
        unknown = list(self.deck)
        seen_hands = [h for h in range(self.hands_n) if self.sees_hand(seat, h)]
        for h in seen_hands:
            for k in range(6):
                unknown[k] -= self.hands[h][k]
        for on_puzzle in self.placed:
            for card, _ in on_puzzle:
                unknown[card] -= 1
        pool = [k for k in range(6) for _ in range(unknown[k])]
        r.shuffle(pool)
        for h in range(self.hands_n):
            if h in seen_hands:
                continue
            counts = [0] * 6
            size = self.sizes[h]
            if believe and self.lacked[h]:  # the cards kept from before: none it lacked
                lacked = self.lacked[h]
                for _ in range(max(0, size - self.drew[h])):
                    j = len(pool) - 1
                    while j >= 0 and lacked >> pool[j] & 1:
                        j -= 1
                    if j < 0:
                        break  # the unseen cards disagree: the rest as they come
                    counts[pool.pop(j)] += 1
                    size -= 1
            for _ in range(size):
                counts[pool.pop()] += 1
            o.hands[h] = counts
        o.pile = [pool.pop() for _ in range(len(self.pile))]
        o.discard = [0] * 6
        for k in pool:
            o.discard[k] += 1
        # Puzzle cards: keep the visible slots, redraw the face-down ones and the set-aside.
        final = self.layout.final
        shown = {self.cards[s] for s in range(len(self.cards)) if self.visible >> s & 1}
        if self.visible >> final & 1:
            shown.add(self.aside[0])
        hidden = [i for i in range(len(CONTENT.puzzles)) if i not in shown]
        r.shuffle(hidden)
        cards = list(self.cards)
        for s in range(len(cards)):
            if not self.visible >> s & 1:
                cards[s] = hidden.pop()
        aside = list(self.aside)
        if not self.visible >> final & 1:
            aside[0] = hidden.pop()
        aside[1:] = hidden
        o.cards, o.aside = tuple(cards), tuple(aside)
        o.masks = _masks(o.cards, o.aside[0], final)
        o.rng = Rng(r.next64())
        return o  # type: ignore[return-value]

    # -- inspection -------------------------------------------------------

    def truth(self) -> dict[str, Any]:
        return {
            "hands": [h[:] for h in self.hands], "pile": self.pile[:], "discard": self.discard[:],
            "cards": list(self.cards), "aside": list(self.aside),
            "placed": [[list(c) for c in p] for p in self.placed], "present": self.present[:],
            "attempts": self.attempts[:],
            "visible": self.visible, "solved": self.solved, "pawns": self.pawns[:],
            "cur": self.cur, "holder": self.holder, "starter": self.starter, "turns": self.turns,
            "qa": [[a, q, [list(x) for x in ans]] for a, q, ans in self.qa],
            "lacked": self.lacked[:], "drew": self.drew[:],
            "stack": [repr(f) for f in self.stack], "rng": self.rng.state,
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    def card_total(self) -> int:
        """Cards accounted for in hands, pile, discard pile and on puzzles."""
        return (sum(self.sizes) + len(self.pile) + sum(self.discard)
                + sum(len(p) for p in self.placed))

    def explain_illegal(self, seat: int, action: Action) -> str:
        from getaway.games.escape_now.rules import explain

        return explain(self, seat, action)

    def recall(self, event: Event) -> Event:
        """Under ``expert``, a card played on a solved puzzle is read back as "a card"."""
        if not self.expert or event.kind != "play" or not self.solved:
            return event
        from getaway.games.escape_now.rules import recall_play

        return recall_play(self, event)

    def seat_name(self, seat: int) -> str:
        """A seat is named by the colour of its hand."""
        return COLOURS[seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        from getaway.games.escape_now.views import build_view

        return build_view(self, seat)

    def observation(self, seat: int) -> list[float]:
        from getaway.games.escape_now.observe import observation

        return observation(self, seat)

    def progress(self, seat: int) -> float:
        """Share of the cards the room needs that lie on solved or unsolved puzzles."""
        placed = 0
        for p, need in enumerate(self.need):
            placed += need if self.solved >> p & 1 else min(len(self.placed[p]), need - 1)
        return placed / sum(self.need)


def _masks(cards: tuple[int, ...], final_second: int, final: int) -> tuple[int, ...]:
    masks = [PUZZLE_MASKS[c] for c in cards]
    masks[final] |= PUZZLE_MASKS[final_second]
    return tuple(masks)


def new_state(config: Config, seed: int, layout: Layout) -> EscapeNowState:
    """Deal a new game: shuffle the room and the deck (the start decisions follow)."""
    s = EscapeNowState.__new__(EscapeNowState)
    s._init_base()
    s.config = config
    s.seed = seed
    s.layout = layout
    s.expert = bool(config.options.get("expert", False))
    players = config.players
    s.hands_n = 3 if players == 2 else players
    s.fict = 2 if players == 2 else -1
    s.holder = 1 if players == 2 else -1
    s.rng = Rng.derive(seed, "escape-now", "setup")
    # The room: shuffle the ten puzzle cards; six single slots, two for the final, two aside.
    order = list(range(len(CONTENT.puzzles)))
    s.rng.shuffle(order)
    n_slots = len(layout.slots)
    final = layout.final
    s.cards = tuple(order[:n_slots])
    s.aside = tuple(order[n_slots:])
    s.masks = _masks(s.cards, s.aside[0], final)
    s.need = tuple(FINAL_NEED if i == final else SINGLE_NEED for i in range(n_slots))
    s.placed = [()] * n_slots
    s.present = [0] * n_slots
    s.attempts = [0] * n_slots
    s.visible = sum(1 << i for i, slot in enumerate(layout.slots) if slot.face_up)
    s.solved = 0
    # The deck.
    s.deck = tuple(deck_counts(players, bool(config.options.get("hard", False))))
    pile = [k for k in range(6) for _ in range(s.deck[k])]
    s.rng.shuffle(pile)
    s.hands = []
    for _ in range(s.hands_n):
        counts = [0] * 6
        for _ in range(4):
            counts[pile.pop()] += 1
        s.hands.append(counts)
    s.sizes = [4] * s.hands_n
    s.pile = pile
    s.discard = [0] * 6
    s.pawns = [-1] * s.hands_n
    s.cur = 0
    s.starter = -1
    s.qa = ()
    s.turns = 0
    s.lacked = [0] * s.hands_n
    s.drew = [0] * s.hands_n
    return s


__all__ = ["CARD_IDS", "COLOURS", "LUCKY", "EscapeNowState", "new_state"]
