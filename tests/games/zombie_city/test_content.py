"""Zombie City content: the shipped data obeys the rulebook, and bad edits are caught on load."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from getaway.core.errors import ContentError
from getaway.games.zombie_city.content import (
    CONTENT,
    DATA,
    Building,
    CardIconKind,
    Cost,
    Difficulty,
    Edge,
    Handicap,
    Icon,
    ItemEffect,
    SectionKind,
    Source,
    Stack,
    ZombieColour,
    load,
    opposite,
    placement,
    rotate,
    step,
)
from tests.games.content_checks import assert_rejected, copy_data

# -- components ----------------------------------------------------------------


def test_23_sections_5_starting_the_rest_a_or_b() -> None:
    assert len(CONTENT.sections) == 23, "ZC-1"
    assert len(CONTENT.pile(Stack.START)) == 5, "ZC-1"
    assert len(CONTENT.pile(Stack.A)) + len(CONTENT.pile(Stack.B)) == 18, "ZC-1"
    kinds = Counter(s.kind for s in CONTENT.sections)
    assert kinds == {SectionKind.CEMETERY: 1, SectionKind.CARGO_BAY: 1, SectionKind.CHURCH: 1,
                     SectionKind.START_CROSSROADS: 2, SectionKind.GAS_STATION: 2,
                     SectionKind.HOSPITAL: 2, SectionKind.SUPERMARKET: 2,
                     SectionKind.CROSSROADS: 5, SectionKind.JUNCTION: 6, SectionKind.EXIT: 1}


def test_20_zombies_in_6_kinds_and_3_colours() -> None:
    bag = CONTENT.zombie_bag()
    assert len(bag) == 20, "ZC-2 ZC-13"
    assert len(CONTENT.zombies) == 6, "ZC-2"
    assert {c.colour for c in CONTENT.categories} == set(ZombieColour), "ZC-2"
    assert {z.colour for z in CONTENT.zombies} == set(ZombieColour), "ZC-2"


def test_18_item_tiles_9_kinds_3_backs() -> None:
    assert sum(i.copies for i in CONTENT.items) == 18, "ZC-3"
    assert len(CONTENT.items) == 9 and all(i.copies == 2 for i in CONTENT.items), "ZC-3"
    for b in Building:
        stack = CONTENT.item_stack(b)
        assert len(stack) == 6, "ZC-12"
        assert len({i.id for i in stack}) == 3, "ZC-3 ZC-21"
    assert all(i.effect is ItemEffect.REROLL_PANICS for i in CONTENT.items), "ZC-68"


def test_players_and_dice() -> None:
    assert CONTENT.players == (2, 3, 4), "ZC-4"
    assert CONTENT.dice_per_player == 5, "ZC-4"
    faces = Counter(CONTENT.die_faces)
    assert len(CONTENT.die_faces) == 6, "ZC-7"
    assert faces == {Icon.GETAWAY: 2, Icon.FIST: 1, Icon.BAT: 1, Icon.PANIC: 1,
                     Icon.CAUTION: 1}, "ZC-7"


def test_55_zombie_cards_numbered_by_scenario() -> None:
    assert len(CONTENT.cards) == 55, "ZC-5"
    assert all(c.scenarios and c.scenarios <= {1, 2, 3, 4, 5} for c in CONTENT.cards), "ZC-5"
    assert [s.number for s in CONTENT.scenarios] == [1, 2, 3, 4, 5], "ZC-96"
    multi = sum(len(c.scenarios) > 1 for c in CONTENT.cards)
    assert multi > len(CONTENT.cards) // 2, "ZC-96"
    for s in range(1, 6):
        deck = CONTENT.deck(s)
        assert all(s in c.scenarios for c in deck), "ZC-11"
        assert len(deck) >= 18 + 5, "a reveal for every drawn section, and some rescues"
    with pytest.raises(ContentError, match="no scenario 6"):
        CONTENT.deck(6)


def test_every_card_shows_one_or_two_icons() -> None:
    kinds = set()
    for c in CONTENT.cards:
        assert len(c.icons) in (1, 2), "ZC-56"
        for i in c.icons:
            kinds.add(i.kind)
            if i.kind is CardIconKind.MOVE:
                assert i.colour is not None and i.steps in (1, 2), "ZC-59"
            else:
                assert i.colour is None and i.steps == 0
    assert kinds == set(CardIconKind), "ZC-57 ZC-58 ZC-59 ZC-61 ZC-100"
    spawns = {i.spawns for c in CONTENT.cards for i in c.icons}
    assert spawns == {0, 1, 2}, "ZC-57 ZC-58"


# -- sections ------------------------------------------------------------------


def test_section_features() -> None:
    for s in CONTENT.sections:
        if s.enterable:
            assert len(s.entry) == 2, f"ZC-18 {s.id}"
            assert set(s.entry) <= {Icon.GETAWAY, Icon.FIST, Icon.BAT}
        if s.skull is not None:
            assert s.skull in s.streets, f"ZC-16 {s.id}"
        assert (s.building is not None) == bool(s.search), s.id
        assert set(s.search) <= {Icon.FIST, Icon.BAT}, "ZC-23"
    assert {s.building for s in CONTENT.sections if s.building} == set(Building), "ZC-20"
    assert sum(s.piles for s in CONTENT.sections) > 0, "ZC-19"


def test_exit_is_in_pile_b() -> None:
    (exit_,) = CONTENT.of_kind(SectionKind.EXIT)
    assert exit_.stack is Stack.B, "ZC-10"
    assert all(s.stack is Stack.START for s in CONTENT.of_kind(SectionKind.CHURCH)), "ZC-8"


def test_starting_layout() -> None:
    assert {p.section for p in CONTENT.start} == {s.id for s in CONTENT.pile(Stack.START)}, \
        "ZC-8"
    cells = {(p.x, p.y): p for p in CONTENT.start}
    church = next(p for p in CONTENT.start if p.section == CONTENT.church.id)
    assert (church.x, church.y) == (0, 0), "ZC-8"
    for p in CONTENT.start:
        sec = CONTENT.section(p.section)
        skull = sec.skull_at(p.turns)
        if skull is not None:
            assert step(p.x, p.y, skull) == (0, 0), f"{p.section}: zombies walk to the church"
    open_streets = [(p.section, e) for p in CONTENT.start
                    for e in CONTENT.section(p.section).streets_at(p.turns)
                    if step(p.x, p.y, e) not in cells]
    assert len(open_streets) == 6


def test_rotation_helpers() -> None:
    assert [rotate(Edge.N, k) for k in range(4)] == [Edge.N, Edge.E, Edge.S, Edge.W]
    assert opposite(Edge.E) is Edge.W
    for sec in CONTENT.pile(Stack.A) + CONTENT.pile(Stack.B):
        for street in Edge:
            p = placement(sec, 0, 0, street)
            assert (p.x, p.y) == step(0, 0, street), "ZC-53"
            assert sec.skull_at(p.turns) is opposite(street), "ZC-53"
            assert len(sec.streets_at(p.turns)) == len(sec.streets)


def grow(seed: int) -> dict[tuple[int, int], tuple[str, int]]:
    """A random town: reveal every A then B section at a random open street."""
    rng = random.Random(seed)
    town = {(p.x, p.y): (p.section, p.turns) for p in CONTENT.start}
    pile = list(CONTENT.pile(Stack.A))
    rng.shuffle(pile)
    b = list(CONTENT.pile(Stack.B))
    rng.shuffle(b)
    for sec in pile + b:
        spots = [(x, y, e) for (x, y), (sid, t) in town.items()
                 for e in CONTENT.section(sid).streets_at(t)
                 if step(x, y, e) not in town]
        if not spots:
            break
        x, y, e = rng.choice(spots)
        p = placement(sec, x, y, e)
        town[p.x, p.y] = (sec.id, p.turns)
    return town


@pytest.mark.parametrize("seed", range(20))
def test_skulls_always_lead_zombies_to_the_church(seed: int) -> None:
    town = grow(seed)
    for cell, (sid, _) in town.items():
        if not CONTENT.section(sid).enterable or sid == CONTENT.church.id:
            continue
        here, seen = cell, set()
        while town[here][0] != CONTENT.church.id:
            assert here not in seen, "ZC-16: a skull loop"
            seen.add(here)
            name, turns = town[here]
            skull = CONTENT.section(name).skull_at(turns)
            assert skull is not None
            here = step(*here, skull)
            assert here in town, "ZC-16: the skull leads off the map"
            nxt, nturns = town[here]
            assert opposite(skull) in CONTENT.section(nxt).streets_at(nturns), \
                "the skull's street meets a street"


# -- zombies, bites, variants, clock ------------------------------------------------


def test_zombies_are_defeated_by_fists_and_bats() -> None:
    for z in CONTENT.zombies:
        assert z.defeat and set(z.defeat) <= {Icon.FIST, Icon.BAT}, "ZC-23 ZC-34"


def test_bites() -> None:
    assert {b.id for b in CONTENT.bites} == {"paralysis", "broken_arm", "silence", "vertigo",
                                             "unresting", "sneak"}
    for b in CONTENT.bites:
        assert b.shed and Icon.PANIC not in b.shed, "ZC-101"
        assert any(c.bite == b.id for c in CONTENT.cards), "ZC-100"
    assert (CONTENT.bite("paralysis").handicap, CONTENT.bite("paralysis").amount) == \
        (Handicap.LOCK_DICE, 1), "ZC-102"
    assert (CONTENT.bite("sneak").handicap, CONTENT.bite("sneak").amount) == \
        (Handicap.ROLL_LIMIT, 1), "ZC-107"
    assert CONTENT.bite("silence").handicap is Handicap.MUTE, "ZC-104"
    assert CONTENT.bite("vertigo").handicap is Handicap.LOSE_ON_PANICS, "ZC-105"
    bite_cards = [c for c in CONTENT.cards if c.bite]
    assert all(len(c.icons) == 1 for c in bite_cards)
    assert not any(c.bite for c in CONTENT.deck(1)), "designed: the first scenario has no bites"


def test_difficulty_tables() -> None:
    need = {d.id: [d.cargo_need(n) for n in (2, 3, 4)] for d in CONTENT.difficulties}
    assert need[Difficulty.STANDARD] == [5, 6, 7], "ZC-41 ZC-97"
    assert need == {Difficulty.STANDARD: [5, 6, 7], Difficulty.ADVANCED: [6, 7, 8],
                    Difficulty.EXPERT: [7, 8, 9]}, "ZC-97"
    assert max(max(v) for v in need.values()) <= len(CONTENT.items), "enough different kinds"
    limits = {d.id: d.church_limit for d in CONTENT.difficulties}
    assert limits[Difficulty.STANDARD] == 3, "ZC-38 ZC-94"
    assert limits == {Difficulty.STANDARD: 3, Difficulty.ADVANCED: 2, Difficulty.EXPERT: 1}, \
        "ZC-98"
    with pytest.raises(ContentError, match="5 players"):
        CONTENT.difficulty(Difficulty.STANDARD).cargo_need(5)


def test_clock() -> None:
    c = CONTENT.clock
    assert (c.play_seconds, c.soundtrack_seconds) == (900, 960), "ZC-6"
    assert len(c.countdowns) == 3, "ZC-84"
    first, second, third = c.countdowns
    for cd in (first, second):
        assert cd.ends_at - cd.starts_at == 38, "ZC-85"
        assert cd.absent_loses == 1, "ZC-86"
        assert cd.pause_after, "ZC-87"
    assert c.pause_seconds == 20, "ZC-87"
    assert second.van_away_loses == 1, "ZC-91"
    assert third.gongs == 3 and third.ends_game and third.ends_at == 900, "ZC-92 ZC-95"
    assert c.lead_in_seconds + 900 + 2 * 20 <= 960, "ZC-6"
    assert c.wall_time(0) == c.lead_in_seconds
    assert c.wall_time(301) == c.lead_in_seconds + 301 + 20


def test_time_costs_cover_every_action() -> None:
    assert {t.id for t in CONTENT.costs} == set(Cost)
    assert all(t.source is Source.DESIGNED for t in CONTENT.costs)
    assert CONTENT.cost(Cost.ROLL) == 2.5


def test_every_entry_is_tagged() -> None:
    things = [*CONTENT.sections, *CONTENT.start, *CONTENT.categories, *CONTENT.zombies,
              *CONTENT.bites, *CONTENT.cards, *CONTENT.items, *CONTENT.difficulties,
              *CONTENT.scenarios, *CONTENT.clock.countdowns, *CONTENT.costs, CONTENT.clock]
    assert all(isinstance(t.source, Source) for t in things)


# -- the worked examples can be reproduced with this content ---------------------------


def test_example_logan_enters_the_left_section_with_getaway_and_fist() -> None:
    left = next(p for p in CONTENT.start if (p.x, p.y) == (-1, 0))
    sec = CONTENT.section(left.section)
    assert sorted(sec.entry) == sorted([Icon.GETAWAY, Icon.FIST]), "ZC-EX-5"
    assert Edge.E in sec.streets_at(left.turns), "connected to the church"


def test_example_logan_reveals_a_gas_station_and_searches_it_with_3_fists() -> None:
    gas = [s for s in CONTENT.of_kind(SectionKind.GAS_STATION) if s.stack is Stack.A]
    assert gas, "ZC-EX-6: a gas station can be revealed while pile A lasts"
    assert all(s.search == (Icon.FIST,) * 3 for s in CONTENT.of_kind(SectionKind.GAS_STATION)), \
        "ZC-EX-7"
    assert CONTENT.item_stack(Building.GAS_STATION), "ZC-EX-6"


def test_example_logan_deposits_a_crowbar() -> None:
    assert CONTENT.item("crowbar").building is Building.GAS_STATION, "ZC-EX-8"


def test_example_rescue_cards() -> None:
    one = [c for c in CONTENT.deck(1) if [i.kind for i in c.icons] == [CardIconKind.SPAWN_ONE]]
    assert one, "ZC-EX-9"
    keith = [c for c in CONTENT.cards
             if {i.kind for i in c.icons} == {CardIconKind.SPAWN_TWO, CardIconKind.MOVE}
             and any(i.colour is ZombieColour.GREEN for i in c.icons)]
    assert keith, "ZC-EX-13"


def test_example_pooled_fights() -> None:
    defeats = {tuple(sorted(z.defeat)) for z in CONTENT.zombies}
    assert (Icon.FIST,) * 5 in defeats, "ZC-EX-3"
    assert (Icon.BAT,) * 4 in defeats, "ZC-EX-12"


def test_example_van_and_countdown() -> None:
    assert CONTENT.difficulty(Difficulty.STANDARD).cargo_need(4) == 7, "ZC-EX-10"
    drive = CONTENT.section("start-west")
    assert sorted(drive.entry) == sorted([Icon.GETAWAY, Icon.FIST]), "ZC-EX-11"
    assert CONTENT.dice_per_player - CONTENT.clock.countdowns[0].absent_loses == 4, \
        "ZC-EX-14"


# -- corrupt files are refused, naming the file and the entry ------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return copy_data(DATA, tmp_path)


def test_unchanged_copy_loads(data: Path) -> None:
    assert load(data) == CONTENT


EXIT = 'id = "exit"\nkind = "exit"\nname = "Exit"\nstack = "B"'
CASES: list[tuple[str, str, str, list[str]]] = [
    # sections.toml
    ("sections.toml", EXIT, EXIT.replace('"B"', '"A"'), ["section 'exit'", "pile B"]),
    ("sections.toml", 'id = "junction-6"\nkind = "junction"',
     'id = "junction-6"\nkind = "crossroads"',
     ["section 'junction-6'", "crossroads has 4 streets"]),
    ("sections.toml", 'id = "junction-6"\nkind = "junction"', 'id = "junction-6"\nkind = "alley"',
     ["section 'junction-6'", "kind must be one of"]),
    ("sections.toml", 'streets = ["S"]\nskull = "S"', 'streets = ["S"]\nskull = "N"',
     ["section 'exit'", "N has no street"]),
    ("sections.toml", 'streets = ["S"]\nskull = "S"\nentry = ["fist", "bat"]',
     'streets = ["S"]\nskull = "S"\nentry = ["fist", "panic"]', ["section 'exit'", "entry"]),
    ("sections.toml", 'streets = ["S"]\nskull = "S"\nentry = ["fist", "bat"]',
     'streets = ["S"]\nskull = "S"\nentry = ["fist"]', ["section 'exit'", "2 icons"]),
    ("sections.toml", 'search = ["fist", "fist", "fist"]', 'search = []',
     ["section 'gas-station-1'", "'search' icons"]),
    ("sections.toml", 'search = ["fist", "fist", "fist"]', 'search = ["getaway"]',
     ["section 'gas-station-1'", "search must list only"]),
    ("sections.toml", 'id = "crossroads-5"', 'id = "crossroads-4"',
     ["section 'crossroads-4' appears twice"]),
    ("sections.toml", 'reason = "a plain crossroads"', "", ["section 'crossroads-2'",
                                                             "'reason'"]),
    ("sections.toml", 'name = "Cemetery"', 'name = "Cemetery"\npiles_ = 1',
     ["section 'cemetery'", "unknown field 'piles_'"]),
    ("sections.toml", 'section = "start-west"\nx = -1\ny = 0\nturns = 3',
     'section = "start-west"\nx = -1\ny = 0\nturns = 1', ["start 'start-west'", "church"]),
    ("sections.toml", 'section = "start-east"\nx = 1', 'section = "start-east"\nx = -1',
     ["start 'start-east'", "already holds 'start-west'"]),
    ("sections.toml", 'section = "start-east"', 'section = "crossroads-1"',
     ["start 'crossroads-1'", "only sections marked S"]),
    ("sections.toml", 'section = "start-east"', 'section = "nowhere"',
     ["start 'nowhere'", "no section 'nowhere'"]),
    ("sections.toml", "[[start]]", "[[starts]]", ["sections.toml", "unknown entry 'starts'"]),
    # zombies.toml
    ("zombies.toml", 'defeat = ["bat", "bat", "bat", "bat"]\ncopies = 2',
     'defeat = ["bat", "bat", "bat", "bat"]\ncopies = 3', ["zombies.toml", "20 zombies",
                                                           "found 21"]),
    ("zombies.toml", 'defeat = ["bat", "bat", "bat", "bat"]', 'defeat = ["bat", "caution"]',
     ["zombie 'butcher'", "defeat must list only bat, fist"]),
    ("zombies.toml", 'id = "butcher"\nname = "Butcher"\ncolour = "purple"',
     'id = "butcher"\nname = "Butcher"\ncolour = "pink"', ["zombie 'butcher'", "colour"]),
    ("zombies.toml", 'colour = "yellow"\nname = "Hunters"', 'colour = "green"\nname = "Hunters"',
     ["category 'green' appears twice"]),
    # items.toml
    ("items.toml", 'id = "crowbar"\nname = "Crowbar"\nbuilding = "gas_station"\ncopies = 2',
     'id = "crowbar"\nname = "Crowbar"\nbuilding = "gas_station"\ncopies = 3',
     ["item 'crowbar'", "2 tiles"]),
    ("items.toml", 'building = "gas_station"', 'building = "hospital"',
     ["items.toml", "3 gas_station item kinds", "found 2"]),
    ("items.toml", 'building = "gas_station"', 'building = "bank"',
     ["item 'crowbar'", "building must be one of"]),
    ("items.toml", 'effect = "reroll_panics"', 'effect = "teleport"',
     ["item 'crowbar'", "effect must be one of"]),
    # zombie_cards.toml
    ("zombie_cards.toml", 'id = "zc-01"\nscenarios = [1, 2, 3]', 'id = "zc-01"\nscenarios = [6]',
     ["card 'zc-01'", "numbers from 1 to 5"]),
    ("zombie_cards.toml", 'id = "zc-01"\nscenarios = [1, 2, 3]',
     'id = "zc-01"\nscenarios = [1, 1]', ["card 'zc-01'", "twice"]),
    ("zombie_cards.toml", 'icons = [{ kind = "spawn_one" }]',
     'icons = [{ kind = "spawn_one" }, { kind = "pile" }, { kind = "pile" }]',
     ["card 'zc-01'", "1 or 2 icons, got 3"]),
    ("zombie_cards.toml", 'icons = [{ kind = "spawn_one" }]', 'icons = [{ kind = "spawn_six" }]',
     ["card 'zc-01': icon #1", "kind must be one of"]),
    ("zombie_cards.toml", 'colour = "green", steps = 1 }]', 'colour = "green", steps = 3 }]',
     ["card 'zc-09': icon #2", "'steps' must be from 1 to 2"]),
    ("zombie_cards.toml", 'colour = "green", steps = 1 }]', 'steps = 1 }]',
     ["card 'zc-09': icon #2", "missing field 'colour'"]),
    ("zombie_cards.toml", '{ kind = "bite", bite = "sneak" }', '{ kind = "bite", bite = "flu" }',
     ["card 'zc-54': icon #1", "no bite 'flu'"]),
    ("zombie_cards.toml", '{ kind = "bite", bite = "sneak" }',
     '{ kind = "bite", bite = "sneak" }, { kind = "pile" }',
     ["card 'zc-54'", "shows only its bite"]),
    ("zombie_cards.toml", 'handicap = { kind = "mute" }',
     'handicap = { kind = "mute", amount = 2 }', ["bite 'silence': handicap", "no 'amount'"]),
    ("zombie_cards.toml", 'handicap = { kind = "lock_dice", amount = 1 }',
     'handicap = { kind = "lock_dice" }', ["bite 'paralysis': handicap",
                                           "missing field 'amount'"]),
    ("zombie_cards.toml", 'shed = ["caution", "caution"]', 'shed = ["panic"]',
     ["bite 'paralysis'", "shed must list only"]),
    ("zombie_cards.toml", 'id = "vertigo"', 'id = "dizzy"', ["bite 'dizzy'", "rulebook's bites"]),
    ("zombie_cards.toml", 'id = "zc-55"', 'id = "zc-54"', ["card 'zc-54' appears twice"]),
    # game.toml
    ("game.toml", "dice_per_player = 5", "dice_per_player = 6",
     ["game.toml: [game]", "dice_per_player must be 5"]),
    ("game.toml", '"panic", "caution"]', '"panic", "panic"]', ["game.toml: [game]", "faces"]),
    ("game.toml", "church_limit = 2", "church_limit = 3",
     ["difficulty 'advanced'", "church_limit must be 2"]),
    ("game.toml", "items = [7, 8, 9]", "items = [7, 8, 10]",
     ["difficulty 'expert'", "must be [7, 8, 9]"]),
    ("game.toml", 'id = "expert"', 'id = "nightmare"', ["difficulty 'nightmare'",
                                                          "id must be one of"]),
    ("game.toml", "number = 5", "number = 4", ["scenario '4' appears twice"]),
    ("game.toml", 'source = "rulebook"\n\n# -- scenarios', 'source = "canon"\n\n# -- scenarios',
     ["difficulty 'expert'", "'rulebook' or 'designed'"]),
    # clock.toml
    ("clock.toml", "countdown_seconds = 38", "countdown_seconds = 40",
     ["clock.toml: [clock]", "countdown_seconds must be 38"]),
    ("clock.toml", "lead_in_seconds = 10", "lead_in_seconds = 30",
     ["clock.toml: [clock]", "do not fit"]),
    ("clock.toml", "starts_at = 262", "starts_at = 260", ["countdown 1", "lasts 38 seconds"]),
    ("clock.toml", "gongs = 2", "gongs = 1", ["countdown 2", "2 gong"]),
    ("clock.toml", "starts_at = 862\nends_at = 900", "starts_at = 822\nends_at = 860",
     ["countdown 3", "ends the game at 900"]),
    ("clock.toml", "van_away_loses = 1", "van_away_loses = 0", ["clock.toml", "countdown 2",
                                                                 "van"]),
    ("clock.toml", 'id = "drive"', 'id = "fly"', ["cost 'fly'", "id must be one of"]),
    ("clock.toml", "seconds = 2.5", "seconds = 3", ["cost 'roll'", "'seconds' must be a float"]),
    ("clock.toml", "seconds = 2.5", "seconds = -1.0", ["cost 'roll'", "above 0"]),
    ("clock.toml", "[[cost]]\nid = \"drive\"", "[[cast]]\nid = \"drive\"",
     ["clock.toml", "unknown entry 'cast'"]),
    ("clock.toml", "pause_seconds = 20", "pause_seconds = ", ["clock.toml", "cannot be read"]),
]


@pytest.mark.parametrize(("name", "old", "new", "words"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_corrupt_data_is_rejected_naming_file_and_entry(
        data: Path, name: str, old: str, new: str, words: list[str]) -> None:
    assert_rejected(load, data, name, old, new, words)


def test_a_missing_section_is_counted(data: Path) -> None:
    path = data / "sections.toml"
    text = path.read_text()
    start = text.index('[[section]]\nid = "junction-4"')
    end = text.index("[[section]]", start + 1)
    path.write_text(text[:start] + text[end:])
    with pytest.raises(ContentError, match=r"^sections\.toml: there must be 23 street "
                                           r"sections .*found 22"):
        load(data)


def test_a_missing_cost_is_named(data: Path) -> None:
    path = data / "clock.toml"
    text = path.read_text()
    start = text.index('[[cost]]\nid = "drive"')
    path.write_text(text[:start])
    with pytest.raises(ContentError, match=r"^clock\.toml: no cost for 'drive'"):
        load(data)


def test_missing_file_is_named(data: Path) -> None:
    (data / "zombies.toml").unlink()
    with pytest.raises(ContentError, match=r"^zombies\.toml: cannot be read"):
        load(data)


def test_content_error_is_a_value_error() -> None:
    assert issubclass(ContentError, ValueError)
