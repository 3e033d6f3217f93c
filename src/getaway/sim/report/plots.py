"""The report's plots: PNGs drawn on matplotlib's Agg canvas.

The canvas is used directly: no pyplot, no global backend switch.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from getaway.sim.report.totals import Group, Report

IMAGE_NAMES = ("winrate.png", "seat_winrate.png", "decisions.png", "seconds.png", "scores.png")


def _figure(width: float, height: float) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig: Any, path: Path) -> Path:
    fig.savefig(path, format="png", metadata={"Software": None})
    return path


def _line_name(series: str, variant: str) -> str:
    return _plain(series if variant == "default" else f"{series} [{variant}]")


def _plain(text: object) -> str:
    """Text matplotlib shows as written ('$' would start mathtext)."""
    return str(text).replace("$", r"\$")


def _colors(names: Iterable[str]) -> dict[str, str]:
    """One colour per line, the same in every plot."""
    return {n: f"C{i % 10}" for i, n in enumerate(sorted(set(names)))}


def _entry_name(g: dict[str, Any], e: dict[str, Any]) -> str:
    """A competitive line's name: the agent, and whom it played with."""
    if len(g["agents"]) == 1:
        return str(g["series"])  # "heuristic (every seat)"
    if g["series"] == g["lineup_label"]:  # named seat by seat (see ``_name_series``)
        return f"{e['agent_label']} ({g['series']})"
    others = [a["agent_label"] for a in g["agents"] if a["agent"] != e["agent"]]
    return f"{e['agent_label']} against {' and '.join(others)}"


def winrate_lines(groups: list[dict[str, Any]]) -> dict[str, list[tuple[int, float, float,
                                                                       float]]]:
    """The win-rate plot's lines: name -> (players, rate, ci low, ci high) by player count.

    Cooperative: a line per line-up and variant; competitive: a line per agent in each.
    """
    lines: dict[str, list[tuple[int, float, float, float]]] = {}
    for g in groups:
        if g["team"] is not None:
            entries = [(_line_name(g["series"], g["variant"]), g["team"])]
        else:
            entries = [(_line_name(_entry_name(g, e), g["variant"]), e) for e in g["agents"]]
        for name, e in entries:
            lines.setdefault(name, []).append((g["players"], e["rate"], *e["ci95"]))
    for pts in lines.values():
        pts.sort()
    return dict(sorted(lines.items()))


def winrate_figure(groups: list[dict[str, Any]], game: str) -> Any:
    """Win rate by player count with 95% Wilson error bars.

    A line per line-up (and agent, and variant) when every line has two player
    counts or more; otherwise -- one player count, or a line-up played at one
    count only -- bars grouped by player count, a line would be a lone dot.
    """
    lines = winrate_lines(groups)
    fig = _figure(10, 4.8)
    ax = fig.add_subplot()
    k = len(lines)
    color = _colors(lines)
    players = sorted({g["players"] for g in groups})
    competitive = bool(groups) and groups[0]["team"] is None
    bars = any(len(pts) < 2 for pts in lines.values())
    if bars:
        width = 0.8 / max(k, 1)
        for i, (name, pts) in enumerate(lines.items()):
            xs = [p[0] + (i - (k - 1) / 2) * width for p in pts]
            ys = [p[1] for p in pts]
            err = [[max(0.0, p[1] - p[2]) for p in pts], [max(0.0, p[3] - p[1]) for p in pts]]
            ax.bar(xs, ys, width * 0.9, yerr=err, capsize=4, label=name, color=color[name],
                   error_kw={"ecolor": "black", "elinewidth": 1})
        if competitive:
            for n, p in enumerate(players):
                ax.hlines(1 / p, p - 0.45, p + 0.45, colors="k", linestyles=":",
                          label="fair share (1/players)" if n == 0 else None)
        ax.set_xticks(players, [f"{p} players" for p in players])
        ax.set_xlim(players[0] - 0.6, players[-1] + 0.6)
        ax.set_ylim(0, 1.02)
        ax.grid(alpha=0.3, axis="y")
    else:
        for i, (name, pts) in enumerate(lines.items()):
            dx = (i - (k - 1) / 2) * min(0.06, 0.4 / max(k, 1))  # keep error bars apart
            xs = [p[0] + dx for p in pts]
            ys = [p[1] for p in pts]
            err = [[max(0.0, p[1] - p[2]) for p in pts], [max(0.0, p[3] - p[1]) for p in pts]]
            ax.errorbar(xs, ys, yerr=err, marker="o", capsize=4, label=name,
                        color=color[name])
        if competitive:
            ax.plot(players, [1 / p for p in players], "k:", marker="_", markersize=24,
                    label="fair share (1/players)")
        ax.set_xticks(players)
        ax.set_xlim(players[0] - 0.5, players[-1] + 0.5)
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
    ax.set_xlabel("players")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_title(f"{_plain(game)}: win rate by player count")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return fig


def _plot_winrate(groups: list[dict[str, Any]], game: str, path: Path) -> Path:
    return _save(winrate_figure(groups, game), path)


