"""What every page and socket gets for safety: security headers and the Origin check.

Pages are served with a Content-Security-Policy that allows only this
server's own scripts, styles, images and connections, may not be framed
(``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``), are not
MIME-sniffed (``nosniff``) and send no referrer. A WebSocket whose ``Origin``
is another site (a page elsewhere trying to act with a visitor's browser) is
refused, unless the host allows that origin (``Settings.allowed_origins``).
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADERS: list[tuple[bytes, bytes]] = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def policy(host: str) -> str:
    """The Content-Security-Policy for pages served to ``host`` (``name:port``)."""
    sockets = f" ws://{host} wss://{host}" if host else ""
    return ("default-src 'self'; script-src 'self'; style-src 'self'; "
            "img-src 'self' data:; font-src 'self'; "
            f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
            "form-action 'self'; frame-ancestors 'none'")


class SecurityHeaders:
    """ASGI middleware adding the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = _host(scope)

        async def with_headers(msg: Message) -> None:
            if msg["type"] == "http.response.start":
                names = {k.lower() for k, _ in msg.get("headers", [])}
                extra = [(k, v) for k, v in HEADERS if k not in names]
                if b"content-security-policy" not in names:
                    extra.append((b"content-security-policy", policy(host).encode()))
                msg = {**msg, "headers": [*msg.get("headers", []), *extra]}
            await send(msg)

        await self.app(scope, receive, with_headers)


def headers_for(scope: Scope) -> dict[str, str]:
    """Every security header, for an answer sent outside :class:`SecurityHeaders`.

    Starlette sends the answer to an unexpected exception (500) from its
    outermost middleware, which no middleware of the app wraps.
    """
    return {**{k.decode(): v.decode() for k, v in HEADERS},
            "content-security-policy": policy(_host(scope))}


def _host(scope: Scope) -> str:
    for key, value in scope.get("headers") or []:
        if key == b"host":
            text = bytes(value).decode("latin-1")
            # only a plain host[:port] may go into a header we send back
            if text and all(c.isalnum() or c in ".-:[]" for c in text):
                return text
            return ""
    return ""


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str] = ()) -> bool:
    """Whether a socket from ``origin`` may talk to this server, reached as ``host``.

    No ``Origin`` (a program, not a browser page) is allowed; a browser page
    must come from this same host, or from an origin the host listed.
    """
    if not origin:
        return True
    if origin in set(allowed):
        return True
    parts = urlsplit(origin)
    return bool(host) and parts.scheme in ("http", "https") and parts.netloc == host
