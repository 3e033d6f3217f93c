"""The command line and the terminal interface (``getaway``)."""

from __future__ import annotations

from getaway.cli import compare as _compare  # noqa: F401  (registers the command)
from getaway.cli import report as _report  # noqa: F401  (registers the command)
from getaway.cli import tournament as _tournament  # noqa: F401  (registers the command)
from getaway.cli.app import app, main

__all__ = ["app", "main"]
