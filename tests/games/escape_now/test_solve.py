"""ESCAPE NOW! solving puzzles: trait cards, LUCKY SHOTs, the reveal of new puzzles, the final."""

from __future__ import annotations

from getaway.games.escape_now.actions import Finish, MoveTo, Play
from getaway.games.escape_now.state import EscapeNowState
from tests.games.escape_now.builder import (
    DEX,
    FINAL,
    LUCKY,
    TEN,
    act,
    assert_illegal,
    build,
    check_conservation,
    legal,
)

A, B, C, D, E, F = range(6)
DEXTEROUS = Play("dexterous", "dexterous")
TENACIOUS = Play("tenacious", "tenacious")
LOGICAL = Play("logical", "logical")
LUCKY_DEX = Play("lucky", "dexterous")
LUCKY_TEN = Play("lucky", "tenacious")


def on_vent(placed: list, hand: dict, **kw) -> EscapeNowState:
    """Three players; puzzle A is the Air Vent (DEXTEROUS + TENACIOUS); hand 0 plays on it."""
    return build(3, hands=[hand, {"logical": 1}, {"logical": 1}], room={"A": "vent"},
                 placed={"A": placed}, pawns=["A", "B", "B"], **kw)


def plays(s: EscapeNowState) -> set:
    return {a for a in legal(s) if isinstance(a, (Play, Finish))}


def is_solved(s: EscapeNowState, slot: int) -> bool:
    return bool(s.solved >> slot & 1)


# -- single puzzles ----------------------------------------------------------------


def test_single_puzzle_needs_two_traits_and_five_cards() -> None:
    s = on_vent(["dexterous", "dexterous", "tenacious", "tenacious"], {"dexterous": 1})
    assert bin(s.masks[A]).count("1") == 2, "EN-16"
    assert s.view(0)["puzzles"][A]["traits"] == ["dexterous", "tenacious"], "EN-16"
    assert s.need[A] == 5, "EN-17"
    assert not is_solved(s, A), "EN-17: four cards are not enough"
    act(s, DEXTEROUS)
    assert is_solved(s, A) and len(s.placed[A]) == 5, "EN-17: solved by the fifth card"


def test_any_mix_of_five_with_both_traits_solves() -> None:
    s = on_vent(["tenacious"] * 3 + ["dexterous"], {"tenacious": 1})
    act(s, TENACIOUS)
    assert is_solved(s, A), "EN-17 EN-GAP-3: 4 + 1 is as good as 3 + 2"


def test_trait_not_on_the_puzzle_cannot_be_placed() -> None:
    s = on_vent([], {"logical": 1, "lucky": 1})
    assert LOGICAL not in legal(s), "EN-18"
    assert_illegal(s, 0, LOGICAL, "needs only DEXTEROUS and TENACIOUS")  # EN-18
    # EN-GAP-6: a LUCKY SHOT may not name a trait that is not on the puzzle either
    assert Play("lucky", "logical") not in legal(s), "EN-GAP-6"
    assert_illegal(s, 0, Play("lucky", "logical"), "needs only")  # EN-GAP-6


def test_a_fifth_card_of_the_only_trait_present_is_illegal() -> None:
    s = on_vent(["dexterous"] * 4, {"dexterous": 1, "lucky": 1})
    assert DEXTEROUS not in legal(s), "EN-19"
    assert LUCKY_DEX not in legal(s), "EN-19"
    assert LUCKY_TEN in legal(s), "EN-19: a LUCKY SHOT counted as the other trait is fine"
    assert_illegal(s, 0, DEXTEROUS, "4 of 5 cards", "too few places")  # EN-19
    assert_illegal(s, 0, LUCKY_DEX, "too few places")  # EN-19
    three = on_vent(["dexterous"] * 3, {"dexterous": 1})
    assert DEXTEROUS in legal(three), "EN-19: a fourth card of one trait is still allowed"
    act(three, DEXTEROUS)
    assert not is_solved(three, A), "EN-20: four of one trait do not solve"


def test_not_solved_while_a_trait_is_missing() -> None:
    s = on_vent(["dexterous"] * 4, {"tenacious": 1})
    assert not is_solved(s, A) and s.present[A] == 1 << DEX, "EN-20"
    act(s, TENACIOUS)
    assert is_solved(s, A), "EN-20"


def test_solved_puzzle_takes_no_more_cards() -> None:
    s = on_vent(["dexterous"] * 3 + ["tenacious"] * 2, {"dexterous": 1, "lucky": 1},
                solved=["A"])
    assert not plays(s), "EN-21"
    assert_illegal(s, 0, DEXTEROUS, "already solved")  # EN-21
    assert_illegal(s, 0, Finish(), "already solved")  # EN-21


