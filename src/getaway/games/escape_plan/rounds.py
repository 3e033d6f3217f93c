"""The three Rounds and their six phases (EP-37..54), the turns of the Player Action
phase (EP-55..61), Notoriety updates and thresholds (EP-175..184) and Sandra (EP-86..100)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan import frames as fr
from getaway.games.escape_plan import words as wd
from getaway.games.escape_plan.actions import Place, PutTile
from getaway.games.escape_plan.board import legal_placements
from getaway.games.escape_plan.cards import BUSINESS_GROUPS, BUSINESS_IDS, SAFE_HOUSE_IDS
from getaway.games.escape_plan.city import build_graph, node_cell
from getaway.games.escape_plan.model import (
    ESCAPE_DAY,
    GANG_MEMBERS_PER_GANG,
    INCOME_UNLOCK_BELOW,
    OPTIONAL_TURNS,
    PATROL_REVEALS,
    REQUIRED_TURNS,
    ROUNDS,
    UNLOCK_AT_INCOME,
    LocationKind,
    Unescaped,
)
from getaway.games.escape_plan.moves import TurnStart, arrest
from getaway.games.escape_plan.state import SANDRA
from getaway.games.escape_plan.tables import (
    BOARD,
    CARDS,
    CELL_INDEX,
    CELLS,
    LOC,
    NODES,
    PATROL,
    PB,
    TILE,
    TOP,
    loc_node,
)
from getaway.games.escape_plan.tables import (
    SANDRA as SANDRA_CARDS,
)

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState

S = fr.S
TURNS = REQUIRED_TURNS + OPTIONAL_TURNS


def draw_police(state: EscapePlanState, tile: str) -> None:
    """Two officers from the bag onto a tile; a same-colour pair sends one back (EP-5,
    EP-6, EP-52)."""
    got: list[str] = []
    for _ in range(2):
        if state.bag:
            got.append(state.bag.pop(state.rng.below(len(state.bag))))
    if len(got) == 2 and got[0] == got[1]:
        state.bag.append(got.pop())
    state.police.setdefault(tile, []).extend(got)


def turn_order(state: EscapePlanState) -> list[int]:
    """Highest Notoriety first; tied players reverse their relative order (EP-54; for
    three or more tied, the whole tied group is reversed, EP-GAP-23)."""
    def pos(who: int) -> int:
        return state.sandra_notoriety if who == SANDRA else state.crew[who].notoriety
    now = state.order
    return sorted(now, key=lambda w: (-pos(w), -now.index(w)))


@dataclass(frozen=True, slots=True)
class Flow(Decision):
    """The game's program counter: runs the next step of the round."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "flow"
    stage: str
    turn: int = 0
    pos: int = 0

    def run(self, state: Any, events: list[Event]) -> None:
        getattr(self, "_" + self.stage)(state, events)

    def _round(self, state: EscapePlanState, events: list[Event]) -> None:
        from getaway.games.escape_plan.scoring import outcome

        state.round += 1
        if state.round > ROUNDS:
            if state.unescaped is Unescaped.ARRESTED:                  # EP-GAP-12
                for seat, p in enumerate(state.crew):
                    if p.active:
                        arrest(state, seat, events, end=True)          # EP-106
            state.finish(outcome(state), events)                      # EP-106
            return
        events.append(Event.said("round", wd.round_starts(state.round), {"round": state.round}))
        state.stack.append(Flow("patrol"))
        if state.round > 1:                                            # EP-38
            eligible = []
            for s in state.order:
                if s == SANDRA or not state.crew[s].active:
                    continue
                p = state.crew[s]
                paid = eco.income(p)
                p.money += paid                                        # EP-39
                events.append(Event.said("income", wd.collects_income(state, s, paid),
                                         {"seat": s, "amount": paid, "phase": True}))
                if (p.notoriety < INCOME_UNLOCK_BELOW and p.money >= UNLOCK_AT_INCOME
                        and eco.locked_assets(p)):                     # EP-41
                    eligible.append(s)
            for s in reversed(eligible):
                state.stack.append(fr.IncomeUnlock(s))

    def _patrol(self, state: EscapePlanState, events: list[Event]) -> None:
        for _ in range(PATROL_REVEALS[state.round - 1]):               # EP-42
            if not state.patrol_deck:
                break
            reveal_patrol(state, state.patrol_deck.pop(), events)
        state.placed = 0
        state.stack.append(Flow("city"))

    def _city(self, state: EscapePlanState, events: list[Event]) -> None:
        todo = [i for i in range(4) if state.stacks[i] and not state.placed >> i & 1]
        if not todo:
            for i in range(4):                                         # EP-52
                if state.stacks[i]:
                    draw_police(state, state.stacks[i][-1])
            state.stack.append(Flow("order"))
            return
        seats = [s for s in state.order if s != SANDRA]               # EP-GAP-22
        seat = seats[bin(state.placed).count("1") % len(seats)]
        state.stack.append(Flow("city"))
        state.stack.append(PlaceTile(seat))

    def _order(self, state: EscapePlanState, events: list[Event]) -> None:
        # Day 1 keeps the order of the setup (rule decided 5): everyone is still on 0, the
        # start player goes first (EP-30) and Sandra third (EP-34)
        if state.round > 1:
            state.order = turn_order(state)                            # EP-53, EP-54
        state.stack.append(Flow("turn", 0))

    def _turn(self, state: EscapePlanState, events: list[Event]) -> None:
        t = self.turn
        if t >= TURNS:
            state.stack.append(Flow("change"))
            return
        state.log_turn = t + 1
        state.stack.append(Flow("act", t, 0))
        if t < REQUIRED_TURNS:                                          # EP-56
            state.joined = [w for w in state.order
                            if w == SANDRA or state.crew[w].active]
            return
        state.joined = []                                               # EP-57
        if state.sandra and state.sandra_discs:                        # EP-59
            state.sandra_discs -= 1
            state.joined.append(SANDRA)
        for w in reversed(state.order):
            if w != SANDRA and state.crew[w].active and state.crew[w].discs:
                state.stack.append(Join(w))

    def _act(self, state: EscapePlanState, events: list[Event]) -> None:
        if self.pos >= len(state.order):
            state.stack.append(Flow("turn_end", self.turn))
            return
        who = state.order[self.pos]
        state.stack.append(Flow("act", self.turn, self.pos + 1))
        if who not in state.joined:
            return
        if who == SANDRA:
            sandra_turn(state, events)
        elif state.crew[who].active:
            state.stack.append(TurnStart(who))

    def _turn_end(self, state: EscapePlanState, events: list[Event]) -> None:
        state.stack.append(Flow("turn", self.turn + 1))
        state.stack.append(NotorietyUpdate(0))                         # EP-61, EP-178

    def _change(self, state: EscapePlanState, events: list[Event]) -> None:
        for p in state.crew:                                         # EP-101
            p.rested = False
        state.stack.append(Flow("round"))


