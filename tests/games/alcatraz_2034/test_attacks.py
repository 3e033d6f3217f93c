"""Attacks by sentinels and drone swarms (AZ-42 to AZ-46, AZ-61, AZ-88 to AZ-99, AZ-133)."""

from __future__ import annotations

from getaway.core.decisions import PASS
from getaway.games.alcatraz_2034.actions import (
    DRAW,
    END_TURN,
    REROLL,
    Choose,
    MoveSentinel,
    Play,
)
from getaway.games.alcatraz_2034.tables import CELL
from tests.games.alcatraz_2034.builder import (
    P,
    act,
    build,
    legal,
    pass_all,
    pending,
    seat_of,
    sp,
)

SIX = {"coast-06": "skills", "road-2-2": "skills", "road-4-2": "smarts",
       "road-6-2": "smarts", "coast-18": "toughness", "coast-30": "toughness"}
FROM = {"skills": ("coast-06", "coast-07"), "smarts": ("road-4-2", "road-4-3"),
        "toughness": ("coast-18", "coast-19")}
CHARS = {"sue": (0, "electrician"), "cole": (0, "hacker"), "rex": (1, "boxer"),
         "ivy": (2, "doctor")}


def attack(symbol: str, victim: str, *, marker: str = "", players: int = 2,
           hands=None, rolls=(), chars=CHARS, cur: int = 1, **kw):
    """Seat ``cur`` ends its turn with Patrol and moves a ``symbol`` sentinel onto ``victim``."""
    if players == 2:
        chars = {k: v for k, v in chars.items() if v[0] < 2}
    start, where = FROM[symbol]
    s = build(players, chars=chars, at={victim: where}, sentinels=SIX, sentinel_pile=["patrol"],
              markers={victim: marker} if marker else None, hands=hands, rolls=rolls,
              cur=cur, **kw)
    s.acted = True
    act(s, END_TURN)
    pass_all(s)  # the Sentinel card's window: seats showing a System card are asked
    i = s.sent_pos.index(sp(start))
    events = act(s, MoveSentinel(i + 1, where))
    return s, i, events


def first(events, kind):
    return next(e for e in events if e.kind == kind)


def test_sneaking_walking_and_no_marker() -> None:
    _, _, ev = attack("skills", "sue", marker="sneak", rolls=(1, 1))
    assert first(ev, "attack").data["prisoner_start"] == 5 + 2, "AZ-42 AZ-92: +2 after sneaking"
    _, _, ev = attack("skills", "sue", marker="walk", rolls=(1, 1))
    assert first(ev, "attack").data["prisoner_start"] == 5, "AZ-43 AZ-92: walking adds nothing"
    _, _, ev = attack("skills", "sue", rolls=(1, 1))
    assert first(ev, "attack").data["prisoner_start"] == 5, "AZ-29: no marker, no modifier"


def test_the_modifier_applies_to_drone_swarms_too() -> None:
    s = build(2, chars={"sue": (0, "electrician"), "rex": (1, "boxer")},
              at={"sue": "yard-1"}, markers={"sue": "run"}, sentinel_pile=["drone-skills"],
              cur=1, rolls=(1, 1))
    s.acted = True
    act(s, END_TURN)
    ev = act(s, Choose("sue"))
    assert first(ev, "attack").data["prisoner_start"] == 5 - 2, "AZ-45 AZ-44"


def test_the_orange_die_comes_first_then_cards_then_the_red_die() -> None:
    s, _, ev = attack("skills", "sue", rolls=(2, 6), hands=[["nimble-fingers"], []])
    a = first(ev, "attack")
    assert a.data["die"] == 2, "AZ-93: the prisoner's die is rolled first"
    assert pending(s) == "Window" and seat_of(s) == 0, "AZ-93: then cards may be played"
    assert not any(e.kind == "attack_result" for e in ev), "AZ-95: the red die waits"
    assert Play("nimble-fingers", "sue") in legal(s)
    ev = act(s, Play("nimble-fingers", "sue"))
    r = first(ev, "attack_result")
    assert r.data["prisoner_total"] == 5 + 2 + 2, "AZ-93: the card's +2 counts"
    assert r.data["red"] == 6 and r.data["attacker_total"] == 3 + 6, "AZ-95: red die added"
    assert r.data["prisoner_wins"] is False, "AZ-96: 9 against 9"


def test_a_tie_goes_to_the_sentinel_and_the_prisoner_goes_home() -> None:
    s, i, ev = attack("skills", "sue", marker="walk", rolls=(2, 4))
    r = first(ev, "attack_result")
    assert r.data["prisoner_total"] == r.data["attacker_total"] == 7
    assert not r.data["prisoner_wins"], "AZ-96 AZ-133: ties go to the sentinel"
    assert s.pos[P["sue"]] == CELL, "AZ-97 AZ-133: straight back to the cell block"
    assert s.marker[P["sue"]] == 0, "AZ-GAP-17: the marker is cleared"
    assert s.sent_pos[i] == sp("coast-07"), "AZ-97: the sentinel stays where it is"
    assert pending(s) == "DrawChoice" and seat_of(s) == 0
    assert set(legal(s)) == set(DRAW), "AZ-61 AZ-97: a card from any deck"
    act(s, DRAW[3])
    assert len(s.hands[0]) == 1
    assert s.view(None)["sentinels"][i]["symbol"] == "skills", \
        "its symbol, seen by all, stays known while it stays on the island"


