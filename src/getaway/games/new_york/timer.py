"""The Timer deck: tiles revealed in four ways (NY-189), each resolved by the current
player (NY-190); Hurry Up revealed as soon as it is on top (NY-191, NY-192); the red
tiles, one of which ends the game (NY-88); the tiles discarded unresolved at the first
rescue of the President (NY-131, NY-132).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york.model import TimerColour
from getaway.games.new_york.resolve import TIMER, Ctx, run_effects
from getaway.games.new_york.state import SEEN_TIMER, NewYorkState
from getaway.games.new_york.tables import TIMER_IDS, TIMERS


def _take(s: NewYorkState) -> int:
    """The top Timer tile leaves the deck (-1: none left)."""
    if not s.timer:
        return -1
    s.drew(SEEN_TIMER)
    t = s.timer.pop()
    s.tdisc.append(t)
    return t


def hurry_check(s: NewYorkState, events: list[Event]) -> None:
    """Hurry Up is revealed the moment it reaches the top (NY-191)."""
    while s.timer and TIMERS[s.timer[-1]].colour is TimerColour.HURRY_UP:
        t = _take(s)
        s.say(events, "timer", f"Timer tile revealed: {TIMERS[t].name}",
              {"tile": TIMER_IDS[t]})
        from getaway.games.new_york.effects_world import hurry_up

        hurry_up(s, events)


def reveal_tile(s: NewYorkState, events: list[Event]) -> None:
    """Reveal the top Timer tile and resolve it now."""
    t = _take(s)
    if t < 0:
        s.say(events, "timer_empty", "no Timer tile is left", {})
        return
    tile = TIMERS[t]
    s.say(events, "timer", f"Timer tile revealed: {tile.name}", {"tile": tile.id})
    if tile.new_york_wins:
        from getaway.games.new_york.victory import lose

        lose(s, events)
        return
    hurry_check(s, events)
    run_effects(s, tile.effects, Ctx(TIMER))


def discard_tiles(s: NewYorkState, count: int, events: list[Event]) -> None:
    """Discard Timer tiles without resolving them; the New York Wins tile still ends the
    game (NY-131, NY-132). Hurry Up, reaching the top, is revealed and not counted (G-24)."""
    for _ in range(count):
        hurry_check(s, events)
        t = _take(s)
        if t < 0:
            return
        s.say(events, "timer_discard", f"Timer tile discarded unresolved: {TIMERS[t].name}",
              {"tile": TIMER_IDS[t]})
        if TIMERS[t].new_york_wins:
            from getaway.games.new_york.victory import lose

            lose(s, events)
            return
    hurry_check(s, events)


@dataclass(frozen=True, slots=True)
class RevealTile(Decision):
    """Reveal a Timer tile (``step1``: the start of a turn, after the discards came back)."""

    automatic: ClassVar[bool] = True
    step1: bool

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        reveal_tile(s, events)
