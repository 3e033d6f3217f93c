"""Each game's browser tests (``test_browser.py``) use the e2e fixtures."""

from tests.e2e.fixtures import browser, browsing, screenshot_dir, server, start_server

__all__ = ["browser", "browsing", "screenshot_dir", "server", "start_server"]
