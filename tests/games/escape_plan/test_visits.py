"""Every Location type (EP-113..156), escaping (EP-46, EP-103..105), EP-EX-5, EP-EX-6."""

from __future__ import annotations

from getaway.games.escape_plan.actions import (
    Bonus,
    BuyEquipment,
    OpenLocker,
    Pick,
    Simple,
    Unlock,
    Visit,
)
from getaway.games.escape_plan.frames import GainContact, GroupBonus, MakeRoom, PlaceContact
from getaway.games.escape_plan.moves import AvoidChoice
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import CARDS, LOCKER, loc_node
from getaway.games.escape_plan.visits import KeepTile, KeyGate, Menu, VisitStart
from tests.games.escape_plan.build import Hold, act, city, push, put


def visit(s: EscapePlanState, seat: int, loc: str) -> None:
    put(s, seat, loc)
    push(s, VisitStart(seat))


def labels(s: EscapePlanState) -> list[object]:
    (seat,) = s.to_act()
    s._cache = None
    return list(s.legal_actions(seat))


def take_contact(s: EscapePlanState) -> None:
    assert isinstance(s.stack[-1], GainContact)
    act(s, Pick("display", 6))
    assert isinstance(s.stack[-1], PlaceContact)
    act(s, Simple("place_contact"))


def test_business_visit_with_and_without_the_income_symbol() -> None:
    s = city(3)
    p = s.crew[0]
    p.plan = "plan-1"
    tile = s.business_on["a3-business"]
    shows = CARDS.plan(p.plan).shows_income(tile)
    put(s, 1, "a3-business")                   # another player there
    visit(s, 0, "a3-business")
    assert p.red_box == 1                                                # EP-114
    assert p.taken == 1                                                  # EP-115
    if shows:
        assert p.money == 9 + 4 and p.income_hex == 1                    # EP-116
    else:
        assert p.money == 9 and p.white == 1                             # EP-117
    take_contact(s)
    assert sum(1 for c in p.contacts if c.startswith("C:")) == 1         # EP-118
    assert isinstance(s.stack[-1], Hold)
    visit(s, 0, "a3-business")
    assert p.taken == 1                                                  # EP-113: once


def test_a_business_closes_and_then_needs_a_key() -> None:
    s = city(3)
    tile = s.business_on["a3-business"]
    s.business_visits[tile] = 2                                          # EP-119 (1-3 players)
    visit(s, 0, "a3-business")
    assert s.crew[0].taken == 0 and isinstance(s.stack[-1], Hold)        # EP-120: no key
    s.crew[0].keys = ["green"]
    visit(s, 0, "a3-business")
    assert isinstance(s.stack[-1], KeyGate)
    act(s, Visit("key"))
    assert s.crew[0].keys == ["used:green"] and s.crew[0].taken == 1      # EP-120
    s4 = city(4)
    tile = s4.business_on["a3-business"]
    s4.business_visits[tile] = 2                                         # EP-119 (4-5: 3)
    visit(s4, 0, "a3-business")
    assert s4.crew[0].taken == 1


def test_all_three_businesses_of_a_group_give_a_bonus() -> None:
    s = city(3)
    p = s.crew[0]
    group = ["business-1", "business-2"]
    p.visited = group[:]
    loc = next(k for k, v in s.business_on.items() if v == "business-3")
    visit(s, 0, loc)
    take_contact(s)
    assert isinstance(s.stack[-1], GroupBonus)                           # EP-121
    act(s, Bonus("unlock"))
    assert p.blue_box == 1
    act(s, Unlock("heal"))
    assert "heal" in p.assets


