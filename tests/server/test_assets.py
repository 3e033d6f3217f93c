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
    # static only: nothing of a game in progress (no tiles, hands, symbols or seeds)
    text = r.text
    for word in ("seed", "hand", "symbol", "tile"):
        assert f'"{word}' not in text, word


def test_assets_revalidate_with_the_etag(client: TestClient) -> None:
    first = client.get("/api/games/alcatraz-2034/assets")
    etag = first.headers["etag"]
    assert etag.startswith('"') and etag.endswith('"')
    again = client.get("/api/games/alcatraz-2034/assets", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["etag"] == etag and not again.content
    stale = client.get("/api/games/alcatraz-2034/assets", headers={"If-None-Match": '"old"'})
    assert stale.status_code == 200 and stale.json() == first.json()


def test_games_without_assets_answer_an_empty_object(client: TestClient) -> None:
    for game in registry():
        if game.id == "alcatraz-2034":
            continue
        r = client.get(f"/api/games/{game.id}/assets")
        assert r.status_code == 200 and r.json() == game.assets()
    r = client.get("/api/games/chess/assets")
    assert r.status_code == 404 and "no game 'chess'" in r.json()["error"]
