"""What the views and events say: the drawn Locker and Exit tiles only to the seat that
drew them (EP-130, EP-149, rule decided 28), and events that carry the public facts of a
visit, a Patrol, Sandra's turn and an escape, and never a hidden id or a seat's money."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from getaway.core.events import Event
from getaway.games.escape_plan import GAME
from getaway.games.escape_plan.actions import Pick, Visit
from getaway.games.escape_plan.frames import MakeRoom
from getaway.games.escape_plan.rounds import reveal_patrol, sandra_turn
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import EXIT_TILE, LOCKER, PLAN_IDS, loc_node
from getaway.games.escape_plan.visits import KeepTile, VisitStart
from tests.games.escape_plan.build import Hold, act, city, keeping_a_locker, push, put

HIDDEN = re.compile(r"(?<![\w-])(" + "|".join(
    re.escape(i) for i in sorted({*LOCKER, *EXIT_TILE, *PLAN_IDS}, key=len, reverse=True))
    + r")(?![\w-])")


def leaks(s: EscapePlanState, seat: int | None) -> list[str]:
    """Hidden ids in ``seat``'s view other than its own Escape Plan card and tiles."""
    own = set() if seat is None else {s.crew[seat].plan, *(
        x[2:] for x in s.crew[seat].items if x[:2] in ("L:", "T:"))}
    return [m for m in HIDDEN.findall(json.dumps(s.view(seat))) if m not in own]


def drawn_locker(players: int = 3) -> tuple[EscapePlanState, KeepTile]:
    return keeping_a_locker(city(players))


def test_the_drawing_seat_sees_the_faces_in_pick_order() -> None:
    s, frame = drawn_locker()
    v = s.view(0)
    d = v["drawn"]
    assert d["seat"] == 0 and d["kind"] == "locker" and d["colour"] == "green"
    assert d["count"] == len(frame.drawn) >= 2
    legal = [a for a in s.legal_actions(0) if isinstance(a, Pick) and a.what == "tile"]
    assert [t["index"] for t in d["tiles"]] == [a.index for a in legal]
    for t, ident in zip(d["tiles"], frame.drawn, strict=True):
        tile = LOCKER[ident]
        assert t == {"index": t["index"], "id": ident, "colour": "green", "need": tile.need,
                     "value": tile.value}
    # the pending decision says the same publicly, without ids
    assert v["pending"]["key"] == "keep_tile" and v["pending"]["count"] == d["count"]
    assert v["pending"]["prompt"] == f"Keep one of the {d['count']} green Locker tiles you drew"


@pytest.mark.parametrize("seat", [1, 2, None])
def test_other_seats_and_spectators_see_only_the_backs(seat: int | None) -> None:
    s, frame = drawn_locker()
    v = s.view(seat)
    # EP-18: colour, count and each Locker's need, printed on its back (rule decided 28)
    assert v["drawn"] == {"seat": 0, "kind": "locker", "colour": "green",
                          "count": len(frame.drawn),
                          "needs": [LOCKER[t].need for t in frame.drawn]}
    text = json.dumps(v)
    for ident in frame.drawn:
        assert not re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text), ident
    assert '"value"' not in json.dumps(v["drawn"])


def test_exit_tiles_drawn_show_their_value_to_the_drawer_only() -> None:
    s = city(3)
    p = s.crew[0]
    p.contacts[0], p.contacts[1] = "C:medic", "C:medic"
    s.blocked, s.exit_on = [2], {2: "gold"}
    put(s, 0, "exit-2")
    events = push(s, VisitStart(0))
    assert [e.data for e in events if e.kind == "visit"] == [
        {"seat": 0, "location": "exit-2", "kind": "exit", "exit": 2, "blocked": True}]
    events = act(s, Visit("exit_tile"))
    frame = s.stack[-1]
    assert isinstance(frame, KeepTile)
    (draw,) = [e for e in events if e.kind == "exit_tile"]
    assert draw.seats is None and draw.data == {"seat": 0, "colour": "gold", "count": 2,
                                                "exit": 2, "location": "exit-2"}
    tiles = s.view(0)["drawn"]["tiles"]
    assert [(t["id"], t["value"]) for t in tiles] == [
        (i, EXIT_TILE[i].value) for i in frame.drawn]
    assert all("need" not in t for t in tiles)
    for seat in (1, None):
        assert not leaks(s, seat)
    events = act(s, Pick("tile", 1))
    public = [e for e in events if e.seats is None]
    private = [e for e in events if e.seats is not None]
    assert [e.kind for e in public] == ["keep"] and public[0].data["item"] == "T:gold"
    assert [e.kind for e in private] == ["keep_face"] and private[0].seats == (0,)
    assert private[0].data["id"] == frame.drawn[1]
    assert not HIDDEN.search(json.dumps([e.to_json() for e in public]))


def test_the_drawn_tiles_stay_visible_under_an_executive_action() -> None:
    s = drawn_locker()[0]
    s.stack.append(Hold())          # an any-time action's frame on top of the KeepTile
    s._cache = None
    assert s.view(0)["drawn"]["tiles"]
    assert "tiles" not in s.view(1)["drawn"]


