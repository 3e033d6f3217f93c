"""Escape Plan's board content: the shipped data fits the rulebook, and bad edits are caught."""

from __future__ import annotations

import doctest
import random
import re
from collections import Counter, deque
from itertools import permutations
from pathlib import Path

import pytest

from getaway.core.content import Source
from getaway.games.escape_plan import board as board_module
from getaway.games.escape_plan.board import (
    Board,
    Cell,
    CellKind,
    Placed,
    Side,
    anchor,
    blocked_exits,
    crossings,
    distance,
    ferried,
    laid,
    legal_placements,
    opposite,
    patrol_outcomes,
    placements,
    shores,
    step,
    turned,
)
from getaway.games.escape_plan.load_board import DATA, board_from, location_id
from getaway.games.escape_plan.model import (
    BOARD_STORE,
    BUSINESS_TILES,
    CITY_TILES,
    EDGES,
    KEYS,
    LETTERS,
    PATROL_CARDS,
    PATROL_REVEALS,
    PLAYERS,
    POLICE_OFFICERS,
    ROUNDS,
    SAFE_HOUSE_TILES,
    SETUP_POLICE_DRAWS,
    STACK_TILES,
    START_TILES,
    TILES_PER_ROUND,
    Edge,
    Land,
    LocationKind,
    LockerColour,
    Police,
    Stack,
    Store,
    TileIcon,
)
from tests.games.content_checks import assert_rejected, copy_data, edit

BOARD = board_from()
SMALL, LARGE = BOARD.side_for(2), BOARD.side_for(5)


# -- components and setup ---------------------------------------------------------------


def test_city_tiles_are_two_start_tiles_and_four_stacks_of_three() -> None:
    assert len(BOARD.tiles) == CITY_TILES == 14
    assert len(BOARD.stack(Stack.S)) == START_TILES == 2, "EP-2"
    for letter in LETTERS:
        assert len(BOARD.stack(letter)) == STACK_TILES == ROUNDS, "EP-3 EP-52"
    # EP-47: 4 tiles a round, one from each stack, over 3 rounds: every tile is laid
    assert START_TILES + TILES_PER_ROUND * ROUNDS == CITY_TILES


def test_each_player_count_has_one_side() -> None:
    assert {p: BOARD.side_for(p).id for p in PLAYERS} == \
        {2: "small", 3: "small", 4: "large", 5: "large"}, "EP-1"
    assert SMALL.layout != LARGE.layout
    assert len(SMALL.slots) == 12 and len(LARGE.slots) == 15
    with pytest.raises(KeyError):
        BOARD.side_for(6)


def test_start_tiles_go_on_the_s_spaces() -> None:
    for side in BOARD.sides:
        assert len(side.starts) == len(BOARD.stack(Stack.S)), "EP-2"
    for t in BOARD.stack(Stack.S):
        kinds = {loc.kind for loc in t.locations}
        assert not kinds & {LocationKind.BUSINESS, LocationKind.SAFE_HOUSE, LocationKind.GANG,
                            LocationKind.EXIT}


def test_store_d_is_printed_and_takes_police_at_setup() -> None:
    for side in BOARD.sides:
        tile, store = BOARD.store(Store.D)
        assert tile.printed and side.cell_of(tile.id) is not None, "EP-5"
        assert tile.police_allowed, "EP-5: two officers are drawn onto Store D"
        assert store.label == "Store D"
    for s in (Store.A, Store.B, Store.C):
        tile, _ = BOARD.store(s)
        assert not tile.printed and tile.stack is Stack(s.value)
    assert BOARD_STORE is Store.D


def test_the_hospital_has_its_own_tile_without_police() -> None:
    tile, loc = BOARD.location("hospital")
    assert loc.kind is LocationKind.HOSPITAL and tile.printed
    assert not tile.police_allowed, "EP-156"
    assert [t.id for t in BOARD.tiles + BOARD.printed if not t.police_allowed] == ["hospital"]
    for side in BOARD.sides:
        assert side.cell_of("hospital") is not None, "EP-19: every pawn starts there"


