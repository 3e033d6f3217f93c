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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action, action
from getaway.core.errors import IllegalAction
from getaway.core.events import Event
from getaway.core.state import Outcome, State


@action("pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to react in a reaction window (or to volunteer)."""

    def label(self) -> str:
        return "pass"


PASS = Pass()


class Decision:
    """One pending choice on a :class:`DecisionState`'s stack."""

    __slots__ = ()
    automatic: ClassVar[bool] = False

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
        """What is being decided, in words, for people and logs."""
        return type(self).__name__

    def describe(self, state: Any) -> dict[str, Any]:
        """JSON-able summary for views: the frame's name and prompt."""
        return {"decision": type(self).__name__, "prompt": self.prompt(state)}


class DecisionState(State):
    """A state whose legality and flow come from its stack of decisions.

    Subclasses keep their game data in slots and implement ``clone`` by
    copying it (``_copy_base`` copies the stack and the result fields).
    """

    stack: list[Decision]
    _outcome: Outcome | None
    _cache_seat: int
    _cache: Sequence[Action] | None

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

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if self._cache is not None and self._cache_seat == seat:
            return self._cache
        if self._outcome is not None or not self.stack:
            return ()
        top = self.stack[-1]
        if seat not in top.seats(self):
            return ()
        acts = top.legal(self, seat)
        self._cache_seat, self._cache = seat, acts
        return acts

    def apply(self, seat: int, action: Action) -> list[Event]:
        legal = self.legal_actions(seat)
        for a in legal:
            if a is action:
                break
        else:
            if action not in legal:
                raise IllegalAction(self._why_not(seat, action))
            action = legal[list(legal).index(action)]
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

    def _why_not(self, seat: int, action: Action) -> str:
        if self._outcome is not None:
            return f"the game is over; {action} cannot be played"
        seats = self.to_act()
        if seat not in seats:
            who = ", ".join(map(str, seats))
            return f"seat {seat} may not act now; waiting for seat {who}"
        reason = self.explain_illegal(seat, action)
        prompt = self.stack[-1].prompt(self)
        return f"{action} is not legal now ({prompt}){': ' + reason if reason else ''}"

    def explain_illegal(self, seat: int, action: Action) -> str:
        """Why a well-formed action is illegal for a seat that may act; games refine this."""
        return ""

    def finish(self, outcome: Outcome, events: list[Event]) -> None:
        """End the game with ``outcome``."""
        self._outcome = outcome
        self.stack.clear()
        self._cache = None
        events.append(Event("game_over", outcome.detail or outcome.reason, outcome.to_json()))

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
        rest = tuple(p for p in self.pending if p != party)
        chosen = (*self.chosen, (party, action))
        stack = state.stack
        if rest:
            stack[-1] = dataclasses.replace(self, pending=rest, chosen=chosen)
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
            stack[-1] = dataclasses.replace(self, pos=self.pos + 1)
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
