"""GET /api/games/{game}/assets: static game data, cacheable, never a secret."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from getaway.games import registry
from getaway.games.alcatraz_2034.views import board


def test_alcatraz_assets_hold_the_island_drawing(client: TestClient) -> None:
    r = client.get("/api/games/alcatraz-2034/assets")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert "max-age" in r.headers["cache-control"] and "public" in r.headers["cache-control"]
    data = r.json()
    assert data == {"board": json.loads(json.dumps(board()))}
    drawing = data["board"]
    assert drawing["width"] > 0 and drawing["height"] > 0
    kinds = {s["kind"] for s in drawing["spaces"]}
    assert {"cell_block", "tunnel", "building", "run", "safe", "sentinel", "normal"} <= kinds
    assert {r["colour"] for r in drawing["routes"]} == {"white", "green", "yellow"}
    assert len(drawing["hexes"]) == 12 and len(drawing["deck_spots"]) == 8
    # static only: nothing of a game in progress (no hands, symbols, seeds, or which
    # building holds which tile -- only what each kind of building tile shows, in words)
    text = r.text
    for word in ("seed", "hand", "symbol", "tile\""):
        assert f'"{word}' not in text, word
    assert all(isinstance(v, str) for v in drawing["tiles"].values())
    assert not any("tile" in s for s in drawing["spaces"])


def test_assets_revalidate_with_the_etag(client: TestClient) -> None:
    first = client.get("/api/games/alcatraz-2034/assets")
    etag = first.headers["etag"]
    assert etag.startswith('"') and etag.endswith('"')
    again = client.get("/api/games/alcatraz-2034/assets", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["etag"] == etag and not again.content
    stale = client.get("/api/games/alcatraz-2034/assets", headers={"If-None-Match": '"old"'})
    assert stale.status_code == 200 and stale.json() == first.json()


def test_zombie_city_assets_hold_the_town_and_the_timeline(client: TestClient) -> None:
    r = client.get("/api/games/zombie-city/assets")
    assert r.status_code == 200 and "public" in r.headers["cache-control"]
    data = r.json()
    assert data == json.loads(json.dumps(registry().get("zombie-city").assets()))
    sections = {s["id"]: s for s in data["sections"]}
    assert len(sections) == 23 and {"church", "cemetery", "cargo-bay", "start-west",
                                    "start-east", "exit"} <= set(sections)
    for s in data["sections"]:  # what the table draws on every tile
        assert {"kind", "name", "streets", "skull", "entry", "piles", "search"} <= set(s)
        assert s["skull"] is None or s["skull"] in s["streets"], s
    marks = data["timeline"]
    assert [t for t, _ in marks] == sorted(t for t, _ in marks)
    assert [tag for _, tag in marks] == ["start1", "slam1", "resume1", "start2", "slam2",
                                         "resume2", "start3", "end3"]
    assert [(c["number"], c["gongs"]) for c in data["countdowns"]] == [(1, 1), (2, 2), (3, 3)]
    assert data["pause_seconds"] == 20
    assert {z["colour"] for z in data["zombies"]} == {"green", "yellow", "purple"}
    assert len(data["items"]) == 9 and len(data["bites"]) == 6
    # static only: nothing of a game in progress (no pile order, dice, seed or deck)
    for word in ("seed", "deck", "dice", "pile_order", "stack"):
        assert f'"{word}' not in r.text, word


def test_every_game_answers_its_assets(client: TestClient) -> None:
    for game in registry():
        r = client.get(f"/api/games/{game.id}/assets")
        assert r.status_code == 200 and r.json() == json.loads(json.dumps(game.assets()))
    r = client.get("/api/games/chess/assets")
    assert r.status_code == 404 and "no game 'chess'" in r.json()["error"]


def test_new_york_assets_hold_the_map_and_the_card_texts(client: TestClient) -> None:
    r = client.get("/api/games/new-york/assets")
    assert r.status_code == 200 and "public" in r.headers["cache-control"]
    data = r.json()
    assert data == json.loads(json.dumps(registry().get("new-york").assets()))
    m = data["map"]
    spaces = {sp["id"]: sp for sp in m["spaces"]}
    assert len(spaces) == 64 and m["sides"] == ["N", "NE", "SE", "S", "SW", "NW"]
    kinds = [sp["kind"] for sp in m["spaces"]]
    assert (kinds.count("library"), kinds.count("ring"), kinds.count("wtc"), kinds.count("poi"),
            kinds.count("park")) == (1, 6, 1, 9, 8)
    for sp in m["spaces"]:  # every side leads to a neighbour, the river or the board's edge
        sides = set(sp["neighbours"]) | set(sp["coast"]) | set(sp["edge"])
        assert sides == set(m["sides"]) and all(n in spaces for n in sp["neighbours"].values()), sp
        if sp["kind"] in ("library", "ring", "wtc"):
            assert sp["tile"] in data["tiles"], sp  # the fixed tiles, printed on the map
    assert [(b["number"], b["space"], b["side"]) for b in m["bridges"]] == [
        (1, "c3r4", "S"), (2, "c5r4", "S"), (3, "c12r5", "S"), (4, "c14r1", "N")]
    for b in m["bridges"]:
        assert b["side"] in spaces[b["space"]]["coast"] + spaces[b["space"]]["edge"], b
    assert all(set(t["roads"]) <= set(m["sides"]) for t in data["tiles"].values())
    assert {b["id"]: (b["hp"], b["range"]) for b in data["bosses"]} == {
        "duke": (6, 1), "romero": (5, 1), "slag": (8, 0)}
    # the card texts are words, one for every card the views name
    assert data["actions"]["maggie-ill-cut-you"]["text"] == "2 damage in your space."
    assert data["items"]["snake-machine-pistol"]["kind"] == "weapon"
    assert {"tape", "bracelet"} <= set(data["cases"])
    assert data["timers"]["new-york-wins"]["colour"] == "red"
    assert all(c["text"] for group in ("actions", "events", "new_york", "timers")
               for c in data[group].values())
    assert data["event_track"] == [1, 2, 2, 3] and data["noise_max"] == 10
    # static only: no deck order, no face-down identity, no New York card back (it would
    # name the top card), nothing of a game in progress
    for word in ("seed", "deck_order", "pull", "cost", "hand_cards", "poi_seen", "top_back"):
        assert f'"{word}"' not in r.text, word


def test_escape_plan_assets_hold_both_sides_the_tiles_and_the_cards(client: TestClient) -> None:
    r = client.get("/api/games/escape-plan/assets")
    assert r.status_code == 200 and "public" in r.headers["cache-control"]
    data = r.json()
    assert data == json.loads(json.dumps(registry().get("escape-plan").assets()))
    sides = {s["id"]: s for s in data["sides"]}
    assert set(sides) == {"small", "large"}
    for side in sides.values():
        kinds = [c["kind"] for c in side["cells"]]
        assert len(kinds) == side["cols"] * side["rows"] - kinds.count(None)
        assert {"slot", "start", "printed", "water"} <= set(kinds), side["id"]
        waters = {w["id"] for w in side["waters"]}
        assert all(c["water"] in waters for c in side["cells"] if c["kind"] == "water")
        assert all(c["printed"] in data["tiles"] for c in side["cells"] if c["kind"] == "printed")
        assert side["patrol"] == [1, 2, 3, 4]
    assert (kinds.count("slot"), kinds.count("printed")) == (15, 3)  # the large side
    tiles = data["tiles"]
    assert len(tiles) == 14 + 3 and tiles["a1"]["icons"] == ["ferry"]
    assert tiles["hospital"]["lands"] == ["residential", "residential", "park", "park"]
    exits = sorted(loc["exit"] for t in tiles.values() for loc in t["locations"] if loc["exit"])
    assert exits == [1, 2, 3, 4]
    # the tables the actions index: a "go" action's node, a "place" action's cell
    assert "L:church" in data["nodes"] and [0, 0] in data["cells"]
    assert len(data["businesses"]) == 6 and len(data["safe_houses"]) == 3
    assert all(c["name"] and c["text"] for c in data["contacts"].values())
    assert all(a["text"] for a in data["assets"].values())
    assert data["notoriety"]["top"] > 0
    # static only: nothing of a game in progress (no seat's money, plan, deck order or seed)
    for word in ("seed", "money", "plan", "display", "bag", "order", "city", "police"):
        assert f'"{word}":' not in r.text, word
