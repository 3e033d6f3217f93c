"""The streets as New York's Enemies see them: a graph of space numbers and the
distances over it.

A :class:`Walk` is a snapshot of the map for Enemy movement at one moment. Spaces
are small ints (a space's position in ``Map.spaces``, see :func:`space_index`),
so a breadth-first search is a few list look-ups. Three kinds of link join
spaces:

- ``roads``: an Enemy steps across a shared side when the two spaces are
  *joined* (:func:`~.board.joined`) and no face-up Roadblock lies on that road
  (NY-207). A destroyed (flipped) Roadblock is an open road.
- ``blocked``: the joined neighbours across a face-up Roadblock. Only a
  Prisoner driving a Car that has no other way to the Hero goes through one
  (NY-206, see :mod:`.enemies`).
- ``manholes``: every Manhole space counts as next to every other one (NY-173),
  one step, whatever Roadblocks lie around. Prisoners and Bosses moved by a card
  use them; a Prisoner with a Car never does (NY-202), and neither does the
  step-12 pull (NY-72).

Which spaces an Enemy may enter is the caller's choice when it builds the walk;
the engine puts in only **revealed** spaces: a tile, a face-up POI, the Library,
its ring and the WTC. Empty spaces are closed to Enemies (NY-92), and so are
face-down POIs (our reading of G-26: the rulebook lets Heroes enter them,
NY-41/91, but a trick moves an Enemy only "into an adjacent revealed space",
NY-114, so the Enemies' map is the revealed one). A Manhole counts only when
its icon shows, on a revealed tile, POI or Suburb token. Bridges are not
spaces: no Enemy goes onto one.

Every link is symmetric, so the distances *from* the current Hero's space are the
distances *to* it; a :class:`Field` holds them for one Walk and one target.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from getaway.games.new_york.board import Map, joined
from getaway.games.new_york.model import Dir

UNREACHED = -1
"""The distance of a space no route reaches."""


@dataclass(frozen=True, slots=True)
class Walk:
    """The part of the map Enemies can use at one moment (see the module docstring).

    ``roads[s]`` and ``blocked[s]`` are the neighbours of space ``s`` across an
    open road and across a face-up Roadblock, in increasing order.
    """

    roads: tuple[tuple[int, ...], ...]
    blocked: tuple[tuple[int, ...], ...]
    manholes: frozenset[int]

    @classmethod
    def build(cls, size: int, roads: Iterable[tuple[int, int]],
              roadblocks: Iterable[tuple[int, int]] = (),
              manholes: Iterable[int] = ()) -> Walk:
        """A walk over spaces ``0..size-1``: ``roads`` are the joined pairs, ``roadblocks``
        the pairs among them with a face-up Roadblock (others are ignored: a Roadblock
        lies on a road, NY-174).

        >>> w = Walk.build(4, [(0, 1), (1, 2), (2, 3)], roadblocks=[(2, 1)], manholes=[0, 3])
        >>> w.steps(1), w.blocked[1], sorted(w.manholes)
        ((0,), (2,), [0, 3])
        """
        shut = {frozenset(p) for p in roadblocks}
        open_: list[set[int]] = [set() for _ in range(size)]
        closed: list[set[int]] = [set() for _ in range(size)]
        for a, b in roads:
            if a == b or not (0 <= a < size and 0 <= b < size):
                raise ValueError(f"walk: bad road {(a, b)} for {size} spaces")
            side = closed if frozenset((a, b)) in shut else open_
            side[a].add(b)
            side[b].add(a)
        holes = frozenset(manholes)
        if any(not 0 <= h < size for h in holes):
            raise ValueError(f"walk: manhole out of range in {sorted(holes)}")
        return cls(tuple(tuple(sorted(s)) for s in open_),
                   tuple(tuple(sorted(s)) for s in closed), holes)

    @classmethod
    def of_map(cls, game_map: Map, roads: Mapping[str, Iterable[Dir]],
               roadblocks: Iterable[tuple[str, Dir]] = (),
               manholes: Iterable[str] = ()) -> Walk:
        """The walk over a real map, numbered as :func:`space_index`.

        ``roads`` maps every space an Enemy may enter (revealed; see the module
        docstring) to the roads of what lies on it (a tile's roads, ``ALL_ROADS`` for
        a POI or the Library); absent spaces are closed. ``roadblocks`` are face-up
        Roadblocks as (space id, side); ``manholes`` the spaces showing a Manhole.
        """
        index = space_index(game_map)
        sides = {k: frozenset(v) for k, v in roads.items()}
        pairs: list[tuple[int, int]] = []
        for sid, mine in sides.items():
            for d, other in game_map.neighbours(sid):
                theirs = sides.get(other.id)
                if theirs is not None and index[sid] < index[other.id] \
                        and joined(mine, d, theirs):
                    pairs.append((index[sid], index[other.id]))
        shut = []
        for sid, d in roadblocks:
            across = game_map.neighbour(sid, d)
            if across is not None:
                shut.append((index[sid], index[across.id]))
        return cls.build(len(game_map.spaces), pairs, shut,
                         (index[m] for m in manholes if m in sides))

    def steps(self, space: int) -> tuple[int, ...]:
        """The spaces an Enemy steps to from ``space`` along an open road (no Manholes)."""
        return self.roads[space]

    def opened(self, a: int, b: int) -> Walk:
        """This walk after the Roadblock between ``a`` and ``b`` is destroyed (flipped):
        a destroyed Roadblock is an open road."""
        if b not in self.blocked[a]:
            raise ValueError(f"walk: no face-up Roadblock between {a} and {b}")
        roads = list(self.roads)
        blocked = list(self.blocked)
        for x, y in ((a, b), (b, a)):
            roads[x] = tuple(sorted((*roads[x], y)))
            blocked[x] = tuple(n for n in blocked[x] if n != y)
        return Walk(tuple(roads), tuple(blocked), self.manholes)

    def __len__(self) -> int:
        return len(self.roads)


def space_index(game_map: Map) -> dict[str, int]:
    """Space id -> its number in a :class:`Walk` (its position in ``Map.spaces``)."""
    return {s.id: i for i, s in enumerate(game_map.spaces)}


def distances(walk: Walk, src: int, *, manholes: bool = True,
              roadblocks: bool = False) -> list[int]:
    """Steps from ``src`` to every space (:data:`UNREACHED` when none), over open roads,
    plus Manhole links (one step each) when ``manholes``, plus roads across face-up
    Roadblocks when ``roadblocks``.

    >>> w = Walk.build(5, [(0, 1), (1, 2), (2, 3)], roadblocks=[(2, 3)], manholes=[0, 2])
    >>> distances(w, 0), distances(w, 0, manholes=False), distances(w, 0, roadblocks=True)
    ([0, 1, 1, -1, -1], [0, 1, 2, -1, -1], [0, 1, 1, 2, -1])
    """
    roads, blocked = walk.roads, walk.blocked
    holes = walk.manholes if manholes else frozenset()
    dist = [UNREACHED] * len(roads)
    dist[src] = 0
    todo = deque((src,))
    sewers = bool(holes)
    while todo:
        here = todo.popleft()
        d = dist[here] + 1
        for n in roads[here]:
            if dist[n] < 0:
                dist[n] = d
                todo.append(n)
        if roadblocks:
            for n in blocked[here]:
                if dist[n] < 0:
                    dist[n] = d
                    todo.append(n)
        if sewers and here in holes:
            # the first Manhole reached is the nearest: every other one is one step on
            sewers = False
            for n in holes:
                if dist[n] < 0:
                    dist[n] = d
                    todo.append(n)
    return dist


def distance(walk: Walk, src: int, dst: int, *, manholes: bool = True) -> int | None:
    """Steps from ``src`` to ``dst`` over open roads (and Manholes), or None.

    >>> w = Walk.build(3, [(0, 1), (1, 2)], manholes=[0, 2])
    >>> distance(w, 0, 2), distance(w, 0, 2, manholes=False), distance(w, 0, 0)
    (1, 2, 0)
    """
    d = distances(walk, src, manholes=manholes)[dst]
    return None if d < 0 else d


def all_distances(walk: Walk, *, manholes: bool = True) -> list[list[int]]:
    """``table[a][b]``: steps from ``a`` to ``b`` (:data:`UNREACHED` when none)."""
    return [distances(walk, s, manholes=manholes) for s in range(len(walk))]


class Field:
    """Distances to one space (the current Hero's) over one Walk; each of the three
    kinds is computed on first use and then kept, so re-ranking the Enemies after
    every move costs no search while the walk is unchanged."""

    __slots__ = ("_forced", "_roads", "_sewers", "target", "walk")

    def __init__(self, walk: Walk, target: int) -> None:
        self.walk = walk
        self.target = target
        self._sewers: list[int] | None = None
        self._roads: list[int] | None = None
        self._forced: list[int] | None = None

    @property
    def sewers(self) -> list[int]:
        """Over open roads and Manholes: how Prisoners and Bosses move (NY-173, NY-217)."""
        if self._sewers is None:
            self._sewers = distances(self.walk, self.target)
        return self._sewers

    @property
    def roads(self) -> list[int]:
        """Over open roads only: how a Prisoner with a Car moves (NY-202)."""
        if self._roads is None:
            self._roads = distances(self.walk, self.target, manholes=False)
        return self._roads

    @property
    def forced(self) -> list[int]:
        """Over roads, face-up Roadblocks included, no Manholes: a Car with no open route
        (NY-206)."""
        if self._forced is None:
            self._forced = distances(self.walk, self.target, manholes=False,
                                     roadblocks=True)
        return self._forced
