"""Actions: small frozen value objects, and each game's fixed action space.

An action is a frozen dataclass whose fields are primitive values. It has a
stable JSON form (``{"kind": "move", "puzzle": 2}``), a short human label, and
an index in its game's :class:`ActionSpace` (used for masks and RL).

Example::

    >>> from dataclasses import dataclass
    >>> @action("pass")
    ... @dataclass(frozen=True, slots=True)
    ... class Pass(Action):
    ...     def label(self) -> str:
    ...         return "pass"
    >>> space = ActionSpace([Pass()])
    >>> space.index(Pass()), space.from_json({"kind": "pass"})
    (0, Pass())
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from getaway.core.errors import IllegalAction

JSON = dict[str, Any]


class Action:
    """Base class of every action; subclasses are frozen dataclasses."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_json(self) -> JSON:
        """The stable JSON form: ``{"kind": ..., field: value, ...}``."""
        out: JSON = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = getattr(self, f.name)
        return out

    def label(self) -> str:
        """A short human-readable label; games override it."""
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        if not fields:
            return self.kind
        args = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in fields)
        return f"{self.kind}({args})"

    def __str__(self) -> str:
        return self.label()


A = TypeVar("A", bound=type[Action])


def action(kind: str) -> Callable[[A], A]:
    """Class decorator giving an action class its JSON ``kind``."""

    def deco(cls: A) -> A:
        cls.kind = kind
        return cls

    return deco


class ActionSpace:
    """The fixed, ordered list of every action a game can ever offer.

    Actions are interned: ``space[i]`` and ``space.from_json(...)`` return the
    same object each time, so engines may compare actions by identity.
    """

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self._index: dict[Action, int] = {}
        self._kinds: dict[str, type[Action]] = {}
        for i, a in enumerate(self._actions):
            if a in self._index:
                raise ValueError(f"duplicate action in action space: {a!r}")
            if not a.kind:
                raise ValueError(f"action class {type(a).__name__} has no kind")
            known = self._kinds.setdefault(a.kind, type(a))
            if known is not type(a):
                raise ValueError(f"two action classes share the kind {a.kind!r}")
            self._index[a] = i

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    def __iter__(self) -> Any:
        return iter(self._actions)

    def index(self, a: Action) -> int:
        """The fixed index of an action; raises ``IllegalAction`` if unknown."""
        try:
            return self._index[a]
        except (KeyError, TypeError):
            raise IllegalAction(f"{a!r} is not an action of this game") from None

    def intern(self, a: Action) -> Action:
        """The space's own object equal to ``a``."""
        return self._actions[self.index(a)]

    def mask(self, legal: Sequence[Action]) -> list[bool]:
        """A boolean list over the whole space, true where the action is legal."""
        out = [False] * len(self._actions)
        for a in legal:
            out[self._index[a]] = True
        return out

    def from_json(self, data: Any) -> Action:
        """Parse ``{"kind": ..., ...}`` into the interned action, or raise ``IllegalAction``."""
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be a JSON object, got {data!r}")
        kind = data.get("kind")
        cls = self._kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self._kinds))
            raise IllegalAction(f"unknown action kind {kind!r}; this game knows: {known}")
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        extra = set(data) - names - {"kind"}
        if extra:
            raise IllegalAction(f"action {kind!r} has unknown fields {sorted(extra)}")
        missing = names - set(data)
        if missing:
            raise IllegalAction(f"action {kind!r} lacks fields {sorted(missing)}")
        try:
            found = self.intern(cls(**{n: data[n] for n in names}))
        except (TypeError, IllegalAction):
            found = None
        # JSON true equals 1 in Python; insist on the exact field types too.
        if found is None or any(type(data[n]) is not type(getattr(found, n)) for n in names):
            raise IllegalAction(f"no action of this game matches {dict(data)!r}")
        return found
