"""The Escape Plan heuristic agent: legal, better than random, and two behaviours in
constructed states."""

from __future__ import annotations

import random

import pytest

from getaway.agents.random import RandomAgent
from getaway.core.agent import Agent, Observation
from getaway.games.escape_plan import GAME
from getaway.games.escape_plan.actions import Simple, Visit
from getaway.games.escape_plan.heuristic import HeuristicAgent
from getaway.games.escape_plan.moves import Fee
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.visits import Menu
from tests.games.escape_plan.build import city


def _play(players: int, seed: int, agents: list[Agent]) -> EscapePlanState:
    s = GAME.start(players, seed=seed)
    assert isinstance(s, EscapePlanState)
    rng = random.Random(seed)
    for _ in range(20_000):
        if s.is_over():
            return s
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        a = agents[seat].choose(Observation(s, seat, legal), rng)
        assert a in legal
        s.apply(seat, a)
    raise AssertionError(f"{players}p seed {seed} did not end")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_only_legal_actions_and_games_end(players: int) -> None:
    for seed in range(3):
        agents: list[Agent] = [HeuristicAgent() for _ in range(players)]
        agents[seed % players] = RandomAgent()
        _play(players, 100 + seed, agents)


def test_one_heuristic_seat_beats_random_seats() -> None:
    wins = 0.0
    games = 0
    for players in (2, 3, 4):
        for g in range(12):
            h = g % players
            agents: list[Agent] = [RandomAgent() for _ in range(players)]
            agents[h] = HeuristicAgent()
            o = _play(players, 500 + g, agents).outcome()
            games += 1
            if h in o.winners:
                wins += 1 / len(o.winners)
    # random seats would share about a third of the games; measured ~0.6
    assert wins / games > 0.4


def test_pays_the_fee_rather_than_be_arrested() -> None:
    s = city(3)
    s.crew[0].money = 5
    s.stack.append(Fee(0))
    legal = s.legal_actions(0)
    a = HeuristicAgent().choose(Observation(s, 0, legal), random.Random(0))
    assert a == Simple("pay_fee")


def test_takes_the_income_at_an_exit_and_heals_at_the_clinic() -> None:
    s = city(3)
    p = s.crew[0]
    p.money = 5
    s.stack.append(Menu(0, "exit"))
    legal = s.legal_actions(0)
    assert Visit("income") in legal
    a = HeuristicAgent().choose(Observation(s, 0, legal), random.Random(0))
    assert a == Visit("income")
    s = city(3)
    s.crew[0].money = 5
    s.crew[0].wounds = 2
    s.crew[0].first_aid = False     # (with it ready, First Aid heals first)
    s.stack.append(Menu(0, "clinic"))
    legal = s.legal_actions(0)
    a = HeuristicAgent().choose(Observation(s, 0, legal), random.Random(0))
    assert a == Visit("heal")
