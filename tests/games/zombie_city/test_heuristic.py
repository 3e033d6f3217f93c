"""The heuristic team: legal play, a clear win over random play, and its habits in set scenes."""

from __future__ import annotations

import random

import pytest

from getaway.agents.random import RandomAgent
from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.rollout import busy, next_seat, schedule
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.heuristic import HeuristicAgent
from getaway.games.zombie_city.state import ZombieCityState
from getaway.games.zombie_city.tables import CHURCH, EXIT, ITEM_INDEX
from getaway.sim.driver import agent_rngs
from getaway.sim.jobs import Job, game_seed, play_one
from tests.games.zombie_city.build import dice, fresh, lay, place_zombie, sec


def choose(s: ZombieCityState, seat: int, seed: int = 0) -> Action:
    """The heuristic's choice for ``seat`` (checked legal)."""
    legal = s.legal_actions(seat)
    action = HeuristicAgent().choose(Observation(s, seat, legal), random.Random(seed))
    assert action in legal
    return action


def play(players: int, seed: int, agent: Agent, **options: object) -> ZombieCityState:
    """A whole game in virtual time, every choice checked against the legal list."""
    s = fresh(players, seed=seed, **options)
    free_at = schedule(s)
    rngs = agent_rngs(seed, players)
    while (seat := next_seat(s, free_at)) is not None:
        legal = s.legal_actions(seat)
        action = agent.choose(Observation(s, seat, legal), rngs[seat])
        assert action in legal, f"seed {seed}: seat {seat} chose {action!r}, which is not legal"
        busy(s, free_at, seat, action)
        s.apply(seat, action)
    return s


# -- whole games ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "scenario"), [(2, 1), (3, 3), (4, 5)])
def test_the_heuristic_only_plays_legal_actions(players: int, scenario: int) -> None:
    for seed in range(3):
        s = play(players, seed, HeuristicAgent(), scenario=scenario)
        assert s.is_over()


def test_the_heuristic_team_clearly_beats_random_play() -> None:
    games = 40
    heuristic = Job("zombie-city", 4, {}, "heuristic", run_seed=7)
    random_team = Job("zombie-city", 4, {}, "random", run_seed=7)
    won = sum(play_one(heuristic, i).won for i in range(games))
    assert sum(play_one(random_team, i).won for i in range(games)) == 0
    # about 45% of standard first-scenario games; a team that fell back to the
    # old level (about 20% at these time costs) would fail this
    assert won >= 12, f"the heuristic team won {won} of {games}"


def test_the_heuristic_is_deterministic_given_its_generators() -> None:
    def actions(seed: int) -> list[Action]:
        s = fresh(3, seed=seed)
        free_at = schedule(s)
        rngs = agent_rngs(game_seed(0, seed), 3)
        agent = HeuristicAgent()
        out: list[Action] = []
        while (seat := next_seat(s, free_at)) is not None and len(out) < 400:
            a = agent.choose(Observation(s, seat), rngs[seat])
            out.append(a)
            busy(s, free_at, seat, a)
            s.apply(seat, a)
        return out

    assert actions(5) == actions(5)


def test_random_play_never_wins() -> None:
    assert not any(play(4, seed, RandomAgent()).outcome().winners  # type: ignore[union-attr]
                   for seed in range(3))


# -- habits in set scenes --------------------------------------------------------------


def test_a_guard_strikes_a_zombie_next_to_the_church() -> None:
    s = fresh(2)
    s.pos[0] = sec("start-west")
    walker = place_zombie(s, "walker", "start-west")
    dice(s, 0, "FGGBs")
    assert choose(s, 0) == A.COMMITS[walker][0], "a fist against the walker (ZC-34)"


def test_guards_on_a_section_pool_their_fists_on_one_zombie() -> None:
    s = fresh(3)
    for seat in (0, 1):
        s.pos[seat] = sec("start-east")
    brute = place_zombie(s, "brute", "start-east")
    walker = place_zombie(s, "walker", "start-east")
    s.zhit[brute] = (3, 0)
    dice(s, 0, "FGsss")
    dice(s, 1, "FFBss")
    assert choose(s, 0) == A.COMMITS[brute][0], "the brute is nearest defeat (ZC-35)"
    s.apply(0, A.COMMITS[brute][0])
    assert choose(s, 1) == A.COMMITS[brute][0], "a friend's fist finishes it"
    s.apply(1, A.COMMITS[brute][0])
    assert s.zloc[brute] < 0 and s.zloc[walker] == sec("start-east")