def reveal_patrol(state: EscapePlanState, card_id: str, events: list[Event]) -> None:
    """Lay a revealed Patrol card on its space(s) (EP-43). A space's second card blocks its
    Exit (EP-44), and the first two Exits blocked get the silver, then the gold Exit tile
    stack (EP-45). The only place ``patrol_spaces``, ``blocked`` and ``exit_on`` change, so
    an Exit is blocked exactly when its space holds two cards."""
    card = PATROL[card_id]
    blocked: list[int] = []
    stacks: dict[str, str] = {}
    for space in card.spaces:
        state.patrol_spaces[space] = state.patrol_spaces.get(space, 0) + 1
        if state.patrol_spaces[space] == 2:
            state.blocked.append(space)
            blocked.append(space)
            for colour in ("silver", "gold"):
                if colour not in state.exit_on.values():
                    state.exit_on[space] = colour
                    stacks[str(space)] = colour
                    break
    events.append(Event.said("patrol", wd.patrol_revealed(card.id, blocked, stacks),
                             {"card": card.id, "exits": list(card.spaces), "blocked": blocked,
                              "exit_stacks": stacks}))


@dataclass(frozen=True, slots=True)
class Join(Decision):
    """An optional turn: spend an Extra Action disc to take part, or sit out (EP-57)."""

    key: ClassVar[str] = "join_turn"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_join(state)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [fr.simple("join"), fr.simple("sit_out")]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        state.stack.pop()
        if action == fr.simple("join"):
            state.crew[seat].discs -= 1
            state.joined.append(seat)
        joined = seat in state.joined
        events.append(Event.said("join", wd.joins(state, seat, joined),
                                 {"seat": seat, "joined": joined}))


