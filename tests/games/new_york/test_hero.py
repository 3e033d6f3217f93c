"""Hero rules: moving and revealing (NY-89..106), fighting and tricking (NY-107..117),
Cases and the President (NY-118..135), Items, Weapons and Cars (NY-136..157), the
ways out (NY-158..160), levels (NY-161..166), tiles and icons (NY-167..178), Events
and Timer tiles (NY-185..192)."""

from __future__ import annotations

from getaway.games.new_york import actions as A
from getaway.games.new_york.cases import FirstRescue
from getaway.games.new_york.combat import DamageFrame, TrickFrame, kill
from getaway.games.new_york.effects_special import StealFrame
from getaway.games.new_york.events import DrawEvent
from getaway.games.new_york.levels import SwapFrame
from getaway.games.new_york.moves import F_BREAK, F_REVEAL, MoveFrame
from getaway.games.new_york.state import CAR_HERO, CAR_NY, CAR_WHITE, TAXI
from getaway.games.new_york.tables import (
    CASE0,
    CASE_IDS,
    DUKE,
    LIBRARY,
    OBJECTIVE_INDEX,
    PARK_SPACES,
    POI_SPACES,
    PRESIDENT,
    TILE_INDEX,
    TRACK,
)
from getaway.games.new_york.timer import RevealTile
from getaway.games.new_york.turn import Phase
from getaway.games.new_york.world import lay_tile
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
    item,
    lay,
    poi,
    prisoner,
    push,
    roadblock,
    side,
    sp,
    start,
    top_event,
    top_frame,
    top_item,
    top_timer,
)


def _moving(s, seat: int, steps: int = 1, flags: int = 0) -> None:
    start(s, seat, step=4, frame=MoveFrame(steps, flags))


def test_roads_and_roadblocks_when_moving() -> None:
    s = fresh()
    at(s, SNAKE, "c8r2")  # Bryant Park: roads N, SE, S, NW
    lay(s, "c8r1", "city-30")
    roadblock(s, "c8r2", "S")
    _moving(s, SNAKE)
    moves = {a.space for a in s.legal_actions(SNAKE) if isinstance(a, A.MoveTo)}
    assert "c8r1" in moves and "c8r3" not in moves, "NY-90 NY-93: a Roadblock shuts the road"
    assert "c7r2" not in moves, "NY-90: no road between Bryant Park and the Garment District"
    s = fresh()
    at(s, SNAKE, "c8r2")
    roadblock(s, "c8r2", "S")
    roadblock(s, "c8r2", "SE")
    _moving(s, SNAKE, flags=F_BREAK)
    act(s, A.MOVE[sp("c8r3")])
    assert not s.blocked(sp("c8r2"), side("S")), "NY-93: the card breaks it"
    assert s.blocked(sp("c8r2"), side("SE")), "NY-94: only the one crossed"


def test_enemies_never_enter_empty_spaces() -> None:
    s = fresh()
    from getaway.games.new_york.enemy_moves import walk_of

    w = walk_of(s)
    assert all(s.up >> y & 1 for x in range(64) for y in w.steps(x)), \
        "NY-92: the Enemies' streets are revealed spaces only"


def test_events_after_the_card_and_every_time() -> None:
    s = fresh()
    top_event(s, "all-quiet", "all-quiet", "all-quiet")
    at(s, SNAKE, "c8r3")
    _moving(s, SNAKE, 1)
    act(s, A.MOVE[sp("c9r2")])
    assert s.evpend == 1 and not s.edisc, "NY-95: after the whole effect"
    s.evpend = 0
    s.hpos[SNAKE] = LIBRARY
    _moving(s, SNAKE, 1)
    act(s, A.MOVE[sp("c9r2")])
    assert s.evpend == 1, "NY-96: again, every time"


