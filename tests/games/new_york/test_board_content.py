"""New York's map content: the shipped data fits the rulebook, and bad edits are caught."""

from __future__ import annotations

import doctest
import random
import re
from collections import Counter, deque
from pathlib import Path

import pytest

from getaway.core.content import Source
from getaway.games.new_york import board as board_module
from getaway.games.new_york import model as model_module
from getaway.games.new_york.board import ALL_ROADS, Board, joined
from getaway.games.new_york.effects import Op
from getaway.games.new_york.load_board import DATA, board_from
from getaway.games.new_york.model import (
    DIRS,
    Beyond,
    BossEntry,
    BossTrigger,
    Building,
    Dir,
    Icon,
    Module,
    SpaceKind,
    TileDeck,
    Transport,
    direction,
    opposite,
    step,
)
from tests.games.content_checks import assert_rejected, copy_data, edit

BOARD = board_from()
MAP = BOARD.map


# -- the map ---------------------------------------------------------------------


def test_map_size_and_kinds() -> None:
    kinds = Counter(s.kind for s in MAP.spaces)
    assert len(MAP.spaces) == 64
    assert kinds == {SpaceKind.CITY: 39, SpaceKind.PARK: 8, SpaceKind.POI: 9,
                     SpaceKind.RING: 6, SpaceKind.LIBRARY: 1, SpaceKind.WTC: 1}
    assert all(s.id == f"c{s.col}r{s.row}" for s in MAP.spaces)
    assert all(0 <= s.col < MAP.cols and 0 <= s.row < MAP.rows for s in MAP.spaces)


def test_library_centre_and_ring_revealed_from_the_start() -> None:
    lib = MAP.library
    cols = [s.col for s in MAP.spaces]
    assert lib.col == (min(cols) + max(cols)) // 2, "NY-15: the Library is in the centre"
    ring = MAP.ring
    assert [MAP.side(lib.id, s.id) for s in ring] == list(DIRS), "NY-20: all six on the map"
    assert all(s.kind is SpaceKind.RING for s in ring), "NY-20"
    start = {s.id for s in MAP.spaces if s.revealed_at_start}
    assert start == {lib.id, MAP.wtc.id, *(s.id for s in ring)}, "NY-20"
    for s in ring:
        side = MAP.side(s.id, lib.id)
        assert side in BOARD.fixed_tile(s.id).roads, f"{s.id}: a road to the Library (G-5)"
        tile = BOARD.fixed_tile(s.id)
        assert tile.count(Icon.PRISONER) == tile.count(Icon.CAR) == 0, "no Enemy at the start"
    assert BOARD.fixed_tile(lib.id).building is Building.LIBRARY, "NY-168"
    assert BOARD.fixed_tile(lib.id).roads == ALL_ROADS


def test_counters_start_on_the_wtc_and_the_park_centre() -> None:
    assert MAP.holding(Transport.GULLFIRE) == MAP.wtc, "NY-21"
    heli = MAP.holding(Transport.HELICOPTER)
    assert heli.kind is SpaceKind.PARK, "NY-22"
    assert [n.kind for _, n in MAP.neighbours(heli.id)] == [SpaceKind.PARK] * 6, \
        "NY-22: the centre of Central Park"
    assert MAP.wtc.col < MAP.library.col, "designed: the south tip at the left"


def test_park_on_the_right_and_each_kind_takes_its_deck() -> None:
    lib = MAP.library
    assert all(s.col > lib.col for s in MAP.of_kind(SpaceKind.PARK)), "NY-167"
    for s in MAP.spaces:
        want = {SpaceKind.CITY: TileDeck.CITY, SpaceKind.PARK: TileDeck.PARK}.get(s.kind)
        assert s.deck is want, "NY-98 NY-167"
    assert len(BOARD.deck(TileDeck.CITY)) >= len(MAP.of_kind(SpaceKind.CITY)), "NY-167"
    assert len(BOARD.deck(TileDeck.PARK)) >= len(MAP.of_kind(SpaceKind.PARK)), "NY-167"


def test_every_space_can_be_reached_from_the_library() -> None:
    assert set(MAP.distances(MAP.library.id)) == {s.id for s in MAP.spaces}