def test_store_gas_equipment_and_room() -> None:
    s = city(3)
    p = s.crew[0]
    put(s, 1, "store-A")
    visit(s, 0, "store-A")
    assert p.red_box == 1                                                # EP-122
    act(s, Visit("gas"))
    assert p.gas == 1 and Visit("gas") not in labels(s)                  # EP-123
    p.gas = 2
    act(s, BuyEquipment("vest"))
    act(s, BuyEquipment("gas-mask"))
    assert p.money == 9 - 2 - 3                                          # EP-124
    assert not any(isinstance(a, BuyEquipment) for a in labels(s))       # EP-124: 2 at most
    assert p.items[:2] == ["E:vest", "E:gas-mask"]
    s.stack[-1] = Menu(0, "store")
    p.items[2] = "F:safe"
    p.money = 9
    act(s, BuyEquipment("hat"))
    assert isinstance(s.stack[-1], MakeRoom)                             # EP-125
    act(s, Pick("make_room", 2))
    assert p.items[2] == "E:hat" and p.red_box == 2


def test_store_locker_with_a_key() -> None:
    s = city(3)
    p = s.crew[0]
    p.keys = ["green"]
    p.notoriety = 2
    for i in range(3):
        p.contacts[i] = "C:medic"
    top = LOCKER[s.lockers["green"][-1]]
    visit(s, 0, "store-A")
    can = top.need <= 2 + 3
    assert (OpenLocker("green", False) in labels(s)) == can               # EP-126, EP-127
    assert OpenLocker("black", False) not in labels(s)                  # EP-128: matching Key
    assert CARDS.locker_draws(top.colour, 2, 3) == 6                      # EP-129, EP-EX-5
    from getaway.games.escape_plan.model import LockerColour
    assert CARDS.locker_draws(LockerColour.BLACK, 2, 3) == 5
    assert CARDS.locker_draws(LockerColour.BROWN, 2, 3) == 4
    if can:
        act(s, OpenLocker("green", False))
        assert p.keys == ["used:green"]                                  # EP-128
        top_frame = s.stack[-1]
        assert isinstance(top_frame, KeepTile) and len(top_frame.drawn) == 5  # all 5 left
        act(s, Pick("tile", 0))
        assert p.items[0].startswith("L:") and len(s.lockers["green"]) == 4  # EP-130


def test_church() -> None:
    s = city(3)
    p = s.crew[0]
    s.sandra, s.sandra_node = True, loc_node("church")
    visit(s, 0, "church")
    assert p.red_box == 1                                                # EP-131 (Sandra)
    act(s, Visit("pay_notoriety"))
    assert p.money == 8 and p.red_box - p.blue_box == 0                # EP-132
    act(s, Visit("unlock"))
    act(s, Unlock("master-key"))                                         # EP-133
    act(s, Visit("done"))
    take_contact(s)                                                      # EP-134
    assert isinstance(s.stack[-1], Hold)


def test_gang() -> None:
    s = city(3)
    p = s.crew[0]
    put(s, 1, "a3-gang")
    visit(s, 0, "a3-gang")
    assert Visit("hire_gang") not in labels(s)                          # EP-135
    act(s, Visit("done"))
    put(s, 1, "church")
    visit(s, 0, "a3-gang")
    act(s, Visit("hire_gang"))
    assert p.money == 4 and p.gang == 2 and p.gang_markers == ["a3-gang"]  # EP-136
    assert s.gangs["a3-gang"] == [0, 1]
    p.money = 9
    visit(s, 1, "a3-gang")
    assert Visit("hire_gang") not in labels(s)                          # EP-135: marker
    act(s, Visit("done"))
    p.gang_markers = ["x", "y"]
    visit(s, 0, "c3-gang")
    assert Visit("hire_gang") not in labels(s)                          # EP-137


