"""Escape Plan in the terminal: the drawing of real views, hidden information, the menus,
and games played through ``play_terminal`` and the command line."""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from getaway.agents import make_agent
from getaway.cli import app
from getaway.cli.play import TerminalAgent, menu_entries, play_terminal
from getaway.core.actions import Action, action
from getaway.core.agent import Agent, Observation
from getaway.core.events import Event
from getaway.core.match import Match
from getaway.core.records import Record
from getaway.games import registry
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import (
    BOARD,
    CARDS,
    EXIT_TILE,
    LOC,
    LOCKER,
    PATROL,
    PLAN_IDS,
    TILE,
)
from getaway.games.escape_plan.terminal import event_text, menu_label, menu_order, menu_path
from tests.cli.screen import flat, screen_text

GAME = registry().get("escape-plan")
BOT = "random"
runner = CliRunner()


def text_of(view: dict[str, Any], width: int = 120) -> str:
    return screen_text(view, "escape-plan", width)


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
    assert "ESCAPE PLAN" in out and f"round {min(v['round'], 3)} of 3, turn {v['turn']}" in out
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
    assert "round 3 of 3" in out            # the finished game still reads as Day 3
    assert "Exit 1 " in out and "blocked Exits:" in out   # the Patrol cards by Exit


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


# -- events in words ------------------------------------------------------------------

RAW_IDS = re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in sorted(
    {*LOC, *PATROL, *LOCKER, *EXIT_TILE, *PLAN_IDS,
     *(b.id for b in BOARD.pieces.businesses), *(h.id for h in BOARD.pieces.safe_houses),
     *(a.id for a in CARDS.assets if "-" in a.id)} - {"church", "clinic", "hospital"},
    key=len, reverse=True)) + r")(?![\w-])")


def played_events(players: int, seed: int) -> list[Event]:
    """Every event of one seeded random game."""
    match = Match(GAME, GAME.spec.configure(players, {}), seed)
    state = match.state
    rng = random.Random(seed)
    out: list[Event] = []
    while not state.is_over():
        seat = state.to_act()[0]
        out += match.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def test_every_event_kind_reads_as_english() -> None:
    by_kind: dict[str, list[str]] = {}
    for players, seed in ((2, 0), (3, 1), (4, 2), (5, 3), (2, 4), (3, 5)):
        for e in played_events(players, seed):
            text = event_text(e)
            assert text.strip() and text[0].isupper(), (e, text)
            assert not re.search(r"[{}\[\]]|': ", text), (e, text)  # no dict or list dumps
            assert not RAW_IDS.search(text), (e, text)   # names, never ids
            assert not re.search(r"\bseat \d+ (visits|lays|rests|unlocks)", text), text
            if e.kind != "game_over" and e.seats is None:
                # money is behind the screens until the end: a public text names only
                # the amounts paid in the open (rule decided 28), never a seat's total
                paid = {str(v) for k, v in e.data.items()
                        if k in ("price", "amount", "income", "cost")}
                assert set(re.findall(r"\$(\d+)", text)) <= paid, (e, text)
            by_kind.setdefault(e.kind, []).append(text)
    assert {"round", "patrol", "city", "rest", "wounds", "visit", "police", "unlock",
            "sandra", "game_over", "move", "income", "use", "contact"} <= set(by_kind), \
        set(by_kind)
    assert any(re.fullmatch(r"Seat \d visits the (Casino|Nightclub|Racetrack|Bank|Jeweller|"
                            r"Pawn Shop) and takes (a White|an Income) cube.*", t)
               for t in by_kind["visit"]), by_kind["visit"]
    assert any(re.fullmatch(r"Seat \d visits the (Roadside Motel|Warehouse|Boathouse) and "
                            r"takes .*", t) for t in by_kind["visit"]), by_kind["visit"]
    assert all(re.fullmatch(r"A (red|blue|black) officer moves to [A-Z][\w'. ]+", t)
               for t in by_kind["police"]), by_kind["police"]
    assert all(t.startswith(("Sandra visits ", "Sandra stays where she is"))
               for t in by_kind["sandra"])
    assert all(t.startswith("A Patrol card for Exit") for t in by_kind["patrol"])


