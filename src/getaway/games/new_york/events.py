"""Event cards: as many as the Event Level (NY-185), drawn and resolved one at a time
(NY-186), the discards reshuffled when the deck runs out (NY-187)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york import words
from getaway.games.new_york.resolve import EVENT, PLAIN, run_effects
from getaway.games.new_york.state import SEEN_EVENT, NewYorkState
from getaway.games.new_york.tables import EVENT_IDS, EVENTS, TRACK


def draw_events(s: NewYorkState, events: list[Event]) -> None:
    """Draw as many Event cards as the Event Level, unless Events are ignored this turn."""
    if s.noevents:
        s.say(events, "no_events", words.events_ignored(s), {})
        return
    n = TRACK.level(s.evpos)
    s.say(events, "events", words.event_level_draw(s, n), {"level": n})
    for _ in range(n):
        s.stack.append(_DRAW_EVENT)


@dataclass(frozen=True, slots=True)
class DrawEvent(Decision):
    """Draw one Event card and resolve it."""

    automatic: ClassVar[bool] = True

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        if s.noevents:
            return
        if not s.events:
            s.events.extend(s.edisc)
            s.edisc.clear()
            s.rng.shuffle(s.events)
            s.forget(SEEN_EVENT)
            if not s.events:
                return
        s.drew(SEEN_EVENT)
        c = s.events.pop()
        s.edisc.append(c)
        s.say(events, "event", words.event_drawn(s, c), {"card": EVENT_IDS[c]})
        run_effects(s, EVENTS[c].effects, PLAIN[EVENT])


_DRAW_EVENT = DrawEvent()
"""The one frame of an Event card to draw (frames are immutable values)."""