def test_police_draws_at_setup() -> None:
    bag = BOARD.pieces.bag()
    assert len(bag) == POLICE_OFFICERS == 30
    assert Counter(bag) == {Police.RED: 10, Police.BLUE: 10, Police.BLACK: 10}, "EP-7"
    # EP-EX-1: 2 on the top tile of each of the 4 stacks and 2 on Store D
    targets = len(LETTERS) + 1
    assert targets * 2 == SETUP_POLICE_DRAWS == 10
    # the bag never runs dry: 10 at setup, then 8 after the City phases of Rounds 1 and 2
    assert len(bag) >= SETUP_POLICE_DRAWS + 2 * TILES_PER_ROUND * (ROUNDS - 1)
    rng = random.Random(7)
    for _ in range(200):
        pool = list(bag)
        rng.shuffle(pool)
        kept = []
        for _ in range(targets):
            pair = [pool.pop(), pool.pop()]
            if pair[0] is pair[1]:  # EP-6: one goes back, no redraw
                pool.append(pair.pop())
            kept.append(pair)
        assert all(len(set(p)) == len(p) for p in kept)
        assert len(pool) + sum(map(len, kept)) == 30


def test_business_and_safe_house_tiles() -> None:
    p = BOARD.pieces
    assert len(p.businesses) == BUSINESS_TILES == 6
    groups = p.groups()
    assert len(groups) == 2 and all(len(g) == 3 for g in groups.values()), "EP-121"
    assert len(p.safe_houses) == SAFE_HOUSE_TILES == 3
    kinds = Counter(loc.kind for t in BOARD.tiles for loc in t.locations)
    assert kinds[LocationKind.BUSINESS] == len(p.businesses), "EP-50"
    assert kinds[LocationKind.SAFE_HOUSE] == len(p.safe_houses), "EP-50"
    assert [b.id for b in p.businesses] == [f"business-{i}" for i in range(1, 7)]
    assert [g for g, bs in groups.items() for _ in bs] == ["nightlife"] * 3 + ["money"] * 3
    assert [s.id for s in p.safe_houses] == ["safe-house-1", "safe-house-2", "safe-house-3"]
    assert p.business("business-4").name == "Bank" and p.safe_house("safe-house-1").keys == 3


def test_keys_match_the_locker_colours() -> None:
    keys = BOARD.pieces.key_pile()
    assert len(keys) == KEYS == 9
    assert Counter(keys) == dict.fromkeys(LockerColour, 3), "EP-128: a matching Key per stack"
    assert sum(s.keys for s in BOARD.pieces.safe_houses) == KEYS, "EP-12"


def test_gangs_gas_cans_and_gang_members() -> None:
    gangs = [t for t in BOARD.tiles if t.has(LocationKind.GANG)]
    assert BOARD.pieces.gang_members.copies == 2 * len(gangs), "EP-51"
    assert {t.stack for t in gangs} == set(LETTERS), "designed: one Gang per stack"
    assert BOARD.pieces.gas_cans.copies >= 2 * max(PLAYERS), "EP-123"


# -- Locations and tiles ------------------------------------------------------------------


def test_locations() -> None:
    every = [loc for t in BOARD.tiles + BOARD.printed for loc in t.locations]
    assert len({loc.id for loc in every}) == len(every)
    for t in BOARD.tiles + BOARD.printed:
        for loc in t.locations:
            assert loc.land in t.lands, "each Location lies in a Land area of its tile"
            assert loc.id == location_id(t.id, loc.kind, loc.store, loc.exit)
            assert BOARD.location(loc.id) == (t, loc)
    for side in BOARD.sides:
        kinds = Counter(loc.kind for t in BOARD.on_side(side) for loc in t.locations)
        assert kinds[LocationKind.CHURCH] == kinds[LocationKind.CLINIC] == 1
        assert kinds[LocationKind.HOSPITAL] == 1
        assert kinds[LocationKind.STORE] == 4, "Stores A to D"
        assert kinds[LocationKind.SUBWAY] >= 2, "EP-75: a line needs two stations"
        assert kinds[LocationKind.HELIPORT] >= 2, "EP-76"
    icons = Counter(i for t in BOARD.tiles for i in t.icons)
    assert icons[TileIcon.HELIPAD] >= 1, "EP-77"
    assert icons[TileIcon.FERRY] >= 1, "EP-70"


def test_location_ids_are_the_ones_the_cards_use() -> None:
    ids = {loc.id for t in BOARD.tiles + BOARD.printed for loc in t.locations}
    assert {"store-A", "store-B", "store-C", "store-D", "exit-1", "exit-2", "exit-3",
            "exit-4", "church", "clinic", "hospital"} <= ids
    assert BOARD.store(Store.A)[1].id == "store-A" and BOARD.exit(3)[1].id == "exit-3"
    assert BOARD.location("a2-business")[0].id == "a2"