def test_coast_and_edge_sides() -> None:
    top = MAP.space("c4r1")
    assert MAP.beyond(top.id, Dir.N) is Beyond.COAST
    assert MAP.useless(top.id, Dir.N), "NY-231: a Roadblock facing the river is not placed"
    assert not MAP.useless(top.id, Dir.S), "a side between two spaces can be blocked"
    right = MAP.space("c15r2")
    assert MAP.beyond(right.id, Dir.NE) is Beyond.EDGE
    assert MAP.useless(right.id, Dir.SE), "NY-231: nor one facing the board's edge"
    assert MAP.sides_facing(MAP.library.id, Beyond.COAST) == ()
    edge = [s.id for s in MAP.spaces if MAP.sides_facing(s.id, Beyond.EDGE)]
    assert edge and all(MAP.space(i).col == max(s.col for s in MAP.spaces) for i in edge), \
        "the edge is the right side only; the river runs everywhere else"
    for s in MAP.spaces:
        for d in DIRS:
            assert (MAP.neighbour(s.id, d) is None) == (MAP.beyond(s.id, d) is not None)


def test_bridges() -> None:
    assert [b.number for b in MAP.bridges] == [1, 2, 3, 4]
    assert MAP.bridge(3).name, "NY-13 NY-80: there is a Bridge 3"
    for b in MAP.bridges:
        assert MAP.beyond(b.space, b.side) is Beyond.COAST, "a bridge crosses the river"
        assert not MAP.useless(b.space, b.side), "NY-232: a Roadblock may close a bridge"
        assert MAP.bridge_at(b.space, b.side) == b
        assert MAP.space(b.space).kind is SpaceKind.CITY
    assert len({MAP.space(b.space).row > 2 for b in MAP.bridges}) == 2, "both rivers"


def test_suburbs() -> None:
    spaces = MAP.suburbs
    assert spaces and all(MAP.coastal(s.id) for s in spaces), "NY-23"
    assert len(BOARD.suburb_pile()) == len(spaces), "NY-23: one token on each"
    icons = Counter(t.icon for t in BOARD.suburb_pile())
    assert icons[Icon.RAFT] >= 2, "NY-106: a Raft objective stays possible"
    assert icons[Icon.ITEM] >= 1, "E-15"
    assert Icon.ROADBLOCK not in icons


# -- POIs, Cases and Bosses -------------------------------------------------------------


def test_pois() -> None:
    spaces = len(MAP.of_kind(SpaceKind.POI))
    always = BOARD.poi_tiles(True)
    assert len(always) <= spaces <= len(BOARD.pois)
    assert spaces - 1 >= 6, "E-14: 6 face-down POIs flipped besides the Duke's Camp"
    assert BOARD.duke_camp.always and BOARD.duke_camp.has(Op.PRESIDENT), "NY-128"
    assert BOARD.nothing_here.always, "NY-133: the Duke always has a place to enter"
    assert {p.boss for p in BOARD.pois if p.boss} == {"romero", "slag"}, "NY-196"
    specials = sum(e.op is Op.NY_SPECIAL for p in BOARD.pois for e in p.effects)
    assert 1 <= specials <= 3, "NY-233: only 3 New York Special Action cards"
    assert all(p.roads == ALL_ROADS for p in BOARD.pois)


def test_every_case_has_one_way_onto_the_map() -> None:
    assert BOARD.case_holders() == {1: "poi:penn-station", 2: "poi:escape-pod",
                                    3: "boss:romero", 4: "boss:slag"}, "NY-1 G-8"
    assert BOARD.boss("romero").case and BOARD.boss("slag").case, "NY-198"
    assert all(BOARD.poi(h[4:]).always for h in BOARD.case_holders().values()
               if h.startswith("poi:")), "every Case, the Tape among them, is in every game"


