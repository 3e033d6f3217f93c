"""Alcatraz 2034 in the terminal: the drawing of real views, and a game played through menus."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from getaway.agents import make_agent
from getaway.cli import app
from getaway.cli.play import TerminalAgent, menu_entries
from getaway.core.agent import Observation
from getaway.core.match import Match
from getaway.core.records import Record
from getaway.core.words import count
from getaway.games import registry
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import ESC
from getaway.games.alcatraz_2034.terminal import IslandMap, map_letters, menu_path, place_name
from tests.cli.screen import screen_text

GAME = next(g for g in registry() if g.id == "alcatraz-2034")
runner = CliRunner()


def text_of(view: dict[str, Any], width: int = 100) -> str:
    return screen_text(view, "alcatraz-2034", width)


def play_until(players: int, seed: int, stop: Callable[[AlcatrazState], bool],
               limit: int = 3000, bot: str = "heuristic") -> AlcatrazState:
    """Bots play from the start until ``stop`` holds (or the game ends)."""
    match = Match(GAME, GAME.spec.configure(players, {}), seed)
    state = match.state
    assert isinstance(state, AlcatrazState)
    bots = [make_agent(bot, GAME) for _ in range(players)]
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state) or state.is_over():
            break
        seat = state.to_act()[0]
        match.apply(seat, bots[seat].choose(Observation(state, seat), rng))
    return state


def check_common(state: AlcatrazState, seat: int) -> str:
    """Render ``seat``'s view and check what every drawing must (and must not) show."""
    view = state.view(seat)
    out = text_of(view)
    flat = " ".join(out.split())
    for p in view["prisoners"]:
        assert p["name"] in out and p["profession"] in out
    for ability, score in view["system"]["scores"].items():
        assert f"{ability} {score}" in out
        assert score == 3 + sum(1 for r in view["system"]["rows"] if r["ability"] == ability
                                for _ in range(r["tiles"])) + view["system"]["grey"].count(ability)
    # the seat's own hand, by name, and no other seat's hand
    own = next(h for h in view["hands"] if h["seat"] == seat)
    names = view["seat_names"]
    assert f"Your hand ({names[seat]}): {count(own['size'], 'card')}" in out
    for c in own["cards"]:
        assert c["name"] in out
    for other in range(state.n):
        if other != seat:
            assert f"Your hand ({names[other]})" not in out
            assert f"{names[other]} {count(len(state.hands[other]), 'card')}" in flat
    public = json.dumps(view)
    for other in range(state.n):
        if other == seat:
            continue
        for k in state.hands[other]:
            card = ESC[k]
            if card.name not in public and card.id not in public:
                assert card.name not in out, f"seat {other}'s {card.name} leaked"
    # sentinels on the island: a symbol only when the view knows it
    for s, truth in zip(view["sentinels"], state.sent_sym, strict=True):
        if s["space"] is None:
            continue
        where = f"sentinel {s['number']} on {place_name(s['space'])}"
        if s["symbol"] is None:
            assert f"{where} (symbol hidden)" in flat
        else:
            assert f"{where} ({s['symbol']})" in flat
            assert truth >= 0
    # map: within 100 columns, every prisoner on the island drawn with its letter
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 100
    map_text = IslandMap(view).text()
    letters = map_letters(view["prisoners"])
    for p in view["prisoners"]:
        if p["status"] == "island":
            assert letters[p["id"]] in map_text.plain
    assert "CELLS" in map_text.plain and "TUN" in map_text.plain
    hidden_buildings = sum(1 for b in view["buildings"] if b["tile"] is None)
    assert map_text.plain.count("?]") + map_text.plain.count("[?") >= min(1, hidden_buildings)
    return out


@pytest.mark.parametrize("players", [2, 6])
def test_start_of_the_game(players: int) -> None:
    state = play_until(players, 1, lambda s: False, limit=0)
    out = check_common(state, 0)
    assert "ESCAPE RUN: ALCATRAZ 2034" in out and "you are orange" in out
    assert "6 waiting on the System board" in out
    assert "Now: Your first Escape cards: draw" in out
    assert out.count("Main Cell Block") == len(state.view(0)["prisoners"])


