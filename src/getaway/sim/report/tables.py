"""The report's tables as text: the Markdown table, ``summary.csv`` and their cells.

Each works on the JSON-able data of the groups (:meth:`Group.to_json`).
"""

from __future__ import annotations

import csv
import html
import io
import json
from typing import Any

from getaway.sim.report.names import endings_text
from getaway.sim.report.stats import QUANTILES


def pct(x: float) -> str:
    """A rate as a percentage with one decimal."""
    return f"{x:.1%}"


def win_text(g: dict[str, Any], sep: str = "; ") -> str:
    """A group's win rate(s) with 95% intervals, in words."""
    if g["team"] is not None:
        t = g["team"]
        return f"{pct(t['rate'])} ({pct(t['ci95'][0])}-{pct(t['ci95'][1])})"
    entries = g["agents"] if len(g["agents"]) > 1 else g["seats"]
    parts = []
    for e in entries:
        who = e["agent_label"] if len(g["agents"]) > 1 else f"seat {e['seat']}"
        parts.append(f"{who} {pct(e['rate'])} ({pct(e['ci95'][0])}-{pct(e['ci95'][1])})")
    return sep.join(parts)


def score_text(g: dict[str, Any]) -> str:
    """Mean and median score, or a dash."""
    s = g["score"]
    return "-" if s is None else f"{s['mean']:.2f} (median {s['median']:g})"


def length_text(g: dict[str, Any]) -> str:
    """Mean decisions with the 10th-90th percentile range (and seconds if known)."""
    d = g["decisions"]
    text = f"{d['mean']:.1f} ({d['p10']:g}-{d['p90']:g})"
    if g["seconds"] is not None:
        text += f"; {g['seconds']['mean']:.3g} s"
    return text


TABLE_HEAD = ("players", "variant", "line-up", "games", "win rate (95% CI)", "score",
              "decisions (p10-p90)", "endings")
MULTI = (TABLE_HEAD.index("win rate (95% CI)"), TABLE_HEAD.index("endings"))  # cells of lines


def table_cells(g: dict[str, Any], sep: str = "; ") -> list[str]:
    """One group's cells under :data:`TABLE_HEAD`; the win rates and the endings (in the
    game's words, most frequent first) may hold several entries, joined by ``sep``."""
    return [str(g["players"]), g["variant"], g["lineup_label"], str(g["games"]),
            win_text(g, sep), score_text(g), length_text(g),
            endings_text(g["game"], g["endings"], sep)]


def markdown_table(groups: list[dict[str, Any]]) -> str:
    """The groups as a GitHub-flavoured Markdown table."""

    def cell(text: str) -> str:
        return html.escape(text, quote=False).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(TABLE_HEAD) + " |",
             "|" + "|".join("---:" if h in ("players", "games") else "---"
                            for h in TABLE_HEAD) + "|"]
    for g in groups:
        cells = [("<br>".join(cell(p) for p in c.split("\n")) if i in MULTI else cell(c))
                 for i, c in enumerate(table_cells(g, "\n"))]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _csv_rows(groups: list[dict[str, Any]]) -> tuple[list[str], list[dict[str, Any]]]:
    seats = max((len(g["seats"]) for g in groups), default=0)
    cols = ["game", "mode", "players", "variant", "options", "lineup", "series", "games",
            "no_winner", "win_rate", "win_ci_low", "win_ci_high"]
    for s in range(seats):
        cols += [f"seat{s}_agent", f"seat{s}_win_rate", f"seat{s}_ci_low", f"seat{s}_ci_high",
                 f"seat{s}_score_mean"]
    cols += ["agent_win_rates", "winner_score_mean"]
    for what in ("score", "decisions", "seconds"):
        cols += [f"{what}_{k}" for k in ("mean", "std", "min", *(q for q, _ in QUANTILES),
                                         "max")]
    cols += ["endings", "sources"]
    out = []
    for g in groups:
        row: dict[str, Any] = {k: g[k] for k in ("game", "mode", "players", "variant",
                                                  "series", "games", "no_winner")}
        row["options"] = json.dumps(g["options"], sort_keys=True)
        row["lineup"] = ",".join(g["lineup"])
        if g["team"] is not None:
            row["win_rate"] = g["team"]["rate"]
            row["win_ci_low"], row["win_ci_high"] = g["team"]["ci95"]
        for e in g["seats"]:
            s = e["seat"]
            row[f"seat{s}_agent"] = e["agent"]
            row[f"seat{s}_win_rate"] = e["rate"]
            row[f"seat{s}_ci_low"], row[f"seat{s}_ci_high"] = e["ci95"]
            row[f"seat{s}_score_mean"] = e["score_mean"]
        if g["agents"]:
            row["agent_win_rates"] = json.dumps({e["agent"]: e["rate"] for e in g["agents"]})
        row["winner_score_mean"] = g["winner_score_mean"]
        for what in ("score", "decisions", "seconds"):
            for k, v in (g[what] or {}).items():
                if k != "n":
                    row[f"{what}_{k}"] = v
        row["endings"] = json.dumps(g["endings"])
        row["sources"] = ";".join(g["sources"])
        out.append({k: ("" if v is None else v) for k, v in row.items()})
    return cols, out


def csv_text(groups: list[dict[str, Any]]) -> str:
    """``summary.csv``: one row per group; empty cells where a value does not apply."""
    cols, rows = _csv_rows(groups)
    buf = io.StringIO()
    w = csv.DictWriter(buf, cols, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()

