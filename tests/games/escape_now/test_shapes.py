"""ESCAPE NOW!'s declared view shape (shapes.py) agrees with the game's tables and with
views the conformance suite does not reach: the last one, with its outcome."""

from __future__ import annotations

import json
from typing import Any, get_args

import pytest

from getaway.core.match import Match
from getaway.core.shapes import fields, mismatches
from getaway.games.escape_now import GAME, shapes
from getaway.games.escape_now.content import ANSWER_WORDS, CARD_IDS, COLOURS, CONTENT, SLOTS, TRAITS
from getaway.games.escape_now.rules import Reason
from getaway.sim.driver import agent_rngs, play_match
from tests.conformance.playouts import playout


def test_the_closed_sets_are_the_games_own() -> None:
    assert get_args(shapes.Trait) == TRAITS
    assert get_args(shapes.CardId) == CARD_IDS
    assert tuple(fields(shapes.HandCards)) == CARD_IDS
    assert get_args(shapes.PawnColour) == COLOURS
    assert get_args(shapes.SlotId) == SLOTS
    assert get_args(shapes.AnswerWord) == ANSWER_WORDS
    assert {c.colour for c in CONTENT.cards} <= set(get_args(shapes.CardColour))
    assert set(get_args(fields(shapes.Outcome)["reason"][0])) == {Reason.ESCAPED, Reason.TIME_UP}


def test_every_decision_key_has_its_pending_shape() -> None:
    keys = [get_args(fields(p)["key"][0]) for p in get_args(shapes.Pending)]
    assert all(len(k) == 1 for k in keys)
    assert sorted(k[0] for k in keys) == sorted(GAME.decision_keys)


def _check_all_seats(state: Any, players: int) -> None:
    for seat in [None, *range(players)]:
        view = json.loads(json.dumps(state.view(seat)))
        assert not mismatches(view, GAME.view_type), (seat, mismatches(view, GAME.view_type))


@pytest.mark.parametrize(("players", "options"), [
    (1, {}), (2, {"expert": True}), (3, {"layout": "gauntlet"}), (6, {"layout": "easy"}),
])
def test_the_last_view_has_the_declared_shape(players: int, options: dict[str, Any]) -> None:
    config = GAME.spec.configure(players, options)
    for seed in range(3):
        state = playout(GAME, config, seed).state
        assert state.outcome() is not None
        _check_all_seats(state, players)


def test_an_escape_has_the_declared_shape() -> None:
    reasons = set()
    for players in (2, 4):
        config = GAME.spec.configure(players, {"layout": "easy"})
        for seed in range(4):
            match = Match(GAME, config, seed)
            agents = [GAME.agents()["heuristic"]() for _ in range(players)]
            play_match(match, agents, agent_rngs(seed, players))
            outcome = match.state.outcome()
            assert outcome is not None
            reasons.add(outcome.reason)
            _check_all_seats(match.state, players)
    assert Reason.ESCAPED in reasons, "the heuristic escapes from the easy room sometimes"
