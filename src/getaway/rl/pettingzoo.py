"""PettingZoo AEC and parallel environments for every getaway game.

=================  ============================================================
Import             ``from getaway.rl.pettingzoo import env, raw_env, parallel_env``
Agents             ``seat_0`` .. ``seat_{n-1}`` (``n`` = ``players``)
Actions            Discrete(``len(game.actions)``): the game's fixed action space
Observations       Dict: ``observation`` Box(0, 1, (``game.observation_size``,),
                   float32) and ``action_mask`` Box(0, 1, (``len(game.actions)``,), int8)
Global state       ``state()``: every seat's observation in seat order, Box(0, 1,
                   (``players * game.observation_size``,), float32) = ``state_space``
Rewards            ``reward="sparse"`` (default): at the end only, ``outcome.returns()``
                   (1 for a winner, else 0); ``reward="dense"``: plus potential-based
                   shaping (:mod:`getaway.rl.learnable`)
Curriculum         ``curriculum="default"`` or a list of option dicts; ``set_level(k)``
Illegal actions    AEC: raise ``IllegalAction`` (a ``ValueError``); nothing changes.
                   Parallel: ``illegal="terminate"`` (default) or ``"raise"``
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

Dense rewards and curricula. ``reward="dense"`` adds to every agent's reward,
at every step, ``shaping_gamma * phi(after) - phi(before)`` for the game's
potential ``phi`` of that seat (0 once the game is over), so an episode's
shaping adds up to ``-phi(start)`` and the best policy is unchanged; each
game's potential is documented in :mod:`getaway.rl.learnable` and docs/rl.md.
``curriculum`` gives the environment levels (variants, easiest first);
``env.unwrapped.set_level(k)`` or ``reset(options={"level": k})`` picks one.
Other keys of ``reset``'s ``options`` are ignored.

Global state. ``state()`` concatenates every seat's observation (what the
seats know between them, not the hidden deck order), for centralized critics.

Parallel environment
--------------------

``parallel_env(game_id, players, options, seed, render_mode, max_cycles,
reward, shaping_gamma, curriculum, illegal="terminate", illegal_reward=-1.0)``
is a :class:`pettingzoo.ParallelEnv` of the same game, for simultaneous
decisions (answers, bids, reaction windows) and real-time games. Each step,
the *acting* agents (``infos[agent]["acting"]``, a non-zero ``action_mask``)
are the seats that may decide at this moment: the seat the scheduler above
picks, and every other seat of ``to_act()`` -- in a real-time game, every
such seat already free on the clock. ``step(actions)`` must hold an action
for each acting agent (the others' entries are ignored; send anything, e.g.
0). The actions are played in the scheduler's order as long as the next
deciding seat is one that submitted an action and that action is still legal
(an earlier action of the same step can take an option away; that seat is then
asked again); ``infos[agent]["played"]`` says whose action was played. So the
game played is exactly the one the AEC env and ``getaway sim`` would play with
those actions in that order. ``max_cycles=k`` truncates after ``k`` parallel
steps. An action outside the mask ends the episode (``illegal="terminate"``:
``illegal_reward`` to the offending agents, ``infos[agent]["illegal"]`` says
why, the game is left unchanged) or raises ``IllegalAction``, changing nothing
(``illegal="raise"``); PettingZoo's own ``parallel_seed_test`` samples
actions without masks, hence the default. An action that is not an integer of
the space always raises.

Extras. ``env.unwrapped.game_state`` is the engine state (read it, do not
change it), ``env.unwrapped.game`` the game, ``env.unwrapped.game_seed`` the
current seed, and ``env.unwrapped.record()`` the game so far as a
:class:`~getaway.core.records.Record` that ``getaway replay`` can show.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any, SupportsIndex

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.records import Record
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.core.state import State
from getaway.rl import _common, learnable

ObsDict = dict[str, npt.NDArray[Any]]
ILLEGAL_POLICIES = ("terminate", "raise")


def env(game_id: str | Game, players: int | None = None,
        options: Mapping[str, Any] | None = None, seed: SupportsIndex | None = None,
        render_mode: str | None = None, max_cycles: int | None = None,
        reward: str = "sparse", shaping_gamma: float = 1.0,
        curriculum: str | Sequence[Mapping[str, Any]] | None = None) -> Any:
    """The environment wrapped in PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return wrappers.OrderEnforcingWrapper(
        raw_env(game_id, players=players, options=options, seed=seed,
                render_mode=render_mode, max_cycles=max_cycles, reward=reward,
                shaping_gamma=shaping_gamma, curriculum=curriculum))


