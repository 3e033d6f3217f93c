"""Escape cards: timings, effects, the hidden hand (AZ-27, AZ-28, AZ-32, AZ-100 to AZ-102)."""

from __future__ import annotations

from getaway.core.decisions import PASS
from getaway.games.alcatraz_2034.actions import (
    DRAW,
    END_TURN,
    Look,
    Move,
    MoveSentinel,
    Play,
    ReturnTile,
)
from getaway.games.alcatraz_2034.tables import (
    BUILDINGS,
    ESC_DECK,
    ESC_INDEX,
    KNOWN,
    ROW_IDS,
)
from tests.games.alcatraz_2034.builder import (
    act,
    assert_illegal,
    build,
    fresh,
    legal,
    pending,
    seat_of,
    sp,
)

CHARS = {"sue": (0, "electrician"), "cole": (1, "hacker")}


def plays(s) -> set[str]:
    return {a.card for a in legal(s) if isinstance(a, Play)}


def test_cards_are_offered_only_at_their_timing() -> None:
    hand = ["backdoor", "brute-force", "push-through", "power-cut", "plan-b", "crowbar",
            "sprint"]
    s = build(2, chars=CHARS, hands=[hand, []], at={"sue": "yard-1"})
    assert plays(s) == {"backdoor"}, \
        "AZ-100: on its own turn only 'your turn' cards (start cards go with a Run)"
    assert_illegal(s, 0, Play("brute-force", "sue"), "cannot be played now")  # AZ-101
    assert_illegal(s, 0, Play("plan-b", ""), "cannot be played now")  # AZ-101
    assert_illegal(s, 1, Play("power-cut", ""), "may not act")  # AZ-101
    act(s, Move("sue", "walk", "road-1-2"))
    assert plays(s) == {"backdoor", "sprint"}, "AZ-32: after moving too"


def test_a_played_card_is_carried_out_then_discarded() -> None:
    s = build(2, chars=CHARS, hands=[["backdoor"], []])
    size = sum(len(d) for d in s.edeck)
    act(s, Play("backdoor", ""))
    assert s.ediscard[ESC_DECK[ESC_INDEX["backdoor"]]] == [ESC_INDEX["backdoor"]], "AZ-102"
    assert pending(s) == "DrawChoice" and set(legal(s)) == set(DRAW)
    act(s, DRAW[0], DRAW[1])
    assert len(s.hands[0]) == 2 and sum(len(d) for d in s.edeck) == size - 2, \
        "AZ-102 AZ-32: Backdoor's two cards"
    assert not s.acted, "AZ-32: cards may come before the move"


def test_the_hand_is_hidden_and_cards_help_any_prisoner() -> None:
    s = build(2, chars=CHARS, hands=[["brute-force", "rope-work"], ["decoy"]])
    mine, theirs = s.view(0)["hands"]
    assert [c["id"] for c in mine["cards"]] == ["brute-force", "rope-work"], "AZ-28"
    assert "cards" not in theirs and theirs["size"] == 1, "AZ-28: others see the size only"
    assert theirs["decks"]["skills"] == 1, "the backs show the deck"
    assert "cards" not in s.view(None)["hands"][0], "AZ-28: spectators see no hand"


def test_first_draws_choose_a_deck_per_prisoner() -> None:
    s = fresh(3, 4)
    assert pending(s) == "DrawChoice" and seat_of(s) == 0
    assert set(legal(s)) == set(DRAW), "AZ-27: any of the four decks"
    for _ in range(4):
        act(s, DRAW[1])
    assert seat_of(s) == 1 and len(s.hands[0]) == 4, "AZ-27: one card per character"
    assert all(ESC_DECK[k] == 1 for k in s.hands[0]), "AZ-27: each from the chosen deck"
    for _ in range(4):
        act(s, DRAW[0])
    for _ in range(4):
        act(s, DRAW[3])
    assert pending(s) == "Turn" and s.cur == 0, "then seat 0's first turn"
    assert [len(h) for h in s.hands] == [4, 4, 4]


