"""Memory over a long simulation: resident set size every 10,000 games.

    .venv/bin/python benchmarks/memory.py [GAME] [GAMES] [PLAYERS]

A flat line means the engine keeps nothing per finished game.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from getaway.games import registry
from getaway.sim.backends import run
from getaway.sim.jobs import Job
from getaway.sim.summary import Summary


def rss_mb() -> float:
    """Resident set size of this process in MiB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "escape-now"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    g = registry().get(game)
    config = g.spec.configure(players)
    job = Job(game, players, dict(config.options), "random", 0)
    summary = Summary(job.header())
    start = time.perf_counter()
    print(f"{'games':>8} {'RSS MiB':>8} {'seconds':>8}")
    for batch in run(job, range(games), backend="local"):
        for played in batch:
            summary.add(played)
            if summary.games % 10_000 == 0 or summary.games == 1:
                print(f"{summary.games:8d} {rss_mb():8.1f} {time.perf_counter() - start:8.1f}",
                      flush=True)


if __name__ == "__main__":
    main()
