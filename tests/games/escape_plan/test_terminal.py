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
from getaway.games.escape_plan import words as wd
from getaway.games.escape_plan.actions import Pick, Visit
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
    loc_node,
)
from getaway.games.escape_plan.terminal import menu_order, menu_path
from tests.cli.screen import flat, screen_text
from tests.conformance.words import Vocabulary, slips
from tests.games.escape_plan.build import act, city

GAME = registry().get("escape-plan")
VOCAB = Vocabulary.of(GAME)
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
    if v["pending"]:
        assert v["pending"]["prompt"] in f        # the engine's prompt, as it is
    side = BOARD.side(v["side"])
    for r in range(side.rows):
        assert f"row {r + 1}" in out
    for c in range(side.cols):
        assert f"column {c + 1}" in out
    for _, tile_id, _ in v["city"]:
        assert TILE[tile_id].name.split()[0] in out
    for i, s in enumerate(v["stacks"]):
        if s["top"]:
            assert f"stack {'ABCD'[i]}: {TILE[s['top']].name}" in f
    for c in v["contacts"]["display"]:
        assert wd.contact_name(c) in f
    if v["fixers"]["top"]:
        assert CARDS.fixer(v["fixers"]["top"]).name in f
    for colour, lk in v["lockers"].items():
        if lk["left"]:
            assert f"{colour} needs {lk['need']}" in f
    for i, p in enumerate(v["players"]):
        assert f"[{i + 1}] {p['colour']}" in f
        assert f"Notoriety {p['notoriety']}, Wounds {p['wounds']}, Handcuffs {p['handcuffs']}" in f
        assert f"Income track: ${p['income']}" in f
        if not p["escaped"] and not p["arrested"]:
            assert f"at {p['where']}" in f
    assert "Thresholds (*)" in out
    if v.get("sandra"):
        assert "[S]" in out and "Sandra" in out
    else:
        assert "[S]" not in out
    if seat is not None:
        me = v["players"][seat]
        assert f"Money ${me['money']}" in out and f"Behind your screen ({me['colour']})" in out
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
    for line in out.splitlines():                 # the words crawl's checks, on every line
        if line.strip():
            assert slips(line, VOCAB) == [], line
    return out


@pytest.mark.parametrize("players", [2, 5])
def test_setup(players: int) -> None:
    state = played(players, 1, 0)
    out = check(state, 0)
    assert "Lay a City tile" in out
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
    f = flat(out)
    assert "Game over" in out and "Scores: " in f
    assert " win" in f or "Nobody wins" in f      # the outcome's detail, in words
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
        assert f"Behind your screen ({other.colour})" not in out
        plan_line = next(line for line in out.splitlines() if "Escape Plan:" in line)
        assert out.count("Escape Plan:") == 1
        assert plan_line.split("Escape Plan: Income symbol on ")[1].strip(" │") == \
            ", ".join(_names(CARDS.plan(mine.plan).income))
        assert mine.plan in state.view(0)["players"][0]["plan"]
        assert "plan" not in state.view(0)["players"][1] and "money" not in \
            state.view(0)["players"][1]
        seat1 = f[f.index(f"[2] {other.colour}"):f.index("Behind your screen")]
        for slot in other.items:  # face-down Locker and Exit tiles: colour only, no value
            if slot.startswith(("L:", "T:")):
                assert slot[2:] not in out
                assert "worth $" not in seat1
        spectator = text_of(state.view(None))
        assert "Money $" not in spectator and "Escape Plan:" not in spectator


def test_menu_paths_are_unique_and_speak_the_game() -> None:
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
                labels = [a.label() for a in legal]
                assert len(set(labels)) == len(labels), labels
                paths = [tuple(menu_path(a, v)) for a in legal]
                assert all(p[-1] == a.label() for p, a in zip(paths, legal, strict=True))
                assert all(all(step.strip() and not slips(step, VOCAB) for step in p)
                           for p in paths), paths
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
    names = {f"{TILE[s['top']].name} (stack {'ABCD'[i]}):"
             for i, s in enumerate(v["stacks"]) if s["top"]}
    assert {t.split("  (")[0] for t, _ in tiles} <= names


def test_terminal_agent_walks_the_menu() -> None:
    state = played(2, 1, 0)
    seat = state.to_act()[0]
    c = Console(record=True, width=120, color_system=None, file=io.StringIO())
    answers = iter(["x", "1", "b", "1", "1", "1", "1"])
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
    assert "Game over" in out and f"{BOT} bot (green): " in out


