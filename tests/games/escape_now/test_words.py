"""ESCAPE NOW! in words (issue 15): keys, prompts, labels and sentences with references."""

from __future__ import annotations

import re
from typing import Any

from getaway.core.decisions import PASS
from getaway.core.events import Event
from getaway.core.words import RefKind
from getaway.games.escape_now import GAME
from getaway.games.escape_now.actions import (
    FINISH,
    SPACE,
    Answer,
    Ask,
    Discard,
    MoveTo,
    Play,
    Point,
    Question,
    Replenish,
)
from getaway.games.escape_now.rules import Reason
from getaway.games.escape_now.state import EscapeNowState
from tests.games.escape_now.builder import act, build

A, B, C = range(3)
FICT = 2


def refs(e: Event) -> dict[str, dict[str, Any]]:
    """The typed references of a said event, by slot."""
    assert e.words is not None, f"{e.kind} is not said: {e.text}"
    return e.words.refs()


def two(seed: int) -> EscapeNowState:
    return GAME.new_state(GAME.spec.configure(2), seed)


def test_every_decision_has_a_declared_key_and_the_view_no_class_name() -> None:
    s = two(1)
    pending = s.view(0)["pending"]
    assert pending["key"] == "start" and pending["hand"] == 0
    assert "decision" not in pending, "clients dispatch on the key, never a class name"
    from getaway.games.escape_now import rules

    keys = {cls.key for cls in vars(rules).values()
            if isinstance(cls, type) and issubclass(cls, rules.Decision) and cls.key}
    assert keys == set(GAME.decision_keys), "every decision's key is declared, and no other"


def test_the_readme_lists_every_key_and_kind() -> None:
    text = GAME.rules()
    for section, declared in (("Decisions", GAME.decision_keys), ("Events", GAME.event_kinds)):
        body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
        listed = re.findall(r"^\| `([a-z_]+)` \| (.+?) \|", body, re.M)
        assert dict(listed) == dict(declared), section


def test_prompts_speak_to_the_seat_deciding_for_its_own_hand_or_the_fictional_one() -> None:
    s = two(1)
    assert s.stack[-1].prompt(s) == (
        "Start the game by placing your pawn on a face-up puzzle, or pass")
    act(s, PASS, PASS)
    assert s.stack[-1].prompt(s) == ("Start the game with the fictional blue hand by placing "
                                     "its pawn on a face-up puzzle, or pass")
    act(s, PASS)
    assert s.stack[-1].prompt(s) == ("Nobody volunteered: start the game by placing your pawn "
                                     "on a face-up puzzle")
    own = build(3, hands=[{"logical": 2}, {}, {}], pawns=["A", "B", "B"], pile_size=10)
    assert own.stack[-1].prompt(own) == "Your turn: solve, move, replenish or ask"
    solo = build(1, hands=[{"logical": 2}], pawns=["A"], pile_size=10)
    assert solo.stack[-1].prompt(solo) == "Your turn: solve, move or replenish"
    fict = build(2, hands=[{"logical": 2}, {}, {"logical": 2}], pawns=["A", "A", "A"],
                 cur=FICT, holder=0, pile_size=10)
    assert fict.stack[-1].prompt(fict) == (
        "The fictional blue hand's turn: solve, move, replenish or ask")
    act(fict, MoveTo(B))
    assert fict.stack[-1].prompt(fict) == ("Discard one of the fictional blue hand's cards to "
                                           "pay for its move to puzzle B")
    act(own, MoveTo(B))
    assert own.stack[-1].prompt(own) == "Discard a card to pay for your move to puzzle B"


def test_labels_count_and_name_as_printed() -> None:
    assert Replenish(1).label() == "replenish: draw 1 card, then discard one"
    assert Replenish(0).label() == "replenish: draw no cards, then discard one"
    assert Play("lucky", "perceptive").label() == "play LUCKY SHOT as PERCEPTIVE"
    assert FINISH.label() == "play LUCKY SHOT to finish the puzzle"
    assert MoveTo(6).label() == "move to the FINAL puzzle (discard a card)"
    assert Question("who-lucky").label() == 'ask: "Who has a LUCKY SHOT?"'
    assert Point(2).label() == 'answer "here", pointing at puzzle C'
    labels = [a.label() for a in SPACE]
    assert len(labels) == len(set(labels)), "every action of the game reads differently"


