"""Applying the Alembic migrations when a server starts.

On PostgreSQL an advisory lock makes several servers starting at once take
turns, so the schema is upgraded exactly once.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

from getaway.store.db import is_postgres

SCRIPTS = Path(__file__).parent / "migrations"
LOCK_KEY = 74_657_020_340  # any constant shared by every getaway server


def upgrade(engine: Engine) -> None:
    """Bring the schema up to the latest revision."""
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
