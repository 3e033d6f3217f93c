"""Running a list of effects: the general frame every card, tile, POI and Boss uses.

:class:`RunEffects` is automatic: it carries out one effect and leaves the rest
of the list beneath whatever decisions that effect pushed, so a card resolves
in order, each effect complete before the next (NY-35, NY-186). Each
:class:`~.effects.Op` has one handler in :data:`HANDLERS` (filled by
:mod:`.effects_hero` and :mod:`.effects_world`).

A Hero's own effects (an Action card, the Personal Ability, an Item, a Weapon, a
Car's move) run under :func:`resolve_hero`, which first checks that the whole
list can be carried out (:func:`feasible`, NY-36..40) and afterwards draws the
Event cards of the spaces the Hero moved into (NY-95).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york.effects import Effect, Op
from getaway.games.new_york.frames import kept, per_object
from getaway.games.new_york.state import NewYorkState

# where an effect list comes from
CARD, ABILITY, ITEM, WEAPON, CASE, CAR, BUILDING = range(7)
TIMER, EVENT, NEW_YORK, POI, BOSS, TRAP = range(7, 13)
HERO_SOURCES = frozenset({CARD, ABILITY, ITEM, WEAPON, CASE, CAR, BUILDING})
SOURCE_NAMES = ("card", "ability", "item", "weapon", "case", "car", "building", "timer",
                "event", "new_york", "poi", "boss", "trap")


class Ctx(NamedTuple):
    """Where an effect list comes from: its source, the Action card being resolved
    (-1: none), the space ``here`` means (-1: the current Hero's) and the POI space
    ``poi`` means (-1: none)."""

    src: int
    card: int = -1
    origin: int = -1
    poi: int = -1

    def here(self, s: NewYorkState) -> int:
        """The space ``here`` names."""
        return self.origin if self.origin >= 0 else s.hpos[s.cur]

    @property
    def hero(self) -> bool:
        """Whether a Hero's own card or counter is acting."""
        return self.src in HERO_SOURCES


PLAIN: tuple[Ctx, ...] = tuple(Ctx(src) for src in range(len(SOURCE_NAMES)))
"""Each source's context with nothing more (``PLAIN[TIMER]`` is ``Ctx(TIMER)``), made once."""

Handler = Callable[[NewYorkState, Effect, Ctx, list[Event]], None]
Check = Callable[[NewYorkState, Effect, Ctx], bool]
HANDLERS: dict[Op, Handler] = {}
CHECKS: dict[Op, Check] = {}


def handler(op: Op) -> Callable[[Handler], Handler]:
    """Register the handler of ``op``."""

    def deco(f: Handler) -> Handler:
        HANDLERS[op] = f
        return f

    return deco


def check(op: Op) -> Callable[[Check], Check]:
    """Register the all-or-nothing check of a Hero effect (default: always possible)."""

    def deco(f: Check) -> Check:
        CHECKS[op] = f
        return f

    return deco


def feasible(s: NewYorkState, effects: tuple[Effect, ...], ctx: Ctx) -> bool:
    """Whether every effect can be carried out entirely (NY-36, NY-37); the three
    exceptions of NY-38..40 are built into the checks (a reveal with nowhere to
    reveal, damage beyond the Enemies in range, a move cut short by a Car)."""
    for f, e in checks_of(effects):  # noqa: SIM110 (a loop: no generator at every check)
        if not f(s, e, ctx):
            return False
    return True


def checks_of(effects: tuple[Effect, ...]) -> tuple[tuple[Check, Effect], ...]:
    """The effects of a list that have an all-or-nothing check, with their checks, found
    once per list (lists are the cards' own, known by identity, as in :func:`_run`)."""
    return per_object(_CHECKED, effects, _checks)


def _checks(effects: tuple[Effect, ...]) -> tuple[tuple[Check, Effect], ...]:
    return tuple((CHECKS[e.op], e) for e in effects if e.op in CHECKS)


_CHECKED: dict[int, tuple[Any, Any]] = {}


@dataclass(frozen=True, slots=True)
class RunEffects(Decision):
    """Carry out ``effects[i]``, leaving the rest to run after its decisions."""

    automatic: ClassVar[bool] = True
    effects: tuple[Effect, ...]
    i: int
    ctx: Ctx

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        """Effect ``i``, and the next ones at once while an effect leaves nothing to do
        before the next (the rest still on top): what :meth:`.NewYorkState.settle` would
        do, popping and running the rest, when the current Hero is below level 3 (the
        Lone Victory's watch then only clears ``lone_asked``), as :class:`.turn.Phase`."""
        effects, i, ctx = self.effects, self.i, self.ctx
        stack = s.stack
        while True:
            e = effects[i]
            i += 1
            if i >= len(effects):
                HANDLERS[e.op](s, e, ctx, events)
                return
            rest = _run(effects, i, ctx)
            stack.append(rest)
            HANDLERS[e.op](s, e, ctx, events)
            if s._outcome is not None or stack[-1] is not rest or s.level[s.cur] >= 3:
                return
            s.lone_asked = False
            stack.pop()


def _run(effects: tuple[Effect, ...], i: int, ctx: Ctx) -> RunEffects:
    """``RunEffects(effects, i, ctx)``, made once and then shared (:func:`.frames.kept`;
    an effect list is known by its identity, checked, as hashing it costs more)."""
    key = (id(effects), i, ctx)
    frame = _RUNS.get(key)
    if frame is None or frame.effects is not effects:
        if len(_RUNS) >= 4096:
            _RUNS.clear()
        frame = _RUNS[key] = RunEffects(effects, i, ctx)
    return frame


_RUNS: dict[tuple[int, int, Ctx], RunEffects] = {}


@dataclass(frozen=True, slots=True)
class AfterEffects(Decision):
    """After a Hero's effects: the Event cards of the spaces entered (NY-95, NY-96)."""

    automatic: ClassVar[bool] = True
    ctx: Ctx

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        pending = s.evpend
        s.evpend = 0
        if pending and not s.noevents:
            from getaway.games.new_york.events import draw_events

            for _ in range(pending):
                draw_events(s, events)


def run_effects(s: NewYorkState, effects: tuple[Effect, ...], ctx: Ctx) -> None:
    """Push an effect list to run now (world sources: no all-or-nothing check)."""
    if effects:
        s.stack.append(_run(effects, 0, ctx))


def resolve_hero(s: NewYorkState, effects: tuple[Effect, ...], ctx: Ctx) -> None:
    """Push a Hero's effects, followed by the Events of the spaces entered."""
    s.stack.append(kept(AfterEffects, ctx))
    run_effects(s, effects, ctx)