def test_event_texts_use_the_names_and_payloads() -> None:
    assert event_text(Event("visit", "seat 2 visits business-4", {"seat": 2})) == \
        "Seat 2 visits the Bank"
    assert event_text(Event("visit", "seat 2 visits business-4",
                            {"seat": 2, "cube": "white"})) == \
        "Seat 2 visits the Bank and takes a White cube"
    assert event_text(Event("patrol", "patrol card patrol-1-3", {"card": "patrol-1-3"})) == \
        "A Patrol card for Exits 1 and 3 is revealed"
    assert event_text(Event("patrol", "patrol card patrol-3",
                            {"card": "patrol-3", "blocked": [3]})) == \
        "A Patrol card for Exit 3 is revealed: the Patrol blocks Exit 3"
    assert event_text(Event("police", "a red officer moves to a2", {})) == \
        "A red officer moves to Market Row"
    assert event_text(Event("sandra", "Sandra visits store-B", {"location": "store-B"})) == \
        "Sandra visits Store B"
    assert event_text(Event("sandra", "Sandra visits a2-business",
                            {"location": "a2-business"})) == \
        "Sandra visits the Business on Market Row"
    assert event_text(Event("wounds", "seat 0 has 1 wounds", {"seat": 0, "wounds": 1})) == \
        "Seat 0 now has 1 Wound"
    assert event_text(Event("unlock", "seat 1 unlocks master-key", {"seat": 1})) == \
        "Seat 1 unlocks the Master Key Asset"
    assert event_text(Event("city", "seat 1 lays a tile",
                            {"seat": 1, "tile": "b2", "cell": [1, 0]})) == \
        "Seat 1 lays Hill Estates on c1r0"
    assert event_text(Event("city", "seat 0 puts the Warehouse on b2-safe_house",
                            {"seat": 0, "tile": "safe-house-2",
                             "location": "b2-safe_house"})) == \
        "Seat 0 puts the Warehouse on Hill Estates"
    # a kind the view does not know: the engine's text, ids replaced by names
    assert event_text(Event("business_tile", "seat 1 puts business-5 on d1-business",
                            {"seat": 1})) == \
        "Seat 1 puts the Jeweller on the Business on Border Crossing"
    assert event_text(Event("odd", "", {"x": {"y": 1}})) == "Odd"


def test_events_never_spell_hidden_information_for_the_wrong_seat() -> None:
    locker = next(iter(LOCKER.values()))
    tile = next(iter(EXIT_TILE.values()))
    plan = CARDS.plan(PLAN_IDS[0])
    text = f"seat 1 keeps {locker.id} and {tile.id}; plan {plan.id}"
    public = event_text(Event("keep", text, {"seat": 1, "tile": locker.id}))
    assert public == (f"Seat 1 keeps a {locker.colour.value} Locker tile and a "
                      f"{tile.colour.value} Exit tile; plan an Escape Plan card")
    assert "$" not in public and locker.id not in public and plan.id not in public
    private = Event("keep", text, {"seat": 1}, seats=(1,))
    shown = event_text(private)
    assert f"${locker.value}" in shown and f"${tile.value}" in shown
    assert BOARD.pieces.business(plan.income[0]).name in shown
    # the terminal shows seat 0 only what seat 0 may see
    state = played(2, 3, 40)
    seat = state.to_act()[0]
    other = 1 - seat
    c = Console(record=True, width=120, color_system=None, file=io.StringIO())
    log = [Event("rest", f"seat {other} rests", {"seat": other}),
           Event("keep", f"seat {other} keeps {locker.id}", {"seat": other}, seats=(other,))]
    agent = TerminalAgent(c, GAME, log, ask=lambda _: "1")
    agent.choose(Observation(state, seat), random.Random(0))
    out = c.export_text()
    assert f"Seat {other} rests" in out
    assert "Locker tile" not in out and locker.id not in out


@action("choose_business_tile")
@dataclass(frozen=True, slots=True)
class _NewAction(Action):
    """A kind the terminal view has never heard of (as the engine may add)."""

    index: int

    def label(self) -> str:
        return f"put business tile {self.index}"


def test_an_unknown_action_is_a_plain_menu_entry() -> None:
    from getaway.games.escape_plan.actions import Pick, Visit

    state = played(2, 1, 0)
    v = state.view(state.to_act()[0])
    for a, want in ((_NewAction(2), "put business tile 2"), (Pick("business", 1), "business 1"),
                    (Visit("something"), "something")):
        assert menu_label(a, v) == want
        assert menu_path(a, v)[-1] == want
        assert menu_order(a, v)


