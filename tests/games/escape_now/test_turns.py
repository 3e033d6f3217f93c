"""ESCAPE NOW! turns: exactly one of solve, move, replenish or ask, and what each costs."""

from __future__ import annotations

from getaway.core.decisions import PASS
from getaway.games.escape_now.actions import (
    Answer,
    Ask,
    Discard,
    MoveTo,
    Play,
    Point,
    Question,
    Replenish,
)
from getaway.games.escape_now.content import CONTENT
from getaway.games.escape_now.rules import Answers, ChooseQuestion, MoveDiscard, Turn
from getaway.games.escape_now.state import EscapeNowState
from tests.games.escape_now.builder import (
    DEX,
    LOG,
    LUCKY,
    PER,
    TAL,
    act,
    assert_illegal,
    build,
    check_conservation,
    legal,
    seat_of,
)

A, B, C, D, E, F = range(6)


def kinds(s: EscapeNowState, cls: type) -> list:
    return [a for a in legal(s) if isinstance(a, cls)]


# -- a turn is one action -------------------------------------------------------------


def test_a_turn_offers_the_four_actions_and_no_pass() -> None:
    s = build(3, hands=[{"dexterous": 1, "logical": 1}, {"logical": 1}, {"logical": 1}],
              room={"A": "vent"}, pawns=["A", "B", "B"])
    got = {type(a) for a in legal(s)}
    assert got == {Play, MoveTo, Replenish, Ask}, "EN-45"
    assert PASS not in legal(s), "EN-45: no passing"
    assert_illegal(s, 0, PASS, "solve, move, replenish or ask")  # EN-45
    act(s, Play("dexterous", "dexterous"))
    assert s.cur == 1 and seat_of(s) == 1, "EN-45: one action, then the next hand"
    assert_illegal(s, 0, Play("logical", "logical"), "seat 0 may not act now")  # EN-45


# -- move --------------------------------------------------------------------------------


def test_move_costs_one_card_of_the_movers_choice() -> None:
    s = build(3, hands=[{"logical": 1, "talkative": 2}, {"logical": 1}, {}],
              pawns=["A", "B", "B"], pile_size=20)
    before_pile, discard = len(s.pile), list(s.discard)
    act(s, MoveTo(B))
    assert isinstance(s.stack[-1], MoveDiscard), "EN-49: the mover chooses the card"
    assert set(legal(s)) == {Discard("logical"), Discard("talkative")}, "EN-49"
    assert_illegal(s, 0, Discard("lucky"), "no LUCKY SHOT")  # EN-49
    events = s.apply(0, Discard("talkative"))
    assert s.hands[0] == [1, 0, 0, 0, 1, 0] and s.pawns[0] == B, "EN-49"
    discard[TAL] += 1
    assert s.discard == discard, "EN-49: exactly the chosen card is discarded"
    assert len(s.pile) == before_pile, "EN-82: a move is paid from the hand, not the pile"
    # face down: nobody else learns which card it was
    public = [e for e in events if e.seats is None]
    assert all("talkative" not in e.text.lower() and "talkative" not in str(e.data)
               for e in public), "EN-49 EN-42"
    assert s.cur == 1, "EN-54"


def test_move_is_illegal_with_an_empty_hand() -> None:
    s = build(3, hands=[{}, {"logical": 1}, {}], pawns=["A", "B", "B"])
    assert not kinds(s, MoveTo), "EN-49 EN-68"
    assert_illegal(s, 0, MoveTo(B), "moving costs a card")  # EN-49


def test_any_visible_destination_but_the_current_one() -> None:
    s = build(3, options={"layout": "easy"}, hands=[{"logical": 1}, {}, {}],
              solved=["B"], pawns=["A", "B", "B"])
    assert {a.puzzle for a in kinds(s, MoveTo)} == {B, C, E}, "EN-50 EN-12 EN-GAP-13"
    assert_illegal(s, 0, MoveTo(A), "already on puzzle A")  # EN-50
    act(s, MoveTo(C), Discard("logical"))  # A to C: no arrow or adjacency needed
    assert s.pawns[0] == C, "EN-50"


def test_moving_onto_a_solved_puzzle_is_allowed() -> None:
    s = build(3, hands=[{"logical": 1}, {}, {}], solved=["B"], pawns=["A", "B", "B"])
    act(s, MoveTo(B), Discard("logical"))
    assert s.pawns[0] == B, "EN-GAP-13"


def test_last_pawn_leaving_an_unsolved_puzzle_discards_its_cards() -> None:
    s = build(3, hands=[{"logical": 1}, {}, {}], room={"A": "vent"},
              placed={"A": ["dexterous", "dexterous", ("lucky", "tenacious")]},
              pawns=["A", "B", "B"])
    discard = list(s.discard)
    events = s.apply(0, MoveTo(B))
    events += s.apply(0, Discard("logical"))
    assert s.placed[A] == () and s.present[A] == 0, "EN-51"
    assert s.discard[DEX] == discard[DEX] + 2 and s.discard[LUCKY] == discard[LUCKY] + 1, \
        "EN-51 EN-GAP-15: the cards go to the discard pile"
    assert s.discard[LOG] == discard[LOG] + 1, "EN-51"
    assert "abandoned" in [e.kind for e in events], "EN-51"
    assert s.view(1)["puzzles"][A]["placed"] == [], "EN-51"
    check_conservation(s)


