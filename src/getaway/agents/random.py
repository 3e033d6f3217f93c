"""The random agent: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation


class RandomAgent(Agent):
    """Picks uniformly among the legal actions (the baseline of every report)."""

    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        return legal[int(rng.random() * len(legal))]
