"""New York content as a whole: the board and the cards agree with each other."""

from __future__ import annotations

from pathlib import Path

from getaway.games.new_york.content import CONTENT, DATA, load
from getaway.games.new_york.model import Icon, ItemKind, Transport
from tests.games.content_checks import assert_rejected, copy_data


def test_every_diagram_names_a_bridge_of_the_map() -> None:
    bridges = {b.number for b in CONTENT.board.map.bridges}
    diagrams = {i.bridge for i in CONTENT.cards.items if i.kind is ItemKind.DIAGRAM}
    assert diagrams <= bridges and 3 in diagrams
    assert CONTENT.board.map.bridge(3), "NY-13: Brain's Diagram of Bridge 3 has a bridge"


def test_raft_objectives_have_rafts_to_reach() -> None:
    rafts = sum(t.copies for t in CONTENT.board.suburbs if t.icon is Icon.RAFT)
    assert any(o.transport is Transport.RAFT for o in CONTENT.cards.objectives)
    assert rafts >= 1, "NY-106"


def test_a_diagram_of_a_missing_bridge_is_refused(tmp_path: Path) -> None:
    data = copy_data(DATA, tmp_path)
    assert_rejected(load, data, "items.toml", "bridge = 1", "bridge = 7",
                    ["'diagram-1'", "bridge", "7"])


def test_a_poi_naming_an_unknown_boss_is_refused(tmp_path: Path) -> None:
    data = copy_data(DATA, tmp_path)
    assert_rejected(load, data, "pois.toml", 'boss = "romero"', 'boss = "snake-plissken"',
                    ["snake-plissken"])
