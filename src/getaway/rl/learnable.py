"""What makes the environments learnable: opt-in dense rewards and curricula, per game.

Dense rewards
-------------

The plain reward is the outcome: 1 for a winner at the very end, 0 otherwise
(``reward="sparse"``, the default). A learner that starts at random rarely
wins a whole game, so it rarely sees a reward. ``reward="dense"`` adds
*potential-based shaping* (Ng, Harada and Russell, 1999): each game has a
potential ``phi(state, seat)`` in [0, 1] (``Game.shaping``, documented
per game in docs/rl.md), and every step pays ``gamma * phi(after) - phi(before)`` on top of
the outcome, with ``phi = 0`` once the game is over. The shaping terms of an
episode add up to ``-phi(start)``, which no action can change, so with
``shaping_gamma`` equal to the learner's discount the optimal policy is the
same as with the sparse reward; the shaping only says earlier which moves
looked like progress. (With ``shaping_gamma=1`` and a discount below 1 the
invariance is approximate.) The potentials read the true state of the game for
the seat rewarded, never observations of other seats, and they never change
the game.

Curricula
---------

``curriculum="default"`` (or a list of option dicts, easiest first) gives an
environment several *levels*, each a variant of the game (its options, checked
by the game's spec); level 0 is the easiest. ``env.set_level(k)`` (or
``reset(options={"level": k})``) chooses the variant of the next games;
vectorized environments reach it with ``call("set_level", k)``. The default
curricula (``Game.curriculum``) use each game's own easier layouts and
scenarios; a game without easier variants has one level, the normal game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from getaway.core.errors import ConfigError
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.core.state import State
from getaway.rl import _common

REWARDS = ("sparse", "dense")


@dataclass(frozen=True)
class Potential:
    """A game's shaping potential and what it rewards, in words (for the docs)."""

    fn: Callable[[State, int], float]
    doc: str


def _progress(state: State, seat: int) -> float:
    return _unit(state.progress(seat))


def _unit(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else float(x)


def potential(game: Game) -> Potential:
    """The shaping potential of ``game`` (``Game.shaping``, by default the game's
    ``State.progress``), kept in [0, 1]."""
    return Potential(lambda state, seat: _unit(game.shaping(state, seat)), game.shaping_doc)


def curriculum_doc(game: Game) -> str:
    """The default curriculum of ``game`` in words."""
    return game.curriculum_doc or "none: one level, the normal game"


def check_reward(reward: str, shaping_gamma: float) -> tuple[str, float]:
    """``(reward, shaping_gamma)`` if valid, else ``ConfigError``."""
    if reward not in REWARDS:
        raise ConfigError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
    gamma = float(shaping_gamma)
    if not 0.0 < gamma <= 1.0:
        raise ConfigError(f"shaping_gamma must be in (0, 1], got {shaping_gamma!r}")
    return reward, gamma


def levels(game: Game, options: Mapping[str, Any] | None,
           curriculum: str | Sequence[Mapping[str, Any]] | None) -> list[dict[str, Any]]:
    """The option dicts of each level (one level, ``options``, without a curriculum).

    A level's options are ``options`` updated with the level's own.
    """
    base = dict(options or {})
    if curriculum is None:
        return [base]
    if curriculum == "default":
        steps: Sequence[Mapping[str, Any]] = game.curriculum or ({},)
    elif isinstance(curriculum, str):
        raise ConfigError(f"curriculum must be 'default', a list of option dicts or None, "
                          f"got {curriculum!r}")
    else:
        steps = list(curriculum)
        if not steps or not all(isinstance(s, Mapping) for s in steps):
            raise ConfigError("a curriculum is a non-empty list of option dicts, easiest "
                              "first")
    return [{**base, **step} for step in steps]


class Levels:
    """An environment's curriculum levels: the game's configuration at each, easiest first
    (the PettingZoo and Gymnasium environments share it)."""

    configs: list[Config]
    level: int
    config: Config

    def _set_levels(self, game: Game, players: int | None, options: Mapping[str, Any] | None,
                    curriculum: str | Sequence[Mapping[str, Any]] | None) -> None:
        """Configure every level of ``curriculum`` and start at level 0."""
        self.configs = [_common.configure(game, players, level)
                        for level in levels(game, options, curriculum)]
        self.level = 0
        self.config = self.configs[0]

    @property
    def levels(self) -> int:
        """How many curriculum levels there are (1 without a curriculum)."""
        return len(self.configs)

    def set_level(self, level: int) -> None:
        """Play curriculum level ``level`` (0 = easiest) from the next ``reset``."""
        if type(level) is not int or not 0 <= level < len(self.configs):
            raise ConfigError(f"level must be one of 0..{len(self.configs) - 1}, got {level!r}")
        self.level = level
        self.config = self.configs[level]


class Shaper:
    """Potential-based shaping for some seats of one game (see the module documentation)."""

    __slots__ = ("before", "fn", "gamma", "seats")

    def __init__(self, game: Game, seats: Sequence[int], gamma: float) -> None:
        self.fn = potential(game).fn
        self.seats = list(seats)
        self.gamma = gamma
        self.before: dict[int, float] = {}

    def value(self, state: State, seat: int) -> float:
        """``phi(state, seat)``; 0 once the game is over."""
        return 0.0 if state.is_over() else _unit(self.fn(state, seat))

    def start(self, state: State) -> None:
        """Note the potentials at the start of an episode."""
        self.before = {s: self.value(state, s) for s in self.seats}

    def step(self, state: State) -> dict[int, float]:
        """The shaping of each seat for the steps since the last call."""
        out = {}
        for s in self.seats:
            now = self.value(state, s)
            out[s] = self.gamma * now - self.before[s]
            self.before[s] = now
        return out
