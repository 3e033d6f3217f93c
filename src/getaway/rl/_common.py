"""What the three RL adapters share: the :class:`Driver` that runs one game, masks, text.

Every adapter drives a game through a :class:`Driver`, so that a seed and a
list of action indices give the same game in PettingZoo, Gymnasium and
OpenSpiel -- and the same game as ``getaway sim`` with agents that chose
those actions. Seats are scheduled by :func:`getaway.core.rollout.next_seat`,
as in the simulation driver:

* turn-based games: the deciding seat is always ``state.to_act()[0]``;
* real-time games: after an action a seat is busy for
  ``state.action_seconds(seat, action)`` virtual seconds; of the seats in
  ``to_act()``, the one free earliest (ties: the lower seat) decides next, and
  the clock is advanced to the moment it is free -- or to the next moment the
  game changes by itself (``wake_in()``) when that comes first, or when nobody
  may act.

Exactly one seat decides at any time (None once the game is over); every other
seat's action mask is all zeros. The driver records everything in a
:class:`~getaway.core.match.Match`, so :meth:`Driver.record` replays exactly
with :func:`getaway.core.records.replay`.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.events import Event
from getaway.core.match import Match
from getaway.core.records import Record
from getaway.core.registry import Game
from getaway.core.rollout import busy, next_seat, schedule
from getaway.core.spec import Config
from getaway.core.state import Outcome, State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

SEED_BOUND = 1 << 63  # seeds drawn by the adapters lie in [0, SEED_BOUND)
AGENT_PREFIX = "seat_"


def resolve(game: str | Game) -> Game:
    """The game with this id in ``getaway.games.registry()``, or the game object itself."""
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise ConfigError(f"a game is a registered game's id (see getaway games) or a Game, "
                          f"got {game!r}")
    from getaway.games import registry

    return registry().get(game)


def require_observation(game: Game) -> None:
    """Raise ``ConfigError`` unless the game has a numeric observation."""
    if game.observation_size <= 0:
        raise ConfigError(
            f"{game.id} has no numeric observation (observation_size is "
            f"{game.observation_size}); the PettingZoo and Gymnasium adapters need "
            "State.observation(seat) and Game.observation_size"
        )


def configure(game: Game, players: int | None, options: Mapping[str, Any] | None) -> Config:
    """A validated configuration (``players=None``: the game's minimum)."""
    return game.spec.configure(players, options)


def check_render_mode(mode: str | None, modes: list[str]) -> str | None:
    """``mode`` if it is None or one of ``modes``, else ``ValueError``."""
    if mode is not None and mode not in modes:
        raise ValueError(f"render_mode must be one of {modes} or None, got {mode!r}")
    return mode


def action_index(game: Game, raw: Any) -> int:
    """``raw`` as an index of the game's action space, or ``IllegalAction`` saying why.

    Accepts Python and NumPy integers (and 0-d integer arrays); rejects bools,
    floats, None and out-of-range numbers.
    """
    if isinstance(raw, bool) or raw is None:
        raise IllegalAction(f"an action must be an index of {game.id}'s action space, "
                            f"got {raw!r}")
    try:
        index = operator.index(raw)
    except TypeError:
        raise IllegalAction(f"an action must be an integer index of {game.id}'s action "
                            f"space, got {raw!r}") from None
    if not 0 <= index < len(game.actions):
        raise IllegalAction(f"action {index} is outside {game.id}'s action space "
                            f"0..{len(game.actions) - 1}")
    return index


def check_seed(seed: Any) -> int:
    """``seed`` as a non-negative int (NumPy integers welcome), or ``ConfigError``."""
    if isinstance(seed, bool):
        raise ConfigError(f"a game seed is a non-negative integer, got {seed!r}")
    try:
        value = operator.index(seed)
    except TypeError:
        raise ConfigError(f"a game seed is a non-negative integer, got {seed!r}") from None
    if value < 0:
        raise ConfigError(f"a game seed is a non-negative integer, got {seed!r}")
    return value


def agent_name(seat: int) -> str:
    """``seat_3`` for seat 3."""
    return f"{AGENT_PREFIX}{seat}"


def view_text(view: Mapping[str, Any]) -> str:
    """A view as canonical JSON (sorted keys, no spaces): equal views, equal texts."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


class Driver:
    """One game, driven the way every adapter drives it (see the module documentation)."""

    __slots__ = ("_next", "free_at", "game", "match")

    def __init__(self, game: Game, config: Config, seed: int) -> None:
        self.game = game
        self.match = Match(game, config, check_seed(seed))
        # real time: when each seat may act again (None for a turn-based game)
        self.free_at: list[float] | None = schedule(self.match.state)
        self._next: int | None = None
        self._settle()

    # -- reading ----------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The engine state (read it; change it only through :meth:`play`)."""
        return self.match.state

    @property
    def seed(self) -> int:
        """The game's seed."""
        return self.match.seed

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.match.config.players

    def decider(self) -> int | None:
        """The one seat that decides now, or None once the game is over."""
        return self._next

    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.match.state.is_over()

    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else None."""
        return self.match.state.outcome()

    def returns(self) -> list[float]:
        """Each seat's reward: ``outcome.returns()`` at the end, zeros before."""
        out = self.outcome()
        if out is None:
            return [0.0] * self.players
        return [float(r) for r in out.returns()]

    def acting(self) -> list[int]:
        """The seats that may decide at this moment, the deciding seat first.

        Besides :meth:`decider`, the other seats of ``to_act()`` (simultaneous
        decisions) -- in a real-time game only those already free at the
        current clock. Empty once the game is over.
        """
        first = self._next
        if first is None:
            return []
        seats = list(self.match.state.to_act())
        if self.free_at is not None:
            now = self.match.state.clock() or 0.0
            seats = [s for s in seats if self.free_at[s] <= now]
        return [first, *sorted(s for s in seats if s != first)]

    def legal_now(self, seat: int) -> list[int]:
        """The sorted action indices ``seat`` may play now if it is one of :meth:`acting`."""
        if seat not in self.acting():
            return []
        index = self.game.actions.index
        return sorted(index(a) for a in self.match.state.legal_actions(seat))

    def state_vector(self) -> npt.NDArray[np.float32]:
        """Every seat's observation, in seat order, as one float32 array (a global state)."""
        import numpy as np

        return np.concatenate([self.observation(s) for s in range(self.players)])

    def legal(self, seat: int) -> list[int]:
        """The sorted action indices ``seat`` may play now (empty unless it decides)."""
        if seat != self._next:
            return []
        index = self.game.actions.index
        return sorted(index(a) for a in self.match.state.legal_actions(seat))

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """1 where ``seat`` may play the action now, else 0 (all zeros unless it decides)."""
        import numpy as np

        out = np.zeros(len(self.game.actions), dtype=np.int8)
        out[self.legal(seat)] = 1
        return out

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """``state.observation(seat)`` as a new float32 array."""
        import numpy as np

        return np.asarray(self.match.state.observation(seat), dtype=np.float32)

    def record(self, meta: Mapping[str, Any] | None = None) -> Record:
        """The game so far as a replayable record."""
        return self.match.record(dict(meta or {}))

    # -- playing ----------------------------------------------------------------------------

    def check(self, seat: int, raw: Any) -> int:
        """The action index of ``raw`` if ``seat`` may play it now, else ``IllegalAction``."""
        index = action_index(self.game, raw)
        if seat != self._next:
            if self._next is None:
                raise IllegalAction(f"the game is over; seat {seat} may not act")
            raise IllegalAction(f"seat {seat} may not act now; seat {self._next} decides")
        action = self.game.actions[index]
        if action not in self.match.state.legal_actions(seat):
            raise IllegalAction(f"action {index} ({action.label()}) is not legal for seat "
                                f"{seat} now")
        return index

    def play(self, seat: int, raw: Any) -> list[Event]:
        """Play action ``raw`` (an index) for ``seat`` and run the game to its next decision.

        Raises ``IllegalAction`` and changes nothing if ``seat`` may not play it now.
        """
        index = self.check(seat, raw)
        action = self.game.actions[index]
        free = self.free_at[:] if self.free_at is not None else None
        busy(self.match.state, self.free_at, seat, action)
        try:
            events = self.match.apply(seat, action)
        except IllegalAction:
            self.free_at = free  # the engine refused after all: leave everything as it was
            raise
        events.extend(self._settle())
        return events

    def _settle(self) -> list[Event]:
        """Advance to the next decision (or the end) and note who makes it."""
        events: list[Event] = []

        def advance(seconds: float) -> None:
            events.extend(self.match.advance(seconds))

        self._next = next_seat(self.match.state, self.free_at, advance)
        return events

    # -- copying ----------------------------------------------------------------------------

    def clone(self) -> Driver:
        """An independent copy (the engine state is cloned, never deep-copied)."""
        other = Driver.__new__(Driver)
        other.game = self.game
        other.match = self.match.clone()
        other.free_at = None if self.free_at is None else self.free_at[:]
        other._next = self._next
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Driver:
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        plays = [(step["seat"], self.game.actions.index(self.game.actions.from_json(
            step["action"]))) for step in self.match.steps if "seat" in step]
        config = self.match.config
        return (_restore, (self.game, config.players, dict(config.options), self.seed, plays))


def _restore(game: Game, players: int, options: dict[str, Any], seed: int,
             plays: list[tuple[int, int]]) -> Driver:
    """Rebuild a driver by replaying its actions (used by pickle)."""
    driver = Driver(game, game.spec.configure(players, options), seed)
    for seat, index in plays:
        driver.play(seat, index)
    return driver


def render_text(driver: Driver, seat: int | None) -> str:
    """A plain-text picture of ``view(seat)``: a header line and the view as indented JSON."""
    state = driver.state
    who = "spectator" if seat is None else f"seat {seat}"
    head = [f"{driver.match.config.label()} seed {driver.seed}, as {who}"]
    clock = state.clock()
    if clock is not None:
        head.append(f"clock {clock:g}s")
    outcome = driver.outcome()
    if outcome is None:
        head.append(f"seat {driver.decider()} decides")
    else:
        head.append(f"game over ({outcome.reason}); winners {list(outcome.winners)}")
    body = json.dumps(state.view(seat), indent=1, sort_keys=True, default=str)
    return "; ".join(head) + "\n" + body + "\n"
