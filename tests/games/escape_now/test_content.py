"""ESCAPE NOW! content: the shipped data obeys the rulebook, and bad edits are caught on load."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from getaway.core.errors import ContentError
from getaway.games.escape_now import content
from getaway.games.escape_now.content import CONTENT, DATA, TRAITS, load
from getaway.games.escape_now.state import COLOURS, deck_counts
from tests.games.content_checks import assert_rejected, copy_data, edit


def test_action_deck_has_60_cards_11_per_trait_and_5_lucky_shots() -> None:
    by_id = {c.id: c for c in CONTENT.cards}
    for t in TRAITS:
        assert by_id[t].copies == 11, "EN-1"
        assert not by_id[t].wild, "EN-1"
    assert by_id["lucky"].copies == 5 and by_id["lucky"].wild, "EN-1"
    assert sum(deck_counts(4, False)) == 60, "EN-1"
    assert deck_counts(3, False) == [11, 11, 11, 11, 11, 5], "EN-1"


def test_ten_puzzle_cards_each_with_two_different_traits() -> None:
    assert len(CONTENT.puzzles) == 10, "EN-2"
    assert len({p.id for p in CONTENT.puzzles}) == 10, "EN-2"
    for p in CONTENT.puzzles:
        assert len(set(p.traits)) == 2 and set(p.traits) <= set(TRAITS), f"EN-2 EN-16 {p.id}"


def test_each_trait_printed_four_times_and_pairs_all_distinct() -> None:
    marks = Counter(t for p in CONTENT.puzzles for t in p.traits)
    assert marks == dict.fromkeys(TRAITS, 4), "EN-70"
    assert sum(marks.values()) == 20, "EN-70"
    # EN-GAP-2 resolved: the ten cards are the ten distinct pairs of five traits
    pairs = {frozenset(p.traits) for p in CONTENT.puzzles}
    assert pairs == {frozenset(c) for c in itertools.combinations(TRAITS, 2)}, "EN-GAP-2"


def test_any_two_puzzle_cards_make_a_final_of_three_or_four_traits() -> None:
    for a, b in itertools.combinations(CONTENT.puzzles, 2):
        assert len(set(a.traits) | set(b.traits)) in (3, 4), f"EN-32 EN-GAP-5 {a.id}+{b.id}"


def test_examples_pairs_exist_in_the_data() -> None:
    pairs = {frozenset(p.traits): p for p in CONTENT.puzzles}
    # the Anna example puzzle and the Leon/Anna example puzzle come from the rulebook
    assert pairs[frozenset({"dexterous", "tenacious"})].source == "rulebook", "EN-EX-1"
    assert pairs[frozenset({"logical", "perceptive"})].source == "rulebook", "EN-EX-2"


def test_trait_colours_follow_the_examples() -> None:
    colour = {c.id: c.colour for c in CONTENT.cards}
    assert colour == {"logical": "green", "perceptive": "blue", "dexterous": "yellow",
                      "tenacious": "purple", "talkative": "red", "lucky": "white"}, "EN-4"


def test_six_distinct_pawn_colours() -> None:
    assert sorted(COLOURS) == sorted(["red", "green", "blue", "yellow", "orange", "purple"]), \
        "EN-3"
    assert len(set(COLOURS)) == 6, "EN-3"


def test_every_layout_has_a_face_down_final_and_a_face_up_start() -> None:
    assert {lay.id for lay in CONTENT.layouts} == {"easy", "standard", "hard", "gauntlet"}, \
        "EN-10"
    for lay in CONTENT.layouts:
        assert len(lay.slots) == 7, "EN-9: eight cards on the table, seven places"
        assert lay.slots[lay.final].id == "FINAL" and not lay.slots[lay.final].face_up, "EN-15"
        assert any(s.face_up for s in lay.slots), "EN-10"
        for s in lay.slots:
            assert s.face_up == (not s.after), "EN-10"


def test_every_entry_names_its_source_and_designed_ones_a_reason() -> None:
    entries = [*CONTENT.cards, *CONTENT.puzzles, *CONTENT.layouts, *CONTENT.questions]
    for e in entries:
        assert e.source in ("rulebook", "designed")
    raw = (DATA / "questions.toml").read_text()
    assert raw.count("source = \"designed\"") == raw.count("reason =")


def test_answer_words_are_the_rulebook_vocabulary() -> None:
    for q in CONTENT.questions:
        for w in q.answers:
            assert w in ("yes", "no", "me", "here", "green", "blue", "yellow", "purple", "red"), \
                f"EN-63 {q.id}"


def test_unknown_layout_id() -> None:
    with pytest.raises(ContentError, match="layouts.toml: no layout 'nope'"):
        CONTENT.layout("nope")


# -- corrupt copies of the data files ----------------------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return copy_data(DATA, tmp_path)


def test_unchanged_copy_loads(data: Path) -> None:
    assert load(data) == CONTENT


CASES = [
    # cards.toml: the deck
    ("cards.toml", 'id = "logical"\nname = "LOGICAL"\ncolour = "green"\ncopies = 11',
     'id = "logical"\nname = "LOGICAL"\ncolour = "green"\ncopies = 10', ["card 'logical'", "11"]),
    ("cards.toml", "copies = 5", "copies = 6", ["card 'lucky'", "copies must be 5"]),
    ("cards.toml", 'id = "perceptive"', 'id = "logical"', ["cards.toml", "'logical'"]),
    ("cards.toml", 'id = "perceptive"', 'id = "sneaky"', ["card 'sneaky'", "unknown card id"]),
    ("cards.toml", "wild = true\n", "", ["card 'lucky'", "wild"]),
    ("cards.toml", "copies = 11", 'copies = "11"', ["card 'logical'", "copies"]),
    ("cards.toml", 'colour = "green"\ncopies = 11\nsource = "rulebook"',
     'colour = "green"\ncopies = 11', ["card 'logical'", "missing field 'source'"]),
    # cards.toml: the puzzle cards
    ("cards.toml", 'traits = ["logical", "perceptive"]', 'traits = ["logical", "logical"]',
     ["puzzle 'safe'", "two different traits"]),
    ("cards.toml", 'traits = ["logical", "perceptive"]', 'traits = ["logical", "sleepy"]',
     ["puzzle 'safe'", "traits"]),
    ("cards.toml", 'traits = ["logical", "perceptive"]',
     'traits = ["logical", "perceptive", "dexterous"]', ["puzzle 'safe'", "traits"]),
    ("cards.toml", 'traits = ["logical", "perceptive"]', 'traits = ["logical", "talkative"]',
     ["cards.toml", "trait 'perceptive'", "3 puzzle cards"]),
    ("cards.toml", 'id = "vent"', 'id = "safe"', ["cards.toml", "'safe'"]),
    ("cards.toml", 'traits = ["logical", "dexterous"]\nsource = "designed"\n'
     'reason = "one of the ten trait pairs"',
     'traits = ["logical", "dexterous"]\nsource = "designed"', ["puzzle 'cipher'", "reason"]),
    ("cards.toml", 'copies = 11\nsource = "rulebook"', 'copies = 11\nsource = "folklore"',
     ["card 'logical'", "'rulebook' or 'designed'"]),
    ("cards.toml", "[[card]]\nid", "[[card]]\nidd", ["cards.toml", "card #1", "'id'"]),
    ("cards.toml", "[[puzzle]]", "[[pzl]]", ["cards.toml", "10 puzzle cards", "found 9"]),
    ("cards.toml", "copies = 11", "copies = ", ["cards.toml", "cannot be read"]),
    # layouts.toml
    ("layouts.toml", '{ id = "D", face_up = false, after = ["A"], at = [0, 1] }',
     '{ id = "D", face_up = false, after = ["Z"], at = [0, 1] }',
     ["layouts.toml", "layout 'easy' slot 'D'", "'Z'"]),
    ("layouts.toml", '{ id = "D", face_up = false, after = ["A"], at = [0, 1] }',
     '{ id = "D", face_up = false, after = ["D"], at = [0, 1] }',
     ["layout 'easy' slot 'D'", "arrow"]),
    ("layouts.toml", '{ id = "D", face_up = false, after = ["A"], at = [0, 1] }',
     '{ id = "D", face_up = false, after = ["FINAL"], at = [0, 1] }',
     ["layout 'easy' slot 'D'", "'FINAL'"]),
    ("layouts.toml", '{ id = "D", face_up = false, after = ["A"], at = [0, 1] }',
     '{ id = "D", face_up = true, after = ["A"], at = [0, 1] }',
     ["layout 'easy' slot 'D'", "face-up"]),
    ("layouts.toml", '{ id = "D", face_up = false, after = ["A"], at = [0, 1] }',
     '{ id = "D", face_up = false, after = [], at = [0, 1] }',
     ["layout 'easy' slot 'D'", "at least one"]),
    ("layouts.toml", '{ id = "FINAL", face_up = false, after = ["D", "E", "F"], at = [1, 2] }',
     '{ id = "FINAL", face_up = true, after = [], at = [1, 2] }',
     ["layout 'easy'", "FINAL puzzle must start face down"]),
    ("layouts.toml", '{ id = "D", face_up = false, after = ["A"], at = [0, 1] },\n',
     "", ["layout 'easy'", "slots must be"]),
    ("layouts.toml", '{ id = "D", face_up = false, after = ["A"], at = [0, 1] }',
     '{ id = "D", face_up = false, after = ["A"], at = [0] }',
     ["layout 'easy' slot 'D'", "'at'"]),
    ("layouts.toml", 'id = "standard"', 'id = "easy"', ["layouts.toml", "'easy'"]),
    ("layouts.toml", 'source = "designed"\nreason = "three puzzles visible from the start, '
     'one arrow each to the next row"', 'source = "designed"',
     ["layout 'easy'", "reason"]),
    # questions.toml
    ("questions.toml", 'answers = ["me", "no"]', 'answers = ["me", "maybe"]',
     ["questions.toml", "question 'who-lucky'", "answers must be words"]),
    ("questions.toml", 'answers = ["me", "no"]', 'answers = ["me", "me"]',
     ["question 'who-lucky'", "twice"]),
    ("questions.toml", 'answers = ["me", "no"]', "answers = []",
     ["question 'who-lucky'", "answers"]),
    ("questions.toml", 'id = "who-logical"', 'id = "who-lucky"',
     ["questions.toml", "'who-lucky'"]),
    ("questions.toml", 'text = "Who has a LUCKY SHOT?"\n', "",
     ["question 'who-lucky'", "missing field 'text'"]),
    ("questions.toml", 'reason = "lets a stuck seat find a helper without naming cards"\n', "",
     ["question 'can-help'", "reason"]),
]


@pytest.mark.parametrize(("name", "old", "new", "words"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_corrupt_data_is_rejected_naming_file_and_entry(
        data: Path, name: str, old: str, new: str, words: list[str]) -> None:
    assert_rejected(load, data, name, old, new, words)


def test_two_puzzles_with_the_same_pair_are_named(data: Path) -> None:
    # Same trait counts (4 each), but cipher becomes logical+tenacious like chess.
    edit(data, "cards.toml", 'traits = ["logical", "dexterous"]',
         'traits = ["logical", "tenacious"]')
    edit(data, "cards.toml", 'traits = ["tenacious", "talkative"]',
         'traits = ["dexterous", "talkative"]')
    with pytest.raises(ContentError) as err:
        load(data)
    msg = str(err.value)
    assert msg.startswith("cards.toml") and "'cipher'" in msg and "'chess'" in msg, msg
    assert "only two traits" in msg, "EN-GAP-5"


def test_arrow_cycle_is_rejected(data: Path) -> None:
    # In the hard layout B and C both follow A; make each follow the other.
    edit(data, "layouts.toml", '{ id = "B", face_up = false, after = ["A"], at = [0, 1] }',
         '{ id = "B", face_up = false, after = ["C"], at = [0, 1] }')
    edit(data, "layouts.toml", '{ id = "C", face_up = false, after = ["A"], at = [2, 1] }',
         '{ id = "C", face_up = false, after = ["B"], at = [2, 1] }')
    with pytest.raises(ContentError) as err:
        load(data)
    msg = str(err.value)
    assert msg.startswith("layouts.toml: layout 'hard'") and "cycle" in msg, msg
    assert "'B'" in msg and "'C'" in msg and "'FINAL'" in msg, msg


def test_missing_file_is_named(data: Path) -> None:
    (data / "questions.toml").unlink()
    with pytest.raises(ContentError, match=r"^questions\.toml: cannot be read"):
        load(data)


def test_content_error_is_a_value_error() -> None:
    assert issubclass(ContentError, ValueError)
    assert content.DATA.is_dir()
