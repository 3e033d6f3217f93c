"""Events: what an applied action caused, for logs and animation.

An event has a machine-readable ``kind``, JSON ``data`` and a human ``text``.
Some events carry secrets (the cards a seat drew); those name the seats that
may see them, and :func:`visible` filters a list for one seat. A past event
is read back from a log through ``State.recall``, which may redact what the
players must by now remember rather than read.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``seats`` is None for a public event."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "text", "data"}`` (visibility is the caller's business)."""
        return {"kind": self.kind, "text": self.text, "data": self.data}


def visible(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events that ``seat`` may see."""
    return [e for e in events if e.visible_to(seat)]
