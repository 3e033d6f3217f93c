"""Gymnasium single-agent environments: one seat of a getaway game, the others played by agents.

=================  ============================================================
Import             ``from getaway.rl.gymnasium import GetawayEnv`` or
                   ``gymnasium.make("getaway/<game id>-v0", ...)`` after
                   ``import getaway.rl`` (or, without the import,
                   ``gymnasium.make("getaway.rl:getaway/<game id>-v0")``)
Actions            Discrete(``len(game.actions)``): the game's fixed action space
Observations       Box(0, 1, (``game.observation_size``,), float32)
Action mask        ``info["action_mask"]`` and ``env.action_masks()``: int8, 1 = legal
Rewards            at the end: the learner's ``outcome.returns()`` entry (1 win,
                   0 loss); ``illegal_reward`` (-1) for an illegal action;
                   ``reward="dense"`` adds potential-based shaping
Curriculum         ``curriculum="default"`` or option dicts; ``set_level(k)``
Illegal actions    ``illegal="terminate"`` (default) or ``"raise"``, see below
Render modes       ``ansi`` (returns text), ``human`` (prints it)
=================  ============================================================

Usage::

    import gymnasium
    import numpy as np
    import getaway.rl  # registers the getaway/... ids

    env = gymnasium.make("getaway/escape-now-v0", players=3, opponents="heuristic")
    obs, info = env.reset(seed=7)
    done = False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        done = terminated or truncated

Environment
-----------

``GetawayEnv(game_id, seat=0, players=None, options=None, opponents="random",
illegal="terminate", illegal_reward=-1.0, render_mode=None, reward="sparse",
shaping_gamma=1.0, curriculum=None)`` plays one
getaway game (an id of ``getaway.games.registry()`` or a
:class:`~getaway.core.registry.Game`) at a fixed player count (None: the game's
minimum) and variant. The learner controls ``seat``; every other seat is
played by an agent of :mod:`getaway.agents`: ``opponents`` is one agent spec
for all of them (``"random"``, ``"heuristic"``, ``"ismcts:iterations=50"``...)
or a list with one spec (or :class:`~getaway.core.agent.Agent` object) per
other seat, in seat order. A game needs a numeric observation
(``Game.observation_size``).

Turns. The opponents' decisions between two of the learner's are played inside
``step`` (and ``reset``). Who decides, and how a real-time game's virtual clock
runs, follows ``getaway sim`` exactly (see :mod:`getaway.rl._common`); each
opponent draws from ``random.Random(derive_seed(game_seed, "agent", seat))``,
as in ``getaway sim``, so everything depends only on the seed and the learner's
actions.

Observation. ``state.observation(seat)``: the engine's encoding of exactly what
the learner's seat may know. ``info`` holds ``action_mask``, ``seat`` and
``game_seed``; at the end also ``outcome`` (JSON).

Reward. 0 until the game ends, then 1.0 if the learner's seat won, else 0.0.
With ``reward="dense"`` every step also pays ``shaping_gamma * phi(after) -
phi(before)``, ``phi`` being the game's potential for the learner's seat (0
once the game is over; see :mod:`getaway.rl.learnable`): potential-based
shaping, so the best policy is unchanged (exactly when ``shaping_gamma`` is
the learner's discount). ``curriculum`` (``"default"`` or a list of option
dicts, easiest first) gives levels; ``set_level(k)`` or
``reset(options={"level": k})`` picks the variant of the next games, and
``info["level"]`` says which is played.
Games end by themselves (``game.max_decisions`` bounds them), so episodes are
never truncated by the environment (wrap it in ``TimeLimit`` if you want that).

Illegal actions. An action that is not an integer of the action space at all
(a float, None, -1, an index past the end) always raises
:class:`~getaway.core.errors.IllegalAction` and changes nothing. An action of
the space that is not legal now (outside the mask):

* ``illegal="terminate"`` (default): the episode ends -- ``terminated=True``,
  reward ``illegal_reward`` (-1.0), ``info["illegal"]`` gives the reason --
  and the game itself is left unchanged (``env.unwrapped.game_state`` still
  shows it). This keeps unmasked learners and random checkers running;
  a masked policy never sees it.
* ``illegal="raise"``: ``IllegalAction`` is raised, nothing changes and the
  learner may try again.

Calling ``step`` after the episode ended raises ``RuntimeError``.

Seeding. ``reset(seed=s)`` starts the game with engine seed ``s``: the same
game as PettingZoo's ``reset(seed=s)`` and OpenSpiel's chance outcome ``s``.
``reset()`` without a seed draws the next seed from the environment's
``np_random``. In the rare game that ends before the learner's first decision,
``reset`` moves on to seed ``s + 1`` (and so on); ``info["game_seed"]`` says
which game is being played.

Extras. ``env.unwrapped.game_state`` is the engine state (read it, do not
change it), ``env.unwrapped.record()`` the game so far as a replayable
:class:`~getaway.core.records.Record`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from getaway.core.agent import Agent, Observation
from getaway.core.chance import derive_seed
from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.records import Record
from getaway.core.registry import Game
from getaway.core.state import State
from getaway.rl import _common, learnable

ObsType = npt.NDArray[np.float32]
ENV_VERSION = 0
MAX_RESEEDS = 1000  # reset gives up after this many games that end before the learner decides
ILLEGAL_POLICIES = ("terminate", "raise")


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``getaway/escape-now-v0``."""
    return f"getaway/{game_id}-v{ENV_VERSION}"


