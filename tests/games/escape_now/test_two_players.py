"""ESCAPE NOW! with two players: the fictional third hand and who plays it."""

from __future__ import annotations

import itertools
import random

from getaway.core.decisions import PASS
from getaway.games.escape_now import GAME
from getaway.games.escape_now.actions import (
    Answer,
    Ask,
    Discard,
    Finish,
    MoveTo,
    PlacePawn,
    Play,
    Question,
    Replenish,
)
from getaway.games.escape_now.rules import (
    Answers,
    PlaceRest,
    StartOffer,
    Turn,
)
from getaway.games.escape_now.state import EscapeNowState
from tests.games.escape_now.builder import (
    act,
    assert_illegal,
    build,
    check_conservation,
    legal,
    seat_of,
)

FICT = 2
A, B = 0, 1


def two(seed: int = 0, **options: object) -> EscapeNowState:
    return GAME.new_state(GAME.spec.configure(2, options), seed)


def quiet_turn(s: EscapeNowState, draw: int = 0) -> None:
    """The hand at turn replenishes ``draw`` cards and discards its first kind."""
    act(s, Replenish(draw))
    act(s, legal(s)[0])


def test_a_third_fictional_hand_joins() -> None:
    s = two(3)
    assert s.hands_n == 3 and s.fict == FICT, "EN-72"
    assert s.sizes == [4, 4, 4] and len(s.pile) == 48, "EN-72 EN-41"
    v = s.view(0)
    assert [h["fictional"] for h in v["hands"]] == [False, False, True], "EN-72"
    assert v["hands"][FICT]["seat"] is None and v["hands"][FICT]["colour"] == "blue", "EN-72"
    act(s, PlacePawn(0), PlacePawn(1), PlacePawn(1))
    assert s.pawns == [0, 1, 1], "EN-72: the fictional hand has its own pawn"
    assert s.view(None)["players"] == 2, "EN-72: two real players, three hands"


def test_fictional_hand_is_first_held_by_seat_one() -> None:
    s = two(5)
    assert s.holder == 1, "EN-GAP-11"
    assert "cards" in s.view(1)["hands"][FICT], "EN-GAP-11: the holder looks at it"
    assert "cards" not in s.view(0)["hands"][FICT], "EN-GAP-11 EN-7: the other does not"
    assert "cards" not in s.view(None)["hands"][FICT], "EN-7"


def test_start_decisions_pass_the_fictional_hand_on() -> None:
    s = two(1)
    act(s, PASS, PASS)  # seats 0 and 1 do not volunteer
    assert isinstance(s.stack[-1], StartOffer) and s.stack[-1].hand == FICT
    assert seat_of(s) == 1, "EN-73: seat 1 decides for the fictional hand"
    act(s, PASS)
    assert s.holder == 0, "EN-74: even passing the offer counts as looking at it"
    act(s, PlacePawn(0))  # hand 0 must start
    act(s, PlacePawn(0))  # hand 1
    assert isinstance(s.stack[-1], PlaceRest) and seat_of(s) == 0, "EN-74 EN-75"
    act(s, PlacePawn(1))
    assert s.holder == 1, "EN-74: choosing its starting puzzle passes it on"
    assert s.pawns == [0, 0, 1]


def test_fictional_hand_plays_in_turn_and_control_alternates() -> None:
    s = build(2, hands=[{"logical": 4}, {"logical": 4}, {"dexterous": 3, "lucky": 1}],
              room={"A": "vent"}, pawns=["A", "A", "A"], holder=1, pile_size=20)
    quiet_turn(s)
    quiet_turn(s)
    assert s.cur == FICT and isinstance(s.stack[-1], Turn), "EN-73: its own turn in order"
    assert s.to_act() == (1,), "EN-73: the holder decides"
    assert_illegal(s, 0, Play("dexterous", "dexterous"), "seat 0 may not act")  # EN-73
    act(s, Play("dexterous", "dexterous"))  # solving
    assert s.holder == 0, "EN-74: solving"
    # next round: hands 0 and 1 replenish, then the fictional hand moves (seat 0 holds it)
    quiet_turn(s, 1)
    quiet_turn(s, 1)
    assert s.cur == FICT and s.to_act() == (0,), "EN-75"
    act(s, MoveTo(B))
    assert s.to_act() == (0,) and s.holder == 0, "EN-74: the same player finishes the move"
    act(s, Discard("dexterous"))
    assert s.holder == 1, "EN-74: moving"
    quiet_turn(s)
    quiet_turn(s)
    act(s, Replenish(1))
    assert s.to_act() == (1,)
    act(s, legal(s)[0])
    assert s.holder == 0, "EN-74: replenishing"
    quiet_turn(s)
    quiet_turn(s)
    act(s, Ask(), Question("who-lucky"))
    assert s.holder == 0 and set(s.to_act()) == {0, 1}, \
        "EN-GAP-11: both players may answer the fictional hand's question"
    act(s, PASS, PASS)
    assert s.holder == 1, "EN-74: asking"