def test_reveal_rules() -> None:
    s = fresh()
    at(s, SNAKE, "c8r2")
    start(s, SNAKE, step=4, frame=MoveFrame(1, F_REVEAL))
    act(s, A.MOVE[sp("c8r3")])
    assert top_frame(s) != "RevealFrame", "NY-103: nothing empty next to the Library"
    s = fresh()
    at(s, SNAKE, "c7r2")
    from getaway.games.new_york.moves import RevealFrame

    roadblock(s, "c7r2", "NW")
    start(s, SNAKE, step=4, frame=RevealFrame(1))
    spaces = {a.space for a in s.legal_actions(SNAKE) if isinstance(a, A.RevealSpace)}
    assert "c6r2" in spaces, "NY-99: behind a Roadblock too"
    assert "c6r3" in spaces and A.DONE in s.legal_actions(SNAKE), "NY-97: optional"
    assert not any(p in {sp(x) for x in spaces} for p in POI_SPACES), "NY-102: never a POI"
    t = TILE_INDEX["city-14"]
    s.city.remove(t)
    s.city.append(t)
    act(s, A.REVEAL_SPACE[sp("c6r3")])
    assert s.ppos.count(sp("c6r3")) == 1, "NY-100 NY-169: its Prisoner"
    assert s.cubes[sp("c6r3")] == 1, "NY-100 NY-172: its Item cube"


def test_tile_icons() -> None:
    s = fresh()
    events: list = []
    t = TILE_INDEX["city-06"]  # Delancey Street: a Car, an Item, a Roadblock on S
    s.city.remove(t)
    s.city.append(t)
    lay_tile(s, sp("c6r3"), events)
    assert any(s.cst[c] == CAR_NY and s.cpos[c] == sp("c6r3") for c in range(4)), \
        "NY-171: a Prisoner in a Car, red base"
    assert s.ppos.count(sp("c6r3")) == 0, "NY-171: no separate token"
    assert s.blocked(sp("c6r3"), side("S")), "NY-100 NY-174"
    t = TILE_INDEX["city-09"]  # Lexington Avenue: an Event icon
    s.city.remove(t)
    s.city.append(t)
    lay_tile(s, sp("c6r2"), events)
    assert s.evmask >> sp("c6r2") & 1 and not s.edisc, "NY-101: no Event on reveal"
    from getaway.games.new_york.tables import PARK_SPACES, TILES

    park = next(x for x in PARK_SPACES if s.tile[x] < 0 and s.poi[x] < 0)
    parks = len(s.park)
    lay_tile(s, park, events)
    assert TILES[s.tile[park]].deck.value == "park" and len(s.park) == parks - 1, \
        "NY-98 NY-167: a green space takes the top Central Park tile"
    assert TILES[s.tile[sp("c6r2")]].deck.value == "city", "NY-98 NY-167: a black one a City tile"


def test_entering_a_face_down_poi_resolves_it() -> None:
    s = fresh()
    at(s, SNAKE, "c6r2")
    lay(s, "c6r2", "city-12")
    poi(s, "c5r2", "slag-arena")
    _moving(s, SNAKE)
    s.noise = 0
    act(s, A.MOVE[sp("c5r2")])
    slag = 2
    assert s.bpos[slag] == sp("c5r2"), "NY-104 NY-196: Slag enters on his POI"
    assert s.noise == 3, "Slag's ability: New York gains 3 Noise"


def test_suburb_raft() -> None:
    s = fresh()
    s.suburb[sp("c7r1")] = 0  # a Raft token
    lay(s, "c7r1", "city-30")
    assert s.rafts >> sp("c7r1") & 1, "NY-106: a Raft"


def test_no_attack_through_a_roadblock() -> None:
    s = fresh()
    p = prisoner(s, "c8r2")
    roadblock(s, "c8r3", "N")
    start(s, SNAKE, step=4, frame=DamageFrame(2, LIBRARY, 1))
    assert A.HIT[p] not in s.legal_actions(SNAKE), "NY-107"


def test_prisoner_kills_go_to_the_bar_then_home() -> None:
    s = fresh()
    s.cur = SNAKE
    from getaway.games.new_york.tables import BAR_PRISONERS

    need = BAR_PRISONERS[s.bars[SNAKE][0]]
    for k in range(need + 1):
        p = prisoner(s, "c8r3")
        kill(s, p, [])
        assert s.barp[SNAKE] == min(k + 1, need), "NY-110 NY-111"
    assert s.supply_left() == 40 - need, "NY-111: the extra one went back to the supply"


