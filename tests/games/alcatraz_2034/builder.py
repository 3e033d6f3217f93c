"""Build Alcatraz 2034 states in a chosen situation, and small helpers for the rules tests.

A built state starts from ``GAME.new_state`` (so every field exists and the
configuration is real), skips the first draws, and is then set to the
situation a test needs, keeping every card in exactly one place:

    s = build(2, chars={"sue": (0, "electrician"), "cole": (1, "hacker")},
              at={"sue": "road-1-3", "cole": "coast-09"},
              sentinels={"road-1-5": "skills"}, hands=[["brute-force"], []])

Prisoners are named by id, spaces by board id, cards by kind id. Dice are
fixed through the state's own dice stream: :func:`dice` finds a seed whose
rolls are the ones wanted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from getaway.core.actions import Action
from getaway.core.chance import Rng
from getaway.core.errors import IllegalAction
from getaway.games.alcatraz_2034 import GAME
from getaway.games.alcatraz_2034.content import CONTENT
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import (
    ABILITY_IDS,
    BT_IDS,
    BUILDINGS,
    CELL,
    DECK_KINDS,
    ESC_DECK,
    ESC_INDEX,
    FACE_DOWN,
    FACE_UP,
    N_PRISONERS,
    PRISONER_INDEX,
    PROFESSION_IDS,
    ROW_IDS,
    RT_CARDS,
    RT_IDS,
    RT_METHOD,
    RUN_METHOD_OF_SLOT,
    RUN_SPACES,
    RUNC_IDS,
    SC_IDS,
    SPACE_INDEX,
    TILE_IDS,
    TILE_PILE,
    TILE_ROW,
    UNUSED,
    scores_of,
)
from getaway.games.alcatraz_2034.turns import TURN

P = PRISONER_INDEX
SP = SPACE_INDEX


def sp(space_id: str) -> int:
    """A space index from its id."""
    return SPACE_INDEX[space_id]


def fresh(players: int = 3, seed: int = 0) -> AlcatrazState:
    """A new game, before the first draws."""
    return GAME.new_state(GAME.spec.configure(players), seed)


def dice(*rolls: int) -> Rng:
    """A dice stream whose first rolls are ``rolls`` (found by trying seeds)."""
    for seed in range(1_000_000):
        r = Rng(seed)
        if all(1 + r.below(6) == x for x in rolls):
            return Rng(seed)
    raise AssertionError(f"no seed rolls {rolls}")  # pragma: no cover


def build(
    players: int = 2,
    *,
    seed: int = 0,
    chars: Mapping[str, tuple[int, str]] | None = None,
    at: Mapping[str, str] | None = None,
    markers: Mapping[str, str] | None = None,
    ready: bool = True,
    sentinels: Mapping[str, str] | None = None,
    hands: Sequence[Sequence[str]] | None = None,
    rows: Mapping[str, int] | None = None,
    grey: Sequence[str] = (),
    buildings: Mapping[str, str] | None = None,
    revealed: Sequence[str] = (),
    run_tiles: Mapping[str, int] | None = None,
    sentinel_pile: Sequence[str] | None = None,
    cur: int = 0,
    turn: int = 10,
    rolls: Sequence[int] = (),
) -> AlcatrazState:
    """A state at the start of seat ``cur``'s turn (before it acts).

    ``chars`` maps prisoner id to (seat, profession id): only those are dealt
    (default: the dealt ones). ``at`` places prisoners (default: cell block);
    with ``ready`` they arrived before this turn. ``sentinels`` maps space to
    symbol (the others wait on the System board). ``rows`` gives tiles per
    coloured row, ``grey`` the abilities of grey tiles placed. ``buildings``
    sets tiles (revealed when listed in ``revealed``); ``run_tiles`` the cards
    of the Run tile at a Run space (turned face up). ``sentinel_pile`` is the
    Sentinel cards to come, the next first. ``rolls`` fixes the next dice.
    """
    s = GAME.new_state(GAME.spec.configure(players), seed)
    s.stack = [TURN]
    if chars is not None:
        owner = [-1] * N_PRISONERS
        prof = [-1] * N_PRISONERS
        for pid, (seat, qid) in chars.items():
            owner[P[pid]] = seat
            prof[P[pid]] = PROFESSION_IDS.index(qid)
        assert len({x for x in prof if x >= 0}) == len(chars), "one profession each"
        s.owner, s.profession = tuple(owner), tuple(prof)
        stats = [scores_of(p, prof[p]) if prof[p] >= 0 else ((0, 0, 0), 0)
                 for p in range(N_PRISONERS)]
        s.score = tuple(x[0] for x in stats)
        s.rmask = tuple(x[1] for x in stats)
        s.seat_prisoners = tuple(tuple(p for p in range(N_PRISONERS) if owner[p] == seat)
                                 for seat in range(players))
    s.pos = [CELL if s.owner[p] >= 0 else UNUSED for p in range(N_PRISONERS)]
    for pid, where in (at or {}).items():
        s.pos[P[pid]] = sp(where)
    s.marker = [0] * N_PRISONERS
    for pid, way in (markers or {}).items():
        s.marker[P[pid]] = ("", "sneak", "walk", "run").index(way)
    s.turn = turn
    s.since = [turn - 1 if ready else turn] * N_PRISONERS
    s.cur = cur
    # sentinels
    syms = list(s.sent_sym)
    s.sent_pos = [-1] * len(syms)
    s.sent_known = 0
    s.sent_peek = [0] * len(syms)
    for i, (where, sym) in enumerate((sentinels or {}).items()):
        a = ABILITY_IDS.index(sym)
        j = syms.index(a, i)
        syms[i], syms[j] = syms[j], syms[i]
        s.sent_pos[i] = sp(where)
    s.sent_sym = syms
    # Escape cards: given hands come out of their decks
    s.edeck = [list(DECK_KINDS[d]) for d in range(4)]
    s.ediscard = [[] for _ in range(4)]
    s.hands = [[] for _ in range(players)]
    for seat, cards in enumerate(hands or []):
        for cid in cards:
            k = ESC_INDEX[cid]
            s.edeck[ESC_DECK[k]].remove(k)
            s.hands[seat].append(k)
    for d in range(4):
        Rng(d).shuffle(s.edeck[d])
    # System board: wanted tiles out of the stacks, the rest in three stacks
    pool = list(TILE_PILE)
    s.sys_rows = [[] for _ in ROW_IDS]
    for colour, n in (rows or {}).items():
        r = ROW_IDS.index(colour)
        for _ in range(n):
            t = next(t for t in pool if TILE_ROW[t] == r)
            pool.remove(t)
            s.sys_rows[r].append(t)
    s.sys_grey = []
    for ab in grey:
        t = TILE_IDS.index(f"grey-{ab}")
        pool.remove(t)
        s.sys_grey.append(t)
    Rng(7).shuffle(pool)
    third = (len(pool) + 2) // 3
    s.sys_stacks = [pool[:third], pool[third:2 * third], pool[2 * third:]]
    # buildings and Run tiles
    for where, tile in (buildings or {}).items():
        b = BUILDINGS.index(sp(where))
        want = BT_IDS.index(tile)
        if s.building_tile[b] != want:
            other_b = next((c for c in range(len(BUILDINGS)) if s.building_tile[c] == want
                            and BUILDINGS[c] not in {sp(w) for w in buildings or {}}), None)
            if other_b is not None:
                s.building_tile[b], s.building_tile[other_b] = (s.building_tile[other_b],
                                                                s.building_tile[b])
            else:
                assert s.left_out == want, f"no {tile} tile to place"
                s.building_tile[b], s.left_out = s.left_out, s.building_tile[b]
    s.building_up = 0
    for where in revealed:
        s.building_up |= 1 << BUILDINGS.index(sp(where))
    for where, n_cards in (run_tiles or {}).items():
        slot = RUN_SPACES.index(sp(where))
        m = RUN_METHOD_OF_SLOT[slot]
        want_t = next((t for t in range(len(RT_IDS)) if RT_METHOD[t] == m
                       and RT_CARDS[t] == n_cards), None)
        assert want_t is not None, f"no {n_cards}-card tile for {where}"
        if s.run_tile[slot] != want_t:
            other = [x for x in range(len(RUN_SPACES)) if s.run_tile[x] == want_t]
            if other:
                s.run_tile[other[0]] = s.run_tile[slot]
            else:
                s.run_spare[s.run_spare.index(want_t)] = s.run_tile[slot]
            s.run_tile[slot] = want_t
        s.run_tile_state[slot] = FACE_UP
    if sentinel_pile is not None:
        rest = list(s.spile)
        for cid in sentinel_pile:
            rest.remove(SC_IDS.index(cid))
        s.spile = rest + [SC_IDS.index(c) for c in reversed(sentinel_pile)]
    if rolls:
        s.dice = dice(*rolls)
    s._cache = None
    s._cache_seat = -1
    check(s)
    return s


def set_run_deck(s: AlcatrazState, method: int, cards: Sequence[str]) -> None:
    """Make the next Run cards of ``method`` be ``cards`` (first turned up first).

    The Run deck is shuffled before it is dealt, so the test replaces the
    shuffle stream with one that leaves the pile as it is.
    """
    pile = s.run_pile[method]
    want = [RUNC_IDS.index(c) for c in cards]
    for c in want:
        if c in pile:
            pile.remove(c)
        else:
            s.run_aside[method].remove(c)
    pile.extend(reversed(want))
    s.rng = NoShuffle(0)


class NoShuffle(Rng):
    """A stream that leaves shuffled lists as they are (and picks the first item)."""

    __slots__ = ()

    def shuffle(self, seq: Any) -> None:
        return

    def below(self, n: int) -> int:
        return 0

    def clone(self) -> NoShuffle:
        return NoShuffle(self.state)


def check(s: AlcatrazState) -> None:
    """Every Escape card, Run card, Sentinel card and System tile is in one place."""
    esc = sorted(k for d in range(4) for k in [*s.edeck[d], *s.ediscard[d]])
    esc += [k for h in s.hands for k in h]
    assert sorted(esc) == sorted(k for d in range(4) for k in DECK_KINDS[d])
    runs = [c for m in range(4) for c in [*s.run_pile[m], *s.run_aside[m]]] + s.run_out
    if s.run is not None:
        runs += s.run.dealt + s.run.shown
    assert sorted(runs) == list(range(len(RUNC_IDS)))
    sc = [*s.spile, *s.sdiscard] + ([s.scard] if s.scard >= 0 else [])
    assert len(sc) == len(CONTENT.sentinel_deck())
    tiles = [t % 64 for st in s.sys_stacks for t in st] + [t for r in s.sys_rows for t in r]
    tiles += s.sys_grey
    assert sorted(tiles) == sorted(TILE_PILE)


def seat_of(s: AlcatrazState) -> int:
    """The one seat that must act now."""
    seats = s.to_act()
    assert len(seats) == 1, f"expected one seat to act, got {seats}"
    return seats[0]


def act(s: AlcatrazState, *actions: Action) -> list[Any]:
    """Apply actions one after another, each by the seat that must act; return the events."""
    events: list[Any] = []
    for a in actions:
        events += s.apply(seat_of(s), a)
    return events


def legal(s: AlcatrazState, seat: int | None = None) -> list[Action]:
    """The legal actions of ``seat`` (default: the seat to act)."""
    return list(s.legal_actions(seat_of(s) if seat is None else seat))


def assert_illegal(s: AlcatrazState, seat: int, action: Action, *words: str) -> str:
    """``action`` raises IllegalAction naming ``words`` and leaves ``s`` unchanged."""
    before = s.fingerprint()
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, action)
    msg = str(err.value)
    for w in words:
        assert w in msg, f"{w!r} not in the reason {msg!r}"
    assert s.fingerprint() == before, "an illegal action changed the state"
    return msg


def pending(s: AlcatrazState) -> str:
    """The name of the decision on top of the stack."""
    return type(s.stack[-1]).__name__ if s.stack else ""


def play_until_turn_of(s: AlcatrazState, seat: int) -> None:
    """Play quietly until ``seat``'s turn starts: others stay put (sneaking 0 steps),
    every window is passed, every other choice is the first one offered."""
    from getaway.core.decisions import PASS
    from getaway.games.alcatraz_2034.actions import END_TURN, Move

    started = False
    while not s.is_over():
        if pending(s) == "Turn" and not s.acted:
            if s.cur == seat and started:
                return
            started = True
            who = seat_of(s)
            stay = next(a for a in s.legal_actions(who) if isinstance(a, Move)
                        and a.way == "sneak" and SPACE_INDEX[a.to] == s.pos[P[a.prisoner]])
            s.apply(who, stay)
            continue
        started = True
        who = seat_of(s)
        acts = s.legal_actions(who)
        if END_TURN in acts:
            s.apply(who, END_TURN)
        elif PASS in acts:
            s.apply(who, PASS)
        else:
            s.apply(who, acts[0])


def pass_all(s: AlcatrazState) -> None:
    """Everybody passes until no reaction window is open."""
    from getaway.core.decisions import PASS

    while pending(s) == "Window":
        s.apply(seat_of(s), PASS)


__all__ = ["FACE_DOWN", "RT_IDS"]
