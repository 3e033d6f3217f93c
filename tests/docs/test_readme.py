"""The README shows every registered game's table (issue 15): a picture of the table on a
laptop and on a phone, taken by ``docs/screenshots/take.py``, each file present and
linked from the README."""

from __future__ import annotations

import re
from pathlib import Path

from getaway.games import registry

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
LINKED = set(re.findall(r"\]\((docs/screenshots/[^)]+)\)", README))


def test_every_game_has_its_table_pictured() -> None:
    for game in registry():
        for name in (f"{game.id}.jpg", f"{game.id}-phone.jpg"):
            path = f"docs/screenshots/{name}"
            assert path in LINKED, f"the README does not show {path}"
            image = ROOT / path
            assert image.exists(), f"{path} is missing (run docs/screenshots/take.py)"
            head = image.read_bytes()[:3]
            assert head == b"\xff\xd8\xff", f"{path} is not a JPEG"


def test_every_picture_is_of_a_game() -> None:
    ids = {g.id for g in registry()}
    for image in (ROOT / "docs" / "screenshots").glob("*.jpg"):
        assert image.stem.removesuffix("-phone") in ids, f"{image.name}: no such game"