def test_a_survivor_outside_goes_home_before_the_door_slams() -> None:
    s = fresh(2)
    s.pos[0] = sec("start-east")
    dice(s, 0, "GGsss")
    assert isinstance(choose(s, 0), A.Reveal), "with time to spare, it explores"
    s.advance(290.0)  # countdown 1 runs: the door slams at 300
    assert s.countdown == 1
    assert choose(s, 0) == A.ENTERS[CHURCH], "ZC-85: back onto the church in time"


def test_no_card_is_turned_while_a_zombie_can_walk_into_the_church() -> None:
    s = fresh(2)
    s.pos[0] = sec("start-east")
    dice(s, 0, "GGsss")
    place_zombie(s, "walker", "start-west")
    assert not isinstance(choose(s, 0), A.Reveal), "a move card would bring it in (ZC-59)"


def test_a_seat_in_full_panic_waits_for_a_friend_with_a_caution() -> None:
    s = fresh(2)
    s.pos = [sec("start-east"), sec("start-east")]
    dice(s, 0, "PPPPP")
    dice(s, 1, "GFBss")
    assert choose(s, 0) == A.WAIT, "ZC-69: a friend on the section may help"
    dice(s, 1, "CFBss")
    assert choose(s, 1) == A.CAUTION_HELPS[0], "ZC-26: the friend in full panic first"


def test_a_seat_in_full_panic_waits_for_a_visitor_else_takes_a_safe_rescue_card() -> None:
    s = fresh(2)
    lay(s, "junction-1", 2, 0, 1)
    s.pos = [sec("junction-1"), CHURCH]
    dice(s, 0, "PPPPP")
    dice(s, 1, "GBsss")
    assert choose(s, 0) == A.WAIT, "ZC-69: the friend two steps away comes to help"
    assert choose(s, 1) == A.ENTERS[sec("start-east")], "the friend sets off"
    dice(s, 1, "PPPPs")
    assert choose(s, 0) == A.RESCUE, "ZC-69: no help can come, and no zombie is near"
    place_zombie(s, "walker", "start-west")
    dice(s, 1, "GGFsP")
    assert choose(s, 0) == A.WAIT, "a card now could walk the walker into the church"


def test_a_duplicate_item_rerolls_the_panics() -> None:
    s = fresh(2)
    s.cargo[ITEM_INDEX["crowbar"]] = True
    s.held[0] = ITEM_INDEX["crowbar"]
    dice(s, 0, "PPGFs")
    assert choose(s, 0) == A.USE_ITEM, "ZC-68"


def test_a_carrier_deposits_a_new_item_at_once() -> None:
    s = fresh(2)
    s.held[0] = ITEM_INDEX["splints"]
    dice(s, 0, "GGFBs")
    assert choose(s, 0) == A.DEPOSIT, "ZC-65"


def test_the_van_drives_towards_the_exit() -> None:
    s = fresh(2)
    lay(s, "exit", -2, 0, 3)
    s.exit_revealed = True
    s.phase, s.van = 2, CHURCH
    dice(s, 0, "GBFGs")  # pays the west crossroads (getaway, fist) or the east one (bat)
    dice(s, 1, "sssss")
    assert choose(s, 0) == A.DRIVES[sec("start-west")], "ZC-77: the way to the exit"
    s.apply(0, A.DRIVES[sec("start-west")])
    dice(s, 1, "GFGss")
    assert choose(s, 1) == A.DRIVES[sec("start-west")]
    s.apply(1, A.DRIVES[sec("start-west")])
    assert s.van == sec("start-west")
    place_zombie(s, "crawler", "start-west")
    dice(s, 0, "BGGss")
    assert isinstance(choose(s, 0), A.Commit), "ZC-78: fight in the van first"
    assert EXIT in s.joined(sec("start-west"))
