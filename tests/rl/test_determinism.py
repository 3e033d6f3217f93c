"""One seed and one list of action indices give one game in all three adapters."""

from __future__ import annotations

import random

import numpy as np
import pyspiel

from getaway.core.records import replay
from getaway.core.registry import Game
from getaway.rl import openspiel
from getaway.rl.gymnasium import GetawayEnv
from tests.rl.helpers import Scripted, play_pettingzoo, registry_of
from tests.rl.toys import TOYS

for _toy in TOYS:
    openspiel.register_game(_toy)


def test_pettingzoo_openspiel_and_gymnasium_play_the_same_game(observed: tuple[Game, int]) -> None:
    game, n = observed
    seed = 1234
    pz, script = play_pettingzoo(game, n, seed, random.Random(n))
    pz_record = pz.unwrapped.record()
    outcome = pz.unwrapped.game_state.outcome()
    fingerprint = pz.unwrapped.game_state.fingerprint()
    assert outcome is not None and script

    spiel = pyspiel.load_game(openspiel.short_name(game.id), {"players": n})
    state = spiel.new_initial_state()
    state.apply_action(seed)
    for seat, index in script:
        assert state.current_player() == seat
        state.apply_action(index)
    assert state.is_terminal() and state.returns() == outcome.returns()
    assert state.driver.record().steps == pz_record.steps
    assert state.driver.state.fingerprint() == fingerprint
    assert state.history() == [seed, *(index for _, index in script)]

    learner = n - 1
    position = [0]
    opponents = [Scripted(game, script, position) for _ in range(n - 1)]
    env = GetawayEnv(game, seat=learner, players=n, opponents=opponents)
    obs, info = env.reset(seed=seed)
    done = False
    while not done:
        seat, index = script[position[0]]
        position[0] += 1
        assert seat == learner and info["action_mask"][index] == 1
        obs, reward, done, _, info = env.step(index)
    assert position[0] == len(script)
    assert env.record().steps == pz_record.steps
    assert env.game_state.fingerprint() == fingerprint
    assert reward == outcome.returns()[learner]
    assert np.array_equal(obs, np.asarray(env.game_state.observation(learner), np.float32))

    replayed = replay(pz_record, registry_of(game))
    assert replayed.state.fingerprint() == fingerprint


def test_different_seeds_give_different_games(registered: Game) -> None:
    for n in range(registered.spec.min_players, registered.spec.max_players + 1):
        starts = set()
        for seed in range(3):
            env = GetawayEnv(registered, players=n)
            env.reset(seed=seed)
            starts.add(env.game_state.fingerprint())
        assert len(starts) == 3
