"""Decision frames shared by every phase: unlocking Assets, gaining Contact cards and
tiles, moving and removing officers, bonuses, and the Executive Actions (EP-157..174)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan import words as wd
from getaway.games.escape_plan.actions import (
    SPACE,
    Bonus,
    Officer,
    Pick,
    Simple,
    ToCell,
    Unlock,
    Use,
    Visit,
)
from getaway.games.escape_plan.board import distance
from getaway.games.escape_plan.city import laid_cells, node_cell, tile_at
from getaway.games.escape_plan.effects import Effect, Op
from getaway.games.escape_plan.tables import CARDS, CELL_INDEX, CELLS, TILE, effects_of

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState, Player

S = SPACE.intern


_SIMPLE: dict[str, Action] = {}
_USE: dict[tuple[str, int], Action] = {}


def simple(what: str) -> Action:
    """The interned Simple action."""
    a = _SIMPLE.get(what)
    if a is None:
        a = _SIMPLE[what] = S(Simple(what))
    return a


def use(source: str, index: int) -> Action:
    """The interned ``Use`` of a space."""
    a = _USE.get((source, index))
    if a is None:
        a = _USE[(source, index)] = S(Use(source, index))
    return a


# -- Asset unlocks ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UnlockFrame(Decision):
    """``seat`` unlocks ``count`` Asset tiles, choosing which (EP-172, EP-GAP-32)."""

    key: ClassVar[str] = "unlock_asset"
    seat: int
    count: int = 1

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_unlock(self.count)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [S(Unlock(a)) for a in eco.locked_assets(state.crew[seat])]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Unlock)
        eco.unlock(state.crew[seat], action.asset)
        events.append(Event.said("unlock", wd.unlocks(state, seat, action.asset),
                                 {"seat": seat, "asset": action.asset}))
        state.stack.pop()
        push_unlock(state, seat, self.count - 1)


def push_unlock(state: EscapePlanState, seat: int, count: int) -> None:
    """Push an unlock of ``count`` tiles when the player has a locked tile left."""
    if count > 0 and eco.locked_assets(state.crew[seat]):
        state.stack.append(UnlockFrame(seat, count))


# -- Contact cards ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GainContact(Decision):
    """Choose a card of the display (EP-169)."""

    key: ClassVar[str] = "take_contact"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_take_contact(state)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [S(Pick("display", i)) for i in range(len(state.display))]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Pick)
        shown = len(state.display)
        card = eco.take_from_display(state, action.index)
        if len(state.display) == shown:  # a card from the deck filled the display
            events.append(Event.said("display", wd.display_filled(state.display[0]),
                                     {"card": state.display[0]}))
        state.stack[-1] = PlaceContact(seat, card)


def push_contact(state: EscapePlanState, seat: int) -> None:
    """Gain a Contact card, if the display holds one."""
    if state.display:
        state.stack.append(GainContact(seat))


@dataclass(frozen=True, slots=True)
class PlaceContact(Decision):
    """Place, replace (+1 Notoriety) or discard the chosen card (EP-170, EP-171)."""

    key: ClassVar[str] = "place_contact"
    seat: int
    card: str

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_place_contact(self.card)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        p = state.crew[seat]
        out: list[Action] = []
        if "" in p.contacts:
            out.append(simple("place_contact"))
        out += [S(Pick("replace", i)) for i, c in enumerate(p.contacts) if c.startswith("C:")]
        out.append(simple("discard_contact"))
        return out

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        p = state.crew[seat]
        state.stack.pop()
        data: dict[str, Any] = {"seat": seat, "card": self.card}   # a face-up display card
        if isinstance(action, Pick):
            old = p.contacts[action.index][2:]
            state.contact_discard.append(old)
            p.contacts[action.index] = f"C:{self.card}"
            p.used_contacts[action.index] = False
            eco.notoriety(p, +1)
            data |= {"how": "replace", "space": action.index, "replaced": old}
        elif action == simple("place_contact"):
            i = eco.free_slot(p.contacts)
            p.contacts[i] = f"C:{self.card}"
            p.used_contacts[i] = False
            data |= {"how": "place", "space": i}
        else:
            state.contact_discard.append(self.card)
            data |= {"how": "discard"}
        events.append(Event.said("contact", wd.takes_contact(
            state, seat, self.card, data["how"], data.get("replaced")), data))


# -- tiles onto the Item row -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MakeRoom(Decision):
    """No Item space is free for ``item``: discard a tile (+1 Notoriety) or, when
    ``optional``, let the new tile go (EP-125, EP-132, EP-149)."""

    key: ClassVar[str] = "make_room"
    seat: int
    item: str
    optional: bool = True

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_make_room(self.item, self.optional)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        out: list[Action] = [S(Pick("make_room", i))
                             for i in eco.discardable(state.crew[seat])]
        if self.optional or not out:
            out.append(simple("decline"))
        return out + any_time_uses(state, seat)           # EP-157: any moment of the turn

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        p = state.crew[seat]
        if not (isinstance(action, Pick) or action == simple("decline")):
            # an Executive Action first (it may free an Item space, say by unlocking a
            # Police Asset off the row): once it is done, try to place the tile again
            state.stack[-1] = GainItem(seat, self.item, self.optional)
            do_any_time(state, seat, action, events)
            return
        state.stack.pop()
        item = eco.public_item(self.item)     # face-down tiles by colour in public events
        if isinstance(action, Pick):
            old = p.items[action.index]
            eco.return_item(state, old)
            p.items[action.index] = self.item
            p.used_items[action.index] = False
            eco.notoriety(p, +1)
            events.append(Event.said("room", wd.makes_room(state, seat, eco.public_item(old),
                                                           item),
                                     {"seat": seat, "item": item, "space": action.index,
                                      "discarded": eco.public_item(old)}))
        else:
            eco.return_item(state, self.item)
            events.append(Event.said("room", wd.lets_go(state, seat, item),
                                     {"seat": seat, "item": item, "declined": True}))


def gain_item(state: EscapePlanState, seat: int, item: str, optional: bool = True) -> None:
    """Put a tile on the Item row, asking to make room when it is full."""
    if not eco.place_item(state.crew[seat], item):
        state.stack.append(MakeRoom(seat, item, optional))


@dataclass(frozen=True, slots=True)
class GainItem(Decision):
    """Place ``item`` on the Item row now, or ask again to make room (after an Executive
    Action taken while making room)."""

    automatic: ClassVar[bool] = True
    key: ClassVar[str] = "gain_item"
    seat: int
    item: str
    optional: bool = True

    def run(self, state: Any, events: list[Event]) -> None:
        gain_item(state, self.seat, self.item, self.optional)


def has_room(p: Player) -> bool:
    """Whether a new tile can be kept (a free space or one to discard)."""
    return "" in p.items or bool(eco.discardable(p))


# -- officers --------------------------------------------------------------------


def officer_cells(state: EscapePlanState, colour: str) -> list[int]:
    """Cells of laid tiles holding an officer of ``colour``."""
    out = []
    for c in laid_cells(state):
        t = tile_at(state, c)
        if t is not None and colour in state.police.get(t, ()):
            out.append(CELL_INDEX[c])
    return out


def _can_move_officer(state: EscapePlanState, colour: str) -> bool:
    """``any(destinations(state, c, colour, -1) for c in officer_cells(state, colour))``
    in one pass over the laid tiles."""
    police = state.police
    found = free = False
    for c in laid_cells(state):
        t = tile_at(state, c)
        if t is None:
            continue
        if colour in police.get(t, ()):
            found = True
        elif TILE[t].police_allowed:
            free = True
        if found and free:
            return True
    return False


def destinations(state: EscapePlanState, src: int, colour: str, target: int) -> list[int]:
    """Where the officer of ``colour`` on cell ``src`` may go (EP-166..168); with a
    ``target`` cell, only tiles strictly closer to it (EP-180)."""
    out = []
    here = CELLS[src]
    for c in laid_cells(state):
        t = tile_at(state, c)
        if c == here or t is None or not TILE[t].police_allowed:
            continue
        if colour in state.police.get(t, ()):
            continue
        if target >= 0 and distance(c, CELLS[target]) >= distance(here, CELLS[target]):
            continue
        out.append(CELL_INDEX[c])
    return out


@dataclass(frozen=True, slots=True)
class MovePolice(Decision):
    """Move one officer (``colour``, or any colour when empty) to another tile; with a
    ``target`` cell, nearer to it (a threshold crossing, EP-180)."""

    key: ClassVar[str] = "move_officer"
    seat: int
    colour: str = ""
    target: int = -1
    src: int = -1
    moving: str = ""

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_move_officer(state, self.colour, self.target, self.src, self.moving)

    def options(self, state: EscapePlanState) -> list[Action]:
        if self.src >= 0:
            return [S(ToCell(c)) for c in destinations(state, self.src, self.moving,
                                                       self.target)]
        out: list[Action] = []
        for col in ((self.colour,) if self.colour else ("red", "blue", "black")):
            for c in officer_cells(state, col):
                if destinations(state, c, col, self.target):
                    out.append(S(Officer(c, col)))
        return out

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return self.options(state)

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        if isinstance(action, Officer):
            state.stack[-1] = MovePolice(self.seat, self.colour, self.target, action.cell,
                                         action.colour)
            return
        assert isinstance(action, ToCell)
        src = tile_at(state, CELLS[self.src])
        dst = tile_at(state, CELLS[action.cell])
        assert src is not None and dst is not None
        state.police[src].remove(self.moving)
        state.police.setdefault(dst, []).append(self.moving)
        events.append(Event.said("police", wd.officer_moves(state, self.seat, self.moving, src,
                                                            dst, self.target >= 0),
                                 {"seat": self.seat, "colour": self.moving, "from": src,
                                  "tile": dst, "towards": self.target >= 0}))
        state.stack.pop()


@dataclass(frozen=True, slots=True)
class RemovePolice(Decision):
    """Remove one officer of ``colour`` from the game (Snitch, EP-198)."""

    key: ClassVar[str] = "remove_officer"
    seat: int
    colour: str

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_remove_officer(self.colour)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [S(Officer(c, self.colour)) for c in officer_cells(state, self.colour)]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Officer)
        t = tile_at(state, CELLS[action.cell])
        assert t is not None
        state.police[t].remove(self.colour)
        state.stack.pop()
        events.append(Event.said("police_removed",
                                 wd.officer_removed(state, seat, self.colour, t),
                                 {"seat": seat, "colour": self.colour, "tile": t}))


# -- bonuses -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GroupBonus(Decision):
    """All three of a group visited: an Extra Action disc, or the other reward
    (Businesses: unlock + lose 1 Notoriety, EP-121; Safe Houses: unlock + Income, EP-145)."""

    key: ClassVar[str] = "group_bonus"
    seat: int
    safe_houses: bool

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_group_bonus(self.safe_houses)

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [S(Bonus("disc")), S(Bonus("unlock"))]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        p = state.crew[seat]
        state.stack.pop()
        assert isinstance(action, Bonus)
        data: dict[str, Any] = {"seat": seat, "choice": action.choice,
                                "group": "safe_house" if self.safe_houses else "business"}
        if action.choice == "disc":
            p.discs += 1
            events.append(Event.said("bonus", wd.group_bonus(state, seat, self.safe_houses,
                                                             "disc", None), data))
            return
        if self.safe_houses:
            data["income"] = eco.income(p)
            p.money += data["income"]
        else:
            eco.notoriety(p, -1)
        events.append(Event.said("bonus", wd.group_bonus(state, seat, self.safe_houses,
                                                         "unlock", data.get("income")), data))
        push_unlock(state, seat, 1)


@dataclass(frozen=True, slots=True)
class IncomeUnlock(Decision):
    """Income phase: below 3 Notoriety, pay $3 to unlock an Asset tile, or not (EP-41)."""

    key: ClassVar[str] = "income_unlock"
    seat: int

    def seats(self, state: Any) -> tuple[int, ...]:
        return (self.seat,)

    def prompt(self, state: Any) -> str:
        return wd.prompt_income_unlock()

    def legal(self, state: Any, seat: int) -> Sequence[Action]:
        return [S(Visit("unlock")), simple("decline")]

    def choose(self, state: Any, seat: int, action: Action, events: list[Event]) -> None:
        state.stack.pop()
        if action == S(Visit("unlock")):
            state.crew[seat].money -= 3
            events.append(Event.said("income_unlock", wd.pays_to_unlock(state, seat, 3),
                                     {"seat": seat, "price": 3}))
            push_unlock(state, seat, 1)


# -- Executive Actions (EP-157..165) ----------------------------------------------


def slot_of(p: Player, source: str, index: int) -> tuple[str, bool]:
    """The content and used flag of a Contact/Item/Asset space."""
    if source == "contact":
        return p.contacts[index], p.used_contacts[index]
    if source == "item":
        return p.items[index], p.used_items[index]
    return (f"A:{p.assets[index]}" if p.assets[index] else ""), p.used_assets[index]


def cost_of(p: Player, source: str, index: int) -> tuple[int, bool]:
    """Dollars to pay and whether a ★ Notoriety comes with using a space (EP-160, EP-161)."""
    what, _ = slot_of(p, source, index)
    if source == "contact":
        card = CARDS.contact(what[2:])
        return card.cost, card.star
    if source == "asset":
        return eco.asset_price(p, index), False
    return 0, False


def effect_ok(state: EscapePlanState, seat: int, e: Effect) -> bool:
    """Whether an any-time effect would do something now (so using it is legal)."""
    p = state.crew[seat]
    if e.op is Op.MOVE_POLICE:
        # an officer of the colour, and a tile it may go to: with no target, where an
        # officer may go does not depend on where it stands (its own tile has one)
        col = e["colour"].value
        return _can_move_officer(state, col)
    if e.op is Op.REMOVE_POLICE:
        return bool(officer_cells(state, e["colour"].value))
    if e.op is Op.HEAL:
        return p.wounds > 0
    if e.op is Op.UNLOCK_ASSET:
        return bool(eco.locked_assets(p))
    if e.op is Op.TAKE_CONTACT:
        return bool(state.display)
    if e.op is Op.REFRESH:
        return any(p.used_contacts) or any(u and s.startswith("E:")
                                           for s, u in zip(p.items, p.used_items, strict=True))
    return e.op in (Op.EXTRA_ACTION, Op.INCOME, Op.NOTORIETY, Op.GANG)


_NOT_ANY_TIME = ("avoid", "gas", "water", "medevac", "sewer", "fly", "master_key")


def any_time_uses(state: EscapePlanState, seat: int) -> list[Action]:
    """Executive Actions legal at any moment of the turn (EP-157)."""
    p = state.crew[seat]
    out: list[Action] = []
    if p.first_aid and p.wounds:
        out.append(simple("first_aid"))
    if p.gang and p.gang_markers:
        out.append(simple("gang_member"))
    money = p.money
    for i, what in enumerate(p.contacts):
        if p.used_contacts[i] or not what.startswith("C:"):
            continue
        effs = effects_of(what)
        if not effs or effs[0].op.value in _NOT_ANY_TIME:
            continue
        if CARDS.contact(what[2:]).cost <= money and effect_ok(state, seat, effs[0]):
            out.append(use("contact", i))
    for i, what in enumerate(p.items):
        if (not what or p.used_items[i] or what[0] not in "CFA" or what == "X"
                or what.startswith("A:")):
            continue
        effs = effects_of(what)
        if not effs or effs[0].op.value in _NOT_ANY_TIME:
            continue
        if money >= 0 and effect_ok(state, seat, effs[0]):
            out.append(use("item", i))
    for i, asset in enumerate(p.assets):
        if not asset or p.used_assets[i]:
            continue
        effs = effects_of(f"A:{asset}")
        if not effs or effs[0].op.value in _NOT_ANY_TIME:
            continue
        if eco.asset_price(p, i) <= money and effect_ok(state, seat, effs[0]):
            out.append(use("asset", i))
    return out


def pay_and_flip(state: EscapePlanState, seat: int, source: str, index: int,
                 events: list[Event] | None = None) -> Effect:
    """Pay for a space's benefit, gain ★ Notoriety, flip it; its effect."""
    p = state.crew[seat]
    cost, star = cost_of(p, source, index)
    what, _ = slot_of(p, source, index)
    assert cost <= p.money
    p.money -= cost
    if star:
        eco.notoriety(p, +1)
    if source == "contact":
        p.used_contacts[index] = True
    elif source == "item":
        p.used_items[index] = True
    else:
        p.used_assets[index] = True
    if events is not None:   # a Contact card, Fixer, Equipment or Asset: all face up
        events.append(Event.said("use", wd.uses(state, seat, what, cost, star),
                                 {"seat": seat, "source": source, "space": index,
                                  "what": what, "price": cost, "star": star}))
    return effects_of(what)[0]


