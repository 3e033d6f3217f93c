"""Random playouts shared by the conformance tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from getaway.core.match import Match
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.core.state import State

MAX_STEPS = 100_000


def step_random(match: Match, rng: random.Random) -> None:
    """One random legal action, or a clock advance when nobody may act."""
    state = match.state
    seats = state.to_act()
    if not seats:
        wait = state.wake_in()
        assert wait is not None and wait > 0, "a live state must have someone to act or a clock"
        match.advance(wait)
        return
    seat = rng.choice(seats)
    legal = state.legal_actions(seat)
    match.apply(seat, rng.choice(list(legal)))
    if state.clock() is not None:
        match.advance(rng.choice((0.0, 0.5, 2.0)))


def playout(game: Game, config: Config, seed: int) -> Match:
    """A whole random game."""
    match = Match(game, config, seed)
    rng = random.Random(seed)
    steps = 0
    while not match.state.is_over():
        step_random(match, rng)
        steps += 1
        assert steps < MAX_STEPS, f"{config.label()} seed {seed} did not end"
    return match


def snapshots(game: Game, config: Config, seed: int, every: int = 7) -> Iterator[State]:
    """Copies of the live states of a random game, every few steps."""
    match = Match(game, config, seed)
    rng = random.Random(seed)
    i = 0
    while not match.state.is_over():
        if i % every == 0:
            yield match.state.clone()
        step_random(match, rng)
        i += 1
