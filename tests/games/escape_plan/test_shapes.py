"""Escape Plan's declared view shape (shapes.py) agrees with the game's tables and with
views random play rarely reaches: escapes, Locker and Exit tiles drawn, a tile waiting
for room on a full Item row, the end of the game, checked all along heuristic games (with
Sandra, and at the largest table) and at their end."""

from __future__ import annotations

import json
import random
from typing import get_args

from getaway.agents.random import RandomAgent
from getaway.core.agent import Agent, Observation
from getaway.core.decisions import Decision
from getaway.core.shapes import fields, mismatches
from getaway.games.escape_plan import GAME, frames, moves, rounds, shapes, visits
from getaway.games.escape_plan.heuristic import HeuristicAgent
from getaway.games.escape_plan.model import (
    ExitColour,
    LocationKind,
    LockerColour,
    PlayerColour,
    Police,
    Unescaped,
)
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import BOARD, CARDS


def test_the_closed_sets_are_the_games_own() -> None:
    assert get_args(shapes.PlayerColour) == tuple(c.value for c in PlayerColour)
    assert get_args(shapes.PoliceColour) == tuple(c.value for c in Police)
    assert get_args(shapes.LockerColour) == tuple(c.value for c in LockerColour)
    assert set(fields(shapes.Lockers)) == {c.value for c in LockerColour}
    assert get_args(shapes.ExitColour) == tuple(c.value for c in ExitColour)
    assert set(fields(shapes.ExitStacks)) == {c.value for c in ExitColour}
    assert set(fields(shapes.Equipment)) == {e.id for e in CARDS.equipment}
    assert set(get_args(shapes.VisitPlace)) <= {k.value for k in LocationKind}
    assert get_args(fields(shapes.View)["side"][0]) == tuple(s.id for s in BOARD.sides)
    assert get_args(fields(shapes.View)["unescaped"][0]) == tuple(u.value for u in Unescaped)


def _decisions() -> list[type[Decision]]:
    """Every decision of the game (the modules that define them are imported above)."""
    assert frames and moves and rounds and visits
    out, todo = [], [Decision]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("getaway.games.escape_plan.") and sub.key:
                out.append(sub)
    return out


def test_every_decision_a_seat_takes_has_its_pending_shape() -> None:
    keys = [get_args(fields(p)["key"][0]) for p in get_args(shapes.Pending)]
    shown = [k for ks in keys for k in ks]
    assert len(shown) == len(set(shown))
    decisions = _decisions()
    assert {d.key for d in decisions} == set(GAME.decision_keys)
    assert set(shown) == {d.key for d in decisions if not d.automatic}


def _check_all_seats(s: EscapePlanState) -> None:
    for seat in [None, *range(s.players)]:
        view = json.loads(json.dumps(s.view(seat)))
        found = mismatches(view, GAME.view_type)
        assert not found, f"seat {seat}: {found}"


def test_heuristic_games_have_the_declared_shape_to_their_end() -> None:
    seen: set[str] = set()
    for players, seed, unescaped in ((2, 0, "arrested"), (5, 1, "scored"), (3, 1, "arrested")):
        s = GAME.start(players, seed=seed, unescaped=unescaped)
        assert isinstance(s, EscapePlanState)
        rng = random.Random(seed)
        agents: list[Agent] = [HeuristicAgent() for _ in range(players)]
        agents[0] = RandomAgent()
        n = 0
        while not s.is_over():
            view = s.view(s.to_act()[0])
            seen |= {k for k in ("sandra", "drawn", "incoming", "move") if view[k]}
            seen |= {"tiles"} if view["drawn"] and "tiles" in view["drawn"] else set()
            seen |= {"escapes"} if view["escapes"] else set()
            if n % 5 == 0 or view["drawn"] or view["incoming"]:
                _check_all_seats(s)
            seat = s.to_act()[0]
            s.apply(seat, agents[seat].choose(Observation(s, seat), rng))
            n += 1
        _check_all_seats(s)
    assert seen == {"sandra", "drawn", "tiles", "incoming", "move", "escapes"}, seen
