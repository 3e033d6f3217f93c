"""Illegal and malformed actions: IllegalAction with a reason, and nothing changes."""

from __future__ import annotations

import pytest

from getaway.core.decisions import PASS
from getaway.games.escape_now.actions import (
    Answer,
    Ask,
    Discard,
    Finish,
    MoveTo,
    PlacePawn,
    Play,
    Point,
    Question,
    Replenish,
)
from tests.games.escape_now.builder import act, assert_illegal, build


def turn():
    return build(3, hands=[{"logical": 2}, {"dexterous": 1}, {}], room={"A": "vent"},
                 pawns=["A", "B", "B"], pile_size=10)


@pytest.mark.parametrize("action", [
    MoveTo(99), MoveTo(-1), Play("sneaky", "sneaky"), Play("lucky", "lucky"),
    Discard("joker"), Question("meaning-of-life"), Answer("perhaps"), Point(42),
    PlacePawn(12), Replenish(-1),
])
def test_malformed_actions_are_refused_cleanly(action) -> None:
    s = turn()
    assert_illegal(s, 0, action, "not an action of escape-now")


def test_out_of_turn_and_wrong_phase_actions() -> None:
    s = turn()
    assert_illegal(s, 1, Replenish(1), "seat 1 may not act now", "waiting for seat 0")
    assert_illegal(s, 0, PlacePawn(0), "solve, move, replenish or ask")
    assert_illegal(s, 0, Discard("logical"), "discarded only to pay for a move")
    assert_illegal(s, 0, Answer("me"))
    assert_illegal(s, 0, Question("who-lucky"))
    act(s, Ask())
    assert_illegal(s, 0, Ask(), "Choose the question to ask")
    act(s, Question("who-lucky"))
    assert_illegal(s, 1, Point(0), "not an allowed answer")
    s.apply(1, PASS)
    assert_illegal(s, 1, Answer("me"), "seat 1 may not act now")


def test_game_over_refuses_everything() -> None:
    s = build(3, hands=[{"lucky": 1}, {}, {}], final=("radio", "guard"), solved=["E", "F"],
              placed={"FINAL": ["logical", "tenacious", "talkative"]}, pawns=["FINAL"] * 3)
    act(s, Finish())
    assert s.is_over()
    assert_illegal(s, 1, Replenish(1), "the game is over")
