"""The stack of pending decisions, and the state that runs on it.

A long turn is a stack of small :class:`Decision` frames, one per sub-phase.
The top frame says who decides (``seats``), what they may choose (``legal``)
and what a choice does (``choose``). A frame pops itself when done and may
push follow-up frames; frames with ``automatic = True`` run without any seat
deciding (an automaton's step, the end of a phase).

Frames are treated as immutable values: a frame that changes (a simultaneous
round collecting answers) replaces itself on the stack, so ``clone`` copies
the stack list and shares the frames.

Two general frames cover the other shapes of decision in our games:

* :class:`Simultaneous` -- several parties each decide once, in any order
  (answers to a question, dice submitted at the same time);
* :class:`ReactionWindow` -- parties in turn order may each react (play a
  card) or :class:`Pass`, out of turn.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action, ActionSpace, action, describe, field_names, same_types
from getaway.core.errors import IllegalAction
from getaway.core.events import GAME_OVER, Event
from getaway.core.state import Outcome, State


@action("pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to react in a reaction window (or to volunteer)."""

    def label(self) -> str:
        return "pass"


PASS = Pass()


class Decision:
    """One pending choice on a :class:`DecisionState`'s stack.

    ``key`` names the decision in the public contract (views, clients,
    heuristics dispatch on it): short snake_case, stable, documented in the
    game's ``decision_keys`` -- never a class name. ``prompt`` says what is
    being decided, in the game's words, to the seat that decides.
    """

    __slots__ = ()
    automatic: ClassVar[bool] = False
    key: ClassVar[str] = ""

    def __repr__(self) -> str:
        """The class and every slot's value: the same frame reads the same in every
        process (``State.fingerprint`` hashes the stack), never a memory address."""
        names = [n for c in type(self).__mro__ for n in getattr(c, "__slots__", ())
                 if not n.startswith("__")]
        names += sorted(getattr(self, "__dict__", {}))
        fields = ", ".join(f"{n}={getattr(self, n, None)!r}" for n in names)
        return f"{type(self).__name__}({fields})"

    def seats(self, state: Any) -> tuple[int, ...]:
        """Seats that may decide this now."""
        return ()

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        """The legal actions of ``seat`` (only called for seats in :meth:`seats`)."""
        return ()

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        """Carry out a legal choice; pops/pushes frames as needed."""
        raise NotImplementedError

    def run(self, state: Any, events: list[Event]) -> None:
        """Carry out an automatic frame (already popped from the stack)."""
        raise NotImplementedError

    def prompt(self, state: Any) -> str:
        """What is being decided, in the game's words, addressed to the deciding seat."""
        return type(self).__name__

    def describe(self, state: Any) -> dict[str, Any]:
        """JSON-able summary for views: ``{"key", "prompt"}`` -- the decision's stable key
        (the public contract clients dispatch on) and what it asks, in the game's words."""
        return {"key": self.key, "prompt": self.prompt(state)}


