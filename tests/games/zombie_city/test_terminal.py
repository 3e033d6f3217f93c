"""Zombie City in the terminal: the drawing of real views, the menus, and practice on the
virtual clock (people and bots scheduled like the simulator's seats)."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from getaway.agents import make_agent
from getaway.cli import app
from getaway.cli.play import TerminalAgent, menu_entries, play_terminal
from getaway.core.agent import Agent, Observation
from getaway.core.match import Match
from getaway.core.records import Record, replay
from getaway.core.rollout import busy, next_seat, schedule
from getaway.games import registry
from getaway.games.zombie_city.model import Cost
from getaway.games.zombie_city.state import ZombieCityState
from getaway.games.zombie_city.tables import COST
from getaway.games.zombie_city.terminal import (
    ZOMBIE_LETTER,
    TownMap,
    clock_text,
    menu_order,
    menu_path,
    short_name,
    zombie_words,
)
from getaway.sim.driver import agent_rngs, play_match
from tests.cli.screen import flat, screen_text

GAME = registry().get("zombie-city")
runner = CliRunner()


def console() -> Console:
    return Console(record=True, width=100, color_system=None, file=io.StringIO())


def text_of(view: dict[str, Any], width: int = 100) -> str:
    return screen_text(view, "zombie-city", width)


def play_until(players: int, seed: int, stop: Callable[[ZombieCityState], bool],
               limit: int = 20000) -> ZombieCityState:
    """Heuristic bots play on the simulator's schedule until ``stop`` holds (or the end)."""
    match = Match(GAME, GAME.spec.configure(players, {}), seed)
    state = match.state
    assert isinstance(state, ZombieCityState)
    bots = [make_agent("heuristic", GAME) for _ in range(players)]
    rngs = agent_rngs(seed, players)
    free_at = schedule(state)
    for _ in range(limit):
        if stop(state):
            break
        seat = next_seat(state, free_at)
        if seat is None:
            break
        action = bots[seat].choose(Observation(state, seat), rngs[seat])
        busy(state, free_at, seat, action)
        state.apply(seat, action)
    return state


def find(players: int, stop: Callable[[ZombieCityState], bool]) -> ZombieCityState:
    """The first state of the first seeded bot game (seeds 0, 1, ...) in which ``stop`` holds."""
    for seed in range(60):
        state = play_until(players, seed, stop)
        if stop(state):
            return state
    raise AssertionError("no game of 60 reached the wanted moment")


def check_table(state: ZombieCityState, seat: int | None) -> str:
    """Render a view and check what every drawing must show."""
    view = state.view(seat)
    out = text_of(view)
    f = flat(out)
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "ESCAPE: ZOMBIE CITY" in out
    assert f"Clock {clock_text(view['clock'], tenths=True)}" in out
    assert f"Cargo bay {len(view['cargo'])}/{view['need']}" in out
    assert f"Zombies at the church {view['at_church']}/{view['church_limit']}" in out
    assert f"street pile {view['street_pile']}" in out
    for p in view["players"]:  # every die, numbered, with its face or state
        dice = " ".join(f"{i + 1}:{'PANIC' if d == 'panic' else d}"
                        for i, d in enumerate(p["dice"]))
        assert dice in f, dice
    for z in view["zombies"]:
        assert zombie_words(z) in f
    plain = TownMap(view).text().plain
    for b in view["board"]:
        assert short_name(b["section"]) in plain
    assert plain.count("[?]") == sum(b["item_tile"] for b in view["board"])
    by: dict[str, str] = {}
    for z in view["zombies"]:  # one letter a zombie, on its section's box
        by[z["section"]] = by.get(z["section"], "") + ZOMBIE_LETTER[z["kind"]]
    for letters in by.values():
        if len(letters) <= 6:
            assert letters in plain
    return out


def test_the_table_at_the_start() -> None:
    state = play_until(2, 1, lambda s: True)
    out = check_table(state, 0)
    assert "you are orange" in out and "Clock 0:00.0" in out
    assert "next: the first countdown begins (1 gong) in 4:22" in out
    plain = TownMap(state.view(0)).text().plain
    lines = plain.splitlines()
    # church between the two starting crossroads, their skulls turned towards it
    middle = next(line for line in lines if "W Cross" in line)
    assert middle.index("W Cross") < middle.index("Church") < middle.index("E Cross")
    row = lines[lines.index(middle) + 1]
    assert ">=" in row and "=<" in row
    assert row.count("?") == 2  # the open west and east streets
    assert "Cemetery" in plain and "Cargo Bay" in plain and "0/5 items" in plain
    assert "ob" in row  # both survivors on the church: orange and blue
    assert "No zombies in town." in out
    assert "(spectator)" in text_of(state.view(None))


