"""Live updates: the WebSocket connections of each table, and bots taking their turns.

When a table changes -- a move made here, or in another server process and
announced through PostgreSQL ``LISTEN/NOTIFY`` -- every connection of the table
gets a fresh seat message with the events it has not seen, and any bot whose
turn it is gets scheduled. Bots think in a worker thread, after a short
visible delay, and submit through the same checked path as people; a bot move
that lost a race to another process is simply dropped. Real-time tables are
driven by their tickers instead (``server/realtime.py``): the clock advances
with the wall time and bots act when their seat is free.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
from dataclasses import dataclass, field

from fastapi import WebSocket

from getaway.agents import make_agent
from getaway.core.agent import Observation
from getaway.core.chance import derive_seed
from getaway.core.errors import GetawayError
from getaway.server.realtime import Tickers
from getaway.server.tables import NOTIFY_CHANNEL, RUNNING, Live, Tables
from getaway.server.wall import Wall
from getaway.store.db import is_postgres

log = logging.getLogger("getaway.server")


@dataclass(eq=False)
class Conn:
    """One socket: the seats it holds (empty: a spectator) and what it has seen.

    Nothing is pushed to a socket before its ``hello`` (``greeted``): until then
    it is neither a seat nor a spectator.
    """

    ws: WebSocket
    greeted: bool = False
    seats: list[int] = field(default_factory=list)
    tokens: dict[int, str] = field(default_factory=dict)
    seen: dict[int | None, int] = field(default_factory=dict)  # seat -> move number sent
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    """Connections per table, bot scheduling, and the cross-process notifier."""

    def __init__(self, tables: Tables, bot_delay: float = 0.6, wall: Wall | None = None,
                 clock_tick: float = 1.0, bot_pace: float = 1.0) -> None:
        self.tables = tables
        self.bot_delay = bot_delay
        self.tickers = Tickers(tables, wall or tables.wall, clock_tick, bot_pace)
        self.conns: dict[str, set[Conn]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pending_bots: set[tuple[str, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._listener: threading.Thread | None = None
        self._stop = threading.Event()

    # -- wiring ---------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Begin: remember the loop, listen for other processes, resume bots."""
        self.loop = loop
        if is_postgres(self.tables.engine):
            self._listener = threading.Thread(target=self._listen, name="getaway-listen",
                                              daemon=True)
            self._listener.start()
        for table_id in self.tables.running_ids():
            self.changed(table_id)

    def stop(self) -> None:
        """Stop listening and ticking (call on the loop)."""
        self._stop.set()
        self.tickers.stop()

    def changed(self, table_id: str, fresh: bool = False) -> None:
        """Called from any thread when a table may have changed.

        ``fresh`` says the in-memory table is already current (a move committed
        by this process); otherwise it is first brought up to date from the
        database (another process moved).
        """
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(self._schedule, table_id, fresh)

    def _schedule(self, table_id: str, fresh: bool) -> None:
        task = asyncio.ensure_future(self._guarded(table_id, fresh))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- pushing to sockets -------------------------------------------------------

    def add(self, table_id: str, conn: Conn) -> None:
        """Register a connection."""
        self.conns.setdefault(table_id, set()).add(conn)

    def remove(self, table_id: str, conn: Conn) -> None:
        """Forget a connection."""
        conns = self.conns.get(table_id)
        if conns:
            conns.discard(conn)
            if not conns:
                del self.conns[table_id]

    async def _live(self, table_id: str, fresh: bool) -> Live | None:
        live = self.tables.live.get(table_id) if fresh else None
        if live is None:
            try:
                live = await asyncio.to_thread(self.tables.get, table_id)
            except GetawayError:
                return None
        return live

    async def send_state(self, table_id: str, conn: Conn, fresh: bool = False) -> None:
        """Send each seat of ``conn`` the events it has not seen and its view now."""
        live = await self._live(table_id, fresh)
        if live is not None:
            await self._send(live, conn)

    async def _send(self, live: Live, conn: Conn) -> None:
        async with conn.lock:
            seats: list[int | None] = list(conn.seats) or [None]
            for seat in seats:
                with live.lock:
                    msg = live.message(seat, conn.seen.get(seat, 0))
                conn.seen[seat] = msg["n"]
                try:
                    await conn.ws.send_json(msg)
                except Exception:  # the socket closed under us; its reader cleans up
                    return

    async def _guarded(self, table_id: str, fresh: bool) -> None:
        try:
            await self._refresh(table_id, fresh)
        except Exception:  # a refresh racing shutdown, or a bug: log it, keep serving
            if self.loop is not None and not self._stop.is_set():
                log.exception("refreshing table %s failed", table_id)

    async def _refresh(self, table_id: str, fresh: bool) -> None:
        live = await self._live(table_id, fresh)
        if live is None:
            return
        n = live.n
        for conn in list(self.conns.get(table_id, ())):
            if conn.greeted:
                await self._send(live, conn)
        live.pushed = max(live.pushed, n)
        if live.realtime:
            self.tickers.ensure(live)
        else:
            await self._maybe_bot(live)

    # -- bots -------------------------------------------------------------------

    async def _maybe_bot(self, live: Live) -> None:
        table_id = live.id
        if live.status != RUNNING:
            return
        with live.lock:
            n = live.n
            bots = [s for s in live.match.state.to_act() if live.seats[s]["kind"] == "bot"]
        if not bots or (table_id, n) in self.pending_bots:
            return
        self.pending_bots.add((table_id, n))
        try:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            await asyncio.to_thread(self._bot_move, table_id, bots[0], n)
        except GetawayError as e:  # lost a race or the table moved on: nothing to do
            log.debug("bot move on %s at %d dropped: %s", table_id, n, e)
        finally:
            self.pending_bots.discard((table_id, n))

    def _bot_move(self, table_id: str, seat: int, n: int) -> None:
        live = self.tables.get(table_id)
        with live.lock:  # copy what the bot needs, then think without holding the table
            if live.n != n:
                return
            state = live.match.state.clone()
            agent = make_agent(live.seats[seat]["agent"], live.game)
            rng = random.Random(derive_seed(live.match.seed, "bot", n, seat))
        action = agent.choose(Observation(state, seat), rng)
        self.tables.act(table_id, seat, action.to_json(), None, expect=n, bot=True)

    # -- other processes ------------------------------------------------------------

    def _listen(self) -> None:
        """Forward NOTIFY messages from other server processes to the loop."""
        import psycopg

        url = self.tables.engine.url.set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while not self._stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=1.0):
                            table_id, _, n = note.payload.partition(":")
                            live = self.tables.live.get(table_id)
                            if live is None or not n.isdigit() or live.pushed < int(n):
                                self.changed(table_id)  # not yet pushed here: sync and push
            except Exception as e:  # the database went away: retry
                log.warning("LISTEN connection lost (%s); retrying", e)
                self._stop.wait(1.0)

