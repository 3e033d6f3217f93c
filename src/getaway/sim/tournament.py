"""Round robins: every pair of agents at one table, seats alternating.

For agents ``A, B, ...`` each unordered pair plays ``games`` games with the
seats dealt alternately -- seat 0, 2, 4... to one agent and 1, 3, 5... to the
other -- half the games one way round and half the other way, on the same
deals, so neither agent profits from a seat. Each agent also plays alone
(every seat), the baseline of cooperative games. An agent's win rate in a
pairing is the share of its seats that won; for a cooperative game it is the
team's win rate, each game one trial for the confidence interval.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from getaway.core.errors import ConfigError
from getaway.games import registry
from getaway.sim.jobs import Job
from getaway.sim.runner import simulate
from getaway.sim.summary import Summary, wilson


def seat_agents(a: str, b: str, players: int, flip: bool) -> list[str]:
    """Agents per seat: alternating, starting with ``a`` (``b`` when flipped)."""
    first, second = (b, a) if flip else (a, b)
    return [first if s % 2 == 0 else second for s in range(players)]


@dataclass
class Cell:
    """How agent ``a`` did at tables shared with agent ``b``."""

    a: str
    b: str
    games: int = 0
    seats: int = 0  # seats ``a`` held, over all games
    seat_wins: int = 0  # of those, seats that won
    team_wins: int = 0  # games won by anybody
    cooperative: bool = False  # then a game is one trial, whatever the seats

    def to_json(self) -> dict[str, Any]:
        """As JSON-able data."""
        wins, trials = ((self.team_wins, self.games) if self.cooperative
                        else (self.seat_wins, self.seats))
        lo, hi = wilson(wins, trials)
        return {"agent": self.a, "with": self.b, "games": self.games, "seats": self.seats,
                "seat_wins": self.seat_wins, "team_wins": self.team_wins,
                "win_rate": wins / trials if trials else 0.0, "win_rate_ci95": [lo, hi]}


def tournament(game: str, players: int, options: dict[str, Any], agents: list[str],
               games: int, seed: int = 0, backend: str = "pool", jobs: int | None = None,
               out: Path | None = None,
               progress: Callable[[int], None] | None = None) -> list[Cell]:
    """Play the round robin; returns one cell per (agent, partner) pair."""
    if len(agents) < 1 or len(set(agents)) != len(agents):
        raise ConfigError("give one or more different agents")
    pairs = [(a, a) for a in agents]
    if players > 1:
        pairs += list(itertools.combinations(agents, 2))
    cooperative = registry().get(game).cooperative
    cells: dict[tuple[str, str], Cell] = {}
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            cells.setdefault((x, y), Cell(x, y, cooperative=cooperative))
        for flip in (False, True) if a != b else (False,):
            per_seat = seat_agents(a, b, players, flip)
            n = games if a == b else (games + (not flip)) // 2
            if n == 0:
                continue
            job = Job(game, players, options, ",".join(per_seat), seed)
            path = None
            if out is not None:
                path = out / f"{_slug(per_seat)}.jsonl"
            summary = simulate(job, n, backend, jobs, None, path, progress)
            _count(cells, per_seat, summary)
    return [cells[k] for k in sorted(cells, key=lambda k: (agents.index(k[0]),
                                                           agents.index(k[1])))]


def _count(cells: dict[tuple[str, str], Cell], per_seat: list[str], summary: Summary) -> None:
    names = sorted(set(per_seat))
    for x in names:
        partner = next((y for y in names if y != x), x)
        cell = cells[(x, partner)]
        cell.games += summary.games
        cell.team_wins += summary.wins
        for s, agent in enumerate(per_seat):
            if agent == x:
                cell.seats += summary.games
                cell.seat_wins += summary.seat_wins[s] if summary.seat_wins else 0


def _slug(per_seat: list[str]) -> str:
    return "__".join(a.replace(":", "_").replace("=", "-") for a in per_seat)
