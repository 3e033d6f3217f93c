"""Each Contact card, Fixer tile and Equipment tile does what its line says in play
(EP-186..226); setup draws (EP-5, EP-7)."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan.actions import Avoid, Fly, Simple, Unlock, Use
from getaway.games.escape_plan.moves import ActionChoice, AvoidChoice, EndTurn, MoveFrame
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import loc_node
from tests.games.escape_plan.build import act, city, fresh, push, put


def legal(s: EscapePlanState) -> list[object]:
    (seat,) = s.to_act()
    s._cache = None
    return list(s.legal_actions(seat))


def at_avoid(slot: str, officers: list[str], sandra: bool = False) -> EscapePlanState:
    """Seat 0 flew off s2 (officers there) holding ``slot`` on space 0 of its row."""
    s = city(2 if sandra else 3)
    s.police["s2"] = officers
    if sandra:
        s.sandra_node = loc_node("clinic")
    p = s.crew[0]
    p.money = 20
    if slot.startswith("C:"):
        p.contacts[0] = slot
    else:
        p.items[0] = slot
    put(s, 0, "s2-heliport")
    push(s, ActionChoice(0))
    act(s, Simple("move"))
    act(s, Fly(loc_node("a3-business"), "heliport"))
    act(s, Simple("end_move"))
    assert isinstance(s.stack[-1], AvoidChoice)
    return s


def test_setup_draws_two_officers_per_tile_in_three_colours() -> None:
    s = fresh(4, seed=2)
    assert {c for cs in s.police.values() for c in cs} <= {"red", "blue", "black"}  # EP-7
    assert all(1 <= len(cs) <= 2 for t, cs in s.police.items() if cs)               # EP-5


def test_fast_car_and_skateboard_avoid_everything_on_a_tile() -> None:
    for slot, source in (("C:fast-car", "contact"), ("F:skateboard", "item")):
        s = at_avoid(slot, ["red", "blue"], sandra=True)
        act(s, Avoid(source, 0, "red"))                                  # EP-187, EP-214
        assert not isinstance(s.stack[-1], AvoidChoice) and s.crew[0].wounds == 0


def test_boxer_avoids_its_colour_only() -> None:
    s = at_avoid("C:boxer", ["red", "blue"])
    assert Avoid("contact", 0, "blue") not in legal(s)                   # EP-188
    act(s, Avoid("contact", 0, "red"))
    act(s, Simple("take_wounds"))
    assert s.crew[0].wounds == 1


def test_stunt_avoids_one_officer_of_any_colour_or_sandra() -> None:
    s = at_avoid("C:stunt", ["black"], sandra=True)
    assert Avoid("contact", 0, "sandra") in legal(s)                     # EP-202, EP-GAP-27
    act(s, Avoid("contact", 0, "black"))
    act(s, Simple("take_wounds"))
    assert s.crew[0].wounds == 1


@pytest.mark.parametrize(("tile", "avoids", "not_"), [
    ("E:hat", "blue", "red"),             # EP-224
    ("E:helmet", "black", "blue"),        # EP-225
    ("E:gas-mask", "blue", "red"),        # EP-226
])
def test_equipment_colours(tile: str, avoids: str, not_: str) -> None:
    s = at_avoid(tile, ["red", "blue", "black"])
    assert Avoid("item", 0, avoids) in legal(s)
    assert Avoid("item", 0, not_) not in legal(s)
    assert Avoid("item", 0, "sandra") not in legal(s)
    if tile == "E:gas-mask":
        assert Avoid("item", 0, "black") in legal(s)                     # EP-226


def moving_with(slot: str, loc: str) -> EscapePlanState:
    s = city(3)
    p = s.crew[0]
    p.money = 20
    if slot.startswith("C:"):
        p.contacts[0] = slot
    else:
        p.items[0] = slot
    put(s, 0, loc)
    push(s, ActionChoice(0))
    act(s, Simple("move"))
    return s


def test_chopper_and_helicopter_fly_from_a_heliport_tile() -> None:
    for slot, source in (("C:chopper", "contact"), ("F:helicopter", "item")):
        s = moving_with(slot, "clinic")                  # s2 has a Heliport
        act(s, Use(source, 0))                                           # EP-186, EP-213
        fly = Fly(loc_node("a3-business"), "card")
        assert fly in legal(s)
        act(s, fly)
        assert s.move.mp == 3
        s = moving_with(slot, "church")                  # s1 has none
        assert Use(source, 0) not in legal(s)


def test_gas_can_card_and_scuba_and_motorcycle() -> None:
    s = moving_with("C:gas-can", "church")
    act(s, Use("contact", 0))
    assert s.move.mp == 4                                                # EP-191
    s = moving_with("F:scuba-gear", "church")
    act(s, Use("item", 0))
    assert type(s.stack[-1]).__name__ == "PickWater"                     # EP-212
    s = moving_with("F:motorcycle", "clinic")
    act(s, Use("item", 0))
    assert any(isinstance(a, Fly) and a.mode == "card" for a in legal(s))  # EP-210


def test_sewer_goes_exactly_two_tiles() -> None:
    s = moving_with("C:sewer", "church")                 # s1 on (2, 2)
    act(s, Use("contact", 0))
    targets = [a for a in legal(s) if isinstance(a, Fly) and a.mode == "sewer"]
    assert targets
    from getaway.games.escape_plan.board import distance
    from getaway.games.escape_plan.city import node_cell
    cells = [node_cell(s, a.node) for a in targets]
    assert all(c is not None and distance(c, (2, 2)) == 2 for c in cells)  # EP-197
    act(s, targets[0])
    assert s.move.mp in (2, 3) and isinstance(s.stack[-1], MoveFrame)


def turn_with(slot: str) -> EscapePlanState:
    s = city(3)
    p = s.crew[0]
    p.money, p.wounds = 20, 1
    if slot.startswith("C:"):
        p.contacts[0] = slot
    else:
        p.items[0] = slot
    push(s, EndTurn(0))
    return s


def test_any_time_cards() -> None:
    s = turn_with("C:gang")
    act(s, Use("contact", 0))
    assert s.crew[0].money == 18 and s.crew[0].red_box - s.crew[0].blue_box == 0  # EP-190
    s = turn_with("C:general-store")
    act(s, Use("contact", 0))
    assert s.crew[0].money == 20 - 2 + 3                                 # EP-192
    s = turn_with("C:spy-3")
    act(s, Use("contact", 0))
    act(s, Unlock("heal"))                                               # EP-201
    assert "heal" in s.crew[0].assets
    s = turn_with("F:disguise")
    act(s, Use("item", 0))
    assert s.crew[0].blue_box == 1                                       # EP-205
    s = turn_with("F:first-aid-kit")
    act(s, Use("item", 0))
    assert s.crew[0].wounds == 0                                         # EP-207
    s = turn_with("F:gold-bar")
    act(s, Use("item", 0))
    act(s, Unlock("avoid-all"))                                          # EP-208
    s = turn_with("F:energy-drink")
    s.crew[0].contacts[1], s.crew[0].used_contacts[1] = "C:medic", True
    act(s, Use("item", 0))
    assert not s.crew[0].used_contacts[1]                                # EP-206
