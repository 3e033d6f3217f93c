"""Connecting to the store: SQLite by default, PostgreSQL for several servers.

SQLite runs in WAL mode with ``BEGIN IMMEDIATE`` transactions, so writers are
serialized by the database and readers never block; a committed move survives
the server process being killed. PostgreSQL serializes moves per table with
``SELECT ... FOR UPDATE`` on the table's row.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

from getaway.core.errors import ConfigError, GetawayError


class StoreError(GetawayError):
    """The database cannot be opened or read (a corrupt file, a server that is down)."""


def default_url(data_dir: str | Path) -> str:
    """The embedded default: a SQLite file in the data directory."""
    path = Path(data_dir).resolve()
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path / 'getaway.db'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; ``ConfigError`` if the URL is not one we support."""
    try:
        parsed = make_url(url)
    except Exception as e:  # SQLAlchemy raises ArgumentError for a malformed URL
        raise ConfigError(f"--db {url!r} is not a database URL: {e}") from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               pool_size=8, max_overflow=8)
        _sqlite_setup(engine)
        return engine
    if backend == "postgresql":
        if parsed.drivername != "postgresql+psycopg":
            raise ConfigError("use a postgresql+psycopg://... URL for PostgreSQL")
        return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
    raise ConfigError(f"unsupported database {backend!r}; use sqlite or postgresql+psycopg")


def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # let us issue BEGIN ourselves
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        # Writers take the write lock up front; readers (see ``readers``) never block anyone.
        mode = conn.get_execution_options().get("sqlite_begin", "IMMEDIATE")
        conn.exec_driver_sql(f"BEGIN {mode}")


def describe(url: str) -> str:
    """Where a database URL points, for people: the SQLite file, or host/name (no password)."""
    try:
        parsed = make_url(url)
    except Exception:
        return "the database"
    if parsed.get_backend_name() == "sqlite":
        return f"the SQLite file {parsed.database}"
    return f"the PostgreSQL database {parsed.database} on {parsed.host or 'localhost'}"


def is_postgres(engine: Engine) -> bool:
    """Whether the engine talks to PostgreSQL."""
    return engine.dialect.name == "postgresql"


def session_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions for writing; loaded objects stay usable after commit."""
    return sessionmaker(engine, expire_on_commit=False)


def reader_factory(engine: Engine) -> sessionmaker[Session]:
    """Sessions for reading only: on SQLite they take no write lock."""
    return sessionmaker(engine.execution_options(sqlite_begin="DEFERRED"),
                        expire_on_commit=False)
