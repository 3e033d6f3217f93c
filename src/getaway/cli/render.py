"""Drawing a seat's view in the terminal, one module per game.

``render(view)`` returns a rich renderable for the game of the view; each game
adds a module under ``getaway.cli.views`` with a ``render(view)`` function.
Games without one get a plain outline of their view (never hidden data: the
view is already redacted by the engine).
"""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty


def render(view: dict[str, Any]) -> RenderableType:
    """The terminal drawing of a view."""
    module_name = "getaway.cli.views." + str(view.get("game", "")).replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return Pretty(view)
    out: RenderableType = module.render(view)
    return out
