"""Moving prisoners and what the spaces of the island do (AZ-30 to AZ-68)."""

from __future__ import annotations

from getaway.core.decisions import PASS
from getaway.games.alcatraz_2034.actions import (
    DRAW,
    END_TURN,
    ENTER_TUNNEL,
    Draw,
    Move,
    Play,
    StartRun,
)
from getaway.games.alcatraz_2034.routes import prisoner_reach
from getaway.games.alcatraz_2034.tables import (
    ADJ,
    BUILDINGS,
    CELL,
    FACE_DOWN,
    FACE_UP,
    RUN_SPACES,
    SNEAK,
    TUNNEL,
    WALK,
)
from tests.games.alcatraz_2034.builder import (
    P,
    act,
    assert_illegal,
    build,
    legal,
    pending,
    play_until_turn_of,
    sp,
)

CHARS = {"sue": (0, "electrician"), "ivy": (0, "doctor"), "cole": (1, "hacker"),
         "rex": (1, "boxer")}


def moves(s, prisoner: str, way: str) -> set[str]:
    """Where ``prisoner`` may go ``way`` now."""
    return {a.to for a in legal(s) if isinstance(a, Move) and a.prisoner == prisoner
            and a.way == way}


def two(**kw):
    kw.setdefault("chars", CHARS)
    return build(2, **kw)


# -- the turn --------------------------------------------------------------------


def test_a_turn_moves_exactly_one_own_prisoner() -> None:
    s = two(at={"sue": "yard-1", "ivy": "yard-3", "cole": "yard-5", "rex": "road-4-1"})
    movers = {a.prisoner for a in legal(s) if isinstance(a, Move)}
    assert movers == {"sue", "ivy"}, "AZ-30: only seat 0's prisoners on the island"
    assert_illegal(s, 0, Move("cole", "walk", "yard-6"), "not one of seat 0's prisoners")
    act(s, Move("sue", "walk", "road-1-2"))
    after = legal(s)
    assert not any(isinstance(a, (Move, StartRun)) for a in after), \
        "AZ-30 AZ-31: one prisoner, one move; no Run after moving"
    assert END_TURN in after
    assert_illegal(s, 0, Move("ivy", "walk", "yard-4"), "already moved")


def test_markers_show_the_last_way_of_moving() -> None:
    s = two(at={"sue": "yard-1", "ivy": "yard-3"}, markers={"ivy": "run"},
            sentinel_pile=["security-upgrade", "security-upgrade"])
    act(s, Move("sue", "sneak", "road-1-2"))
    assert s.marker[P["sue"]] == SNEAK, "AZ-34"
    assert s.marker[P["ivy"]] == 3 and s.pos[P["ivy"]] == sp("yard-3"), \
        "AZ-35: the other prisoner keeps its place and its marker"
    assert s.marker[P["cole"]] == 0, "AZ-29: no marker before a first move"
    play_until_turn_of(s, 0)
    assert s.cur == 0 and s.turn == 12
    assert s.marker[P["sue"]] == SNEAK, "AZ-46: the marker stays through other turns"
    act(s, Move("ivy", "walk", "yard-4"))
    assert s.marker[P["sue"]] == SNEAK and s.marker[P["ivy"]] == WALK, \
        "AZ-35 AZ-46: a different prisoner may act; Sue keeps her marker"


# -- allowances -------------------------------------------------------------------


def test_allowances_from_the_cell_block() -> None:
    s = two(at={"sue": "cell-block"})
    sneak, walk, run = (moves(s, "sue", w) for w in ("sneak", "walk", "run"))
    assert "road-1-3" in sneak and "road-1-4" not in sneak, "AZ-36 AZ-47: 4 steps"
    assert "cell-block" in sneak, "AZ-36: sneaking 0 steps (staying) is a move"
    assert "cell-block" not in walk and "cell-block" not in run
    assert "road-1-5" in walk and "coast-01" not in walk, "AZ-37: 6 steps"
    assert "coast-02" in run and "coast-03" not in run, "AZ-38: 8 steps"
    assert {"yard-1", "road-1-1"} <= walk & run, "AZ-39: stopping short is allowed"


