"""What a bot worker process runs: rebuild a table's game and let its agent choose.

The server sends a :class:`BotJob` -- the table's configuration, seed and steps,
the seat and its agent, and the thinking cap -- over a pipe; the worker answers
``("ok", action JSON)`` or ``("error", reason)``. A hint job (``kind="hint"``)
asks instead what the Hard bot would do for a human seat and its chance of
winning (``getaway.agents.hints.advise``): the answer is that advice. Each worker keeps the last
few tables it rebuilt, so a table's next move only replays the new steps.
The worker runs at a lower CPU priority than the server, so requests come
first when the machine is busy (``BotPool`` in ``server/botpool.py``).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from getaway.agents import make_agent
from getaway.agents.hints import OVERRUN, advise
from getaway.core.agent import Observation
from getaway.core.errors import GetawayError
from getaway.core.match import Match
from getaway.core.registry import Registry
from getaway.games import registry as all_games

CACHE = 16  # tables a worker keeps replayed
WATCH = 1.0  # seconds between two looks at whether the server is still there


@dataclass(frozen=True)
class BotJob:
    """One bot move to think about."""

    table: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    steps: tuple[dict[str, Any], ...]  # the table's steps so far (record form)
    seat: int
    agent: str  # the seat's agent spec, e.g. "hard" or "heuristic"
    rng_seed: int
    seconds: float  # the host's cap on thinking time for one move
    kind: str = "move"  # "move": the agent's action JSON; "hint": advice for a human seat

    def timeout(self, grace: float) -> float:
        """Seconds the pool waits for the answer before it stops the worker."""
        return self.seconds * (OVERRUN if self.kind == "hint" else 1.0) + grace


_matches: OrderedDict[str, Match] = OrderedDict()
_games: list[Registry] = []  # the server's games, when not every game of the project


def registry() -> Registry:
    """The games this worker knows: the server's."""
    return _games[0] if _games else all_games()


def _match(job: BotJob) -> Match:
    """The table's game after ``job.steps``, from the cache when it holds a prefix."""
    match = _matches.pop(job.table, None)
    if match is not None and (len(match.steps) > len(job.steps)
                              or list(job.steps[:len(match.steps)]) != match.steps):
        match = None
    if match is None:
        game = registry().get(job.game)
        match = Match(game, game.spec.configure(job.players, dict(job.options)), job.seed)
    for step in job.steps[len(match.steps):]:
        if "advance" in step:
            match.advance(float(step["advance"]))
        else:
            match.apply(int(step["seat"]), match.game.actions.from_json(step["action"]))
    _matches[job.table] = match
    while len(_matches) > CACHE:
        _matches.popitem(last=False)
    return match


def think(job: BotJob) -> dict[str, Any]:
    """The JSON of the action the seat's agent chooses within ``job.seconds``; for a hint
    job, the advice for the seat (``{"action", "label", "chance", "playouts"}``)."""
    if job.kind == "hint":
        return hint(job)
    match = _match(job)
    state = match.state.clone()
    legal = state.legal_actions(job.seat)
    if not legal:
        raise GetawayError(f"seat {job.seat} has nothing to decide at move {len(job.steps)}")
    agent = make_agent(job.agent, match.game)
    obs = Observation(state, job.seat, legal, deadline=time.perf_counter() + job.seconds)
    return agent.choose(obs, random.Random(job.rng_seed)).to_json()


def hint(job: BotJob) -> dict[str, Any]:
    """What the Hard bot would do for ``job.seat`` now and its chance of winning, from the
    seat's observation only (``getaway.agents.hints``); the clock is not advanced."""
    match = _match(job)
    state = match.state.clone()
    if not state.legal_actions(job.seat):
        raise GetawayError(f"seat {job.seat} has nothing to decide at move {len(job.steps)}")
    return advise(match.game, Observation(state, job.seat), job.seat, job.seconds,
                  job.rng_seed).to_json()


def _watch(server: int) -> None:
    """End this worker as soon as the server process ``server`` is gone (killed, say):
    a bot stuck in a long think never outlives its server."""
    def watch() -> None:
        while True:
            time.sleep(WATCH)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # the pid now belongs to another user's process
                os._exit(0)

    threading.Thread(target=watch, name="getaway-bot-watch", daemon=True).start()


def serve(conn: Connection, nice: int, games: Registry | None = None,
          server: int | None = None) -> None:
    """The worker's loop: a job in, an answer out, until the pipe closes or ``None`` comes.

    ``games`` is the server's registry when it is not every game of the project
    (tests serve toy games); ``server`` the server's process id, watched.
    """
    _games[:] = [games] if games is not None else []
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server shuts its workers down itself
    if server is not None:
        _watch(server)
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        try:
            reply: tuple[str, Any] = ("ok", think(job))
        except Exception as e:  # a bug or a damaged table: the server falls back
            reply = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return
