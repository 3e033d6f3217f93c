"""The HTTP API (see ``server/API.md``)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse, Response
from markdown_it import MarkdownIt

from getaway.agents import agent_names
from getaway.agents.levels import LEVELS
from getaway.core.errors import ConfigError, IllegalAction
from getaway.server.botpool import BotFailed
from getaway.server.challenges import BOARD_SIZE, MAX_BOARD, Challenges
from getaway.server.clients import client_key, client_of
from getaway.server.inputs import MAX_WHOLE, BadRequest, field_int, parse_object, short_reason, show
from getaway.server.live import Live
from getaway.server.tables import (
    FINISHED,
    OPEN,
    RUNNING,
    Damaged,
    NotFound,
    Tables,
    TooMany,
    check_expect,
)

router = APIRouter(prefix="/api")
STATUSES = (OPEN, RUNNING, FINISHED)
ASSETS_MAX_AGE = 3600  # seconds a browser may reuse a game's assets without asking
ALIGNED = re.compile(r'style="text-align:(left|right|center)"')
# A seat or move number in a path or query: a whole number, 0 or more (400 otherwise).
SeatPath = Annotated[int, Path(ge=0, le=MAX_WHOLE)]
SeatQuery = Annotated[int | None, Query(ge=0, le=MAX_WHOLE)]
MoveQuery = Annotated[int, Query(ge=0, le=MAX_WHOLE)]

__all__ = ["BadRequest", "error_response", "router"]


def tables(request: Request) -> Tables:
    """The app's table service."""
    t: Tables = request.app.state.tables
    return t


async def body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body reads as ``{}``), or ``BadRequest``."""
    return parse_object(await request.body())


def invite_of(request: Request) -> str | None:
    """The invite secret a request carries (``X-Invite`` header or ``invite`` parameter)."""
    return request.headers.get("x-invite") or request.query_params.get("invite") or None


def seat_tokens(request: Request, seat: int | None) -> dict[int, str]:
    """The seat token a request carries for ``seat`` (``X-Seat-Token``), as {seat: token}."""
    token = request.headers.get("x-seat-token")
    return {seat: token} if seat is not None and token else {}


async def _table(request: Request, table_id: str, seat: int | None = None) -> Live:
    """The table, if this request may see it (a private one needs its invite or a seat)."""
    live = await asyncio.to_thread(tables(request).get, table_id)
    live.check_access(invite_of(request), seat_tokens(request, seat))
    return live


@router.get("/games")
async def games(request: Request) -> list[dict[str, Any]]:
    """Every playable game with its options, its bots by difficulty and every agent."""
    reg = tables(request).registry
    bots = [lv.to_json() for lv in LEVELS]
    return [{**g.spec.describe(), "bots": bots, "agents": agent_names(g)} for g in reg]


def _game(request: Request, game_id: str) -> Any:
    try:
        return tables(request).registry.get(game_id)
    except ConfigError:
        raise NotFound(f"no game {game_id!r}") from None


@router.get("/games/{game_id}/rules")
async def rules(request: Request, game_id: str) -> dict[str, Any]:
    """A game's rules page as HTML."""
    game = _game(request, game_id)
    html = MarkdownIt("commonmark").enable("table").render(game.rules())
    # Table cells come aligned with style attributes, which the pages' Content-Security-
    # Policy refuses: say it with classes instead (getaway.css styles them).
    html = ALIGNED.sub(lambda m: f'class="align-{m.group(1)}"', html)
    return {"game": game.id, "html": html}


@router.get("/games/{game_id}/assets")
async def assets(request: Request, game_id: str) -> Response:
    """A game's static data (e.g. a board drawing); cacheable, with an ETag."""
    game = _game(request, game_id)
    raw = json.dumps(game.assets(), separators=(",", ":"), sort_keys=True).encode()
    etag = '"' + hashlib.sha256(raw).hexdigest()[:32] + '"'
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={ASSETS_MAX_AGE}"}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(raw, media_type="application/json", headers=headers)


@router.post("/tables", status_code=201)
async def create_table(request: Request) -> dict[str, Any]:
    """Create a table: game, player count, options, one entry per seat, and ``private``."""
    data = await body(request)
    game = data.get("game")
    if not isinstance(game, str):
        raise BadRequest(f"field 'game' must be a game id, got {show(game)}")
    players = field_int(data, "players")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise BadRequest("field 'options' must be an object")
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise BadRequest("field 'seats' must be a list with one entry per player")
    private = data.get("private", False)
    if not isinstance(private, bool):
        raise BadRequest(f"field 'private' must be true or false, got {show(private)}")
    client = client_of(request)
    wait = request.app.state.creations.wait(client)
    if wait:
        raise TooMany(f"too many tables created from here; try again in {wait:.0f} s")
    live, invite = await tables(request).write(
        tables(request).create, game, players, options, seats, private=private,
        creator=client_key(client))
    request.app.state.creations.count(client)
    out: dict[str, Any] = {"id": live.id, "url": f"/t/{live.id}"}
    if invite is not None:
        out["invite"] = invite
        out["url"] = f"/t/{live.id}#invite={invite}"
    return out


