"""The end of the game (NY-75): a Collective Victory at a bridge (NY-76..82), a Lone
Victory (NY-83..87, NY-192, NY-256, NY-260) or New York's win (NY-88, NY-132).

Outcome scores are 1 for each winner and 0 for the others, so a Lone Victory is a
loss for the other seats and a Collective Victory one for the Heroes elsewhere
(NY-79, NY-87).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Simultaneous
from getaway.core.events import Event
from getaway.core.state import Outcome
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.frames import Step, describe
from getaway.games.new_york.model import Transport
from getaway.games.new_york.state import Logged, NewYorkState
from getaway.games.new_york.tables import (
    CODE_IDS,
    DIAGRAM_OF,
    OBJ_CODES,
    OBJ_TRANSPORT,
    OBJ_WANTED,
    PRESIDENT,
    SPACE_IDS,
    TAPE_CODE,
)


class Reason(StrEnum):
    """Why the game ended (``Outcome.reason``)."""

    COLLECTIVE = "collective_victory"
    LONE = "lone_victory"
    NEW_YORK = "new_york_wins"


def _end(s: NewYorkState, winners: tuple[int, ...], reason: str, detail: str,
         events: list[Event]) -> None:
    scores = tuple(1.0 if h in winners else 0.0 for h in range(s.n))
    s.finish(Outcome(winners, scores, reason, detail), events)
    last = events[-1]  # the core's game-over event, kept in the log as the same event
    e = events[-1] = Logged(last.kind, last.text, last.data, last.seats, last.words)
    e.prev = s.log
    s.log = e


def lose(s: NewYorkState, events: list[Event]) -> None:
    """The New York Wins tile: every player loses at once (NY-88)."""
    _end(s, (), Reason.NEW_YORK, words.DETAIL_NEW_YORK, events)


# -- Lone Victory ----------------------------------------------------------------------------


def transport_ok(s: NewYorkState, seat: int, transport: Transport | None) -> bool:
    """Whether the Hero stands at the way out an objective names (NY-86, NY-158..160)."""
    x = s.hpos[seat]
    if transport is Transport.GULLFIRE:
        return s.gull == x
    if transport is Transport.HELICOPTER:
        return s.landed and s.heli == x
    if transport is Transport.RAFT:
        return bool(s.rafts >> x & 1)
    return False


def objective_ok(s: NewYorkState, seat: int, obj: int) -> bool:
    """Whether one Personal Objective is met now."""
    if OBJ_TRANSPORT[obj] is not None:
        return transport_ok(s, seat, OBJ_TRANSPORT[obj])
    if OBJ_WANTED[obj]:
        return s.wanted[seat] > 0  # NY-256
    return s.holds(seat, OBJ_CODES[obj])  # a revealed Bracelet counts too (NY-244)


def lone_ok(s: NewYorkState, seat: int) -> bool:
    """Whether the seat may claim a Lone Victory now (NY-84..86)."""
    if s.level[seat] < 3:
        return False
    if not (s.pres_found or s.hurry or s.top_red()):
        return False
    # an objective being swapped (-1) is in its deck, not in the Hero's hand (NY-165)
    return all(o >= 0 and objective_ok(s, seat, o) for o in s.objs[seat])


def watch(s: NewYorkState) -> None:
    """Offer the current player the Lone Victory the moment its conditions come to hold,
    before anything else happens (NY-83: at any moment of their own turn).

    Called by :meth:`.NewYorkState.settle` before every automatic frame runs and before
    any seat decides. Once offered, the claim is not offered again by this watch until
    the conditions have stopped holding and hold anew (``s.lone_asked``, cleared at the
    end of each turn); a decision of the current player that already lists the claim
    (a step of the Hero Phase with its free actions, :class:`.timer.ClaimFirst`,
    :class:`.turn.LastChance`) counts as the offer.
    """
    if not lone_ok(s, s.cur):
        s.lone_asked = False
        return
    if s.lone_asked:
        return
    s.lone_asked = True
    top = s.stack[-1]
    if not top.automatic and s.cur in top.seats(s) and A.CLAIM_LONE in top.legal(s, s.cur):
        return
    s.stack.append(ClaimNow())
    s._cache = None


@dataclass(frozen=True, slots=True)
class ClaimNow(Step):
    """The Lone Victory's conditions have just come to hold: claim it now, or go on."""

    key: ClassVar[str] = "claim_now"

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return (A.CLAIM_LONE, A.DONE)

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is A.CLAIM_LONE:
            claim(s, seat, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.PROMPT_CLAIM_NOW


def claim(s: NewYorkState, seat: int, events: list[Event]) -> None:
    """The seat reveals its objectives and escapes alone (NY-87)."""
    _end(s, (seat,), Reason.LONE, words.detail_lone(s, seat), events)


# -- Collective Victory ------------------------------------------------------------------------


def attempt(s: NewYorkState, bridge: int, events: list[Event]) -> None:
    """A Hero moves onto a bridge: the Heroes in the space decide to reveal (NY-77)."""
    x = s.hpos[s.cur]
    seats = tuple(s.heroes_at(x))
    s.say(events, "bridge", words.bridge_attempt(s, bridge, x),
          {"bridge": bridge, "space": SPACE_IDS[x], "seats": list(seats)})
    s.stack.append(CollectiveVote(seats, (), bridge))


@dataclass(frozen=True, slots=True)
class CollectiveVote(Simultaneous):
    """Each Hero next to the bridge reveals their relevant cards, or keeps them hidden."""

    key: ClassVar[str] = "bridge_vote"
    bridge: int = 0

    def options(self, s: Any, party: int) -> Sequence[Action]:
        return (A.SHOW, A.HIDE)

    def complete(self, s: Any, answers: dict[int, Action], events: list[Event]) -> None:
        assert isinstance(s, NewYorkState)
        shown = [h for h in sorted(answers) if answers[h] is A.SHOW]
        cards = {c for h in shown for c in s.supply[h]}
        need = {"president": PRESIDENT, "tape": TAPE_CODE,
                "diagram": DIAGRAM_OF.get(self.bridge, -1)}
        named = {"president": words.MISSING_PRESIDENT, "tape": words.MISSING_TAPE,
                 "diagram": words.missing_diagram(self.bridge)}
        missing = [what for what, code in need.items() if code not in cards]
        s.say(events, "reveal", words.revealed_by(s, shown),
              {"shown": shown, "cards": sorted(CODE_IDS[c] for c in cards
                                               & set(need.values()))})
        if missing or s.pres_dead:
            s.say(events, "bridge_failed",
                  words.bridge_failed(s, [named[m] for m in missing], s.pres_dead),
                  {"missing": missing, "dead": s.pres_dead})
            return  # NY-81
        winners = tuple(sorted(answers))
        _end(s, winners, Reason.COLLECTIVE,
             words.detail_collective(s, s.hpos[s.cur], self.bridge, winners), events)

    def prompt(self, s: Any) -> str:
        return words.prompt_vote(s, self.bridge)

    def describe(self, s: Any) -> dict[str, Any]:
        return {**describe(self, s), "bridge": self.bridge, "pending": list(self.pending)}
