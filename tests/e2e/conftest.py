"""The browser tests' fixtures (``tests/e2e/fixtures.py``)."""

from tests.e2e.fixtures import browser, browsing, screenshot_dir, server, start_server

__all__ = ["browser", "browsing", "screenshot_dir", "server", "start_server"]
