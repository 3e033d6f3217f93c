"""The clock of real-time games.

A real-time game keeps a :class:`Clock` in its state. The driver moves it
forward with ``state.advance(seconds)``: a simulation in virtual time, the web
server on the wall clock. A :class:`Timeline` lists the fixed moments at which
something happens (a countdown starts, a door slams, time is up), so the state
can react to every mark the clock passes, in order, however large the step.

    >>> t = Timeline([(10.0, "warning"), (20.0, "end")])
    >>> c = Clock()
    >>> c.advance(15.0, t)
    [(10.0, 'warning')]
    >>> c.now, t.next_after(c.now)
    (15.0, 20.0)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property


@dataclass(frozen=True)
class Timeline:
    """Fixed, sorted marks ``(seconds, tag)`` on a game's clock."""

    marks: tuple[tuple[float, str], ...] = ()

    def __init__(self, marks: Iterable[tuple[float, str]] = ()) -> None:
        object.__setattr__(self, "marks", tuple(sorted(marks)))

    @cached_property
    def _times(self) -> tuple[float, ...]:
        """The marks' times alone, for bisection (a real-time game asks at every step)."""
        return tuple(t for t, _ in self.marks)

    def between(self, start: float, end: float) -> list[tuple[float, str]]:
        """Marks strictly after ``start`` and at or before ``end``."""
        if not start < end:  # nothing can lie between (a NaN bound included)
            return []
        times = self._times
        return list(self.marks[bisect_right(times, start):bisect_right(times, end)])

    def next_after(self, now: float) -> float | None:
        """The time of the first mark after ``now``, if any."""
        times = self._times
        i = bisect_right(times, now)  # past the end for NaN, after which no mark lies
        return times[i] if i < len(times) else None


@dataclass
class Clock:
    """Seconds elapsed since the game started."""

    now: float = 0.0
    passed: list[tuple[float, str]] = field(default_factory=list)

    def advance(self, seconds: float, timeline: Timeline | None = None) -> list[tuple[float, str]]:
        """Move forward; returns the timeline marks crossed, in order."""
        if not seconds >= 0 or math.isinf(seconds):  # negative, NaN or infinite
            raise ValueError(f"the clock only moves forward, got {seconds!r} seconds")
        start, self.now = self.now, self.now + seconds
        if not timeline:
            return []
        crossed = timeline.between(start, self.now)
        if crossed:
            self.passed.extend(crossed)
        return crossed

    def copy(self) -> Clock:
        """An independent copy."""
        return Clock(self.now, list(self.passed))
