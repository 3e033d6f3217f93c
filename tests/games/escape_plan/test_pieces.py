"""Which Business or Safe House tile goes on a newly laid Location (EP-50), and the action
space keeping every earlier index when the choice was added."""

from __future__ import annotations

from getaway.games.escape_plan.actions import SPACE, Place, PutTile
from getaway.games.escape_plan.rounds import ChoosePiece, PlaceTile
from getaway.games.escape_plan.state import EscapePlanState
from tests.games.escape_plan.build import fresh


def with_top(s: EscapePlanState, stack: int, tile: str) -> None:
    """Make ``tile`` the face-up top of City stack ``stack`` (0-3: A-D)."""
    ids = s.stacks[stack]
    ids.remove(tile)
    ids.append(tile)


def lay_top(s: EscapePlanState, stack: int) -> int:
    """Seat to act lays the top of ``stack`` at its first legal place; the seat."""
    top = s.stack[-1]
    assert isinstance(top, PlaceTile)
    (seat,) = s.to_act()
    place = next(a for a in s.legal_actions(seat) if isinstance(a, Place) and a.stack == stack)
    s.apply(seat, place)
    return seat


def test_the_placer_chooses_among_the_free_business_tiles() -> None:
    s = fresh(3)
    with_top(s, 0, "a2")                          # Market Row: a Business and Store A
    seat = lay_top(s, 0)
    top = s.stack[-1]
    assert isinstance(top, ChoosePiece) and top.location == "a2-business"
    assert s.to_act() == (seat,)                                         # EP-50: the placer
    offered = [a.tile for a in s.legal_actions(seat) if isinstance(a, PutTile)]
    assert offered == [f"business-{i}" for i in range(1, 7)]             # EP-50: any free one
    assert len(offered) == len(s.legal_actions(seat))
    assert "a2-business" not in s.business_on
    s.apply(seat, PutTile("business-5"))
    assert s.business_on["a2-business"] == "business-5"                  # EP-50: as chosen
    assert isinstance(s.stack[-1], PlaceTile) and s.to_act() == (seat + 1,)


def test_only_free_tiles_are_offered_and_the_view_shows_them() -> None:
    s = fresh(3)
    s.business_on = {"a3-business": "business-1", "c2-business": "business-4",
                     "b2-safe_house": "safe-house-2"}
    with_top(s, 3, "d2")                          # Financial Mile: a Business
    seat = lay_top(s, 3)
    offered = [a.tile for a in s.legal_actions(seat)]
    assert offered == ["business-2", "business-3", "business-5", "business-6"]  # EP-50
    for viewer in (seat, (seat + 1) % 3, None):   # the free tiles are public
        v = s.view(viewer)
        assert v["free_tiles"] == {"business": offered, "safe_house": ["safe-house-1",
                                                                       "safe-house-3"]}
        assert v["pending"]["key"] == "business_tile"
        assert v["pending"]["prompt"] == "Choose the Business tile for the Business at " \
            "Financial Mile"
        assert v["pending"]["location"] == "d2-business" and v["pending"]["free"] == offered
        assert v["pending"]["seats"] == [seat]
    assert PutTile("business-1") not in s.legal_actions(seat)
    s.apply(seat, PutTile("business-6"))
    assert s.business_on["d2-business"] == "business-6"
    assert s.view(None)["free_tiles"]["business"] == ["business-2", "business-3", "business-5"]


def test_a_safe_house_choice_and_the_last_free_tile_goes_on_by_itself() -> None:
    s = fresh(3)
    s.business_on = {"x-safe_house": "safe-house-1"}
    with_top(s, 1, "b2")                          # Hill Estates: a Safe House
    seat = lay_top(s, 1)
    assert [a.tile for a in s.legal_actions(seat)] == ["safe-house-2", "safe-house-3"]
    s.apply(seat, PutTile("safe-house-3"))
    assert s.business_on["b2-safe_house"] == "safe-house-3"              # EP-50
    # one free Business left: no decision, it goes on the new Location at once
    s.business_on.update({f"y{i}-business": f"business-{i}" for i in range(1, 6)})
    with_top(s, 0, "a3")
    lay_top(s, 0)
    assert s.business_on["a3-business"] == "business-6"                  # EP-50
    assert isinstance(s.stack[-1], PlaceTile)


def test_earlier_action_indices_did_not_move() -> None:
    # (index, JSON) of the action space before PutTile was appended (1,550 actions)
    before = {
        0: {"kind": "place", "stack": 0, "cell": 0, "turn": 0},
        271: {"kind": "place", "stack": 2, "cell": 7, "turn": 3},
        480: {"kind": "simple", "what": "rest"},
        494: {"kind": "simple", "what": "end_turn"},
        495: {"kind": "go", "node": 0},
        1000: {"kind": "fly", "node": 87, "mode": "helipad"},
        1280: {"kind": "use", "source": "asset", "index": 5},
        1300: {"kind": "avoid", "source": "contact", "index": 4, "threat": "sandra"},
        1368: {"kind": "visit", "what": "done", "n": 0},
        1389: {"kind": "pick", "what": "tile", "index": 0},
        1403: {"kind": "pick", "what": "replace", "index": 6},
        1427: {"kind": "unlock", "asset": "heal"},
        1428: {"kind": "bonus", "choice": "disc"},
        1519: {"kind": "officer", "cell": 29, "colour": "black"},
        1549: {"kind": "cell", "cell": 29},
    }
    for i, js in before.items():
        assert SPACE[i].to_json() == js
        assert SPACE.index(SPACE.from_json(js)) == i
    assert len(SPACE) == 1550 + 9
    assert [SPACE[i] for i in range(1550, 1559)] == [
        *(PutTile(f"business-{i}") for i in range(1, 7)),
        *(PutTile(f"safe-house-{i}") for i in range(1, 4))]
    assert SPACE[1550].label() == "put the Casino on the new tile"
