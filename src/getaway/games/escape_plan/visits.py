"""Visiting the Location a move ends on: every Location type (EP-113..156, EP-103..105)."""

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
from getaway.games.escape_plan.actions import BuyEquipment, OpenLocker, Pick, Visit
from getaway.games.escape_plan.cards import BUSINESS_GROUPS, SAFE_HOUSE_IDS
from getaway.games.escape_plan.city import node_cell
from getaway.games.escape_plan.model import (
    CLOSE_AFTER,
    EQUIPMENT_BUY_MAX,
    ESCAPE_DAY,
    GANG_CONTROL,
    GANG_COST,
    GAS_MAX,
    HOSPITAL_HEAL,
    LocationKind,
    LockerColour,
)
from getaway.games.escape_plan.tables import (
    CARDS,
    EQUIP,
    EQUIP_IDS,
    EXIT_TILE,
    LOC,
    LOCKER,
    NODES,
)

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState, Player

S = fr.S


def close_after(state: EscapePlanState) -> int:
    """Visits that close a Business (EP-119)."""
    return CLOSE_AFTER[state.crew.__len__()]


def free_key(p: Player, colour: str | None = None) -> int:
    """Index of an unused Key (of ``colour`` if given), or -1."""
    for i, k in enumerate(p.keys):
        if not k.startswith("used:") and (colour is None or k == colour):
            return i
    return -1


def master_key(p: Player) -> int:
    """Asset space of a ready, affordable Master Key (EP-219), or -1."""
    for i, a in enumerate(p.assets):
        if a == "master-key" and not p.used_assets[i] and eco.asset_price(p, i) <= p.money:
            return i
    return -1


def use_key(state: EscapePlanState, seat: int, master: bool, colour: str | None) -> None:
    """Flip a Key (or the Master Key)."""
    p = state.crew[seat]
    if master:
        i = master_key(p)
        p.money -= eco.asset_price(p, i)
        p.used_assets[i] = True
    else:
        i = free_key(p, colour)
        p.keys[i] = "used:" + p.keys[i]


