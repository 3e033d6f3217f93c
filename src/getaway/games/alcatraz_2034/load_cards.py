"""Loading ``escape_cards.toml`` and ``run_cards.toml``."""

from __future__ import annotations

from typing import Any

from getaway.core.content import Entry, count, entries, only, unique
from getaway.core.errors import ContentError
from getaway.games.alcatraz_2034.components import Effect, EscapeCard, Punishment, RunCard
from getaway.games.alcatraz_2034.model import (
    ESCAPE_CARDS,
    PRISONER_CARDS,
    RUN_CARDS,
    Ability,
    AfterRun,
    Combine,
    EffectKind,
    EscapeDeck,
    PunishmentKind,
    RunMethod,
    Target,
    Timing,
    Who,
)

# -- escape_cards.toml ---------------------------------------------------------

_T_ATTACK, _T_RUN, _T_OWN, _T_ANY = Timing.ATTACK, Timing.RUN, Timing.OWN_TURN, Timing.ANY_TIME
_EFFECTS: dict[EffectKind, tuple[frozenset[str], frozenset[str], frozenset[Timing],
                                 frozenset[Target]]] = {
    # kind: required parameters, optional parameters, timings, targets
    EffectKind.ATTACK_BONUS: (frozenset({"amount"}), frozenset({"ability"}),
                              frozenset({_T_ATTACK}), frozenset({Target.PRISONER})),
    EffectKind.RUN_BONUS: (frozenset({"amount"}), frozenset({"ability"}),
                           frozenset({_T_RUN}), frozenset({Target.PRISONER})),
    EffectKind.REROLL: (frozenset(), frozenset({"ability"}),
                        frozenset({_T_ANY, _T_ATTACK, _T_RUN}), frozenset({Target.PRISONER})),
    EffectKind.SENTINEL_BONUS: (frozenset({"amount"}), frozenset(), frozenset({_T_ATTACK}),
                                frozenset({Target.NONE})),
    EffectKind.RUN_PENALTY: (frozenset({"amount"}), frozenset(), frozenset({_T_RUN}),
                             frozenset({Target.NONE})),
    EffectKind.CANCEL_ATTACK: (frozenset(), frozenset(), frozenset({_T_ATTACK}),
                               frozenset({Target.PRISONER})),
    EffectKind.CANCEL_PUNISHMENT: (frozenset(), frozenset(), frozenset({_T_RUN}),
                                   frozenset({Target.NONE})),
    EffectKind.SKIP_CHALLENGE: (frozenset(), frozenset(), frozenset({_T_RUN}),
                                frozenset({Target.NONE})),
    EffectKind.CANCEL_SENTINEL_CARD: (frozenset(), frozenset(), frozenset({_T_ANY}),
                                      frozenset({Target.NONE})),
    EffectKind.MOVE_SENTINEL: (frozenset({"steps"}), frozenset(), frozenset({_T_OWN}),
                               frozenset({Target.SENTINEL})),
    EffectKind.REMOVE_SENTINEL: (frozenset(), frozenset(), frozenset({_T_OWN}),
                                 frozenset({Target.SENTINEL})),
    EffectKind.PEEK_SENTINEL: (frozenset(), frozenset(), frozenset({_T_OWN}),
                               frozenset({Target.SENTINEL})),
    EffectKind.PEEK_BUILDING: (frozenset(), frozenset(), frozenset({_T_OWN}),
                               frozenset({Target.NONE})),
    EffectKind.RETURN_SYSTEM_TILE: (frozenset(), frozenset(), frozenset({_T_OWN}),
                                    frozenset({Target.NONE})),
    EffectKind.EXTRA_MOVE: (frozenset({"steps"}), frozenset(), frozenset({_T_OWN}),
                            frozenset({Target.OWN_PRISONER})),
    EffectKind.DRAW_ESCAPE: (frozenset({"amount"}), frozenset(), frozenset({_T_OWN}),
                             frozenset({Target.NONE})),
    EffectKind.START_RUN: (frozenset({"method"}), frozenset(), frozenset({_T_OWN}),
                           frozenset({Target.NONE})),
}
_EFFECT_PARAMS = ("amount", "steps", "ability", "method")


def _effect(e: Entry, timing: Timing, target: Target) -> Effect:
    raw = e.get("effect", dict)
    sub = Entry(e.file, "", 0, raw, "")
    sub.where = f"{e.where}: effect"
    kind = sub.enum("kind", EffectKind)
    required, optional, timings, targets = _EFFECTS[kind]
    for p in _EFFECT_PARAMS:
        if p in raw and p not in required | optional:
            raise sub.fail(f"{kind.value} takes no {p!r}")
    for p in _EFFECT_PARAMS:
        if p in required and p not in raw:
            raise sub.fail(f"{kind.value} needs {p!r}")
    if timing not in timings:
        raise e.fail(f"a {kind.value} card cannot have timing {timing.value!r}")
    if target not in targets:
        raise e.fail(f"a {kind.value} card cannot have target {target.value!r}")
    effect = Effect(kind, sub.integer("amount", 1, 9, 0), sub.integer("steps", 1, 12, 0),
                    sub.opt_enum("ability", Ability),
                    sub.opt_enum("method", RunMethod, (RunMethod.BOAT, RunMethod.AIR)))
    sub.done()
    return effect


