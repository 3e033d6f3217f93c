"""The totals of a report: games grouped by configuration, their rates and statistics.

Games are grouped by player count, variant options and agent line-up (runs
that differ only in their seed pool together); :func:`build` reads the files
and makes one :class:`Group` per configuration, in a :class:`Report`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from getaway.core.errors import ConfigError
from getaway.sim.report.inputs import Row, Source, load
from getaway.sim.report.names import agent_words, lineup_words, series_words
from getaway.sim.report.stats import describe, rate
from getaway.sim.report.tables import markdown_table


@dataclass
class Group:
    """The games of one configuration: game, players, options and agent line-up."""

    game: str
    players: int
    options: dict[str, Any]
    lineup: tuple[str, ...]
    cooperative: bool
    variant: str = "default"  # the options that differ from the game's defaults
    series: str = ""  # the line's name in plots: the agents, stable across player counts
    rows: list[Row] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)

    @property
    def lineup_label(self) -> str:
        """The line-up in words: "heuristic (every seat)", "seat 0: random, others
        heuristic" (:func:`~getaway.sim.report.names.lineup_words`)."""
        return lineup_words(self.lineup)

    @property
    def label(self) -> str:
        """Players, line-up and variant in a few words."""
        v = "" if self.variant == "default" else f"; {self.variant}"
        return f"{self.players} players: {self.lineup_label}{v}"

    def game_scores(self) -> list[float]:
        """Cooperative: the team's score per game; competitive: every seat's score."""
        if self.cooperative:
            return [sum(r.scores) / len(r.scores) for r in self.rows if r.scores]
        return [s for r in self.rows for s in r.scores]

    def to_json(self) -> dict[str, Any]:
        """Every total of the group, as JSON-able data."""
        games = len(self.rows)
        won = [r for r in self.rows if r.winners]
        seats: list[dict[str, Any]] = []
        agents: list[dict[str, Any]] = []
        team = None
        if self.cooperative:
            team = rate(len(won), games)
        else:
            for s, name in enumerate(self.lineup):
                wins = sum(1 for r in self.rows if s in r.winners)
                scores = [r.scores[s] for r in self.rows if r.scores]
                seats.append({"seat": s, "agent": name, "agent_label": agent_words(name),
                              **rate(wins, games),
                              "score_mean": sum(scores) / len(scores) if scores else None})
            for name in dict.fromkeys(self.lineup):
                held = [s for s, a in enumerate(self.lineup) if a == name]
                wins = sum(1 for r in self.rows for s in held if s in r.winners)
                agents.append({"agent": name, "agent_label": agent_words(name),
                               "seats": len(held),
                               **rate(wins, games * len(held))})
        winner_scores = [sum(r.scores[s] for s in r.winners) / len(r.winners)
                         for r in won if r.scores]
        seconds = [r.seconds for r in self.rows if r.seconds is not None]
        endings: dict[str, int] = {}
        for r in self.rows:
            endings[r.reason] = endings.get(r.reason, 0) + 1
        return {
            "game": self.game, "mode": "cooperative" if self.cooperative else "competitive",
            "players": self.players, "variant": self.variant, "options": self.options,
            "lineup": list(self.lineup), "lineup_label": self.lineup_label,
            "series": self.series, "label": self.label, "sources": self.sources,
            "games": games, "no_winner": games - len(won),
            "team": team, "seats": seats, "agents": agents,
            "score": describe(self.game_scores()),
            "winner_score_mean": (sum(winner_scores) / len(winner_scores)
                                  if winner_scores else None),
            "decisions": describe([float(r.decisions) for r in self.rows]),
            "seconds": describe(seconds),
            "endings": dict(sorted(endings.items())),
        }


def _variant(game: str, options: dict[str, Any]) -> str:
    defaults: dict[str, Any] = {}
    try:
        from getaway.games import registry

        defaults = {o.key: o.default for o in registry().get(game).spec.options}
    except ConfigError:
        pass  # a game this build does not know: every option is shown
    shown = [f"{k}={str(v).lower() if isinstance(v, bool) else v}"
             for k, v in sorted(options.items()) if k not in defaults or defaults[k] != v]
    return ", ".join(shown) or "default"


def _cooperative(game: str, rows: list[Row]) -> tuple[bool, bool]:
    """Whether the game is cooperative, and whether that was inferred from the rows."""
    try:
        from getaway.games import registry

        return registry().get(game).cooperative, False
    except ConfigError:
        # Unknown here: cooperative if every game was won by every seat or by none.
        return all(len(r.winners) in (0, r.players) for r in rows), True


@dataclass
class Report:
    """The totals of a set of results files, one :class:`Group` per configuration."""

    game: str
    cooperative: bool
    mode_inferred: bool
    sources: list[Source]
    groups: list[Group]
    warnings: list[str] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)  # written by :func:`write`

    @property
    def games(self) -> int:
        """Games in all groups."""
        return sum(len(g.rows) for g in self.groups)

    def to_json(self) -> dict[str, Any]:
        """The whole report as JSON-able data (``summary.json``)."""
        from getaway import __version__

        return {"game": self.game, "mode": "cooperative" if self.cooperative else "competitive",
                "mode_inferred": self.mode_inferred, "engine": __version__,
                "games": self.games, "sources": [s.to_json() for s in self.sources],
                "groups": [g.to_json() for g in self.groups], "warnings": self.warnings}

    def markdown(self) -> str:
        """A Markdown table of the groups, for a README."""
        return markdown_table([g.to_json() for g in self.groups])


def build(paths: Iterable[str | Path]) -> Report:
    """Read results files and total their games by configuration."""
    sources = load(paths)
    game = sources[0].header["game"]
    cooperative, inferred = _cooperative(game, [r for s in sources for r in s.rows])
    groups: dict[tuple[int, str, tuple[str, ...]], Group] = {}
    for s in sources:
        for r in s.rows:
            key = (r.players, r.options, r.agents)
            g = groups.get(key)
            if g is None:
                options = json.loads(r.options)
                g = groups[key] = Group(r.game, r.players, options, r.agents, cooperative,
                                        _variant(r.game, options))
            g.rows.append(r)
            if str(s.path) not in g.sources:
                g.sources.append(str(s.path))
    ordered = sorted(groups.values(), key=lambda g: (g.variant != "default", g.variant,
                                                     sorted(set(g.lineup)), g.lineup,
                                                     g.players))
    _name_series(ordered)
    warnings = [f"{s.path}: {s.cut} line(s) cut short and skipped (a run still being written?)"
                for s in sources if s.cut]
    warnings += [f"{s.path}: no finished games" for s in sources if not s.games]
    if inferred:
        warnings.append(f"{game} is not a game of this build: treated as "
                        f"{'cooperative' if cooperative else 'competitive'} from its results")
    return Report(game, cooperative, inferred, sources, ordered, warnings)


def _name_series(groups: list[Group]) -> None:
    """A line per line-up and variant across player counts.

    A line-up is named by its agents in order of their first seat ("heuristic
    (every seat)", "heuristic and random"), so the same mix at 2 and 4 players
    is one line; when two line-ups of one player count share that name (seats
    dealt differently), each is named seat by seat, as in the tables.
    """
    for g in groups:
        g.series = series_words(g.lineup)
    count: dict[tuple[str, str, int], int] = {}
    for g in groups:
        k = (g.series, g.variant, g.players)
        count[k] = count.get(k, 0) + 1
    clash = {(s, v) for (s, v, _), n in count.items() if n > 1}
    for g in groups:
        if (g.series, g.variant) in clash:
            g.series = g.lineup_label

