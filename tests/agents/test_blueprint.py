"""The Hard bot's blueprint search (``getaway.agents.blueprint``).

It keeps the blueprint's (the heuristic's) choice unless the paired playouts
clearly favour another action, decides from what its seat sees only, depends
on its seed alone when its budget is a round count, and plays every kind of
decision the protocol has: turns, simultaneous bids, reaction windows and a
virtual clock.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from getaway.agents.blueprint import BlueprintSearch
from getaway.agents.random import RandomAgent
from getaway.agents.registry import make_agent
from getaway.core.agent import Agent, Observation
from getaway.core.errors import ConfigError
from getaway.core.match import Match
from getaway.games import registry
from getaway.sim.driver import agent_rngs, play_match
from tests.core.toys import TAKES, TAP, Auction, Nim, TapGame

NIM, AUCTION, TAPS = Nim(), Auction(), TapGame()


def test_it_takes_the_nim_move_that_wins_against_random_play() -> None:
    """From a pile of 3 the seat wins at once by taking all three; random playouts of
    the other takes lose often, and the paired rounds say so."""
    state = NIM.new_state(NIM.spec.configure(2, {"pile": 3}), 0)
    agent = BlueprintSearch(seconds=0, rounds=60, z=2.0)
    assert agent.choose(Observation(state, 0), random.Random(1)) == TAKES[2]
    assert agent.last_rounds >= 8


def test_with_an_impossible_threshold_it_plays_the_blueprint() -> None:
    """No gain can beat a threshold of 1 (values lie in [0, 1]): the choice is the
    blueprint's own, decision after decision of a whole game."""
    en = registry().get("escape-now")
    state = en.new_state(en.spec.configure(2), 4)
    normal = make_agent("normal", en)
    hard = BlueprintSearch(seconds=0, rounds=3, threshold=1.0)
    rng = random.Random(0)
    checked = 0
    while not state.is_over() and checked < 25:
        seat = state.to_act()[0]
        obs = Observation(state, seat)
        choice = hard.choose(obs, rng)
        if len(obs.legal) > 1:
            assert choice == hard.last_tallies[0].action  # the blueprint's, tried first
            checked += 1
        state.apply(seat, choice)
    assert checked == 25
    assert isinstance(normal, Agent)


def test_same_seed_same_choice_and_only_the_seats_view_matters() -> None:
    config = AUCTION.spec.configure(3)
    a = AUCTION.new_state(config, 4)
    b = a.clone()
    b.chips[1] = 0 if a.chips[1] else 4
    b.chips[2] = 4 - a.chips[2]
    assert a.view(0) == b.view(0) and a.truth() != b.truth()
    picks = {BlueprintSearch(seconds=0, rounds=40, z=0.5).choose(Observation(s, 0),
                                                                 random.Random(9))
             for s in (a, b, a)}
    assert len(picks) == 1


@pytest.mark.parametrize("players", [2, 3])
def test_it_plays_simultaneous_bids_and_reaction_windows(players: int) -> None:
    config = AUCTION.spec.configure(players)
    agents = [BlueprintSearch(seconds=0, rounds=6)] + [RandomAgent()] * (players - 1)
    match = Match(AUCTION, config, seed=players)
    decisions = play_match(match, agents, agent_rngs(players, players))
    out = match.state.outcome()
    assert out is not None and out.reason == "rounds"
    assert decisions >= 3 * players


def test_on_a_virtual_clock_it_taps_rather_than_waits() -> None:
    config = TAPS.spec.configure(2, {"wait": True})
    chosen = []
    search = BlueprintSearch(seconds=0, rounds=30, z=1.0, progress_weight=0.0)

    class Spy(Agent):
        def choose(self, obs: Observation, rng: random.Random):
            action = search.choose(obs, rng)
            chosen.append(action)
            return action

    for seed in range(3):
        match = Match(TAPS, config, seed=seed)
        play_match(match, [Spy(), RandomAgent()], agent_rngs(seed, 2))
        out = match.state.outcome()
        assert out is not None and out.winners == (0,)
    assert sum(a == TAP for a in chosen) / len(chosen) > 0.75


