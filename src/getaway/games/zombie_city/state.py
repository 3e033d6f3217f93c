"""The state of an Escape: Zombie City game and the survivors' rules, in real time.

Every seat acts at once: one endless :class:`Play` decision lists, for each
seat with dice in play, what its dice and section allow (``legal_for``), and
``do`` carries it out. Dice are small integers (see :mod:`.tables`). The clock
counts seconds since "Escape", pauses included; :mod:`.timing` reacts to its
marks and :mod:`.zombies` runs the zombie cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from getaway.core.actions import Action
from getaway.core.chance import Rng
from getaway.core.clock import Clock, Timeline
from getaway.core.decisions import Decision, DecisionState
from getaway.core.events import Event
from getaway.core.spec import Config
from getaway.core.state import Outcome
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city import words as W
from getaway.games.zombie_city.content import (
    CONTENT,
    EDGES,
    Difficulty,
    Edge,
    Handicap,
    Stack,
    opposite,
    placement,
    step,
)
from getaway.games.zombie_city.model import Ending
from getaway.games.zombie_city.tables import (
    BITE_SHED,
    BITES,
    BUILDING_LIST,
    BUILDINGS,
    CARDS,
    CHURCH,
    CODE_NAME,
    DICE,
    DRIVE_NEED,
    END_TIME,
    ENTRY,
    ENTRY_NEED,
    EXIT,
    FACES,
    IN_BAG,
    ITEM_INDEX,
    ITEMS,
    LOST,
    PIECE_KINDS,
    PIECE_NEED,
    ROLLABLE,
    SEARCH_ICONS,
    SEARCH_NEED,
    SECONDS,
    SECTIONS,
    SHED_NEED,
    SPENT,
    STREET_ORDER,
    STREETS_AT,
    SUBMASKS,
    TIMELINE,
    USABLE,
    B,
    C,
    F,
    G,
    P,
    affords,
    packed,
)
from getaway.games.zombie_city.timing import mark
from getaway.games.zombie_city.zombies import unbite, zombie_card

SEAT_COLOURS = W.SEAT_COLOURS
"""The seats' colours on the table (their pieces and places on the board are drawn so)."""
_NO_LIMIT = (DICE, False, 0)
"""``_limit`` of a seat without bites."""
ROLLED = tuple([i for i in range(DICE) if mask >> i & 1] for mask in range(1 << DICE))
"""By a mask of dice: the dice it names, in order (never changed)."""


def _count(dice: Sequence[int]) -> tuple[list[int], int, int]:
    """Per die code, how many dice show it; the mask of the dice that may roll; and the
    icons showing, :func:`~.tables.packed` for :func:`~.tables.affords`."""
    cnt = [0] * 8
    full = 0
    for i, v in enumerate(dice):
        cnt[v] += 1
        if v in ROLLABLE:
            full |= 1 << i
    return cnt, full, packed(dice)


_IN_A = tuple(sec.stack is Stack.A for sec in SECTIONS)
"""By section: whether it belongs to the A stack of the street pile."""
_EVERY_SEAT = tuple(tuple(range(n)) for n in range(A.MAX_SEATS + 1))
"""By the number of seats: every seat (what :meth:`ZombieCityState.acting` most often says)."""
ENTERS, REVEALS, DRIVES = A.ENTERS, A.REVEALS, A.DRIVES
CAUTION_HELPS, COMMITS, SHEDS = A.CAUTION_HELPS, A.COMMITS, A.SHEDS

_COUNTED: dict[tuple[int, ...], tuple[list[int], int, int]] = {}
"""``_count`` by the dice's faces (read only: the lists are shared)."""


class Play(Decision):
    """The one, endless decision of a real-time game: every seat with dice may act."""

    __slots__ = ()
    key: ClassVar[str] = "play"

    def seats(self, state: Any) -> tuple[int, ...]:
        s: ZombieCityState = state
        return s.acting()

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        s: ZombieCityState = state
        return s.legal_for(seat)

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        s: ZombieCityState = state
        s.do(seat, action, events)

    def prompt(self, state: Any) -> str:
        s: ZombieCityState = state
        return W.prompt(s.phase)


PLAY = Play()