@pytest.mark.parametrize("players", [2, 6])
def test_mid_game_with_sentinels_and_tiles(players: int) -> None:
    def busy(s: AlcatrazState) -> bool:
        v = s.view(None)
        return (sum(1 for x in v["sentinels"] if x["space"]) >= 3
                and any(r["tile"] == "face_up" for r in v["run_spaces"]))

    state = play_until(players, 2, busy)
    assert busy(state)
    for seat in (0, players - 1):
        out = check_common(state, seat)
        view = state.view(seat)
        for r in view["run_spaces"]:
            if r["tile"] == "face_up":
                assert str(r["cards"]) in IslandMap(view).text().plain
        assert "Recent events" in out
        short = [e["text"] for e in view["log"][-8:] if len(e["text"]) < 80]
        assert short and all(e in out for e in short)


def test_revealed_building_tiles_are_drawn() -> None:
    state = play_until(3, 4, lambda s: bin(s.building_up).count("1") >= 2, bot="random")
    view = state.view(0)
    shown = {b["tile"] for b in view["buildings"] if b["revealed"]}
    assert shown
    plain = IslandMap(view).text().plain
    letter = {"smarts": "S", "toughness": "T", "skills": "K", "system": "Y", "tunnel": "U",
              "helipad": "H", "abandoned": "x"}
    taken = {p["space"] for p in view["prisoners"]} | {x["space"] for x in view["sentinels"]}
    empty = [b for b in view["buildings"] if b["revealed"] and b["space"] not in taken]
    for b in empty:
        assert f"[{letter[b['tile']]}]" in plain
    assert plain.count("[?]") == sum(1 for b in view["buildings"]
                                     if b["tile"] is None and b["space"] not in taken)
    check_common(state, 0)


@pytest.mark.parametrize("players", [2, 6])
def test_run_decision(players: int) -> None:
    state = play_until(players, 3, lambda s: s.run is not None
                       and (s.pending() or {}).get("key") == "assign")
    view = state.view(0)
    assert view["run"] is not None
    out = check_common(state, 0)
    assert "Run under way" in out
    assert view["run"]["card"]["name"] in out
    assert "You lead the Run: choose who takes" in out


@pytest.mark.parametrize("players", [2, 6])
def test_attack(players: int) -> None:
    state = play_until(players, 5, lambda s: s.attack is not None)
    view = state.view(0)
    assert view["attack"] is not None
    out = check_common(state, 0)
    assert "Attack" in out and "attacks" in out
    name = next(p["name"] for p in view["prisoners"] if p["id"] == view["attack"]["prisoner"])
    attack = view["attack"]
    assert f"{name} is attacked by {attack['attacker']} on {attack['ability']}" in out


@pytest.mark.parametrize("players", [2, 6])
def test_end_of_the_game(players: int) -> None:
    state = play_until(players, 6, lambda s: False)
    assert state.is_over()
    out = check_common(state, 0)
    assert "Game over" in out
    spectator = text_of(state.view(None))
    assert "(spectator)" in spectator and "Your hand" not in spectator
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.detail in " ".join(spectator.replace("│", " ").split())


def test_menu_groups_moves_step_by_step() -> None:
    state = play_until(2, 1, lambda s: (s.pending() or {}).get("key") == "turn")
    view = state.view(state.to_act()[0])
    legal = state.legal_actions(state.to_act()[0])
    assert len(legal) > 100
    items = [(a, tuple(menu_path(a, view))) for a in legal]
    top = menu_entries(items, 0)
    assert len(top) < 15
    _, group = next((t, g) for t, g in top if t.startswith("move a prisoner"))
    assert isinstance(group, tuple)
    who = menu_entries([(a, p) for a, p in items if p[:1] == group], 1)
    assert len(who) == sum(1 for p in view["prisoners"]
                           if p["owner"] == view["seat"] and p["status"] == "island")
    ways = menu_entries([(a, p) for a, p in items if p[:2] == who[0][1]], 2)
    assert [t.split(" ")[0] for t, _ in ways] == ["sneaking", "walking", "running"]
    dests = menu_entries([(a, p) for a, p in items if p[:3] == ways[1][1]], 3)
    assert all(t.startswith("to ") for t, _ in dests)
    assert all(a.to_json()["way"] == "walk" for _, a in dests)  # type: ignore[union-attr]


