"""The rulebook's worked examples, each replayed from a constructed state."""

from __future__ import annotations

from getaway.games.escape_now.actions import Discard, Finish, MoveTo, Play, Replenish
from getaway.games.escape_now.content import CONTENT
from tests.games.escape_now.builder import (
    DEX,
    LOG,
    LUCKY,
    PER,
    act,
    assert_illegal,
    build,
    check_conservation,
    legal,
)

A, B = 0, 1


def test_anna_cannot_add_a_fifth_dexterous() -> None:
    """EN-EX-1: four DEXTEROUS beside the DEXTEROUS + TENACIOUS puzzle."""
    anna = 0
    s = build(4, hands=[{"dexterous": 1, "tenacious": 1}, {}, {}, {}], room={"A": "vent"},
              placed={"A": ["dexterous"] * 4}, pawns=["A", "A", "B", "B"])
    assert Play("dexterous", "dexterous") not in legal(s), "EN-EX-1 EN-19"
    assert_illegal(s, anna, Play("dexterous", "dexterous"), "too few places")  # EN-EX-1
    act(s, Play("tenacious", "tenacious"))
    assert s.solved & 1 << A, "EN-EX-1: the TENACIOUS solves it"
    assert len(s.placed[A]) == 5, "EN-EX-1: at five cards"
    assert s.hands[anna] == [0, 0, 1, 0, 0, 0], "EN-EX-1: Anna keeps her DEXTEROUS"


def test_leon_and_anna_finish_with_two_lucky_shots() -> None:
    """EN-EX-2: LOGICAL + PERCEPTIVE with one LOGICAL placed; both hold only LUCKY SHOTs."""
    leon, anna = 0, 1
    s = build(2, hands=[{"lucky": 1, "tenacious": 1}, {"lucky": 1, "talkative": 1},
                        {"dexterous": 2}],
              room={"A": "safe"}, placed={"A": ["logical"]}, pawns=["A", "A", "B"])
    assert Finish() not in legal(s), "EN-EX-2: PERCEPTIVE is missing, no finish yet"
    s.apply(leon, Play("lucky", "perceptive"))
    assert len(s.placed[A]) == 2 and s.present[A] == (1 << LOG) | (1 << PER), "EN-EX-2"
    assert not s.solved & 1 << A
    assert s.cur == anna, "EN-EX-2: Anna's turn next"
    s.apply(anna, Finish())
    assert s.solved & 1 << A, "EN-EX-2: solved"
    assert len(s.placed[A]) == 3, "EN-EX-2: with three cards"
    assert [c for c, _ in s.placed[A]] == [LOG, LUCKY, LUCKY], "EN-EX-2: both LUCKY SHOTs used"
    assert s.turns == 2, "EN-EX-2: in two turns"
    assert s.hands[leon][LUCKY] == 0 and s.hands[anna][LUCKY] == 0


def test_final_solved_with_four_cards() -> None:
    """EN-EX-3: final of LOGICAL, TENACIOUS, TALKATIVE (TALKATIVE on both halves)."""
    s = build(3, hands=[{"logical": 1, "lucky": 1}, {"tenacious": 1}, {"talkative": 2}],
              final=("radio", "guard"), solved=["E", "F"], pawns=["FINAL"] * 3, pile_size=12)
    act(s, Play("logical", "logical"), Play("tenacious", "tenacious"))
    assert s.present[6] != s.masks[6], "EN-EX-3: TALKATIVE still missing"
    act(s, Play("talkative", "talkative"))
    assert s.present[6] == s.masks[6], "EN-EX-3: one TALKATIVE is enough"
    act(s, Finish())
    assert s.is_over() and s.outcome().reason == "escaped", "EN-EX-3"
    assert len(s.placed[6]) == 4, "EN-EX-3: four cards instead of eight"
    assert s.outcome().scores[0] == 1 + 12, "EN-EX-3 EN-66"


def test_final_finish_refused_before_talkative() -> None:
    """EN-EX-3, the other way round: without the TALKATIVE the LUCKY SHOT cannot finish."""
    s = build(3, hands=[{"lucky": 1}, {}, {}], final=("radio", "guard"), solved=["E", "F"],
              placed={"FINAL": ["logical", "tenacious"]}, pawns=["FINAL"] * 3)
    assert_illegal(s, 0, Finish(), "missing: TALKATIVE")  # EN-EX-3


def test_kelly_leaves_jack_on_the_puzzle() -> None:
    """EN-EX-4: Kelly (red) and Jack share a puzzle with 3 of 5 cards placed."""
    kelly, jack = 0, 1
    s = build(3, hands=[{"logical": 2}, {"tenacious": 1}, {}], room={"A": "vent"},
              placed={"A": ["dexterous", "dexterous", "tenacious"]}, pawns=["A", "A", "B"])
    assert s.view(kelly)["hands"][kelly]["colour"] == "red"
    assert not any(isinstance(a, Play) for a in legal(s)), "EN-EX-4: nothing to add"
    s.apply(kelly, MoveTo(B))
    s.apply(kelly, Discard("logical"))
    assert s.sizes[kelly] == 1, "EN-EX-4: one card discarded"
    assert s.pawns[kelly] == B and s.pawns[jack] == A
    assert len(s.placed[A]) == 3, "EN-EX-4 EN-52: the cards stay because Jack is there"
    check_conservation(s)


def test_jack_draws_only_two_near_the_end() -> None:
    """EN-EX-5: four players, eight cards in the pile, Jack holds one useless card."""
    jack = 0
    s = build(4, hands=[{"perceptive": 1}, {"logical": 2}, {"dexterous": 2}, {}],
              room={"A": "vent"}, pawns=["A", "A", "A", "A"], pile_size=8)
    assert Replenish(4) in legal(s), "EN-EX-5: he could fill up to five"
    s.apply(jack, Replenish(2))
    assert s.sizes[jack] == 3, "EN-EX-5"
    s.apply(jack, Discard("perceptive"))
    assert s.sizes[jack] == 2, "EN-EX-5: two cards in hand"
    assert len(s.pile) == 6, "EN-EX-5: six left in the pile"
    assert s.cur == 1


def test_counting_the_cards_a_seat_cannot_see() -> None:
    """EN-EX-6: 11 copies per trait against 4 printed occurrences; the table lets you count."""
    assert all(c.copies == 11 for c in CONTENT.cards[:5]), "EN-EX-6"
    assert sum("dexterous" in p.traits for p in CONTENT.puzzles) == 4, "EN-EX-6"
    s = build(3, hands=[{"dexterous": 2, "lucky": 1}, {"dexterous": 1}, {}],
              room={"A": "vent", "B": "cipher"}, solved=["A"],
              placed={"A": ["dexterous"] * 3 + ["tenacious"] * 2, "B": ["dexterous"]},
              pawns=["B", "B", "C"])
    v = s.view(0)
    seen = v["hands"][0]["cards"].get("dexterous", 0) + sum(
        c["card"] == "dexterous" for p in v["puzzles"] for c in p.get("placed", []))
    assert seen == 6, "EN-EX-6: two in hand, four on the table"
    unseen = 11 - seen
    truth = s.hands[1][DEX] + s.hands[2][DEX] + s.pile.count(DEX) + s.discard[DEX]
    assert unseen == truth == 5, "EN-EX-6: the rest is elsewhere"
