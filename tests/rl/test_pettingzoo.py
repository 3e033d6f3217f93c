"""The PettingZoo AEC environment, for every game and player count."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.records import replay
from getaway.core.registry import Game
from getaway.rl.pettingzoo import env, raw_env
from tests.rl.helpers import only_warnings, play_pettingzoo, registry_of
from tests.rl.toys import TEXT_BIDS_GAME

# api_test's generic advice for non-dict observations; dict observations with an action
# mask are PettingZoo's own convention for board games.
DICT_OBSERVATION_NOTES = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def test_api_test(observed: tuple[Game, int]) -> None:
    game, n = observed
    with only_warnings(*DICT_OBSERVATION_NOTES):
        api_test(env(game, players=n, seed=3), num_cycles=60)


def test_seed_test(observed: tuple[Game, int]) -> None:
    game, n = observed
    with only_warnings(*DICT_OBSERVATION_NOTES):
        seed_test(lambda: env(game, players=n), num_cycles=40)


def test_spaces_masks_and_observations_follow_the_engine(observed: tuple[Game, int]) -> None:
    game, n = observed
    e = env(game, players=n)
    e.reset(seed=11)
    raw = e.unwrapped
    rng = random.Random(2)
    for agent in e.agent_iter(max_iter=80):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        state = raw.game_state
        assert e.observation_space(agent).contains(obs)
        for other in e.possible_agents:
            seat = raw._seat[other]
            seen = e.observe(other)
            assert np.array_equal(seen["observation"],
                                  np.asarray(state.observation(seat), dtype=np.float32))
            legal = {game.actions.index(a) for a in state.legal_actions(seat)}
            if other == agent:
                assert set(np.flatnonzero(seen["action_mask"])) == legal
                assert seat in state.to_act()
            else:
                assert not seen["action_mask"].any(), "only the deciding seat has a mask"
        legal_now = np.flatnonzero(obs["action_mask"])
        e.step(int(legal_now[rng.randrange(len(legal_now))]))


def test_a_full_episode_pays_the_outcome_at_the_end(observed: tuple[Game, int]) -> None:
    game, n = observed
    e = env(game, players=n)
    e.reset(seed=5)
    rng = random.Random(9)
    final: dict[str, float] = {}
    seen_rewards: list[float] = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        assert not truncated
        if terminated:
            final[agent] = float(reward)
            assert info["outcome"] == e.unwrapped.game_state.outcome().to_json()
            e.step(None)
            continue
        seen_rewards.append(float(reward))
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
    outcome = e.unwrapped.game_state.outcome()
    assert outcome is not None
    assert final == {f"seat_{s}": r for s, r in enumerate(outcome.returns())}
    assert seen_rewards and not any(seen_rewards), "no reward before the end"
    assert e.agents == []
    record = e.unwrapped.record()
    assert replay(record, registry_of(game)).state.outcome() == outcome


def test_illegal_actions_raise_and_change_nothing(observed: tuple[Game, int]) -> None:
    game, n = observed
    e = env(game, players=n)
    e.reset(seed=4)
    raw = e.unwrapped
    for _ in range(3):
        agent = e.agent_selection
        mask = e.observe(agent)["action_mask"]
        before = (raw.game_state.fingerprint(), len(raw.record().steps), agent)
        masked_out = [int(i) for i in np.flatnonzero(mask == 0)]
        for bad in [len(game.actions), -1, 10**9, 1.0, "0", None, True, *masked_out[:3]]:
            with pytest.raises(IllegalAction):
                e.step(bad)
            after = (raw.game_state.fingerprint(), len(raw.record().steps), e.agent_selection)
            assert after == before, f"{bad!r} changed the game"
        e.step(int(np.flatnonzero(mask)[0]))
        if raw.game_state.is_over():
            break


def test_max_cycles_truncates_every_agent(observed: tuple[Game, int]) -> None:
    game, n = observed
    e = env(game, players=n, max_cycles=2)
    e.reset(seed=1)
    live_steps = 0
    for _ in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated != terminated
            if truncated:
                assert reward == 0 and info == {"truncated_after": 2 * n}
            e.step(None)
            continue
        live_steps += 1
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    over = e.unwrapped.game_state.is_over()
    assert live_steps == 2 * n or (over and live_steps < 2 * n)


def test_reset_replays_a_seed_and_moves_on_without_one(registered: Game) -> None:
    game = registered
    e = env(game, players=game.spec.min_players, seed=40)
    e.reset()
    first = e.unwrapped.game_state.fingerprint()
    assert e.unwrapped.game_seed == 40
    e.reset()
    assert e.unwrapped.game_seed == 41
    e.reset(seed=40)
    assert e.unwrapped.game_state.fingerprint() == first


def test_render_modes(observed: tuple[Game, int], capsys: pytest.CaptureFixture[str]) -> None:
    game, n = observed
    e = env(game, players=n, render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and game.id in text and "decides" in text
    human = env(game, players=n, render_mode="human")
    human.reset(seed=0)
    human.render()
    assert game.id in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        env(game, players=n, render_mode="rgb_array")


def test_random_episodes_match_the_engine(observed: tuple[Game, int]) -> None:
    game, n = observed
    e, script = play_pettingzoo(game, n, seed=8, rng=random.Random(1))
    record = e.unwrapped.record()
    assert [(s["seat"], game.actions.index(game.actions.from_json(s["action"])))
            for s in record.steps if "seat" in s] == script


def test_bad_configurations_are_refused() -> None:
    with pytest.raises(ConfigError, match="unknown game"):
        raw_env("no-such-game")
    with pytest.raises(ConfigError, match="players"):
        raw_env("escape-now", players=99)
    with pytest.raises(ConfigError, match="max_cycles"):
        raw_env("escape-now", max_cycles=0)
    with pytest.raises(ConfigError, match="seed"):
        raw_env("escape-now", seed=-1)
    with pytest.raises(ConfigError, match="no numeric observation"):
        raw_env(TEXT_BIDS_GAME, players=2)
    e = raw_env("escape-now", seed=np.int64(6))
    e.reset()
    assert e.game_seed == 6
    with pytest.raises(ConfigError, match="seed"):
        e.reset(seed=True)
