"""Zombie City's words (issue 15): labels, names, prompts and sentences, from constructed states.

The crawl of ``tests/conformance/test_words.py`` reads seeded games; these check
what a crawl may miss (every label of the action space, every card, a rare
event such as vertigo) and what the words say.
"""

from __future__ import annotations

from getaway.core.events import Event
from getaway.games.zombie_city import GAME
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city import words as W
from getaway.games.zombie_city.content import CONTENT, CardIcon, Edge
from getaway.games.zombie_city.tables import CHURCH
from tests.conformance.words import Vocabulary, slips
from tests.games.zombie_city.build import dice, fresh, place_zombie, sec, top_card, top_section

VOCAB = Vocabulary.of(GAME)


def said(events: list[Event], kind: str) -> list[str]:
    return [e.text for e in events if e.kind == kind]


def test_every_label_of_the_action_space_speaks_the_game_and_is_unique() -> None:
    labels = [a.label() for a in GAME.actions]
    assert len(set(labels)) == len(labels)
    for label in labels:
        assert slips(label, VOCAB) == [], label
    assert A.ROLLS[0].label() == "roll die 1"
    assert A.ROLLS[0b10101 - 1].label() == "roll dice 1, 3 and 5"
    assert A.ROLLS[0b11111 - 1].label() == "roll all five dice"
    assert A.ENTERS[sec("start-east")].label() == \
        "enter the East Crossroads with a getaway and a bat"
    assert A.ENTERS[sec("crossroads-3")].label() == "enter Crossroads 3 with 2 fists"
    assert A.DRIVES[sec("exit")].label() == \
        "drive the van to the Exit with a fist, a bat and a getaway"
    assert A.REVEALS[Edge.W].label() == "reveal a section across the west street"
    assert A.CAUTION_HELPS[1].label() == "give blue a caution: free two of their blocked dice"
    assert A.COMMITS[4][1].label() == "strike Crawler 1 with a bat"
    assert A.SHEDS[A.BITE_IDS.index("broken_arm")].label() == "shed the Broken Arm with 3 bats"


def test_copies_are_numbered_as_their_ids_and_the_maps_print_them() -> None:
    for i, s in enumerate(CONTENT.sections):
        title = W.section_title(i)
        number = s.id.rpartition("-")[2]
        if number.isdigit():
            assert title == f"{s.name} {number}", (s.id, title)
            assert W.section_name(i) == title
        else:
            assert title == s.name and W.section_name(i) == f"the {s.name}"
    assert GAME.assets()["sections"][sec("junction-5")]["title"] == "Three-Way Junction 5"
    assert [W.zombie_name(z) for z in range(4)] == [f"Walker {n}" for n in (1, 2, 3, 4)]
    assert len(set(W.ZOMBIE_NAMES)) == len(CONTENT.zombie_bag())


def test_zombie_cards_are_named_by_what_they_show() -> None:
    names: dict[tuple[CardIcon, ...], str] = {}
    for c in CONTENT.cards:
        name = W.card_name(c)
        assert slips(name, VOCAB) == [], name
        names.setdefault(c.icons, name)
        assert names[c.icons] == name
    assert len(set(names.values())) == len(names)  # different icons, different names
    assert W.card_name(CONTENT.card("zc-36")) == (
        "two zombies rise and the green zombies walk two sections")
    assert W.card_name(CONTENT.card("zc-44")) == "a zombie bite (Paralysis)"


def test_the_decision_has_a_key_and_a_prompt_for_each_phase() -> None:
    s = fresh()
    pending = s.view(0)["pending"]
    assert pending["key"] == "play" and pending["key"] in GAME.decision_keys
    assert pending["prompt"] == "Roll your dice and act on your section: everyone plays at once"
    s.phase = 2
    assert "drive the van to the Exit" in s.view(0)["pending"]["prompt"]


def test_a_roll_says_what_it_showed_and_seats_are_named_by_colour() -> None:
    s = fresh(3)
    events = s.apply(2, A.ROLLS[0b00011 - 1])
    (roll,) = [e for e in events if e.kind == "roll"]
    faces = list(s.view(None)["players"][2]["dice"][:2])
    assert roll.text == f"pink rolls {W.icon_words(faces)}"
    assert roll.data["rolled"] == [0, 1] and roll.data["dice"][2:] == ["spent"] * 3
    assert roll.told({2: "Ann (pink)"}).startswith("Ann (pink) rolls ")
    assert roll.to_json()["args"]["who"] == {"ref": "seat", "id": 2, "name": "pink"}