def test_exits_and_their_patrol_spaces() -> None:
    exits = {n: BOARD.exit(n) for n in (1, 2, 3, 4)}
    assert {t.stack for t, _ in exits.values()} == set(LETTERS), "designed: one per stack"
    for side in BOARD.sides:
        assert sorted(side.patrol) == sorted(exits), "EP-43: one Patrol space per Exit"
    assert exits[2][1].label == "Exit 2"
    with pytest.raises(KeyError):
        BOARD.exit(5)


def test_tile_land_areas() -> None:
    for t in BOARD.tiles + BOARD.printed:
        areas = t.areas
        assert 1 <= len(areas) <= 3
        assert sorted(e for a in areas for e in a.edges) == sorted(EDGES)
        assert len({a.land for a in areas}) == len(areas), "one area per Land type"
        for a in areas:
            assert board_module.contiguous(a.edges)
    lands = Counter(t.lands[i] for t in BOARD.on_side(SMALL) for i in range(4))
    assert set(lands) == set(Land) and min(lands.values()) >= 10, "designed: a good mix"


def test_turning_a_tile() -> None:
    t = BOARD.tile("a1")  # docks on N, E, S; downtown on W
    assert [t.land(e) for e in EDGES] == [Land.DOCKS, Land.DOCKS, Land.DOCKS, Land.DOWNTOWN]
    assert t.land(Edge.N, 1) is Land.DOWNTOWN, "a quarter turn brings W to the top"
    assert t.edges_of(Land.DOWNTOWN, 2) == {Edge.E}
    for turn in range(4):
        for e in EDGES:
            assert t.land(turned(e, turn), turn) is t.land(e)


# -- the grid, EP-48 and EP-49 ---------------------------------------------------------------


def test_geometry() -> None:
    assert step((1, 1), Edge.N) == (1, 0) and step((1, 1), Edge.W) == (0, 1)
    assert all(opposite(opposite(e)) is e and step(step((3, 3), e), opposite(e)) == (3, 3)
               for e in EDGES)
    assert distance((0, 0), (3, 3)) == 6
    h = SMALL.cell_of("hospital")
    assert h == (1, 1)
    assert set(SMALL.within(h, 1, 1)) == {(1, 0), (0, 1), (2, 1), (1, 2)}
    assert all(1 <= distance(h, c) <= 2 for c in SMALL.within(h, 1, 2)), "EP-76"
    assert len(SMALL.within(h, 2, 2)) == 6, "EP-197: the Sewer goes exactly 2 tiles"
    assert SMALL.adjacent((0, 0), (1, 0)) and not SMALL.adjacent((0, 0), (1, 1))
    assert not SMALL.adjacent((3, 0), (4, 0)), "a water cell holds no tile"
    assert SMALL.kind((4, 0)) is CellKind.WATER and SMALL.kind((9, 9)) is None
    for side in BOARD.sides:
        for c in side.tile_cells:
            for e, n in side.neighbours(c):
                assert side.adjacent(c, n) and step(c, e) == n


def test_geometry_doctests() -> None:
    result = doctest.testmod(board_module)
    assert result.failed == 0 and result.attempted > 0


def test_seeds_lie_on_a_diagonal_so_the_city_can_grow_everywhere() -> None:
    for side in BOARD.sides:
        assert side.closure() >= set(side.slots), "EP-48"
        assert side.legal_slots(()), "EP-48: the first tile has a slot"
    assert SMALL.legal_slots(()) == ((1, 0), (0, 1), (2, 1), (1, 2), (3, 2), (2, 3))


def _deal(board: Board, side: Side, rng: random.Random
          ) -> tuple[dict[Cell, Placed], dict[Stack, list]]:
    starts = list(board.stack(Stack.S))
    rng.shuffle(starts)
    city: dict[Cell, Placed] = {c: (t, 0) for c, t in zip(side.starts, starts, strict=True)}
    stacks = {s: list(board.stack(s)) for s in LETTERS}
    for pile in stacks.values():
        rng.shuffle(pile)
    return city, stacks


def _play_city(board: Board, side: Side, seed: int, counts: Counter) -> dict[Cell, Placed]:
    """Lay every City tile at random, as three City phases would (EP-47..49)."""
    rng = random.Random(seed)
    city, stacks = _deal(board, side, rng)
    for _ in range(ROUNDS):
        revealed = [stacks[s].pop() for s in LETTERS]
        rng.shuffle(revealed)
        for tile in revealed:
            tiles = laid(board, side, city)
            every = placements(side, tiles, tile)
            assert every, f"EP-48: seed {seed}: no slot touches 2 tiles"
            legal = legal_placements(side, tiles, tile)
            counts["placements"] += 1
            counts["match possible"] += any(p.matches for p in every)
            if any(p.matches for p in every):
                assert all(p.matches for p in legal), "EP-49"
            else:
                assert legal == every
            for p in legal:
                n = sum(m in tiles for _, m in side.neighbours(p.cell))
                assert n >= 2, "EP-48"
            pick = rng.choice(legal)
            city[pick.cell] = (tile, pick.turn)
    assert not any(stacks.values())
    return city


