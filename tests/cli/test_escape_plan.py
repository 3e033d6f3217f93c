"""Escape Plan in the terminal: the drawing of real views, hidden information, the menus,
and games played through ``play_terminal`` and the command line."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from getaway.agents import make_agent
from getaway.cli import app
from getaway.cli.play import TerminalAgent, menu_entries, play_terminal
from getaway.cli.render import render
from getaway.cli.views.escape_plan import menu_label, menu_order, menu_path
from getaway.core.agent import Agent, Observation
from getaway.core.match import Match
from getaway.core.records import Record
from getaway.games import registry
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import BOARD, CARDS, TILE

GAME = registry().get("escape-plan")
BOT = "random"
runner = CliRunner()


def text_of(view: dict[str, Any], width: int = 120) -> str:
    c = Console(width=width, record=True, color_system=None, file=io.StringIO())
    c.print(render(view, "escape-plan"))
    return c.export_text()


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def played(players: int, seed: int, steps: int) -> EscapePlanState:
    """A state after ``steps`` random decisions (or the end)."""
    match = Match(GAME, GAME.spec.configure(players, {}), seed)
    state = match.state
    assert isinstance(state, EscapePlanState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        match.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def check(state: EscapePlanState, seat: int | None) -> str:
    """Render ``seat``'s view and check what every drawing must show."""
    v = state.view(seat)
    out = text_of(v)
    f = flat(out)
    assert "ESCAPE PLAN" in out and f"round {v['round']} of 3, turn {v['turn']}" in out
    side = BOARD.side(v["side"])
    for r in range(side.rows):
        assert f"r{r}" in out
    for _, tile_id, _ in v["city"]:
        assert TILE[tile_id].name.split()[0] in out
    for i, s in enumerate(v["stacks"]):
        if s["top"]:
            assert f"{'ABCD'[i]}: {TILE[s['top']].name}" in f
    for c in v["contacts"]["display"]:
        assert CARDS.contact(c).name in f
    if v["fixers"]["top"]:
        assert CARDS.fixer(v["fixers"]["top"]).name in f
    for colour, lk in v["lockers"].items():
        assert f"{colour} need {lk['need']}" in f
    for i, p in enumerate(v["players"]):
        assert f"Seat {i} ({p['colour']})" in f
        assert f"Notoriety {p['notoriety']}, Wounds {p['wounds']}, Handcuffs {p['handcuffs']}" in f
        assert f"Income track: ${p['income']}" in f
    assert "Thresholds (*)" in out
    if v.get("sandra"):
        assert "[S]" in out and "Sandra" in out
    else:
        assert "[S]" not in out.replace("[S] Sandra", "")
    if seat is not None:
        me = v["players"][seat]
        assert f"Money ${me['money']}" in out and f"Behind your screen (seat {seat})" in out
        for loc in CARDS.plan(me["plan"]).income:
            name = (BOARD.pieces.business(loc).name if loc.startswith("business")
                    else BOARD.pieces.safe_house(loc).name)
            assert name in f
    else:
        assert "Behind your screen" not in out and "Money $" not in out
    laid = {t for _, t, _ in v["city"]}
    for blocked in v["patrol"]["blocked"]:
        assert "blocked Exits: " in f and str(blocked) in f.split("blocked Exits: ")[1][:12]
        if BOARD.exit(blocked)[0].id in laid:
            assert f"Exit {blocked} BLOCKED" in f
    return out


@pytest.mark.parametrize("players", [2, 5])
def test_setup(players: int) -> None:
    state = played(players, 1, 0)
    out = check(state, 0)
    assert "lay a City tile" in out
    assert "Hospital" in out
    check(state, None)


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("steps", [60, 200, 400])
def test_mid_game(players: int, steps: int) -> None:
    state = played(players, steps + players, steps)
    for seat in (0, players - 1, None):
        check(state, seat)


@pytest.mark.parametrize("players", [2, 5])
def test_the_end(players: int) -> None:
    state = played(players, 7, 5000)
    assert state.is_over()
    out = check(state, None)
    assert "Game over" in out and "Winner(s)" in out


def _names(locs: tuple[str, ...]) -> list[str]:
    return [BOARD.pieces.business(x).name if x.startswith("business")
            else BOARD.pieces.safe_house(x).name for x in locs]


