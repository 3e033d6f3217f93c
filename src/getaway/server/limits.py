"""Refusing oversized request bodies before they are read into memory.

A body is counted as it arrives, so neither a ``Content-Length`` that lies nor
a chunked body without one gets more than the limit through; a
``Content-Length`` that is not a number is refused with 400.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class BodyLimit:
    """ASGI middleware: answer 413 to any HTTP body larger than ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and not length.isdigit():
            await _refuse(send, 400, "the Content-Length header is not a number of bytes")
            return
        if length is not None and (len(length) > 18 or int(length) > self.limit):
            await _too_large(send, self.limit)
            return
        seen = 0
        started = False

        async def limited() -> Message:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return msg

        async def tracking_send(msg: Message) -> None:
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, limited, tracking_send)
        except _TooLarge:
            if not started:
                await _too_large(send, self.limit)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    await _refuse(send, 413, f"request body over {limit} bytes")


async def _refuse(send: Send, status: int, reason: str) -> None:
    body: dict[str, Any] = {"error": reason}
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})
