"""The rulebook's worked examples (ZC-EX-1..14), each from a constructed state.

Seats: Logan 0, Keith 1, Jenny 2, Frank 3.
"""

from __future__ import annotations

from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.content import CONTENT, Edge
from getaway.games.zombie_city.tables import CHURCH, EXIT, IN_BAG, ITEM_INDEX
from tests.games.zombie_city.build import (
    dice,
    fresh,
    lay,
    place_zombie,
    sec,
    shown,
    top_card,
    top_section,
)

LOGAN, KEITH, JENNY, FRANK = 0, 1, 2, 3


def _rolls(state: object, seat: int) -> set[int]:
    from getaway.games.zombie_city.state import ZombieCityState

    assert isinstance(state, ZombieCityState)
    return {a.mask for a in state.legal_actions(seat) if isinstance(a, A.Roll)}


def test_ex1_two_panics_are_set_aside_three_dice_left() -> None:
    s = fresh()
    dice(s, LOGAN, "PPGFB")
    assert max(_rolls(s, LOGAN)) == 0b11100, "ZC-EX-1: only the three other dice roll"


def test_ex2_a_caution_frees_two_blocked_dice_for_the_next_roll() -> None:
    s = fresh()
    dice(s, LOGAN, "PPCsG")
    s.apply(LOGAN, A.CAUTION_SELF)
    assert shown(s, LOGAN) == "ssssG", "ZC-EX-2"
    assert 0b01111 in _rolls(s, LOGAN), "the freed dice join the next roll"


def test_ex3_keith_and_logan_pool_five_fists() -> None:
    s = fresh()
    s.pos = [sec("start-west")] * 2
    brute = place_zombie(s, "brute", "start-west")
    dice(s, LOGAN, "FFFGB")
    dice(s, KEITH, "FFGGC")
    for _ in range(3):
        s.apply(LOGAN, A.COMMITS[brute][0])
    s.apply(KEITH, A.COMMITS[brute][0])
    assert s.zloc[brute] == sec("start-west")
    s.apply(KEITH, A.COMMITS[brute][0])
    assert s.zloc[brute] == IN_BAG, "ZC-EX-3, ZC-35"


def test_ex4_keep_a_getaway_spend_getaway_and_fist_reroll_three() -> None:
    s = fresh()
    dice(s, LOGAN, "PGGFB")
    assert A.CAUTION_SELF not in s.legal_actions(LOGAN), "no caution to free the panic"
    s.apply(LOGAN, A.ENTERS[sec("start-west")])
    assert shown(s, LOGAN) == "PsGsB", "ZC-EX-4: one getaway kept"
    assert 0b11010 in _rolls(s, LOGAN), "ZC-EX-4: reroll bat, spent getaway and fist"
    s.apply(LOGAN, A.ROLLS[0b11010 - 1])
    assert shown(s, LOGAN)[0] == "P" and shown(s, LOGAN)[2] == "G"


def test_ex5_getaway_and_fist_enter_the_section_to_the_left() -> None:
    s = fresh()
    dice(s, LOGAN, "GFsss")
    west = sec("start-west")
    assert s.placed[west][0] < s.placed[CHURCH][0], "the left section"
    s.apply(LOGAN, A.ENTERS[west])
    assert s.pos[LOGAN] == west, "ZC-EX-5"


def test_ex6_reveal_and_lay_a_gas_station_item_tile() -> None:
    s = fresh()
    s.pos[LOGAN] = sec("start-west")
    dice(s, LOGAN, "GGsss")
    top_section(s, "gas-station-1")
    top_card(s, "zc-01")
    s.apply(LOGAN, A.REVEALS[Edge.W])
    g = sec("gas-station-1")
    assert g in s.placed and s.pos[LOGAN] == sec("start-west"), "ZC-EX-6"
    assert CONTENT.items[s.tiles[g]].building.value == "gas_station", "ZC-EX-6, ZC-55"
    assert s.view(LOGAN)["board"][-1]["item_tile"] is True or any(
        b["item_tile"] for b in s.view(LOGAN)["board"]), "the tile lies face down"


def test_ex7_three_fists_search_the_gas_station() -> None:
    s = fresh()
    lay(s, "gas-station-1", -2, 0, 3)
    g = sec("gas-station-1")
    s.tiles[g] = ITEM_INDEX["crowbar"]
    s.pos[LOGAN] = g
    dice(s, LOGAN, "FFFPG")
    s.apply(LOGAN, A.SEARCH)
    assert s.held[LOGAN] == ITEM_INDEX["crowbar"], "ZC-EX-7"
    assert s.view(None)["players"][LOGAN]["item"] == "crowbar", "face up"


def test_ex8_deposit_the_crowbar() -> None:
    s = fresh()
    s.held[LOGAN] = ITEM_INDEX["crowbar"]
    dice(s, LOGAN, "sssss")
    s.apply(LOGAN, A.DEPOSIT)
    assert "crowbar" in s.view(None)["cargo"], "ZC-EX-8"


