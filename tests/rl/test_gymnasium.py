"""The Gymnasium single-agent environment, for every game, player count and seat."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import getaway.rl
from getaway.agents.random import RandomAgent
from getaway.core.agent import Observation
from getaway.core.chance import derive_seed
from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.match import Match
from getaway.core.records import replay
from getaway.core.registry import Game
from getaway.rl.gymnasium import GetawayEnv, env_id
from getaway.sim.driver import agent_rngs, play_match
from tests.rl.helpers import only_warnings, registry_of
from tests.rl.toys import RELAY_GAME, TEXT_BIDS_GAME

MADE_ENV_NOTE = "\x1b[33mWARN: The environment ("  # check_env's advice to check env.unwrapped


def legal(info: dict[str, object]) -> list[int]:
    mask = info["action_mask"]
    assert isinstance(mask, np.ndarray)
    return [int(i) for i in np.flatnonzero(mask)]


def test_check_env(observed: tuple[Game, int]) -> None:
    game, n = observed
    with only_warnings("\x1b[33mWARN: Not able to test alternative render modes"):
        check_env(GetawayEnv(game, seat=n - 1, players=n))


def test_registered_ids_pass_check_env_through_make(registered: Game) -> None:
    name = env_id(registered.id)
    assert name in getaway.rl.GYMNASIUM_IDS
    spec = registered.spec
    for n in range(spec.min_players, spec.max_players + 1):
        made = gymnasium.make(name, players=n, seat=n // 2)
        with only_warnings(MADE_ENV_NOTE):
            check_env(made)
        with only_warnings():
            check_env(made.unwrapped)
        assert isinstance(made.unwrapped, GetawayEnv) and made.unwrapped.config.players == n


def test_a_full_episode_pays_the_outcome_at_the_end(observed: tuple[Game, int]) -> None:
    game, n = observed
    env = GetawayEnv(game, seat=n - 1, players=n)
    obs, info = env.reset(seed=21)
    rng = random.Random(4)
    rewards: list[float] = []
    terminated = truncated = False
    while not (terminated or truncated):
        assert env.observation_space.contains(obs)
        assert np.array_equal(info["action_mask"], env.action_masks())
        mask = legal(info)
        assert mask == sorted(game.actions.index(a)
                              for a in env.game_state.legal_actions(env.seat))
        obs, reward, terminated, truncated, info = env.step(mask[rng.randrange(len(mask))])
        rewards.append(float(reward))
    outcome = env.game_state.outcome()
    assert outcome is not None and not truncated
    assert info["outcome"] == outcome.to_json()
    assert rewards[-1] == outcome.returns()[n - 1] and not any(rewards[:-1])
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    assert replay(env.record(), registry_of(game)).state.outcome() == outcome


def test_the_learner_plays_exactly_like_getaway_sim(observed: tuple[Game, int]) -> None:
    """With the learner choosing as the random agent would, the game is the simulated one."""
    game, n = observed
    seed, seat = 17, n // 2
    env = GetawayEnv(game, seat=seat, players=n, opponents="random")
    _, info = env.reset(seed=seed)
    me, rng = RandomAgent(), random.Random(derive_seed(seed, "agent", seat))
    done = False
    while not done:
        state = env.game_state
        action = me.choose(Observation(state, seat, state.legal_actions(seat)), rng)
        _, _, done, _, info = env.step(game.actions.index(action))
    config = game.spec.configure(n)
    match = Match(game, config, seed)
    play_match(match, [RandomAgent()] * n, agent_rngs(seed, n))
    assert env.record().steps == match.record().steps
    assert info["outcome"] == match.state.outcome().to_json()


def test_illegal_actions_terminate_with_a_penalty_and_change_nothing(
        observed: tuple[Game, int]) -> None:
    game, n = observed
    env = GetawayEnv(game, players=n, illegal_reward=-2.5)
    _, info = env.reset(seed=3)
    before = env.game_state.fingerprint()
    for bad in [len(game.actions), -1, 2.0, None, True, "1"]:
        with pytest.raises(IllegalAction):
            env.step(bad)
        assert env.game_state.fingerprint() == before
    masked_out = sorted(set(range(len(game.actions))) - set(legal(info)))
    if not masked_out:
        pytest.skip("every action is legal here")
    obs, reward, terminated, truncated, info = env.step(masked_out[0])
    assert (reward, terminated, truncated) == (-2.5, True, False)
    assert "not legal" in info["illegal"]
    assert env.game_state.fingerprint() == before
    assert np.array_equal(obs, np.asarray(env.game_state.observation(env.seat), np.float32))
    with pytest.raises(RuntimeError):
        env.step(legal(info)[0])


def test_illegal_actions_can_raise_instead(observed: tuple[Game, int]) -> None:
    game, n = observed
    env = GetawayEnv(game, players=n, illegal="raise")
    _, info = env.reset(seed=3)
    before = env.game_state.fingerprint()
    masked_out = sorted(set(range(len(game.actions))) - set(legal(info)))
    for bad in masked_out[:4]:
        with pytest.raises(IllegalAction, match="not legal"):
            env.step(bad)
        assert env.game_state.fingerprint() == before
    _, _, _, _, info = env.step(legal(info)[0])
    assert env.game_state.fingerprint() != before


def test_same_seed_same_actions_same_episode(observed: tuple[Game, int]) -> None:
    game, n = observed
    a = GetawayEnv(game, players=n, seat=n - 1, opponents="random")
    b = GetawayEnv(game, players=n, seat=n - 1, opponents="random")
    obs_a, info_a = a.reset(seed=99)
    obs_b, info_b = b.reset(seed=99)
    rng = random.Random(0)
    done = False
    while not done:
        assert np.array_equal(obs_a, obs_b) and np.array_equal(info_a["action_mask"],
                                                               info_b["action_mask"])
        choices = legal(info_a)
        action = choices[rng.randrange(len(choices))]
        obs_a, r_a, done, _, info_a = a.step(action)
        obs_b, r_b, _, _, info_b = b.step(action)
        assert r_a == r_b
    assert a.record().steps == b.record().steps


def test_reset_without_a_seed_uses_np_random(registered: Game) -> None:
    env = GetawayEnv(registered)
    env.reset(seed=5)
    first = env.game_seed
    env.reset()
    second = env.game_seed
    again = GetawayEnv(registered)
    again.reset(seed=5)
    again.reset()
    assert first == 5 and second == again.game_seed and second != first


def test_opponents_are_specs_agents_or_one_per_seat(registered: Game) -> None:
    game, n = registered, max(2, registered.spec.min_players)
    env = GetawayEnv(game, players=n, seat=1, opponents="ismcts:iterations=2:depth=4")
    assert list(env.opponents) == [s for s in range(n) if s != 1]
    env.reset(seed=2)
    assert env.game_state.to_act() and env.driver.decider() == 1
    mixed = GetawayEnv(game, players=n, opponents=[RandomAgent()] + ["random"] * (n - 2))
    assert isinstance(mixed.opponents[1], RandomAgent)
    with pytest.raises(ConfigError, match="opponents given"):
        GetawayEnv(game, players=n, opponents=["random"] * n)
    with pytest.raises(ConfigError, match="unknown agent"):
        GetawayEnv(game, players=n, opponents="grandmaster")
    with pytest.raises(ConfigError, match="seat"):
        GetawayEnv(game, players=n, seat=n)
    with pytest.raises(ConfigError, match="illegal"):
        GetawayEnv(game, players=n, illegal="ignore")


def test_every_registered_game_has_a_numeric_observation(registered: Game) -> None:
    assert registered.observation_size > 0, (
        f"{registered.id} needs Game.observation_size and State.observation(seat) for the "
        "PettingZoo and Gymnasium adapters")
    state = registered.start(registered.spec.max_players, seed=0)
    for seat in range(registered.spec.max_players):
        values = state.observation(seat)
        assert len(values) == registered.observation_size
        assert all(0.0 <= v <= 1.0 for v in values)


def test_games_without_a_numeric_observation_are_refused() -> None:
    with pytest.raises(ConfigError, match="no numeric observation"):
        GetawayEnv(TEXT_BIDS_GAME, players=2)
    assert env_id(TEXT_BIDS_GAME.id) not in gymnasium.registry


def test_render_ansi_shows_the_learners_view(observed: tuple[Game, int]) -> None:
    game, n = observed
    env = GetawayEnv(game, players=n, seat=n - 1, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and f"as seat {n - 1}" in text


def test_reset_skips_games_that_end_before_the_learner_decides() -> None:
    env = GetawayEnv(RELAY_GAME, seat=1, players=2)
    obs, info = env.reset(seed=4)  # even seeds end after seat 0's move
    assert info["game_seed"] == env.game_seed == 5
    assert env.driver.decider() == 1 and obs[2] == 1.0
    _, reward, terminated, _, info = env.step(0)
    assert terminated and reward == 1.0 and info["game_seed"] == 5
    first = GetawayEnv(RELAY_GAME, seat=0, players=2)
    assert first.reset(seed=4)[1]["game_seed"] == 4