def test_cli_play_with_piped_input(tmp_path: Path) -> None:
    path = tmp_path / "ep.json"
    script = ["?", "t", "nope", "99"] + ["1"] * 40 + ["q", "y"]  # t: the whole table
    r = runner.invoke(app, ["play", "escape-plan", "-p", "2", "--bots", BOT, "--seed", "8",
                            "--save", str(path)],
                      input="\n".join(script) + "\n", catch_exceptions=False)
    assert r.exit_code == 0, r.stdout[-3000:]
    out = r.stdout
    assert "ESCAPE PLAN" in out and "The City" in out
    assert "Type the number of an action" in out and "'nope' is not a number" in out
    assert "There is no action 99" in out
    assert "Behind your screen (yellow)" in out and "Behind your screen (green)" not in out
    assert "Record saved" in out
    record = Record.load(path)
    assert sum(1 for s in record.steps if s.get("seat") == 0) >= 10
    v = runner.invoke(app, ["replay", str(path)], catch_exceptions=False)
    assert v.exit_code == 0 and "verified" in v.stdout


# -- events in words: the engine's sentences, shown as they are ---------------------------

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
    colours = "(yellow|green|purple|orange|grey)"
    for players, seed in ((2, 0), (3, 1), (4, 2), (5, 3), (2, 4), (3, 5)):
        for e in played_events(players, seed):
            text = e.text
            assert text.strip() and slips(text, VOCAB) == [], (e, text)
            assert not re.search(r"[{}\[\]]|': ", text), (e, text)  # no dict or list dumps
            assert not RAW_IDS.search(text), (e, text)   # names, never ids
            assert e.kind == "game_over" or e.words is not None, e   # said, with references
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
    assert set(by_kind) - {"game_over"} <= set(GAME.event_kinds), set(by_kind)
    assert any(re.fullmatch(colours + r" visits the (Casino|Nightclub|Racetrack|Bank|Jeweller|"
                            r"Pawn Shop) at [A-Z][\w'. ]+ and takes (a White cube|an Income "
                            r"cube \(\$\d+ Income\)).*", t)
               for t in by_kind["visit"]), by_kind["visit"]
    assert any(re.fullmatch(colours + r" visits the (Roadside Motel|Warehouse|Boathouse) at "
                            r"[A-Z][\w'. ]+ and takes .*", t) for t in by_kind["visit"]), \
        by_kind["visit"]
    assert all(re.fullmatch(colours + r" moves a (red|blue|black) officer from [A-Z][\w'. ]+ "
                            r"to [A-Z][\w'. ]+?( \(nearer to a rival\))?", t)
               for t in by_kind["police"]), by_kind["police"]
    assert all(t.startswith(("Sandra visits ", "Sandra finds nowhere to go"))
               for t in by_kind["sandra"])
    assert all(t.startswith("A Patrol card for Exit") for t in by_kind["patrol"])
    assert all(re.fullmatch(colours + r" now has (no Wounds|1 Wound|[23] Wounds)", t)
               for t in by_kind["wounds"]), by_kind["wounds"]


def test_the_sentences_name_things_as_printed() -> None:
    s = city(3)
    yellow, green = wd.who(s, 0), wd.who(s, 1)
    assert (yellow.name, green.name) == ("yellow", "green")
    bank = next(loc for loc, t in s.business_on.items() if t == "business-4")
    tile = TILE[bank.split("-")[0]].name
    assert wd.visits(s, 2, bank, {"cube": "white"}).text() == \
        f"purple visits the Bank at {tile} and takes a White cube"
    house = next(loc for loc, t in s.business_on.items() if t == "safe-house-2")
    assert wd.visits(s, 1, house, {"cube": "income", "income": 5, "key": "green"}).text() \
        == f"green visits the Warehouse at {TILE[house.split('-')[0]].name} and takes an " \
        "Income cube ($5 Income) and a green Key"
    assert wd.visits(s, 0, "exit-2", {"blocked": True}).text() == \
        "yellow visits Exit 2 (blocked)"
    assert wd.patrol_revealed("patrol-1-3", [], {}).text() == \
        "A Patrol card for Exit 1 and Exit 3 is revealed"
    assert wd.patrol_revealed("patrol-1-3", [3], {"3": "silver"}).text() == \
        "A Patrol card for Exit 1 and Exit 3 is revealed: the Patrol blocks Exit 3; the " \
        "silver Exit tiles go on Exit 3"
    assert wd.officer_moves(s, 0, "red", "a3", "a2", False).text() == \
        "yellow moves a red officer from Old Town to Market Row"
    assert wd.sandra_visits(s, "store-B", {"lockers_discarded": ["black"],
                                           "display_discarded": ["medic", "chopper"]}
                            ).text() == \
        "Sandra visits Store B; she discards Medic and Chopper from the display, " \
        "discards a black Locker tile"
    assert wd.wounds_now(s, 0, 1).text() == "yellow now has 1 Wound"
    assert wd.wounds_now(s, 0, 0).text() == "yellow now has no Wounds"
    assert wd.unlocks(s, 1, "master-key").text() == "green unlocks Master Key"
    assert wd.lays_tile(s, 1, "b2", (1, 0), 1).text() == \
        "green lays Hill Estates at row 1, column 2, turned 90°"
    assert wd.puts_piece(s, 0, "safe-house-2", "b2-safe_house").text() == \
        "yellow puts the Warehouse on Hill Estates"
    assert wd.escapes(s, 2, 4, 2, 5).text() == \
        "purple escapes from the city through Exit 4, the 2nd out, paying $5"
    assert wd.collects_income(s, 0, 6).text() == "yellow collects $6 Income"
    assert wd.opens_locker(s, 0, "black", False, 3).text() == \
        "yellow opens a black Locker with a Key and draws 3 tiles"
    assert wd.opens_locker(s, 0, "black", True, 1).text() == \
        "yellow opens a black Locker with the Master Key and draws 1 tile"
    assert wd.keeps(s, 0, "L:black:2").text() == "yellow keeps a black Locker tile (needs 2)"
    locker = LOCKER["black-2"]
    assert wd.keeps_face(s, 0, "L:black-2").text() == \
        f"yellow keeps the black Locker tile worth ${locker.value} (needs {locker.need})"
    assert wd.makes_room(s, 0, "E:hat", "T:gold").text() == \
        "yellow discards Hat (+1 Notoriety) to make room for a gold Exit tile"
    assert wd.moves_to(s, 1, loc_node("hospital"), loc_node("store-A")).text() == \
        "green moves from St. Jude's Hospital to Store A"
    assert wd.takes_contact(s, 0, "bribe-red", "replace", "chopper").text() == \
        "yellow takes Bribe (red) from the display, replacing Chopper (+1 Notoriety)"
    # the server names the seats its own way, from the same sentence
    said = wd.collects_income(s, 0, 6)
    assert said.text({0: "Ann (yellow)"}) == "Ann (yellow) collects $6 Income"


