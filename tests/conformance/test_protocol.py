"""The protocol contract, checked for every registered game, player count and variant."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.match import Match
from getaway.core.records import Record, replay
from getaway.core.registry import Game, Registry
from getaway.core.spec import Config
from tests.conformance.playouts import playout, snapshots, step_random

PLAYOUTS = 12


def test_random_playouts_end_with_a_valid_outcome(case: tuple[Game, Config]) -> None:
    game, config = case
    for seed in range(PLAYOUTS):
        match = playout(game, config, seed)
        out = match.state.outcome()
        assert out is not None and match.state.is_over()
        assert len(out.scores) == config.players
        assert all(0 <= s < config.players for s in out.winners)
        assert match.state.to_act() == ()
        assert all(not match.state.legal_actions(s) for s in range(config.players))
        json.dumps(out.to_json())


def test_live_states_offer_legal_actions_from_the_action_space(case: tuple[Game, Config]) -> None:
    game, config = case
    for seed in range(4):
        for state in snapshots(game, config, seed, every=1):
            seats = state.to_act()
            if state.clock() is None:
                assert seats, "a live turn-based state always has a seat to act"
            for seat in seats:
                assert 0 <= seat < config.players
                legal = state.legal_actions(seat)
                assert legal, f"seat {seat} is to act but has no legal action"
                assert len(set(legal)) == len(legal), "legal actions are listed once each"
                for a in legal:
                    assert game.actions[game.actions.index(a)] == a
            for seat in set(range(config.players)) - set(seats):
                assert not state.legal_actions(seat)


def test_illegal_actions_raise_and_change_nothing(case: tuple[Game, Config]) -> None:
    game, config = case
    rng = random.Random(5)
    checked = 0
    everything_legal = True  # a game where every action is always legal has none to try
    for state in snapshots(game, config, seed=3, every=3):
        before = state.fingerprint()
        seat = state.to_act()[0] if state.to_act() else 0
        legal = set(state.legal_actions(seat))
        illegal = [a for a in game.actions if a not in legal]
        everything_legal = everything_legal and not illegal
        for a in rng.sample(illegal, min(5, len(illegal))):
            with pytest.raises(IllegalAction) as err:
                state.apply(seat, a)
            assert str(err.value), "the error gives a reason"
            assert state.fingerprint() == before
            checked += 1
        others = [s for s in range(config.players) if s not in state.to_act()]
        if others and legal:
            with pytest.raises(IllegalAction, match="may not act"):
                state.apply(others[0], next(iter(legal)))
            assert state.fingerprint() == before
    assert checked > 0 or everything_legal, "no illegal action was ever tried"
    finished = playout(game, config, 1).state
    with pytest.raises(IllegalAction, match="over"):
        finished.apply(0, game.actions[0])


def test_clones_are_independent(case: tuple[Game, Config]) -> None:
    game, config = case
    for state in snapshots(game, config, seed=2, every=11):
        before = state.fingerprint()
        copy = state.clone()
        assert copy.fingerprint() == before
        twin = state.clone()
        rng_a, rng_b = random.Random(9), random.Random(9)
        match_a = _wrap(game, config, copy)
        match_b = _wrap(game, config, twin)
        for _ in range(25):
            if copy.is_over():
                break
            step_random(match_a, rng_a)
            step_random(match_b, rng_b)
        assert state.fingerprint() == before, "advancing a clone changed the original"
        assert copy.fingerprint() == twin.fingerprint(), "equal clones diverged"


def _wrap(game: Game, config: Config, state: object) -> Match:
    return Match.around(game, config, 0, state)  # type: ignore[arg-type]


def test_records_replay_exactly(case: tuple[Game, Config]) -> None:
    game, config = case
    for seed in (0, 7):
        match = playout(game, config, seed)
        record = Record.loads(match.record({"test": True}).dumps())
        reg = Registry()
        reg.register(game)
        again = replay(record, reg)
        assert again.state.outcome() == match.state.outcome()
        assert again.state.fingerprint() == match.state.fingerprint()


def test_events_pickle_and_copy_alone(game: Game) -> None:
    """Every event a game returns pickles and copies to an equal event that says the same:
    a worker process or a log store can take it, and it carries nothing behind it (New
    York's logged events link to the whole log before them)."""
    config = game.spec.configure(max(2, game.spec.min_players))
    match = Match(game, config, 3)
    rng = random.Random(3)
    events = []
    while not match.state.is_over():
        seats = match.state.to_act()
        if not seats:
            wait = match.state.wake_in()
            assert wait is not None
            events += match.advance(wait)
            continue
        seat = rng.choice(seats)
        events += match.apply(seat, rng.choice(list(match.state.legal_actions(seat))))
    assert len(events) > 50
    for e in events:
        for again in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e), copy.copy(e)):
            assert again == e and again.to_json() == e.to_json()
        assert len(pickle.dumps(e)) < 20_000, e


