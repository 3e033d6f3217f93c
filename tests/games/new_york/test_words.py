"""Escape from New York's words (issue 15): labels, names, prompts and sentences.

The crawl of ``tests/conformance/test_words.py`` reads seeded games; these check what
a crawl may miss (every label of the action space, every space's name) and what the
words say: spaces by the names the board prints or what lies face up on them, never a
grid cell; Enemies as the board marks them; seats by their Heroes; a Lone Victory
offered only to the seat it is offered to.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from getaway.core.agent import Observation
from getaway.games.new_york import GAME
from getaway.games.new_york import actions as A
from getaway.games.new_york import words as W
from getaway.games.new_york.actions_cards import Steal
from getaway.games.new_york.actions_enemies import Hit, Pick, TrickTo
from getaway.games.new_york.actions_map import MoveTo, RevealPoi
from getaway.games.new_york.actions_turn import Carry
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.tables import MAP, POI_INDEX, SPACE_IDS
from getaway.games.new_york.views import LONE_KEYS
from getaway.games.new_york.world import flip_poi
from tests.conformance.words import Vocabulary, slips
from tests.games.new_york.build import fresh, sp

VOCAB = Vocabulary.of(GAME)


def test_every_label_of_the_action_space_speaks_the_game() -> None:
    labels = [a.label() for a in GAME.actions]
    for label in labels:
        assert slips(label, VOCAB) == [], label
    twins = {label for label, n in Counter(labels).items() if n > 1}
    # the variant Bracelet (dead_or_alive) replaces the original: they never meet
    assert all("the President's Bracelet" in t for t in twins), twins


def test_spaces_enemies_and_seats_are_named_as_the_game_names_them() -> None:
    assert MoveTo("c8r2").label() == "move to Bryant Park"  # a fixed tile: its name
    assert RevealPoi("c5r2").label() == "flip the POI in the South Village"
    assert Pick("p1").label() == "choose Prisoner 1"
    assert Hit("car2").label() == "1 damage to the Prisoner in Car 2"
    assert TrickTo("romero", "NW").label() == "trick Romero one space up and to the left"
    assert Carry(1).label() == "take the second Hero along"
    assert Steal(2, 0).label() == "steal the first card of the third Hero"
    assert next(a.label() for a in A.SPACE if a.to_json()["kind"] == "cross_bridge") == \
        "move onto Bridge 1, the Brooklyn Bridge"
    names = [W.SPACE_NAMES[s.id] for s in MAP.spaces]
    assert len(set(names)) == len(names) == 64
    assert W.SPACE_NAMES["c1r2"] == "the Battery" and W.SPACE_NAMES["c3r1"] == "Tribeca"


def test_a_flipped_poi_is_called_by_its_name() -> None:
    s = fresh(2)
    x = sp("c5r2")
    s.poi[x] = POI_INDEX["romero-hideout"]
    events: list = []
    flip_poi(s, x, events)
    poi = next(e for e in events if e.kind == "poi")
    assert poi.text == "The POI in the South Village is Romero's Hideout"
    assert poi.data == {"space": "c5r2", "poi": "romero-hideout"}
    assert W.place_name(s, x) == "Romero's Hideout"
    assert s.view(0)["spaces"][x]["called"] == "Romero's Hideout"
    assert MoveTo("c5r2").label() == "move to the South Village"  # labels keep the board's


def test_views_name_heroes_and_enemies_and_never_the_class_of_a_decision() -> None:
    s = fresh(4)
    v = s.view(None)
    assert [h["name"] for h in v["heroes"]] == ["Snake Plissken", "Maggie", "Brain", "Cabbie"]
    assert v["pending"] is not None and set(v["pending"]) == {"key", "prompt", "seats"}
    assert v["pending"]["key"] == "timer_tile"
    rng = random.Random(3)
    for _ in range(150):
        if s.is_over():
            break
        seat = s.to_act()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    v = s.view(None)
    for e in v["enemies"]:
        assert e["name"] == W.enemy_named(e["id"])
    assert all(sp["called"] for sp in v["spaces"])


def _offers(players: int, seed: int) -> list[tuple[NewYorkState, int]]:
    """The moments of a heuristic game when a Lone Victory is offered, with the seat."""
    s = GAME.new_state(GAME.spec.configure(players), seed)
    assert isinstance(s, NewYorkState)
    rng = random.Random(seed)
    agents = [GAME.agents()["heuristic"]() for _ in range(players)]
    found = []
    while not s.is_over():
        seat = s.to_act()[0]
        if s.stack[-1].key in LONE_KEYS:
            found.append((s.clone(), seat))
        s.apply(seat, agents[seat].choose(Observation(s, seat, s.legal_actions(seat)), rng))
    return found


def test_a_lone_victory_offer_is_seen_only_by_the_seat_it_is_offered_to() -> None:
    offers = [o for seed in (2, 5) for o in _offers(2, seed)]
    assert offers
    for s, seat in offers:
        mine = s.view(seat)["pending"]
        assert mine["key"] in LONE_KEYS and "Lone Victory" in mine["prompt"]
        for other in [None, *(h for h in range(s.n) if h != seat)]:
            theirs = s.view(other)["pending"]
            assert theirs["key"] not in LONE_KEYS
            assert theirs["seats"] == mine["seats"] == [seat]
            text = json.dumps(s.view(other))
            assert "Lone Victory" not in text and "claim" not in text, other
            assert slips(theirs["prompt"], VOCAB) == []


def test_prompts_of_every_decision_speak_the_game() -> None:
    assert set(W.DECISION_KEYS) >= {"claim_now", "claim_first", "last_chance", "turn_step"}
    for text in (W.PROMPT_CLAIM_NOW, W.PROMPT_CLAIM_FIRST, W.PROMPT_LAST_CHANCE,
                 W.PROMPT_HELICOPTER, W.prompt_busy(fresh(2), 0), W.prompt_busy(fresh(2), 4)):
        assert slips(text, VOCAB) == [], text
    assert W.prompt_busy(fresh(2), 4) == "Step 4 of Snake Plissken's turn"
    assert W.prompt_busy(fresh(2), 0) == "The end of Snake Plissken's turn"


def test_counts_agree_with_their_nouns() -> None:
    s = fresh(2)
    assert W.recover(s, 0, 1).text() == "Snake Plissken takes back 1 discarded card"
    assert W.recover(s, 0, 2).text() == "Snake Plissken takes back 2 discarded cards"
    assert W.draw_items(s, 1, 1).text() == "Maggie draws 1 Item"
    assert W.made_noise(s, 0, 1).text() == "Snake Plissken made 1 Noise"
    assert W.prompt_move(s, 1, 0, False) == "Move up to 1 space"
    assert W.prompt_move(s, 3, 1, False) == "Move up to 2 more spaces, or stop here (done)"
    assert W.damage(s, 0, 1, W.WHY_HIT, 1).text() == \
        "Snake Plissken takes 1 damage from a hit and discards 1 random card"
    assert W.hero(s, 1) == W.hero(s, 1) and W.hero(s, 1).name == "Maggie"
    assert SPACE_IDS[0] not in W.SPACE_NAME