def test_a_wild_roll_under_vertigo_is_told() -> None:
    for seed in range(400):
        s = fresh(seed=seed, scenario=5)
        s.bites[0] = [A.BITE_IDS.index("vertigo")]
        dice(s, 0, "sssss")
        events = s.apply(0, A.ROLLS[0b11111 - 1])
        if said(events, "vertigo"):
            break
    else:
        raise AssertionError("no wild roll in 400 seeds")
    assert said(events, "vertigo") == ["orange loses a die off the table to Vertigo"]
    (roll,) = said(events, "roll")
    assert roll.count("panic") >= 1 and "lost" not in roll  # the faces as they were rolled


def test_cautions_count_their_dice() -> None:
    s = fresh()
    dice(s, 0, "PGGGC")
    assert said(s.apply(0, A.CAUTION_SELF), "caution") == ["orange frees 1 die with a caution"]
    dice(s, 0, "GGGGC")
    dice(s, 1, "PPPGG")
    assert said(s.apply(0, A.CAUTION_HELPS[1]), "caution") == [
        "orange gives blue a caution that frees 2 dice"]


def test_a_reveal_names_the_section_the_card_and_the_zombies() -> None:
    s = fresh()
    s.pos[0] = sec("start-west")
    dice(s, 0, "GGsss")
    top_section(s, "crossroads-2")
    top_card(s, "zc-21")  # two zombies
    events = s.apply(0, A.REVEALS[Edge.W])
    assert said(events, "reveal") == ["orange reveals Crossroads 2 across the west street"]
    assert said(events, "zombie_card") == ["orange turns a zombie card: two zombies rise"]
    spawns = said(events, "spawn")
    assert len(spawns) == 2 and all(t.endswith(" rises on Crossroads 2") for t in spawns)
    for e in events:
        assert e.kind in GAME.event_kinds and slips(e.text, VOCAB) == [], e.text


def test_a_fight_says_what_the_zombie_still_needs() -> None:
    s = fresh()
    z = place_zombie(s, "runner", "church")
    dice(s, 0, "FFBsC")
    assert said(s.apply(0, A.COMMITS[z][0]), "commit") == [
        "orange strikes Runner 1 with a fist; it still needs 1 fist and 2 bats"]
    dice(s, 1, "BBsss")
    s.apply(1, A.COMMITS[z][1])
    s.apply(0, A.COMMITS[z][0])
    assert said(s.apply(1, A.COMMITS[z][1]), "defeat") == [
        "blue defeats Runner 1 on the Church with a bat"]
    assert sec("church") == CHURCH


def test_items_are_named_as_printed() -> None:
    s = fresh()
    s.held[0] = next(i for i, it in enumerate(CONTENT.items) if it.id == "fuel-can")
    assert said(s.apply(0, A.DEPOSIT), "deposit") == ["orange puts the Fuel Can in the Cargo Bay"]


def test_every_kind_is_declared_and_the_clock_speaks() -> None:
    s = fresh()
    s.pos[0] = sec("start-west")  # outside when the doors slam
    events: list[Event] = []
    while not s.is_over():
        wake = s.wake_in()
        assert wake is not None
        events += s.advance(wake)
    kinds = [e.kind for e in events]
    assert set(kinds) <= {*GAME.event_kinds, "game_over"}
    assert said(events, "countdown")[0] == "the first countdown begins (1 gong)"
    assert said(events, "door") == [
        "orange is outside when the doors slam, loses 1 die and runs back to the Church"]
    assert said(events, "pause")[0] == "the doors are shut: play pauses for 20 seconds"
    outcome = s.outcome()
    assert outcome is not None and outcome.reason == "time"
    assert outcome.detail == "the zombie cry: time is up"
    assets = GAME.assets()
    assert assets["marks"]["slam1"] == "the doors slam"
    assert assets["countdowns"][1]["van_goal"] == "bring the van back to the Church"
    for text in [*assets["marks"].values(), *(b["effect"] for b in assets["bites"])]:
        assert slips(text, VOCAB) == [], text