def test_ex9_logan_rescues_himself() -> None:
    s = fresh()
    s.pos[LOGAN] = sec("start-west")
    dice(s, LOGAN, "PPPPP")
    top_card(s, "zc-01")
    s.apply(LOGAN, A.RESCUE)
    assert len(s.zombies_on(sec("start-west"))) == 1, "ZC-EX-9, ZC-70"
    assert "s" not in shown(s, LOGAN), "ZC-EX-9: he rerolls all his dice"


def _ready_for_the_van(players: int = 4) -> object:
    s = fresh(players)
    lay(s, "exit", -2, 0, 3)
    s.exit_revealed = True
    kinds = ["crowbar", "fuel-can", "spark-plugs", "first-aid-kit", "painkillers", "splints",
             "canned-food"]
    for k in kinds[:-1]:
        s.cargo[ITEM_INDEX[k]] = True
    s.held[JENNY] = ITEM_INDEX[kinds[-1]]
    for p in range(players):
        dice(s, p, "GGFGs")
    return s


def test_ex10_all_on_the_church_with_the_exit_and_seven_items_board_the_van() -> None:
    s = _ready_for_the_van()
    from getaway.games.zombie_city.state import ZombieCityState

    assert isinstance(s, ZombieCityState)
    assert s.phase == 1
    s.apply(JENNY, A.DEPOSIT)
    assert s.phase == 2 and s.van == CHURCH, "ZC-EX-10, ZC-40, ZC-43, ZC-74"
    assert s.view(None)["players"][FRANK]["section"] is None, "tokens leave the map"


def test_ex11_everyone_rolls_the_entry_icons_and_a_getaway() -> None:
    s = _ready_for_the_van()
    from getaway.games.zombie_city.state import ZombieCityState

    assert isinstance(s, ZombieCityState)
    s.apply(JENNY, A.DEPOSIT)
    west = sec("start-west")
    for p in (LOGAN, KEITH, JENNY):
        s.apply(p, A.DRIVES[west])
        assert s.van == CHURCH, "the van waits for every player"
    dice(s, FRANK, "GFsss")
    assert A.DRIVES[west] not in s.legal_actions(FRANK), "ZC-77: one getaway more"
    dice(s, FRANK, "GFGss")
    s.apply(FRANK, A.DRIVES[west])
    assert s.van == west, "ZC-EX-11"
    s.apply(LOGAN, A.ROLLS[0])
    for p in (LOGAN, KEITH, JENNY, FRANK):
        dice(s, p, "FBGss")  # the exit's fist and bat, and a getaway
    for p in (LOGAN, KEITH, JENNY, FRANK):
        s.apply(p, A.DRIVES[EXIT])
    assert s.is_over() and s.outcome().reason == "escaped", "ZC-93"  # type: ignore[union-attr]


def test_ex12_four_bats_in_the_van() -> None:
    s = _ready_for_the_van()
    from getaway.games.zombie_city.state import ZombieCityState

    assert isinstance(s, ZombieCityState)
    s.apply(JENNY, A.DEPOSIT)
    butcher = place_zombie(s, "butcher", "church")
    dice(s, KEITH, "BBGGG")
    dice(s, LOGAN, "BBGGG")
    assert not any(isinstance(a, A.Drive) for a in s.legal_actions(JENNY)), "ZC-78"
    for seat in (KEITH, KEITH, LOGAN, LOGAN):
        s.apply(seat, A.COMMITS[butcher][1])
    assert s.zloc[butcher] == IN_BAG, "ZC-EX-12, ZC-79"


def test_ex13_keith_rescues_in_the_van() -> None:
    s = _ready_for_the_van()
    from getaway.games.zombie_city.state import ZombieCityState

    assert isinstance(s, ZombieCityState)
    s.apply(JENNY, A.DEPOSIT)
    green = place_zombie(s, "walker", "start-east")
    dice(s, KEITH, "PPPPP")
    top_card(s, "zc-24")  # spawn two, move green
    s.apply(KEITH, A.RESCUE)
    assert s.zloc[green] == sec("start-east"), "ZC-EX-13, ZC-81: the move is ignored"
    assert len(s.zombies_on(CHURCH)) == 2, "ZC-EX-13, ZC-80: two on the van's section"
    assert "s" not in shown(s, KEITH), "ZC-EX-13, ZC-83: he rerolls all five"


def test_ex14_jenny_and_frank_outside_at_the_first_door_slam() -> None:
    s = fresh(4)
    s.pos[JENNY] = sec("start-west")
    s.pos[FRANK] = sec("start-east")
    s.advance(300.0)
    assert [5 - shown(s, p).count("x") for p in range(4)] == [5, 5, 4, 4], "ZC-EX-14"
