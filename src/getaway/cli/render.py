"""Drawing a seat's view in the terminal, by the game's own terminal module.

``render(view)`` returns a rich renderable for the game of the view (its
``"game"`` field, or the ``game`` id given): each game's folder holds a
``terminal`` module with a ``render(view)`` function (``terminal_of`` finds it
through the registry). Games without one get a plain outline of their view
(never hidden data: the view is already redacted by the engine).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from getaway.core.errors import ConfigError
from getaway.games import registry


def terminal_of(game_id: str) -> ModuleType | None:
    """The terminal module of a registered game (``<its package>.terminal``), if it has one."""
    try:
        package = registry().get(game_id).package
    except ConfigError:
        return None
    try:
        return importlib.import_module(f"{package}.terminal")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.terminal":
            raise  # the module exists but imports something missing: a real error
        return None


def render(view: dict[str, Any], game: str | None = None) -> RenderableType:
    """The terminal drawing of a view of ``game`` (by default the view's ``"game"`` field)."""
    game_id = game if game is not None else str(view.get("game", ""))
    module = terminal_of(game_id)
    if module is None:
        return Pretty(view)
    out: RenderableType = module.render(view)
    return out