def test_terminal_agent_walks_the_menu() -> None:
    state = play_until(2, 1, lambda s: (s.pending() or {}).get("key") == "turn")
    seat = state.to_act()[0]
    answers = iter(["move", "1", "1", "b", "1", "2", "3"])
    console = Console(record=True, width=100, color_system=None, file=io.StringIO())
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    agent = TerminalAgent(console, GAME, [], ask=ask)
    chosen = agent.choose(Observation(state, seat), random.Random(0))
    out = console.export_text()
    assert "'move' is not a number" in out
    assert "move a prisoner > " in out
    assert "b = back" not in prompts[0] and "b = back" in prompts[-1]
    data = chosen.to_json()
    assert data["kind"] == "move" and data["way"] == "walk"
    assert chosen in state.legal_actions(seat)


def test_cli_play_through_the_menus(tmp_path: Path) -> None:
    path = tmp_path / "alcatraz.json"
    script = ["x", "0", "99"] + ["1"] * 6  # bad input, then the six first Escape cards
    script += ["1", "b", "b", "1", "1", "2", "1"]  # a walk chosen step by step (after a back)
    script += ["1"] * 60 + ["q", "y"]
    r = runner.invoke(app, ["play", "alcatraz-2034", "-p", "2", "--bots", "1=heuristic",
                            "--seed", "11", "--save", str(path)],
                      input="\n".join(script) + "\n", catch_exceptions=False)
    assert r.exit_code == 0, r.stdout[-3000:]
    out = r.stdout
    assert "'x' is not a number" in out
    assert "There is no action 0" in out and "There is no action 99" in out
    assert "move a prisoner > " in out and "walking (up to 6)" in out
    assert "Your hand (orange)" in out and "Your hand (blue)" not in out
    assert "Record saved" in out
    record = Record.load(path)
    human = [s for s in record.steps if s.get("seat") == 0]
    moves = [s["action"] for s in human if s["action"]["kind"] == "move"]
    assert len(human) > 10 and len(moves) >= 2
    assert moves[0]["way"] == "walk"
    v = runner.invoke(app, ["replay", str(path)], catch_exceptions=False)
    assert v.exit_code == 0 and "verified" in v.stdout


def test_names_instead_of_ids_dice_and_steps() -> None:
    state = play_until(2, 5, lambda s: s.attack is not None)
    assert state.attack is not None
    # settle the attack: everybody passes until it is resolved
    for _ in range(50):
        if state.attack is None or state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    view = state.view(0)
    last = view["last_result"]
    assert last is not None and last["kind"] == "attack"
    out = text_of(view)
    flat = " ".join(out.replace("│", " ").split())
    assert "Last attack" in out and f"red die {last['red_die']}" in flat
    assert f"orange die {last['orange_die']}" in flat
    for d in view["decks"]["sentinel_discard_cards"][-1:]:
        assert d["name"] in flat and d["id"] not in flat
    state = play_until(2, 1, lambda s: (s.pending() or {}).get("key") == "turn")
    seat = state.to_act()[0]
    view = state.view(seat)
    paths = [menu_path(a, view) for a in state.legal_actions(seat)
             if a.to_json()["kind"] == "move"]
    assert paths and all(p[-1].endswith(" steps") or p[-1].endswith(" step") for p in paths)
    assert any(p[-1].endswith(", 0 steps") for p in paths), "sneaking 0 steps: staying put"
