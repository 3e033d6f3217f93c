"""The rulebook's worked examples (E-1..E-21), each from a constructed state.

Seats with the default Heroes: Snake 0, Maggie 1, Brain 2, Cabbie 3.
"""

from __future__ import annotations

from getaway.games.new_york import actions as A
from getaway.games.new_york.combat import enemy_damage
from getaway.games.new_york.effects_world import nothing_here
from getaway.games.new_york.events import DrawEvent
from getaway.games.new_york.moves import RevealFrame
from getaway.games.new_york.state import CAR_HERO, CAR_NY, HOME
from getaway.games.new_york.tables import (
    BASIC,
    CASE0,
    CASE_IDS,
    DUKE,
    NY_INDEX,
    OBJECTIVE_INDEX,
    POI_SPACES,
    PRESIDENT,
    SPACE_IDS,
    SUBURB_PILE,
    TAPE_CODE,
)
from tests.games.new_york.build import (
    BRAIN,
    CABBIE,
    MAGGIE,
    SNAKE,
    act,
    at,
    boss,
    car,
    card,
    fresh,
    hand,
    item,
    kinds,
    lay,
    poi,
    prisoner,
    sp,
    start,
    top_event,
    top_frame,
    top_ny,
    top_timer,
)


def test_e1_an_empty_hand_forces_a_timer_tile_that_reveals_a_poi() -> None:
    s = fresh()
    hand(s, SNAKE, [], discards=[])
    s.disc[SNAKE] = list(BASIC[0])
    top_timer(s, "search-the-ruins")
    poi(s, "c11r3", "nothing-here")
    start(s, SNAKE)
    assert A.DONE not in s.legal_actions(SNAKE), "E-1 NY-27: 0 cards force the Timer tile"
    act(s, A.REVEAL_TIMER)
    assert sorted(s.hand[SNAKE]) == sorted(BASIC[0]), "E-1 NY-29: every discard comes back"
    assert top_frame(s) == "RevealPoiFrame", "E-1 NY-31: then the tile is resolved"
    act(s, A.REVEAL_POI[sp("c11r3")])
    assert s.up >> sp("c11r3") & 1, "E-1: the POI of his choice is face up"


def test_e2_both_cards_are_committed_before_either_resolves() -> None:
    s = fresh()
    start(s, SNAKE, step=2)
    assert "reveal_card" not in kinds(s), "E-2 NY-34"
    act(s, A.PLAY[card("snake-keep-low")])
    assert top_frame(s) == "ChooseCards" and "reveal_card" not in kinds(s), "E-2 NY-33"
    act(s, A.PLAY[card("snake-scout-ahead")])
    assert top_frame(s) == "ResolveStep", "E-2 NY-35: now one is revealed"
    assert len(s.hand[SNAKE]) == 5 and len(s.played) == 2, "E-2 NY-33: exactly 2 cards"


def test_e3_ill_cut_you_kills_the_one_prisoner_and_the_rest_is_lost() -> None:
    s = fresh()
    p = prisoner(s, "c8r3")
    s.played = [card("maggie-ill-cut-you"), card("maggie-take-cover")]
    s.hand[MAGGIE] = [c for c in s.hand[MAGGIE] if c not in s.played]
    start(s, MAGGIE, step=3)
    act(s, A.REVEAL[card("maggie-ill-cut-you")])
    assert top_frame(s) == "DamageFrame"
    act(s, A.HIT[p])
    assert s.ppos[p] == -1, "E-3 NY-108: 1 damage kills a Prisoner"
    assert top_frame(s) == "ResolveStep", "E-3 NY-39: the other damage is lost, the card done"


def test_e4_brain_drives_one_space_and_reveals_top_left() -> None:
    s = fresh()
    c = car(s, "c8r3", driven=False)
    s.cst[c - 40] = CAR_HERO
    s.car[BRAIN] = c - 40
    start(s, BRAIN, step=5)
    assert A.CAR_MOVE in s.legal_actions(BRAIN), "E-4 NY-43: no Enemy here, the Car may move"
    act(s, A.CAR_MOVE)
    assert top_frame(s) == "CarryOffer", "NY-45: a driver may take a Hero along"
    act(s, A.DONE)
    act(s, A.MOVE[sp("c8r2")])
    assert s.hpos[BRAIN] == sp("c8r2")
    assert top_frame(s) == "RevealFrame", "E-4: one space moved, then a reveal"
    before = len(s.city)
    act(s, A.REVEAL_SPACE[sp("c7r1")])
    assert s.up >> sp("c7r1") & 1 and len(s.city) == before - 1, "E-4 NY-98"


