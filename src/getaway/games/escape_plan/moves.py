"""A player's turn: the fee once someone escaped, Rest or Move, the move step by step,
the avoid step, and the Executive Actions around them (EP-55..85, EP-157)."""

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
from getaway.games.escape_plan.actions import Avoid, Fly, Go, Pick, Use
from getaway.games.escape_plan.board import distance
from getaway.games.escape_plan.city import is_kind, node_cell, tile_at
from getaway.games.escape_plan.effects import Effect, Op, Scope
from getaway.games.escape_plan.model import (
    ARREST_FEE,
    MOVEMENT_POINTS,
    Land,
    LocationKind,
    TileIcon,
)
from getaway.games.escape_plan.tables import (
    AREA_OF,
    LOC,
    N_LOC,
    NODES,
    SUBWAYS,
    TILE,
    WATERS,
    effects_of,
    loc_node,
    water_node,
)

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState

S = fr.S
INF = 99
MOVE_OPS = ("gas", "water", "medevac", "fly", "gang", "sewer")


class Move:
    """The move in progress: where the pawn is, MP left, tiles left behind."""

    __slots__ = ("fly_mp", "free_fly", "left", "medevac", "mp", "refund", "sewer", "start",
                 "steps", "waters")

    def __init__(self, start: int) -> None:
        self.start = start
        self.mp = MOVEMENT_POINTS
        self.left: list[tuple[int, int]] = []   # cells left, in order (EP-79)
        self.steps = 0
        self.refund = False         # the next step out of the arrival station is free (EP-75)
        self.waters: list[int] = []  # Water areas opened by a Jet Ski / Scuba Gear
        self.free_fly = False       # a Chopper / Helicopter / Gang flight is ready
        self.fly_mp = 0             # ... and its MP: 0 by card, 1 for a Gang ability
        self.medevac = False
        self.sewer = False          # a Sewer card is ready (EP-197)

    def copy(self) -> Move:
        m = Move.__new__(Move)
        m.start, m.mp, m.left, m.steps = self.start, self.mp, self.left[:], self.steps
        m.refund, m.waters, m.free_fly = self.refund, self.waters[:], self.free_fly
        m.medevac, m.sewer, m.fly_mp = self.medevac, self.sewer, self.fly_mp
        return m

    def truth(self) -> list[Any]:
        return [self.start, self.mp, self.left, self.steps, self.refund, self.waters,
                self.free_fly, self.medevac, self.sewer, self.fly_mp]


@dataclass(frozen=True, slots=True)
class TurnStart(Decision):
    """Start ``seat``'s turn: the $1 fee once a player escaped (EP-60)."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "turn_start"
    seat: int

    def run(self, state: Any, events: list[Event]) -> None:
        p = state.crew[self.seat]
        state.move = None
        if not p.active:
            return
        if state.escapes:
            if p.money >= ARREST_FEE:
                state.stack.append(Fee(self.seat))
            else:
                arrest(state, self.seat, events)
            return
        state.stack.append(ActionChoice(self.seat))


def arrest(state: EscapePlanState, seat: int, events: list[Event], end: bool = False) -> None:
    """The player is arrested: out of the game, scoring 0 (EP-60, EP-106). ``end``: still
    in the city when Round 3 ends (option ``unescaped=arrested``, EP-GAP-12), which the
    event's data says with ``"end": true``."""
    p = state.crew[seat]
    p.arrested = True
    p.arrest = "end" if end else "broke" if p.money < ARREST_FEE else "refused"
    data: dict[str, Any] = {"seat": seat}
    if end:
        data["end"] = True
    events.append(Event.said("arrested", wd.arrested(state, seat, end), data))