def test_events_never_spell_hidden_information_for_the_wrong_seat() -> None:
    from tests.games.escape_plan.build import keeping_a_locker

    s, frame = keeping_a_locker(city(3))
    events = act(s, Pick("tile", 0))
    keep = next(e for e in events if e.kind == "keep")
    face = next(e for e in events if e.kind == "keep_face")
    tile = LOCKER[frame.drawn[0]]
    assert keep.seats is None and face.seats == (0,)
    assert keep.text == f"yellow keeps a green Locker tile (needs {tile.need})"
    assert "$" not in keep.text and tile.id not in keep.text
    assert face.text == f"yellow keeps the green Locker tile worth ${tile.value} " \
        f"(needs {tile.need})"
    # the terminal shows seat 0 only what seat 0 may see
    state = played(2, 3, 40)
    seat = state.to_act()[0]
    other = 1 - seat
    c = Console(record=True, width=120, color_system=None, file=io.StringIO())
    log = [Event.said("rest", wd.rests(state, other), {"seat": other}),
           Event.said("keep_face", wd.keeps_face(state, other, f"L:{tile.id}"),
                      {"seat": other}, seats=(other,))]
    agent = TerminalAgent(c, GAME, log, ask=lambda _: "1")
    agent.choose(Observation(state, seat), random.Random(0))
    out = c.export_text()
    assert f"{state.crew[other].colour} rests" in out
    assert "Locker tile" not in out and tile.id not in out


@action("choose_business_tile")
@dataclass(frozen=True, slots=True)
class _NewAction(Action):
    """A kind the terminal view has never heard of (as the engine may add)."""

    index: int

    def label(self) -> str:
        return f"put business tile {self.index}"


def test_an_unknown_action_is_a_plain_menu_entry() -> None:
    state = played(2, 1, 0)
    v = state.view(state.to_act()[0])
    for a in (_NewAction(2), Pick("business", 1), Visit("something")):
        assert menu_path(a, v)[-1] == a.label()
        assert menu_order(a, v)


def keeping(players: int = 3) -> tuple[EscapePlanState, list[str]]:
    """Seat 0 has opened the green Locker stack at Store A: it keeps one of the tiles."""
    from tests.games.escape_plan.build import keeping_a_locker

    s, frame = keeping_a_locker(city(players))
    return s, list(frame.drawn)


def test_the_keep_choice_shows_each_drawn_tile_by_its_face() -> None:
    s, drawn = keeping()
    v = s.view(0)
    picks = [a for a in s.legal_actions(0) if a.to_json()["kind"] == "pick"]
    assert [a.label() for a in picks] == [f"keep the {wd.ordinal(i + 1)} tile drawn"
                                          for i in range(len(drawn))]
    out = flat(text_of(v))
    faces = "; ".join(f"{i + 1}. the green Locker tile worth ${LOCKER[t].value} "
                      f"(needs {LOCKER[t].need})" for i, t in enumerate(drawn))
    assert f"You drew {len(drawn)} green Locker tiles, keep one: {faces}" in out
    # seat 1 and a spectator: the colour and the count, never a face or an id
    for seat in (1, None):
        other = text_of(s.view(seat))
        assert f"yellow drew {len(drawn)} green Locker tiles and keeps one face down" in \
            flat(other)
        assert "worth" not in other and not any(t in other for t in drawn)
        assert not any(t in json.dumps(s.view(seat)) for t in drawn)
