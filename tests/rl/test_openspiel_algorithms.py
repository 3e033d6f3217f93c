"""OpenSpiel's own algorithms and tools on every game at its smallest and largest player count:
Python ISMCTS, outcome-sampling MCCFR with OpenSpiel's evaluation loop, generate_playthrough,
and MCTS under ``chance=resample``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest

from getaway.core.registry import Game
from getaway.games import registry
from getaway.rl import openspiel

HEAVY = {"alcatraz-2034", "new-york", "escape-plan"}  # a whole game costs seconds per seat
EXTREMES = [(g, n) for g in registry() for n in sorted({g.spec.min_players, g.spec.max_players})]


def extremes(slow: set[str]) -> list[Any]:
    """Every game at its smallest and largest player count; games in ``slow`` marked slow."""
    return [pytest.param(g, n, id=f"{g.id}-{n}p",
                         marks=[pytest.mark.slow] if g.id in slow else [])
            for g, n in EXTREMES]


def load(game: Game, players: int, **params: Any) -> Any:
    return pyspiel.load_game(openspiel.short_name(game.id),
                             {"players": players, "seeds": 64, **params})


@pytest.fixture
def deep_recursion() -> Iterator[None]:
    """OpenSpiel's MCCFR recurses once per move; whole games need more than 1000 frames."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    yield
    sys.setrecursionlimit(limit)


