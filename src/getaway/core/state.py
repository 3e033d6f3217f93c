"""The game protocol: what every game state offers.

At any moment a state is over, or some seats must decide. ``to_act()`` names
them (several at once for simultaneous and real-time play),
``legal_actions(seat)`` lists every choice, and ``apply(seat, action)`` makes
one, raising :class:`IllegalAction` and changing nothing when it is not legal.
``view(seat)`` is all that seat may know; ``view(None)`` is a spectator's.
``recall(event)`` is a past event as it may be read back from a log now: a game
whose players must remember something (ESCAPE NOW!'s expert rule turns the
cards of a solved puzzle face down) returns a redacted copy once that detail
is no longer public, and every log shown to a person goes through it.

Example, with any registered game::

    state = game.new_state(game.spec.configure(3), seed=7)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    print(state.outcome())
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from getaway.core.actions import Action
from getaway.core.errors import NotRealTime
from getaway.core.events import Event
from getaway.core.spec import Config


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` are the seats that won (empty: everyone lost; all seats: a
    team win); ``scores`` holds each seat's score in the game's own unit
    (minutes left, points); ``reason`` is a machine-readable termination.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    detail: str = ""

    def won(self, seat: int) -> bool:
        """Whether ``seat`` is among the winners."""
        return seat in self.winners

    def returns(self) -> list[float]:
        """Per-seat reward for learning: 1.0 for a winner, 0.0 otherwise."""
        return [1.0 if s in self.winners else 0.0 for s in range(len(self.scores))]

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict."""
        return {"winners": list(self.winners), "scores": list(self.scores),
                "reason": self.reason, "detail": self.detail}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """Inverse of :meth:`to_json`."""
        return cls(tuple(data["winners"]), tuple(data["scores"]), data["reason"],
                   data.get("detail", ""))


class State(ABC):
    """A game in progress; the single source of truth and of legality."""

    config: Config
    seed: int

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.config.players

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every legal action of ``seat`` now (empty if it may not act, or is no seat),
        as an immutable sequence (a tuple) that callers may keep but cannot change."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Make a move; raises ``IllegalAction`` and changes nothing if illegal.

        Anything may be passed: an action with out-of-range or wrong-typed fields,
        a seat that does not exist; each is refused the same way, never crashes.
        """

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The outcome once over, else None."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-able data; None gives a spectator's view.

        A snapshot: it shares no container with the state, so later moves never
        change a kept view and editing a view never changes the state.
        """

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (cheap; no deepcopy)."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A copy whose hidden information, as ``seat`` sees it, is resampled.

        Everything ``seat`` cannot see (other hands, deck order, face-down
        cards, future chance) is redrawn consistently with ``view(seat)``,
        which stays identical.
        """

    def believe(self, seat: int, rng: random.Random) -> Self:
        """:meth:`determinize`, with what other seats hold drawn as their play suggests.

        Where a game can tell what a seat's actions say about its hidden cards if
        it plays the game's own strategy (the ``heuristic`` agent), it overrides
        this to sample those cards accordingly: the search bots assume exactly
        that of the seats around them. ``view(seat)`` stays identical, as with
        :meth:`determinize`, which is the default.
        """
        return self.determinize(seat, rng)

    @abstractmethod
    def truth(self) -> dict[str, Any]:
        """The complete state as JSON-able data (tests, fingerprints; never sent)."""

    def recall(self, event: Event) -> Event:
        """The event as it may be read back from a log now (default: unchanged).

        A game whose players must remember something overrides this to return
        a redacted copy once a detail of ``event`` is no longer public knowledge
        (ESCAPE NOW! under ``expert``: ``"red plays TENACIOUS on puzzle B"``
        becomes ``"red plays a card on puzzle B"``, without ``card`` and ``as``
        in its data, once B is solved). The copy keeps ``kind`` and ``seats``
        and never says more than the original; an event with nothing to forget
        is returned as is (the same object). The answer depends only on this
        state, never on who reads, and is cheap: interfaces call it for every
        logged event each time they show a log. Filter by
        :meth:`Event.visible_to` as usual. The events ``apply`` has just
        returned happened before the reader's eyes and may be shown whole;
        anything read back later goes through ``recall``.
        """
        return event

    def fingerprint(self) -> str:
        """A short hash of :meth:`truth`; equal states have equal fingerprints."""
        blob = json.dumps(self.truth(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def seat_name(self, seat: int) -> str:
        """How the game names a seat in words (a colour, a character); games override it.

        Clients show the player's own name beside it; sentences refer to seats
        structurally (``getaway.core.words.seat``), so every client names them alike.
        """
        return f"player {seat + 1}"

    # Real-time games override the three methods below.

    def clock(self) -> float | None:
        """Seconds elapsed on the game clock, or None for turn-based games."""
        return None

    def advance(self, seconds: float) -> list[Event]:
        """Move the game clock forward (real-time games only)."""
        raise NotRealTime(f"{self.config.game} is turn-based; it has no clock to advance")

    def action_seconds(self, seat: int, action: Action) -> float:
        """Virtual seconds an action takes a person (used by real-time simulations)."""
        return 0.0

    def wake_in(self) -> float | None:
        """Seconds until the clock changes the state by itself (None: never)."""
        return None

    # For machines: a numeric observation and a progress estimate.

    def observation(self, seat: int) -> list[float]:
        """``view(seat)`` as a fixed-length list of floats (``Game.observation_size``)."""
        raise NotImplementedError(f"{self.config.game} has no numeric observation")

    def progress(self, seat: int) -> float:
        """A rough 0-1 estimate of how well ``seat`` is doing (search agents score
        games they could not finish, or lost, with it); 0 by default."""
        return 0.0