@dataclass(frozen=True, slots=True)
class PlaceTile(Decision):
    """Lay one face-up City tile touching 2 tiles, matching a Land type if possible
    (EP-47..51)."""

    key: ClassVar[str] = "lay_tile"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_lay_tile(state)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        from getaway.games.escape_plan.board import laid

        city = {c: (TILE[t], r) for c, (t, r) in state.city.items()}
        tiles = laid(BOARD, state.side, city)
        out: list[Action] = []
        for i in range(4):
            if not state.stacks[i] or state.placed >> i & 1:
                continue
            tile = TILE[state.stacks[i][-1]]
            for pl in legal_placements(state.side, tiles, tile):
                out.append(S(Place(i, CELL_INDEX[pl.cell], pl.turn)))
        return out

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Place)
        state.stack.pop()
        tile = state.stacks[action.stack][-1]
        cell = CELLS[action.cell]
        before = set(state.business_on)
        todo = lay(state, action.stack, cell, action.turn)
        events.append(Event.said("city", wd.lays_tile(state, seat, tile, cell, action.turn),
                                 {"seat": seat, "tile": tile, "cell": list(cell),
                                  "turn": action.turn}))
        for loc, piece in state.business_on.items():           # a lone free tile (EP-50)
            if loc not in before:
                events.append(Event.said("city", wd.piece_goes(state, piece, loc),
                                         {"tile": piece, "location": loc, "auto": True}))
        for loc in reversed(todo):                                      # EP-50
            state.stack.append(ChoosePiece(seat, loc))


def free_pieces(state: EscapePlanState, kind: LocationKind) -> list[str]:
    """The Business (or Safe House) tiles not yet on the board, lowest number first."""
    ids = BUSINESS_IDS if kind is LocationKind.BUSINESS else SAFE_HOUSE_IDS
    used = set(state.business_on.values())
    return [b for b in ids if b not in used]


def lay(state: EscapePlanState, stack: int, cell: tuple[int, int], turn: int) -> list[str]:
    """Lay the top tile of a stack and put its pieces on it (EP-50, EP-51). A Business or
    Safe House Location with a single free tile of its kind gets it at once; the Locations
    with a choice are returned, for the seat who laid the tile to choose (``ChoosePiece``)."""
    tile_id = state.stacks[stack].pop()
    state.placed |= 1 << stack
    state.city[cell] = (tile_id, turn)
    state.cell_of_tile[tile_id] = cell
    todo: list[str] = []
    for loc in TILE[tile_id].locations:
        if loc.kind in (LocationKind.BUSINESS, LocationKind.SAFE_HOUSE):
            free = free_pieces(state, loc.kind)
            if len(free) == 1:
                state.business_on[loc.id] = free[0]
            elif free:
                todo.append(loc.id)
        elif loc.kind is LocationKind.GANG:
            n = min(GANG_MEMBERS_PER_GANG, state.gang_supply)
            state.gang_supply -= n
            state.gangs[loc.id] = [n, 0]
    state.graph = build_graph(state)
    return todo