def register() -> list[str]:
    """Register ``getaway/<id>-v0`` for every game of the registry (idempotent); returns the ids.

    Games without a numeric observation are skipped.
    """
    from getaway.games import registry

    ids = []
    for game in registry():
        if game.observation_size <= 0:
            continue
        name = env_id(game.id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point="getaway.rl.gymnasium:GetawayEnv",
                               kwargs={"game_id": game.id})
        ids.append(name)
    return ids


class GetawayEnv(gymnasium.Env[ObsType, np.int64], learnable.Levels):
    """One seat of a getaway game against agents (see the module documentation)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game_id: str | Game, seat: int = 0, players: int | None = None,
                 options: Mapping[str, Any] | None = None,
                 opponents: str | Agent | Sequence[str | Agent] = "random",
                 illegal: str = "terminate", illegal_reward: float = -1.0,
                 render_mode: str | None = None, reward: str = "sparse",
                 shaping_gamma: float = 1.0,
                 curriculum: str | Sequence[Mapping[str, Any]] | None = None) -> None:
        self.game: Game = _common.resolve(game_id)
        _common.require_observation(self.game)
        self._set_levels(self.game, players, options, curriculum)
        self.reward, self.shaping_gamma = learnable.check_reward(reward, shaping_gamma)
        n = self.config.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ConfigError(f"seat must be one of 0..{n - 1}, got {seat!r}")
        if illegal not in ILLEGAL_POLICIES:
            raise ConfigError(f"illegal must be one of {', '.join(ILLEGAL_POLICIES)}, "
                              f"got {illegal!r}")
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = _common.check_render_mode(render_mode,
                                                     self.metadata["render_modes"])
        self.opponents: dict[int, Agent] = self._make_opponents(opponents)
        self.observation_space = spaces.Box(0.0, 1.0, (self.game.observation_size,),
                                            dtype=np.float32)
        self.action_space = spaces.Discrete(len(self.game.actions))
        self.game_seed: int | None = None
        self._driver: _common.Driver | None = None
        self._rngs: dict[int, random.Random] = {}
        self._done = True
        self._shaper = (learnable.Shaper(self.game, [seat], self.shaping_gamma)
                        if self.reward == "dense" else None)

    def _make_opponents(self, opponents: str | Agent | Sequence[str | Agent]) -> dict[int, Agent]:
        from getaway.agents import make_agent

        others = [s for s in range(self.config.players) if s != self.seat]
        specs: list[str | Agent]
        if isinstance(opponents, str | Agent):
            specs = [opponents] * len(others)
        else:
            specs = list(opponents)
            if len(specs) != len(others):
                raise ConfigError(f"{len(specs)} opponents given for the {len(others)} other "
                                  f"seats {others}; give one spec or one per other seat")
        out: dict[int, Agent] = {}
        for s, spec in zip(others, specs, strict=True):
            if isinstance(spec, Agent):
                out[s] = spec
            elif isinstance(spec, str):
                out[s] = make_agent(spec, self.game)
            else:
                raise ConfigError(f"an opponent is an agent spec such as 'random' or an "
                                  f"Agent, got {spec!r}")
        return out

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
        """The current game so far (every seat's actions) as a replayable record."""
        return self.driver.record({"adapter": "gymnasium", "learner": self.seat,
                                   "opponents": {str(s): a.describe()
                                                 for s, a in self.opponents.items()}})

    # -- the Gymnasium protocol -------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[ObsType, dict[str, Any]]:
        """Start a new game (engine seed ``seed``, or one drawn from ``np_random``).

        ``options={"level": k}`` first moves to curriculum level ``k``.
        """
        if seed is not None:
            seed = _common.check_seed(seed)
        super().reset(seed=seed)
        if options and "level" in options:
            self.set_level(options["level"])
        game_seed = seed if seed is not None else int(
            self.np_random.integers(0, _common.SEED_BOUND, dtype=np.int64))
        for _ in range(MAX_RESEEDS):
            self._begin(game_seed)
            if not self.driver.is_over():
                break
            game_seed += 1
        else:
            raise RuntimeError(f"{self.config.label()}: {MAX_RESEEDS} games in a row ended "
                               f"before seat {self.seat} could decide")
        self._done = False
        if self._shaper is not None:
            self._shaper.start(self.driver.state)
        if self.render_mode == "human":
            self.render()
        return self.driver.observation(self.seat), self._info()

    def _begin(self, game_seed: int) -> None:
        self.game_seed = game_seed
        self._driver = _common.Driver(self.game, self.config, game_seed)
        self._rngs = {s: random.Random(derive_seed(game_seed, "agent", s))
                      for s in self.opponents}
        self._play_opponents()

    def _play_opponents(self) -> None:
        """Let the opponents decide until the learner must act or the game ends."""
        driver = self.driver
        while (seat := driver.decider()) is not None and seat != self.seat:
            state = driver.state
            legal = state.legal_actions(seat)
            action = self.opponents[seat].choose(Observation(state, seat, legal),
                                                 self._rngs[seat])
            driver.play(seat, self.game.actions.index(action))

    def step(self, action: Any) -> tuple[ObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learner, then the opponents until its next decision."""
        if self._done:
            raise RuntimeError("the episode is over; call reset()")
        driver = self.driver
        index = _common.action_index(self.game, action)  # not of the space: always raises
        try:
            driver.check(self.seat, index)
        except IllegalAction as e:
            if self.illegal == "raise":
                raise
            self._done = True
            info = self._info()
            info["illegal"] = str(e)
            return driver.observation(self.seat), self.illegal_reward, True, False, info
        driver.play(self.seat, index)
        self._play_opponents()
        reward = 0.0
        if driver.is_over():
            self._done = True
            reward = driver.returns()[self.seat]
        if self._shaper is not None:
            reward += self._shaper.step(driver.state)[self.seat]
        if self.render_mode == "human":
            self.render()
        return driver.observation(self.seat), reward, self._done, False, self._info()

    def _info(self) -> dict[str, Any]:
        driver = self.driver
        info: dict[str, Any] = {
            "action_mask": driver.mask(self.seat),
            "seat": self.seat,
            "game_seed": self.game_seed,
            "level": self.level,
        }
        outcome = driver.outcome()
        if outcome is not None:
            info["outcome"] = outcome.to_json()
        return info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The mask of legal actions now (the name sb3-contrib's MaskablePPO looks for)."""
        return self.driver.mask(self.seat)

    # -- rendering --------------------------------------------------------------------------

    def render(self) -> str | None:  # type: ignore[override]
        """``ansi``: the learner's view as text; ``human``: print it."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass "
                                  "render_mode='ansi' or 'human'")
            return None
        text = _common.render_text(self.driver, self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None
