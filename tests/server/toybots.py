"""Toy bots for the server tests, in a module of their own so that the bot pool's
worker processes can import them (the test registry is sent to the workers)."""

from __future__ import annotations

import os
import random
import time

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.registry import AgentFactory, Registry
from tests.core.toys import Auction, Nim, TapGame


class Stubborn(Agent):
    """Ignores its deadline and thinks for an hour: the pool must stop it."""

    name = "stubborn"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        time.sleep(3600)
        return obs.legal[0]


class Dawdler(Agent):
    """Thinks until its deadline (at most ``seconds``), then plays the first legal action."""

    name = "dawdler"

    def __init__(self, seconds: float = 60.0) -> None:
        self.seconds = 0.0  # asks for no budget of its own: the server's cap stops it
        self.limit = seconds

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        end = time.perf_counter() + self.limit
        if obs.deadline is not None:
            end = min(end, obs.deadline)
        while time.perf_counter() < end:
            time.sleep(0.01)
        return obs.legal[0]


class Crasher(Agent):
    """Fails on every move (a bug in a bot must not stop its table)."""

    name = "crasher"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        raise RuntimeError("this bot is broken")


class Pid(Agent):
    """Plays ``take 1`` from the worker: tells the test which process thought (via a file)."""

    name = "pid"

    def __init__(self, path: str = "") -> None:
        self.path = path

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        if self.path:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(f"{os.getpid()}\n")
        return obs.legal[0]


BOTS: dict[str, AgentFactory] = {"stubborn": Stubborn, "dawdler": Dawdler,
                                 "crasher": Crasher, "pid": Pid}


class BotNim(Nim):
    """Nim with the toy bots."""

    def agents(self) -> dict[str, AgentFactory]:
        return dict(BOTS)


class BotAuction(Auction):
    """The auction (simultaneous bids) with the toy bots."""

    def agents(self) -> dict[str, AgentFactory]:
        return dict(BOTS)


def registry() -> Registry:
    """The toy games with the toy bots."""
    reg = Registry()
    for game in (BotNim(), BotAuction(), TapGame()):
        reg.register(game)
    return reg
