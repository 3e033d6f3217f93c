"""New York's Enemy movement: priority, routes, Cars, the step-12 pull (enemies.py, routes.py)."""

from __future__ import annotations

import doctest
from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from getaway.core.content import Source
from getaway.games.new_york import enemies as enemies_module
from getaway.games.new_york import routes as routes_module
from getaway.games.new_york.board import ALL_ROADS, Map, Space
from getaway.games.new_york.enemies import (
    Kind,
    Move,
    Mover,
    Scene,
    options,
    priority,
    pull,
    reaches,
)
from getaway.games.new_york.model import Dir, SpaceKind
from getaway.games.new_york.routes import (
    UNREACHED,
    Field,
    Walk,
    all_distances,
    distance,
    distances,
    space_index,
)

P, C, B = Kind.PRISONER, Kind.CAR, Kind.BOSS


def test_doctests():
    for mod in (routes_module, enemies_module):
        assert doctest.testmod(mod).failed == 0


# -- a hand-made map on the real geometry ---------------------------------------------


def grid(cols: range, rows: range) -> Map:
    """Every cell of the rectangle is a land space ``c<col>r<row>``."""
    spaces = tuple(Space(f"c{c}r{r}", c, r, SpaceKind.CITY, False, None, None,
                         Source.DESIGNED)
                   for c in cols for r in rows)
    return Map(cols.stop + 1, rows.stop + 1, spaces, (), Source.DESIGNED)


MAP = grid(range(2, 9), range(1, 7))
IX = space_index(MAP)


def at(col: int, row: int) -> int:
    return IX[f"c{col}r{row}"]


def side_of(a: int, b: int) -> Dir | None:
    return MAP.side(MAP.spaces[a].id, MAP.spaces[b].id)


def open_walk(roadblocks=(), manholes=(), roads=None) -> Walk:
    """The whole rectangle revealed, every tile open on all sides unless ``roads`` says."""
    laid = {s.id: ALL_ROADS for s in MAP.spaces}
    laid.update(roads or {})
    return Walk.of_map(MAP, laid, roadblocks, manholes)


def scene(walk, hero, movers, heroes=(), done=(), cars=()) -> Scene:
    return Scene(walk, hero, frozenset(heroes), tuple(movers), frozenset(done), frozenset(cars))


def line(n: int, roadblocks=(), manholes=(), extra=()) -> Walk:
    """Spaces 0..n-1 in a row (0 is where the Hero usually stands)."""
    return Walk.build(n, [(i, i + 1) for i in range(n - 1)] + list(extra), roadblocks, manholes)


# -- routes -----------------------------------------------------------------------------


def test_of_map_joins_on_either_road_and_skips_closed_spaces():
    a, b, c = "c4r4", "c4r5", "c5r4"   # b is S of a, c is SE of a
    w = Walk.of_map(MAP, {a: {Dir.S}, b: set(), c: set()})
    assert w.steps(IX[a]) == (IX[b],)                      # a's road S joins b
    assert IX[c] not in w.steps(IX[a])                     # no road either side
    w = Walk.of_map(MAP, {a: set(), c: {Dir.NW}})          # c's road NW reaches a
    assert w.steps(IX[a]) == (IX[c],)
    # a space absent from ``roads`` (empty, or a face-down POI, G-26) is closed
    w = Walk.of_map(MAP, {a: ALL_ROADS})
    assert w.steps(IX[a]) == ()


def test_of_map_roadblocks_and_manholes():
    a = "c4r4"
    w = open_walk(roadblocks=[(a, Dir.S)], manholes=[a, "c8r1"])
    assert at(4, 5) not in w.steps(IX[a]) and w.blocked[IX[a]] == (at(4, 5),)
    assert w.blocked[at(4, 5)] == (IX[a],)                 # a road is blocked both ways
    assert w.manholes == {IX[a], at(8, 1)}
    assert w.opened(IX[a], at(4, 5)).blocked[IX[a]] == ()
    with pytest.raises(ValueError, match="no face-up Roadblock"):
        w.opened(IX[a], at(5, 4))


def test_distances_manholes_count_one_step():
    w = line(6, manholes=[0, 5])
    assert distances(w, 0) == [0, 1, 2, 3, 2, 1]
    assert distances(w, 0, manholes=False) == [0, 1, 2, 3, 4, 5]
    assert distance(w, 1, 5) == 2 and distance(w, 1, 5, manholes=False) == 4
    assert all_distances(w)[5][0] == 1
    assert distance(Walk.build(3, [(0, 1)]), 0, 2) is None
    f = Field(w, 0)
    assert f.sewers[5] == 1 and f.roads[5] == 5 and f.forced[5] == 5


