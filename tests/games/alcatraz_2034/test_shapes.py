"""Alcatraz 2034's declared view shape (shapes.py) agrees with the game's tables and with
views random play rarely reaches: Runs and their challenges, the end of the game, checked
all along heuristic games and at their end."""

from __future__ import annotations

import json
import random
from typing import get_args

from getaway.agents.random import RandomAgent
from getaway.core.agent import Agent, Observation
from getaway.core.shapes import fields, mismatches
from getaway.core.words import RefKind
from getaway.games.alcatraz_2034 import GAME, shapes
from getaway.games.alcatraz_2034.cards import WINDOW_NAMES
from getaway.games.alcatraz_2034.heuristic import HeuristicAgent
from getaway.games.alcatraz_2034.model import Combine, SentinelCardKind, Timing
from getaway.games.alcatraz_2034.scoring import Reason
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import (
    ABILITY_IDS,
    BT_IDS,
    DECK_IDS,
    METHOD_IDS,
    ROW_IDS,
    TILE_IDS,
    WAY_IDS,
)
from getaway.games.alcatraz_2034.views import TILE_STATES
from getaway.games.alcatraz_2034.words import EVENT_KINDS, SEAT_COLOURS


def test_the_closed_sets_are_the_games_own() -> None:
    assert get_args(shapes.Ability) == ABILITY_IDS
    assert tuple(fields(shapes.AbilityScores)) == ABILITY_IDS
    assert tuple(fields(shapes.PrintedScores)) == ABILITY_IDS
    assert get_args(shapes.Deck) == DECK_IDS
    assert tuple(fields(shapes.DeckCounts)) == DECK_IDS
    assert tuple(fields(shapes.EscapePiles)) == DECK_IDS
    assert get_args(shapes.Method) == METHOD_IDS
    assert tuple(fields(shapes.RunPiles)) == METHOD_IDS
    assert get_args(shapes.Way) == WAY_IDS[1:]
    assert tuple(fields(shapes.MovesByWay)) == WAY_IDS[1:]
    assert get_args(shapes.RowColour) == ROW_IDS
    assert get_args(shapes.SeatColour) == SEAT_COLOURS
    assert get_args(shapes.BuildingTile) == BT_IDS
    assert get_args(shapes.SystemTile) == TILE_IDS
    assert get_args(shapes.RunTileState) == TILE_STATES
    assert get_args(shapes.Timing) == tuple(t.value for t in Timing)
    assert get_args(shapes.Combine) == tuple(c.value for c in Combine)
    assert get_args(shapes.SentinelCardKind) == tuple(k.value for k in SentinelCardKind)
    assert get_args(shapes.Window) == WINDOW_NAMES
    refs = (*get_args(fields(shapes.SeatRef)["ref"][0]), *get_args(fields(shapes.Ref)["ref"][0]))
    assert refs == tuple(k.value for k in RefKind)
    assert get_args(shapes.EventKind) == (*EVENT_KINDS, "game_over")
    reasons = {Reason.LOCKDOWN, Reason.PRISON_WINS, Reason.ISLAND_EMPTY}
    assert set(get_args(fields(shapes.Outcome)["reason"][0])) == reasons


def test_every_decision_key_has_its_pending_shape() -> None:
    keys = [get_args(fields(p)["key"][0]) for p in get_args(shapes.Pending)]
    assert all(len(k) == 1 for k in keys)
    assert [k[0] for k in keys] == list(GAME.decision_keys)


def _check_all_seats(s: AlcatrazState) -> None:
    for seat in [None, *range(s.players)]:
        view = json.loads(json.dumps(s.view(seat)))
        found = mismatches(view, GAME.view_type)
        assert not found, f"seat {seat}: {found}"


def test_heuristic_games_have_the_declared_shape_to_their_end() -> None:
    seen: set[str] = set()
    for players, seed in ((2, 0), (4, 1)):
        s = GAME.start(players, seed=seed)
        assert isinstance(s, AlcatrazState)
        rng = random.Random(seed)
        agents: list[Agent] = [HeuristicAgent() for _ in range(players)]
        agents[0] = RandomAgent()
        n = 0
        while not s.is_over():
            if n % 7 == 0:
                _check_all_seats(s)
                seen.add("run" if s.run is not None else "")
                seen.add("attack" if s.attack is not None else "")
                seen.add(type(s.last_result).__name__)
            seat = s.to_act()[0]
            s.apply(seat, agents[seat].choose(Observation(s, seat), rng))
            n += 1
        _check_all_seats(s)
    assert {"run", "attack", "AttackResult", "ChallengeResult"} <= seen, seen