def test_cards_stay_while_another_pawn_remains() -> None:
    s = build(3, hands=[{"logical": 1}, {}, {}], room={"A": "vent"},
              placed={"A": ["dexterous", "dexterous"]}, pawns=["A", "B", "A"])
    act(s, MoveTo(B), Discard("logical"))
    assert s.placed[A] == ((DEX, DEX), (DEX, DEX)), "EN-52"
    assert s.present[A] == 1 << DEX, "EN-52"


def test_leaving_a_solved_puzzle_keeps_its_cards() -> None:
    placed = ["dexterous"] * 3 + ["tenacious"] * 2
    s = build(3, hands=[{"logical": 1}, {}, {}], room={"A": "vent"}, placed={"A": placed},
              solved=["A"], pawns=["A", "B", "B"])
    act(s, MoveTo(B), Discard("logical"))
    assert len(s.placed[A]) == 5, "EN-53 EN-30"


def test_a_move_costs_one_card_whatever_the_distance() -> None:
    for dest in (B, C):
        s = build(3, options={"layout": "easy"}, hands=[{"logical": 3}, {}, {}],
                  pawns=["A", "B", "B"])
        minutes = s.minutes_left()
        act(s, MoveTo(dest), Discard("logical"))
        assert s.sizes[0] == 2 and s.minutes_left() == minutes - 1, "EN-54"


# -- replenish --------------------------------------------------------------------------


def test_replenish_draws_from_the_top_up_to_five_or_fewer() -> None:
    pile = ["logical"] * 5 + ["talkative", "perceptive", "lucky"]  # lucky on top
    s = build(3, hands=[{"dexterous": 2}, {}, {}], pile=pile)
    assert kinds(s, Replenish) == [Replenish(n) for n in range(4)], "EN-55: 0 to 5 - 2"
    act(s, Replenish(2))
    assert s.hands[0][LUCKY] == 1 and s.hands[0][PER] == 1 and s.sizes[0] == 4, \
        "EN-55: the top cards"
    assert len(s.pile) == 6 and s.pile[-1] == TAL, "EN-55"
    assert_illegal(s, 0, Replenish(1))  # EN-56: now only the discard is open


def test_replenish_ends_with_a_mandatory_discard() -> None:
    s = build(3, hands=[{"dexterous": 2, "lucky": 1}, {}, {}], pile_size=10)
    minutes = s.minutes_left()
    act(s, Replenish(0))
    assert set(legal(s)) == {Discard("dexterous"), Discard("lucky")}, "EN-56: no way out"
    assert PASS not in legal(s), "EN-56"
    act(s, Discard("dexterous"))
    assert s.hands[0] == [0, 0, 1, 0, 0, 1] and s.discard[DEX] >= 1, "EN-56"
    assert s.minutes_left() == minutes - 1, "EN-83: a minute spent though nothing was drawn"
    assert s.cur == 1


def test_short_pile_limits_the_draw() -> None:
    s = build(3, hands=[{"dexterous": 1}, {}, {}], pile_size=2)
    assert kinds(s, Replenish) == [Replenish(0), Replenish(1), Replenish(2)], "EN-57"
    assert_illegal(s, 0, Replenish(3), "draw between 0 and 2")  # EN-57
    s = build(3, hands=[{"dexterous": 1}, {}, {}], pile_size=0)
    assert kinds(s, Replenish) == [Replenish(0)], "EN-57: draw nothing, discard one"
    act(s, Replenish(0), Discard("dexterous"))
    assert s.sizes[0] == 0, "EN-57"


def test_empty_hand_must_draw_something_to_replenish() -> None:
    s = build(3, hands=[{}, {"logical": 1}, {}], pile_size=3)
    assert kinds(s, Replenish) == [Replenish(1), Replenish(2), Replenish(3)], \
        "EN-58: there must be a card to discard"
    assert_illegal(s, 0, Replenish(0), "draw between 1 and 3")  # EN-58
    empty = build(3, hands=[{}, {"logical": 1}, {}], pile_size=0)
    assert not kinds(empty, Replenish), "EN-58: empty hand and empty pile"


def test_hand_never_above_five_and_at_most_four_after_replenish() -> None:
    s = build(3, hands=[{"dexterous": 4}, {}, {}], pile_size=20)
    assert kinds(s, Replenish) == [Replenish(0), Replenish(1)], "EN-59"
    assert_illegal(s, 0, Replenish(2), "draw between 0 and 1")  # EN-59
    act(s, Replenish(1))
    assert s.sizes[0] == 5, "EN-59: five while choosing the discard"
    act(s, legal(s)[0])
    assert s.sizes[0] == 4, "EN-59: at most four after the discard"