def escape_cards_from(raw: dict[str, Any]) -> tuple[EscapeCard, ...]:
    f = "escape_cards.toml"
    only(raw, f, "card")
    cards = []
    for e in entries(raw, f, "card", "card"):
        cid = e.text("id")
        deck = e.enum("deck", EscapeDeck)
        name = e.text("name")
        copies = e.integer("copies", 1, ESCAPE_CARDS)
        timing = e.enum("timing", Timing)
        target = e.enum("target", Target)
        effect = _effect(e, timing, target)
        cards.append(EscapeCard(cid, deck, name, copies, timing, target, effect,
                                e.text("text"), e.source()))
        e.done()
    unique(f, "card", [c.id for c in cards])
    count(f, "Escape cards", sum(c.copies for c in cards), ESCAPE_CARDS)
    for d in EscapeDeck:
        if not any(c.deck is d for c in cards):
            raise ContentError(f"{f}: the {d.value} deck has no cards")
    for m in (RunMethod.BOAT, RunMethod.AIR):
        if not any(c.effect.kind is EffectKind.START_RUN and c.effect.method is m
                   for c in cards):
            raise ContentError(f"{f}: no card starts a {m.value} Run, so none could start")
    return tuple(cards)


# -- run_cards.toml ------------------------------------------------------------

_WHO_KINDS = (PunishmentKind.CELL_BLOCK, PunishmentKind.ELIMINATE,
              PunishmentKind.DISCARD_ESCAPE)
_COUNT_KINDS = (PunishmentKind.DISCARD_ESCAPE, PunishmentKind.EXTRA_CARD)


def _punishment(e: Entry, j: int, data: Any, red: bool) -> Punishment:
    sub = Entry(e.file, "", j, data, "")
    sub.where = f"{e.where}: fail #{j + 1}"
    kind = sub.enum("kind", PunishmentKind)
    if kind in _WHO_KINDS:
        who: Who | None = sub.enum("who", Who)
    elif "who" in data:
        raise sub.fail(f"{kind.value} takes no 'who'")
    else:
        who = None
    if kind in _COUNT_KINDS:
        count = sub.integer("count", 1, 9)
    elif "count" in data:
        raise sub.fail(f"{kind.value} takes no 'count'")
    else:
        count = 0
    if kind is PunishmentKind.ADD_RED and red:
        raise sub.fail("a red-titled card cannot bring the red-titled cards in")
    sub.done()
    return Punishment(kind, who, count)


def run_cards_from(raw: dict[str, Any]) -> tuple[RunCard, ...]:
    f = "run_cards.toml"
    only(raw, f, "run_card")
    cards = []
    for e in entries(raw, f, "run_card", "run_card"):
        cid = e.text("id")
        deck = e.enum("deck", RunMethod)
        name = e.text("name")
        red = e.flag("red")
        abil_raw = e.get("abilities", list)
        if not abil_raw or len(set(map(str, abil_raw))) != len(abil_raw) or \
                not all(a in {x.value for x in Ability} for a in abil_raw):
            raise e.fail("abilities must be different abilities of "
                         f"{', '.join(a.value for a in Ability)}")
        combine = e.enum("combine", Combine)
        if combine is Combine.SUM and len(abil_raw) < 2:
            raise e.fail("combine = 'sum' needs at least two abilities")
        prisoners = e.integer("prisoners", 1, PRISONER_CARDS)
        target = e.integer("target", 2, 40)
        fail_raw = e.get("fail", list)
        if not fail_raw:
            raise e.fail("a Run card needs at least one punishment in 'fail'")
        fail = tuple(_punishment(e, j, d, red) for j, d in enumerate(fail_raw))
        after = e.enum("after_run", AfterRun) if "after_run" in e.data \
            else AfterRun.SET_ASIDE
        cards.append(RunCard(cid, deck, name, red, tuple(Ability(a) for a in abil_raw),
                             combine, prisoners, target, fail, after, e.text("text"),
                             e.source()))
        e.done()
    unique(f, "run_card", [c.id for c in cards])
    count(f, "Run cards", len(cards), RUN_CARDS)
    for m in RunMethod:
        of_deck = [c for c in cards if c.deck is m]
        if not any(c.red for c in of_deck) or all(c.red for c in of_deck):
            raise ContentError(f"{f}: the {m.value} deck needs both red-titled and other "
                               "cards")
        if not any(c.adds_red for c in of_deck):
            raise ContentError(f"{f}: no {m.value} card brings the red-titled cards in "
                               "(a punishment of kind 'add_red')")
    return tuple(cards)
