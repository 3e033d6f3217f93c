"""Escape Run: Alcatraz 2034 on a challenge's leaderboard: the winner's points."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.standing import Standing, names_text, plural
from getaway.core.state import Outcome


@dataclass(frozen=True)
class AlcatrazStanding(Standing):
    """A table someone escaped from first, then the winner's points (more is better)."""

    unit: str = "points of the winner"

    def say(self, out: Outcome, winners: list[str], score: float,
            clock: float | None) -> str:
        if out.winners:
            return f"{names_text(winners)} won with {plural(score, 'point')}"
        return "the prison won: nobody escaped"


STANDING = AlcatrazStanding()
