"""Words: how the engine speaks to people -- numbers, lists, references and sentences.

Every text a person reads (a prompt, an action's label, an event's sentence,
an outcome) is made by a game's words module with these helpers, so that
counts agree with their nouns ("1 card", "2 cards"), lists read as English,
and things are named as their components print them. Ids stay in data.

A sentence names what it is about with references (:class:`Ref`): a seat, a
place, a card, a piece, an amount, each with its id (for data and clients'
highlights) and its printed name. A template with ``{slots}`` and the
references give the sentence; a client that knows better names for seats
(the players' own names) renders the same template with them, and never
rewords the text.

Examples::

    >>> count(1, "card"), count(3, "card"), count(0, "die", "dice"), count(2, "die", "dice")
    ('1 card', '3 cards', 'no dice', '2 dice')
    >>> listing(["Ann", "Bob", "Cy"]), listing(["Ann"]), listing([])
    ('Ann, Bob and Cy', 'Ann', 'nothing')
    >>> s = Sentence("{who} plays {card} on {puzzle}",
    ...              {"who": seat(0, "red"), "card": card("logical", "LOGICAL"),
    ...               "puzzle": place(1, "puzzle B")})
    >>> s.text()
    'red plays LOGICAL on puzzle B'
    >>> s.text({0: "Ann (red)"})
    'Ann (red) plays LOGICAL on puzzle B'
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, NamedTuple


class RefKind(StrEnum):
    """What a reference names."""

    SEAT = "seat"
    PLACE = "place"  # a space, section, location, tile on the board
    CARD = "card"
    PIECE = "piece"  # a pawn, token, die, marker, prisoner, enemy...
    AMOUNT = "amount"  # a number with its unit (minutes, dollars, damage)
    THING = "thing"  # anything else printed on a component (an item, an ability)


class Ref(NamedTuple):
    """A thing a sentence names: its kind, its id in data, and its printed name.

    (A named tuple: events are made by the million in playouts, and a tuple is
    the cheapest value to make.)
    """

    kind: RefKind
    id: str | int | float
    name: str

    def to_json(self) -> dict[str, Any]:
        """``{"ref": kind, "id": id, "name": name}``."""
        return {"ref": str(self.kind), "id": self.id, "name": self.name}


def seat(index: int, name: str) -> Ref:
    """A seat, named as the game names it (a colour, a character)."""
    return Ref(RefKind.SEAT, index, name)


def place(ident: str | int, name: str) -> Ref:
    """A place on the board."""
    return Ref(RefKind.PLACE, ident, name)


def card(ident: str | int, name: str) -> Ref:
    """A card."""
    return Ref(RefKind.CARD, ident, name)


def piece(ident: str | int, name: str) -> Ref:
    """A piece: a pawn, a token, a die, a marker."""
    return Ref(RefKind.PIECE, ident, name)


def thing(ident: str | int, name: str) -> Ref:
    """Anything else printed on a component."""
    return Ref(RefKind.THING, ident, name)


def amount(n: int | float, noun: str, nouns: str | None = None) -> Ref:
    """A number with its unit, as words (``amount(2, "minute")`` reads "2 minutes")."""
    if type(n) is not int:
        return Ref(RefKind.AMOUNT, n, count(n, noun, nouns))
    key = (n, noun, nouns)
    ref = _AMOUNTS.get(key)
    if ref is None:
        if len(_AMOUNTS) >= 4096:
            _AMOUNTS.clear()
        ref = _AMOUNTS[key] = Ref(RefKind.AMOUNT, n, count(n, noun, nouns))
    return ref


_AMOUNTS: dict[tuple[int, str, str | None], Ref] = {}
"""Whole amounts already said (references are immutable, and games say the same few
again and again)."""


def plural(noun: str) -> str:
    """The regular English plural of ``noun`` (give irregular ones yourself)."""
    if re.search(r"(s|x|z|ch|sh)$", noun):
        return noun + "es"
    if re.search(r"[^aeiou]y$", noun):
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int | float, noun: str, nouns: str | None = None, zero: str = "no") -> str:
    """``n`` and the noun in the right number: "1 card", "2 cards", "no cards".

    ``nouns`` is the plural when it is irregular ("dice"); ``zero`` the word for
    none (give ``"0"`` where a figure reads better).
    """
    many = nouns if nouns is not None else plural(noun)
    if n == 1:
        return f"1 {noun}"
    shown = f"{n:g}" if isinstance(n, float) else str(n)
    return f"{zero if n == 0 else shown} {many}"


def listing(items: Sequence[str], last: str = "and", empty: str = "nothing") -> str:
    """"a, b and c" (``last`` may be "or")."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def upper_first(text: str) -> str:
    """The text with its first letter capitalised (for the start of a sentence)."""
    return text[:1].upper() + text[1:]


def slots(template: str) -> list[str]:
    """The ``{slot}`` names of a template, in order."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


class Sentence:
    """A template with ``{slots}`` filled by references or plain words.

    ``text(names)`` renders it; ``names`` maps seat indices to the names a
    client gives them (the players' own); other references read as printed.
    Making one is cheap (nothing is rendered or checked until it is read); a
    slot without an argument is an error when it is.
    """

    __slots__ = ("args", "template")

    def __init__(self, template: str, args: Mapping[str, Ref | str | int] | None = None) -> None:
        self.template = template
        self.args: Mapping[str, Ref | str | int] = {} if args is None else args

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sentence):
            return NotImplemented
        return (self.template, dict(self.args)) == (other.template, dict(other.args))

    def __hash__(self) -> int:
        return hash(self.template)

    def __repr__(self) -> str:
        return f"Sentence({self.template!r}, {dict(self.args)!r})"

    def text(self, names: Mapping[int, str] | None = None) -> str:
        """The sentence in words."""
        values: dict[str, str] = {}
        for key, value in self.args.items():
            if isinstance(value, Ref):
                named = None
                if names and value.kind is RefKind.SEAT and type(value.id) is int:
                    named = names.get(value.id)
                values[key] = named if named is not None else value.name
            else:
                values[key] = str(value)
        try:
            return self.template.format(**values)
        except (KeyError, IndexError) as e:
            raise ValueError(f"the sentence {self.template!r} has no argument for {e}") from None

    def refs(self) -> dict[str, dict[str, Any]]:
        """The references as JSON, by slot."""
        return {k: v.to_json() for k, v in self.args.items() if isinstance(v, Ref)}

    def to_json(self) -> dict[str, Any]:
        """``{"template", "args"}``: plain words as strings, references as objects."""
        return {"template": self.template,
                "args": {k: v.to_json() if isinstance(v, Ref) else str(v)
                         for k, v in self.args.items()}}