def test_a_won_attack_sends_the_sentinel_home() -> None:
    s, i, ev = attack("skills", "sue", rolls=(6, 1))
    assert first(ev, "attack_result").data["prisoner_wins"], "AZ-96: the higher total wins"
    assert s.sent_pos[i] == -1, "AZ-98 AZ-133: back to the System board"
    assert s.pos[P["sue"]] == sp("coast-07"), "AZ-98"


def test_the_sentinel_is_turned_over_to_show_its_ability() -> None:
    _s, _i, ev = attack("toughness", "rex", rolls=(6, 6), cur=0, rows={"red": 1})
    reveal = first(ev, "reveal")
    assert reveal.data["symbol"] == "toughness", "AZ-90"
    a = first(ev, "attack")
    assert a.data["ability"] == "toughness", "AZ-90: that ability is tested"
    assert a.data["attacker"] == 3 + 1, "AZ-91: 3 plus the red row's Toughness tile"
    assert a.data["prisoner_start"] == 5, "AZ-92: Rex's Toughness 5 + Boxer R (0)"


def test_an_r_allows_one_reroll_in_an_attack() -> None:
    s, _, ev = attack("smarts", "cole", rolls=(1, 4, 3))
    assert pending(s) == "Window" and seat_of(s) == 0
    assert REROLL in legal(s), "AZ-94: Cole's Smarts R"
    ev = act(s, REROLL)
    rr = first(ev, "reroll")
    assert (rr.data["old"], rr.data["new"]) == (1, 4), "AZ-94 AZ-24: the new roll counts"
    r = first(ev, "attack_result")
    assert r.data["prisoner_total"] == 5 + 4 and r.data["red"] == 3, "AZ-94"
    s2, _, _ = attack("skills", "cole", rolls=(1, 4, 3))
    assert s2.attack is None or REROLL not in legal(s2), "AZ-94: only in that ability"


def test_every_player_may_play_attack_cards_in_turn_order() -> None:
    s, _, ev = attack("skills", "sue", players=3, rolls=(3, 3),
                      hands=[[], ["false-alarm"], ["nimble-fingers"]])
    assert pending(s) == "Window" and seat_of(s) == 1, "AZ-99: from the active player"
    act(s, Play("false-alarm", ""))
    assert seat_of(s) == 2, "AZ-99: then the next seat"
    ev = act(s, Play("nimble-fingers", "sue"))
    r = first(ev, "attack_result")
    assert r.data["prisoner_total"] == 5 + 3 + 2, "AZ-99 AZ-28: a card for another's prisoner"
    assert r.data["attacker_total"] == 3 + 3 + 2, "AZ-99: False Alarm"
    assert s.ediscard[2][-1] != s.ediscard[3][-1] and len(s.ediscard[3]) == 1, "AZ-102"


def test_a_window_reopens_after_a_card() -> None:
    s, _, _ = attack("skills", "sue", players=3, rolls=(3, 3),
                     hands=[["nimble-fingers"], ["false-alarm"], []])
    assert seat_of(s) == 1
    act(s, PASS)
    assert seat_of(s) == 0
    act(s, Play("nimble-fingers", "sue"))
    assert pending(s) == "Window" and seat_of(s) == 1, \
        "seat 1 may answer the new situation"
    act(s, PASS)
    assert s.attack is None


def test_a_called_off_attack_has_no_winner() -> None:
    s, i, ev = attack("skills", "sue", rolls=(1, 6), hands=[["duck-and-cover"], []])
    ev = act(s, Play("duck-and-cover", "sue"))
    assert any(e.kind == "attack_off" for e in ev)
    assert s.pos[P["sue"]] == sp("coast-07") and s.sent_pos[i] == sp("coast-07")
    assert not any(e.kind == "attack_result" for e in ev)


def test_an_attack_card_for_another_ability_is_not_offered() -> None:
    s, _, _ = attack("skills", "sue", rolls=(1, 6), hands=[["brute-force", "stand-together"],
                                                         []])
    assert Play("brute-force", "sue") not in legal(s), "a Toughness bonus in a Skills attack"
    assert Play("stand-together", "sue") in legal(s), "Stand Together works for any ability"


def test_dice_decide_attacks_never_moves() -> None:
    s = build(2, chars={"sue": (0, "electrician"), "rex": (1, "boxer")}, at={"sue": "yard-1"})
    before = s.dice.state
    from getaway.games.alcatraz_2034.actions import Move

    act(s, Move("sue", "run", "coast-01"))
    assert s.dice.state == before, "AZ-18: moving rolls no die"
    s, _, ev = attack("skills", "sue", rolls=(4, 2))
    assert first(ev, "attack").data["die"] == 4, "AZ-18: the orange die for the prisoner"
    assert first(ev, "attack_result").data["red"] == 2, "AZ-18: the red one for the sentinel"
