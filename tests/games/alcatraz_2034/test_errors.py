"""Illegal actions raise IllegalAction with a reason and change nothing."""

from __future__ import annotations

import pytest

from getaway.core.errors import IllegalAction
from getaway.games.alcatraz_2034 import GAME
from getaway.games.alcatraz_2034.actions import (
    END_TURN,
    Assign,
    Discard,
    Draw,
    Move,
    Play,
    StartRun,
)
from tests.games.alcatraz_2034.builder import assert_illegal, build

CHARS = {"sue": (0, "electrician"), "cole": (1, "hacker")}


def test_illegal_moves_and_runs_name_the_reason() -> None:
    s = build(2, chars=CHARS, at={"sue": "yard-1", "cole": "road-1-2"})
    assert_illegal(s, 0, Move("cole", "walk", "yard-2"), "not one of seat 0's prisoners")
    assert_illegal(s, 0, Move("sue", "walk", "coast-20"), "out of reach")
    assert_illegal(s, 0, Move("sue", "walk", "road-1-2"), "already holds a prisoner")
    assert_illegal(s, 0, StartRun("sue", ""), "cannot start this Run here")
    assert_illegal(s, 0, END_TURN, "before ending the turn")
    assert_illegal(s, 1, Move("cole", "walk", "road-1-3"), "may not act")


def test_illegal_cards_and_choices() -> None:
    s = build(2, chars=CHARS, hands=[["decoy"], []])
    assert_illegal(s, 0, Play("brute-force", "sue"), "holds no Brute Force")
    assert_illegal(s, 0, Play("decoy", "sentinel-1"), "cannot be played now")
    assert_illegal(s, 0, Draw("smarts"), "no draw")
    assert_illegal(s, 0, Discard("decoy"), "no discard")
    assert_illegal(s, 0, Assign("sue", "", "smarts"), "cannot be chosen")


def test_malformed_actions_are_refused() -> None:
    with pytest.raises(IllegalAction):
        GAME.actions.from_json({"kind": "move", "prisoner": "sue", "way": "fly", "to": "x"})
    with pytest.raises(IllegalAction):
        GAME.actions.from_json({"kind": "move_sentinel", "sentinel": 7, "to": "yard-1"})
    s = build(2, chars=CHARS)
    assert_illegal(s, 0, Move("nobody", "walk", "yard-1"), "not an action")
