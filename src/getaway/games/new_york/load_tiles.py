"""Loading ``tiles.toml``, ``pois.toml``, ``bosses.toml`` and ``suburbs.toml``.

Each file is checked alone by its ``*_from`` function, then against the map and
the others by :func:`check_pieces` (called by :func:`.load_board.board_from`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from getaway.core.content import Entry, count, entries, only, unique
from getaway.core.errors import ContentError
from getaway.games.new_york.board import Board, Boss, BossAbility, Poi, SuburbToken, Tile
from getaway.games.new_york.effects import Effect, Op, effects
from getaway.games.new_york.model import (
    BOSS_FACTS,
    CASE_BOSSES,
    CASES,
    NY_SPECIALS,
    RED_BASES,
    SLAG_HP_ABOVE,
    TRAP_TILES,
    BossEntry,
    BossTrigger,
    Building,
    Dir,
    Icon,
    Module,
    SpaceKind,
    TileDeck,
)

_TILE_ICONS = frozenset(Icon) - {Icon.RAFT, Icon.ROADBLOCK}
"""Icons listed in a tile's ``icons``: a Roadblock is ``roadblock = SIDE``; Rafts are
only on Suburb tokens."""
_ONCE = (Icon.EVENT, Icon.CAR, Icon.MANHOLE)
_TILE_BUILDINGS = (Building.SURGERY, Building.GUN_SHOP, Building.SHELTER)


def _icons(e: Entry) -> tuple[Icon, ...]:
    raw = e.data.get("icons", [])
    if isinstance(raw, list) and Icon.ROADBLOCK.value in raw:
        raise e.fail("a Roadblock icon is not listed in icons: write roadblock = \"SIDE\", "
                     "the side of the road it blocks (NY-174)")
    icons = e.enums("icons", Icon, _TILE_ICONS, ())
    for i in _ONCE:
        if icons.count(i) > 1:
            raise e.fail(f"icons lists {i.value} twice; one is enough")
    return icons


# -- tiles.toml -----------------------------------------------------------------


def _tile(e: Entry) -> Tile:
    tid, deck, name = e.text("id"), e.enum("deck", TileDeck), e.text("name")
    roads = e.enums("roads", Dir)
    if not roads:
        raise e.fail("a tile prints at least one road")
    if len(set(roads)) != len(roads):
        raise e.fail("roads lists a side twice")
    icons = _icons(e)
    roadblock = e.opt_enum("roadblock", Dir)
    if roadblock is not None and roadblock not in roads:
        raise e.fail(f"its Roadblock icon blocks a road (NY-174), but its {roadblock.value} "
                     "side has no road")
    building = e.opt_enum("building", Building)
    if building is Building.LIBRARY and deck is not TileDeck.FIXED:
        raise e.fail("only the Library's fixed tile shows the Library (NY-168)")
    module = e.opt_enum("module", Module, (Module.TRAPS,))
    trap = effects(e, "trap", ())
    if (module is Module.TRAPS) != bool(trap):
        raise e.fail("a Trap tile (module 'traps'), and only it, has 'trap' effects (NY-252)")
    if module is Module.TRAPS and deck is not TileDeck.CITY:
        raise e.fail("Trap tiles are shuffled into the City tiles (NY-251)")
    source = e.source()
    e.done()
    return Tile(tid, deck, name, frozenset(roads), icons, roadblock, building, module, trap,
                source)


def tiles_from(raw: dict[str, Any]) -> tuple[Tile, ...]:
    """The map tiles of ``tiles.toml``, checked alone."""
    f = "tiles.toml"
    only(raw, f, "tile")
    tiles = tuple(_tile(e) for e in entries(raw, f, "tile", "tile"))
    unique(f, "tile", [t.id for t in tiles])
    count(f, "Trap tiles", sum(t.module is Module.TRAPS for t in tiles), TRAP_TILES, "NY-251")
    manholes = sum(t.count(Icon.MANHOLE) for t in tiles if t.module is None)
    if manholes < 2:
        raise ContentError(f"{f}: Manholes link spaces in pairs or more (NY-173), so at "
                           f"least 2 tiles show one; found {manholes}")
    return tiles


# -- bosses.toml ----------------------------------------------------------------


def _boss(e: Entry) -> Boss:
    bid, name = e.text("id"), e.text("name")
    hp, damage = e.integer("hp", 1, 20), e.integer("damage", 0, 5)
    reach, move = e.integer("range", 0, 2), e.integer("move", 0, 4)
    enters = e.enum("enters", BossEntry)
    case: int | None = e.integer("case", 1, CASES, None)
    a = e.sub(e.get("ability", dict), "ability")
    ability = BossAbility(a.text("name"), a.enum("when", BossTrigger), a.text("text"),
                          effects(a, "effects", ()))
    a.done()
    stats = {"hp": hp, "damage": damage, "range": reach, "move": move}
    for key, want in BOSS_FACTS.get(bid, {}).items():
        if stats[key] != want:
            raise e.fail(f"{key} must be {want}, as in the rulebook's examples (G-15)")
    if bid == "slag" and hp <= SLAG_HP_ABOVE:
        raise e.fail(f"Slag takes {SLAG_HP_ABOVE} damage and survives (E-11): hp must be "
                     f"more than {SLAG_HP_ABOVE}")
    if bid in CASE_BOSSES and case is None:
        raise e.fail("Romero and Slag each carry a Case token (NY-198): give its 'case'")
    source = e.source()
    e.done()
    return Boss(bid, name, hp, damage, reach, move, enters, case, ability, source)


def bosses_from(raw: dict[str, Any]) -> tuple[Boss, ...]:
    """The Bosses of ``bosses.toml``, checked alone."""
    f = "bosses.toml"
    only(raw, f, "boss")
    listed = entries(raw, f, "boss", "boss")
    bosses = tuple(_boss(e) for e in listed)
    unique(f, "boss", [b.id for b in bosses])
    ids = {b.id for b in bosses}
    for need in ("duke", *CASE_BOSSES):
        if need not in ids:
            raise ContentError(f"{f}: no boss {need!r} (the rulebook names the Duke, Romero "
                               "and Slag)")
    for b in bosses:
        if (b.enters is BossEntry.PRESIDENT) != (b.id == "duke"):
            raise ContentError(f"{f}: boss {b.id!r}: the Duke, and only he, enters play "
                               "when the President is first collected (NY-133)")
    for e, b in zip(listed, bosses, strict=True):
        _check_boss_refs(e, b.ability.effects, ids, "ability: effects")
    return bosses


def _check_boss_refs(e: Entry, effs: tuple[Effect, ...], ids: set[str], what: str) -> None:
    for i, eff in enumerate(effs):
        if eff.op is Op.BOSS and eff["boss"] not in ids:
            raise e.fail(f"{what} #{i + 1}: no boss {eff['boss']!r} in bosses.toml")


# -- pois.toml ------------------------------------------------------------------


def _poi(e: Entry, bosses: dict[str, Boss]) -> Poi:
    pid, name = e.text("id"), e.text("name")
    always = e.flag("always")
    effs = effects(e, "effects", ())
    icons = _icons(e)
    building = e.opt_enum("building", Building, _TILE_BUILDINGS)
    if not (effs or icons or building):
        raise e.fail("a POI needs effects, icons or a building")
    ops = [x.op for x in effs]
    if Op.NOTHING in ops and ops != [Op.NOTHING]:
        raise e.fail("'nothing' is the whole of a POI's effects (Nothing Here, NY-133)")
    for i, x in enumerate(effs):
        what = f"effects #{i + 1}"
        if x.op is Op.BOSS:
            boss = bosses.get(x["boss"])
            if boss is None:
                raise e.fail(f"{what}: no boss {x['boss']!r} in bosses.toml")
            if boss.enters is not BossEntry.POI:
                raise e.fail(f"{what}: {boss.id!r} does not enter from a POI (bosses.toml "
                             f"says {boss.enters.value!r})")
            if x["where"] != "poi":
                raise e.fail(f"{what}: a Boss enters onto its own POI (NY-196): where = 'poi'")
        if x.op is Op.CASE_TOKEN:
            if x["case"] == 0:
                raise e.fail(f"{what}: a Case POI names its Case token: case = 1 to {CASES}")
            if x["where"] != "poi":
                raise e.fail(f"{what}: a Case POI puts its token on itself: where = 'poi'")
    key = {Op.PRESIDENT, Op.NOTHING, Op.BOSS, Op.CASE_TOKEN} & set(ops)
    if key and not always:
        raise e.fail(f"a POI with {sorted(k.value for k in key)[0]!r} is in every game: "
                     "always = true")
    source = e.source()
    e.done()
    return Poi(pid, name, always, effs, icons, building, source)


def pois_from(raw: dict[str, Any], bosses: tuple[Boss, ...]) -> tuple[Poi, ...]:
    """The POI tiles of ``pois.toml``, checked alone and against the Bosses."""
    f = "pois.toml"
    only(raw, f, "poi")
    by_id = {b.id: b for b in bosses}
    pois = tuple(_poi(e, by_id) for e in entries(raw, f, "poi", "poi"))
    unique(f, "poi", [p.id for p in pois])
    count(f, "Duke's Camps (the POI with 'president')",
          sum(p.has(Op.PRESIDENT) for p in pois), 1, "NY-128")
    count(f, "Nothing Here POIs (effects = only 'nothing')",
          sum([x.op for x in p.effects] == [Op.NOTHING] for p in pois), 1, "NY-133")
    specials = sum(x.op is Op.NY_SPECIAL for p in pois for x in p.effects)
    if specials > NY_SPECIALS:
        raise ContentError(f"{f}: {specials} POI effects shuffle in a New York Special "
                           f"Action card, but there are only {NY_SPECIALS} (NY-5, NY-233)")
    return pois


# -- suburbs.toml ---------------------------------------------------------------


def suburbs_from(raw: dict[str, Any]) -> tuple[SuburbToken, ...]:
    """The Suburb tokens of ``suburbs.toml``, checked alone."""
    f = "suburbs.toml"
    only(raw, f, "token")
    tokens = []
    for e in entries(raw, f, "token", "token"):
        t = SuburbToken(e.text("id"), e.enum("icon", Icon, frozenset(Icon) - {Icon.ROADBLOCK}),
                        e.integer("copies", 1, 30), e.source())
        e.done()
        tokens.append(t)
    unique(f, "token", [t.id for t in tokens])
    if not any(t.icon is Icon.RAFT for t in tokens):
        raise ContentError(f"{f}: no token shows a Raft, the transport of the Raft "
                           "objective (NY-106)")
    return tuple(tokens)


# -- across the files -----------------------------------------------------------


def check_pieces(board: Board) -> None:
    """Check the pieces against the map and each other (enough of each, every Case)."""
    m = board.map
    kinds = Counter(s.kind for s in m.spaces)
    count("suburbs.toml", "Suburb tokens", sum(t.copies for t in board.suburbs),
          len(m.suburbs), "one per suburb space of map.toml, NY-23")
    for deck, kind in ((TileDeck.CITY, SpaceKind.CITY), (TileDeck.PARK, SpaceKind.PARK)):
        have = len(board.deck(deck))
        if have < kinds[kind]:
            raise ContentError(f"tiles.toml: the {kind.value} spaces of map.toml need "
                               f"{kinds[kind]} {deck.value} tiles (NY-167), found {have}")
    always = len(board.poi_tiles(True))
    if not always <= kinds[SpaceKind.POI] <= len(board.pois):
        raise ContentError(f"pois.toml: the {kinds[SpaceKind.POI]} POI spaces of map.toml "
                           f"take the {always} POIs with always = true and random others "
                           f"from {len(board.pois)} in all")
    cars = sum(t.count(Icon.CAR) for t in board.tiles) + \
        sum(p.icons.count(Icon.CAR) for p in board.pois) + \
        sum(s.copies for s in board.suburbs if s.icon is Icon.CAR)
    if cars > RED_BASES:
        raise ContentError(f"tiles.toml: {cars} Car icons in all (tiles, POIs and Suburb "
                           f"tokens), but only {RED_BASES} red bases for Cars New York drives "
                           "(NY-4)")
    _check_cases(board)
    for b in board.bosses:
        if b.enters is BossEntry.POI:
            n = sum(p.boss == b.id for p in board.pois)
            if n != 1:
                raise ContentError(f"pois.toml: boss {b.id!r} enters from a POI (NY-196), "
                                   f"but {n} POIs bring it; there must be one")


def _check_cases(board: Board) -> None:
    holder: dict[int, str] = {}
    sources = [("pois.toml", f"poi {p.id!r}", p.case) for p in board.pois]
    sources += [("bosses.toml", f"boss {b.id!r}", b.case) for b in board.bosses]
    for file, who, case in sources:
        if case is None:
            continue
        if case in holder:
            raise ContentError(f"{file}: {who}: Case token {case} is already put on the "
                               f"map by {holder[case]}")
        holder[case] = who
    for n in range(1, CASES + 1):
        if n not in holder:
            raise ContentError(f"pois.toml: no POI or Boss puts Case token {n} on the map; "
                               f"each of the {CASES} Cases must be reachable (NY-1, G-8)")