@pytest.mark.parametrize("side_id", ["small", "large"])
def test_random_cities_always_find_a_legal_slot(side_id: str) -> None:
    side = BOARD.side(side_id)
    counts: Counter = Counter()
    for seed in range(300):
        city = _play_city(BOARD, side, seed, counts)
        assert len(city) == CITY_TILES
        empty = len(side.slots) - (CITY_TILES - START_TILES)
        assert len([c for c in side.slots if c not in city]) == empty
    assert counts["placements"] == 300 * 12
    assert counts["match possible"] / counts["placements"] >= 0.9, "EP-49 is mostly possible"


def test_turns_that_look_the_same_are_one_placement() -> None:
    side = SMALL
    tiles = laid(BOARD, side, {(0, 0): (BOARD.tile("s1"), 0), (2, 2): (BOARD.tile("s2"), 0)})
    plain = BOARD.tile("a2")  # downtown on three edges: four different turns
    assert len(placements(side, tiles, plain)) == 4 * len(side.legal_slots(()))
    assert all(p.matches for p in legal_placements(side, tiles, plain))


# -- movement: Land areas, Water, Ferries ----------------------------------------------------------


def _full_city(side: Side, seed: int) -> dict[Cell, Placed]:
    return laid(BOARD, side, _play_city(BOARD, side, seed, Counter()))


def test_crossings_cost_one_mp_between_land_types() -> None:
    dt, dk, res, pk = Land.DOWNTOWN, Land.DOCKS, Land.RESIDENTIAL, Land.PARK
    # s1 at c0r0: downtown N E, park S W; a2 at c1r0: downtown N E S, residential W;
    # the printed Hospital at c1r1: residential N E, park S W; Store D at c3r3
    tiles = laid(BOARD, SMALL, {(0, 0): (BOARD.tile("s1"), 0), (1, 0): (BOARD.tile("a2"), 0)})
    got = {(x.a, x.b, x.cost) for x in crossings(SMALL, tiles)}
    assert got == {
        (((0, 0), dt), ((0, 0), pk), 1),    # EP-74: the areas of a tile touch
        (((1, 0), dt), ((1, 0), res), 1),
        (((1, 1), pk), ((1, 1), res), 1),
        (((3, 3), dk), ((3, 3), dt), 1),
        (((0, 0), dt), ((1, 0), res), 1),   # EP-74: across an edge, different types
        (((1, 0), dt), ((1, 1), res), 1),
    }
    # a quarter turn brings a2's downtown to face s1's: the same type is a free step
    tiles[(1, 0)] = (BOARD.tile("a2"), 1)
    got = {(x.a, x.b, x.cost) for x in crossings(SMALL, tiles)}
    assert (((0, 0), dt), ((1, 0), dt), 0) in got
    assert (((1, 0), dt), ((1, 1), res), 1) in got


