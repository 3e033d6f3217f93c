"""Executive Actions (EP-157..165), officers (EP-166..168), Contact cards (EP-169..171,
EP-185..203), Assets (EP-172..174, EP-217..222), Fixers (EP-204..216)."""

from __future__ import annotations

from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan.actions import Officer, Pick, Simple, ToCell, Unlock, Use
from getaway.games.escape_plan.frames import GainContact, PlaceContact, any_time_uses
from getaway.games.escape_plan.moves import ActionChoice, EndTurn
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import CARDS, CELL_INDEX, CELLS
from tests.games.escape_plan.build import Hold, act, city, push


def turn(s: EscapePlanState, seat: int = 0) -> None:
    push(s, EndTurn(seat))


def legal(s: EscapePlanState) -> list[object]:
    (seat,) = s.to_act()
    s._cache = None
    return list(s.legal_actions(seat))


def test_executive_actions_only_on_your_own_turn() -> None:
    s = city(3)
    s.crew[1].wounds = 1
    turn(s, 0)
    assert s.to_act() == (0,) and not s.legal_actions(1)                # EP-158
    assert Use("contact", 0) not in legal(s)                             # EP-157: no card


def test_first_aid() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 2
    turn(s)
    act(s, Simple("first_aid"))
    assert p.wounds == 1 and not p.first_aid                             # EP-159
    assert Simple("first_aid") not in legal(s)


def test_contact_card_use_pays_stars_and_flips() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 1
    p.contacts[0] = "C:medic"
    p.contacts[1] = "C:informer"
    turn(s)
    act(s, Use("contact", 0))
    assert p.money == 7 and p.red_box == 1 and p.wounds == 0            # EP-160, EP-196
    assert p.used_contacts[0] and Use("contact", 0) not in legal(s)      # EP-160
    act(s, Use("contact", 1))
    assert p.money == 4 and p.red_box - p.blue_box == 0                  # EP-193, EP-203
    p.money = 2
    p.contacts[2] = "C:fixer"
    assert Use("contact", 2) not in legal(s)                             # $4: cannot pay
    p.money = 4
    act(s, Use("contact", 2))
    assert p.discs == 1 and p.money == 0                                 # EP-189


def test_spy_and_snitch_and_bribe() -> None:
    s = city(3, police=True)
    p = s.crew[0]
    p.money = 30
    p.contacts[0], p.contacts[1], p.contacts[2] = "C:spy-1", "C:snitch-red", "C:bribe-red"
    turn(s)
    act(s, Use("contact", 0))
    assert isinstance(s.stack[-1], GainContact)                          # EP-199
    act(s, Pick("display", 0))
    assert isinstance(s.stack[-1], PlaceContact)
    # EP-171: the row is full (3 cards + 3 locked Assets): replace or discard only
    assert Simple("place_contact") not in legal(s)
    act(s, Pick("replace", 0))                                           # EP-170
    assert p.contacts[0] != "C:spy-1" and s.contact_discard[-1] == "spy-1"
    reds = sum(c.count("red") for c in map(str, s.police.values()))
    if reds:
        act(s, Use("contact", 1))
        (o,) = [a for a in legal(s) if isinstance(a, Officer)][:1]
        act(s, o)
        assert sum(c.count("red") for c in map(str, s.police.values())) == reds - 1  # EP-198


def test_moving_an_officer() -> None:
    s = city(3)
    s.police = {"s1": ["red"], "a2": ["red"], "hospital": []}
    p = s.crew[0]
    p.assets[1] = "move-red"
    turn(s)
    act(s, Use("asset", 1))
    assert p.money == 9 - 4                                              # EP-161, EP-220
    src = CELL_INDEX[s.cell_of_tile["s1"]]
    act(s, Officer(src, "red"))
    dests = {CELLS[a.cell] for a in legal(s) if isinstance(a, ToCell)}
    assert s.cell_of_tile["a2"] not in dests                             # EP-167
    assert (1, 1) not in dests                                           # EP-168: Hospital
    far = max(dests, key=lambda c: abs(c[0] - 2) + abs(c[1] - 2))
    act(s, ToCell(CELL_INDEX[far]))                                      # EP-166: any distance
    assert "red" in s.police[s.city[far][0]] and s.police["s1"] == []


