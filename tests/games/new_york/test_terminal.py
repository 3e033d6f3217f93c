"""Escape from New York in the terminal: the drawing of real views, the menus, hidden
information, and games played through ``play_terminal`` and the command line."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from getaway.agents import make_agent
from getaway.cli import app
from getaway.cli import play as play_module
from getaway.cli.play import TerminalAgent, menu_entries, play_terminal
from getaway.core.agent import Agent, Observation
from getaway.core.records import Record
from getaway.core.words import count, upper_first
from getaway.games import registry
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.terminal import (
    BOSS_MARK,
    CityMap,
    enemy_words,
    menu_order,
    menu_path,
    short_names,
    space_name,
    space_words,
    who,
)
from tests.cli.screen import flat, screen_text

GAME = registry().get("new-york")
ASSETS = GAME.assets()
BOT = "random"
"""The bots beside the people (the terminal is what is tested here, not the bots' play)."""
runner = CliRunner()


def text_of(view: dict[str, Any], width: int = 100) -> str:
    return screen_text(view, "new-york", width)


def start(players: int, seed: int, **options: Any) -> NewYorkState:
    state = GAME.new_state(GAME.spec.configure(players, options), seed)
    assert isinstance(state, NewYorkState)
    return state


def play_until(players: int, seed: int, stop: Callable[[NewYorkState], bool],
               limit: int = 5000) -> NewYorkState:
    """Seeded random moves from the start until ``stop`` holds (or the game ends)."""
    state = start(players, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state) or state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def walk(players: int, seed: int) -> Iterator[tuple[NewYorkState, int]]:
    """Every decision of one seeded random game."""
    state = start(players, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def name_of(kind: str, cid: str) -> str:
    return str(ASSETS[kind][cid]["name"])


def check_table(state: NewYorkState, seat: int | None) -> str:
    """Render a view and check what every drawing must show."""
    view = state.view(seat)
    out = text_of(view)
    f = flat(out)
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "ESCAPE FROM NEW YORK" in out and f"turn {view['turn']}" in out
    # New York's board
    assert f"{view['noise']}/{ASSETS['noise_max']}" in out
    assert "Mission cubes" in out and f"{view['mission']}/{ASSETS['mission_cubes']}" in out
    assert f"Event Level {view['event_level']}" in out
    timer = view["timer"]
    assert f"{timer['left']} tile{'s' if timer['left'] != 1 else ''} left " \
           f"({timer['red_left']} red)" in f
    assert ("Hurry Up REVEALED" if view["hurry_up"] else "Hurry Up not yet") in f
    ny = view["new_york"]
    assert f"{ny['deck']} card" in out
    if ny["top_back"]:
        assert f"costs {ny['top_back']['cost']} Noise" in f
    for card in ny["bonus"]:
        assert name_of("new_york", card) in f
    for b in ASSETS["bosses"]:
        where = view["bosses"][b["id"]]
        if where not in ("waiting", "gone"):
            e = next(e for e in view["enemies"] if e["id"] == b["id"])
            assert f"{b['name']} in {space_words(view, where)}, {e['hp']}/{b['hp']} HP" in f
    for c in view["case_spaces"]:
        token = "home" if c["token"] == "home" else f"in {space_words(view, c['token'])}"
        assert f"{c['case']}: {'card' if c['card'] else 'empty'}, token {token}" in f
    # the map: every space by its short name, every Hero's initial, the bridges
    plain = CityMap(view).text().plain
    for sp in view["spaces"]:
        assert short_names(5)[sp["id"]] in plain
        assert sp["id"] not in plain
    for n in (1, 2, 3, 4):
        assert f"Br{n}" in plain
    assert "LIB" in plain
    # every occupied space in words, every Enemy with its Hit Points
    for h in view["heroes"]:
        assert h["name"] in out
        assert (f"{h['name']}{' (you)' if h['seat'] == seat else ''} in "
                f"{space_words(view, h['space'])} · hand {h['hand']}, discards "
                f"{h['discards']}") in f
        assert f"Level {h['level']}" in f
    for e in view["enemies"]:
        if e["id"] in BOSS_MARK or e.get("damage") or e.get("tricked"):
            assert enemy_words(view, e, where=False) in f
    for sp in view["spaces"]:
        if sp.get("items"):
            assert upper_first(space_name(sp["id"])) in f
            assert count(sp["items"], "Item cube") in f
    # the latest public events and the decision
    for line in view["log"][-10:]:
        if len(line) < 90:
            assert line in out
    if view["pending"] is not None:
        assert "Now: " + view["pending"]["prompt"] in f
    return out


# -- the drawing -------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 4])
def test_the_table_at_the_start(players: int) -> None:
    state = start(players, 1)
    out = check_table(state, 0)
    view = state.view(0)
    assert "you are Snake Plissken" in out
    assert "Noise      □□□□□□□□□□ 0/10" in out
    assert "Hurry Up not yet" in out and "Bosses     The Duke of New York not in play yet" in out
    assert "President: not found yet" in out
    assert f"{view['timer']['left']} tiles left (3 red), top black" in out
    plain = CityMap(view).text().plain
    assert "WTC" in plain and plain.count("POI?") == 9
    # every Hero starts on the Library, the Gullfire on the WTC, the Helicopter on the Heliport
    assert "The New York Public Library: " + "; ".join(
        h["name"] for h in view["heroes"]) in out
    assert "The World Trade Center: the Gullfire" in out
    assert "The Heliport (an unrevealed park space): the Helicopter" in out
    # the seat's own cards: hand with effects, Weapon, objectives
    me = view["heroes"][0]
    assert f"Your hand: {len(me['hand_cards'])} cards" in out
    for card in me["hand_cards"]:
        assert name_of("actions", card) in out
    assert "Move up to 1 space, then you may reveal a space." in out  # Keep Low in words
    assert "Silenced Machine Pistol (3/3 Ammo) -- 2 damage within 1 space" in flat(out)
    for o in me["objectives"]:
        assert name_of("objectives", o) in flat(out)
    assert "Now: Step 1: reveal a Timer tile" in out


def test_mid_game_map_board_and_heroes() -> None:
    def busy(s: NewYorkState) -> bool:
        v = s.view(None)
        return (len(v["enemies"]) >= 4 and bool(v["roadblocks"])
                and sum(sp["revealed"] for sp in v["spaces"]) >= 20
                and any(h["supply"] for h in v["heroes"]))

    state = play_until(3, 2, busy)
    assert busy(state)
    for seat in (0, 2):
        out = check_table(state, seat)
        assert f"you are {who(state.view(seat), seat)}" in out
        assert "Your cards (only you see this)" in out
    view = state.view(0)
    plain = CityMap(view).text().plain
    assert "X" in plain  # a Roadblock
    for sp in view["spaces"]:
        here = [e for e in view["enemies"] if e["space"] == sp["id"]
                and e["id"].startswith("p")]
        if 0 < len(here) < 10:
            assert f"{len(here)}P" in plain
    # a Hero's face-down supply shows only its backs to the others
    other = next(h for h in view["heroes"] if h["supply"] and h["seat"] != 0)
    assert all(c in ("item", "case", "president") or c == "diagram-3" for c in other["supply"])
    spectator = text_of(state.view(None))
    assert "(spectator)" in spectator and "Your cards" not in spectator


def test_bosses_tokens_and_the_president() -> None:
    def late(s: NewYorkState) -> bool:
        v = s.view(None)
        return (any(b not in ("waiting", "gone") for b in v["bosses"].values())
                and any(c["token"] != "home" for c in v["case_spaces"])
                and v["president"]["holder"] >= 0)

    for seed in range(80):
        state = play_until(4, seed, late)
        if late(state):
            break
    else:
        pytest.fail("no game with a Boss, a Case token and the President held")
    out = check_table(state, None)
    view = state.view(None)
    holder = view["president"]["holder"]
    assert f"President: with {who(view, holder)}" in flat(out)
    assert "HAS THE PRESIDENT" in out
    plain = CityMap(view).text().plain
    for c in view["case_spaces"]:
        if c["token"] != "home":
            assert f"#{c['case']}" in plain and f"Case token {c['case']}" in out
    for b, where in view["bosses"].items():
        if where not in ("waiting", "gone"):
            assert BOSS_MARK[b] in plain


def test_narrow_terminals_get_a_narrower_map() -> None:
    state = play_until(2, 3, lambda s: s.turn >= 6)
    view = state.view(0)
    wide = CityMap(view).text(100).plain
    narrow = CityMap(view).text(80).plain
    assert max(map(len, wide.splitlines())) <= 91
    assert max(map(len, narrow.splitlines())) <= 76
    assert short_names(5)["c10r3"] in wide and short_names(4)["c10r3"] in narrow
    assert len(set(short_names(4).values())) == len(short_names(4)) == len(view["spaces"])
    assert len(set(short_names(5).values())) == len(view["spaces"])
    assert max(len(line) for line in text_of(view, 80).splitlines()) <= 80


def test_game_over() -> None:
    state = play_until(2, 4, lambda s: False)
    assert state.is_over()
    out = text_of(state.view(None))
    outcome = state.outcome()
    assert outcome is not None
    assert "Game over" in out and outcome.detail in flat(out)


# -- hidden information --------------------------------------------------------------

def secrets_of(view: dict[str, Any], seat: int) -> set[str]:
    """The names of what ``seat`` holds and nobody else may see (from its own view)."""
    me = view["heroes"][seat]
    names = {name_of("actions", c) for c in me["hand_cards"] + me["discard_cards"]}
    names |= {name_of("objectives", o) for o in me["objectives"] if o}
    for code in me["supply"]:
        for kind in ("items", "cases"):
            if code in ASSETS[kind]:
                names.add(name_of(kind, code))
    return names


def public_names(view: dict[str, Any]) -> str:
    """Every name the view itself gives away (ids turned into names, and the log)."""
    ids: set[str] = set()

    def collect(x: Any) -> None:
        if isinstance(x, str):
            ids.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                collect(v)
        elif isinstance(x, list):
            for v in x:
                collect(v)

    collect(view)
    out = list(view["log"])
    for kind in ("actions", "items", "cases", "objectives", "timers", "events", "new_york",
                 "tiles", "pois"):
        out += [str(ASSETS[kind][i]["name"]) for i in ids if i in ASSETS[kind]]
    return "\n".join(out)


def test_a_seat_never_sees_another_seats_cards() -> None:
    checked = 0
    for state, _ in walk(2, 7):
        if state.turn % 2 or checked > 60:
            continue
        mine = state.view(0)
        theirs = state.view(1)
        secret = secrets_of(theirs, 1) - secrets_of(mine, 0)
        public = public_names(mine) + text_of(state.view(None))  # e.g. "Hurry Up" the tile
        out = text_of(mine)
        for name in secret:
            if name not in public:
                assert name not in out, f"seat 1's {name!r} shown to seat 0"
        assert out.count("Your hand: ") == 1
        checked += 1
    assert checked > 20


def test_hidden_cards_stay_hidden_in_a_four_player_game() -> None:
    state = play_until(4, 11, lambda s: s.turn >= 12)
    for seat in range(4):
        view = state.view(seat)
        out = text_of(view)
        public = public_names(view) + text_of(state.view(None))
        for other in range(4):
            if other == seat:
                continue
            for name in secrets_of(state.view(other), other) - secrets_of(view, seat):
                if name not in public:
                    assert name not in out


# -- menus -----------------------------------------------------------------------------------

def states_to_check() -> Iterable[tuple[NewYorkState, int]]:
    for players, seed in ((1, 21), (2, 22), (3, 23), (4, 24)):
        yield from walk(players, seed)


def test_menus_name_every_action_once_and_in_words() -> None:
    kinds: set[str] = set()
    for state, seat in states_to_check():
        view = state.view(seat)
        legal = state.legal_actions(seat)
        labels = [a.label() for a in legal]
        paths = [tuple(menu_path(a, view)) for a in legal]
        assert all(label.strip() for label in labels)
        assert all(all(step.strip() for step in p) for p in paths)
        assert len(set(labels)) == len(labels), labels
        assert len(set(paths)) == len(paths), paths
        ordered = sorted(legal, key=lambda a: menu_order(a, view))
        top = menu_entries([(a, tuple(menu_path(a, view))) for a in ordered], 0)
        assert len(top) <= 12
        for a, label, p in zip(legal, labels, paths, strict=True):
            d = a.to_json()
            kinds.add(d["kind"])
            assert p[-1] == label  # the engine's label, as it is
            assert "_" not in label and d.get("space", "@") not in label
            if d["kind"] in ("move", "reveal_space", "place"):
                assert space_name(d["space"]) in label
            if d["kind"] == "play_card":
                assert name_of("actions", d["card"]) in label
            if d["kind"] == "hit":
                e = next(e for e in view["enemies"] if e["id"] == d["enemy"])
                assert e["name"] in label
        # the free actions come after the step's own choices
        free = [i for i, a in enumerate(ordered) if menu_path(a, view)[0] == "Free actions"]
        own = [i for i, a in enumerate(ordered) if menu_path(a, view)[0] != "Free actions"]
        if free and own:
            assert max(own) < min(free)
    assert {"play_card", "reveal_card", "ability", "move", "reveal_space", "hit",
            "reveal_timer", "done"} <= kinds


def test_menu_paths_group_a_long_list() -> None:
    state, seat = next((s, p) for s, p in walk(2, 5)
                       if (s.pending() or {}).get("key") == "play_cards"
                       and any(a.to_json()["kind"] == "use_weapon"
                               for a in s.legal_actions(p)))
    view = state.view(seat)
    legal = sorted(state.legal_actions(seat), key=lambda a: menu_order(a, view))
    items = [(a, tuple(menu_path(a, view))) for a in legal]
    top = menu_entries(items, 0)
    names = [t for t, _ in top]
    assert names[0].startswith("Play a card face down  (")
    plays = menu_entries([(a, p) for a, p in items if p[:1] == ("Play a card face down",)], 1)
    assert len(plays) == len(view["heroes"][seat]["hand_cards"])
    assert all(t.startswith("play ") and t.endswith(" face down") for t, _ in plays)
    assert any(t.startswith(("Free actions", "use ")) for t in names)


# -- playing ---------------------------------------------------------------------------------

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


def console(width: int = 100) -> Console:
    return Console(record=True, width=width, color_system=None, file=io.StringIO())


def test_bots_play_a_whole_game_through_the_terminal() -> None:
    c = console()
    bots: list[Agent | None] = [make_agent(BOT, GAME) for _ in range(3)]
    match = play_terminal(GAME, GAME.spec.configure(3, {}), 9, bots, c)
    assert match.state.is_over()
    out = c.export_text()
    outcome = match.state.outcome()
    assert outcome is not None
    assert "Game over" in out and outcome.detail in flat(out)
    assert f"{BOT} bot ({match.state.seat_name(1)}): " in out
    assert "Timer tile revealed: " in out


def test_a_person_plays_some_decisions_with_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "ny.json"
    c = console()
    answers = ["x", "0", "99", "b"] + ["1"] * 30 + ["q", "y"]
    script = Script(answers)
    seats: list[Agent | None] = [None, make_agent(BOT, GAME)]
    match = play_terminal(GAME, GAME.spec.configure(2, {}), 3, seats, c, save=path,
                          ask=script)
    out = c.export_text()
    assert "'x' is not a number" in out and "Nothing to take back: " in out
    assert "There is no action 0" in out and "There is no action 99" in out
    assert "Game stopped" in out and "Record saved" in out
    record = Record.load(path)
    mine = [s for s in record.steps if s.get("seat") == 0]
    assert len(mine) == 30
    assert {s["action"]["kind"] for s in mine} >= {"reveal_timer", "play_card"}
    assert "Your hand: " in out and "you are Snake Plissken" in out
    assert "Now: Step 2: choose the first of your 2 cards to play face down" in out
    assert "play " in out and " face down" in out
    assert not match.state.is_over()


def test_the_terminal_agent_walks_a_grouped_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_module, "FLAT_MENU", 2)  # group even short menus
    state, seat = next((s, p) for s, p in walk(2, 5)
                       if (s.pending() or {}).get("key") == "play_cards"
                       and any(a.to_json()["kind"] == "use_weapon"
                               for a in s.legal_actions(p)))
    view = state.view(seat)
    c = console()
    script = Script(["1", "b", "1", "2"])
    agent = TerminalAgent(c, GAME, [], ask=script)
    chosen = agent.choose(Observation(state, seat), random.Random(0))
    out = c.export_text()
    assert chosen.to_json()["kind"] == "play_card" and chosen in state.legal_actions(seat)
    second = sorted(view["heroes"][seat]["hand_cards"], key=lambda c: name_of("actions", c))[1]
    assert chosen.to_json()["card"] == second
    assert "Play a card face down  (" in out
    assert "b = back" not in script.prompts[0] and "b = back" in script.prompts[1]


def test_hot_seat_passes_the_device() -> None:
    c = console()
    script = Script([""] + ["1"] * 12 + ["q", "y"])
    play_terminal(GAME, GAME.spec.configure(2, {}), 6, [None, None], c, ask=script)
    out = c.export_text()
    name = GAME.new_state(GAME.spec.configure(2, {}), 6).seat_name(0)
    assert f"Pass the device to {name}" in out
    assert any(f"{name}: press Enter" in p for p in script.prompts)


def test_cli_play_with_piped_input(tmp_path: Path) -> None:
    path = tmp_path / "ny.json"
    script = ["?", "t", "nope", "5"] + ["1"] * 40 + ["q", "y"]  # t: the whole table
    r = runner.invoke(app, ["play", "new-york", "-p", "2", "--bots", BOT, "--seed", "8",
                            "--save", str(path)],
                      input="\n".join(script) + "\n", catch_exceptions=False)
    assert r.exit_code == 0, r.stdout[-3000:]
    out = r.stdout
    assert "ESCAPE FROM NEW YORK" in out and "New York's board" in out
    assert "Type the number of an action" in out and "'nope' is not a number" in out
    assert "Your hand: " in out and "you are Snake Plissken" in out
    assert "Record saved" in out
    record = Record.load(path)
    assert sum(1 for s in record.steps if s.get("seat") == 0) >= 20
    v = runner.invoke(app, ["replay", str(path)], catch_exceptions=False)
    assert v.exit_code == 0 and "verified" in v.stdout
    assert json.loads(path.read_text())["game"] == "new-york"