@pytest.mark.parametrize("side_id", ["small", "large"])
def test_every_location_can_be_walked_to_from_the_hospital(side_id: str) -> None:
    side = BOARD.side(side_id)
    for seed in range(30):
        tiles = _full_city(side, seed)
        links: dict = {}
        for x in crossings(side, tiles):
            links.setdefault(x.a, set()).add(x.b)
            links.setdefault(x.b, set()).add(x.a)
        hosp = side.cell_of("hospital")
        assert hosp is not None
        start = anchor(hosp, BOARD.location("hospital")[1])
        seen, todo = {start}, deque([start])
        while todo:
            for n in links.get(todo.popleft(), ()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        for cell, (tile, _) in tiles.items():
            for loc in tile.locations:
                assert anchor(cell, loc) in seen, f"{loc.id} cut off (seed {seed})"


def test_water_areas_and_ferries() -> None:
    assert [w.id for w in SMALL.waters] == ["river", "bay"]
    assert [w.id for w in LARGE.waters] == ["harbour", "bay"]
    d = SMALL.cell_of("dockside")
    assert d is not None
    assert [(e, w.id) for e, w in SMALL.shore(d)] == [(Edge.E, "bay"), (Edge.S, "bay")]
    assert [(e, w.id) for e, w in SMALL.shore((3, 2))] == [(Edge.E, "river")]
    assert SMALL.shore((1, 1)) == (), "the Hospital is inland"
    ferry = BOARD.tile("a1")
    assert ferry.has(TileIcon.FERRY)
    base = laid(BOARD, SMALL, {})
    assert ferried(SMALL, base) == frozenset(), "EP-70: no Ferry, no boats"
    on_river = dict(base) | {(3, 0): (ferry, 0)}
    assert ferried(SMALL, on_river) == {"river"}, "EP-70"
    inland = dict(base) | {(1, 0): (ferry, 0)}
    assert ferried(SMALL, inland) == frozenset(), "a Ferry away from the water serves none"
    coast = shores(SMALL, on_river)
    assert ((3, 0), Land.DOCKS) in coast["river"], "a1's docks face the river"
    assert coast["bay"] == {((3, 3), Land.DOCKS)}, "Store D's docks face the bay"
    seen: Counter[int] = Counter()
    for seed in range(100):
        seen[len(ferried(LARGE, _full_city(LARGE, seed)))] += 1
    assert seen[0] < 30 and seen[1] + seen[2] > 70, "designed: most games open some water"


# -- Patrol cards -------------------------------------------------------------------------------


def test_patrol_cards_block_some_exits_but_never_all() -> None:
    cards = BOARD.pieces.patrol
    assert len(cards) == PATROL_CARDS == 1 + sum(PATROL_REVEALS) == 6, "EP-42 EP-EX-2"
    assert all(1 <= len(c.spaces) <= 2 for c in cards), "EP-43"
    exits = {1, 2, 3, 4}
    outcomes = patrol_outcomes(cards)
    for discarded, blocked in outcomes.items():
        assert blocked < exits, f"EP-GAP-5: {discarded}: one Exit stays open on Day 3"
        assert blocked, "designed: some Exit is always blocked"
    assert {len(b) for b in outcomes.values()} == {2, 3}
    when: Counter[tuple[int, int]] = Counter()
    for order in permutations(cards):
        shown = list(order[1:])  # the first is discarded unseen (EP-10)
        r1, r2 = blocked_exits(shown[:2]), blocked_exits(shown[:4])
        when[(len(r1), len(r2))] += 1
        assert blocked_exits(shown) < exits
    assert when[(0, 0)] and when[(1, 1)] and sum(v for (a, _), v in when.items() if a) > 0, \
        "designed: Exits fall in Round 1, 2 or 3 depending on the deal"


def test_every_entry_is_tagged() -> None:
    p = BOARD.pieces
    things = [*BOARD.sides, *BOARD.tiles, *BOARD.printed, *p.businesses, *p.safe_houses,
              *p.keys, *p.police, p.gas_cans, p.gang_members, *p.patrol,
              *(w for s in BOARD.sides for w in s.waters)]
    assert all(isinstance(t.source, Source) for t in things)
    assert all(t.source is Source.DESIGNED for t in BOARD.tiles), "EP-GAP-2"


# -- corrupt files are refused, naming the file and the entry --------------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return copy_data(DATA, tmp_path)


def test_unchanged_copy_loads(data: Path) -> None:
    assert board_from(data) == BOARD


SMALL_LAYOUT = '''layout = [
  "S...r",
  ".H..r",
  "..S.r",
  "...Db",
  "bbbbb",
]'''


def _small(new: str, words: list[str]) -> tuple[str, str, str, list[str]]:
    """A case editing the small side's layout."""
    return "board.toml", SMALL_LAYOUT, new, words


CASES: list[tuple[str, str, str, list[str]]] = [
    # city_tiles.toml: one tile
    ("city_tiles.toml", 'id = "a2"', 'id = "a1"', ["tile 'a1' appears twice"]),
    ("city_tiles.toml", 'id = "a2"\nstack = "A"', 'id = "a2"\nstack = "E"',
     ["tile 'a2'", "stack must be one of"]),
    ("city_tiles.toml", 'N = "downtown", E = "downtown", S = "downtown", W = "residential"',
     'N = "downtown", E = "residential", S = "downtown", W = "residential"',
     ["tile 'a2'", "downtown edges (N, S)", "unbroken"]),
    ("city_tiles.toml", 'N = "downtown", E = "downtown", S = "downtown", W = "residential"',
     'N = "downtown", E = "downtown", S = "downtown", W = "swamp"',
     ["tile 'a2': edges", "W must be one of"]),
    ("city_tiles.toml", 'N = "downtown", E = "downtown", S = "downtown", W = "residential"',
     'N = "downtown", E = "downtown", S = "downtown"', ["tile 'a2': edges", "missing field 'W'"]),
    ("city_tiles.toml", '{ kind = "store", land = "downtown", store = "A" }',
     '{ kind = "store", land = "park", store = "A" }',
     ["tile 'a2': location #2", "land 'park' is on none"]),
    ("city_tiles.toml", '{ kind = "store", land = "downtown", store = "A" }',
     '{ kind = "store", land = "downtown" }', ["tile 'a2': location #2", "'store' letter"]),
    ("city_tiles.toml", '{ kind = "business", land = "downtown" },\n  { kind = "store"',
     '{ kind = "business", land = "downtown", store = "B" },\n  { kind = "store"',
     ["tile 'a2': location #1", "'store' letter"]),
    ("city_tiles.toml", '{ kind = "exit", land = "docks", exit = 1 }',
     '{ kind = "exit", land = "docks" }', ["tile 'a1': location #1", "'exit' number"]),
    ("city_tiles.toml", '{ kind = "exit", land = "docks", exit = 1 }',
     '{ kind = "exit", land = "docks", exit = 5 }', ["city_tiles.toml", "numbered 1 to 4"]),
    ("city_tiles.toml", '{ kind = "store", land = "downtown", store = "A" }',
     '{ kind = "business", land = "downtown" }', ["tile 'a2'", "2 business Locations"]),
    ("city_tiles.toml", '{ kind = "store", land = "downtown", store = "A" }',
     '{ kind = "store", land = "downtown", store = "D" }', ["tile 'a2'", "Store D is printed"]),
    ("city_tiles.toml", '{ kind = "store", land = "downtown", store = "A" }',
     '{ kind = "hospital", land = "downtown" }', ["tile 'a2'", "Hospital is printed"]),
    ("city_tiles.toml", '{ kind = "church", land = "downtown" }',
     '{ kind = "gang", land = "downtown" }', ["tile 's1'", "start tile cannot show a gang"]),
    ("city_tiles.toml", '{ kind = "clinic", land = "residential" }',
     '{ kind = "lighthouse", land = "residential" }', ["tile 's2': location #1", "kind must be"]),
    ("city_tiles.toml", 'icons = ["helipad"]', 'icons = ["helipad", "helipad"]',
     ["tile 'b2'", "icon twice"]),
    ("city_tiles.toml", 'icons = ["helipad"]', 'icons = ["zeppelin"]',
     ["tile 'b2'", "icons must list only"]),
    ("city_tiles.toml", '{ kind = "exit", land = "docks", exit = 1 },',
     '{ kind = "exit", land = "docks", exit = 1, open = true },',
     ["tile 'a1': location #1", "unknown field 'open'"]),
    ("city_tiles.toml", 'name = "Market Row"', 'name = "Market Row"\nrotates = false',
     ["tile 'a2'", "unknown field 'rotates'"]),
    ("city_tiles.toml", 'reason = "Exit 1,', 'reasons = "Exit 1,', ["tile 'a1'", "'reason'"]),
    # city_tiles.toml: the whole set
    ("city_tiles.toml", 'id = "a3"\nstack = "A"', 'id = "a3"\nstack = "B"',
     ["city_tiles.toml", "3 tiles in stack A", "found 2"]),
    ("city_tiles.toml", 'id = "a3"\nstack = "A"', 'id = "a3"\nstack = "S"',
     ["tile 'a3'", "start tile cannot show a business"]),
    ("city_tiles.toml", '{ kind = "store", land = "docks", store = "C" }',
     '{ kind = "store", land = "docks", store = "B" }', ["city_tiles.toml", "1 Stores B"]),
    ("city_tiles.toml", '{ kind = "safe_house", land = "residential" },\n  { kind = "gang", '
     'land = "park" }', '{ kind = "gang", land = "park" }',
     ["city_tiles.toml", "3 Safe House Locations", "found 2"]),
    ("city_tiles.toml", "[[tile]]\nid", "[[tiles]]\nid", ["city_tiles.toml", "unknown entry"]),
    # board.toml: sides
    _small(SMALL_LAYOUT.replace('"S...r"', '"....r"'),
           ["board.toml", "2 S spaces on side "
                                                          "'small'", "found 1"]),
    _small(SMALL_LAYOUT.replace('"S...r"', '"S..Xr"'),
           ["side 'small'", "cell c3r0",
                                                          "mark of no [[printed]]"]),
    _small(SMALL_LAYOUT.replace('"S...r"', '"S...q"'),
           ["side 'small'", "cell c4r0",
                                                          "no [[water]] area"]),
    _small(SMALL_LAYOUT.replace('"S...r"', '"S..#r"'),
           ["side 'small'", "c3r0 is '#'"]),
    _small(SMALL_LAYOUT.replace('"S...r"', '"S..r"'),
           ["side 'small'", "equal length"]),
    _small(SMALL_LAYOUT.replace('"...Db"', '"...Hb"'),
           ["side 'small'", "'hospital'",
                                                          "appears twice"]),
    _small(SMALL_LAYOUT.replace('"...Db"', '"....b"'),
           ["side 'small'", "Store D must be "
                                                          "printed", "EP-5"]),
    _small(SMALL_LAYOUT.replace('".H..r"', '"...Hr"'),
           ["side 'small'", "slot c1r0",
                                                          "can never touch 2 tiles"]),
    _small(SMALL_LAYOUT.replace('"S...r",\n  ".H..r"', '"S...r",\n  ".H..b"'),
           ["water 'river'", "one body of water"]),
    _small(SMALL_LAYOUT.replace('"bbbbb"', '"rrrrr"').replace('"...Db"', '"...Dr"'),
           ["water 'bay'", "no cell of side 'small'"]),
    ("board.toml", "players = [2, 3]", "players = [2]",
     ["board.toml", "0 sides are for 3 players", "EP-1"]),
    ("board.toml", "players = [2, 3]", "players = [2, 3, 4]",
     ["board.toml", "2 sides are for 4 players"]),
    ("board.toml", "players = [2, 3]", "players = [1, 2, 3]", ["side 'small'", "players must"]),
    ("board.toml", "patrol = [1, 2, 3, 4]", "patrol = [1, 2, 3]",
     ["side 'small'", "one Patrol space per Exit"]),
    ("board.toml", 'id = "large"', 'id = "small"', ["side 'small' appears twice"]),
    ("board.toml", 'name = "The Old Port (2-3 players)"',
     'name = "The Old Port (2-3 players)"\nscale = 2', ["side 'small'", "unknown field 'scale'"]),
    # board.toml: printed tiles and water
    ("board.toml", '{ kind = "hospital", land = "residential" },',
     '{ kind = "heliport", land = "residential" },',
     ["side 'small'", "one hospital Location", "found 0"]),
    ("board.toml", '{ kind = "subway", land = "downtown" },\n  { kind = "heliport"',
     '{ kind = "gang", land = "downtown" },\n  { kind = "heliport"',
     ["printed 'station'", "cannot show a gang"]),
    ("board.toml", '{ kind = "store", land = "docks", store = "D" }',
     '{ kind = "store", land = "docks", store = "A" }', ["printed 'dockside'", "Store A comes"]),
    ("board.toml", 'mark = "C"', 'mark = "S"', ["printed 'station'", "capital letter"]),
    ("board.toml", 'mark = "C"', 'mark = "H"', ["printed 'station'", "another printed"]),
    ("board.toml", 'id = "station"', 'id = "a1"', ["board.toml", "'a1' has the id of a City"]),
    ("board.toml", 'id = "station"\nmark = "C"', 'id = "station"\nmark = "C"\nicons = '
     '["ferry"]', ["printed 'station'", "no Ferry or Helipad"]),
    ("board.toml", 'side = "small"\nid = "river"', 'side = "tiny"\nid = "river"',
     ["water 'river'", "no side 'tiny'"]),
    ("board.toml", 'id = "river"\nmark = "r"', 'id = "river"\nmark = "R"',
     ["water 'river'", "one small letter"]),
    ("board.toml", 'id = "harbour"', 'id = "bay"', ["water of side 'large' 'bay' appears "
                                                    "twice"]),
    ("board.toml", 'name = "The River"', 'name = "The River"\ndepth = 3',
     ["water 'river'", "unknown field 'depth'"]),
    # pieces.toml
    ("pieces.toml", 'group = "nightlife"', 'group = "money"',
     ["pieces.toml", "group 'money' has 4", "EP-121"]),
    ("pieces.toml", 'id = "business-4"', 'id = "business-1"',
     ["business 'business-1' appears twice"]),
    ("pieces.toml", "keys = 3", "keys = 4", ["pieces.toml", "9 Key spaces", "found 10"]),
    ("pieces.toml", 'colour = "green"\ncopies = 3', 'colour = "brown"\ncopies = 3',
     ["pieces.toml", "key colour 'brown' appears twice"]),
    ("pieces.toml", 'colour = "green"\ncopies = 3', 'colour = "pink"\ncopies = 3',
     ["key 'pink'", "colour must be one of"]),
    ("pieces.toml", 'colour = "green"\ncopies = 3', 'colour = "green"\ncopies = 4',
     ["pieces.toml", "9 Keys", "found 10"]),
    ("pieces.toml", 'colour = "red"\ncopies = 10', 'colour = "red"\ncopies = 9',
     ["pieces.toml", "30 Police Officers", "found 29"]),
    ("pieces.toml", 'colour = "red"\ncopies = 10', 'colour = "red"\ncopies = 0',
     ["police 'red'", "'copies' must be from 1"]),
    ("pieces.toml", "copies = 10\nsource = \"designed\"\nreason = \"a player holds",
     "copies = 6\nsource = \"designed\"\nreason = \"a player holds",
     ["pieces.toml: [gas_cans]", "at least 10"]),
    ("pieces.toml", "copies = 8", "copies = 6", ["pieces.toml", "8 Gang Members", "found 6"]),
    ("pieces.toml", "spaces = [1, 3]", "spaces = [1, 1]", ["patrol 'patrol-1-3'", "1 or 2"]),
    ("pieces.toml", "spaces = [1, 3]", "spaces = [1, 3, 4]", ["patrol 'patrol-1-3'", "1 or 2"]),
    ("pieces.toml", "spaces = [1, 3]", "spaces = [1, 7]",
     ["pieces.toml", "patrol 'patrol-1-3'", "no Patrol space 7"]),
    ("pieces.toml", "spaces = [2]", "spaces = [2, 1]",
     ["pieces.toml", "'patrol-1' is discarded", "every Exit is blocked"]),
    ("pieces.toml", 'id = "patrol-4"', 'id = "patrol-3"', ["patrol 'patrol-3' appears twice"]),
    ("pieces.toml", "\n[gang_members]\n", "\n[gangs]\n", ["pieces.toml", "unknown entry 'gangs'"]),
    ("pieces.toml", 'name = "Casino"', 'name = "Casino"\nodds = 3',
     ["business 'business-1'", "unknown field 'odds'"]),
]


@pytest.mark.parametrize(("name", "old", "new", "words"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_corrupt_file_is_refused(data: Path, name: str, old: str, new: str,
                                 words: list[str]) -> None:
    assert_rejected(board_from, data, name, old, new, words)


def _drop(root: Path, name: str, key: str, ident: str) -> None:
    path = root / name
    text, n = re.subn(rf'\[\[{key}\]\]\nid = "{ident}"\n.*?\n\n', "", path.read_text(),
                      flags=re.S)
    assert n == 1
    path.write_text(text)


def test_a_missing_business_tile(data: Path) -> None:
    _drop(data, "pieces.toml", "business", "business-6")
    with pytest.raises(Exception, match=r"^pieces.toml: there must be 6 Business tiles"):
        board_from(data)


def test_a_patrol_deck_that_never_blocks(data: Path) -> None:
    # six Exits, each named by one card: no space ever gets a second card
    for n in (5, 6):
        edit(data, "city_tiles.toml", '{ kind = "gang", land = "docks" }',
             f'{{ kind = "exit", land = "docks", exit = {n} }}')
    edit(data, "board.toml", "patrol = [1, 2, 3, 4]", "patrol = [1, 2, 3, 4, 5, 6]", 2)
    edit(data, "pieces.toml", "copies = 8", "copies = 4")
    edit(data, "pieces.toml", "spaces = [1, 3]", "spaces = [5]")
    assert_rejected(board_from, data, "pieces.toml", "spaces = [2, 4]", "spaces = [6]",
                    ["pieces.toml", "no Exit is ever blocked"])


def test_a_printed_tile_on_no_side(data: Path) -> None:
    assert_rejected(board_from, data, "board.toml", '"h..S.C"', '"h..S.."',
                    ["board.toml", "printed 'station' is on no side"])


def test_too_few_slots(data: Path) -> None:
    edit(data, "board.toml", '"S...r"', '"S..  "')
    assert_rejected(board_from, data, "board.toml", '".H..r"', '".H.  "',
                    ["side 'small'", "10 slots", "12 City tiles"])


def test_a_second_church(data: Path) -> None:
    assert_rejected(board_from, data, "board.toml",
                    '{ kind = "subway", land = "downtown" },\n  { kind = "heliport"',
                    '{ kind = "church", land = "downtown" },\n  { kind = "heliport"',
                    ["side 'large'", "one church Location", "found 2"])