def test_a_seats_hand_is_the_seat_and_the_fictional_hand_a_thing() -> None:
    s = build(2, hands=[{"dexterous": 2}, {"logical": 1}, {"tenacious": 1}],
              room={"A": "vent"}, pawns=["A", "A", "A"], holder=1, pile_size=10)
    e = s.apply(0, Play("dexterous", "dexterous"))[0]
    assert e.text == "red plays DEXTEROUS on puzzle A"
    assert refs(e)["hand"] == {"ref": "seat", "id": 0, "name": "red"}
    assert refs(e)["card"] == {"ref": "card", "id": "dexterous", "name": "DEXTEROUS"}
    assert refs(e)["puzzle"] == {"ref": "place", "id": A, "name": "puzzle A"}
    assert e.told({0: "Ann (red)"}) == "Ann (red) plays DEXTEROUS on puzzle A"
    act(s, Replenish(1), Discard("logical"))
    e = s.apply(1, Play("tenacious", "tenacious"))[0]
    assert e.text == "the fictional blue hand plays TENACIOUS on puzzle A"
    assert refs(e)["hand"]["ref"] == str(RefKind.THING) and refs(e)["hand"]["id"] == FICT
    assert e.told({0: "Ann (red)", 1: "Bob (green)"}) == e.text, "not a seat: never renamed"


def test_draws_answers_and_abandoned_cards_in_words() -> None:
    s = build(3, hands=[{"logical": 1}, {}, {}], room={"A": "vent"},
              placed={"A": ["dexterous"]}, pawns=["A", "B", "B"],
              pile=["logical", "talkative", "lucky", "perceptive"])
    events = s.apply(0, MoveTo(B)) + s.apply(0, Discard("logical"))
    texts = [e.text for e in events]
    assert texts == ["red discards a card and moves from puzzle A to puzzle B",
                     "nobody is left on puzzle A: its card goes to the discard pile"]
    events = s.apply(1, Replenish(2))
    assert [e.text for e in events] == ["green draws 2 cards",
                                        "you draw PERCEPTIVE and LUCKY SHOT"]
    assert events[1].seats == (1,) and refs(events[1])["card1"]["id"] == "lucky"
    act(s, Discard("perceptive"))
    events = s.apply(2, Ask()) + s.apply(2, Question("where-go"))
    assert events[-1].text == 'blue pays a minute and asks: "Which puzzle should I go to?"'
    assert refs(events[-1])["question"]["id"] == "where-go"
    said = s.apply(0, Point(B)) + s.apply(1, PASS)
    assert [e.text for e in said] == ['red answers "here", pointing at puzzle B',
                                      "green stays silent"]
    assert Answer("me").label() == 'answer "me"'


def test_a_revealed_final_names_both_of_its_cards() -> None:
    s = build(3, hands=[{"tenacious": 1}, {}, {}], room={"E": "vent"}, final=("radio", "guard"),
              solved=["F"], placed={"E": ["dexterous"] * 4}, pawns=["E", "E", "F"])
    events = s.apply(0, Play("tenacious", "tenacious"))
    texts = [e.text for e in events]
    assert texts[1:] == ["Puzzle E is solved",
                         "The FINAL puzzle turns face up: The Old Radio and The Sleeping Guard"]
    assert events[-1].data == {"puzzle": 6, "card": "radio", "cards": ["radio", "guard"]}


def test_outcomes_count_their_minutes() -> None:
    s = build(1, hands=[{"lucky": 1}], final=("radio", "guard"), solved=["E", "F"],
              placed={"FINAL": ["logical", "tenacious", "talkative"]}, pawns=["FINAL"],
              pile_size=1)
    act(s, FINISH)
    out = s.outcome()
    assert out is not None and out.reason == Reason.ESCAPED
    assert out.detail == "escaped with 1 minute left"


def test_a_recalled_play_is_said_too() -> None:
    s = build(3, options={"expert": True}, hands=[{"tenacious": 1}, {}, {}],
              room={"A": "vent"}, placed={"A": ["dexterous"] * 4}, pawns=["A", "A", "B"])
    play = s.apply(0, Play("tenacious", "tenacious"))[0]
    back = s.recall(play)
    assert back is not play and back.text == "red plays a card on puzzle A"
    assert set(refs(back)) == {"hand", "puzzle"}, "the card is forgotten, references too"
    assert back.told({0: "Ann (red)"}) == "Ann (red) plays a card on puzzle A"
    assert "card" not in back.to_json()["args"]