def test_bosses() -> None:
    duke, romero, slag = BOARD.boss("duke"), BOARD.boss("romero"), BOARD.boss("slag")
    assert duke.range == 1, "E-6"
    assert (romero.range, romero.damage, romero.move) == (1, 2, 2), "E-6 E-18"
    assert slag.hp > 6, "E-11: 6 damage leaves Slag standing"
    assert duke.enters is BossEntry.PRESIDENT, "NY-133"
    assert romero.enters is slag.enters is BossEntry.POI, "NY-196"
    assert duke.ability.when is BossTrigger.KILLED, "NY-113: the Duke comes back"
    (back,) = duke.ability.effects
    assert (back.op, back["boss"], back["where"]) == (Op.BOSS, "duke", "nothing_here"), \
        "NY-113 NY-133"
    assert all(b.ability.text for b in BOARD.bosses)


# -- tiles ------------------------------------------------------------------------------


def test_tiles() -> None:
    for t in BOARD.tiles:
        assert t.roads, t.id
        if t.roadblock is not None:
            assert t.roadblock in t.roads, f"NY-174 {t.id}"
        assert Icon.ROADBLOCK not in t.icons and Icon.RAFT not in t.icons
    with_all = [t for d in (TileDeck.CITY, TileDeck.PARK, TileDeck.FIXED)
                for t in BOARD.deck(d, [Module.TRAPS])]
    assert len(with_all) == len(BOARD.tiles)
    manholes = sum(t.count(Icon.MANHOLE) for t in BOARD.tiles)
    assert manholes >= 2, "NY-173: Manholes link in pairs"
    cars = sum(t.count(Icon.CAR) for t in BOARD.tiles)
    assert cars <= 4, "NY-4: 4 red bases"
    buildings = Counter(t.building for t in BOARD.tiles if t.building)
    assert set(buildings) == set(Building), "NY-168 NY-175..177"
    assert buildings[Building.LIBRARY] == 1


def test_trap_tiles_only_with_their_module() -> None:
    traps = [t for t in BOARD.tiles if t.module is Module.TRAPS]
    assert len(traps) == 2, "NY-251"
    assert all(t.deck is TileDeck.CITY and t.trap for t in traps), "NY-251 NY-252"
    assert not set(traps) & set(BOARD.deck(TileDeck.CITY)), "not in the standard game"
    assert set(traps) <= set(BOARD.deck(TileDeck.CITY, [Module.TRAPS])), "NY-251"


def test_balance() -> None:
    city = BOARD.deck(TileDeck.CITY)
    per_tile = {i: sum(t.count(i) for t in city) / len(city) for i in Icon}
    assert 0.5 <= per_tile[Icon.PRISONER] <= 0.9
    assert 0.4 <= per_tile[Icon.ITEM] <= 0.7
    assert 0.15 <= per_tile[Icon.EVENT] <= 0.35
    park = BOARD.deck(TileDeck.PARK)
    assert sum(t.count(Icon.PRISONER) for t in park) / len(park) > per_tile[Icon.PRISONER], \
        "Central Park is the more dangerous ground"


def _lay(board: Board, seed: int) -> dict[str, frozenset[Dir]]:
    """Roads of every space once every tile is laid at random."""
    rng = random.Random(seed)
    decks = {d: list(board.deck(d)) for d in (TileDeck.CITY, TileDeck.PARK)}
    for d in decks.values():
        rng.shuffle(d)
    roads = {}
    for s in board.map.spaces:
        if s.deck is not None:
            roads[s.id] = decks[s.deck].pop().roads
        else:
            roads[s.id] = ALL_ROADS if s.kind is SpaceKind.POI else board.fixed_tile(s.id).roads
    return roads


def test_roads_join_nearly_the_whole_map() -> None:
    whole = 0
    for seed in range(100):
        roads = _lay(BOARD, seed)
        seen, todo = {MAP.library.id}, deque([MAP.library.id])
        while todo:
            here = todo.popleft()
            for d, n in MAP.neighbours(here):
                if n.id not in seen and joined(roads[here], d, roads[n.id]):
                    seen.add(n.id)
                    todo.append(n.id)
        assert len(seen) >= len(MAP.spaces) - 2
        assert MAP.wtc.id in seen and MAP.holding(Transport.HELICOPTER).id in seen
        whole += len(seen) == len(MAP.spaces)
    assert whole >= 90, "designed: in most games every space can be walked to"


