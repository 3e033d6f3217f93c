"""Events: what an applied action caused, for logs and animation.

An event has a machine-readable ``kind``, JSON ``data`` and a human ``text``,
said by the game's words module (``Event.said``: a sentence with typed
references, so that clients name seats their own way and never reword it).
Some events carry secrets (the cards a seat drew); those name the seats that
may see them, and :func:`visible` filters a list for one seat. A past event
is read back from a log through ``State.recall``, which may redact what the
players must by now remember rather than read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from getaway.core.words import Sentence

GAME_OVER = "game_over"
#: Event kinds every game has, made by the core (each game declares its own besides).
CORE_EVENT_KINDS: Mapping[str, str] = {GAME_OVER: "the game ended; its data is the outcome"}


class Event:
    """One thing that happened. ``seats`` is None for a public event.

    ``words``, when given, is the sentence the ``text`` is rendered from: its
    template and typed references (seats, places, cards, pieces, amounts), so
    a client can name the seats its own way (:meth:`told`) and highlight what
    the sentence names, without ever rewording it. Build such events with
    :meth:`said`; their text is rendered only when someone reads it (playouts
    and searches, which make millions of events, never do).
    """

    __slots__ = ("_text", "data", "kind", "seats", "words")

    def __init__(self, kind: str, text: str = "", data: dict[str, Any] | None = None,
                 seats: tuple[int, ...] | None = None, words: Sentence | None = None) -> None:
        self.kind = kind
        self._text: str | None = text if words is None else None
        self.data: dict[str, Any] = {} if data is None else data
        self.seats = seats
        self.words = words

    @classmethod
    def said(cls, kind: str, words: Sentence, data: dict[str, Any] | None = None,
             seats: tuple[int, ...] | None = None) -> Event:
        """An event whose text is ``words`` with the game's own names for the seats."""
        e = cls.__new__(cls)  # as ``cls(kind, "", data, seats, words)``, in one call
        e.kind = kind
        e._text = None
        e.data = {} if data is None else data
        e.seats = seats
        e.words = words
        return e

    @property
    def text(self) -> str:
        """The sentence, with the game's own names for the seats."""
        if self._text is None:
            self._text = self.words.text() if self.words is not None else ""
        return self._text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.text, self.data, self.seats) == (
            other.kind, other.text, other.data, other.seats)

    def __hash__(self) -> int:
        return hash((self.kind, self.text, self.seats))

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, {self.data!r}, {self.seats!r})"

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event."""
        return self.seats is None or (seat is not None and seat in self.seats)

    def told(self, names: Mapping[int, str] | None = None) -> str:
        """The text, with the seats named by ``names`` (index -> name) where given."""
        return self.words.text(names) if self.words is not None and names else self.text

    def to_json(self, names: Mapping[int, str] | None = None) -> dict[str, Any]:
        """``{"kind", "text", "data"}``, and ``"template"``, ``"args"`` for a said event.

        ``names`` names the seats in ``text`` (visibility is the caller's business).
        """
        out: dict[str, Any] = {"kind": self.kind, "text": self.told(names), "data": self.data}
        if self.words is not None:
            out.update(self.words.to_json())
        return out


def visible(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events that ``seat`` may see."""
    return [e for e in events if e.visible_to(seat)]
