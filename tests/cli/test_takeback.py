"""``b`` in the terminal: cancel a choice begun, or take back a move that showed nothing
hidden (issue 16; the engine decides, ``getaway.core.takeback``)."""

from __future__ import annotations

from pathlib import Path

from getaway.core.records import Record
from tests.cli.test_quit import play


def test_b_takes_back_moves_that_showed_nothing(tmp_path: Path) -> None:
    # place the pawn, begin a move to puzzle B, then take both back; quit and save
    out = play(tmp_path, ["b", "1", "1", "b", "b", "q", "y", str(tmp_path / "r.json")])
    assert "Nothing to take back: there is no move to take back." in out
    assert out.count("Red takes back the last move.") == 2
    assert "b = take back" in out
    assert Record.load(tmp_path / "r.json").steps == ()


def test_b_never_takes_back_a_draw(tmp_path: Path) -> None:
    # place the pawn, then replenish drawing a card: the discard that follows cannot go back
    out = play(tmp_path, ["1", "3", "b", "q", "y", str(tmp_path / "r.json")])
    assert "Nothing to take back: the last move showed something that was hidden" in out
    record = Record.load(tmp_path / "r.json")
    assert len(record.steps) == 2 and record.steps[1]["action"] == {"kind": "replenish",
                                                                    "draw": 1}
