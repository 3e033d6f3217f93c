"""ISMCTS and flat Monte Carlo on every kind of decision the protocol has.

Perfect-information Nim checks that the search finds the winning move; the
toy auction exercises simultaneous bids and reaction windows with hidden
chips; the toy tap race runs on a virtual clock; ESCAPE NOW! is a real game
with hidden hands, played with random and with heuristic-guided rollouts.
"""

from __future__ import annotations

import random

import pytest

from getaway.agents.ismcts import ISMCTS, FlatMC
from getaway.agents.random import RandomAgent
from getaway.agents.registry import make_agent, parse_agent_list
from getaway.core.agent import Agent, Observation
from getaway.core.errors import ConfigError
from getaway.core.match import Match
from getaway.core.registry import Game
from getaway.games import registry
from getaway.sim.driver import agent_rngs, play_match
from tests.core.toys import TAKES, TAP, Auction, Nim, TapGame

NIM, AUCTION, TAPS = Nim(), Auction(), TapGame()


def nim_at(pile: int):
    return NIM.new_state(NIM.spec.configure(2, {"pile": pile}), 0)


@pytest.mark.parametrize(("pile", "take"), [(15, 3), (7, 3), (6, 2), (5, 1), (3, 3)])
def test_ismcts_finds_the_winning_nim_move(pile: int, take: int) -> None:
    state = nim_at(pile)
    agent = ISMCTS(iterations=2000, c=1.0, progress_weight=0.0)
    choice = agent.choose(Observation(state, 0), random.Random(pile))
    assert choice == TAKES[take - 1]  # leave the opponent a multiple of four
    assert agent.last_iterations == 2000


@pytest.mark.parametrize("pile", [1, 2, 3])
def test_flat_mc_takes_an_immediate_win(pile: int) -> None:
    choice = FlatMC(iterations=60).choose(Observation(nim_at(pile), 0), random.Random(1))
    assert choice == TAKES[pile - 1]


def win_rate(game: Game, config, agents: list[Agent], games: int, seat: int) -> float:
    wins = 0
    for seed in range(games):
        match = Match(game, config, seed)
        play_match(match, agents, agent_rngs(seed, config.players))
        out = match.state.outcome()
        assert out is not None
        wins += out.won(seat)
    return wins / games


def test_ismcts_beats_random_at_nim_from_either_seat() -> None:
    config = NIM.spec.configure(2, {"pile": 13})  # 13 = 4*3 + 1: the first seat can win
    search = ISMCTS(iterations=300, progress_weight=0.0)
    assert win_rate(NIM, config, [search, RandomAgent()], 20, 0) == 1.0
    assert win_rate(NIM, config, [RandomAgent(), RandomAgent()], 20, 0) < 0.9
    # From the losing seat it still wins whenever random play slips.
    assert win_rate(NIM, config, [RandomAgent(), search], 20, 1) > 0.5


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("spec", ["ismcts:iterations=30", "flat-mc:iterations=30"])
def test_search_plays_simultaneous_bids_and_reaction_windows(players: int, spec: str) -> None:
    config = AUCTION.spec.configure(players)
    agents = [make_agent(spec, AUCTION)] + [RandomAgent()] * (players - 1)
    match = Match(AUCTION, config, seed=players)
    decisions = play_match(match, agents, agent_rngs(players, players))
    out = match.state.outcome()
    assert out is not None and out.reason == "rounds"
    assert decisions >= 3 * players  # three rounds of bids from every seat


def test_search_decides_from_what_the_seat_knows_only() -> None:
    """Two states that differ only in another seat's hidden chips get the same choice."""
    config = AUCTION.spec.configure(3)
    a = AUCTION.new_state(config, 4)
    b = a.clone()
    b.chips[1] = 0 if a.chips[1] else 4
    b.chips[2] = 4 - a.chips[2]
    assert a.view(0) == b.view(0) and a.truth() != b.truth()
    for agent in (ISMCTS(iterations=200), FlatMC(iterations=200)):
        choices = {agent.choose(Observation(s, 0), random.Random(9)) for s in (a, b)}
        assert len(choices) == 1


