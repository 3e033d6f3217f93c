"""ESCAPE NOW! logs read back: under the expert rule (EN-31, EN-GAP-20) the cards of a
solved puzzle lie face down in the discard pile, so a log no longer names them."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.games.escape_now import GAME
from getaway.games.escape_now.actions import FINISH, Discard, MoveTo, Play
from getaway.games.escape_now.content import CARD_IDS
from getaway.games.escape_now.state import EscapeNowState
from tests.games.escape_now.builder import build

A, B, C, D = range(4)
DEXTEROUS = Play("dexterous", "dexterous")
TENACIOUS = Play("tenacious", "tenacious")
LUCKY_DEX = Play("lucky", "dexterous")
CARD_WORDS = (*CARD_IDS, "lucky shot", "finish")
"""Words that name a card in an event (card ids are also the traits' names, lowercased)."""


def names_a_card(e: Event) -> bool:
    """Whether an event's text or data names a card kind or a LUCKY SHOT finish."""
    blob = (e.text + " " + json.dumps(e.data)).lower()
    return any(w in blob for w in CARD_WORDS)


def solve_b(expert: bool) -> tuple[EscapeNowState, list[Event]]:
    """Three hands on puzzle B (the Air Vent, two DEXTEROUS placed) solve it:
    red plays TENACIOUS, green a LUCKY SHOT as DEXTEROUS, blue a LUCKY SHOT to finish."""
    s = build(3, options={"expert": expert},
              hands=[{"tenacious": 1, "logical": 1}, {"lucky": 1}, {"lucky": 1}],
              room={"B": "vent"}, placed={"B": ["dexterous", "dexterous"]},
              pawns=["B", "B", "B"])
    log = s.apply(0, TENACIOUS) + s.apply(1, LUCKY_DEX)
    assert all(s.recall(e) is e for e in log), "EN-31: B is not solved yet, nothing is forgotten"
    log += s.apply(2, FINISH)
    assert s.solved >> B & 1
    return s, log


def test_expert_play_events_of_a_solved_puzzle_hide_their_cards() -> None:
    s, log = solve_b(expert=True)
    plays = [e for e in log if e.kind == "play"]
    assert [e.text for e in plays] == ["red plays TENACIOUS on puzzle B",
                                       "green plays LUCKY SHOT as DEXTEROUS on puzzle B",
                                       "blue plays a LUCKY SHOT and finishes puzzle B"]
    recalled = [s.recall(e) for e in plays]
    assert [r.text for r in recalled] == ["red plays a card on puzzle B",
                                          "green plays a card on puzzle B",
                                          "blue plays a card on puzzle B"], "EN-31"
    for h, (e, r) in enumerate(zip(plays, recalled, strict=True)):
        assert r.kind == "play" and r.seats is None, "EN-31: same kind, still public"
        assert r.data == {"hand": h, "puzzle": B, "attempt": 0}, "EN-31: no card, no 'as'"
        assert all(e.data[k] == v for k, v in r.data.items()), "never more than the event"
        assert not names_a_card(r), "EN-31 EN-GAP-20"
    others = [e for e in log if e.kind != "play"]
    assert {e.kind for e in others} >= {"solved", "revealed"}
    assert all(s.recall(e) is e for e in others), "only play events are redacted"
    # The view agrees: the solved puzzle shows no cards any more.
    assert s.view(None)["puzzles"][B]["placed"] == [], "EN-31"


def test_without_expert_the_log_keeps_every_card() -> None:
    s, log = solve_b(expert=False)
    assert all(s.recall(e) is e for e in log), "EN-31: the option is off"
    assert s.view(None)["puzzles"][B]["placed"] != []


def test_events_of_other_kinds_are_never_changed() -> None:
    s, _ = solve_b(expert=True)
    for kind in ("solved", "abandoned", "move", "discard", "draw", "revealed", "answer"):
        e = Event(kind, "red plays TENACIOUS on puzzle B",
                  {"hand": 0, "puzzle": B, "card": "tenacious", "as": "tenacious"})
        assert s.recall(e) is e, kind
    drawn = Event("drawn", "you draw TENACIOUS", {"hand": 0, "cards": ["tenacious"]}, seats=(0,))
    assert s.recall(drawn) is drawn, "a seat's own draws are its own memory of its hand"


def test_an_event_without_attempt_is_redacted_once_its_puzzle_is_solved() -> None:
    s, _ = solve_b(expert=True)
    old = Event("play", "red plays TENACIOUS on puzzle B",
                {"hand": 0, "puzzle": B, "card": "tenacious", "as": "tenacious"})
    assert s.recall(old).text == "red plays a card on puzzle B", "EN-31"
    elsewhere = Event("play", "red plays LOGICAL on puzzle A",
                      {"hand": 0, "puzzle": A, "card": "logical", "as": "logical"})
    assert s.recall(elsewhere) is elsewhere, "puzzle A is not solved"


def test_cards_of_an_abandoned_attempt_stay_readable_after_the_puzzle_is_solved() -> None:
    # Solo: a DEXTEROUS on A, A abandoned (the card goes face down in every mode, EN-51,
    # EN-GAP-20), then A solved afresh. Only the five cards that solved it are forgotten.
    s = build(1, options={"expert": True},
              hands=[{"dexterous": 4, "tenacious": 2, "logical": 2}], room={"A": "vent"},
              pawns=["A"])
    log = s.apply(0, DEXTEROUS)
    first = log[0]
    assert first.data["attempt"] == 0
    away_and_back: list[Action] = [MoveTo(B), Discard("logical"), MoveTo(A), Discard("logical")]
    for a in [*away_and_back, DEXTEROUS, DEXTEROUS, DEXTEROUS, TENACIOUS]:
        log += s.apply(0, a)
    assert "abandoned" in [e.kind for e in log] and s.attempts[A] == 1
    assert not s.solved >> A & 1 and s.recall(first) is first
    log += s.apply(0, TENACIOUS)
    assert s.solved >> A & 1
    again = [e for e in log if e.kind == "play"][1:]
    assert len(again) == 5 and all(e.data["attempt"] == 1 for e in again)
    assert s.recall(first) is first, "EN-GAP-20: the abandoned card is read back as without expert"
    assert [s.recall(e).text for e in again] == ["red plays a card on puzzle A"] * 5, "EN-31"


# -- property: no log read back names a card that lies face down from a solved puzzle --------

LAYOUTS = ("easy", "standard", "hard", "gauntlet")


@st.composite
def games(draw: st.DrawFn) -> tuple[int, dict[str, Any], int, bool]:
    players = draw(st.integers(1, 6))
    options: dict[str, Any] = {"layout": draw(st.sampled_from(LAYOUTS)),
                               "expert": draw(st.booleans())}
    return players, options, draw(st.integers(0, 2**32 - 1)), draw(st.booleans())


def pick(s: EscapeNowState, seat: int, rng: random.Random, keen: bool) -> Any:
    """A random legal action; a keen player plays a card whenever it can (more solves)."""
    legal = s.legal_actions(seat)
    plays = [a for a in legal if isinstance(a, Play) or a is FINISH]
    if plays and (keen or rng.random() < 0.6):
        return rng.choice(plays)
    return rng.choice(list(legal))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_no_recalled_public_event_names_a_card_face_down_from_a_solved_puzzle(
        game: tuple[int, dict[str, Any], int, bool]) -> None:
    players, options, seed, keen = game
    s = GAME.new_state(GAME.spec.configure(players, options), seed)
    rng = random.Random(seed)
    log: list[Event] = []
    on: dict[int, list[int]] = {}  # slot -> indices of the play events whose card lies there
    face_down: set[int] = set()  # play events whose card went face down with a solved puzzle
    for _ in range(3000):
        if s.is_over():
            break
        seat = s.to_act()[0]
        placed, solved, discard = [len(p) for p in s.placed], s.solved, list(s.discard)
        events = s.apply(seat, pick(s, seat, rng, keen))
        start = len(log)
        log += events
        # The truth says where each played card went: the slot that grew, or that was solved.
        newly = s.solved & ~solved
        for i, e in enumerate(events, start):
            if e.kind == "play":
                grew = [p for p in range(len(placed)) if len(s.placed[p]) > placed[p]]
                slot = newly.bit_length() - 1 if newly else grew[0]
                on.setdefault(slot, []).append(i)
        for p in range(len(placed)):
            if newly >> p & 1:
                if s.expert:  # the cards beside it went face down onto the discard pile
                    gone = Counter({CARD_IDS[k]: s.discard[k] - discard[k] for k in range(6)})
                    assert +gone == Counter(log[i].data["card"] for i in on.get(p, [])), \
                        "EN-31: the play events name exactly the cards that went face down"
                    face_down.update(on.pop(p, []))
            elif not s.placed[p] and not s.solved >> p & 1:
                on.pop(p, None)  # abandoned: face down in every mode, read back as usual
        for i, e in enumerate(log):
            r = s.recall(e)
            if not s.expert or i not in face_down:
                assert r is e, f"nothing to forget: {e.text}"
                continue
            assert r.kind == e.kind and r.seats == e.seats
            assert all(k in e.data and e.data[k] == v for k, v in r.data.items()), \
                "a recalled event never says more than the original"
            if r.visible_to(None):
                assert not names_a_card(r), f"EN-31 EN-GAP-20: {r.text} {r.data}"
    assert s.is_over()
