"""ESCAPE NOW! set-up and start of the game: the room, the deal, the pawns, the variants."""

from __future__ import annotations

import random

import pytest

from getaway.core.decisions import PASS
from getaway.core.errors import ConfigError
from getaway.games.escape_now import GAME
from getaway.games.escape_now.actions import Ask, MoveTo, PlacePawn, Replenish
from getaway.games.escape_now.content import CONTENT, SLOTS
from getaway.games.escape_now.rules import Turn
from getaway.games.escape_now.state import COLOURS, EscapeNowState
from tests.games.escape_now.builder import (
    act,
    assert_illegal,
    build,
    check_conservation,
    legal,
    seat_of,
)


def new(players: int, seed: int = 0, **options: object) -> EscapeNowState:
    return GAME.new_state(GAME.spec.configure(players, options), seed)


def face_up(layout: str) -> set[int]:
    return {i for i, s in enumerate(CONTENT.layout(layout).slots) if s.face_up}


def start_all_on(s: EscapeNowState, slot: int) -> None:
    """The first offered hand volunteers and everyone joins it on ``slot``."""
    while not isinstance(s.stack[-1], Turn):
        act(s, PlacePawn(slot))


# -- the room ------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["easy", "standard", "hard", "gauntlet"])
def test_eight_puzzle_cards_laid_out_two_set_aside(layout: str) -> None:
    s = new(3, 5, layout=layout)
    assert len(s.cards) == 7 and len(s.aside) == 3, "EN-9: 6 singles + 2 final halves"
    laid = {*s.cards, s.aside[0]}
    assert len(laid) == 8, "EN-9"
    assert set(range(10)) - laid == set(s.aside[1:]), "EN-9: the other two are set aside"
    v = s.view(0)
    assert v["set_aside"] == 2, "EN-9"
    assert {p["index"] for p in v["puzzles"] if p["visible"]} == face_up(layout), "EN-10"
    assert s.layout.id == layout, "EN-10"


def test_layouts_differ_in_what_starts_face_up() -> None:
    # EN-GAP-1: the layouts are designed; these are the face-up places of each
    assert face_up("easy") == {0, 1, 2}, "EN-10"
    assert face_up("standard") == {0, 1}, "EN-10"
    assert face_up("hard") == {0}, "EN-10"
    assert face_up("gauntlet") == {0}, "EN-10"
    assert CONTENT.layout("standard").slots[4].after == (2, 3), "EN-10 EN-14"


def test_the_room_is_shuffled_by_the_seed() -> None:
    rooms = {(new(3, seed).cards, new(3, seed).aside) for seed in range(30)}
    assert len(rooms) > 20, "EN-11: different seeds give different rooms"
    assert new(3, 9).cards == new(3, 9).cards and new(3, 9).aside == new(3, 9).aside, "EN-11"
    # every card lands in the set-aside pair for some seed
    aside = {c for seed in range(60) for c in new(3, seed).aside[1:]}
    assert aside == set(range(10)), "EN-11"


def test_set_aside_cards_never_shown_to_anyone() -> None:
    rng = random.Random(4)
    for seed in range(6):
        s = new(3, seed, layout="easy")
        hidden = {CONTENT.puzzles[c].id for c in s.aside[1:]}
        while not s.is_over():
            for seat in (None, 0, 1, 2):
                shown = {c["id"] for p in s.view(seat)["puzzles"] for c in p.get("cards", [])}
                assert not shown & hidden, "EN-9: a set-aside card was shown"
            seat = seat_of(s) if len(s.to_act()) == 1 else s.to_act()[0]
            s.apply(seat, rng.choice(list(s.legal_actions(seat))))


def test_face_down_puzzles_are_not_shown() -> None:
    s = new(4, 2)
    v = s.view(None)
    for p in v["puzzles"]:
        if not p["visible"]:
            assert "cards" not in p and "traits" not in p and "placed" not in p, "EN-9 EN-12"


