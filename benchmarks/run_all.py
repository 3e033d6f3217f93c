"""Every benchmark figure quoted in the README, for every registered game.

    .venv/bin/python benchmarks/run_all.py [--seconds S]

Random-rollout decisions per second (one core, full legality checks), games
per second, and the cost of clone and determinize, per game and player count.
"""

from __future__ import annotations

import argparse
import platform

from getaway.games import registry
from getaway.sim.bench import bench


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    print("| game | players | decisions/s | games/s | clone µs | determinize µs |")
    print("|---|---:|---:|---:|---:|---:|")
    for game in registry():
        if args.game and game.id not in args.game:
            continue
        for n in range(game.spec.min_players, game.spec.max_players + 1):
            r = bench(game, game.spec.configure(n), args.seconds)
            print(f"| {game.id} | {n} | {r.decisions_per_second:,.0f} | "
                  f"{r.games_per_second:,.0f} | {r.clone_us:.1f} | {r.determinize_us:.1f} |",
                  flush=True)


if __name__ == "__main__":
    main()