@dataclass(frozen=True, slots=True)
class Fee(Decision):
    """Pay $1 or be arrested (EP-60)."""

    key: ClassVar[str] = "fee"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_fee(state)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [fr.simple("pay_fee"), fr.simple("arrested")]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        state.stack.pop()
        if action == fr.simple("pay_fee"):
            state.crew[seat].money -= ARREST_FEE
            events.append(Event.said("fee", wd.pays_fee(state, seat, ARREST_FEE),
                                     {"seat": seat, "price": ARREST_FEE}))
            state.stack.append(ActionChoice(seat))
        else:
            arrest(state, seat, events)


@dataclass(frozen=True, slots=True)
class ActionChoice(Decision):
    """Rest (once a round) or Move; Executive Actions any time (EP-56, EP-62, EP-69)."""

    key: ClassVar[str] = "rest_or_move"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_rest_or_move(state, self.seat)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        p = state.crew[seat]
        out = [] if p.rested else [fr.simple("rest")]
        out.append(fr.simple("move"))
        return out + fr.any_time_uses(state, seat)

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        p = state.crew[seat]
        if action == fr.simple("rest"):
            p.rested = True                          # EP-62, EP-63
            p.first_aid = True                       # EP-64
            fr.refresh(p)                            # EP-65, EP-67
            state.stack[-1] = EndTurn(seat)
            fr.push_unlock(state, seat, 1)           # EP-66
            events.append(Event.said("rest", wd.rests(state, seat), {"seat": seat}))
        elif action == fr.simple("move"):
            state.move = Move(p.node)
            state.stack[-1] = MoveFrame(seat)
        else:
            fr.do_any_time(state, seat, action, events)


@dataclass(frozen=True, slots=True)
class EndTurn(Decision):
    """Executive Actions after the visit, then the turn ends (EP-157)."""

    key: ClassVar[str] = "end_turn"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_end_turn(state)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        if not state.crew[seat].active:
            return [fr.simple("end_turn")]
        return [fr.simple("end_turn"), *fr.any_time_uses(state, seat)]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        if action == fr.simple("end_turn"):
            state.stack.pop()
            state.move = None
        else:
            fr.do_any_time(state, seat, action, events)


def _flight_targets(state: EscapePlanState, node: int, mp: int) -> list[int]:
    """Locations and Land spaces 1-2 tiles away (EP-76) from which a Location is still
    reachable with ``mp``."""
    here = node_cell(state, node)
    if here is None:
        return []
    g = state.graph
    return sorted(n for n, c in g.cell_of.items()
                  if 1 <= distance(here, c) <= 2 and g.near.get(n, INF) <= mp)


def land_of(node: int) -> Land | None:
    """The Land type a Location or Land area node lies in (None for Water)."""
    if node < N_LOC:
        return LOC[NODES[node][2:]].land
    area = AREA_OF.get(node)
    return area[1] if area else None


def _sewer_targets(state: EscapePlanState, node: int, mp: int) -> list[int]:
    """Locations and Land spaces on tiles exactly 2 away (EP-197), paying 1 MP when the
    Land type changes, from which a Location is still reachable."""
    here = node_cell(state, node)
    if here is None:
        return []
    g = state.graph
    land = land_of(node)
    return sorted(n for n, c in g.cell_of.items() if distance(here, c) == 2
                  and g.near.get(n, INF) <= mp - int(land_of(n) is not land))


def _on_tile_with(state: EscapePlanState, node: int, what: LocationKind | TileIcon) -> bool:
    c = node_cell(state, node)
    t = tile_at(state, c) if c is not None else None
    return t is not None and TILE[t].has(what)


