"""The handlers of the effects of Timer tiles, Event cards, New York cards, POIs, Bosses
and Trap tiles: Noise, Prisoners, Roadblocks, Mission cubes, Timer tiles, Events, POIs,
the Gullfire, Bosses, Case tokens, New York Specials, damage to Heroes, the end.

Places (``where``) are read from the context's space (the current Hero's, or the POI
or Boss that caused the effect); see :mod:`.effects`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.combat import hurt_heroes, random_discards
from getaway.games.new_york.effects import Effect, Op
from getaway.games.new_york.enemy_moves import move_enemies, pull
from getaway.games.new_york.events import draw_events
from getaway.games.new_york.frames import Step
from getaway.games.new_york.resolve import BOSS, POI, Ctx, handler, run_effects
from getaway.games.new_york.state import HOME, SEEN_NY, NewYorkState
from getaway.games.new_york.tables import (
    ADJ,
    BOSS_INDEX,
    BOSSES,
    NEIGH,
    NOTHING_HERE,
    NY_ROADBLOCK,
    POI_SPACES,
    POIS,
    SPACE_IDS,
    SPACE_INDEX,
    TRACK,
)
from getaway.games.new_york.timer import RevealTile
from getaway.games.new_york.victory import lose
from getaway.games.new_york.world import (
    add_mission,
    add_prisoner,
    flip_poi,
    gain_noise,
    place_roadblock,
)


def top_side(s: NewYorkState) -> int:
    """The Roadblock side shown on the back of the New York deck's top card (NY-226)."""
    return NY_ROADBLOCK[s.nyd[-1]] if s.nyd else -1


def nothing_here(s: NewYorkState) -> int:
    """The space of the Nothing Here POI tile (NY-133)."""
    for p in POI_SPACES:
        if s.poi[p] == NOTHING_HERE:
            return p
    return -1


def place_of(s: NewYorkState, where: str, ctx: Ctx) -> int:
    """The one space ``where`` names (-1: none)."""
    here = ctx.here(s)
    if where == "here":
        return here
    if where == "poi":
        return ctx.poi if ctx.poi >= 0 else here
    if where == "nothing_here":
        return nothing_here(s)
    if where == "top_card":
        d = top_side(s)
        y = NEIGH[here][d] if d >= 0 else -1
        return y if y >= 0 and s.up >> y & 1 else -1
    return -1


