"""Options and configurations, chance streams, action spaces."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from getaway.core.actions import Action, ActionSpace, action
from getaway.core.chance import Rng, derive_seed
from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.spec import Config, GameSpec, Option


def _spec() -> GameSpec:
    def check(players: int, options: object) -> None:
        if players == 4 and options["fast"]:  # type: ignore[index]
            raise ConfigError("option 'fast' is not for 4 players")

    return GameSpec("demo", "Demo", "A demo.", 1, 4, (
        Option("layout", "layout", "standard", ("easy", "standard")),
        Option("fast", "fast play", False),
        Option("rounds", "rounds", 3, bounds=(1, 5)),
    ), check=check)


def test_defaults_and_values() -> None:
    c = _spec().configure(2, {"layout": "easy", "rounds": 5})
    assert c == Config("demo", 2, {"layout": "easy", "fast": False, "rounds": 5})
    assert c.label() == "demo 2p fast=false layout=easy rounds=5"
    assert hash(c) == hash(Config("demo", 2, dict(c.options)))


@pytest.mark.parametrize("players, options, message", [
    (0, {}, "1 to 4 players"),
    (5, {}, "1 to 4 players"),
    ("2", {}, "1 to 4 players"),
    (2, {"layuot": "easy"}, "no option 'layuot'; its options are: layout, fast, rounds"),
    (2, {"layout": "hard"}, "option 'layout' cannot be 'hard'; choose one of: easy, standard"),
    (2, {"fast": 1}, "option 'fast' must be a bool"),
    (2, {"rounds": True}, "option 'rounds' must be a int"),
    (2, {"rounds": 9}, "option 'rounds' must be between 1 and 5"),
    (4, {"fast": True}, "option 'fast' is not for 4 players"),
])
def test_bad_configurations_name_the_problem(players, options, message) -> None:
    with pytest.raises(ConfigError) as e:
        _spec().configure(players, options)
    assert message in str(e.value)


def test_parse_command_line_options() -> None:
    spec = _spec()
    assert spec.parse_options(["fast=yes", "rounds=2", "layout=easy"]) == {
        "fast": True, "rounds": 2, "layout": "easy"}
    for bad, msg in (["fast=maybe"], "true or false"), (["rounds=two"], "whole number"), \
            (["rounds"], "KEY=VALUE"), (["colour=red"], "no option 'colour'"):
        with pytest.raises(ConfigError, match=msg):
            spec.parse_options(bad)


def test_rng_is_deterministic_and_copyable() -> None:
    a, b = Rng.derive(7, "deck"), Rng.derive(7, "deck")
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert a.below(1000) == c.below(1000)
    assert Rng.derive(7, "deck").next64() != Rng.derive(7, "dice").next64()
    assert derive_seed(1, "x") != derive_seed(2, "x")


def test_rng_ranges_and_shuffles() -> None:
    r = Rng(123)
    rolls = Counter(r.randint(1, 6) for _ in range(6000))
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(800 < n < 1200 for n in rolls.values())
    xs = list(range(20))
    r.shuffle(xs)
    assert sorted(xs) == list(range(20)) and xs != list(range(20))
    assert 0.0 <= r.random() < 1.0
    with pytest.raises(ValueError, match="positive"):
        r.below(0)


@action("go")
@dataclass(frozen=True, slots=True)
class Go(Action):
    steps: int


def test_action_space_interns_and_rejects() -> None:
    space = ActionSpace([Go(1), Go(2)])
    assert space.from_json({"kind": "go", "steps": 2}) is space[1]
    assert space.mask([Go(2)]) == [False, True]
    assert Go(1).label() == "go(steps=1)"
    for bad, msg in (({"kind": "go", "steps": True}, "matches"), ({"kind": "go"}, "lacks"),
                     ({"kind": "go", "steps": 1, "x": 0}, "unknown fields"),
                     ({"kind": "go", "steps": 3}, "matches"), ({"kind": 5}, "unknown action")):
        with pytest.raises(IllegalAction, match=msg):
            space.from_json(bad)
    with pytest.raises(ValueError, match="duplicate"):
        ActionSpace([Go(1), Go(1)])
