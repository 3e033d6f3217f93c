"""Dense (potential-based) rewards and curricula, in the Gymnasium and PettingZoo envs."""

from __future__ import annotations

import random

import numpy as np
import pytest

from getaway.core.errors import ConfigError
from getaway.core.registry import Game
from getaway.games import registry
from getaway.rl import learnable
from getaway.rl.gymnasium import GetawayEnv
from getaway.rl.pettingzoo import env, parallel_env

GAMES = list(registry())


def test_every_game_documents_its_shaping() -> None:
    for game in GAMES:
        assert len(game.shaping_doc) > 20, f"{game.id} says what its dense rewards pay for"
        state = game.start(game.spec.min_players, seed=0)
        for seat in range(game.spec.min_players):
            assert 0.0 <= learnable.potential(game).fn(state, seat) <= 1.0


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_dense_rewards_add_up_to_the_outcome_less_the_start_potential(game: Game) -> None:
    """The shaping telescopes: a whole episode's shaping is -phi(start), whatever is played."""
    n = game.spec.min_players if game.spec.min_players > 1 else 2
    for seed in (1, 2):
        sparse = GetawayEnv(game, players=n, seat=0)
        dense = GetawayEnv(game, players=n, seat=0, reward="dense")
        _, info = sparse.reset(seed=seed)
        dense.reset(seed=seed)
        start = learnable.Shaper(game, [0], 1.0).value(dense.game_state, 0)
        rng = random.Random(seed)
        total_sparse = total_dense = 0.0
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            action = int(legal[rng.randrange(len(legal))])
            _, r_sparse, done, _, info = sparse.step(action)
            _, r_dense, _, _, _ = dense.step(action)
            total_sparse += float(r_sparse)
            total_dense += float(r_dense)
        assert total_dense == pytest.approx(total_sparse - start, abs=1e-9)
        assert sparse.record().steps == dense.record().steps  # shaping never changes the game


def test_pettingzoo_dense_rewards_telescope_for_every_seat() -> None:
    e = env("escape-plan", players=2, reward="dense")
    e.reset(seed=4)
    start = {a: learnable.Shaper(e.unwrapped.game, [s], 1.0).value(e.unwrapped.game_state, s)
             for s, a in enumerate(e.possible_agents)}
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = random.Random(4)
    moved = False
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            e.step(None)
            continue
        moved = moved or reward != 0
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    returns = e.unwrapped.game_state.outcome().returns()
    for s, agent in enumerate(e.possible_agents):
        assert totals[agent] == pytest.approx(returns[s] - start[agent], abs=1e-9)
    assert moved, "some shaping was paid before the end"


def test_parallel_dense_rewards_telescope() -> None:
    par = parallel_env("zombie-city", players=2, reward="dense")
    obs, _ = par.reset(seed=2)
    start = [learnable.Shaper(par.game, [s], 1.0).value(par.game_state, s) for s in range(2)]
    totals = [0.0, 0.0]
    rng = random.Random(2)
    while par.agents:
        actions = {}
        for a in par.agents:
            legal = np.flatnonzero(obs[a]["action_mask"])
            actions[a] = int(legal[rng.randrange(len(legal))]) if len(legal) else 0
        obs, rewards, _, _, _ = par.step(actions)
        for s in range(2):
            totals[s] += rewards[f"seat_{s}"]
    returns = par.game_state.outcome().returns()
    assert totals == pytest.approx([returns[s] - start[s] for s in range(2)], abs=1e-9)


def test_shaping_gamma_and_reward_are_checked() -> None:
    with pytest.raises(ConfigError, match="reward"):
        GetawayEnv("escape-now", reward="shaped")
    with pytest.raises(ConfigError, match="shaping_gamma"):
        env("escape-now", reward="dense", shaping_gamma=0)
    e = GetawayEnv("escape-now", players=2, reward="dense", shaping_gamma=0.5)
    _, info = e.reset(seed=0)
    phi = e._shaper.before[0]
    _, r, _, _, _ = e.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert r == pytest.approx(0.5 * e._shaper.before[0] - phi)


def test_curriculum_levels_choose_the_variant() -> None:
    e = GetawayEnv("escape-now", players=2, curriculum="default")
    assert e.levels == 2
    e.reset(seed=1)
    assert e.game_state.config.options["layout"] == "easy"
    e.reset(seed=1, options={"level": 1})
    assert e.game_state.config.options["layout"] == "standard" and e.level == 1
    with pytest.raises(ConfigError, match="level"):
        e.set_level(2)
    zombies = env("zombie-city", players=2, curriculum="default")
    assert zombies.unwrapped.levels == 5
    zombies.unwrapped.set_level(4)
    zombies.reset(seed=0)
    assert zombies.unwrapped.game_state.config.options["scenario"] == 5
    custom = parallel_env("escape-now", players=3, options={"hard": True},
                          curriculum=[{"layout": "easy"}, {"layout": "gauntlet"}])
    custom.reset(seed=0, options={"level": 1})
    options = custom.game_state.config.options
    assert options["layout"] == "gauntlet" and options["hard"] is True
    plain = GetawayEnv("alcatraz-2034", curriculum="default")
    assert plain.levels == 1
    with pytest.raises(ConfigError, match="curriculum"):
        GetawayEnv("escape-now", curriculum="hardest")
    with pytest.raises(ConfigError, match="layout"):
        GetawayEnv("escape-now", curriculum=[{"layout": "moon"}])
