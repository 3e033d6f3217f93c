"""Difficulty levels: the bots people choose by strength, never by algorithm.

Every game offers three levels, built from the game's own heuristic (the
``heuristic`` agent of ``Game.agents()``) and the generic search:

* ``easy`` -- the heuristic, with one move in three (``epsilon``) a random legal
  action instead: a bot that plays sensibly but slips;
* ``normal`` -- the heuristic itself;
* ``hard`` -- blueprint search (:mod:`getaway.agents.blueprint`): the heuristic's
  choice, improved where playouts of the heuristic from sampled worlds clearly
  say another action does better, thinking ``seconds`` a move (default 1).

They are agents like any other (``--bots hard``, ``{"kind": "bot", "agent":
"hard"}``); :data:`LEVELS` describes them for people (the lobby's bot menu).
"""

from __future__ import annotations

import inspect
import random
from dataclasses import dataclass
from typing import Any

from getaway.agents.blueprint import BlueprintSearch
from getaway.agents.random import RandomAgent
from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game


@dataclass(frozen=True)
class Level:
    """A difficulty level as people see it."""

    id: str
    name: str
    about: str

    def to_json(self) -> dict[str, str]:
        """``{"id", "name", "about"}``."""
        return {"id": self.id, "name": self.name, "about": self.about}


LEVELS: tuple[Level, ...] = (
    Level("easy", "Easy", "plays the game's own strategy but now and then makes a careless "
                          "move (it wins about half as often as Normal)"),
    Level("normal", "Normal", "plays the game's own hand-written strategy, at once"),
    Level("hard", "Hard", "thinks ahead, playing out many possible futures (about a second "
                          "a move)"),
)


class Sloppy(Agent):
    """The game's heuristic, except that with probability ``epsilon`` it moves at random."""

    name = "easy"

    def __init__(self, base: Agent, epsilon: float = 1 / 3) -> None:
        if not 0 <= epsilon <= 1:
            raise ConfigError(f"epsilon must be between 0 and 1, got {epsilon!r}")
        self.base, self.epsilon = base, float(epsilon)

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        if rng.random() < self.epsilon:
            return obs.legal[int(rng.random() * len(obs.legal))]
        return self.base.choose(obs, rng)


class Careful(Agent):
    """The heuristic under its level name (``normal``)."""

    name = "normal"

    def __init__(self, base: Agent) -> None:
        self.base = base

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        return self.base.choose(obs, rng)


def level_agents(game: Game) -> dict[str, AgentFactory]:
    """The factories of ``easy``, ``normal`` and ``hard`` for ``game``."""
    own = game.agents().get("heuristic")

    def base() -> Agent:
        return own() if own is not None else RandomAgent()

    def easy(epsilon: float = game.easy_epsilon) -> Agent:
        return Sloppy(base(), epsilon)

    def normal() -> Agent:
        return Careful(base())

    tuned = dict(game.hard_settings)

    def hard(**settings: Any) -> Agent:
        agent = BlueprintSearch(**{**tuned, **settings})
        agent.name = "hard"
        return agent

    # Its settings and their defaults, for labels: the blueprint search's own, as tuned
    # for this game (``hard`` names the game's tuned Hard; ``hard:depth=0`` differs).
    search = inspect.signature(BlueprintSearch).parameters
    hard.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [p.replace(kind=inspect.Parameter.KEYWORD_ONLY, default=tuned.get(k, p.default))
         for k, p in search.items()],
        return_annotation=Agent)
    return {"easy": easy, "normal": normal, "hard": hard}
