"""Loading ``tiles.toml``, ``sentinels.toml``, ``characters.toml`` and ``game.toml``."""

from __future__ import annotations

from typing import Any

from getaway.core.content import Entry, count, entries, only, table, unique
from getaway.core.errors import ContentError
from getaway.games.alcatraz_2034.board import Board
from getaway.games.alcatraz_2034.components import (
    AbilityCard,
    BuildingTile,
    MovementMode,
    PlayerCount,
    Printed,
    RunTile,
    SentinelCard,
    SentinelPiece,
    SystemBoard,
    SystemRow,
    SystemTile,
)
from getaway.games.alcatraz_2034.model import (
    ABILITIES,
    BUILDING_TILES,
    CHARACTERS_PER_PLAYER,
    DICE,
    ESCAPE_POINTS,
    GREY_SPACES,
    HELIPAD_RUN_CARDS,
    MOVES,
    PRISONER_CARDS,
    REROLL,
    RUN_SPACES,
    RUN_TILES,
    SENTINEL_BASE_SCORE,
    SENTINEL_CARDS,
    SENTINELS,
    SYSTEM_STACKS,
    SYSTEM_TILES,
    TOKEN_POINTS,
    TUNNEL_RUN_CARDS,
    Ability,
    BuildingSymbol,
    Movement,
    RunMethod,
    SentinelCardKind,
    SpaceKind,
    TileColour,
)

# -- tiles.toml ----------------------------------------------------------------

_RUN_CARDS_OF = {BuildingSymbol.TUNNEL: TUNNEL_RUN_CARDS,
                 BuildingSymbol.HELIPAD: HELIPAD_RUN_CARDS}


def tiles_from(raw: dict[str, Any], board: Board
           ) -> tuple[tuple[BuildingTile, ...], tuple[RunTile, ...], SystemBoard,
                      tuple[SystemTile, ...]]:
    f = "tiles.toml"
    only(raw, f, "building_tile", "run_tile", "system_board", "system_row", "system_tile")
    buildings = []
    for e in entries(raw, f, "building_tile", "building_tile"):
        bid = e.text("id")
        symbol = e.enum("symbol", BuildingSymbol)
        copies = e.integer("copies", 1, BUILDING_TILES)
        want = _RUN_CARDS_OF.get(symbol, 0)
        run_cards = e.integer("run_cards", 1, 9, 0)
        if run_cards != want:
            raise e.fail(f"run_cards must be {want}, as in the rulebook" if want else
                         "only the tunnel and the helicopter pad have 'run_cards'")
        buildings.append(BuildingTile(bid, symbol, copies, run_cards, e.source()))
        e.done()
    unique(f, "building_tile", [b.id for b in buildings])
    n_buildings = sum(b.copies for b in buildings)
    count(f, "building tiles", n_buildings, BUILDING_TILES)
    if n_buildings != len(board.of_kind(SpaceKind.BUILDING)) + 1:
        raise ContentError(f"{f}: building tiles must be one more than board.toml's "
                           "building spaces (one is left out)")
    for sym in BuildingSymbol:
        if not any(b.symbol is sym for b in buildings):
            raise ContentError(f"{f}: no building tile shows {sym.value!r}")

    run_tiles = []
    for e in entries(raw, f, "run_tile", "run_tile"):
        method = e.enum("method", RunMethod, RUN_SPACES)
        run_tiles.append(RunTile(e.text("id"), method, e.integer("cards", 1, 9),
                                 e.source()))
        e.done()
    unique(f, "run_tile", [t.id for t in run_tiles])
    count(f, "Run tiles", len(run_tiles), RUN_TILES)
    for m in RUN_SPACES:
        n_spaces = sum(s.method is m for s in board.of_kind(SpaceKind.RUN))
        n_tiles = sum(t.method is m for t in run_tiles)
        if n_tiles < n_spaces:
            raise ContentError(f"{f}: {n_tiles} {m.value} Run tiles cannot fill the "
                               f"{n_spaces} {m.value} Run spaces of board.toml")

    top = table(raw, f, "system_board")
    base = top.integer("base_score", 0, 9)
    stacks = top.integer("stacks", 1, 9)
    grey = top.integer("grey_spaces", 0, 9)
    for key, got, want_n in (("base_score", base, SENTINEL_BASE_SCORE),
                             ("stacks", stacks, SYSTEM_STACKS), ("grey_spaces", grey, GREY_SPACES)):
        if got != want_n:
            raise top.fail(f"{key} must be {want_n}, as in the rulebook; got {got}")
    board_source = top.source()
    top.done()
    rows = []
    colours = tuple(c for c in TileColour if c is not TileColour.GREY)
    for e in entries(raw, f, "system_row", "system_row",
                      lambda d: repr(d["colour"]) if isinstance(d.get("colour"), str) else None):
        rows.append(SystemRow(e.enum("colour", TileColour, colours), e.enum("ability", Ability),
                              e.integer("spaces", 1, 9), e.source()))
        e.done()
    if sorted(r.colour for r in rows) != sorted(colours) or \
            sorted(r.ability for r in rows) != sorted(Ability):
        raise ContentError(f"{f}: the System board needs one row per colour "
                           f"({', '.join(c.value for c in colours)}) and one per ability")
    sysboard = SystemBoard(base, stacks, grey, tuple(rows), board_source)

    tiles: list[SystemTile] = []
    for e in entries(raw, f, "system_tile", "system_tile"):
        tid = e.text("id")
        colour = e.enum("colour", TileColour)
        ability = e.enum("ability", Ability)
        if colour is not TileColour.GREY and ability is not sysboard.row(colour).ability:
            raise e.fail(f"a {colour.value} tile must show "
                         f"{sysboard.row(colour).ability.value}, the ability of its row")
        tiles.append(SystemTile(tid, colour, ability, e.integer("copies", 1, SYSTEM_TILES),
                                e.source()))
        e.done()
    unique(f, "system_tile", [t.id for t in tiles])
    count(f, "System tiles", sum(t.copies for t in tiles), SYSTEM_TILES)
    for r in rows:
        n = sum(t.copies for t in tiles if t.colour is r.colour)
        if n < r.spaces:
            raise ContentError(f"{f}: {n} {r.colour.value} tiles can never fill the "
                               f"{r.spaces} spaces of their row")
    n_grey = sum(t.copies for t in tiles if t.colour is TileColour.GREY)
    if n_grey > grey:
        raise ContentError(f"{f}: {n_grey} grey tiles do not fit the {grey} grey spaces")
    return tuple(buildings), tuple(run_tiles), sysboard, tuple(tiles)


