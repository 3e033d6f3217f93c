"""ESCAPE NOW! on a challenge's leaderboard: the team's minutes left when it escapes."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.standing import Standing, plural
from getaway.core.state import Outcome


@dataclass(frozen=True)
class EscapeNowStanding(Standing):
    """More minutes left on the 60-card clock (cards in the hands and the pile) is better."""

    unit: str = "minutes left on the 60-minute clock (cards not yet played)"

    def say(self, out: Outcome, winners: list[str], score: float,
            clock: float | None) -> str:
        return f"escaped with {plural(score, 'minute')} left" if out.winners else "time ran out"


STANDING = EscapeNowStanding()
