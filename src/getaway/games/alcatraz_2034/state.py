"""Alcatraz 2034 game state: the truth of one game, in flat lists of small integers.

Numbering is that of :mod:`.tables`. Piles are lists with the top card last.
Prisoners are numbered like the Prisoner cards (0-11); ``pos`` holds a space,
or ESCAPED / OUT / UNUSED. Sentinels are numbered 0-5 (shown as 1-6); a
sentinel off the island (on the System board) has position -1.

The rules (who decides what, and what happens) live in the rules modules
(:mod:`.turns`, :mod:`.moves`, :mod:`.sentinels`, :mod:`.attacks`, :mod:`.runs`,
:mod:`.cards`); this module holds the data and the operations that need no
decision: setup, drawing and reshuffling, the System board, the log.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple, Self

from getaway.core.actions import Action
from getaway.core.chance import Rng
from getaway.core.decisions import DecisionState
from getaway.core.events import Event
from getaway.core.spec import Config
from getaway.core.words import Sentence
from getaway.games.alcatraz_2034.actions import SPACE
from getaway.games.alcatraz_2034.content import CONTENT
from getaway.games.alcatraz_2034.tables import (
    BT_PILE,
    BUILDINGS,
    CELL,
    DECK_KINDS,
    ESC_DECK,
    FACE_DOWN,
    GREY,
    KNOWN,
    N_ABILITIES,
    N_PRISONERS,
    N_SENTINELS,
    ROW_SPACES,
    RT_METHOD,
    RUN_METHOD_OF_SLOT,
    RUN_SPACES,
    RUNC_METHOD,
    RUNC_RED,
    SENTINEL_DECK,
    SENTINEL_SYMBOLS,
    SINGLE_MASK,
    SYS,
    TILE_ABILITY,
    TILE_PILE,
    TILE_ROW,
    UNUSED,
    scores_of,
)
from getaway.games.alcatraz_2034.words import SEAT_COLOURS

Log = tuple[Event, Any] | None
"""Public events as a linked list (newest first), shared by clones."""


class AttackResult(NamedTuple):
    """A settled attack (public). The dice and totals are -1 when it was called off."""

    defender: int
    sentinel: int  # -1 for a drone swarm
    drone: int  # Sentinel card kind, or -1 for a sentinel
    ability: int
    base_def: int
    base_att: int
    called_off: bool
    die: int  # the orange die, as it ended
    red: int
    mine: int  # the prisoner's total
    theirs: int  # the attacker's total


class ChallengeResult(NamedTuple):
    """A settled Run challenge (public)."""

    card: int  # Run card number
    rollers: tuple[int, ...]
    abil: tuple[int, ...]
    base: int
    die: int
    total: int
    passed: bool


LastResult = AttackResult | ChallengeResult | None
"""The last attack or Run challenge settled: immutable, so clones share it."""


class Attack:
    """An attack under way: who defends, what attacks, the dice and the modifiers."""

    __slots__ = ("ability", "base_att", "base_def", "bonus_att", "bonus_def", "by",
                 "cancelled", "defender", "die", "drone", "r_left", "sentinel")

    def __init__(self, defender: int, sentinel: int, drone: int, by: int, ability: int,
                 base_def: int, base_att: int, die: int, r_left: bool) -> None:
        self.defender = defender
        self.sentinel = sentinel  # -1 for a drone swarm
        self.drone = drone  # the Sentinel card kind of a drone swarm, else -1
        self.by = by  # the seat that moved the sentinel or drew the swarm
        self.ability = ability
        self.base_def = base_def  # Escape score and movement modifier
        self.base_att = base_att
        self.die = die  # the orange die
        self.bonus_def = 0
        self.bonus_att = 0
        self.r_left = r_left
        self.cancelled = False

    def copy(self) -> Attack:
        """An independent copy."""
        o = Attack.__new__(Attack)
        for k in Attack.__slots__:
            setattr(o, k, getattr(self, k))
        return o

    def truth(self) -> dict[str, Any]:
        """All fields, JSON-able."""
        return {k: getattr(self, k) for k in Attack.__slots__}


class Run:
    """A Run under way: its location, participants, cards and the current challenge."""

    __slots__ = (
        "abil",
        "aborted",
        "base",
        "bonus",
        "card",
        "dealt",
        "die",
        "lead_prisoner",
        "leader",
        "members",
        "method",
        "r_left",
        "r_owners",
        "rollers",
        "saved",
        "shown",
        "skipped",
        "slot",
        "where",
    )

    def __init__(self, leader: int, lead_prisoner: int, where: int, method: int, slot: int,
                 members: list[int], dealt: list[int]) -> None:
        self.leader = leader
        self.lead_prisoner = lead_prisoner
        self.where = where
        self.method = method
        self.slot = slot  # Run space slot, or -1 (helipad, tunnel)
        self.members = members
        self.dealt = dealt  # face down, the next card last
        self.shown: list[int] = []
        self.card = -1
        self.rollers: tuple[int, ...] = ()
        self.abil: tuple[int, ...] = ()
        self.base = 0
        self.die = 0
        self.bonus = 0
        self.r_left = False
        self.r_owners = 0  # bit mask of seats that may use the R
        self.skipped = False
        self.saved = False  # the punishment was cancelled
        self.aborted = False

    def copy(self) -> Run:
        """An independent copy."""
        o = Run.__new__(Run)
        for k in Run.__slots__:
            setattr(o, k, getattr(self, k))
        o.members = self.members[:]
        o.dealt = self.dealt[:]
        o.shown = self.shown[:]
        return o

    def truth(self) -> dict[str, Any]:
        """All fields, JSON-able."""
        return {k: (list(v) if isinstance(v, (list, tuple)) else v)
                for k in Run.__slots__ for v in (getattr(self, k),)}


class AlcatrazState(DecisionState):
    """One game of Escape Run: Alcatraz 2034."""

    action_space = SPACE
    __slots__ = (
        "_cache",
        "_cache_seat",
        "_outcome",
        "acted",
        "attack",
        "building_peek",
        "building_tile",
        "building_up",
        "config",
        "cur",
        "dice",
        "edeck",
        "ediscard",
        "escaped",
        "hands",
        "last_result",
        "left_out",
        "locked",
        "log",
        "marker",
        "moved",
        "owner",
        "points",
        "pos",
        "profession",
        "rmask",
        "rng",
        "run",
        "run_aside",
        "run_out",
        "run_pile",
        "run_spare",
        "run_tile",
        "run_tile_state",
        "scard",
        "score",
        "sdiscard",
        "seat_prisoners",
        "seed",
        "sent_known",
        "sent_peek",
        "sent_pos",
        "sent_sym",
        "since",
        "spile",
        "stack",
        "sys_grey",
        "sys_rows",
        "sys_stacks",
        "token",
        "turn",
        "way",
    )

    config: Config
    seed: int
    # characters (fixed after setup)
    owner: tuple[int, ...]  # per prisoner: seat, or -1 if not dealt
    profession: tuple[int, ...]  # per prisoner: profession card, or -1
    score: tuple[tuple[int, ...], ...]  # per prisoner: Escape score per ability
    rmask: tuple[int, ...]  # per prisoner: bit mask of abilities with an R
    seat_prisoners: tuple[tuple[int, ...], ...]
    # pieces
    pos: list[int]
    marker: list[int]  # 0 none, 1 sneak, 2 walk, 3 run
    since: list[int]  # turn number when the prisoner arrived where it is
    sent_pos: list[int]  # -1: on the System board
    sent_sym: list[int]  # hidden ability symbol
    sent_known: int  # bit mask: symbol revealed in an attack since it came onto the island
    sent_peek: list[int]  # per sentinel: seats that looked at it (Camera Feed)
    # tiles
    building_tile: list[int]  # per building slot: building tile kind
    building_up: int  # bit mask over building slots: revealed
    building_peek: list[int]  # per building slot: seats that looked (Blueprints)
    left_out: int  # the building tile kind left out unseen
    run_tile: list[int]  # per Run space slot: Run tile number
    run_tile_state: list[int]  # FACE_DOWN, FACE_UP, SET_ASIDE
    run_spare: list[int]  # Run tiles left over, unseen
    # cards
    edeck: list[list[int]]  # per Escape deck: kinds, top last
    ediscard: list[list[int]]
    hands: list[list[int]]  # per seat: Escape card kinds
    run_pile: list[list[int]]  # per Run method: Run card numbers
    run_aside: list[list[int]]  # red-titled cards still set aside
    run_out: list[int]  # Run cards out of the game
    spile: list[int]  # Sentinel cards (kinds), top last
    sdiscard: list[int]
    scard: int  # Sentinel card being resolved, or -1
    # System board
    sys_stacks: list[list[int]]  # tile kinds (+KNOWN when everybody knows it), top last
    sys_rows: list[list[int]]  # per coloured row: tile kinds placed
    sys_grey: list[int]
    # score and turn
    points: list[int]  # escaped prisoners per seat
    token: int  # seat holding the Escape/Run token, or -1
    escaped: int  # prisoners escaped in the whole game
    cur: int
    turn: int
    acted: bool  # the chosen prisoner moved or ran this turn
    moved: int  # the prisoner moved this turn, or -1
    way: int  # how it moved
    locked: bool  # its move ended for good (yellow route, cell block, tunnel)
    attack: Attack | None
    run: Run | None
    last_result: LastResult
    log: Log
    dice: Rng
    rng: Rng

    # -- questions about the board ----------------------------------------------

    @property
    def n(self) -> int:
        """Number of seats."""
        return self.config.players

    def on_island(self, p: int) -> bool:
        """Whether prisoner ``p`` is still on the board."""
        return self.pos[p] >= 0

    def seat_on_island(self, seat: int) -> bool:
        """Whether ``seat`` still has a prisoner on the island."""
        pos = self.pos
        return any(pos[p] >= 0 for p in self.seat_prisoners[seat])

    def island_count(self, seat: int) -> int:
        """How many of ``seat``'s prisoners are still on the island."""
        pos = self.pos
        return sum(1 for p in self.seat_prisoners[seat] if pos[p] >= 0)

    def prisoners_at(self, space: int) -> list[int]:
        """Prisoners standing on ``space``."""
        return [p for p in range(N_PRISONERS) if self.pos[p] == space]

    def prisoner_mask(self) -> int:
        """Bit mask of spaces holding at least one prisoner."""
        m = 0
        for x in self.pos:
            if x >= 0:
                m |= 1 << x
        return m

    def single_prisoner_mask(self) -> int:
        """Bit mask of one-prisoner spaces that hold a prisoner."""
        return self.prisoner_mask() & SINGLE_MASK

    def sentinel_mask(self) -> int:
        """Bit mask of spaces holding a sentinel."""
        m = 0
        for x in self.sent_pos:
            if x >= 0:
                m |= 1 << x
        return m

    def sentinel_at(self, space: int) -> int:
        """The sentinel on ``space``, or -1."""
        try:
            return self.sent_pos.index(space)
        except ValueError:
            return -1

    def knows_symbol(self, seat: int | None, i: int) -> bool:
        """Whether ``seat`` (None: a spectator) knows sentinel ``i``'s symbol."""
        if self.sent_known >> i & 1:
            return True
        return seat is not None and bool(self.sent_peek[i] >> seat & 1)

    def knows_building(self, seat: int | None, b: int) -> bool:
        """Whether ``seat`` knows the tile of building slot ``b``."""
        if self.building_up >> b & 1:
            return True
        return seat is not None and bool(self.building_peek[b] >> seat & 1)

    def ability_tiles(self, ability: int) -> int:
        """System tiles of ``ability`` on the System board (coloured rows and grey)."""
        n = 0
        for row in self.sys_rows:
            for t in row:
                n += TILE_ABILITY[t] == ability
        for t in self.sys_grey:
            n += TILE_ABILITY[t] == ability
        return n

    def sentinel_score(self, ability: int) -> int:
        """A sentinel's starting score in ``ability``: 3 plus that ability's System tiles."""
        return SYS.base_score + self.ability_tiles(ability)

    def can_draw(self, deck: int) -> bool:
        """Whether an Escape card can be drawn from ``deck`` (reshuffling its discards)."""
        return bool(self.edeck[deck] or self.ediscard[deck])

    def any_draw(self) -> bool:
        """Whether any Escape deck has a card to draw."""
        return any(self.edeck[d] or self.ediscard[d] for d in range(4))

    def deck_counts(self, seat: int) -> list[int]:
        """How many of ``seat``'s Escape cards come from each deck (public: the backs)."""
        out = [0, 0, 0, 0]
        for k in self.hands[seat]:
            out[ESC_DECK[k]] += 1
        return out

    # -- operations without decisions ----------------------------------------------

    def say(self, events: list[Event], kind: str, words: Sentence,
            data: dict[str, Any] | None = None) -> None:
        """A public event said in ``words``: returned to the caller and kept in the log."""
        event = Event.said(kind, words, data)
        events.append(event)
        self.log = (event, self.log)

    def draw_escape(self, seat: int, deck: int) -> int:
        """``seat`` draws the top card of ``deck`` (reshuffling its discards if empty)."""
        pile = self.edeck[deck]
        if not pile:
            pile.extend(self.ediscard[deck])
            self.ediscard[deck].clear()
            self.rng.shuffle(pile)
        card = pile.pop()
        self.hands[seat].append(card)
        return card

    def discard_escape(self, seat: int, kind: int) -> None:
        """``seat`` discards one card of ``kind`` face up onto its deck's discard pile."""
        self.hands[seat].remove(kind)
        self.ediscard[ESC_DECK[kind]].append(kind)

    def roll(self) -> int:
        """One die roll."""
        return 1 + self.dice.below(CONTENT.die_sides)

    def next_system_tile(self) -> int:
        """Take the top tile of the first non-empty System stack (-1 if none is left)."""
        for stack in self.sys_stacks:
            if stack:
                return stack.pop() % KNOWN
        return -1

    def place_system_tile(self, tile: int) -> bool:
        """Put a revealed tile on the System board; True if its coloured row is now full."""
        row = TILE_ROW[tile]
        if row == GREY:
            self.sys_grey.append(tile)
            return False
        self.sys_rows[row].append(tile)
        return len(self.sys_rows[row]) >= ROW_SPACES[row]

    def sentinel_home(self, i: int) -> None:
        """Sentinel ``i`` goes back to the System board, symbol hidden among the others."""
        self.sent_pos[i] = -1
        self.sent_known &= ~(1 << i)
        self.sent_peek[i] = 0

    # -- copying ----------------------------------------------------------------------

    def clone(self) -> Self:
        o = AlcatrazState.__new__(AlcatrazState)
        o.config = self.config
        o.seed = self.seed
        o.owner = self.owner
        o.profession = self.profession
        o.score = self.score
        o.rmask = self.rmask
        o.seat_prisoners = self.seat_prisoners
        o.pos = self.pos[:]
        o.marker = self.marker[:]
        o.since = self.since[:]
        o.sent_pos = self.sent_pos[:]
        o.sent_sym = self.sent_sym[:]
        o.sent_known = self.sent_known
        o.sent_peek = self.sent_peek[:]
        o.building_tile = self.building_tile[:]
        o.building_up = self.building_up
        o.building_peek = self.building_peek[:]
        o.left_out = self.left_out
        o.run_tile = self.run_tile[:]
        o.run_tile_state = self.run_tile_state[:]
        o.run_spare = self.run_spare[:]
        o.edeck = [d[:] for d in self.edeck]
        o.ediscard = [d[:] for d in self.ediscard]
        o.hands = [h[:] for h in self.hands]
        o.run_pile = [d[:] for d in self.run_pile]
        o.run_aside = [d[:] for d in self.run_aside]
        o.run_out = self.run_out[:]
        o.spile = self.spile[:]
        o.sdiscard = self.sdiscard[:]
        o.scard = self.scard
        o.sys_stacks = [t[:] for t in self.sys_stacks]
        o.sys_rows = [r[:] for r in self.sys_rows]
        o.sys_grey = self.sys_grey[:]
        o.points = self.points[:]
        o.token = self.token
        o.escaped = self.escaped
        o.cur = self.cur
        o.turn = self.turn
        o.acted = self.acted
        o.moved = self.moved
        o.way = self.way
        o.locked = self.locked
        o.attack = self.attack.copy() if self.attack is not None else None
        o.run = self.run.copy() if self.run is not None else None
        o.last_result = self.last_result
        o.log = self.log
        o.dice = self.dice.clone()
        o.rng = self.rng.clone()
        o.stack = self.stack[:]
        o._outcome = self._outcome
        o._cache_seat = -1
        o._cache = None
        return o  # type: ignore[return-value]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redraw what ``seat`` cannot see: hands, deck orders, face-down tiles and symbols.

        Kept: everything public, ``seat``'s hand and what it looked at (Blueprints,
        Camera Feed). Each other hand keeps how many cards it holds from each deck
        (the backs show it). Future dice and shuffles get fresh seeds.
        """
        o = self.clone()
        r = Rng(rng.getrandbits(64))
        # Escape cards: per deck, the draw pile and the other hands' cards of that deck.
        # Who is asked in a reaction window depends only on public facts (the decks
        # the backs show, the discards, the R's), so any such redeal keeps it.
        self._redeal_hands(o, seat, r)
        # Run cards: the face-down cards of a Run under way mix with their deck.
        for m in range(4):
            r.shuffle(o.run_pile[m])
        if o.run is not None:
            m = o.run.method
            pool = o.run_pile[m] + o.run.dealt
            r.shuffle(pool)
            o.run.dealt = [pool.pop() for _ in range(len(o.run.dealt))]
            o.run_pile[m] = pool
        # Building tiles: the face-down ones this seat has not seen, and the one left out.
        hidden = [b for b in range(len(BUILDINGS)) if not self.knows_building(seat, b)]
        tiles = [o.building_tile[b] for b in hidden] + [o.left_out]
        r.shuffle(tiles)
        for b in hidden:
            o.building_tile[b] = tiles.pop()
        o.left_out = tiles.pop()
        # Run tiles: face-down ones and the unseen spares, per method.
        for m in range(3):
            slots = [s for s in range(len(RUN_SPACES)) if RUN_METHOD_OF_SLOT[s] == m
                     and o.run_tile_state[s] == FACE_DOWN]
            spares = [t for t in o.run_spare if RT_METHOD[t] == m]
            pool = [o.run_tile[s] for s in slots] + spares
            r.shuffle(pool)
            for s in slots:
                o.run_tile[s] = pool.pop()
            o.run_spare = [t for t in o.run_spare if RT_METHOD[t] != m] + pool
        # Sentinel symbols this seat does not know.
        unknown = [i for i in range(N_SENTINELS) if not self.knows_symbol(seat, i)]
        syms = [o.sent_sym[i] for i in unknown]
        r.shuffle(syms)
        for i in unknown:
            o.sent_sym[i] = syms.pop()
        # System tiles still face down (except those everybody knows).
        slots2 = [(k, j) for k, st in enumerate(o.sys_stacks) for j, t in enumerate(st)
                  if t < KNOWN]
        pool = [o.sys_stacks[k][j] for k, j in slots2]
        r.shuffle(pool)
        for k, j in slots2:
            o.sys_stacks[k][j] = pool.pop()
        r.shuffle(o.spile)
        o.dice = Rng(r.next64())
        o.rng = Rng(r.next64())
        return o  # type: ignore[return-value]

    def _redeal_hands(self, o: AlcatrazState, seat: int, r: Rng) -> None:
        """Redeal the Escape cards ``seat`` cannot see, keeping each hand's deck counts."""
        n = self.n
        for d in range(4):
            pool = o.edeck[d][:]
            for h in range(n):
                if h != seat:
                    pool.extend(k for k in o.hands[h] if ESC_DECK[k] == d)
            r.shuffle(pool)
            for h in range(n):
                if h != seat:
                    held = [k for k in o.hands[h] if ESC_DECK[k] != d]
                    want = len(o.hands[h]) - len(held)
                    o.hands[h] = held + [pool.pop() for _ in range(want)]
            o.edeck[d] = pool

    # -- inspection ----------------------------------------------------------------------

    def truth(self) -> dict[str, Any]:
        log: list[str] = []
        node = self.log
        while node is not None:
            log.append(node[0].text)
            node = node[1]
        return {
            "owner": list(self.owner), "profession": list(self.profession),
            "pos": self.pos[:], "marker": self.marker[:], "since": self.since[:],
            "sent_pos": self.sent_pos[:], "sent_sym": self.sent_sym[:],
            "sent_known": self.sent_known, "sent_peek": self.sent_peek[:],
            "building_tile": self.building_tile[:], "building_up": self.building_up,
            "building_peek": self.building_peek[:], "left_out": self.left_out,
            "run_tile": self.run_tile[:], "run_tile_state": self.run_tile_state[:],
            "run_spare": self.run_spare[:], "edeck": [d[:] for d in self.edeck],
            "ediscard": [d[:] for d in self.ediscard], "hands": [h[:] for h in self.hands],
            "run_pile": [d[:] for d in self.run_pile], "run_aside": [d[:] for d in self.run_aside],
            "run_out": self.run_out[:], "spile": self.spile[:], "sdiscard": self.sdiscard[:],
            "scard": self.scard, "sys_stacks": [t[:] for t in self.sys_stacks],
            "sys_rows": [r[:] for r in self.sys_rows], "sys_grey": self.sys_grey[:],
            "points": self.points[:], "token": self.token, "escaped": self.escaped,
            "cur": self.cur, "turn": self.turn, "acted": self.acted, "moved": self.moved,
            "way": self.way, "locked": self.locked,
            "attack": self.attack.truth() if self.attack else None,
            "run": self.run.truth() if self.run else None,
            "last_result": ({"kind": type(self.last_result).__name__,
                             **self.last_result._asdict()} if self.last_result else None),
            "log": log, "stack": [repr(f) for f in self.stack],
            "dice": self.dice.state, "rng": self.rng.state,
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    def explain_illegal(self, seat: int, action: Action) -> str:
        from getaway.games.alcatraz_2034.explain import explain

        return explain(self, seat, action)

    def seat_name(self, seat: int) -> str:
        """A seat is named by its colour on the table."""
        return SEAT_COLOURS[seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        from getaway.games.alcatraz_2034.views import build_view

        return build_view(self, seat)

    def observation(self, seat: int) -> list[float]:
        from getaway.games.alcatraz_2034.observe import observation

        return observation(self, seat)

    def progress(self, seat: int) -> float:
        from getaway.games.alcatraz_2034.observe import progress

        return progress(self, seat)


def new_state(config: Config, seed: int) -> AlcatrazState:
    """Set up a new game: deal characters, shuffle every deck and tile (draws follow)."""
    s = AlcatrazState.__new__(AlcatrazState)
    s._init_base()
    s.config = config
    s.seed = seed
    n = config.players
    setup = Rng.derive(seed, "alcatraz-2034", "setup")
    s.dice = Rng.derive(seed, "alcatraz-2034", "dice")
    s.rng = Rng.derive(seed, "alcatraz-2034", "shuffle")
    # Characters: shuffle the Prisoner and Profession cards separately, deal k of each.
    k = CONTENT.characters_per_player(n)
    prisoners = list(range(N_PRISONERS))
    professions = list(range(len(CONTENT.professions)))
    setup.shuffle(prisoners)
    setup.shuffle(professions)
    owner = [-1] * N_PRISONERS
    prof = [-1] * N_PRISONERS
    seats: list[tuple[int, ...]] = []
    for seat in range(n):
        mine = prisoners[seat * k:(seat + 1) * k]
        for j, p in enumerate(mine):
            owner[p] = seat
            prof[p] = professions[seat * k + j]
        seats.append(tuple(mine))
    s.owner = tuple(owner)
    s.profession = tuple(prof)
    stats = [scores_of(p, prof[p]) if prof[p] >= 0 else ((0,) * N_ABILITIES, 0)
             for p in range(N_PRISONERS)]
    s.score = tuple(st[0] for st in stats)
    s.rmask = tuple(st[1] for st in stats)
    s.seat_prisoners = tuple(seats)
    s.pos = [CELL if owner[p] >= 0 else UNUSED for p in range(N_PRISONERS)]
    s.marker = [0] * N_PRISONERS
    s.since = [0] * N_PRISONERS
    # Sentinels: all on the System board, symbols hidden.
    syms = list(SENTINEL_SYMBOLS)
    setup.shuffle(syms)
    s.sent_sym = syms
    s.sent_pos = [-1] * N_SENTINELS
    s.sent_known = 0
    s.sent_peek = [0] * N_SENTINELS
    # Building tiles: one face down per building space, one left out unseen.
    tiles = list(BT_PILE)
    setup.shuffle(tiles)
    s.building_tile = tiles[:len(BUILDINGS)]
    s.left_out = tiles[len(BUILDINGS)]
    s.building_up = 0
    s.building_peek = [0] * len(BUILDINGS)
    # Run tiles: per method, one face down by each Run space; the rest left over, unseen.
    s.run_tile = [-1] * len(RUN_SPACES)
    spare: list[int] = []
    for m in range(3):
        pool = [t for t in range(len(RT_METHOD)) if RT_METHOD[t] == m]
        setup.shuffle(pool)
        for slot in range(len(RUN_SPACES)):
            if RUN_METHOD_OF_SLOT[slot] == m:
                s.run_tile[slot] = pool.pop()
        spare.extend(pool)
    s.run_tile_state = [FACE_DOWN] * len(RUN_SPACES)
    s.run_spare = spare
    # Escape decks, Run decks (red-titled cards set aside), Sentinel cards, System tiles.
    s.edeck = []
    for d in range(4):
        pile = list(DECK_KINDS[d])
        setup.shuffle(pile)
        s.edeck.append(pile)
    s.ediscard = [[] for _ in range(4)]
    s.hands = [[] for _ in range(n)]
    s.run_pile = []
    s.run_aside = []
    for m in range(4):
        cards = [c for c in range(len(RUNC_METHOD)) if RUNC_METHOD[c] == m]
        pile = [c for c in cards if not RUNC_RED[c]]
        setup.shuffle(pile)
        s.run_pile.append(pile)
        s.run_aside.append([c for c in cards if RUNC_RED[c]])
    s.run_out = []
    spile = list(SENTINEL_DECK)
    setup.shuffle(spile)
    s.spile = spile
    s.sdiscard = []
    s.scard = -1
    tiles = list(TILE_PILE)
    setup.shuffle(tiles)
    per = len(tiles) // SYS.stacks
    s.sys_stacks = [tiles[i * per:(i + 1) * per] for i in range(SYS.stacks)]
    s.sys_rows = [[] for _ in ROW_SPACES]
    s.sys_grey = []
    s.points = [0] * n
    s.token = -1
    s.escaped = 0
    s.cur = 0
    s.turn = 1
    s.acted = False
    s.moved = -1
    s.way = 0
    s.locked = False
    s.attack = None
    s.run = None
    s.last_result = None
    s.log = None
    return s