def test_making_room_shows_the_new_tile_to_its_owner_only() -> None:
    s, frame = drawn_locker()
    p = s.crew[0]
    p.items = ["E:hat", "E:hat", "E:vest", "E:vest", "E:hat", "E:vest"][:len(p.items)]
    p.used_items = [False] * len(p.items)
    act(s, Pick("tile", 0))
    assert isinstance(s.stack[-1], MakeRoom)
    tile = LOCKER[frame.drawn[0]]
    assert s.view(0)["incoming"] == {"seat": 0, "item": f"L:{tile.id}", "optional": True}
    for seat in (1, None):
        assert s.view(seat)["incoming"] == {
            "seat": 0, "item": f"L:green:{tile.need}", "optional": True}
        assert not leaks(s, seat)


def test_determinize_redraws_another_seats_drawn_tiles() -> None:
    s, frame = drawn_locker()
    pool = sorted([*frame.drawn, *s.lockers["green"][:-1]])
    seen = set()
    for seed in range(30):
        d = s.determinize(1, random.Random(seed))
        top = d.stack[-1]
        assert isinstance(top, KeepTile) and len(top.drawn) == len(frame.drawn)
        assert d.lockers["green"][-1:] == s.lockers["green"][-1:]      # the visible top
        assert sorted([*top.drawn, *d.lockers["green"][:-1]]) == pool
        seen.add(top.drawn)
        assert d.view(1) == s.view(1)
    assert len(seen) > 1 or len(pool) == len(frame.drawn)
    # the drawer's own tiles are never redrawn
    assert all(s.determinize(0, random.Random(k)).stack[-1] == frame for k in range(5))


def test_visit_events_name_the_location_and_the_cube() -> None:
    s = city(3)
    p = s.crew[0]
    p.plan = "plan-1"        # business-1, business-4, safe-house-1
    loc = next(k for k, v in s.business_on.items() if v == "business-1")
    put(s, 0, loc)
    (e,) = [e for e in push(s, VisitStart(0)) if e.kind == "visit"]
    assert e.data == {"seat": 0, "location": loc, "tile": "business-1", "kind": "business",
                      "cube": "income", "income": 4}
    s.stack = [Hold()]
    house = next(k for k, v in s.business_on.items() if v == "safe-house-2")
    put(s, 0, house)
    key = s.keys_on["safe-house-2"][0]
    (e,) = [e for e in push(s, VisitStart(0)) if e.kind == "visit"]
    assert e.data == {"seat": 0, "location": house, "tile": "safe-house-2",
                      "kind": "safe_house", "key": key, "cube": "red"}


def test_patrol_and_sandra_and_escape_events() -> None:
    s = city(2)
    s.patrol_spaces, s.blocked, s.exit_on = {}, [], {}
    events: list[Event] = []
    reveal_patrol(s, "patrol-3", events)
    reveal_patrol(s, "patrol-1-3", events)
    assert events[-1].data == {"card": "patrol-1-3", "exits": [1, 3], "blocked": [3],
                               "exit_stacks": {"3": "silver"}}
    events = []
    s.sandra_deck = ["sandra-store-B"]
    sandra_turn(s, events)
    (e,) = events
    assert e.data["location"] == "store-B" and e.data["cards"] == ["sandra-store-B"]
    assert e.data["lockers_discarded"] == ["black"]
    assert len(e.data["display_discarded"]) == 2
    # escape through the open Exit 1 on Day 3
    s.stack = [Hold()]
    s.round = 3
    s.blocked = [3]
    p = s.crew[0]
    p.money = 20
    put(s, 0, "exit-1")
    s.sandra_node = loc_node("hospital")
    push(s, VisitStart(0))
    events = act(s, Visit("escape"))
    while not any(e.kind == "escape" for e in events):
        (seat,) = s.to_act()
        events += s.apply(seat, s.legal_actions(seat)[0])
    (e,) = [e for e in events if e.kind == "escape"]
    assert e.data == {"seat": 0, "location": "exit-1", "exit": 1, "order": 1, "cost": 4}
    assert p.money == 16


def _walk(value: Any) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append((str(k), v))
            out += _walk(v)
    elif isinstance(value, list):
        for v in value:
            out += _walk(v)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_game_events_are_json_and_public_ones_hide_secrets(players: int) -> None:
    kinds: set[str] = set()
    for seed in range(3):
        s = GAME.start(players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_act()[0]
            for e in s.apply(seat, rng.choice(list(s.legal_actions(seat)))):
                data = json.loads(json.dumps(e.to_json()))
                assert data["kind"] == e.kind
                kinds.add(e.kind)
                if e.seats is not None:
                    continue
                blob = json.dumps(data)
                assert not HIDDEN.search(blob), (e.kind, blob)
                assert "money" not in {k for k, _ in _walk(data["data"])}, e
    assert {"visit", "move", "patrol", "round", "city", "game_over"} <= kinds, kinds


def test_private_events_name_their_seat() -> None:
    s, frame = drawn_locker()
    events = act(s, Pick("tile", 0))
    (face,) = [e for e in events if e.kind == "keep_face"]
    assert face.visible_to(0) and not face.visible_to(1) and not face.visible_to(None)
    (keep,) = [e for e in events if e.kind == "keep"]
    assert keep.visible_to(None) and not HIDDEN.search(json.dumps(keep.to_json()))
    assert keep.data["item"] == f"L:green:{LOCKER[frame.drawn[0]].need}"
