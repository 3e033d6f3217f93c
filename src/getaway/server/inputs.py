"""Reading what clients send: JSON bodies and socket messages, never trusted.

Every malformed input becomes a :class:`BadRequest` (HTTP 400, or an error
message on a socket) that says what is wrong: not UTF-8, not JSON, an integer
of more than :data:`MAX_DIGITS` digits, nesting deeper than :data:`MAX_DEPTH`,
``NaN``, ``1e400`` (no float holds it), text with an unpaired surrogate
(``"\\ud800"``: it could be stored but never sent back as UTF-8). Nothing a
client sends can raise anything else.
"""

from __future__ import annotations

import json
import math
from typing import Any

from getaway.core.errors import GetawayError

MAX_DEPTH = 32  # nesting of arrays and objects; the API needs 4
MAX_DIGITS = 20  # digits of an integer (any 64-bit number fits; the API needs a few)
MAX_WHOLE = 10**MAX_DIGITS - 1  # the largest whole number a query parameter may be
MAX_REASON = 1000  # characters of an error's reason sent back (it may quote the client)


class BadRequest(GetawayError):
    """Malformed JSON or fields."""


def _no_constant(name: str) -> Any:
    raise BadRequest(f"{name} is not a JSON number")


class _LongInteger(Exception):
    """An integer literal of more than MAX_DIGITS digits (its count in ``args[0]``)."""


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _LongInteger(len(digits.lstrip("-")))
    return int(digits)


def _real(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise BadRequest(f"{_short(digits, 24)} is too large a number")
    return value


def parse_json(raw: bytes | str, what: str = "the body") -> Any:
    """The JSON value of ``raw``, or ``BadRequest`` naming the problem."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise BadRequest(f"{what} is not UTF-8 text") from None
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_int=_integer,
                           parse_float=_real)
    except json.JSONDecodeError as e:
        raise BadRequest(f"{what} is not valid JSON: {e}") from None
    except RecursionError:
        raise BadRequest(f"{what} nests arrays or objects deeper than {MAX_DEPTH}") from None
    except _LongInteger as e:
        raise BadRequest(f"{what} holds an integer of {e.args[0]} digits; at most "
                         f"{MAX_DIGITS} are allowed") from None
    except BadRequest as e:
        raise BadRequest(f"{what}: {e}") from None
    except ValueError as e:  # a number Python cannot read (not expected after the above)
        raise BadRequest(f"{what} holds a number that cannot be read: {_short(str(e))}") from None
    _check(value, what)
    return value


def parse_object(raw: bytes | str, what: str = "the body", empty: bool = True) -> dict[str, Any]:
    """A JSON object (an empty body reads as ``{}`` when ``empty``), or ``BadRequest``."""
    if empty and not raw:
        return {}
    value = parse_json(raw, what)
    if not isinstance(value, dict):
        raise BadRequest(f"{what} must be a JSON object")
    return value


def _check(value: Any, what: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` and unpaired surrogates in any key or
    string (iteratively: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and not _encodable(item):
                raise BadRequest(f"{what} holds text that is not valid Unicode "
                                 "(an unpaired surrogate such as \\ud800)")
            continue
        if isinstance(item, dict):
            items: Any = [*item, *item.values()]
        elif isinstance(item, list):
            items = item
        else:
            continue
        depth += 1
        if depth > MAX_DEPTH:
            raise BadRequest(f"{what} nests arrays or objects deeper than {MAX_DEPTH}")
        stack.extend((child, depth) for child in items)


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_reason(text: str) -> str:
    """An error's reason as sent to a client: at most :data:`MAX_REASON` characters."""
    return _short(text, MAX_REASON)


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
