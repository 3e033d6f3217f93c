"""Load on the web app: N concurrent tables played over WebSockets on loopback.

    .venv/bin/python benchmarks/server_load.py [--tables 200] [--seconds 30] [--think 1.0]
                                              [--players 3] [--search-tables 0] [--db URL]

A `getaway serve` subprocess is started (SQLite in a temporary directory
unless --db is given; the per-client limits off, since one client plays
every table). Each table has only human seats, all held by one scripted
client over one socket, which answers every state message after `--think`
seconds with a random legal action: a table of bots driven from outside the
server. A move's round trip is the time from sending the action to receiving
the table's next state message. Prints p50, p99 and moves per second;
finished tables are replaced so that N stay in play.

`--search-tables 6` first creates six tables whose every seat is a Hard bot
(the slowest bot the lobby offers) on the heaviest games, which think in the
server's bot pool for the whole run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.server.procs import Server


async def new_table(http: httpx.AsyncClient, players: int) -> tuple[str, dict[str, str]]:
    r = await http.post("/api/tables", json={"game": "escape-now", "players": players,
                                             "options": {}, "seats": [{"kind": "human"}] * players})
    table = r.json()["id"]
    tokens = {}
    for s in range(players):
        c = await http.post(f"/api/tables/{table}/seats/{s}/claim", json={})
        tokens[str(s)] = c.json()["token"]
    return table, tokens


async def play_tables(base: str, players: int, think: float, stop_at: float,
                      rtts: list[float], rng: random.Random, errors: list[str]) -> None:
    """Keep one table in play until the deadline, one finished game after another."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < stop_at:
            table, tokens = await new_table(http, players)
            url = base.replace("http", "ws") + f"/ws/tables/{table}"
            async with connect(url, max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello", "tokens": tokens}))
                sent_at: float | None = None
                acted_n = -1
                while time.monotonic() < stop_at:
                    msg = json.loads(await ws.recv())
                    if msg["type"] == "error":
                        errors.append(msg["error"])
                        continue
                    if msg["type"] != "state":
                        continue
                    if sent_at is not None and msg["n"] > acted_n:
                        rtts.append(time.monotonic() - sent_at)
                        sent_at = None
                    if msg["status"] == "finished":
                        break
                    if msg["legal"] and msg["n"] > acted_n and sent_at is None:
                        if think:
                            await asyncio.sleep(think * (0.5 + rng.random()))
                        choice = rng.choice(msg["legal"])["action"]
                        acted_n = msg["n"]
                        sent_at = time.monotonic()
                        await ws.send(json.dumps({"type": "act", "seat": msg["seat"],
                                                  "action": choice, "n": msg["n"]}))


HEAVY = [("escape-plan", 5), ("new-york", 4), ("alcatraz-2034", 6)]


async def search_tables(base: str, count: int) -> list[str]:
    """``count`` tables of Hard bots on the heaviest games (they think all run long)."""
    ids = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for i in range(count):
            game, players = HEAVY[i % len(HEAVY)]
            r = await http.post("/api/tables", json={
                "game": game, "players": players, "options": {},
                "seats": [{"kind": "bot", "agent": "hard"}] * players})
            r.raise_for_status()
            ids.append(r.json()["id"])
    return ids


async def bot_moves(base: str, ids: list[str]) -> int:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        return sum([(await http.get(f"/api/tables/{t}")).json()["n"] for t in ids])


async def main_async(args: argparse.Namespace, base: str) -> None:
    rtts: list[float] = []
    errors: list[str] = []
    searching = await search_tables(base, args.search_tables)
    start = time.monotonic()
    stop_at = start + args.seconds
    await asyncio.gather(*[play_tables(base, args.players, args.think, stop_at, rtts,
                                       random.Random(i), errors) for i in range(args.tables)])
    elapsed = time.monotonic() - start
    rtts.sort()
    extra = ""
    if searching:
        extra = (f", while {len(searching)} tables of Hard bots thought "
                 f"({await bot_moves(base, searching)} bot moves)")
    if not rtts:  # a window in which no move completed: say so rather than crash
        print(f"tables {args.tables}, think {args.think}s, {elapsed:.0f}s: no move completed"
              f"{extra}, errors {len(errors)}")
        return

    def p(q: float) -> float:
        return rtts[min(len(rtts) - 1, int(q * len(rtts)))] * 1000

    print(f"tables {args.tables}, think {args.think}s, {elapsed:.0f}s: {len(rtts)} moves, "
          f"{len(rtts) / elapsed:.0f} moves/s, round trip p50 {p(0.5):.1f} ms, "
          f"p99 {p(0.99):.1f} ms, mean {statistics.mean(rtts) * 1000:.1f} ms, "
          f"errors {len(errors)}{extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--search-tables", type=int, default=0,
                        help="tables of Hard bots thinking during the run")
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/load.db"
        limits = ["--tables-per-minute", "0", "--client-tables", "0", "--client-sockets", "0"]
        server = Server(db, Path(tmp), extra=limits).start()
        try:
            asyncio.run(main_async(args, server.url))
        finally:
            server.stop()


if __name__ == "__main__":
    main()
