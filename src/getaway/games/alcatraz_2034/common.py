"""Decisions and steps shared by several phases: drawing and discarding Escape cards,
the trip back to the main cell block, and revealing a System tile.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import PASS, Decision
from getaway.core.events import Event
from getaway.games.alcatraz_2034.actions import DISCARD, DRAW, Discard, Draw
from getaway.games.alcatraz_2034.scoring import Reason, finish
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import (
    ABILITY_IDS,
    CELL,
    DECK_IDS,
    ESC_IDS,
    ESC_INDEX,
    GREY,
    ROW_IDS,
    TILE_ABILITY,
    TILE_ROW,
)
from getaway.games.alcatraz_2034.words import (
    back_in_cell_block,
    discard_prompt,
    discarded,
    draw_prompt,
    drew_card,
    drew_from,
    drew_none,
    sent_back,
    system_tile,
)


@dataclass(frozen=True, slots=True)
class DrawChoice(Decision):
    """``seat`` draws ``count`` Escape cards, choosing the deck of each.

    ``deck`` >= 0 limits the draw to that deck (a building's symbol);
    ``optional`` lets the seat decline (pass).
    """

    key: ClassVar[str] = "draw"

    seat: int
    count: int = 1
    deck: int = -1
    optional: bool = False
    why: str = ""  # what offers the draw, in words (words.py): "Sue searches the Lighthouse"

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        acts: list[Action] = [DRAW[d] for d in range(4)
                              if (self.deck < 0 or d == self.deck) and s.can_draw(d)]
        if self.optional:
            acts.append(PASS)
        return acts

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        if action is PASS:
            s.stack.pop()
            s.say(events, "no_draw", drew_none(seat), {"seat": seat})
            return
        assert isinstance(action, Draw)
        d = DECK_IDS.index(action.deck)
        card = s.draw_escape(seat, d)
        s.say(events, "draw", drew_from(seat, d), {"seat": seat, "deck": action.deck})
        events.append(Event.said("drawn", drew_card(seat, card),
                                 {"seat": seat, "card": ESC_IDS[card]}, seats=(seat,)))
        if self.count > 1 and s.any_draw() and (self.deck < 0 or s.can_draw(self.deck)):
            s.stack[-1] = dataclasses.replace(self, count=self.count - 1)
        else:
            s.stack.pop()

    def prompt(self, s: AlcatrazState) -> str:
        return draw_prompt(self.why, self.count, self.deck, self.optional)

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "seat": self.seat, "count": self.count,
                "deck": DECK_IDS[self.deck] if self.deck >= 0 else None,
                "optional": self.optional}


def push_draw(s: AlcatrazState, seat: int, count: int = 1, deck: int = -1,
              optional: bool = False, why: str = "") -> None:
    """Push a draw decision if there is anything to draw."""
    if count <= 0:
        return
    if deck >= 0 and not s.can_draw(deck):
        return
    if deck < 0 and not s.any_draw():
        return
    s.stack.append(DrawChoice(seat, count, deck, optional, why))


@dataclass(frozen=True, slots=True)
class DiscardChoice(Decision):
    """``seat`` discards ``count`` Escape cards of its choice (a Run punishment)."""

    key: ClassVar[str] = "discard"

    seat: int
    count: int = 1

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        return [DISCARD[k] for k in sorted(set(s.hands[self.seat]))]

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Discard)
        k = ESC_INDEX[action.card]
        s.discard_escape(seat, k)
        s.say(events, "discard", discarded(seat, k), {"seat": seat, "card": action.card})
        if self.count > 1 and s.hands[seat]:
            s.stack[-1] = dataclasses.replace(self, count=self.count - 1)
        else:
            s.stack.pop()

    def prompt(self, s: AlcatrazState) -> str:
        return discard_prompt(self.count)

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "seat": self.seat, "count": self.count}


def push_discard(s: AlcatrazState, seat: int, count: int) -> None:
    """Push a discard decision if ``seat`` holds any card."""
    if s.hands[seat] and count > 0:
        s.stack.append(DiscardChoice(seat, min(count, len(s.hands[seat]))))


def to_cell_block(s: AlcatrazState, p: int, events: list[Event], caught: bool) -> None:
    """Prisoner ``p`` goes back to the main cell block (``caught`` in an attack, else a
    failed Run challenge); its owner draws a card of choice.

    The movement marker is cleared (no modifier until it moves again).
    """
    s.pos[p] = CELL
    s.marker[p] = 0
    s.since[p] = s.turn
    seat = s.owner[p]
    s.say(events, "cell_block", sent_back(p, caught), {"prisoner": p, "seat": seat})
    push_draw(s, seat, why=back_in_cell_block(p))


def reveal_system_tile(s: AlcatrazState, events: list[Event]) -> None:
    """Reveal the next System tile and place it; a full coloured row ends the game."""
    tile = s.next_system_tile()
    if tile < 0:
        return
    full = s.place_system_tile(tile)
    row = TILE_ROW[tile]
    ability = TILE_ABILITY[tile]
    s.say(events, "system_tile", system_tile(ability, -1 if row == GREY else row),
          {"row": "grey" if row == GREY else ROW_IDS[row], "ability": ABILITY_IDS[ability]})
    if full:
        finish(s, Reason.LOCKDOWN, events)
