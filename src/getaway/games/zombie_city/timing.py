"""The soundtrack's clock: countdowns, door slams, pauses and the zombie cry (ZC-84..92)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core.events import Event
from getaway.core.state import Outcome
from getaway.games.zombie_city import words as W
from getaway.games.zombie_city.content import CONTENT
from getaway.games.zombie_city.model import Ending
from getaway.games.zombie_city.tables import (
    BUILDINGS,
    CHURCH,
    COUNTDOWNS,
    LOCKED,
    LOST,
    SPENT,
    B,
    C,
    F,
    G,
    P,
)

if TYPE_CHECKING:
    from getaway.games.zombie_city.state import ZombieCityState


def mark(s: ZombieCityState, tag: str, events: list[Event]) -> None:
    """React to a timeline mark: a countdown starts, a door slams, play resumes, time is up."""
    kind, number = tag[:-1], int(tag[-1])
    if kind == "start":
        s.countdown = number
        events.append(W.countdown(number))
    elif kind == "slam":
        s.countdown = 0
        slam(s, number, events)
    elif kind == "resume":
        s.paused = False
        events.append(W.resumed(number))
    else:
        s.countdown = 0
        s.finish(Outcome((), tuple(0.0 for _ in range(s.players)), Ending.TIME,
                         W.TIME_DETAIL), events)


def slam(s: ZombieCityState, number: int, events: list[Event]) -> None:
    """Door slam (ZC-86, ZC-91), then the pause (ZC-87..89)."""
    cd = COUNTDOWNS[number]
    if s.phase == 1:
        for seat in range(s.players):
            if s.pos[seat] != CHURCH:
                for _ in range(cd.absent_loses):
                    lose_die(s, seat)
                events.append(W.outside(seat, cd.absent_loses))
                s.pos[seat] = CHURCH
    elif s.van != CHURCH and cd.van_away_loses:
        for seat in range(s.players):
            for _ in range(cd.van_away_loses):
                lose_die(s, seat)
        events.append(W.van_away(cd.van_away_loses))
    for sec in s.placed:
        b = BUILDINGS[sec]
        if b is not None and sec not in s.tiles and s.stacks[b.value]:
            s.tiles[sec] = s.stacks[b.value].pop()
    if cd.pause_after:
        s.paused = True
        events.append(W.paused(number, CONTENT.clock.pause_seconds))
    s.check_van_phase(events)


def lose_die(s: ZombieCityState, seat: int) -> None:
    """A die leaves the game: a panic if there is one, else a spent die, else any."""
    d = s.dice[seat]
    for want in (P, SPENT, C, G, F, B, LOCKED):
        if want in d:
            d[d.index(want)] = LOST
            return
