"""Calibrating Easy: how often it slips, so that it wins about half as often as Normal.

    .venv/bin/python benchmarks/easy_ladder.py [--games N] [--epsilon 0.05,0.1,0.2,0.33]
        [--game ID ...] [--players N ...]

Easy is the game's heuristic with one decision in ``1/epsilon`` made at random
among the legal actions. For each game at a small and a large player count
and each ``epsilon``, this plays the same deals (paired, ``getaway compare``)
with Easy and with Normal in the seats under test -- every seat in a
cooperative game, one rotating seat in a competitive one -- and prints both
win rates and their ratio. ``agents/levels.py`` keeps, per game, the
``epsilon`` whose ratio came closest to one half.
"""

from __future__ import annotations

import argparse
import platform

from getaway.games import registry
from getaway.sim.compare import compare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--epsilon", default="0.05,0.1,0.2,0.33")
    parser.add_argument("--game", action="append")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}; {args.games} deals per row\n")
    print("| game | players | seats | epsilon | Easy | Normal | Easy / Normal |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for g in registry():
        if args.game and g.id not in args.game:
            continue
        counts = args.players or sorted({max(2, g.spec.min_players), g.spec.max_players})
        for n in counts:
            if not g.spec.min_players <= n <= g.spec.max_players:
                continue
            seats = "all" if g.cooperative else "one"
            for eps in (float(x) for x in args.epsilon.split(",")):
                c = compare(g.id, n, {}, f"easy:epsilon={eps:g}", "normal", args.games,
                            seats=seats, backend="pool" if args.jobs > 1 else "local",
                            jobs=args.jobs)
                w = c.wins().to_json()["win_rate"]
                ratio = w["a"] / w["b"] if w["b"] else float("nan")
                print(f"| {g.id} | {n} | {seats} | {eps:g} | {100 * w['a']:.1f}% | "
                      f"{100 * w['b']:.1f}% | {ratio:.2f} |", flush=True)


if __name__ == "__main__":
    main()
