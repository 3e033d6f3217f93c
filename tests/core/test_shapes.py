"""Checking JSON values against TypedDict shapes, and writing them as TypeScript."""

from __future__ import annotations

from typing import Any, ClassVar, Literal, NotRequired, TypedDict

from getaway.core.shapes import mismatches
from getaway.core.spec import GameSpec
from getaway.server.typegen import definitions, namespace
from tests.core.toys import Nim


class Card(TypedDict):
    """A card as a view shows it."""

    id: str
    face: Literal["up", "down"]


class View(TypedDict):
    """A toy view."""

    pile: int
    cards: list[Card]
    owner: int | None
    notes: dict[str, float]
    extra: NotRequired[Any]


GOOD: dict[str, Any] = {"pile": 3, "cards": [{"id": "a", "face": "up"}], "owner": None,
                        "notes": {"x": 1.5, "y": 2}}


def test_a_value_of_the_shape_passes() -> None:
    assert mismatches(GOOD, View) == []
    assert mismatches({**GOOD, "extra": [1, "two"]}, View) == []


def test_every_kind_of_mismatch_is_named() -> None:
    bad = {"pile": True, "cards": [{"id": 1, "face": "sideways"}, "x"], "owner": "me",
           "notes": {"x": "far"}, "surprise": 1}
    found = mismatches(bad, View)
    assert "$.pile: expected int, got bool" in found
    assert "$.cards[0].id: expected str, got int" in found
    assert "$.cards[0].face: 'sideways' is not one of ['up', 'down']" in found
    assert "$.cards[1]: expected an object (Card), got str" in found
    assert any(m.startswith("$.owner: 'me' matches none of") for m in found)
    assert "$.notes.x: expected a number, got str" in found
    assert "$: unknown key surprise" in found
    assert mismatches({"pile": 1}, View)[:1] == ["$: missing key cards"]


class ShapedNim(Nim):
    spec = GameSpec("toy-shaped", "Toy shapes", "A toy with a declared view.", 2, 2)
    view_type = View
    decision_keys: ClassVar[dict[str, str]] = {"take": "how many stones to take"}
    event_kinds: ClassVar[dict[str, str]] = {"took": "stones were taken"}
    outcome_reasons: ClassVar[dict[str, str]] = {"won": "the last stone was taken"}


def test_the_contract_as_typescript() -> None:
    text = definitions(ShapedNim())
    assert namespace("alcatraz-2034") == "Alcatraz2034" and namespace("new-york") == "NewYork"
    assert "declare namespace ToyShaped {" in text
    assert "interface View {\n    pile: number;\n    cards: Card[];\n    owner: number | null;\n" \
        "    notes: Record<string, number>;\n    extra?: any;\n  }" in text
    assert "/** A card as a view shows it. */\n  interface Card {\n    id: string;\n" \
        "    face: \"up\" | \"down\";\n  }" in text
    assert 'type DecisionKey = "take";' in text
    assert 'type EventKind = "game_over" | "took";' in text  # the core's kinds too
    assert 'type OutcomeReason = "won";' in text


Point = TypedDict("Point", {"x-y": tuple[int, str], "tags": tuple[str, ...]})


def test_fixed_tuples_and_keys_that_are_not_names() -> None:
    assert mismatches({"x-y": [1, "a"], "tags": ["p", "q", "r"]}, Point) == []
    assert mismatches({"x-y": [1], "tags": []}, Point) == ["$.x-y: expected 2 items, got 1"]
    assert mismatches({"x-y": ["a", "a"], "tags": [1]}, Point) == [
        "$.x-y[0]: expected int, got str", "$.tags[0]: expected str, got int"]

    class Shaped(ShapedNim):
        view_type: ClassVar[Any] = Point

    text = definitions(Shaped())
    assert '"x-y": [number, string];' in text and "tags: string[];" in text
