"""Every engine-speed figure quoted in the README, for every registered game.

    .venv/bin/python benchmarks/run_all.py [--seconds S] [--game ID] [--passes P]

Random-rollout decisions per second (one core, full legality checks), games
per second, and the cost of clone and determinize, per game and player count.
The machine is shared and its speed drifts within minutes, so every rate is
also given as a ratio to the anchor, OpenSpiel's C++ Hanabi (3 players)
driven by the same kind of Python loop, measured right beside it: before and
after each game's rows (a row's ratio is to the mean of its game's two
anchors). With ``--passes`` the whole run is made several times and each
row shows the median of its passes' figures.
"""

from __future__ import annotations

import argparse
import platform
from statistics import median
from typing import Any

from getaway.games import registry
from getaway.sim.bench import ANCHOR, BenchResult, bench, hanabi_anchor


def one_pass(games: list[Any], seconds: float) -> tuple[list[tuple[BenchResult, float | None]],
                                                        list[float]]:
    """Every configuration's figures with the anchor beside its game; and the anchors."""
    anchor_seconds = max(1.0, seconds / 2)
    anchors: list[float] = []
    rows: list[tuple[BenchResult, float | None]] = []
    before = hanabi_anchor(anchor_seconds)
    for game in games:
        done = [bench(game, game.spec.configure(n), seconds)
                for n in range(game.spec.min_players, game.spec.max_players + 1)]
        after = hanabi_anchor(anchor_seconds)
        anchor = (before + after) / 2 if before and after else None
        if before:
            anchors.append(before)
        rows += [(r, anchor) for r in done]
        before = after
    if before:
        anchors.append(before)
    return rows, anchors


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--passes", type=int, default=1, help="runs; rows show medians")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    games = [g for g in registry() if not args.game or g.id in args.game]
    passes = [one_pass(games, args.seconds) for _ in range(max(1, args.passes))]
    anchors = [a for _rows, found in passes for a in found]
    if anchors:
        print(f"anchor: {ANCHOR}, {len(anchors)} measurements beside the games, "
              f"{min(anchors):,.0f} to {max(anchors):,.0f} decisions/s "
              f"(median {median(anchors):,.0f})\n")
    else:
        print("anchor: pyspiel is not installed, no ratios\n")
    print("| game | players | decisions/s | × anchor | games/s | clone µs | determinize µs |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for i, (first, _a) in enumerate(passes[0][0]):
        same = [p[0][i] for p in passes]
        rs = [r for r, _ in same]
        ratios = [r.decisions_per_second / a for r, a in same if a]
        ratio = f"{median(ratios):.2f}" if ratios else "--"
        players = first.config.split()[1].rstrip("p")
        print(f"| {first.game} | {players} | {median(r.decisions_per_second for r in rs):,.0f} | "
              f"{ratio} | {median(r.games_per_second for r in rs):,.0f} | "
              f"{median(r.clone_us for r in rs):.1f} | "
              f"{median(r.determinize_us for r in rs):.1f} |")


if __name__ == "__main__":
    main()