# -- sentinels.toml ------------------------------------------------------------


def sentinels_from(raw: dict[str, Any]) -> tuple[tuple[SentinelPiece, ...],
                                             tuple[SentinelCard, ...]]:
    f = "sentinels.toml"
    only(raw, f, "sentinel", "sentinel_card")
    pieces = []
    for e in entries(raw, f, "sentinel", "sentinel"):
        pieces.append(SentinelPiece(e.text("id"), e.enum("ability", Ability),
                                    e.integer("copies", 1, SENTINELS), e.source()))
        e.done()
    unique(f, "sentinel", [p.id for p in pieces])
    count(f, "sentinels", sum(p.copies for p in pieces), SENTINELS)

    cards = []
    for e in entries(raw, f, "sentinel_card", "sentinel_card"):
        cid = e.text("id")
        kind = e.enum("kind", SentinelCardKind)
        name = e.text("name")
        steps = e.integer("steps", 1, 12, 0)
        if (steps > 0) != (kind is SentinelCardKind.SENTINEL):
            raise e.fail("a sentinel card needs 'steps' (how far it moves a sentinel) "
                         "and only it has them")
        drone = kind is SentinelCardKind.DRONE_SWARM
        ability = e.opt_enum("ability", Ability)
        score = e.integer("score", 1, 12, 0)
        if drone != (ability is not None) or drone != (score > 0):
            raise e.fail("a drone swarm needs an 'ability' and a 'score' and only it has them")
        cards.append(SentinelCard(cid, kind, name, e.integer("copies", 1, SENTINEL_CARDS),
                                  steps, ability, score, e.source()))
        e.done()
    unique(f, "sentinel_card", [c.id for c in cards])
    count(f, "Sentinel cards", sum(c.copies for c in cards), SENTINEL_CARDS)
    for k in SentinelCardKind:
        if not any(c.kind is k for c in cards):
            raise ContentError(f"{f}: no Sentinel card of kind {k.value!r}")
    return tuple(pieces), tuple(cards)