def test_a_time_budget_and_a_deadline_are_kept_to() -> None:
    en = registry().get("escape-now")
    state = en.new_state(en.spec.configure(3), 2)
    seat = state.to_act()[0]
    agent = BlueprintSearch(seconds=0.5)
    agent.choose(Observation(state, seat), random.Random(0))
    assert agent.last_rounds >= 1
    # With no time for one whole round it answers the blueprint's own choice.
    capped = BlueprintSearch(seconds=0, rounds=10**9)
    choice = capped.choose(Observation(state, seat, deadline=time.perf_counter() - 1),
                           random.Random(0))
    assert capped.last_rounds == 0 and choice == capped.last_tallies[0].action
    assert all(not t.values for t in capped.last_tallies)


def test_a_cpu_clock_budget_counts_the_process_cpu_time() -> None:
    en = registry().get("escape-now")
    state = en.new_state(en.spec.configure(3), 2)
    seat = state.to_act()[0]
    agent = make_agent("hard:seconds=0.3:clock=cpu", en)
    start = time.process_time()
    agent.choose(Observation(state, seat), random.Random(0))
    used = time.process_time() - start
    assert agent.last_rounds >= 1  # type: ignore[attr-defined]
    assert 0.3 <= used < 3  # it stops at its CPU budget, at most one round past it
    # A caller's wall-clock deadline still caps it.
    capped = make_agent("hard:seconds=5:clock=cpu", en)
    capped.choose(Observation(state, seat, deadline=time.perf_counter() - 1), random.Random(0))
    assert capped.last_rounds == 0  # type: ignore[attr-defined]


@pytest.mark.parametrize(("spec", "message"), [
    ("blueprint:seconds=0", "give a budget"),
    ("blueprint:seconds=-1", "seconds"),
    ("blueprint:rounds=-2", "rounds"),
    ("blueprint:width=0", "width"),
    ("blueprint:race=0", "race"),
    ("blueprint:progress_weight=1.5", "progress_weight"),
    ("blueprint:z=-1", "must not be negative"),
    ("hard:clock=sundial", "clock must be wall or cpu"),
    ("blueprint:blueprint=ismcts", "search inside every playout"),
    ("hard:blueprint=hard", "search inside every playout"),
    ("hard:iterations=3", "does not accept"),
    ("hard:belief=3", "belief must be true or false"),
])
def test_bad_settings_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(spec, registry().get("escape-now"))


def test_hard_is_the_blueprint_search_under_its_level_name() -> None:
    en = registry().get("escape-now")
    hard = make_agent("hard", en)
    assert isinstance(hard, BlueprintSearch) and hard.name == "hard"
    assert hard.seconds == 1.0 and hard.describe() == "hard"
    assert make_agent("hard:seconds=0.2:rounds=5", en).describe() == "hard:seconds=0.2:rounds=5"


def test_its_worlds_come_from_believe_unless_belief_is_false() -> None:
    """Hard samples its worlds with ``State.believe`` (the other seats' hidden cards as
    their play suggests); ``belief=false`` samples them with ``determinize``."""
    en = registry().get("escape-now")
    state = en.new_state(en.spec.configure(4), 3)
    while state.pending().get("key") != "turn":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    used: list[str] = []

    class Spy(Observation):
        def believe(self, rng: random.Random) -> Any:
            used.append("believe")
            return super().believe(rng)

        def determinize(self, rng: random.Random) -> Any:
            used.append("determinize")
            return super().determinize(rng)

    seat = state.to_act()[0]
    for spec, kind in (("hard:seconds=0:rounds=3", "believe"),
                       ("hard:seconds=0:rounds=3:belief=false", "determinize")):
        used.clear()
        agent = make_agent(spec, en)
        assert agent.describe() == spec
        agent.choose(Spy(state, seat), random.Random(1))
        assert used and set(used) == {kind}
