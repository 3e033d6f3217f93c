"""Property tests: any legal play keeps every card somewhere and every hand private."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from getaway.games.escape_now import GAME
from getaway.games.escape_now.content import CONTENT
from getaway.games.escape_now.state import EscapeNowState
from tests.games.escape_now.builder import check_conservation, kinds_everywhere

LAYOUTS = ("easy", "standard", "hard", "gauntlet")
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def configs(draw: st.DrawFn) -> tuple[int, dict[str, Any], int]:
    players = draw(st.integers(1, 6))
    options: dict[str, Any] = {"layout": draw(st.sampled_from(LAYOUTS)),
                               "expert": draw(st.booleans())}
    if 2 <= players <= 4:
        options["hard"] = draw(st.booleans())
    return players, options, draw(st.integers(0, 2**32 - 1))


def steps(s: EscapeNowState, picks: list[int]) -> Any:
    """Apply the picked legal actions, then the first legal one until the game ends."""
    for i in [*picks, *[0] * 2000]:
        if s.is_over():
            return
        seats = s.to_act()
        seat = seats[i % len(seats)]
        legal = s.legal_actions(seat)
        assert legal, "a live state always has a legal action"
        s.apply(seat, legal[(i // len(seats)) % len(legal)])
        yield s
    raise AssertionError("the game did not end")


def check_views(s: EscapeNowState) -> None:
    hidden = {CONTENT.puzzles[c].id for c in s.aside[1:]}
    for seat in (None, *range(s.players)):
        v = s.view(seat)
        for h in v["hands"]:
            mine = seat is not None and (h["hand"] == seat
                                         or (h["fictional"] and s.holder == seat))
            assert ("cards" in h) == mine, f"EN-7: seat {seat} and hand {h['hand']}"
            if mine:
                cards = {k: n for k, n in zip(("logical", "perceptive", "dexterous",
                                               "tenacious", "talkative", "lucky"),
                                              s.hands[h["hand"]], strict=True) if n}
                assert h["cards"] == cards
            assert h["size"] == s.sizes[h["hand"]], "EN-65"
        shown = {c["id"] for p in v["puzzles"] for c in p.get("cards", [])}
        assert not shown & hidden, "EN-9"
        json.dumps(v)


@SETTINGS
@given(configs(), st.lists(st.integers(0, 10**6), max_size=250))
def test_cards_are_conserved_and_time_only_runs_down(
        cfg: tuple[int, dict[str, Any], int], picks: list[int]) -> None:
    players, options, seed = cfg
    s = GAME.new_state(GAME.spec.configure(players, options), seed)
    deck = list(s.deck)
    pile, discard = len(s.pile), sum(s.discard)
    check_conservation(s)
    for _ in steps(s, picks):
        check_conservation(s)  # EN-1 EN-6: hands + pile + discard + placed = the deck
        assert kinds_everywhere(s) == deck
        assert max(s.sizes) <= 5, "EN-59"
        assert len(s.pile) <= pile, "EN-6 EN-43: never refilled"
        assert sum(s.discard) >= discard, "EN-43: never reshuffled"
        pile, discard = len(s.pile), sum(s.discard)
        for i, row in enumerate(s.placed):
            assert len(row) <= s.need[i], "EN-17 EN-33"
            if s.solved >> i & 1 and not s.expert:
                assert s.present[i] == s.masks[i], "EN-20: solved means every trait present"
    out = s.outcome()
    assert out is not None
    assert out.winners in ((), tuple(range(players))), "EN-5"
    if out.reason == "escaped":
        assert out.scores[0] == s.minutes_left(), "EN-66"
    else:
        assert not s.pile and not s.sizes[s.cur], "EN-67"


@SETTINGS
@given(configs(), st.lists(st.integers(0, 10**6), max_size=250))
def test_no_view_shows_another_hand(cfg: tuple[int, dict[str, Any], int],
                                    picks: list[int]) -> None:
    players, options, seed = cfg
    s = GAME.new_state(GAME.spec.configure(players, options), seed)
    check_views(s)
    rng = random.Random(seed)
    for _ in steps(s, picks):
        check_views(s)
        seat = rng.randrange(players)
        d = s.determinize(seat, rng)
        assert d.view(seat) == s.view(seat), "EN-7: the hidden part can be anything"
        check_conservation(d)
        b = s.believe(seat, rng)
        assert b.view(seat) == s.view(seat), "EN-7: believed hands stay hidden too"
        check_conservation(b)
