"""Escape Plan content as a whole: the cards name what the board holds."""

from __future__ import annotations

from pathlib import Path

from getaway.games.escape_plan.content import CONTENT, DATA, load
from getaway.games.escape_plan.model import LocationKind
from tests.games.content_checks import assert_rejected, copy_data


def test_sandra_goes_only_to_locations_the_city_can_hold() -> None:
    tiles = CONTENT.board.tiles + CONTENT.board.printed
    kinds = {loc.kind for t in tiles for loc in t.locations}
    assert {c.kind for c in CONTENT.cards.sandra} <= kinds, "EP-86"
    assert any(c.kind is LocationKind.EXIT for c in CONTENT.cards.sandra), "EP-87, EP-100"


def test_an_escape_plan_naming_an_unknown_business_is_refused(tmp_path: Path) -> None:
    data = copy_data(DATA, tmp_path)
    assert_rejected(load, data, "plans.toml", '"business-1", "business-4"',
                    '"business-9", "business-4"', ["business-9"])


def test_a_sandra_card_naming_a_missing_exit_is_refused(tmp_path: Path) -> None:
    data = copy_data(DATA, tmp_path)
    assert_rejected(load, data, "sandra.toml", 'location = "exit-1"', 'location = "exit-9"',
                    ["exit-9"])