def apply_any(state: EscapePlanState, seat: int, e: Effect, events: list[Event]) -> None:
    """Carry out an any-time effect (may push frames for its choices)."""
    p = state.crew[seat]
    op = e.op
    if op is Op.MOVE_POLICE:
        state.stack.append(MovePolice(seat, e["colour"].value))
    elif op is Op.REMOVE_POLICE:
        state.stack.append(RemovePolice(seat, e["colour"].value))
    elif op is Op.EXTRA_ACTION:
        p.discs += e["count"]
    elif op is Op.INCOME:
        p.money += eco.income(p)
    elif op is Op.NOTORIETY:
        eco.notoriety(p, e["delta"])
    elif op is Op.HEAL:
        eco.heal(p, e["wounds"])
    elif op is Op.TAKE_CONTACT:
        for _ in range(e["count"]):
            push_contact(state, seat)
    elif op is Op.REFRESH:
        refresh(p)
    elif op is Op.UNLOCK_ASSET:
        push_unlock(state, seat, e["count"])
    elif op is Op.GANG:
        eco.notoriety(p, -1)


def refresh(p: Player) -> None:
    """Used Contact cards and Equipment tiles are ready again (EP-64, EP-200)."""
    p.used_contacts = [False] * len(p.contacts)
    p.used_items = [u and not s.startswith("E:")
                    for s, u in zip(p.items, p.used_items, strict=True)]