def test_damage_on_prisoners_resets_bosses_keep_it() -> None:
    s = fresh()
    from getaway.games.new_york.tables import NY_INDEX

    s.bonus = [NY_INDEX["tough-crowd"]]
    p = prisoner(s, "c8r3")
    duke = boss(s, "duke", "c8r3")
    start(s, SNAKE, step=4, frame=DamageFrame(2, LIBRARY, 0))
    act(s, A.HIT[p])
    act(s, A.HIT[duke])
    assert s.edmg[p] == 1 and s.bhp[DUKE] == 5, "NY-109 NY-112"


def test_the_duke_comes_back_others_do_not() -> None:
    s = fresh()
    poi(s, "c11r3", "nothing-here")
    s.up |= 1 << sp("c11r3")
    duke = boss(s, "duke", "c8r3", hp=1)
    romero = boss(s, "romero", "c8r2", hp=1)
    s.cur = SNAKE
    kill(s, romero, [])
    assert s.bpos[1] == -2, "NY-113: removed from the game"
    assert s.token[2] == sp("c8r2"), "NY-198: Romero drops Case token 3"
    kill(s, duke, [])
    s.settle([])
    assert s.bpos[DUKE] == sp("c11r3") and s.bhp[DUKE] == 6, "NY-113: the Duke returns"


def test_tricks() -> None:
    s = fresh()
    p = prisoner(s, "c8r2")
    start(s, SNAKE, step=4, frame=TrickFrame(1, LIBRARY, 1))
    sides = {a.side for a in s.legal_actions(SNAKE) if a.enemy == f"p{p + 1}"}
    assert "S" in sides, "NY-114: into an adjacent revealed space"
    assert "N" not in sides, "NY-114: never into an empty space"
    s = fresh()
    c = car(s, "c8r3")
    roadblock(s, "c8r3", "N")
    start(s, SNAKE, step=4, frame=TrickFrame(1, LIBRARY, 0))
    sides = {a.side for a in s.legal_actions(SNAKE) if a.enemy == "car1"}
    assert sides == {"NE", "SE", "S", "SW", "NW"}, \
        "NY-117: a Prisoner with a Car can be tricked; NY-114: not through the Roadblock"
    act(s, A.TRICK[c][side("S")])
    assert s.cpos[c - 40] == sp("c8r4") and s.tricked >> c & 1, "NY-116: laid on its side"


def test_collect_cases_only_without_enemies() -> None:
    s = fresh()
    s.token[0] = LIBRARY
    p = prisoner(s, "c8r3")
    start(s, SNAKE)
    assert A.COLLECT_CASE[0] not in s.legal_actions(SNAKE), "NY-118: no Enemy there"
    s.ppos[p] = -1
    s._cache = None
    assert A.COLLECT_CASE[0] in s.legal_actions(SNAKE), "NY-118"
    code = CASE0 + s.slot[0]
    act(s, A.COLLECT_CASE[0])
    assert s.supply[SNAKE] == [code], "NY-120 NY-121"
    assert s.view(SNAKE)["heroes"][SNAKE]["supply"] == [CASE_IDS[code - CASE0]], "NY-123"
    assert s.view(MAGGIE)["heroes"][SNAKE]["supply"] == ["case"], "NY-120: face down"
    act(s, A.DISCARD_CASE[code - CASE0][0])
    assert s.slot[0] == code - CASE0 and s.token[0] == LIBRARY, "NY-124"
    assert A.COLLECT_CASE[0] not in s.legal_actions(SNAKE), "ours: not again this turn"
    s.cur = MAGGIE
    s.dropped = 0
    s._cache = None
    assert A.COLLECT_CASE[0] in s.legal_actions(MAGGIE), "NY-125: under its new number"


def test_enemies_never_collect_cases() -> None:
    s = fresh()
    s.token[0] = sp("c8r2")
    prisoner(s, "c8r2")
    start(s, SNAKE, step=12)
    assert s.token[0] == sp("c8r2") and s.slot[0] >= 0, "NY-127"


