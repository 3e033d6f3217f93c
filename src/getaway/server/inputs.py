"""Reading what clients send: JSON bodies and socket messages, never trusted.

Every malformed input becomes a :class:`BadRequest` (HTTP 400, or an error
message on a socket) that says what is wrong: not UTF-8, not JSON, a number
too long to read, nesting deeper than :data:`MAX_DEPTH`, ``NaN``. Nothing a
client sends can raise anything else.
"""

from __future__ import annotations

import json
from typing import Any

from getaway.core.errors import GetawayError

MAX_DEPTH = 32  # nesting of arrays and objects; the API needs 4


class BadRequest(GetawayError):
    """Malformed JSON or fields."""


def _no_constant(name: str) -> Any:
    raise BadRequest(f"{name} is not a JSON number")


def parse_json(raw: bytes | str, what: str = "the body") -> Any:
    """The JSON value of ``raw``, or ``BadRequest`` naming the problem."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise BadRequest(f"{what} is not UTF-8 text") from None
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise BadRequest(f"{what} is not valid JSON: {e}") from None
    except RecursionError:
        raise BadRequest(f"{what} nests arrays or objects deeper than {MAX_DEPTH}") from None
    except BadRequest as e:
        raise BadRequest(f"{what}: {e}") from None
    except ValueError as e:  # e.g. an integer of thousands of digits
        raise BadRequest(f"{what} holds a number that cannot be read: {_short(str(e))}") from None
    if _depth(value) > MAX_DEPTH:
        raise BadRequest(f"{what} nests arrays or objects deeper than {MAX_DEPTH}")
    return value


def parse_object(raw: bytes | str, what: str = "the body", empty: bool = True) -> dict[str, Any]:
    """A JSON object (an empty body reads as ``{}`` when ``empty``), or ``BadRequest``."""
    if empty and not raw:
        return {}
    value = parse_json(raw, what)
    if not isinstance(value, dict):
        raise BadRequest(f"{what} must be a JSON object")
    return value


def _depth(value: Any) -> int:
    """How deeply arrays and objects nest in ``value`` (iteratively: no recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            items: Any = item.values()
        elif isinstance(item, list):
            items = item
        else:
            continue
        depth += 1
        if depth > MAX_DEPTH:
            return depth
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in items)
    return deepest


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def show(value: Any, limit: int = 80) -> str:
    """A short printable form of a client's value, for error messages."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = type(value).__name__
    return _short(text, limit)


def field_int(data: dict[str, Any], key: str, minimum: int | None = 0) -> int:
    """An integer field (not a boolean), or ``BadRequest`` naming it."""
    value = data.get(key)
    if type(value) is not int or (minimum is not None and value < minimum):
        raise BadRequest(f"field {key!r} must be a whole number"
                         + (f" of at least {minimum}" if minimum is not None else "")
                         + f", got {show(value)}")
    return value
