"""Where pieces can go: breadth-first searches over the island, cached.

A prisoner's search depends only on its start, its allowance and the spaces
holding sentinels within reach, so results are cached on that key (the board
is fixed; games share the cache). Prisoners never block one another on the
way, so their occupancy is applied afterwards, when legal moves are listed.
A sentinel's search depends on every piece and is not cached.

Rules applied here (``README.md``, *Rules we decided*, gives the ids):

* one step per space entered; a mover may stop before its allowance ends;
* crossing a yellow route ends the move on its far end (in both directions),
  and so does entering the main cell block;
* a walking or running prisoner cannot enter a space holding a sentinel,
  except to end on a building or Run space there; a sneaking one passes;
* a sentinel uses every route (yellow ones without stopping), never enters the
  cell block or the tunnel space, cannot pass a space holding a prisoner (it
  may stop there and attack), and never ends on a safe space or on a space
  holding another sentinel.
"""

from __future__ import annotations

from getaway.games.alcatraz_2034.tables import (
    ADJ,
    CELL,
    N_SPACES,
    PASSES_SENTINELS,
    SAFE,
    SINGLE,
    STEPS,
    TUNNEL,
)

Reach = tuple[bytes, int]
"""The ends of a move (in search order, a space per byte) and a bit mask of those that
stop it for good (reached over a yellow route or into the cell block, and not
otherwise)."""

assert N_SPACES <= 128, "a space per byte, below 128"


def _balls() -> tuple[tuple[int, ...], ...]:
    """Per space and distance d (0-8): bit mask of spaces at most d steps away."""
    out = []
    for start in range(N_SPACES):
        dist = {start: 0}
        frontier = [start]
        masks = [1 << start]
        for d in range(1, 9):
            nxt = []
            for i in frontier:
                for j, _ in ADJ[i]:
                    if j not in dist:
                        dist[j] = d
                        nxt.append(j)
            frontier = nxt
            masks.append(masks[-1] | sum(1 << j for j in nxt))
        out.append(tuple(masks))
    return tuple(out)


BALL = _balls()


def _open_balls() -> tuple[tuple[int, ...], ...]:
    """Per space and distance d (0-8): bit mask of the other spaces at most d steps away
    over ordinary routes only (no yellow route, not into the cell block).

    Only there can a sentinel change which spaces a prisoner's move may end on: a move
    goes on only from spaces it entered over an ordinary route, and one entered on the
    last step or over a yellow route ends the move either way (a sentinel there merely
    keeps the move off a one-prisoner space, which the sentinel takes anyway).
    """
    out = []
    for start in range(N_SPACES):
        seen = {start}
        frontier = [start]
        masks = [0]
        for _ in range(1, 9):
            nxt = [j for i in frontier for j, route in _NEXT[i] if not route and j not in seen]
            seen.update(nxt)
            frontier = list(dict.fromkeys(nxt))
            masks.append(masks[-1] | sum(1 << j for j in frontier))
        out.append(tuple(masks))
    return tuple(out)
_ENDS: dict[int, bytes] = {}
_STOPS: dict[int, int] = {}
_CACHE_LIMIT = 200_000
"""Entries of each search cache. Keys are ints and values bytes or ints: the garbage
collector never tracks such a dict, so a full collection never walks it (a dict of
tuples, however many of them it has untracked, it walks entry by entry)."""


_NEXT = tuple(tuple((j, 2 if j == CELL else 1 if yellow else 0) for j, yellow in ADJ[i])
              for i in range(N_SPACES))
"""Per space: (neighbour, 0 over an ordinary route, 1 over a yellow one, 2 into the cell
block)."""
OPEN_BALL = _open_balls()
_STEP = tuple(tuple((j, 1 << j, route, SINGLE[j]) for j, route in _NEXT[i])
              for i in range(N_SPACES))
""":data:`_NEXT` with each neighbour's bit and whether it holds one prisoner only."""


