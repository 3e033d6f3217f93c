"""Loading ``zombie_cards.toml``: the zombie bites and the 55 zombie cards."""

from __future__ import annotations

from typing import Any

from getaway.core.content import Entry, count, entries, only, unique
from getaway.core.errors import ContentError
from getaway.games.zombie_city.components import Bite, CardIcon, ZombieCard
from getaway.games.zombie_city.model import (
    BITES,
    CARD_ICONS,
    SCENARIOS,
    ZOMBIE_CARDS,
    CardIconKind,
    Handicap,
    Icon,
    ZombieColour,
)

F = "zombie_cards.toml"
_AMOUNT = {Handicap.LOCK_DICE: (1, 4), Handicap.ROLL_LIMIT: (1, 4),
           Handicap.LOSE_ON_PANICS: (1, 5)}
"""Handicaps that take an amount, with its range; the others take none."""


def _bite(e: Entry) -> Bite:
    bid, name = e.text("id"), e.text("name")
    if bid not in BITES:
        raise e.fail(f"the rulebook's bites are {', '.join(BITES)}")
    shed = e.enums("shed", Icon, frozenset(Icon) - {Icon.PANIC})
    if not shed:
        raise e.fail("shed must list the icons that shed the bite")
    h = e.sub(e.get("handicap", dict), "handicap")
    kind = h.enum("kind", Handicap)
    if kind in _AMOUNT:
        amount = h.integer("amount", *_AMOUNT[kind])
    elif "amount" in h.data:
        raise h.fail(f"{kind.value} takes no 'amount'")
    else:
        amount = 0
    h.done()
    bite = Bite(bid, name, shed, kind, amount, e.text("printed"), e.source())
    e.done()
    return bite


def _icon(card: Entry, data: Any, n: int, bites: set[str]) -> CardIcon:
    e = card.sub(data, f"icon #{n}")
    kind = e.enum("kind", CardIconKind)
    colour, steps, bite = None, 0, None
    if kind is CardIconKind.MOVE:
        colour = e.enum("colour", ZombieColour)
        steps = e.integer("steps", 1, 2)
    if kind is CardIconKind.BITE:
        bite = e.text("bite")
        if bite not in bites:
            raise e.fail(f"no bite {bite!r}")
    e.done()
    return CardIcon(kind, colour, steps, bite)


def cards_from(raw: dict[str, Any]) -> tuple[tuple[Bite, ...], tuple[ZombieCard, ...]]:
    only(raw, F, "bite", "card")
    bites = tuple(_bite(e) for e in entries(raw, F, "bite", "bite"))
    unique(F, "bite", [b.id for b in bites])
    count(F, "zombie bites", len(bites), len(BITES))
    names = {b.id for b in bites}
    cards = []
    for e in entries(raw, F, "card", "card"):
        cid = e.text("id")
        numbers = e.get("scenarios", list)
        if not numbers or any(not isinstance(n, int) or isinstance(n, bool)
                              or not 1 <= n <= SCENARIOS for n in numbers):
            raise e.fail(f"scenarios must list numbers from 1 to {SCENARIOS}, got {numbers!r}")
        if len(set(numbers)) != len(numbers):
            raise e.fail("scenarios lists a number twice")
        raw_icons = e.get("icons", list)
        if len(raw_icons) not in CARD_ICONS:
            raise e.fail(f"a card shows 1 or 2 icons, got {len(raw_icons)}")
        icons = tuple(_icon(e, d, i + 1, names) for i, d in enumerate(raw_icons))
        if any(i.kind is CardIconKind.BITE for i in icons) and len(icons) != 1:
            raise e.fail("a zombie-bite card shows only its bite")
        cards.append(ZombieCard(cid, frozenset(numbers), icons, e.source()))
        e.done()
    unique(F, "card", [c.id for c in cards])
    count(F, "zombie cards", len(cards), ZOMBIE_CARDS)
    for s in range(1, SCENARIOS + 1):
        if not any(s in c.scenarios for c in cards):
            raise ContentError(f"{F}: no card for scenario {s}")
    for b in bites:
        if not any(c.bite == b.id for c in cards):
            raise ContentError(f"{F}: bite {b.id!r}: no card inflicts it")
    return bites, tuple(cards)
