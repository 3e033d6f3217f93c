"""The New York Phase (NY-63..74), Enemies (NY-193..207), Noise and Mission cubes
(NY-208..215), Enemy movement through the state (NY-216..222), the New York deck
(NY-223, NY-224), Roadblocks (NY-225..232), Prisoner Bonuses (NY-233..237)."""

from __future__ import annotations

from getaway.games.new_york import actions as A
from getaway.games.new_york.combat import kill
from getaway.games.new_york.effects_world import spawn_around
from getaway.games.new_york.enemy_moves import move_enemies
from getaway.games.new_york.state import CAR_GONE, CAR_NY, CAR_WHITE
from getaway.games.new_york.tables import BOSSES, DUKE, LIBRARY, NY_INDEX
from getaway.games.new_york.world import add_mission, add_prisoner, gain_noise, place_roadblock
from tests.games.new_york.build import (
    SNAKE,
    act,
    at,
    boss,
    car,
    fresh,
    lay,
    prisoner,
    roadblock,
    side,
    sp,
    start,
    top_frame,
    top_ny,
    top_timer,
)


def test_step11_pays_or_discards() -> None:
    s = fresh()
    s.noise = 1
    top_ny(s, "time-runs-out", "riot")  # cost 4 under the discarded Riot
    start(s, SNAKE, step=10)
    assert NY_INDEX["time-runs-out"] in s.nydisc, "NY-66: too little Noise: discarded"
    assert s.noise == 3, "NY-63 NY-66: 1 for step 10, 1 for the unpaid card"
    s = fresh()
    s.noise = 1
    top_ny(s, "close-in-2", "riot")  # cost 2: 1 + 1 after step 10 pays it exactly
    start(s, SNAKE, step=10)
    assert s.noise == 0 and NY_INDEX["close-in-2"] in s.nydisc, "NY-64 NY-65: equal is enough"


def test_step12_reads_the_card_on_top_after_step_11() -> None:
    s = fresh()
    north = prisoner(s, "c8r2")
    top_ny(s, "close-in-1", "barricade-1", "riot")  # close-in-1 pulls S and NW, not N
    s.noise = 0
    start(s, SNAKE, step=10)
    assert s.ppos[north] == sp("c8r2"), "NY-67: barricade-1 was resolved or discarded, " \
                                        "close-in-1's back is read"


def test_tricked_stand_up_and_prisoner_damage_heals_at_turn_end() -> None:
    s = fresh()
    s.bonus = [NY_INDEX["tough-crowd"]]
    p = prisoner(s, "c8r2")
    s.tricked |= 1 << p
    s.edmg[p] = 1
    start(s, SNAKE, step=13)
    assert not s.tricked and s.edmg[p] == 0, "NY-74 NY-109"


def test_enemy_statistics() -> None:
    s = fresh()
    p = prisoner(s, "c8r2")
    c = car(s, "c9r2")
    assert (s.ehp(p), s.emove(p), s.edamage(p), s.erange(p)) == (1, 1, 1, 0), "NY-194"
    assert (s.ehp(c), s.emove(c)) == (2, 2), "NY-201"
    duke = boss(s, "duke", "c7r2")
    assert s.erange(duke) == 1 and s.edamage(duke) == BOSSES[DUKE].damage, "NY-197"
    assert set(s.all_enemies()) == {p, c, duke}, "NY-193: Enemies are Prisoners and Bosses"
    s.bonus = [NY_INDEX["tough-crowd"], NY_INDEX["fast-runners"], NY_INDEX["sharpshooters"]]
    assert (s.ehp(p), s.emove(p), s.erange(p)) == (2, 2, 1), "NY-235 NY-236"
    assert (s.ehp(c), s.emove(c)) == (3, 3), "NY-201 NY-237: bonuses stack with the Car"


