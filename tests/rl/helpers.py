"""Helpers shared by the RL adapter tests."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.registry import Game, Registry
from getaway.rl.pettingzoo import env as pz_env

Script = list[tuple[int, int]]  # (seat, action index) in the order played


def registry_of(game: Game) -> Registry:
    """A registry holding just ``game`` (to replay records of toy games)."""
    reg = Registry()
    reg.register(game)
    return reg


def play_pettingzoo(game: Game, players: int, seed: int, rng: random.Random) -> tuple[Any, Script]:
    """Play one PettingZoo episode with random legal actions; returns the env and the script."""
    e = pz_env(game, players=players)
    e.reset(seed=seed)
    script: Script = []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        index = int(legal[rng.randrange(len(legal))])
        script.append((e.unwrapped._seat[agent], index))
        e.step(index)
    return e, script


class Scripted(Agent):
    """Plays the actions of a script, checking that each comes from the expected seat."""

    name = "scripted"

    def __init__(self, game: Game, script: Script, position: list[int]) -> None:
        self.game, self.script, self.position = game, script, position

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        seat, index = self.script[self.position[0]]
        self.position[0] += 1
        assert seat == obs.seat, f"the script has seat {seat} deciding, not {obs.seat}"
        return self.game.actions[index]


@contextmanager
def only_warnings(*allowed: str) -> Iterator[list[str]]:
    """Collect warnings; fail on any whose message does not start with one of ``allowed``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        messages: list[str] = []
        yield messages
    messages.extend(str(w.message) for w in caught)
    unexpected = [m for m in messages if not m.startswith(allowed)]
    assert not unexpected, f"unexpected warnings: {sorted(set(unexpected))}"

