"""Parametrization of the RL adapter tests: every registered game at every player count.

The two toy games of :mod:`tests.rl.toys` (simultaneous decisions, a reaction
window, a real-time clock) run through the same tests, so that the adapters
are checked on the shapes of decision that later games will have.
"""

from __future__ import annotations

import pytest

from getaway.core.registry import Game
from getaway.games import registry
from tests.rl.toys import TOYS

GAMES: list[Game] = [*registry(), *TOYS]
CASES: list[tuple[Game, int]] = [
    (g, n) for g in GAMES for n in range(g.spec.min_players, g.spec.max_players + 1)
]


def case_id(case: tuple[Game, int]) -> str:
    """``escape-now-3p``."""
    return f"{case[0].id}-{case[1]}p"


# PettingZoo and Gymnasium need a numeric observation; a registered game without one fails
# test_every_registered_game_has_a_numeric_observation instead of every test here.
OBSERVED: list[tuple[Game, int]] = [c for c in CASES if c[0].observation_size > 0]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
    elif "observed" in metafunc.fixturenames:
        metafunc.parametrize("observed", OBSERVED, ids=[case_id(c) for c in OBSERVED])
    elif "registered" in metafunc.fixturenames:
        games = list(registry())
        metafunc.parametrize("registered", games, ids=[g.id for g in games])
