"""What a hand's turn says about its cards (``lacked``, ``drew``) and ``believe``: worlds
dealt as if every other hand plays the game's own strategy, which always places a card
that fits its puzzle (the Hard bot's and the hints' sampling)."""

from __future__ import annotations

import random

from getaway.agents.registry import make_agent
from getaway.core.actions import Action
from getaway.core.agent import Observation
from getaway.games.escape_now import GAME
from getaway.games.escape_now.actions import MoveTo, Play, Replenish
from getaway.games.escape_now.content import TRAITS
from getaway.games.escape_now.rules import _playable
from getaway.games.escape_now.state import EscapeNowState
from tests.games.escape_now.builder import check_conservation


def _turn(seed: int, players: int = 4) -> tuple[EscapeNowState, int]:
    """A game played by the heuristic up to a turn of a hand other than red's whose pawn
    stands on an unsolved puzzle, with a move and a replenish among its choices."""
    normal = make_agent("normal", GAME)
    s = GAME.new_state(GAME.spec.configure(players), seed)
    rng = random.Random(seed)
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        h, p = s.cur, s.pawns[s.cur]
        if (s.pending().get("key") == "turn" and h != 0 and p >= 0 and not s.solved >> p & 1
                and any(isinstance(a, MoveTo) for a in legal)
                and any(isinstance(a, Replenish) and a.draw for a in legal)
                and any(isinstance(a, Play) for a in legal)):
            return s, h
        s.apply(seat, normal.choose(Observation(s, seat, legal), rng))
    raise AssertionError("no such turn")


def _take(s: EscapeNowState, kind: type) -> Action:
    """Apply hand ``s.cur``'s last legal action of ``kind`` (a move: the first)."""
    seat = s.to_act()[0]
    found = [a for a in s.legal_actions(seat) if isinstance(a, kind)]
    action = found[0] if kind is MoveTo else found[-1]
    s.apply(seat, action)
    return action


def _mask(s: EscapeNowState, h: int) -> int:
    """The traits hand ``h``'s puzzle can take now."""
    p = s.pawns[h]
    room = s.need[p] - len(s.placed[p]) - 1
    return sum(1 << k for k in _playable(s.masks[p], s.present[p], room))


def _lacked_cards(s: EscapeNowState, h: int) -> int:
    return sum(n for k, n in enumerate(s.hands[h]) if s.lacked[h] >> k & 1)


def test_a_move_records_the_traits_its_puzzle_could_take() -> None:
    for seed in range(4):
        s, h = _turn(seed)
        mask = _mask(s, h)
        _take(s, MoveTo)
        assert s.lacked[h] == mask != 0 and s.drew[h] == 0


def test_a_replenish_records_the_traits_and_what_it_drew() -> None:
    for seed in range(4):
        s, h = _turn(seed)
        mask = _mask(s, h)
        action = _take(s, Replenish)
        assert isinstance(action, Replenish) and action.draw
        assert s.lacked[h] == mask and s.drew[h] == action.draw


def test_a_placed_card_shows_a_lack_only_when_it_passes_up_a_missing_trait() -> None:
    """The heuristic places a card of a trait the puzzle still misses when it holds one:
    a card of a trait already there shows it held none of the missing ones (that fit),
    a missing trait or a LUCKY SHOT shows nothing."""
    seen = set()
    for seed in range(12):
        s, h = _turn(seed)
        p = s.pawns[h]
        missing = s.masks[p] & ~s.present[p]
        seat = s.to_act()[0]
        for play in [a for a in s.legal_actions(seat) if isinstance(a, Play)]:
            t = s.clone()
            t.lacked[h], t.drew[h] = 0b11111, 3
            t.apply(seat, play)
            trait = 1 << TRAITS.index(play.trait)
            if play.card == "lucky" or missing & trait:
                assert t.lacked[h] == 0, play
                seen.add("nothing")
            else:
                assert t.lacked[h] == _mask(s, h) & missing, play
                seen.add("lacked")
            assert t.drew[h] == 0
    assert seen == {"nothing", "lacked"}


def test_believe_deals_a_hand_that_moved_none_of_what_it_lacked() -> None:
    for seed in range(4):
        s, h = _turn(seed)
        _take(s, MoveTo)
        rng = random.Random(seed)
        believed = [s.believe(0, rng) for _ in range(60)]
        uniform = [s.determinize(0, rng) for _ in range(60)]
        for d in believed:
            assert d.view(0) == s.view(0)
            check_conservation(d)
            assert _lacked_cards(d, h) == 0
            assert d.hands[0] == s.hands[0]
        assert any(_lacked_cards(d, h) for d in uniform)  # uniform sampling ignores it


def test_believe_lets_a_replenished_hand_hold_only_what_it_drew() -> None:
    for seed in range(4):
        s, h = _turn(seed)
        _take(s, Replenish)
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])  # its discard
        rng = random.Random(seed)
        for _ in range(40):
            d = s.believe(0, rng)
            assert d.view(0) == s.view(0)
            check_conservation(d)
            assert _lacked_cards(d, h) <= s.drew[h]


def test_the_record_is_public() -> None:
    """Two games that look the same to red keep the same record (it comes from what
    everyone saw)."""
    s, _h = _turn(1)
    t = s.determinize(0, random.Random(5))
    _take(s, MoveTo)
    _take(t, MoveTo)
    assert s.lacked == t.lacked and s.drew == t.drew
    assert s.view(0) == t.view(0)


def test_what_the_record_says_of_the_heuristics_hands_is_true() -> None:
    """Played by the heuristic, every hand always holds at most as many cards of the
    traits its record says it lacked as its last turn drew: ``believe`` assumes nothing
    of it that is not so."""
    normal = make_agent("normal", GAME)
    shown = 0
    for players in (2, 3, 4, 6):
        for seed in range(8):
            s = GAME.new_state(GAME.spec.configure(players), seed)
            rng = random.Random(seed)
            while not s.is_over():
                seat = s.to_act()[0]
                s.apply(seat, normal.choose(Observation(s, seat, s.legal_actions(seat)), rng))
                for h in range(s.hands_n):
                    assert _lacked_cards(s, h) <= s.drew[h], (players, seed, h)
                    shown += s.lacked[h] != 0
    assert shown > 1000
