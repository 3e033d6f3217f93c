"""The WebSocket of a table: hello, act, ping (see ``server/API.md``)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from getaway.core.errors import GetawayError
from getaway.server.hub import Conn, Hub
from getaway.server.tables import Tables, check_expect

router = APIRouter()


async def _error(ws: WebSocket, message: str, **extra: object) -> None:
    await ws.send_json({"type": "error", "error": message, **extra})


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    """Live seat messages for one table; actions may be sent back."""
    hub: Hub = ws.app.state.hub
    tables: Tables = ws.app.state.tables
    limit: int = ws.app.state.settings.max_body
    await ws.accept()
    try:
        live = await asyncio.to_thread(tables.get, table_id)
    except GetawayError as e:
        await _error(ws, str(e))
        await ws.close(code=4404)
        return
    conn = Conn(ws)
    hub.add(table_id, conn)
    try:
        while True:
            raw = await ws.receive_text()
            if len(raw) > limit:
                await _error(ws, f"message over {limit} bytes")
                await ws.close(code=1009)
                return
            try:
                msg: Any = json.loads(raw)
            except json.JSONDecodeError as e:
                await _error(ws, f"the message is not valid JSON: {e}")
                continue
            if not isinstance(msg, dict):
                await _error(ws, "a message must be a JSON object")
                continue
            kind = msg.get("type")
            if kind == "ping":
                await ws.send_json({"type": "pong"})
            elif kind == "hello":
                await _hello(ws, hub, table_id, conn, msg, live)
            elif kind == "act":
                await _act(ws, tables, table_id, conn, msg)
            else:
                await _error(ws, f"unknown message type {kind!r}; use hello, act or ping")
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(table_id, conn)


async def _hello(ws: WebSocket, hub: Hub, table_id: str, conn: Conn, msg: dict[str, Any],
                 live: Any) -> None:
    tokens = msg.get("tokens") or {}
    since = msg.get("since", 0)
    if not isinstance(tokens, dict) or type(since) is not int or since < 0:
        await _error(ws, "hello needs 'tokens' as {seat: token} and 'since' as a move number")
        return
    held: dict[int, str] = {}
    for key, token in tokens.items():
        try:
            seat = int(key)
            with live.lock:
                live.check_token(seat, token if isinstance(token, str) else None)
        except (ValueError, GetawayError) as e:
            await _error(ws, f"seat {key}: {e}", seat=key)
            continue
        held[seat] = token
    conn.tokens = held
    conn.seats = sorted(held)
    keys: list[int | None] = [*conn.seats] if conn.seats else [None]
    conn.seen = dict.fromkeys(keys, since)
    conn.greeted = True
    await hub.send_state(table_id, conn)


async def _act(ws: WebSocket, tables: Tables, table_id: str, conn: Conn,
               msg: dict[str, Any]) -> None:
    seat = msg.get("seat")
    if type(seat) is not int or seat not in conn.seats:
        await _error(ws, f"this connection holds no token for seat {seat!r}; send hello first")
        return
    try:
        received = tables.wall.now()  # a real-time table's clock is advanced to this moment
        expect = check_expect(msg.get("n"))
        await asyncio.to_thread(tables.act, table_id, seat, msg.get("action"),
                                conn.tokens[seat], expect, False, received)
    except GetawayError as e:
        await _error(ws, str(e))