def test_event_texts_of_the_new_payloads() -> None:
    assert event_text(Event("visit", "seat 1 visits safe-house-2",
                            {"seat": 1, "location": "b2-safe_house", "tile": "safe-house-2",
                             "kind": "safe_house", "cube": "income", "income": 5,
                             "key": "green"})) == \
        "Seat 1 visits the Warehouse and takes an Income cube (Income $5) and a green Key"
    assert event_text(Event("visit", "seat 0 visits exit-2",
                            {"seat": 0, "location": "exit-2", "kind": "exit", "exit": 2,
                             "blocked": True})) == "Seat 0 visits Exit 2 (blocked)"
    assert event_text(Event("patrol", "patrol card patrol-1-3",
                            {"card": "patrol-1-3", "exits": [1, 3], "blocked": [3],
                             "exit_stacks": {"3": "silver"}})) == \
        "A Patrol card for Exits 1 and 3 is revealed: the Patrol blocks Exit 3; " \
        "the silver Exit tiles go on Exit 3"
    assert event_text(Event("sandra", "Sandra visits store-B",
                            {"location": "store-B", "lockers_discarded": ["black"],
                             "display_discarded": ["medic", "chopper"]})) == \
        "Sandra visits Store B; she discards the Medic and the Chopper from the display, " \
        "discards a black Locker tile"
    assert event_text(Event("sandra", "Sandra stays where she is",
                            {"location": None, "cards": []})) == "Sandra stays where she is"
    assert event_text(Event("escape", "seat 2 escapes through exit-4",
                            {"seat": 2, "location": "exit-4", "exit": 4, "order": 2,
                             "cost": 5})) == \
        "Seat 2 escapes from the city through Exit 4, the 2nd out, paying $5"
    assert event_text(Event("income", "seat 0 collects Income",
                            {"seat": 0, "amount": 6, "phase": True})) == \
        "Seat 0 collects $6 Income"
    assert event_text(Event("locker", "seat 0 opens a black Locker",
                            {"seat": 0, "colour": "black", "master": False, "count": 3})) == \
        "Seat 0 opens a black Locker with a Key and draws 3 tiles"
    assert event_text(Event("keep", "seat 0 keeps a black Locker tile",
                            {"seat": 0, "kind": "locker", "colour": "black", "count": 3,
                             "item": "L:black:2"})) == \
        "Seat 0 keeps a black Locker tile (needs 2)"
    locker = LOCKER["black-2"]
    face = Event("keep_face", "seat 0 keeps black-2",
                 {"seat": 0, "kind": "locker", "index": 1, "id": "black-2",
                  "colour": "black", "need": locker.need, "value": locker.value}, seats=(0,))
    assert event_text(face) == \
        f"Seat 0 keeps the black Locker tile: needs {locker.need}, ${locker.value}"
    assert event_text(Event("room", "seat 0 makes room",
                            {"seat": 0, "item": "T:gold", "space": 2,
                             "discarded": "E:hat"})) == \
        f"Seat 0 discards the {EQUIP_NAME} to make room for a gold Exit tile"
    assert event_text(Event("move", "seat 1 moves to store-A",
                            {"seat": 1, "from": "hospital", "to": "store-A", "steps": 3,
                             "left": 1})) == "Seat 1 moves to Store A"


EQUIP_NAME = next(e.name for e in CARDS.equipment if e.id == "hat")


def keeping(players: int = 3) -> tuple[EscapePlanState, list[str]]:
    """Seat 0 has opened the green Locker stack at Store A: it keeps one of the tiles."""
    from tests.games.escape_plan.build import city, keeping_a_locker

    s, frame = keeping_a_locker(city(players))
    return s, list(frame.drawn)


def test_the_keep_menu_names_each_drawn_tile_by_its_face() -> None:
    s, drawn = keeping()
    v = s.view(0)
    picks = [a for a in s.legal_actions(0) if a.to_json()["kind"] == "pick"]
    labels = [menu_label(a, v) for a in picks]
    want = [f"keep the green Locker: needs {LOCKER[t].need}, ${LOCKER[t].value}"
            for t in drawn]
    assert labels == want
    out = flat(text_of(v))
    assert f"You drew {len(drawn)} green Locker tiles, keep one: 1. the green Locker" in out
    # seat 1 and a spectator: the colour and the count, never a face or an id
    for seat in (1, None):
        other = text_of(s.view(seat))
        assert f"Seat 0 drew {len(drawn)} green Locker tiles and keeps one (face down)" in \
            flat(other)
        assert "needs" not in other and not any(t in other for t in drawn)
        assert not any(t in json.dumps(s.view(seat)) for t in drawn)