class DecisionState(State):
    """A state whose legality and flow come from its stack of decisions.

    Subclasses keep their game data in slots and implement ``clone`` by
    copying it (``_copy_base`` copies the stack and the result fields), and
    name their game's :class:`ActionSpace` in ``action_space``.

    Refusals are built here for every game: an action is checked against the
    legal list (by identity, then by value with the exact field types) before
    any game code sees it, and a refused action's ``label()`` and the game's
    ``explain_illegal`` only ever see the action space's own object, so an
    out-of-range or wrong-typed field (``Enter(999)``, ``Go("x")``) is refused
    with :class:`IllegalAction`, never crashes a table lookup.
    """

    action_space: ClassVar[ActionSpace | None] = None
    stack: list[Decision]
    _outcome: Outcome | None
    _cache_seat: int
    _cache: tuple[Action, ...] | None

    def _init_base(self) -> None:
        self.stack = []
        self._outcome = None
        self._cache_seat = -1
        self._cache = None

    def _copy_base(self, other: DecisionState) -> None:
        other.stack = self.stack[:]
        other._outcome = self._outcome
        other._cache_seat = -1
        other._cache = None

    def to_act(self) -> tuple[int, ...]:
        if self._outcome is not None or not self.stack:
            return ()
        return self.stack[-1].seats(self)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every legal action of ``seat`` now, as a tuple (shared and cached: never copied)."""
        if self._cache is not None and self._cache_seat == seat and type(seat) is int:
            return self._cache
        if self._outcome is not None or not self.stack or type(seat) is not int:
            return ()
        top = self.stack[-1]
        if seat not in top.seats(self):
            return ()
        found = top.legal(self, seat)
        acts = found if type(found) is tuple else tuple(found)
        self._cache_seat, self._cache = seat, acts
        return acts

    def actor_legal_actions(self, seat: int) -> tuple[Action, ...]:
        """``legal_actions(seat)`` for a seat that ``to_act()`` has just named, nothing
        having changed since.

        The top frame is then known to be there and ``seat`` among its ``seats``, so
        the frame is not asked a second time who decides (playouts ask ``to_act``
        and then this at every step). Only for a state whose ``to_act`` and
        ``legal_actions`` are these (:func:`getaway.core.rollout.rollout` checks).
        """
        if self._cache is not None and self._cache_seat == seat:
            return self._cache
        found = self.stack[-1].legal(self, seat)
        acts = found if type(found) is tuple else tuple(found)
        self._cache_seat, self._cache = seat, acts
        return acts

    def apply(self, seat: int, action: Action) -> list[Event]:
        # The caller has nearly always just asked for this seat's legal actions: read
        # them from the cache that ``legal_actions`` keeps (a game that overrides it
        # keeps the same cache, ``_cache`` being its answer for ``_cache_seat``).
        legal = self._cache
        if legal is None or self._cache_seat != seat or type(seat) is not int:
            legal = self.legal_actions(seat)
        for a in legal:
            if a is action:
                break
        else:
            same = _legal_twin(legal, action)
            if same is None:
                raise IllegalAction(self._why_not(seat, action))
            action = same
        self._cache = None
        events: list[Event] = []
        self.stack[-1].choose(self, seat, action, events)
        self.settle(events)
        return events

    def settle(self, events: list[Event]) -> None:
        """Run automatic frames until a seat must decide or the game ends."""
        stack = self.stack
        while stack and stack[-1].automatic and self._outcome is None:
            stack.pop().run(self, events)

    def _why_not(self, seat: object, action: object) -> str:
        known = self._known(action)
        text = known.label() if known is not None else describe(action)
        if self._outcome is not None:
            return f"the game is over; {text} cannot be played"
        if type(seat) is not int or not 0 <= seat < self.players:
            return (f"there is no seat {describe(seat)} in this {self.players}-player game "
                    f"(seats are 0 to {self.players - 1})")
        seats = self.to_act()
        if seat not in seats:
            if not seats:
                return f"seat {seat} may not act now; nobody may act until the clock runs on"
            return f"seat {seat} may not act now; waiting for seat {', '.join(map(str, seats))}"
        if known is None:
            return f"{text} is not an action of {self.config.game}"
        reason = self.explain_illegal(seat, known)
        prompt = self.stack[-1].prompt(self)
        return f"{text} is not legal now ({prompt}){': ' + reason if reason else ''}"

    def _known(self, action: object) -> Action | None:
        """The game's own action equal to ``action`` (types included), else None.

        Without an ``action_space`` every :class:`Action` counts as known.
        """
        if self.action_space is not None:
            return self.action_space.find(action)
        return action if isinstance(action, Action) else None

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why an action of the game's space is illegal for a seat that may act; games
        refine this (``action`` is the space's own object, its fields in range)."""
        return ""

    def finish(self, outcome: Outcome, events: list[Event]) -> None:
        """End the game with ``outcome``."""
        self._outcome = outcome
        self.stack.clear()
        self._cache = None
        events.append(Event(GAME_OVER, outcome.detail or outcome.reason, outcome.to_json()))

    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def pending(self) -> dict[str, Any] | None:
        """The top decision described for views (None when over)."""
        if self._outcome is not None or not self.stack:
            return None
        d = self.stack[-1].describe(self)
        d["seats"] = list(self.to_act())
        return d


