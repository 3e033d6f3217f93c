"""Every engine-speed figure quoted in the README, for every registered game.

    .venv/bin/python benchmarks/run_all.py [--seconds S] [--game ID]

Random-rollout decisions per second (one core, full legality checks), games
per second, and the cost of clone and determinize, per game and player count.
The machine is shared, so every rate is also given as a ratio to the anchor,
OpenSpiel's C++ Hanabi (3 players) driven by the same kind of Python loop,
measured before and after the games in the same run (their mean is the
anchor).
"""

from __future__ import annotations

import argparse
import platform

from getaway.games import registry
from getaway.sim.bench import ANCHOR, bench, hanabi_anchor


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    before = hanabi_anchor(args.seconds)
    rows = []
    for game in registry():
        if args.game and game.id not in args.game:
            continue
        for n in range(game.spec.min_players, game.spec.max_players + 1):
            rows.append(bench(game, game.spec.configure(n), args.seconds))
    after = hanabi_anchor(args.seconds)
    anchor = (before + after) / 2 if before and after else None
    if anchor:
        print(f"anchor: {ANCHOR}, {before:,.0f} and {after:,.0f} decisions/s "
              f"before and after (mean {anchor:,.0f})\n")
    else:
        print("anchor: pyspiel is not installed, no ratios\n")
    print("| game | players | decisions/s | × anchor | games/s | clone µs | determinize µs |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        ratio = f"{r.decisions_per_second / anchor:.2f}" if anchor else "--"
        players = r.config.split()[1].rstrip("p")
        print(f"| {r.game} | {players} | {r.decisions_per_second:,.0f} | {ratio} | "
              f"{r.games_per_second:,.0f} | {r.clone_us:.1f} | {r.determinize_us:.1f} |")


if __name__ == "__main__":
    main()