def test_same_seed_same_game(case: tuple[Game, Config]) -> None:
    game, config = case
    a = game.new_state(config, 11)
    b = game.new_state(config, 11)
    assert a.fingerprint() == b.fingerprint()
    assert len({game.new_state(config, s).fingerprint() for s in range(8)}) > 1


def test_views_hold_only_what_the_seat_may_know(case: tuple[Game, Config]) -> None:
    """A seat's view cannot depend on anything determinize (or believe) resamples for
    that seat."""
    game, config = case
    rng = random.Random(4)
    changed = 0
    for state in snapshots(game, config, seed=6, every=5):
        for seat in range(config.players):
            view = json.dumps(state.view(seat), sort_keys=True)
            spectator = json.dumps(state.view(None), sort_keys=True)
            for sample in (state.determinize, state.determinize, state.believe):
                other = sample(seat, rng)
                assert json.dumps(other.view(seat), sort_keys=True) == view
                assert json.dumps(other.view(None), sort_keys=True) == spectator
                assert list(other.legal_actions(seat)) == list(state.legal_actions(seat))
                changed += other.fingerprint() != state.fingerprint()
    assert changed, "determinize never resampled anything: is nothing hidden?"


def test_determinized_states_play_on(case: tuple[Game, Config]) -> None:
    game, config = case
    rng = random.Random(8)
    for state in snapshots(game, config, seed=4, every=13):
        seat = state.to_act()[0] if state.to_act() else 0
        sample = (state.believe if rng.random() < 0.5 else state.determinize)(seat, rng)
        match = _wrap(game, config, sample)
        for _ in range(500):
            if sample.is_over():
                break
            step_random(match, rng)


def test_action_space_json_round_trip(game: Game) -> None:
    for i, a in enumerate(game.actions):
        data = json.loads(json.dumps(a.to_json()))
        assert game.actions.from_json(data) is a
        assert game.actions.index(a) == i
        assert a.label()
    with pytest.raises(IllegalAction):
        game.actions.from_json({"kind": "no-such-action"})
    with pytest.raises(IllegalAction):
        game.actions.from_json(["not", "an", "object"])


def test_bad_configurations_are_rejected(game: Game) -> None:
    spec = game.spec
    with pytest.raises(ConfigError, match="players"):
        spec.configure(spec.max_players + 1)
    with pytest.raises(ConfigError, match="players"):
        spec.configure(spec.min_players - 1)
    with pytest.raises(ConfigError, match="no-such-option"):
        spec.configure(spec.min_players, {"no-such-option": 1})
    for o in spec.options:
        with pytest.raises(ConfigError, match=o.key):
            spec.configure(spec.max_players, {o.key: object()})


def test_machine_interfaces(case: tuple[Game, Config]) -> None:
    """Observations have the declared length, lie in [0, 1] and leak nothing; games end in time."""
    game, config = case
    rng = random.Random(3)
    assert game.observation_size > 0
    for state in snapshots(game, config, seed=9, every=4):
        for seat in range(config.players):
            obs = state.observation(seat)
            assert len(obs) == game.observation_size
            assert all(0.0 <= x <= 1.0 for x in obs), "observations are normalised to [0, 1]"
            assert state.determinize(seat, rng).observation(seat) == obs
            assert 0.0 <= state.progress(seat) <= 1.0
    for seed in range(6):
        match = playout(game, config, seed)
        assert len(match.steps) <= game.max_decisions
        out = match.state.outcome()
        if game.cooperative:
            assert out.winners in ((), tuple(range(config.players)))