@dataclass(frozen=True, slots=True)
class Simultaneous(Decision):
    """Each pending party decides once, in any order.

    A party is usually a seat; games where one seat speaks for several
    parties (a fictional hand, a bot) override :meth:`controller`.
    Subclasses implement :meth:`options` and :meth:`complete`, and may
    override :meth:`take` to act on each choice as it arrives.
    """

    pending: tuple[int, ...]
    chosen: tuple[tuple[int, Action], ...] = ()

    def controller(self, state: Any, party: int) -> int:
        """The seat that decides for ``party``."""
        return party

    def seats(self, state: Any) -> tuple[int, ...]:
        out: list[int] = []
        for p in self.pending:
            s = self.controller(state, p)
            if s not in out:
                out.append(s)
        return tuple(out)

    def party_of(self, state: Any, seat: int) -> int:
        """The first pending party that ``seat`` decides for."""
        for p in self.pending:
            if self.controller(state, p) == seat:
                return p
        raise IllegalAction(f"seat {seat} has nothing to decide here")

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return self.options(state, self.party_of(state, seat))

    def options(self, state: Any, party: int) -> Sequence[Action]:
        """The legal actions for ``party``."""
        raise NotImplementedError

    def take(self, state: Any, party: int, action: Action, events: list[Event]) -> None:
        """Hook called as each party's choice arrives (default: nothing)."""

    def complete(self, state: Any, answers: dict[int, Action], events: list[Event]) -> None:
        """Called once every party has decided; the frame is already popped."""
        raise NotImplementedError

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        party = self.party_of(state, seat)
        rest = tuple([p for p in self.pending if p != party])
        chosen = (*self.chosen, (party, action))
        stack = state.stack
        if rest:
            stack[-1] = _replaced(self, {"pending": rest, "chosen": chosen})
            self.take(state, party, action, events)
            return
        stack.pop()
        self.take(state, party, action, events)
        self.complete(state, dict(chosen), events)


@dataclass(frozen=True, slots=True)
class ReactionWindow(Decision):
    """Parties in ``order`` may, one after another, react or pass.

    Subclasses implement :meth:`reactions` (the options besides passing),
    :meth:`react`, and :meth:`closed` for when the last party has decided.
    A reaction may push frames of its own (a card that needs choices); they
    resolve before the window moves on. ``react`` may also replace the
    window, for instance to reopen it for everyone after a card is played.
    """

    order: tuple[int, ...]
    pos: int = 0

    def controller(self, state: Any, party: int) -> int:
        """The seat that decides for ``party``."""
        return party

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.controller(state, self.order[self.pos]),)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return (*self.reactions(state, self.order[self.pos]), PASS)

    def reactions(self, state: Any, party: int) -> Sequence[Action]:
        """What ``party`` may play now, besides passing."""
        raise NotImplementedError

    def react(self, state: Any, party: int, action: Action, events: list[Event]) -> None:
        """Carry out a reaction; the window has already moved on to the next party."""
        raise NotImplementedError

    def closed(self, state: Any, events: list[Event]) -> None:
        """Every party has had its chance (runs after any reaction resolved)."""

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        party = self.order[self.pos]
        stack = state.stack
        if self.pos + 1 < len(self.order):
            stack[-1] = _replaced(self, {"pos": self.pos + 1})
        else:
            stack[-1] = _Closing(self)
        if action is not PASS:
            self.react(state, party, action, events)


@dataclass(frozen=True, slots=True)
class _Closing(Decision):
    """Runs a reaction window's ``closed`` once pending reactions have resolved."""

    automatic: ClassVar[bool] = True
    window: ReactionWindow

    def run(self, state: Any, events: list[Event]) -> None:
        self.window.closed(state, events)


def _legal_twin(legal: tuple[Action, ...], action: object) -> Action | None:
    """The legal action equal to ``action`` with fields of the same types, else None.

    Comparing frozen dataclasses compares their fields and runs no game code.
    """
    for a in legal:
        if a == action:
            return a if same_types(action, a, field_names(type(a))) else None
    return None


def _replaced(frame: Decision, changes: dict[str, Any]) -> Decision:
    """``dataclasses.replace(frame, **changes)``, sooner.

    Rounds of answers and reaction windows replace their frame at every
    choice. A frame class whose ``__init__`` only stores its fields (see
    :func:`_plain_fields`) is copied slot by slot, without running it; any
    other goes through ``dataclasses.replace``.
    """
    cls = type(frame)
    try:
        names = _PLAIN[cls]
    except KeyError:
        names = _PLAIN[cls] = _plain_fields(cls)
    if names is None:
        return dataclasses.replace(frame, **changes)  # type: ignore[type-var]
    new = object.__new__(cls)
    for name in names:
        _set(new, name, changes[name] if name in changes else getattr(frame, name))
    return new


def _plain_fields(cls: type) -> tuple[str, ...] | None:
    """The fields of a dataclass whose ``__init__`` does nothing but store them, in
    order; None if it does more (``__post_init__``, a field outside ``__init__``,
    an ``InitVar``), so that only ``dataclasses.replace`` gives the same copy."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        return None
    names = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    params = list(inspect.signature(cls.__init__).parameters)[1:]  # after ``self``
    if len(names) != len(dataclasses.fields(cls)) or set(params) != set(names):
        return None  # a field outside ``__init__``, or an ``InitVar``
    return names


_PLAIN: dict[type, tuple[str, ...] | None] = {}
_set = object.__setattr__
