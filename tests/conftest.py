"""Markers for the whole suite: every test driving a browser is ``slow``.

``make check`` runs the tests that are not slow; ``make test`` runs them all.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses the browser (Playwright and Chromium) as slow."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
