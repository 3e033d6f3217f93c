"""Real-time tables on the wall clock: one ticker per running table, and its bots.

A real-time game's state keeps a clock (``state.clock()`` is not None). While
such a table is running, this process keeps one asyncio task for it, the
ticker, which sleeps until the first of

* ``tick`` seconds (``Settings.clock_tick``; every seat then sees the clock),
* the moment the game changes by itself (``state.wake_in()``: a bell, a
  countdown, the end), and
* the moment a bot seat is free again,

then commits an "advance" step up to the wall time (``Tables.tick``; every
socket gets the new state and its events) and starts the bots that may act.
A table change (an action) wakes it early, to start bots without advancing.
A table with human seats first waits for every one of them to be ready
(``Live.getting_ready``): its ticker then sleeps until the start (or stops,
until the last "Ready" wakes it), and no bot acts before.

Bots act when the engine lists their seat in ``to_act()`` and they are no
longer busy: after each action a bot seat is busy for
``state.action_seconds(seat, action) * pace`` seconds of game time (at least
``MIN_BOT_GAP``), like a person taking that long. One bot of a table thinks
at a time, in the bot pool (the hub's ``play_bot``), and submits through
``Tables.act`` like anyone, stamped when it submits; the engine alone
decides whether the action is still legal.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from getaway.core.errors import GetawayError
from getaway.server.tables import RUNNING, Damaged, Live, NotFound, Tables
from getaway.server.wall import Wall

log = logging.getLogger("getaway.server")

MIN_BOT_GAP = 0.1  # game seconds a bot rests at least between two actions
MIN_WAIT = 0.01  # real seconds a ticker pauses when the clock is due twice in a row


class Tickers:
    """The tickers of this process's running real-time tables."""

    def __init__(self, tables: Tables, wall: Wall, tick: float = 1.0, pace: float = 1.0,
                 play: Callable[[str, int, int], Awaitable[bool]] | None = None) -> None:
        self.tables = tables
        self.wall = wall
        self.tick = tick
        self.pace = pace
        self.play = play  # thinks about and submits one bot move: (table, seat, n) -> moved
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.nudges: dict[str, asyncio.Event] = {}
        self.pending: set[str] = set()  # tables with a bot thinking
        self._bots: set[asyncio.Task[None]] = set()
        self._stopped = False

    def ensure(self, live: Live) -> None:
        """Run a ticker for ``live`` if it is a running real-time table; wake it (on the loop)."""
        if self._stopped or not live.realtime or live.status != RUNNING:
            return
        nudge = self.nudges.get(live.id)
        task = self.tasks.get(live.id)
        if task is not None and not task.done() and nudge is not None:
            nudge.set()
            return
        self.nudges[live.id] = asyncio.Event()
        self.tasks[live.id] = asyncio.ensure_future(self._run(live.id))

    def stop(self) -> None:
        """Cancel every ticker and bot task (on the loop, at shutdown)."""
        self._stopped = True
        for task in [*self.tasks.values(), *self._bots]:
            task.cancel()

    # -- the ticker -----------------------------------------------------------------

    async def _run(self, table_id: str) -> None:
        timer = True  # woken by the clock (advance) rather than by a change (only look)
        behind = False  # the last pass found the clock already due
        try:
            while not self._stopped:
                try:
                    live = await self._current(table_id, timer)
                except (NotFound, Damaged):
                    return
                except Exception:  # the database hiccuped: try again shortly
                    log.exception("ticking table %s failed", table_id)
                    timer = await self._wait(table_id, self.wall.now() + self.tick)
                    continue
                until = self._plan(live)
                if until is None:
                    return
                if until <= self.wall.now():  # due already (this pass came late): advance now
                    await asyncio.sleep(MIN_WAIT if behind else 0)
                    behind, timer = True, True
                    continue
                behind = False
                timer = await self._wait(table_id, until)
        finally:
            if self.tasks.get(table_id) is asyncio.current_task():
                del self.tasks[table_id]
                self.nudges.pop(table_id, None)

    async def _current(self, table_id: str, advance: bool) -> Live:
        """The table, its clock first advanced to now when ``advance``."""
        if advance:
            return await self.tables.write(self.tables.tick, table_id)
        live = self.tables.live.get(table_id)
        return live if live is not None else await asyncio.to_thread(self.tables.get, table_id)

    def _plan(self, live: Live) -> float | None:
        """Start the bot that may act now; the wall time of the next wake (None: stop)."""
        ready: list[tuple[float, int, int]] = []
        at = self.wall.now()
        with live.lock:
            state = live.match.state
            if live.status != RUNNING or state.is_over():
                return None
            if live.getting_ready(at):  # nobody acts: wake at the start (a "Ready" wakes us)
                return live.starts()
            now = live.game_clock(at) or 0.0
            since = now - (state.clock() or 0.0)  # seconds since the last stored step
            waits = [self.tick - since]
            wake = state.wake_in()
            if wake is not None:
                waits.append(wake - since)
            thinking = live.id in self.pending
            for seat in state.to_act():
                if live.seats[seat]["kind"] != "bot" or thinking:
                    continue
                last = live.acted.get(seat)
                free = 0.0 if last is None else last[1] + max(MIN_BOT_GAP, last[2] * self.pace)
                if free <= now:
                    ready.append((free, seat, live.n))
                else:
                    waits.append(free - now)
        if ready and self.play is not None:  # the seat free the longest goes first
            _, seat, n = min(ready)
            self.pending.add(live.id)
            task = asyncio.ensure_future(self._bot(live.id, seat, n))
            self._bots.add(task)
            task.add_done_callback(self._bots.discard)
        return at + min(waits)

    async def _wait(self, table_id: str, until: float) -> bool:
        """Sleep until wall time ``until`` or a nudge; True when the time ran out."""
        nudge = self.nudges.get(table_id)
        if nudge is None:
            await self.wall.sleep_until(until)
            return True
        sleeper = asyncio.ensure_future(self.wall.sleep_until(until))
        waiter = asyncio.ensure_future(nudge.wait())
        try:
            done, _ = await asyncio.wait({sleeper, waiter}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sleeper.cancel()
            waiter.cancel()
        nudge.clear()
        return sleeper in done

    # -- bots -----------------------------------------------------------------------

    async def _bot(self, table_id: str, seat: int, n: int) -> None:
        assert self.play is not None
        moved = False
        try:
            moved = await self.play(table_id, seat, n)
        except GetawayError as e:  # the table moved on, or the game ended: try later
            log.debug("real-time bot %s/%d at %d dropped: %s", table_id, seat, n, e)
        finally:
            self.pending.discard(table_id)
        nudge = self.nudges.get(table_id)
        if moved and nudge is not None:  # plan again: the next bot, or this one once free
            nudge.set()
