"""Drawing a seat's view in the terminal, one module per game.

``render(view)`` returns a rich renderable for the game of the view (its
``"game"`` field, or the ``game`` id given); each game adds a module under
``getaway.cli.views`` with a ``render(view)`` function.
Games without one get a plain outline of their view (never hidden data: the
view is already redacted by the engine).
"""

from __future__ import annotations

import importlib
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty


def render(view: dict[str, Any], game: str | None = None) -> RenderableType:
    """The terminal drawing of a view of ``game`` (by default the view's ``"game"`` field)."""
    game_id = game if game is not None else str(view.get("game", ""))
    module_name = "getaway.cli.views." + game_id.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        return Pretty(view)
    out: RenderableType = module.render(view)
    return out