def test_running_may_not_end_on_a_safe_space() -> None:
    s = two(at={"sue": "yard-1"})
    assert "road-1-4" in moves(s, "sue", "sneak"), "AZ-41: sneaking ends on a safe space"
    assert "road-1-4" in moves(s, "sue", "walk"), "AZ-41: walking too"
    assert "road-1-4" not in moves(s, "sue", "run"), "AZ-41: running does not"
    assert "road-1-5" in moves(s, "sue", "run"), "running passes through it"
    assert_illegal(s, 0, Move("sue", "run", "road-1-4"), "safe space")


def test_only_sneaking_passes_a_sentinel() -> None:
    s = two(at={"sue": "yard-1"}, sentinels={"road-1-2": "smarts"})
    assert "road-1-3" in moves(s, "sue", "sneak"), "AZ-40: sneaking passes the sentinel"
    assert "road-1-3" not in moves(s, "sue", "walk"), "AZ-40 AZ-50: walking cannot"
    assert "road-1-2" not in moves(s, "sue", "sneak") | moves(s, "sue", "walk"), \
        "AZ-GAP-15: no move ends on a route space holding a sentinel"
    assert "road-1-1" in moves(s, "sue", "walk")
    # running takes the long way round (7 steps) instead
    assert "road-1-3" in moves(s, "sue", "run"), "AZ-50: the way past is blocked, not the space"
    act(s, Move("sue", "sneak", "road-1-3"))
    assert s.pos[P["sue"]] == sp("road-1-3") and s.attack is None, "no attack follows"


def test_walking_cannot_pass_a_sentinel_on_a_run_space_but_may_end_there() -> None:
    s = two(at={"sue": "coast-01"}, sentinels={"coast-03": "skills"})
    walk = moves(s, "sue", "walk")
    assert "coast-03" in walk, "AZ-GAP-15: a Run space may be shared with a sentinel"
    assert "coast-05" not in walk, "AZ-50: but not passed"
    assert "coast-05" in moves(s, "sue", "sneak"), "AZ-40"
    act(s, Move("sue", "walk", "coast-03"))
    assert s.attack is None, "AZ-GAP-15: ending beside a sentinel starts no attack"


def test_prisoners_pass_prisoners_but_never_share_a_route_space() -> None:
    s = two(at={"sue": "yard-1", "ivy": "road-1-2", "cole": "road-1-4"})
    walk = moves(s, "sue", "walk")
    assert "road-1-3" in walk and "road-1-5" in walk, "AZ-49: passing other prisoners"
    assert "road-1-2" not in walk and "road-1-4" not in walk, "AZ-51: one per route space"
    assert_illegal(s, 0, Move("sue", "walk", "road-1-2"), "already holds a prisoner")


def test_buildings_and_run_spaces_hold_many() -> None:
    s = two(at={"sue": "yard-1", "ivy": "building-01", "cole": "coast-02",
                "rex": "coast-03"})
    assert "building-01" in moves(s, "sue", "walk"), "AZ-52 AZ-53: into a shared building"
    s2 = two(at={"sue": "coast-01", "rex": "coast-03"})
    assert "coast-03" in moves(s2, "sue", "walk"), "AZ-52 AZ-53: onto a shared Run space"
    act(s2, Move("sue", "walk", "coast-03"))
    assert s2.pos[P["sue"]] == s2.pos[P["rex"]] == sp("coast-03"), "AZ-52"


def test_a_yellow_route_ends_the_move() -> None:
    s = two(at={"sue": "lane-1-1"})
    walk = moves(s, "sue", "walk")
    assert "coast-04" in walk, "AZ-54: down the cliff stairs"
    assert "coast-05" not in walk and "coast-03" in walk, \
        "AZ-54: no step beyond the stairs' end (coast-03 comes the long way)"
    assert "coast-05" in moves(s, "sue", "run"), "the long way round, 7 steps"
    s2 = two(at={"sue": "coast-04"})
    assert "lane-1-2" in moves(s2, "sue", "sneak"), "AZ-54: up the stairs too"
    assert "road-2-3" not in moves(s2, "sue", "sneak"), "AZ-54: the stop works both ways"
    act(s, Move("sue", "walk", "coast-04"))
    assert s.locked, "AZ-54: the move is over (no extra steps from a card)"