# -- geometry ----------------------------------------------------------------------------


def test_geometry_doctests() -> None:
    for module in (board_module, model_module):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_geometry_helpers() -> None:
    assert step(8, 3, Dir.N) == (8, 2) and step(8, 3, Dir.SE) == (9, 3)
    assert step(9, 3, Dir.SE) == (10, 4) and step(9, 3, Dir.NW) == (8, 3)
    assert direction((8, 3), (9, 3)) is Dir.SE and direction((8, 3), (10, 3)) is None
    for s in MAP.spaces:
        for d, n in MAP.neighbours(s.id):
            assert MAP.side(n.id, s.id) is opposite(d)
            assert MAP.neighbour(n.id, opposite(d)) == s
            assert step(*step(s.col, s.row, d), opposite(d)) == s.cell
    assert MAP.side("c8r3", "c15r4") is None
    assert MAP.at(8, 3) == MAP.library and MAP.at(0, 0) is None


def test_joined_rule() -> None:
    assert joined({Dir.N}, Dir.N, ()), "a road on the first tile"
    assert joined((), Dir.N, {Dir.S}), "or on the second"
    assert not joined({Dir.S}, Dir.N, {Dir.N}), "roads on other sides do not count"
    lib = BOARD.fixed_tile(MAP.library.id).roads
    assert all(joined(lib, d, ()) for d in DIRS), "the Library opens every side"


def test_every_entry_is_tagged() -> None:
    things = [MAP, *MAP.spaces, *MAP.bridges, *BOARD.tiles, *BOARD.pois, *BOARD.bosses,
              *BOARD.suburbs]
    assert all(isinstance(t.source, Source) for t in things)


# -- corrupt files are refused, naming the file and the entry --------------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return copy_data(DATA, tmp_path)


def test_unchanged_copy_loads(data: Path) -> None:
    assert board_from(data) == BOARD


def _drop_space(root: Path, sid: str) -> None:
    path = root / "map.toml"
    text, n = re.subn(rf'\[\[space\]\]\nid = "{sid}"\n.*?\n\n', "", path.read_text(),
                      flags=re.S)
    assert n == 1
    path.write_text(text)


def space(sid: str) -> str:
    """The start of a space's entry in map.toml."""
    col, row = sid[1:].split("r")
    return f'id = "{sid}"\ncol = {col}\nrow = {row}\n'


