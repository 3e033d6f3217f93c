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


def test_pairs_are_compared_game_by_game_on_the_same_deals() -> None:
    """Cooperative: each agent alone on the same deals; the 2x2 table counts those games."""
    cells = tournament("escape-now", 2, {}, ["random", "heuristic"], 8, seed=4,
                       backend="local")
    by = {(c.a, c.b): c.to_json() for c in cells}
    assert "paired" not in by[("random", "random")]  # the diagonal is no pair
    q = by[("heuristic", "random")]["paired"]
    alone = [Job("escape-now", 2, {}, spec, 4) for spec in ("heuristic", "random")]
    wins = [simulate(job, 8, backend="local").wins for job in alone]
    assert q["design"] == "every seat" and q["pairs"] == 8
    assert (q["wins"]["a"], q["wins"]["b"]) == (wins[0], wins[1])
    assert q["table"]["only_b"] == 0 and q["table"]["only_a"] == wins[0]  # random never wins
    mirror = by[("random", "heuristic")]["paired"]
    assert mirror["table"]["only_a"] == q["table"]["only_b"]
    assert mirror["difference"] == -q["difference"] and mirror["mcnemar_p"] == q["mcnemar_p"]


def test_competitive_pairs_are_head_to_head() -> None:
    cells = tournament("alcatraz-2034", 2, {}, ["random", "normal"], 4, seed=1,
                       backend="local")
    q = {(c.a, c.b): c.to_json() for c in cells}[("normal", "random")]["paired"]
    assert q["design"] == "head to head" and q["pairs"] == 4  # 2 games each way round
    assert sum(q["table"].values()) == 4


def test_agents_are_named_by_their_labels() -> None:
    cells = tournament("escape-now", 2, {}, ["ismcts:iterations=3:depth=5:c=0.7", "random"],
                       1, backend="local")
    assert cells[0].a == "ismcts:iterations=3:depth=5"
    bad = CliRunner().invoke(app, ["tournament", "escape-now", "--agents",
                                   "ismcts,ismcts:iterations=500"])
    assert bad.exit_code == 2 and "different agents" in bad.stderr


def test_a_resumed_tournament_pairs_the_games_it_read_back(tmp_path: Path) -> None:
    first = tournament("escape-now", 2, {}, ["random", "heuristic"], 6, backend="local",
                       out=tmp_path)
    again = tournament("escape-now", 2, {}, ["random", "heuristic"], 6, backend="local",
                       out=tmp_path)  # every game read back from the files
    assert [c.to_json() for c in again] == [c.to_json() for c in first]
    assert all(c.paired is not None for c in again if c.a != c.b)
