"""``getaway tournament``: a round robin of agents, with win rates and 95% intervals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
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
