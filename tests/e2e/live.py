"""A real ``getaway serve`` subprocess for the browser tests, and its HTTP API."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

BOT_DELAY = 0.05  # seconds: bots move almost at once, yet one at a time
START_TIMEOUT = 40.0  # seconds for a server to answer GET /api/games


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ApiError(AssertionError):
    """An HTTP answer other than 2xx from the server under test."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


class Server:
    """One ``getaway serve`` subprocess; it can be killed and started again on its port."""

    def __init__(self, data_dir: Path, log_dir: Path, bot_delay: float = BOT_DELAY,
                 bot_pace: float | None = None) -> None:
        self.data_dir = data_dir
        self.log_dir = log_dir
        self.bot_delay = bot_delay
        self.bot_pace = bot_pace  # real-time bots' pace (`serve --bot-pace`); None: the default
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        """The base URL, without a trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.log_dir / f"server-{self.port}-{self.starts}.log"

    def start(self) -> None:
        """Start the process and wait until ``GET /api/games`` answers."""
        assert self.proc is None or self.proc.poll() is not None, "the server is already running"
        first = self.proc is None
        for _ in range(3):
            self.starts += 1
            with self.log_path.open("wb") as log:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "getaway", "serve", "--host", "127.0.0.1",
                     "--port", str(self.port), "--data-dir", str(self.data_dir),
                     "--bot-delay", str(self.bot_delay), "--bot-grace", "30",
                     *(["--bot-pace", str(self.bot_pace)] if self.bot_pace is not None else [])],
                    stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            if self._wait_ready():
                return
            # it exited early: on the very first start the free port may have been
            # taken in the meantime, so try another one; a restart must keep its port
            if not first:
                break
            self.port = free_port()
        pytest.fail(f"the server did not start; its output:\n{self.log_tail()}")

    def _wait_ready(self) -> bool:
        deadline = time.monotonic() + START_TIMEOUT
        assert self.proc is not None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2) as r:
                    if r.status == 200:
                        return True
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.05)  # polling for readiness, not synchronising with the app
        self.kill()
        pytest.fail(f"the server did not answer within {START_TIMEOUT} s:\n{self.log_tail()}")

    def kill(self) -> None:
        """Kill the process at once (SIGKILL), as a crash would."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        """Stop the process politely, then firmly."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_tail(self, lines: int = 40) -> str:
        """The end of the latest log."""
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    # -- the HTTP API (see src/getaway/server/API.md) ------------------------------

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        """Call the API; returns the decoded JSON answer, raises ``ApiError`` otherwise."""
        headers = {"Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["X-Seat-Token"] = token
        req = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=15) as r:
                text = r.read().decode()
        except urllib.error.HTTPError as e:
            raise ApiError(e.code, e.read().decode(errors="replace")) from None
        return json.loads(text) if text else None

    def create_table(self, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
                     game: str = "escape-now") -> str:
        """A new table; returns its id."""
        made = self.api("POST", "/api/tables", {"game": game, "players": len(seats),
                                                "options": options or {}, "seats": seats})
        return str(made["id"])

    def claim(self, table: str, seat: int, name: str | None = None) -> str:
        """Take a human seat; returns its token."""
        return str(self.api("POST", f"/api/tables/{table}/seats/{seat}/claim",
                            {"name": name} if name else {})["token"])

    def summary(self, table: str) -> dict[str, Any]:
        return dict(self.api("GET", f"/api/tables/{table}"))

    def state(self, table: str, seat: int | None = None, token: str | None = None,
              since: int = 0) -> dict[str, Any]:
        query = f"?since={since}" + (f"&seat={seat}" if seat is not None else "")
        return dict(self.api("GET", f"/api/tables/{table}/state{query}", token=token))

    def act(self, table: str, seat: int, token: str, action: dict[str, Any],
            n: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"seat": seat, "action": action}
        if n is not None:
            body["n"] = n
        return dict(self.api("POST", f"/api/tables/{table}/actions", body, token=token))