def test_distances_roadblocks_only_when_asked():
    w = line(3, roadblocks=[(1, 2)])
    assert distances(w, 0) == [0, 1, UNREACHED]
    assert distances(w, 0, roadblocks=True) == [0, 1, 2]


def test_build_rejects_bad_roads():
    with pytest.raises(ValueError, match="bad road"):
        Walk.build(2, [(0, 2)])
    with pytest.raises(ValueError, match="manhole"):
        Walk.build(2, [(0, 1)], manholes=[3])


# -- E-18: "The Duke" moves up to 3 Enemies ---------------------------------------------

BRAIN = at(4, 4)
BLUE, PURPLE, GREEN, ROMERO = 1, 2, 3, 4


def e18() -> Scene:
    walk = open_walk(manholes=["c7r4", "c3r4"])       # Romero's space and one next to Brain
    return scene(walk, BRAIN, [
        Mover(BLUE, P, 1, at(5, 4)),                  # distance 1
        Mover(PURPLE, P, 1, at(3, 2)),                # distance 2, two ways
        Mover(GREEN, C, 2, at(5, 5)),                 # a Prisoner with a Car, distance 2
        Mover(ROMERO, B, 2, at(7, 4)),                # distance 2 only through the Manhole
    ])


def test_e18_distances():
    s = e18()
    f = s.to_hero
    assert [f.sewers[at(5, 4)], f.sewers[at(3, 2)], f.roads[at(5, 5)], f.sewers[at(7, 4)]] \
        == [1, 2, 2, 2]
    assert f.roads[at(7, 4)] == 3                     # on foot Romero would be 3 away


def test_e18_the_duke_moves_three_enemies():
    s = e18()
    # E-18, NY-217/218: reach order green (Car), Romero (Boss), blue; purple cannot reach
    assert [tuple(m.id for m in g) for g in priority(s)] \
        == [(GREEN,), (ROMERO,), (BLUE,), (PURPLE,)]
    assert [reaches(s, m) for m in s.movers] == [True, False, True, True]

    # move 1 (E-18, NY-204/205): of green's two ways, the one through blue's space
    # picks him up, so it is the only option and both arrive
    green = next(m for m in s.movers if m.id == GREEN)
    (m1,) = options(s, green)
    assert m1.end == BRAIN and m1.passenger == BLUE and m1.path[1] == at(5, 4)
    s = s.after(m1)
    assert {m.id for m in s.movers if m.space == BRAIN} == {GREEN, BLUE}

    # move 2 (E-18, NY-222): blue is engaged now; Romero comes through the Manhole
    assert [tuple(m.id for m in g) for g in priority(s)] == [(ROMERO,), (PURPLE,)]
    romero = next(m for m in s.movers if m.id == ROMERO)
    (m2,) = options(s, romero)
    assert m2.path == (at(7, 4), at(3, 4), BRAIN)
    s = s.after(m2)

    # move 3 (E-18, NY-220): purple moves 1 and has 2 ways; the player picks top-left
    assert [tuple(m.id for m in g) for g in priority(s)] == [(PURPLE,)]
    purple = next(m for m in s.movers if m.id == PURPLE)
    ways = options(s, purple)
    assert {side_of(BRAIN, o.end) for o in ways} == {Dir.N, Dir.NW}
    pick = next(o for o in ways if side_of(BRAIN, o.end) is Dir.NW)
    s = s.after(pick)

    # result: 3 Enemies in Brain's space and purple 1 space away
    assert sorted(m.id for m in s.movers if m.space == BRAIN) == [BLUE, GREEN, ROMERO]
    assert s.to_hero.sewers[next(m for m in s.movers if m.id == PURPLE).space] == 1
    assert priority(s) == []                          # nobody is left to move


def test_e18_recomputation_reuses_the_distances():
    s = e18()
    f = s.to_hero
    green = next(m for m in s.movers if m.id == GREEN)
    assert s.after(options(s, green)[0]).to_hero is f


# -- E-8 and step 12 -------------------------------------------------------------------

SNAKE = at(4, 4)


def neighbour(space: int, d: Dir) -> int:
    n = MAP.neighbour(MAP.spaces[space].id, d)
    assert n is not None
    return IX[n.id]


