"""OpenSpiel's imperfect-information API on every game at its smallest and largest player count:
resampling, information-state tensors, factored observers, pickling, the chance modes."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from getaway.core.errors import ConfigError
from getaway.core.registry import Game
from getaway.games import registry
from getaway.rl import openspiel
from getaway.rl._common import view_text
from getaway.rl.openspiel_observer import private_part
from tests.rl.toys import TOYS

EXTREMES: list[tuple[Game, int]] = [
    (g, n) for g in registry() for n in sorted({g.spec.min_players, g.spec.max_players})]
IDS = [f"{g.id}-{n}p" for g, n in EXTREMES]
PRIVATE = pyspiel.IIGObservationType(public_info=False, perfect_recall=False,
                                     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
PUBLIC = pyspiel.IIGObservationType(public_info=True, perfect_recall=False,
                                    private_info=pyspiel.PrivateInfoType.NONE)
PUBLIC_RECALL = pyspiel.IIGObservationType(public_info=True, perfect_recall=True,
                                           private_info=pyspiel.PrivateInfoType.NONE)


def load(game: Game, players: int, **params: Any) -> Any:
    return pyspiel.load_game(openspiel.short_name(game.id),
                             {"players": players, "seeds": 64, **params})


def advance(state: Any, moves: int, rng: random.Random) -> Any:
    """Play up to ``moves`` random actions (the seed first, if not drawn yet)."""
    if state.is_chance_node():
        state.apply_action(rng.randrange(len(state.chance_outcomes())))
    for _ in range(moves):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    return state


def snapshot(state: Any, players: int) -> tuple[Any, ...]:
    """Everything an outsider can read of a state."""
    return (state.history(), str(state), state.driver.state.fingerprint(),
            [state.information_state_string(p) for p in range(players)],
            [state.observation_string(p) for p in range(players)])


@pytest.mark.parametrize("extreme", EXTREMES, ids=IDS)
def test_resampling_keeps_the_seats_information_state(extreme: tuple[Game, int]) -> None:
    game, n = extreme
    spiel_game = load(game, n)
    rng = random.Random(4)
    redrawn = 0
    for moves in (0, 6, 25):
        state = advance(spiel_game.new_initial_state(), moves, rng)
        if state.is_terminal():
            continue
        before = snapshot(state, n)
        for seat in range(n):
            world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(
                seat + moves, 0.0, 1.0))
            assert world.is_sampled() and not state.is_sampled()
            assert world.history() == state.history()
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert world.observation_tensor(seat) == state.observation_tensor(seat)
            assert world.current_player() == state.current_player()
            redrawn += world.driver.state.fingerprint() != state.driver.state.fingerprint()
            again = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(
                seat + moves, 0.0, 1.0))
            assert again.driver.state.fingerprint() == world.driver.state.fingerprint()
            with pytest.raises(ValueError, match="no record"):
                world.driver.record()
            copy = pickle.loads(pickle.dumps(world))
            assert copy.is_sampled()
            assert snapshot(copy, n) == snapshot(world, n)
            advance(world, 10**6, rng)  # a redrawn world plays on to its end
            assert world.is_terminal()
        assert snapshot(state, n) == before, "resampling never changes the state"
    if game.id in ("escape-now", "alcatraz-2034", "new-york", "escape-plan"):
        assert redrawn, "the check must see hidden information redrawn"


def test_a_resample_of_a_resample_pickles_to_the_same_world() -> None:
    game = registry().get("escape-now")
    state = advance(load(game, 4).new_initial_state(), 5, random.Random(1))
    world = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    advance(world, 3, random.Random(2))
    deeper = world.resample_from_infostate(world.current_player(), random.Random(5).random)
    advance(deeper, 2, random.Random(6))
    assert len(deeper.driver.redraws) == 2
    copy = pickle.loads(pickle.dumps(deeper))
    assert snapshot(copy, 4) == snapshot(deeper, 4)
    chance = load(game, 4).new_initial_state()
    same = chance.resample_from_infostate(0, random.Random(0).random)
    assert same.is_chance_node() and same.history() == []


def test_resampling_refuses_bad_input_and_changes_nothing() -> None:
    state = advance(load(registry().get("escape-now"), 3).new_initial_state(), 4,
                    random.Random(3))
    before = snapshot(state, 3)
    for seat in (-1, 3, True, "0"):
        with pytest.raises(ValueError, match="player_id"):
            state.resample_from_infostate(seat, random.Random(0).random)
    with pytest.raises(ValueError, match="probability sampler"):
        state.resample_from_infostate(0, lambda: 1.5)
    assert snapshot(state, 3) == before


@pytest.mark.parametrize("extreme", EXTREMES, ids=IDS)
def test_information_state_tensor_layout(extreme: tuple[Game, int]) -> None:
    game, n = extreme
    spiel_game = load(game, n)
    size, bits = game.observation_size, len(game.actions).bit_length()
    shapes = spiel_game.information_state_tensor_shapes()
    assert shapes == {"observation": [size], "recent_actions": [8, bits], "decisions": [1]}
    assert spiel_game.information_state_tensor_size() == size + 8 * bits + 1
    assert spiel_game.observation_tensor_size() == size
    assert spiel_game.get_type().provides_information_state_tensor
    state = spiel_game.new_initial_state()
    assert not any(state.information_state_tensor(0))
    state.apply_action(9)
    rng = random.Random(7)
    played: list[list[int]] = [[] for _ in range(n)]
    for _ in range(30):
        if state.is_terminal():
            break
        seat, actions_now = state.current_player(), state.legal_actions()
        action = actions_now[rng.randrange(len(actions_now))]
        state.apply_action(action)
        played[seat].append(action)
    observer = spiel_game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    for seat in range(n):
        tensor = np.array(state.information_state_tensor(seat))
        assert ((tensor >= 0) & (tensor <= 1)).all()
        observer.set_from(state, seat)
        assert (observer.tensor == tensor.astype(np.float32)).all()
        pieces = observer.dict
        assert np.allclose(pieces["observation"], state.driver.state.observation(seat))
        rows = pieces["recent_actions"]
        assert set(np.unique(rows)) <= {0.0, 1.0}
        codes = [int("".join(str(int(b)) for b in row), 2) for row in rows]
        latest = played[seat][::-1][:8]
        assert codes == [a + 1 for a in latest] + [0] * (8 - len(latest))
        assert pieces["decisions"][0] == pytest.approx(
            min(1.0, len(played[seat]) / spiel_game.max_game_length()))


@pytest.mark.parametrize("extreme", EXTREMES, ids=IDS)
def test_public_and_private_observers(extreme: tuple[Game, int]) -> None:
    game, n = extreme
    spiel_game = load(game, n)
    public = spiel_game.make_py_observer(PUBLIC)
    private = spiel_game.make_py_observer(PRIVATE)
    history = spiel_game.make_py_observer(PUBLIC_RECALL)
    assert public.tensor is None and private.tensor is None and history.tensor is None
    state = spiel_game.new_initial_state()
    assert public.string_from(state, 0) == private.string_from(state, 0) == openspiel.BEFORE_SEED
    advance(state, 12, random.Random(2))
    engine = state.driver.state
    spectator = engine.view(None)
    assert public.string_from(state, 0) == view_text(spectator)
    assert history.string_from(state, 0) == history.string_from(state, n - 1)
    assert history.string_from(state, 0).endswith(view_text(spectator))
    secrets = 0
    for seat in range(n):
        text = private.string_from(state, seat)
        assert text == view_text(private_part(engine.view(seat), spectator))
        secrets += text != "{}"
        # the private part is all that the seat sees beyond the spectator
        world = state.resample_from_infostate(seat, random.Random(seat).random)
        assert private.string_from(world, seat) == text
    if game.id in ("escape-now", "alcatraz-2034", "new-york"):
        assert secrets, "some seat holds something private"


def test_private_part_keeps_only_what_differs() -> None:
    mine = {"round": 2, "hands": [{"seat": 0, "cards": [1, 2]}, {"seat": 1, "size": 2}],
            "mine": True}
    public = {"round": 2, "hands": [{"seat": 0, "size": 2}, {"seat": 1, "size": 2}]}
    assert private_part(mine, public) == {"hands": {"[0]": {"cards": [1, 2]}}, "mine": True}
    assert private_part(public, public) == {}


def test_unsupported_observers_are_refused() -> None:
    spiel_game = load(registry().get("escape-now"), 2)
    for bad in (
        pyspiel.IIGObservationType(perfect_recall=False,
                                   private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
        pyspiel.IIGObservationType(public_info=False, perfect_recall=True,
                                   private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER),
        pyspiel.IIGObservationType(public_info=False, perfect_recall=False,
                                   private_info=pyspiel.PrivateInfoType.NONE),
    ):
        with pytest.raises(ValueError):
            spiel_game.make_py_observer(bad)
    with pytest.raises(ValueError, match="parameters"):
        spiel_game.make_py_observer(PUBLIC, {"detail": 1})


@pytest.mark.parametrize("extreme", EXTREMES, ids=IDS)
def test_games_and_states_pickle(extreme: tuple[Game, int]) -> None:
    game, n = extreme
    spiel_game = load(game, n, chance="seed")
    copy = pickle.loads(pickle.dumps(spiel_game))
    assert str(copy) == str(spiel_game) and copy.num_players() == n
    assert copy.get_parameters() == spiel_game.get_parameters()
    state = spiel_game.new_initial_state()
    assert pickle.loads(pickle.dumps(state)).is_chance_node()
    rng = random.Random(11)
    advance(state, 0, rng)
    step = 0
    while True:
        if step % 40 == 0 or state.is_terminal():
            restored = pickle.loads(pickle.dumps(state))
            assert snapshot(restored, n) == snapshot(state, n)
            assert [restored.information_state_tensor(p) for p in range(n)] == [
                state.information_state_tensor(p) for p in range(n)]
            if state.is_terminal():
                assert restored.returns() == state.returns()
                break
            assert restored.legal_actions() == state.legal_actions()
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state.apply_action(action)
        if step % 40 == 0:
            restored.apply_action(action)  # the copy plays on like the original
            assert snapshot(restored, n) == snapshot(state, n)
        step += 1


@pytest.mark.parametrize("extreme", EXTREMES, ids=IDS)
def test_random_sim_test_with_serialization(extreme: tuple[Game, int]) -> None:
    game, n = extreme
    pyspiel.random_sim_test(load(game, n), num_sims=1, serialize=True, verbose=False)


def test_the_chance_parameter_is_checked() -> None:
    with pytest.raises(ConfigError, match="chance"):
        pyspiel.load_game("python_getaway_escape_now", {"chance": "dice"})
    game = pyspiel.load_game("python_getaway_escape_now(chance=resample)")
    assert game.get_parameters()["chance"] == "resample"
    assert pyspiel.load_game("python_getaway_escape_now").get_parameters()["chance"] == "seed"


@pytest.mark.parametrize("extreme", EXTREMES, ids=IDS)
def test_resample_clones_hide_what_the_decider_cannot_see(extreme: tuple[Game, int]) -> None:
    game, n = extreme
    rng = random.Random(5)
    exact = advance(load(game, n).new_initial_state(), 8, rng)
    if exact.is_terminal():
        pytest.skip("the game ended already")
    clone = exact.clone()
    assert not clone.is_sampled()
    assert clone.driver.state.fingerprint() == exact.driver.state.fingerprint()
    hidden = load(game, n, chance="resample").new_initial_state()
    for action in exact.history():
        hidden.apply_action(action)
    assert hidden.driver.state.fingerprint() == exact.driver.state.fingerprint()
    seat = hidden.current_player()
    before = snapshot(hidden, n)
    worlds = [hidden.clone() for _ in range(4)]
    assert snapshot(hidden, n) == before, "cloning never changes the state"
    redrawn = 0
    for world in worlds:
        assert world.is_sampled() and world.history() == hidden.history()
        assert world.information_state_string(seat) == hidden.information_state_string(seat)
        assert world.information_state_tensor(seat) == hidden.information_state_tensor(seat)
        redrawn += world.driver.state.fingerprint() != hidden.driver.state.fingerprint()
        copy = pickle.loads(pickle.dumps(world))
        assert copy.driver.state.fingerprint() == world.driver.state.fingerprint()
    if game.id in ("escape-now", "alcatraz-2034", "new-york", "escape-plan"):
        assert redrawn, "the clones must redraw the hidden part"
    # the same program gets the same samples
    twin = load(game, n, chance="resample").new_initial_state()
    for action in exact.history():
        twin.apply_action(action)
    assert [twin.clone().driver.state.fingerprint() for _ in range(4)] == [
        w.driver.state.fingerprint() for w in worlds]
    assert not load(game, n, chance="resample").new_initial_state().clone().is_sampled()


@pytest.mark.parametrize("toy", TOYS, ids=[t.id for t in TOYS])
def test_the_toy_shapes_resample_and_serialize(toy: Game) -> None:
    """Simultaneous bids, a reaction window and a real-time clock (tests/rl/toys.py)."""
    name = openspiel.register_game(toy)
    for n in sorted({toy.spec.min_players, toy.spec.max_players}):
        spiel_game = pyspiel.load_game(name, {"players": n, "seeds": 8})
        pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)
        state = advance(spiel_game.new_initial_state(), 5, random.Random(n))
        if state.is_terminal():
            continue
        seat = state.current_player()
        world = state.resample_from_infostate(seat, random.Random(2).random)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        copy = pickle.loads(pickle.dumps(world))
        assert snapshot(copy, n) == snapshot(world, n)
        advance(world, 10**6, random.Random(3))
        assert world.is_terminal()
