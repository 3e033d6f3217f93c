"""Escape: Zombie City's declared view shape (shapes.py) agrees with the game's tables and
with views random play never reaches: the van's phase and an escape, checked all along
heuristic games and at their end."""

from __future__ import annotations

import json
from typing import get_args

from getaway.core.agent import Observation
from getaway.core.rollout import busy, next_seat, schedule
from getaway.core.shapes import fields, mismatches
from getaway.games.zombie_city import GAME, shapes
from getaway.games.zombie_city.heuristic import HeuristicAgent
from getaway.games.zombie_city.model import Building, Edge, Ending, ZombieColour
from getaway.games.zombie_city.state import ZombieCityState
from getaway.games.zombie_city.tables import CODE_NAME
from getaway.games.zombie_city.words import SEAT_COLOURS
from getaway.sim.driver import agent_rngs
from tests.games.zombie_city.build import fresh


def test_the_closed_sets_are_the_games_own() -> None:
    assert get_args(shapes.Edge) == tuple(e.value for e in Edge)
    assert get_args(shapes.Face) == CODE_NAME
    assert get_args(shapes.SeatColour) == SEAT_COLOURS
    assert get_args(shapes.ZombieColour) == tuple(c.value for c in ZombieColour)
    assert tuple(fields(shapes.ItemStacks)) == tuple(sorted(b.value for b in Building))
    assert set(get_args(fields(shapes.Outcome)["reason"][0])) == {e.value for e in Ending}
    assert get_args(fields(shapes.Pending)["key"][0]) == tuple(GAME.decision_keys)


def _check_all_seats(s: ZombieCityState) -> None:
    for seat in [None, *range(s.players)]:
        view = json.loads(json.dumps(s.view(seat)))
        found = mismatches(view, GAME.view_type)
        assert not found, f"seat {seat}: {found}"


def test_heuristic_games_have_the_declared_shape_to_their_end() -> None:
    phases, reasons = set(), set()
    for seed in (0, 1, 5):  # the church falls, time is up, the van escapes
        s = fresh(4, seed=seed)
        free_at = schedule(s)
        rngs = agent_rngs(seed, 4)
        agent = HeuristicAgent()
        n = 0
        while (seat := next_seat(s, free_at)) is not None:
            if n % 25 == 0:
                _check_all_seats(s)
                phases.add(s.phase)
            action = agent.choose(Observation(s, seat, s.legal_actions(seat)), rngs[seat])
            busy(s, free_at, seat, action)
            s.apply(seat, action)
            n += 1
        _check_all_seats(s)
        reasons.add(s.outcome().reason)  # type: ignore[union-attr]
    assert phases == {1, 2} and reasons == set(Ending), (phases, reasons)
