"""The OpenSpiel games, for every game and player count (the imperfect-information API:
test_openspiel_imperfect.py; OpenSpiel's algorithms: test_openspiel_algorithms.py)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.records import replay
from getaway.core.registry import Game
from getaway.rl import openspiel
from getaway.rl._common import view_text
from tests.rl.helpers import registry_of
from tests.rl.toys import TEXT_BIDS_GAME, TOYS

for _toy in TOYS:
    openspiel.register_game(_toy)


def load(game: Game, players: int, **params: Any) -> Any:
    return pyspiel.load_game(openspiel.short_name(game.id), {"players": players, **params})


def random_state(game: Game, players: int, seed: int, moves: int, rng: random.Random) -> Any:
    """A state after the chance node ``seed`` and up to ``moves`` random actions."""
    state = load(game, players).new_initial_state()
    state.apply_action(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    return state


def test_every_registered_game_is_loadable() -> None:
    names = openspiel.register()
    assert names == openspiel.register(), "register() is idempotent"
    from getaway.games import registry

    for game in registry():
        name = "python_getaway_" + game.id.replace("-", "_")
        assert name in names and name in pyspiel.registered_names()
        assert pyspiel.load_game(name).num_players() == game.spec.min_players


def test_random_sim_test(case: tuple[Game, int]) -> None:
    game, n = case
    spiel_game = load(game, n)
    pyspiel.random_sim_test(spiel_game, num_sims=2, serialize=False, verbose=False)


def test_game_info_follows_the_game(case: tuple[Game, int]) -> None:
    game, n = case
    spiel_game = load(game, n, seeds=1000)
    assert spiel_game.num_players() == n
    assert spiel_game.num_distinct_actions() == len(game.actions)
    assert spiel_game.max_chance_outcomes() == 1000
    assert spiel_game.max_game_length() == game.max_decisions
    assert spiel_game.observation_tensor_size() == game.observation_size
    assert (spiel_game.min_utility(), spiel_game.max_utility()) == (0.0, 1.0)
    identical = spiel_game.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert identical == game.cooperative
    state = spiel_game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [s for s, _ in outcomes] == list(range(1000))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_parameters_from_a_game_string() -> None:
    game = pyspiel.load_game("python_getaway_escape_now(players=3,hard=true,layout=standard)")
    assert game.num_players() == 3
    assert game.get_parameters()["hard"] is True
    state = game.new_initial_state()
    state.apply_action(5)
    assert state.driver.state.config.options["hard"] is True
    with pytest.raises(ConfigError, match="players"):
        pyspiel.load_game("python_getaway_escape_now(players=7)")
    with pytest.raises(ConfigError, match="layout"):
        pyspiel.load_game("python_getaway_escape_now", {"players": 2, "layout": "nowhere"})
    with pytest.raises(ConfigError, match="seeds"):
        pyspiel.load_game("python_getaway_escape_now", {"seeds": 0})


def test_a_full_game_returns_the_outcome(case: tuple[Game, int]) -> None:
    game, n = case
    rng = random.Random(3)
    state = random_state(game, n, seed=12, moves=10**6, rng=rng)
    assert state.is_terminal()
    outcome = state.driver.outcome()
    assert outcome is not None
    assert state.returns() == outcome.returns() == state.rewards()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    history = state.history()
    assert history[0] == 12 and len(history) == 1 + len(
        [s for s in state.driver.record().steps if "seat" in s])
    assert replay(state.driver.record(), registry_of(game)).state.outcome() == outcome


def test_illegal_actions_raise_and_change_nothing(case: tuple[Game, int]) -> None:
    game, n = case
    spiel_game = load(game, n, seeds=100)
    chance = spiel_game.new_initial_state()
    for bad in (-2, 100, 10**6):  # (-1 is OpenSpiel's kInvalidAction: it refuses that itself)
        with pytest.raises(IllegalAction, match="seed"):
            chance.apply_action(bad)
    assert chance.is_chance_node() and chance.history() == []
    rng = random.Random(1)
    state = random_state(game, n, seed=7, moves=5, rng=rng)
    if state.is_terminal():
        pytest.skip("the game ended already")
    player = state.current_player()
    before = (state.history(), str(state), state.information_state_string(player),
              state.driver.state.fingerprint())
    illegal = sorted(set(range(len(game.actions))) - set(state.legal_actions()))
    for bad in [*illegal[:4], len(game.actions), -3]:
        with pytest.raises(IllegalAction):
            state.apply_action(bad)
        after = (state.history(), str(state), state.information_state_string(player),
                 state.driver.state.fingerprint())
        assert after == before


def test_observations_show_only_the_seats_view(case: tuple[Game, int]) -> None:
    """A seat's strings and tensor stay the same when everything it cannot see is redrawn."""
    game, n = case
    rng = random.Random(8)
    resampled = 0
    for moves in (0, 3, 9, 20):
        state = random_state(game, n, seed=30 + moves, moves=moves, rng=rng)
        engine = state.driver.state
        for seat in range(n):
            text = state.observation_string(seat)
            assert text == view_text(engine.view(seat))
            recall = state.information_state_string(seat)
            assert recall.endswith(text)
            tensor = state.observation_tensor(seat)
            assert np.allclose(tensor, engine.observation(seat))
            other = engine.determinize(seat, random.Random(moves * 10 + seat))
            resampled += other.fingerprint() != engine.fingerprint()
            state.driver.match.state = other
            try:
                assert state.observation_string(seat) == text
                assert state.information_state_string(seat) == recall
                assert state.observation_tensor(seat) == tensor
            finally:
                state.driver.match.state = engine
    if game.id in ("escape-now", "rl-bids"):
        assert resampled, "the check must see hidden information change"


