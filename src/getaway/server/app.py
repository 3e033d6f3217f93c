"""The web application: FastAPI on uvicorn, the store, live tables and bots.

``create_app(settings)`` builds it; ``getaway serve`` runs it. Every answer
that is not a success is ``{"error": "..."}`` with the status code API.md
gives, whatever went wrong -- a bad request, a damaged table, a failing
store, or a bug (500, logged).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException

from getaway import __version__
from getaway.core.errors import ConfigError, GetawayError, IllegalAction, RecordError
from getaway.core.registry import Registry
from getaway.games import registry as all_games
from getaway.server.botpool import BotFailed, BotPool
from getaway.server.challenges import Challenges
from getaway.server.clients import RateLimit
from getaway.server.hub import Hub, HubLimits
from getaway.server.inputs import BadRequest
from getaway.server.limits import BodyLimit
from getaway.server.routes import api, pages, ws
from getaway.server.routes.pages import STATIC
from getaway.server.security import SecurityHeaders, headers_for
from getaway.server.settings import Settings
from getaway.server.tables import Conflict, Forbidden, NotFound, Tables, TooMany
from getaway.server.wall import Wall
from getaway.store.db import StoreError, make_engine
from getaway.store.migrate import upgrade

log = logging.getLogger("getaway.server")

STATUS: list[tuple[type[GetawayError], int]] = [
    (NotFound, 404), (Forbidden, 403), (Conflict, 409), (TooMany, 429), (IllegalAction, 422),
    (BadRequest, 400), (ConfigError, 400), (RecordError, 400), (StoreError, 503),
    (BotFailed, 503),
    (GetawayError, 400),
]


def create_app(settings: Settings, registry: Registry | None = None,
               wall: Wall | None = None) -> FastAPI:
    """The app for these settings; migrates the database schema first.

    ``registry`` replaces the registry of every game and ``wall`` the wall clock
    (tests pass fakes). Raises ``StoreError`` when the database cannot be used.
    """
    engine = make_engine(settings.db_url)
    upgrade(engine)
    wall = wall or Wall()
    tables = Tables(engine, registry or all_games(), wall=wall, clock_gap=settings.clock_gap,
                    bot_seconds=settings.bot_seconds, client_tables=settings.client_tables)
    bots = BotPool(settings.workers, settings.bot_seconds, grace=settings.bot_grace,
                   games=registry)
    limits = HubLimits(table_sockets=settings.table_sockets,
                       client_sockets=settings.client_sockets,
                       idle_seconds=settings.idle_seconds)
    hub = Hub(tables, settings.bot_delay, wall, settings.clock_tick, settings.bot_pace,
              bots=bots, limits=limits)
    tables.on_change = hub.changed

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.start(asyncio.get_running_loop())
        if settings.freeze:
            # What exists now -- code, the games' content, the app -- lives as long as the
            # server: keep it out of the collector's full passes, which otherwise scan it
            # all every few seconds under load (pauses of up to 100 ms at 200 tables).
            gc.collect()
            gc.freeze()
        yield
        hub.stop()
        engine.dispose()

    app = FastAPI(title="getaway", version=__version__, lifespan=lifespan)
    app.state.settings = settings
    app.state.tables = tables
    app.state.challenges = Challenges(tables)
    app.state.hub = hub
    app.state.creations = RateLimit(settings.tables_per_minute)

    @app.exception_handler(GetawayError)
    async def _engine_error(request: Request, exc: GetawayError) -> JSONResponse:
        status = next(code for cls, code in STATUS if isinstance(exc, cls))
        headers = {"Retry-After": "60"} if status == 429 else None
        return api.error_response(status, str(exc), headers)

    @app.exception_handler(RequestValidationError)
    async def _bad_fields(request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        return api.error_response(400, f"bad request: {where[:300]}")

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        return api.error_response(exc.status_code, str(exc.detail))

    @app.exception_handler(SQLAlchemyError)
    async def _store(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.error("the store failed on %s %s: %s", request.method, request.url.path, exc)
        return api.error_response(503, "the game store cannot be read or written right now; "
                                       "try again later")

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        # sent from Starlette's outermost middleware, outside SecurityHeaders: add them here
        return api.error_response(500, "the server failed on this request (a bug, logged)",
                                  headers_for(request.scope))

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(SecurityHeaders)
    return app