CASES: list[tuple[str, str, str, list[str]]] = [
    # map.toml
    ("map.toml", space("c1r2"), space("c1r2").replace('"c1r2"', '"c1r9"'),
     ["space 'c1r9'", "must be 'c1r2'"]),
    ("map.toml", space("c3r1") + 'kind = "poi"', space("c3r1") + 'kind = "plaza"',
     ["space 'c3r1'", "kind must be one of"]),
    ("map.toml", space("c2r3") + 'kind = "city"', space("c2r3") + 'kind = "city"\nsuburb = true',
     ["space 'c2r3'", "coastal"]),
    ("map.toml", space("c3r1") + 'kind = "poi"', space("c3r1") + 'kind = "poi"\nsuburb = true',
     ["space 'c3r1'", "only a City"]),
    ("map.toml", space("c1r2") + 'kind = "city"',
     space("c1r2") + 'kind = "city"\ntransport = "gullfire"',
     ["space 'c1r2'", "World Trade Center (NY-21)"]),
    ("map.toml", space("c1r2") + 'kind = "city"',
     space("c1r2") + 'kind = "city"\ntransport = "raft"', ["space 'c1r2'", "transport"]),
    ("map.toml", space("c6r2") + 'kind = "city"\nname = "Chelsea"',
     space("c6r2") + 'kind = "ring"\ntile = "ring-n"', ["map.toml", "6 ring spaces", "found 7"]),
    ("map.toml", 'name = "Chelsea"\n', "", ["space 'c6r2'", "names the neighbourhood"]),
    ("map.toml", space("c8r2") + 'kind = "ring"\ntile = "ring-n"',
     space("c8r2") + 'kind = "ring"\ntile = "ring-n"\nname = "Midtown"',
     ["space 'c8r2'", "named by its tile"]),
    ("map.toml", 'name = "Chelsea"', 'name = "SoHo"', ["space 'c6r2'", "'SoHo'", "space 'c4r2'"]),
    ("map.toml", 'name = "Chelsea"', 'name = "The Bowery"', ["space 'c6r2'", "tile 'city-02'"]),
    ("map.toml", space("c8r2") + 'kind = "ring"', space("c8r2") + 'kind = "city"',
     ["space 'c8r2'", "printed 'tile'"]),
    ("map.toml", space("c2r3") + 'kind = "city"', space("c2r3") + 'kind = "park"',
     ["space 'c2r3'", "right side", "NY-167"]),
    ("map.toml", space("c1r2") + 'kind = "city"', space("c1r2") + 'kind = "city"\ncolour = 1',
     ["space 'c1r2'", "unknown field 'colour'"]),
    ("map.toml", "col = 3\nrow = 1", "col = 16\nrow = 1", ["space 'c3r1'", "'col' must be"]),
    ("map.toml", 'reason = "a long island', 'reasons = "a long island',
     ["[board]", "'reason'"]),
    ("map.toml", 'number = 1\nname = "Brooklyn Bridge"\nspace = "c3r4"\nside = "S"',
     'number = 1\nname = "Brooklyn Bridge"\nspace = "c3r4"\nside = "N"',
     ["bridge 1", "does not face the river"]),
    ("map.toml", 'number = 4', 'number = 3', ["bridge '3' appears twice"]),
    ("map.toml", 'space = "c3r4"', 'space = "c3r9"', ["bridge 1", "no space 'c3r9'"]),
    ("map.toml", 'space = "c14r1"\nside = "N"', 'space = "c15r2"\nside = "NE"',
     ["bridge 4", "does not face the river"]),
    ("map.toml", 'tile = "ring-n"', 'tile = "ring-x"', ["space 'c8r2'", "no tile 'ring-x'"]),
    ("map.toml", 'tile = "ring-n"', 'tile = "city-01"', ["space 'c8r2'", "not a fixed tile"]),
    ("map.toml", 'tile = "ring-n"', 'tile = "ring-s"', ["space 'c8r4'", "another space"]),
    ("map.toml", "\n[[bridge]]\nnumber = 1", "\n[[bridges]]\nnumber = 1",
     ["map.toml", "unknown entry 'bridges'"]),
    # tiles.toml
    ("tiles.toml", 'roads = ["N", "NE", "SE"]\nicons = ["prisoner"]\nroadblock = "SE"',
     'roads = ["N", "NE", "SE"]\nicons = ["prisoner"]\nroadblock = "S"',
     ["tile 'city-01'", "S side has no road"]),
    ("tiles.toml", 'roads = ["N", "NE", "SE"]\nicons = ["prisoner"]',
     'roads = ["N", "NE", "SE"]\nicons = ["prisoner", "roadblock"]',
     ["tile 'city-01'", 'roadblock = "SIDE"']),
    ("tiles.toml", 'roads = ["N", "NE", "SE"]\nicons = ["prisoner"]',
     'roads = ["N", "NE", "SE"]\nicons = ["raft"]', ["tile 'city-01'", "icons must list only"]),
    ("tiles.toml", 'roads = ["N", "NE", "SE"]\nicons = ["prisoner"]',
     'roads = ["N", "NE", "N"]\nicons = ["prisoner"]', ["tile 'city-01'", "a side twice"]),
    ("tiles.toml", 'roads = ["N", "NE", "SE"]\nicons = ["prisoner"]',
     'roads = ["N", "NE", "SE"]\nicons = ["event", "event"]', ["tile 'city-01'", "event twice"]),
    ("tiles.toml", 'building = "gun_shop"', 'building = "library"',
     ["tile 'city-13'", "only the Library's fixed tile"]),
    ("tiles.toml", 'building = "library"\n', "",
     ["tile 'library'", "only it, shows the Library", "'c8r3'"]),
    ("tiles.toml", "trap = [{ do = \"hurt\", amount = 2, range = 0 }]",
     "trap = [{ do = \"hurt\", amount = 9, range = 0 }]",
     ["tile 'trap-1': trap #1", "amount must be from 1 to 5"]),
    ("tiles.toml", 'module = "traps"\ntrap = [{ do = "hurt"', 'trap = [{ do = "hurt"',
     ["tile 'trap-1'", "only it, has 'trap' effects"]),
    ("tiles.toml", 'deck = "city"\nname = "Mined Crossing"', 'deck = "park"\nname = "Mined '
     'Crossing"', ["tile 'trap-1'", "City tiles (NY-251)"]),
    ("tiles.toml", 'id = "city-02"', 'id = "city-01"', ["tile 'city-01' appears twice"]),
    ("tiles.toml", 'icons = ["prisoner"]\nroadblock = "SE"',
     'icons = ["prisoner", "car"]\nroadblock = "SE"', ["tiles.toml", "5 Car icons", "NY-4"]),
    ("tiles.toml", 'name = "Broadway"', 'name = "Broadway"\nlanes = 4',
     ["tile 'city-01'", "unknown field 'lanes'"]),
    # pois.toml
    ("pois.toml", 'boss = "romero"', 'boss = "romeo"',
     ["poi 'romero-hideout'", "effects #1", "no boss 'romeo'"]),
    ("pois.toml", 'boss = "romero"', 'boss = "duke"',
     ["poi 'romero-hideout'", "does not enter from a POI"]),
    ("pois.toml", 'boss = "romero"', 'boss = "romero", where = "here"',
     ["poi 'romero-hideout'", "where = 'poi'"]),
    ("pois.toml", "case = 1", "case = 0", ["poi 'penn-station'", "names its Case token"]),
    ("pois.toml", "case = 1", "case = 5", ["poi 'penn-station'", "case must be from 0 to 4"]),
    ("pois.toml", "case = 2", "case = 1", ["poi 'escape-pod'", "Case token 1 is already"]),
    ("pois.toml", '{ do = "case_token", case = 2 }, ', "",
     ["pois.toml", "Case token 2", "G-8"]),
    ("pois.toml", 'name = "The Duke\'s Camp"\nalways = true', 'name = "The Duke\'s Camp"\n'
     'always = false', ["poi 'duke-camp'", "always = true"]),
    ("pois.toml", 'effects = [{ do = "nothing" }]', 'effects = [{ do = "president" }]',
     ["pois.toml", "1 Duke's Camps", "found 2"]),
    ("pois.toml", 'effects = [{ do = "nothing" }]',
     'effects = [{ do = "nothing" }, { do = "events" }]', ["poi 'nothing-here'", "'nothing'"]),
    ("pois.toml", 'always = false\nicons = ["item", "item"]',
     'always = false\neffects = [{ do = "ny_special" }]\nicons = ["item", "item"]',
     ["pois.toml", "only 3", "NY-233"]),
    ("pois.toml", 'effects = [{ do = "ny_special" }]\nsource',
     'effects = [{ do = "ny_special", count = 1 }]\nsource',
     ["poi 'gang-hall': effects #1", "unknown field 'count'"]),
    ("pois.toml", 'always = false\nicons = ["item", "item"]', 'always = false',
     ["poi 'chock-full-o-nuts'", "needs effects, icons or a building"]),
    ("pois.toml", 'effects = [{ do = "boss", boss = "slag" }]',
     'effects = [{ do = "boss", boss = "romero" }]', ["pois.toml", "boss 'romero'", "2 POIs"]),
    # bosses.toml
    ("bosses.toml", "hp = 6\ndamage = 2\nrange = 1", "hp = 6\ndamage = 2\nrange = 2",
     ["boss 'duke'", "range must be 1"]),
    ("bosses.toml", "range = 1\nmove = 2", "range = 1\nmove = 1",
     ["boss 'romero'", "move must be 2"]),
    ("bosses.toml", "hp = 8", "hp = 6", ["boss 'slag'", "more than 6", "E-11"]),
    ("bosses.toml", "case = 3\n", "", ["boss 'romero'", "carry a Case token"]),
    ("bosses.toml", "case = 4", "case = 3", ["boss 'slag'", "Case token 3 is already"]),
    ('bosses.toml', 'when = "killed"', 'when = "sometimes"',
     ["boss 'duke': ability", "when must be one of"]),
    ("bosses.toml", 'boss = "duke", where', 'boss = "dook", where',
     ["boss 'duke'", "ability: effects #1", "no boss 'dook'"]),
    ("bosses.toml", 'enters = "president"', 'enters = "poi"',
     ["boss 'duke'", "only he, enters play when the President"]),
    ("bosses.toml", 'id = "slag"', 'id = "slug"', ["bosses.toml", "no boss 'slag'"]),
    ("bosses.toml", 'name = "Slag"', 'name = "Slag"\ntitle = "Champion"',
     ["boss 'slag'", "unknown field 'title'"]),
    # suburbs.toml
    ("suburbs.toml", "copies = 3", "copies = 4", ["suburbs.toml", "12 Suburb tokens",
                                                  "found 13"]),
    ("suburbs.toml", 'icon = "raft"', 'icon = "event"', ["suburbs.toml", "Raft", "NY-106"]),
    ("suburbs.toml", 'icon = "raft"', 'icon = "roadblock"', ["token 'raft'", "icon must be"]),
    ("suburbs.toml", 'id = "item"', 'id = "raft"', ["token 'raft' appears twice"]),
]