def _explore(start: int, steps: int, passes: bool,
             sentinels: int) -> tuple[dict[int, int], set[int], dict[int, int]]:
    """The breadth-first search behind :func:`search` and :func:`prisoner_paths`.

    Returns the ends (in search order, each with the space it was first reached from),
    those that stop the move for good, and per space passed through the space it was
    entered from over an ordinary route (``start``: -1).
    """
    seen = {start: -1}
    blocked = set()
    if not passes:
        while sentinels:
            low = sentinels & -sentinels
            blocked.add(low.bit_length() - 1)
            sentinels ^= low
    frontier = [start]
    ends: dict[int, int] = {}
    stops: set[int] = set()
    for _ in range(steps):
        nxt = []
        for i in frontier:
            for j, route in _NEXT[i]:
                if j in seen:
                    continue
                if route == 2:  # into the cell block: the move ends there
                    if j not in ends:
                        ends[j] = i
                        stops.add(j)
                    continue
                if j in blocked:  # a sentinel the mover cannot pass
                    if not SINGLE[j] and j not in ends:
                        ends[j] = i
                    continue
                if route:  # over a yellow route: the move ends there
                    if j not in ends:
                        ends[j] = i
                        stops.add(j)
                    continue
                seen[j] = i
                if j in ends:
                    stops.discard(j)
                else:
                    ends[j] = i
                nxt.append(j)
        frontier = nxt
    ends.pop(start, None)
    stops.discard(start)
    return ends, stops, seen


def search(start: int, steps: int, passes: bool, sentinels: int) -> Reach:
    """Ends of a prisoner's move from ``start`` (excluded) of up to ``steps`` steps.

    The search of :func:`_explore` without the paths, on bit masks: the same ends in
    the same order, and the same stops.
    """
    return search_within(start, steps, steps, passes, sentinels)[1]


def search_within(start: int, short: int, steps: int, passes: bool,
                  sentinels: int) -> tuple[Reach, Reach]:
    """:func:`search` of ``short`` steps and of ``steps`` (at least ``short``) at once: the
    shorter search is the first levels of the longer one (it meets no sentinel further
    than ``short`` steps away)."""
    step = _STEP
    seen = 1 << start
    blocked = 0 if passes else sentinels
    frontier = [start]
    order: list[int] = []
    ends = 0
    stops = 0
    first: Reach = (b"", 0)
    for level in range(steps):
        if level == short:
            first = (bytes(order), stops)
        nxt = []
        for i in frontier:
            for j, bit, route, single in step[i]:
                if seen & bit:
                    continue
                if route == 2 or (route and not blocked & bit):
                    # into the cell block, or over a yellow route: the move ends there
                    if not ends & bit:
                        ends |= bit
                        order.append(j)
                        stops |= bit
                    continue
                if blocked & bit:  # a sentinel the mover cannot pass
                    if not single and not ends & bit:
                        ends |= bit
                        order.append(j)
                    continue
                seen |= bit
                if ends & bit:
                    stops &= ~bit
                else:
                    ends |= bit
                    order.append(j)
                nxt.append(j)
        frontier = nxt
    out = (bytes(order), stops)
    return (out if short == steps else first), out


def prisoner_reach(start: int, way: int, sentinels: int, steps: int = 0) -> Reach:
    """Ends of a move of ``way`` (1-3) from ``start``, with sentinels on ``sentinels``.

    ``steps`` overrides the allowance of the way (extra moves from cards).
    """
    passes = PASSES_SENTINELS[way]
    if not steps:
        steps = STEPS[way]
    relevant = 0 if passes else sentinels & BALL[start][min(steps, 8)]
    key = _key(start, steps, passes, relevant)
    ends = _ENDS.get(key)
    if ends is None:
        if len(_ENDS) > _CACHE_LIMIT:
            _ENDS.clear()
            _STOPS.clear()
        short = _SHORTER.get((steps, passes), steps)
        walk, out = search_within(start, short, steps, passes, relevant)
        _ENDS[key], _STOPS[key] = out
        if short != steps:  # a run's search holds the walk's from the same start
            near = _key(start, short, passes, relevant & BALL[start][min(short, 8)])
            if near not in _ENDS:
                _ENDS[near], _STOPS[near] = walk
        return out
    return ends, _STOPS[key]


