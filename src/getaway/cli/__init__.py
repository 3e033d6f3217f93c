"""The command line and the terminal interface (``getaway``)."""

from __future__ import annotations

from getaway.cli.app import app, main

__all__ = ["app", "main"]
