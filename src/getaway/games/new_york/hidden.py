"""Determinizing: everything one seat cannot see, redrawn consistently with its view.

Each hidden pile is redrawn from the pool of cards that could be there as far as the
seat knows, keeping every count the view shows (hand and discard sizes, supply cards
by back, deck sizes), the colour of each Timer tile's place, the back of the top New
York card, and whatever the seat itself looked at (POIs, the tops of decks, an
objective deck it is choosing from). The POIs every game has stay on the map; which
Special Action cards another Hero took is redrawn from that Hero's Specials.
"""

from __future__ import annotations

from getaway.core.chance import Rng
from getaway.games.new_york.model import Module
from getaway.games.new_york.state import (
    BLACK,
    NY_BONUS,
    RED,
    SEEN_EVENT,
    SEEN_ITEM,
    SEEN_NY,
    SEEN_TIMER,
    NewYorkState,
)
from getaway.games.new_york.tables import (
    CASE0,
    EXTRAS,
    POI_RANDOM,
    POI_SPACES,
    PRESIDENT,
    SPECIALS,
    SUBURB_SPACES,
)

_RANDOM_POIS = frozenset(POI_RANDOM)


def _deal(r: Rng, pool: list[int], slots: list[list[int]], sizes: list[int]) -> None:
    """Shuffle ``pool`` and refill each list of ``slots`` with its size."""
    r.shuffle(pool)
    for target, k in zip(slots, sizes, strict=True):
        target.clear()
        for _ in range(k):
            target.append(pool.pop())


def _bottom(pile: list[int], known: int) -> int:
    """How many cards of a pile (top last) lie below the ``known`` top ones."""
    return max(0, len(pile) - known)


def _specials(o: NewYorkState, h: int, r: Rng) -> None:
    """Redraw which Special Action cards Hero ``h`` holds (hand, discards, face down)."""
    pool = list(SPECIALS[o.hero[h]])
    if Module.EXTRA_SPECIALS in o.modules:
        pool += EXTRAS[o.hero[h]]
    piles = [o.hand[h], o.disc[h]] + ([o.played] if h == o.cur else [])
    held = [(pile, i) for pile in piles for i, c in enumerate(pile) if c in pool]
    aside = [o.aside] if h == o.cur and o.aside in pool else []
    if not held and not aside:
        return
    pool = [c for c in pool if c not in o.shown]  # revealed this turn: known
    r.shuffle(pool)
    for pile, i in held:
        pile[i] = pool.pop()
    if aside:
        o.aside = pool.pop()


