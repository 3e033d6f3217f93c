"""ESCAPE NOW! in the terminal: logs read back under the expert rule (EN-31, EN-GAP-20)."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from getaway.cli import app
from getaway.cli.play import QuitGame, TerminalAgent
from getaway.core.agent import Observation
from getaway.core.records import Record, replay
from getaway.games import registry
from getaway.games.escape_now import GAME
from tests.games.escape_now.test_recall import solve_b

runner = CliRunner()


def test_the_log_reads_back_a_solved_puzzles_cards_as_cards() -> None:
    s, log = solve_b(expert=True)
    c = Console(record=True, width=120, color_system=None, file=io.StringIO())
    answers = iter(["l", "q", "y"])
    agent = TerminalAgent(c, GAME, log, ask=lambda _: next(answers), state=s)
    with pytest.raises(QuitGame):
        agent.choose(Observation(s, s.to_act()[0]), random.Random(0))
    out = c.export_text()
    # the recent events before the decision, then the whole log (l)
    assert out.count("red plays a card on puzzle B") == 2, "EN-31"
    assert out.count("blue plays a card on puzzle B") == 2, "EN-31"
    assert "plays TENACIOUS" not in out and "as DEXTEROUS" not in out, "EN-31 EN-GAP-20"
    assert "finishes puzzle B" not in out, "EN-31: a finish would name the LUCKY SHOT"
    assert "Puzzle B is solved" in out


def test_without_expert_the_log_names_every_card() -> None:
    s, log = solve_b(expert=False)
    c = Console(record=True, width=120, color_system=None, file=io.StringIO())
    answers = iter(["l", "q", "y"])
    agent = TerminalAgent(c, GAME, log, ask=lambda _: next(answers), state=s)
    with pytest.raises(QuitGame):
        agent.choose(Observation(s, s.to_act()[0]), random.Random(0))
    out = c.export_text()
    assert "red plays TENACIOUS on puzzle B" in out
    assert "blue plays a LUCKY SHOT and finishes puzzle B" in out
    assert "plays a card on" not in out


def test_replay_as_a_reader_forgets_what_the_players_must_remember(tmp_path: Path) -> None:
    path = tmp_path / "expert.json"
    bots = "heuristic,heuristic,heuristic"
    r = runner.invoke(app, ["play", "escape-now", "-p", "3", "--bots", bots, "--seed", "4",
                            "-v", "expert=true", "--save", str(path)], catch_exceptions=False)
    assert r.exit_code == 0, r.stdout[-2000:]
    record = Record.load(path)
    end = replay(record, registry()).state
    state = registry().get("escape-now").new_state(end.config, record.seed)
    public = []
    for step in record.steps:
        action = GAME.actions.from_json(step["action"])
        for e in state.apply(step["seat"], action):
            if e.visible_to(None):
                public.append(e)
    forgotten = sum(1 for e in public if end.recall(e) is not e)
    assert forgotten >= 5, "the bots solved a puzzle"

    full = runner.invoke(app, ["replay", str(path)], catch_exceptions=False).stdout
    assert "red: play " in full and "you draw" in full, "the full account names everything"

    seen = runner.invoke(app, ["replay", str(path), "--spectator"], catch_exceptions=False)
    assert seen.exit_code == 0 and "verified" in seen.stdout
    out = seen.stdout
    assert "you draw" not in out and ": play " not in out, "no secrets, no action names"
    lines = [line.strip() for line in out.splitlines() if line.startswith("        ")]
    assert lines == [end.recall(e).text for e in public], "EN-31: read back by the final state"
    assert sum("plays a card on" in line for line in lines) == forgotten, "EN-31"
    for e in public:
        if end.recall(e) is not e:
            assert e.data["card"].upper() not in end.recall(e).text.upper(), "EN-GAP-20"

    own = runner.invoke(app, ["replay", str(path), "--seat", "0"], catch_exceptions=False).stdout
    assert "you draw" in own and own.count("plays a card on") == forgotten, "EN-31"


def test_replay_reader_options_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    runner.invoke(app, ["play", "escape-now", "-p", "2", "--bots", "random,random", "--seed", "1",
                        "--save", str(path)], catch_exceptions=False)
    r = runner.invoke(app, ["replay", str(path), "--seat", "2"])
    assert r.exit_code == 2 and "seat must be 0 to 1" in r.stderr
    r = runner.invoke(app, ["replay", str(path), "--seat", "0", "--spectator"])
    assert r.exit_code == 2 and "not both" in r.stderr


def test_the_game_over_says_escaped_or_lost_with_the_minutes_left() -> None:
    from getaway.agents.registry import make_agent
    from tests.cli.screen import screen_text

    seen = set()
    for seed in range(1, 12):
        s = GAME.start(3, seed=seed)
        bot = make_agent("heuristic", GAME)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, bot.choose(Observation(s, seat), rng))
        v = s.view(None)
        out = screen_text(v, "escape-now", width=120, whole=False)
        assert "Game over" in out and v["outcome"]["detail"][1:] in out
        if v["outcome"]["winners"]:
            assert f"The team escaped with {v['minutes_left']} minute" in out
            seen.add("won")
        else:
            assert "The team lost" in out
            seen.add("lost")
    assert "lost" in seen
