"""The HTML pages: the lobby, a table, a replay (static files; the data comes from the API).

Each game's browser module and styles live in the game's own folder (``web/``)
and are served at ``/static/games/<game id>.js`` and ``.css``, found through
the registry.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from getaway.core.errors import ConfigError
from getaway.server.live import NotFound

STATIC = Path(__file__).resolve().parent.parent / "static"
GAME_FILE = re.compile(r"^(?P<game>[a-z0-9][a-z0-9-]*)\.(?P<ext>js|css)$")
router = APIRouter()


def web_folder(package: str) -> Path:
    """The ``web/`` folder of a game's package."""
    module = importlib.import_module(package)
    return Path(module.__file__ or "").resolve().parent / "web"


@router.get("/static/games/{name}", include_in_schema=False)
async def game_file(request: Request, name: str) -> FileResponse:
    """A game's browser module or stylesheet, from its folder."""
    found = GAME_FILE.match(name)
    if found is None:
        raise NotFound(f"no game file {name!r}")
    try:
        game = request.app.state.tables.registry.get(found["game"])
    except ConfigError:
        raise NotFound(f"no game file {name!r}") from None
    path = web_folder(game.package) / name
    if not path.is_file():
        raise NotFound(f"no game file {name!r}")
    return FileResponse(path, media_type="text/javascript" if found["ext"] == "js"
                        else "text/css")


@router.get("/", include_in_schema=False)
async def lobby() -> FileResponse:
    """The lobby."""
    return FileResponse(STATIC / "index.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> FileResponse:
    """A table (the page reads the id from its address)."""
    return FileResponse(STATIC / "table.html")


@router.get("/t/{table_id}/replay", include_in_schema=False)
async def replay_page(table_id: str) -> FileResponse:
    """The replay of a finished table."""
    return FileResponse(STATIC / "replay.html")