def test_steal_any_never_the_president() -> None:
    s = fresh()
    s.supply[MAGGIE] = [PRESIDENT, item("painkillers"), CASE0]
    s.pres = MAGGIE
    start(s, SNAKE, step=4, frame=StealFrame("any", 0))
    slots = {(a.seat, a.slot) for a in s.legal_actions(SNAKE)}
    assert slots == {(MAGGIE, 1), (MAGGIE, 2)}, "NY-119 NY-135: never the President"
    assert (BRAIN, 0) not in slots, "Brain's Diagram is face up"
    act(s, A.STEAL[MAGGIE][2])
    assert s.supply[SNAKE] == [CASE0], "NY-119 NY-246"
    s = fresh()
    s.supply[MAGGIE] = [PRESIDENT]
    s.pres = MAGGIE
    s.pres_found = True
    start(s, BRAIN, step=4, frame=StealFrame("president", 0))
    act(s, A.STEAL[MAGGIE][0])
    assert s.pres == BRAIN and PRESIDENT in s.supply[BRAIN], "NY-128 NY-135: Not My Plan"
    assert top_frame(s) != "FirstRescue" and not s.landed, "NY-134: nothing repeats"


def test_bracelet_used_once_and_stays_face_up() -> None:
    s = fresh()
    bracelet = CASE0 + CASE_IDS.index("bracelet")
    s.supply[SNAKE] = [bracelet]
    start(s, SNAKE)
    act(s, A.USE_CASE[bracelet - CASE0])
    assert s.bracelet_up and top_frame(s) == "PeekPoiFrame", "NY-243"
    act(s, s.legal_actions(SNAKE)[0])
    act(s, s.legal_actions(SNAKE)[0])
    assert A.USE_CASE[bracelet - CASE0] not in s.legal_actions(SNAKE), "NY-243: once"
    assert s.view(MAGGIE)["heroes"][SNAKE]["supply"] == ["bracelet"], "NY-126"
    s.level[SNAKE] = 3
    s.objs[SNAKE][1] = OBJECTIVE_INDEX["purple-bracelet"]
    from getaway.games.new_york.victory import objective_ok

    assert objective_ok(s, SNAKE, s.objs[SNAKE][1]), "NY-244"


def test_president_discarded_tiles_and_the_red_one() -> None:
    s = fresh()
    poi(s, "c11r3", "duke-camp")
    at(s, SNAKE, "c11r3")
    s.up |= 1 << sp("c11r3")
    top_timer(s, "new-york-wins")
    start(s, SNAKE)
    act(s, A.COLLECT_PRESIDENT)
    out = s.outcome()
    assert out is not None and out.reason == "new_york_wins", "NY-132: discarded, still lost"
    assert out.winners == (), "NY-88"


def test_items() -> None:
    s = fresh()
    s.cubes[LIBRARY] = 2
    top_item(s, "painkillers", "first-aid-kit")
    start(s, SNAKE)
    act(s, A.COLLECT_ITEM)
    act(s, A.COLLECT_ITEM)
    assert s.cubes[LIBRARY] == 0, "NY-136: one cube per card, as often as you like"
    assert s.supply[SNAKE] == [item("first-aid-kit"), item("painkillers")], "NY-137"
    s.disc[SNAKE] = [card("snake-keep-low"), card("snake-quiet-kill")]
    s.hand[SNAKE] = [c for c in s.hand[SNAKE] if c not in s.disc[SNAKE]]
    s._cache = None
    act(s, A.USE_ITEM[item("first-aid-kit")])
    act(s, A.RECOVER[card("snake-keep-low")])
    act(s, A.RECOVER[card("snake-quiet-kill")])
    assert item("first-aid-kit") in s.idisc, "NY-139 NY-140: used and discarded face down"
    assert s.view(MAGGIE)["items"]["discards"] == 1
    s.items = []
    s.idisc = [item("axe")]
    from getaway.games.new_york.world import draw_item

    assert draw_item(s) == item("axe"), "NY-138: the discards reshuffled"


def test_starting_items_leave_the_game() -> None:
    s = fresh()
    from getaway.games.new_york.world import discard_item

    discard_item(s, item("snake-machine-pistol"))
    assert not s.idisc, "NY-141"


