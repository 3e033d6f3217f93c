"""Parametrization of the conformance suite: every registered game and configuration."""

from __future__ import annotations

import pytest

from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.games import registry

CASES: list[tuple[Game, Config]] = [(g, c) for g in registry() for c in g.variants()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", CASES, ids=[c.label().replace(" ", "-") for _, c in CASES])
    elif "game" in metafunc.fixturenames:
        games = list(registry())
        metafunc.parametrize("game", games, ids=[g.id for g in games])
