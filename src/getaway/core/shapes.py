"""Shapes of JSON values: checking a view against the TypedDict a game declares.

A game declares the shape of its views as a ``TypedDict`` (``Game.view_type``):
the conformance suite checks every view of random games against it
(:func:`mismatches`), and the server's type generator turns it into
TypeScript for the browser code (``getaway.server.typegen``). The types used
are the JSON ones: ``str``, ``int``, ``float``, ``bool``, ``None``,
``list[X]``, ``tuple[X, ...]``, fixed-length ``tuple[X, Y]`` (a JSON array whose
positions have their own types), ``dict[str, X]``, ``Literal[...]``, unions (``X | None``),
nested ``TypedDict`` classes (``NotRequired`` keys allowed) and ``Any``.

Example::

    >>> from typing import Literal, NotRequired, TypedDict
    >>> class Hand(TypedDict):
    ...     colour: Literal["red", "green"]
    ...     cards: list[str]
    ...     size: NotRequired[int]
    >>> mismatches({"colour": "red", "cards": ["a"]}, Hand)
    []
    >>> for problem in mismatches({"colour": "blue", "cards": [1], "extra": 0}, Hand):
    ...     print(problem)
    $.colour: 'blue' is not one of ['red', 'green']
    $.cards[0]: expected str, got int
    $: unknown key extra
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

NoneType = type(None)


def is_typeddict(t: Any) -> bool:
    """Whether ``t`` is a TypedDict class."""
    return isinstance(t, type) and issubclass(t, dict) and hasattr(t, "__required_keys__")


def fields(t: Any) -> dict[str, tuple[Any, bool]]:
    """A TypedDict's keys: name -> (type, required)."""
    hints = typing.get_type_hints(t, include_extras=True)
    out: dict[str, tuple[Any, bool]] = {}
    for name, hint in hints.items():
        # (read from the hints: with postponed annotations, __required_keys__ misses
        # NotRequired on Python 3.11)
        required = bool(getattr(t, "__total__", True))
        kind = hint
        origin = get_origin(hint)
        if origin in (NotRequired, Required):
            required = origin is Required
            kind = get_args(hint)[0]
        out[name] = (kind, required)
    return out


def mismatches(value: Any, shape: Any, where: str = "$", limit: int = 20) -> list[str]:
    """Where ``value`` does not have ``shape`` (empty: it does)."""
    out: list[str] = []
    _check(value, shape, where, out, limit)
    return out


def _name(t: Any) -> str:
    return getattr(t, "__name__", None) or str(t)


def _check(value: Any, shape: Any, where: str, out: list[str], limit: int) -> None:
    if len(out) >= limit or shape is Any:
        return
    origin = get_origin(shape)
    if origin in (Union, types.UnionType):
        for option in get_args(shape):
            trial: list[str] = []
            _check(value, option, where, trial, limit)
            if not trial:
                return
        out.append(f"{where}: {value!r:.60} matches none of {_name(shape)}")
        return
    if origin is Literal:
        if value not in get_args(shape):
            out.append(f"{where}: {value!r:.40} is not one of {list(get_args(shape))}")
        return
    if shape is NoneType or shape is None:
        if value is not None:
            out.append(f"{where}: expected null, got {type(value).__name__}")
        return
    if is_typeddict(shape):
        if not isinstance(value, dict):
            out.append(f"{where}: expected an object ({_name(shape)}), got "
                       f"{type(value).__name__}")
            return
        spec = fields(shape)
        for key, (hint, required) in spec.items():
            if key in value:
                _check(value[key], hint, f"{where}.{key}", out, limit)
            elif required:
                out.append(f"{where}: missing key {key}")
        for key in value:
            if key not in spec:
                out.append(f"{where}: unknown key {key}")
        return
    if origin in (list, tuple) or shape in (list, tuple):
        if not isinstance(value, list | tuple):
            out.append(f"{where}: expected a list, got {type(value).__name__}")
            return
        args = get_args(shape)
        if origin is tuple and args and Ellipsis not in args:
            # a fixed-length tuple: each position has its own type
            if len(value) != len(args):
                out.append(f"{where}: expected {len(args)} items, got {len(value)}")
                return
            for i, (v, item) in enumerate(zip(value, args, strict=True)):
                _check(v, item, f"{where}[{i}]", out, limit)
            return
        item = args[0] if args else Any
        for i, v in enumerate(value):
            _check(v, item, f"{where}[{i}]", out, limit)
        return
    if origin is dict or shape is dict:
        if not isinstance(value, dict):
            out.append(f"{where}: expected an object, got {type(value).__name__}")
            return
        args = get_args(shape)
        item = args[1] if len(args) == 2 else Any
        for k, v in value.items():
            if not isinstance(k, str):
                out.append(f"{where}: a key that is not a string: {k!r}")
            _check(v, item, f"{where}.{k}", out, limit)
        return
    if shape is float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            out.append(f"{where}: expected a number, got {type(value).__name__}")
        return
    if shape is int:
        if type(value) is not int:
            out.append(f"{where}: expected int, got {type(value).__name__}")
        return
    if shape in (str, bool):
        if type(value) is not shape:
            out.append(f"{where}: expected {shape.__name__}, got {type(value).__name__}")
        return
    raise TypeError(f"{where}: the shape {shape!r} is not a JSON type")