def test_weapons() -> None:
    s = fresh()
    s.supply[MAGGIE] = [item("revolver"), item("painkillers"), item("axe")]
    start(s, MAGGIE)
    act(s, A.REVEAL_WEAPON[item("revolver")])
    assert s.weapon[MAGGIE] == item("revolver") and s.ammo[MAGGIE] == 3, "NY-144 NY-146"
    assert len(s.supply[MAGGIE]) == 2, "NY-142 NY-143: out of the 3-card supply"
    assert item("maggie-magnum") not in s.idisc, "NY-145 NY-141: the older one goes"
    for _ in range(3):
        act(s, A.USE_WEAPON)
    assert s.ammo[MAGGIE] == 0 and s.weapon[MAGGIE] == item("revolver"), "NY-147"
    assert A.USE_WEAPON not in s.legal_actions(MAGGIE)
    s.ammo[MAGGIE] = 2
    from getaway.games.new_york.effects_special import reload

    reload(s, MAGGIE, 5, [])
    assert s.ammo[MAGGIE] == 3, "NY-146: never above the printed number"
    s = fresh()
    s.weapon[MAGGIE] = item("baseball-bat")
    p = prisoner(s, "c8r3")
    prisoner(s, "c8r3")
    start(s, MAGGIE)
    act(s, A.USE_WEAPON)
    act(s, A.HIT[p])
    assert A.USE_WEAPON not in s.legal_actions(MAGGIE), "NY-148: its per-turn uses"


def test_weapons_that_cannot_pay_a_bar() -> None:
    s = fresh()
    from getaway.games.new_york.tables import BAR_ITEMS

    s.level[SNAKE] = 1
    assert BAR_ITEMS[s.bars[SNAKE][1]] > 0, "every level 2 bar asks for an Item"
    start(s, SNAKE)
    assert A.PAY_LEVEL[item("snake-machine-pistol")] not in s.legal_actions(SNAKE), "NY-150"
    s.weapon[SNAKE] = item("revolver")
    s._cache = None
    assert A.PAY_LEVEL[item("revolver")] in s.legal_actions(SNAKE), "NY-150 NY-161"


def test_cars() -> None:
    s = fresh()
    c = car(s, "c8r3", driven=False) - 40
    start(s, SNAKE)
    assert A.TAKE_CAR in s.legal_actions(SNAKE), "NY-151"
    act(s, A.TAKE_CAR)
    assert s.cst[c] == CAR_HERO and s.car[SNAKE] == c, "NY-153"
    act(s, A.ABANDON_CAR)
    assert s.cst[c] == CAR_WHITE and s.cpos[c] == LIBRARY and s.car[SNAKE] == -1, "NY-155"
    assert A.TAKE_CAR not in s.legal_actions(SNAKE), "ours: not back in the same turn"
    s = fresh()
    start(s, CABBIE)
    act(s, A.ABANDON_CAR)
    assert s.car[CABBIE] == -1 and CAR_WHITE not in s.cst, "NY-156: the Taxi is gone"
    s = fresh()
    at(s, CABBIE, "c8r2")
    roadblock(s, "c8r2", "S")
    start(s, CABBIE, step=4, frame=MoveFrame(1, 0))
    assert A.CRASH[LIBRARY] in s.legal_actions(CABBIE), "NY-154"
    act(s, A.CRASH[LIBRARY])
    assert s.car[CABBIE] == -1 and not s.blocked(sp("c8r2"), side("S")), "NY-154"
    assert s.hpos[CABBIE] == LIBRARY and s.car[CABBIE] != TAXI


def test_killing_a_car_driver_puts_a_prisoner_on_the_bar() -> None:
    s = fresh()
    c = car(s, "c8r3")
    s.cur = SNAKE
    kill(s, c, [])
    assert s.barp[SNAKE] == 1 and s.supply_left() == 39, "NY-157"


