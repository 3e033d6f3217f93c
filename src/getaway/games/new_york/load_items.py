"""Loading ``items.toml``, ``cases.toml`` and ``objectives.toml``: the cards a Hero can
hold in the personal supply, and the objectives that name them."""

from __future__ import annotations

from typing import Any

from getaway.core.content import Entry, count, entries, only, table, unique
from getaway.core.errors import ContentError
from getaway.games.new_york.cards import (
    BRACELET,
    TAPE,
    CaseCard,
    ItemCard,
    Objective,
    PresidentCard,
    WantedCard,
)
from getaway.games.new_york.effects import Op, effects
from getaway.games.new_york.load_heroes import hero_ops
from getaway.games.new_york.model import (
    BRAIN_DIAGRAM,
    BRIDGES,
    CAR_CARDS,
    CASES,
    CROSSBOWS,
    OBJECTIVES_DEALT,
    PRESIDENT_DECK,
    WANTED_CARDS,
    WANTED_OBJECTIVES,
    Colour,
    Hero,
    ItemKind,
    Module,
    Transport,
)

ITEMS_FILE = "items.toml"
CASES_FILE = "cases.toml"
OBJECTIVES_FILE = "objectives.toml"
_WEAPON_ONLY = ("ammo", "ammo_per_use", "per_turn", "keeps")
_NOISE = 3  # the most Noise one use of an Item makes, like an Action card


def _weapon(e: Entry) -> tuple[int, int, int, bool]:
    ammo = e.integer("ammo", 0, 9)
    if ammo:
        per_use = e.integer("ammo_per_use", 1, ammo)
    elif "ammo_per_use" in e.data:
        raise e.fail("a Weapon without Ammo has no 'ammo_per_use'")
    else:
        per_use = 0
    per_turn = e.integer("per_turn", 0, 9, 0)
    if not ammo and not per_turn:
        raise e.fail("a Weapon without Ammo needs a 'per_turn' limit")
    return ammo, per_use, per_turn, e.flag("keeps", False)


def _item(e: Entry) -> ItemCard:
    iid, name, kind = e.text("id"), e.text("name"), e.enum("kind", ItemKind)
    copies, effs = e.integer("copies", 1, 9, 1), effects(e, "effects", [])
    noise = e.integer("noise", 0, _NOISE, 0)
    owner = e.opt_enum("owner", Hero)
    module = e.opt_enum("module", Module, (Module.CROSSBOWS, Module.DEAD_OR_ALIVE))
    hero_ops(e, effs)
    ammo = per_use = per_turn = 0
    keeps = False
    if kind is ItemKind.WEAPON:
        ammo, per_use, per_turn, keeps = _weapon(e)
    for key in _WEAPON_ONLY:
        if kind is not ItemKind.WEAPON and key in e.data:
            raise e.fail(f"only a Weapon has {key!r}")
    bridge = 0
    if kind is ItemKind.DIAGRAM:
        bridge = e.integer("bridge", 1, BRIDGES)
        if effs:
            raise e.fail("a Diagram of Bridge has no effect; it is revealed to win (NY-76)")
    elif not effs:
        raise e.fail(f"a {kind.value} card needs at least one effect")
    if kind is ItemKind.CAR and (effs[0].op is not Op.MOVE or not effs[0]["no_enemies"]):
        raise e.fail("a Car's extra move is a move that needs no Enemy in the space (NY-44)")
    if owner is not None and (copies != 1 or module is not None):
        raise e.fail("a starting card is a single card in every game")
    item = ItemCard(iid, name, kind, copies, effs, noise, ammo, per_use, per_turn, keeps,
                    bridge, owner, module, e.source())
    e.done()
    return item


def items_from(raw: dict[str, Any]) -> tuple[ItemCard, ...]:
    """The Item deck, the starting cards and the 4 Car cards."""
    f = ITEMS_FILE
    only(raw, f, "item")
    items = tuple(_item(e) for e in entries(raw, f, "item", "item"))
    unique(f, "item", [i.id for i in items])
    cars = [i for i in items if i.kind is ItemKind.CAR and not i.starting]
    count(f, "supply Car entries", len(cars), 1, "one entry holds the Car cards")
    count(f, "Car cards", cars[0].copies, CAR_CARDS)
    bows = [i for i in items if i.module is Module.CROSSBOWS]
    count(f, "Crossbows", sum(i.copies for i in bows), CROSSBOWS)
    for b in bows:
        if b.kind is not ItemKind.WEAPON or b.noise or not any(
                x.op is Op.DAMAGE and x["range"] >= 1 for x in b.effects):
            raise ContentError(f"{f}: item {b.id!r}: a Crossbow is a silent ranged Weapon "
                               f"(NY-248)")
    fingers = [i for i in items if i.module is Module.DEAD_OR_ALIVE
               and any(x.op is Op.REMOVE_ALIVE for x in i.effects)]
    count(f, "President's Fingers", len(fingers), 1, "NY-261")
    bridges = sorted(i.bridge for i in items if i.kind is ItemKind.DIAGRAM for _ in
                     range(i.copies))
    if bridges != list(range(1, BRIDGES + 1)):
        raise ContentError(f"{f}: there must be one Diagram for each bridge 1 to {BRIDGES}, "
                           f"found {bridges}")
    if not any(i.bridge == BRAIN_DIAGRAM and i.owner is Hero.BRAIN for i in items):
        raise ContentError(f"{f}: Brain starts with the Diagram of Bridge {BRAIN_DIAGRAM} "
                           f"(NY-13)")
    return items