def test_mid_game_board_zombies_tiles_and_clock() -> None:
    def busy_town(s: ZombieCityState) -> bool:
        return (len(s.placed) >= 9 and bool(s.tiles) and sum(z >= 0 for z in s.zloc) >= 2
                and any(s.held[p] >= 0 for p in range(s.players)))

    state = find(3, busy_town)
    out = check_table(state, 1)
    view = state.view(1)
    assert "you are blue" in out
    holder = next(p for p in view["players"] if p["item"])
    name = next(i["name"] for i in GAME.assets()["items"] if i["id"] == holder["item"])
    assert name in out
    plain = TownMap(view).text().plain
    for z in view["zombies"]:
        assert ZOMBIE_LETTER[z["kind"]] in plain


def test_countdown_pause_and_the_end() -> None:
    state = find(2, lambda s: s.countdown == 1)
    out = check_table(state, 0)
    assert "COUNTDOWN 1: the doors slam in" in out and "be on the Church!" in out
    wake = state.wake_in()
    assert wake is not None
    state.advance(wake)  # the doors slam: a pause
    assert state.paused
    out = check_table(state, 0)
    assert "PAUSE: play resumes in 0:20" in out
    state = find(2, lambda s: s.is_over())
    out = check_table(state, None)
    outcome = state.outcome()
    assert outcome is not None
    assert "Game over" in out and outcome.detail in flat(out)


def test_the_van_phase() -> None:
    state = find(4, lambda s: s.phase == 2)
    out = check_table(state, 0)
    assert "Phase 2: the van is on Church" in out
    assert "VAN" in TownMap(state.view(0)).text().plain
    state = find(4, lambda s: s.phase == 2 and any(
        a.to_json()["kind"] == "drive" for p in range(4) for a in s.legal_actions(p)))
    seat = next(p for p in range(4) if any(a.to_json()["kind"] == "drive"
                                           for a in state.legal_actions(p)))
    view = state.view(seat)
    drives = [a for a in state.legal_actions(seat) if a.to_json()["kind"] == "drive"]
    assert drives
    for a in drives:
        sec = GAME.assets()["sections"][a.to_json()["section"]]
        assert menu_path(a, view) == ["Drive the van", a.label()]
        assert a.label().startswith("drive the van to ") and sec["title"] in a.label()
    won = find(4, lambda s: s.is_over() and bool(s.outcome().winners))  # type: ignore[union-attr]
    out = check_table(won, None)
    left = max(won.outcome().scores)  # type: ignore[union-attr]
    assert "the van leaves town" in out and f"{clock_text(left)} left on the clock" in out


# -- menus ------------------------------------------------------------------------------

def states_to_check() -> Iterable[tuple[ZombieCityState, int]]:
    for seed in (4, 5):
        match = Match(GAME, GAME.spec.configure(3, {}), seed)
        state = match.state
        assert isinstance(state, ZombieCityState)
        bots = [make_agent("heuristic", GAME) for _ in range(3)]
        rngs = agent_rngs(seed, 3)
        free_at = schedule(state)
        while (seat := next_seat(state, free_at)) is not None:
            yield state, seat
            action = bots[seat].choose(Observation(state, seat), rngs[seat])
            busy(state, free_at, seat, action)
            state.apply(seat, action)


def test_menus_name_every_action_once_and_in_words() -> None:
    kinds: set[str] = set()
    for checked, (state, seat) in enumerate(states_to_check()):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        labels = [a.label() for a in legal]
        paths = [tuple(menu_path(a, view)) for a in legal]
        assert len(set(labels)) == len(labels), labels
        assert len(set(paths)) == len(paths), paths
        ordered = sorted(legal, key=lambda a: menu_order(a, view))
        for a, label in zip(legal, labels, strict=True):
            kind = a.to_json()["kind"]
            kinds.add(kind)
            assert "zombie " not in label or kind != "commit"  # kinds, not piece numbers only
            assert menu_path(a, view)[-1] == label  # the engine's label, never reworded
            if kind == "commit":
                z = next(z for z in view["zombies"] if z["piece"] == a.to_json()["zombie"])
                assert menu_path(a, view) == ["Fight", label]
                assert label == f"strike {z['name']} with a {a.to_json()['icon']}"
                assert zombie_words(z).startswith(z["name"])
            if kind == "enter":
                sec = GAME.assets()["sections"][a.to_json()["section"]]
                assert label.startswith("enter ") and sec["title"] in label
        top = menu_entries([(a, tuple(menu_path(a, view))) for a in ordered], 0)
        assert len(top) <= 12
        mask = sum(1 << i for i, f in enumerate(view["players"][seat]["dice"])
                   if f in ("getaway", "fist", "bat", "caution", "spent"))
        if any(a.to_json() == {"kind": "roll", "mask": mask} for a in legal):
            assert top[0][0] == ordered[0].label()
            assert ordered[0].to_json() == {"kind": "roll", "mask": mask}
        if checked > 1500:
            break
    assert {"roll", "enter", "reveal", "commit", "search", "deposit"} <= kinds