def test_face_down_puzzle_cannot_be_a_start_or_destination() -> None:
    s = new(3, 1)  # standard: A, B face up
    assert {a.puzzle for a in legal(s) if isinstance(a, PlacePawn)} == {0, 1}, "EN-12"
    assert_illegal(s, 0, PlacePawn(2), "puzzle C is face down")  # EN-12
    t = build(3, hands=[{"logical": 2}, {}, {}], pawns=["A", "A", "A"])
    assert MoveTo(2) not in legal(t), "EN-12"
    assert_illegal(t, 0, MoveTo(2), "puzzle C is face down")  # EN-12


def test_final_is_one_double_puzzle() -> None:
    s = new(3, 3)
    f = s.layout.final
    assert s.need[f] == 8, "EN-15: one pile of 8 for the two cards"
    assert all(n == 5 for i, n in enumerate(s.need) if i != f), "EN-17"
    assert len(s.placed) == 7 and len(s.present) == 7, "EN-15: one pile and flag for both halves"
    t = build(3, final=("radio", "guard"), solved=["E", "F"])
    final = t.view(0)["puzzles"][f]
    assert final["final"] and [c["id"] for c in final["cards"]] == ["radio", "guard"], "EN-15"
    assert final["traits"] == ["logical", "tenacious", "talkative"], "EN-15 EN-32"
    assert final["needed"] == 8, "EN-15"


# -- the deal --------------------------------------------------------------------


@pytest.mark.parametrize(("players", "pile"), [(1, 53), (2, 48), (3, 48), (4, 44), (5, 40),
                                                (6, 36)])
def test_four_cards_each_and_the_rest_is_the_draw_pile(players: int, pile: int) -> None:
    s = new(players, 7)
    hands = 3 if players == 2 else players
    assert s.sizes == [4] * hands, "EN-37"
    assert len(s.pile) == pile, "EN-41"
    assert sum(s.discard) == 0 and not any(s.placed), "EN-41"
    check_conservation(s)
    assert s.view(0)["draw_pile"] == pile, "EN-41"


def test_hands_are_hidden_from_other_seats() -> None:
    s = new(4, 11)
    for seat in range(4):
        v = s.view(seat)
        for h in v["hands"]:
            if h["hand"] == seat:
                assert sum(h["cards"].values()) == 4, "EN-37"
            else:
                assert "cards" not in h, "EN-37 EN-7"
    assert all("cards" not in h for h in s.view(None)["hands"]), "EN-37"


def test_colours_by_seat_order_and_distinct() -> None:
    s = new(6, 0)
    cols = [h["colour"] for h in s.view(0)["hands"]]
    assert cols == list(COLOURS), "EN-3 EN-36: colours go by seat order"
    assert len(set(cols)) == 6, "EN-3 EN-36"
    s2 = new(2, 0)
    assert [h["colour"] for h in s2.view(0)["hands"]] == ["red", "green", "blue"], "EN-72"


# -- the start: volunteers and pawns ------------------------------------------


def test_first_volunteer_starts_and_others_follow_clockwise() -> None:
    s = new(4, 3)
    act(s, PASS)  # hand 0 does not volunteer
    assert seat_of(s) == 1 and PASS in legal(s), "EN-38 EN-GAP-12"
    act(s, PlacePawn(1))  # hand 1 volunteers on B
    assert s.starter == 1 and s.pawns[1] == 1, "EN-38"
    order = []
    for slot in (0, 1, 0):
        assert PASS not in legal(s), "EN-39: the others must place their pawns"
        order.append(seat_of(s))
        act(s, PlacePawn(slot))
    assert order == [2, 3, 0], "EN-39: clockwise from the starter"
    assert s.pawns == [0, 1, 0, 1], "EN-39 EN-40"
    assert isinstance(s.stack[-1], Turn) and seat_of(s) == 1 and s.cur == 1, "EN-44"


def test_if_everyone_passes_hand_zero_must_start() -> None:
    s = new(3, 4)
    act(s, PASS, PASS, PASS)
    assert seat_of(s) == 0, "EN-GAP-12"
    assert PASS not in legal(s), "EN-GAP-12"
    assert_illegal(s, 0, PASS, "must start")  # EN-GAP-12
    act(s, PlacePawn(0))
    assert s.starter == 0, "EN-GAP-12 EN-38"


