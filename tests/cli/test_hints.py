"""``h`` in the terminal: a hint for the deciding seat, kept in the record's meta."""

from __future__ import annotations

from pathlib import Path

from getaway.core.records import Record
from tests.cli.test_quit import play


def test_h_prints_a_hint_and_the_record_keeps_it_as_a_hint(tmp_path: Path) -> None:
    out = play(tmp_path, ["h", "1", "q", "y", str(tmp_path / "hinted.json")])
    assert "Hard would: " in out and "estimated chance of winning about " in out
    assert "playouts)" in out
    assert "h = hint" in out  # named on the prompt line
    record = Record.load(tmp_path / "hinted.json")
    assert len(record.steps) == 1  # the hint is not a step
    (hint,) = record.meta["hints"]
    assert hint["n"] == 0 and hint["seat"] == 0
    assert 0.0 <= hint["chance"] <= 1.0 and isinstance(hint["action"], dict)


def test_question_mark_is_the_help_and_names_h(tmp_path: Path) -> None:
    out = play(tmp_path, ["?", "q", "y", ""])
    assert "h = hint" in out and "Hard would" not in out


def test_no_hint_no_meta(tmp_path: Path) -> None:
    play(tmp_path, ["1", "q", "y", str(tmp_path / "plain.json")])
    assert "hints" not in Record.load(tmp_path / "plain.json").meta