def test_e4_no_car_move_with_an_enemy_in_the_space() -> None:
    s = fresh()
    s.car[BRAIN] = 0
    s.cst[0] = CAR_HERO
    prisoner(s, "c8r3")
    start(s, BRAIN, step=5, frame=None)
    assert A.CAR_MOVE not in s.legal_actions(BRAIN), \
        "E-4 NY-44: an Enemy in the space forbids the Car move"


def test_e5_clean_shot_and_hurry_up_make_four_noise() -> None:
    s = fresh()
    s.noise = 0
    s.played = [card("maggie-clean-shot"), card("maggie-hurry-up")]
    start(s, MAGGIE, step=3)
    act(s, A.REVEAL[card("maggie-clean-shot")])
    assert s.noise == 0, "E-5 NY-47: Noise waits for step 6"
    act(s, A.REVEAL[card("maggie-hurry-up")])
    act(s, A.MOVE[sp("c8r2")])
    act(s, A.DONE)
    assert top_frame(s) == "RevealFrame", "NY-97: a reveal after the move"
    act(s, A.DONE)
    assert top_frame(s) == "CarStep" and s.noise == 0, "step 5: the Magnum could still fire"
    events = act(s, A.DONE)
    made = [e for e in events if e.kind == "make_noise"]
    assert made and made[0].data["noise"] == 4, "E-5 NY-46: 3 + 1 Noise"
    assert not s.played and not s.shown, "NY-48: both cards are discarded"
    assert card("maggie-clean-shot") in s.disc[MAGGIE], "NY-48"


def test_e6_brain_takes_four_damage() -> None:
    s = fresh()
    at(s, BRAIN, "c8r3")
    prisoner(s, "c8r3")
    prisoner(s, "c8r3")
    boss(s, "romero", "c8r2")
    prisoner(s, "c9r2")
    boss(s, "duke", "c8r4")
    from tests.games.new_york.build import roadblock

    roadblock(s, "c8r3", "S")
    s.cur = BRAIN
    assert enemy_damage(s) == 4, "E-6 NY-49 NY-50 NY-51: 2 + Romero 2, not the far Prisoner " \
                                 "nor the Duke behind the Roadblock"
    start(s, BRAIN, step=7)
    assert len(s.hand[BRAIN]) == 3 and len(s.disc[BRAIN]) == 4, "E-6 NY-52: 4 random discards"


def test_e7_cabbie_pays_an_item_levels_up_and_flips_level_3() -> None:
    s = fresh()
    s.level[CABBIE] = 1
    bar = s.bars[CABBIE][1]
    from getaway.games.new_york.tables import BAR_ITEMS, BAR_PRISONERS

    s.barp[CABBIE] = BAR_PRISONERS[bar]
    s.bari[CABBIE] = BAR_ITEMS[bar] - 1
    s.supply[CABBIE] = [item("painkillers")]
    start(s, CABBIE, step=8)
    assert top_frame(s) == "LevelStep"
    act(s, A.PAY_LEVEL[item("painkillers")])
    assert s.bari[CABBIE] == BAR_ITEMS[bar] and not s.supply[CABBIE], "E-7 NY-161"
    act(s, A.DONE)
    assert s.level[CABBIE] == 2, "E-7 NY-57: the bar is complete, Cabbie levels up"
    assert top_frame(s) == "SpecialFrame", "E-7 NY-163: a Special Action card"
    special = s.legal_actions(CABBIE)[0]
    act(s, special)
    assert card(special.card) in s.hand[CABBIE], "E-7 NY-162: into the hand"
    assert top_frame(s) == "SwapFrame", "NY-163: then an objective swap"
    assert s.barp[CABBIE] == 0 and s.bari[CABBIE] == 0, "NY-58: the bar's pieces go home"