def test_escape_now_hands_stay_hidden_from_other_seats() -> None:
    from getaway.games import registry

    state = random_state(registry().get("escape-now"), 3, seed=4, moves=2, rng=random.Random(0))
    engine = state.driver.state
    for seat in range(3):
        hands = engine.view(seat)["hands"]
        assert [("cards" in h) for h in hands] == [h["seat"] == seat for h in hands]
    assert '"cards":{' in state.observation_string(0)
    public = pyspiel.load_game("python_getaway_escape_now", {"players": 3})
    observer = public.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                   private_info=pyspiel.PrivateInfoType.NONE))
    assert observer.string_from(state, 0) == view_text(engine.view(None))
    assert observer.tensor is None


def test_information_states_remember_what_the_seat_saw(case: tuple[Game, int]) -> None:
    game, n = case
    rng = random.Random(5)
    state = random_state(game, n, seed=2, moves=0, rng=rng)
    seen: dict[int, list[str]] = {s: [state.information_state_string(s)] for s in range(n)}
    while not state.is_terminal():
        player = state.current_player()
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        now = state.information_state_string(player)
        assert now != seen[player][-1], "a seat's own action always changes its history"
        for s in range(n):
            seen[s].append(state.information_state_string(s))
    for history in seen.values():
        digests = [h.split(" ")[1] for h in history]
        changed = [d for i, d in enumerate(digests) if i == 0 or d != digests[i - 1]]
        assert len(set(changed)) == len(changed), "a history digest never comes back"


def test_clones_are_independent(case: tuple[Game, int]) -> None:
    game, n = case
    state = random_state(game, n, seed=9, moves=4, rng=random.Random(2))
    if state.is_terminal():
        pytest.skip("the game ended already")
    before = (state.history(), state.driver.state.fingerprint(),
              [state.information_state_string(s) for s in range(n)])
    copy = state.clone()
    assert copy.driver is not state.driver and copy.driver.state is not state.driver.state
    assert copy.history() == before[0] and str(copy) == str(state)
    while not copy.is_terminal():
        copy.apply_action(copy.legal_actions()[0])
    after = (state.history(), state.driver.state.fingerprint(),
             [state.information_state_string(s) for s in range(n)])
    assert after == before
    restored = pickle.loads(pickle.dumps(state.driver))
    assert restored.state.fingerprint() == state.driver.state.fingerprint()


def test_a_game_without_numbers_is_played_on_strings() -> None:
    name = openspiel.register_game(TEXT_BIDS_GAME)
    assert openspiel.register_game(TEXT_BIDS_GAME) == name
    with pytest.raises(ValueError, match="another game"):
        openspiel.register_game(type(TEXT_BIDS_GAME)())
    spiel_game = pyspiel.load_game(name, {"players": 3})
    spiel_type = spiel_game.get_type()
    assert not spiel_type.provides_observation_tensor
    assert not spiel_type.provides_information_state_tensor
    assert spiel_type.provides_observation_string
    pyspiel.random_sim_test(spiel_game, num_sims=2, serialize=False, verbose=False)
    state = spiel_game.new_initial_state()
    assert state.observation_string(1) == openspiel.BEFORE_SEED
    state.apply_action(3)
    assert state.observation_string(1) == view_text(state.driver.state.view(1))


@pytest.mark.slow  # whole games searched by MCTSBot: up to two minutes a game
def test_openspiels_own_algorithms_play_our_games(registered: Game) -> None:
    """OpenSpiel's MCTS bot (with its random-rollout evaluator) and uniform random
    bots play a whole game through OpenSpiel's own evaluate_bots loop."""
    from open_spiel.python.algorithms import evaluate_bots, mcts

    players = registered.spec.min_players
    game = load(registered, players)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 1.4, 8, evaluator, solve=False, random_state=rng)]
    bots += [pyspiel.make_uniform_random_bot(p, 5 + p) for p in range(1, players)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == players
    assert all(r in (0.0, 1.0) for r in returns)