def test_prisoner_shortage_gives_noise_and_a_choice() -> None:
    s = fresh(hard_prisoners=True)
    assert s.limit == 30 and s.supply_left() == 30, "NY-239"
    for _ in range(29):
        prisoner(s, "c8r2")
    s.noise = 0
    s.cur = SNAKE
    spawn_around(s, LIBRARY, 1, [])
    assert s.noise == 5, "NY-195: 5 of the 6 Prisoners are missing"
    assert top_frame(s) == "PlaceFrame", "NY-195: the player places the last one"
    act(s, A.PLACE[sp("c9r3")])
    assert s.ppos.count(sp("c9r3")) == 1 and s.supply_left() == 0
    events: list = []
    add_prisoner(s, LIBRARY, events)
    assert s.noise == 6, "NY-195 NY-239: none left, 1 Noise instead"


def test_killed_car_driver_leaves_the_car_and_a_prisoner_takes_it() -> None:
    s = fresh()
    at(s, SNAKE, "c8r2")
    c = car(s, "c8r2")
    s.cur = SNAKE
    kill(s, c, [])
    assert s.cst[c - 40] == CAR_WHITE, "NY-199: the Car is abandoned"
    p = prisoner(s, "c8r2")
    from getaway.games.new_york.world import settle_cars

    settle_cars(s, [])
    assert s.cst[c - 40] == CAR_WHITE, "NY-200: not while a Hero is there"
    at(s, SNAKE, "c8r3")
    settle_cars(s, [])
    assert s.cst[c - 40] == CAR_NY and s.ppos[p] == -1, "NY-200: a Prisoner takes it"


def test_noise_track_and_saturation() -> None:
    s = fresh()
    s.noise = 9
    gain_noise(s, 1, [])
    assert s.noise == 10 and s.mission == 0, "NY-209: up to 10"
    gain_noise(s, 2, [])
    assert s.noise == 10 and s.mission == 2, "NY-210: each point moves a Mission cube"
    s.mission = 3
    top_timer(s, "quiet-night")
    timers = len(s.timer)
    gain_noise(s, 3, [])
    assert s.noise == 2 and s.mission == 0, "NY-211 NY-212: reset, then 2 more Noise"
    assert top_frame(s) == "RevealTile", "NY-189 NY-211: a Timer tile is revealed"
    s.settle([])
    assert len(s.timer) == timers - 1


def test_mission_cubes_from_a_card_keep_the_noise() -> None:
    s = fresh()
    s.noise = 7
    s.mission = 3
    add_mission(s, 1, [])
    assert s.mission == 0 and s.noise == 7, "NY-213 NY-214 NY-215"
    assert top_frame(s) == "RevealTile", "NY-215"


def test_noise_sources() -> None:
    s = fresh()
    s.noise = 0
    top_ny(s, "time-runs-out", "riot")
    start(s, SNAKE, step=10)
    assert s.noise == 2, "NY-208: step 10 and the unpaid card each add 1"
    s = fresh()
    s.noise = 0
    s.played = [0, 1]
    start(s, SNAKE, step=3)
    act(s, A.USE_WEAPON)
    act(s, s.legal_actions(SNAKE)[0])
    assert s.noise == 1, "NY-149 NY-208: a Weapon's Noise at once"


def test_new_york_moves_towards_the_current_hero() -> None:
    s = fresh()
    lay(s, "c8r1", "city-25")
    p = prisoner(s, "c8r1")
    s.cur = SNAKE
    move_enemies(s, 2, 0, "any", [])
    s.settle([])
    assert s.ppos[p] == sp("c8r2"), "NY-216: one step towards the Hero"


def test_new_york_priority_cars_before_bosses() -> None:
    s = fresh()
    lay(s, "c10r3", "city-25")
    lay(s, "c10r2", "city-30")
    c = car(s, "c10r3")
    romero = boss(s, "romero", "c10r2")
    s.cur = SNAKE
    events: list = []
    move_enemies(s, 1, 0, "any", events)
    s.settle(events)
    assert s.cpos[c - 40] == LIBRARY and s.bpos[romero - 44] == sp("c10r2"), \
        "NY-218: with equal movement, the Car first"
    moved = [e.data["enemy"] for e in events if e.kind == "enemy_move"]
    assert moved == ["car1"]