def test_start_menu_groups_the_rolls() -> None:
    state = play_until(2, 1, lambda s: True)
    view = state.view(0)
    legal = sorted(state.legal_actions(0), key=lambda a: menu_order(a, view))
    items = [(a, tuple(menu_path(a, view))) for a in legal]
    top = menu_entries(items, 0)
    assert [t for t, _ in top] == ["roll all five dice", "Roll some dice  (30 choices)"]
    some = menu_entries([(a, p) for a, p in items if p[:1] == ("Roll some dice",)], 1)
    assert some[0][0] == "roll dice 1, 2, 3 and 4"
    assert some[-1][0] == "roll die 5"


# -- practice on the virtual clock --------------------------------------------------

class Script:
    """Scripted answers for the terminal; records the prompts."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.answers:
            return self.answers.pop(0)
        return "y" if prompt.startswith("Quit") else "" if prompt.startswith("Save") else "q"


def clocks(record: Record) -> list[tuple[float, dict[str, Any]]]:
    """Each action step of a record with the clock at which it was played."""
    now, out = 0.0, []
    for step in record.steps:
        if "advance" in step:
            now += float(step["advance"])
        else:
            out.append((now, step))
    return out


def practice(seats: list[Agent | None], answers: Iterable[str], seed: int = 7,
             save: Path | None = None) -> tuple[Match, str, Script]:
    c = console()
    script = Script(answers)
    config = GAME.spec.configure(len(seats), {})
    match = play_terminal(GAME, config, seed, seats, c, save=save, ask=script)
    return match, c.export_text(), script


def heuristic() -> Agent:
    return make_agent("heuristic", GAME)


def test_practice_costs_the_human_virtual_time_and_the_bots_act(tmp_path: Path) -> None:
    path = tmp_path / "practice.json"
    match, out, _ = practice([None, heuristic(), heuristic()], ["1"] * 40 + ["q", "y"], save=path)
    assert "Game stopped" in out
    record = Record.load(path)
    steps = clocks(record)
    human = [(t, s) for t, s in steps if s["seat"] == 0]
    assert len(human) >= 25
    # every action of the person keeps the seat busy for its cost, exactly like a bot's
    rebuilt = replay(record, registry())
    costs = []
    check = Match(GAME, match.config, match.seed)
    for step in record.steps:
        if "advance" in step:
            check.advance(float(step["advance"]))
            continue
        action = GAME.actions.from_json(step["action"])
        if step["seat"] == 0:
            costs.append(check.state.action_seconds(0, action))
        check.apply(step["seat"], action)
    for (t0, _), (t1, _), cost in zip(human, human[1:], costs, strict=False):
        assert t1 - t0 == pytest.approx(cost)
    assert human[-1][0] > 30.0
    # the bots acted in between, on their own schedule
    between = [s for t, s in steps if human[0][0] < t < human[-1][0] and s["seat"] != 0]
    assert {s["seat"] for s in between} == {1, 2} and len(between) >= 20
    # the record replays to the same state, and the screen showed the clock and the others
    assert rebuilt.state.truth() == match.state.truth()
    assert record.meta["seats"] == ["human", "heuristic", "heuristic"]
    roll = COST[Cost.ROLL]
    assert f"Virtual clock 0:{roll:04.1f}: orange decides" in out
    assert "Meanwhile, since orange last decided" in out
    assert "blue rolls " in out and f"Orange is busy {roll:g} s, until 0:{2 * roll:04.1f}" in out
    v = runner.invoke(app, ["replay", str(path)], catch_exceptions=False)
    assert v.exit_code == 0 and "verified" in v.stdout


def test_wait_lets_the_bots_act_first_and_records_nothing() -> None:
    match, out, script = practice([None, heuristic(), heuristic()], ["w", "1", "q", "y"])
    steps = clocks(match.record())
    assert "Orange waits until something happens" in out
    # the person waited at 0:00: a bot acted, then the person rolled at the same moment
    assert steps[0][1]["seat"] == 1 and steps[0][0] == 0.0
    assert steps[1][1]["seat"] == 0 and steps[1][0] == 0.0
    assert steps[1][1]["action"]["kind"] == "roll"
    assert [s for _, s in steps if s["seat"] == 0] == [steps[1][1]]  # one action, no "wait"
    assert "w = wait" in script.prompts[0]


def test_waiting_seconds_runs_the_clock() -> None:
    match, out, _ = practice([None, heuristic()], ["w 10", "1", "q"], seed=3)
    steps = clocks(match.record())
    mine = [(t, s) for t, s in steps if s["seat"] == 0]
    assert len(mine) == 1 and mine[0][0] == pytest.approx(10.0)
    assert sum(1 for t, s in steps if s["seat"] == 1 and t < 10.0) >= 3
    assert "Orange waits 10 s" in out
    assert "Virtual clock 0:10.0: orange decides" in out


def test_bad_input_is_explained_and_changes_nothing() -> None:
    answers = ["0", "99", "x", "b", "w soon", "w -3", "2", "31", "b", "q", "y"]
    match, out, script = practice([None, heuristic()], answers, seed=5)
    assert "There is no action 0; type 1 to 2." in out
    assert "Nothing to take back: moves of a game played on a clock" in out
    assert "There is no action 99; type 1 to 2." in out
    assert "'x' is not a number" in out and "Nothing to take back: " in out
    assert "'w soon': type w, or w and a number of seconds" in out
    assert "'w -3': type w, or w and a number of seconds" in out
    assert "Roll some dice" in out and "There is no action 31; type 1 to 30." in out
    # the last prompts: the top menu (q), "Quit this game?" and the offer to save
    assert "b = back" in script.prompts[-4] and "b = back" not in script.prompts[0]
    assert match.steps == [] and match.state.clock() == 0.0
    assert "Game stopped" in out


def test_hot_seat_each_person_acts_when_free() -> None:
    match, out, _ = practice([None, None], ["1", "1", "1", "1", "q"], seed=2)
    steps = clocks(match.record())
    assert [s["seat"] for _, s in steps] == [0, 1, 0, 1]
    roll = COST[Cost.ROLL]
    assert [t for t, _ in steps] == [0.0, 0.0, roll, roll]
    assert "Blue decides" in out and "Pass the device" not in out


def test_all_bots_play_a_whole_game_like_the_simulator() -> None:
    seed = 6
    bots: list[Agent | None] = [heuristic(), heuristic()]
    match, out, _ = practice(bots, [], seed=seed)
    assert match.state.is_over()
    assert "Game over" in out and "clock: the first countdown begins (1 gong)" in out
    sim = Match(GAME, match.config, seed)
    play_match(sim, [heuristic(), heuristic()], agent_rngs(seed, 2))
    assert sim.steps == match.steps  # the same scheduler as the simulations
    outcome = match.state.outcome()
    assert outcome is not None and outcome.detail in flat(out)
    rebuilt = replay(match.record(), registry())
    assert rebuilt.state.truth() == match.state.truth()


def test_terminal_agent_walks_to_a_fight() -> None:
    for state, seat in states_to_check():
        if any(a.to_json()["kind"] == "commit" for a in state.legal_actions(seat)):
            break
    else:
        pytest.fail("no fight found")
    c = console()

    def ask(prompt: str) -> str:
        """Pick the entry that leads to a fight, reading the menu on the screen."""
        if prompt.startswith("Quit"):
            return "y"
        shown = c.export_text(clear=False).splitlines()
        menu = []
        for line in reversed(shown):
            parts = line.split(maxsplit=1)
            if len(parts) == 2 and parts[0].isdigit() and line.startswith("  "):
                menu.append((parts[0], parts[1]))
            elif menu:
                break
        for want in ("Fight", "with a", "(fist", "(bat"):
            for number, text in reversed(menu):
                if want in text:
                    return number
        return "q"

    agent = TerminalAgent(c, GAME, [], ask=ask, realtime=True)
    chosen = agent.choose(Observation(state, seat), random.Random(0))
    assert chosen.to_json()["kind"] == "commit" and chosen in state.legal_actions(seat)
    out = c.export_text()
    assert "Zombies in town:" in out and "with a " in out


# -- through the command --------------------------------------------------------------

def test_cli_practice(tmp_path: Path) -> None:
    path = tmp_path / "zc.json"
    script = ["1"] * 12 + ["w"] + ["1"] * 5 + ["q", "y"]
    r = runner.invoke(app, ["play", "zombie-city", "-p", "2", "--bots", "heuristic",
                            "--seed", "3", "--save", str(path)],
                      input="\n".join(script) + "\n", catch_exceptions=False)
    assert r.exit_code == 0, r.stdout[-3000:]
    assert "Virtual clock" in r.stdout and "Meanwhile" in r.stdout
    assert "Orange waits until something happens" in r.stdout
    assert "Record saved" in r.stdout
    record = Record.load(path)
    assert sum(1 for s in record.steps if s.get("seat") == 0) >= 12
    v = runner.invoke(app, ["replay", str(path)], catch_exceptions=False)
    assert v.exit_code == 0 and "verified" in v.stdout