def challenges(request: Request) -> Challenges:
    """The app's challenges (daily and weekly deals, and their leaderboards)."""
    c: Challenges = request.app.state.challenges
    return c


BoardQuery = Annotated[int, Query(ge=0, le=MAX_BOARD)]


@router.get("/challenges")
async def list_challenges(request: Request, game: str | None = None,
                          players: Annotated[int | None, Query(ge=0, le=MAX_WHOLE)] = None,
                          limit: BoardQuery = BOARD_SIZE) -> dict[str, Any]:
    """Today's and this week's challenges (of one game, one player count) with their
    leaderboards' top ``limit`` entries."""
    return await asyncio.to_thread(challenges(request).listing, game, players, limit)


@router.post("/challenges/{challenge:path}/tables", status_code=201)
async def create_challenge_table(request: Request, challenge: str) -> dict[str, Any]:
    """Create a table for an open challenge: its deal, the game's default options, seats."""
    data = await body(request)
    seats = data.get("seats")
    if not isinstance(seats, list):
        raise BadRequest("field 'seats' must be a list with one entry per player")
    client = client_of(request)
    wait = request.app.state.creations.wait(client)
    if wait:
        raise TooMany(f"too many tables created from here; try again in {wait:.0f} s")
    live = await tables(request).write(challenges(request).create, challenge, seats,
                                       client_key(client))
    request.app.state.creations.count(client)
    return {"id": live.id, "url": f"/t/{live.id}", "challenge": challenge}


@router.get("/challenges/{challenge:path}")
async def one_challenge(request: Request, challenge: str,
                        limit: BoardQuery = MAX_BOARD) -> dict[str, Any]:
    """One challenge, open or closed, with its leaderboard (the top ``limit`` entries)."""
    return await asyncio.to_thread(challenges(request).one, challenge, limit)


@router.get("/tables")
async def list_tables(request: Request, status: str | None = None) -> list[dict[str, Any]]:
    """Summaries of the public tables, newest first."""
    if status is not None and status not in STATUSES:
        raise BadRequest(f"status must be one of {', '.join(STATUSES)}")
    return await asyncio.to_thread(tables(request).summaries, status)


@router.get("/tables/{table_id}")
async def table(request: Request, table_id: str, seat: SeatQuery = None) -> dict[str, Any]:
    """One table's summary (a damaged table's says why it cannot be played)."""
    try:
        live = await _table(request, table_id, seat)
    except Damaged as e:
        if e.summary.get("private") and not invite_of(request):
            raise NotFound(f"no table {table_id!r}") from None
        return e.summary
    with live.lock:
        return live.summary()


@router.post("/tables/{table_id}/seats/{seat}/claim")
async def claim(request: Request, table_id: str, seat: SeatPath) -> dict[str, Any]:
    """Take a free human seat; the answer holds its secret token."""
    data = await body(request)
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise BadRequest(f"field 'name' must be a string, got {show(name)}")
    invite = data.get("invite", invite_of(request))
    if invite is not None and not isinstance(invite, str):
        raise BadRequest("field 'invite' must be a string")
    token = await tables(request).write(tables(request).claim, table_id, seat, name, invite)
    return {"seat": seat, "token": token}


@router.post("/tables/{table_id}/rematch")
async def rematch(request: Request, table_id: str) -> dict[str, Any]:
    """Play again: a new table like this finished one, the asker's seat claimed at once."""
    data = await body(request)
    same_seed = data.get("same_seed", False)
    if not isinstance(same_seed, bool):
        raise BadRequest(f"field 'same_seed' must be true or false, got {show(same_seed)}")
    client = client_of(request)
    t = tables(request)
    live = t.live.get(table_id)
    if live is None or live.rematch is None:  # it may create a table: the limits apply
        wait = request.app.state.creations.wait(client)
        if wait:
            raise TooMany(f"too many tables created from here; try again in {wait:.0f} s")
    got = await t.write(t.rematch, table_id, request.headers.get("x-seat-token"), same_seed,
                        client_key(client))
    if got["created"]:
        request.app.state.creations.count(client)
    out: dict[str, Any] = {"id": got["id"], "url": f"/t/{got['id']}", "seat": got["seat"],
                           "token": got["token"], "created": got["created"]}
    if got["invite"] is not None:
        out["invite"] = got["invite"]
        out["url"] = f"/t/{got['id']}#invite={got['invite']}"
    return out


