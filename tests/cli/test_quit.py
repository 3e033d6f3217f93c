"""``q`` asks before it stops a game and offers to save the record (issue 16)."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from getaway.cli import app
from getaway.core.records import Record

runner = CliRunner()


def play(tmp_path: Path, answers: list[str], *extra: str) -> str:
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        r = runner.invoke(app, ["play", "escape-now", "-p", "1", "--seed", "2", *extra],
                          input="\n".join(answers) + "\n", catch_exceptions=False)
    finally:
        os.chdir(old)
    assert r.exit_code == 0, r.stdout[-2000:]
    return r.stdout


def test_q_asks_first_and_n_plays_on(tmp_path: Path) -> None:
    out = play(tmp_path, ["q", "n", "1", "q", "y", str(tmp_path / "mine.json")])
    assert out.count("Quit this game? (y/n)") == 2
    assert "Game stopped" in out and "Save the record to a file?" in out
    record = Record.load(tmp_path / "mine.json")
    assert record.outcome is None and len(record.steps) == 1


def test_the_suggested_file_name_and_an_empty_answer(tmp_path: Path) -> None:
    out = play(tmp_path, ["q", "y", "y"])
    assert "getaway-escape-now-2.json" in out
    assert not Record.load(tmp_path / "getaway-escape-now-2.json").steps
    (tmp_path / "getaway-escape-now-2.json").unlink()
    out = play(tmp_path, ["q", "y", ""])
    assert "Record saved" not in out and not list(tmp_path.iterdir())


def test_with_save_it_saves_there_without_asking(tmp_path: Path) -> None:
    out = play(tmp_path, ["q", "y"], "--save", str(tmp_path / "given.json"))
    assert "Save the record to a file?" not in out and "Record saved" in out
    assert Record.load(tmp_path / "given.json").outcome is None


def test_the_keys_draw_the_bulky_parts(tmp_path: Path) -> None:
    out = play(tmp_path, ["?", "m", "t", "q", "y", ""])
    assert "m = the room" in out and "t = the whole table" in out
    assert "m = room, t = whole table" in out  # named on the prompt line
