"""Running a simulation: many games, any backend, streamed to a results file.

``simulate`` plays the games of a run that are not yet in its results file
(all of them without one), writes each batch as it finishes, and totals the
whole run. Interrupting and starting the same command again resumes it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from getaway.agents import parse_agent_list
from getaway.core.errors import ConfigError
from getaway.games import registry
from getaway.sim import backends
from getaway.sim.jobs import Job, Played
from getaway.sim.results import ResultsFile, open_results
from getaway.sim.summary import Summary


def check(job: Job) -> None:
    """Fail fast (in this process) on a bad game, configuration or agent list."""
    game = registry().get(job.game)
    config = game.spec.configure(job.players, job.options)
    parse_agent_list(job.agents, game, config.players)


def simulate(job: Job, games: int, backend: str = "pool", jobs: int | None = None,
             address: str | None = None, out: str | Path | None = None,
             progress: Callable[[int], None] | None = None,
             keep: list[Played] | None = None) -> Summary:
    """Play ``games`` games of ``job`` (resuming ``out`` if it holds some) and total them.

    ``keep``, if given, receives every game of the run (those read back from ``out``
    too), in no particular order.
    """
    if games < 1:
        raise ConfigError(f"--games must be at least 1, got {games}")
    check(job)
    if job.records:
        Path(job.records).mkdir(parents=True, exist_ok=True)
    summary = Summary(job.header())
    results: ResultsFile | None = open_results(out, job.header(), games) if out else None
    todo = list(range(games))
    if results is not None:
        todo = results.pending()
        for played in results.existing():
            if played.index < games:
                summary.add(played)
                if keep is not None:
                    keep.append(played)
        if progress and summary.games:
            progress(summary.games)
    start = time.perf_counter()
    try:
        for batch in backends.run(job, todo, backend, jobs, address, progress):
            if results is not None:
                results.write(batch)
            for played in batch:
                summary.add(played)
                if keep is not None:
                    keep.append(played)
                summary.decisions_now += played.decisions
    finally:
        if results is not None:
            results.close()
    summary.seconds = time.perf_counter() - start
    return summary