def test_e8_pull_from_the_bottom_and_top_left() -> None:
    s = fresh()
    south = prisoner(s, "c8r4")
    north_west = prisoner(s, "c7r2")
    north_east = prisoner(s, "c9r2")
    top_ny(s, "close-in-1")  # pulls S and NW
    start(s, SNAKE, step=12)
    assert s.ppos[south] == sp("c8r3") and s.ppos[north_west] == sp("c8r3"), "E-8 NY-68"
    assert s.ppos[north_east] == sp("c9r2"), "E-8 NY-68: other neighbours stay"


def test_e9_three_heroes_cross_bridge_3_and_cabbie_loses() -> None:
    s = fresh()
    lay(s, "c12r5", "city-23")
    for h in (SNAKE, MAGGIE, BRAIN):
        at(s, h, "c12r5")
    s.supply[SNAKE] = [PRESIDENT, TAPE_CODE]
    s.pres, s.pres_found = SNAKE, True
    s.played = [card("snake-keep-low"), card("snake-quiet-kill")]
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-keep-low")])
    assert A.CROSS[3] in s.legal_actions(SNAKE), "NY-77: a movement action onto the bridge"
    act(s, A.CROSS[3])
    assert set(s.to_act()) == {SNAKE, MAGGIE, BRAIN}, "E-9: every Hero in the space decides"
    for h in (SNAKE, MAGGIE, BRAIN):
        act(s, A.SHOW, seat=h)
    out = s.outcome()
    assert out is not None and out.winners == (SNAKE, MAGGIE, BRAIN), \
        "E-9 NY-76 NY-78: Maggie wins with no card; NY-79: Cabbie loses"
    assert out.reason == "collective_victory"


def test_e10_maggie_escapes_alone_on_a_raft() -> None:
    s = fresh()
    lay(s, "c7r1", "city-25")
    at(s, MAGGIE, "c7r1")
    s.rafts |= 1 << sp("c7r1")
    s.level[MAGGIE] = 3
    s.objs[MAGGIE] = [OBJECTIVE_INDEX["blue-raft-1"], OBJECTIVE_INDEX["purple-fake-tape"]]
    s.supply[MAGGIE] = [CASE0 + CASE_IDS.index("fake-tape")]
    s.supply[CABBIE] = [PRESIDENT]
    s.pres, s.pres_found = CABBIE, True
    start(s, MAGGIE)
    assert A.CLAIM_LONE in s.legal_actions(MAGGIE), "E-10 NY-83..86"
    act(s, A.CLAIM_LONE)
    out = s.outcome()
    assert out is not None and out.winners == (MAGGIE,), "E-10 NY-87: only Maggie wins"


def test_e11_spiked_club_and_ill_cut_you_deal_six_to_slag() -> None:
    s = fresh()
    slag = boss(s, "slag", "c8r3")
    s.supply[MAGGIE] = [item("spiked-club")]
    s.played = [card("maggie-ill-cut-you"), card("maggie-take-cover")]
    start(s, MAGGIE, step=3)
    act(s, A.USE_ITEM[item("spiked-club")])
    act(s, A.REVEAL[card("maggie-ill-cut-you")])
    for _ in range(6):
        act(s, A.HIT[slag])
    assert s.bhp[slag - 44] == 2, "E-11 NY-112 NY-245: 2 + 4 damage stays on Slag (8 HP)"
    assert s.bpos[slag - 44] == sp("c8r3"), "E-11: Slag lives on"


def test_e12_stony_poker_face_tricks_three_enemies_three_ways() -> None:
    s = fresh()
    p1 = prisoner(s, "c8r3")
    p2 = prisoner(s, "c8r3")
    romero = boss(s, "romero", "c8r3")
    s.played = [card("brain-stony-poker-face"), card("brain-pipe-wrench")]
    start(s, BRAIN, step=3)
    act(s, A.REVEAL[card("brain-stony-poker-face")])
    offered = {a.enemy for a in s.legal_actions(BRAIN)}
    assert offered == {"p1", "romero"} or offered == {f"p{p1 + 1}", "romero"}, \
        "identical Prisoners are one choice"
    act(s, A.TRICK[p1][0])
    act(s, A.TRICK[p2][1])
    act(s, A.TRICK[romero][2])
    spaces = {s.ppos[p1], s.ppos[p2], s.bpos[romero - 44]}
    assert spaces == {sp("c8r2"), sp("c9r2"), sp("c9r3")}, "E-12 NY-114 NY-115"
    assert all(s.tricked >> e & 1 for e in (p1, p2, romero)), "E-12 NY-116 NY-117"
    assert top_frame(s) == "ResolveStep", "every Enemy in range was tricked"


