"""ESCAPE NOW! views: what each seat may know, and the expert (face-down) rule."""

from __future__ import annotations

import json

from getaway.games.escape_now.actions import Discard, MoveTo, Play
from tests.games.escape_now.builder import DEX, act, build, check_conservation

A, B = 0, 1


def test_a_seat_sees_only_its_own_hand() -> None:
    one = build(3, hands=[{"dexterous": 2}, {"logical": 2}, {"lucky": 1}])
    two = build(3, hands=[{"dexterous": 2}, {"lucky": 2}, {"talkative": 1}])
    assert one.view(0) == two.view(0), "EN-7: other hands leave no trace in a view"
    assert one.view(1) != two.view(1)
    v = one.view(1)
    assert v["hands"][1]["cards"] == {"logical": 2}, "EN-7"
    assert all("cards" not in h for h in v["hands"] if h["hand"] != 1), "EN-7"
    assert all("cards" not in h for h in one.view(None)["hands"]), "EN-7: spectators see none"
    json.dumps(v)


def test_discard_pile_and_draw_pile_contents_are_hidden() -> None:
    one = build(3, hands=[{"dexterous": 2}, {}, {}], pile=["logical", "lucky", "talkative"])
    two = build(3, hands=[{"dexterous": 2}, {}, {}], pile=["perceptive", "tenacious", "lucky"])
    assert one.discard != two.discard and one.pile != two.pile
    for seat in (None, 0, 1, 2):
        assert one.view(seat) == two.view(seat), "EN-42: only the sizes of the piles show"
    assert one.view(0)["discard_pile"] == sum(one.discard), "EN-42"
    assert one.view(0)["draw_pile"] == 3


def test_solved_cards_stay_face_up_by_default() -> None:
    s = build(3, hands=[{"tenacious": 1}, {}, {}], room={"A": "vent"},
              placed={"A": ["dexterous"] * 3 + ["tenacious"]}, pawns=["A", "A", "B"])
    discard = sum(s.discard)
    act(s, Play("tenacious", "tenacious"))
    assert s.solved & 1 and len(s.placed[A]) == 5, "EN-30"
    assert sum(s.discard) == discard, "EN-30: not moved to any pile"
    for seat in (None, 0, 1, 2):
        p = s.view(seat)["puzzles"][A]
        assert [c["card"] for c in p["placed"]] == ["dexterous"] * 3 + ["tenacious"] * 2, \
            "EN-30 EN-71: everyone can count them"
        assert p["face_down"] is False, "EN-30"


def test_expert_rule_turns_solved_cards_face_down() -> None:
    s = build(3, options={"expert": True}, hands=[{"tenacious": 1}, {}, {}], room={"A": "vent"},
              placed={"A": ["dexterous"] * 3 + ["tenacious"]}, pawns=["A", "A", "B"])
    discard = list(s.discard)
    act(s, Play("tenacious", "tenacious"))
    assert s.solved & 1, "EN-31"
    assert s.placed[A] == (), "EN-31"
    assert s.discard[DEX] == discard[DEX] + 3 and sum(s.discard) == sum(discard) + 5, \
        "EN-31: onto the discard pile"
    check_conservation(s)
    for seat in (None, 0, 1, 2):
        p = s.view(seat)["puzzles"][A]
        assert p["placed"] == [] and p["face_down"] is True and p["solved"], "EN-31"
    # the view keeps no memory of them (EN-GAP-20): nothing names a placed dexterous card
    text = json.dumps(s.view(1))
    assert '"card": "dexterous"' not in text, "EN-31 EN-GAP-20"


def test_expert_rule_leaves_abandoned_puzzles_as_usual() -> None:
    for expert in (False, True):
        s = build(3, options={"expert": expert}, hands=[{"logical": 1}, {}, {}],
                  room={"A": "vent"}, placed={"A": ["dexterous"] * 2}, pawns=["A", "B", "B"])
        discard = sum(s.discard)
        act(s, MoveTo(B), Discard("logical"))
        assert s.placed[A] == () and sum(s.discard) == discard + 3, "EN-GAP-20 EN-51"


def test_puzzle_view_shows_placed_cards_and_pawns() -> None:
    s = build(3, hands=[{"dexterous": 1}, {}, {}], room={"A": "vent"},
              placed={"A": ["dexterous", ("lucky", "tenacious")]}, pawns=["A", "B", "A"])
    p = s.view(1)["puzzles"][A]
    assert p["placed"] == [{"card": "dexterous", "as": "dexterous"},
                           {"card": "lucky", "as": "tenacious"}], "EN-71 EN-22"
    assert p["present"] == ["dexterous", "tenacious"], "EN-24"
    assert p["pawns"] == [0, 2], "EN-40"
    assert s.view(1)["hands"][2]["pawn"] == A
