"""Loading ``player.toml``, ``plans.toml`` and ``sandra.toml``: the player board's
numbers, the Escape Plan cards and Sandra's deck, which name the board's Businesses,
Safe Houses, Convenience Stores and Exits by id."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from getaway.core.content import Entry, count, entries, only, table, unique
from getaway.core.errors import ContentError
from getaway.games.escape_plan.cards import (
    BUSINESS_IDS,
    EXIT_PREFIX,
    SAFE_HOUSE_IDS,
    STORE_IDS,
    EscapePlan,
    SandraCard,
)
from getaway.games.escape_plan.load_tiles import ints
from getaway.games.escape_plan.model import (
    ESCAPE_PLAN_CARDS,
    HANDCUFFS_CARDS,
    INCOME_CUBES,
    SANDRA_CARDS,
    THRESHOLDS,
    LocationKind,
)
from getaway.games.escape_plan.player_board import (
    AssetSpaces,
    ContactSpaces,
    Handcuffs,
    Hexes,
    IncomeTrack,
    ItemSpaces,
    NotorietyTrack,
    PlayerBoard,
    Threshold,
)

PLAYER_FILE = "player.toml"
PLANS_FILE = "plans.toml"
SANDRA_FILE = "sandra.toml"
REWARDS = ((1, 0), (2, 0), (1, 1))
"""(Asset tiles unlocked, Extra Action discs) for crossing each threshold (EP-181..183)."""
START_ASSET_PRICE = 5   # the Extra Action tile starts on the $5 Asset space (EP-29)
SANDRA_KINDS = (LocationKind.BUSINESS, LocationKind.SAFE_HOUSE, LocationKind.STORE,
                LocationKind.EXIT)
"""The four kinds of Location Sandra acts at (EP-90..100, EP-GAP-17)."""
_MONEY = 99
_EXIT = re.compile(re.escape(EXIT_PREFIX) + r"[1-9][0-9]*")


def _rising(e: Entry, key: str, values: tuple[int, ...], strict: bool, why: str) -> None:
    for a, b in pairwise(values):
        if b < a or (strict and b == a):
            word = "rise" if strict else "never fall"
            raise e.fail(f"{key} must {word} ({why}); {a} is followed by {b}")


def _income(raw: dict[str, Any]) -> IncomeTrack:
    e = table(raw, PLAYER_FILE, "income")
    base, values = e.integer("base", 0, _MONEY), ints(e, "values", 0, _MONEY)
    if len(values) != INCOME_CUBES:
        raise e.fail(f"values needs one number under each of the {INCOME_CUBES} cubes (EP-20), "
                     f"found {len(values)}")
    _rising(e, "base and values", (base, *values), True, "Income grows with each visit, EP-40")
    out = IncomeTrack(base, values, e.source())
    e.done()
    return out


def _contacts(raw: dict[str, Any]) -> ContactSpaces:
    e = table(raw, PLAYER_FILE, "contacts")
    spaces, payout = e.integer("spaces", 1, 12), ints(e, "payout", 0, _MONEY)
    if len(payout) != spaces + 1:
        raise e.fail(f"payout needs a value for 0 to {spaces} cards, found {len(payout)}")
    _rising(e, "payout", payout, False, "more contacts never pay less")
    out = ContactSpaces(spaces, payout, e.source())
    e.done()
    return out


def _notoriety(raw: dict[str, Any]) -> NotorietyTrack:
    f = PLAYER_FILE
    e = table(raw, f, "notoriety")
    top = e.integer("top", THRESHOLDS + 1, 40)
    start, sandra = e.integer("start", 0, top), e.integer("sandra_start", 0, top)
    penalty = ints(e, "penalty", 0, _MONEY)
    if len(penalty) != top + 1:
        raise e.fail(f"penalty needs a value for each position 0 to {top}, found {len(penalty)}")
    _rising(e, "penalty", penalty, False, "more Notoriety never costs less")
    source = e.source()
    e.done()
    found = []
    for i, t in enumerate(entries(raw, f, "threshold", "threshold")):
        th = Threshold(t.integer("at", start + 1, top), t.integer("unlocks", 0, 3),
                       t.integer("discs", 0, 3), t.source())
        if i < len(REWARDS) and (th.unlocks, th.discs) != REWARDS[i]:
            u, d = REWARDS[i]
            raise t.fail(f"the reward must be {u} unlock(s) and {d} disc(s) (EP-{181 + i})")
        t.done()
        found.append(th)
    count(f, "Notoriety thresholds", len(found), THRESHOLDS, "EP-181..183")
    _rising(e, "threshold positions", tuple(t.at for t in found), True, "EP-179")
    return NotorietyTrack(top, start, sandra, tuple(found), penalty, source)


def player_from(raw: dict[str, Any]) -> PlayerBoard:
    """Every printed number of the player board, the Notoriety track and the Handcuffs."""
    f = PLAYER_FILE
    only(raw, f, "income", "hexes", "contacts", "items", "assets", "notoriety", "threshold",
         "handcuffs")
    income = _income(raw)
    e = table(raw, f, "hexes")
    hexes = Hexes(e.integer("white", 0, _MONEY), e.integer("red", 0, _MONEY),
                  e.integer("income", 0, _MONEY), e.source())
    e.done()
    contacts = _contacts(raw)
    e = table(raw, f, "items")
    items = ItemSpaces(e.integer("spaces", 1, 12), e.source())
    e.done()
    e = table(raw, f, "assets")
    prices = ints(e, "prices", 0, 9)
    if not prices or prices[0] != START_ASSET_PRICE:
        raise e.fail(f"prices must start with the ${START_ASSET_PRICE} space the Extra Action "
                     f"tile starts on (EP-29)")
    if list(prices) != sorted(prices, reverse=True):
        raise e.fail(f"prices must run from the most expensive down (EP-172), got "
                     f"{list(prices)}")
    assets = AssetSpaces(prices, e.source())
    e.done()
    notoriety = _notoriety(raw)
    e = table(raw, f, "handcuffs")
    handcuffs = Handcuffs(e.integer("cards", 0, 99), e.source())
    if handcuffs.cards != HANDCUFFS_CARDS:
        raise e.fail(f"there are {HANDCUFFS_CARDS} Handcuffs cards (as in the box), "
                     f"found {handcuffs.cards}")
    e.done()
    return PlayerBoard(income, hexes, contacts, items, assets, notoriety, handcuffs)


def plans_from(raw: dict[str, Any]) -> tuple[EscapePlan, ...]:
    """The 9 Escape Plan cards; each names Businesses and Safe Houses by the board's id."""
    f = PLANS_FILE
    only(raw, f, "plan")
    known = BUSINESS_IDS + SAFE_HOUSE_IDS
    out = []
    for e in entries(raw, f, "plan", "plan"):
        plan = EscapePlan(e.text("id"), e.strings("income"), e.source())
        for loc in plan.income:
            if loc not in known:
                raise e.fail(f"income names {loc!r}, not a Business or Safe House "
                             f"({', '.join(known)})")
        if not plan.income or len(set(plan.income)) != len(plan.income):
            raise e.fail("income must name at least one location, each once")
        e.done()
        out.append(plan)
    unique(f, "plan", [p.id for p in out])
    count(f, "Escape Plan cards", len(out), ESCAPE_PLAN_CARDS, "as in the box")
    return tuple(out)