@handler(Op.NOISE)
def _noise(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    gain_noise(s, e["amount"], events)


# -- Prisoners --------------------------------------------------------------------------------


@handler(Op.SPAWN)
def _spawn(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    count, where = e["count"], e["where"]
    if where == "adjacent":
        spaces = [y for y in ADJ[ctx.here(s)] if s.up >> y & 1]
        if len(spaces) == 1:
            for _ in range(count):
                add_prisoner(s, spaces[0], events)
        elif spaces:
            s.stack.append(PlaceFrame(count, _mask(spaces), True))
        return
    if where == "each_adjacent":
        spawn_around(s, ctx.here(s), count, events)
        return
    space = place_of(s, where, ctx)
    if space >= 0:
        for _ in range(count):
            add_prisoner(s, space, events)


def _mask(spaces: list[int]) -> int:
    return sum(1 << y for y in spaces)


def spawn_around(s: NewYorkState, origin: int, count: int, events: list[Event]) -> None:
    """``count`` Prisoners on every revealed space next to ``origin``; when the supply
    runs short the current player places the last ones and New York gains a Noise for
    each missing one (NY-195)."""
    spaces = [y for y in ADJ[origin] if s.up >> y & 1]
    need = count * len(spaces)
    have = s.supply_left()
    if have >= need:
        for y in spaces:
            for _ in range(count):
                add_prisoner(s, y, events)
        return
    if need > have:
        s.say(events, "no_prisoner", words.prisoners_missing(s, need - have),
              {"missing": need - have})
        gain_noise(s, need - have, events)
    if have > 0:
        s.stack.append(PlaceFrame(have, _mask(spaces), False, count))


@dataclass(frozen=True, slots=True)
class PlaceFrame(Step):
    """Choose where Prisoners go: one space for all ``left`` (``one``), or the last ones
    of a short supply, ``per`` to a space (NY-195)."""

    key: ClassVar[str] = "place_prisoners"
    left: int
    mask: int
    one: bool
    per: int = 1

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        out = []
        m = self.mask
        while m:
            low = m & -m
            out.append(A.PLACE[low.bit_length() - 1])
            m ^= low
        return out

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.Place)
        y = SPACE_INDEX[action.space]
        n = self.left if self.one else min(self.per, self.left)
        left = self.left - n
        mask = self.mask & ~(1 << y)
        if left > 0 and mask:
            s.stack[-1] = dataclasses.replace(self, left=left, mask=mask)
        else:
            s.stack.pop()
        for _ in range(n):
            add_prisoner(s, y, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_place(s, self.left, self.one, self.per)


# -- the map ------------------------------------------------------------------------------------


@handler(Op.ROADBLOCK)
def _roadblock(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    d = top_side(s)
    if d >= 0:
        place_roadblock(s, s.hpos[s.cur], d, events)  # NY-226


@handler(Op.PULL)
def _pull(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    pull(s, events)


@handler(Op.MOVE_ENEMIES)
def _move_enemies(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    move_enemies(s, e["count"], e["steps"], e["kind"], events)


@handler(Op.MISSION)
def _mission(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    add_mission(s, e["count"], events)


@handler(Op.TIMER)
def _timer(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    for _ in range(e["count"]):
        s.stack.append(RevealTile(False))  # no cards come back (NY-32)


@handler(Op.EVENTS)
def _events(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    draw_events(s, events)


@handler(Op.EVENT_LEVEL)
def _event_level(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    s.evpos = max(0, min(len(TRACK.values) - 1, s.evpos + e["delta"]))
    s.say(events, "event_level", words.event_level(s, TRACK.level(s.evpos)),
          {"level": TRACK.level(s.evpos)})


@handler(Op.REVEAL_POI)
def _reveal_poi(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    if any(not s.up >> p & 1 for p in POI_SPACES):
        s.stack.append(RevealPoiFrame(e["count"]))


@dataclass(frozen=True, slots=True)
class RevealPoiFrame(Step):
    """Flip ``left`` face-down POIs of the current player's choice (E-1)."""

    key: ClassVar[str] = "reveal_poi"
    left: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.REVEAL_POI[p] for p in POI_SPACES if not s.up >> p & 1]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        y = SPACE_INDEX[action.space]  # type: ignore[attr-defined]
        if self.left > 1 and sum(1 for p in POI_SPACES if not s.up >> p & 1) > 1:
            s.stack.append(RevealPoiFrame(self.left - 1))
        reveal_poi(s, y, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_reveal_poi(s, self.left)


def reveal_poi(s: NewYorkState, y: int, events: list[Event]) -> None:
    """Flip a POI away from any Hero and resolve it (our reading of G-25)."""
    p = flip_poi(s, y, events)
    run_effects(s, POIS[p].effects, Ctx(POI, origin=y, poi=y))


@handler(Op.DESTROY_GULLFIRE)
def _gullfire(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    if s.gull >= 0:
        s.gull = -1
        s.say(events, "gullfire", words.gullfire(s), {})


# -- Bosses, Cases, New York Specials -----------------------------------------------------------


@handler(Op.BOSS)
def _boss(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    space = place_of(s, e["where"], ctx)
    if space >= 0:
        enter_boss(s, BOSS_INDEX[e["boss"]], space, events)


def enter_boss(s: NewYorkState, b: int, space: int, events: list[Event]) -> None:
    """A Boss comes onto the map at full Hit Points (NY-196; the Duke again, NY-113)."""
    if s.bpos[b] >= 0:
        return
    boss = BOSSES[b]
    s.bpos[b] = space
    s.bhp[b] = boss.hp
    s.say(events, "boss", words.boss_enters(s, b, space),
          {"boss": boss.id, "space": SPACE_IDS[space]})
    if boss.ability.when.value == "enters":
        run_effects(s, boss.ability.effects, Ctx(BOSS, origin=space))


@handler(Op.CASE_TOKEN)
def _case_token(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    n = e["case"] - 1
    if n < 0:
        n = next((k for k in range(4) if s.token[k] == HOME and s.slot[k] >= 0), -1)
    space = place_of(s, e["where"], ctx)
    if n < 0 or space < 0 or s.token[n] != HOME or s.slot[n] < 0:
        return
    s.token[n] = space
    s.say(events, "case_token", words.case_token(s, n + 1, space),
          {"case": n + 1, "space": SPACE_IDS[space]})


@handler(Op.NY_SPECIAL)
def _ny_special(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    if not s.nyaside:
        return
    c = s.nyaside.pop(s.rng.below(len(s.nyaside)))
    s.nyd.append(c)
    s.rng.shuffle(s.nyd)  # into the draw deck, not the discards (NY-233)
    s.forget(SEEN_NY)
    s.say(events, "ny_special", words.ny_special(s), {})


@handler(Op.ENEMY_HEAL)
def _heal(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    for b, boss in enumerate(BOSSES):
        if s.bpos[b] >= 0 and s.bhp[b] < boss.hp:
            s.bhp[b] = min(boss.hp, s.bhp[b] + e["amount"])
            s.say(events, "heal", words.heal(s, b), {"boss": boss.id, "hp": s.bhp[b]})


# -- Heroes, the Helicopter and the end ---------------------------------------------------------


@handler(Op.HURT)
def _hurt(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    hurt_heroes(s, e["amount"], e["range"], events)


@handler(Op.DISCARD_RANDOM)
def _discard(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    random_discards(s, s.cur, e["count"], events, words.WHY_EVENT)


@handler(Op.HURRY_UP)
def _hurry(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    hurry_up(s, events)


def hurry_up(s: NewYorkState, events: list[Event]) -> None:
    """The Helicopter lands; Level 3 is enough for a Lone Victory (NY-192)."""
    s.hurry = True
    land(s, events)


def land(s: NewYorkState, events: list[Event]) -> None:
    """Flip the Heliport: the Helicopter has landed, for good (NY-130, NY-160)."""
    if not s.landed:
        s.landed = True
        s.say(events, "helicopter", words.helicopter_lands(s, s.heli),
              {"space": SPACE_IDS[s.heli], "landed": True})


@handler(Op.NEW_YORK_WINS)
def _ny_wins(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    lose(s, events)


def _nothing(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    """No effect (Nothing Here, the blank red tiles, a Prisoner Bonus's own text: the card
    itself goes above the board, NY-234; the Duke's Camp: the President is collected by
    a free action, NY-128)."""


for _op in (Op.NOTHING, Op.PRISONER_BONUS, Op.PRESIDENT):
    handler(_op)(_nothing)

__all__ = ["BOSS"]
