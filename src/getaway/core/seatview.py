"""A seat's view built part by part, on first read: what heuristics read instead of the
whole ``State.view`` (only the parts they use are built)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar


class SeatView(dict[str, Any]):
    """The view of ``seat`` (None: a spectator) built key by key on first read.

    A game subclasses it with its ``sections`` -- each key of its view and how it
    is built, in the view's order -- so reading a key gives exactly what the full
    view holds there, built from the state as it is at that moment: use it at once,
    while the state stands still. Only plain ``v[key]`` reads build a key (``get``
    and iteration see only the keys read so far).
    """

    __slots__ = ("_s", "_seat")
    sections: ClassVar[Mapping[str, Callable[[Any, int | None], Any]]] = {}

    def __init__(self, s: Any, seat: int | None) -> None:
        super().__init__()
        self._s = s
        self._seat = seat

    def __missing__(self, key: str) -> Any:
        value = self[key] = self.sections[key](self._s, self._seat)
        return value
