"""Escape from New York's declared view shape (shapes.py) agrees with the game's tables
and holds all along heuristic games, which reach what random play seldom does (a vote at
a bridge, a Lone Victory offered and claimed, the turn step the other seats read)."""

from __future__ import annotations

import json
import random
from typing import Any, get_args

from getaway.core.agent import Observation
from getaway.core.shapes import fields, mismatches
from getaway.games.new_york import GAME, shapes
from getaway.games.new_york.model import Dir
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.tables import COLOUR_IDS, HERO_IDS, SUBURB_PILE
from getaway.games.new_york.victory import Reason


def test_the_closed_sets_are_the_games_own() -> None:
    assert get_args(shapes.HeroId) == tuple(HERO_IDS)
    assert get_args(shapes.Side) == tuple(d.value for d in Dir)
    assert set(get_args(shapes.SuburbFace)) == {"face-down"} | {i.value for i in SUBURB_PILE}
    assert get_args(shapes.Colour) == tuple(COLOUR_IDS)
    assert set(get_args(shapes.Ending)) == {Reason.COLLECTIVE, Reason.LONE, Reason.NEW_YORK}
    keys: list[str] = []
    for decision in get_args(shapes.Pending):
        keys += get_args(fields(decision)["key"][0])
    assert len(keys) == len(set(keys))
    assert set(keys) == set(GAME.decision_keys)


RARE = frozenset({"bridge_vote", "claim_now", "claim_first", "last_chance", "ride", "discard",
                  "take_objective", "steal", "pick_rider"})
"""Decisions checked whenever they come (the others every fourth decision)."""


def _check_all_seats(s: NewYorkState, keys: set[str]) -> None:
    for seat in [None, *range(s.n)]:
        view = json.loads(json.dumps(s.view(seat)))
        found = mismatches(view, GAME.view_type)
        assert not found, f"seat {seat}: {found}"
        if view["pending"]:
            keys.add(view["pending"]["key"])


def test_heuristic_games_have_the_declared_shape_to_their_end() -> None:
    keys: set[str] = set()
    reasons: set[Any] = set()
    for players, seed in ((1, 1), (1, 4), (2, 1), (3, 5), (4, 1)):
        s = GAME.new_state(GAME.spec.configure(players), seed)
        assert isinstance(s, NewYorkState)
        rng = random.Random(seed)
        agents = [GAME.agents()["heuristic"]() for _ in range(players)]
        n = 0
        while not s.is_over():
            if n % 4 == 0 or s.stack[-1].key in RARE:
                _check_all_seats(s, keys)
            n += 1
            seat = s.to_act()[0]
            s.apply(seat, agents[seat].choose(Observation(s, seat, s.legal_actions(seat)), rng))
        _check_all_seats(s, keys)
        out = s.outcome()
        assert out is not None
        reasons.add(out.reason)
    assert reasons == {Reason.COLLECTIVE, Reason.LONE, Reason.NEW_YORK}
    assert {"bridge_vote", "claim_now", "turn_step", "move", "damage"} <= keys, keys
