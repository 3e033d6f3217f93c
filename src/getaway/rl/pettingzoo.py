"""PettingZoo AEC environments for every getaway game.

=================  ============================================================
Import             ``from getaway.rl.pettingzoo import env, raw_env``
Agents             ``seat_0`` .. ``seat_{n-1}`` (``n`` = ``players``)
Actions            Discrete(``len(game.actions)``): the game's fixed action space
Observations       Dict: ``observation`` Box(0, 1, (``game.observation_size``,),
                   float32) and ``action_mask`` Box(0, 1, (``len(game.actions)``,), int8)
Rewards            at the end only: ``outcome.returns()`` (1 for a winner, else 0)
Illegal actions    raise ``IllegalAction`` (a ``ValueError``); nothing changes
Render modes       ``ansi`` (returns text), ``human`` (prints it)
=================  ============================================================

Usage::

    from getaway.rl.pettingzoo import env

    e = env("escape-now", players=3, options={"layout": "standard"})
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            action = None
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Environment
-----------

``env(game_id, players=None, options=None, seed=None, render_mode=None,
max_cycles=None)`` plays one getaway game -- any id of
``getaway.games.registry()``, or a :class:`~getaway.core.registry.Game` object
-- at a fixed player count (None: the game's minimum) and variant
(``options``, validated by the game's spec). ``env`` wraps :class:`raw_env` in
PettingZoo's order-enforcing wrapper. The rules live in the engine; this module
only adapts. A game needs a numeric observation (``Game.observation_size``).

Turn order. ``agent_selection`` is the one seat that decides now. In a
turn-based game that is the first seat of ``state.to_act()``; when several
seats decide at once (simultaneous answers, reaction windows) they are asked
one after the other in that order. Real-time games run on a virtual clock:
after an action the seat is busy for ``state.action_seconds(...)`` seconds, the
seat free earliest decides next, and the clock jumps to that moment or to the
next moment the game changes by itself -- exactly as ``getaway sim`` plays
them (see :mod:`getaway.rl._common`). An episode depends only on its seed and
the actions.

Observation. ``observation`` is ``state.observation(seat)``: the engine's
encoding of exactly what that seat may know (never another seat's hidden
cards). ``action_mask`` marks the legal actions of the deciding seat; it is all
zeros for every other seat and once the game is over.

Rewards. Zero on every step except the one that ends the game, where each seat
receives its entry of ``outcome.returns()``: 1.0 if it is among the winners,
else 0.0 (in a cooperative game every seat gets the same reward). Every agent
is then terminated, and ``infos[agent]["outcome"]`` holds the outcome as JSON.
Games end by themselves (``game.max_decisions`` bounds them); with
``max_cycles=k`` the episode is truncated instead after ``k * players``
decisions (rewards 0, ``infos[agent]["truncated_after"]`` the decision count).

Seeding. ``reset(seed=s)`` starts the game with engine seed ``s`` (a
non-negative integer): the same seed and actions always give the same game,
and the same game as OpenSpiel's chance outcome ``s`` and Gymnasium's
``reset(seed=s)``. ``reset()`` without a seed plays the next seed (the previous
game's seed + 1); the first game uses the constructor's ``seed``, or a random
one. ``reset``'s ``options`` argument is accepted for API compatibility and
ignored (variants are fixed at construction).

Illegal actions. ``step`` with an action that is not an integer of the space,
or not legal now (outside the mask), raises
:class:`~getaway.core.errors.IllegalAction` naming the action and the seat;
the game is unchanged and the same agent must act again. A terminated or
truncated agent must step ``None`` (PettingZoo's rule).

Extras. ``env.unwrapped.game_state`` is the engine state (read it, do not
change it), ``env.unwrapped.game`` the game, ``env.unwrapped.game_seed`` the
current seed, and ``env.unwrapped.record()`` the game so far as a
:class:`~getaway.core.records.Record` that ``getaway replay`` can show.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, SupportsIndex

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from getaway.core.errors import ConfigError
from getaway.core.records import Record
from getaway.core.registry import Game
from getaway.core.state import State
from getaway.rl import _common

ObsDict = dict[str, npt.NDArray[Any]]


def env(game_id: str | Game, players: int | None = None,
        options: Mapping[str, Any] | None = None, seed: SupportsIndex | None = None,
        render_mode: str | None = None, max_cycles: int | None = None) -> Any:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return wrappers.OrderEnforcingWrapper(
        raw_env(game_id, players=players, options=options, seed=seed,
                render_mode=render_mode, max_cycles=max_cycles))


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's conventional lower-case name
    """A getaway game as a PettingZoo AEC environment (see the module documentation)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 -- PettingZoo reads it from the class
        "render_modes": ["ansi", "human"],
        "name": "getaway_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game_id: str | Game, players: int | None = None,
                 options: Mapping[str, Any] | None = None, seed: SupportsIndex | None = None,
                 render_mode: str | None = None, max_cycles: int | None = None) -> None:
        super().__init__()
        self.game: Game = _common.resolve(game_id)
        _common.require_observation(self.game)
        self.config = _common.configure(self.game, players, options)
        self.render_mode = _common.check_render_mode(render_mode,
                                                     self.metadata["render_modes"])
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ConfigError(f"max_cycles must be a positive integer or None, got "
                              f"{max_cycles!r}")
        self.max_cycles = max_cycles
        self.metadata = {**type(self).metadata, "name": f"getaway_{self.game.id}_v0"}
        n = self.config.players
        self.possible_agents: list[str] = [_common.agent_name(s) for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size, actions = self.game.observation_size, len(self.game.actions)
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(actions) for a in self.possible_agents
        }
        self._next_seed = None if seed is None else _common.check_seed(seed)
        self.game_seed: int | None = None
        self._driver: _common.Driver | None = None
        self._decisions = 0

    # -- spaces and extras ------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The (fixed, shared) observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The (fixed, shared) action space of ``agent``."""
        return self.action_spaces[agent]

    @property
    def driver(self) -> _common.Driver:
        """The driver of the current game."""
        if self._driver is None:
            raise RuntimeError("call reset() before using the environment")
        return self._driver

    @property
    def game_state(self) -> State:
        """The engine state of the current game (read it, do not change it)."""
        return self.driver.state

    def record(self) -> Record:
        """The current game so far as a replayable record."""
        return self.driver.record({"adapter": "pettingzoo"})

    # -- the AEC protocol -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game with engine seed ``seed`` (None: the next seed, see above)."""
        del options  # variants are fixed at construction
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else (
                secrets.randbelow(_common.SEED_BOUND))
        seed = _common.check_seed(seed)
        self._driver = _common.Driver(self.game, self.config, seed)
        self.game_seed = seed
        self._next_seed = seed + 1
        self._decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]
        self._after_move()

    def observe(self, agent: str) -> ObsDict:
        """The observation and action mask of ``agent`` now (new arrays each call)."""
        seat = self._seat[agent]
        return {"observation": self.driver.observation(seat),
                "action_mask": self.driver.mask(seat)}

    def step(self, action: Any) -> None:
        """Play ``action`` (an index of the action space) for ``agent_selection``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.driver.play(self._seat[agent], action)  # raises IllegalAction, changing nothing
        self._decisions += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        """Select the next agent, or end the episode (rewards, terminations, truncations)."""
        driver = self.driver
        outcome = driver.outcome()
        if outcome is not None:
            returns = driver.returns()
            for agent in self.agents:
                self.rewards[agent] = returns[self._seat[agent]]
                self.terminations[agent] = True
                self.infos[agent] = {"outcome": outcome.to_json()}
            self.agent_selection = self.agents[0]
            return
        if self.max_cycles is not None and self._decisions >= self.max_cycles * len(
                self.possible_agents):
            for agent in self.agents:
                self.truncations[agent] = True
                self.infos[agent] = {"truncated_after": self._decisions}
            self.agent_selection = self.agents[0]
            return
        seat = driver.decider()
        assert seat is not None  # a live game always has a deciding seat
        self.agent_selection = self.possible_agents[seat]

    # -- rendering --------------------------------------------------------------------------

    def render(self) -> str | None:
        """``ansi``: the spectator's view as text; ``human``: print it."""
        if self.render_mode is None:
            warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = _common.render_text(self.driver, None)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""
