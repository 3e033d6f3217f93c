"""The New York bot's Enemy movement: who moves, where to, and the step-12 pull.

Pure functions over a :class:`Scene` (a frozen snapshot the state builds: the
:class:`~.routes.Walk`, the current Hero's space, every Hero's space, the
Enemies as :class:`Mover` records). Nothing here draws a card or asks a player:
every choice the rulebook leaves to the current player comes back as a tuple of
options (NY-26, NY-220), which the state turns into legal actions.

A card that moves a limited number of Enemies (``move_enemies``) runs, once per
Enemy it may move::

    groups = priority(scene)            # [] -> nothing left to move: stop early
    mover = <the player picks in groups[0] when it holds several>
    moves = options(scene, mover)       # several -> the player picks
    scene = scene.after(<the chosen move>)

``after`` marks the mover and its passenger as moved by this effect and keeps the
distances when no Roadblock was broken, so re-ranking costs no search. Only the
mover counts against the card's number: a passenger rides for free (E-18).

Rules (ids from the project's checklist):

- An Enemy moves towards the current Hero (NY-216): ``move`` steps along a
  shortest route, or fewer when it reaches the Hero's space. Prisoners and
  Bosses count Manhole links as one step; a Prisoner with a Car does not
  (NY-173, NY-202). Nobody crosses a face-up Roadblock (NY-207) but the Car
  below.
- Priority (NY-217..220): first the Enemies that can reach the Hero's space
  this move, then the others; within each, higher ``move`` first, then Cars,
  Bosses, Prisoners. What is still tied is one group: the player's choice.
- A Prisoner with a Car (NY-204, NY-205) takes a fastest route; among those it
  prefers one on which it picks up a Prisoner, whom it drops where it stops.
  Bosses are never carried (NY-203).
- Engaged (sharing a space with any Hero) and tricked Enemies never move
  (NY-69, NY-71, NY-116, NY-221); an Enemy engaged by an earlier move of the
  same effect is skipped (NY-222).
- Step 12 (:func:`pull`, NY-67..73): the disengaged, untricked Enemies on the
  named neighbouring spaces come in along open roads; Manholes do not count.

What we decided where the rulebook is silent (listed in the package README):

- **Enemies enter only revealed spaces** (G-26): see :mod:`.routes`.
- **An Enemy that cannot reach** moves its full ``move`` and ends as close as it
  can (at distance ``d - move``); each distinct end space is an option. An Enemy
  with no route to the Hero at all does not move and is not ranked: it never uses
  up one of the card's moves. Neither is an Enemy already moved by this effect
  (each Enemy moves at most once per effect).
- **Passing another Hero**: an Enemy may pass through a space holding another
  Hero on its way; it only becomes engaged where it stops.
- **Identical tokens**: plain Prisoners (or Cars) with the same movement in the
  same space are interchangeable; only the lowest id is ranked or carried, so a
  player is never asked to choose between two identical tokens.
- **Which way** (NY-205, NY-220): every outcome that differs in the end space or in
  the Prisoner carried is the current player's choice; two routes with the same
  outcome are one.
- **Passengers** (NY-204): a plain Prisoner, disengaged, not tricked, not yet
  moved by this effect, on any space of the route before the last one -- the
  Car's own start space included, as a Hero's Car takes a Hero "in their space"
  (NY-45). Cars and Bosses are never passengers.
- **A Car forced through a Roadblock** (NY-206, G-29): a Car goes through a
  face-up Roadblock only when no open road route (Manholes never count for it)
  leads to the Hero at all. It then follows a fastest route counting Roadblocks
  as roads; if it gets as far as a Roadblock, it breaks through (the Roadblock is
  flipped), the move ends in the space just beyond, the Car figure leaves the
  game and a Prisoner is placed there (the state takes one from the supply, or
  New York gains 1 Noise when none is left, NY-195), with its passenger. Step 12
  never forces a Car through.
- **Abandoned Cars** (NY-200, E-17): a plain Prisoner moving into a space with an
  abandoned Car and no Hero takes it and stops there. A passenger takes one only
  where the Car stops (it rides inside the Car until then); a driver whose Car
  was wrecked takes one in the space where it crashed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from operator import attrgetter

from getaway.games.new_york.routes import Field, Walk


class Kind(StrEnum):
    """What moves: a Prisoner token, a Prisoner driving a Car, or a Boss."""

    PRISONER = "prisoner"
    CAR = "car"
    BOSS = "boss"


_RANK = {Kind.CAR: 0, Kind.BOSS: 1, Kind.PRISONER: 2}  # NY-218
_ID = attrgetter("id")


@dataclass(frozen=True, slots=True)
class Mover:
    """One Enemy on the map.

    ``move`` is its movement for this effect, bonuses included (the caller adds the
    Prisoner Bonus and the Car's +1, NY-201, or puts the card's fixed ``steps``);
    ``tricked``: laid on its side this turn (NY-116).
    """

    id: int
    kind: Kind
    move: int
    space: int
    tricked: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    """One way an Enemy can move: a route and what happens on it.

    ``path`` runs from the start space to the end space (one representative of the
    routes with the same outcome); ``passenger``: the Prisoner a Car carries to the
    end; ``crash``: the face-up Roadblock (from, to) a Car broke through -- the Car
    is gone and its driver is a plain Prisoner at the end; ``taker``: the Prisoner
    that takes the abandoned Car at the end (NY-200).
    """

    mover: int
    path: tuple[int, ...]
    passenger: int | None = None
    crash: tuple[int, int] | None = None
    taker: int | None = None

    @property
    def start(self) -> int:
        """Where the Enemy was."""
        return self.path[0]

    @property
    def end(self) -> int:
        """Where it stops."""
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class Scene:
    """The map and the Enemies at one moment of a New York effect.

    ``hero``: the current Hero's space (every move goes towards it); ``heroes``:
    every space holding a Hero (``hero`` is added); ``done``: ids already moved by
    this effect; ``cars``: spaces with an abandoned Car. ``field`` is filled in
    (the distances to ``hero``); pass one only to reuse it for the same walk and hero.
    """

    walk: Walk
    hero: int
    heroes: frozenset[int]
    movers: tuple[Mover, ...]
    done: frozenset[int] = frozenset()
    cars: frozenset[int] = frozenset()
    field: Field | None = dataclasses.field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.hero not in self.heroes:
            object.__setattr__(self, "heroes", self.heroes | {self.hero})
        f = self.field
        if f is None or f.walk is not self.walk or f.target != self.hero:
            object.__setattr__(self, "field", Field(self.walk, self.hero))

    @property
    def to_hero(self) -> Field:
        """Distances to the current Hero's space."""
        f = self.field
        assert f is not None
        return f

    def engaged(self, mover: Mover) -> bool:
        """Whether it shares a space with a Hero."""
        return mover.space in self.heroes

    def free(self, mover: Mover) -> bool:
        """Whether a card may move it now: not engaged, not tricked, not yet moved by
        this effect, with some movement (NY-221, NY-116, NY-222)."""
        return not (mover.tricked or mover.space in self.heroes
                    or mover.id in self.done or mover.move < 1)

    def after(self, move: Move) -> Scene:
        """The scene once ``move`` is made: the mover (and passenger) at its end, both
        marked as moved; a broken Roadblock open; an abandoned Car taken."""
        movers = []
        for m in self.movers:
            if m.id not in (move.mover, move.passenger):
                movers.append(m)
                continue
            kind, speed = m.kind, m.move
            if m.id == move.mover and move.crash is not None:
                kind, speed = Kind.PRISONER, speed - 1       # the Car is wrecked (NY-206)
            if m.id == move.taker:
                kind, speed = Kind.CAR, speed + 1            # NY-200, NY-201
            movers.append(replace(m, space=move.end, kind=kind, move=speed))
        done = self.done | {move.mover}
        if move.passenger is not None:
            done |= {move.passenger}
        walk = self.walk if move.crash is None else self.walk.opened(*move.crash)
        cars = self.cars if move.taker is None else self.cars - {move.end}
        return Scene(walk, self.hero, self.heroes, tuple(movers), done, cars,
                     self.field if walk is self.walk else None)