def around(walk, heroes=(), tricked=()) -> Scene:
    """A Prisoner (id = side index) on each of the six neighbours of Snake."""
    movers = [Mover(i, P, 1, neighbour(SNAKE, d), tricked=i in tricked)
              for i, d in enumerate(Dir)]
    return scene(walk, SNAKE, movers, heroes=heroes)


def test_e8_pull_bottom_and_top_left():
    s = around(open_walk())
    # E-8, NY-67/68: the card back shows bottom (S) and top left (NW)
    pulled = pull(s, [neighbour(SNAKE, Dir.S), neighbour(SNAKE, Dir.NW)])
    assert {side_of(SNAKE, m.space) for m in pulled} == {Dir.S, Dir.NW}


def test_pull_stops_at_roadblocks_engaged_tricked_and_manholes():
    sources = [neighbour(SNAKE, d) for d in (Dir.S, Dir.NW, Dir.N, Dir.SE)]
    walk = open_walk(roadblocks=[("c4r4", Dir.S)],                 # NY-70
                     manholes=["c4r4", "c5r4"],
                     roads={"c4r4": frozenset(ALL_ROADS - {Dir.SE}),
                            "c5r4": frozenset(ALL_ROADS - {Dir.NW})})
    s = around(walk, heroes=[neighbour(SNAKE, Dir.NW)],              # NY-69: engaged
               tricked=[list(Dir).index(Dir.N)])                    # NY-71: tricked
    # NY-72: SE is linked to Snake's space only by the Manhole: not pulled
    assert pull(s, sources) == ()
    # NY-73: sides not named stay; a name of Snake's own space is ignored
    assert pull(s, [SNAKE]) == ()


def test_pull_brings_cars_and_bosses_along_open_roads():
    s = scene(open_walk(), SNAKE, [Mover(1, C, 2, neighbour(SNAKE, Dir.S)),
                                   Mover(2, B, 1, neighbour(SNAKE, Dir.S)),
                                   Mover(3, P, 1, neighbour(SNAKE, Dir.N))])
    assert [m.id for m in pull(s, [neighbour(SNAKE, Dir.S)])] == [1, 2]


def test_pull_never_forces_a_car_through_a_roadblock():
    s = scene(line(2, roadblocks=[(0, 1)]), 0, [Mover(1, C, 2, 1)])
    assert pull(s, [1]) == ()


# -- roadblocks, tricks, engagement ------------------------------------------------------


def ring_walk(roadblocks=((0, 1),)) -> Walk:
    """0-1-2-3-4-0: from 2 the short way to 0 is through 1."""
    return Walk.build(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)], roadblocks)


def test_roadblocks_stop_enemies():
    # NY-207: a Prisoner goes the long way round a face-up Roadblock
    s = scene(ring_walk(), 0, [Mover(1, P, 2, 2)])
    (o,) = options(s, s.movers[0])
    assert o.path == (2, 3, 4) and not reaches(s, s.movers[0])
    # with the only road blocked, nobody moves and nobody is ranked
    s = scene(line(3, roadblocks=[(0, 1)]), 0, [Mover(1, P, 2, 2), Mover(2, B, 2, 1)])
    assert priority(s) == [] and options(s, s.movers[0]) == () and options(s, s.movers[1]) == ()


def test_tricked_and_engaged_enemies_never_move():
    movers = [Mover(1, P, 1, 1, tricked=True),        # NY-71, NY-116
              Mover(2, B, 2, 2),                       # engaged with another Hero (NY-221)
              Mover(3, C, 2, 0),                       # engaged with the current Hero
              Mover(4, P, 1, 3)]
    s = scene(line(5), 0, movers, heroes=[2])
    assert [tuple(m.id for m in g) for g in priority(s)] == [(4,)]
    assert all(options(s, m) == () for m in movers[:3])


def test_enemy_with_no_route_is_not_ranked():
    s = scene(Walk.build(4, [(0, 1), (2, 3)]), 0, [Mover(1, B, 3, 3), Mover(2, P, 1, 1)])
    assert [tuple(m.id for m in g) for g in priority(s)] == [(2,)]


def test_moved_enemies_are_not_moved_again():
    s = scene(line(4), 0, [Mover(1, P, 1, 3)])
    s = s.after(options(s, s.movers[0])[0])
    assert s.movers[0].space == 2 and priority(s) == []


def test_enemies_pass_other_heroes():
    # decision: a Hero who is not the current one does not stop an Enemy passing by
    s = scene(line(4), 0, [Mover(1, P, 3, 3)], heroes=[1, 2])
    assert options(s, s.movers[0])[0].path == (3, 2, 1, 0)