def test_any_number_of_pawns_on_one_puzzle() -> None:
    s = new(6, 4)
    start_all_on(s, 1)
    assert s.pawns == [1] * 6, "EN-40"
    assert s.view(None)["puzzles"][1]["pawns"] == [0, 1, 2, 3, 4, 5], "EN-40"


def test_turns_go_clockwise_from_the_starter() -> None:
    s = new(3, 8)
    act(s, PASS, PASS, PlacePawn(0), PlacePawn(0), PlacePawn(1))
    assert s.starter == 2, "EN-38"
    seen = []
    for _ in range(6):
        seen.append(s.cur)
        assert seat_of(s) == s.cur
        act(s, Replenish(0))
        act(s, legal(s)[0])  # the discard
    assert seen == [2, 0, 1, 2, 0, 1], "EN-44"


def test_start_decisions_only_offer_visible_puzzles() -> None:
    s = new(3, 1, layout="hard")
    assert legal(s) == [PlacePawn(0), PASS], "EN-38 EN-12"
    act(s, PlacePawn(0))
    assert legal(s) == [PlacePawn(0)], "EN-39 EN-12"


def test_no_turn_action_before_every_pawn_is_placed() -> None:
    s = new(3, 1)
    assert_illegal(s, 0, Ask())
    act(s, PlacePawn(0))
    assert_illegal(s, 1, Replenish(1))
    assert_illegal(s, 0, PlacePawn(1), "seat 0 may not act now")


# -- variants and player counts --------------------------------------------------


@pytest.mark.parametrize(("players", "hard", "lucky", "size"), [
    (4, True, 4, 59), (3, True, 3, 58), (2, True, 3, 58), (4, False, 5, 60), (1, False, 2, 57),
])
def test_lucky_shots_per_variant(players: int, hard: bool, lucky: int, size: int) -> None:
    s = new(players, 2, hard=hard)
    assert s.deck[5] == lucky and sum(s.deck) == size, "EN-78 EN-79 EN-80"
    # EN-81: the removed LUCKY SHOTs are nowhere: not in the pile, a hand or the minutes
    found = sum(h[5] for h in s.hands) + s.pile.count(5) + s.discard[5]
    assert found == lucky, "EN-81"
    assert s.minutes_left() == size, "EN-81 EN-6"
    check_conservation(s)


@pytest.mark.parametrize("players", [1, 5, 6])
def test_hard_is_rejected_where_the_rulebook_gives_no_count(players: int) -> None:
    with pytest.raises(ConfigError, match="'hard'"):  # EN-GAP-9
        GAME.spec.configure(players, {"hard": True})


@pytest.mark.parametrize("bad", [0, 7])
def test_player_counts_outside_one_to_six_are_rejected(bad: int) -> None:
    with pytest.raises(ConfigError, match="1 to 6"):  # EN-GAP-8 EN-3
        GAME.spec.configure(bad)


def test_bad_layout_option_is_rejected() -> None:
    with pytest.raises(ConfigError, match="layout"):
        GAME.spec.configure(3, {"layout": "maze"})


def test_solo_runs_one_hand_without_questions() -> None:
    s = new(1, 6)
    assert s.hands_n == 1 and s.fict == -1, "EN-GAP-10"
    assert legal(s) == [PlacePawn(0), PlacePawn(1)], "EN-GAP-10: solo must start at once"
    act(s, PlacePawn(1))
    assert isinstance(s.stack[-1], Turn) and seat_of(s) == 0, "EN-GAP-10"
    assert Ask() not in legal(s), "EN-GAP-10: nobody to answer"
    assert_illegal(s, 0, Ask(), "nobody can answer")  # EN-GAP-10
    act(s, Replenish(1))
    act(s, legal(s)[0])
    assert seat_of(s) == 0 and s.cur == 0, "EN-GAP-10: the solo hand plays every turn"


def test_slot_names() -> None:
    assert SLOTS == ("A", "B", "C", "D", "E", "F", "FINAL")