class ZombieCityState(DecisionState):
    """A game of Escape: Zombie City (all fields public except the pile, stacks and deck)."""

    action_space = A.SPACE
    clock_marks: ClassVar[Timeline] = TIMELINE

    def __init__(self, config: Config, seed: int) -> None:
        self._init_base()
        self.config, self.seed = config, seed
        n = config.players
        self.scenario = int(config.options.get("scenario", 1))
        level = Difficulty(str(config.options.get("difficulty", "standard")))
        diff = CONTENT.difficulty(level)
        self.need = diff.cargo_need(n)
        self.church_limit = diff.church_limit
        self.dice_rng = Rng.derive(seed, "dice")
        self.bag_rng = Rng.derive(seed, "bag")
        setup = Rng.derive(seed, "setup")
        self.clk = Clock()
        self.paused = False
        self.countdown = 0
        self.phase = 1
        self.dice: list[list[int]] = [[SPENT] * DICE for _ in range(n)]
        self.pos = [CHURCH] * n
        self.held = [-1] * n
        self.bites: list[list[int]] = [[] for _ in range(n)]
        # the board: section index -> (x, y, turns); cell -> section index
        self.placed: dict[int, tuple[int, int, int]] = {}
        self.cells: dict[tuple[int, int], int] = {}
        self.links: dict[int, tuple[int, ...]] = {}
        self.free: dict[int, tuple[Edge, ...]] = {}
        for p in CONTENT.start:
            self._lay(A.SECTION_INDEX[p.section], p.x, p.y, p.turns)
        a_pile = [A.SECTION_INDEX[s.id] for s in CONTENT.pile(Stack.A)]
        b_pile = [A.SECTION_INDEX[s.id] for s in CONTENT.pile(Stack.B)]
        setup.shuffle(a_pile)
        setup.shuffle(b_pile)
        self.street_pile = b_pile + a_pile  # top is the end: every A before any B
        self.stacks: dict[str, list[int]] = {}
        for b in BUILDING_LIST:
            st = [ITEM_INDEX[i.id] for i in CONTENT.item_stack(b)]
            setup.shuffle(st)
            self.stacks[b.value] = st
        self.tiles: dict[int, int] = {}  # building section -> face-down item (kind index)
        self.cargo = [False] * len(ITEMS)
        self.deck = [i for i, c in enumerate(CARDS) if self.scenario in c.scenarios]
        setup.shuffle(self.deck)
        self.used_cards: list[int] = []
        self.zloc = [IN_BAG] * len(PIECE_KINDS)
        self.zhit: list[tuple[int, int]] = [(0, 0)] * len(PIECE_KINDS)
        self.at_church = 0
        self.exit_revealed = False
        self.van = -1
        self.drive_target = -1
        self.drove = [False] * n
        self.stack.append(PLAY)

    # -- copying ------------------------------------------------------------------

    def clone(self) -> Self:
        o = type(self).__new__(type(self))
        self._copy_base(o)
        o.config, o.seed = self.config, self.seed
        o.scenario, o.need, o.church_limit = self.scenario, self.need, self.church_limit
        o.dice_rng, o.bag_rng = self.dice_rng.clone(), self.bag_rng.clone()
        o.clk = self.clk.copy()
        o.paused, o.countdown, o.phase = self.paused, self.countdown, self.phase
        o.dice = [d[:] for d in self.dice]
        o.pos, o.held = self.pos[:], self.held[:]
        o.bites = [b[:] for b in self.bites]
        o.placed, o.cells = dict(self.placed), dict(self.cells)
        o.links, o.free = dict(self.links), dict(self.free)
        o.street_pile = self.street_pile[:]
        o.stacks = {k: v[:] for k, v in self.stacks.items()}
        o.tiles, o.cargo = dict(self.tiles), self.cargo[:]
        o.deck, o.used_cards = self.deck[:], self.used_cards[:]
        o.zloc, o.zhit, o.at_church = self.zloc[:], self.zhit[:], self.at_church
        o.exit_revealed, o.van = self.exit_revealed, self.van
        o.drive_target, o.drove = self.drive_target, self.drove[:]
        return o

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Reshuffle the street pile (A over B), item stacks with face-down tiles, the deck."""
        o = self.clone()
        na = sum([_IN_A[i] for i in o.street_pile])
        cut = len(o.street_pile) - na
        bottom, top = o.street_pile[:cut], o.street_pile[cut:]
        rng.shuffle(bottom)
        rng.shuffle(top)
        o.street_pile = bottom + top
        for b in BUILDING_LIST:
            where = sorted(s for s in o.tiles if BUILDINGS[s] is b)
            pool = o.stacks[b.value] + [o.tiles[s] for s in where]
            rng.shuffle(pool)
            for s in where:
                o.tiles[s] = pool.pop()
            o.stacks[b.value] = pool
        rng.shuffle(o.deck)
        o.dice_rng, o.bag_rng = Rng(rng.getrandbits(64)), Rng(rng.getrandbits(64))
        return o

    # -- the clock ----------------------------------------------------------------

    def clock(self) -> float | None:
        return self.clk.now

    def wake_in(self) -> float | None:
        if self._outcome is not None:
            return None
        now = self.clk.now
        nxt = TIMELINE.next_after(now)
        return None if nxt is None else nxt - now

    def action_seconds(self, seat: int, action: Action) -> float:
        return SECONDS[type(action)]

    def advance(self, seconds: float) -> list[Event]:
        events: list[Event] = []
        for _, tag in self.clk.advance(seconds, TIMELINE):
            if self._outcome is not None:
                break
            mark(self, tag, events)
        self._cache = None
        return events

    # -- the board ----------------------------------------------------------------

    def _lay(self, sec: int, x: int, y: int, turns: int) -> None:
        self.placed[sec] = (x, y, turns)
        self.cells[x, y] = sec
        for t in (sec, *(n for e in EDGES if (n := self.cells.get(step(x, y, e))) is not None)):
            self._relink(t)

    def _relink(self, sec: int) -> None:
        x, y, turns = self.placed[sec]
        links, free = [], []
        for e in STREET_ORDER[sec][turns]:
            n = self.cells.get(step(x, y, e))
            if n is None:
                free.append(e)
            elif opposite(e) in STREETS_AT[n][self.placed[n][2]]:
                links.append(n)
        self.links[sec] = tuple(links)
        self.free[sec] = tuple(free)

    def streets(self, sec: int) -> frozenset[Edge]:
        """The street edges of a laid section."""
        return STREETS_AT[sec][self.placed[sec][2]]

    def neighbour(self, sec: int, edge: Edge) -> int | None:
        """The section across ``edge`` of ``sec`` (None for an empty cell)."""
        x, y, _ = self.placed[sec]
        return self.cells.get(step(x, y, edge))

    def joined(self, sec: int) -> tuple[int, ...]:
        """Sections joined to ``sec`` by a street on both sides."""
        return self.links[sec]

    def open_streets(self, sec: int) -> tuple[Edge, ...]:
        """Street edges of ``sec`` whose cell is still empty (revealable, ZC-51)."""
        return self.free[sec]

    def zombies_on(self, sec: int) -> list[int]:
        """The zombie pieces on a section, in piece order.

        (Found by the list's own count and index: a section holds a zombie or two
        of the twenty, and every legality check asks.)
        """
        zloc = self.zloc
        found: list[int] = []
        z = -1
        for _ in range(zloc.count(sec)):
            z = zloc.index(sec, z + 1)
            found.append(z)
        return found

    def where(self, seat: int) -> int:
        """The seat's section (the van's in phase 2)."""
        return self.van if self.phase == 2 else self.pos[seat]

    # -- legality -----------------------------------------------------------------

    def acting(self) -> tuple[int, ...]:
        """Seats that may act now: none in a pause, else every seat with a die in play."""
        if self._outcome is not None or self.paused:
            return ()
        dice = self.dice
        if max(map(min, dice)) <= SPENT:  # the usual case, in one pass of C
            return _EVERY_SEAT[len(dice)]
        return tuple([s for s, d in enumerate(dice) if min(d) <= SPENT])

    # The protocol, sooner: ``Play`` is the only frame on the stack (until the game
    # ends and clears it) and it is never automatic, so the three calls of every
    # step skip the frame and go straight to the rules; answers and errors are
    # ``DecisionState``'s.

    to_act = acting

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every legal action of ``seat`` now, as a tuple (shared and cached: never copied)."""
        if type(seat) is not int:
            return ()
        if self._cache is not None and self._cache_seat == seat:
            return self._cache
        if not self._may_act(seat):
            return ()
        acts = tuple(self.legal_for(seat))
        self._cache_seat, self._cache = seat, acts
        return acts

    def apply(self, seat: int, action: Action) -> list[Event]:
        for a in self.legal_actions(seat):
            if a is action:
                self._cache = None
                events: list[Event] = []
                self.do(seat, action, events)
                return events
        return super().apply(seat, action)  # an equal twin, or a refusal

    def _may_act(self, seat: int) -> bool:
        """Whether ``seat`` (an int) is in :meth:`acting`."""
        return (self._outcome is None and not self.paused and 0 <= seat < len(self.dice)
                and min(self.dice[seat]) <= SPENT)

    def _limit(self, seat: int) -> tuple[int, bool, int]:
        bites = self.bites[seat]
        if not bites:
            return _NO_LIMIT
        limit, no_keep, vertigo = DICE, False, 0
        for b in bites:
            bite = BITES[b]
            if bite.handicap is Handicap.ROLL_LIMIT:
                limit = min(limit, bite.amount)
            elif bite.handicap is Handicap.NO_KEEPING:
                no_keep = True
            elif bite.handicap is Handicap.LOSE_ON_PANICS:
                vertigo = bite.amount
        return limit, no_keep, vertigo

    def legal_for(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now.

        (Written for speed, as every step of a playout asks: fields are read into
        locals once, and the dice are counted once per set of faces.)
        """
        d = self.dice[seat]
        key = tuple(d)
        counted = _COUNTED.get(key)
        if counted is None:
            counted = _COUNTED[key] = _count(d)
        cnt, full, have = counted
        out: list[Action] = []
        bites = self.bites[seat]
        if full:
            limit, no_keep, _ = self._limit(seat) if bites else _NO_LIMIT
            out.extend(SUBMASKS[full, limit, no_keep])
        elif cnt[P]:
            out.append(A.RESCUE)
            out.append(A.WAIT)  # ZC-69: or wait for a friend's caution
        phase = self.phase
        here = self.van if phase == 2 else self.pos[seat]
        zombies = self.zombies_on(here)
        held = self.held[seat]
        if phase == 1:
            for t in self.links[here]:
                if ENTRY[t] and affords(have, ENTRY_NEED[t]):
                    out.append(ENTERS[t])
            if cnt[G] >= 2 and self.street_pile:
                for e in self.free[here]:
                    out.append(REVEALS[e])
            if here in self.tiles and held < 0 and affords(have, SEARCH_NEED[here]):
                out.append(A.SEARCH)
            if here == CHURCH and held >= 0 and not self.cargo[held]:
                out.append(A.DEPOSIT)
        elif not zombies and not self.drove[seat]:
            target = self.drive_target
            for t in self.links[here]:
                if (target < 0 or t == target) and ENTRY[t] and affords(have, DRIVE_NEED[t]):
                    out.append(DRIVES[t])
        if held >= 0 and self.cargo[held]:
            out.append(A.DISCARD)
            if cnt[P]:
                out.append(A.USE_ITEM)
        if cnt[C] and not zombies:
            if cnt[P]:
                out.append(A.CAUTION_SELF)
            self._helps(seat, here, out)
        if zombies:
            self._fights(cnt, zombies, out)
        if bites:
            for b in dict.fromkeys(bites):  # a bite drawn twice is shed one card at a time
                if affords(have, SHED_NEED[b]):
                    out.append(SHEDS[b])
        return out

    def _helps(self, seat: int, here: int, out: list[Action]) -> None:
        """A caution for each other seat on ``here`` with a panic showing."""
        for t in range(self.players):
            if t != seat and P in self.dice[t] and self.where(t) == here:
                out.append(CAUTION_HELPS[t])

    def _fights(self, cnt: list[int], zombies: list[int], out: list[Action]) -> None:
        """A fist or a bat against each zombie on the section that still needs one."""
        zhit = self.zhit
        for z in zombies:
            nf, nb = PIECE_NEED[z]
            hf, hb = zhit[z]
            if cnt[F] and hf < nf:
                out.append(COMMITS[z][0])
            if cnt[B] and hb < nb:
                out.append(COMMITS[z][1])

    def explain_illegal(self, seat: int, action: Action) -> str:
        if self.paused:
            return "nobody acts during a pause"
        return "the dice showing do not pay for it, or it does not fit the board"

    # -- carrying out actions -----------------------------------------------------

    def _spend(self, seat: int, icons: Sequence[int]) -> None:
        d = self.dice[seat]
        for ic in icons:
            d[d.index(ic)] = SPENT

    def _roll(self, seat: int, mask: int, events: list[Event]) -> None:
        d = self.dice[seat]
        rolled = ROLLED[mask]
        below = self.dice_rng.below
        faces: list[str] = []
        for i in rolled:
            d[i] = face = FACES[below(6)]
            faces.append(CODE_NAME[face])
        if self.bites[seat]:
            self._vertigo(seat, rolled, events)
        events.append(W.rolled(seat, faces, [CODE_NAME[v] for v in d], rolled))

    def _vertigo(self, seat: int, rolled: list[int], events: list[Event]) -> None:
        """The Vertigo bite: a roll with too many panics loses one of them."""
        d = self.dice[seat]
        _, _, vertigo = self._limit(seat)
        if vertigo and sum(d[i] == P for i in rolled) >= vertigo:
            d[next(i for i in rolled if d[i] == P)] = LOST
            events.append(W.vertigo(seat, next(b for b in self.bites[seat]
                                               if BITES[b].handicap is Handicap.LOSE_ON_PANICS)))

    def _free(self, seat: int, most: int) -> int:
        d = self.dice[seat]
        freed = 0
        for i in range(DICE):
            if d[i] == P and freed < most:
                d[i] = SPENT
                freed += 1
        return freed

    def do(self, seat: int, action: Action, events: list[Event]) -> None:
        """Carry out a legal action of ``seat``."""
        if isinstance(action, A.Roll):
            self._roll(seat, action.mask, events)
        elif isinstance(action, A.Enter):
            self._spend(seat, ENTRY[action.section])
            self.pos[seat] = action.section
            events.append(W.entered(seat, action.section))
            self.check_van_phase(events)
        elif isinstance(action, A.Reveal):
            self._spend(seat, (G, G))
            self._reveal(seat, Edge(action.edge), events)
        elif isinstance(action, A.Search):
            here = self.pos[seat]
            self._spend(seat, SEARCH_ICONS[here])
            self.held[seat] = self.tiles.pop(here)
            events.append(W.searched(seat, here, self.held[seat]))
        elif isinstance(action, A.Deposit):
            self.cargo[self.held[seat]] = True
            events.append(W.deposited(seat, self.held[seat]))
            self.held[seat] = -1
            self.check_van_phase(events)
        elif isinstance(action, A.DiscardItem):
            events.append(W.discarded(seat, self.held[seat]))
            self.held[seat] = -1
        elif isinstance(action, A.UseItem):
            events.append(W.used_item(seat, self.held[seat]))
            self.held[seat] = -1
            d = self.dice[seat]
            mask = sum(1 << i for i in range(DICE) if d[i] == P)
            self._roll(seat, mask, events)
        elif isinstance(action, A.CautionSelf):
            self._spend(seat, (C,))
            n = self._free(seat, 2)
            events.append(W.caution(seat, n))
        elif isinstance(action, A.CautionHelp):
            self._spend(seat, (C,))
            n = self._free(action.seat, 2)
            events.append(W.caution(seat, n, action.seat))
        elif isinstance(action, A.Rescue):
            self._rescue(seat, events)
        elif isinstance(action, A.Wait):
            pass  # the seat looks round for a caution; the scheduler keeps it busy
        elif isinstance(action, A.Commit):
            self._commit(seat, action.zombie, F if action.icon == "fist" else B, events)
        elif isinstance(action, A.Shed):
            self._spend(seat, BITE_SHED[action.bite])
            unbite(self, seat, action.bite, events)
        elif isinstance(action, A.Drive):
            self._spend(seat, (*ENTRY[action.section], G))
            self.drive_target = action.section
            self.drove[seat] = True
            events.append(W.ready_to_drive(seat, action.section))
            self._try_drive(events)

    # -- sections and zombie cards --------------------------------------------------

    def _reveal(self, seat: int, edge: Edge, events: list[Event]) -> None:
        """ZC-52..58: lay the top section, give a building its tile, turn a zombie card."""
        here = self.pos[seat]
        sec = self.street_pile.pop()
        x, y, _ = self.placed[here]
        p = placement(SECTIONS[sec], x, y, edge)
        self._lay(sec, p.x, p.y, p.turns)
        if sec == EXIT:
            self.exit_revealed = True
        b = BUILDINGS[sec]
        if b is not None and self.stacks[b.value]:
            self.tiles[sec] = self.stacks[b.value].pop()
        events.append(W.revealed(seat, sec, p.x, p.y, p.turns, edge))
        zombie_card(self, seat, sec, False, events)
        if self._outcome is None:
            self.check_van_phase(events)

    def _rescue(self, seat: int, events: list[Event]) -> None:
        """ZC-69..73 and ZC-80..83: a zombie card, then the rescuer rerolls."""
        events.append(W.rescue(seat))
        zombie_card(self, seat, self.where(seat), self.phase == 2, events)
        if self._outcome is not None:
            return
        d = self.dice[seat]
        mask = sum(1 << i for i in range(DICE) if d[i] in USABLE)
        self._roll(seat, mask, events)

    # -- fights and the van ---------------------------------------------------------

    def _commit(self, seat: int, z: int, icon: int, events: list[Event]) -> None:
        """ZC-34/35: a die against a zombie; pooled icons that meet its need defeat it."""
        self._spend(seat, (icon,))
        hf, hb = self.zhit[z]
        self.zhit[z] = (hf + (icon == F), hb + (icon == B))
        if self.zhit[z] == PIECE_NEED[z]:
            sec = self.zloc[z]
            self.zloc[z] = IN_BAG
            self.zhit[z] = (0, 0)
            events.append(W.defeated(seat, z, CODE_NAME[icon], sec))
            if self.phase == 2:
                self._try_drive(events)
                self._check_win(events)
        else:
            nf, nb = PIECE_NEED[z]
            hf, hb = self.zhit[z]
            events.append(W.struck(seat, z, CODE_NAME[icon], nf - hf, nb - hb))

    def _try_drive(self, events: list[Event]) -> None:
        """ZC-77: the van moves once every player with dice has committed."""
        if self.drive_target < 0 or self.zombies_on(self.van):
            return
        for s in range(self.players):
            if not self.drove[s] and any(v in USABLE for v in self.dice[s]):
                return
        self.van = self.drive_target
        self.drive_target = -1
        self.drove = [False] * self.players
        events.append(W.van_drives(self.van))
        self._check_win(events)

    def _check_win(self, events: list[Event]) -> None:
        if self.van == EXIT and not self.zombies_on(EXIT) and self._outcome is None:
            left = max(0.0, END_TIME - self.clk.now)
            everyone = tuple(range(self.players))
            self.finish(Outcome(everyone, tuple(left for _ in everyone), Ending.ESCAPED,
                                W.escaped_detail(left)), events)

    def check_van_phase(self, events: list[Event]) -> None:
        """ZC-43/74: the exit is known, the cargo bay full and everyone on the church."""
        if (self.phase == 1 and self.exit_revealed and sum(self.cargo) >= self.need
                and all(p == CHURCH or min(self.dice[seat]) > SPENT
                        for seat, p in enumerate(self.pos))):
            self.phase = 2
            self.van = CHURCH
            events.append(W.van_phase())

    # -- views ----------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """A seat is named by its colour on the table."""
        return SEAT_COLOURS[seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        from getaway.games.zombie_city.views import view

        return view(self, seat)

    def truth(self) -> dict[str, Any]:
        return {"clock": self.clk.now, "paused": self.paused, "countdown": self.countdown,
                "phase": self.phase, "dice": self.dice, "pos": self.pos, "held": self.held,
                "bites": self.bites, "placed": {str(k): v for k, v in self.placed.items()},
                "pile": self.street_pile, "stacks": self.stacks,
                "tiles": {str(k): v for k, v in self.tiles.items()}, "cargo": self.cargo,
                "deck": self.deck, "used": self.used_cards, "zloc": self.zloc,
                "zhit": self.zhit, "at_church": self.at_church, "van": self.van,
                "drive": [self.drive_target, self.drove], "rng": [self.dice_rng.state,
                                                                  self.bag_rng.state],
                "outcome": self._outcome.to_json() if self._outcome else None}

    def observation(self, seat: int) -> list[float]:
        from getaway.games.zombie_city.observe import observe

        return observe(self, seat)

    def progress(self, seat: int) -> float:
        """Items in the cargo bay, the exit, then the van's closeness to it."""
        if self._outcome is not None:
            return 1.0 if self._outcome.winners else 0.0
        items = min(1.0, sum(self.cargo) / self.need)
        if self.phase == 1:
            return 0.4 * items + 0.1 * self.exit_revealed
        return 0.6 + 0.35 * (1.0 - min(1.0, self.van_distance() / 8.0))

    def van_distance(self) -> int:
        """Drives from the van (or the church) to the exit (99 when unknown)."""
        start = self.van if self.van >= 0 else CHURCH
        if EXIT not in self.placed:
            return 99
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt: list[int] = []
            for s in frontier:
                if s == EXIT:
                    return seen[s]
                for t in self.joined(s):
                    if t not in seen:
                        seen[t] = seen[s] + 1
                        nxt.append(t)
            frontier = nxt
        return 99


def new_state(config: Config, seed: int) -> ZombieCityState:
    """A fresh game: the town laid out, every survivor on the church, dice not yet rolled."""
    return ZombieCityState(config, seed)
