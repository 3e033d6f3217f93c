"""What a person may never read: internal ids, class names, "1 <plural>" slips, templates.

:func:`slips` finds them in one text; :class:`Vocabulary` knows, for one game,
the ids of its content files and the names of its classes. The engine crawl
(``test_words.py``), the terminal crawl and each game's browser test use it.
"""

from __future__ import annotations

import ast
import importlib
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from getaway.core.registry import Game

CELL = re.compile(r"\bc\d+r\d+\b")  # a grid cell such as c5r2
NUMBERED = re.compile(r"\b[a-z]+(?:[-_][a-z0-9]+)*[-_]\d+[a-z0-9]*\b")  # yard-1, zc-09
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")  # prison_wins, place_pawn
CAMEL = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b")  # MoveFrame, EndTurn
ONE = re.compile(r"(?<!seat )(?<!player )\b1 ([A-Za-z]+)\b")
SEAT_NUMBER = re.compile(r"\b[Ss]eat \d+\b")  # seats are named by the game, never numbered
IRREGULAR = {"dice", "people", "men", "women", "children", "feet", "teeth", "mice"}
NOT_PLURAL = ("ss", "us", "is", "ous")  # a noun ending so is one thing (a business, a bonus)
LEFTOVERS = re.compile(r"[{}]|\bNone\b|\bTrue\b|\bFalse\b|<[a-z]+[ >]")


def one_slip(word: str) -> bool:
    """Whether "1 <word>" is a slip: ``word`` reads as a plural."""
    low = word.lower()
    if low in IRREGULAR:
        return True
    return low.endswith("s") and not low.endswith(NOT_PLURAL) and len(low) > 2


def _ids_in(value: object, out: set[str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "id" and isinstance(v, str):
                out.add(v)
            _ids_in(v, out)
    elif isinstance(value, list):
        for v in value:
            _ids_in(v, out)


@dataclass
class Vocabulary:
    """A game's internal names: content ids, action kinds, decision keys, class names."""

    ids: set[str] = field(default_factory=set)
    classes: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, game: Game) -> Vocabulary:
        """Read them from the game's folder and its action space."""
        folder = Path(importlib.import_module(game.package).__file__ or "").parent
        ids: set[str] = set()
        for path in sorted((folder / "data").glob("*.toml")):
            _ids_in(tomllib.loads(path.read_text(encoding="utf-8")), ids)
        ids.update(a.kind for a in game.actions)
        ids.update(game.decision_keys)
        classes: set[str] = set()
        roots = [folder, Path(importlib.import_module("getaway.core").__file__ or "").parent]
        for root in roots:
            for path in root.glob("*.py"):
                tree = ast.parse(path.read_text(encoding="utf-8"))
                classes.update(n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef))
        # an id reads as a word when it is one: only those with a hyphen, an underscore
        # or a digit betray themselves
        return cls({i for i in ids if re.search(r"[-_0-9]", i)},
                   {c for c in classes if CAMEL.fullmatch(c)})


def slips(text: str, vocab: Vocabulary | None = None) -> list[str]:
    """Every problem in one text a person reads (empty: it speaks the game)."""
    found: list[str] = []
    if not text.strip():
        return ["an empty text"]
    found += [f"grid cell {m}" for m in CELL.findall(text)]
    found += [f"id {m.group(0)}" for m in NUMBERED.finditer(text)]
    found += [f"snake_case {m.group(0)}" for m in SNAKE.finditer(text)]
    found += [f"'1 {w}'" for w in ONE.findall(text) if one_slip(w)]
    found += [f"a numbered seat {m!r}" for m in SEAT_NUMBER.findall(text)]
    found += [f"leftover {m.group(0)!r}" for m in LEFTOVERS.finditer(text)]
    if vocab is not None:
        for m in CAMEL.finditer(text):
            if m.group(0) in vocab.classes:
                found.append(f"class name {m.group(0)}")
        for ident in vocab.ids:
            if re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text):
                found.append(f"content id {ident}")
    return sorted(set(found))


def twins(labels: Iterable[str]) -> list[str]:
    """Labels given twice within one decision."""
    seen: set[str] = set()
    out = []
    for label in labels:
        if label in seen:
            out.append(label)
        seen.add(label)
    return out
