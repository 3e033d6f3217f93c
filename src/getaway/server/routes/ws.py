"""The WebSocket of a table: hello, act, ping (see ``server/API.md``).

Every message a client sends is read as untrusted: a frame that is not a
JSON object, or a field of the wrong type, gets an ``error`` message and the
socket stays open; only an oversized message closes it (1009). A browser
page from another site is refused before the socket opens.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketState

from getaway.core.errors import GetawayError
from getaway.server.clients import client_of
from getaway.server.hub import Conn, Hub
from getaway.server.inputs import BadRequest, parse_object, short_reason, show
from getaway.server.live import Live, NotFound
from getaway.server.security import origin_allowed
from getaway.server.tables import Tables, check_expect

router = APIRouter()
log = logging.getLogger("getaway.server")


def _size(raw: str | bytes) -> int:
    """A message's size in bytes (a text frame of 30,000 "€" is 90,000 bytes)."""
    return len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)


async def _error(ws: WebSocket, message: str, **extra: object) -> None:
    await ws.send_json({"type": "error", "error": short_reason(message), **extra})


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    """Live seat messages for one table; actions may be sent back."""
    hub: Hub = ws.app.state.hub
    tables: Tables = ws.app.state.tables
    settings = ws.app.state.settings
    limit: int = settings.max_body
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"),
                          settings.allowed_origins):
        await ws.close(code=4403, reason="this page's origin may not use this server")
        return
    await ws.accept()
    try:
        live = await asyncio.to_thread(tables.get, table_id)
    except GetawayError as e:
        await _error(ws, str(e))
        await ws.close(code=4404 if isinstance(e, NotFound) else 4409)
        return
    conn = Conn(ws, client=client_of(ws))
    try:
        hub.add(table_id, conn)
    except GetawayError as e:
        await _error(ws, str(e))
        await ws.close(code=1013)
        return
    try:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text")
            if raw is None:
                raw = frame.get("bytes") or b""
            if _size(raw) > limit:
                await _error(ws, f"message over {limit} bytes")
                await ws.close(code=1009)
                return
            try:
                msg = parse_object(raw, "the message", empty=False)
                await _handle(ws, hub, tables, table_id, conn, msg, live)
            except GetawayError as e:
                await _error(ws, str(e))
            except WebSocketDisconnect:
                raise
            except SQLAlchemyError as e:  # as HTTP answers 503
                log.error("the store failed on a message to table %s: %s", table_id, e)
                await _error(ws, "the game store cannot be read or written right now; "
                                 "try again later")
            except Exception:
                if ws.application_state != WebSocketState.CONNECTED:
                    raise  # sending on a socket that just closed (a RuntimeError)
                # a bug (a RuntimeError too, perhaps): say so, keep the socket
                log.exception("socket message on table %s failed", table_id)
                await _error(ws, "the server failed on this message (a bug, logged)")
    except (WebSocketDisconnect, RuntimeError):
        pass  # closed by the client (RuntimeError: sending on a socket that just closed)
    finally:
        hub.remove(table_id, conn)


async def _handle(ws: WebSocket, hub: Hub, tables: Tables, table_id: str, conn: Conn,
                  msg: dict[str, Any], live: Live) -> None:
    kind = msg.get("type")
    if kind == "ping":
        await ws.send_json({"type": "pong"})
    elif kind == "hello":
        await _hello(ws, hub, table_id, conn, msg, live)
    elif kind == "act":
        await _act(tables, conn, table_id, msg)
    else:
        raise BadRequest(f"unknown message type {show(kind)}; use hello, act or ping")


async def _hello(ws: WebSocket, hub: Hub, table_id: str, conn: Conn, msg: dict[str, Any],
                 live: Live) -> None:
    tokens = msg.get("tokens")
    tokens = {} if tokens is None else tokens
    since = msg.get("since", 0)
    invite = msg.get("invite")
    if (not isinstance(tokens, dict) or type(since) is not int or since < 0
            or not (invite is None or isinstance(invite, str))):
        raise BadRequest("hello needs 'tokens' as {seat: token}, 'since' as a move number "
                         "and, for a private table, 'invite' as a string")
    held: dict[int, str] = {}
    bad: list[tuple[str, str]] = []
    for key, token in list(tokens.items())[:16]:
        try:
            if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 4):
                raise BadRequest(f"{show(key)} is not a seat number")
            seat = int(key)
            with live.lock:
                live.check_token(seat, token if isinstance(token, str) else None)
        except GetawayError as e:
            bad.append((str(key)[:8], str(e)))
            continue
        held[seat] = token
    with live.lock:
        live.check_access(invite, held)  # a private table: NotFound without invite or seat
    for key, reason in bad:
        await _error(ws, f"seat {key}: {reason}", seat=key)
    conn.tokens = held
    conn.seats = sorted(held)
    keys: list[int | None] = [*conn.seats] if conn.seats else [None]
    conn.seen = dict.fromkeys(keys, since)
    conn.greeted = True
    await hub.send_state(table_id, conn)


async def _act(tables: Tables, conn: Conn, table_id: str, msg: dict[str, Any]) -> None:
    seat = msg.get("seat")
    if type(seat) is not int or seat not in conn.seats:
        raise BadRequest(f"this connection holds no token for seat {show(seat)}; "
                         "send hello first")
    action = msg.get("action")
    if not isinstance(action, dict):
        raise BadRequest(f"'action' must be an object such as {{\"kind\": ...}}, "
                         f"got {show(action)}")
    received = tables.wall.now()  # a real-time table's clock is advanced to this moment
    try:
        expect = check_expect(msg.get("n"))
    except GetawayError as e:
        raise BadRequest(str(e)) from None
    await tables.write(tables.act, table_id, seat, action, conn.tokens[seat], expect,
                            False, received)
