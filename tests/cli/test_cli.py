"""The command line: every command, good and bad input."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from getaway.cli import app
from getaway.core.records import Record

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def test_games_lists_escape_now() -> None:
    r = run("games")
    assert r.exit_code == 0 and "escape-now" in r.stdout
    data = json.loads(run("games", "--json").stdout)
    spec = next(g for g in data if g["id"] == "escape-now")
    assert spec["players"] == [1, 6]
    assert {o["key"] for o in spec["options"]} == {"layout", "hard", "expert"}


def test_rules_prints_the_rules_page() -> None:
    r = run("rules", "escape-now")
    assert r.exit_code == 0 and "LUCKY SHOT" in r.stdout
    bad = run("rules", "monopoly")
    assert bad.exit_code == 2 and "unknown game 'monopoly'" in bad.stderr


def test_play_with_bots_saves_a_replayable_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    r = run("play", "escape-now", "-p", "3", "--bots", "heuristic,heuristic,random",
            "--seed", "4", "--save", str(path))
    assert r.exit_code == 0, r.stdout
    assert "Game over" in r.stdout
    record = Record.load(path)
    assert record.outcome is not None and record.meta["seats"] == ["heuristic", "heuristic",
                                                                    "random"]
    v = run("replay", str(path))
    assert v.exit_code == 0 and "verified" in v.stdout
    assert "red: " in v.stdout and "seat 0" not in v.stdout  # seats as the game names them


def test_human_input_is_checked_and_quit_saves(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    r = run("play", "escape-now", "-p", "1", "--seed", "2", "--save", str(path),
            input="hello\n0\n99\n?\n1\nq\ny\n")
    assert r.exit_code == 0
    assert "'hello' is not a number" in r.stdout
    assert "There is no action 0" in r.stdout and "There is no action 99" in r.stdout
    assert "Type the number of an action" in r.stdout
    assert "Game stopped" in r.stdout
    record = Record.load(path)
    assert record.outcome is None and len(record.steps) == 1
    assert run("replay", "-q", str(path)).exit_code == 0


def test_hot_seat_shows_a_pass_the_device_screen() -> None:
    r = run("play", "escape-now", "-p", "2", "--seed", "3", input="\n1\n\n1\nq\ny\n\n")
    assert r.exit_code == 0
    assert "Pass the device to red" in r.stdout
    assert "Pass the device to green" in r.stdout
    assert "Red: press Enter" in r.stdout and "Green, your choice" in r.stdout
    screens = r.stdout.split("Pass the device to")
    # On green's screen, red's hand is hidden (and the other way round).
    assert "hidden" in screens[2]


def test_bad_play_options_are_clear() -> None:
    r = run("play", "escape-now", "-v", "layout=nowhere")
    assert r.exit_code == 2 and "option 'layout' cannot be 'nowhere'" in r.stderr
    r = run("play", "escape-now", "-p", "9")
    assert r.exit_code == 2 and "1 to 6 players" in r.stderr
    r = run("play", "escape-now", "-p", "2", "--bots", "genius")
    assert r.exit_code == 2 and "unknown agent 'genius'" in r.stderr
    r = run("play", "escape-now", "-p", "2", "--bots", "7=random")
    assert r.exit_code == 2 and "seat must be 0 to 1" in r.stderr


def test_sim_summary_is_independent_of_jobs(tmp_path: Path) -> None:
    args = ("sim", "escape-now", "-n", "24", "-p", "3", "--agents", "heuristic", "--seed", "9",
            "--json")
    one = json.loads(run(*args, "-j", "1").stdout)
    two = json.loads(run(*args, "-j", "2", "--records", str(tmp_path)).stdout)
    for d in (one, two):
        for timing in ("seconds", "decisions_per_second"):
            d.pop(timing)
    assert one == two
    assert one["games"] == 24 and 0 <= one["wins"] <= 24
    files = sorted(tmp_path.glob("game-*.json"))
    assert len(files) == 24
    assert run("replay", "-q", str(files[5])).exit_code == 0


def test_sim_table_and_bad_agents() -> None:
    r = run("sim", "escape-now", "-n", "5", "-p", "2")
    assert r.exit_code == 0 and "win rate" in r.stdout and "decisions per second" in r.stdout
    r = run("sim", "escape-now", "-n", "5", "-p", "3", "--agents", "random,random")
    assert r.exit_code == 2 and "2 agents given for 3 seats" in r.stderr


def test_replay_rejects_tampered_records(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "escape-now", "-p", "2", "--bots", "random,random", "--seed", "1",
        "--save", str(path))
    data = json.loads(path.read_text())
    data["steps"][0]["seat"] = 1
    path.write_text(json.dumps(data))
    r = run("replay", str(path))
    assert r.exit_code == 1 and "digest" in r.stderr
    path.write_text("garbage")
    r = run("replay", str(path))
    assert r.exit_code == 1 and "not valid JSON" in r.stderr


def test_bench_reports_speed() -> None:
    r = run("bench", "escape-now", "-p", "3", "--seconds", "0.2", "--json")
    data = json.loads(r.stdout)
    assert data["decisions_per_second"] > 0 and data["clone_us"] > 0
    assert data["decisions"] > 0 and data["games"] > 0


def test_chooser_plays_a_bot_game() -> None:
    # game 1, 2 players, 0 humans, default bots, default options
    r = run(input="1\n2\n0\n\n\n\n\n")
    assert r.exit_code == 0, r.stdout
    assert "Choose a game" in r.stdout and "Game over" in r.stdout


def test_chooser_rechecks_bad_answers() -> None:
    r = run(input="7\n1\n1\n0\nnobody\n\nlayout=x\nmaze\n\nyes\n\n")
    assert "Please type a number from 1 to" in r.stdout
    assert "Choose one of" in r.stdout
    assert "cannot be 'maze'" in r.stdout
    assert "'hard' (fewer LUCKY SHOTs) is defined for 2 to 4 players" in r.stdout


def test_version() -> None:
    assert run("--version").stdout.startswith("getaway ")
