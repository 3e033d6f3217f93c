"""Zombie City rules, one checklist item (ZC-n) at a time, from constructed states."""

from __future__ import annotations

import random

import pytest

from getaway.core.errors import IllegalAction
from getaway.core.rollout import rollout
from getaway.games.zombie_city import GAME
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.content import CONTENT, Edge, Stack
from getaway.games.zombie_city.state import ZombieCityState
from getaway.games.zombie_city.tables import AT_CHURCH, CHURCH, EXIT, IN_BAG, ITEM_INDEX
from tests.games.zombie_city.build import (
    card,
    dice,
    fresh,
    lay,
    place_zombie,
    sec,
    shown,
    top_card,
    top_section,
)

# -- set-up ------------------------------------------------------------------------


def test_setup_everyone_on_the_church_with_unrolled_dice() -> None:
    s = fresh(3)
    assert s.pos == [CHURCH] * 3, "ZC-8, ZC-14"
    assert all(shown(s, p) == "sssss" for p in range(3)), "ZC-4: five dice each, not yet rolled"
    assert s.legal_actions(0) == tuple(A.ROLLS), "the first thing anyone does is roll"
    assert all(loc == IN_BAG for loc in s.zloc), "ZC-13"
    assert s.van == -1 and s.phase == 1, "ZC-15"


def test_pile_a_lies_on_pile_b_and_the_exit_is_in_b() -> None:
    s = fresh()
    letters = [CONTENT.sections[i].stack for i in reversed(s.street_pile)]
    assert letters == sorted(letters, key=lambda x: x is Stack.B), "ZC-9"
    assert list(reversed(s.street_pile)).index(EXIT) >= 10, "ZC-10"


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_the_deck_holds_only_the_scenarios_cards(scenario: int) -> None:
    s = fresh(scenario=scenario)
    assert sorted(s.deck) == [i for i, c in enumerate(CONTENT.cards) if scenario in c.scenarios]
    assert all(scenario in CONTENT.cards[i].scenarios for i in s.deck), "ZC-11, ZC-96"


def test_item_stacks_sorted_by_back() -> None:
    s = fresh()
    for b, stack in s.stacks.items():
        assert len(stack) == 6 and {CONTENT.items[i].building.value for i in stack} == {b}, "ZC-12"


@pytest.mark.parametrize(("difficulty", "players", "need", "limit"),
                         [("standard", 2, 5, 3), ("advanced", 3, 7, 2), ("expert", 4, 9, 1)])
def test_difficulty_sets_cargo_need_and_church_limit(difficulty: str, players: int, need: int,
                                                     limit: int) -> None:
    s = fresh(players, difficulty=difficulty)
    assert (s.need, s.church_limit) == (need, limit), "ZC-41, ZC-97, ZC-98"


# -- dice ----------------------------------------------------------------------------


def test_blocked_dice_are_never_rerolled() -> None:
    s = fresh()
    dice(s, 0, "PPGsF")
    masks = {a.mask for a in s.legal_actions(0) if isinstance(a, A.Roll)}
    assert masks and all(m & 0b00011 == 0 for m in masks), "ZC-24, ZC-48"
    assert 0b11100 in masks, "ZC-47: kept and spent dice may be rerolled"


def test_one_roll_pays_for_several_actions_each_face_once() -> None:
    s = fresh()
    dice(s, 0, "GGGFC")
    s.apply(0, A.ENTERS[sec("start-west")])  # getaway + fist
    assert shown(s, 0) == "sGGsC", "ZC-44, ZC-45: the spent dice must be rerolled"
    assert A.REVEALS[Edge.N] in s.legal_actions(0), "ZC-46: kept getaways pay later"


def test_caution_frees_two_of_my_blocked_dice() -> None:
    s = fresh()
    dice(s, 0, "PPPCG")
    s.apply(0, A.CAUTION_SELF)
    assert shown(s, 0) == "sssPG" or shown(s, 0).count("P") == 1, "ZC-25, ZC-33"
    assert shown(s, 0).count("s") == 3, "the caution die itself is spent too"


def test_caution_helps_one_other_survivor_on_the_same_section() -> None:
    s = fresh(3)
    dice(s, 0, "CGGGG")
    dice(s, 1, "PPPGG")
    dice(s, 2, "PPGGG")
    s.pos[2] = sec("start-west")
    legal = s.legal_actions(0)
    assert A.CAUTION_HELPS[1] in legal and A.CAUTION_HELPS[2] not in legal, "ZC-26, ZC-29"
    s.apply(0, A.CAUTION_HELPS[1])
    assert shown(s, 1).count("P") == 1 and shown(s, 0).count("C") == 0, "ZC-27, ZC-28"


