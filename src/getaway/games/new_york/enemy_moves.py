"""The state's side of Enemy movement: a :class:`~.enemies.Scene` built from the state,
the current player's choices as decisions (which tied Enemy moves, which way), and the
chosen moves carried out (NY-216..222, NY-199..207, NY-67..73).

The rules themselves are :mod:`.enemies` (pure functions); this module only asks and
applies. The ways an Enemy may move (:func:`.enemies.options`) are told apart by where
it ends and by the Prisoner a Car carries: the player picks the end space
(:class:`RouteEnemy`), then, when fastest routes to it pick up different Prisoners,
which one rides (:class:`PickRider`, NY-205).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, count
from typing import ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.combat import move_enemy
from getaway.games.new_york.enemies import Kind, Move, Mover, Scene, options, priority
from getaway.games.new_york.frames import Step, kept
from getaway.games.new_york.routes import Field, Walk
from getaway.games.new_york.state import CAR_GONE, CAR_NY, CAR_WHITE, NewYorkState
from getaway.games.new_york.tables import (
    BOSS0,
    BOSSES,
    CAR0,
    ENEMY_IDS,
    ENEMY_INDEX,
    N_BOSSES,
    N_CARS,
    NY_PULL,
    SIDE_OF,
    SPACE_IDS,
    SPACE_INDEX,
)
from getaway.games.new_york.walks import SIDES, walk_of
from getaway.games.new_york.world import add_prisoner, destroy_roadblock, settle_cars

KINDS: dict[str, frozenset[Kind] | None] = {
    "any": None, "prisoner": frozenset({Kind.PRISONER, Kind.CAR}),
    "boss": frozenset({Kind.BOSS})}
_FIELDS: dict[tuple[int, int], Field] = {}
_ON_MAP = (-1).__lt__


def scene_of(s: NewYorkState, steps: int = 0, done: frozenset[int] = frozenset()) -> Scene:
    """The Enemies and the map now; ``steps`` > 0 moves every Enemy that far.

    Every Enemy on the map, in id order, as ``all_enemies`` with ``emove`` and
    ``enemy_space``; the Prisoner Bonus to movement is summed once, not per Enemy (a
    scene is built for every Enemy a card moves)."""
    tricked = s.tricked
    cst = s.cst
    cpos = s.cpos
    bonus = s.prisoner_bonus(1)
    prisoner = steps or 1 + bonus
    known = _MOVERS
    if len(known) > 4096:
        known.clear()
    movers: list[Mover] = []
    ppos = s.ppos
    for e in compress(count(), map(_ON_MAP, ppos)):  # the Prisoners on the map, in C
        key = (e, prisoner, ppos[e], bool(tricked >> e & 1))
        m = known.get(key)
        movers.append(m if m is not None else _mover(key, Kind.PRISONER))
    for c in range(N_CARS):
        if cst[c] == CAR_NY:
            e = CAR0 + c
            key = (e, steps or 2 + bonus, cpos[c], bool(tricked >> e & 1))
            m = known.get(key)
            movers.append(m if m is not None else _mover(key, Kind.CAR))
    for b, p in enumerate(s.bpos):
        if p >= 0:
            e = BOSS0 + b
            key = (e, steps or BOSSES[b].move, p, bool(tricked >> e & 1))
            m = known.get(key)
            movers.append(m if m is not None else _mover(key, Kind.BOSS))
    cars = frozenset(compress(cpos, map(CAR_WHITE.__eq__, cst))) if CAR_WHITE in cst \
        else _NO_CARS  # no abandoned Car: the usual answer, without a pass over the Cars
    walk = walk_of(s)
    hero = s.hpos[s.cur]
    return Scene(walk, hero, frozenset(s.hpos), tuple(movers), done, cars,
                 field_of(walk, hero))


def _mover(key: tuple[int, int, int, bool], kind: Kind) -> Mover:
    """The Mover of ``key`` (its id, movement, space and whether it is tricked; the id
    tells the kind), made once and kept: a Mover is an immutable value, and a scene is
    built for every Enemy a card moves."""
    m = _MOVERS[key] = Mover(key[0], kind, key[1], key[2], key[3])
    return m


_MOVERS: dict[tuple[int, int, int, bool], Mover] = {}
_NO_CARS: frozenset[int] = frozenset()


def field_of(walk: Walk, hero: int) -> Field:
    """The distances to ``hero`` over ``walk``, kept while the walk is: a card moving
    several Enemies, and the choices between them, build one scene per step over the
    same map, and each would search the same routes again."""
    key = (id(walk), hero)
    f = _FIELDS.get(key)
    if f is None or f.walk is not walk:  # an id is reused once its walk is gone
        if len(_FIELDS) > 512:
            _FIELDS.clear()
        f = _FIELDS[key] = Field(walk, hero)
    return f


def apply_move(s: NewYorkState, m: Move, events: list[Event]) -> None:
    """Carry out one Enemy move."""
    e = m.mover
    text = words.enemy_move(s, e, m.start, m.end, m.passenger)
    move_enemy(s, e, m.end)
    if m.passenger is not None:
        move_enemy(s, m.passenger, m.end)
    s.say(events, "enemy_move", text, {"enemy": ENEMY_IDS[e], "from": SPACE_IDS[m.start],
                                       "to": SPACE_IDS[m.end]}
          | ({"passenger": ENEMY_IDS[m.passenger]} if m.passenger is not None else {}))
    if m.crash is not None:
        x, y = m.crash
        destroy_roadblock(s, x, SIDE_OF[x, y], events)
        c = e - CAR0
        s.cst[c] = CAR_GONE  # the Car is removed; a Prisoner stays (NY-206, G-29)
        s.cpos[c] = -1
        s.tricked &= ~(1 << e)
        s.say(events, "car_wrecked", words.car_wrecked(s, e), {"enemy": ENEMY_IDS[e]})
        add_prisoner(s, m.end, events)
    settle_cars(s, events)  # a Prisoner stopping on an abandoned Car takes it (NY-200)


def move_enemies(s: NewYorkState, count: int, steps: int, kind: str,
                 events: list[Event]) -> None:
    """Move up to ``count`` Enemies towards the current Hero, by priority (NY-216..222)."""
    if count > 0:
        s.stack.append(kept(EnemyMoves, count, steps, kind))


@dataclass(frozen=True, slots=True)
class EnemyMoves(Decision):
    """Move the next Enemy of a ``move_enemies`` effect (``left`` more at most)."""

    automatic: ClassVar[bool] = True
    left: int
    steps: int
    kind: str
    done: frozenset[int] = frozenset()

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        scene = scene_of(s, self.steps, self.done)
        groups = priority(scene, KINDS[self.kind])
        if not groups:
            return
        group = groups[0]
        if len(group) > 1:
            s.stack.append(PickEnemy(self, tuple(m.id for m in group)))
            return
        go(s, self, scene, group[0], events)


def go(s: NewYorkState, frame: EnemyMoves, scene: Scene, mover: Mover,
       events: list[Event]) -> None:
    """Move ``mover``: at once when one way is left, else the player picks the way."""
    ways = options(scene, mover)
    if not ways:
        return
    ends = tuple(sorted({m.end for m in ways}))
    if len(ends) > 1:
        s.stack.append(RouteEnemy(frame, mover.id, ends))
        return
    way(s, frame, ways, ends[0], events)


def way(s: NewYorkState, frame: EnemyMoves, ways: tuple[Move, ...], end: int,
        events: list[Event]) -> None:
    """The Enemy ends on ``end``: at once when one way leads there, else the player picks
    the Prisoner the Car carries (NY-205)."""
    there = [m for m in ways if m.end == end]
    if len(there) > 1:
        riders = tuple(sorted(m.passenger for m in there if m.passenger is not None))
        s.stack.append(PickRider(frame, there[0].mover, end, riders))
        return
    done(s, frame, there[0], events)


def done(s: NewYorkState, frame: EnemyMoves, m: Move, events: list[Event]) -> None:
    """Carry out the move and queue the next Enemy of the effect."""
    if frame.left > 1:
        moved = frame.done | ({m.mover} if m.passenger is None else {m.mover, m.passenger})
        s.stack.append(EnemyMoves(frame.left - 1, frame.steps, frame.kind, moved))
    apply_move(s, m, events)


@dataclass(frozen=True, slots=True)
class PickEnemy(Step):
    """The current player breaks a tie between Enemies (NY-220)."""

    key: ClassVar[str] = "pick_enemy"
    frame: EnemyMoves
    ids: tuple[int, ...]

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.PICK[e] for e in self.ids]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.Pick)
        s.stack.pop()
        scene = scene_of(s, self.frame.steps, self.frame.done)
        e = ENEMY_INDEX[action.enemy]
        mover = next(m for m in scene.movers if m.id == e)
        go(s, self.frame, scene, mover, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_pick_enemy(s, self.ids)


def _ways(s: NewYorkState, frame: EnemyMoves, enemy: int) -> tuple[Move, ...]:
    scene = scene_of(s, frame.steps, frame.done)
    mover = next(m for m in scene.movers if m.id == enemy)
    return options(scene, mover)


@dataclass(frozen=True, slots=True)
class RouteEnemy(Step):
    """The current player chooses where a moving Enemy ends (E-18, NY-220)."""

    key: ClassVar[str] = "route_enemy"
    frame: EnemyMoves
    enemy: int
    ends: tuple[int, ...]

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.ROUTE[y] for y in self.ends]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.Route)
        s.stack.pop()
        way(s, self.frame, _ways(s, self.frame, self.enemy), SPACE_INDEX[action.space], events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_route(s, self.enemy)


@dataclass(frozen=True, slots=True)
class PickRider(Step):
    """Fastest routes of a Car to ``end`` pick up different Prisoners: the current player
    chooses which one rides along (NY-205; identical tokens in one space are one)."""

    key: ClassVar[str] = "pick_rider"
    frame: EnemyMoves
    enemy: int
    end: int
    riders: tuple[int, ...]

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.PICK[e] for e in self.riders]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.Pick)
        s.stack.pop()
        rider = ENEMY_INDEX[action.enemy]
        m = next(m for m in _ways(s, self.frame, self.enemy)
                 if m.end == self.end and m.passenger == rider)
        done(s, self.frame, m, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_rider(s, self.enemy, self.end, self.riders)


def _pull_sources(s: NewYorkState, sides: int, x: int) -> set[int]:
    """The spaces on the named ``sides`` of ``x`` from which Enemies come in: joined to
    ``x`` by an open road (``walk_of(s).steps(x)``: both revealed, a road on either
    tile, no face-up Roadblock) and holding no Hero.

    Read from the sides themselves rather than from the whole walk: the map usually
    changed since the last walk was built, and six sides cost less than 64 spaces."""
    up = s.up
    if not up >> x & 1:
        return set()
    roads = s.roads
    rb = s.rb
    ra = roads[x]
    hpos = s.hpos
    return {b for d, b, opp, edge in SIDES[x]
            if sides >> d & 1 and up >> b & 1 and (ra >> d & 1 or roads[b] >> opp & 1)
            and rb[edge] != 1 and b not in hpos}


def pull(s: NewYorkState, events: list[Event]) -> None:
    """Step 12: the disengaged Enemies on the sides the top New York card's back shows
    come into the current Hero's space (NY-67..73)."""
    if not s.nyd:
        return
    x = s.hpos[s.cur]
    near = _pull_sources(s, NY_PULL[s.nyd[-1]], x)
    if not near:
        return
    tricked = s.tricked
    cst = s.cst
    # every Enemy there, in id order (Prisoners, Cars, Bosses), where it stands before any
    # comes in: ``all_enemies`` with ``enemy_space``, the Prisoners picked out in C
    ppos = s.ppos
    movers = [(e, ppos[e]) for e in compress(count(), map(near.__contains__, ppos))
              if not tricked >> e & 1]
    movers.extend((CAR0 + c, y) for c, y in enumerate(s.cpos)
                  if y in near and cst[c] == CAR_NY and not tricked >> (CAR0 + c) & 1)
    movers.extend((BOSS0 + b, y) for b, y in enumerate(s.bpos)
                  if y in near and not tricked >> (BOSS0 + b) & 1)
    for e, space in movers:
        s.say(events, "pull", words.pull(s, e, space, x),
              {"enemy": ENEMY_IDS[e], "from": SPACE_IDS[space], "to": SPACE_IDS[x]})
        move_enemy(s, e, x)


__all__ = ["CAR_NY", "N_BOSSES"]