def move_options(state: EscapePlanState, seat: int) -> list[Action]:
    """The legal steps and movement-time actions of the move in progress."""
    p = state.crew[seat]
    m = state.move
    g = state.graph
    n = p.node
    out: list[Action] = []
    if n in g.shore:                                   # on Water: step ashore (0 MP)
        out += [S(Go(a)) for a in g.shore[n] if g.near.get(a, INF) <= m.mp]
    else:
        bonus = 1 if (m.refund and n < N_LOC) else 0
        for dst, cost in g.adj.get(n, ()):
            if m.mp + bonus - cost >= g.near.get(dst, INF):
                out.append(S(Go(dst)))
        for w in g.water_in.get(n, ()):
            if w in g.ferried or w in m.waters:        # EP-70
                ashore = min((g.near.get(a, INF) for a in g.shore[w]), default=INF)
                if m.mp - 1 >= ashore:
                    out.append(S(Go(w)))
        if is_kind(n, LocationKind.SUBWAY):           # EP-75
            for s in SUBWAYS:
                sn = loc_node(s)
                if sn != n and node_cell(state, sn) is not None:
                    out.append(S(Go(sn)))
        if is_kind(n, LocationKind.HELIPORT) and m.mp >= 1:   # EP-76
            out += [S(Fly(t, "heliport")) for t in _flight_targets(state, n, m.mp - 1)]
        if (p.gang and p.gang_markers and m.mp >= 1
                and _on_tile_with(state, n, TileIcon.HELIPAD)):   # EP-77
            out += [S(Fly(t, "helipad")) for t in _flight_targets(state, n, m.mp - 1)]
        if m.free_fly and m.mp >= m.fly_mp:
            out += [S(Fly(t, "card")) for t in _flight_targets(state, n, m.mp - m.fly_mp)]
        if m.sewer:
            out += [S(Fly(t, "sewer")) for t in _sewer_targets(state, n, m.mp)]
    if p.gas:
        out.append(fr.simple("gas_token"))            # EP-71
    for source, row in (("contact", p.contacts), ("item", p.items)):
        for i, what in enumerate(row):
            used = p.used_contacts[i] if source == "contact" else p.used_items[i]
            if used or what[:2] not in ("C:", "F:"):
                continue
            e = effects_of(what)[0]
            if e.op.value not in MOVE_OPS:
                continue
            cost, _ = fr.cost_of(p, source, i)
            if cost > p.money:
                continue
            if e.op is Op.SEWER and (m.sewer or node_cell(state, n) is None):
                continue
            if e.op in (Op.FLY, Op.GANG):
                if m.free_fly or node_cell(state, n) is None or m.mp < _fly_mp(e):
                    continue
                start = LocationKind.HELIPORT
                if e.op is Op.GANG and _on_tile_with(state, n, TileIcon.HELIPAD):
                    out.append(S(Use(source, i)))
                    continue
                if not _on_tile_with(state, n, start):
                    continue
            out.append(S(Use(source, i)))
    if m.steps and n < N_LOC:
        out.append(fr.simple("end_move"))             # EP-69: end on a Location
    for a in fr.any_time_uses(state, seat):           # EP-157: any moment of the turn
        if isinstance(a, Use) and _op(p, a) is Op.GANG:
            continue                                  # while moving, the Gang ability flies
        out.append(a)
    return out


GANG_FLY_MP = 1
"""MP of the Gang ability's flight (Gang card, Motorcycle): like the Helipad flight it
mirrors (EP-77, EP-163, EP-GAP-25), the card standing in for the Gang Member."""


def _fly_mp(e: Effect) -> int:
    """MP a card flight costs: the card's own ``mp`` (Chopper, Helicopter: 0), or 1 for
    the Gang ability."""
    return GANG_FLY_MP if e.op is Op.GANG else int(e["mp"])


def _op(p: Any, a: Use) -> Op:
    what, _ = fr.slot_of(p, a.source, a.index)
    return effects_of(what)[0].op


def _step(state: EscapePlanState, seat: int, dst: int, cost: int) -> None:
    p = state.crew[seat]
    m = state.move
    here = node_cell(state, p.node)
    there = node_cell(state, dst)
    if here is not None and here != there and here not in m.left:
        m.left.append(here)
    m.mp -= cost
    m.steps += 1
    p.node = dst


