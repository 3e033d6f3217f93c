"""The HTTP API (see ``server/API.md``)."""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from markdown_it import MarkdownIt

from getaway.agents import agent_names
from getaway.core.errors import ConfigError, GetawayError, IllegalAction
from getaway.server.tables import FINISHED, OPEN, RUNNING, NotFound, Tables, check_expect

router = APIRouter(prefix="/api")
STATUSES = (OPEN, RUNNING, FINISHED)
ASSETS_MAX_AGE = 3600  # seconds a browser may reuse a game's assets without asking


class BadRequest(GetawayError):
    """Malformed JSON or fields."""


def tables(request: Request) -> Tables:
    """The app's table service."""
    t: Tables = request.app.state.tables
    return t


async def body(request: Request) -> dict[str, Any]:
    """The request's JSON object, or ``BadRequest``."""
    raw = await request.body()
    try:
        data = json.loads(raw or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise BadRequest(f"the body is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise BadRequest("the body must be a JSON object")
    return data


def field_int(data: dict[str, Any], key: str) -> int:
    """An integer field, or ``BadRequest`` naming it."""
    value = data.get(key)
    if type(value) is not int:
        raise BadRequest(f"field {key!r} must be an integer, got {value!r}")
    return value


@router.get("/games")
async def games(request: Request) -> list[dict[str, Any]]:
    """Every playable game with its options and agents."""
    reg = tables(request).registry
    return [{**g.spec.describe(), "agents": agent_names(g)} for g in reg]


@router.get("/games/{game_id}/rules")
async def rules(request: Request, game_id: str) -> dict[str, Any]:
    """A game's rules page as HTML."""
    try:
        game = tables(request).registry.get(game_id)
    except ConfigError:
        raise NotFound(f"no game {game_id!r}") from None
    html = MarkdownIt("commonmark").enable("table").render(game.rules())
    return {"game": game.id, "html": html}


@router.get("/games/{game_id}/assets")
async def assets(request: Request, game_id: str) -> Response:
    """A game's static data (e.g. a board drawing); cacheable, with an ETag."""
    try:
        game = tables(request).registry.get(game_id)
    except ConfigError:
        raise NotFound(f"no game {game_id!r}") from None
    raw = json.dumps(game.assets(), separators=(",", ":"), sort_keys=True).encode()
    etag = '"' + hashlib.sha256(raw).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={ASSETS_MAX_AGE}"}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(raw, media_type="application/json", headers=headers)


@router.post("/tables", status_code=201)
async def create_table(request: Request) -> dict[str, Any]:
    """Create a table: game, player count, options and one entry per seat."""
    data = await body(request)
    game = data.get("game")
    if not isinstance(game, str):
        raise BadRequest("field 'game' must be a game id")
    players = field_int(data, "players")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise BadRequest("field 'options' must be an object")
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise BadRequest("field 'seats' must be a list with one entry per player")
    live = await asyncio.to_thread(tables(request).create, game, players, options, seats)
    return {"id": live.id, "url": f"/t/{live.id}"}


@router.get("/tables")
async def list_tables(request: Request, status: str | None = None) -> list[dict[str, Any]]:
    """Table summaries, newest first."""
    if status is not None and status not in STATUSES:
        raise BadRequest(f"status must be one of {', '.join(STATUSES)}")
    return await asyncio.to_thread(tables(request).summaries, status)


@router.get("/tables/{table_id}")
async def table(request: Request, table_id: str) -> dict[str, Any]:
    """One table's summary."""
    live = await asyncio.to_thread(tables(request).get, table_id)
    with live.lock:
        return live.summary()


@router.post("/tables/{table_id}/seats/{seat}/claim")
async def claim(request: Request, table_id: str, seat: int) -> dict[str, Any]:
    """Take a free human seat; the answer holds its secret token."""
    data = await body(request)
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise BadRequest("field 'name' must be a string")
    token = await asyncio.to_thread(tables(request).claim, table_id, seat, name)
    return {"seat": seat, "token": token}


@router.get("/tables/{table_id}/state")
async def state(request: Request, table_id: str, seat: int | None = None,
                since: int = 0) -> dict[str, Any]:
    """A seat's message (view, legal actions, events); spectators omit ``seat``."""
    live = await asyncio.to_thread(tables(request).get, table_id)
    with live.lock:
        if seat is not None:
            live.check_token(seat, request.headers.get("x-seat-token"))
        return live.message(seat, since)


@router.post("/tables/{table_id}/actions")
async def act(request: Request, table_id: str) -> dict[str, Any]:
    """Apply one action; the move is committed before the answer."""
    data = await body(request)
    seat = field_int(data, "seat")
    if "action" not in data:
        raise BadRequest("field 'action' is missing")
    try:
        expect = check_expect(data.get("n"))
    except IllegalAction as e:
        raise BadRequest(str(e)) from None
    t = tables(request)
    received = t.wall.now()  # a real-time table's clock is advanced to this moment first
    n, events = await asyncio.to_thread(
        t.act, table_id, seat, data["action"], request.headers.get("x-seat-token"), expect,
        False, received)
    return {"n": n, "events": [e.to_json() for e in events if e.visible_to(seat)]}


@router.get("/tables/{table_id}/replay")
async def replay(request: Request, table_id: str) -> dict[str, Any]:
    """Spectator views after every move of a finished table."""
    return await asyncio.to_thread(tables(request).replay, table_id)


def error_response(status: int, message: str) -> JSONResponse:
    """The JSON error body every failure uses."""
    return JSONResponse({"error": message}, status_code=status)
