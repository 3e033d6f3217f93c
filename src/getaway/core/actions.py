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
        self._fields: dict[type[Action], tuple[str, ...]] = {
            cls: field_names(cls) for cls in self._kinds.values()}

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
            raise IllegalAction(f"{describe(a)} is not an action of this game") from None

    def intern(self, a: Action) -> Action:
        """The space's own object equal to ``a``."""
        return self._actions[self.index(a)]

    def find(self, a: object) -> Action | None:
        """The space's own action equal to ``a`` field by field, types included, else None.

        Never raises and runs no game code: ``a`` may be anything a caller built
        (``Enter(999)``, ``Go("x")``, ``Place(True, 0, 0)`` where ``True == 1``).
        """
        try:
            i: int | None = self._index.get(a)  # type: ignore[call-overload]
        except TypeError:  # an unhashable field (a list, a dict)
            return None
        if i is None:
            return None
        found: Action = self._actions[i]
        if type(a) is type(found) and same_types(a, found, self._fields[type(found)]):
            return self._actions[i]
        return None

    def mask(self, legal: Sequence[Action]) -> list[bool]:
        """A boolean list over the whole space, true where the action is legal."""
        out = [False] * len(self._actions)
        for a in legal:
            out[self._index[a]] = True
        return out

    def from_json(self, data: Any) -> Action:
        """Parse ``{"kind": ..., ...}`` into the interned action, or raise ``IllegalAction``."""
        if not isinstance(data, Mapping):
            raise IllegalAction(f"an action must be a JSON object, got {describe(data)}")
        kind = data.get("kind")
        cls = self._kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self._kinds))
            raise IllegalAction(f"unknown action kind {describe(kind)}; this game knows: {known}")
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        extra = set(data) - names - {"kind"}
        if extra:
            raise IllegalAction(f"action {kind!r} has unknown fields "
                                f"{sorted(describe(x) for x in extra)}")
        missing = names - set(data)
        if missing:
            raise IllegalAction(f"action {kind!r} lacks fields {sorted(missing)}")
        try:
            found = self.find(cls(**{n: data[n] for n in names}))
        except TypeError:
            found = None
        # JSON true equals 1 in Python: ``find`` insists on the exact field types too.
        if found is None:
            raise IllegalAction(f"no action of this game matches {describe(dict(data))}")
        return found


def field_names(cls: type) -> tuple[str, ...]:
    """The dataclass field names of an action class (empty for anything else)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        is_action = dataclasses.is_dataclass(cls)
        names = tuple(f.name for f in dataclasses.fields(cls)) if is_action else ()
        _FIELD_NAMES[cls] = names
    return names


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def same_types(a: object, b: object, names: Sequence[str]) -> bool:
    """Whether the fields ``names`` of ``a`` and ``b`` hold values of the very same types."""
    return all(type(getattr(a, n, None)) is type(getattr(b, n)) for n in names)


def describe(value: object, limit: int = 60) -> str:
    """A short text for anything a caller passed as an action, running no game code.

    Unlike ``label()``, which may look fields up in a game's tables, this never
    fails: ``Enter(section=999)``, ``Go(node='x')``, ``None``, ``{'kind': 'go'}``.
    Each value is cut to ``limit`` characters.
    """
    if isinstance(value, Action) and dataclasses.is_dataclass(value):
        args = ", ".join(f"{n}={_short(getattr(value, n, None), limit)}"
                         for n in field_names(type(value)))
        return f"{value.kind or type(value).__name__}({args})"
    return _short(value, limit)


def _short(value: object, limit: int) -> str:
    """``repr(value)`` cut to ``limit`` characters (a stand-in if it cannot be made)."""
    try:
        text = repr(value)
    except Exception:  # a huge int (int_max_str_digits), a caller's broken __repr__
        text = f"<{type(value).__name__} too long to show>"
    return text if len(text) <= limit else text[:limit - 3] + "..."
