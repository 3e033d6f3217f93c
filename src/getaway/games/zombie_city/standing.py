"""Escape: Zombie City on a challenge's leaderboard: the team's time left when the van leaves."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.standing import Standing, clock_text
from getaway.core.state import Outcome


@dataclass(frozen=True)
class ZombieCityStanding(Standing):
    """More time left on the 15-minute clock is better (a quicker escape)."""

    unit: str = "time left on the 15-minute clock"

    def say(self, out: Outcome, winners: list[str], score: float,
            clock: float | None) -> str:
        if out.winners:
            return f"escaped with {clock_text(score)} left on the clock"
        return f"lost after {clock_text(clock or 0.0)}: {out.detail or out.reason}"


STANDING = ZombieCityStanding()