def test_gullfire_and_helicopter() -> None:
    s = fresh()
    s.level[SNAKE] = 3
    s.hurry = True
    s.objs[SNAKE] = [OBJECTIVE_INDEX["blue-gullfire-1"], OBJECTIVE_INDEX["purple-spiked-club"]]
    s.supply[SNAKE] = [item("spiked-club")]
    at(s, SNAKE, "c2r2")
    from getaway.games.new_york.victory import lone_ok

    assert lone_ok(s, SNAKE), "NY-158 NY-192"
    s.gull = -1
    assert not lone_ok(s, SNAKE), "NY-158: destroyed by New York"
    s.objs[SNAKE][0] = OBJECTIVE_INDEX["blue-helicopter-1"]
    lay(s, "c14r3", "park-10")
    at(s, SNAKE, "c14r3")
    assert not lone_ok(s, SNAKE), "NY-160: not before it lands"
    s.landed = True
    assert lone_ok(s, SNAKE), "NY-160"
    start(s, SNAKE, step=4, frame=None)
    from getaway.games.new_york.effects_special import HeliFrame

    push(s, HeliFrame())
    spaces = {sp(a.space) for a in s.legal_actions(SNAKE)}
    assert spaces == set(PARK_SPACES) - {s.heli}, "NY-159: any other park space"


def test_objective_swap_takes_any_card() -> None:
    s = fresh()
    old = s.objs[SNAKE][0]
    start(s, SNAKE, step=9, frame=SwapFrame(SNAKE))
    act(s, A.SWAP[0])
    offered = {OBJECTIVE_INDEX[a.objective] for a in s.legal_actions(SNAKE)}
    assert old in offered and offered == set(s.objd[0]), "NY-165: even the returned one"
    view = s.view(SNAKE)["you"]
    assert view["objective_deck"]["colour"] == "blue"
    new = next(o for o in offered if o != old)
    size = len(s.objd[0])
    act(s, A.TAKE_OBJECTIVE[new])
    assert s.objs[SNAKE][0] == new and old in s.objd[0] and len(s.objd[0]) == size - 1, \
        "NY-165: the new one comes out of the deck, the old one stays in it"
    assert s.objs[SNAKE][1] >= 0, "NY-165: only the chosen colour is swapped"
    assert "objective_deck" not in s.view(MAGGIE).get("you", {}), "only the chooser looks"
    start(s, SNAKE, step=9, frame=SwapFrame(SNAKE))
    act(s, A.SWAP[1])
    keep = s.objs[SNAKE][1] if s.objs[SNAKE][1] >= 0 else s.objd[1][-1]
    assert A.TAKE_OBJECTIVE[keep] in s.legal_actions(SNAKE)


def test_level_3_means_three_bars() -> None:
    s = fresh()
    s.level[SNAKE] = 2
    from getaway.games.new_york.levels import level_up

    s.cur = SNAKE
    level_up(s, SNAKE, [])
    assert s.level[SNAKE] == 3 and top_frame(s) == "SwapFrame", "NY-164 NY-166"


def test_event_deck_reshuffles() -> None:
    s = fresh()
    s.edisc = s.events[:]
    s.events = []
    start(s, SNAKE, step=4, frame=DrawEvent())
    s.settle([])
    assert len(s.events) == 17 and len(s.edisc) == 1, "NY-187"


def test_timer_tiles_raise_the_event_level() -> None:
    s = fresh()
    top_event(s, "all-quiet", "all-quiet")
    top_timer(s, "gang-war")
    start(s, SNAKE, step=4, frame=RevealTile(False))
    s.settle([])
    assert s.evpos == 1 and len(s.edisc) == TRACK.level(1), "NY-188 NY-170"


def test_hurry_up_is_revealed_when_on_top() -> None:
    s = fresh()
    s.timer = [*s.timer[:4], s.timer[-1]]
    start(s, SNAKE, step=4, frame=RevealTile(False))
    s.settle([])
    assert s.hurry and s.landed, "NY-191 NY-192 NY-160"
    assert s.top_red(), "NY-84: the top tile is now red"


def test_new_york_forced_tiles_are_resolved_by_the_current_player() -> None:
    s = fresh()
    top_timer(s, "search-the-ruins")
    s.cur = MAGGIE
    push(s, Phase(13))
    push(s, RevealTile(False))
    s.settle([])
    assert s.to_act() == (MAGGIE,) and top_frame(s) == "RevealPoiFrame", "NY-190"