@pytest.mark.parametrize("players", [2, 5])
def test_seat_zero_never_sees_seat_ones_money_or_plan(players: int) -> None:
    for steps in (0, 50, 150, 300, 450):
        state = played(players, 20 + steps, steps)
        mine, other = state.crew[0], state.crew[1]
        out = text_of(state.view(0))
        f = flat(out)
        assert f"Money ${mine.money}" in out and out.count("Money $") == 1
        assert "Behind your screen (seat 1)" not in out
        plan_line = next(line for line in out.splitlines() if "Escape Plan:" in line)
        assert out.count("Escape Plan:") == 1
        assert plan_line.split("Escape Plan: Income symbol on ")[1].strip(" │") == \
            ", ".join(_names(CARDS.plan(mine.plan).income))
        assert mine.plan in state.view(0)["players"][0]["plan"]
        assert "plan" not in state.view(0)["players"][1] and "money" not in \
            state.view(0)["players"][1]
        seat1 = f[f.index("Seat 1 ("):f.index("Behind your screen")]
        for slot in other.items:  # face-down Locker and Exit tiles: colour only, no value
            if slot.startswith(("L:", "T:")):
                assert slot[2:] not in out
                assert "Locker $" not in seat1 and "Exit tile $" not in seat1
        spectator = text_of(state.view(None))
        assert "Money $" not in spectator and "Escape Plan:" not in spectator


def test_menu_labels_are_unique_and_readable() -> None:
    checked = 0
    for players in (2, 3, 5):
        for seed in range(3):
            match = Match(GAME, GAME.spec.configure(players, {}), seed)
            state = match.state
            rng = random.Random(seed)
            for _ in range(700):
                if state.is_over():
                    break
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                v = state.view(seat)
                labels = [menu_label(a, v) for a in legal]
                assert all(x.strip() for x in labels)
                assert len(set(labels)) == len(labels), labels
                paths = [tuple(menu_path(a, v)) for a in legal]
                assert all(all(step.strip() for step in p) for p in paths)
                assert len(set(paths)) == len(paths)
                order = sorted(legal, key=lambda a: menu_order(a, v))
                assert len(order) == len(legal)
                checked += 1
                match.apply(seat, rng.choice(legal))
    assert checked > 1000


def test_lay_a_tile_menu_is_grouped() -> None:
    state = played(2, 1, 0)
    seat = state.to_act()[0]
    v = state.view(seat)
    legal = state.legal_actions(seat)
    assert len(legal) > 15
    items = [(a, tuple(menu_path(a, v))) for a in legal]
    top = menu_entries(items, 0)
    assert [t for t, _ in top] == [f"Lay a tile  ({len(legal)} choices)"]
    tiles = menu_entries(items, 1)
    names = {TILE[s["top"]].name for s in v["stacks"] if s["top"]}
    assert {t.split("  (")[0] for t, _ in tiles} <= names


def test_terminal_agent_walks_the_menu() -> None:
    state = played(2, 1, 0)
    seat = state.to_act()[0]
    c = Console(record=True, width=120, color_system=None, file=io.StringIO())
    answers = iter(["x", "1", "b", "1", "1", "1"])
    agent = TerminalAgent(c, GAME, [], ask=lambda _: next(answers))
    chosen = agent.choose(Observation(state, seat), random.Random(0))
    out = c.export_text()
    assert "'x' is not a number" in out and "Lay a tile > " in out
    assert chosen.to_json()["kind"] == "place" and chosen in state.legal_actions(seat)


@pytest.mark.parametrize("players", [2, 5])
def test_bots_play_a_whole_game_through_the_terminal(players: int) -> None:
    c = Console(record=True, width=120, color_system=None, file=io.StringIO())
    bots: list[Agent | None] = [make_agent(BOT, GAME) for _ in range(players)]
    match = play_terminal(GAME, GAME.spec.configure(players, {}), 4, bots, c)
    assert match.state.is_over()
    out = c.export_text()
    assert "Game over" in out and f"{BOT} (seat 1): " in out


def test_cli_play_with_piped_input(tmp_path: Path) -> None:
    path = tmp_path / "ep.json"
    script = ["?", "nope", "99"] + ["1"] * 40 + ["q"]
    r = runner.invoke(app, ["play", "escape-plan", "-p", "2", "--bots", BOT, "--seed", "8",
                            "--save", str(path)],
                      input="\n".join(script) + "\n", catch_exceptions=False)
    assert r.exit_code == 0, r.stdout[-3000:]
    out = r.stdout
    assert "ESCAPE PLAN" in out and "The City" in out
    assert "Type the number of an action" in out and "'nope' is not a number" in out
    assert "There is no action 99" in out
    assert "Behind your screen (seat 0)" in out and "Behind your screen (seat 1)" not in out
    assert "Record saved" in out
    record = Record.load(path)
    assert sum(1 for s in record.steps if s.get("seat") == 0) >= 10
    v = runner.invoke(app, ["replay", str(path)], catch_exceptions=False)
    assert v.exit_code == 0 and "verified" in v.stdout
