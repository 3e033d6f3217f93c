"""Rest, Move and the avoid step (EP-62..85, EP-EX-3)."""

from __future__ import annotations

from getaway.games.escape_plan.actions import Avoid, Fly, Go, Pick, Simple, Unlock, Use
from getaway.games.escape_plan.city import node_cell
from getaway.games.escape_plan.model import Land
from getaway.games.escape_plan.moves import ActionChoice, AvoidChoice, EndTurn, MoveFrame
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import (
    AREA_OF,
    N_LOC,
    WATERS,
    area_node,
    loc_node,
    water_node,
)
from tests.games.escape_plan.build import Hold, act, city, push, put


def moving(s: EscapePlanState, seat: int, loc: str) -> None:
    put(s, seat, loc)
    push(s, ActionChoice(seat))
    act(s, Simple("move"))
    assert isinstance(s.stack[-1], MoveFrame)


def legal(s: EscapePlanState) -> list[object]:
    (seat,) = s.to_act()
    s._cache = None
    return list(s.legal_actions(seat))


def test_movement_costs_in_the_graph() -> None:
    g = city(3).graph
    for a, outs in g.adj.items():
        for b, cost in outs:
            if a < N_LOC:
                assert cost == 1                                        # EP-72
            elif b < N_LOC:
                assert cost == 1                                        # EP-73
            else:
                assert cost == int(AREA_OF[a][1] is not AREA_OF[b][1])  # EP-74


def test_a_move_must_leave_and_end_on_a_location_within_its_mp() -> None:
    s = city(3)
    moving(s, 0, "church")
    assert Simple("end_move") not in legal(s)                           # EP-69
    step = next(a for a in legal(s) if isinstance(a, Go) and a.node >= N_LOC)
    act(s, step)
    assert s.move.mp == 2 and Simple("end_move") not in legal(s)        # EP-72
    for a in legal(s):                                                  # EP-78
        if isinstance(a, Go):
            assert s.graph.near.get(a.node, 99) <= s.move.mp
    back = next(a for a in legal(s) if isinstance(a, Go) and a.node < N_LOC)
    act(s, back)
    assert Simple("end_move") in legal(s)                               # EP-73


def test_gas_can_token_adds_one_mp() -> None:
    s = city(3)
    s.crew[0].gas = 1
    moving(s, 0, "church")
    act(s, Simple("gas_token"))
    assert s.move.mp == 4 and s.crew[0].gas == 0                         # EP-71


def test_subway_ride_is_free_and_refunds_the_first_step() -> None:
    s = city(3)
    moving(s, 0, "hospital-subway")
    act(s, Go(loc_node("s1-subway")))
    assert s.move.mp == 3                                               # EP-75
    out = next(a for a in legal(s) if isinstance(a, Go) and a.node >= N_LOC)
    act(s, out)
    assert s.move.mp == 3                                               # EP-75: +1 back
    assert s.move.left == [node_cell(s, loc_node("hospital"))]          # EP-82


def test_heliport_flight() -> None:
    s = city(3)
    moving(s, 0, "s2-heliport")                                         # s2 on (0, 0)
    near = Fly(loc_node("a3-business"), "heliport")                      # (1, 0)
    far = Fly(loc_node("a2-business"), "heliport")                       # (3, 2)
    assert near in legal(s) and far not in legal(s)                     # EP-76
    act(s, near)
    assert s.move.mp == 2 and s.move.left == [(0, 0)]                   # EP-76, EP-82


def test_helipad_flight_spends_a_gang_member() -> None:
    s = city(3)
    p = s.crew[0]
    p.gang, p.gang_markers = 2, ["a3-gang"]
    s.gangs["a3-gang"] = [0, 1]
    moving(s, 0, "store-B")                                             # b2: a Helipad
    fly = next(a for a in legal(s) if isinstance(a, Fly) and a.mode == "helipad")
    act(s, fly)
    assert s.move.mp == 2 and p.gang == 1 and s.gangs["a3-gang"][0] == 1  # EP-77, EP-162


def test_water_needs_a_ferry_or_a_jet_ski() -> None:
    s = city(3)
    moving(s, 0, "church")
    g = s.graph
    for area, waters in g.water_in.items():
        s.crew[0].node = area
        s.move.mp = 3
        s._cache = None
        for w in waters:
            assert (Go(w) in legal(s)) == (w in g.ferried)              # EP-70
    unferried = [w for w in WATERS if water_node(w) in g.shore
                 and water_node(w) not in g.ferried]
    if unferried:
        area = next(a for a, ws in g.water_in.items() if water_node(unferried[0]) in ws)
        s.crew[0].node = area
        s.crew[0].contacts[0] = "C:jet-ski"
        s._cache = None
        act(s, Use("contact", 0))
        act(s, Pick("water", WATERS.index(unferried[0])))              # EP-194
        assert Go(water_node(unferried[0])) in legal(s)


def test_avoid_step_wounds_for_every_officer_and_sandra_left_behind() -> None:
    s = city(2)
    s.police["s2"] = ["red", "blue"]
    s.police["a3"] = ["black"]                      # on the destination: not avoided
    s.sandra_node = loc_node("clinic")              # Sandra on s2 too
    moving(s, 0, "s2-heliport")
    act(s, Fly(loc_node("a3-business"), "heliport"))
    act(s, Simple("end_move"))
    top = s.stack[-1]
    assert isinstance(top, AvoidChoice)                                 # EP-79
    assert top.left == ("red", "blue", "sandra")                        # EP-80, EP-81
    act(s, Simple("take_wounds"))
    assert s.crew[0].wounds == 3                                        # EP-83
    assert not isinstance(s.stack[-1], AvoidChoice)                     # EP-85: the visit


