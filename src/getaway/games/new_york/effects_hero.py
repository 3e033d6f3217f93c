"""The handlers of the effects a Hero's own cards use most (``cards.HERO_OPS``), with their
all-or-nothing checks (NY-36..40) and the small decisions they need: moving, revealing,
damage and tricks, taking back discards, drawing Items and keeping some. The others are
in :mod:`.effects_special`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.combat import ALL, TrickFrame, can_trick, push_damage
from getaway.games.new_york.effects import Effect, Op
from getaway.games.new_york.frames import Step, per_object
from getaway.games.new_york.moves import (
    F_BREAK,
    F_MANHOLES,
    F_POI,
    F_REVEAL,
    can_step,
    push_move,
    push_reveal,
)
from getaway.games.new_york.resolve import Ctx, check, handler
from getaway.games.new_york.state import (
    NewYorkState,
)
from getaway.games.new_york.tables import (
    ACTION_IDS,
    ACTION_INDEX,
    DIAGRAM_OF,
    ITEM_IDS,
    ITEM_INDEX,
)
from getaway.games.new_york.world import draw_item, give

BRAIN_DIAGRAM = DIAGRAM_OF[3]


def move_flags(e: Effect) -> int:
    """The MoveFrame flags of a ``move`` effect (read once per effect: the Personal
    Ability's move and every Move card are checked at every decision of the resolve
    step; effects are the cards' own, known by identity)."""
    return per_object(_FLAGS, e, _flags)


def _flags(e: Effect) -> int:
    return ((F_REVEAL if e["reveal"] else 0) | (F_BREAK if e["break_roadblocks"] else 0)
            | (F_MANHOLES if e["manholes"] else 0) | (F_POI if e["poi_to_poi"] else 0))


_FLAGS: dict[int, tuple[Any, Any]] = {}


@check(Op.MOVE)
def _can_move(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    if e["no_enemies"] and s.has_enemy(s.hpos[s.cur]):
        return False  # NY-89
    return can_step(s, move_flags(e))


@handler(Op.MOVE)
def _move(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    push_move(s, e["steps"], move_flags(e), e["carry"])


@handler(Op.REVEAL)
def _reveal(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    push_reveal(s, e["count"])  # nothing to reveal still counts as done (NY-38, NY-103)


@handler(Op.DAMAGE)
def _damage(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    amount = e["amount"]
    if ctx.hero and s.bonus_dmg:
        amount += s.bonus_dmg  # added before the split (NY-245)
        s.bonus_dmg = 0
    push_damage(s, amount, ctx.here(s), e["range"])


@check(Op.TRICK)
def _can_trick(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    return can_trick(s, ctx.here(s), e["range"])


@handler(Op.TRICK)
def _trick(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    origin = ctx.here(s)
    if can_trick(s, origin, e["range"]):
        s.stack.append(TrickFrame(e["count"] or ALL, origin, e["range"]))


# -- taking back discards ------------------------------------------------------------------


@check(Op.RECOVER)
def _can_recover(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    return bool(e["how"] == "all" or len(s.disc[s.cur]) >= e["count"])


@handler(Op.RECOVER)
def _recover(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    recover(s, s.cur, e["count"], e["how"], events)


def recover(s: NewYorkState, seat: int, count: int, how: str, events: list[Event],
            optional: bool = False) -> None:
    """Take back discarded Action cards: chosen, random, or all of them. The card being
    resolved is not in the discards yet, so it never comes back (NY-242)."""
    disc = s.disc[seat]
    if how == "all":
        count = len(disc)
    if how == "choose" and disc and count:
        s.stack.append(RecoverFrame(min(count, len(disc)), optional))
        return
    taken = []
    for _ in range(min(count, len(disc))):
        c = disc.pop(s.rng.below(len(disc)))
        s.hand[seat].append(c)
        taken.append(c)
    if taken:
        s.say(events, "recover", words.recover(s, seat, len(taken)),
              {"seat": seat, "count": len(taken)})
        s.tell(events, seat, "recovered",
               words.cards_of("You take back", [words.action_card(c) for c in taken]),
               {"cards": [ACTION_IDS[c] for c in taken]})


@dataclass(frozen=True, slots=True)
class RecoverFrame(Step):
    """Take back ``left`` discarded Action cards of your choice (``optional``: up to)."""

    key: ClassVar[str] = "recover"
    left: int
    optional: bool = False

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        out: list[Action] = [A.RECOVER[c] for c in sorted(set(s.disc[seat]))]
        if self.optional:
            out.append(A.DONE)
        return out

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        if action is A.DONE:
            s.stack.pop()
            return
        assert isinstance(action, A.Recover)
        c = ACTION_INDEX[action.card]
        s.disc[seat].remove(c)
        s.hand[seat].append(c)
        s.say(events, "recover", words.recover(s, seat, 1), {"seat": seat, "count": 1})
        s.tell(events, seat, "recovered", words.cards_of("You take back", [words.action_card(c)]),
               {"cards": [action.card]})
        if self.left > 1 and s.disc[seat]:
            s.stack[-1] = dataclasses.replace(self, left=self.left - 1)
        else:
            s.stack.pop()

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_recover(s, self.left, self.optional)


# -- Items ----------------------------------------------------------------------------------


@check(Op.DRAW_ITEMS)
def _can_draw(s: NewYorkState, e: Effect, ctx: Ctx) -> bool:
    return bool(len(s.items) + len(s.idisc) >= e["count"])


@handler(Op.DRAW_ITEMS)
def _draw(s: NewYorkState, e: Effect, ctx: Ctx, events: list[Event]) -> None:
    draw_items(s, e["count"], e["keep"], events)


def draw_items(s: NewYorkState, count: int, keep: int, events: list[Event]) -> None:
    """The current Hero draws ``count`` Items and keeps ``keep`` of them (0: all)."""
    seat = s.cur
    drawn = []
    for _ in range(count):
        k = draw_item(s)
        if k >= 0:
            drawn.append(k)
    if not drawn:
        return
    s.say(events, "draw_items", words.draw_items(s, seat, len(drawn)),
          {"seat": seat, "count": len(drawn)})
    s.tell(events, seat, "drawn", words.cards_of("You draw", [words.item(k) for k in drawn]),
           {"items": [ITEM_IDS[k] for k in drawn]})
    if keep and keep < len(drawn):
        s.drawn.extend(drawn)
        s.stack.append(KeepFrame(keep))
        return
    for k in drawn:
        give(s, seat, k, events)


@dataclass(frozen=True, slots=True)
class KeepFrame(Step):
    """Keep ``left`` of the drawn Items; the rest are discarded."""

    key: ClassVar[str] = "keep_items"
    left: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.KEEP[k] for k in sorted(set(s.drawn))]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.Keep)
        k = ITEM_INDEX[action.item]
        s.drawn.remove(k)
        if self.left > 1 and s.drawn:
            s.stack[-1] = dataclasses.replace(self, left=self.left - 1)
        else:
            s.stack.pop()
            s.idisc.extend(s.drawn)
            s.drawn.clear()
        s.say(events, "keep", words.keep(s, seat), {"seat": seat})
        give(s, seat, k, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_keep(s, self.left)
