"""Fixtures for the browser end-to-end tests: a real server and headless Chromium.

They serve ``tests/e2e`` and each game's ``test_browser.py`` (their conftest
files import them); every test using the browser is marked ``slow``
(``tests/conftest.py``).

The server is a real ``getaway serve`` subprocess on a free port with a fresh
data directory; the browser is Debian's Chromium driven by Playwright's sync
API (no ``playwright install``: its download cannot work here). When Chromium
is missing the tests skip, or fail when ``GETAWAY_REQUIRE_ALL=1`` (as CI sets).
``GETAWAY_CHROMIUM`` names another Chromium binary; ``GETAWAY_SCREENSHOTS`` a
directory for the screenshots (default: the test's tmp_path).

Playwright's sync API keeps an event loop marked as running in this thread
while it is started, which breaks ``asyncio.run`` in other tests run by the
same worker; so the browser lives per module, never per session.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from tests.e2e.driver import TIMEOUT_MS, Browsing
from tests.e2e.live import BOT_DELAY, Server

CHROMIUM = Path(os.environ.get("GETAWAY_CHROMIUM", "/usr/bin/chromium"))  # Debian's
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
REQUIRE_ALL = os.environ.get("GETAWAY_REQUIRE_ALL") == "1"


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers (``start_server(bot_delay=..., bot_pace=...)``); every one is stopped
    at the end."""
    servers: list[Server] = []

    def start(bot_delay: float = BOT_DELAY, bot_pace: float | None = None) -> Server:
        k = len(servers)
        data = tmp_path / f"data-{k}"
        data.mkdir()
        srv = Server(data, tmp_path, bot_delay, bot_pace)
        servers.append(srv)
        srv.start()
        return srv

    yield start
    for srv in servers:
        srv.stop()
        if srv.proc is not None and srv.proc.returncode not in (0, -9, -15, None):
            print(f"server on port {srv.port} exited with {srv.proc.returncode}:\n"
                  f"{srv.log_tail()}")


@pytest.fixture
def server(start_server: Callable[..., Server]) -> Server:
    """A fresh server with quick bots."""
    return start_server()


# -- the browser ---------------------------------------------------------------------

def _need_chromium() -> None:
    if CHROMIUM.exists():
        return
    reason = f"{CHROMIUM} is missing (apt-get install chromium); the browser tests need it"
    if REQUIRE_ALL:
        pytest.fail(f"{reason}, and GETAWAY_REQUIRE_ALL=1 forbids skipping them")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium, shared by the tests of one module."""
    _need_chromium()
    expect.set_options(timeout=TIMEOUT_MS)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def browsing(browser: Browser) -> Iterator[Browsing]:
    """Open pages with ``browsing.page(server.url, "Ann")``; uncaught page errors fail the test."""
    b = Browsing(browser)
    yield b
    b.close()
    if b.console:
        print("browser console:\n" + "\n".join(b.console[-30:]))
    if b.errors:
        pytest.fail("uncaught errors in the pages:\n" + "\n".join(b.errors))
    refused = [m for m in b.console if "Content Security Policy" in m]
    if refused:
        pytest.fail("the pages broke their Content-Security-Policy:\n" + "\n".join(refused))
    broken = [m for m in b.console if "getaway: the game module" in m]
    if broken:
        pytest.fail("a game's browser module failed to load:\n" + "\n".join(broken))


@pytest.fixture
def screenshot_dir(tmp_path: Path) -> Path:
    """Where screenshots go: $GETAWAY_SCREENSHOTS, or the test's tmp_path."""
    where = os.environ.get("GETAWAY_SCREENSHOTS")
    path = Path(where) if where else tmp_path / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path