def determinize(o: NewYorkState, seat: int, r: Rng) -> None:
    """Redraw, in place, what ``seat`` cannot see (``o`` is a fresh clone)."""
    from getaway.games.new_york.effects_special import public_card
    from getaway.games.new_york.levels import TakeObjectiveFrame

    seen = o.seen[seat] if seat < o.n else [0, 0, 0, 0]
    r.shuffle(o.city)
    r.shuffle(o.park)
    # face-down POIs the seat has not looked at, and the tile left out: the POIs of every
    # game stay on the map, only the dealt-at-random ones may be the tile left out
    spaces = [p for p in POI_SPACES if not o.up >> p & 1 and not o.poi_seen[p] >> seat & 1]
    pool = [o.poi[p] for p in spaces] + o.poi_left
    randoms = [x for x in pool if x in _RANDOM_POIS]
    r.shuffle(randoms)
    left = randoms[:len(o.poi_left)]
    pool = [x for x in pool if x not in left]
    r.shuffle(pool)
    for p in spaces:
        o.poi[p] = pool.pop()
    o.poi_left = left
    # face-down Suburb tokens
    spaces = [x for x in SUBURB_SPACES if not o.sub_up >> x & 1]
    pool = [o.suburb[x] for x in spaces]
    r.shuffle(pool)
    for x in spaces:
        o.suburb[x] = pool.pop()
    # Items: the deck below what the seat saw, the face-down discards, other Heroes'
    # face-down Items, Items drawn by another Hero and not yet kept
    cut = _bottom(o.items, seen[SEEN_ITEM])
    pool = o.items[:cut] + o.idisc
    places: list[tuple[int, int]] = []
    for h in range(o.n):
        if h == seat:
            continue
        for k, code in enumerate(o.supply[h]):
            if code < CASE0 and not public_card(o, code):
                places.append((h, k))
                pool.append(code)
    mine_drawn = o.cur == seat
    if not mine_drawn:
        pool.extend(o.drawn)
    r.shuffle(pool)
    o.items[:cut] = [pool.pop() for _ in range(cut)]
    o.idisc = [pool.pop() for _ in range(len(o.idisc))]
    for h, k in places:
        o.supply[h][k] = pool.pop()
    if not mine_drawn:
        o.drawn = [pool.pop() for _ in range(len(o.drawn))]
    # Case cards: in the Case spaces and in other Heroes' supplies
    cplaces: list[tuple[int, int]] = []
    for h in range(o.n):
        if h == seat:
            continue
        for k, code in enumerate(o.supply[h]):
            if CASE0 <= code < PRESIDENT and not public_card(o, code):
                cplaces.append((h, k))
    slots = [n for n in range(4) if o.slot[n] >= 0 and not public_card(o, CASE0 + o.slot[n])]
    pool = [o.slot[n] for n in slots] + [o.supply[h][k] - CASE0 for h, k in cplaces]
    r.shuffle(pool)
    for n in slots:
        o.slot[n] = pool.pop()
    for h, k in cplaces:
        o.supply[h][k] = CASE0 + pool.pop()
    # Event deck (the discards were seen by everyone)
    cut = _bottom(o.events, seen[SEEN_EVENT])
    part = o.events[:cut]
    r.shuffle(part)
    o.events[:cut] = part
    # New York deck: the top card's back shows; which Specials are in it is hidden
    cut = max(0, min(_bottom(o.nyd, seen[SEEN_NY]), len(o.nyd) - 1))
    part = o.nyd[:cut]
    specials = [c for c in part if NY_BONUS[c][0] >= 0] + o.nyaside
    r.shuffle(specials)
    k = sum(1 for c in part if NY_BONUS[c][0] >= 0)
    part = [c for c in part if NY_BONUS[c][0] < 0] + specials[:k]
    o.nyaside = specials[k:]
    r.shuffle(part)
    o.nyd[:cut] = part
    # Timer deck: each tile keeps its colour's place; black tiles mix with those set aside
    cut = _bottom(o.timer, seen[SEEN_TIMER])
    blacks = [i for i in range(cut) if BLACK[o.timer[i]]]
    reds = [i for i in range(cut) if RED[o.timer[i]]]
    pool = [o.timer[i] for i in blacks] + o.tout
    r.shuffle(pool)
    for i in blacks:
        o.timer[i] = pool.pop()
    o.tout = pool
    pool = [o.timer[i] for i in reds]
    r.shuffle(pool)
    for i in reds:
        o.timer[i] = pool.pop()
    # Personal Objectives of the others, the decks and those left in the box
    top = o.stack[-1] if o.stack else None
    for c in range(2):
        keep = isinstance(top, TakeObjectiveFrame) and top.seat == seat and top.colour == c
        others = [h for h in range(o.n) if h != seat and o.objs[h][c] >= 0]
        pool = [o.objs[h][c] for h in others] + o.objx[c] + ([] if keep else o.objd[c])
        r.shuffle(pool)
        for h in others:
            o.objs[h][c] = pool.pop()
        if not keep:
            o.objd[c] = [pool.pop() for _ in range(len(o.objd[c]))]
        o.objx[c] = pool
    # other Heroes' hands, discards and face-down played cards, and which of their
    # Special Action cards they took (NY-162: chosen alone)
    for h in range(o.n):
        if h == seat:
            continue
        _specials(o, h, r)
        sizes = [len(o.hand[h]), len(o.disc[h])]
        pool = o.hand[h] + o.disc[h]
        lists = [o.hand[h], o.disc[h]]
        if h == o.cur:
            played = o.played
            aside = [o.aside] if o.aside >= 0 else []
            pool += played + aside
            sizes += [len(played), len(aside)]
            aside_list: list[int] = []
            lists += [played, aside_list]
            _deal(r, pool, lists, sizes)
            if aside:
                o.aside = aside_list[0]
        else:
            _deal(r, pool, lists, sizes)
    r.shuffle(o.pdeck)
    o.rng = Rng(r.next64())