def return_gang_member(state: EscapePlanState, seat: int) -> None:
    """A Gang Member goes back to a Gang holding my marker; with both back, the marker
    comes home (EP-162)."""
    p = state.crew[seat]
    loc = p.gang_markers[0]
    p.gang -= 1
    g = state.gangs[loc]
    g[0] += 1
    if g[0] >= 2:
        g[1] = 0
        p.gang_markers.remove(loc)


def do_any_time(state: EscapePlanState, seat: int, action: Action, events: list[Event]) -> None:
    """Carry out an any-time Executive Action chosen in a turn frame."""
    p = state.crew[seat]
    if action == simple("first_aid"):
        p.first_aid = False
        eco.heal(p, 1)
        events.append(Event.said("first_aid", wd.first_aid(state, seat),
                                 {"seat": seat, "wounds": p.wounds}))
    elif action == simple("gang_member"):
        return_gang_member(state, seat)
        eco.notoriety(p, -1)
        events.append(Event.said("gang_member", wd.sends_gang_member(state, seat),
                                 {"seat": seat}))
    else:
        assert isinstance(action, Use)
        apply_any(state, seat, pay_and_flip(state, seat, action.source, action.index,
                                            events), events)


def pawn_cell(state: EscapePlanState, seat: int) -> int:
    """Cell index of a player's pawn (-1 on water)."""
    c = node_cell(state, state.crew[seat].node)
    return CELL_INDEX[c] if c is not None else -1