@dataclass(frozen=True, slots=True)
class MoveFrame(Decision):
    """Moving: 3 MP, steps one at a time, end on a Location (EP-69..78)."""

    key: ClassVar[str] = "move"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_move(state, self.seat)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return move_options(state, seat)

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        p = state.crew[seat]
        m = state.move
        g = state.graph
        if isinstance(action, Go):
            n = p.node
            if n in g.shore:
                _step(state, seat, action.node, 0)
            elif action.node in g.shore:
                _step(state, seat, action.node, 1)
            elif is_kind(n, LocationKind.SUBWAY) and is_kind(action.node, LocationKind.SUBWAY):
                _step(state, seat, action.node, 0)
                m.refund = True
                return
            else:
                cost = dict(g.adj[n])[action.node]
                if m.refund and n < N_LOC:
                    m.mp += 1
                _step(state, seat, action.node, cost)
            m.refund = False
        elif isinstance(action, Fly):
            if action.mode == "helipad":
                fr.return_gang_member(state, seat)
            cost = m.fly_mp if action.mode == "card" else 1
            if action.mode == "card":
                m.free_fly = False
            if action.mode == "sewer":
                m.sewer = False
                cost = int(land_of(p.node) is not land_of(action.node))
            _step(state, seat, action.node, cost)
            m.refund = False
        elif action == fr.simple("gas_token"):
            p.gas -= 1
            state.gas_supply += 1
            m.mp += 1
        elif action in (fr.simple("first_aid"), fr.simple("gang_member")) or (
                isinstance(action, Use) and _op(p, action).value not in MOVE_OPS):
            fr.do_any_time(state, seat, action, events)
        elif isinstance(action, Use):
            e = fr.pay_and_flip(state, seat, action.source, action.index, events)
            if e.op is Op.GAS:
                m.mp += e["mp"]
            elif e.op is Op.WATER:
                state.stack.append(PickWater(seat))
            elif e.op in (Op.FLY, Op.GANG):
                m.free_fly = True
                m.fly_mp = _fly_mp(e)
            elif e.op is Op.SEWER:
                m.sewer = True
            elif e.op is Op.MEDEVAC:                  # EP-195: straight to the Hospital
                _step(state, seat, loc_node("hospital"), 0)
                self._end(state, seat, events)
        elif action == fr.simple("end_move"):
            self._end(state, seat, events)

    def _end(self, state: Any, seat: int, events: list[Event]) -> None:
        from getaway.games.escape_plan.visits import VisitStart

        m = state.move
        end = state.crew[seat].node
        events.append(Event.said("move", wd.moves_to(state, seat, m.start, end),
                                 {"seat": seat, "from": NODES[m.start][2:],
                                  "to": NODES[end][2:], "steps": m.steps,
                                  "left": len(m.left)}))

        here = node_cell(state, state.crew[seat].node)
        if here in state.move.left:            # EP-79, EP-80: the destination tile's
            state.move.left.remove(here)       # officers are not avoided, even if the
        state.stack[-1] = EndTurn(seat)        # pawn left that tile earlier in the move
        state.stack.append(VisitStart(seat))
        state.stack.append(AvoidStep(seat, 0))


@dataclass(frozen=True, slots=True)
class PickWater(Decision):
    """Which body of water the Jet Ski / Scuba Gear opens (EP-194, EP-212)."""

    key: ClassVar[str] = "water"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_water(state)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [S(Pick("water", i)) for i, w in enumerate(WATERS)
                if water_node(w) in state.graph.shore]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Pick)
        state.move.waters.append(water_node(WATERS[action.index]))
        state.stack.pop()


# -- the avoid step (EP-79..85) ------------------------------------------------------


def threats(state: EscapePlanState, cell: tuple[int, int]) -> tuple[str, ...]:
    """Officers on the tile at ``cell``, and Sandra if she stands on it (EP-81)."""
    t = tile_at(state, cell)
    out = [c for c in ("red", "blue", "black") if t is not None and c in state.police.get(t, ())]
    if state.sandra and state.sandra_node >= 0 and node_cell(state, state.sandra_node) == cell:
        out.append("sandra")
    return tuple(out)


