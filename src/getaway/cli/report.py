"""``getaway report``: the balance report over simulation results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from getaway.cli.app import _fail, app, console, err
from getaway.core.errors import ConfigError


@app.command("report")
def report_cmd(
    results: Annotated[list[Path], typer.Argument(
        help="Results of `getaway sim --out` or `getaway tournament --out`: FILE.jsonl, "
             "FILE.parquet directories, or directories holding them. Runs of one game; "
             "runs that differ only in their seed are pooled.")],
    out: Annotated[Path, typer.Option(
        "--out", "-o", help="Directory for summary.json, summary.csv, summary.md, the PNG "
                            "plots and index.html.")] = Path("report"),
    markdown: Annotated[bool, typer.Option(
        "--markdown", help="Print the Markdown table (for a README) instead.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print summary.json instead.")]
    = False,
) -> None:
    """Win rates with 95% intervals, scores and game lengths, by player count, variant and
    agents -- as tables, plots and one HTML page."""
    from getaway.sim.report import TABLE_HEAD, build, table_cells, write

    try:
        rep = build(results)
        write(rep, out)
    except ConfigError as e:
        raise _fail(str(e)) from None
    except OSError as e:
        raise _fail(f"--out {out}: {e.strerror or e}") from None
    for w in rep.warnings:
        err.print(f"[yellow]note:[/yellow] {escape(w)}")
    if as_json:
        print(json.dumps(json.loads((out / "summary.json").read_text(encoding="utf-8")),
                         indent=1))
        return
    if markdown:
        print(rep.markdown(), end="")
        return
    mode = ("cooperative: the team's win rate" if rep.cooperative
            else "competitive: win rate per agent, or per seat")
    t = Table(title=f"{rep.game} -- {rep.games} games, {len(rep.groups)} configurations",
              caption=f"{mode}, with its 95% Wilson interval")
    # On a terminal the table folds to fit; piped, each configuration keeps one line and
    # the table is as wide as it needs, so `| grep`, `| less -S` and files read it whole.
    piped = not console.is_terminal
    for h in TABLE_HEAD:
        t.add_column(h, justify="right" if h in ("players", "games") else "left",
                     overflow="fold", no_wrap=piped)
    for g in rep.to_json()["groups"]:
        t.add_row(*(escape(c) for c in table_cells(g, " / " if piped else "\n")))
    shown = console
    if piped:  # the table only takes the width it needs
        from rich.console import Console

        shown = Console(width=100_000, no_color=True, highlight=False)
    shown.print(t)
    shown.print(f"[dim]Report written to {escape(str(out / 'index.html'))} (with "
                "summary.json, summary.csv, summary.md and the plots).[/dim]")
