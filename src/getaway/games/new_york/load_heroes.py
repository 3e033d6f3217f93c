"""Loading ``heroes.toml``, ``actions.toml`` and ``level_bars.toml``: what belongs to
a Hero -- the board, the Action cards and the Level Bars."""

from __future__ import annotations

from collections import Counter
from typing import Any

from getaway.core.content import Entry, count, entries, only, table, unique
from getaway.core.errors import ContentError
from getaway.games.new_york.cards import (
    HERO_OPS,
    Ability,
    ActionCard,
    HeroSheet,
    LevelBar,
    LevelReward,
)
from getaway.games.new_york.effects import Effect, Op, effects
from getaway.games.new_york.model import (
    ABILITY_DAMAGE,
    ABILITY_NOISE,
    EXTRA_SPECIALS_PER_HERO,
    HEROES,
    LEVEL_BARS,
    LEVEL_REWARDS,
    NOISE_MAX,
    PLAYERS,
    ActionSet,
    CardType,
    Hero,
)

HEROES_FILE = "heroes.toml"
ACTIONS_FILE = "actions.toml"
BARS_FILE = "level_bars.toml"
CARD_NOISE = 3
"""The most Noise icons an Action card shows (Clean Shot's 3, E-5)."""


def _ability(e: Entry) -> Ability:
    attack, move = effects(e, "attack"), effects(e, "move")
    if len(attack) != 1 or attack[0].op is not Op.DAMAGE \
            or (attack[0]["amount"], attack[0]["range"]) != (ABILITY_DAMAGE, 0):
        raise e.fail(f"attack must be {ABILITY_DAMAGE} damage at range 0 (NY-179)")
    if len(move) != 1 or move[0].op is not Op.MOVE or move[0]["steps"] != 1 \
            or not move[0]["reveal"]:
        raise e.fail("move must be a 1-space move with a reveal (NY-179)")
    noise = e.integer("noise", 0, NOISE_MAX)
    if noise != ABILITY_NOISE:
        raise e.fail(f"noise must be {ABILITY_NOISE} (NY-180)")
    ability = Ability(attack, move, noise, e.source())
    e.done()
    return ability


def heroes_from(raw: dict[str, Any]
                ) -> tuple[Ability, tuple[LevelReward, ...], tuple[HeroSheet, ...]]:
    """The Personal Ability, the level rewards and the four Hero boards."""
    f = HEROES_FILE
    only(raw, f, "ability", "level", "hero")
    ability = _ability(table(raw, f, "ability"))
    levels = []
    for e in entries(raw, f, "level", "level",
                     lambda d: str(d["level"]) if "level" in d else None):
        n = e.integer("level", 1, LEVEL_BARS)
        specials, swap = e.integer("specials", 0, 2), e.flag("swap")
        if (specials, swap) != LEVEL_REWARDS[n - 1]:
            want, want_swap = LEVEL_REWARDS[n - 1]
            raise e.fail(f"level {n} gives {want} Special card(s) and "
                         f"{'a' if want_swap else 'no'} objective swap (NY-162..164)")
        levels.append(LevelReward(n, specials, swap, e.source()))
        e.done()
    unique(f, "level", [str(r.level) for r in levels])
    count(f, "levels", len(levels), LEVEL_BARS)
    heroes = []
    for e in entries(raw, f, "hero", "hero"):
        hero = HeroSheet(e.enum("id", Hero), e.text("name"), e.text("ability"),
                         e.strings("starting"), e.source())
        if not hero.starting:
            raise e.fail("starting must name the cards the Hero starts with (NY-11..13)")
        heroes.append(hero)
        e.done()
    unique(f, "hero", [h.id.value for h in heroes])
    count(f, "Heroes", len(heroes), len(HEROES))
    return ability, tuple(sorted(levels, key=lambda r: r.level)), tuple(heroes)


def hero_ops(e: Entry, effs: tuple[Effect, ...]) -> None:
    """Refuse an effect that only New York or the city may cause on a Hero's card."""
    for x in effs:
        if x.op not in HERO_OPS:
            raise e.fail(f"{x.op.value} is not an effect a Hero's card may have")


def _check_type(e: Entry, kind: CardType, effs: tuple[Effect, ...]) -> None:
    """The icon beside the name matches what the card does."""
    hero_ops(e, effs)
    ops = [x.op for x in effs]
    if kind is CardType.MOVE and ops[0] is not Op.MOVE:
        raise e.fail("a move card starts with a move effect")
    if kind is CardType.ATTACK and Op.DAMAGE not in ops:
        raise e.fail("an attack card deals damage")
    if kind is CardType.SPECIAL and (ops[0] is Op.MOVE or Op.DAMAGE in ops):
        raise e.fail("a special card neither starts with a move nor deals damage")


def actions_from(raw: dict[str, Any]) -> tuple[ActionCard, ...]:
    """Every Hero's basic, Special and extra Special Action cards."""
    f = ACTIONS_FILE
    only(raw, f, "card")
    cards = []
    for e in entries(raw, f, "card", "card"):
        cid, hero, name = e.text("id"), e.enum("hero", Hero), e.text("name")
        aset, kind = e.enum("set", ActionSet), e.enum("type", CardType)
        noise = e.integer("noise", 0, CARD_NOISE)
        effs = effects(e)
        if not effs:
            raise e.fail("an Action card needs at least one effect")
        _check_type(e, kind, effs)
        cards.append(ActionCard(cid, hero, name, kind, aset, noise, effs, e.source()))
        e.done()
    unique(f, "card", [c.id for c in cards])
    sets = Counter((c.hero, c.set) for c in cards)
    for h in HEROES:
        if sets[h, ActionSet.BASIC] < 2:
            raise ContentError(f"{f}: {h.value} needs at least 2 basic cards to play (NY-33)")
        if not sets[h, ActionSet.SPECIAL]:
            raise ContentError(f"{f}: {h.value} has no Special Action card (NY-162)")
        count(f, f"extra Special cards of {h.value}", sets[h, ActionSet.EXTRA],
              EXTRA_SPECIALS_PER_HERO)
    return tuple(cards)


def bars_from(raw: dict[str, Any]) -> tuple[LevelBar, ...]:
    """The Level Bars; every texture holds one bar per level slot."""
    f = BARS_FILE
    only(raw, f, "bar")
    bars = []
    for e in entries(raw, f, "bar", "bar"):
        bar = LevelBar(e.text("id"), e.text("texture"), e.integer("level", 1, LEVEL_BARS),
                       e.integer("prisoners", 0, 9), e.integer("items", 0, 9), e.source())
        if bar.prisoners + bar.items == 0:
            raise e.fail("a bar asks for at least one Prisoner or Item (NY-56)")
        bars.append(bar)
        e.done()
    unique(f, "bar", [b.id for b in bars])
    textures = sorted({b.texture for b in bars})
    for t in textures:
        levels = sorted(b.level for b in bars if b.texture == t)
        if levels != list(range(1, LEVEL_BARS + 1)):
            raise ContentError(f"{f}: texture {t!r} must have one bar for each level 1 to "
                               f"{LEVEL_BARS} (NY-14), has {levels}")
    if len(textures) < max(PLAYERS):
        raise ContentError(f"{f}: {max(PLAYERS)} Heroes need {max(PLAYERS)} textures "
                           f"(NY-14), found {len(textures)}")
    return tuple(bars)
