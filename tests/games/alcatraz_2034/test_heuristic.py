"""The heuristic agent plays legal moves from its view and beats random play."""

from __future__ import annotations

import random

from getaway.agents.random import RandomAgent
from getaway.core.agent import Observation
from getaway.games.alcatraz_2034 import GAME
from getaway.games.alcatraz_2034.heuristic import HeuristicAgent


def test_heuristic_beats_random() -> None:
    rng = random.Random(0)
    h, r = HeuristicAgent(), RandomAgent()
    wins = 0
    games = 24
    for seed in range(games):
        s = GAME.start(3, seed=seed)
        while not s.is_over():
            seat = s.to_act()[0]
            agent = h if seat == seed % 3 else r
            a = agent.choose(Observation(s, seat), rng)
            assert a in s.legal_actions(seat)
            s.apply(seat, a)
        out = s.outcome()
        assert out is not None
        wins += (seed % 3) in out.winners
    assert wins >= games * 0.6, f"the heuristic seat won {wins} of {games}"
