"""Taking a move back (``getaway.core.takeback``), for every registered game.

The engine says which moves reveal something (``Game.revealing_events``, then
a check over four states each seat cannot tell apart from the real one); a move
it lets its player take back must really have shown nobody anything hidden.
Here the same check runs with more states: every one must leave
each seat's view exactly as the real move left it. A card drawn, a tile or die
turned, would differ between them. And taking back is exact: the state is the
one before the move, the record loses the step, and the same move again gives
the same game.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from getaway.core.match import Match
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.core.takeback import (
    CLOCK,
    NOT_YOURS,
    NOTHING,
    OVER,
    CannotTakeBack,
    Reveal,
    shows_hidden,
)
from getaway.games import registry
from tests.conformance.conftest import CASES

SAMPLES = 10  # indistinguishable states tried per seat and move (the engine tries 4)
CHECKED = 30  # moves allowed back checked per game
STEPS = 160  # moves looked at per game


def cases() -> list[Any]:
    out = []
    first: set[str] = set()
    for game, config in CASES:
        if game.revealing_events is None:
            continue  # nothing is ever taken back
        if game.id in first and config != game.spec.configure(config.players, {}):
            continue  # beyond the first, every player count with the default options
        marks = [] if game.id not in first else [pytest.mark.slow]
        first.add(game.id)
        out.append(pytest.param(game, config, marks=marks,
                                id=config.label().replace(" ", "-")))
    return out


def seen(state: Any, seat: int) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


def test_declared_kinds_are_the_games_events() -> None:
    for game in registry():
        revealing = game.revealing_events or {}
        unknown = set(revealing) - set(game.event_kinds)
        assert not unknown, f"{game.id} declares unknown revealing events {sorted(unknown)}"
        assert all(isinstance(how, Reveal) for how in revealing.values())


@pytest.mark.parametrize(("taken", "config"), cases())
def test_a_move_taken_back_showed_nothing_hidden(taken: Game, config: Config) -> None:
    game = taken
    allowed = 0
    for seed in (0, 1):
        rng = random.Random(seed)
        match = Match(game, config, seed)
        for _ in range(STEPS):
            state = match.state
            if state.is_over():
                break
            seat = rng.choice(state.to_act())
            action = rng.choice(list(state.legal_actions(seat)))
            before = state.clone()
            match.apply(seat, action)
            if match.take_back_refusal(seat) is not None:
                continue
            allowed += 1
            if allowed > CHECKED:
                break
            assert not shows_hidden(before, seat, action, match.state, rng.getrandbits(32),
                                    samples=SAMPLES, unsure=False), (
                f"{config.label()} seed {seed}: {action.label()} may be taken back, yet it "
                f"showed a seat something hidden (events {[e.kind for e in match._said]})")
    assert allowed, f"{config.label()}: no move could ever be taken back"


@pytest.mark.parametrize(("taken", "config"), cases())
def test_taking_back_is_exact(taken: Game, config: Config) -> None:
    game = taken
    rng = random.Random(5)
    match = Match(game, config, 5)
    done = 0
    for _ in range(STEPS):
        state = match.state
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        action = rng.choice(list(state.legal_actions(seat)))
        before, steps = state.fingerprint(), list(match.steps)
        after_events = [e.kind for e in match.apply(seat, action)]
        after = match.state.fingerprint()
        others = [s for s in range(config.players) if s != seat]
        if others and match.take_back_refusal(others[0]) is None:
            pytest.fail(f"seat {others[0]} may take back seat {seat}'s move")
        if match.take_back_refusal(seat) is not None:
            continue
        taken_back = match.take_back(seat)
        assert taken_back == {"seat": seat, "action": action.to_json()}
        assert match.state.fingerprint() == before and match.steps == steps, after_events
        match.apply(seat, action)  # the same move again: the same game
        assert match.state.fingerprint() == after
        done += 1
    assert done, f"{config.label()}: nothing was taken back"


def test_refusals_say_why_and_change_nothing() -> None:
    game = registry().get("escape-now")
    match = Match(game, game.spec.configure(2, {}), 3)
    assert match.take_back_refusal(0) == NOTHING
    with pytest.raises(CannotTakeBack, match="no move"):
        match.take_back(0)
    state = match.state
    seat = state.to_act()[0]
    match.apply(seat, state.legal_actions(seat)[0])
    other = 1 - seat
    before = match.state.fingerprint()
    assert match.take_back_refusal(other) == NOT_YOURS
    with pytest.raises(CannotTakeBack):
        match.take_back(other)
    assert match.state.fingerprint() == before and len(match.steps) == 1


def test_a_drawn_card_is_never_taken_back() -> None:
    """ESCAPE NOW!: replenishing draws cards; moving and asking reveal nothing (cancel)."""
    game = registry().get("escape-now")
    match = Match(game, game.spec.configure(2, {}), 11)
    rng = random.Random(0)
    kinds_seen: dict[str, bool] = {}
    while not match.state.is_over() and len(kinds_seen) < 3:
        state = match.state
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        pick = next((a for a in legal if a.kind in ("replenish", "move", "ask")
                     and a.kind not in kinds_seen and (a.kind != "replenish"
                                                       or a.to_json().get("draw"))), None)
        action = pick or rng.choice(legal)
        match.apply(seat, action)
        if pick is not None:
            kinds_seen[pick.kind] = match.take_back_refusal(seat) is None
    assert kinds_seen == {"replenish": False, "move": True, "ask": True}


def test_real_time_and_finished_games_take_nothing_back() -> None:
    game = registry().get("zombie-city")
    match = Match(game, game.spec.configure(2, {}), 1)
    seat = match.state.to_act()[0]
    match.apply(seat, match.state.legal_actions(seat)[0])
    assert match.take_back_refusal(seat) == CLOCK
    game = registry().get("escape-now")
    match = Match(game, game.spec.configure(1, {}), 2)
    rng = random.Random(2)
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.apply(seat, rng.choice(list(match.state.legal_actions(seat))))
    assert match.take_back_refusal(seat) == OVER