def test_white_and_green_routes_and_free_start_spaces() -> None:
    s = two(at={"sue": "yard-2"})
    walk = moves(s, "sue", "walk")
    assert "road-2-2" in walk and "road-2-3" in walk, \
        "AZ-48: a red start space with no sentinel is an ordinary space"
    assert "road-1-4" in walk, "AZ-48: green routes lead to safe spaces"
    # every end of a move is one step per space entered
    for start in (sp("yard-2"), sp("coast-12")):
        ends, _ = prisoner_reach(start, WALK, 0)
        dist = {start: 0}
        todo = [start]
        while todo:
            i = todo.pop(0)
            for j, _y in ADJ[i]:
                if j not in dist:
                    dist[j] = dist[i] + 1
                    todo.append(j)
        assert all(dist[e] <= 6 for e in ends), "AZ-47"


# -- buildings, the cell block and Run spaces ---------------------------------------


def test_a_building_is_revealed_on_arrival_and_offers_its_deck() -> None:
    s = two(at={"sue": "yard-1"}, buildings={"building-01": "smarts"})
    b = BUILDINGS.index(sp("building-01"))
    act(s, Move("sue", "walk", "road-2-1"))
    assert not s.building_up >> b & 1, "AZ-56: walking past does not reveal it"
    assert all(len(ADJ[i]) == 1 for i in BUILDINGS), "AZ-56: no move passes through one"
    s = two(at={"sue": "yard-1"}, buildings={"building-01": "smarts"})
    act(s, Move("sue", "walk", "building-01"))
    assert s.building_up >> b & 1, "AZ-55: revealed on arrival"
    assert pending(s) == "DrawChoice"
    assert set(legal(s)) == {DRAW[0], PASS}, "AZ-57: a Smarts card, if the player wants"
    size = len(s.hands[0])
    act(s, Draw("smarts"))
    assert len(s.hands[0]) == size + 1 and s.hands[0][-1] in range(8), "AZ-57 AZ-2"
    assert pending(s) == "Turn" and s.acted


def test_a_revealed_building_stays_up_and_gives_a_card_each_visit() -> None:
    s = two(at={"sue": "building-01"}, buildings={"building-01": "toughness"},
            revealed=["building-01"])
    b = BUILDINGS.index(sp("building-01"))
    act(s, Move("sue", "walk", "yard-2"))
    assert s.building_up >> b & 1, "AZ-55: stays face up"
    s = two(at={"sue": "yard-2"}, buildings={"building-01": "toughness"},
            revealed=["building-01"])
    act(s, Move("sue", "walk", "building-01"))
    assert set(legal(s)) == {DRAW[1], PASS}, "AZ-58: a card again on a later visit"
    act(s, PASS)
    assert pending(s) == "Turn", "AZ-57: the card may be declined"


def test_an_abandoned_building_gives_nothing() -> None:
    s = two(at={"sue": "yard-2"}, buildings={"building-01": "abandoned"},
            hands=[["crowbar", "flight-codes"], []])
    act(s, Move("sue", "walk", "building-01"))
    assert pending(s) == "Turn" and legal(s)[-1] == END_TURN, "AZ-60: no card"
    s.turn += 1
    s.acted = False
    assert not any(isinstance(a, StartRun) for a in legal(s)), "AZ-60: no Run from there"


def test_the_cell_block_ends_the_move_and_gives_a_card_of_choice() -> None:
    s = two(at={"sue": "yard-2"})
    assert "cell-block" in moves(s, "sue", "walk"), "AZ-62: walking back by choice"
    _, stops = prisoner_reach(sp("yard-2"), WALK, 0)
    assert stops >> CELL & 1, "AZ-62: entering it ends the move"
    act(s, Move("sue", "walk", "cell-block"))
    assert pending(s) == "DrawChoice" and set(legal(s)) == set(DRAW), \
        "AZ-62 AZ-61: one card from any deck"
    act(s, Draw("system"))
    assert len(s.hands[0]) == 1 and s.locked, "AZ-2 AZ-62"
    s2 = two(at={"sue": "cell-block"})
    assert "yard-3" in moves(s2, "sue", "walk"), "leaving it is an ordinary move"


