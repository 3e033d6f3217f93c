"""Whatever a caller passes, a state refuses it with ``IllegalAction`` and stays as it was.

A Python caller (a bot, a notebook, a test) can build an action with any field values,
bypassing ``from_json``: ``Enter(999)``, ``Go("x")``, ``Place(True, 0, 0)``. These tests
build such actions for every action class of every game and apply them at many states of
random games, for the seat that acts and for one that does not; they also try seats that
do not exist and JSON that matches no action.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from getaway.core.actions import Action
from getaway.core.decisions import DecisionState
from getaway.core.errors import IllegalAction
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.core.state import State
from tests.conformance.playouts import snapshots

HUGE = 10**5000  # more digits than Python will print
BAD_VALUES: tuple[Any, ...] = (
    -1, 999, 99999, 2**40, -(2**63), HUGE,
    "x", "", "999", None, 0.5, 1.0, float("nan"), float("inf"), True, False,
    [], [0], {}, {"kind": "x"},
)
BAD_SEATS: tuple[Any, ...] = (-1, 99, 2**40, "0", None, True, False, 1.0, [0], (0,))
STATES = 30  # snapshot states tried per player count


def _configs(game: Game) -> list[Config]:
    spec = game.spec
    return [spec.configure(n) for n in range(spec.min_players, spec.max_players + 1)]


def _states(game: Game) -> Iterator[State]:
    for config in _configs(game):
        for i, state in enumerate(snapshots(game, config, seed=13, every=7)):
            if i == STATES:
                break
            yield state


def _prototypes(game: Game) -> list[Action]:
    """One action of each class (kind) of the game's action space."""
    seen: dict[type[Action], Action] = {}
    for a in game.actions:
        seen.setdefault(type(a), a)
    return list(seen.values())


def _malformed(game: Game) -> list[Action]:
    """Actions of every class with one field (or all of them) out of range or mistyped."""
    out: list[Action] = []
    for proto in _prototypes(game):
        names = [f.name for f in dataclasses.fields(proto)]  # type: ignore[arg-type]
        fields = {n: getattr(proto, n) for n in names}
        tries = [{**fields, n: bad} for n in names for bad in BAD_VALUES]
        if len(names) > 1:
            tries += [dict.fromkeys(names, bad) for bad in (999, None)]
        for kw in tries:
            a = type(proto)(**kw)
            if game.actions.find(a) is None:  # a value that happens to be valid is no test
                out.append(a)
    return out


def _refused(state: State, seat: Any, action: Any) -> str:
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert str(err.value), f"refusing {action!r} for seat {seat!r} gave no reason"
    return str(err.value)


def test_states_know_their_action_space(game: Game) -> None:
    """The refusal path finds out whether an action belongs to the game through it."""
    state = game.new_state(_configs(game)[0], 0)
    if isinstance(state, DecisionState):
        assert state.action_space is game.actions


def test_malformed_actions_are_refused(game: Game) -> None:
    malformed = _malformed(game)
    assert malformed, "no malformed action was built"
    tried = 0
    for state in _states(game):
        before = state.fingerprint()
        acting = state.to_act()
        idle = [s for s in range(state.players) if s not in acting]
        for seat in [*acting[:1], *idle[:1]]:
            copy = state.clone()
            for a in malformed:
                _refused(state, seat, a)
                tried += 1
            if state.fingerprint() != before:
                culprit = next(a for a in malformed if _changes(copy, seat, a))
                pytest.fail(f"refusing {culprit!r} for seat {seat} changed the state")
        if acting:  # the refusals left the state playable
            state.apply(acting[0], state.legal_actions(acting[0])[-1])
    assert tried > 0


def _changes(state: State, seat: int, action: Action) -> bool:
    before = state.fingerprint()
    with contextlib.suppress(IllegalAction):
        state.apply(seat, action)
    return state.fingerprint() != before


def test_wrong_seats_are_refused(game: Game) -> None:
    for state in _states(game):
        before = state.fingerprint()
        acting = state.to_act()
        some = state.legal_actions(acting[0])[0] if acting else game.actions[0]
        for seat in BAD_SEATS:
            assert not state.legal_actions(seat), f"seat {seat!r} has legal actions"
            for action in (some, game.actions[0], None, "pass"):
                msg = _refused(state, seat, action)
                assert "seat" in msg, msg
        assert state.fingerprint() == before


def test_from_json_refuses_what_matches_no_action(game: Game) -> None:
    space = game.actions
    for proto in _prototypes(game):
        data = proto.to_json()
        names = [n for n in data if n != "kind"]
        for n in names:
            for bad in BAD_VALUES:
                wrong = {**data, n: bad}
                if space.find(type(proto)(**{k: wrong[k] for k in names})) is not None:
                    assert space.from_json(wrong) is not None
                    continue
                with pytest.raises(IllegalAction):
                    space.from_json(wrong)
        odd: list[dict[Any, Any]] = [
            {k: v for k, v in data.items() if k != "kind"},  # no kind
            {**data, "kind": data["kind"].upper()}, {**data, "kind": None},
            {**data, "kind": ["x"]}, {**data, "kind": HUGE},
            {**data, "extra": 1}, {**data, 5: 1, "z": 2}, {**data, None: 1},
            *({k: v for k, v in data.items() if k != n} for n in names),  # a field missing
        ]
        for wrong in odd:
            with pytest.raises(IllegalAction):
                space.from_json(wrong)
    for junk in (None, [], "pass", 5, HUGE, [{"kind": "pass"}], b"{}", 1.5):
        with pytest.raises(IllegalAction):
            space.from_json(junk)
