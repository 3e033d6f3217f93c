"""What each seat may know: views, observations, determinize."""

from __future__ import annotations

import itertools
import json
import random

from getaway.games.alcatraz_2034 import GAME
from getaway.games.alcatraz_2034.actions import DRAW, Assign, Move
from getaway.games.alcatraz_2034.observe import SIZE
from getaway.games.alcatraz_2034.tables import (
    ADJ,
    BT_IDS,
    CELL,
    DECK_IDS,
    ESC_DECK,
    ESC_INDEX,
    PASSES_SENTINELS,
    RT_IDS,
    RUNC_IDS,
    SC_IDS,
    SINGLE,
    SPACE_IDS,
    STEPS,
    WAY_IDS,
)
from getaway.games.alcatraz_2034.views import board
from tests.games.alcatraz_2034.builder import P, act, build, fresh, sp

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
    log = " ".join(e["text"] for e in spec["log"])
    assert "orange draws a card from the Smarts deck" in log, "public: which deck"
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
    assert v["pending"]["key"] == "turn" and v["pending"]["seats"] == [0]
    assert v["pending"]["prompt"].startswith("Move one of your prisoners or start a Run")
    act(s, Move("sue", "walk", "road-1-2"))
    last = s.view(1)["log"][-1]
    assert last["text"] == "Sue walks from the east yard to the east road by Model Industries"
    assert last["template"] == "{prisoner} {verb} from {start} to {dest}"
    assert last["args"]["dest"] == {"ref": "place", "id": "road-1-2",
                                    "name": "the east road by Model Industries"}


# -- what the renderers need: names, dice, results, moves, may_run ---------------------

def _bfs(start: int, steps: int, passes: bool, sentinels: set[int]) -> dict[int, int]:
    """Distances a move can reach, by a plain breadth-first search written for the test:
    a yellow route or the cell block ends the move; walkers and runners stop at sentinels."""
    dist = {start: 0}
    expand = [start]
    ends: dict[int, int] = {}
    while expand:
        i = expand.pop(0)
        for j, yellow in ADJ[i]:
            d = dist[i] + 1
            if d > steps or j in dist:
                continue
            if j == CELL or yellow or (not passes and j in sentinels):
                if not (not passes and j in sentinels and SINGLE[j]):
                    ends.setdefault(j, d)
                continue
            dist[j] = d
            ends.setdefault(j, d)
            expand.append(j)
    ends.pop(start, None)
    return ends


def test_moves_list_the_legal_destinations_with_their_steps() -> None:
    positions = [
        {"sue": "yard-1", "cole": "cell-block"},
        {"sue": "road-1-2", "cole": "coast-09"},
        {"sue": "coast-06", "cole": "road-4-2"},
    ]
    for at in positions:
        s = build(2, chars=CHARS, at=at, sentinels={"road-1-5": "skills", "coast-08": "smarts"})
        v = s.view(0)
        want = {(a.prisoner, a.way, a.to) for a in s.legal_actions(0) if isinstance(a, Move)}
        got = {(p, w, d["space"]) for p, ways in v["moves"].items()
               for w, ds in ways.items() for d in ds}
        assert got == want, "exactly the destinations the legal actions allow"
        assert s.view(1)["moves"] == {} and s.view(None)["moves"] == {}, "only the seat to act"
        sentinels = {x for x in s.sent_pos if x >= 0}
        for p, ways in v["moves"].items():
            start = s.pos[P[p]]
            for w, ds in ways.items():
                way = WAY_IDS.index(w)
                dist = _bfs(start, STEPS[way], PASSES_SENTINELS[way], sentinels)
                for d in ds:
                    path = [sp(x) for x in d["path"]]
                    assert path[0] == start and path[-1] == sp(d["space"])
                    assert d["steps"] == len(path) - 1
                    assert all(b in {j for j, _ in ADJ[a]} for a, b in itertools.pairwise(path))
                    if d["space"] == SPACE_IDS[start]:
                        assert d["steps"] == 0, "sneaking 0 steps"
                    else:
                        assert d["steps"] == dist[sp(d["space"])], (p, w, d)