def test_run_spaces_are_passed_like_any_space_and_turn_their_tile_up() -> None:
    s = two(at={"sue": "coast-02"})
    slot = RUN_SPACES.index(sp("coast-03"))
    assert s.run_tile_state[slot] == FACE_DOWN
    assert "coast-04" in moves(s, "sue", "walk"), "AZ-63: through a Run space"
    act(s, Move("sue", "walk", "coast-05"))
    assert s.run_tile_state[slot] == FACE_DOWN, "passing does not turn the tile"
    s = two(at={"sue": "coast-02"})
    act(s, Move("sue", "walk", "coast-03"))
    assert s.run_tile_state[slot] == FACE_UP, "AZ-64: the tile is turned face up"
    assert not any(isinstance(a, StartRun) for a in s.legal_actions(0)), \
        "AZ-65 AZ-3: no Run in the turn it arrived"


def test_a_helipad_is_a_run_location_of_four_air_cards() -> None:
    s = two(at={"sue": "yard-2"}, buildings={"building-01": "helipad"},
            hands=[["flight-codes"], []])
    act(s, Move("sue", "walk", "building-01"))
    assert s.pos[P["sue"]] == sp("building-01"), "AZ-66: the prisoner waits in the building"
    s.turn += 2
    s.acted = False
    s._cache = None
    assert StartRun("sue", "flight-codes") in legal(s), "AZ-59 AZ-66"
    act(s, StartRun("sue", "flight-codes"))
    assert s.run is not None and s.run.method == 2, "AZ-66: an Air Run"
    assert len(s.run.dealt) + len(s.run.shown) == 4, "AZ-66: four Air Run cards"


def test_the_tunnel_takes_a_prisoner_out_of_reach() -> None:
    s = two(at={"sue": "yard-2"}, buildings={"building-01": "tunnel"})
    act(s, Move("sue", "walk", "building-01"))
    assert pending(s) == "TunnelChoice" and set(legal(s)) == {ENTER_TUNNEL, PASS}, "AZ-59"
    act(s, ENTER_TUNNEL)
    assert s.pos[P["sue"]] == TUNNEL, "AZ-67: on the tunnel space in the sea"
    from getaway.games.alcatraz_2034.routes import sentinel_reach
    from getaway.games.alcatraz_2034.sentinels import drone_targets

    assert P["sue"] not in drone_targets(s), "AZ-67: no drone reaches it"
    assert TUNNEL not in sentinel_reach(sp("yard-2"), 8, s.prisoner_mask(), 0), \
        "AZ-67 AZ-80: no sentinel goes there"
    assert sp("building-01") in sentinel_reach(sp("yard-2"), 8, s.prisoner_mask(), 0), \
        "AZ-80: a sentinel may still enter the tunnel building"
    s.turn += 2
    s.acted = False
    s._cache = None
    runs = [a for a in legal(s) if isinstance(a, StartRun)]
    assert runs == [StartRun("sue", "")], "AZ-59 AZ-106: a Tunnel Run needs no card"
    act(s, runs[0])
    assert s.run is not None and s.run.method == 3
    assert len(s.run.dealt) + len(s.run.shown) == 3, "AZ-68: three Tunnel Run cards"


def test_extra_steps_from_a_card_move_the_same_way() -> None:
    s = two(at={"sue": "yard-1"}, hands=[["sprint"], []])
    assert not any(isinstance(a, Play) for a in legal(s)), "only after moving"
    act(s, Move("sue", "walk", "road-1-2"))
    act(s, Play("sprint", "sue"))
    assert pending(s) == "ExtraMove"
    ends = {a.to for a in legal(s) if isinstance(a, Move)}
    assert ends == {"road-1-1", "road-1-3", "building-03", "road-1-4", "lane-1-1", "yard-1"}
    act(s, Move("sue", "walk", "road-1-4"))
    assert s.pos[P["sue"]] == sp("road-1-4") and s.marker[P["sue"]] == WALK
