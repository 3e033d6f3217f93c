"""``getaway compare``: two agents on the same deals, with a paired statistical test."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from getaway.cli.app import _config, _fail, app, console, err
from getaway.core.errors import ConfigError


def _p(p: float) -> str:
    return f"{p:.3g}" if p >= 0.001 else f"{p:.1e}"


@app.command()
def compare(
    game: Annotated[str, typer.Argument(help="Game id (see `getaway games`).")],
    a: Annotated[str, typer.Argument(help="Agent A, e.g. ismcts:iterations=200.")],
    b: Annotated[str, typer.Argument(help="Agent B, e.g. normal.")],
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    games_: Annotated[int, typer.Option("--games", "-n", min=1,
                                        help="Deals; each is played by both line-ups.")] = 200,
    variant: Annotated[list[str] | None, typer.Option(
        "--options", "--variant", "-v",
        help="A variant option KEY=VALUE (repeatable); see `getaway games`.")] = None,
    seats: Annotated[str | None, typer.Option(
        help="Seats under test: 'one' (one seat, rotating from deal to deal; the others "
             "held by --with) or 'all' (all-A against all-B). Default: all for cooperative "
             "games, one for the others.")] = None,
    with_: Annotated[str | None, typer.Option(
        "--with", help="The agent in the other seats with --seats one (default: normal, "
                       "the game's own heuristic).")] = None,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same deals and results.")]
    = 0,
    backend: Annotated[str, typer.Option(help="local, pool (default) or ray.")] = "pool",
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, help="Worker processes (default: one per core).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
    = False,
    out: Annotated[Path | None, typer.Option(
        help="Also write the result, every deal included, to this JSON file.")] = None,
) -> None:
    """Compare agents A and B on the same deals, seats rotated: the paired table of wins,
    the difference in win rate with its 95% interval (Newcombe's method 10), McNemar's
    exact test, and for games with scores the mean paired score difference with a 95%
    t interval and a sign test.

    Every deal (game i of the run, seeded from --seed and i) is played twice: once
    with A in the seats under test, once with B there; every other seat holds the
    same --with agent, and every seat draws the same random numbers in both games.
    A line-up wins a deal when one of its seats under test wins (in a cooperative
    game, when the team wins).
    """
    from getaway.sim.compare import compare as run

    g, config = _config(game, players, variant)
    show = sys.stderr.isatty() and not as_json
    try:
        if show:
            with Progress("[progress.description]{task.description}", BarColumn(),
                          MofNCompleteColumn(), TimeRemainingColumn(), console=err) as bar:
                task = bar.add_task(config.label(), total=2 * games_)
                result = run(g.id, config.players, dict(config.options), a, b, games_, seed,
                             seats, with_, backend, jobs, lambda k: bar.advance(task, k))
        else:
            result = run(g.id, config.players, dict(config.options), a, b, games_, seed,
                         seats, with_, backend, jobs)
    except ConfigError as e:
        raise _fail(str(e)) from None
    data = result.to_json()
    if out is not None:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            raise _fail(f"--out {out}: {e.strerror or e}") from None
    if as_json:
        print(json.dumps(data, indent=1))
        return
    _print(data, config.label())


def _print(d: dict[str, Any], title: str) -> None:
    a, b = escape(d["a"]), escape(d["b"])
    who = ("every seat" if d["with"] is None
           else f"one seat, rotating; the others {escape(d['with'])}")
    t = Table(title=f"{escape(title)}: A = {a}, B = {b}",
              caption=f"{d['pairs']} deals, each played by both, seed {d['seed']}; "
                      f"under test: {who}")
    t.add_column("", style="bold")
    t.add_column("B won", justify="right")
    t.add_column("B lost", justify="right")
    t.add_column("A's win rate", justify="right")
    tab, rate, ci = d["table"], d["win_rate"], d["win_rate_ci95"]
    t.add_row("A won", str(tab["both"]), str(tab["only_a"]),
              f"{rate['a']:.1%} [dim]({ci['a'][0]:.1%}-{ci['a'][1]:.1%})[/dim]")
    t.add_row("A lost", str(tab["only_b"]), str(tab["neither"]), "")
    t.add_row("B's win rate",
              f"{rate['b']:.1%} [dim]({ci['b'][0]:.1%}-{ci['b'][1]:.1%})[/dim]", "", "")
    console.print(t)
    lo, hi = d["difference_ci95"]
    console.print(f"win rate A - B: [bold]{d['difference']:+.1%}[/bold]  (95% CI "
                  f"{lo:+.1%} to {hi:+.1%}, Newcombe's method 10);  McNemar exact p = "
                  f"{_p(d['mcnemar_p'])}  ({tab['only_a']} deals only A won, "
                  f"{tab['only_b']} only B)")
    s = d["score"]
    if s is not None:
        ci = s["mean_difference_ci95"]
        span = f"95% t interval {ci[0]:+.2f} to {ci[1]:+.2f}" if ci else "one deal: no interval"
        console.print(f"score A - B (mean of the seats under test): [bold]"
                      f"{s['mean_difference']:+.2f}[/bold]  ({span});  sign test p = "
                      f"{_p(s['sign_test_p'])}  (A higher {s['a_higher']}, B higher "
                      f"{s['b_higher']}, ties {s['ties']});  means A {s['mean']['a']:.2f}, "
                      f"B {s['mean']['b']:.2f}")