def _moving(scene: Scene, kinds: Collection[Kind] | None) -> list[Mover]:
    """The free movers of these kinds, identical tokens collapsed, in id order."""
    out: list[Mover] = []
    seen: set[tuple[Kind, int, int]] = set()
    for m in sorted(scene.movers, key=_ID):
        if (kinds is not None and m.kind not in kinds) or not scene.free(m):
            continue
        if m.kind is not Kind.BOSS:
            same = (m.kind, m.move, m.space)
            if same in seen:
                continue
            seen.add(same)
        out.append(m)
    return out


def _routed(scene: Scene, m: Mover) -> bool:
    """Whether some route leads it towards the current Hero."""
    f = scene.to_hero
    if m.kind is Kind.CAR:
        return f.roads[m.space] > 0 or f.forced[m.space] > 0
    return f.sewers[m.space] > 0


def reaches(scene: Scene, mover: Mover) -> bool:
    """Whether it can end this move in the current Hero's space (NY-217)."""
    f = scene.to_hero
    s = mover.space
    if mover.kind is Kind.CAR:
        d = f.roads[s]
        if d >= 0:
            return d <= mover.move
        d = f.forced[s]
        if d < 0 or d > mover.move:
            return False
    else:
        d = f.sewers[s]
        if d < 0 or d > mover.move:
            return False
        if mover.kind is Kind.BOSS or not (scene.cars - scene.heroes):
            return True
    # a Car crashing on the way, or a Prisoner stopping on an abandoned Car
    return any(o.end == scene.hero for o in options(scene, mover))


def priority(scene: Scene, kinds: Collection[Kind] | None = None) -> list[tuple[Mover, ...]]:
    """The Enemies a card may move now, best first, in groups of those still tied
    (NY-217..220): reaching before not reaching, then higher movement, then Cars,
    Bosses, Prisoners. ``kinds`` limits the card to some kinds of Enemy.

    Only free Enemies with a route to the Hero are ranked; an empty list means the
    card has nothing left to move.
    """
    ranked = []
    for m in _moving(scene, kinds):
        if _routed(scene, m):
            key = (not reaches(scene, m), -m.move, _RANK[m.kind])
            ranked.append((key, m.id, m))  # ids differ: two Movers are never compared
    ranked.sort()
    groups: list[tuple[Mover, ...]] = []
    last = None
    for key, _id, m in ranked:
        if key == last:
            groups[-1] += (m,)
        else:
            groups.append((m,))
            last = key
    return groups


