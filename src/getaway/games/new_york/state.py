"""Escape from New York game state: the truth of one game, in flat lists of small ints.

Numbering is that of :mod:`.tables`. Piles are lists with the top card last.
Per-seat lists are indexed by seat (the Hero a seat plays is ``hero[seat]``).
The rules live in the rules modules (:mod:`.turn`, :mod:`.moves`,
:mod:`.combat`, :mod:`.newyork`, ...); this module holds the data, the
questions about it that need no decision, copying and determinizing.

Map: ``tile[s]`` (-1: empty or a POI space), ``poi[s]`` (the POI tile on a POI
space, else -1), ``up`` (bit mask of revealed spaces: tiles, face-up POIs),
``roads[s]`` (6-bit mask; every side of a POI space and of the Library),
``suburb[s]`` (a Suburb token, an index into ``SUBURB_PILE``), ``sub_up``,
``cubes[s]`` (Item cubes), ``holes``/``evmask``/``rafts`` (bit masks of the
spaces showing a Manhole, an Event icon, a Raft), ``rb[edge]`` (0 none, 1 a
face-up Roadblock, 2 a destroyed one).

Enemies: ``ppos`` per Prisoner token (-1: off the map), ``cpos``/``cst`` per
Car figure (``CAR_*`` states), ``bpos``/``bhp`` per Boss (``BOSS_OFF`` before it
enters, ``BOSS_GONE`` once removed), ``tricked`` (bit mask over Enemy ids) and
``edmg`` (damage taken this turn by Prisoners and Car drivers, NY-109).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from itertools import compress, count
from typing import Any, Self, cast

from getaway.core.actions import Action
from getaway.core.chance import Rng
from getaway.core.decisions import DecisionState
from getaway.core.events import Event
from getaway.core.spec import Config
from getaway.core.words import Sentence
from getaway.games.new_york.actions import SPACE
from getaway.games.new_york.model import ItemKind, Module, TimerColour
from getaway.games.new_york.tables import (
    ACTION_HERO,
    ADJ,
    BOSS0,
    BOSSES,
    BRACELET_CODES,
    CAR0,
    CASE0,
    EDGE,
    HERO_NAMES,
    ITEM_KIND,
    N_BOSSES,
    N_CARS,
    N_ENEMIES,
    N_PRISONER_TOKENS,
    NEIGH,
    NY,
    OPP,
    POI_MASK,
    PRESIDENT,
    SPECIALS,
    TIMERS,
)

# Car figure states
CAR_BOX = 0     # in the general supply
CAR_NY = 1      # red base: a Prisoner drives it (an Enemy, NY-171)
CAR_WHITE = 2   # white base: abandoned (NY-199)
CAR_HERO = 3    # a Hero's colour: the Hero drives it (NY-153)
CAR_GONE = 4    # removed from the game (NY-206)
TAXI = N_CARS   # ``car[seat]`` of Cabbie in his Taxi
BOSS_OFF = -1   # not yet in play
BOSS_GONE = -2  # removed from the game (NY-113)
HOME = -1       # a Case token in its Case space
# peekable decks (``seen[seat][deck]``: how many top cards the seat has looked at)
SEEN_TIMER, SEEN_NY, SEEN_EVENT, SEEN_ITEM = range(4)

_BONUS = {"hp": 0, "move": 1, "damage": 2, "range": 3}
NY_BONUS: tuple[tuple[int, int], ...] = tuple(
    next(((_BONUS[e["stat"]], e["amount"]) for e in c.effects if e.op.value == "prisoner_bonus"),
         (-1, 0)) for c in NY)
"""Per New York card: (stat, amount) of its Prisoner Bonus, or (-1, 0)."""
BLACK: tuple[bool, ...] = tuple(t.colour is TimerColour.BLACK for t in TIMERS)
RED: tuple[bool, ...] = tuple(t.colour is TimerColour.RED for t in TIMERS)



class Logged(Event):
    """A public event as the log keeps it: the event itself, linked to the one logged
    before it (``prev``). One object per public event where an (event, rest) pair made
    two: playouts say millions of events, and each logged one lives until its game ends,
    counted and scanned by the collector of cyclic garbage all that time."""

    __slots__ = ("prev",)
    prev: Logged | None

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as the plain :class:`Event` it is, without the log behind it
        (which would be pickled link by link, past Python's recursion limit)."""
        return (Event, (self.kind, "", self.data, self.seats, self.words), None) \
            if self.words is not None else \
            (Event, (self.kind, self.text, self.data, self.seats, None), None)


