"""Live updates: the WebSocket connections of each table, and bots taking their turns.

When a table changes -- a move made here, or in another server process and
announced through PostgreSQL ``LISTEN/NOTIFY`` -- every connection of the table
gets a fresh seat message with the events it has not seen, and any bot whose
turn it is gets scheduled. A message is built once per audience (each seat,
and one for every spectator) and the same text goes to every socket of that
audience.

Bots think in the bot pool's worker processes (``server/botpool.py``), one
move in flight per table, after a short visible delay, and submit through
the same checked path as people; a bot move that lost a race to another
process is simply dropped, and a bot that cannot answer in time plays a
random legal move. Real-time tables are driven by their tickers instead
(``server/realtime.py``): the clock advances with the wall time and bots act
when their seat is free.

Tables nobody has used for a while leave this process's memory (they are
rebuilt from the store when asked for again).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from sqlalchemy.exc import SQLAlchemyError

from getaway.core.chance import derive_seed
from getaway.core.errors import GetawayError
from getaway.server.botpool import BotFailed, BotPool
from getaway.server.botworker import BotJob
from getaway.server.live import TooMany
from getaway.server.realtime import Tickers
from getaway.server.tables import NOTIFY_CHANNEL, RUNNING, Live, Tables
from getaway.server.wall import Wall
from getaway.store.db import is_postgres

log = logging.getLogger("getaway.server")

OUTBOX = 64  # messages a socket may fall behind by before it is closed as too slow
TRIM_EVERY = 30.0  # seconds between two looks for idle tables to forget


@dataclass(eq=False)
class Conn:
    """One socket: the seats it holds (empty: a spectator) and what it has seen.

    Nothing is pushed to a socket before its ``hello`` (``greeted``): until then
    it is neither a seat nor a spectator.
    """

    ws: WebSocket
    client: str = ""
    greeted: bool = False
    seats: list[int] = field(default_factory=list)
    tokens: dict[int, str] = field(default_factory=dict)
    seen: dict[int | None, int] = field(default_factory=dict)  # seat -> move number sent
    # Messages waiting to go out, sent in order by the socket's own sender task: a
    # client that stops reading falls behind alone, and is closed once OUTBOX behind.
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    sender: asyncio.Task[None] | None = None


@dataclass(frozen=True)
class HubLimits:
    """What the host allows: sockets per table and per client, memory of idle tables."""

    table_sockets: int = 200  # 0: no cap
    client_sockets: int = 50  # 0: no cap
    idle_seconds: float = 600.0  # an unused table leaves memory after this long
    finished_seconds: float = 60.0  # a finished table with no socket, after this long


class Hub:
    """Connections per table, bot scheduling, and the cross-process notifier."""

    def __init__(self, tables: Tables, bot_delay: float = 0.6, wall: Wall | None = None,
                 clock_tick: float = 1.0, bot_pace: float = 1.0,
                 bots: BotPool | None = None, limits: HubLimits | None = None) -> None:
        self.tables = tables
        self.bot_delay = bot_delay
        self.bots = bots or BotPool(1, tables.bot_seconds)
        self.limits = limits or HubLimits()
        self.tickers = Tickers(tables, wall or tables.wall, clock_tick, bot_pace,
                               self.play_bot)
        self.conns: dict[str, set[Conn]] = {}
        self.by_client: dict[str, int] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thinking: set[str] = set()  # tables with a bot move in flight (turn-based)
        self._tasks: set[asyncio.Task[None]] = set()
        self._listener: threading.Thread | None = None
        self._janitor: asyncio.Task[None] | None = None
        self._stop = threading.Event()

    # -- wiring ---------------------------------------------------------------

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Begin: remember the loop, listen for other processes, resume bots."""
        self.loop = loop
        if is_postgres(self.tables.engine):
            self._listener = threading.Thread(target=self._listen, name="getaway-listen",
                                              daemon=True)
            self._listener.start()
        self._janitor = asyncio.ensure_future(self._trim_loop())
        try:
            running = self.tables.running_ids()
        except SQLAlchemyError as e:  # a damaged store: serve what can be read
            log.error("cannot list the running tables to resume their bots: %s", e)
            running = []
        for table_id in running:
            self.changed(table_id)

    def stop(self) -> None:
        """Stop listening, ticking and thinking (call on the loop)."""
        self._stop.set()
        self.tickers.stop()
        if self._janitor is not None:
            self._janitor.cancel()
        for task in list(self._tasks):
            task.cancel()
        self.bots.close()
        self.tables.close()

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
        self._spawn(self._guarded(table_id, fresh))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- sockets -------------------------------------------------------------------

    def add(self, table_id: str, conn: Conn) -> None:
        """Register a connection; ``TooMany`` when the table or the client has too many."""
        cap_table, cap_client = self.limits.table_sockets, self.limits.client_sockets
        if cap_table and len(self.conns.get(table_id, ())) >= cap_table:
            raise TooMany(f"this table already has {cap_table} connections; try again later")
        if cap_client and self.by_client.get(conn.client, 0) >= cap_client:
            raise TooMany(f"this server allows {cap_client} connections from one client")
        self.conns.setdefault(table_id, set()).add(conn)
        self.by_client[conn.client] = self.by_client.get(conn.client, 0) + 1
        conn.sender = asyncio.ensure_future(self._send_loop(conn))

    def remove(self, table_id: str, conn: Conn) -> None:
        """Forget a connection."""
        if conn.sender is not None:
            conn.sender.cancel()
        conns = self.conns.get(table_id)
        if conns and conn in conns:
            conns.discard(conn)
            if not conns:
                del self.conns[table_id]
            left = self.by_client.get(conn.client, 0) - 1
            if left > 0:
                self.by_client[conn.client] = left
            else:
                self.by_client.pop(conn.client, None)

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
            await self._push(live, [conn])

    async def _push(self, live: Live, conns: list[Conn]) -> None:
        """Queue every connection its seats' messages, each built once per (seat, since)."""
        texts: dict[tuple[int | None, int], tuple[int, str, bool]] = {}
        for conn in sorted(conns, key=lambda c: not c.seats):  # seats first, then watchers
            audiences: list[int | None] = [*conn.seats] if conn.seats else [None]
            for seat in audiences:
                since = conn.seen.get(seat, 0)
                key = (seat, since)
                if key not in texts:
                    with live.lock:
                        msg = live.message(seat, since)
                    texts[key] = (msg["n"], json.dumps(msg, separators=(",", ":")),
                                  msg.get("log") == "full")
                n, text, full = texts[key]
                if n < since and not full:
                    continue  # a newer message is already on its way (not a take-back)
                conn.seen[seat] = n
                try:
                    conn.outbox.put_nowait(text)
                except asyncio.QueueFull:  # it stopped reading: let it go
                    self._spawn(self._drop(conn))
                    break

    async def _send_loop(self, conn: Conn) -> None:
        """Send a socket's queued messages in order, until it closes."""
        while True:
            text = await conn.outbox.get()
            try:
                await conn.ws.send_text(text)
            except Exception:  # closed under us: its reader cleans up
                return

    @staticmethod
    async def _drop(conn: Conn) -> None:
        with contextlib.suppress(Exception):
            await conn.ws.close(code=1013, reason="too slow to read the table's messages")

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
        conns = [c for c in self.conns.get(table_id, ()) if c.greeted]
        if conns:
            await self._push(live, conns)
        live.pushed = max(live.pushed, n)
        if live.realtime:
            self.tickers.ensure(live)
        else:
            await self._maybe_bot(live)

    # -- bots -------------------------------------------------------------------

    async def _maybe_bot(self, live: Live) -> None:
        """Start the bot whose turn it is, unless one of this table is thinking already."""
        table_id = live.id
        if live.status != RUNNING or table_id in self.thinking:
            return
        with live.lock:
            n, takebacks = live.n, live.takebacks
            bots = [s for s in live.match.state.to_act() if live.seats[s]["kind"] == "bot"]
        if not bots:
            return
        self.thinking.add(table_id)
        try:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            await self.play_bot(table_id, bots[0], n)
        except GetawayError as e:  # lost a race or the table moved on: nothing to do
            log.debug("bot move on %s at %d dropped: %s", table_id, n, e)
        finally:
            self.thinking.discard(table_id)
        current = self.tables.live.get(table_id)
        # it moved on while this bot thought -- or a move was taken back and made again:
        # the same move number, another history, and this bot's answer refused
        if current is not None and (current.n != n or current.takebacks != takebacks):
            self._spawn(self._maybe_bot(current))

    async def play_bot(self, table_id: str, seat: int, n: int) -> bool:
        """Think about ``seat``'s move at move ``n`` in the pool and submit it.

        Returns False when there was nothing to do (the table moved on, or the
        seat may not act). A bot that fails or overruns the host's cap plays a
        random legal move instead (logged).
        """
        live = self.tables.live.get(table_id)
        if live is None:
            live = await asyncio.to_thread(self.tables.get, table_id)
        with live.lock:
            state = live.match.state
            if live.status != RUNNING or seat not in state.to_act() or live.getting_ready():
                return False
            if not live.realtime and live.n != n:
                return False
            config = live.match.config
            rng_seed = derive_seed(live.match.seed, "bot", n, seat)
            job = BotJob(table_id, live.game.id, config.players, dict(config.options),
                         live.match.seed, tuple(live.match.steps), seat,
                         str(live.seats[seat]["agent"]), rng_seed, self.tables.bot_seconds)
            takebacks = live.takebacks
            legal = list(state.legal_actions(seat))
        try:
            action = await self.bots.think(job)
        except BotFailed as e:
            log.warning("bot of table %s seat %d plays a random move: %s", table_id, seat, e)
            action = random.Random(rng_seed).choice(legal).to_json()
        await self.tables.write(self.tables.act, table_id, seat, action, None, n, True,
                                takebacks=takebacks)
        return True

    # -- memory -----------------------------------------------------------------------

    async def _trim_loop(self) -> None:
        while not self._stop.is_set():
            await asyncio.sleep(TRIM_EVERY)
            self.trim()

    def trim(self) -> int:
        """Forget idle tables (none with a socket, a bot thinking or a running clock)."""
        busy = set(self.conns) | self.thinking | set(self.tickers.tasks)
        running = {t for t, live in self.tables.live.items() if live.status == RUNNING}
        gone = self.tables.trim(self.limits.finished_seconds, keep=busy | running)
        gone += self.tables.trim(self.limits.idle_seconds, keep=busy)
        return gone

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
