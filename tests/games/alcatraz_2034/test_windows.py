"""Reaction windows ask by public information only (AZ-28, AZ-93, AZ-99, AZ-100, AZ-113).

A seat is asked when the backs of its cards show a deck holding a card for
the moment (not every copy of it face up in the discards), or when it may use
an R. Being asked therefore tells nobody anything about a hand, and
``determinize`` may redeal the other hands freely (keeping their deck counts).
"""

from __future__ import annotations

import json
import random

import pytest

from getaway.core.agent import Observation
from getaway.core.decisions import PASS
from getaway.core.spec import Config
from getaway.games.alcatraz_2034 import GAME
from getaway.games.alcatraz_2034.actions import END_TURN, Play
from getaway.games.alcatraz_2034.heuristic import HeuristicAgent
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import ESC_INDEX
from getaway.games.alcatraz_2034.windows import Window, order
from tests.games.alcatraz_2034.builder import act, build, legal, pending, seat_of
from tests.games.alcatraz_2034.test_attacks import attack

CHARS = {"sue": (0, "electrician"), "cole": (1, "hacker")}


def window_states(players: int, seed: int) -> list[AlcatrazState]:
    """Copies of every state with a reaction window on top, from a game of heuristic and
    random seats (the heuristic seats start Runs, so Run windows come up too)."""
    s = GAME.new_state(Config(GAME.spec.id, players), seed)
    rng = random.Random(seed)
    bot = HeuristicAgent()
    out: list[AlcatrazState] = []
    while not s.is_over():
        if isinstance(s.stack[-1], Window):
            out.append(s.clone())
        seat = s.to_act()[0]
        legal_now = s.legal_actions(seat)
        if seat % 2 == 0:
            a = bot.choose(Observation(s, seat, legal_now), rng)
        else:
            a = rng.choice(list(legal_now))
        s.apply(seat, a)
    return out


def _asked(s: AlcatrazState) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    top = s.stack[-1]
    assert isinstance(top, Window)
    return top.order, top.pos, order(s, top.window)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_asked_seats_are_the_same_in_every_determinization(players: int) -> None:
    rng = random.Random(players)
    seen = set()
    for seed in range(3):
        for s in window_states(players, seed):
            seen.add(s.stack[-1].window)  # type: ignore[attr-defined]
            asked = _asked(s)
            to_act = s.to_act()
            for seat in range(players):
                pend = json.dumps(s.view(seat)["pending"], sort_keys=True)
                for _ in range(2):
                    o = s.determinize(seat, rng)
                    assert _asked(o) == asked, "who is asked, now and after a card, is public"
                    assert o.to_act() == to_act
                    assert json.dumps(o.view(seat)["pending"], sort_keys=True) == pend
                    assert o.hands[seat] == s.hands[seat]
                    assert all(o.deck_counts(h) == s.deck_counts(h) for h in range(players))
                    assert PASS in o.legal_actions(to_act[0]), "an asked seat may always pass"
    assert len(seen) >= 3, f"too few kinds of windows came up: {seen}"


def test_a_seat_showing_a_fitting_deck_is_asked_even_without_a_playable_card() -> None:
    s = build(2, chars=CHARS, hands=[[], ["glitch"]], sentinel_pile=["security-upgrade"])
    s.acted = True
    act(s, END_TURN)
    assert pending(s) == "Window" and seat_of(s) == 1, \
        "a System card's back: it might be Power Cut, so seat 1 is asked"
    assert legal(s) == [PASS], "Glitch does nothing now: seat 1 can only pass"
    act(s, PASS)
    assert pending(s) == "Turn" and s.cur == 1


def test_a_seat_showing_no_fitting_deck_is_not_asked() -> None:
    s = build(2, chars=CHARS, hands=[["power-cut"], ["brute-force", "rope-work"]],
              sentinel_pile=["security-upgrade"])
    s.acted = True
    act(s, END_TURN)
    assert seat_of(s) == 0 and pending(s) == "Window"
    act(s, PASS)
    assert pending(s) == "Turn" and s.cur == 1, \
        "Toughness and Skills backs: no Power Cut can be among them"


def test_a_deck_whose_fitting_cards_all_lie_in_the_discards_asks_nobody() -> None:
    s = build(2, chars=CHARS, hands=[[], ["glitch"]], sentinel_pile=["security-upgrade"])
    cut = ESC_INDEX["power-cut"]
    for pile in s.edeck:
        while cut in pile:
            pile.remove(cut)
            s.ediscard[3].append(cut)
    s.acted = True
    act(s, END_TURN)
    assert pending(s) == "Turn" and s.cur == 1, "both Power Cuts are face up: nobody is asked"


def test_after_a_card_the_same_public_test_reopens_the_window() -> None:
    s, _, _ = attack("skills", "sue", rolls=(3, 3),
                     hands=[["nimble-fingers"], ["false-alarm"]])
    assert pending(s) == "Window" and s.stack[-1].order == (1, 0)  # type: ignore[attr-defined]
    act(s, Play("false-alarm", ""))
    assert pending(s) == "Window" and s.stack[-1].order == (0,), \
        "seat 1's hand is empty now: only seat 0 is asked again"  # type: ignore[attr-defined]
    act(s, PASS)
    assert s.attack is None