@dataclass(frozen=True, slots=True)
class ChoosePiece(Decision):
    """The seat who laid a City tile chooses which free Business or Safe House tile goes
    on its ``location`` (EP-50); the free tiles are public. Only pushed when two or more
    tiles of the kind are free (``lay`` puts a lone free tile there itself)."""

    key: ClassVar[str] = "business_tile"
    seat: int
    location: str

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def options(self, state: EscapePlanState) -> list[str]:
        return free_pieces(state, LOC[self.location].kind)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [S(PutTile(t)) for t in self.options(state)]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, PutTile)
        state.stack.pop()
        state.business_on[self.location] = action.tile
        events.append(Event.said("city", wd.puts_piece(state, seat, action.tile, self.location),
                                 {"seat": seat, "tile": action.tile,
                                  "location": self.location}))

    def prompt(self, state: Any) -> str:
        return wd.prompt_business_tile(state, self.location)

    def describe(self, state: Any) -> dict[str, Any]:
        return {**Decision.describe(self, state), "location": self.location,
                "free": self.options(state)}


# -- Notoriety at the end of each turn ------------------------------------------------


@dataclass(frozen=True, slots=True)
class NotorietyUpdate(Decision):
    """Players in turn order move their marker by Red minus Blue cubes (EP-178), take a
    Wound per point above the top (EP-184) and resolve each threshold crossed (EP-179)."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "notoriety_update"
    index: int

    def run(self, state: Any, events: list[Event]) -> None:
        order = [w for w in state.order if w != SANDRA]
        if self.index >= len(order):
            return
        state.stack.append(NotorietyUpdate(self.index + 1))
        seat = order[self.index]
        p = state.crew[seat]
        before = p.notoriety
        after = before + p.red_box - p.blue_box
        p.red_box = p.blue_box = 0
        if after > TOP:
            eco.wound(state, seat, after - TOP, events)
            after = TOP
        p.notoriety = max(0, after)
        if not p.active:
            return
        for t in reversed(PB.notoriety.crossed(before, p.notoriety)):
            state.stack.append(Reward(seat, t.unlocks, t.discs))       # EP-181..183
            for other in reversed(order):                               # EP-180
                q = state.crew[other]
                if other != seat and q.active and q.notoriety < p.notoriety:
                    state.stack.append(TowardsYou(other, seat))
            events.append(Event.said("threshold", wd.crosses(state, seat, t.at),
                                     {"seat": seat, "at": t.at, "notoriety": p.notoriety}))


@dataclass(frozen=True, slots=True)
class TowardsYou(Decision):
    """``seat`` must move an officer at least one tile nearer to ``target`` if it can."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "towards_you"
    seat: int
    target: int

    def run(self, state: Any, events: list[Event]) -> None:
        cell = fr.pawn_cell(state, self.target)
        if cell < 0:
            return
        frame = fr.MovePolice(self.seat, "", cell)
        if frame.options(state):
            state.stack.append(frame)


