"""Fixtures for the web app: SQLite always, PostgreSQL when the CI provides it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from getaway.core.registry import Registry
from getaway.server.app import create_app
from getaway.server.settings import Settings

PG_URL = os.environ.get("GETAWAY_TEST_PG")
REQUIRE_ALL = os.environ.get("GETAWAY_REQUIRE_ALL") == "1"


def reset_postgres(url: str) -> None:
    """Empty this test worker's schema."""
    schema = _schema()
    engine = create_engine(PG_URL or url)
    with engine.begin() as conn:
        conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    engine.dispose()


def _schema() -> str:
    return "test_" + os.environ.get("PYTEST_XDIST_WORKER", "main")


def need_postgres() -> str:
    """A URL for this test worker's own schema; skips (fails under CI) without PostgreSQL."""
    if not PG_URL:
        if REQUIRE_ALL:
            pytest.fail("GETAWAY_TEST_PG is not set; .ci/run starts PostgreSQL and sets it")
        pytest.skip("no PostgreSQL (set GETAWAY_TEST_PG, as .ci/run does)")
    sep = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{sep}options=-csearch_path%3D{_schema()}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    url = need_postgres()
    reset_postgres(url)
    return url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database."""
    return f"sqlite:///{tmp_path / 'test.db'}"


@pytest.fixture
def make_client() -> Iterator[Callable[..., TestClient]]:
    """Build TestClients (entered) for a database URL; all are closed at the end."""
    clients: list[TestClient] = []

    def make(url: str, bot_delay: float = 0.0, registry: Registry | None = None,
             **settings: Any) -> TestClient:
        app = create_app(Settings(db_url=url, bot_delay=bot_delay, **settings), registry=registry)
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for c in clients:
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    """A client of an app on a fresh SQLite database, bots moving at once."""
    return make_client(sqlite_url)
