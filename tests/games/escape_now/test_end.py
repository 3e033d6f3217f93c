"""ESCAPE NOW! winning and losing: the escape, time running out, the shared result."""

from __future__ import annotations

import random

from getaway.core.decisions import PASS
from getaway.games.escape_now import GAME
from getaway.games.escape_now.actions import (
    Ask,
    Discard,
    Finish,
    MoveTo,
    Play,
    Question,
    Replenish,
)
from tests.games.escape_now.builder import (
    FINAL,
    act,
    assert_illegal,
    build,
    legal,
)

A, B = 0, 1


def test_escape_wins_for_everyone_with_the_minutes_left() -> None:
    s = build(4, hands=[{"lucky": 1, "logical": 2}, {"talkative": 3}, {}, {"dexterous": 1}],
              final=("radio", "guard"), solved=["E", "F"],
              placed={"FINAL": ["logical", "tenacious", "talkative"]},
              pawns=["FINAL", "FINAL", "E", "F"], pile_size=9)
    events = s.apply(0, Finish())
    out = s.outcome()
    assert s.is_over() and out is not None and out.reason == "escaped", "EN-66"
    assert out.winners == (0, 1, 2, 3), "EN-5: the whole team wins"
    minutes = 2 + 3 + 0 + 1 + 9
    assert out.scores == (float(minutes),) * 4, "EN-66 EN-8: hands plus pile, the same for all"
    assert f"{minutes} minutes" in out.detail, "EN-8"
    assert events[-1].kind == "game_over", "EN-66"
    assert s.to_act() == () and not s.legal_actions(0), "EN-66: nothing happens after"
    assert s.view(2)["outcome"]["scores"] == [float(minutes)] * 4, "EN-8"


def test_time_up_when_the_next_hand_is_empty_and_the_pile_is_gone() -> None:
    s = build(3, hands=[{"logical": 1}, {}, {"lucky": 2, "talkative": 2}], pile_size=0,
              pawns=["A", "A", "B"])
    act(s, MoveTo(B), Discard("logical"))
    out = s.outcome()
    assert s.is_over() and out is not None and out.reason == "time_up", "EN-67"
    assert out.winners == () and out.scores == (0.0, 0.0, 0.0), "EN-67 EN-5: all lose together"
    assert s.sizes[2] == 4, "EN-67: even though hand 2 still holds cards"
    assert "green" in out.detail, "EN-67 EN-GAP-18: the hand at turn is named"


def test_no_loss_while_the_hand_at_turn_can_draw() -> None:
    s = build(3, hands=[{"logical": 1}, {}, {}], pile_size=1, pawns=["A", "A", "B"])
    act(s, MoveTo(B), Discard("logical"))
    assert not s.is_over(), "EN-68: an empty hand may still draw"
    assert set(legal(s)) == {Replenish(1), Ask()}, "EN-68: replenish or ask only"
    assert_illegal(s, 1, MoveTo(A), "moving costs a card")  # EN-68
    assert_illegal(s, 1, Play("logical", "logical"), "holds no LOGICAL")  # EN-68


def test_loss_is_checked_at_the_start_of_that_hands_turn() -> None:
    # hand 1 is empty; the pile is emptied by hand 0's question, during hand 0's turn
    s = build(3, hands=[{"logical": 1}, {}, {"talkative": 1}], pile_size=1,
              pawns=["A", "A", "B"])
    act(s, Ask(), Question("who-lucky"))
    assert not s.is_over(), "EN-GAP-18: not during hand 0's turn"
    act(s, PASS, PASS)  # both stay silent
    assert s.is_over() and s.outcome().reason == "time_up", "EN-67 EN-GAP-18"


def test_empty_pile_with_cards_in_hand() -> None:
    s = build(3, room={"A": "vent"}, hands=[{"dexterous": 1, "logical": 1}, {"dexterous": 1},
                                            {}],
              pile_size=0, pawns=["A", "A", "B"])
    got = set(legal(s))
    assert Play("dexterous", "dexterous") in got, "EN-69: may solve"
    assert MoveTo(B) in got, "EN-69: may move"
    assert Replenish(0) in got and Replenish(1) not in got, "EN-69: draw 0, discard 1"
    assert Ask() not in got, "EN-69: may not ask"


def test_the_deck_is_never_refilled_and_the_discard_pile_never_shrinks() -> None:
    rng = random.Random(1)
    for seed in range(8):
        s = GAME.new_state(GAME.spec.configure(1 + seed % 6, {}), seed)
        total = sum(s.deck)
        pile, discard = len(s.pile), 0
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, rng.choice(list(s.legal_actions(seat))))
            assert len(s.pile) <= pile, "EN-6: the pile is never refilled"
            assert sum(s.discard) >= discard, "EN-43: the discard pile is never reshuffled"
            pile, discard = len(s.pile), sum(s.discard)
            assert s.minutes_left() <= total, "EN-6"
        out = s.outcome()
        assert out is not None
        assert out.winners in ((), tuple(range(s.players))), "EN-5"
        assert len(set(out.scores)) == 1, "EN-5: no individual scores"


def test_minutes_count_the_final_moment() -> None:
    s = build(3, hands=[{"logical": 1}, {"logical": 4}, {"lucky": 1}],
              final=("radio", "guard"), solved=["E", "F"],
              placed={"FINAL": ["logical"] * 3 + ["tenacious"] * 2 + ["talkative"] * 2},
              pawns=["FINAL"] * 3, pile_size=4)
    assert FINAL == 6
    act(s, Play("logical", "logical"))
    assert s.outcome().scores[0] == 0 + 4 + 1 + 4, "EN-66"