def test_answering_for_the_fictional_hand_passes_it_on() -> None:
    s = build(2, hands=[{"logical": 2}, {"logical": 1}, {"lucky": 1}], holder=1, pile_size=10)
    act(s, Ask(), Question("who-lucky"))
    assert isinstance(s.stack[-1], Answers) and s.to_act() == (1,), "EN-64 EN-74"
    s.apply(1, Answer("no"))  # for its own hand first
    assert s.holder == 1
    s.apply(1, Answer("me"))  # then for the fictional hand
    assert s.holder == 0, "EN-74: answering for it counts too"
    assert s.qa[-1][2] == ((1, "no"), (2, "me")), "EN-74"
    quiet = build(2, hands=[{"logical": 2}, {"logical": 1}, {"lucky": 1}], holder=1,
                  pile_size=10)
    act(quiet, Ask(), Question("who-lucky"), Answer("no"), PASS)
    assert quiet.qa[-1][2] == ((1, "no"), (2, "")), "EN-GAP-11"
    assert quiet.holder == 0, "EN-74 EN-GAP-11: staying silent for it also passes it on"


def test_asker_may_answer_for_the_fictional_hand_it_holds() -> None:
    s = build(2, hands=[{"logical": 2}, {"logical": 1}, {"lucky": 1}], holder=0, pile_size=10)
    act(s, Ask(), Question("who-lucky"))
    assert set(s.to_act()) == {0, 1}, "EN-GAP-11 EN-64: seat 0 speaks for the fictional hand"
    assert s.legal_actions(0) == s.legal_actions(1)
    s.apply(0, Answer("me"))
    assert s.qa[-1][2] == ((2, "me"),) and s.holder == 1, "EN-74"


def test_fictional_hand_follows_every_rule() -> None:
    s = build(2, hands=[{"logical": 1}, {"logical": 1}, {"dexterous": 4}], room={"A": "vent"},
              placed={"A": ["dexterous"] * 2}, pawns=["B", "B", "A"], pile_size=10, cur=FICT)
    assert [a for a in legal(s) if isinstance(a, Replenish)] == [Replenish(0), Replenish(1)], \
        "EN-76: hand limit"
    act(s, MoveTo(B), Discard("dexterous"))
    assert s.placed[A] == (), "EN-76: the last pawn leaving takes the cards with it"
    t = build(2, hands=[{}, {"logical": 1}, {}], pawns=["A", "A", "A"], pile_size=0, cur=1)
    act(t, Replenish(0), Discard("logical"))
    assert t.is_over() and t.outcome().reason == "time_up", "EN-76: empty fictional hand loses"
    assert t.outcome().scores == (0.0, 0.0), "EN-76 EN-5"


def test_fictional_cards_count_as_minutes() -> None:
    s = build(2, hands=[{"lucky": 1}, {}, {"talkative": 3}], final=("radio", "guard"),
              solved=["E", "F"], placed={"FINAL": ["logical", "tenacious", "talkative"]},
              pawns=["FINAL"] * 3, pile_size=5)
    act(s, Finish())
    assert s.outcome().scores == (8.0, 8.0), "EN-77 EN-GAP-19: 3 fictional + 5 in the pile"
    assert s.outcome().winners == (0, 1), "EN-5"


def fictional_party(s: EscapeNowState, seat: int) -> bool:
    """Whether ``seat``'s next decision is made for the fictional hand."""
    top = s.stack[-1]
    if isinstance(top, StartOffer):
        return top.hand == FICT
    if isinstance(top, PlaceRest):
        return top.order[0] == FICT
    if isinstance(top, Answers):
        return top.party_of(s, seat) == FICT
    return s.cur == FICT


def test_control_never_stays_with_one_player_twice_in_a_row() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        s = two(seed, layout=("easy", "standard", "hard")[seed % 3])
        deciders: list[int] = []
        turn_seat = -1
        while not s.is_over():
            seat = rng.choice(s.to_act())
            top = s.stack[-1]
            if fictional_party(s, seat):
                if isinstance(top, (Turn, StartOffer, PlaceRest, Answers)):
                    deciders.append(seat)
                    turn_seat = seat
                else:  # the discard or question that completes the same action
                    assert seat == turn_seat, "EN-74: one player makes the whole action"
            s.apply(seat, rng.choice(list(s.legal_actions(seat))))
            check_conservation(s)
        assert deciders[0] == 1, "EN-GAP-11"
        assert all(a != b for a, b in itertools.pairwise(deciders)), \
            f"EN-75: seed {seed}: {deciders}"