AROUND: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((NEIGH[a][d], EDGE[a][d]) for d in range(6) if NEIGH[a][d] >= 0)
    for a in range(len(NEIGH)))
"""Each space's neighbours in side order, with the edge between (-1: none, never
blocked)."""

Log = Logged | None
"""The public events as a linked list (newest first, ``Logged.prev``), shared by clones."""

_LISTS = ("tile", "poi", "roads", "suburb", "cubes", "rb", "poi_seen", "ppos", "cpos",
          "cst", "bpos", "bhp", "edmg", "hpos", "played", "shown", "weapon", "ammo", "car",
          "level", "barp", "bari", "wanted", "taken", "slot", "token", "pdeck", "city",
          "park", "items", "idisc", "events", "edisc", "nyd", "nydisc", "bonus", "nyaside",
          "timer", "tout", "tdisc", "poi_left", "drawn")
_NESTED = ("hand", "disc", "supply", "objs", "objd", "objx", "seen")
_SCALARS = ("up", "sub_up", "holes", "evmask", "rafts", "tricked", "cur", "turn", "ability",
            "shield", "bonus_dmg", "noevents", "made", "abandoned", "dropped", "evpend",
            "wuses", "pres", "pres_found", "pres_dead", "bracelet_up", "gull", "heli",
            "landed", "noise", "mission", "evpos", "hurry", "wanted_left",
            "passenger", "aside", "lone_asked")


