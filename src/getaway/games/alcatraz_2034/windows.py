"""Reaction windows: out-of-turn play during attacks, Runs and Sentinel draws.

Who is asked depends only on what everybody can see, so that being asked
reveals nothing about a hand: a seat is asked when the backs of its cards show
a deck that holds a card for this moment (a kind that would do something now,
not every copy of which lies face up in the discards), or when it may use an R
re-roll (R's are printed on the cards). Each asked seat, in turn order from the
active player, plays or passes; a seat that holds nothing playable can only
pass. When someone plays, the situation has changed, so the window opens again
for every seat the same public test picks; it closes once they have all passed
in a row, or at once when a card ends what the window was for (an attack called
off, a Run card skipped, a Sentinel card cancelled). Every play spends a card or
the R, so windows always close.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import ReactionWindow
from getaway.core.events import Event
from getaway.games.alcatraz_2034.actions import Play, Reroll
from getaway.games.alcatraz_2034.cards import (
    ATTACK,
    POWER,
    SKIP,
    WINDOW_NAMES,
    may_reroll,
    play,
    reroll,
    window_decks,
)
from getaway.games.alcatraz_2034.cards import (
    reactions as card_reactions,
)
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import ESC_DECK


def order(s: AlcatrazState, window: int) -> tuple[int, ...]:
    """The seats asked in ``window`` now, in turn order from the active player.

    Public information only: the decks shown by the backs of each hand, the
    discards, and who may use an R.
    """
    decks = window_decks(s, window)
    out = []
    n = s.n
    hands = s.hands
    bit = _DECK_BIT
    for k in range(n):
        seat = (s.cur + k) % n
        if decks:
            for card in hands[seat]:
                if decks & bit[card]:
                    out.append(seat)
                    break
            else:
                if may_reroll(s, seat, window):
                    out.append(seat)
        elif may_reroll(s, seat, window):
            out.append(seat)
    return tuple(out)


_DECK_BIT = tuple(1 << d for d in ESC_DECK)
"""Per Escape card kind: its deck's bit in :func:`.cards.window_decks`'s mask."""


def open_window(s: AlcatrazState, window: int) -> None:
    """Push a reaction window if any seat is asked."""
    seats = order(s, window)
    if seats:
        s.stack.append(Window(seats, window=window))


def _ended(s: AlcatrazState, window: int) -> bool:
    if window == ATTACK:
        return s.attack is None or s.attack.cancelled
    if window == POWER:
        return s.scard < 0
    if window == SKIP:
        return s.run is None or s.run.skipped
    return False


@dataclass(frozen=True, slots=True, kw_only=True)
class Window(ReactionWindow):
    """Seats in ``order`` may play a card (or use an R) in this ``window``, or pass."""

    key: ClassVar[str] = "react"

    window: int

    def reactions(self, s: AlcatrazState, party: int) -> Sequence[Action]:
        return card_reactions(s, party, self.window)

    def react(self, s: AlcatrazState, party: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()  # the moved-on window: it reopens below for everybody
        if isinstance(action, Reroll):
            if s.attack is not None:
                s.attack.r_left = False
            elif s.run is not None:
                s.run.r_left = False
            reroll(s, events, by_seat=party)
        else:
            assert isinstance(action, Play)
            play(s, party, action, events)
        if not _ended(s, self.window):
            seats = order(s, self.window)
            if seats:
                s.stack.append(Window(seats, window=self.window))  # replace(order=, pos=0)

    def prompt(self, s: AlcatrazState) -> str:
        from getaway.games.alcatraz_2034.words import window_prompt

        return window_prompt(s, self.window, self.order[self.pos])

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**ReactionWindow.describe(self, s), "window": WINDOW_NAMES[self.window],
                "seat": self.order[self.pos]}
