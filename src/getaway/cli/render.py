"""Drawing a seat's view in the terminal, by the game's own terminal module.

``render(view)`` returns a rich renderable for the game of the view (its
``"game"`` field, or the ``game`` id given): each game's folder holds a
``terminal`` module with a ``render(view)`` function (``terminal_of`` finds it
through the registry). Games without one get a plain outline of their view
(never hidden data: the view is already redacted by the engine).

A decision screen fits a terminal of :data:`SCREEN_COLUMNS` x :data:`SCREEN_ROWS`:
a game's ``render`` draws a compact table of at most :data:`TABLE_ROWS` rows
(:func:`fit` keeps the most important panels), the rest stays behind the
module's ``KEYS`` (``{"m": ("the map", draw)}``: a letter the person types in
the menu to see ``draw(view)``).
"""

from __future__ import annotations

import importlib
import inspect
import io
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.pretty import Pretty

from getaway.core.errors import ConfigError
from getaway.games import registry

SCREEN_COLUMNS = 120
SCREEN_ROWS = 40
TABLE_ROWS = 24
"""A game's compact table leaves room for a menu of 15 entries and the prompt."""


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


def render(view: dict[str, Any], game: str | None = None,
           limit: int | None = None) -> RenderableType:
    """The terminal drawing of a view of ``game`` (by default the view's ``"game"`` field), in
    at most ``limit`` rows if given (and the game's ``render`` takes it)."""
    game_id = game if game is not None else str(view.get("game", ""))
    module = terminal_of(game_id)
    if module is None:
        return Pretty(view)
    if limit is not None and "limit" in inspect.signature(module.render).parameters:
        limited: RenderableType = module.render(view, limit=limit)
        return limited
    out: RenderableType = module.render(view)
    return out


def rows(part: RenderableType, width: int = SCREEN_COLUMNS) -> int:
    """How many lines ``part`` takes on a terminal ``width`` columns wide."""
    c = Console(width=width, file=io.StringIO(), color_system=None)
    return len(c.render_lines(part, c.options, pad=False))


def fit(parts: Sequence[tuple[int, RenderableType | None]], limit: int = TABLE_ROWS,
        width: int = SCREEN_COLUMNS) -> Group:
    """The parts in their order, leaving out those that do not fit in ``limit`` rows.

    Each part comes with its rank: 0 is always drawn (the header, the prompt, the game
    over), then 1, 2, ... as long as they fit; a part of None is left out.
    """
    sizes = {i: rows(p, width) for i, (_, p) in enumerate(parts) if p is not None}
    used = sum(n for i, n in sizes.items() if parts[i][0] == 0)
    keep = {i for i in sizes if parts[i][0] == 0}
    for i in sorted((i for i in sizes if parts[i][0] > 0), key=lambda i: (parts[i][0], i)):
        if used + sizes[i] <= limit:
            keep.add(i)
            used += sizes[i]
    return Group(*(p for i, (_, p) in enumerate(parts) if i in keep and p is not None))