def test_reshuffle_at_one_card() -> None:
    s = fresh()
    tough = NY_INDEX["tough-crowd"]
    s.nyaside.remove(tough)
    s.bonus = [tough]
    s.nydisc = s.nyd[:-2]
    s.nyd = s.nyd[-2:]
    total = len(s.nyd) + len(s.nydisc) + len(s.bonus)
    s.noise = 0
    start(s, SNAKE, step=10)
    assert not s.bonus and tough in s.nyd + s.nydisc, "NY-224: the Prisoner Bonus goes back"
    assert len(s.nyd) + len(s.nydisc) + len(s.bonus) == total, "NY-223: every card comes back"
    assert len(s.nyd) > 2, "NY-223: a new deck, the last card in it (G-28)"


def test_roadblock_placement() -> None:
    s = fresh()
    from getaway.games.new_york.tables import EDGE

    e = EDGE[LIBRARY][side("N")]
    assert place_roadblock(s, LIBRARY, side("N"), []) and s.rb[e] == 1, "NY-227"
    assert not place_roadblock(s, LIBRARY, side("N"), []), "NY-229: already there"
    s.rb[e] = 2
    assert s.joined(LIBRARY, side("N"), s.up) and not s.blocked(LIBRARY, side("N")), \
        "NY-228: a destroyed Roadblock is an open road"
    assert place_roadblock(s, LIBRARY, side("N"), []) and s.rb[e] == 1, "NY-230"
    assert not place_roadblock(s, sp("c2r2"), side("NW"), []), "NY-231: the river"
    assert place_roadblock(s, sp("c12r5"), side("S"), []), "NY-232: onto a bridge"


def test_new_york_card_roadblock_uses_the_top_cards_back() -> None:
    s = fresh()
    s.noise = 5
    top_ny(s, "close-in-2", "barricade-1", "riot")  # close-in-2's back: Roadblock SE
    start(s, SNAKE, step=10)
    assert s.blocked(LIBRARY, side("SE")), "NY-225 NY-226"


def test_prisoner_bonus_card_stays_above_the_board() -> None:
    s = fresh()
    s.noise = 5
    s.nyd.append(NY_INDEX["tough-crowd"])
    s.nyaside.remove(NY_INDEX["tough-crowd"])
    top_ny(s, "riot")
    s.nyd.insert(len(s.nyd) - 1, NY_INDEX["tough-crowd"])
    s.nyd.remove(NY_INDEX["riot"])
    s.nyd.append(NY_INDEX["riot"])
    start(s, SNAKE, step=10)
    assert s.bonus == [NY_INDEX["tough-crowd"]], "NY-234"


def test_a_car_forced_through_a_roadblock() -> None:
    s = fresh()
    lay(s, "c8r1", "city-25")
    c = car(s, "c8r1")
    roadblock(s, "c8r1", "S")
    s.cur = SNAKE
    events: list = []
    move_enemies(s, 1, 0, "any", events)
    s.settle(events)
    assert s.cst[c - 40] == CAR_GONE, "NY-206: no open route: the Car goes through and is lost"
    assert not s.blocked(sp("c8r1"), side("S")), "NY-206: the Roadblock is destroyed"
    assert s.ppos.count(sp("c8r2")) == 1, "NY-206: a Prisoner where it went"


def test_roadblocks_stop_other_enemies() -> None:
    s = fresh()
    lay(s, "c8r1", "city-25")
    p = prisoner(s, "c8r1")
    roadblock(s, "c8r1", "S")
    s.cur = SNAKE
    move_enemies(s, 1, 0, "any", [])
    s.settle([])
    assert s.ppos[p] == sp("c8r1"), "NY-207"