# -- priority and ties ----------------------------------------------------------------


def test_priority_order_and_reported_ties():
    w = Walk.build(8, [(0, i) for i in range(1, 4)] + [(1, 4), (2, 5), (3, 6), (6, 7)])
    s = scene(w, 0, [
        Mover(1, P, 1, 1), Mover(2, P, 1, 2),          # tied: both reach with move 1
        Mover(3, B, 1, 3), Mover(4, B, 2, 6),          # Boss 4 reaches with move 2
        Mover(5, C, 2, 4), Mover(6, P, 2, 5),          # Car before Prisoner at move 2
        Mover(7, B, 1, 7), Mover(8, P, 1, 4),          # cannot reach
    ])
    assert [tuple(m.id for m in g) for g in priority(s)] \
        == [(5,), (4,), (6,), (3,), (1, 2), (7,), (8,)]   # NY-217..220
    assert [tuple(m.id for m in g) for g in priority(s, kinds={B})] == [(4,), (3,), (7,)]


def test_bosses_with_equal_movement_are_a_tie():
    s = scene(line(3), 1, [Mover(1, B, 2, 0), Mover(2, B, 2, 2)])
    assert [tuple(m.id for m in g) for g in priority(s)] == [(1, 2)]


def test_identical_tokens_are_not_a_choice():
    s = scene(line(3), 0, [Mover(5, P, 1, 2), Mover(3, P, 1, 2), Mover(4, P, 2, 2)])
    assert [tuple(m.id for m in g) for g in priority(s)] == [(4,), (3,)]


# -- Cars ---------------------------------------------------------------------------------


def test_cars_never_use_manholes():
    # NY-202: the Car drives; the Prisoner beside it goes down the Manhole (NY-173)
    s = scene(line(5, manholes=[1, 4]), 0, [Mover(1, C, 2, 4), Mover(2, P, 2, 4)])
    car, walker = s.movers
    assert options(s, car)[0].path == (4, 3, 2)
    assert options(s, walker)[0].path == (4, 1, 0)
    assert [tuple(m.id for m in g) for g in priority(s)] == [(2,), (1,)]