# -- characters.toml -----------------------------------------------------------


def _printed(e: Entry, key: str, allow_r: bool) -> Printed:
    e.used.add(key)
    if key not in e.data:
        raise e.fail(f"missing field {key!r}")
    v = e.data[key]
    if allow_r and v == REROLL:
        return Printed(0, reroll=True)
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 9:
        return Printed(v)
    raise e.fail(f"{key} must be a number from 0 to 9" + (" or 'R'" if allow_r else "")
                 + f", got {v!r}")


def ability_cards_from(raw: dict[str, Any], key: str, allow_r: bool, want: int
                   ) -> tuple[AbilityCard, ...]:
    f = "characters.toml"
    cards = []
    for e in entries(raw, f, key, key):
        cid, name = e.text("id"), e.text("name")
        s, t, k = (_printed(e, a.value, allow_r) for a in ABILITIES)
        cards.append(AbilityCard(cid, name, (s, t, k), e.source()))
        e.done()
    unique(f, key, [c.id for c in cards])
    count(f, f"{key} cards", len(cards), want)
    return tuple(cards)


# -- game.toml -----------------------------------------------------------------


def game_from(raw: dict[str, Any]) -> tuple[tuple[MovementMode, ...], tuple[PlayerCount, ...],
                                        int, int, int, int]:
    f = "game.toml"
    only(raw, f, "movement", "player_count", "scores", "dice")
    moves = []
    for e in entries(raw, f, "movement", "movement"):
        mode = e.enum("id", Movement)
        m = MovementMode(mode, e.integer("steps", 1, 20), e.integer("attack_modifier", -9, 9),
                         e.flag("may_end_on_safe"), e.flag("passes_sentinels"), e.source())
        if (m.steps, m.attack_modifier, m.may_end_on_safe, m.passes_sentinels) != MOVES[mode]:
            steps, mod, safe, passes = MOVES[mode]
            raise e.fail(f"the rulebook's {mode.value}: steps {steps}, attack_modifier {mod}, "
                         f"may_end_on_safe {str(safe).lower()}, "
                         f"passes_sentinels {str(passes).lower()}")
        moves.append(m)
        e.done()
    unique(f, "movement", [m.id for m in moves])
    if len(moves) != len(Movement):
        raise ContentError(f"{f}: the movements must be sneak, walk and run")
    counts = []
    for e in entries(raw, f, "player_count", "player_count",
                      lambda d: str(d.get("players"))):
        players = e.integer("players", 2, 6)
        chars = e.integer("characters", 1, PRISONER_CARDS)
        if chars != CHARACTERS_PER_PLAYER[players]:
            raise e.fail(f"the rulebook gives {CHARACTERS_PER_PLAYER[players]} characters "
                         f"each at {players} players, got {chars}")
        counts.append(PlayerCount(players, chars, e.source()))
        e.done()
    unique(f, "player_count", [str(p.players) for p in counts])
    if sorted(p.players for p in counts) != sorted(CHARACTERS_PER_PLAYER):
        raise ContentError(f"{f}: player_count must cover 2 to 6 players")
    sc = table(raw, f, "scores")
    escape_points, token_points = sc.integer("escape_points", 0, 9), sc.integer(
        "token_points", 0, 9)
    if (escape_points, token_points) != (ESCAPE_POINTS, TOKEN_POINTS):
        raise sc.fail("the rulebook gives 1 point per escaped prisoner and 1 for the token")
    sc.source()
    sc.done()
    dice_entry = table(raw, f, "dice")
    dice, sides = dice_entry.integer("count", 1, 9), dice_entry.integer("sides", 2, 20)
    if dice != DICE:
        raise dice_entry.fail(f"count must be {DICE}, as in the rulebook")
    dice_entry.source()
    dice_entry.done()
    return tuple(moves), tuple(counts), escape_points, token_points, dice, sides