class NewYorkState(DecisionState):
    """One game of Escape from New York."""

    action_space = SPACE
    __slots__ = ("_cache", "_cache_seat", "_outcome", "config", "hero", "limit", "log",
                 "modules", "n", "rng", "seed", "stack", "bars", *_LISTS, *_NESTED,
                 *_SCALARS)

    config: Config
    seed: int
    n: int
    limit: int                 # Prisoner tokens in play: 40, or 30 (NY-239)
    modules: frozenset[Module]
    rng: Rng
    log: Log
    hero: tuple[int, ...]      # per seat: the Hero played
    bars: tuple[tuple[int, ...], ...]  # per seat: the 3 Level Bars, level 1 first
    # map
    tile: list[int]
    poi: list[int]
    roads: list[int]
    suburb: list[int]
    cubes: list[int]
    rb: list[int]
    poi_seen: list[int]        # per space: bit mask of seats that looked at its face-down POI
    up: int
    sub_up: int
    holes: int
    evmask: int
    rafts: int
    # enemies
    ppos: list[int]
    cpos: list[int]
    cst: list[int]
    bpos: list[int]
    bhp: list[int]
    edmg: list[int]
    tricked: int
    # heroes, per seat
    hpos: list[int]
    hand: list[list[int]]
    disc: list[list[int]]
    played: list[int]          # the current player's face-down played cards
    shown: list[int]           # ... and those revealed this turn
    supply: list[list[int]]
    weapon: list[int]          # item kind in the Weapon slot, or -1
    ammo: list[int]
    car: list[int]             # -1, a Car figure, or TAXI
    level: list[int]           # Level Bars completed (NY-166)
    barp: list[int]            # Prisoners on the current bar
    bari: list[int]            # Item cubes on the current bar
    objs: list[list[int]]      # [blue, purple] objective per seat
    wanted: list[int]
    taken: list[int]           # Special Action cards taken so far
    seen: list[list[int]]      # per seat: top cards known per peekable deck
    # the turn
    cur: int
    turn: int
    ability: bool              # the Personal Ability was used this turn
    shield: int                # damage ignored in step 7 (99: all)
    bonus_dmg: int             # added to the next damage effect (NY-245)
    noevents: bool             # no Event cards this turn
    made: int                  # Noise of the played cards and the ability (step 6)
    abandoned: bool            # the current Hero abandoned a Car this turn
    dropped: int               # Case tokens the current Hero dropped this turn (bit mask)
    evpend: int                # Event icons entered during the card being resolved
    wuses: int                 # uses of the revealed Weapon this turn
    # cases and the President
    slot: list[int]            # per Case space: the Case card lying there, or -1
    token: list[int]           # per Case token: HOME or a space
    pres: int                  # the seat holding the President, or -1
    pres_found: bool           # the first collection happened (NY-134)
    pres_dead: bool            # the President deck said Dead (NY-260)
    bracelet_up: bool          # the Bracelet was revealed (NY-126)
    pdeck: list[int]           # the President deck: 1 Alive, 0 Dead
    # counters
    gull: int                  # the Gullfire's space, or -1 once destroyed
    heli: int
    landed: bool
    noise: int
    mission: int               # Mission cubes in the right box
    evpos: int
    hurry: bool                # the Hurry Up tile was revealed
    wanted_left: int
    # decks (top last)
    city: list[int]
    park: list[int]
    items: list[int]
    idisc: list[int]
    events: list[int]
    edisc: list[int]
    nyd: list[int]
    nydisc: list[int]
    bonus: list[int]           # New York cards above the board: Prisoner Bonuses (NY-234)
    nyaside: list[int]         # New York Special cards not yet shuffled in
    timer: list[int]
    tout: list[int]            # black Timer tiles set aside unseen
    tdisc: list[int]
    objd: list[list[int]]      # the blue and purple objective decks
    objx: list[list[int]]      # objectives left in the box at setup (NY-16)
    passenger: int             # the seat carried on the current move, or -1
    aside: int                 # the card set aside for the Personal Ability, or -1
    lone_asked: bool           # the current player was offered the Lone Victory since
                               # its conditions last came to hold (:func:`.victory.watch`)
    poi_left: list[int]        # POI tiles not dealt
    drawn: list[int]           # Items drawn, waiting for the keep choice (current player)

    # -- the map ------------------------------------------------------------------------

    def open_mask(self) -> int:
        """Spaces a Hero may enter: revealed, or a face-down POI (NY-91)."""
        return self.up | POI_MASK

    def joined(self, a: int, d: int, mask: int) -> bool:
        """Whether space ``a`` reaches its neighbour across side ``d`` by road, both in
        ``mask`` (one road on either tile is enough, :func:`.board.joined`)."""
        b = NEIGH[a][d]
        if b < 0 or not (mask >> a & 1 and mask >> b & 1):
            return False
        return bool(self.roads[a] >> d & 1 or self.roads[b] >> OPP[d] & 1)

    def blocked(self, a: int, d: int) -> bool:
        """Whether a face-up Roadblock lies on side ``d`` of space ``a``."""
        e = EDGE[a][d]
        return e >= 0 and self.rb[e] == 1

    def reach(self, a: int, b: int) -> bool:
        """Whether an attack or an Enemy's shot passes between neighbours ``a`` and ``b``
        (no face-up Roadblock between them, NY-51, NY-107)."""
        for d in range(6):
            if NEIGH[a][d] == b:
                return not self.blocked(a, d)
        return False

    def in_range(self, a: int, rng: int) -> list[int]:
        """Spaces within ``rng`` of ``a`` for attacks, never across a Roadblock (each
        space's neighbours in side order, ``blocked`` read inline from :data:`AROUND`)."""
        out = [a]
        frontier = [a]
        rb = self.rb
        for _ in range(rng):
            nxt = []
            for x in frontier:
                for y, edge in AROUND[x]:
                    if y not in out and (edge < 0 or rb[edge] != 1):
                        out.append(y)
                        nxt.append(y)
            frontier = nxt
        return out

    # -- enemies --------------------------------------------------------------------------

    def enemy_space(self, e: int) -> int:
        """Where Enemy ``e`` is (-1: not on the map as an Enemy)."""
        if e < CAR0:
            return self.ppos[e]
        if e < BOSS0:
            c = e - CAR0
            return self.cpos[c] if self.cst[c] == CAR_NY else -1
        return self.bpos[e - BOSS0]

    def enemies_at(self, space: int) -> list[int]:
        """Enemy ids in ``space`` (the Prisoners picked out in one C-level pass)."""
        out = list(compress(count(), map(space.__eq__, self.ppos)))
        out.extend(CAR0 + c for c in range(N_CARS)
                   if self.cst[c] == CAR_NY and self.cpos[c] == space)
        out.extend(BOSS0 + b for b in range(N_BOSSES) if self.bpos[b] == space)
        return out

    def enemies_in(self, spaces: Collection[int]) -> list[int]:
        """Enemy ids in any of ``spaces``, in id order: ``all_enemies`` filtered by
        ``enemy_space``, with the Prisoners picked out in one C-level pass."""
        where = set(spaces)
        out = list(compress(count(), map(where.__contains__, self.ppos)))
        cst = self.cst
        cpos = self.cpos
        out.extend(CAR0 + c for c in range(N_CARS) if cst[c] == CAR_NY and cpos[c] in where)
        out.extend(BOSS0 + b for b, p in enumerate(self.bpos) if p in where)
        return out

    def any_enemy_in(self, spaces: Collection[int]) -> bool:
        """Whether any Enemy is in one of ``spaces`` (``enemies_in`` is not empty)."""
        where = set(spaces)
        if not where.isdisjoint(self.ppos) or not where.isdisjoint(self.bpos):
            return True
        cst = self.cst
        if CAR_NY not in cst:  # no Car driven by a Prisoner: the usual answer, no loop
            return False
        cpos = self.cpos
        return any(cst[c] == CAR_NY and cpos[c] in where for c in range(N_CARS))

    def has_enemy(self, space: int) -> bool:
        """Whether any Enemy is in ``space``."""
        if space in self.ppos or space in self.bpos:
            return True
        if space not in self.cpos:  # the usual answer, without a loop over the Cars
            return False
        return any(self.cst[c] == CAR_NY and self.cpos[c] == space for c in range(N_CARS))

    def all_enemies(self) -> list[int]:
        """Every Enemy on the map (the Prisoners picked out in one C-level pass: this is
        asked by every Enemy move and every damage step)."""
        out = list(compress(count(), map(_ON_MAP, self.ppos)))
        out.extend(CAR0 + c for c in range(N_CARS) if self.cst[c] == CAR_NY)
        out.extend(BOSS0 + b for b in range(N_BOSSES) if self.bpos[b] >= 0)
        return out

    def prisoner_bonus(self, stat: int) -> int:
        """The Prisoner Bonuses in force for a stat (0 hp, 1 move, 2 damage, 3 range)."""
        if not self.bonus:  # none above the board yet: the usual answer, without a loop
            return 0
        return sum(NY_BONUS[c][1] for c in self.bonus if NY_BONUS[c][0] == stat)

    def ehp(self, e: int) -> int:
        """Hit Points of an Enemy: a Boss's remaining ones, a Prisoner's printed ones."""
        if e >= BOSS0:
            return self.bhp[e - BOSS0]
        return 1 + (e >= CAR0) + self.prisoner_bonus(0)

    def emove(self, e: int) -> int:
        """Movement of an Enemy (NY-194, NY-201)."""
        if e >= BOSS0:
            return BOSSES[e - BOSS0].move
        return 1 + (e >= CAR0) + self.prisoner_bonus(1)

    def edamage(self, e: int) -> int:
        """Damage an Enemy deals in step 7."""
        if e >= BOSS0:
            return BOSSES[e - BOSS0].damage
        return 1 + self.prisoner_bonus(2)

    def erange(self, e: int) -> int:
        """Range of an Enemy's attack."""
        if e >= BOSS0:
            return BOSSES[e - BOSS0].range
        return self.prisoner_bonus(3)

    def supply_left(self) -> int:
        """Prisoner tokens in the general supply (not on the map, not on a Level Bar)."""
        on_map = len(self.ppos) - self.ppos.count(-1)  # -1: off the map
        return self.limit - on_map - sum(self.barp)

    # -- heroes ----------------------------------------------------------------------------

    def heroes_at(self, space: int) -> list[int]:
        """Seats whose Hero is in ``space``."""
        return [h for h in range(self.n) if self.hpos[h] == space]

    def specials_aside(self, seat: int) -> list[int]:
        """The Hero's Special Action cards still beside the board (NY-5)."""
        mine = set(self.hand[seat]) | set(self.disc[seat])
        if seat == self.cur:
            mine |= set(self.played) | set(self.shown)
        pool = SPECIALS[self.hero[seat]]
        if Module.EXTRA_SPECIALS in self.modules:
            from getaway.games.new_york.tables import EXTRAS

            pool = pool + EXTRAS[self.hero[seat]]
        return [c for c in pool if c not in mine]

    def holds(self, seat: int, codes: frozenset[int]) -> bool:
        """Whether the seat holds one of these cards (in its supply or Weapon slot)."""
        return any(c in codes for c in self.supply[seat]) or self.weapon[seat] in codes

    def items_held(self, seat: int) -> list[int]:
        """Item kinds in the seat's supply."""
        return [c for c in self.supply[seat] if c < CASE0]

    def top_red(self) -> bool:
        """Whether the top Timer tile is red (NY-84)."""
        return bool(self.timer) and RED[self.timer[-1]]

    # -- operations without decisions ------------------------------------------------------

    def say(self, events: list[Event], kind: str, words: Sentence,
            data: dict[str, Any] | None = None) -> None:
        """A public event, said by :mod:`.words`: returned to the caller and kept in the
        log."""
        e = _LOGGED(kind, words, data)
        e.prev = self.log
        events.append(e)
        self.log = e

    def tell(self, events: list[Event], seat: int, kind: str, words: Sentence,
             data: dict[str, Any] | None = None) -> None:
        """A private event only ``seat`` sees (a drawn card, a random discard, NY-52)."""
        events.append(_SAID(kind, words, data, seats=(seat,)))

    def forget(self, deck: int) -> None:
        """A peekable deck was shuffled: nobody knows its top cards any more."""
        for row in self.seen:
            row[deck] = 0

    def drew(self, deck: int, count: int = 1) -> None:
        """``count`` top cards left a peekable deck."""
        for row in self.seen:
            if row[deck]:  # nothing known of that deck: the usual answer
                row[deck] = max(0, row[deck] - count)

    # -- the flow -----------------------------------------------------------------------------

    def settle(self, events: list[Event]) -> None:
        """Run automatic frames until a seat must decide or the game ends; before each
        frame runs and before a seat decides, the current player is offered the Lone
        Victory the moment its conditions come to hold (NY-83, :func:`.victory.watch`)."""
        stack = self.stack
        level = self.level
        while stack and self._outcome is None:
            if level[self.cur] >= 3:
                (_LATE.get("watch") or _load_watch())(self)
            else:  # ``watch``'s answer below level 3, without the two calls
                self.lone_asked = False
            if not stack[-1].automatic:
                return
            stack.pop().run(self, events)

    # -- copying -----------------------------------------------------------------------------

    def clone(self) -> Self:
        o = NewYorkState.__new__(NewYorkState)
        o.config = self.config
        o.seed = self.seed
        o.n = self.n
        o.limit = self.limit
        o.modules = self.modules
        o.hero = self.hero
        o.bars = self.bars
        o.log = self.log
        o.rng = self.rng.clone()
        # _LISTS, _NESTED and _SCALARS, spelt out (a loop of setattr costs twice as much)
        o.tile = self.tile[:]
        o.poi = self.poi[:]
        o.roads = self.roads[:]
        o.suburb = self.suburb[:]
        o.cubes = self.cubes[:]
        o.rb = self.rb[:]
        o.poi_seen = self.poi_seen[:]
        o.ppos = self.ppos[:]
        o.cpos = self.cpos[:]
        o.cst = self.cst[:]
        o.bpos = self.bpos[:]
        o.bhp = self.bhp[:]
        o.edmg = self.edmg[:]
        o.hpos = self.hpos[:]
        o.played = self.played[:]
        o.shown = self.shown[:]
        o.weapon = self.weapon[:]
        o.ammo = self.ammo[:]
        o.car = self.car[:]
        o.level = self.level[:]
        o.barp = self.barp[:]
        o.bari = self.bari[:]
        o.wanted = self.wanted[:]
        o.taken = self.taken[:]
        o.slot = self.slot[:]
        o.token = self.token[:]
        o.pdeck = self.pdeck[:]
        o.city = self.city[:]
        o.park = self.park[:]
        o.items = self.items[:]
        o.idisc = self.idisc[:]
        o.events = self.events[:]
        o.edisc = self.edisc[:]
        o.nyd = self.nyd[:]
        o.nydisc = self.nydisc[:]
        o.bonus = self.bonus[:]
        o.nyaside = self.nyaside[:]
        o.timer = self.timer[:]
        o.tout = self.tout[:]
        o.tdisc = self.tdisc[:]
        o.poi_left = self.poi_left[:]
        o.drawn = self.drawn[:]
        o.hand = [x[:] for x in self.hand]
        o.disc = [x[:] for x in self.disc]
        o.supply = [x[:] for x in self.supply]
        o.objs = [x[:] for x in self.objs]
        o.objd = [x[:] for x in self.objd]
        o.objx = [x[:] for x in self.objx]
        o.seen = [x[:] for x in self.seen]
        o.up = self.up
        o.sub_up = self.sub_up
        o.holes = self.holes
        o.evmask = self.evmask
        o.rafts = self.rafts
        o.tricked = self.tricked
        o.cur = self.cur
        o.turn = self.turn
        o.ability = self.ability
        o.shield = self.shield
        o.bonus_dmg = self.bonus_dmg
        o.noevents = self.noevents
        o.made = self.made
        o.abandoned = self.abandoned
        o.dropped = self.dropped
        o.evpend = self.evpend
        o.wuses = self.wuses
        o.pres = self.pres
        o.pres_found = self.pres_found
        o.pres_dead = self.pres_dead
        o.bracelet_up = self.bracelet_up
        o.gull = self.gull
        o.heli = self.heli
        o.landed = self.landed
        o.noise = self.noise
        o.mission = self.mission
        o.evpos = self.evpos
        o.hurry = self.hurry
        o.wanted_left = self.wanted_left
        o.passenger = self.passenger
        o.aside = self.aside
        o.lone_asked = self.lone_asked
        o.stack = self.stack[:]
        o._outcome = self._outcome
        o._cache_seat = -1
        o._cache = None
        return o  # type: ignore[return-value]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redraw what ``seat`` cannot see, consistently with ``view(seat)``.

        Kept: everything public, the seat's own hand, discards, played cards,
        supply, objectives, the POIs and deck tops it looked at, and the top New
        York card (its back shows). Redrawn: other Heroes' hands and discards
        (keeping their sizes), their face-down supply cards (keeping Item or Case),
        their objectives, the Case cards in the Case spaces, every deck's order
        (Timer tiles keep their colour's place), face-down POIs and Suburb tokens.
        """
        from getaway.games.new_york.hidden import determinize

        o = self.clone()
        determinize(o, seat, Rng(rng.getrandbits(64)))
        return o

    # -- inspection ----------------------------------------------------------------------------

    def truth(self) -> dict[str, Any]:
        log: list[str] = []
        node = self.log
        while node is not None:
            log.append(node.text)
            node = node.prev
        out: dict[str, Any] = {k: getattr(self, k)[:] for k in _LISTS}
        out.update({k: [x[:] for x in getattr(self, k)] for k in _NESTED})
        out.update({k: getattr(self, k) for k in _SCALARS})
        out.update(hero=list(self.hero), bars=[list(b) for b in self.bars], limit=self.limit,
                   log=log, stack=[repr(f) for f in self.stack], rng=self.rng.state,
                   outcome=self._outcome.to_json() if self._outcome else None)
        return out

    def seat_name(self, seat: int) -> str:
        """A seat is named by its Hero, as the Hero's card prints it."""
        return HERO_NAMES[self.hero[seat]]

    def view(self, seat: int | None) -> dict[str, Any]:
        from getaway.games.new_york.views import build_view

        return build_view(self, seat)

    def observation(self, seat: int) -> list[float]:
        from getaway.games.new_york.observe import observation

        return observation(self, seat)

    def progress(self, seat: int) -> float:
        from getaway.games.new_york.observe import progress

        return progress(self, seat)

    def explain_illegal(self, seat: int, action: Action) -> str:
        return ""


_LATE: dict[str, Any] = {}
_SAID = Event.said  # bound once: events are said by the hundred thousand
_LOGGED = cast("Callable[[str, Sentence, dict[str, Any] | None], Logged]", Logged.said)
"""``Logged.said``, bound once (``Event.said`` makes an instance of the class it is
called on)."""
_ON_MAP = (-1).__lt__
"""Whether a Prisoner position is on the map (``p >= 0``), as a C-level predicate."""


def _load_watch() -> Any:
    """:func:`.victory.watch`, imported on first use (victory imports this module)."""
    from getaway.games.new_york.victory import watch

    _LATE["watch"] = watch
    return watch


def neighbours(space: int) -> tuple[int, ...]:
    """The spaces next to ``space``."""
    return ADJ[space]


def is_weapon(code: int) -> bool:
    """Whether a supply card is a (face-down) Weapon."""
    return code < CASE0 and ITEM_KIND[code] is ItemKind.WEAPON


def category(code: int) -> str:
    """What a supply card's back shows: ``item``, ``case`` or ``president``."""
    if code == PRESIDENT:
        return "president"
    return "case" if code >= CASE0 else "item"


def is_bracelet(code: int) -> bool:
    """Whether a Case card is the President's Bracelet (either version)."""
    return code in BRACELET_CODES


__all__ = ["ACTION_HERO", "BOSS0", "CAR0", "N_ENEMIES", "N_PRISONER_TOKENS", "NewYorkState"]