def test_equipment_avoids_only_its_colour() -> None:
    s = city(3)
    s.police["s2"] = ["red", "blue"]
    s.crew[0].items[0] = "E:vest"
    moving(s, 0, "s2-heliport")
    act(s, Fly(loc_node("a3-business"), "heliport"))
    act(s, Simple("end_move"))
    assert Avoid("item", 0, "red") in legal(s)                          # EP-223
    assert Avoid("item", 0, "blue") not in legal(s)                     # EP-227
    act(s, Avoid("item", 0, "red"))                                     # EP-165
    assert s.crew[0].used_items[0]
    top = s.stack[-1]
    assert isinstance(top, AvoidChoice) and top.left == ("blue",)
    act(s, Simple("take_wounds"))
    assert s.crew[0].wounds == 1


def test_fourth_wound_heals_one_and_handcuffs() -> None:
    s = city(3)
    s.police["s2"] = ["red", "blue"]
    p = s.crew[0]
    p.wounds = 3
    p.contacts[2] = "C:medic"
    moving(s, 0, "s2-heliport")
    act(s, Fly(loc_node("a3-business"), "heliport"))
    act(s, Simple("end_move"))
    act(s, Simple("take_wounds"))
    # EP-84, EP-EX-3: first extra wound -> 2 Wounds + Handcuffs, the second -> 3 Wounds
    assert p.wounds == 3 and p.handcuffs == 1
    assert p.contacts[5] == "X"                   # the rightmost space (held the Heal tile)


def test_no_handcuffs_left_means_the_wound_stays_at_three() -> None:
    from getaway.games.escape_plan import economy as eco

    s = city(3)
    p, q = s.crew[0], s.crew[1]
    p.wounds = 3
    q.handcuffs = 10                                 # the box's 10 cards all lie on seat 1
    eco.wound(s, 0, 1, [])
    # EP-GAP-15 (rule decided 12): the 10 Handcuffs are shared; with none left the fourth
    # Wound neither heals nor blocks a space
    assert p.wounds == 3 and p.handcuffs == 0 and "X" not in p.contacts
    q.handcuffs = 0
    p.contacts = ["X"] * len(p.contacts)             # every space already blocked
    p.handcuffs = len(p.contacts)
    eco.wound(s, 0, 1, [])
    assert p.wounds == 3 and p.handcuffs == len(p.contacts)
    p.contacts[0], p.handcuffs = "", len(p.contacts) - 1
    eco.wound(s, 0, 1, [])
    assert p.wounds == 2 and p.contacts[0] == "X"    # EP-84: a space left, so it applies


def test_rest_refreshes_and_unlocks() -> None:
    s = city(3)
    p = s.crew[0]
    p.contacts[0], p.used_contacts[0] = "C:medic", True
    p.items[0], p.used_items[0] = "E:vest", True
    p.items[1], p.used_items[1] = "F:safe", True
    p.used_assets[0] = True
    p.first_aid = False
    push(s, ActionChoice(0))
    act(s, Simple("rest"))
    assert p.rested and p.first_aid                                     # EP-63, EP-64
    assert not p.used_contacts[0] and not p.used_items[0]               # EP-65
    assert p.used_items[1] and p.used_assets[0]                         # EP-67
    act(s, Unlock("heal"))                                               # EP-66
    assert "heal" in p.assets
    assert isinstance(s.stack[-1], EndTurn) and s.move is None          # EP-68
    act(s, Simple("end_turn"))
    assert isinstance(s.stack[-1], Hold)
    push(s, ActionChoice(0))
    assert Simple("rest") not in legal(s)                               # EP-62


def test_medevac_goes_to_the_hospital() -> None:
    s = city(3)
    s.crew[0].contacts[0] = "C:medevac"
    moving(s, 0, "church")
    act(s, Use("contact", 0))
    assert s.crew[0].node == loc_node("hospital")                        # EP-195
    assert not isinstance(s.stack[-1], MoveFrame)


def test_the_destination_tile_is_not_avoided_even_when_left_earlier() -> None:
    s = city(3)
    p = s.crew[0]
    p.gas = 2
    s.police = {"s1": ["red"], "c1": ["blue"]}       # s1 on (2, 2), c1 on (2, 1)
    moving(s, 0, "church")
    act(s, Simple("gas_token"))
    act(s, Simple("gas_token"))
    out = area_node((2, 2), Land.DOWNTOWN)
    act(s, Go(out))
    act(s, Go(area_node((2, 1), Land.PARK)))         # onto c1: s1 is left
    act(s, Go(out))                                  # back onto s1: c1 is left
    act(s, Go(loc_node("church")))
    assert s.move.left == [(2, 2), (2, 1)]
    act(s, Simple("end_move"))
    top = s.stack[-1]
    # EP-79: the starting tile counts only when the move ends on another tile;
    # EP-80: the officers of the tile the move ends on are never avoided
    assert isinstance(top, AvoidChoice) and top.left == ("blue",)
    act(s, Simple("take_wounds"))
    assert p.wounds == 1                                                 # EP-83


def test_a_gang_card_flight_costs_one_mp_a_chopper_none() -> None:
    s = city(3)
    p = s.crew[0]
    p.money = 20
    p.contacts[0], p.contacts[1] = "C:gang", "C:chopper"
    moving(s, 0, "s2-heliport")
    target = Fly(loc_node("a3-business"), "card")
    act(s, Use("contact", 0))                                            # EP-190, EP-163
    assert target in legal(s)
    act(s, target)
    assert s.move.mp == 3 - 1                        # EP-GAP-25: as the Helipad flight
    s.stack = [Hold()]
    moving(s, 0, "s2-heliport")
    act(s, Use("contact", 1))                                            # EP-186
    act(s, target)
    assert s.move.mp == 3                            # the card is the price (designed)
