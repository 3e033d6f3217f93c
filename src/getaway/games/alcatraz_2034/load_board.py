"""Loading ``board.toml``: the island's spaces, routes, hexes and deck spots."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from getaway.core.content import Entry, count, entries, only, table, unique
from getaway.core.errors import ContentError
from getaway.games.alcatraz_2034.board import Board, DeckSpot, Hex, Route, Space
from getaway.games.alcatraz_2034.model import (
    BUILDING_SPACES,
    RUN_SPACES,
    SENTINELS,
    DeckSpotKind,
    EscapeDeck,
    RouteColour,
    RunMethod,
    SpaceKind,
)

# -- board.toml ----------------------------------------------------------------


def board_from(raw: dict[str, Any]) -> Board:
    f = "board.toml"
    top = table(raw, f, "board")
    only(raw, f, "board", "space", "route", "hex", "deck_spot")
    width = top.integer("width", 100, 10000)
    height = top.integer("height", 100, 10000)
    island_raw = top.get("island", list)
    island = []
    for p in island_raw:
        if not (isinstance(p, list) and len(p) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in p)):
            raise top.fail(f"island points must be [x, y] with whole numbers, got {p!r}")
        island.append((p[0], p[1]))
    if len(island) < 3:
        raise top.fail("the island outline needs at least 3 points")
    board_source = top.source()
    top.done()

    def xy(e: Entry) -> tuple[int, int]:
        return e.integer("x", 0, width), e.integer("y", 0, height)

    spaces = []
    for e in entries(raw, f, "space", "space"):
        sid = e.text("id")
        kind = e.enum("kind", SpaceKind)
        named = kind not in (SpaceKind.NORMAL, SpaceKind.SAFE, SpaceKind.SENTINEL)
        name = e.text("name") if named else e.text("name", "")
        called = e.text("called", name) if name else e.text("called")
        if name and name not in called:
            raise e.fail(f"'called' ({called!r}) must hold the printed name {name!r}")
        x, y = xy(e)
        method = e.opt_enum("method", RunMethod, RUN_SPACES)
        hex_id = e.get("hex", str, None)
        if kind is SpaceKind.RUN and (method is None or hex_id is None):
            raise e.fail("a Run space needs a 'method' (swim, boat or air) and a 'hex'")
        if kind is not SpaceKind.RUN and (method is not None or hex_id is not None):
            raise e.fail("only a Run space has a 'method' and a 'hex'")
        spaces.append(Space(sid, kind, name, x, y, method, hex_id, e.source(), called))
        e.done()
    unique(f, "space", [s.id for s in spaces])
    said: dict[str, str] = {}
    for s in spaces:
        other = said.setdefault(s.called.lower(), s.id)
        if other != s.id:
            raise ContentError(f"{f}: spaces {other!r} and {s.id!r} are both called "
                               f"{s.called!r}; a sentence could not tell them apart")
    by_kind = {k: [s for s in spaces if s.kind is k] for k in SpaceKind}
    count(f, "main cell block", len(by_kind[SpaceKind.CELL_BLOCK]), 1)
    count(f, "tunnel space", len(by_kind[SpaceKind.TUNNEL]), 1)
    count(f, "building spaces", len(by_kind[SpaceKind.BUILDING]), BUILDING_SPACES)
    for m, n in RUN_SPACES.items():
        count(f, f"{m.value} Run spaces",
               sum(s.method is m for s in by_kind[SpaceKind.RUN]), n)
    if not by_kind[SpaceKind.SAFE]:
        raise ContentError(f"{f}: the board needs green safe spaces")
    if len(by_kind[SpaceKind.SENTINEL]) < SENTINELS:
        raise ContentError(f"{f}: there must be at least {SENTINELS} red sentinel start "
                           f"spaces, one per sentinel; found {len(by_kind[SpaceKind.SENTINEL])}")

    hexes = []
    for e in entries(raw, f, "hex", "hex"):
        x, y = xy(e)
        hexes.append(Hex(e.text("id"), x, y, e.source()))
        e.done()
    unique(f, "hex", [h.id for h in hexes])
    hex_users: dict[str, str] = {}
    for s in by_kind[SpaceKind.RUN]:
        if s.hex not in {h.id for h in hexes}:
            raise ContentError(f"{f}: space {s.id!r}: no hex {s.hex!r}")
        if s.hex in hex_users:
            raise ContentError(f"{f}: space {s.id!r}: hex {s.hex!r} already belongs to "
                               f"{hex_users[s.hex]!r}")
        hex_users[str(s.hex)] = s.id
    for h in hexes:
        if h.id not in hex_users:
            raise ContentError(f"{f}: hex {h.id!r}: no Run space names it")

    kinds = {s.id: s.kind for s in spaces}
    routes = []
    seen: dict[frozenset[str], int] = {}

    def route_label(d: dict[str, Any]) -> str | None:
        a, b = d.get("from"), d.get("to")
        return f"{a!r}-{b!r}" if isinstance(a, str) and isinstance(b, str) else None

    for i, e in enumerate(entries(raw, f, "route", "route", route_label)):
        a, b = e.text("from"), e.text("to")
        for end in (a, b):
            if end not in kinds:
                raise e.fail(f"no space {end!r}")
        if a == b:
            raise e.fail("a route must join two different spaces")
        if SpaceKind.TUNNEL in (kinds[a], kinds[b]):
            raise e.fail("no route leads to the tunnel space; prisoners are put there")
        pair = frozenset((a, b))
        if pair in seen:
            raise e.fail(f"the same two spaces are already joined by route #{seen[pair] + 1}")
        seen[pair] = i
        colour = e.enum("colour", RouteColour)
        to_safe = SpaceKind.SAFE in (kinds[a], kinds[b])
        if (colour is RouteColour.GREEN) != to_safe:
            raise e.fail("a route is green exactly when it leads to a safe space")
        routes.append(Route(a, b, colour, e.source()))
        e.done()

    spots = []
    for e in entries(raw, f, "deck_spot", "deck_spot"):
        family = e.enum("kind", DeckSpotKind)
        deck: StrEnum = e.enum("deck", EscapeDeck) if family is DeckSpotKind.ESCAPE \
            else e.enum("deck", RunMethod)
        x, y = xy(e)
        spots.append(DeckSpot(e.text("id"), family, deck.value, x, y, e.source()))
        e.done()
    unique(f, "deck_spot", [s.id for s in spots])
    want = {("escape", d.value) for d in EscapeDeck} | {("run", m.value) for m in RunMethod}
    have = [(s.kind.value, s.deck) for s in spots]
    if sorted(have) != sorted(want):
        raise ContentError(f"{f}: there must be one deck_spot per Escape deck and per "
                           "Run deck")

    board = Board(width, height, tuple(island), tuple(spaces), tuple(routes), tuple(hexes),
                  tuple(spots), board_source)
    reach = board.distances(board.cell_block.id)
    for s in spaces:
        if s.kind is not SpaceKind.TUNNEL and s.id not in reach:
            raise ContentError(f"{f}: space {s.id!r} cannot be reached from the main "
                               "cell block")
    return board
