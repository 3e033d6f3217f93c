"""What a terminal view looks like as plain text, for the per-game terminal tests."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from getaway.cli.render import render, terminal_of


def screen_text(view: dict[str, Any], game: str, width: int = 100, whole: bool = True) -> str:
    """The text a ``width``-column terminal shows for ``view`` of ``game`` (no colour): the
    whole table (what the ``t`` key draws), or with ``whole=False`` the compact table drawn
    before each decision."""
    c = Console(width=width, record=True, color_system=None, file=io.StringIO())
    keys = getattr(terminal_of(game), "KEYS", {})
    c.print(keys["t"][1](view) if whole and "t" in keys else render(view, game))
    return c.export_text()


def flat(text: str) -> str:
    """The text without box borders and with single spaces (panels wrap words)."""
    return " ".join(text.replace("│", " ").split())