def test_safe_house() -> None:
    s = city(3)
    p = s.crew[0]
    p.plan = "plan-1"
    loc = next(k for k, v in s.business_on.items() if v == "safe-house-1")
    keys = list(s.keys_on["safe-house-1"])
    visit(s, 0, loc)
    assert p.blue_box == 1                                               # EP-139, EP-141
    assert p.taken == 1 and (p.red == 1 or p.income_hex == 1)            # EP-140
    assert p.keys == keys[:1]                                            # EP-142
    fixer = s.fixers[-1]
    act(s, Visit("fixer"))
    assert p.items[0] == f"F:{fixer}"                                    # EP-143
    assert p.money == 9 - CARDS.fixer(fixer).price + (4 if p.income_hex else 0)
    act(s, Visit("done"))
    visit(s, 0, loc)
    assert p.taken == 1                                                  # EP-138
    p.visited += ["safe-house-2"]
    loc3 = next(k for k, v in s.business_on.items() if v == "safe-house-3")
    visit(s, 0, loc3)
    act(s, Visit("done"))
    assert isinstance(s.stack[-1], GroupBonus)                           # EP-144
    money = p.money
    act(s, Bonus("unlock"))
    assert p.money > money


def test_exits_open_and_closed() -> None:
    s = city(3)
    p = s.crew[0]
    p.contacts[0] = "C:medic"
    visit(s, 0, "exit-1")
    assert p.red_box == 0                                                # EP-145
    assert Visit("exit_tile") not in labels(s)                          # EP-146: open
    act(s, Visit("income"))
    assert p.money == 9 + 3
    act(s, Visit("done"))
    take_contact(s)                                                      # EP-148
    s.blocked, s.exit_on = [2], {2: "gold"}
    visit(s, 0, "exit-2")
    act(s, Visit("exit_tile"))                                           # EP-147
    frame = s.stack[-1]
    assert isinstance(frame, KeepTile) and len(frame.drawn) == 2         # EP-149: 2 cards
    act(s, Pick("tile", 1))
    assert p.items[0].startswith("T:") and len(s.exit_stacks["gold"]) == 4
    assert Visit("income") not in labels(s)                              # EP-147: either


def test_escape_only_on_day_three_through_an_open_exit() -> None:
    s = city(3)
    p = s.crew[0]
    p.money = 20
    visit(s, 0, "exit-1")
    assert Visit("escape") not in labels(s)                              # EP-105
    act(s, Visit("done"))
    s.stack = [Hold()]
    s.round = 3
    s.blocked = [1]
    visit(s, 0, "exit-1")
    assert Visit("escape") not in labels(s)                              # EP-46
    s.stack = [Hold()]
    s.blocked = []
    s.police["a1"] = ["red"]
    from getaway.games.escape_plan.moves import Move
    s.move = Move(p.node)
    visit(s, 0, "exit-1")
    act(s, Visit("escape"))
    take_contact(s)                                  # EP-148: the visit's card first
    assert p.contacts[0].startswith("C:")
    assert isinstance(s.stack[-1], AvoidChoice)                          # EP-103
    act(s, Simple("take_wounds"))
    assert p.escaped and p.wounds == 1 and s.escapes == 1
    assert p.money == 20 - CARDS.escape_cost(3, 0) == 16                 # EP-104


def test_clinic() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 2
    visit(s, 0, "clinic")
    act(s, Visit("unlock"))
    act(s, Unlock("heal"))                                               # EP-151
    act(s, Visit("heal"))
    assert p.wounds == 1                                                 # EP-152
    act(s, Visit("done"))
    take_contact(s)                                                      # EP-153
    assert p.red_box == 0                                                # EP-150


def test_hospital() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds, p.money = 3, 6
    put(s, 1, "hospital")
    visit(s, 0, "hospital")
    assert p.red_box == 1                                                # EP-155: exactly 1
    assert Visit("heal", 3) in labels(s)
    act(s, Visit("heal", 3))
    assert p.wounds == 0 and p.money == 0                                # EP-154, EP-EX-6
    # EP-EX-6: the 3 Wounds would have cost $60 at the end
    from getaway.games.escape_plan.model import WOUND_COST
    assert 3 * WOUND_COST == 60
    assert not s.graph.cell_of or "hospital" not in s.police             # EP-156