@dataclass(frozen=True, slots=True)
class AvoidStep(Decision):
    """Go through the tiles left, one at a time (EP-79, EP-80)."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "avoid_step"
    seat: int
    index: int

    def run(self, state: Any, events: list[Event]) -> None:
        left = state.move.left if state.move is not None else []
        if self.index >= len(left):
            return
        found = threats(state, left[self.index])
        if found:
            state.stack.append(AvoidChoice(self.seat, self.index, found))
        else:
            state.stack.append(AvoidStep(self.seat, self.index + 1))


def _covers(e: Any, threat: str) -> bool:
    if threat == "sandra":
        return bool(e.covers_sandra)
    return any(c.value == threat for c in e.colours)


@dataclass(frozen=True, slots=True)
class AvoidChoice(Decision):
    """Avoid the officers (and Sandra) of one tile left, or take the Wounds (EP-82..84)."""

    key: ClassVar[str] = "avoid"
    seat: int
    index: int
    left: tuple[str, ...]

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_avoid(state, self.index, self.left)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        p = state.crew[seat]
        out: list[Action] = []
        if p.gang and p.gang_markers:
            out.append(S(Avoid("gang", 0, self.left[0])))      # EP-163
        for source, row in (("contact", p.contacts), ("item", p.items), ("asset", p.assets)):
            for i in range(len(row)):
                what, used = fr.slot_of(p, source, i)
                if used or not what or what == "X" or (source != "asset"
                                                       and what.startswith("A:")):
                    continue
                effs = effects_of(what)
                if not effs:
                    continue
                e = effs[0]
                if e.op is Op.GANG:
                    targets: tuple[str, ...] = self.left[:1]
                elif e.op is not Op.AVOID:
                    continue
                elif e["scope"] is Scope.ALL:
                    targets = self.left[:1]
                else:
                    targets = tuple(t for t in self.left if _covers(e, t))
                if not targets or fr.cost_of(p, source, i)[0] > p.money:
                    continue
                out += [S(Avoid(source, i, t)) for t in targets]
        out.append(fr.simple("take_wounds"))
        # EP-157: any moment of the turn (a Gang card's Use is its Notoriety ability here,
        # its avoid ability is the Avoid action above)
        return out + fr.any_time_uses(state, seat)

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        if not (isinstance(action, Avoid) or action == fr.simple("take_wounds")):
            state.stack[-1] = AvoidAgain(seat, self.index, self.left)
            fr.do_any_time(state, seat, action, events)
            return
        if isinstance(action, Avoid):
            events.append(Event.said("avoid", wd.avoids(state, seat, action.threat,
                                                        action.source == "gang"),
                                     {"seat": seat, "threat": action.threat,
                                      "source": action.source}))
            if action.source == "gang":
                fr.return_gang_member(state, seat)
                rest: tuple[str, ...] = ()
            else:
                e = fr.pay_and_flip(state, seat, action.source, action.index, events)
                if e.op is Op.GANG or e["scope"] is Scope.ALL:
                    rest = ()
                else:
                    rest = tuple(t for t in self.left if t != action.threat)
            if rest:
                state.stack[-1] = AvoidChoice(seat, self.index, rest)
                return
        else:
            eco.wound(state, seat, len(self.left), events)
        state.stack[-1] = AvoidStep(seat, self.index + 1)


@dataclass(frozen=True, slots=True)
class AvoidAgain(Decision):
    """After an Executive Action taken in the avoid step: the officers of ``left`` still on
    the tile (one moved away or removed from the game no longer has to be avoided)."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "avoid_again"
    seat: int
    index: int
    left: tuple[str, ...]

    def run(self, state: Any, events: list[Event]) -> None:
        here = threats(state, state.move.left[self.index])
        rest = tuple(t for t in self.left if t in here)
        if rest:
            state.stack.append(AvoidChoice(self.seat, self.index, rest))
        else:
            state.stack.append(AvoidStep(self.seat, self.index + 1))