def _place(kind: LocationKind, location: str) -> bool:
    if kind is LocationKind.BUSINESS:
        return location in BUSINESS_IDS
    if kind is LocationKind.SAFE_HOUSE:
        return location in SAFE_HOUSE_IDS
    if kind is LocationKind.STORE:
        return location in STORE_IDS.values()
    return _EXIT.fullmatch(location) is not None


def sandra_from(raw: dict[str, Any]) -> tuple[SandraCard, ...]:
    """Sandra's 15 cards, each naming one Location (EP-86)."""
    f = SANDRA_FILE
    only(raw, f, "sandra")
    out = []
    for e in entries(raw, f, "sandra", "card"):
        card = SandraCard(e.text("id"), e.enum("kind", LocationKind, SANDRA_KINDS),
                          e.text("location"), e.source())
        if not _place(card.kind, card.location):
            raise e.fail(f"location {card.location!r} is not the id of a {card.kind.value}")
        e.done()
        out.append(card)
    unique(f, "card", [c.id for c in out])
    count(f, "Sandra cards", len(out), SANDRA_CARDS, "as in the box")
    if {c.kind for c in out} != set(SANDRA_KINDS):
        raise ContentError(f"{f}: Sandra's deck must send her to every kind of Location she "
                           f"acts at: {', '.join(k.value for k in SANDRA_KINDS)} (EP-90..100)")
    return tuple(out)