def ismcts_game(spiel_game: Any, seed: int, simulations: int) -> tuple[list[float], list[int]]:
    """Seat 0 is OpenSpiel's Python ISMCTSBot (seeded resampler), the others play at random."""
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(spiel_game, mcts.RandomRolloutEvaluator(1, rng), 1.4, simulations,
                           random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = spiel_game.new_initial_state()
    state.apply_action(seed)
    searched = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == 0:
            action = bot.step(state)
            searched += len(legal) > 1
        else:
            action = legal[rng.randint(len(legal))]
        assert action in legal
        state.apply_action(action)
    assert searched, "the bot must have searched at least one real choice"
    return state.returns(), state.history()


@pytest.mark.parametrize(("game", "n"), extremes(HEAVY))
def test_ismcts_plays_whole_games(game: Game, n: int) -> None:
    returns, history = ismcts_game(load(game, n), seed=5, simulations=2)
    assert len(returns) == n and all(r in (0.0, 1.0) for r in returns)
    assert len(history) > 1


def test_ismcts_games_are_reproducible() -> None:
    game = load(registry().get("escape-now"), 3)
    assert ismcts_game(game, 7, 3) == ismcts_game(game, 7, 3)


# Over a few hundred moves the sampling reach (a product of probabilities) can underflow to 0,
# and OpenSpiel's MCCFR then divides by it: a limit of outcome sampling on long games.
@pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning")
@pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")
@pytest.mark.parametrize(("game", "n"), extremes(HEAVY))
def test_outcome_sampling_mccfr_and_the_evaluation_loop(game: Game, n: int,
                                                        deep_recursion: None) -> None:
    from open_spiel.python.algorithms import evaluate_bots, outcome_sampling_mccfr

    spiel_game = load(game, n)
    np.random.seed(3)  # OpenSpiel's MCCFR samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(spiel_game)
    solver.iteration()  # one episode per seat as the updating player
    tables = solver._infostates
    assert tables and all(key.startswith("history ") for key in tables)
    policy = solver.average_policy()
    state = spiel_game.new_initial_state()
    state.apply_action(1)
    probabilities = policy.action_probabilities(state)
    assert sorted(probabilities) == state.legal_actions()
    assert sum(probabilities.values()) == pytest.approx(1.0)
    rng = np.random.RandomState(4)
    bots = [_PolicyBot(0, rng, policy)]
    bots += [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(1, n)]
    returns = evaluate_bots.evaluate_bots(spiel_game.new_initial_state(), bots, rng)
    assert len(returns) == n and all(r in (0.0, 1.0) for r in returns)


class _PolicyBot(pyspiel.Bot):  # type: ignore[misc]
    """Plays a policy's action probabilities. OpenSpiel's PolicyBot would do, but it takes a
    lone legal action 0 for "no action" (``if not any(action_list)``)."""

    def __init__(self, player: int, rng: np.random.RandomState, policy: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.player, self.rng, self.policy = player, rng, policy

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass

    def step(self, state: Any) -> int:
        probabilities = self.policy.action_probabilities(state, self.player)
        actions = list(probabilities)
        return int(actions[self.rng.choice(len(actions), p=list(probabilities.values()))])


@pytest.mark.parametrize(("game", "n"), extremes(HEAVY))
def test_generate_playthrough_and_replay(game: Game, n: int, tmp_path: Path) -> None:
    from absl import flags
    from open_spiel.python.algorithms import generate_playthrough

    if not flags.FLAGS.is_parsed():  # replay() reads an absl flag (its default is wanted)
        flags.FLAGS.mark_as_parsed()
    name = f"{openspiel.short_name(game.id)}(players={n},seeds=16)"
    text = generate_playthrough.playthrough(name, [], seed=6)
    lines = text.splitlines()
    size = game.observation_size + 8 * len(game.actions).bit_length() + 1
    assert f"InformationStateTensorSize() = {size}" in lines
    assert f"ObservationTensorSize() = {game.observation_size}" in lines
    assert "GameType.provides_factored_observation_string = True" in lines
    for prefix in ("PublicObservationString() = ", "PrivateObservationString(0) = ",
                   "InformationStateString(0) = ", "InformationStateTensor(0).recent_actions"):
        assert any(line.startswith(prefix) for line in lines), prefix
    assert "IsTerminal() = True" in lines
    if game.id in HEAVY:
        return  # a replay costs as much again; the light games show that it is identical
    path = tmp_path / "playthrough.txt"
    path.write_text(text, encoding="utf-8")
    original, again = generate_playthrough.replay(str(path))
    assert again == original, "a replayed playthrough is identical"


@pytest.mark.parametrize(("game", "n"), extremes(set()))
def test_mcts_under_chance_resample_searches_redrawn_worlds(game: Game, n: int) -> None:
    """OpenSpiel's perfect-information MCTSBot searches redrawn worlds (every clone is one):
    seat 0 searches its first five real choices, the others play at random."""
    from open_spiel.python.algorithms import mcts

    spiel_game = load(game, n, chance="resample")
    rng = np.random.RandomState(8)
    seen: list[bool] = []
    evaluator = _Watching(mcts.RandomRolloutEvaluator(1, rng), seen)
    bot = mcts.MCTSBot(spiel_game, 1.4, 3, evaluator, solve=False, random_state=rng)
    state = spiel_game.new_initial_state()
    state.apply_action(2)
    searched = 0
    while not state.is_terminal() and searched < 5:
        legal = state.legal_actions()
        if state.current_player() == 0 and len(legal) > 1:
            action = bot.step(state)
            searched += 1
        else:
            action = legal[rng.randint(len(legal))]
        assert action in legal
        state.apply_action(action)
    assert not state.is_sampled(), "the real game stays real"
    assert seen and all(seen), "the search only ever saw redrawn worlds"


class _Watching:
    """An MCTS evaluator that notes whether each state it evaluates is a redrawn world."""

    def __init__(self, inner: Any, seen: list[bool]) -> None:
        self.inner, self.seen = inner, seen

    def evaluate(self, state: Any) -> Any:
        self.seen.append(state.is_sampled())
        return self.inner.evaluate(state)

    def prior(self, state: Any) -> Any:
        return self.inner.prior(state)


def test_resample_mode_hides_the_deck_from_clones() -> None:
    """Under chance=seed a clone holds the real draw pile (the future); under chance=resample
    each clone holds a redrawn one."""
    game = registry().get("escape-now")
    piles: dict[str, list[list[int]]] = {}
    for chance in ("seed", "resample"):
        state = load(game, 2, chance=chance).new_initial_state()
        state.apply_action(3)
        for _ in range(4):
            state.apply_action(state.legal_actions()[0])
        real = state.driver.state.truth()["pile"]
        piles[chance] = [state.clone().driver.state.truth()["pile"] for _ in range(6)]
        assert all(sorted(p) != [] for p in piles[chance])
    assert all(pile == real for pile in piles["seed"]), "exact clones share the real pile"
    assert sum(pile != real for pile in piles["resample"]) >= 5, "redrawn clones do not"
