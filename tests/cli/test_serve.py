"""``getaway serve``: its options reach the server's settings (no server is started)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

import getaway.server.app as server_app
from getaway.cli import app
from getaway.server.settings import Settings

runner = CliRunner()


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What ``serve`` would have started: the settings and uvicorn's arguments."""
    seen: dict[str, Any] = {}

    def create_app(settings: Settings) -> str:
        seen["settings"] = settings
        return "the app"

    def run(web: str, **kwargs: Any) -> None:
        seen["app"] = web
        seen.update(kwargs)

    monkeypatch.setattr(server_app, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", run)
    return seen


def test_serve_passes_bot_delay_and_bot_pace(served: dict[str, Any], tmp_path: Path) -> None:
    r = runner.invoke(app, ["serve", "--port", "8123", "--data-dir", str(tmp_path),
                            "--bot-delay", "0.2", "--bot-pace", "0.5"])
    assert r.exit_code == 0, r.output
    settings = served["settings"]
    assert settings.bot_delay == 0.2 and settings.bot_pace == 0.5
    assert str(tmp_path) in settings.db_url
    assert served["app"] == "the app" and served["port"] == 8123


def test_serve_defaults_and_checks_bot_pace(served: dict[str, Any], tmp_path: Path) -> None:
    r = runner.invoke(app, ["serve", "--data-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert served["settings"].bot_pace == 1.0 and served["settings"].bot_delay == 0.6
    bad = runner.invoke(app, ["serve", "--data-dir", str(tmp_path), "--bot-pace", "-1"])
    assert bad.exit_code == 2 and "bot-pace" in bad.output
    text = runner.invoke(app, ["serve", "--help"]).output
    assert "--bot-pace" in text and "Real-time games" in text


def test_serve_passes_the_hosts_limits(served: dict[str, Any], tmp_path: Path) -> None:
    r = runner.invoke(app, ["serve", "--data-dir", str(tmp_path), "--bot-seconds", "0.8",
                            "--bot-workers", "3", "--tables-per-minute", "5",
                            "--client-tables", "4", "--table-sockets", "9",
                            "--client-sockets", "7", "--allow-origin", "https://example.org"])
    assert r.exit_code == 0, r.output
    s = served["settings"]
    assert (s.bot_seconds, s.bot_workers, s.tables_per_minute, s.client_tables) == (0.8, 3, 5, 4)
    assert (s.table_sockets, s.client_sockets) == (9, 7)
    assert s.allowed_origins == ("https://example.org",)
    defaults = runner.invoke(app, ["serve", "--data-dir", str(tmp_path)])
    assert defaults.exit_code == 0
    assert served["settings"].bot_seconds == 1.5 and served["settings"].workers >= 1
    bad = runner.invoke(app, ["serve", "--data-dir", str(tmp_path), "--bot-seconds", "0"])
    assert bad.exit_code == 2 and "bot-seconds" in bad.output


def test_a_corrupt_database_stops_serve_with_one_clear_line(tmp_path: Path) -> None:
    """Random bytes where the SQLite file should be: one line naming the file, no traceback."""
    (tmp_path / "getaway.db").write_bytes(bytes(range(256)) * 80)
    r = runner.invoke(app, ["serve", "--data-dir", str(tmp_path), "--port", "0"])
    assert r.exit_code == 2, r.output
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert len(lines) == 1, r.output
    assert str(tmp_path / "getaway.db") in lines[0] and "not a database" in lines[0]
    assert "move it away or restore a backup" in lines[0] and "Traceback" not in r.output


def test_an_unreachable_postgresql_stops_serve_with_one_clear_line(tmp_path: Path) -> None:
    r = runner.invoke(app, ["serve", "--data-dir", str(tmp_path), "--port", "0",
                            "--db", "postgresql+psycopg://nobody:secret@127.0.0.1:9/none"])
    assert r.exit_code == 2, r.output
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "PostgreSQL database none on 127.0.0.1" in lines[0], r.output
    assert "secret" not in r.output and "Traceback" not in r.output