def _plot_seats(groups: list[dict[str, Any]], game: str, path: Path) -> Path:
    """Competitive games: each seat's win rate per group, with 95% error bars."""
    fig = _figure(max(6.0, 1.2 * len(groups) + 2), 4.8)
    ax = fig.add_subplot()
    most = max(len(g["seats"]) for g in groups)
    width = 0.8 / most
    for s in range(most):
        xs, ys, lo, hi = [], [], [], []
        for i, g in enumerate(groups):
            if s < len(g["seats"]):
                e = g["seats"][s]
                xs.append(i + (s - (most - 1) / 2) * width)
                ys.append(e["rate"])
                lo.append(max(0.0, e["rate"] - e["ci95"][0]))
                hi.append(max(0.0, e["ci95"][1] - e["rate"]))
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=3, label=f"seat {s}")
    ax.set_xticks(range(len(groups)), [_plain(g["label"]) for g in groups], rotation=20,
                  ha="right",
                  fontsize="small")
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1.02)
    ax.set_title(f"{_plain(game)}: win rate by seat")
    ax.grid(alpha=0.3, axis="y")
    ax.legend(fontsize="small")
    return _save(fig, path)


def _plot_hist(groups: list[Group], what: str, game: str, path: Path) -> Path:
    """Histograms of game length, one panel per player count, a step line per group."""
    import numpy as np

    def values(g: Group) -> list[float]:
        if what == "decisions":
            return [float(r.decisions) for r in g.rows]
        return [r.seconds for r in g.rows if r.seconds is not None]

    counts = sorted({g.players for g in groups if values(g)})
    everything = [v for g in groups for v in values(g)]
    lo, hi = min(everything), max(everything)
    if what == "decisions":
        step = max(1.0, math.ceil((hi - lo + 1) / 40))
        bins = np.arange(lo, hi + step + 1, step) - 0.5
    else:
        bins = np.linspace(lo, hi if hi > lo else lo + 1, 31)
    cols = min(3, len(counts))
    nrows = math.ceil(len(counts) / cols)
    fig = _figure(4.2 * cols + 0.5, 3.4 * nrows)
    axes = fig.subplots(nrows, cols, squeeze=False, sharex=True)
    color = _colors(_line_name(g.series, g.variant) for g in groups)
    for ax, n in zip(axes.flat, counts, strict=False):
        for g in groups:
            vs = values(g)
            if g.players == n and vs:
                name = _line_name(g.series, g.variant)
                ax.hist(vs, bins=bins, histtype="step", linewidth=1.5, color=color[name],
                        label=f"{name} (n={len(vs)})")
        ax.set_title(f"{n} players", fontsize="medium")
        ax.set_xlabel("decisions per game" if what == "decisions" else "seconds per game")
        ax.set_ylabel("games")
        ax.legend(fontsize="x-small")
    for ax in list(axes.flat)[len(counts):]:
        ax.set_visible(False)
    fig.suptitle(f"{_plain(game)}: game length ({what})")
    return _save(fig, path)


def _plot_scores(groups: list[Group], game: str, path: Path) -> Path:
    """Score distributions: a box per group (competitive: per seat)."""
    data: list[list[float]] = []
    labels: list[str] = []
    for g in groups:
        if g.cooperative:
            scores = g.game_scores()
            if scores:
                data.append(scores)
                labels.append(_plain(g.label))
        else:
            for s, name in enumerate(g.lineup):
                scores = [r.scores[s] for r in g.rows if r.scores]
                if scores:
                    data.append(scores)
                    labels.append(_plain(f"{g.label} - seat {s} ({name})"))
    fig = _figure(8, max(2.5, 0.45 * len(data) + 1.4))
    ax = fig.add_subplot()
    ax.boxplot(data, orientation="horizontal", tick_labels=labels, showmeans=True)
    ax.invert_yaxis()
    ax.tick_params(axis="y", labelsize="small")
    ax.set_xlabel("team score per game" if groups[0].cooperative else "seat score per game")
    ax.set_title(f"{_plain(game)}: scores (box: quartiles, line: median, triangle: mean)")
    ax.grid(alpha=0.3, axis="x")
    return _save(fig, path)


def plots(report: Report, out: Path) -> list[Path]:
    """Draw every plot that applies into ``out``; returns the PNG paths."""
    data = [g.to_json() for g in report.groups]
    made = [_plot_winrate(data, report.game, out / "winrate.png")]
    if not report.cooperative:
        made.append(_plot_seats(data, report.game, out / "seat_winrate.png"))
    made.append(_plot_hist(report.groups, "decisions", report.game, out / "decisions.png"))
    if any(r.seconds is not None for g in report.groups for r in g.rows):
        made.append(_plot_hist(report.groups, "seconds", report.game, out / "seconds.png"))
    if any(r.scores for g in report.groups for r in g.rows):
        made.append(_plot_scores(report.groups, report.game, out / "scores.png"))
    return made

