"""What each seat may know: views, observations, determinize."""

from __future__ import annotations

import json
import random

from getaway.games.alcatraz_2034 import GAME
from getaway.games.alcatraz_2034.actions import DRAW, Move
from getaway.games.alcatraz_2034.observe import SIZE
from getaway.games.alcatraz_2034.tables import BT_IDS, RT_IDS, RUNC_IDS
from getaway.games.alcatraz_2034.views import board
from tests.games.alcatraz_2034.builder import act, build, fresh

CHARS = {"sue": (0, "electrician"), "cole": (1, "hacker")}


def test_views_show_own_cards_and_only_counts_of_others() -> None:
    s = fresh(3, 5)
    act(s, DRAW[0], DRAW[1], DRAW[2], DRAW[3])
    v0, v1, spec = s.view(0), s.view(1), s.view(None)
    assert len(v0["hands"][0]["cards"]) == 4, "AZ-28"
    assert "cards" not in v1["hands"][0] and v1["hands"][0]["size"] == 4, "AZ-28"
    assert v1["hands"][0]["decks"] == {"smarts": 1, "toughness": 1, "skills": 1, "system": 1}
    assert all("cards" not in h for h in spec["hands"]), "spectators see no hand"
    json.dumps(v0)
    log = " ".join(spec["log"])
    assert "draws a card from the smarts deck" in log, "public: which deck"
    names = {c["name"] for c in v0["hands"][0]["cards"]}
    assert not any(n in log for n in names), "private: which card"


def test_nothing_hidden_reaches_a_view() -> None:
    s = build(2, chars=CHARS, sentinels={"road-1-2": "skills"})
    text = json.dumps([s.view(0), s.view(1), s.view(None)])
    left_out = BT_IDS[s.left_out]
    assert all(b["tile"] is None for b in s.view(0)["buildings"]), "AZ-10: face down"
    assert left_out not in {b["tile"] for b in s.view(0)["buildings"]}
    assert not any(RT_IDS[t] in text for t in s.run_spare), "AZ-13"
    assert not any(c in text for c in RUNC_IDS), "no Run card before it is turned up"
    assert s.view(0)["sentinels"][0]["symbol"] is None, "AZ-15"


def test_determinize_keeps_what_the_seat_knows() -> None:
    s = build(2, chars=CHARS, hands=[["brute-force", "decoy"], ["rope-work"]],
              sentinels={"road-1-2": "skills"})
    rng = random.Random(1)
    view = json.dumps(s.view(0), sort_keys=True)
    changed = 0
    for _ in range(10):
        o = s.determinize(0, rng)
        assert json.dumps(o.view(0), sort_keys=True) == view
        assert o.hands[0] == s.hands[0]
        assert len(o.hands[1]) == 1 and o.deck_counts(1) == s.deck_counts(1)
        assert o.observation(0) == s.observation(0)
        changed += o.building_tile != s.building_tile or o.sent_sym != s.sent_sym
    assert changed


def test_observation_and_progress() -> None:
    s = fresh(4, 2)
    for seat in range(4):
        obs = s.observation(seat)
        assert len(obs) == SIZE == GAME.observation_size
        assert all(0.0 <= x <= 1.0 for x in obs)
        assert 0.0 <= s.progress(seat) <= 1.0


def test_board_drawing_and_pending_prompt() -> None:
    b = board()
    assert len(b["spaces"]) == 91 and b["routes"] and len(b["hexes"]) == 12
    s = build(2, chars=CHARS, at={"sue": "yard-1"})
    v = s.view(0)
    assert v["pending"]["decision"] == "Turn" and v["pending"]["seats"] == [0]
    act(s, Move("sue", "walk", "road-1-2"))
    assert "walks from yard-1 to road-1-2" in s.view(1)["log"][-1]