def test_zombies_stop_cautions_but_not_rerolling_the_caution() -> None:
    s = fresh()
    s.pos = [sec("start-west")] * 2
    dice(s, 0, "CPPGG")
    dice(s, 1, "PPGGG")
    place_zombie(s, "walker", "start-west")
    legal = s.legal_actions(0)
    assert A.CAUTION_SELF not in legal and A.CAUTION_HELPS[1] not in legal, "ZC-30"
    assert A.ROLLS[0b00001 - 1] in legal, "ZC-31"
    s.zloc = [IN_BAG] * len(s.zloc)
    s._cache = None
    assert A.CAUTION_SELF in s.legal_actions(0), "ZC-32"


# -- entering and revealing -----------------------------------------------------------


def test_enter_only_joined_sections_paying_their_icons() -> None:
    s = fresh()
    dice(s, 0, "GFGBs")
    enters = {a.section for a in s.legal_actions(0) if isinstance(a, A.Enter)}
    assert enters == {sec("start-west"), sec("start-east")}, "ZC-49, ZC-50"
    dice(s, 0, "GGsss")
    assert not any(isinstance(a, A.Enter) for a in s.legal_actions(0)), "ZC-18"


def test_reveal_needs_an_open_street_and_two_getaways() -> None:
    s = fresh()
    dice(s, 0, "GGsss")
    assert not any(isinstance(a, A.Reveal) for a in s.legal_actions(0)), "ZC-51: church"
    s.pos[0] = sec("start-west")
    dice(s, 0, "GFsss")
    assert not any(isinstance(a, A.Reveal) for a in s.legal_actions(0)), "ZC-52"
    dice(s, 0, "GGsss")
    edges = {a.edge for a in s.legal_actions(0) if isinstance(a, A.Reveal)}
    assert edges == {"N", "S", "W"}, "ZC-17, ZC-51, ZC-22"


def test_reveal_lays_the_section_with_its_skull_against_the_street() -> None:
    s = fresh()
    s.pos[0] = sec("start-west")
    dice(s, 0, "GGsss")
    top_section(s, "junction-1")
    top_card(s, "zc-01")
    s.apply(0, A.REVEALS[Edge.W])
    j = sec("junction-1")
    assert s.placed[j][:2] == (-2, 0), "ZC-53"
    assert CONTENT.sections[j].skull_at(s.placed[j][2]) is Edge.E, "ZC-53, ZC-16"
    assert s.pos[0] == sec("start-west"), "ZC-54"
    assert s.zombies_on(j) and len(s.zombies_on(j)) == 1, "ZC-56, ZC-57"


def test_spawn_two_and_moves_along_skulls_to_the_church() -> None:
    s = fresh()
    s.pos[0] = sec("start-west")
    dice(s, 0, "GGsss")
    top_section(s, "junction-1")
    green = place_zombie(s, "walker", "start-east")
    top_card(s, "zc-24")  # spawn two, move green 1
    s.apply(0, A.REVEALS[Edge.W])
    assert len(s.zombies_on(sec("junction-1"))) >= 1, "ZC-58"
    assert s.zloc[green] == AT_CHURCH and s.at_church == 1, "ZC-59, ZC-60, ZC-37"


def test_the_churchs_limit_loses_the_game() -> None:
    s = fresh(difficulty="advanced")
    s.pos[0] = sec("start-west")
    dice(s, 0, "GGsss")
    place_zombie(s, "walker", "start-east", 0)
    place_zombie(s, "walker", "start-west", 1)
    top_card(s, "zc-10")  # spawn one, move green 1
    s.apply(0, A.REVEALS[Edge.N])
    assert s.is_over() and s.outcome().reason == "church", "ZC-38, ZC-94, ZC-98"  # type: ignore[union-attr]


def test_pile_icon_spawns_at_every_pile_spot() -> None:
    s = fresh()
    lay(s, "crossroads-1", -2, 0, 3)
    lay(s, "junction-2", 2, 0, 1)
    s.pos[0] = sec("start-west")
    dice(s, 0, "GGsss")
    top_section(s, "gas-station-1")
    top_card(s, "zc-18")
    s.apply(0, A.REVEALS[Edge.N])
    piles = [i for i in s.placed if CONTENT.sections[i].piles]
    assert piles and all(len(s.zombies_on(i)) == CONTENT.sections[i].piles for i in piles), "ZC-61"