def test_may_run_is_precise_and_ready_is_kept() -> None:
    s = build(2, chars=CHARS, at={"sue": "cell-block", "cole": "coast-09"})
    v = {p["id"]: p for p in s.view(None)["prisoners"]}
    assert v["sue"]["ready"] and not v["sue"]["may_run"], "the cell block is no Run location"
    assert v["cole"]["may_run"], "a swim Run space, stood on since before the turn"
    s = build(2, chars=CHARS, at={"cole": "coast-09"}, ready=False)
    assert not {p["id"]: p for p in s.view(1)["prisoners"]}["cole"]["may_run"], "arrived now"
    s = build(2, chars=CHARS, at={"sue": "coast-03"}, hands=[["push-through"], []])
    assert not {p["id"]: p for p in s.view(0)["prisoners"]}["sue"]["may_run"], \
        "a boat Run without a start card: the owner knows"
    assert {p["id"]: p for p in s.view(1)["prisoners"]}["sue"]["may_run"], \
        "the others cannot know the hand"


def test_card_names_and_texts() -> None:
    s = build(2, chars=CHARS, at={"sue": "yard-1"}, sentinel_pile=["patrol"],
              hands=[["brute-force"], []])
    s.sdiscard = [SC_IDS.index("drone-heavy")]
    s.ediscard[ESC_DECK[ESC_INDEX["decoy"]]].append(ESC_INDEX["decoy"])
    s.edeck[ESC_DECK[ESC_INDEX["decoy"]]].remove(ESC_INDEX["decoy"])
    s.run_out = [RUNC_IDS.index("swim-01")]
    v = s.view(1)
    d = v["decks"]
    assert d["sentinel_discard_cards"][0]["name"] == "Heavy Drone Swarm"
    assert "score 6" in d["sentinel_discard_cards"][0]["text"]
    assert "Decoy" in d["escape"][DECK_IDS[ESC_DECK[ESC_INDEX["decoy"]]]]["discard_names"]
    out = d["run_out_cards"][0]
    assert out["name"] == "Icy Water" and out["target"] == 7 and out["abilities"] == ["toughness"]
    assert "cell block" in out["punishment"]
    assert "Brute Force" not in json.dumps(v), "another seat's hand stays hidden"
    s.scard = SC_IDS.index("patrol")  # as while Power Cut may still cancel it
    info = s.view(1)["sentinel_card_info"]
    assert info["id"] == s.view(1)["sentinel_card"] == "patrol" and info["name"] == "Patrol"
    assert "1 to 6 steps" in info["text"]


def test_the_last_attack_stays_until_the_next_one() -> None:
    from tests.games.alcatraz_2034.test_attacks import attack

    s, i, ev = attack("skills", "sue", marker="walk", rolls=(2, 4))
    res = next(e for e in ev if e.kind == "attack_result").data
    for seat in (0, 1, None):
        last = s.view(seat)["last_result"]
        assert last["kind"] == "attack" and last["prisoner"] == "sue"
        assert last["attacker"] == f"sentinel {i + 1}" and last["ability"] == "skills"
        assert last["orange_die"] == 2 and last["red_die"] == res["red"] == 4
        assert last["prisoner_total"] == res["prisoner_total"]
        assert last["attacker_total"] == res["attacker_total"]
        assert last["winner"] == "attacker"
    act(s, DRAW[0])
    assert s.view(1)["last_result"]["orange_die"] == 2, "kept after later events"


def test_an_attack_under_way_shows_the_orange_die() -> None:
    from tests.games.alcatraz_2034.test_attacks import attack

    s, _, _ = attack("skills", "sue", rolls=(2, 6), hands=[["nimble-fingers"], []])
    a = s.view(1)["attack"]
    assert a["orange_die"] == 2 and a["red_die"] is None and a["name"] == "Sue"
    assert a["attacker"].startswith("sentinel")
    assert "Nimble Fingers" not in json.dumps(s.view(1))


def test_run_cards_by_name_and_the_last_challenge() -> None:
    from tests.games.alcatraz_2034.test_runs import BEACH, run_from

    s = run_from(["swim-09", "swim-16", "swim-02"], at={"sue": BEACH}, rolls=(2, 2, 6))
    v = s.view(1)["run"]
    assert [c["id"] for c in v["shown_cards"]] == v["shown"]
    assert v["current"]["name"] == v["card"]["name"] and v["current"]["punishment"]
    ev = act(s, Assign("sue", "", "skills"))
    res = next(e for e in ev if e.kind == "challenge_result").data
    last = s.view(None)["last_result"]
    assert last["kind"] == "challenge" and last["prisoners"] == ["sue"]
    assert last["abilities"] == ["skills"] and last["die"] == 2
    assert last["total"] == res["total"] and last["target"] == res["target"]
    assert last["passed"] is res["passed"] is True and last["winner"] == "prisoners"
    shown = s.view(0)["run"]["shown_cards"]
    assert len(shown) == 2 and all(c["name"] for c in shown)
