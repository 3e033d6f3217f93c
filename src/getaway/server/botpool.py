"""A bounded pool of worker processes in which bots think.

A slow search must never hold the server's interpreter: every bot move is
thought about in one of ``workers`` processes (started from a fork server
that has the games loaded, at a lower CPU priority than the server), one move
per worker at a time, in the order asked. A move has ``seconds`` to come back
(the host's cap, which the agents honour through ``Observation.deadline``)
plus a grace period; a worker that overruns it is killed and replaced, and
the caller gets :class:`BotFailed` (the hub then plays a random legal move).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from getaway.core.errors import GetawayError
from getaway.core.registry import Registry
from getaway.server.botworker import BotJob, serve

log = logging.getLogger("getaway.server")

NICE = 10  # how much lower the workers' CPU priority is than the server's
GRACE = 2.0  # seconds a worker may overrun the cap (replaying a table, a long playout)


class BotFailed(GetawayError):
    """A bot could not answer in time, or its worker failed."""


@dataclass
class _Worker:
    proc: BaseProcess
    conn: Connection


def default_workers() -> int:
    """One worker per core."""
    return max(1, os.cpu_count() or 1)


class BotPool:
    """``workers`` processes thinking about bot moves, each move capped at ``seconds``."""

    def __init__(self, workers: int, seconds: float, grace: float = GRACE,
                 games: Registry | None = None) -> None:
        if workers < 1:
            raise GetawayError(f"a bot pool needs at least one worker, got {workers}")
        self.workers = workers
        self.seconds = seconds
        self.grace = grace
        self.games = games  # the server's registry, if not every game of the project
        self._ctx = multiprocessing.get_context("forkserver")
        self._ctx.set_forkserver_preload(["getaway.server.botworker"])
        self._queue: asyncio.Queue[tuple[BotJob, asyncio.Future[dict[str, Any]]]] | None = None
        self._slots: list[asyncio.Task[None]] = []
        self._procs: list[_Worker | None] = [None] * workers
        self._io = ThreadPoolExecutor(workers, thread_name_prefix="getaway-bots")
        self._closed = False
        self.busy = 0  # moves being thought about now
        self.failures = 0  # moves that overran or failed since start

    async def think(self, job: BotJob) -> dict[str, Any]:
        """The action JSON a worker's agent chose; raises :class:`BotFailed`."""
        if self._closed:
            raise BotFailed("the server is shutting down")
        if self._queue is None:
            self._queue = asyncio.Queue()
            self._slots = [asyncio.ensure_future(self._slot(i)) for i in range(self.workers)]
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        await self._queue.put((job, fut))
        return await fut

    def queued(self) -> int:
        """Moves waiting for a free worker."""
        return self._queue.qsize() if self._queue is not None else 0

    async def _slot(self, i: int) -> None:
        assert self._queue is not None
        while True:
            job, fut = await self._queue.get()
            if fut.done():  # the asker gave up (shutdown)
                continue
            self.busy += 1
            try:
                fut.set_result(await self._run(i, job))
            except asyncio.CancelledError:
                fut.cancel()
                raise
            except Exception as e:
                self.failures += 1
                if not fut.done():
                    fut.set_exception(e if isinstance(e, BotFailed) else BotFailed(str(e)))
            finally:
                self.busy -= 1

    async def _run(self, i: int, job: BotJob) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        found = self._procs[i]
        if found is None or not found.proc.is_alive():
            found = await loop.run_in_executor(self._io, self._spawn)
            self._procs[i] = found
        worker: _Worker = found
        try:
            await loop.run_in_executor(self._io, worker.conn.send, job)
        except (BrokenPipeError, OSError) as e:
            self._drop(i)
            raise BotFailed(f"the bot's worker died: {e}") from None
        ready: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()
        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            await asyncio.wait_for(ready, job.timeout(self.grace))
        except TimeoutError:
            self._drop(i)
            raise BotFailed(f"the bot thought longer than {job.timeout(self.grace):g} s; "
                            "its worker was stopped") from None
        finally:
            loop.remove_reader(fd)
        try:
            status, value = worker.conn.recv()
        except (EOFError, OSError) as e:
            self._drop(i)
            raise BotFailed(f"the bot's worker died: {e}") from None
        if status != "ok":
            raise BotFailed(str(value))
        return dict(value)

    def _spawn(self) -> _Worker:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=serve, args=(child, NICE, self.games, os.getpid()),
                                 daemon=True, name="getaway-bot")
        proc.start()
        child.close()
        return _Worker(proc, parent)

    def _drop(self, i: int) -> None:
        worker, self._procs[i] = self._procs[i], None
        if worker is not None:
            worker.proc.kill()
            worker.proc.join(1)
            worker.conn.close()

    def close(self) -> None:
        """Stop every worker (at shutdown)."""
        self._closed = True
        for task in self._slots:
            task.cancel()
        for i, worker in enumerate(self._procs):
            if worker is not None:
                with contextlib.suppress(OSError):
                    worker.conn.send(None)
                worker.proc.join(0.5)
                self._drop(i)
        self._io.shutdown(wait=False, cancel_futures=True)