# -- ask --------------------------------------------------------------------------------


def test_asking_pays_the_top_of_the_pile() -> None:
    s = build(3, hands=[{"dexterous": 2}, {"logical": 1}, {}],
              pile=["logical", "talkative", "lucky"])
    hand = list(s.hands[0])
    discard = list(s.discard)
    events = s.apply(0, Ask())
    assert s.pile == [LOG, TAL], "EN-60: the top card goes"
    assert s.discard[LUCKY] == discard[LUCKY] + 1, "EN-60: onto the discard pile"
    assert s.hands[0] == hand, "EN-60 EN-82: the asker's hand is untouched"
    assert all("lucky" not in str(e.data).lower() for e in events), "EN-60: unseen"
    for seat in (0, 1, 2):
        assert s.view(seat)["discard_pile"] == sum(discard) + 1, "EN-60: only the count shows"
    assert isinstance(s.stack[-1], ChooseQuestion), "EN-62"


def test_ask_needs_a_card_in_the_pile() -> None:
    s = build(3, hands=[{"dexterous": 2}, {}, {}], pile_size=0)
    assert Ask() not in legal(s), "EN-61 EN-GAP-17"
    assert_illegal(s, 0, Ask(), "the draw pile is empty")  # EN-61 EN-GAP-17


def test_one_question_per_ask_answered_by_the_others() -> None:
    s = build(3, hands=[{"dexterous": 2}, {"lucky": 1}, {"logical": 1}], pile_size=10,
              pawns=["A", "A", "B"])
    act(s, Ask())
    assert set(legal(s)) == {Question(q.id) for q in CONTENT.questions}, "EN-62 EN-GAP-16"
    act(s, Question("who-lucky"))
    assert isinstance(s.stack[-1], Answers), "EN-62"
    assert set(s.to_act()) == {1, 2}, "EN-64: everyone but the asker"
    assert_illegal(s, 0, Answer("me"), "seat 0 may not act now")  # EN-64
    assert set(s.legal_actions(1)) == {Answer("me"), Answer("no"), PASS}, "EN-63"
    assert_illegal(s, 1, Answer("yes"), "not an allowed answer")  # EN-63
    assert_illegal(s, 1, Answer("maybe"), "not an action")  # EN-63
    s.apply(2, PASS)  # staying silent is allowed (EN-GAP-16)
    s.apply(1, Answer("me"))
    assert s.qa[-1] == (0, "who-lucky", ((2, ""), (1, "me"))), "EN-63"
    assert s.cur == 1 and isinstance(s.stack[-1], Turn), "EN-62: then the next turn"
    assert not any(isinstance(a, Question) for a in legal(s)), "EN-62"
    answers = s.view(2)["questions"][-1]["answers"]
    assert answers == [{"hand": 2, "answer": ""}, {"hand": 1, "answer": "me"}], "EN-63"


def test_here_answers_point_at_a_visible_puzzle() -> None:
    s = build(3, hands=[{"dexterous": 2}, {}, {}], pile_size=10, solved=["A"])
    act(s, Ask(), Question("where-go"))
    opts = set(s.legal_actions(1))
    assert opts == {Point(A), Point(B), Point(C), PASS}, "EN-63: 'here' at a visible puzzle"
    assert_illegal(s, 1, Point(D), "not an allowed answer")  # EN-63
    s.apply(1, Point(C))
    assert s.qa[-1][2] == ((1, "here:2"),), "EN-63"


def test_colour_answers() -> None:
    s = build(3, hands=[{"dexterous": 2}, {}, {}], pile_size=10)
    act(s, Ask(), Question("most-colour"))
    words = {a.word for a in s.legal_actions(2) if isinstance(a, Answer)}
    assert words == {"green", "blue", "yellow", "purple", "red"}, "EN-63"


def test_hand_sizes_are_public_for_free() -> None:
    s = build(4, hands=[{"dexterous": 2}, {"logical": 3}, {}, {"lucky": 1, "talkative": 3}])
    for seat in (None, 0, 1, 2, 3):
        assert [h["size"] for h in s.view(seat)["hands"]] == [2, 3, 0, 4], "EN-65"
    assert not any("size" in q.id for q in CONTENT.questions), "EN-65: no need to pay for it"


def test_ask_and_move_costs_differ() -> None:
    s = build(3, hands=[{"dexterous": 2}, {"dexterous": 2}, {}], pile_size=10)
    pile, hand = len(s.pile), s.sizes[0]
    act(s, Ask(), Question("should-move"), PASS, PASS)
    assert len(s.pile) == pile - 1 and s.sizes[0] == hand, "EN-82: ask costs the pile's top"
    act(s, MoveTo(B), Discard("dexterous"))
    assert len(s.pile) == pile - 1 and s.sizes[1] == 1, "EN-82: move costs a hand card"
