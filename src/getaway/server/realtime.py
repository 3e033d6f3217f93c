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

Bots act when the engine lists their seat in ``to_act()`` and they are no
longer busy: after each action a bot seat is busy for
``state.action_seconds(seat, action) * pace`` seconds of game time (at least
``MIN_BOT_GAP``), like a person taking that long. A bot thinks in a worker
thread and submits through ``Tables.act`` like anyone, stamped when it
submits; the engine alone decides whether the action is still legal.
"""

from __future__ import annotations

import asyncio
import logging
import random

from getaway.agents import make_agent
from getaway.core.agent import Observation
from getaway.core.chance import derive_seed
from getaway.core.errors import GetawayError
from getaway.server.tables import RUNNING, Live, NotFound, Tables
from getaway.server.wall import Wall

log = logging.getLogger("getaway.server")

MIN_BOT_GAP = 0.1  # game seconds a bot rests at least between two actions
MIN_WAIT = 0.01  # real seconds a ticker pauses when the clock is due twice in a row


class Tickers:
    """The tickers of this process's running real-time tables."""

    def __init__(self, tables: Tables, wall: Wall, tick: float = 1.0, pace: float = 1.0) -> None:
        self.tables = tables
        self.wall = wall
        self.tick = tick
        self.pace = pace
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.nudges: dict[str, asyncio.Event] = {}
        self.pending: set[tuple[str, int]] = set()  # (table, seat): a bot thinking
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
                except NotFound:
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
            return await asyncio.to_thread(self.tables.tick, table_id)
        live = self.tables.live.get(table_id)
        return live if live is not None else await asyncio.to_thread(self.tables.get, table_id)

    def _plan(self, live: Live) -> float | None:
        """Start the bots that may act now; the wall time of the next wake (None: stop)."""
        ready: list[tuple[int, int]] = []
        at = self.wall.now()
        with live.lock:
            state = live.match.state
            if live.status != RUNNING or state.is_over():
                return None
            now = live.game_clock(at) or 0.0
            since = now - (state.clock() or 0.0)  # seconds since the last stored step
            waits = [self.tick - since]
            wake = state.wake_in()
            if wake is not None:
                waits.append(wake - since)
            for seat in state.to_act():
                if live.seats[seat]["kind"] != "bot" or (live.id, seat) in self.pending:
                    continue
                last = live.acted.get(seat)
                free = 0.0 if last is None else last[1] + max(MIN_BOT_GAP, last[2] * self.pace)
                if free <= now:
                    ready.append((seat, live.n))
                else:
                    waits.append(free - now)
        for seat, n in ready:
            self.pending.add((live.id, seat))
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
        moved = False
        try:
            moved = await asyncio.to_thread(self._bot_move, table_id, seat, n)
        except GetawayError as e:  # the table moved on, or the game ended: try later
            log.debug("real-time bot %s/%d at %d dropped: %s", table_id, seat, n, e)
        finally:
            self.pending.discard((table_id, seat))
        nudge = self.nudges.get(table_id)
        if moved and nudge is not None:
            nudge.set()

    def _bot_move(self, table_id: str, seat: int, n: int) -> bool:
        live = self.tables.get(table_id)
        with live.lock:  # copy what the bot needs, then think without holding the table
            state = live.match.state.clone()
            if seat not in state.to_act():
                return False
            agent = make_agent(live.seats[seat]["agent"], live.game)
            rng = random.Random(derive_seed(live.match.seed, "bot", n, seat))
        action = agent.choose(Observation(state, seat), rng)
        self.tables.act(table_id, seat, action.to_json(), None, expect=n, bot=True)
        return True
