"""Each framework's own checks, at their default sizes, on every game at its smallest and
largest player count; plus the parallel environment, global state and vectorized envs."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test
from pettingzoo.test.state_test import test_parallel_env as pz_parallel_state_check
from pettingzoo.test.state_test import test_state_space as pz_state_space_check

from getaway.core.errors import IllegalAction
from getaway.core.records import replay
from getaway.core.registry import Game
from getaway.games import registry
from getaway.rl.gymnasium import GetawayEnv
from getaway.rl.pettingzoo import env, parallel_env
from tests.rl.helpers import only_warnings, registry_of
from tests.rl.toys import BIDS_GAME, RACE_GAME

ENDS = [(g, n) for g in registry() for n in sorted({g.spec.min_players, g.spec.max_players})]
END_IDS = [f"{g.id}-{n}p" for g, n in ENDS]
TOY_ENDS = [(g, n) for g in (BIDS_GAME, RACE_GAME)
            for n in sorted({g.spec.min_players, g.spec.max_players})]
PARALLEL = ENDS + TOY_ENDS
PARALLEL_IDS = END_IDS + [f"{g.id}-{n}p" for g, n in TOY_ENDS]


@pytest.mark.slow
@pytest.mark.parametrize("end", ENDS, ids=END_IDS)
def test_pettingzoo_api_test_at_its_defaults(end: tuple[Game, int]) -> None:
    game, n = end
    api_test(env(game, players=n))  # num_cycles=1000: whole games, terminal steps included


@pytest.mark.slow
@pytest.mark.parametrize("end", ENDS, ids=END_IDS)
def test_pettingzoo_seed_and_render_tests(end: tuple[Game, int],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    game, n = end
    seed_test(lambda: env(game, players=n))
    render_test(lambda render_mode=None: env(game, players=n, render_mode=render_mode))
    assert game.id in capsys.readouterr().out  # the human mode printed the view


@pytest.mark.slow
@pytest.mark.parametrize("end", PARALLEL, ids=PARALLEL_IDS)
def test_pettingzoo_parallel_api_and_seed_tests(end: tuple[Game, int]) -> None:
    game, n = end
    parallel_api_test(parallel_env(game, players=n))  # num_cycles=1000
    parallel_seed_test(lambda: parallel_env(game, players=n))  # num_cycles=500


@pytest.mark.parametrize("end", ENDS, ids=END_IDS)
def test_global_state_is_every_seats_observation(end: tuple[Game, int]) -> None:
    game, n = end
    e = env(game, players=n)
    pz_state_space_check(e)
    par = parallel_env(game, players=n)
    pz_parallel_state_check(par)
    assert e.state_space.shape == (n * game.observation_size,)
    e.reset(seed=3)
    rng = random.Random(3)
    for _agent in e.agent_iter(max_iter=40):
        obs, _, terminated, truncated, _ = e.last()
        state = e.state()
        assert e.state_space.contains(state)
        parts = np.split(state, n)
        for other in e.possible_agents:
            assert np.array_equal(parts[int(other.split("_")[1])], e.observe(other)["observation"])
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("end", ENDS, ids=END_IDS)
def test_check_env_on_the_raw_env_with_dense_rewards_and_a_curriculum(
        end: tuple[Game, int]) -> None:
    game, n = end
    with only_warnings("\x1b[33mWARN: Not able to test alternative render modes"):
        check_env(GetawayEnv(game, seat=0, players=n, reward="dense", curriculum="default"))


@pytest.mark.parametrize("end", PARALLEL, ids=PARALLEL_IDS)
def test_parallel_episodes_replay_and_let_simultaneous_seats_act_together(
        end: tuple[Game, int]) -> None:
    game, n = end
    par = parallel_env(game, players=n, illegal="raise")
    obs, infos = par.reset(seed=12)
    rng = random.Random(12)
    together = steps = 0
    while par.agents:
        acting = [a for a in par.agents if infos[a]["acting"]]
        assert acting and all(obs[a]["action_mask"].any() == (a in acting) for a in par.agents)
        before = par.game_state.fingerprint()
        masked_out = np.flatnonzero(obs[acting[0]]["action_mask"] == 0)
        if len(masked_out):
            bad = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in acting}
            bad[acting[0]] = int(masked_out[0])
            with pytest.raises(IllegalAction):
                par.step(bad)
            assert par.game_state.fingerprint() == before
        actions = {}
        for a in par.agents:
            legal = np.flatnonzero(obs[a]["action_mask"])
            actions[a] = int(legal[rng.randrange(len(legal))]) if len(legal) else 0
        obs, rewards, terms, truncs, infos = par.step(actions)
        played = [a for a in infos if infos[a]["played"]]
        assert acting[0] in played, "the deciding seat always plays"
        together += len(played) > 1
        steps += 1
    outcome = par.game_state.outcome()
    assert outcome is not None and all(terms.values()) and not any(truncs.values())
    assert rewards == {f"seat_{s}": r for s, r in enumerate(outcome.returns())}
    assert replay(par.record(), registry_of(game)).state.outcome() == outcome
    if game is BIDS_GAME:
        assert together, "the simultaneous bids were played in one parallel step"


def test_parallel_illegal_actions_end_the_episode_by_default() -> None:
    par = parallel_env("escape-now", players=2)
    obs, infos = par.reset(seed=1)
    (agent,) = [a for a in par.agents if infos[a]["acting"]]
    before = par.game_state.fingerprint()
    bad = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    _, rewards, terms, _, infos = par.step(dict.fromkeys(par.possible_agents, bad))
    assert rewards[agent] == -1.0 and all(terms.values()) and "not legal" in infos[agent]["illegal"]
    assert par.agents == [] and par.game_state.fingerprint() == before
    with pytest.raises(RuntimeError, match="reset"):
        par.step({})


@pytest.mark.parametrize("game_id", ["escape-now", "zombie-city", "alcatraz-2034"])
def test_vectorized_envs_step_with_masks(game_id: str) -> None:
    count = 3
    vec = gymnasium.vector.SyncVectorEnv(
        [lambda: GetawayEnv(game_id, players=2, reward="dense") for _ in range(count)])
    obs, infos = vec.reset(seed=[5, 6, 7])
    size = registry().get(game_id).observation_size
    assert obs.shape == (count, size) and infos["action_mask"].shape[0] == count
    masks = np.stack(vec.call("action_masks"))
    assert np.array_equal(masks, infos["action_mask"])
    rng = np.random.default_rng(0)
    finished = 0
    ended = np.zeros(count, dtype=bool)
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0
                            for m in infos["action_mask"]])
        obs, _rewards, terms, truncs, infos = vec.step(actions)
        assert vec.single_observation_space.contains(obs[0]) and not truncs.any()
        for i in range(count):
            if not ended[i] and not terms[i]:
                assert infos["action_mask"][i].any()
        finished += int(terms.sum())
        ended = terms | truncs  # the next step resets these (autoreset)
        if finished >= count:
            break
    assert finished >= count, "every env finished a game within 400 steps"
    vec.call("set_level", 0)
    vec.close()
