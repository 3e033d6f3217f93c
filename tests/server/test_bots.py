"""Bots think off the event loop: a slow bot never stalls another table."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from getaway.agents import registry as agent_registry
from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from tests.server.helpers import HUMAN, act, bot, claim, new_table, state

RELEASE = threading.Event()
THINK = 60.0  # seconds the sleepy bot blocks unless released (the whole test takes far less)
QUICK = 8.0  # seconds an answer may take on a slow, loaded machine and still not be a stall


class Sleepy(Agent):
    """Blocks until the test releases it, then plays the first legal action."""

    name = "sleepy"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        RELEASE.wait(THINK)
        return obs.legal[0]


@pytest.fixture
def sleepy_agent(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(agent_registry.GENERIC, "sleepy", Sleepy)
    RELEASE.clear()
    yield
    RELEASE.set()


def test_a_slow_bot_does_not_stall_other_tables(
        sleepy_agent: None, make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    c = make_client(sqlite_url)
    slow = new_table(c, [bot("sleepy"), bot("random")])  # the sleepy bot decides first
    busy = new_table(c, [HUMAN, HUMAN])
    tokens = {0: claim(c, busy, 0), 1: claim(c, busy, 1)}
    with c.websocket_connect(f"/ws/tables/{busy}") as ws:
        ws.send_json({"type": "hello", "tokens": {"0": tokens[0], "1": tokens[1]}})
        for _ in range(10):
            s = state(c, busy)
            seat = s["to_act"][0]
            mine = state(c, busy, seat, tokens[seat])
            start = time.monotonic()
            assert act(c, busy, seat, tokens[seat], mine["legal"][0]["action"]).status_code == 200
            while ws.receive_json()["n"] != mine["n"] + 1:  # both seats get a message
                pass
            assert time.monotonic() - start < QUICK, "the other table answered at once"
    start = time.monotonic()
    assert state(c, slow)["n"] == 0, "the sleepy bot is still thinking"
    assert time.monotonic() - start < QUICK, "its table can be read while it thinks"
    RELEASE.set()
    deadline = time.monotonic() + 30
    while state(c, slow)["n"] == 0:
        assert time.monotonic() < deadline
        time.sleep(0.02)
