"""The core mechanisms on two toy games: simultaneous decisions, reaction windows, clocks."""

from __future__ import annotations

import random

import pytest

from getaway.agents.random import RandomAgent
from getaway.core.decisions import PASS
from getaway.core.errors import IllegalAction, NotRealTime
from getaway.core.match import Match
from getaway.core.records import Record, replay
from getaway.core.registry import Registry
from getaway.sim.driver import agent_rngs, play_match
from tests.conformance import test_protocol as conformance
from tests.core.toys import BIDS, CHALLENGE, TAP, Auction, Nim, TapGame

AUCTION, TAPS, NIM = Auction(), TapGame(), Nim()
CASES = [(g, c) for g in (AUCTION, TAPS, NIM) for c in g.variants()]


@pytest.mark.parametrize("case", CASES, ids=[c.label() for _, c in CASES])
@pytest.mark.parametrize("check", [
    conformance.test_random_playouts_end_with_a_valid_outcome,
    conformance.test_live_states_offer_legal_actions_from_the_action_space,
    conformance.test_illegal_actions_raise_and_change_nothing,
    conformance.test_clones_are_independent,
    conformance.test_records_replay_exactly,
    conformance.test_determinized_states_play_on,
], ids=lambda f: f.__name__)
def test_toys_pass_the_conformance_suite(case, check) -> None:
    check(case)


def test_auction_views_hide_chips() -> None:
    conformance.test_views_hold_only_what_the_seat_may_know((AUCTION, AUCTION.spec.configure(3)))


def test_simultaneous_decision_waits_for_every_seat_in_any_order() -> None:
    s = AUCTION.start(3, seed=1)
    assert s.to_act() == (0, 1, 2)
    s.apply(2, BIDS[1])
    assert s.to_act() == (0, 1)
    with pytest.raises(IllegalAction, match="may not act"):
        s.apply(2, BIDS[0])
    s.apply(0, BIDS[0])
    s.apply(1, BIDS[0])
    assert s.answered == [{0: 0, 1: 0, 2: 1}]
    # Seat 2 bid highest, so the reaction window runs 0 then 1.
    assert s.to_act() == (0,)
    assert list(s.legal_actions(0)) == [CHALLENGE, PASS]


def test_reaction_window_goes_in_order_and_closes_once() -> None:
    s = AUCTION.start(3, seed=1)
    for seat, bid in ((0, 0), (1, 2), (2, 0)):
        s.apply(seat, BIDS[bid])
    assert s.to_act() == (2,)  # after top bidder 1: seats 2 then 0
    s.apply(2, CHALLENGE)
    assert s.to_act() == (0,)
    assert list(s.legal_actions(0)) == [PASS]  # the prize is already cancelled
    score_before = s.score[:]
    s.apply(0, PASS)
    assert s.score == score_before  # challenged: no prize
    assert s.round == 1 and s.to_act() == (0, 1, 2)


def test_real_time_driver_uses_virtual_time() -> None:
    config = TAPS.spec.configure(3, {"slow": True})
    match = Match(TAPS, config, seed=0)
    agents = [RandomAgent()] * 3
    play_match(match, agents, agent_rngs(0, 3))
    out = match.state.outcome()
    assert out is not None and out.reason == "time"
    # Seat 0 taps every 1.0 s, seat 2 every 1.5 s; taps after the bell count double.
    assert out.scores[0] > out.scores[1] > out.scores[2]
    assert out.winners == (0,)
    assert match.state.clock() == pytest.approx(10.0)
    record = Record.loads(match.record().dumps())
    assert any("advance" in step for step in record.steps)
    reg = Registry()
    reg.register(TAPS)
    assert replay(record, reg).state.outcome() == out


def test_clock_only_moves_forward() -> None:
    s = TAPS.start(1)
    with pytest.raises(ValueError, match="forward"):
        s.advance(-1.0)
    with pytest.raises(ValueError, match="forward"):
        s.advance(float("nan"))
    s.apply(0, TAP)
    assert s.advance(6.0)[0].kind == "bell"
    assert s.wake_in() == pytest.approx(4.0)


def test_turn_based_games_have_no_clock() -> None:
    s = AUCTION.start(2)
    assert s.clock() is None and s.wake_in() is None
    with pytest.raises(NotRealTime, match="turn-based"):
        s.advance(1.0)


def test_same_seed_same_random_agents_same_game() -> None:
    results = []
    for _ in range(2):
        m = Match(AUCTION, AUCTION.spec.configure(4), seed=12)
        play_match(m, [RandomAgent()] * 4, agent_rngs(12, 4))
        results.append((m.state.fingerprint(), m.steps))
    assert results[0] == results[1]
    rng = random.Random(0)
    assert rng.random() != random.Random(1).random()