@router.get("/tables/{table_id}/state")
async def state(request: Request, table_id: str, seat: SeatQuery = None,
                since: MoveQuery = 0) -> dict[str, Any]:
    """A seat's message (view, legal actions, events); spectators omit ``seat``."""
    live = await _table(request, table_id, seat)
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
    if not isinstance(data["action"], dict):
        raise BadRequest(f"field 'action' must be an object such as {{\"kind\": ...}}, "
                         f"got {show(data['action'])}")
    try:
        expect = check_expect(data.get("n"))
    except IllegalAction as e:
        raise BadRequest(str(e)) from None
    t = tables(request)
    received = t.wall.now()  # a real-time table's clock is advanced to this moment first
    n, events = await t.write(
        t.act, table_id, seat, data["action"], request.headers.get("x-seat-token"), expect,
        False, received)
    live = t.live.get(table_id)
    if live is None:
        return {"n": n, "events": [e.to_json() for e in events if e.visible_to(seat)]}
    with live.lock:
        names = live.display_names()
        recall = live.match.state.recall
        return {"n": n, "events": [recall(e).to_json(names) for e in events
                                   if e.visible_to(seat)]}


def seat_and_move(data: dict[str, Any]) -> tuple[int, int | None]:
    """A body's ``seat`` and its optional move number ``n`` (400 when malformed)."""
    seat = field_int(data, "seat")
    try:
        return seat, check_expect(data.get("n"))
    except IllegalAction as e:
        raise BadRequest(str(e)) from None


@router.post("/tables/{table_id}/undo")
async def undo(request: Request, table_id: str) -> dict[str, Any]:
    """Take back the seat's last move, when the engine allows it; the move number after."""
    seat, expect = seat_and_move(await body(request))
    t = tables(request)
    n = await t.write(t.take_back, table_id, seat, request.headers.get("x-seat-token"), expect)
    return {"n": n}


@router.post("/tables/{table_id}/hint")
async def hint(request: Request, table_id: str) -> dict[str, Any]:
    """What the Hard bot would do now for the seat, and its estimated chance of winning.

    Thought about in the bot pool (capped by the host's ``bot_seconds``), never here;
    one hint in flight per seat. Stored as a hint, never a move; answered to the seat only.
    """
    seat, expect = seat_and_move(await body(request))
    t = tables(request)
    job = await asyncio.to_thread(t.hint_job, table_id, seat,
                                  request.headers.get("x-seat-token"), expect)
    key = (table_id, seat)
    if key in t.hinting:
        raise TooMany("a hint for this seat is being thought about already; wait for it")
    t.hinting.add(key)
    try:
        advice = await request.app.state.hub.bots.think(job)
    except BotFailed as e:
        raise BotFailed(f"no hint this time: {e}") from None
    finally:
        t.hinting.discard(key)
    n = len(job.steps)
    await t.write(t.store_hint, table_id, seat, n, advice)
    return {"n": n, "action": advice["action"], "label": str(advice["label"]),
            "chance": float(advice["chance"]), "playouts": int(advice["playouts"])}


@router.post("/tables/{table_id}/ready")
async def ready(request: Request, table_id: str) -> dict[str, Any]:
    """A seat is ready to start a real-time game (idempotent); who is ready, and the start."""
    data = await body(request)
    seat = field_int(data, "seat")
    t = tables(request)
    got = await t.write(t.ready, table_id, seat, request.headers.get("x-seat-token"),
                        t.wall.now())
    return {"ready": got}


@router.get("/tables/{table_id}/replay")
async def replay(request: Request, table_id: str, steps: str | None = None) -> Response:
    """Spectator views of a finished table, step by step (``?steps=all``: every stored step)."""
    if steps not in (None, "all"):
        raise BadRequest(f"steps may only be 'all', got {show(steps)}")
    await _table(request, table_id)
    raw = await asyncio.to_thread(tables(request).replay, table_id, steps == "all")
    return Response(raw, media_type="application/json")


def error_response(status: int, message: str,
                   headers: dict[str, str] | None = None) -> JSONResponse:
    """The JSON error body every failure uses (a long reason is cut short)."""
    return JSONResponse({"error": short_reason(message)}, status_code=status, headers=headers)
