"""The HTML pages: the lobby, a table, a replay (static files; the data comes from the API)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).resolve().parent.parent / "static"
router = APIRouter()


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