def test_move_two_stops_at_the_church() -> None:
    s = fresh(scenario=2)
    lay(s, "crossroads-1", -2, 0, 3)
    far = place_zombie(s, "walker", "crossroads-1")
    s.pos[0] = sec("start-east")
    dice(s, 0, "GGsss")
    top_card(s, "zc-30")  # move green 2
    s.apply(0, A.REVEALS[Edge.N])
    assert s.zloc[far] == AT_CHURCH, "ZC-59: two sections along the skulls"


# -- items ---------------------------------------------------------------------------


def test_search_take_one_item_and_deposit_at_the_church() -> None:
    s = fresh()
    lay(s, "gas-station-1", -2, 0, 3)
    g = sec("gas-station-1")
    s.tiles[g] = ITEM_INDEX["crowbar"]
    s.pos[0] = g
    dice(s, 0, "FFFGG")
    assert A.SEARCH in s.legal_actions(0), "ZC-62"
    s.apply(0, A.SEARCH)
    assert s.held[0] == ITEM_INDEX["crowbar"] and g not in s.tiles, "ZC-62, ZC-64"
    s.tiles[g] = ITEM_INDEX["fuel-can"]
    dice(s, 0, "FFFGG")
    assert A.SEARCH not in s.legal_actions(0), "ZC-63"
    s.pos[0] = CHURCH
    s._cache = None
    s.apply(0, A.DEPOSIT)
    assert s.cargo[ITEM_INDEX["crowbar"]] and s.held[0] == -1, "ZC-65"


def test_duplicates_are_thrown_away_or_reroll_the_panics() -> None:
    s = fresh()
    s.cargo[ITEM_INDEX["crowbar"]] = True
    s.held = [ITEM_INDEX["crowbar"], ITEM_INDEX["crowbar"]]
    dice(s, 0, "PPPGG")
    legal = s.legal_actions(0)
    assert A.DEPOSIT not in legal, "ZC-66"
    assert A.DISCARD in legal and A.USE_ITEM in legal, "ZC-67, ZC-68"
    s.apply(0, A.USE_ITEM)
    assert s.held[0] == -1 and shown(s, 0)[3:] == "GG", "ZC-68"
    s.apply(1, A.DISCARD)
    assert s.held[1] == -1, "ZC-67"


def test_the_pause_restocks_searched_buildings_and_brings_everyone_home() -> None:
    s = fresh()
    lay(s, "gas-station-1", -2, 0, 3)
    s.pos[1] = sec("gas-station-1")
    s.advance(300.0)
    assert s.paused and s.to_act() == (), "ZC-87"
    with pytest.raises(IllegalAction, match="nobody may act until the clock runs on"):
        s.apply(0, A.ROLLS[0])
    assert s.pos[1] == CHURCH, "ZC-88"
    assert sec("gas-station-1") in s.tiles, "ZC-89"
    assert shown(s, 1).count("x") == 1 and "x" not in shown(s, 0), "ZC-86"
    s.advance(20.0)
    assert not s.paused and s.to_act() == (0, 1), "ZC-90"


# -- rescue, fights ---------------------------------------------------------------------


def test_rescue_only_when_every_die_shows_panic() -> None:
    s = fresh()
    dice(s, 0, "PPPPG")
    assert A.RESCUE not in s.legal_actions(0), "ZC-69"
    dice(s, 0, "PPPPx")
    assert A.RESCUE in s.legal_actions(0), "ZC-69"


def test_rescue_in_town_applies_moves() -> None:
    s = fresh()
    s.pos[0] = sec("start-west")
    green = place_zombie(s, "walker", "start-east")
    dice(s, 0, "PPPPP")
    top_card(s, "zc-10")  # spawn one, move green 1
    s.apply(0, A.RESCUE)
    assert s.zloc[green] == AT_CHURCH, "ZC-72"
    assert len(s.zombies_on(sec("start-west"))) == 1, "ZC-71"
    assert "P" not in shown(s, 0) or shown(s, 0).count("s") == 0, "ZC-73: all rerolled"


def test_a_zombie_needs_its_icons_from_its_own_section() -> None:
    s = fresh()
    s.pos = [sec("start-west"), CHURCH]
    z = place_zombie(s, "walker", "start-west")
    dice(s, 0, "FFBGG")
    dice(s, 1, "FFFFF")
    assert not any(isinstance(a, A.Commit) for a in s.legal_actions(1)), "ZC-34"
    assert A.COMMITS[z][1] not in s.legal_actions(0), "a walker takes no bat"
    s.apply(0, A.COMMITS[z][0])
    s.apply(0, A.COMMITS[z][0])
    assert s.zloc[z] == sec("start-west") and s.zhit[z] == (2, 0)
    dice(s, 0, "FGGGG")
    s.apply(0, A.COMMITS[z][0])
    assert s.zloc[z] == IN_BAG, "ZC-36"