def test_search_on_a_virtual_clock_taps_rather_than_waits() -> None:
    config = TAPS.spec.configure(2, {"wait": True})
    search = ISMCTS(iterations=100, progress_weight=0.0)
    chosen: list[object] = []

    class Spy(Agent):
        def choose(self, obs: Observation, rng: random.Random):
            assert obs.clock() is not None
            action = search.choose(obs, rng)
            chosen.append(action)
            return action

    for seed in range(5):
        match = Match(TAPS, config, seed=seed)
        play_match(match, [Spy(), RandomAgent()], agent_rngs(seed, 2))
        out = match.state.outcome()
        assert out is not None and out.reason == "time"
        assert out.winners == (0,)  # the random seat waits half of its seconds away
    # Waiting never scores; it only costs nothing once the race is already won.
    assert sum(a == TAP for a in chosen) / len(chosen) > 0.75


def test_time_budget_counts_iterations() -> None:
    agent = ISMCTS(seconds=0.05)
    agent.choose(Observation(nim_at(20), 0), random.Random(0))
    assert agent.last_iterations > 0
    flat = FlatMC(seconds=0.05)
    flat.choose(Observation(nim_at(20), 0), random.Random(0))
    assert flat.last_iterations > 0


def test_same_seed_same_search() -> None:
    en = registry().get("escape-now")
    config = en.spec.configure(2)
    state = en.new_state(config, 8)
    seat = state.to_act()[0]
    picks = {ISMCTS(iterations=60).choose(Observation(state, seat), random.Random(3))
             for _ in range(3)}
    assert len(picks) == 1


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=8:depth=20",
    "ismcts:iterations=4:rollout=heuristic:depth=15",
    "flat-mc:iterations=6:rollout=heuristic:epsilon=0.2:depth=15",
])
def test_search_plays_a_whole_escape_now_game(spec: str) -> None:
    en = registry().get("escape-now")
    config = en.spec.configure(2)
    agents = parse_agent_list(spec, en, 2)
    match = Match(en, config, seed=5)
    decisions = play_match(match, agents, agent_rngs(5, 2))
    assert match.state.is_over() and decisions > 10
    assert "rollout=heuristic" in agents[0].describe() or "rollout" not in spec
    assert "bias" not in agents[0].describe()  # the default bias is not named in the label


@pytest.mark.parametrize(("spec", "message"), [
    ("ismcts:iterations=0", "iterations"),
    ("ismcts:seconds=-1", "seconds"),
    ("ismcts:c=-0.5", "exploration"),
    ("ismcts:depth=0", "depth"),
    ("ismcts:progress_weight=2", "progress_weight"),
    ("ismcts:rollout=ismcts", "search inside every rollout"),
    ("flat-mc:rollout=flat-mc", "search inside every rollout"),
    ("flat-mc:epsilon=1.5", "epsilon"),
    ("ismcts:budget=3", "does not accept"),
    ("ismcts:rollout=heuristic:bias=-1", "bias"),
])
def test_bad_search_settings_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(spec, registry().get("escape-now"))


def test_an_unknown_rollout_agent_is_named() -> None:
    en = registry().get("escape-now")
    agent = make_agent("ismcts:iterations=5:rollout=genius", en)
    state = en.new_state(en.spec.configure(2), 1)
    seat = state.to_act()[0]
    with pytest.raises(ConfigError, match="unknown agent 'genius'"):
        agent.choose(Observation(state, seat), random.Random(0))


@pytest.mark.parametrize("seat", [1, 2])
def test_the_observer_decides_first_in_a_simultaneous_decision(seat: int) -> None:
    """Seats 0-2 bid at once; asked for seat 1 or 2, the tree's first layer is that seat's."""
    state = AUCTION.new_state(AUCTION.spec.configure(3), 2)
    assert seat in state.to_act() and state.to_act()[0] == 0
    agent = ISMCTS(iterations=60)
    choice = agent.choose(Observation(state, seat), random.Random(1))
    assert choice in state.legal_actions(seat)
    root = agent.last_root
    assert root is not None and root.children
    assert {child.seat for child in root.children.values()} == {seat}
    assert set(root.children) <= set(state.legal_actions(seat))