def _riders(scene: Scene, car: Mover) -> dict[int, int]:
    """Space -> the Prisoner a Car may pick up there (lowest id), per NY-203/204."""
    out: dict[int, int] = {}
    for m in scene.movers:
        if m.kind is Kind.PRISONER and m.id != car.id and scene.free(m) \
                and m.id < out.get(m.space, m.id + 1):
            out[m.space] = m.id
    return out


def options(scene: Scene, mover: Mover) -> tuple[Move, ...]:
    """Every distinct way this Enemy can move now (empty when it cannot move): the
    current player picks when there are several (E-18, NY-205, NY-220).

    Distinct means a different end space or a different passenger; of two ways that
    end alike, one through a Roadblock and one not, the Car is not forced through.
    Among a Car's fastest ways only those picking up a Prisoner count when there is
    one (NY-205).
    """
    if not scene.free(mover):
        return ()
    f = scene.to_hero
    walk = scene.walk
    s = mover.space
    car = mover.kind is Kind.CAR
    crashing = False
    if car:
        dist = f.roads
        if dist[s] < 0:
            dist, crashing = f.forced, True
    else:
        dist = f.sewers
    d = dist[s]
    if d <= 0:
        return ()
    k = min(mover.move, d)
    holes = walk.manholes if not car else frozenset()
    riders = _riders(scene, mover) if car else {}
    stops = scene.cars - scene.heroes if mover.kind is Kind.PRISONER else frozenset()
    found: list[Move] = []
    # state (space, passenger or -1) -> one path reaching it; layer i is d - i from the Hero
    layer: dict[tuple[int, int], tuple[int, ...]] = {(s, -1): (s,)}
    if s in riders:
        layer[(s, riders[s])] = (s,)
    for i in range(1, k + 1):
        want = d - i
        nxt: dict[tuple[int, int], tuple[int, ...]] = {}
        for (x, r), path in layer.items():
            for y in _links(walk, x, holes):
                if dist[y] == want and (y, r) not in nxt:
                    nxt[(y, r)] = (*path, y)
            if crashing:
                for y in walk.blocked[x]:
                    if dist[y] == want:
                        found.append(_ending(scene, mover, (*path, y), r, (x, y)))
        layer = {}
        for (y, r), path in nxt.items():
            if y in stops:
                found.append(Move(mover.id, path, taker=mover.id))
                continue
            layer[(y, r)] = path
            if r < 0 and i < k and y in riders:
                layer.setdefault((y, riders[y]), path)
    found.extend(_ending(scene, mover, path, r, None) for (_, r), path in layer.items())
    if car and any(o.passenger is not None for o in found):
        found = [o for o in found if o.passenger is not None]   # NY-205
    seen: dict[tuple[int, int | None], Move] = {}
    for o in found:
        key = (o.end, o.passenger)
        if key not in seen or (seen[key].crash is not None and o.crash is None):
            seen[key] = o   # a crash is forced only when no open way ends alike (NY-206)
    return tuple(sorted(seen.values(), key=_order))


def _order(o: Move) -> tuple[int, int, tuple[int, int]]:
    return (o.end, -1 if o.passenger is None else o.passenger,
            (-1, -1) if o.crash is None else o.crash)


def _links(walk: Walk, x: int, holes: frozenset[int]) -> Iterable[int]:
    if x in holes:
        return (*walk.roads[x], *(h for h in holes if h != x))
    return walk.roads[x]


def _ending(scene: Scene, mover: Mover, path: tuple[int, ...], rider: int,
            crash: tuple[int, int] | None) -> Move:
    """A car's move (or any move ending normally), with who takes an abandoned Car."""
    end = path[-1]
    passenger = None if rider < 0 else rider
    taker = None
    if end in scene.cars and end not in scene.heroes:
        if crash is not None or mover.kind is Kind.PRISONER:
            taker = mover.id
        elif passenger is not None:
            taker = passenger
    return Move(mover.id, path, passenger, crash, taker)


def pull(scene: Scene, sources: Iterable[int]) -> tuple[Mover, ...]:
    """The Enemies step 12 moves into the current Hero's space (NY-67..73, E-8).

    ``sources`` are the neighbouring spaces across the sides shown on the New York
    deck's top card (the caller maps each side with ``Map.neighbour``). Every
    disengaged, untricked Enemy there comes in if an open road joins its space to
    the Hero's; Manholes and the card's Roadblock icon play no part, and no Car is
    forced through a Roadblock.
    """
    near = set(scene.walk.steps(scene.hero)).intersection(sources) - scene.heroes
    return tuple(sorted((m for m in scene.movers if m.space in near and not m.tricked),
                        key=lambda m: m.id))
