"""``getaway tournament``: a round robin of agents, with win rates and 95% intervals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from getaway.cli.app import Variant, _config, _fail, app, console
from getaway.core.errors import ConfigError


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="Game id.")],
    agents: Annotated[str, typer.Option(help="Comma-separated agents, e.g. "
                                        "random,heuristic,ismcts:iterations=200")],
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    games_: Annotated[int, typer.Option("--games", "-n", min=1,
                                        help="Games per pairing.")] = 200,
    variant: Variant = None,
    seed: Annotated[int, typer.Option(help="Run seed; every pairing plays the same deals.")]
    = 0,
    backend: Annotated[str, typer.Option(help="local, pool (default) or ray.")] = "pool",
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1)] = None,
    out: Annotated[Path | None, typer.Option(
        help="Keep each pairing's results (JSON Lines) in this directory, for "
             "`getaway report` and to resume.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Round robin: every pair of agents shares tables, seats alternating."""
    from getaway.sim.tournament import tournament as run

    g, config = _config(game, players, variant)
    names = [a.strip() for a in agents.split(",") if a.strip()]
    try:
        cells = run(g.id, config.players, dict(config.options), names, games_, seed, backend,
                    jobs, out)
    except ConfigError as e:
        raise _fail(str(e)) from None
    if as_json:
        print(json.dumps([c.to_json() for c in cells], indent=1))
        return
    names = list(dict.fromkeys(c.a for c in cells))  # the agents' labels
    t = Table(title=f"{config.label()} -- {games_} games per pairing, seed {seed}")
    t.add_column("agent \\ sharing the table with", style="bold")
    for b in names:
        t.add_column(b, justify="center")
    by = {(c.a, c.b): c.to_json() for c in cells}
    for a in names:
        row = []
        for b in names:
            d = by.get((a, b))
            if d is None or not d["seats"]:
                row.append("-")
                continue
            lo, hi = d["win_rate_ci95"]
            row.append(f"{d['win_rate']:.1%}\n[dim]{lo:.1%}-{hi:.1%}[/dim]")
        t.add_row(a, *row)
    console.print(t)
    console.print("[dim]Each cell: the share of the row agent's seats that won, with its 95% "
                  "interval; the diagonal is the agent playing every seat.[/dim]")
    pairs = [d for c in cells if (d := c.to_json()).get("paired")
             and names.index(c.a) < names.index(c.b)]
    if not pairs:
        return
    design = pairs[0]["paired"]["design"]
    how = ("each game of the pairing: did a seat of A win, did a seat of B win"
           if design == "head to head" else "A alone and B alone on the same deals")
    p = Table(title=f"Paired, {design}: {how}",
              caption="won: both / only A / only B / neither; A - B: the difference in "
                      "win rate with its 95% interval (Newcombe's method 10); McNemar's "
                      "exact p")
    p.add_column("A vs B", overflow="fold")
    p.add_column("pairs", justify="right")
    p.add_column("won", justify="center")
    p.add_column("A - B (95% CI)", justify="right")
    p.add_column("McNemar p", justify="right")
    for d in pairs:
        q = d["paired"]
        lo, hi = q["difference_ci95"]
        tab = q["table"]
        p.add_row(f"{escape(d['agent'])} vs {escape(d['with'])}", str(q["pairs"]),
                  f"{tab['both']} / {tab['only_a']} / {tab['only_b']} / {tab['neither']}",
                  f"{q['difference']:+.1%} ({lo:+.1%}, {hi:+.1%})", f"{q['mcnemar_p']:.3g}")
    console.print(p)
