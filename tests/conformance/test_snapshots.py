"""What a state hands out is a value: later moves cannot change it, a caller cannot change
the state through it.

Views, observations and the pending decision are kept by clients (replays keep one view a
step, a browser diffs the last two) while the same state plays on; the legal list is kept
by agents while they think.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from getaway.core.decisions import DecisionState
from getaway.core.match import Match
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.core.state import State
from tests.conformance.playouts import snapshots, step_random

EVERY = 12  # take the values every few steps of a playout
MARK = "changed by the caller"


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _handed_out(state: State, players: int) -> dict[str, Any]:
    """Every value a state hands to clients, by name."""
    out: dict[str, Any] = {f"view({seat})": state.view(seat) for seat in (None, *range(players))}
    out.update({f"observation({seat})": state.observation(seat) for seat in range(players)})
    if isinstance(state, DecisionState):
        out["pending()"] = state.pending()
    return out


def _vandalize(value: dict[str, Any] | list[Any]) -> None:
    """Change every container inside ``value`` in place (what a careless caller might do)."""
    inner = value.values() if isinstance(value, dict) else value
    for v in inner:
        if isinstance(v, (dict, list)):
            _vandalize(v)
    value.clear()
    if isinstance(value, dict):
        value[MARK] = MARK
    else:
        value.append(MARK)


def test_handed_out_values_are_snapshots(case: tuple[Game, Config]) -> None:
    """A value kept at step k still reads as it did then once the game has played on, and
    a caller that edits what it was handed (in place, all the way down) changes nothing."""
    game, config = case
    match = Match(game, config, seed=5)
    rng = random.Random(5)
    kept: list[tuple[str, Any, str]] = []
    step = 0
    while True:
        state = match.state
        if step % EVERY == 0 or state.is_over():
            before = state.fingerprint()
            for name, value in _handed_out(state, config.players).items():
                kept.append((f"step {step}: {name}", value, _text(value)))
            for name, value in _handed_out(state, config.players).items():
                if isinstance(value, (dict, list)):
                    _vandalize(value)
                assert state.fingerprint() == before, f"step {step}: editing {name} changed it"
        if state.is_over():
            break
        step_random(match, rng)
        step += 1
    changed = [name for name, value, text in kept if _text(value) != text]
    assert not changed, (f"{len(changed)} of {len(kept)} kept values changed later (they share "
                         f"containers with the state or with each other): {changed[:5]}")


def test_legal_actions_are_immutable(case: tuple[Game, Config]) -> None:
    """``legal_actions`` hands out a tuple: no caller can change the state's legal list."""
    game, config = case
    for state in snapshots(game, config, seed=2, every=5):
        for seat in range(config.players):
            legal = state.legal_actions(seat)
            assert isinstance(legal, tuple), f"legal_actions gave a {type(legal).__name__}"
            assert not hasattr(legal, "append") and not hasattr(legal, "__setitem__")
            if legal:
                with pytest.raises(TypeError):
                    legal[0] = legal[-1]  # type: ignore[index]
            assert state.legal_actions(seat) == legal
            assert tuple(state.clone().legal_actions(seat)) == legal
