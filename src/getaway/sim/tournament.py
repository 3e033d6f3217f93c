"""Round robins: every pair of agents at one table, seats alternating.

For agents ``A, B, ...`` each unordered pair plays ``games`` games with the
seats dealt alternately -- seat 0, 2, 4... to one agent and 1, 3, 5... to the
other -- half the games one way round and half the other way, on the same
deals, so neither agent profits from a seat. Each agent also plays alone
(every seat), the baseline of cooperative games. An agent's win rate in a
pairing is the share of its seats that won; for a cooperative game it is the
team's win rate, each game one trial for the confidence interval.

Every pair of agents is also compared *paired*, game by game on the same
deals (:mod:`getaway.sim.paired`: the 2x2 table of wins, the difference with
its 95% interval, McNemar's exact test):

* ``"head to head"`` (competitive games, two or more seats): each game of the
  pairing, both ways round, is one pair -- did a seat of A win, did a seat of
  B win;
* ``"every seat"`` (cooperative games): A alone and B alone on the same
  deals -- did A's team win, did B's team win.

(A one-seat round robin has no pairings, so no paired comparison; ``getaway
compare`` makes one.)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from getaway.agents import make_agent
from getaway.core.errors import ConfigError
from getaway.games import registry
from getaway.sim.jobs import Job, Played
from getaway.sim.paired import PairedWins
from getaway.sim.runner import simulate
from getaway.sim.summary import Summary, wilson


def seat_agents(a: str, b: str, players: int, flip: bool) -> list[str]:
    """Agents per seat: alternating, starting with ``a`` (``b`` when flipped)."""
    first, second = (b, a) if flip else (a, b)
    return [first if s % 2 == 0 else second for s in range(players)]


@dataclass
class Cell:
    """How agent ``a`` did at tables shared with agent ``b``."""

    a: str
    b: str
    games: int = 0
    seats: int = 0  # seats ``a`` held, over all games
    seat_wins: int = 0  # of those, seats that won
    team_wins: int = 0  # games won by anybody
    cooperative: bool = False  # then a game is one trial, whatever the seats
    paired: PairedWins | None = None  # ``a`` against ``b`` game by game (``a != b``)
    design: str = ""  # how the pairs were formed: "head to head" or "every seat"

    def to_json(self) -> dict[str, Any]:
        """As JSON-able data."""
        wins, trials = ((self.team_wins, self.games) if self.cooperative
                        else (self.seat_wins, self.seats))
        lo, hi = wilson(wins, trials)
        out = {"agent": self.a, "with": self.b, "games": self.games, "seats": self.seats,
               "seat_wins": self.seat_wins, "team_wins": self.team_wins,
               "win_rate": wins / trials if trials else 0.0, "win_rate_ci95": [lo, hi]}
        if self.paired is not None:
            out["paired"] = {"design": self.design, **self.paired.to_json()}
        return out


def tournament(game: str, players: int, options: dict[str, Any], agents: list[str],
               games: int, seed: int = 0, backend: str = "pool", jobs: int | None = None,
               out: Path | None = None,
               progress: Callable[[int], None] | None = None) -> list[Cell]:
    """Play the round robin; returns one cell per (agent, partner) pair.

    Agents are named by their labels (``Agent.describe()``: every setting that
    differs from its default), so two specs of one agent are refused.
    """
    g = registry().get(game)
    agents = [make_agent(a, g).describe() for a in agents]
    if len(agents) < 1 or len(set(agents)) != len(agents):
        raise ConfigError("give one or more different agents"
                          + (f" (the agents are {', '.join(agents)})" if agents else ""))
    pairs = [(a, a) for a in agents]
    if players > 1:
        pairs += list(itertools.combinations(agents, 2))
    cooperative = g.cooperative
    cells: dict[tuple[str, str], Cell] = {}
    kept: dict[tuple[str, ...], list[Played]] = {}
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            cells.setdefault((x, y), Cell(x, y, cooperative=cooperative))
        for flip in (False, True) if a != b else (False,):
            per_seat = seat_agents(a, b, players, flip)
            n = games if a == b else (games + (not flip)) // 2
            if n == 0:
                continue
            job = Job(game, players, options, ",".join(per_seat), seed)
            path = None
            if out is not None:
                path = out / f"{_slug(per_seat)}.jsonl"
            keep: list[Played] = []
            kept[tuple(per_seat)] = keep
            summary = simulate(job, n, backend, jobs, None, path, progress, keep)
            _count(cells, per_seat, summary)
    if players > 1:  # one seat: no pairing shares a table, no cell to hold the comparison
        for a, b in itertools.combinations(agents, 2):
            _pair(cells, kept, a, b, players, cooperative)
    return [cells[k] for k in sorted(cells, key=lambda k: (agents.index(k[0]),
                                                           agents.index(k[1])))]


def _pair(cells: dict[tuple[str, str], Cell], kept: dict[tuple[str, ...], list[Played]],
          a: str, b: str, players: int, teams: bool) -> None:
    """Compare ``a`` and ``b`` game by game (see the module docstring)."""
    if teams:
        alone_a = sorted(kept[(a,) * players], key=lambda p: p.index)
        alone_b = sorted(kept[(b,) * players], key=lambda p: p.index)
        assert [p.seed for p in alone_a] == [p.seed for p in alone_b]
        a_won, b_won = [p.won for p in alone_a], [p.won for p in alone_b]
        design = "every seat"
    else:
        a_won, b_won = [], []
        for flip in (False, True):
            per_seat = seat_agents(a, b, players, flip)
            for p in sorted(kept.get(tuple(per_seat), []), key=lambda p: p.index):
                a_won.append(any(per_seat[s] == a for s in p.winners))
                b_won.append(any(per_seat[s] == b for s in p.winners))
        design = "head to head"
    table = PairedWins.of(a_won, b_won)
    cells[(a, b)].paired, cells[(a, b)].design = table, design
    cells[(b, a)].paired = PairedWins(table.both, table.only_b, table.only_a, table.neither)
    cells[(b, a)].design = design


def _count(cells: dict[tuple[str, str], Cell], per_seat: list[str], summary: Summary) -> None:
    names = sorted(set(per_seat))
    for x in names:
        partner = next((y for y in names if y != x), x)
        cell = cells[(x, partner)]
        cell.games += summary.games
        cell.team_wins += summary.wins
        for s, agent in enumerate(per_seat):
            if agent == x:
                cell.seats += summary.games
                cell.seat_wins += summary.seat_wins[s] if summary.seat_wins else 0


def _slug(per_seat: list[str]) -> str:
    return "__".join(a.replace(":", "_").replace("=", "-") for a in per_seat)
