"""Round robins: seat dealing, counts, intervals, the command."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from getaway.cli import app
from getaway.sim.jobs import Job
from getaway.sim.runner import simulate
from getaway.sim.summary import wilson
from getaway.sim.tournament import seat_agents, tournament


def test_seats_alternate_and_flip() -> None:
    assert seat_agents("a", "b", 5, flip=False) == ["a", "b", "a", "b", "a"]
    assert seat_agents("a", "b", 5, flip=True) == ["b", "a", "b", "a", "b"]


def test_round_robin_counts(tmp_path: Path) -> None:
    options = {"layout": "easy", "hard": False, "expert": False}
    cells = tournament("escape-now", 3, options, ["random", "heuristic"], 10, seed=3,
                       backend="local", out=tmp_path)
    by = {(c.a, c.b): c for c in cells}
    assert set(by) == {("random", "random"), ("heuristic", "heuristic"),
                       ("random", "heuristic"), ("heuristic", "random")}
    solo = by[("heuristic", "heuristic")]
    alone = simulate(Job("escape-now", 3, options, "heuristic,heuristic,heuristic", 3), 10,
                     backend="local")
    assert (solo.games, solo.team_wins, solo.seats) == (10, alone.wins, 30)
    d = solo.to_json()
    assert d["win_rate"] == alone.wins / 10 and d["win_rate_ci95"] == list(wilson(alone.wins, 10))
    mixed = by[("heuristic", "random")]
    assert mixed.games == 10 and mixed.seats == 5 * 2 + 5 * 1  # 2 seats one way, 1 the other
    assert by[("random", "heuristic")].seats == 5 * 1 + 5 * 2
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "heuristic__heuristic__heuristic.jsonl", "heuristic__random__heuristic.jsonl",
        "random__heuristic__random.jsonl", "random__random__random.jsonl"]


def test_tournament_command() -> None:
    r = CliRunner().invoke(app, ["tournament", "escape-now", "-p", "1", "--agents",
                                 "random,heuristic", "-n", "6", "--json", "--backend", "local"])
    assert r.exit_code == 0, r.stdout
    cells = json.loads(r.stdout)
    assert [(c["agent"], c["with"]) for c in cells] == [("random", "random"),
                                                        ("heuristic", "heuristic")]
    bad = CliRunner().invoke(app, ["tournament", "escape-now", "--agents", "random,random"])
    assert bad.exit_code == 2 and "different agents" in bad.stderr