def cases_from(raw: dict[str, Any]) -> tuple[tuple[CaseCard, ...], PresidentCard,
                                              tuple[PresidentCard, ...], tuple[WantedCard, ...]]:
    """The Case cards (with the variant Bracelet), the President, the President deck and
    the Wanted cards."""
    f = CASES_FILE
    only(raw, f, "case", "president", "president_deck", "wanted")
    cases = []
    for e in entries(raw, f, "case", "case"):
        case = CaseCard(e.text("id"), e.text("name"), effects(e, "effects", []),
                        e.text("replaces", None),
                        e.opt_enum("module", Module, (Module.DEAD_OR_ALIVE,)), e.source())
        hero_ops(e, case.effects)
        if (case.replaces is None) != (case.module is None):
            raise e.fail("a variant Case names both the module and the Case it replaces")
        cases.append(case)
        e.done()
    unique(f, "case", [c.id for c in cases])
    standard = {c.id: c for c in cases if c.module is None}
    count(f, "Case cards", len(standard), CASES)
    for need in (TAPE, BRACELET):
        if need not in standard:
            raise ContentError(f"{f}: no case {need!r} (the rulebook names it, NY-1)")
    if not standard[BRACELET].effects:
        raise ContentError(f"{f}: case {BRACELET!r} needs its once-only effect (NY-243)")
    for c in cases:
        if c.replaces is not None and c.replaces not in standard:
            raise ContentError(f"{f}: case {c.id!r}: replaces no Case {c.replaces!r}")
    variants = [c for c in cases if c.replaces == BRACELET
                and any(x.op is Op.REMOVE_ALIVE for x in c.effects)]
    count(f, "variant Bracelets", len(variants), 1, "NY-258, NY-261")
    p = table(raw, f, "president")
    president = PresidentCard(p.text("id"), p.text("name"), None, 1, p.source())
    p.done()
    deck = []
    for e in entries(raw, f, "president_deck", "president_deck"):
        deck.append(PresidentCard(e.text("id"), e.text("name"), e.flag("alive"),
                                  e.integer("copies", 1, 9), e.source()))
        e.done()
    unique(f, "president card", [president.id] + [c.id for c in deck])
    dead = sum(c.copies for c in deck if not c.alive)
    count(f, "'President is Dead' cards", dead, PRESIDENT_DECK[0], "NY-258")
    count(f, "'President is Alive' cards", sum(c.copies for c in deck) - dead,
          PRESIDENT_DECK[1], "NY-258")
    wanted = []
    for e in entries(raw, f, "wanted", "wanted"):
        wanted.append(WantedCard(e.text("id"), e.text("name"), e.integer("copies", 1, 9),
                                 e.source()))
        e.done()
    unique(f, "wanted", [w.id for w in wanted])
    count(f, "Wanted cards", sum(w.copies for w in wanted), WANTED_CARDS, "NY-254")
    return tuple(cases), president, tuple(deck), tuple(wanted)


def objectives_from(raw: dict[str, Any], items: tuple[ItemCard, ...],
                    cases: tuple[CaseCard, ...], wanted: tuple[WantedCard, ...]
                    ) -> tuple[Objective, ...]:
    """The blue and purple Personal Objectives; purple ones name a card in every game."""
    f = OBJECTIVES_FILE
    only(raw, f, "objective")
    always = {i.id for i in items if i.module is None and not i.starting
              and i.kind is not ItemKind.CAR} | {c.id for c in cases if c.module is None}
    bounty = {w.id for w in wanted}
    out = []
    for e in entries(raw, f, "objective", "objective"):
        oid, name, colour = e.text("id"), e.text("name"), e.enum("colour", Colour)
        module = e.opt_enum("module", Module, (Module.WANTED,))
        transport, card = None, None
        if colour is Colour.BLUE:
            transport = e.enum("transport", Transport)
            if "card" in e.data:
                raise e.fail("a blue objective names a transport, not a card")
        else:
            card = e.text("card")
            if "transport" in e.data:
                raise e.fail("a purple objective names a card, not a transport")
            if card in bounty and module is not Module.WANTED:
                raise e.fail("a Wanted! objective belongs to module wanted (NY-254)")
            if card not in always and card not in bounty:
                raise e.fail(f"no Item or Case {card!r} in every game")
        if module is Module.WANTED and card not in bounty:
            raise e.fail("a module wanted objective names the Wanted card (NY-256)")
        out.append(Objective(oid, name, colour, transport, card, module, e.source()))
        e.done()
    unique(f, "objective", [o.id for o in out])
    need = max(OBJECTIVES_DEALT.values())
    for c in Colour:
        found = sum(o.colour is c and o.module is None for o in out)
        if found < need:
            raise ContentError(f"{f}: 4 players need {need} {c.value} objectives (NY-16), "
                               f"found {found}")
    count(f, "Wanted! objectives", sum(o.module is Module.WANTED for o in out),
          WANTED_OBJECTIVES, "NY-254")
    return tuple(out)