def test_first_rescue_frame_is_one_step_at_a_time() -> None:
    s = fresh()
    poi(s, "c11r3", "duke-camp")
    s.up |= 1 << sp("c11r3")
    s.cur = SNAKE
    push(s, Phase(13))
    push(s, FirstRescue(3))
    s.settle([])
    assert s.bpos[DUKE] >= 0, "NY-133"




def test_heroes_use_manholes_with_the_right_card() -> None:
    from getaway.games.new_york.moves import F_MANHOLES

    s = fresh()
    lay(s, "c4r3", "city-23")  # Fulton Street: a Manhole
    at(s, SNAKE, "c8r4")  # Grand Central: a Manhole
    roadblock(s, "c8r4", "N")
    _moving(s, SNAKE, 1)
    assert A.MOVE[sp("c4r3")] not in s.legal_actions(SNAKE), "NY-173: not with any card"
    _moving(s, SNAKE, 1, F_MANHOLES)
    assert A.MOVE[sp("c4r3")] in s.legal_actions(SNAKE), "NY-173: with the right card"
    act(s, A.MOVE[sp("c4r3")])
    assert s.hpos[SNAKE] == sp("c4r3") and s.blocked(sp("c8r4"), side("N"))


def _camp_with_three_neighbours(s, **kw) -> None:
    """The Duke's Camp on c11r3 with its 3 revealed neighbours (as in E-14)."""
    poi(s, "c11r3", "duke-camp")
    s.up |= 1 << sp("c11r3")
    for space, tile in (("c11r2", "city-25"), ("c12r4", "city-30"), ("c10r3", "city-13")):
        lay(s, space, tile)
    at(s, CABBIE, "c11r3")
    s.car[CABBIE] = -1


def test_first_rescue_sub_steps_in_order() -> None:
    s = fresh()
    _camp_with_three_neighbours(s)
    start(s, CABBIE)
    events = act(s, A.COLLECT_PRESIDENT)
    kinds = [e.kind for e in events]
    order = [kinds.index("prisoner"), kinds.index("helicopter"), kinds.index("poi"),
             kinds.index("timer_discard"), max(i for i, k in enumerate(kinds) if k == "boss"
                                               and events[i].data["boss"] == "duke")]
    assert order == sorted(order), \
        "NY-129 NY-130 NY-131 NY-133: Prisoners, Helicopter, POIs and tiles, then the Duke"
    assert sum(1 for k in kinds if k == "timer_discard") == sum(1 for k in kinds if k == "poi"), \
        "NY-131: one Timer tile per POI flipped"
    assert not any(k == "timer" for k in kinds), "NY-131: discarded, not resolved"


def test_first_rescue_red_tile_among_the_discards() -> None:
    s = fresh()
    _camp_with_three_neighbours(s)
    from getaway.games.new_york.tables import TIMER_INDEX

    nyw = TIMER_INDEX["new-york-wins"]
    reds = [t for t in s.timer[:3] if t != nyw]
    s.timer = [*reds, nyw, s.timer[3], *s.timer[-2:]]  # 2 black, Hurry Up, New York Wins
    start(s, CABBIE)
    events = act(s, A.COLLECT_PRESIDENT)
    assert s.hurry, "NY-191 G-24: Hurry Up, reaching the top among the discards, is revealed"
    assert [e.kind for e in events].count("timer_discard") == 3, \
        "NY-131: 2 black tiles, then New York Wins (Hurry Up is not one of the discards)"
    out = s.outcome()
    assert out is not None and out.reason == "new_york_wins" and out.winners == (), \
        "NY-132: the red tile ends the game even when discarded"


