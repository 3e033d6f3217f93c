"""Every observation of every seat, at every step of whole games, lies in its declared space."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium import spaces

from getaway.core.registry import Game
from getaway.games import registry
from getaway.rl import _common

SEEDS = (0, 1, 2)
ENDS = [(g, n) for g in registry() for n in sorted({g.spec.min_players, g.spec.max_players})]


@pytest.mark.slow
@pytest.mark.parametrize("end", ENDS, ids=[f"{g.id}-{n}p" for g, n in ENDS])
def test_whole_random_games_stay_in_the_observation_space(end: tuple[Game, int]) -> None:
    game, n = end
    box = spaces.Box(0.0, 1.0, (game.observation_size,), dtype=np.float32)
    config = _common.configure(game, n, None)
    for seed in SEEDS:
        driver = _common.Driver(game, config, seed)
        rng = random.Random(seed)
        steps = 0
        while True:
            for seat in range(n):
                obs = driver.observation(seat)
                assert box.contains(obs), (
                    f"{game.id} {n}p seed {seed} step {steps} seat {seat}: values outside "
                    f"[0, 1] at {np.flatnonzero((obs < 0) | (obs > 1)).tolist()}")
            decider = driver.decider()
            if decider is None:
                break
            legal = driver.legal(decider)
            driver.play(decider, legal[rng.randrange(len(legal))])
            steps += 1
        assert driver.is_over() and steps > 0