def test_lucky_copy_counts_as_its_trait_everywhere() -> None:
    s = on_vent(["dexterous"] * 2, {"lucky": 1})
    act(s, LUCKY_TEN)
    assert s.placed[A][-1] == (LUCKY, TEN), "EN-22"
    assert s.present[A] == (1 << DEX) | (1 << TEN), "EN-22: the copy makes its trait present"
    assert s.view(0)["puzzles"][A]["placed"][-1] == {"card": "lucky", "as": "tenacious"}, "EN-22"
    # the copy also counts toward the five: two more DEXTEROUS then complete it
    t = build(3, hands=[{"dexterous": 1}, {"dexterous": 1}, {}], room={"A": "vent"},
              placed={"A": ["dexterous", "dexterous", ("lucky", "tenacious")]},
              pawns=["A", "A", "B"])
    act(t, DEXTEROUS)
    assert not is_solved(t, A)
    act(t, DEXTEROUS)
    assert is_solved(t, A) and len(t.placed[A]) == 5, "EN-22: the copy is one of the five"


def test_finish_needs_every_trait_present_then_solves_at_once() -> None:
    empty = on_vent([], {"lucky": 1})
    assert Finish() not in legal(empty), "EN-25: nothing is present on an empty puzzle"
    assert {LUCKY_DEX, LUCKY_TEN} == plays(empty), "EN-25: only as a copy"
    assert_illegal(empty, 0, Finish(), "missing: DEXTEROUS and TENACIOUS")  # EN-24 EN-25
    one = on_vent(["dexterous", "dexterous"], {"lucky": 1})
    assert Finish() not in legal(one), "EN-25: one trait of two present"
    assert_illegal(one, 0, Finish(), "missing: TENACIOUS")  # EN-24
    both = on_vent(["dexterous", ("lucky", "tenacious")], {"lucky": 1})
    assert Finish() in legal(both), "EN-24: a copy placed earlier counts as present"
    act(both, Finish())
    assert is_solved(both, A), "EN-23"
    assert len(both.placed[A]) == 3, "EN-23 EN-27: solved with fewer than five"
    assert both.placed[A][-1] == (LUCKY, -1), "EN-23"


def test_three_cards_is_the_fewest_for_a_single_puzzle() -> None:
    s = on_vent(["dexterous"], {"lucky": 1})
    assert Finish() not in legal(s), "EN-26: two cards cannot solve"
    s = on_vent(["dexterous", "tenacious"], {"lucky": 1})
    act(s, Finish())
    assert is_solved(s, A) and len(s.placed[A]) == 3, "EN-26"


def test_two_lucky_shots_on_one_puzzle_in_two_turns() -> None:
    s = build(3, hands=[{"lucky": 1}, {"lucky": 1}, {}], room={"A": "vent"},
              placed={"A": ["dexterous"]}, pawns=["A", "A", "B"])
    act(s, LUCKY_TEN)
    assert s.cur == 1 and not is_solved(s, A), "EN-27: each LUCKY SHOT is its own turn"
    act(s, Finish())
    assert is_solved(s, A), "EN-27"
    assert [c for c, _ in s.placed[A]].count(LUCKY) == 2, "EN-27"


def test_lucky_copy_as_the_fifth_card_completes_normally() -> None:
    s = on_vent(["dexterous"] * 4, {"lucky": 1})
    act(s, LUCKY_TEN)
    assert is_solved(s, A), "EN-28"
    assert s.placed[A][-1] == (LUCKY, TEN), "EN-28: counted as a copy, not as a finish"


def test_solving_reveals_the_next_puzzle_at_once() -> None:
    s = build(3, hands=[{"dexterous": 1}, {"logical": 1}, {}], room={"A": "vent"},
              placed={"A": ["dexterous"] * 2 + ["tenacious"] * 2}, pawns=["A", "A", "B"])
    assert not s.visible >> C & 1 and MoveTo(C) not in legal(s, 0)
    events = s.apply(0, DEXTEROUS)
    kinds = [e.kind for e in events]
    assert kinds.index("solved") < kinds.index("revealed"), "EN-29"
    assert s.visible >> C & 1 and is_solved(s, A), "EN-29 EN-13: one arrow A -> C"
    assert s.view(1)["puzzles"][C]["visible"], "EN-13"
    assert MoveTo(C) in legal(s, 1), "EN-13: the revealed puzzle is now a destination"


def test_a_puzzle_with_two_arrows_waits_for_both() -> None:
    # standard layout: E follows C and D; F follows D only
    s = build(3, hands=[{"tenacious": 1}, {"tenacious": 1}, {}],
              room={"C": "vent", "D": "guard"}, solved=["A", "B"],
              placed={"C": ["dexterous"] * 4, "D": ["talkative"] * 4},
              pawns=["C", "D", "C"])
    assert s.visible >> C & 1 and s.visible >> D & 1 and not s.visible >> E & 1
    act(s, TENACIOUS)
    assert is_solved(s, C), "EN-14"
    assert not s.visible >> E & 1, "EN-14: one of two predecessors reveals nothing"
    act(s, TENACIOUS)
    assert is_solved(s, D), "EN-14"
    assert s.visible >> E & 1, "EN-14: both predecessors solved"
    assert s.visible >> F & 1, "EN-13"


