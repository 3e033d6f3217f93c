"""Loading ``lockers.toml`` and ``exits.toml``: the tiles worth dollars at the end, the
Locker stacks' draw rule, the stacks each Convenience Store depicts and the Exit Cost
cards."""

from __future__ import annotations

from typing import Any

from getaway.core.content import Entry, count, entries, only, unique
from getaway.core.errors import ContentError
from getaway.games.escape_plan.cards import (
    ExitCost,
    ExitTile,
    LockerStack,
    LockerTile,
    StoreLockers,
)
from getaway.games.escape_plan.model import (
    EXIT_COST_CARDS,
    EXIT_TILES,
    LOCKER_TILES,
    PLAYERS,
    ExitColour,
    LockerColour,
    Store,
)

LOCKERS_FILE = "lockers.toml"
EXITS_FILE = "exits.toml"
DRAW_BONUS = {LockerColour.GREEN: 1, LockerColour.BLACK: 0, LockerColour.BROWN: -1}
"""Tiles drawn beyond (Notoriety position + Contact cards) per stack (EP-129)."""
_MONEY = 99


def ints(e: Entry, key: str, lo: int, hi: int) -> tuple[int, ...]:
    """A list of ints, each within ``lo..hi``."""
    raw = e.get(key, list)
    for v in raw:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise e.fail(f"{key} must list whole numbers from {lo} to {hi}; got {v!r}")
    return tuple(raw)


def _every(f: str, what: str, found: list[Any], members: tuple[Any, ...], rule: str) -> None:
    for m in members:
        if m not in found:
            raise ContentError(f"{f}: no {what} {m.value!r} ({rule})")


def lockers_from(raw: dict[str, Any]) -> tuple[tuple[LockerStack, ...], tuple[LockerTile, ...],
                                               tuple[StoreLockers, ...]]:
    """The three stacks, the 15 Locker tiles and the stacks each store depicts."""
    f = LOCKERS_FILE
    only(raw, f, "stack", "locker", "store")
    stacks = []
    for e in entries(raw, f, "stack", "stack", lambda d: repr(d.get("colour"))):
        s = LockerStack(e.enum("colour", LockerColour), e.integer("bonus", -9, 9), e.source())
        if s.bonus != DRAW_BONUS[s.colour]:
            raise e.fail(f"bonus must be {DRAW_BONUS[s.colour]:+d} (EP-129), got {s.bonus}")
        e.done()
        stacks.append(s)
    unique(f, "stack", [s.colour.value for s in stacks])
    _every(f, "stack", [s.colour for s in stacks], tuple(LockerColour), "EP-14")
    lockers = []
    for e in entries(raw, f, "locker", "locker"):
        lockers.append(LockerTile(e.text("id"), e.enum("colour", LockerColour),
                                  e.integer("need", 0, 30), e.integer("value", 0, _MONEY),
                                  e.source()))
        e.done()
    unique(f, "locker", [t.id for t in lockers])
    count(f, "Locker tiles", len(lockers), LOCKER_TILES, "as in the box")
    _every(f, "Locker tile of colour", [t.colour for t in lockers], tuple(LockerColour), "EP-14")
    stores = []
    for e in entries(raw, f, "store", "store", lambda d: repr(d.get("store"))):
        st = StoreLockers(e.enum("store", Store), e.enums("stacks", LockerColour), e.source())
        want = len(LockerColour) if st.store is Store.D else 1
        if len(set(st.stacks)) != want or len(st.stacks) != want:
            raise e.fail(f"Store {st.store.value} depicts {want} different stack(s) (EP-99)")
        e.done()
        stores.append(st)
    unique(f, "store", [st.store.value for st in stores])
    _every(f, "store", [st.store for st in stores], tuple(Store), "EP-99")
    return tuple(stacks), tuple(lockers), tuple(stores)


def exits_from(raw: dict[str, Any]) -> tuple[tuple[ExitTile, ...], tuple[ExitCost, ...]]:
    """The 10 Exit tiles and the 2 Exit Cost cards."""
    f = EXITS_FILE
    only(raw, f, "exit_tile", "exit_cost")
    tiles = []
    for e in entries(raw, f, "exit_tile", "exit tile"):
        tiles.append(ExitTile(e.text("id"), e.enum("colour", ExitColour),
                              e.integer("value", 0, _MONEY), e.source()))
        e.done()
    unique(f, "exit tile", [t.id for t in tiles])
    count(f, "Exit tiles", len(tiles), EXIT_TILES, "as in the box")
    _every(f, "Exit tile of colour", [t.colour for t in tiles], tuple(ExitColour), "EP-16")
    costs = []
    for e in entries(raw, f, "exit_cost", "exit cost"):
        players = ints(e, "players", min(PLAYERS), max(PLAYERS))
        card = ExitCost(e.text("id"), players, ints(e, "costs", 0, _MONEY), e.source())
        if not players or len(set(players)) != len(players):
            raise e.fail("players must list distinct player counts")
        if len(card.costs) != max(players):
            raise e.fail(f"costs needs one price for 0 to {max(players) - 1} players already "
                         f"escaped, found {len(card.costs)} (EP-104)")
        e.done()
        costs.append(card)
    unique(f, "exit cost", [c.id for c in costs])
    count(f, "Exit Cost cards", len(costs), EXIT_COST_CARDS, "as in the box")
    served = sorted(p for c in costs for p in c.players)
    if served != sorted(PLAYERS):
        raise ContentError(f"{f}: the Exit Cost cards must serve each player count "
                           f"{list(PLAYERS)} once, they serve {served}")
    return tuple(tiles), tuple(costs)
