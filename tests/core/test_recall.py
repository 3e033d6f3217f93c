"""``State.recall``: a past event as it may be read back now; identity unless a game forgets."""

from __future__ import annotations

import random

import pytest

from getaway.core.events import Event
from getaway.core.registry import Game
from getaway.core.state import State
from getaway.games import registry
from tests.core.toys import Auction, Nim, TapGame

FORGETTING = {"escape-now"}
"""Games that override ``recall`` (ESCAPE NOW!: only with ``expert``, EN-31)."""


def playout(game: Game, players: int, options: dict[str, object], seed: int,
            steps: int = 400) -> tuple[State, list[Event]]:
    """A random game of up to ``steps`` decisions, with every event it caused."""
    state = game.new_state(game.spec.configure(players, options), seed)
    rng = random.Random(seed)
    log: list[Event] = []
    for _ in range(steps):
        if state.is_over():
            break
        seats = state.to_act()
        if not seats:
            log += state.advance(state.wake_in() or 1.0)
            continue
        seat = rng.choice(seats)
        log += state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return state, log


def test_the_default_recall_returns_the_event_itself() -> None:
    seen = 0
    for game in (Auction(), TapGame(), Nim()):
        state, log = playout(game, game.spec.min_players, {}, 3)
        assert all(state.recall(e) is e for e in log), game.id
        seen += len(log)
    assert seen


@pytest.mark.parametrize("game", [g for g in registry() if g.id not in FORGETTING],
                         ids=lambda g: g.id)
def test_every_other_game_forgets_nothing(game: Game) -> None:
    for seed in (1, 2):
        state, log = playout(game, game.spec.min_players, {}, seed)
        assert log, game.id
        assert all(state.recall(e) is e for e in log), game.id

