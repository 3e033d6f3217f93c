"""What a terminal view looks like as plain text, for the per-game terminal tests."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from getaway.cli.render import render


def screen_text(view: dict[str, Any], game: str, width: int = 100) -> str:
    """The text a ``width``-column terminal shows for ``view`` of ``game`` (no colour)."""
    c = Console(width=width, record=True, color_system=None, file=io.StringIO())
    c.print(render(view, game))
    return c.export_text()


def flat(text: str) -> str:
    """The text without box borders and with single spaces (panels wrap words)."""
    return " ".join(text.replace("│", " ").split())
