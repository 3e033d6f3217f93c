"""Executive Actions inside the pending choices of a player's own turn (EP-157): keeping a
Locker or Exit tile, making room on the Item row, the Key of a Closed Business, the avoid
step; and not inside the choice of a Contact card."""

from __future__ import annotations

from getaway.core.actions import Action
from getaway.games.escape_plan.actions import (
    Officer,
    Pick,
    Simple,
    ToCell,
    Unlock,
    Use,
    Visit,
)
from getaway.games.escape_plan.frames import GainContact, MakeRoom, UnlockFrame
from getaway.games.escape_plan.moves import AvoidChoice, AvoidStep, Move
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import CELL_INDEX, CELLS, loc_node
from getaway.games.escape_plan.visits import KeepTile, KeyGate, VisitStart
from tests.games.escape_plan.build import Hold, act, city, keeping_a_locker, push, put


def legal(s: EscapePlanState) -> list[Action]:
    (seat,) = s.to_act()
    s._cache = None
    return list(s.legal_actions(seat))


def at_locker(s: EscapePlanState) -> None:
    """Seat 0 at Store A with a green Key opens the green Locker stack."""
    keeping_a_locker(s)


def test_executive_actions_between_drawing_locker_tiles_and_keeping_one() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 2
    at_locker(s)
    frame = s.stack[-1]
    assert isinstance(frame, KeepTile)
    options = legal(s)
    assert Simple("first_aid") in options and Use("contact", 0) in options   # EP-157
    act(s, Simple("first_aid"))                                          # EP-157, EP-159
    act(s, Use("contact", 0))                                            # EP-157, EP-160
    assert p.wounds == 0 and s.stack[-1] == frame                        # the draw waits
    assert Use("contact", 0) not in legal(s)
    act(s, Pick("tile", 2))
    assert p.items[0] == f"L:{frame.drawn[2]}"                           # EP-130


def test_executive_actions_before_keeping_an_exit_tile() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 1
    p.contacts[0] = "C:informer"
    s.blocked, s.exit_on = [2], {2: "gold"}
    put(s, 0, "exit-2")
    push(s, VisitStart(0))
    act(s, Visit("exit_tile"))
    assert isinstance(s.stack[-1], KeepTile)
    act(s, Use("contact", 0))                                            # EP-157, EP-193
    assert p.blue_box == 1 and p.money == 9 - 3
    assert isinstance(s.stack[-1], KeepTile)
    act(s, Pick("tile", 0))
    assert p.items[0].startswith("T:")                                   # EP-149


def test_an_executive_action_can_make_the_room_for_a_kept_tile() -> None:
    s = city(3)
    p = s.crew[0]
    p.items[:3] = ["F:gold-bar", "E:vest", "E:hat"]
    at_locker(s)
    act(s, Pick("tile", 0))
    assert isinstance(s.stack[-1], MakeRoom)                             # EP-125: row full
    assert Use("item", 0) in legal(s)                                    # EP-157
    act(s, Use("item", 0))                                               # EP-208: Gold Bar
    assert isinstance(s.stack[-1], UnlockFrame)
    act(s, Unlock("move-blue"))                                          # off the Item row
    # EP-174: the row closed up and a space is free, so the tile goes there: no discard,
    # no Notoriety (EP-125 only charges for discarding a tile)
    assert p.items[0] == "F:gold-bar" and p.items[3].startswith("L:")
    assert "move-blue" in p.assets and p.red_box == 0
    assert not isinstance(s.stack[-1], (KeepTile, MakeRoom))


def test_a_declined_room_still_works_with_executive_actions_offered() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 1
    p.items[:3] = ["F:first-aid-kit", "E:vest", "E:hat"]
    at_locker(s)
    act(s, Pick("tile", 0))
    assert isinstance(s.stack[-1], MakeRoom)
    act(s, Use("item", 0))                                               # EP-157, EP-207
    assert p.wounds == 0 and isinstance(s.stack[-1], MakeRoom)           # still no room
    before = len(s.lockers["green"])
    act(s, Simple("decline"))
    assert len(s.lockers["green"]) == before + 1                         # EP-130: it returns
    assert not any(x.startswith("L:") for x in p.items)


def test_executive_actions_at_a_closed_business() -> None:
    s = city(3)
    p = s.crew[0]
    p.keys = ["black"]
    p.wounds = 1
    loc = next(lid for lid, t in s.business_on.items() if t.startswith("business"))
    s.business_visits[s.business_on[loc]] = 2
    put(s, 0, loc)
    push(s, VisitStart(0))
    assert isinstance(s.stack[-1], KeyGate)
    act(s, Simple("first_aid"))                                          # EP-157
    assert p.wounds == 0 and isinstance(s.stack[-1], KeyGate)
    act(s, Visit("key"))                                                 # EP-120
    assert p.keys == ["used:black"] and s.business_on[loc] in p.visited


def test_moving_an_officer_away_in_the_avoid_step_spares_the_wound() -> None:
    s = city(3)
    p = s.crew[0]
    p.assets[1] = "move-red"
    start = s.cell_of_tile["s1"]
    s.police = {"s1": ["red", "blue"]}
    put(s, 0, "church")
    s.move = Move(p.node)
    s.move.left = [start]
    p.node = loc_node("hospital")
    push(s, AvoidStep(0, 0))
    assert isinstance(s.stack[-1], AvoidChoice)
    assert Use("asset", 1) in legal(s)                                   # EP-157
    act(s, Use("asset", 1))                                              # EP-220
    act(s, Officer(CELL_INDEX[start], "red"))
    dest = next(a for a in legal(s) if isinstance(a, ToCell))
    act(s, dest)
    assert "red" in s.police[s.city[CELLS[dest.cell]][0]]
    frame = s.stack[-1]
    assert isinstance(frame, AvoidChoice) and frame.left == ("blue",)    # EP-79: as it stands
    act(s, Simple("take_wounds"))
    assert p.wounds == 1 and isinstance(s.stack[-1], Hold)               # EP-83: blue only


def test_first_aid_in_the_avoid_step_keeps_the_handcuffs_off() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 3
    start = s.cell_of_tile["s1"]
    s.police = {"s1": ["black"]}
    put(s, 0, "church")
    s.move = Move(p.node)
    s.move.left = [start]
    push(s, AvoidStep(0, 0))
    act(s, Simple("first_aid"))                                          # EP-157, EP-159
    assert isinstance(s.stack[-1], AvoidChoice)
    act(s, Simple("take_wounds"))
    assert p.wounds == 3 and p.handcuffs == 0                            # EP-83, not EP-84


def test_no_executive_actions_inside_the_choice_of_a_contact_card() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 1
    push(s, GainContact(0))
    assert all(isinstance(a, Pick) for a in legal(s))
