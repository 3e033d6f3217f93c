"""Money, Notoriety cubes, Wounds and Handcuffs, Income, the Contact display, Asset
unlocking and room on the player board: the small rules every phase uses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core.events import Event
from getaway.games.escape_plan import words as wd
from getaway.games.escape_plan.model import MAX_WOUNDS, NOTORIETY_CUBES
from getaway.games.escape_plan.tables import PB

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState, Player


def notoriety(p: Player, delta: int) -> None:
    """Track a Notoriety change with the cubes (EP-175, EP-176): a gain moves a cube to
    the Red box, a loss to the Blue box; with no neutral cube left the change instead
    brings a cube back from the opposite box (a gain with all four in Red is lost)."""
    for _ in range(abs(delta)):
        if delta > 0:
            if p.red_box + p.blue_box < NOTORIETY_CUBES:
                p.red_box += 1
            elif p.blue_box:
                p.blue_box -= 1
        elif p.red_box + p.blue_box < NOTORIETY_CUBES:
            p.blue_box += 1
        elif p.red_box:
            p.red_box -= 1


def wound(state: EscapePlanState, seat: int, n: int, events: list[Event]) -> None:
    """Take ``n`` Wounds one by one; a 4th instead heals one and adds Handcuffs (EP-84)."""
    p = state.crew[seat]
    for _ in range(n):
        if p.wounds < MAX_WOUNDS:
            p.wounds += 1
        elif can_handcuff(state, p):
            p.wounds -= 1
            handcuff(state, p)
            events.append(Event.said("handcuffs", wd.handcuffed(state, seat), {"seat": seat}))
        # else: no Handcuffs card left in the box or no space left to block: the player
        # stays on 3 Wounds (rule decided 12)
    events.append(Event.said("wounds", wd.wounds_now(state, seat, p.wounds),
                             {"seat": seat, "wounds": p.wounds}))


def can_handcuff(state: EscapePlanState, p: Player) -> bool:
    """Whether a Handcuffs card can be laid on ``p``: the box's cards are shared by all
    players (EP-GAP-15) and one Contact card space must be left unblocked."""
    return (sum(q.handcuffs for q in state.crew) < PB.handcuffs.cards
            and any(c != "X" for c in p.contacts))


def handcuff(state: EscapePlanState, p: Player) -> None:
    """Block the rightmost free Contact card space, discarding what is on it (EP-84)."""
    if not can_handcuff(state, p):
        return
    for i in range(len(p.contacts) - 1, -1, -1):
        what = p.contacts[i]
        if what != "X":
            if what.startswith("C:"):
                state.contact_discard.append(what[2:])
            p.contacts[i] = "X"
            p.used_contacts[i] = False
            p.handcuffs += 1
            return


def heal(p: Player, n: int) -> None:
    """Heal up to ``n`` Wounds."""
    p.wounds = max(0, p.wounds - n)


def income(p: Player) -> int:
    """The Income now: the lowest visible number of the Income track (EP-39)."""
    return PB.income.income(p.taken)


def others_at(state: EscapePlanState, seat: int, node: int) -> int:
    """Other players (Sandra included) on the Location ``node`` (EP-114 and the like)."""
    n = sum(1 for s, q in enumerate(state.crew) if s != seat and q.active and q.node == node)
    return n + int(state.sandra and state.sandra_node == node)


def draw_contact(state: EscapePlanState) -> str | None:
    """The top Contact card; the discards are reshuffled when the deck is empty."""
    if not state.contact_deck and state.contact_discard:
        state.contact_deck = state.contact_discard
        state.contact_discard = []
        state.rng.shuffle(state.contact_deck)
    return state.contact_deck.pop() if state.contact_deck else None


def take_from_display(state: EscapePlanState, index: int) -> str:
    """Take display card ``index`` (0 is the leftmost); the rest slide right and a new
    card fills the display from the left (EP-169)."""
    card = state.display.pop(index)
    refill(state)
    return card


def refill(state: EscapePlanState) -> None:
    """Refill the display to 7 from the deck (EP-169, EP-GAP-20)."""
    while len(state.display) < 7:
        c = draw_contact(state)
        if c is None:
            return
        state.display.insert(0, c)


def locked_assets(p: Player) -> list[str]:
    """The locked Asset tiles on the Item and Contact rows."""
    return [s[2:] for s in p.items + p.contacts if s.startswith("A:")]


def unlock(p: Player, asset: str) -> None:
    """Unlock ``asset`` (EP-172..174): its row's other tiles slide right; it moves to the
    most expensive empty Asset space, or leaves the game when none is empty."""
    for row, used in ((p.items, p.used_items), (p.contacts, p.used_contacts)):
        if f"A:{asset}" in row:
            i = row.index(f"A:{asset}")
            while i > 0 and row[i - 1].startswith("A:"):
                row[i] = row[i - 1]
                i -= 1
            row[i] = ""
            used[i] = False
            break
    if "" in p.assets:
        j = p.assets.index("")
        p.assets[j] = asset
        p.used_assets[j] = False


def asset_price(p: Player, index: int) -> int:
    """What using the unlocked Asset on space ``index`` costs (EP-161)."""
    return PB.assets.prices[index]


def free_slot(row: list[str]) -> int:
    """The leftmost empty space of a row, or -1."""
    return row.index("") if "" in row else -1


def discardable(p: Player) -> list[int]:
    """Item spaces holding a tile the player may discard to make room (EP-125)."""
    return [i for i, s in enumerate(p.items) if s and not s.startswith("A:")]


def place_item(p: Player, item: str) -> bool:
    """Put a tile on the leftmost empty Item space; False when there is none."""
    i = free_slot(p.items)
    if i < 0:
        return False
    p.items[i] = item
    p.used_items[i] = False
    return True


def return_item(state: EscapePlanState, item: str) -> None:
    """A discarded tile goes back where it came from (Equipment to its supply, Lockers
    and Exit tiles into their stack, Fixers out of the game)."""
    from getaway.games.escape_plan.tables import EXIT_TILE, LOCKER

    kind, ident = item[0], item[2:]
    if kind == "E":
        state.equipment[ident] = state.equipment.get(ident, 0) + 1
    elif kind == "L":
        stack = state.lockers[LOCKER[ident].colour.value]
        stack.insert(0, ident)
    elif kind == "T":
        state.exit_stacks[EXIT_TILE[ident].colour.value].insert(0, ident)


def public_item(slot: str) -> str:
    """An Item-row tile as the other seats see it: Locker and Exit tiles lie face down,
    showing their colour (and a Locker the need printed on its back, EP-127):
    ``L:<colour>:<need>``, ``T:<colour>``; every other tile is face up."""
    from getaway.games.escape_plan.tables import EXIT_TILE, LOCKER

    if slot[:2] == "L:" and slot[2:] in LOCKER:
        t = LOCKER[slot[2:]]
        return f"L:{t.colour.value}:{t.need}"
    if slot[:2] == "T:" and slot[2:] in EXIT_TILE:
        return f"T:{EXIT_TILE[slot[2:]].colour.value}"
    return slot


def contacts_owned(p: Player) -> int:
    """Contact cards on the player board."""
    return sum(1 for s in p.contacts if s.startswith("C:"))
