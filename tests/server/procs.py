"""Real server processes for restart and multi-server tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``getaway serve`` in a subprocess."""

    def __init__(self, db: str, data_dir: Path, port: int | None = None,
                 bot_delay: float = 0.0, extra: list[str] | None = None) -> None:
        self.db, self.data_dir, self.bot_delay = db, data_dir, bot_delay
        self.extra = list(extra or [])  # more `getaway serve` options
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        log = open(self.data_dir / f"server-{self.port}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "getaway", "serve", "--port", str(self.port),
             "--db", self.db, "--data-dir", str(self.data_dir),
             "--bot-delay", str(self.bot_delay), *self.extra],
            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log()}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as in a crash."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        path = self.data_dir / f"server-{self.port}.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""
