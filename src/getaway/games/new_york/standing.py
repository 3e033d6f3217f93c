"""Escape from New York on a challenge's leaderboard: how many heroes won."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.standing import Standing, names_text
from getaway.core.state import Outcome
from getaway.games.new_york.victory import Reason


@dataclass(frozen=True)
class NewYorkStanding(Standing):
    """A win first, then more winning heroes (a Collective Victory counts every hero)."""

    unit: str = "winning heroes (a Collective Victory counts every hero)"

    def score(self, out: Outcome) -> float:
        return float(len(out.winners))

    def say(self, out: Outcome, winners: list[str], score: float,
            clock: float | None) -> str:
        if not out.winners:
            return "New York won"
        if out.reason == Reason.COLLECTIVE:
            return f"Collective Victory: {names_text(winners)}"
        return f"Lone Victory of {names_text(winners)}"


STANDING = NewYorkStanding()
