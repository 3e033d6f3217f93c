"""Totals of many games: win rates with confidence intervals, scores, lengths."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from getaway.sim.jobs import Played


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    # Clamped so that rounding never leaves the rate itself outside (0 wins: exactly 0).
    return (min(p, max(0.0, c - h)), max(p, min(1.0, c + h)))


@dataclass
class Summary:
    """Totals of a run (or of any set of games of one configuration)."""

    header: dict[str, Any]
    games: int = 0
    wins: int = 0  # games won by at least one seat
    seat_wins: list[int] = field(default_factory=list)
    score_sum: float = 0.0  # over won games, the winners' mean score
    decisions: int = 0
    seconds: float = 0.0  # time spent playing the games added in this process
    decisions_now: int = 0  # decisions of those games (for the speed)
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, p: Played) -> None:
        """Count one game."""
        if not self.seat_wins:
            self.seat_wins = [0] * p.players
        self.games += 1
        self.decisions += p.decisions
        self.reasons[p.reason] = self.reasons.get(p.reason, 0) + 1
        if p.winners:
            self.wins += 1
            self.score_sum += sum(p.scores[s] for s in p.winners) / len(p.winners)
        for s in p.winners:
            self.seat_wins[s] += 1

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-able data."""
        lo, hi = wilson(self.wins, self.games)
        return {
            **self.header, "games": self.games, "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "win_rate_ci95": [lo, hi], "seat_wins": self.seat_wins,
            "mean_winning_score": self.score_sum / self.wins if self.wins else None,
            "mean_decisions": self.decisions / self.games if self.games else 0.0,
            "decisions_per_second": self.decisions_now / self.seconds if self.seconds else 0.0,
            "seconds": self.seconds, "endings": dict(sorted(self.reasons.items())),
        }
