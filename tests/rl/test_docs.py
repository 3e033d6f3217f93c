"""docs/rl.md is generated from the code; every observation slice is declared."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from getaway.core.registry import Game
from getaway.games import registry
from getaway.rl import docs

GAMES = list(registry())
DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_docs_rl_md_is_the_generated_text() -> None:
    assert DOC.read_text(encoding="utf-8") == docs.render(), (
        "docs/rl.md is stale: run python -m getaway.rl.docs > docs/rl.md")


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_layout_covers_the_observation(game: Game) -> None:
    layout = docs.layout(game)
    names = [name for name, _, _ in layout]
    assert len(set(names)) == len(names) and all(n > 0 for _, n, _ in layout)
    assert sum(n for _, n, _ in layout) == game.observation_size
    state = game.start(game.spec.max_players, seed=1)
    assert len(state.observation(0)) == game.observation_size


def _slice(game: Game, name: str) -> slice:
    start = 0
    for slice_name, length, _ in docs.layout(game):
        if slice_name == name:
            return slice(start, start + length)
        start += length
    raise KeyError(name)


def test_escape_plan_day_and_turn_slices_are_one_hot_all_game_long() -> None:
    game = registry().get("escape-plan")
    state = game.start(2, seed=5)
    rng = random.Random(5)
    days = set()
    while True:
        obs = state.observation(0)
        day = obs[_slice(game, "day")]
        assert sorted(day) == [0.0] * 4 + [1.0] and sum(obs[_slice(game, "turn")]) == 1.0
        days.add(day.index(1.0))
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert days == {1, 2, 3, 4}, "Days 1-3 and after the end each have their own unit"