def test_asset_unlock_fills_the_dearest_space_and_slides_the_row() -> None:
    s = city(3)
    p = s.crew[0]
    eco.unlock(p, "move-blue")
    assert p.assets[:2] == ["extra-action", "move-blue"]                 # EP-172
    assert p.items[3:] == ["", "A:move-red", "A:move-black"]            # EP-174
    for a in ("move-red", "move-black", "avoid-all", "master-key"):
        eco.unlock(p, a)
    assert "" not in p.assets
    eco.unlock(p, "heal")
    assert "heal" not in p.assets and not eco.locked_assets(p)           # EP-173


def test_asset_effects() -> None:
    s = city(3)
    p = s.crew[0]
    p.wounds = 1
    p.assets[1] = "heal"
    turn(s)
    act(s, Use("asset", 0))                                              # $5 space
    assert p.discs == 1 and p.money == 4 and p.used_assets[0]            # EP-217, EP-222
    act(s, Use("asset", 1))
    assert p.wounds == 0 and p.money == 0                                # EP-221
    assert CARDS.asset("master-key").effects[0].op.value == "master_key"  # EP-219
    assert CARDS.asset("avoid-all").effects[0].op.value == "avoid"       # EP-218


def test_gang_member_lowers_notoriety_and_returns() -> None:
    s = city(3)
    p = s.crew[0]
    p.gang, p.gang_markers = 2, ["a3-gang"]
    s.gangs["a3-gang"] = [0, 1]
    turn(s)
    act(s, Simple("gang_member"))
    assert p.gang == 1 and p.blue_box == 1 and s.gangs["a3-gang"] == [1, 1]   # EP-162, EP-163
    act(s, Simple("gang_member"))
    assert p.gang == 0 and p.gang_markers == [] and s.gangs["a3-gang"] == [2, 0]


def test_fixer_tiles() -> None:
    s = city(3)
    p = s.crew[0]
    p.items[0], p.items[1], p.items[2] = "F:id-card", "F:safe", "F:telephone"
    turn(s)
    act(s, Use("item", 0))
    assert p.discs == 1 and p.used_items[0] and p.money == 9             # EP-164, EP-209, EP-216
    act(s, Use("item", 1))
    assert p.money == 12                                                 # EP-211
    act(s, Use("item", 2))
    assert isinstance(s.stack[-1], GainContact)                          # EP-215
    act(s, Pick("display", 0))
    act(s, Simple("discard_contact"))
    assert isinstance(s.stack[-1], EndTurn)
    assert Use("item", 0) not in legal(s)                                # EP-204


def test_refresh_cards() -> None:
    s = city(3)
    p = s.crew[0]
    p.contacts[0], p.used_contacts[0] = "C:spy-2", False
    p.contacts[1], p.used_contacts[1] = "C:medic", True
    p.items[0], p.used_items[0] = "E:hat", True
    turn(s)
    act(s, Use("contact", 0))
    assert not any(p.used_contacts) and not p.used_items[0]              # EP-200


def test_any_time_uses_skip_movement_and_avoid_effects() -> None:
    s = city(3)
    p = s.crew[0]
    p.contacts[0] = "C:gas-can"
    p.contacts[1] = "C:fast-car"
    p.items[0] = "E:vest"
    push(s, ActionChoice(0))
    uses = any_time_uses(s, 0)
    assert Use("contact", 0) not in uses and Use("contact", 1) not in uses   # EP-157
    assert Use("item", 0) not in uses
    act(s, Simple("rest"))
    act(s, Unlock("heal"))
    act(s, Simple("end_turn"))
    assert isinstance(s.stack[-1], Hold)


def test_any_time_actions_during_a_move_and_a_visit() -> None:
    from getaway.games.escape_plan.actions import Visit
    from getaway.games.escape_plan.moves import MoveFrame
    from getaway.games.escape_plan.visits import VisitStart
    from tests.games.escape_plan.build import put
    s = city(3)
    p = s.crew[0]
    p.wounds = 2
    p.contacts[0] = "C:medic"
    put(s, 0, "church")
    push(s, ActionChoice(0))
    act(s, Simple("move"))
    assert isinstance(s.stack[-1], MoveFrame)
    act(s, Simple("first_aid"))                                          # EP-157
    assert p.wounds == 1 and isinstance(s.stack[-1], MoveFrame)
    s.stack = [Hold()]
    put(s, 0, "store-A")
    push(s, VisitStart(0))
    act(s, Use("contact", 0))                                            # EP-157
    assert p.wounds == 0 and Visit("done") in legal(s)