# -- the clock -----------------------------------------------------------------------------


def test_timeline_wakes_at_every_countdown_mark() -> None:
    s = fresh()
    assert s.wake_in() == 262.0
    s.advance(262.0)
    assert s.countdown == 1, "ZC-84, ZC-85"
    assert s.wake_in() == 38.0
    s.advance(38.0 + 20.0 + 262.0)
    assert s.countdown == 2
    s.advance(38.0 + 20.0 + 262.0 + 38.0)
    assert s.is_over() and s.outcome().reason == "time", "ZC-92, ZC-95"  # type: ignore[union-attr]


def test_every_action_takes_time_for_the_acting_seat() -> None:
    s = fresh()
    assert s.action_seconds(0, A.ROLLS[0]) == 2.5
    assert s.action_seconds(0, A.REVEALS[Edge.N]) == 7.0, "laying the section and its card"
    assert all(s.action_seconds(0, a) > 0 for a in A.SPACE)


def test_van_away_at_the_second_countdown_costs_everyone_a_die() -> None:
    s = fresh()
    s.phase, s.van = 2, sec("start-west")
    s.advance(620.0)
    assert all(shown(s, p).count("x") == 1 for p in range(2)), "ZC-91"


def test_van_on_the_church_at_the_second_countdown_costs_nothing() -> None:
    s = fresh()
    s.phase, s.van = 2, CHURCH
    s.advance(620.0)
    assert all("x" not in shown(s, p) for p in range(2)), "ZC-91"


# -- bites ------------------------------------------------------------------------------------


def test_paralysis_locks_a_die_until_shed() -> None:
    s = fresh(scenario=2)
    s.pos[0] = sec("start-west")
    dice(s, 0, "GGCCs")
    top_card(s, "zc-44")
    s.apply(0, A.REVEALS[Edge.N])
    assert s.bites[0] == [0] and "l" in shown(s, 0), "ZC-100, ZC-102"
    assert card("zc-44") not in s.used_cards, "the card stays with the bitten player"
    s.apply(0, A.SHEDS[0])
    assert s.bites[0] == [] and "l" not in shown(s, 0), "ZC-101"


def test_roll_limits_of_broken_arm_and_sneak() -> None:
    s = fresh()
    s.bites[0] = [A.BITE_IDS.index("sneak")]
    masks = [a.mask for a in s.legal_actions(0) if isinstance(a, A.Roll)]
    assert sorted(masks) == [1, 2, 4, 8, 16], "ZC-107"
    s.bites[0] = [A.BITE_IDS.index("broken_arm")]
    s._cache = None
    rolls = [a for a in s.legal_actions(0) if isinstance(a, A.Roll)]
    assert max(bin(a.mask).count("1") for a in rolls) == 3, "ZC-103: broken arm"


def test_unresting_rerolls_every_unspent_die() -> None:
    s = fresh()
    s.bites[0] = [A.BITE_IDS.index("unresting")]
    dice(s, 0, "GGPFs")
    assert [a.mask for a in s.legal_actions(0) if isinstance(a, A.Roll)] == [0b11011], "ZC-106"


# -- protocol details --------------------------------------------------------------------------


def test_views_never_show_pile_stack_or_deck_order() -> None:
    s = fresh()
    text = str(s.view(0))
    assert "deck" in text and str(s.deck[-1]) not in str(s.view(0)["zombie_deck"])
    assert s.view(0)["street_pile"] == len(s.street_pile)
    assert isinstance(s.view(0)["item_stacks"]["gas_station"], int)


def test_determinize_keeps_the_view() -> None:
    s = fresh()
    rollout(s, random.Random(3), depth=60)
    d = s.determinize(0, random.Random(9))
    assert d.view(0) == s.view(0)
    assert sorted(d.deck) == sorted(s.deck)


def test_illegal_action_raises() -> None:
    s = fresh()
    with pytest.raises(IllegalAction):
        s.apply(0, A.RESCUE)


def test_random_games_end_within_max_decisions() -> None:
    for seed in range(5):
        s = GAME.start(4, seed=seed)
        assert isinstance(s, ZombieCityState)
        n = rollout(s, random.Random(seed))
        assert s.is_over() and n < GAME.max_decisions
        assert len(s.observation(0)) == GAME.observation_size
        assert all(0.0 <= x <= 1.0 for x in s.observation(1))


