"""Zombie City: what fists and bats pay for, building searches, and the bites that
act on dice and speech (ZC-19, ZC-20, ZC-23, ZC-104, ZC-105)."""

from __future__ import annotations

from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.content import CONTENT, Edge, Handicap
from getaway.games.zombie_city.tables import CHURCH, ITEM_INDEX
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


def test_fists_and_bats_pay_for_entries_searches_and_fights() -> None:
    s = fresh()
    west, east = sec("start-west"), sec("start-east")
    assert sorted(i.value for i in CONTENT.sections[west].entry) == ["fist", "getaway"]
    dice(s, 0, "GFsss")
    assert A.ENTERS[west] in s.legal_actions(0), "ZC-23: a fist pays an entry"
    assert A.ENTERS[east] not in s.legal_actions(0), "ZC-23: the East needs a bat"
    dice(s, 0, "GBsss")
    assert A.ENTERS[east] in s.legal_actions(0), "ZC-23: a bat pays an entry"
    s.apply(0, A.ENTERS[east])
    assert s.pos[0] == east and shown(s, 0) == "sssss", "ZC-23: both dice are spent"
    z = place_zombie(s, "crawler", "start-east")  # bat x3
    dice(s, 0, "BBBGs")
    assert A.COMMITS[z][1] in s.legal_actions(0), "ZC-23: a bat fights"
    assert A.COMMITS[z][0] not in s.legal_actions(0), "no fist is showing"


def test_a_search_needs_the_icons_printed_on_the_building() -> None:
    s = fresh()
    lay(s, "gas-station-1", -2, 0, 3)
    g = sec("gas-station-1")
    printed = sorted(i.value for i in CONTENT.sections[g].search)
    assert printed == ["fist", "fist", "fist"], "the gas station of Logan's example"
    s.tiles[g] = ITEM_INDEX["crowbar"]
    s.pos[0] = g
    dice(s, 0, "FFBGG")
    assert A.SEARCH not in s.legal_actions(0), "ZC-20: two fists and a bat are not enough"
    dice(s, 0, "FFFGG")
    assert A.SEARCH in s.legal_actions(0), "ZC-20: the three printed fists are"


def test_pile_icons_spawn_only_on_pile_spots() -> None:
    s = fresh()
    lay(s, "crossroads-1", -2, 0, 3)  # one pile spot
    lay(s, "junction-1", 2, 0, 1)
    assert CONTENT.section("crossroads-1").piles == 1
    assert CONTENT.section("junction-1").piles == 0
    s.pos[0] = sec("start-west")
    dice(s, 0, "GGsss")
    top_section(s, "gas-station-1")
    top_card(s, "zc-18")  # the pile card of Logan's scenario
    s.apply(0, A.REVEALS[Edge.N])
    assert len(s.zombies_on(sec("crossroads-1"))) == 1, "ZC-19: a pile spot spawns"
    assert not s.zombies_on(sec("junction-1")), "ZC-19: a section without one does not"
    assert not s.zombies_on(CHURCH)


def _vertigo_roll(seed: int) -> tuple[str, str]:
    s = fresh(seed=seed, scenario=5)
    s.bites[0] = [A.BITE_IDS.index("vertigo")]
    dice(s, 0, "sssss")
    before = shown(s, 0)
    s.apply(0, A.ROLLS[0b11111 - 1])  # masks start at 1
    return before, shown(s, 0)


def test_vertigo_loses_a_die_on_a_wild_roll_only() -> None:
    assert CONTENT.bite("vertigo").handicap is Handicap.LOSE_ON_PANICS
    limit = CONTENT.bite("vertigo").amount
    wild = calm = 0
    for seed in range(400):
        _, after = _vertigo_roll(seed)
        panics, lost = after.count("P"), after.count("x")
        if lost:
            wild += 1
            assert lost == 1 and panics + 1 >= limit, "ZC-105: one of the panics falls off"
        else:
            calm += 1
            assert panics < limit, "ZC-105: a calm roll keeps every die"
    assert wild and calm


def test_silence_changes_no_rule_of_the_dice() -> None:
    s = fresh(scenario=5)
    t = fresh(scenario=5)
    s.bites[0] = [A.BITE_IDS.index("silence")]
    for st in (s, t):
        dice(st, 0, "GGFBC")
    assert CONTENT.bite("silence").handicap is Handicap.MUTE
    assert s.legal_actions(0) == t.legal_actions(0), (
        "ZC-104: silence is kept by the players, not by the dice")
    assert s.view(1)["players"][0]["bites"] == ["silence"], (
        "ZC-104: every table shows who is silenced")