def test_a_car_picks_up_a_prisoner_never_a_boss():
    # two fastest ways from 3 to 0: through 1 or through 2
    w = Walk.build(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
    boss_on_1 = [Mover(1, C, 2, 3), Mover(2, B, 1, 1)]
    s = scene(w, 0, boss_on_1)
    # NY-203: a Boss is no passenger; both ways end alike, so they are one option
    assert [(o.end, o.passenger) for o in options(s, s.movers[0])] == [(0, None)]
    s = scene(w, 0, [*boss_on_1, Mover(3, P, 1, 2)])
    (o,) = options(s, s.movers[0])                     # NY-204/205
    assert o.path == (3, 2, 0) and o.passenger == 3
    s = s.after(o)
    assert {m.id: m.space for m in s.movers} == {1: 0, 2: 1, 3: 0} and s.done == {1, 3}


def test_a_car_picks_up_in_its_own_space_but_not_where_it_stops():
    s = scene(line(4), 0, [Mover(1, C, 2, 3), Mover(2, P, 1, 3), Mover(3, P, 1, 1)])
    (o,) = options(s, s.movers[0])
    assert o.path == (3, 2, 1) and o.passenger == 2     # 3 is where it stops: no ride


def test_passengers_are_free_prisoners_only():
    movers = [Mover(1, C, 3, 3), Mover(2, P, 1, 2, tricked=True), Mover(3, C, 1, 2),
              Mover(4, P, 1, 1)]
    s = scene(line(4), 0, movers, heroes=[1])          # 4 is engaged with another Hero
    assert [o.passenger for o in options(s, s.movers[0])] == [None]
    s = scene(line(4), 0, [*movers[:1], Mover(5, P, 1, 2)], done=[5])
    assert [o.passenger for o in options(s, s.movers[0])] == [None]


def test_a_car_with_no_open_route_breaks_through_a_roadblock():
    # NY-206: the only way is across the Roadblock between 1 and 0
    s = scene(line(3, roadblocks=[(0, 1)]), 0, [Mover(1, C, 3, 2), Mover(2, P, 1, 2)])
    car = s.movers[0]
    assert reaches(s, car)
    (o,) = options(s, car)
    assert o.path == (2, 1, 0) and o.crash == (1, 0) and o.passenger == 2
    s = s.after(o)
    assert s.walk.steps(0) == (1,) and s.walk.blocked[0] == ()   # flipped: an open road
    assert s.movers[0] == Mover(1, P, 2, 0)             # a plain Prisoner now
    assert s.field is not None and s.field.walk is s.walk


def test_a_crash_ends_the_move_beyond_the_roadblock():
    s = scene(line(4, roadblocks=[(1, 2)]), 0, [Mover(1, C, 3, 3)])
    (o,) = options(s, s.movers[0])
    assert o.path == (3, 2, 1) and o.crash == (2, 1) and not reaches(s, s.movers[0])
    # out of reach of the Roadblock, it just drives towards it
    s = scene(line(6, roadblocks=[(1, 2)]), 0, [Mover(1, C, 2, 5)])
    (o,) = options(s, s.movers[0])
    assert o.path == (5, 4, 3) and o.crash is None


def test_a_crash_is_not_forced_when_an_open_way_ends_alike():
    # no open route reaches 0; from 4 two fastest drives end on 1: 4-2-1 by open roads,
    # 4-3-1 through the Roadblock 3-1. The Car is not forced through it (NY-206).
    w = Walk.build(5, [(0, 1), (1, 2), (1, 3), (2, 4), (3, 4)], roadblocks=[(0, 1), (1, 3)])
    s = scene(w, 0, [Mover(1, C, 2, 4)])
    (o,) = options(s, s.movers[0])
    assert o.path == (4, 2, 1) and o.crash is None


def test_different_passengers_are_different_outcomes():
    # NY-205: both fastest ways from 3 pick up a Prisoner; which one is the player's tie
    w = Walk.build(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
    s = scene(w, 0, [Mover(1, C, 2, 3), Mover(2, P, 1, 1), Mover(3, P, 1, 2),
                     Mover(4, P, 1, 2)])
    assert [(o.end, o.passenger) for o in options(s, s.movers[0])] == [(0, 2), (0, 3)]


def test_a_car_is_not_forced_while_an_open_route_exists():
    # the long open way 2-3-4-0 beats the short way through the Roadblock
    s = scene(ring_walk(), 0, [Mover(1, C, 3, 2)])
    (o,) = options(s, s.movers[0])
    assert o.path == (2, 3, 4, 0) and o.crash is None


# -- abandoned Cars (NY-200, E-17) --------------------------------------------------------


def test_a_prisoner_stops_on_an_abandoned_car():
    s = scene(line(4), 0, [Mover(1, P, 2, 3)], cars=[2])
    (o,) = options(s, s.movers[0])
    assert o.path == (3, 2) and o.taker == 1 and not reaches(s, s.movers[0])
    s = s.after(o)
    assert s.movers[0] == Mover(1, C, 3, 2) and s.cars == frozenset()   # E-17: +1 move


def test_abandoned_car_routes_are_a_choice():
    w = Walk.build(4, [(0, 1), (0, 2), (1, 3), (2, 3)])
    s = scene(w, 0, [Mover(1, P, 2, 3), Mover(2, B, 2, 3)], cars=[1])
    assert [(o.end, o.taker) for o in options(s, s.movers[0])] == [(0, None), (1, 1)]
    assert reaches(s, s.movers[0])
    assert [(o.end, o.taker) for o in options(s, s.movers[1])] == [(0, None)]   # NY-203


def test_a_passenger_takes_a_car_where_the_car_stops():
    s = scene(line(4), 0, [Mover(1, C, 2, 3), Mover(2, P, 1, 3)], cars=[1])
    (o,) = options(s, s.movers[0])
    assert o.end == 1 and o.passenger == 2 and o.taker == 2


# -- properties on random small maps ------------------------------------------------------


@st.composite
def situations(draw):
    n = draw(st.integers(2, 9))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    roads = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    blocks = draw(st.lists(st.sampled_from(roads), unique=True)) if roads else []
    holes = draw(st.sets(st.integers(0, n - 1), max_size=4))
    hero = draw(st.integers(0, n - 1))
    heroes = draw(st.sets(st.integers(0, n - 1), max_size=2))
    cars = draw(st.sets(st.integers(0, n - 1), max_size=2))
    movers = draw(st.lists(st.tuples(st.sampled_from(list(Kind)), st.integers(1, 4),
                                     st.integers(0, n - 1), st.booleans()), max_size=6))
    walk = Walk.build(n, roads, blocks, holes)
    return scene(walk, hero, [Mover(i, k, mv, sp, tr and i % 3 == 0)
                              for i, (k, mv, sp, tr) in enumerate(movers)],
                 heroes=heroes, cars=cars)


def _metric(s: Scene, m: Mover) -> list[int]:
    f = s.to_hero
    if m.kind is C:
        return f.roads if f.roads[m.space] >= 0 else f.forced
    return f.sewers


def _car_outcomes(s: Scene, m: Mover) -> set[tuple[int, int | None]]:
    """Brute force NY-205 for a Car with an open route: every fastest drive, its pickups."""
    dist = s.to_hero.roads
    d = dist[m.space]
    k = min(m.move, d)
    riders: dict[int, int] = {}
    for p in s.movers:
        if p.kind is P and p.id != m.id and s.free(p):
            riders[p.space] = min(p.id, riders.get(p.space, p.id))
    out: set[tuple[int, int | None]] = set()
    todo: deque[tuple[int, ...]] = deque([(m.space,)])
    while todo:
        path = todo.popleft()
        if len(path) == k + 1:
            out.add((path[-1], None))
            out.update((path[-1], riders[x]) for x in path[:-1] if x in riders)
            continue
        for y in s.walk.roads[path[-1]]:
            if dist[y] == d - len(path):
                todo.append((*path, y))
    if any(r is not None for _, r in out):
        out = {o for o in out if o[1] is not None}
    return out


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations())
def test_moves_keep_to_the_rules(s: Scene):
    w = s.walk
    for m in s.movers:
        moves = options(s, m)
        dist = _metric(s, m)
        if not s.free(m) or dist[m.space] <= 0:
            assert moves == ()
            continue
        assert moves, "an Enemy with a route always has a move"
        assert len({(o.end, o.passenger) for o in moves}) == len(moves)   # NY-205: outcomes
        for o in moves:
            assert o.start == m.space and o.mover == m.id
            assert 1 <= len(o.path) - 1 <= m.move                    # never beyond its move
            assert dist[o.end] < dist[m.space]                       # never farther away
            for i, (a, b) in enumerate(zip(o.path, o.path[1:], strict=False)):
                assert dist[b] == dist[a] - 1                        # a shortest route
                if b in w.roads[a]:
                    continue
                if m.kind is C:                                      # NY-202, NY-206
                    assert o.crash == (a, b) and i == len(o.path) - 2 and b in w.blocked[a]
                else:                                                # NY-207, NY-173
                    assert a in w.manholes and b in w.manholes
            if o.crash is None and o.taker is None and o.passenger is None:
                assert dist[o.end] == max(0, dist[m.space] - m.move)
            if o.passenger is not None:
                p = next(p for p in s.movers if p.id == o.passenger)
                assert m.kind is C and p.kind is P and s.free(p)     # NY-203/204
                assert p.space in o.path[:-1]
        if m.kind is not C and not (s.cars - s.heroes):
            ds = distances(w, m.space)
            k = min(m.move, dist[m.space])
            assert {o.end for o in moves} == {
                x for x in range(len(w)) if ds[x] == k and dist[x] == dist[m.space] - k}
        if m.kind is C and s.to_hero.roads[m.space] > 0:
            assert {(o.end, o.passenger) for o in moves} == _car_outcomes(s, m)
        assert reaches(s, m) == any(o.end == s.hero for o in moves)


@settings(max_examples=200, deadline=None)
@given(situations())
def test_priority_ranks_every_free_routed_enemy(s: Scene):
    groups = priority(s)
    ranked = [m for g in groups for m in g]
    assert len({m.id for m in ranked}) == len(ranked)
    keys = [(not reaches(s, m), -m.move, [C, B, P].index(m.kind)) for m in ranked]
    assert keys == sorted(keys)                                       # NY-217..219
    for g in groups:                                                  # NY-220
        assert len({(not reaches(s, m), m.move, m.kind) for m in g}) == 1
    for m in s.movers:
        if m not in ranked:
            assert options(s, m) == () or any(
                r.kind is m.kind and r.move == m.move and r.space == m.space for r in ranked)


@settings(max_examples=200, deadline=None)
@given(situations(), st.data())
def test_a_whole_effect_ends(s: Scene, data):
    """Moving until nobody is left: each Enemy moves at most once, moves only get closer."""
    seen = set()
    for _ in range(len(s.movers) + 1):
        groups = priority(s)
        if not groups:
            break
        m = data.draw(st.sampled_from(groups[0]))
        assert m.id not in seen
        seen.add(m.id)
        o: Move = data.draw(st.sampled_from(options(s, m)))
        s = s.after(o)
    else:
        pytest.fail("the effect never ran out of Enemies")
