"""The New York Phase (NY-63..74), Enemies (NY-193..207), Noise and Mission cubes
(NY-208..215), Enemy movement through the state (NY-216..222), the New York deck
(NY-223, NY-224), Roadblocks (NY-225..232), Prisoner Bonuses (NY-233..237)."""

from __future__ import annotations

from getaway.games.new_york import actions as A
from getaway.games.new_york.combat import kill
from getaway.games.new_york.effects_world import spawn_around
from getaway.games.new_york.enemy_moves import move_enemies
from getaway.games.new_york.state import CAR_GONE, CAR_NY, CAR_WHITE, NewYorkState
from getaway.games.new_york.tables import BOSSES, DUKE, LIBRARY, NY, NY_INDEX
from getaway.games.new_york.turn import Phase
from getaway.games.new_york.world import add_mission, add_prisoner, gain_noise, place_roadblock
from tests.games.new_york.build import (
    BRAIN,
    MAGGIE,
    SNAKE,
    act,
    at,
    boss,
    car,
    fresh,
    lay,
    prisoner,
    push,
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


RING_SIDES = {"N": "c8r2", "NE": "c9r2", "SE": "c9r3", "S": "c8r4", "SW": "c7r3", "NW": "c7r2"}


def test_step12_reads_the_card_on_top_after_step_11() -> None:
    s = fresh()
    around = {d: prisoner(s, x) for d, x in RING_SIDES.items()}
    # step 10 discards the-hunt (back: N SE SW), step 11 discards riot (cost 3, back:
    # SE SW); close-in-1 is then on top (back: S NW)
    top_ny(s, "close-in-1", "riot", "the-hunt")
    s.noise = 0
    start(s, SNAKE, step=10)
    assert [NY_INDEX[c] for c in ("the-hunt", "riot")] == s.nydisc[-2:]
    pulled = {d for d, p in around.items() if s.ppos[p] == LIBRARY}
    assert pulled == {"S", "NW"}, \
        "NY-67 NY-68: the back of the card on top after step 11, not of the two before it"


def test_new_york_choices_are_the_current_players() -> None:
    s = fresh()
    s.noise = 5
    top_ny(s, "reinforcements-1", "riot")  # 2 Prisoners in an adjacent space of choice
    start(s, BRAIN, step=10)
    assert top_frame(s) == "PlaceFrame" and s.to_act() == (BRAIN,), \
        "NY-26: the current player chooses for New York"
    act(s, A.PLACE[sp("c9r3")])
    assert s.ppos.count(sp("c9r3")) == 2


def test_prisoners_with_range_hit_from_next_door_but_not_through_a_roadblock() -> None:
    s = fresh()
    s.bonus = [NY_INDEX["sharpshooters"]]  # Prisoners get range 1 (NY-235)
    prisoner(s, "c8r2")
    prisoner(s, "c8r4")
    roadblock(s, "c8r3", "S")
    s.cur = SNAKE
    from getaway.games.new_york.combat import enemy_damage

    assert enemy_damage(s) == 1, \
        "NY-50: range 1 reaches the next space; NY-51: not across a Roadblock"
    s.bonus = []
    assert enemy_damage(s) == 0, "NY-50: a plain Prisoner next door deals nothing"


def test_prisoner_damage_heals_between_turns_boss_damage_stays() -> None:
    from getaway.games.new_york.combat import DamageFrame

    s = fresh()
    s.bonus = [NY_INDEX["tough-crowd"]]  # Prisoners have 2 Hit Points
    p = prisoner(s, "c8r2")
    duke = boss(s, "duke", "c8r2")
    s.cur = SNAKE
    push(s, Phase(13))
    push(s, DamageFrame(2, sp("c8r2"), 0))
    act(s, A.HIT[p])
    assert s.edmg[p] == 1 and s.ppos[p] == sp("c8r2"), "NY-109: 1 of its 2 this turn"
    act(s, A.HIT[duke])  # the last point: the turn goes on and ends
    assert s.cur != SNAKE, "the turn ended"
    assert s.edmg[p] == 0, "NY-109: the Prisoner's damage is gone at the end of the turn"
    assert s.bhp[DUKE] == BOSSES[DUKE].hp - 1, "NY-112: the Boss keeps his"
    push(s, DamageFrame(1, sp("c8r2"), 0))
    act(s, A.HIT[p])
    assert s.ppos[p] == sp("c8r2"), "NY-109: one more hit next turn is not enough again"


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


def _saturating(tile: str, noise: int = 10, mission: int = 3,
                extra_timers: bool = False) -> NewYorkState:
    """Snake's turn; New York at ``noise`` with ``mission`` cubes right, ``tile`` on top."""
    s = fresh(extra_timers=extra_timers)
    s.cur = SNAKE
    push(s, Phase(13))
    s.noise, s.mission = noise, mission
    top_timer(s, tile)
    return s


def test_saturation_example_reveals_the_tile_first() -> None:
    s = _saturating("quiet-night")
    timers = len(s.timer)
    gain_noise(s, 3, [])
    assert (s.noise, s.mission) == (10, 4), "NY-211: the tile comes before the reset"
    assert top_frame(s) == "MissionTile" and len(s.timer) == timers
    s.settle([])
    assert len(s.timer) == timers - 1, "NY-189 NY-211: one Timer tile revealed"
    assert (s.noise, s.mission) == (2, 0), \
        "NY-212: the rulebook's example: 10 Noise, 1 cube left, gain 3 -> Noise 2, 4 cubes home"


def test_saturation_tile_noise_is_wiped_by_the_reset() -> None:
    s = _saturating("sirens")  # the tile gives New York 2 Noise
    events: list = []
    gain_noise(s, 2, events)
    s.settle(events)
    assert "noise_lost" in [e.kind for e in events], \
        "NY-211: the tile resolves at 10 Noise with no cube left to move"
    assert (s.noise, s.mission) == (1, 0), \
        "NY-211 NY-212: then Noise 0, cubes home, and the 1 left over from 0"


def test_saturation_tile_mission_cube_is_lost() -> None:
    s = _saturating("the-dukes-orders", extra_timers=True)  # the tile moves a Mission cube
    gain_noise(s, 1, [])
    s.settle([])
    assert (s.noise, s.mission) == (0, 0), \
        "NY-211 NY-215: every cube was right while the tile resolved; then all come home"


def test_saturation_tile_with_a_decision_keeps_the_reset_beneath() -> None:
    s = _saturating("search-the-ruins")  # the player flips a POI of their choice
    gain_noise(s, 4, [])
    s.settle([])
    assert top_frame(s) == "RevealPoiFrame" and (s.noise, s.mission) == (10, 4), \
        "NY-211: the tile's decision comes before the reset"
    assert type(s.stack[-2]).__name__ == "MissionReset"
    act(s, s.legal_actions(SNAKE)[0])
    assert (s.noise, s.mission) == (3, 0), "NY-212: then 0, cubes home, 3 more"


def test_gains_before_the_tile_come_after_the_reset() -> None:
    s = _saturating("quiet-night", noise=10, mission=3)
    gain_noise(s, 1, [])  # saturates; the tile waits on the stack
    gain_noise(s, 2, [])  # a second gain (another missing Prisoner, ...) comes after it
    add_mission(s, 1, [])
    s.settle([])
    assert (s.noise, s.mission) == (2, 1), "NY-211 NY-212: the later gains count from 0"


def test_mission_cubes_from_a_card_keep_the_noise() -> None:
    s = _saturating("sirens", noise=7, mission=3)
    timers = len(s.timer)
    add_mission(s, 1, [])
    assert s.mission == 4 and top_frame(s) == "MissionTile", "NY-215: the tile first"
    s.settle([])
    assert len(s.timer) == timers - 1, "NY-214 NY-215: a Timer tile is revealed"
    assert (s.noise, s.mission) == (9, 0), \
        "NY-213: Noise is not reset (the tile's 2 Noise stay); the cubes come home"


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


def test_a_car_with_two_fastest_routes_lets_the_player_pick_its_passenger() -> None:
    s = fresh()
    lay(s, "c10r3", "city-02")  # all roads, no Enemy; the Library is 2 away, two ways
    c = car(s, "c10r3")
    north = prisoner(s, "c9r2")
    south = prisoner(s, "c9r3")
    prisoner(s, "c9r3")  # two identical tokens in c9r3: one choice (decision 12)
    s.cur = SNAKE
    events: list = []
    move_enemies(s, 1, 0, "any", events)
    s.settle(events)
    assert top_frame(s) == "PickRider", "NY-205: both fastest routes pick up a Prisoner"
    assert set(s.legal_actions(SNAKE)) == {A.PICK[north], A.PICK[south]}, \
        "NY-205 NY-220: the remaining tie is the current player's, one per space"
    act(s, A.PICK[south])
    assert s.cpos[c - 40] == LIBRARY and s.ppos[south] == LIBRARY, "NY-204: carried along"
    assert s.ppos[north] == sp("c9r2"), "NY-205: the other route was not taken"


def test_a_car_prefers_the_route_with_a_prisoner() -> None:
    s = fresh()
    lay(s, "c10r3", "city-02")
    c = car(s, "c10r3")
    p = prisoner(s, "c9r3")
    s.cur = SNAKE
    move_enemies(s, 1, 0, "any", [])
    s.settle([])
    assert s.cpos[c - 40] == LIBRARY and s.ppos[p] == LIBRARY, \
        "NY-205: of the two fastest routes, the one that picks up a Prisoner; no choice"


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


def test_the_deck_is_rebuilt_the_moment_one_card_is_left() -> None:
    s = fresh()
    rest = [c for c in s.nyd if NY[c].id not in ("barricade-2", "riot", "close-in-1")]
    s.nydisc = rest
    s.nyd = []
    top_ny(s, "close-in-1", "barricade-2", "riot")  # 3 cards: riot, barricade-2 on top
    s.noise = 0
    events: list = []
    push(s, Phase(13))
    s.cur = SNAKE
    from getaway.games.new_york.newyork import step10, step11

    step10(s, events)
    assert len(s.nyd) == 2 and s.nydisc, "NY-223: 2 left, not yet"
    step11(s, events)  # barricade-2 costs 1: paid; the deck is down to close-in-1
    assert NY_INDEX["barricade-2"] not in s.nyd and len(s.nyd) > 1 and not s.nydisc, \
        "NY-223: at once, while the card is still resolving; the last card goes in too"
    s.settle(events)
    assert s.nydisc == [NY_INDEX["barricade-2"]], "the resolved card is discarded after"
    side_on_top = NY[s.nyd[-1]].roadblock.value
    assert s.blocked(LIBRARY, side(side_on_top)) and s.rb.count(1) == 1, \
        "NY-226: its Roadblock used the new top card's back"


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




def test_pull_in_play_stops_at_roadblocks_tricked_and_engaged() -> None:
    s = fresh()
    south = prisoner(s, "c8r4")
    north_west = prisoner(s, "c7r2")
    roadblock(s, "c8r3", "S")                  # NY-70
    s.tricked |= 1 << north_west               # NY-71
    top_ny(s, "close-in-1")                    # pulls S and NW
    start(s, SNAKE, step=12)
    assert s.ppos[south] == sp("c8r4") and s.ppos[north_west] == sp("c7r2"), "NY-70 NY-71"
    s = fresh()
    north_west = prisoner(s, "c7r2")
    at(s, MAGGIE, "c7r2")                      # NY-69: engaged with Maggie
    top_ny(s, "close-in-1")
    start(s, SNAKE, step=12)
    assert s.ppos[north_west] == sp("c7r2"), "NY-69: an engaged Enemy stays"


def test_a_poi_shuffles_a_special_card_into_the_deck() -> None:
    from getaway.games.new_york.moves import MoveFrame
    from tests.games.new_york.build import poi

    s = fresh()
    poi(s, "c5r2", "gang-hall")
    lay(s, "c6r2", "city-02")
    at(s, SNAKE, "c6r2")
    before = len(s.nyd)
    start(s, SNAKE, step=4, frame=MoveFrame(1, 0))
    act(s, A.MOVE[sp("c5r2")])
    assert len(s.nyd) == before + 1 and len(s.nyaside) == 2 and not s.nydisc, \
        "NY-233: into the draw deck, not the discards"
    assert any(NY[c].set.value == "special" for c in s.nyd), "NY-233"