def _key(start: int, steps: int, passes: bool, sentinels: int) -> int:
    """A search's cache key: its start, allowance, whether it passes sentinels and the
    sentinels that matter, in one int (the allowance highest, so any fits)."""
    return ((steps << N_SPACES | sentinels) << 8 | passes << 7) | start


_SHORTER = {(STEPS[w], PASSES_SENTINELS[w]): STEPS[w - 1] for w in range(2, len(STEPS))
            if PASSES_SENTINELS[w] == PASSES_SENTINELS[w - 1] and STEPS[w - 1] < STEPS[w]}
"""Per allowance (steps, passes): the shorter way's searched on the way (a walk's in a
run's)."""


def prisoner_paths(start: int, way: int, sentinels: int,
                   steps: int = 0) -> dict[int, list[int]]:
    """The ends of a move like :func:`prisoner_reach`, each with the shortest path to
    it (``start`` first). Not cached: for views, not rollouts."""
    if not steps:
        steps = STEPS[way]
    ends, _, parent = _explore(start, steps, PASSES_SENTINELS[way], sentinels)
    out = {}
    for j, came_from in ends.items():
        path = [j]
        i = came_from
        while i >= 0:
            path.append(i)
            i = parent[i]
        path.reverse()
        out[j] = path
    return out


def sentinel_reach(start: int, steps: int, prisoners: int, sentinels: int) -> list[int]:
    """Spaces a sentinel on ``start`` may end on, 1 to ``steps`` steps away.

    ``prisoners`` and ``sentinels`` are bit masks of the spaces holding them. Only
    prisoners closer than ``steps`` change the search (they stop the sentinel's way;
    one ``steps`` away is met on the last step, where nothing goes on), and sentinels
    only forbid stopping on their space; so the spaces the search meets are cached on
    the start, the allowance and the nearer prisoners alone, and other sentinels'
    spaces are dropped afterwards (unless a prisoner stands there: the attack).
    """
    met = sentinel_met(start, steps, prisoners)
    if not sentinels:
        return list(met)
    return [j for j in met if not sentinels >> j & 1 or prisoners >> j & 1]


def sentinel_met(start: int, steps: int, prisoners: int) -> bytes:
    """The spaces :func:`sentinel_reach` finds before other sentinels' spaces are dropped,
    a byte each, in search order (cached)."""
    near = prisoners & BALL[start][steps - 1] if 1 <= steps <= 9 else prisoners
    key = (steps << N_SPACES | near) << 7 | start
    met = _SENTINEL_CACHE.get(key)
    if met is None:
        if len(_SENTINEL_CACHE) > _CACHE_LIMIT:
            _SENTINEL_CACHE.clear()
        met = _SENTINEL_CACHE[key] = _sentinel_search(start, steps, near)
    return met


_SENTINEL_CACHE: dict[int, bytes] = {}
"""Per start, allowance and nearer prisoners (in one int): the spaces met, a byte each."""
_SENTINEL_STEP = tuple(tuple((j, 1 << j, SAFE[j]) for j, _yellow in ADJ[i]
                             if j not in (CELL, TUNNEL)) for i in range(N_SPACES))
"""Per space: the neighbours a sentinel may enter (never the cell block or the tunnel
space), each with its bit and whether it is safe."""


def _sentinel_search(start: int, steps: int, prisoners: int) -> bytes:
    """The spaces other than safe ones a sentinel's search meets, in search order:
    :func:`sentinel_reach` before other sentinels' spaces are dropped."""
    step = _SENTINEL_STEP
    seen = 1 << start
    frontier = [start]
    out: list[int] = []
    for _ in range(steps):
        nxt = []
        for i in frontier:
            for j, bit, safe in step[i]:
                if seen & bit:
                    continue
                seen |= bit
                if not prisoners & bit:
                    nxt.append(j)  # a prisoner's space stops the sentinel's way
                if not safe:
                    out.append(j)
        frontier = nxt
    return bytes(out)
