"""The turn: pick a prisoner and move it or start a Run, play cards, draw a Sentinel card.

Turns go from seat 0 upwards; a seat with no prisoner left on the island is
skipped. The active seat must first act with one of its prisoners -- a move
(sneaking 0 steps included) or a Run -- and may play its *your turn* cards
before and after; it then ends the turn, which always draws a Sentinel card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.alcatraz_2034.actions import END_TURN, Move, Play, StartRun
from getaway.games.alcatraz_2034.cards import own_turn_plays, play
from getaway.games.alcatraz_2034.moves import do_move, legal_moves
from getaway.games.alcatraz_2034.runs import legal_runs, start_run
from getaway.games.alcatraz_2034.scoring import Reason, check_island, finish
from getaway.games.alcatraz_2034.sentinels import draw_sentinel_card
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import PRISONER_INDEX
from getaway.games.alcatraz_2034.words import new_turn, turn_prompt


class Turn(Decision):
    """The active seat's turn: act with one prisoner, play cards, then end the turn."""

    key: ClassVar[str] = "turn"

    __slots__ = ()

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (s.cur,)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        if s.acted:
            return (*own_turn_plays(s, seat), END_TURN)
        acts = legal_moves(s, seat)  # a fresh list: extended, then made a tuple once
        acts += legal_runs(s, seat)
        acts += own_turn_plays(s, seat)
        return acts

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        if action is END_TURN:
            s.stack.pop()
            s.stack.append(NEXT_TURN)
            draw_sentinel_card(s, events)
        elif isinstance(action, Move):
            do_move(s, action, events)
        elif isinstance(action, StartRun):
            start_run(s, PRISONER_INDEX[action.prisoner], action.card, events)
        else:
            assert isinstance(action, Play)
            play(s, seat, action, events)

    def prompt(self, s: AlcatrazState) -> str:
        return turn_prompt(s.acted)

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "seat": s.cur, "acted": s.acted}


TURN = Turn()


class NextTurn(Decision):
    """Pass the turn to the next seat with a prisoner on the island (automatic)."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def run(self, s: AlcatrazState, events: list[Event]) -> None:
        if check_island(s, events):
            return
        for k in range(1, s.n + 1):
            seat = (s.cur + k) % s.n
            if s.seat_on_island(seat):
                break
        else:  # cannot happen while a prisoner is on the island
            finish(s, Reason.ISLAND_EMPTY, events)
            return
        s.cur = seat
        s.turn += 1
        s.acted = False
        s.moved = -1
        s.way = 0
        s.locked = False
        s.stack.append(TURN)
        s.say(events, "turn", new_turn(s.turn, seat), {"seat": seat, "turn": s.turn})


NEXT_TURN = NextTurn()
