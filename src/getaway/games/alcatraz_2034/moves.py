"""Moving prisoners: the legal moves, the move itself and what arriving somewhere does.

A move's ends come from :mod:`.routes`; here the pieces standing on spaces
decide where it may stop: never on a one-prisoner space already taken, never
on a one-prisoner space holding a sentinel, never on a safe space when
running. Sneaking 0 steps (staying put) is a move too; it puts the marker on
sneaking but is no arrival: nothing is revealed or drawn.

Arriving in a building turns its tile face up; an Escape symbol offers a card
of that deck, a revealed tunnel offers the trip to the tunnel space. Arriving
in the cell block draws a card of choice. Arriving on a Run space turns its
Run tile face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter
from typing import Any, ClassVar, cast

from getaway.core.actions import Action
from getaway.core.decisions import PASS, Decision
from getaway.core.events import Event
from getaway.games.alcatraz_2034.actions import ENTER_TUNNEL, MOVE, Move
from getaway.games.alcatraz_2034.common import push_draw
from getaway.games.alcatraz_2034.routes import OPEN_BALL, prisoner_reach
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import (
    BT_DECK,
    BT_IDS,
    BUILDING_SLOT,
    CELL,
    ENDS_SAFE,
    FACE_DOWN,
    FACE_UP,
    N_PRISONERS,
    N_SPACES,
    PASSES_SENTINELS,
    PRISONER_INDEX,
    RT_CARDS,
    RUN,
    RUN_SLOT,
    SAFE,
    SINGLE,
    SNEAK,
    SPACE_IDS,
    SPACE_INDEX,
    STEPS,
    TUNNEL,
    TUNNEL_TILE,
    WALK,
    WAY_IDS,
)
from getaway.games.alcatraz_2034.words import (
    back_in_cell_block,
    building_revealed,
    down_the_tunnel,
    extra_move_prompt,
    moved,
    run_tile_revealed,
    searches,
    stayed,
    tunnel_prompt,
    went_on,
)


def move_ends(s: AlcatrazState, p: int, way: int, steps: int = 0) -> list[int]:
    """Spaces prisoner ``p`` may end a move of ``way`` on (``steps``: a card's extra move)."""
    start = s.pos[p]
    ends, _ = prisoner_reach(start, way, s.sentinel_mask(), steps)
    taken = 0
    for q, x in enumerate(s.pos):
        if x >= 0 and q != p:
            taken |= 1 << x
    taken |= s.sentinel_mask()
    safe_ok = ENDS_SAFE[way]
    out = []
    for j in ends:
        if SINGLE[j] and taken >> j & 1:
            continue
        if not safe_ok and SAFE[j]:
            continue
        out.append(j)
    return out


_WAYS = (1, 2, 3)  # sneak, walk, run
_FIXED_WAYS = tuple(w for w in _WAYS if PASSES_SENTINELS[w])
_BLOCKED_WAYS = tuple(w for w in _WAYS if not PASSES_SENTINELS[w])
assert _FIXED_WAYS + _BLOCKED_WAYS == (SNEAK, WALK, RUN), "sneaking passes sentinels"
assert len(_BLOCKED_WAYS) == 2, "a blocked way's ends are codes 0-127, the other's 128-255"
assert N_SPACES <= 128, "a space per byte, below 128"
_REACH_STEPS = max(STEPS[w] for w in _BLOCKED_WAYS) - 1
assert _REACH_STEPS <= 8, "OPEN_BALL reaches 8 steps"
_LONGEST_FIRST = sorted(_BLOCKED_WAYS, key=lambda w: -STEPS[w])  # a run's search: the walk's

_NOT_SAFE = bytes(not SAFE[j] if j < N_SPACES else 0 for j in range(256))
"""A ``bytes.translate`` table: 1 for the spaces that are not safe."""
_HIGH = bytes((j + 128) % 256 for j in range(256))
"""A ``bytes.translate`` table: a space's code as an end of the second blocked way."""


def _ends(start: int, way: int, near: int) -> bytes:
    """The spaces a move of ``way`` from ``start`` may end on, a byte each, in search
    order, with sentinels on ``near`` (safe spaces dropped when the way may not end
    there); before other pieces are looked at."""
    ends, _ = prisoner_reach(start, way, near)
    return ends if ENDS_SAFE[way] else bytes(compress(ends, ends.translate(_NOT_SAFE)))


_FIXED_ENDS = tuple(_ends(start, SNEAK, 0) for start in range(N_SPACES))
"""Per start: the ends of sneaking, the one way that passes sentinels: sentinels change
none of them, so they depend on the start alone."""
_CODED_MOVES = tuple(
    tuple(MOVE[p][_BLOCKED_WAYS[j >> 7]][j & 127] if j & 127 < N_SPACES else None
          for j in range(256))
    for p in range(N_PRISONERS))
"""Per prisoner and code: its move of the first blocked way (walking) to space ``code``
(0-127), or of the second (running) to space ``code - 128`` (128-255)."""


_REACH: dict[int, bytes] = {}
_REACH_LIMIT = 50_000  # entries; a 3-second benchmark makes about 20,000
"""Per start and the sentinels that matter (one int): the codes of the blocked ways' ends
(see :data:`_CODED_MOVES`). Int keys and bytes values: the garbage collector never
tracks the dict, so a full collection never walks it."""


def _reach(start: int, near: int) -> bytes:
    """The ends of each blocked way (walking, running) from ``start``, as codes, safe
    spaces dropped when running, with the sentinels ``near`` it (those on
    :data:`.routes.OPEN_BALL`, the only ones that matter); kept in :data:`_REACH`.

    Cached on exactly that, so prisoners far from any sentinel share one entry
    whatever happens elsewhere on the island. Each way's search is
    :func:`.routes.prisoner_reach`'s, given ``near`` for the sentinels: it holds
    the sentinels that matter to that way, and any other it holds stands on a
    space where the move would end anyway (so only a one-prisoner space it takes
    changes, and legal moves drop those as taken).
    """
    found = {way: _ends(start, way, near) for way in _LONGEST_FIRST}
    if len(_REACH) > _REACH_LIMIT:
        _REACH.clear()
    first, second = _BLOCKED_WAYS
    codes = _REACH[near << 7 | start] = found[first] + found[second].translate(_HIGH)
    return codes


def legal_moves(s: AlcatrazState, seat: int) -> list[Action]:
    """Every move of ``seat``'s prisoners on the island (sneaking 0 steps included).

    The hot path of random rollouts (a few hundred moves per turn): the ends come from
    a fixed table (sneaking) and :func:`_reach`'s cache (walking, running), and each
    prisoner's moves are picked and copied in C, the few that end on a one-prisoner
    space already taken first deleted from the ends (``bytes.translate``).
    """
    acts: list[Action] = []
    sent = s.sentinel_mask()
    pos = s.pos
    taken = bytearray()  # the codes of one-prisoner spaces taken: no move ends there
    for x in pos:
        if x >= 0 and SINGLE[x]:
            taken += _CODES_OF[x]
    for x in s.sent_pos:
        if x >= 0 and SINGLE[x]:
            taken += _CODES_OF[x]
    open_ball = OPEN_BALL
    reach = _REACH
    for p in s.seat_prisoners[seat]:
        start = pos[p]
        if start < 0:
            continue
        sneaks = MOVE[p][SNEAK]
        acts.append(sneaks[start])  # sneaking 0 steps: staying put
        ends = _FIXED_ENDS[start].translate(None, taken)
        if len(ends) > 1:
            acts.extend(itemgetter(*ends)(sneaks))
        elif ends:
            acts.append(sneaks[ends[0]])
        near = sent & open_ball[start][_REACH_STEPS]
        codes = reach.get(near << 7 | start)
        if codes is None:
            codes = _reach(start, near)
        codes = codes.translate(None, taken)
        if len(codes) > 1:
            acts.extend(itemgetter(*codes)(_CODED_MOVES[p]))
        elif codes:
            acts.append(cast(Move, _CODED_MOVES[p][codes[0]]))
    return acts


_CODES_OF = tuple(bytes((x, x | 128)) for x in range(N_SPACES))
"""Per space: its codes as an end of either blocked way (a sneak's end is its space)."""


def do_move(s: AlcatrazState, action: Move, events: list[Event]) -> None:
    """Carry out a legal move: the marker, the new space, and what arriving there does."""
    p = PRISONER_INDEX[action.prisoner]
    way = WAY_IDS.index(action.way)
    dest = SPACE_INDEX[action.to]
    start = s.pos[p]
    s.marker[p] = way
    s.acted = True
    s.moved = p
    s.way = way
    if dest == start:
        s.say(events, "stay", stayed(p, start),
              {"prisoner": action.prisoner, "way": action.way, "to": action.to})
        return
    _, stops = prisoner_reach(start, way, s.sentinel_mask())
    s.locked = bool(stops >> dest & 1)
    s.say(events, "move", moved(p, way, start, dest),
          {"prisoner": action.prisoner, "way": action.way, "from": SPACE_IDS[start],
           "to": action.to})
    arrive(s, p, dest, events)


def arrive(s: AlcatrazState, p: int, dest: int, events: list[Event]) -> None:
    """Prisoner ``p`` ends a move on ``dest``: reveal what is there and push its offers."""
    s.pos[p] = dest
    s.since[p] = s.turn
    seat = s.owner[p]
    if dest == CELL:
        s.locked = True
        push_draw(s, seat, why=back_in_cell_block(p))
        return
    b = BUILDING_SLOT[dest]
    if b >= 0:
        tile = s.building_tile[b]
        if not s.building_up >> b & 1:
            s.building_up |= 1 << b
            s.building_peek[b] = 0
            s.say(events, "building", building_revealed(dest, tile),
                  {"building": SPACE_IDS[dest], "tile": BT_IDS[tile]})
        if tile == TUNNEL_TILE:
            s.stack.append(TunnelChoice(p))
        elif BT_DECK[tile] >= 0:
            push_draw(s, seat, deck=BT_DECK[tile], optional=True,
                      why=searches(p, dest))
        return
    r = RUN_SLOT[dest]
    if r >= 0 and s.run_tile_state[r] == FACE_DOWN:
        s.run_tile_state[r] = FACE_UP
        cards = RT_CARDS[s.run_tile[r]]
        s.say(events, "run_tile", run_tile_revealed(dest, cards),
              {"space": SPACE_IDS[dest], "cards": cards})


@dataclass(frozen=True, slots=True)
class TunnelChoice(Decision):
    """The owner of prisoner ``p``, in a tunnel building, may take it down to the tunnel space."""

    key: ClassVar[str] = "tunnel"

    p: int

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (s.owner[self.p],)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        return (ENTER_TUNNEL, PASS)

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is PASS:
            return
        s.pos[self.p] = TUNNEL
        s.since[self.p] = s.turn
        s.locked = True
        s.say(events, "tunnel", down_the_tunnel(self.p), {"prisoner": self.p})

    def prompt(self, s: AlcatrazState) -> str:
        return tunnel_prompt(self.p, s.pos[self.p])

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "prisoner": self.p}


@dataclass(frozen=True, slots=True)
class ExtraMove(Decision):
    """A card's extra move: prisoner ``p`` goes up to ``steps`` more steps the same way."""

    key: ClassVar[str] = "extra_move"

    p: int
    way: int
    steps: int

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (s.owner[self.p],)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        row = MOVE[self.p][self.way]
        return [*(row[j] for j in move_ends(s, self.p, self.way, self.steps)), PASS]

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is PASS:
            return
        assert isinstance(action, Move)
        start = s.pos[self.p]
        dest = SPACE_INDEX[action.to]
        _, stops = prisoner_reach(start, self.way, s.sentinel_mask(), self.steps)
        s.locked = bool(stops >> dest & 1)
        s.say(events, "move", went_on(self.p, dest),
              {"prisoner": action.prisoner, "way": action.way, "from": SPACE_IDS[start],
               "to": action.to})
        arrive(s, self.p, dest, events)

    def prompt(self, s: AlcatrazState) -> str:
        return extra_move_prompt(self.p, self.way, self.steps)

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "prisoner": self.p, "steps": self.steps}