class _Setup(learnable.Levels):
    """What the AEC and the parallel environments share: the game, spaces, levels, seeds."""

    game: Game
    configs: list[Config]
    config: Config
    level: int
    possible_agents: list[str]
    observation_spaces: dict[str, spaces.Space[Any]]
    action_spaces: dict[str, spaces.Space[Any]]
    state_space: spaces.Box
    render_mode: str | None
    max_cycles: int | None
    reward: str
    shaping_gamma: float
    game_seed: int | None
    _seat: dict[str, int]
    _next_seed: int | None
    _driver: _common.Driver | None
    _shaper: learnable.Shaper | None

    def _setup(self, game_id: str | Game, players: int | None,
               options: Mapping[str, Any] | None, seed: SupportsIndex | None,
               render_mode: str | None, max_cycles: int | None, reward: str,
               shaping_gamma: float,
               curriculum: str | Sequence[Mapping[str, Any]] | None,
               modes: list[str]) -> None:
        self.game = _common.resolve(game_id)
        _common.require_observation(self.game)
        self._set_levels(self.game, players, options, curriculum)
        self.render_mode = _common.check_render_mode(render_mode, modes)
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ConfigError(f"max_cycles must be a positive integer or None, got "
                              f"{max_cycles!r}")
        self.max_cycles = max_cycles
        self.reward, self.shaping_gamma = learnable.check_reward(reward, shaping_gamma)
        n = self.config.players
        self.possible_agents = [_common.agent_name(s) for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size, actions = self.game.observation_size, len(self.game.actions)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.state_space = spaces.Box(0.0, 1.0, (n * size,), dtype=np.float32)
        self._next_seed = None if seed is None else _common.check_seed(seed)
        self.game_seed = None
        self._driver = None
        self._shaper = None

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

    def state(self) -> npt.NDArray[np.float32]:
        """The global state: every seat's observation in seat order (``state_space``)."""
        return self.driver.state_vector()

    def _start(self, seed: int | None, options: Mapping[str, Any] | None) -> None:
        """Start a new game with engine seed ``seed`` (None: the next seed)."""
        if options and "level" in options:
            self.set_level(options["level"])
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else (
                secrets.randbelow(_common.SEED_BOUND))
        seed = _common.check_seed(seed)
        self._driver = _common.Driver(self.game, self.config, seed)
        self.game_seed = seed
        self._next_seed = seed + 1
        self._shaper = None
        if self.reward == "dense":
            self._shaper = learnable.Shaper(self.game, range(self.config.players),
                                            self.shaping_gamma)
            self._shaper.start(self._driver.state)

    def _render(self) -> str | None:
        if self.render_mode is None:
            warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = _common.render_text(self.driver, None)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


class raw_env(_Setup, AECEnv):  # type: ignore[misc]  # PettingZoo's lower-case name
    """A getaway game as a PettingZoo AEC environment (see the module documentation)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 -- PettingZoo reads it from the class
        "render_modes": ["ansi", "human"],
        "name": "getaway_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game_id: str | Game, players: int | None = None,
                 options: Mapping[str, Any] | None = None, seed: SupportsIndex | None = None,
                 render_mode: str | None = None, max_cycles: int | None = None,
                 reward: str = "sparse", shaping_gamma: float = 1.0,
                 curriculum: str | Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__()
        self._setup(game_id, players, options, seed, render_mode, max_cycles, reward,
                    shaping_gamma, curriculum, self.metadata["render_modes"])
        self.metadata = {**type(self).metadata, "name": f"getaway_{self.game.id}_v0"}
        self._decisions = 0

    # -- extras -----------------------------------------------------------------------------

    def record(self) -> Record:
        """The current game so far as a replayable record."""
        return self.driver.record({"adapter": "pettingzoo"})

    # -- the AEC protocol -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game with engine seed ``seed`` (None: the next seed, see above)."""
        self._start(seed, options)
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
        if self._shaper is not None:
            shaping = self._shaper.step(self.driver.state)
            for other in self.agents:
                self.rewards[other] += shaping[self._seat[other]]
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
        return self._render()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(game_id: str | Game, players: int | None = None,
                 options: Mapping[str, Any] | None = None, seed: SupportsIndex | None = None,
                 render_mode: str | None = None, max_cycles: int | None = None,
                 reward: str = "sparse", shaping_gamma: float = 1.0,
                 curriculum: str | Sequence[Mapping[str, Any]] | None = None,
                 illegal: str = "terminate", illegal_reward: float = -1.0) -> raw_parallel_env:
    """The parallel environment (every seat submits an action each step; see the module)."""
    return raw_parallel_env(game_id, players=players, options=options, seed=seed,
                            render_mode=render_mode, max_cycles=max_cycles, reward=reward,
                            shaping_gamma=shaping_gamma, curriculum=curriculum,
                            illegal=illegal, illegal_reward=illegal_reward)


class raw_parallel_env(_Setup, ParallelEnv):  # type: ignore[misc]  # PettingZoo's naming
    """A getaway game as a PettingZoo parallel environment (see the module documentation)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 -- PettingZoo reads it from the class
        "render_modes": ["ansi", "human"],
        "name": "getaway_parallel_v0",
    }

    def __init__(self, game_id: str | Game, players: int | None = None,
                 options: Mapping[str, Any] | None = None, seed: SupportsIndex | None = None,
                 render_mode: str | None = None, max_cycles: int | None = None,
                 reward: str = "sparse", shaping_gamma: float = 1.0,
                 curriculum: str | Sequence[Mapping[str, Any]] | None = None,
                 illegal: str = "terminate", illegal_reward: float = -1.0) -> None:
        self._setup(game_id, players, options, seed, render_mode, max_cycles, reward,
                    shaping_gamma, curriculum, self.metadata["render_modes"])
        if illegal not in ILLEGAL_POLICIES:
            raise ConfigError(f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}, "
                              f"got {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.metadata = {**type(self).metadata, "name": f"getaway_{self.game.id}_parallel_v0"}
        self.agents: list[str] = []
        self._steps = 0

    def record(self) -> Record:
        """The current game so far as a replayable record."""
        return self.driver.record({"adapter": "pettingzoo-parallel"})

    def _observations(self) -> dict[str, ObsDict]:
        driver = self.driver
        out: dict[str, ObsDict] = {}
        for agent in self.agents:
            seat = self._seat[agent]
            mask = np.zeros(len(self.game.actions), dtype=np.int8)
            mask[driver.legal_now(seat)] = 1
            out[agent] = {"observation": driver.observation(seat), "action_mask": mask}
        return out

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """Start a new game with engine seed ``seed`` (None: the next seed)."""
        self._start(seed, options)
        self._steps = 0
        self.agents = self.possible_agents[:]
        acting = set(self.driver.acting())
        infos: dict[str, dict[str, Any]] = {a: {"acting": self._seat[a] in acting}
                                            for a in self.agents}
        return self._observations(), infos

    def step(self, actions: Mapping[str, Any]) -> tuple[
            dict[str, ObsDict], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """Play the actions of the acting agents (the others' entries are ignored)."""
        if not self.agents:
            raise RuntimeError("the episode is over; call reset()")
        driver = self.driver
        acting = driver.acting()
        wanted: dict[int, int] = {}
        refused: dict[int, str] = {}
        for seat in acting:
            agent = self.possible_agents[seat]
            if agent not in actions or actions[agent] is None:
                raise IllegalAction(f"{agent} may act now and must be given an action")
            index = _common.action_index(self.game, actions[agent])  # not of the space: raise
            if index not in driver.legal_now(seat):
                action = self.game.actions[index]
                refused[seat] = (f"action {index} ({action.label()}) is not legal for seat "
                                 f"{seat} now")
            wanted[seat] = index
        if refused:
            if self.illegal == "raise":
                raise IllegalAction("; ".join(refused.values()))
            return self._refuse(refused)
        played: set[int] = set()
        while (decider := driver.decider()) is not None and decider in wanted and (
                decider not in played):
            if wanted[decider] not in driver.legal(decider):
                break  # an earlier action this step took the option away: ask again
            driver.play(decider, wanted[decider])
            played.add(decider)
        self._steps += 1
        rewards = dict.fromkeys(self.agents, 0.0)
        terminations = dict.fromkeys(self.agents, False)
        truncations = dict.fromkeys(self.agents, False)
        outcome = driver.outcome()
        if outcome is not None:
            returns = driver.returns()
            for agent in self.agents:
                rewards[agent] = returns[self._seat[agent]]
                terminations[agent] = True
        elif self.max_cycles is not None and self._steps >= self.max_cycles:
            truncations = dict.fromkeys(self.agents, True)
        if self._shaper is not None:
            shaping = self._shaper.step(driver.state)
            for agent in self.agents:
                rewards[agent] += shaping[self._seat[agent]]
        now_acting = set(driver.acting())
        infos: dict[str, dict[str, Any]] = {
            a: {"acting": self._seat[a] in now_acting,
                "played": self._seat[a] in played} for a in self.agents}
        if outcome is not None:
            for agent in self.agents:
                infos[agent]["outcome"] = outcome.to_json()
        observations = self._observations()
        if outcome is not None or any(truncations.values()):
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _refuse(self, refused: dict[int, str]) -> tuple[
            dict[str, ObsDict], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """End the episode after illegal actions, leaving the game as it was."""
        observations = self._observations()
        rewards = {a: self.illegal_reward if self._seat[a] in refused else 0.0
                   for a in self.agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat, why in refused.items():
            infos[self.possible_agents[seat]]["illegal"] = why
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, False)
        self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """``ansi``: the spectator's view as text; ``human``: print it."""
        return self._render()

    def close(self) -> None:
        """Nothing to release."""