def test_e13_maggie_discards_her_older_case_into_space_2() -> None:
    s = fresh()
    at(s, MAGGIE, "c8r3")
    codes = CASE0 + CASE_IDS.index("nuclear-codes")
    tape = CASE_IDS.index("tape")
    s.slot = [CASE_IDS.index("bracelet"), -1, -1, tape]
    s.token = [HOME, HOME, HOME, sp("c8r3")]
    s.supply[MAGGIE] = [codes, item("painkillers"), item("binoculars")]
    start(s, MAGGIE)
    act(s, A.COLLECT_CASE[3])
    assert TAPE_CODE in s.supply[MAGGIE] and s.token[3] == HOME, "E-13 NY-120 NY-121"
    assert top_frame(s) == "OverLimit", "E-13 NY-122: 4 cards force a discard"
    legal = s.legal_actions(MAGGIE)
    assert A.DISCARD_CASE[CASE_IDS.index("nuclear-codes")][1] in legal, "E-13: slot 2 is free"
    assert A.DISCARD_CASE[CASE_IDS.index("nuclear-codes")][2] in legal, "E-13: slot 3 too"
    assert A.DISCARD_CASE[CASE_IDS.index("nuclear-codes")][0] not in legal, "NY-124"
    act(s, A.DISCARD_CASE[CASE_IDS.index("nuclear-codes")][1])
    assert s.slot[1] == CASE_IDS.index("nuclear-codes"), "E-13 NY-124"
    assert s.token[1] == sp("c8r3") and len(s.supply[MAGGIE]) == 3, "E-13 NY-124"


def test_e14_cabbie_rescues_the_president() -> None:
    s = fresh()
    camp = "c11r3"
    poi(s, camp, "duke-camp")
    others = [p for p in POI_SPACES if p != sp(camp)]
    poi(s, SPACE_IDS[others[0]], "romero-hideout")
    s.up |= 1 << others[0] | 1 << others[1] | 1 << sp(camp)
    for space, tile in (("c11r2", "city-25"), ("c12r4", "city-30"), ("c10r3", "city-13")):
        lay(s, space, tile)
    at(s, CABBIE, camp)
    s.car[CABBIE] = -1
    timers = len(s.timer)
    start(s, CABBIE)
    assert A.COLLECT_PRESIDENT in s.legal_actions(CABBIE), "E-14 NY-128"
    act(s, A.COLLECT_PRESIDENT)
    assert PRESIDENT in s.supply[CABBIE] and s.pres == CABBIE, "E-14 NY-135"
    for space in ("c11r2", "c12r4", "c10r3"):
        assert s.ppos.count(sp(space)) == 1, "E-14 NY-129: 1 Prisoner per revealed neighbour"
    assert s.ppos.count(sp("c11r4")) == 0, "NY-129: unrevealed neighbours get none"
    assert s.landed, "E-14 NY-130"
    assert all(s.up >> p & 1 for p in POI_SPACES), "E-14 NY-131: every POI is face up"
    assert len(s.timer) == timers - 6 and len(s.tdisc) == 6, "E-14 NY-131: 6 Timer tiles"
    assert s.bpos[DUKE] == nothing_here(s), "E-14 NY-133"


def test_e15_a_suburb_item_adds_to_the_tile() -> None:
    s = fresh()
    at(s, SNAKE, "c8r2")
    s.suburb[sp("c7r1")] = SUBURB_PILE.index(SUBURB_PILE[3])
    from getaway.games.new_york.tables import TILE_INDEX

    s.city.remove(TILE_INDEX["city-14"])
    s.city.append(TILE_INDEX["city-14"])  # Ninth Avenue: a Prisoner and an Item
    start(s, SNAKE, step=9, frame=RevealFrame(1))
    act(s, A.REVEAL_SPACE[sp("c7r1")])
    assert s.ppos.count(sp("c7r1")) == 1 and s.cubes[sp("c7r1")] == 2, "E-15 NY-105 NY-178"
    assert s.sub_up >> sp("c7r1") & 1, "E-15 NY-105: the token stays, face up"


