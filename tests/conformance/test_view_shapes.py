"""Every view has the shape its game declares (``Game.view_type``, a TypedDict).

The same shape is the browser code's type (``getaway.server.typegen``), so a
view that drifts from it fails here before a page breaks. Every registered
game declares one; every configuration (player count and variant) is played,
the first of each game in the fast loop and the others marked slow. Each
game's own ``test_shapes.py`` adds heuristic games to their end (outcomes,
rare decisions).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from getaway.core.registry import Game
from getaway.core.shapes import mismatches
from getaway.core.spec import Config
from tests.conformance.conftest import CASES
from tests.conformance.playouts import snapshots


def cases() -> list[Any]:
    out = []
    first: set[str] = set()
    for game, config in CASES:
        marks = [] if game.id not in first else [pytest.mark.slow]
        first.add(game.id)
        out.append(pytest.param(game, config, marks=marks,
                                id=config.label().replace(" ", "-")))
    return out


def test_every_game_declares_its_view_shape(game: Game) -> None:
    assert game.view_type is not None, f"{game.id} declares no view_type"


@pytest.mark.parametrize(("shaped", "config"), cases())
def test_views_have_the_declared_shape(shaped: Game, config: Config) -> None:
    game = shaped
    assert game.view_type is not None, f"{game.id} declares no view_type"
    for seed in (0, 1):
        for state in snapshots(game, config, seed, every=3):
            for seat in [None, *range(config.players)]:
                view = json.loads(json.dumps(state.view(seat)))
                found = mismatches(view, game.view_type)
                assert not found, f"{config.label()} seat {seat}: {found}"
