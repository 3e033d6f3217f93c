"""docs/adding-a-game.md stays true: its sixth game, built from the guide's files, plays.

Every file of the guide (each code block after a ``<!-- file: ... -->`` line)
is written into a package ``getaway.games.tunnel`` in a temporary folder; the
game is registered in a registry of its own and checked along the whole path
the guide describes: it plays to the end and replays exactly, refuses what is
illegal, hides its deck, speaks only in words, has the view shape it
declares, keeps its engine apart from its presentation, draws in the
terminal, is served and played through the web API, and its browser module
type-checks against its generated types.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fastapi.testclient import TestClient

import getaway.games
from getaway.core.errors import IllegalAction
from getaway.core.match import Match
from getaway.core.records import Record, replay
from getaway.core.registry import Game, Registry
from getaway.core.shapes import mismatches
from getaway.core.takeback import OVER, SHOWN, CannotTakeBack
from getaway.server.app import create_app
from getaway.server.settings import Settings
from getaway.server.typegen import definitions
from tests.conformance.playouts import playout
from tests.conformance.test_layout import imports
from tests.conformance.test_words import Crawl, play

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "adding-a-game.md"
BLOCK = re.compile(r"<!-- file: (?P<path>[\w./-]+) -->\n```\w*\n(?P<body>.*?)\n```", re.S)


def guide_files() -> dict[str, str]:
    """The guide's files: path in the game's folder -> text."""
    found = {m["path"]: m["body"] + "\n" for m in BLOCK.finditer(GUIDE.read_text("utf-8"))}
    assert {"__init__.py", "state.py", "words.py", "terminal.py", "web/tunnel.js",
            "README.md", "data/deck.toml"} <= set(found), sorted(found)
    return found


@pytest.fixture(scope="module")
def tunnel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The guide's game as the package ``getaway.games.tunnel``."""
    root = tmp_path_factory.mktemp("guide") / "games"
    home = root / "tunnel"
    for path, text in guide_files().items():
        (home / path).parent.mkdir(parents=True, exist_ok=True)
        (home / path).write_text(text, encoding="utf-8")
    getaway.games.__path__.append(str(root))
    try:
        yield importlib.import_module("getaway.games.tunnel")
    finally:
        getaway.games.__path__.remove(str(root))
        for name in [n for n in sys.modules if n.startswith("getaway.games.tunnel")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def game(tunnel: ModuleType) -> Game:
    found: Game = tunnel.GAME
    return found


def test_it_plays_to_the_end_and_replays(game: Game) -> None:
    reg = Registry()
    reg.register(game)
    outcomes = set()
    for players in (2, 4):
        for seed in range(12):
            match = playout(game, game.spec.configure(players), seed)
            out = match.state.outcome()
            assert out is not None
            outcomes.add(out.reason)
            again = replay(Record.loads(match.record().dumps()), reg)
            assert again.state.fingerprint() == match.state.fingerprint()
    assert outcomes == {"escaped", "caught"}


def test_it_refuses_what_is_illegal_and_hides_its_deck(game: Game) -> None:
    state = game.start(2, seed=3)
    before = state.fingerprint()
    with pytest.raises(IllegalAction):
        state.apply(1, state.legal_actions(0)[0])
    with pytest.raises(IllegalAction):
        state.apply(0, game.actions[0].__class__(7))  # type: ignore[call-arg]
    assert state.fingerprint() == before
    seen = json.dumps(state.view(0))
    other = state.determinize(0, random.Random(1))
    assert json.dumps(other.view(0)) == seen and other.fingerprint() != before


def test_a_move_that_turned_a_patrol_card_is_never_taken_back(game: Game) -> None:
    turned = 0
    for seed in range(6):
        rng = random.Random(seed)
        match = Match(game, game.spec.configure(2), seed)
        while not match.state.is_over():
            seat = match.state.to_act()[0]
            events = match.apply(seat, rng.choice(list(match.state.legal_actions(seat))))
            if "patrol" in {e.kind for e in events}:
                turned += 1
                assert match.take_back_refusal(seat) in (SHOWN, OVER)
                with pytest.raises(CannotTakeBack):
                    match.take_back(seat)
    assert turned


def test_it_speaks_only_in_words_and_has_its_declared_shape(game: Game) -> None:
    crawl = Crawl(game)

    def visit(state: Any, seat: int, events: list[Any] | None) -> None:
        if events is None:
            crawl.decision(state, seat)
            for who in (None, 0, 1):
                assert mismatches(json.loads(json.dumps(state.view(who))), game.view_type) == []
        else:
            crawl.events(state, events)

    for seed in range(4):
        end = play(game, 3, seed, seed % 2 == 0, visit, None)
        out = end.outcome()
        assert out is not None
        crawl.check("outcome", out.detail)
        assert out.reason in game.outcome_reasons, out.reason
    assert not crawl.problems, crawl.report()


def test_its_engine_keeps_apart_from_its_presentation(tunnel: ModuleType) -> None:
    home = Path(tunnel.__file__ or "").parent
    for path in home.glob("*.py"):
        if path.stem != "terminal":
            assert not {m for m in imports(path) if "terminal" in m or m.startswith("rich")}


def test_it_draws_in_the_terminal(tunnel: ModuleType, game: Game) -> None:
    render = importlib.import_module("getaway.games.tunnel.terminal").render
    from rich.console import Console

    console = Console(record=True, width=80)
    console.print(render(game.start(2, seed=1).view(0)))
    assert "tunnel  [........]" in console.export_text()


def test_it_is_served_and_played_through_the_web_api(game: Game, tmp_path: Path) -> None:
    reg = Registry()
    reg.register(game)
    with TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 't.db'}",
                                        bot_delay=0.0), registry=reg)) as c:
        js = c.get("/static/games/tunnel.js")
        assert js.status_code == 200 and "export function render" in js.text
        assert "The Long Tunnel" in c.get("/api/games/tunnel/rules").json()["html"]
        made = c.post("/api/tables", json={"game": "tunnel", "players": 2,
                                           "seats": [{"kind": "human"}] * 2}).json()
        table = made["id"]
        tokens = {s: c.post(f"/api/tables/{table}/seats/{s}/claim", json={}).json()["token"]
                  for s in (0, 1)}
        for _ in range(40):
            s = c.get(f"/api/tables/{table}/state").json()
            if s["status"] == "finished":
                break
            seat = s["to_act"][0]
            mine = c.get(f"/api/tables/{table}/state", params={"seat": seat},
                         headers={"x-seat-token": tokens[seat]}).json()
            assert mine["view"]["pending"]["key"] == "dig"
            r = c.post(f"/api/tables/{table}/actions", headers={"x-seat-token": tokens[seat]},
                       json={"seat": seat, "action": mine["legal"][0]["action"],
                             "n": mine["n"]})
            assert r.status_code == 200, r.text
        done = c.get(f"/api/tables/{table}").json()
        assert done["status"] == "finished" and done["outcome"]["reason"] == "escaped"


def test_its_browser_module_type_checks(tunnel: ModuleType, game: Game,
                                        tmp_path: Path) -> None:
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    if not tsc.exists():
        if os.environ.get("GETAWAY_REQUIRE_ALL") == "1":
            pytest.fail("node_modules is missing: make lint installs the npm packages")
        pytest.skip("no TypeScript here (make lint installs it)")
    home = Path(tunnel.__file__ or "").parent
    (tmp_path / "tunnel.d.ts").write_text(definitions(game), encoding="utf-8")
    config = {"compilerOptions": {
        "allowJs": True, "checkJs": True, "noEmit": True, "target": "ES2022",
        "module": "ES2022", "moduleResolution": "bundler", "skipLibCheck": True,
        "lib": ["ES2022", "DOM", "DOM.Iterable"], "baseUrl": str(ROOT),
        "paths": {"/static/js/*": ["./src/getaway/server/static/js/*"]}},
        "files": [str(home / "web" / "tunnel.js"), str(tmp_path / "tunnel.d.ts"),
                  str(ROOT / "types" / "table.d.ts")]}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    done = subprocess.run([str(tsc), "-p", str(tmp_path / "tsconfig.json")],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
