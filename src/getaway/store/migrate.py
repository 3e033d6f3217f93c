"""Applying the Alembic migrations when a server starts.

On PostgreSQL an advisory lock makes several servers starting at once take
turns, so the schema is upgraded exactly once.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from getaway.store.db import StoreError, describe, is_postgres

SCRIPTS = Path(__file__).parent / "migrations"
LOCK_KEY = 74_657_020_340  # any constant shared by every getaway server


def upgrade(engine: Engine) -> None:
    """Bring the schema up to the latest revision.

    Raises :class:`StoreError` in one sentence (which database, what went wrong,
    what to do) when the database cannot be opened or read.
    """
    try:
        _upgrade(engine)
    except DBAPIError as e:
        where = describe(engine.url.render_as_string(hide_password=True))
        reason = str(e.orig).strip().splitlines()[0] if e.orig is not None else str(e)
        advice = ("check that the PostgreSQL server is running and that the URL, user and "
                  "password are right" if is_postgres(engine) else
                  "if it is damaged, move it away or restore a backup")
        raise StoreError(f"{where} cannot be used ({reason}); {advice}, then start again"
                         ) from None


def _upgrade(engine: Engine) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    with engine.connect() as conn:
        if is_postgres(engine):
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": LOCK_KEY})
            conn.commit()
        try:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
            conn.commit()
        finally:
            if is_postgres(engine):
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": LOCK_KEY})
                conn.commit()
