"""New York cards and tiles off the map: the shipped data holds what the rulebook and
its worked examples need, the modules build the right decks, and bad edits are caught
on load naming the file and the entry."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from getaway.core.content import Source
from getaway.core.errors import ContentError
from getaway.games.new_york.cards import BRACELET, FAKE_TAPE, TAPE, WANTED
from getaway.games.new_york.effects import Op
from getaway.games.new_york.load_cards import DATA, cards_from
from getaway.games.new_york.model import (
    BRIDGES,
    HEROES,
    SLAG_HP_ABOVE,
    ActionSet,
    CardType,
    Colour,
    Dir,
    Hero,
    ItemKind,
    Module,
    NewYorkSet,
    TimerColour,
    Transport,
)
from tests.games.content_checks import assert_rejected, copy_data

CARDS = cards_from()
BASE = CARDS.decks()
ALL = CARDS.decks(Module)


def texts(effects: tuple) -> list[str]:
    return [e.text() for e in effects]


def ops(effects: tuple) -> list[Op]:
    return [e.op for e in effects]


def named(name: str, hero: Hero):
    (card,) = [c for c in CARDS.actions if c.name == name and c.hero is hero]
    return card


# -- the rulebook's counts ------------------------------------------------------------


def test_counts_the_rulebook_states() -> None:
    assert len(BASE.cars) == 4 and {c.id for c in BASE.cars} == {"car"}, "NY-4"
    assert len(BASE.new_york_specials) == 3, "NY-5"
    assert len(BASE.red) == 3 and sum(t.new_york_wins for t in BASE.red) == 1, "NY-88"
    assert len(BASE.cases) == 4 and {TAPE, BRACELET} <= {c.id for c in BASE.cases}, "NY-1"
    extra = Counter(c.hero for c in CARDS.actions if c.set is ActionSet.EXTRA)
    assert extra == dict.fromkeys(HEROES, 2), "NY-247"
    assert sum(i.id == "crossbow" for i in ALL.items) == 2, "NY-248"
    assert sum(e.id == "explosion" for e in ALL.events) == 2, "NY-249"
    assert len(ALL.timer_black) - len(BASE.timer_black) == 3, "NY-250"
    assert len(ALL.new_york) == 10 and {c.set for c in ALL.new_york} == {NewYorkSet.HARD}, \
        "NY-253"
    assert len(ALL.wanted) == 3, "NY-254"
    assert len(ALL.purple) - len(BASE.purple) == 2 and len(ALL.blue) == len(BASE.blue), \
        "NY-254"
    assert Counter(c.alive for c in ALL.president_deck) == {False: 1, True: 2}, "NY-258"
    assert len(ALL.traps) == 3, "NY-252"


def test_designed_sizes() -> None:
    assert {len(BASE.hand(h)) for h in HEROES} == {7}, "designed: 7 basic cards"
    assert {len(BASE.specials(h)) for h in HEROES} == {3}, "designed: 3 Specials"
    assert len(BASE.items) == 31, "designed"
    assert len(BASE.events) == 18, "designed"
    assert len(BASE.new_york) == 18, "designed: 16 to 20 standard cards"
    assert len(BASE.timer_black) == 26 and BASE.timer_removed == 2, "designed"
    assert len(BASE.blue) == len(BASE.purple) == 8, "designed"
    assert len(CARDS.textures()) == 4 and len(CARDS.bars) == 12, "designed"


def test_every_entry_is_tagged() -> None:
    things = [CARDS.ability, *CARDS.levels, *CARDS.heroes, *CARDS.actions, *CARDS.bars,
              *CARDS.items, *CARDS.cases, CARDS.president, *CARDS.president_deck,
              *CARDS.wanted, *CARDS.objectives, CARDS.timer_setup, *CARDS.timers,
              CARDS.event_track, *CARDS.events, *CARDS.new_york, *CARDS.traps]
    assert all(isinstance(t.source, Source) for t in things)


# -- Heroes ---------------------------------------------------------------------------


def test_starting_cards() -> None:
    taxi, = BASE.start(Hero.CABBIE)
    assert taxi.kind is ItemKind.CAR and taxi.id == "taxi", "NY-11"
    for h in (Hero.SNAKE, Hero.MAGGIE):
        gun, = BASE.start(h)
        assert gun.kind is ItemKind.WEAPON and gun.ammo > 0, "NY-12"
    diagram, = BASE.start(Hero.BRAIN)
    assert diagram.kind is ItemKind.DIAGRAM and diagram.bridge == 3, "NY-13 E-9"
    assert all(CARDS.item(s).owner is h.id for h in CARDS.heroes for s in h.starting)
    deck = {i.id for i in ALL.items}
    assert not deck & {i.id for i in BASE.starting}, "NY-141: never in the Item deck"


def test_personal_ability_and_levels() -> None:
    a = CARDS.ability
    assert texts(a.attack) == ["damage(amount=2, range=0)"], "NY-179"
    assert a.move[0].op is Op.MOVE and a.move[0]["steps"] == 1 and a.move[0]["reveal"], \
        "NY-179"
    assert a.noise == 2, "NY-180"
    assert [(r.level, r.specials, r.swap) for r in CARDS.levels] == \
        [(1, 1, False), (2, 1, True), (3, 0, True)], "NY-162 NY-163 NY-164"
    assert len({h.ability for h in CARDS.heroes}) == 4, "designed: a flavour name each"


def test_hands_and_specials() -> None:
    for h in HEROES:
        hand = BASE.hand(h)
        assert all(c.set is ActionSet.BASIC for c in hand), "NY-10"
        assert {c.type for c in hand} >= {CardType.MOVE, CardType.ATTACK}, \
            f"designed: {h} can always move and fight"
        assert not set(hand) & set(BASE.specials(h)), "NY-5"
    noise = [c.noise for c in BASE.basic]
    assert all(0 <= n <= 3 for n in noise)
    assert 1.0 <= sum(noise) / len(noise) <= 2.0, "designed: two cards make 2 to 4 Noise"


def test_named_action_cards() -> None:
    cut = named("I'll Cut You", Hero.MAGGIE)
    assert texts(cut.effects) == ["damage(amount=2, range=0)"], "E-3"
    assert cut.type is CardType.ATTACK
    shot, hurry = named("Clean Shot", Hero.MAGGIE), named("Hurry Up", Hero.MAGGIE)
    assert shot.noise + hurry.noise == 4 and shot.noise == 3, "E-5"
    assert {shot, hurry} <= set(BASE.hand(Hero.MAGGIE)), "E-5: both in her hand"
    poker = named("Stony Poker Face", Hero.BRAIN)
    assert texts(poker.effects) == ["trick(range=0, count=0)"], "E-12: every Enemy there"
    plan = named("Not My Plan", Hero.BRAIN)
    assert plan.set is ActionSet.SPECIAL and plan.effects[0].op is Op.STEAL \
        and plan.effects[0]["what"] == "president", "NY-128 NY-135"
    steals = {e["what"] for h in HEROES for c in BASE.specials(h) for e in c.effects
              if e.op is Op.STEAL}
    assert "any" in steals or "case" in steals, "NY-119: a Special steals a Case"
    returners = [c for c in CARDS.actions if c.name in
                 ("I'll Cover You", "Let Me Think", "Strong Antitoxin", "Take a Breather")]
    assert len(returners) == 4 and all(Op.RECOVER in ops(c.effects) for c in returners), \
        "NY-242"


def test_movement_cards() -> None:
    moves = [e for c in CARDS.actions for e in c.effects if e.op is Op.MOVE]
    assert any(e["poi_to_poi"] for e in moves), "NY-241"
    assert sum(e["break_roadblocks"] for e in moves) >= 4, "NY-93"
    assert sum(e["no_enemies"] for e in moves) >= 4, "NY-89"
    manholes = [c for c in CARDS.actions for e in c.effects if e.op is Op.MOVE
                and e["manholes"]]
    assert manholes and all(c.set is not ActionSet.BASIC for c in manholes), \
        "NY-173: only with the right Special card"


def test_level_bars() -> None:
    for t in CARDS.textures():
        bars = CARDS.bars_of(t)
        assert [b.level for b in bars] == [1, 2, 3], "NY-14"
        assert [b.prisoners + b.items for b in bars] == [2, 3, 4], "designed"
    assert all(b.items for b in CARDS.bars if b.level == 2), \
        "E-7: an Item completes Cabbie's level 2 bar"
    assert sum(b.items for b in CARDS.bars) <= len(BASE.items)


# -- Items, Cases, objectives ------------------------------------------------------------


def test_named_items() -> None:
    club, axe = CARDS.item("spiked-club"), CARDS.item("axe")
    cut = named("I'll Cut You", Hero.MAGGIE)
    assert club.effects[0].op is Op.DAMAGE_BONUS
    assert cut.effects[0]["amount"] + club.effects[0]["amount"] == 6 >= SLAG_HP_ABOVE, "E-11"
    assert axe.kind is ItemKind.WEAPON and texts(axe.effects) == ["damage_bonus(amount=1)"]
    assert cut.effects[0]["amount"] + axe.effects[0]["amount"] == 3, "NY-245 E-21"
    assert {club, axe} <= set(BASE.items)


def test_item_families() -> None:
    effects = {e.op for i in BASE.items for e in i.effects}
    assert Op.HELICOPTER in effects, "NY-159"
    assert Op.SHIELD in effects, "damage-preventing Items (step 7)"
    assert Op.RECOVER in effects, "Items that take back cards"
    weapons = [i for i in BASE.items + BASE.starting if i.kind is ItemKind.WEAPON]
    assert any(w.ammo for w in weapons) and any(not w.ammo for w in weapons), \
        "NY-146 NY-148"
    assert all(w.ammo_per_use <= w.ammo for w in weapons), "NY-146"
    assert any(w.keeps for w in weapons) and any(not w.keeps for w in weapons), "NY-150"
    assert sorted(i.bridge for i in BASE.items + BASE.starting if i.bridge) == \
        list(range(1, BRIDGES + 1)), "G-9: one Diagram per bridge"
    car = CARDS.item("car")
    assert texts(car.effects) == ["move(steps=1, reveal=True, no_enemies=True, "
                                  "break_roadblocks=False, manholes=False, poi_to_poi=False, "
                                  "carry=False)"], "E-4 G-14 NY-44"


def test_crossbows_and_finger() -> None:
    bows = [i for i in ALL.items if i.module is Module.CROSSBOWS]
    assert len(bows) == 2 and all(b.noise == 0 and b.effects[0]["range"] == 1 for b in bows), \
        "NY-248: ranged and silent"
    finger, = [i for i in ALL.items if i.module is Module.DEAD_OR_ALIVE]
    assert ops(finger.effects) == [Op.REMOVE_ALIVE], "NY-261"


def test_cases_and_president() -> None:
    assert CARDS.case(BRACELET).effects, "NY-243: card 052 has an effect, used once"
    assert CARDS.case(FAKE_TAPE).module is None, "E-10"
    variant = ALL.cases[[c.id for c in BASE.cases].index(BRACELET)]
    assert variant.replaces == BRACELET and ops(variant.effects) == [Op.REMOVE_ALIVE], \
        "NY-258 NY-261"
    assert BRACELET not in {c.id for c in ALL.cases} and len(ALL.cases) == 4, "NY-258"
    assert CARDS.president.alive is None


def test_objectives() -> None:
    assert min(len(BASE.blue), len(BASE.purple)) >= 6, "NY-16"
    assert {o.transport for o in BASE.blue} == set(Transport), "NY-86"
    assert all(o.card is None for o in BASE.blue)
    assert any(o.card == FAKE_TAPE for o in BASE.purple), "E-10"
    assert any(o.transport is Transport.RAFT for o in BASE.blue), "E-10"
    wanted = [o for o in ALL.purple if o.module is Module.WANTED]
    assert len(wanted) == 2 and all(o.card == WANTED for o in wanted), "NY-254 NY-256"
    ids = {i.id for i in BASE.items} | {c.id for c in BASE.cases}
    assert all(o.card in ids for o in BASE.purple), "purple objectives name real cards"


# -- Timer, Events, New York, Traps ---------------------------------------------------------


def test_timer_tiles() -> None:
    black = {e.text() for t in BASE.timer_black for e in t.effects}
    assert "reveal_poi(count=1)" in black, "E-1"
    assert "helicopter()" in black, "NY-159"
    assert "events()" in black, "NY-170: tiles with an Event icon"
    gang = CARDS.timer("gang-war")
    assert gang in BASE.timer_black and ops(gang.effects) == [Op.EVENT_LEVEL, Op.EVENTS], "NY-188"
    assert ops(BASE.hurry_up.effects) == [Op.HURRY_UP], "NY-191 NY-192"
    assert Counter(ops(t.effects)[0] for t in BASE.red) == \
        {Op.NOTHING: 2, Op.NEW_YORK_WINS: 1}, "NY-88"
    assert CARDS.decks(hard_timers=True).timer_removed == BASE.timer_removed + 1, "NY-238"
    in_play = len(BASE.timer_black) - BASE.timer_removed
    assert in_play > 6, "E-14: 6 tiles discarded at the first collection leave some"
    assert all(t.colour is TimerColour.BLACK for t in BASE.timer_black), "NY-24"


def test_events() -> None:
    track = CARDS.event_track
    assert track.level(track.start) == 1, "E-18: Event Level 1"
    assert 2 in track.values, "E-16: Event Level 2"
    duke = CARDS.event("the-duke")
    assert texts(duke.effects) == ["move_enemies(count=3, steps=0, kind=any)"], "E-18"
    assert "explosion" not in {e.id for e in BASE.events}, "NY-249: a module"


def test_new_york_cards() -> None:
    assert any(set(c.pull) == {Dir.S, Dir.NW} for c in BASE.new_york), "E-8"
    for c in CARDS.new_york:
        assert c.pull and 0 <= c.cost <= 10, "NY-64 NY-67"
        assert isinstance(c.roadblock, Dir), "NY-226"
    assert Counter(d for c in BASE.new_york for d in c.pull) == dict.fromkeys(Dir, 6), \
        "designed: every side pulled as often"
    assert 1.5 <= sum(c.cost for c in BASE.new_york) / len(BASE.new_york) <= 3.0, "designed"
    bonus = {c.effects[0]["stat"] for c in BASE.new_york_specials}
    assert {"hp", "range"} <= bonus, "E-20 NY-235"
    hp, = [c for c in BASE.new_york_specials if c.effects[0]["stat"] == "hp"]
    assert hp.effects[0]["amount"] == 1, "E-20"
    for deck in (BASE.new_york, ALL.new_york):
        assert any(Op.DESTROY_GULLFIRE in ops(c.effects) for c in deck), "NY-158 G-16"
        assert any(Op.MISSION in ops(c.effects) for c in deck), "NY-214"
        assert any(Op.TIMER in ops(c.effects) for c in deck), "NY-189"
        assert any(Op.ROADBLOCK in ops(c.effects) for c in deck), "NY-225"


def test_traps() -> None:
    assert Counter(t.triggered for t in ALL.traps) == {True: 1, False: 2}, "G-35"


# -- the modules build the right decks ----------------------------------------------------


def test_base_game_has_no_module_content() -> None:
    assert BASE.modules == frozenset()
    assert not any(i.module for i in BASE.items)
    assert not any(e.module for e in BASE.events)
    assert not any(t.module for t in BASE.timer_black)
    assert {c.set for c in BASE.new_york} == {NewYorkSet.STANDARD}
    assert BASE.president_deck == () and BASE.wanted == () and BASE.traps == ()
    assert all(c.set is ActionSet.SPECIAL for c in BASE.special)
    assert all(o.module is None for o in BASE.blue + BASE.purple)


@pytest.mark.parametrize("module", list(Module))
def test_each_module_adds_only_its_own(module: Module) -> None:
    one = CARDS.decks({module})
    grew = {
        Module.EXTRA_SPECIALS: len(one.special) - len(BASE.special) == 8,
        Module.CROSSBOWS: len(one.items) - len(BASE.items) == 2,
        Module.EXPLOSIONS: len(one.events) - len(BASE.events) == 2,
        Module.EXTRA_TIMERS: len(one.timer_black) - len(BASE.timer_black) == 3,
        Module.TRAPS: len(one.traps) == 3,
        Module.HARD_DECK: len(one.new_york) == 10,
        Module.WANTED: len(one.wanted) == 3 and len(one.purple) == len(BASE.purple) + 2,
        Module.DEAD_OR_ALIVE: len(one.president_deck) == 3
        and len(one.items) == len(BASE.items) + 1 and one.cases != BASE.cases,
    }
    assert grew[module], module
    fields = ("special", "items", "events", "timer_black", "traps", "new_york", "wanted",
              "purple", "president_deck", "cases")
    changed = {f for f in fields if getattr(one, f) != getattr(BASE, f)}
    assert len(changed) <= 3, changed
    assert one.new_york_specials == BASE.new_york_specials, "NY-5: in every game"


def test_lookups() -> None:
    assert CARDS.hero(Hero.CABBIE).starting == ("taxi",)
    assert CARDS.action("maggie-ill-cut-you").name == "I'll Cut You"
    assert CARDS.new_york_card("close-in-1").set is NewYorkSet.STANDARD
    assert CARDS.timer("hurry-up").colour is TimerColour.HURRY_UP
    assert CARDS.objective("purple-fake-tape").colour is Colour.PURPLE
    with pytest.raises(ContentError, match=r"^items\.toml: no item 'limo'"):
        CARDS.item("limo")


# -- corrupt files are refused, naming the file and the entry ------------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return copy_data(DATA, tmp_path)


def test_unchanged_copy_loads(data: Path) -> None:
    assert cards_from(data) == CARDS


CUT = 'id = "maggie-ill-cut-you"\nhero = "maggie"\nname = "I\'ll Cut You"\nset = "basic"\n' \
      'type = "attack"'
CASES: list[tuple[str, str, str, list[str]]] = [
    # heroes.toml
    ("heroes.toml", 'noise = 2\nsource = "rulebook"', 'noise = 3\nsource = "rulebook"',
     ["heroes.toml: [ability]", "noise must be 2 (NY-180)"]),
    ("heroes.toml", 'attack = [{ do = "damage", amount = 2',
     'attack = [{ do = "damage", amount = 3',
     ["[ability]", "attack must be 2 damage at range 0"]),
    ("heroes.toml", "level = 1\nspecials = 1\nswap = false", "level = 1\nspecials = 1\nswap = true",
     ["heroes.toml: level 1", "NY-162"]),
    ("heroes.toml", 'starting = ["taxi"]', 'starting = ["limo"]',
     ["heroes.toml: hero 'cabbie'", "no item 'limo'"]),
    ("heroes.toml", 'starting = ["diagram-3"]', 'starting = ["diagram-1", "diagram-3"]',
     ["hero 'brain'", "item 'diagram-1' is not marked owner"]),
    ("heroes.toml", 'id = "cabbie"', 'id = "plissken"', ["hero 'plissken'", "id must be one of"]),
    ("heroes.toml", 'ability = "Call Me Snake"', 'abilty = "Call Me Snake"',
     ["hero 'snake'", "missing field 'ability'"]),
    ("heroes.toml", 'ability = "Call Me Snake"', 'ability = "Call Me Snake"\nrank = 1',
     ["hero 'snake'", "unknown field 'rank'"]),
    ("heroes.toml", 'id = "snake"\nname = "Snake Plissken"', 'id = "maggie"\nname = "Snake"',
     ["heroes.toml: hero 'maggie' appears twice"]),
    # actions.toml
    ("actions.toml", "noise = 3\neffects = [{ do = \"damage\", amount = 3, range = 1 }]",
     "noise = 4\neffects = [{ do = \"damage\", amount = 3, range = 1 }]",
     ["actions.toml: card 'maggie-clean-shot'", "'noise' must be from 0 to 3"]),
    ("actions.toml", CUT + '\nnoise = 1\neffects = [{ do = "damage"',
     CUT + '\nnoise = 1\neffects = [{ do = "slash"',
     ["card 'maggie-ill-cut-you': effects #1", "do must be one of"]),
    ("actions.toml", CUT + '\nnoise = 1\neffects = [{ do = "damage", amount = 2, range = 0 }]',
     CUT + '\nnoise = 1\neffects = [{ do = "damage", amount = 2, range = 3 }]',
     ["card 'maggie-ill-cut-you': effects #1", "range must be from 0 to 2, got 3"]),
    ("actions.toml", CUT + '\nnoise = 1\neffects = [{ do = "damage", amount = 2, range = 0 }]',
     CUT + '\nnoise = 1\neffects = [{ do = "damage", amount = 2, range = 0, ammo = 1 }]',
     ["card 'maggie-ill-cut-you': effects #1", "unknown field 'ammo'"]),
    ("actions.toml", CUT + '\nnoise = 1\neffects = [{ do = "damage", amount = 2, range = 0 }]',
     CUT + '\nnoise = 1\neffects = [{ do = "damage", range = 0 }]',
     ["card 'maggie-ill-cut-you': effects #1", "missing field 'amount'"]),
    ("actions.toml", CUT + '\nnoise = 1\neffects = [{ do = "damage", amount = 2, range = 0 }]',
     CUT + '\nnoise = 1\neffects = [{ do = "spawn" }]',
     ["card 'maggie-ill-cut-you'", "spawn is not an effect a Hero's card may have"]),
    ("items.toml", 'effects = [{ do = "ignore_events" }]', 'effects = [{ do = "timer" }]',
     ["item 'lucky-lighter'", "timer is not an effect"]),
    ("actions.toml", CUT, CUT.replace('"attack"', '"move"'),
     ["card 'maggie-ill-cut-you'", "a move card starts with a move effect"]),
    ("actions.toml", CUT, CUT.replace('"basic"', '"starter"'),
     ["card 'maggie-ill-cut-you'", "set must be one of"]),
    ("actions.toml", 'id = "maggie-hurry-up"', 'id = "maggie-ill-cut-you"',
     ["actions.toml: card 'maggie-ill-cut-you' appears twice"]),
    ("actions.toml", 'hero = "snake"\nname = "Fresh Clip"\nset = "extra"',
     'hero = "snake"\nname = "Fresh Clip"\nset = "special"',
     ["actions.toml", "2 extra Special cards of snake", "found 1"]),
    ("actions.toml", 'reason = "a Special that lets a Hero use Manholes (NY-173)"', "",
     ["card 'brain-the-sewers'", "'reason'"]),
    # level_bars.toml
    ("level_bars.toml", 'id = "brick-3"\ntexture = "brick"\nlevel = 3',
     'id = "brick-3"\ntexture = "brick"\nlevel = 2',
     ["level_bars.toml", "texture 'brick'", "has [1, 2, 2]"]),
    ("level_bars.toml", "level = 1\nprisoners = 2\nitems = 0",
     "level = 1\nprisoners = 0\nitems = 0",
     ["bar 'brick-1'", "at least one Prisoner or Item"]),
    # items.toml
    ("items.toml", "copies = 4", "copies = 5", ["items.toml", "4 Car cards", "found 5"]),
    ("items.toml", 'effects = [{ do = "damage_bonus", amount = 4 }]',
     'effects = [{ do = "damage_bonus", amount = 4 }]\nkeeps = true',
     ["item 'spiked-club'", "only a Weapon has 'keeps'"]),
    ("items.toml", "ammo = 0\nper_turn = 1\nsource", "ammo = 0\nsource",
     ["item 'axe'", "needs a 'per_turn' limit"]),
    ("items.toml", "ammo = 2\nammo_per_use = 1", "ammo = 2\nammo_per_use = 3",
     ["item 'pump-shotgun'", "'ammo_per_use' must be from 1 to 2"]),
    ("items.toml", "kind = \"diagram\"\nbridge = 4", "kind = \"diagram\"\nbridge = 2",
     ["items.toml", "one Diagram for each bridge 1 to 4", "[1, 2, 2, 3]"]),
    ("items.toml", "kind = \"diagram\"\nbridge = 4",
     "kind = \"diagram\"\nbridge = 4\neffects = [{ do = \"reveal\" }]",
     ["item 'diagram-4'", "has no effect"]),
    ("items.toml", "noise = 0\nammo = 3", "noise = 1\nammo = 3",
     ["item 'crossbow'", "silent ranged Weapon"]),
    ("items.toml", 'module = "crossbows"', 'module = "traps"',
     ["item 'crossbow'", "module must be one of crossbows, dead_or_alive"]),
    ("items.toml", 'effects = [{ do = "move", steps = 1, no_enemies = true }]',
     'effects = [{ do = "move", steps = 1 }]', ["item 'car'", "NY-44"]),
    ("items.toml", 'kind = "item"\ncopies = 2\neffects = [{ do = "recover", count = 2 }]',
     'kind = "potion"\ncopies = 2\neffects = [{ do = "recover", count = 2 }]',
     ["item 'first-aid-kit'", "kind must be one of"]),
    ("items.toml", 'kind = "weapon"\nowner = "snake"',
     'kind = "weapon"\nowner = "snake"\ncopies = 2', ["item 'snake-machine-pistol'",
                                                     "single card"]),
    # cases.toml
    ("cases.toml", 'id = "tape"', 'id = "cassette"', ["cases.toml", "no case 'tape'"]),
    ("cases.toml", "alive = true\ncopies = 2", "alive = true\ncopies = 3",
     ["cases.toml", "'President is Alive' cards", "found 3"]),
    ("cases.toml", "copies = 3", "copies = 2", ["cases.toml", "3 Wanted cards", "found 2"]),
    ("cases.toml", 'replaces = "bracelet"\nmodule = "dead_or_alive"', 'replaces = "bracelet"',
     ["case 'bracelet-variant'", "names both"]),
    ("cases.toml", 'replaces = "bracelet"', 'replaces = "briefcase"',
     ["case 'bracelet-variant'", "replaces no Case 'briefcase'"]),
    ("cases.toml", 'effects = [{ do = "peek", what = "poi", count = 2 }]', "effects = []",
     ["cases.toml", "case 'bracelet'", "once-only effect"]),
    ("cases.toml", '[president]\nid = "president"', '[president]\nid = "president-dead"',
     ["cases.toml", "president card 'president-dead' appears twice"]),
    # objectives.toml
    ("objectives.toml", 'card = "fake-tape"', 'card = "fake-tapes"',
     ["objectives.toml: objective 'purple-fake-tape'", "no Item or Case 'fake-tapes'"]),
    ("objectives.toml", 'card = "fake-tape"', 'card = "taxi"',
     ["objective 'purple-fake-tape'", "no Item or Case 'taxi'"]),
    ("objectives.toml", 'transport = "gullfire"', 'transport = "gullfire"\ncard = "tape"',
     ["objective 'blue-gullfire-1'", "names a transport, not a card"]),
    ("objectives.toml", 'transport = "gullfire"', 'transport = "subway"',
     ["objective 'blue-gullfire-1'", "transport must be one of"]),
    ("objectives.toml", 'card = "wanted"\nmodule = "wanted"', 'card = "wanted"',
     ["objective 'wanted-1'", "belongs to module wanted"]),
    # timer.toml
    ("timer.toml", "hard_removed = 1", "hard_removed = 2",
     ["timer.toml: [setup]", "hard_removed must be 1 (NY-238)"]),
    ("timer.toml", 'colour = "red"\ncopies = 2', 'colour = "red"\ncopies = 3',
     ["timer.toml", "3 red tiles", "found 4"]),
    ("timer.toml", 'copies = 7\neffects = [{ do = "nothing" }]',
     'copies = 7\neffects = [{ do = "new_york_wins" }]',
     ["tile 'quiet-night'", "only a red tile may new_york_wins"]),
    ("timer.toml", 'colour = "red"\ncopies = 2\neffects = [{ do = "nothing" }]',
     'colour = "red"\ncopies = 2\neffects = [{ do = "noise", amount = 1 }]',
     ["tile 'red-blank'", "does nothing or makes New York win"]),
    ("timer.toml", 'effects = [{ do = "spawn", count = 2, where = "here" }]\nmodule',
     'effects = [{ do = "spawn", count = 2, where = "here" }]\n#module',
     ["timer.toml", "3 extra Timer tiles", "found 2"]),
    ("timer.toml", 'effects = [{ do = "hurry_up" }]', 'effects = [{ do = "helicopter" }]',
     ["timer.toml", "Hurry Up tile must land the Helicopter"]),
    # events.toml
    ("events.toml", "values = [1, 2, 2, 3]", "values = [1, 3, 2]",
     ["events.toml: [track]", "never fall"]),
    ("events.toml", "start = 0", "start = 7", ["[track]", "'start' must be from 0 to 3"]),
    ("events.toml", 'copies = 2\neffects = [{ do = "hurt"', 'copies = 3\neffects = [{ do = "hurt"',
     ["events.toml", "2 Explosion! cards", "found 3"]),
    ("events.toml", '{ do = "move_enemies", count = 3 }', '{ do = "move_enemies" }',
     ["events.toml: card 'the-duke': effects #1", "missing field 'count'"]),
    ("events.toml", 'module = "explosions"', 'module = "extra_timers"',
     ["card 'explosion'", "module must be one of explosions"]),
    # new_york.toml
    ("new_york.toml", 'pull = ["S", "NW"]', 'pull = ["S", "S"]',
     ["new_york.toml: card 'close-in-1'", "different sides"]),
    ("new_york.toml", 'pull = ["S", "NW"]', 'pull = ["S", "W"]',
     ["card 'close-in-1'", "pull must list only"]),
    ("new_york.toml", "cost = 1\npull = [\"S\", \"NW\"]", "cost = 11\npull = [\"S\", \"NW\"]",
     ["card 'close-in-1'", "'cost' must be from 0 to 10"]),
    ("new_york.toml", 'set = "special"\neffects = [{ do = "prisoner_bonus", stat = "hp" }]',
     'set = "standard"\neffects = [{ do = "prisoner_bonus", stat = "hp" }]',
     ["card 'tough-crowd'", "Prisoner Bonus"]),
    ("new_york.toml", 'name = "Sniper Nest"\nset = "hard"',
     'name = "Sniper Nest"\nset = "standard"',
     ["new_york.toml", "10 HARD cards", "found 9"]),
    ("new_york.toml", 'effects = [{ do = "destroy_gullfire" }]', 'effects = [{ do = "roadblock" }]',
     ["new_york.toml", "no standard card destroys the Gullfire"]),
    ("new_york.toml", 'roadblock = "N"\nsource', 'roadblok = "N"\nsource',
     ["card 'close-in-1'", "missing field 'roadblock'"]),
    # traps.toml
    ("traps.toml", "triggered = true", "triggered = false", ["traps.toml", "no Trap card"]),
    ("traps.toml", "triggered = false\ncopies = 2", "triggered = false\ncopies = 3",
     ["traps.toml", "3 Trap cards", "found 4"]),
    ("traps.toml", "[[card]]", "[[cards]]", ["traps.toml", "unknown entry 'cards'"]),
    ("traps.toml", 'source = "designed"', 'source = "canon"',
     ["card 'triggered'", "'rulebook' or 'designed'"]),
    ("traps.toml", "triggered = true", "triggered = ", ["traps.toml", "cannot be read"]),
]


@pytest.mark.parametrize(("name", "old", "new", "words"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_corrupt_data_is_rejected_naming_file_and_entry(
        data: Path, name: str, old: str, new: str, words: list[str]) -> None:
    assert_rejected(cards_from, data, name, old, new, words)


def drop(data: Path, name: str, start: str, entries: int) -> None:
    """Remove ``entries`` tables from ``name``, starting at the one beginning ``start``."""
    path = data / name
    text = path.read_text()
    begin = text.index(start)
    end = begin
    for _ in range(entries):
        end = text.index("\n[[", end + 1)
    path.write_text(text[:begin] + text[end + 1:])


def test_too_few_objectives_are_counted(data: Path) -> None:
    drop(data, "objectives.toml", '[[objective]]\nid = "blue-gullfire-1"', 3)
    with pytest.raises(ContentError, match=r"^objectives\.toml: 4 players need 6 blue "
                                           r"objectives \(NY-16\), found 5"):
        cards_from(data)


def test_too_few_textures_are_counted(data: Path) -> None:
    path = data / "level_bars.toml"
    text = path.read_text()
    path.write_text(text[:text.index('[[bar]]\nid = "concrete-1"')])
    with pytest.raises(ContentError, match=r"^level_bars\.toml: 4 Heroes need 4 textures"):
        cards_from(data)


def test_bars_the_item_deck_cannot_pay(data: Path) -> None:
    path = data / "level_bars.toml"
    path.write_text(re.sub(r"items = \d", "items = 9", path.read_text()))
    with pytest.raises(ContentError, match=r"^level_bars\.toml: the bars ask for 108 Items"):
        cards_from(data)


def test_an_unlisted_starting_card_is_named(data: Path) -> None:
    path = data / "items.toml"
    path.write_text(path.read_text().replace('kind = "diagram"\nbridge = 4',
                                             'kind = "diagram"\nowner = "maggie"\nbridge = 4'))
    with pytest.raises(ContentError, match=r"^items\.toml: item 'diagram-4': its owner does "
                                           r"not start with it"):
        cards_from(data)


def test_a_starting_card_of_the_wrong_kind_is_named(data: Path) -> None:
    path = data / "items.toml"
    path.write_text(path.read_text().replace('kind = "car"\nowner = "cabbie"',
                                             'kind = "item"\nowner = "cabbie"'))
    with pytest.raises(ContentError, match=r"^heroes\.toml: hero 'cabbie': starts with a car"):
        cards_from(data)


def test_missing_file_is_named(data: Path) -> None:
    (data / "cases.toml").unlink()
    with pytest.raises(ContentError, match=r"^cases\.toml: cannot be read"):
        cards_from(data)