def test_e16_event_level_2_draws_two_cards_in_turn() -> None:
    s = fresh()
    s.evpos = 1
    top_event(s, "all-quiet", "gunfire-in-the-distance")
    s.played = [card("snake-keep-low"), card("snake-quiet-kill")]
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-keep-low")])
    events = act(s, A.MOVE[sp("c9r2")])  # Times Square shows an Event icon
    assert not [e for e in events if e.kind == "event"], "NY-95: first the whole card"
    events = act(s, A.DONE)  # no reveal
    drawn = [e.data["card"] for e in events if e.kind == "event"]
    assert drawn == ["gunfire-in-the-distance", "all-quiet"], "E-16 NY-185 NY-186 NY-95"


def test_e17_a_prisoner_takes_an_abandoned_car() -> None:
    s = fresh()
    lay(s, "c8r1", "city-25")
    c = car(s, "c8r2", driven=False)
    p = prisoner(s, "c8r1")
    from getaway.games.new_york.enemy_moves import move_enemies

    s.cur = SNAKE
    events: list = []
    move_enemies(s, 1, 0, "any", events)
    s.settle(events)
    assert s.cst[c - 40] == CAR_NY and s.ppos[p] == -1, "E-17 NY-200: red base, token home"
    assert s.emove(c) == 2 and s.ehp(c) == 2, "E-17 NY-201"


def test_e18_the_duke_moves_three_enemies() -> None:
    s = fresh()
    at(s, BRAIN, "c8r3")
    for space, tile in (("c10r3", "city-25"), ("c6r3", "city-30"), ("c4r3", "city-23")):
        lay(s, space, tile)
    blue = prisoner(s, "c9r2")
    purple = prisoner(s, "c6r3")
    green = car(s, "c10r3")
    romero = boss(s, "romero", "c4r3")
    top_event(s, "the-duke")
    s.evpos = 0
    start(s, BRAIN, step=12, frame=DrawEvent())
    s.settle([])
    assert top_frame(s) == "RouteEnemy", "E-18: purple has 2 ways, the player picks"
    act(s, A.ROUTE[sp("c7r2")])
    here = sp("c8r3")
    assert s.cpos[green - 40] == here and s.ppos[blue] == here, "E-18 NY-204 NY-205"
    assert s.bpos[romero - 44] == here, "E-18 NY-173 NY-217: Romero through the Manhole"
    assert s.ppos[purple] == sp("c7r2"), "E-18 NY-219 NY-220 NY-222"


def test_e19_new_york_pays_and_resolves() -> None:
    s = fresh()
    s.noise = 2
    top_ny(s, "dukes-orders-1", "riot")
    start(s, SNAKE, step=10)
    assert NY_INDEX["riot"] in s.nydisc, "NY-63: step 10 discards the top card"
    assert s.noise == 1 and s.mission == 1, "E-19 NY-65: 2 + 1 - 2 Noise, the card resolved"


def test_e20_tough_crowd_gives_prisoners_two_hit_points() -> None:
    s = fresh()
    s.bonus = [NY_INDEX["tough-crowd"]]
    p = prisoner(s, "c8r3")
    assert s.ehp(p) == 2, "E-20 NY-235"
    s.played = [card("snake-quiet-kill"), card("snake-keep-low")]
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-quiet-kill")])
    act(s, A.HIT[p])
    assert s.ppos[p] == sp("c8r3") and s.edmg[p] == 1, "E-20 NY-237: 1 damage is not enough"


def test_e21_the_axe_adds_one_before_the_split() -> None:
    s = fresh()
    s.weapon[MAGGIE] = item("axe")
    s.ammo[MAGGIE] = 0
    p1 = prisoner(s, "c8r3")
    prisoner(s, "c8r3")
    prisoner(s, "c8r3")
    s.played = [card("maggie-ill-cut-you"), card("maggie-take-cover")]
    start(s, MAGGIE, step=3)
    act(s, A.USE_WEAPON)
    act(s, A.REVEAL[card("maggie-ill-cut-you")])
    assert s.stack[-1].left == 3, "E-21 NY-245: 2 + 1 damage to split"
    for _ in range(3):
        act(s, A.HIT[p1] if s.ppos[p1] >= 0 else s.legal_actions(MAGGIE)[0])
    assert s.ppos.count(sp("c8r3")) == 0, "E-21: shared among the Enemies in her space"
    assert A.USE_WEAPON not in s.legal_actions(MAGGIE), "the Axe works once a turn"


