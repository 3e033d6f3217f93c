"""How strong the difficulty levels are: Hard and Easy against Normal, on the same deals.

    .venv/bin/python benchmarks/strength.py [--games N] [--hard SPEC] [--game ID ...]
        [--jobs J] [--out DIR] [--curve GAME:PLAYERS] [--curve-seconds 0.1,0.3,1,3]
        [--curve-games N] [--curve-seats one|all] [--curve-only]
    .venv/bin/python benchmarks/strength.py --replot RUN/strength.json ... --out DIR

For every game at a small and a large player count (``--players`` overrides),
every comparison is paired (``getaway.sim.compare``: both line-ups play the
same deals with the same random numbers; seats under test rotate):

* cooperative games: an all-Hard team against an all-Normal team, and one
  Hard seat among Normal ones against the all-Normal team (Hard as a
  team-mate);
* competitive games: one Hard seat against Normal seats, against a Normal
  seat in the same place, with its win rate as a multiple of the fair share
  (one in ``players``);
* Easy the same way as Hard (all-Easy in cooperative games), for the ladder:
  Easy should win about half as often as Normal.

Each row gives both win rates with 95% Wilson intervals, the paired
difference with its Newcombe interval and McNemar's exact p. ``--curve``
plays one configuration at several time budgets (CPU seconds per decision,
Hard in one rotating seat or, with ``--curve-seats all``, in every seat) and
plots the win rate against the time (``strength-curve.png`` in ``--out``);
``--replot`` draws one curve from several runs (budgets run separately, with
different numbers of deals).
The Hard bot thinks by the clock, so its figures depend on the machine and
its load: the rows name the budget they were measured with.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

from getaway.games import registry
from getaway.sim.compare import Comparison, compare
from getaway.sim.paired import PairedWins


def players_of(game_id: str, wanted: list[int] | None) -> list[int]:
    """The small and the large player count of a game (two players at least)."""
    g = registry().get(game_id)
    if wanted:
        return [n for n in wanted if g.spec.min_players <= n <= g.spec.max_players]
    return sorted({max(2, g.spec.min_players), g.spec.max_players})


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def row(label: str, c: Comparison, players: int) -> dict[str, Any]:
    """One comparison as a printed and stored row."""
    w: PairedWins = c.wins()
    data = w.to_json()
    a_rate, b_rate = data["win_rate"]["a"], data["win_rate"]["b"]
    return {
        "comparison": label, "game": c.game, "players": players, "a": c.a, "b": c.b,
        "with": c.partner, "seats": c.seats, "deals": w.deals,
        "a_rate": a_rate, "b_rate": b_rate, "a_ci95": data["win_rate_ci95"]["a"],
        "b_ci95": data["win_rate_ci95"]["b"], "difference": w.difference,
        "ci95": list(w.ci95()), "mcnemar_p": w.mcnemar_p(),
        "only_a": w.only_a, "only_b": w.only_b,
        "fair_share_multiple": None if c.cooperative else a_rate * players,
    }


def line(r: dict[str, Any]) -> str:
    fair = (f" | {r['fair_share_multiple']:.2f}x" if r["fair_share_multiple"] is not None
            else " | --")
    return (f"| {r['game']} | {r['players']} | {r['comparison']} | {r['deals']} | "
            f"{pct(r['a_rate'])} | {pct(r['b_rate'])} | {100 * r['difference']:+.1f} "
            f"({100 * r['ci95'][0]:+.1f} to {100 * r['ci95'][1]:+.1f}) | "
            f"{r['mcnemar_p']:.2g}{fair} |")


def comparisons(game_id: str, players: int, hard: str, games: int, jobs: int,
                seed: int) -> list[tuple[str, Comparison]]:
    """The comparisons of one configuration (see the module docstring)."""
    g = registry().get(game_id)
    run = []
    if g.cooperative:
        run.append(("all Hard vs all Normal", hard, "all"))
        run.append(("one Hard among Normal", hard, "one"))
        run.append(("all Easy vs all Normal", "easy", "all"))
    else:
        run.append(("one Hard vs Normal, seats rotated", hard, "one"))
        run.append(("one Easy vs Normal, seats rotated", "easy", "one"))
    out = []
    for label, agent, seats in run:
        t0 = time.perf_counter()
        c = compare(game_id, players, {}, agent, "normal", games, seed=seed, seats=seats,
                    backend="pool" if jobs > 1 else "local", jobs=jobs)
        print(f"  {game_id} {players}p {label}: {time.perf_counter() - t0:.0f} s",
              file=sys.stderr, flush=True)
        out.append((label, c))
    return out


def curve(game_id: str, players: int, budgets: list[float], games: int, jobs: int,
          seed: int, out: Path | None, seats: str = "one") -> list[dict[str, Any]]:
    """Win rate of Hard against Normal at each time budget: CPU seconds per decision
    (``clock=cpu``, so that a busy machine gives Hard the same thinking as a quiet one)."""
    rows = []
    for s in budgets:
        t0 = time.perf_counter()
        c = compare(game_id, players, {}, f"hard:seconds={s:g}:clock=cpu", "normal", games,
                    seed=seed, seats=seats, backend="pool" if jobs > 1 else "local", jobs=jobs)
        print(f"  {game_id} {players}p Hard at {s:g} CPU s: {time.perf_counter() - t0:.0f} s",
              file=sys.stderr, flush=True)
        r = row(f"Hard at {s:g} s", c, players)
        rows.append({"seconds": s, "hard": r["a_rate"], "normal": r["b_rate"],
                     "ci95": r["ci95"], "mcnemar_p": r["mcnemar_p"], "deals": r["deals"],
                     "only_hard": r["only_a"], "only_normal": r["only_b"], "seats": seats})
        print(f"| {s:g} | {r['deals']} | {pct(r['a_rate'])} | {pct(r['b_rate'])} | "
              f"{r['only_a']} / {r['only_b']} | {r['mcnemar_p']:.2g} |", flush=True)
    if out is not None:
        plot_curve(game_id, players, rows, out / "strength-curve.png")
    return rows


def plot_curve(game_id: str, players: int, rows: list[dict[str, Any]], path: Path) -> None:
    """Hard's and Normal's win rates against Hard's CPU seconds per decision, each point
    marked with its number of deals (Normal's on the same deals as Hard's point)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    g = registry().get(game_id)
    rows = sorted(rows, key=lambda r: r["seconds"])
    seats = rows[0].get("seats", "one") if rows else "one"
    fig, ax = plt.subplots(figsize=(6, 4))
    xs = [r["seconds"] for r in rows]
    ax.plot(xs, [100 * r["hard"] for r in rows], "o-", label="Hard")
    ax.plot(xs, [100 * r["normal"] for r in rows], "s--", label="Normal (same deals)")
    for r in rows:
        ax.annotate(f"{r['deals']} deals", (r["seconds"], 100 * r["hard"]),
                    textcoords="offset points", xytext=(0, 7), ha="center", fontsize=8)
    ax.set_xscale("log")
    ax.set_xticks(xs, [f"{x:g}" for x in xs])
    ax.set_xlabel("Hard's thinking time per decision (CPU seconds)")
    ax.set_ylabel("win rate (%)")
    who = ("team, one Hard seat" if seats == "one" else "team, every seat Hard") \
        if g.cooperative else "the tested seat"
    ax.set_title(f"{g.spec.title}, {players} players: {who}")
    ys = [100 * r[k] for r in rows for k in ("hard", "normal")]
    if ys:
        ax.set_ylim(max(0.0, min(ys) - 12), min(100.0, max(ys) + 8))
    ax.legend(loc="lower left")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def replot(files: list[Path], out: Path) -> None:
    """One curve from the ``curve`` rows of several ``strength.json`` files (runs of the
    same game and player count at different budgets); writes ``strength-curve.png`` and
    the merged ``strength-curve.json`` to ``out``."""
    rows: list[dict[str, Any]] = []
    where: set[tuple[str, int]] = set()
    for f in files:
        c = json.loads(f.read_text(encoding="utf-8"))["curve"]
        where.add((c["game"], c["players"]))
        rows += c["rows"]
    if len(where) != 1:
        raise SystemExit(f"the files hold curves of different games or counts: {where}")
    (game_id, players), = where
    out.mkdir(parents=True, exist_ok=True)
    plot_curve(game_id, players, rows, out / "strength-curve.png")
    merged = {"game": game_id, "players": players,
              "rows": sorted(rows, key=lambda r: r["seconds"])}
    (out / "strength-curve.json").write_text(json.dumps(merged, indent=1) + "\n",
                                             encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="deals per comparison")
    parser.add_argument("--hard", default="hard", help="the Hard agent's spec "
                        "(e.g. hard:seconds=0.3, or hard:seconds=0:rounds=16)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only these counts")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="a directory for strength.json and the plot")
    parser.add_argument("--curve", help="GAME:PLAYERS for the strength-against-time curve")
    parser.add_argument("--curve-seconds", default="0.1,0.3,1,3")
    parser.add_argument("--curve-games", type=int, default=100)
    parser.add_argument("--curve-only", action="store_true", help="skip the table")
    parser.add_argument("--curve-seats", choices=("one", "all"), default="one",
                        help="Hard in one rotating seat (default) or every seat")
    parser.add_argument("--replot", type=Path, nargs="+", metavar="JSON",
                        help="only draw one curve from these runs' strength.json (into --out)")
    args = parser.parse_args()
    if args.replot:
        replot(args.replot, args.out or Path("."))
        return
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    print(f"Python {platform.python_version()} on {platform.machine()}; Hard = {args.hard}; "
          f"{args.games} deals per row, seed {args.seed}\n")
    print("| game | players | comparison | deals | A wins | Normal wins | A - Normal, points "
          "(95% CI) | McNemar p | x fair share |")
    print("|---|---:|---|---:|---:|---:|---|---:|---:|")
    rows = []
    for game in registry():
        if args.curve_only or (args.game and game.id not in args.game):
            continue
        for n in players_of(game.id, args.players):
            for label, c in comparisons(game.id, n, args.hard, args.games, args.jobs,
                                        args.seed):
                r = row(label, c, n)
                rows.append(r)
                print(line(r), flush=True)
    result: dict[str, Any] = {"hard": args.hard, "games": args.games, "rows": rows}
    if args.curve:
        gid, _, n = args.curve.partition(":")
        budgets = [float(x) for x in args.curve_seconds.split(",")]
        print("\n| Hard's CPU seconds per decision | deals | Hard | Normal | only Hard won / "
              "only Normal won | McNemar p |")
        print("|---:|---:|---:|---:|---:|---:|")
        result["curve"] = {"game": gid, "players": int(n or 2),
                           "rows": curve(gid, int(n or 2), budgets, args.curve_games,
                                         args.jobs, args.seed, args.out, args.curve_seats)}
    if args.out:
        (args.out / "strength.json").write_text(json.dumps(result, indent=1) + "\n",
                                                encoding="utf-8")


if __name__ == "__main__":
    main()
