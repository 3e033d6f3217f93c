"""Escape Plan on a challenge's leaderboard: the winner's money."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.standing import Standing, names_text
from getaway.core.state import Outcome


@dataclass(frozen=True)
class EscapePlanStanding(Standing):
    """A table someone won first (not every player arrested), then the winner's dollars."""

    unit: str = "dollars of the winner"

    def say(self, out: Outcome, winners: list[str], score: float,
            clock: float | None) -> str:
        if out.winners:
            return f"{names_text(winners)} won with ${score:g}"
        return "nobody won: every player was arrested"


STANDING = EscapePlanStanding()