@dataclass(frozen=True, slots=True)
class Reward(Decision):
    """A threshold's reward: unlocks and Extra Action discs."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "threshold_reward"
    seat: int
    unlocks: int
    discs: int

    def run(self, state: Any, events: list[Event]) -> None:
        state.crew[self.seat].discs += self.discs
        fr.push_unlock(state, self.seat, self.unlocks)


# -- Sandra (EP-86..100) ---------------------------------------------------------------


def sandra_target(state: EscapePlanState, card_id: str) -> str | None:
    """The Location a Sandra card sends her to, if it is on the board and allowed."""
    card = SANDRA_CARDS[card_id]
    if card.kind in (LocationKind.BUSINESS, LocationKind.SAFE_HOUSE):
        for loc, tile in state.business_on.items():
            if tile == card.location:
                return loc
        return None
    loc_id = card.location
    if (LOC[loc_id].kind is LocationKind.EXIT and LOC[loc_id].exit not in state.blocked
            and state.round < ESCAPE_DAY):                            # EP-87
        return None
    return loc_id if node_cell(state, loc_node(loc_id)) is not None else None


def _discard_display(state: EscapePlanState, gone: list[str] | None = None) -> None:
    """Sandra discards the 2 rightmost display cards, gaining their discs (EP-92); the
    (face-up) cards are added to ``gone``."""
    for _ in range(2):
        if state.display:
            card = state.display.pop()
            state.sandra_discs += CARDS.contact(card).discs
            state.contact_discard.append(card)
            if gone is not None:
                gone.append(card)
    eco.refill(state)


def sandra_turn(state: EscapePlanState, events: list[Event]) -> None:
    """Sandra reveals cards until one names a Location on the board, goes there and acts."""
    target = None
    revealed: list[str] = []
    for _ in range(len(state.sandra_deck) + len(state.sandra_discard) + 1):
        if not state.sandra_deck:
            state.sandra_deck = state.sandra_discard
            state.sandra_discard = []
            state.rng.shuffle(state.sandra_deck)
            if not state.sandra_deck:
                break
        card = state.sandra_deck.pop()
        state.sandra_discard.append(card)
        revealed.append(card)
        target = sandra_target(state, card)
        if target is not None:
            break
    if target is None:                                                  # EP-86
        events.append(Event.said("sandra", wd.sandra_stays(),
                                 {"location": None, "cards": revealed,
                                  "at": NODES[state.sandra_node][2:]
                                  if state.sandra_node >= 0 else None}))
        return
    start = NODES[state.sandra_node][2:] if state.sandra_node >= 0 else None
    node = loc_node(target)
    state.sandra_node = node                                            # EP-86
    data: dict[str, Any] = {"location": target, "from": start, "cards": revealed,
                            "kind": LOC[target].kind.value}
    gone: list[str] = []
    loc = LOC[target]
    others = sum(1 for p in state.crew if p.active and p.node == node)
    kind = loc.kind

    def shift(delta: int) -> None:
        state.sandra_notoriety = max(0, min(TOP, state.sandra_notoriety + delta))

    if kind is LocationKind.BUSINESS:                                   # EP-89..93
        tile = state.business_on[target]
        data["tile"] = tile
        shift(1 + others)
        state.sandra_white += 1
        _discard_display(state, gone)
        state.business_visits[tile] = state.business_visits.get(tile, 0) + 1
        if tile not in state.sandra_visited:
            state.sandra_visited.append(tile)
            for group in BUSINESS_GROUPS:
                if tile in group and all(b in state.sandra_visited for b in group):
                    state.sandra_discs += 1
    elif kind is LocationKind.SAFE_HOUSE:                               # EP-94..96
        tile = state.business_on[target]
        data["tile"] = tile
        shift(-1 + others)
        state.sandra_red += 1
        if state.fixers:                    # a random Fixer tile: which one stays unsaid
            state.fixers.pop(state.rng.below(len(state.fixers)))
            data["fixer_discarded"] = True
        keys = state.keys_on.get(tile, [])
        if keys:
            data["key"] = keys.pop(0)
        if tile not in state.sandra_visited:
            state.sandra_visited.append(tile)
            if all(h in state.sandra_visited for h in SAFE_HOUSE_IDS):
                state.sandra_discs += 1
    elif kind is LocationKind.STORE:                                    # EP-97..99
        assert loc.store is not None
        shift((1 if loc.store.value in "AC" else -1) + others)
        _discard_display(state, gone)
        data["lockers_discarded"] = []
        for colour in CARDS.depicted(loc.store):
            stack = state.lockers[colour.value]
            if stack:                       # a random tile, face down: its colour only
                stack.pop(state.rng.below(len(stack)))
                data["lockers_discarded"].append(colour.value)
    elif kind is LocationKind.EXIT:                                     # EP-100
        shift(-1 + others)
        on = state.exit_on.get(loc.exit or 0)
        stacks = [on] if on else sorted(state.exit_stacks,
                                                key=lambda c: -len(state.exit_stacks[c]))
        stack = state.exit_stacks[stacks[0]]
        if stack:                           # a random tile, face down: its colour only
            stack.pop(state.rng.below(len(stack)))
            data["exit_tile_discarded"] = stacks[0]
        _discard_display(state, gone)
    if gone:                                # face-up display cards she discarded
        data["display_discarded"] = gone
    data["notoriety"] = state.sandra_notoriety
    events.append(Event.said("sandra", wd.sandra_visits(state, target, data), data))

