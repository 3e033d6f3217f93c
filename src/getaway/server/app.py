"""The web application: FastAPI on uvicorn, the store, live tables and bots.

``create_app(settings)`` builds it; ``getaway serve`` runs it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from getaway import __version__
from getaway.core.errors import ConfigError, GetawayError, IllegalAction, RecordError
from getaway.core.registry import Registry
from getaway.games import registry as all_games
from getaway.server.hub import Hub
from getaway.server.limits import BodyLimit
from getaway.server.routes import api, pages, ws
from getaway.server.routes.pages import STATIC
from getaway.server.settings import Settings
from getaway.server.tables import Conflict, Forbidden, NotFound, Tables
from getaway.server.wall import Wall
from getaway.store.db import make_engine
from getaway.store.migrate import upgrade

STATUS: list[tuple[type[GetawayError], int]] = [
    (NotFound, 404), (Forbidden, 403), (Conflict, 409), (IllegalAction, 422),
    (api.BadRequest, 400), (ConfigError, 400), (RecordError, 400), (GetawayError, 400),
]


def create_app(settings: Settings, registry: Registry | None = None,
               wall: Wall | None = None) -> FastAPI:
    """The app for these settings; migrates the database schema first.

    ``registry`` replaces the registry of every game and ``wall`` the wall clock
    (tests pass fakes).
    """
    engine = make_engine(settings.db_url)
    upgrade(engine)
    wall = wall or Wall()
    tables = Tables(engine, registry or all_games(), wall=wall, clock_gap=settings.clock_gap)
    hub = Hub(tables, settings.bot_delay, wall, settings.clock_tick, settings.bot_pace)
    tables.on_change = hub.changed

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.start(asyncio.get_running_loop())
        yield
        hub.stop()
        engine.dispose()

    app = FastAPI(title="getaway", version=__version__, lifespan=lifespan)
    app.state.settings = settings
    app.state.tables = tables
    app.state.hub = hub

    @app.exception_handler(GetawayError)
    async def _engine_error(request: Request, exc: GetawayError) -> JSONResponse:
        status = next(code for cls, code in STATUS if isinstance(exc, cls))
        return api.error_response(status, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _bad_fields(request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        return api.error_response(400, f"bad request: {where}")

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        return api.error_response(exc.status_code, str(exc.detail))

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, limit=settings.max_body)
    return app