def test_progress_grows_with_the_cargo_bay_and_the_exit() -> None:
    s = fresh()
    base = s.progress(0)
    s.cargo[0] = True
    assert s.progress(0) > base
    s.exit_revealed = True
    assert 0.0 <= s.progress(0) <= 1.0


def test_face_down_tiles_show_no_kind() -> None:
    s = fresh()
    lay(s, "gas-station-1", -2, 0, 3)
    s.tiles[sec("gas-station-1")] = ITEM_INDEX["crowbar"]
    assert "crowbar" not in str(s.view(None)), "a face-down tile is only a back"


def test_the_heuristic_beats_random() -> None:
    from getaway.core.agent import Agent
    from getaway.games.zombie_city.heuristic import HeuristicAgent

    def wins(policy: Agent | None) -> int:
        won = 0
        for seed in range(12):
            s = GAME.start(4, seed=seed)
            rollout(s, random.Random(seed), policy=policy)
            won += bool(s.outcome().winners)  # type: ignore[union-attr]
        return won

    assert wins(HeuristicAgent()) > wins(None) == 0


def test_a_seat_without_dice_counts_as_on_the_church() -> None:
    s = fresh()
    lay(s, "exit", -2, 0, 3)
    s.exit_revealed = True
    for i in range(5):
        s.cargo[i] = True
    s.pos[1] = sec("start-west")
    dice(s, 1, "xxxxx")
    s.held[0] = 5
    dice(s, 0, "sssss")
    s.apply(0, A.DEPOSIT)
    assert s.phase == 2, "ZC-GAP-18: a seat with no dice is carried"


def test_assets_are_static_and_json() -> None:
    import json

    data = GAME.assets()
    assert len(data["sections"]) == 23 and data["timeline"][-1] == [940.0, "end3"]
    json.dumps(data)


def test_everyone_acts_at_once_from_the_start() -> None:
    assert fresh(4).to_act() == (0, 1, 2, 3), "ZC-39"


def test_only_special_buildings_get_item_tiles() -> None:
    s = fresh()
    s.pos[0] = sec("start-west")
    dice(s, 0, "GGsss")
    top_section(s, "junction-1")
    top_card(s, "zc-01")
    s.apply(0, A.REVEALS[Edge.W])
    assert sec("junction-1") not in s.tiles, "ZC-42"


def test_in_the_van_everyone_shares_a_section() -> None:
    s = fresh(3)
    s.phase, s.van = 2, sec("start-west")
    s.pos = [CHURCH, sec("start-east"), CHURCH]
    dice(s, 0, "CGGGG")
    dice(s, 1, "PPGGG")
    assert A.CAUTION_HELPS[1] in s.legal_actions(0), "ZC-75"
    assert not any(isinstance(a, (A.Enter, A.Reveal)) for a in s.legal_actions(0)), "ZC-76"


def test_a_van_rescue_still_spawns_at_every_pile() -> None:
    s = fresh(scenario=2)
    lay(s, "crossroads-1", -2, 0, 3)
    s.phase, s.van = 2, CHURCH
    dice(s, 0, "PPPPP")
    top_card(s, "zc-27")  # spawn one, pile
    s.apply(0, A.RESCUE)
    assert len(s.zombies_on(sec("crossroads-1"))) == 1, "ZC-82"
    assert len(s.zombies_on(CHURCH)) == 1, "ZC-80"


def test_scenario_and_difficulty_are_independent() -> None:
    s = fresh(3, scenario=4, difficulty="expert")
    assert (s.scenario, s.need, s.church_limit) == (4, 8, 1), "ZC-99"


def test_a_walking_zombie_is_told_in_the_events() -> None:
    s = fresh()
    lay(s, "crossroads-1", -2, 0, 3)
    z = place_zombie(s, "walker", "crossroads-1")
    s.pos[0] = sec("start-east")
    dice(s, 0, "GGsss")
    card_id = next(c.id for c in CONTENT.cards if 1 in c.scenarios and any(
        i.kind.value == "move" and i.colour is not None and i.colour.value == "green"
        and i.steps == 1 for i in c.icons))
    top_card(s, card_id)
    events = s.apply(0, A.REVEALS[Edge.N])
    walks = [e for e in events if e.kind == "zombie_walks"]
    assert s.zloc[z] == sec("start-west"), "ZC-59: one section along the skull"
    assert [(w.data["zombie"], w.data["from"], w.data["to"]) for w in walks] == [
        (z, "crossroads-1", "start-west")]