@dataclass(frozen=True, slots=True)
class VisitStart(Decision):
    """Start the visit of the Location the pawn stands on."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "visit_start"
    seat: int

    def run(self, state: Any, events: list[Event]) -> None:
        p = state.crew[self.seat]
        if not p.active or not NODES[p.node].startswith("L:"):
            return
        loc = LOC[NODES[p.node][2:]]
        kind = loc.kind
        seat = self.seat
        others = eco.others_at(state, seat, p.node)
        if kind is LocationKind.BUSINESS:
            tile = state.business_on.get(loc.id, "")
            if not tile or tile in p.visited:                     # EP-113
                return
            closed = state.business_visits.get(tile, 0) >= close_after(state)
            if closed:                                             # EP-120
                if free_key(p) < 0 and master_key(p) < 0:
                    return
                state.stack.append(KeyGate(seat))
                return
            business_visit(state, seat, events)
        elif kind is LocationKind.SAFE_HOUSE:
            tile = state.business_on.get(loc.id, "")
            if not tile or tile in p.visited:                     # EP-138
                return
            eco.notoriety(p, others)                               # EP-139
            hex_, paid = cube(state, p, tile, safe=True)           # EP-140
            eco.notoriety(p, -1)                                   # EP-141
            keys = state.keys_on.get(tile, [])
            key = keys.pop(0) if keys else None                    # EP-142
            if key is not None:
                p.keys.append(key)
            events.append(visit_event(state, seat, loc.id, tile=tile, kind=kind.value,
                                      key=key, **cube_data(hex_, paid)))
            if sum(1 for t in p.visited if t in SAFE_HOUSE_IDS) == len(SAFE_HOUSE_IDS):
                state.stack.append(fr.GroupBonus(seat, True))     # EP-144
            state.stack.append(Menu(seat, "safe_house"))
        elif kind is LocationKind.STORE:
            eco.notoriety(p, others)                               # EP-122
            events.append(visit_event(state, seat, loc.id, kind=kind.value))
            state.stack.append(Menu(seat, "store"))
        elif kind is LocationKind.CHURCH:
            eco.notoriety(p, others)                               # EP-131
            events.append(visit_event(state, seat, loc.id, kind=kind.value))
            fr.push_contact(state, seat)                           # EP-134
            state.stack.append(Menu(seat, "church"))
        elif kind is LocationKind.GANG:
            events.append(visit_event(state, seat, loc.id, kind=kind.value))
            state.stack.append(Menu(seat, "gang"))
        elif kind is LocationKind.EXIT:
            eco.notoriety(p, others)                               # EP-145
            events.append(visit_event(state, seat, loc.id, kind=kind.value, exit=loc.exit,
                                      blocked=loc.exit in state.blocked))
            state.stack.append(Menu(seat, "exit"))
        elif kind is LocationKind.CLINIC:
            eco.notoriety(p, others)                               # EP-150
            events.append(visit_event(state, seat, loc.id, kind=kind.value))
            fr.push_contact(state, seat)                           # EP-153
            state.stack.append(Menu(seat, "clinic"))
        elif kind is LocationKind.HOSPITAL:
            eco.notoriety(p, 1)                                    # EP-155
            events.append(visit_event(state, seat, loc.id, kind=kind.value))
            state.stack.append(Menu(seat, "hospital"))


def cube(state: EscapePlanState, p: Player, tile: str, safe: bool) -> tuple[str, int]:
    """Take the top Income cube; Income now and the Income hex if the Escape Plan card
    shows the symbol, else the White (Business) or Red (Safe House) hex (EP-116, EP-117,
    EP-140; the cube leaves first, EP-GAP-28). Returns the hex ("" when the track had no
    cube left) and the Income paid: both public, the cube lands in the open."""
    p.visited.append(tile)
    if p.taken >= len(CARDS.board.income.values):
        p.hexes.append("")
        return "", 0
    p.taken += 1
    if CARDS.plan(p.plan).shows_income(tile):
        paid = eco.income(p)
        p.money += paid
        p.income_hex += 1
        p.hexes.append("income")
        return "income", paid
    if safe:
        p.red += 1
        p.hexes.append("red")
        return "red", 0
    p.white += 1
    p.hexes.append("white")
    return "white", 0


def visit_event(state: EscapePlanState, seat: int, location: str, **data: Any) -> Event:
    """The public event of a visit: the seat, the Location and what happened in the open
    (the tile on it, the cube's hex, Income paid, a Key taken). Never a face-down tile, an
    Escape Plan card or the money behind a screen."""
    return Event.said("visit", wd.visits(state, seat, location, data),
                      {"seat": seat, "location": location, **data})


def cube_data(hex_: str, paid: int) -> dict[str, Any]:
    """A visit's cube in an event: its hex and, on the Income hex, the Income paid."""
    out: dict[str, Any] = {"cube": hex_}
    if hex_ == "income":
        out["income"] = paid
    return out


def business_visit(state: EscapePlanState, seat: int, events: list[Event],
                   key: str | None = None) -> None:
    """A Business visit (EP-113..121); ``key`` names what opened a Closed one ("key",
    "master_key")."""
    p = state.crew[seat]
    loc = LOC[NODES[p.node][2:]]
    tile = state.business_on[loc.id]
    eco.notoriety(p, eco.others_at(state, seat, p.node))          # EP-114
    hex_, paid = cube(state, p, tile, safe=False)
    extra: dict[str, Any] = {"opened_with": key} if key else {}
    events.append(visit_event(state, seat, loc.id, tile=tile, kind=loc.kind.value,
                              **cube_data(hex_, paid), **extra))
    state.business_visits[tile] = state.business_visits.get(tile, 0) + 1   # EP-119
    for group in BUSINESS_GROUPS:                                  # EP-121
        if tile in group and all(b in p.visited for b in group):
            state.stack.append(fr.GroupBonus(seat, False))
    fr.push_contact(state, seat)                                   # EP-118


@dataclass(frozen=True, slots=True)
class KeyGate(Decision):
    """A Closed Business: flip an unused Key or the Master Key to visit, or leave (EP-120)."""

    key: ClassVar[str] = "closed_business"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_closed(state, self.seat)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        p = state.crew[seat]
        out: list[Action] = []
        if free_key(p) >= 0:
            out.append(S(Visit("key")))
        if master_key(p) >= 0:
            out.append(S(Visit("master_key")))
        return [*out, S(Visit("done")), *fr.any_time_uses(state, seat)]   # EP-157

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        if not isinstance(action, Visit):
            fr.do_any_time(state, seat, action, events)
            return
        state.stack.pop()
        if action == S(Visit("done")):
            return
        master = action == S(Visit("master_key"))
        use_key(state, seat, master, None)
        business_visit(state, seat, events, "master_key" if master else "key")


@dataclass(frozen=True, slots=True)
class Menu(Decision):
    """The optional choices of a visit; ``done`` lists those already made."""

    key: ClassVar[str] = "visit"
    seat: int
    where: str
    done: tuple[str, ...] = ()
    bought: int = 0

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_visit(state, self.seat, self.where)

    def describe(self, state: Any) -> dict[str, Any]:
        return {**Decision.describe(self, state), "where": self.where}

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        p: Player = state.crew[seat]
        out: list[Action] = []
        w, done = self.where, self.done
        if w == "store":
            if "gas" not in done and p.gas < GAS_MAX and state.gas_supply:   # EP-123
                out.append(S(Visit("gas")))
            if self.bought < EQUIPMENT_BUY_MAX and fr.has_room(p):          # EP-124
                out += [S(BuyEquipment(e)) for e in EQUIP_IDS
                        if state.equipment.get(e, 0) and EQUIP[e].price <= p.money]
            if "locker" not in done:                                         # EP-126..132
                for col in LockerColour:
                    stack = state.lockers[col.value]
                    owned = eco.contacts_owned(p)
                    if (not stack or not CARDS.can_open(LOCKER[stack[-1]], p.notoriety, owned)
                            or CARDS.locker_draws(col, p.notoriety, owned) < 1):
                        continue
                    if free_key(p, col.value) >= 0:
                        out.append(S(OpenLocker(col.value, False)))
                    if master_key(p) >= 0:
                        out.append(S(OpenLocker(col.value, True)))
        elif w == "church":
            if "pay" not in done and p.money >= 1:                          # EP-132
                out.append(S(Visit("pay_notoriety")))
            if "unlock" not in done and eco.locked_assets(p):               # EP-133
                out.append(S(Visit("unlock")))
        elif w == "gang":
            g = state.gangs.get(NODES[p.node][2:])
            if (g and g[0] and not g[1] and p.money >= GANG_COST             # EP-136
                    and len(p.gang_markers) < GANG_CONTROL                   # EP-137
                    and eco.others_at(state, seat, p.node) == 0):       # EP-135
                out.append(S(Visit("hire_gang")))
        elif w == "safe_house":
            if ("fixer" not in done and state.fixers and fr.has_room(p)      # EP-143
                    and CARDS.fixer(state.fixers[-1]).price <= p.money):
                out.append(S(Visit("fixer")))
        elif w == "exit":
            number = LOC[NODES[p.node][2:]].exit
            if "income" not in done:
                out.append(S(Visit("income")))                              # EP-146
                colour = state.exit_on.get(number)
                if colour and state.exit_stacks[colour] and eco.contacts_owned(p):
                    out.append(S(Visit("exit_tile")))                       # EP-147, EP-149
            if (state.round == ESCAPE_DAY and number not in state.blocked
                    and CARDS.escape_cost(len(state.crew), state.escapes) <= p.money):
                out.append(S(Visit("escape")))                              # EP-103..105
        elif w == "clinic":
            if "unlock" not in done and eco.locked_assets(p):
                out.append(S(Visit("unlock")))                              # EP-151
            if "heal" not in done and p.wounds:
                out.append(S(Visit("heal")))                                # EP-152
        elif w == "hospital" and "heal" not in done:
            for n, price in HOSPITAL_HEAL.items():                           # EP-154
                if n <= p.wounds and price <= p.money:
                    out.append(S(Visit("heal", 0 if n == 1 else n)))
        out.append(S(Visit("done")))
        return out + fr.any_time_uses(state, seat)       # EP-157: any moment of the turn

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        p: Player = state.crew[seat]
        if not isinstance(action, (Visit, BuyEquipment, OpenLocker)):
            fr.do_any_time(state, seat, action, events)
            return
        if isinstance(action, BuyEquipment):
            e = EQUIP[action.equipment]
            p.money -= e.price
            state.equipment[e.id] -= 1
            events.append(Event.said("buy", wd.buys_equipment(state, seat, e.id, e.price),
                                     {"seat": seat, "equipment": e.id, "price": e.price}))
            state.stack[-1] = Menu(seat, self.where, self.done, self.bought + 1)
            fr.gain_item(state, seat, f"E:{e.id}", optional=False)
            return
        if isinstance(action, OpenLocker):
            use_key(state, seat, action.master, action.colour)
            state.stack[-1] = Menu(seat, self.where, (*self.done, "locker"), self.bought)
            n = CARDS.locker_draws(LockerColour(action.colour), p.notoriety,
                                   eco.contacts_owned(p))
            stack = state.lockers[action.colour]
            drawn = tuple(stack.pop() for _ in range(min(n, len(stack), 8)))
            events.append(Event.said(
                "locker", wd.opens_locker(state, seat, action.colour, action.master,
                                          len(drawn)),
                {"seat": seat, "colour": action.colour, "master": action.master,
                 "count": len(drawn)}))
            state.stack.append(KeepTile(seat, "L", action.colour, drawn))
            return
        assert isinstance(action, Visit)
        what = action.what
        if what == "done":
            state.stack.pop()
            if self.where == "exit":
                fr.push_contact(state, seat)                               # EP-148
            return
        done = (*self.done, {"pay_notoriety": "pay", "exit_tile": "income"}.get(what, what))
        state.stack[-1] = Menu(seat, self.where, done, self.bought)
        here = NODES[p.node][2:]
        if what == "gas":
            p.gas += 1
            state.gas_supply -= 1
            events.append(Event.said("gas", wd.takes_gas(state, seat),
                                     {"seat": seat, "location": here}))
        elif what == "pay_notoriety":
            p.money -= 1
            eco.notoriety(p, -1)
            events.append(Event.said("pay_notoriety", wd.pays_notoriety(state, seat, 1),
                                     {"seat": seat, "price": 1}))
        elif what == "unlock":
            fr.push_unlock(state, seat, 1)
        elif what == "hire_gang":
            g = state.gangs[here]
            p.money -= GANG_COST
            events.append(Event.said("gang", wd.hires_gang(state, seat, here, g[0], GANG_COST),
                                     {"seat": seat, "location": here, "members": g[0],
                                      "price": GANG_COST}))
            p.gang += g[0]
            g[0] = 0
            g[1] = seat + 1
            p.gang_markers.append(here)
            state.stack.pop()
        elif what == "fixer":
            f = state.fixers.pop()                  # the face-up top of the Fixer stack
            p.money -= CARDS.fixer(f).price
            price = CARDS.fixer(f).price
            events.append(Event.said("buy", wd.buys_fixer(state, seat, f, price),
                                     {"seat": seat, "fixer": f, "price": price}))
            fr.gain_item(state, seat, f"F:{f}", optional=False)
        elif what == "income":
            paid = eco.income(p)
            p.money += paid
            events.append(Event.said("income", wd.collects_income(state, seat, paid, here),
                                     {"seat": seat, "amount": paid, "location": here}))
        elif what == "exit_tile":
            number = LOC[here].exit
            colour = state.exit_on[number]
            stack = state.exit_stacks[colour]
            n = eco.contacts_owned(p)
            drawn = tuple(stack.pop() for _ in range(min(n, len(stack), 8)))
            events.append(Event.said("exit_tile",
                                     wd.draws_exit_tiles(state, seat, colour, len(drawn),
                                                         here),
                                     {"seat": seat, "colour": colour, "count": len(drawn),
                                      "exit": number, "location": here}))
            state.stack.append(KeepTile(seat, "T", colour, drawn))
        elif what == "heal":
            n = action.n or 1
            price = HOSPITAL_HEAL[n] if self.where == "hospital" else 0
            p.money -= price
            before = p.wounds
            eco.heal(p, n)
            events.append(Event.said("heal", wd.heals(state, seat, before - p.wounds, here,
                                                      price),
                                     {"seat": seat, "location": here,
                                      "healed": before - p.wounds, "wounds": p.wounds,
                                      "price": price}))
        elif what == "escape":
            escape(state, seat, events)


def escape(state: EscapePlanState, seat: int, events: list[Event]) -> None:
    """Escape on Day 3 through an unblocked Exit: pay the Escape Cost by the number already
    out (EP-103..105), take the visit's Contact card (EP-148), then avoid the Exit tile's
    officers (rule decided 18)."""
    from getaway.games.escape_plan.moves import AvoidStep

    p = state.crew[seat]
    cost = CARDS.escape_cost(len(state.crew), state.escapes)
    p.money -= cost
    cell = node_cell(state, p.node)
    state.stack[-1] = Escaped(seat, NODES[p.node][2:], cost)
    if state.move is not None and cell is not None:
        state.move.left = [cell]
        state.stack.append(AvoidStep(seat, 0))
    fr.push_contact(state, seat)                                       # EP-148


@dataclass(frozen=True, slots=True)
class Escaped(Decision):
    """The escape completes after the avoid step at the Exit."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "escaped"
    seat: int
    location: str = ""
    cost: int = 0

    def run(self, state: Any, events: list[Event]) -> None:
        state.crew[self.seat].escaped = True
        state.escapes += 1
        loc = LOC.get(self.location)
        number = loc.exit if loc is not None else None
        events.append(Event.said("escape", wd.escapes(state, self.seat, number, state.escapes,
                                                      self.cost),
                                 {"seat": self.seat, "location": self.location,
                                  "exit": number, "order": state.escapes,
                                  "cost": self.cost}))


@dataclass(frozen=True, slots=True)
class KeepTile(Decision):
    """Keep one drawn Locker or Exit tile face down; the others return and the stack is
    shuffled (EP-130, EP-131, EP-149)."""

    key: ClassVar[str] = "keep_tile"
    seat: int
    prefix: str
    colour: str
    drawn: tuple[str, ...]

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [*(S(Pick("tile", i)) for i in range(len(self.drawn))),
                *fr.any_time_uses(state, seat)]       # EP-157: any moment of the turn

    @property
    def kind(self) -> str:
        """``locker`` or ``exit_tile``."""
        return "locker" if self.prefix == "L" else "exit_tile"

    def faces(self) -> list[dict[str, Any]]:
        """The drawn tiles' faces, in the order of the ``Pick("tile", i)`` indices: only
        for the deciding seat (the others see ``describe``: the colour and the count)."""
        out: list[dict[str, Any]] = []
        for i, t in enumerate(self.drawn):
            if self.prefix == "L":
                lk = LOCKER[t]
                out.append({"index": i, "id": t, "colour": lk.colour.value, "need": lk.need,
                            "value": lk.value})
            else:
                x = EXIT_TILE[t]
                out.append({"index": i, "id": t, "colour": x.colour.value, "value": x.value})
        return out

    def prompt(self, state: Any) -> str:
        return wd.prompt_keep(self.colour, self.prefix, len(self.drawn))

    def describe(self, state: Any) -> dict[str, Any]:
        """The public part: who drew how many tiles of which stack (never their ids)."""
        return {**Decision.describe(self, state), "kind": self.kind, "colour": self.colour,
                "count": len(self.drawn)}

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        if not isinstance(action, Pick):
            fr.do_any_time(state, seat, action, events)
            return
        keep = self.drawn[action.index]
        stack = (state.lockers if self.prefix == "L" else state.exit_stacks)[self.colour]
        stack.extend(t for t in self.drawn if t != keep)
        state.rng.shuffle(stack)
        state.stack.pop()
        item = f"{self.prefix}:{keep}"
        shown = eco.public_item(item)           # face down: the colour (and a Locker's need)
        events.append(Event.said("keep", wd.keeps(state, seat, shown),
                                 {"seat": seat, "kind": self.kind, "colour": self.colour,
                                  "count": len(self.drawn), "item": shown}))
        face = self.faces()[action.index]
        events.append(Event.said("keep_face", wd.keeps_face(state, seat, item),
                                 {"seat": seat, "kind": self.kind, **face}, seats=(seat,)))
        fr.gain_item(state, seat, item, optional=True)