def test_cards_go_only_to_the_players_own_puzzle() -> None:
    s = build(3, hands=[{"dexterous": 1}, {}, {}], room={"A": "vent", "B": "cipher"},
              pawns=["A", "B", "B"])
    assert set(Play.__dataclass_fields__) == {"card", "trait"}, "EN-46: no target to choose"
    act(s, DEXTEROUS)
    assert s.placed[A] == ((DEX, DEX),) and s.placed[B] == (), "EN-46 EN-GAP-14"


def test_solve_offered_only_with_a_placeable_card() -> None:
    s = on_vent([], {"logical": 2})
    assert not plays(s), "EN-47"
    s = on_vent(["dexterous"] * 4, {"dexterous": 2})
    assert not plays(s), "EN-47 EN-19"
    s = on_vent(["dexterous"] * 4, {"dexterous": 1, "tenacious": 1})
    assert plays(s) == {TENACIOUS}, "EN-47"


def test_solving_moves_exactly_one_card() -> None:
    s = on_vent(["dexterous"], {"dexterous": 2, "lucky": 1})
    size, placed = s.sizes[0], len(s.placed[A])
    act(s, DEXTEROUS)
    assert s.sizes[0] == size - 1 and len(s.placed[A]) == placed + 1, "EN-48"
    assert s.hands[0][DEX] == 1, "EN-48"
    t = on_vent(["dexterous", "tenacious"], {"lucky": 1, "logical": 1})
    act(t, Finish())
    assert t.sizes[0] == 1 and len(t.placed[A]) == 3 and is_solved(t, A), "EN-48"
    check_conservation(t)


# -- the final double puzzle -----------------------------------------------------


def at_final(final: tuple[str, str], placed: list, hand: dict, **kw) -> EscapeNowState:
    """Three players on the FINAL of the standard layout (E and F solved)."""
    return build(3, hands=[hand, {"lucky": 1}, {"logical": 1}], final=final, solved=["E", "F"],
                 placed={"FINAL": placed}, pawns=["FINAL"] * 3, **kw)


def test_final_needs_the_union_of_traits_with_a_shared_trait_once() -> None:
    s = at_final(("radio", "guard"), ["logical", "tenacious", "talkative"], {"lucky": 1})
    assert bin(s.masks[FINAL]).count("1") == 3, "EN-32: TALKATIVE on both halves counts once"
    assert Finish() in legal(s), "EN-32 EN-34: one TALKATIVE is enough to be present"
    act(s, Finish())
    assert s.is_over() and s.outcome().reason == "escaped", "EN-34"
    assert len(s.placed[FINAL]) == 4, "EN-34: four cards with three traits"


def test_final_solved_normally_by_eight_cards() -> None:
    placed = ["logical"] * 3 + ["tenacious"] * 2 + ["talkative"] * 2
    s = at_final(("radio", "guard"), placed, {"logical": 1})
    assert s.need[FINAL] == 8, "EN-33"
    act(s, LOGICAL)
    assert s.is_over() and s.solved >> FINAL & 1, "EN-33"
    assert len(s.placed[FINAL]) == 8, "EN-33"


def test_final_needs_each_trait_at_least_once() -> None:
    s = at_final(("radio", "guard"), ["logical"] * 6 + ["tenacious"],
                 {"logical": 1, "talkative": 1})
    assert LOGICAL not in legal(s), "EN-33 EN-GAP-4: the eighth card must bring TALKATIVE"
    assert_illegal(s, 0, LOGICAL, "7 of 8 cards", "too few places")  # EN-33
    assert Play("talkative", "talkative") in legal(s), "EN-33"
    # with 5 LOGICAL on a four-trait final, a sixth would leave 2 places for 3 missing traits
    t = at_final(("safe", "guard"), ["logical"] * 5, {"logical": 1, "perceptive": 1})
    assert bin(t.masks[FINAL]).count("1") == 4
    assert LOGICAL not in legal(t), "EN-33 EN-GAP-4"
    assert Play("perceptive", "perceptive") in legal(t), "EN-33"


def test_four_trait_final_needs_five_cards_at_least() -> None:
    s = at_final(("safe", "guard"), ["logical", "perceptive", "tenacious"],
                 {"lucky": 1, "talkative": 1})
    assert bin(s.masks[FINAL]).count("1") == 4, "EN-35"
    assert Finish() not in legal(s), "EN-35: TALKATIVE is still missing"
    assert_illegal(s, 0, Finish(), "missing: TALKATIVE")  # EN-35
    t = at_final(("safe", "guard"), ["logical", "perceptive", "tenacious"], {"talkative": 1})
    act(t, Play("talkative", "talkative"))
    act(t, Finish())  # hand 1 holds a LUCKY SHOT
    assert t.is_over() and len(t.placed[FINAL]) == 5, "EN-35"


def test_final_not_solved_with_a_trait_missing_whatever_the_count() -> None:
    s = at_final(("radio", "guard"), ["logical"] * 4 + ["tenacious"] * 3, {"talkative": 1})
    assert not s.is_over() and not s.solved >> FINAL & 1, "EN-20 EN-33"
    act(s, Play("talkative", "talkative"))
    assert s.is_over(), "EN-33"