@pytest.mark.parametrize(("name", "old", "new", "words"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_corrupt_file_is_refused(data: Path, name: str, old: str, new: str,
                                 words: list[str]) -> None:
    assert_rejected(board_from, data, name, old, new, words)


def test_a_moved_heliport_must_be_the_park_centre(data: Path) -> None:
    edit(data, "map.toml", 'transport = "helicopter"\n', "")
    assert_rejected(board_from, data, "map.toml", space("c12r3") + 'kind = "park"',
                    space("c12r3") + 'kind = "park"\ntransport = "helicopter"',
                    ["space 'c12r3'", "centre of Central Park", "NY-22"])


def test_too_few_poi_spaces(data: Path) -> None:
    for sid in ("c3r1", "c5r2"):
        edit(data, "map.toml", space(sid) + 'kind = "poi"', space(sid) + 'kind = "city"')
    assert_rejected(board_from, data, "map.toml", space("c4r4") + 'kind = "poi"',
                    space("c4r4") + 'kind = "city"', ["map.toml", "at least 7 POI spaces"])


def test_too_many_pois_always_in_play(data: Path) -> None:
    edit(data, "pois.toml", "always = false", "always = true", 3)
    assert_rejected(board_from, data, "pois.toml", "always = false", "always = true",
                    ["pois.toml", "9 POI spaces", "10 POIs with always = true"])


def test_a_space_cut_off_from_the_library(data: Path) -> None:
    for sid in ("c1r2", "c2r3"):
        _drop_space(data, sid)
    block = re.search(r'\[\[space\]\]\nid = "c2r4"\n.*?\n\n', (data / "map.toml").read_text(),
                      re.S)
    assert block is not None
    assert_rejected(board_from, data, "map.toml", block.group(0), "",
                    ["space 'c1r3'", "cannot be reached from the Library"])


def test_too_few_city_tiles(data: Path) -> None:
    city = 'deck = "city"\nname = "'
    edit(data, "tiles.toml", city, city.replace("city", "park"), 5)
    assert_rejected(board_from, data, "tiles.toml", city, city.replace("city", "park"),
                    ["tiles.toml", "need 39 city tiles", "found 38"])


def test_manholes_must_pair(data: Path) -> None:
    text = (data / "tiles.toml").read_text()
    edit(data, "tiles.toml", '"manhole"', '"item"', text.count('"manhole"') - 1)
    assert_rejected(board_from, data, "tiles.toml", '"manhole"', '"item"',
                    ["tiles.toml", "Manholes", "NY-173"])


def test_a_second_trap_tile_count(data: Path) -> None:
    assert_rejected(board_from, data, "tiles.toml",
                    'module = "traps"\ntrap = [{ do = "noise", amount = 3 }, '
                    '{ do = "spawn", count = 1, where = "here" }]\n', "",
                    ["tiles.toml", "2 Trap tiles", "found 1"])