def test_reboot_sequence_sends_a_sentinel_home() -> None:
    s = build(2, chars=CHARS, hands=[["reboot-sequence"], []],
              sentinels={"road-1-2": "skills", "road-2-2": "smarts"})
    assert {a.target for a in legal(s) if isinstance(a, Play)} == {"sentinel-1", "sentinel-2"}
    act(s, Play("reboot-sequence", "sentinel-2"))
    assert s.sent_pos[1] == -1 and s.sent_pos[0] == sp("road-1-2")


def test_camera_feed_shows_a_symbol_to_its_player_only() -> None:
    s = build(2, chars=CHARS, hands=[["camera-feed"], []], sentinels={"road-1-2": "skills"})
    ev = act(s, Play("camera-feed", "sentinel-1"))
    private = [e for e in ev if e.kind == "peek"]
    assert private and private[0].seats == (0,) and private[0].data["symbol"] == "skills"
    assert s.view(0)["sentinels"][0]["symbol"] == "skills"
    assert s.view(1)["sentinels"][0]["symbol"] is None, "AZ-15"
    assert s.view(None)["sentinels"][0]["symbol"] is None, "AZ-15"


def test_blueprints_shows_a_building_tile_to_its_player_only() -> None:
    s = build(2, chars=CHARS, hands=[["blueprints"], []], buildings={"building-04": "tunnel"})
    act(s, Play("blueprints", ""))
    assert pending(s) == "LookChoice" and len(legal(s)) == len(BUILDINGS)
    ev = act(s, Look("building-04"))
    b = BUILDINGS.index(sp("building-04"))
    assert [e.data["tile"] for e in ev if e.kind == "looked"] == ["tunnel"]
    assert s.view(0)["buildings"][b]["tile"] == "tunnel"
    assert s.view(1)["buildings"][b]["tile"] is None and not s.building_up >> b & 1


def test_rollback_takes_a_tile_back_under_the_last_stack() -> None:
    s = build(2, chars=CHARS, hands=[["rollback"], []], rows={"red": 3, "blue": 1})
    act(s, Play("rollback", ""))
    assert set(legal(s)) == {ReturnTile("blue"), ReturnTile("red")}
    act(s, ReturnTile("red"))
    assert len(s.sys_rows[ROW_IDS.index("red")]) == 2
    assert s.sys_stacks[-1][0] >= KNOWN, "it lies face down, known to all, under a stack"
    assert s.sentinel_score(1) == 3 + 2


def test_decoy_moves_a_sentinel_that_attacks_where_it_stops() -> None:
    s = build(2, chars=CHARS, hands=[["decoy"], []], at={"cole": "road-1-3"},
              sentinels={"road-1-1": "toughness"}, rolls=(6, 1))
    act(s, Play("decoy", "sentinel-1"))
    assert pending(s) == "SentinelMove" and PASS in legal(s), "up to 3 steps: 0 is allowed"
    ends = {a.to for a in legal(s) if isinstance(a, MoveSentinel)}
    assert "road-1-3" in ends and "lane-1-1" not in ends, "it cannot pass Cole"
    ev = act(s, MoveSentinel(1, "road-1-3"))
    assert any(e.kind == "attack" for e in ev), "AZ-81"


def test_power_cut_cancels_the_sentinel_card() -> None:
    s = build(2, chars=CHARS, hands=[[], ["power-cut"]], sentinel_pile=["security-upgrade"])
    s.acted = True
    act(s, END_TURN)
    assert pending(s) == "Window" and seat_of(s) == 1, \
        "AZ-100: an 'any time' card, in another player's turn"
    act(s, Play("power-cut", ""))
    assert not any(s.sys_rows) and s.cur == 1, "the tile is not placed"
    assert len(s.sdiscard) == 1


def test_a_seat_showing_no_deck_with_a_card_for_the_moment_is_not_asked() -> None:
    s = build(2, chars=CHARS, hands=[["power-cut"], ["brute-force"]],
              sentinel_pile=["security-upgrade"])
    s.acted = True
    act(s, END_TURN)
    assert seat_of(s) == 0 and pending(s) == "Window"
    act(s, PASS)
    assert pending(s) == "Turn" and s.cur == 1, \
        "seat 1's cards show the Toughness deck, which holds no card for this moment"
