"""Simulating many games, in one process or a process pool, with identical results.

Game ``i`` of a run with seed ``S`` has seed ``derive_seed(S, "game", i)``
and its agents draw from generators derived from that seed, so a run gives
the same games whatever the number of jobs and in whatever order workers
finish; results are gathered in game order.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from getaway.agents import parse_agent_list
from getaway.core.chance import derive_seed
from getaway.core.match import Match
from getaway.core.spec import Config
from getaway.games import registry
from getaway.sim.driver import Played, agent_rngs, play_match

SEED_MASK = (1 << 63) - 1


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run."""
    return derive_seed(run_seed, "game", index) & SEED_MASK


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play a slice of a run (picklable)."""

    game: str
    players: int
    options: dict[str, Any]
    agents: str
    run_seed: int
    records: str | None = None


def play_one(job: Job, index: int) -> Played:
    """Play game ``index`` of a run (and save its record if asked)."""
    game = registry().get(job.game)
    config = game.spec.configure(job.players, job.options)
    seed = game_seed(job.run_seed, index)
    agents = parse_agent_list(job.agents, game, config.players)
    match = Match(game, config, seed)
    n = play_match(match, agents, agent_rngs(seed, config.players))
    if job.records:
        meta = {"agents": [a.describe() for a in agents], "index": index}
        match.record(meta).save(Path(job.records) / f"game-{index:07d}.json")
    out = match.state.outcome()
    assert out is not None
    return Played(index, seed, out, n)


def _play_range(args: tuple[Job, int, int]) -> list[Played]:
    job, start, stop = args
    return [play_one(job, i) for i in range(start, stop)]


def run(job: Job, games: int, jobs: int = 1,
        progress: Callable[[int], None] | None = None) -> Iterator[Played]:
    """Yield every game's result in game order; ``jobs`` > 1 uses a process pool."""
    if job.records:
        Path(job.records).mkdir(parents=True, exist_ok=True)
    chunk = max(1, min(256, games // (jobs * 8) if jobs > 1 else games))
    slices = [(job, a, min(a + chunk, games)) for a in range(0, games, chunk)]
    if jobs <= 1:
        for sl in slices:
            for played in _play_range(sl):
                if progress:
                    progress(1)
                yield played
        return
    ctx = mp.get_context("fork")
    with ctx.Pool(jobs) as pool:
        for batch in pool.imap(_play_range, slices):
            if progress:
                progress(len(batch))
            yield from batch


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


@dataclass
class Summary:
    """Totals of a run."""

    config: Config
    agents: str
    seed: int
    games: int = 0
    wins: int = 0  # games won by at least one seat
    seat_wins: list[int] = field(default_factory=list)
    score_sum: float = 0.0  # sum over won games of the winners' mean score
    decisions: int = 0
    seconds: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, p: Played) -> None:
        """Count one game."""
        if not self.seat_wins:
            self.seat_wins = [0] * len(p.outcome.scores)
        self.games += 1
        self.decisions += p.decisions
        self.reasons[p.outcome.reason] = self.reasons.get(p.outcome.reason, 0) + 1
        if p.outcome.winners:
            self.wins += 1
            self.score_sum += sum(p.outcome.scores[s] for s in p.outcome.winners) / len(
                p.outcome.winners)
        for s in p.outcome.winners:
            self.seat_wins[s] += 1

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON-able data."""
        lo, hi = wilson(self.wins, self.games)
        return {
            "game": self.config.game, "players": self.config.players,
            "options": dict(self.config.options), "agents": self.agents, "seed": self.seed,
            "games": self.games, "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "win_rate_ci95": [lo, hi], "seat_wins": self.seat_wins,
            "mean_winning_score": self.score_sum / self.wins if self.wins else None,
            "mean_decisions": self.decisions / self.games if self.games else 0.0,
            "decisions_per_second": self.decisions / self.seconds if self.seconds else 0.0,
            "seconds": self.seconds, "endings": dict(sorted(self.reasons.items())),
        }


def simulate(job: Job, games: int, jobs: int = 1,
             progress: Callable[[int], None] | None = None) -> Summary:
    """Run ``games`` games and total them."""
    game = registry().get(job.game)
    config = game.spec.configure(job.players, job.options)
    parse_agent_list(job.agents, game, config.players)  # fail fast on a bad agent list
    summary = Summary(config, job.agents, job.run_seed)
    start = time.perf_counter()
    for played in run(job, games, jobs, progress):
        summary.add(played)
    summary.seconds = time.perf_counter() - start
    return summary