def test_too_few_prisoners_the_player_places_the_last_ones() -> None:
    s = fresh(hard_prisoners=True)
    _camp_with_three_neighbours(s)
    while s.supply_left() > 2:
        prisoner(s, "c2r2")
    s.noise = 0
    start(s, CABBIE)
    act(s, A.COLLECT_PRESIDENT)
    assert top_frame(s) == "PlaceFrame" and s.noise == 1, \
        "NY-195: 3 spaces, 2 Prisoners left: 1 Noise for the missing one, then a choice"
    first = {a.space for a in s.legal_actions(CABBIE)}
    assert first == {"c11r2", "c12r4", "c10r3"}, "NY-129 NY-195: any of the 3 neighbours"
    act(s, A.PLACE[sp("c12r4")])
    second = {a.space for a in s.legal_actions(CABBIE)}
    assert second == {"c11r2", "c10r3"}, "NY-195: one a space, the next one elsewhere"
    act(s, A.PLACE[sp("c10r3")])
    assert [s.ppos.count(sp(x)) for x in ("c11r2", "c12r4", "c10r3")] == [0, 1, 1], \
        "NY-195: the current player decided where the last two went"
    assert s.supply_left() == 0 and top_frame(s) != "PlaceFrame"


def test_collect_on_the_way_and_move_on() -> None:
    s = fresh()
    s.token[0] = sp("c8r2")
    s.cubes[sp("c8r2")] = 1
    lay(s, "c8r1", "city-30")
    _moving(s, SNAKE, 2)
    act(s, A.MOVE[sp("c8r2")])
    legal = s.legal_actions(SNAKE)
    assert A.COLLECT_CASE[0] in legal, "NY-118: at any point of the turn, passing through too"
    assert A.COLLECT_ITEM in legal, "NY-136: at any point of the turn"
    act(s, A.COLLECT_CASE[0])
    act(s, A.COLLECT_ITEM)
    assert len(s.supply[SNAKE]) == 2 and top_frame(s) == "MoveFrame", "the move goes on"
    act(s, A.MOVE[sp("c8r1")])
    assert s.hpos[SNAKE] == sp("c8r1"), "NY-118: and the Hero carries on"


def test_collect_the_president_on_the_way() -> None:
    s = fresh()
    _camp_with_three_neighbours(s)
    at(s, CABBIE, "c11r2")
    _moving(s, CABBIE, 2)
    act(s, A.MOVE[sp("c11r3")])
    assert A.COLLECT_PRESIDENT in s.legal_actions(CABBIE), "NY-128: at any point of the turn"
    act(s, A.COLLECT_PRESIDENT)
    assert s.pres == CABBIE and s.landed and top_frame(s) == "MoveFrame", \
        "NY-129..133 happen, then the move goes on"


def test_an_item_after_both_cards_and_before_the_damage() -> None:
    s = fresh()
    prisoner(s, "c8r2")
    s.supply[SNAKE] = [item("bulletproof-vest")]
    s.weapon[SNAKE] = -1
    s.played = [card("snake-keep-low"), card("snake-quiet-kill")]
    for c in s.played:
        s.hand[SNAKE].remove(c)
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-quiet-kill")])
    act(s, A.REVEAL[card("snake-keep-low")])
    act(s, A.MOVE[sp("c8r2")])  # into the Prisoner's space with the second card
    while top_frame(s) != "CarStep":
        act(s, A.DONE)
    assert A.USE_ITEM[item("bulletproof-vest")] in s.legal_actions(SNAKE), \
        "NY-139: any time outside a card, so after both cards, before step 7"
    act(s, A.USE_ITEM[item("bulletproof-vest")])
    act(s, A.DONE)
    assert len(s.hand[SNAKE]) == 5, "the vest kept off the Prisoner's damage in step 7"


def test_a_full_supply_discards_before_the_first_rescue() -> None:
    s = fresh()
    _camp_with_three_neighbours(s)
    s.supply[CABBIE] = [*s.supply[CABBIE], item("first-aid-kit"), item("first-aid-kit"),
                        item("first-aid-kit")][-3:]
    start(s, CABBIE)
    events = act(s, A.COLLECT_PRESIDENT)
    assert len(s.supply[CABBIE]) == 4 and top_frame(s) == "OverLimit", \
        "NY-122: the 4th card is discarded at once, before anything else happens"
    assert not any(e.kind == "helicopter" for e in events), "NY-129: the rescue waits"
