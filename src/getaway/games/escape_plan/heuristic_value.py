"""What things are worth to the heuristic seat: the end-score estimate of a position and
the value of Contact cards, tiles, Keys and Location visits (see ``heuristic.py``).

Everything here reads only the seat's own player board and screen and the public
City (officers, pawns, Business tiles and visits, Keys on the Safe Houses, the top
Fixer, the display, the Locker stacks' need on top): what ``view(seat)`` shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan import scoring
from getaway.games.escape_plan.cards import BUSINESS_GROUPS, SAFE_HOUSE_IDS
from getaway.games.escape_plan.effects import Op
from getaway.games.escape_plan.frames import GainContact, MakeRoom, UnlockFrame
from getaway.games.escape_plan.model import (
    ESCAPE_DAY,
    FLIPPED_ASSET_VALUE,
    HOSPITAL_HEAL,
    OPTIONAL_TURNS,
    REQUIRED_TURNS,
    ROUNDS,
    LocationKind,
    LockerColour,
    Unescaped,
)
from getaway.games.escape_plan.moves import AvoidChoice
from getaway.games.escape_plan.state import EscapePlanState, Player
from getaway.games.escape_plan.tables import CARDS, LOC, LOCKER, N_LOC, NODES, PB, TOP
from getaway.games.escape_plan.visits import KeepTile, Menu, close_after, free_key, master_key

WOUND = 20.0                # a Wound at the end (EP-109)
THRESH_UNLOCK = 0.0         # an unlock a Notoriety threshold brings (more made it climb
                            # Notoriety too eagerly: measured worse in head-to-head games)
NOT_UP = 1.0                # weight of the end penalty a Notoriety gain brings nearer
NOT_DOWN = 0.8              # ... and a loss takes away
VISIT_BONUS = 30.0          # added to a Business or Safe House visit (cube) worth
CARD_EXTRA = 2.0            # a Contact card's use, on top of its end payout
EQUIP_V = 5.0               # an Equipment tile bought on the first turn
AVOID_PENDING = 8.0         # each officer still to avoid on a tile being left
RESERVE_COST = 25.0         # per dollar short of the Day 3 fees (arrest scores 0)
EARLY_RESERVE = 8.0         # ... per dollar short of it in Round 2 (Income comes first)
TURN_INCOME = 0.6           # a turn of its own against escaping: this share of Income
TURN_BASE = 8.0             # ... plus this, at most
ESCAPE_SHARE = 0.5          # weight of the $1 fees the others pay after an escape
TIGHT = 250.0               # escaping now when a later escape might not be paid
MARGIN = 3                  # dollars kept above the Escape Cost expected (an avoid, a heal)
LATER_SHARE = 1.0           # share of the others in the city expected out before the seat
KIND = {n: LOC[NODES[n][2:]].kind for n in range(N_LOC)}
NODE_LOC = tuple(NODES[n][2:] for n in range(N_LOC))
_COSTS = {n: len(next(c for c in CARDS.exit_costs if n in c.players).costs)
          for n in (2, 3, 4, 5)}
PRICES = PB.assets.prices
PENALTY = PB.notoriety.penalty
LOCKER_BEST = {c.value: max(t.value for t in CARDS.locker_stack(c)) for c in LockerColour}
LOCKER_MEAN = {c.value: sum(t.value for t in CARDS.locker_stack(c)) / len(CARDS.locker_stack(c))
               for c in LockerColour}
EXIT_MEAN = {c: sum(t.value for t in CARDS.exits if t.colour.value == c)
             / max(1, sum(1 for t in CARDS.exits if t.colour.value == c))
             for c in ("silver", "gold")}
# how likely an unlocked, unused Asset still gets used (its $10 flip) before the end
ASSET_USE = {"extra-action": 0.9, "move-red": 0.85, "move-blue": 0.85, "move-black": 0.85,
             "avoid-all": 0.7, "master-key": 0.6, "heal": 0.5}
BY_OP_FIXER = {Op.NOTORIETY: 2.0, Op.REFRESH: 1.5, Op.HEAL: 4.0, Op.UNLOCK_ASSET: 6.0,
               Op.GANG: 2.0, Op.WATER: 0.5, Op.FLY: 1.0, Op.AVOID: 5.0,
               Op.TAKE_CONTACT: 3.0}


def turns_left(s: EscapePlanState) -> int:
    """Required turns still to come for everyone, this one included (0 after the end)."""
    if s.round > ROUNDS or s.round < 1:
        return 0
    done = max(0, min(REQUIRED_TURNS, s.log_turn - 1)) if s.log_turn else 0
    return (ROUNDS - s.round) * REQUIRED_TURNS + REQUIRED_TURNS - done


def incomes_left(s: EscapePlanState) -> int:
    """Income phases still to come."""
    return max(0, ROUNDS - s.round)


def disc_value(s: EscapePlanState) -> float:
    """An Extra Action disc: one more turn, if any optional turn is left to spend it."""
    if s.round >= ROUNDS and s.log_turn >= REQUIRED_TURNS + 2:
        return 0.0
    return 7.0 if s.round < ROUNDS else 5.0


def free_asset_spaces(p: Player) -> int:
    return sum(1 for a in p.assets if not a)


def unlock_value(p: Player) -> float:
    """Unlocking one more Asset tile: its $10 flip less the price of its space."""
    if not eco.locked_assets(p):
        return 0.0
    if "" not in p.assets:
        return 1.0          # no room: it only frees a space on a row
    price = PRICES[p.assets.index("")]
    return 0.8 * (FLIPPED_ASSET_VALUE - price) + 1.0


def projected_notoriety(p: Player) -> int:
    return max(0, min(TOP, p.notoriety + p.red_box - p.blue_box))


def notoriety_term(p: Player) -> float:
    """The end penalty at the projected position, plus the unlocks of thresholds the
    pending cubes will cross (they come with the threshold)."""
    proj = projected_notoriety(p)
    v = -float(PENALTY[proj]) + float(PENALTY[p.notoriety])   # scoring counted the marker
    for t in PB.notoriety.crossed(p.notoriety, proj):
        v += THRESH_UNLOCK * t.unlocks + 5.0 * t.discs
    return v


def contact_utility(s: EscapePlanState, p: Player, card: str) -> float:
    """What holding an unused Contact card is worth beyond its end payout (less and
    less as the game's last turns come)."""
    left = turns_left(s)
    if left <= 0:
        return 0.0
    return min(1.0, left / 3.0) * _utility(s, p, card)


def _utility(s: EscapePlanState, p: Player, card: str) -> float:
    c = CARDS.contact(card)
    op = c.effects[0].op
    inc = eco.income(p)
    if op is Op.INCOME:
        return 0.8 * max(0, inc - c.cost)
    if op is Op.EXTRA_ACTION:
        return 0.6 * max(0.0, disc_value(s) - c.cost)
    if op is Op.HEAL:
        return 12.0 if p.wounds else 3.0
    if op is Op.UNLOCK_ASSET:
        return 0.6 * max(0.0, unlock_value(p) - c.cost - 2)
    if op is Op.AVOID:
        return 4.0
    if op in (Op.MOVE_POLICE, Op.REMOVE_POLICE):
        return 2.5
    if op in (Op.FLY, Op.SEWER, Op.GANG):
        return 1.5
    if op in (Op.GAS, Op.WATER, Op.MEDEVAC):
        return 1.0
    return 1.0


def card_pick_value(s: EscapePlanState, p: Player, card: str) -> float:
    """A display card as a pick: its use to the seat (the payout is the same for all)."""
    return contact_utility(s, p, card)


def item_value(s: EscapePlanState, p: Player, item: str, used: bool) -> float:
    """An unused Equipment or Fixer tile (Locker and Exit tiles are in the score)."""
    kind, ident = item[:2], item[2:]
    if kind == "E:":
        later = max(0, turns_left(s) - 1) / (ROUNDS * REQUIRED_TURNS - 1)
        return (1.0 if used else 0.0) + EQUIP_V * later if later else 0.5
    if kind == "F:" and not used:
        f = CARDS.fixer(ident)
        op = f.effects[0].op
        if op is Op.EXTRA_ACTION:
            return disc_value(s)
        if op is Op.INCOME:
            return float(eco.income(p))
        if op is Op.HEAL and p.wounds:
            return 15.0
        if op is Op.UNLOCK_ASSET:
            return unlock_value(p)
        return BY_OP_FIXER.get(op, 1.0)
    return 0.0


def key_value(s: EscapePlanState, p: Player, colour: str) -> float:
    """An unused Key: a Locker of its colour (the best of several drawn) or a visit to a
    Closed Business."""
    stack = s.lockers.get(colour) or []
    if stack and turns_left(s) > 0:
        return 0.6 * LOCKER_BEST[colour] if len(stack) > 1 else 0.5 * LOCKER_MEAN[colour]
    return 3.0 if turns_left(s) > 0 else 0.0


def evaluate(s: EscapePlanState, me: int) -> float:
    """The seat's own end score now plus what its position promises (own board only)."""
    p = s.crew[me]
    if p.arrested:
        return -1000.0
    v = float(scoring.score(s, me)) + notoriety_term(p)
    if p.escaped:
        return v
    v += incomes_left(s) * eco.income(p)
    free = free_asset_spaces(p)
    v += 2.5 * min(len(eco.locked_assets(p)), free)
    for i, (a, u) in enumerate(zip(p.assets, p.used_assets, strict=True)):
        if a and not u:
            v += ASSET_USE.get(a, 0.6) * (FLIPPED_ASSET_VALUE - PRICES[i])
            if a == "extra-action":
                v += 0.5 * disc_value(s)
    for c, u in zip(p.contacts, p.used_contacts, strict=True):
        if c.startswith("C:"):
            util = contact_utility(s, p, c[2:])
            v += 0.25 * util if u else util
    for it, u in zip(p.items, p.used_items, strict=True):
        if it and it[0] in "EF":
            v += item_value(s, p, it, u)
    for k in p.keys:
        if not k.startswith("used:"):
            v += key_value(s, p, k)
    v += 1.0 * p.gas + 2.5 * p.gang + disc_value(s) * p.discs
    if p.first_aid and p.wounds:
        v += WOUND * 0.9
    if s.round == ROUNDS - 1 and arrests(s):
        # Day 3 opens with an Income phase and ends on an Exit visit's Income: keep what
        # the Escape Cost (others out first) and the fees need beyond those
        short = (later_escape_cost(s, me) + REQUIRED_TURNS + MARGIN - 2 * eco.income(p)
                 - p.money)
        if short > 0:
            v -= EARLY_RESERVE * short
    if s.round == ROUNDS:
        fees = reserve(s, p)
        short = fees - p.money
        if short > 0:
            v -= (3 if s.escapes else 1) * RESERVE_COST * short
        if arrests(s):
            # the Escape Cost is paid after the last Exit visit's Income: keep the rest
            short = (fees + later_escape_cost(s, me) + MARGIN - eco.income(p) - max(0, short)
                     - p.money)
            if short > 0:
                v -= RESERVE_COST * short
    return v + pending(s, me)


def arrests(s: EscapePlanState) -> bool:
    """Whether a player still in the city when Round 3 ends is arrested (the public game
    option ``unescaped``, shown in every view)."""
    return s.unescaped is Unescaped.ARRESTED


def later_escape_cost(s: EscapePlanState, me: int) -> int:
    """The Escape Cost to expect on the seat's last turn: a share (``LATER_SHARE``) of
    the other players still in the city will have escaped before it."""
    n = len(s.crew)
    others = sum(1 for i, q in enumerate(s.crew) if i != me and q.active)
    ahead = min(s.escapes + round(LATER_SHARE * others), n - 1, _COSTS[n] - 1)
    return CARDS.escape_cost(n, ahead)


def my_turns_left(s: EscapePlanState, me: int) -> int:
    """Turns this seat still takes this round after the current one (optional turns as
    far as its Extra Action discs go)."""
    p = s.crew[me]
    t = s.log_turn
    required = max(0, REQUIRED_TURNS - t)
    optional = OPTIONAL_TURNS if t <= REQUIRED_TURNS else REQUIRED_TURNS + OPTIONAL_TURNS - t
    return required + min(p.discs, max(0, optional))


def plays_after(s: EscapePlanState, me: int, other: int) -> bool:
    """Whether ``other`` still plays the current turn after this seat."""
    order = s.order
    return (me in order and other in order and order.index(other) > order.index(me)
            and (s.log_turn <= REQUIRED_TURNS or other in s.joined))


def escape_savings(s: EscapePlanState, me: int, after: int) -> float:
    """What escaping now rather than on its last turn, ``after`` turns later, saves the
    seat: the rise of the Escape Cost as others leave first, its $1 fees, and a share
    of the fees the others then pay; ``TIGHT`` when the later escape might not be paid
    (an arrest)."""
    p = s.crew[me]
    n = len(s.crew)
    later = later_escape_cost(s, me)
    fees = after * (1.0 if s.escapes else 0.5)
    if p.money - fees + eco.income(p) < later + MARGIN:
        return TIGHT
    others = sum(my_turns_left(s, i) + int(plays_after(s, me, i))
                 for i, q in enumerate(s.crew) if i != me and q.active)
    return later - CARDS.escape_cost(n, s.escapes) + fees + ESCAPE_SHARE * others


def turn_worth(p: Player) -> float:
    """The most a turn of its own is counted for against escaping (Income and a card)."""
    return TURN_INCOME * eco.income(p) + TURN_BASE


def reserve(s: EscapePlanState, p: Player) -> int:
    """Dollars to keep on Day 3 for the $1 fee of every turn still to start, should a
    player escape (a seat that cannot pay is arrested and scores 0)."""
    if p.escaped:
        return 0
    t = max(s.log_turn, 1)
    return max(0, REQUIRED_TURNS - t) + min(p.discs, REQUIRED_TURNS + 2 - t)


def pending(s: EscapePlanState, me: int) -> float:
    """What decisions of the seat's own still on the stack will bring (never reading a
    hidden tile: a drawn Locker or Exit tile counts at its stack's mean)."""
    p = s.crew[me]
    v = 0.0
    for d in s.stack:
        if getattr(d, "seat", None) != me:
            continue
        if isinstance(d, UnlockFrame):
            v += unlock_value(p) * d.count
        elif isinstance(d, GainContact) or (isinstance(d, Menu) and d.where == "exit"):
            v += contact_payout_gain(p) + 2.0      # an Exit visit ends with a card (EP-148)
        elif isinstance(d, KeepTile):
            v += LOCKER_BEST[d.colour] * 0.8 if d.prefix == "L" else EXIT_MEAN[d.colour] + 2
        elif isinstance(d, MakeRoom):
            v -= 1.0
        elif isinstance(d, AvoidChoice):
            v -= AVOID_PENDING * len(d.left)
    return v


def contact_payout_gain(p: Player) -> float:
    """The end payout one more Contact card on the board adds (0 when the row is full)."""
    if "" not in p.contacts:
        return 0.0
    n = max(0, eco.contacts_owned(p) - 1)
    pay = PB.contacts.payout
    return float(pay[min(n + 1, len(pay) - 1)] - pay[n]) if eco.contacts_owned(p) else 0.0


def threshold_gain(p: Player, delta: int) -> float:
    """Notoriety moving by ``delta``: the end penalty and the thresholds' unlocks."""
    before = projected_notoriety(p)
    after = max(0, min(TOP, before + delta))
    v = float(PENALTY[before] - PENALTY[after]) * (NOT_UP if delta > 0 else NOT_DOWN)
    for t in PB.notoriety.crossed(before, after):
        v += THRESH_UNLOCK * t.unlocks + 5.0 * t.discs
    return v


def visit_value(s: EscapePlanState, me: int, node: int) -> float:
    """What ending the move on Location ``node`` and visiting it is worth to the seat."""
    return visit_values(s, me, (node,))[node]


def visit_values(s: EscapePlanState, me: int, nodes: Iterable[int]) -> dict[int, float]:
    """``visit_value`` of each of ``nodes``, what they share worked out once."""
    p = s.crew[me]
    at: dict[int, int] = {}
    for i, q in enumerate(s.crew):
        if i != me and q.active:
            at[q.node] = at.get(q.node, 0) + 1
    if s.sandra:
        at[s.sandra_node] = at.get(s.sandra_node, 0) + 1
    later = incomes_left(s) + (1.0 if s.round < ROUNDS else 0.5)
    income = eco.income(p)
    cubes_left = p.taken < len(PB.income.values)
    card = contact_payout_gain(p) + CARD_EXTRA
    unlock = unlock_value(p)
    gains: dict[int, float] = {}
    keys_v: dict[str, float] = {}
    once: dict[str, float] = {}

    def gain(delta: int) -> float:
        g = gains.get(delta)
        if g is None:
            g = gains[delta] = threshold_gain(p, delta)
        return g

    def key_v(colour: str) -> float:
        k = keys_v.get(colour)
        if k is None:
            k = keys_v[colour] = key_value(s, p, colour)
        return k

    def disc() -> float:
        d = once.get("disc")
        if d is None:
            d = once["disc"] = disc_value(s)
        return d

    out: dict[int, float] = {}
    for node in nodes:
        kind = KIND.get(node)
        if kind is None:
            out[node] = -1e9
            continue
        lid = NODE_LOC[node]
        others = at.get(node, 0)
        v = gain(others) if others and kind is not LocationKind.HOSPITAL else 0.0
        if kind in (LocationKind.BUSINESS, LocationKind.SAFE_HOUSE):
            tile = s.business_on.get(lid, "")
            if not tile or tile in p.visited:
                out[node] = 0.0
                continue
            safe = kind is LocationKind.SAFE_HOUSE
            if not safe and s.business_visits.get(tile, 0) >= close_after(s):
                keys = [k for k in p.keys if not k.startswith("used:")]
                if not keys and master_key(p) < 0:
                    out[node] = 0.0
                    continue
                v -= min((key_v(k) for k in keys), default=3.0)
            if cubes_left:
                v += (income + 1 if CARDS.plan(p.plan).shows_income(tile)
                      else (PB.hexes.red if safe else PB.hexes.white))
                v += later + VISIT_BONUS
            if safe:
                v += gain(-1)
                on = s.keys_on.get(tile)
                if on:
                    v += key_v(on[0])
                if s.fixers and ("" in p.items or eco.discardable(p)):
                    f = s.fixers[-1]
                    price = CARDS.fixer(f).price
                    if price <= p.money:
                        v += max(0.0, item_value(s, p, f"F:{f}", False) - price)
                done = sum(1 for t in p.visited if t in SAFE_HOUSE_IDS)
                if done == len(SAFE_HOUSE_IDS) - 1:
                    v += max(unlock + income, disc())
            else:
                v += card
                for group in BUSINESS_GROUPS:
                    if tile in group and sum(1 for b in group if b in p.visited) == 2:
                        v += max(unlock + gain(-1), disc())
        elif kind is LocationKind.EXIT:
            v += card
            number = LOC[lid].exit
            colour = s.exit_on.get(number) if number is not None else None
            tile_v = 0.0
            if colour and s.exit_stacks.get(colour) and eco.contacts_owned(p):
                tile_v = EXIT_MEAN[colour] + min(3, eco.contacts_owned(p))
            v += max(float(income), tile_v)
            if s.round == ESCAPE_DAY and number not in s.blocked:
                v += 1.0
        elif kind is LocationKind.CLINIC:
            v += card + unlock + (WOUND * 0.9 if p.wounds else 0.0)
        elif kind is LocationKind.HOSPITAL:
            n = max((k for k, price in HOSPITAL_HEAL.items()
                     if k <= p.wounds and price <= p.money), default=0)
            v += WOUND * 0.9 * n - (HOSPITAL_HEAL[n] if n else 0) + gain(1)
            if n == 0:
                v -= 2.0
        elif kind is LocationKind.CHURCH:
            v += card + unlock
            if p.money >= 1:
                v += max(0.0, gain(-1) - 1)
        elif kind is LocationKind.STORE:
            sv = once.get("store")
            if sv is None:
                sv = once["store"] = store_value(s, p)
            v += sv
        elif kind is LocationKind.GANG:
            g = s.gangs.get(lid)
            if (g and g[0] and not g[1] and p.money >= 5 and not others
                    and len(p.gang_markers) < 2):
                v += 2.5 * g[0] - 5 + 1.0
        out[node] = v
    return out


def store_value(s: EscapePlanState, p: Player) -> float:
    """A Convenience Store: Gas, Equipment, a Locker opened with a Key."""
    v = 1.0 if p.gas < 2 and s.gas_supply else 0.0
    room = sum(1 for it in p.items if not it)
    money = p.money
    owned = sum(1 for it in p.items if it.startswith("E:"))
    for _ in range(2):
        if room <= 0 or owned >= 3:
            break
        kinds = [k for k, n in s.equipment.items() if n]
        if not kinds or money < 2:
            break
        v += max(0.0, item_value(s, p, "E:vest", False) - 2.0 - owned * 1.5)
        money -= 2
        room -= 1
        owned += 1
    best = 0.0
    owned_c = eco.contacts_owned(p)
    for col in LockerColour:
        stack = s.lockers.get(col.value) or []
        if not stack or not CARDS.can_open(LOCKER[stack[-1]], p.notoriety, owned_c):
            continue
        if free_key(p, col.value) < 0 and master_key(p) < 0:
            continue
        n = CARDS.locker_draws(col, p.notoriety, owned_c)
        if n < 1:
            continue
        gain = (LOCKER_BEST[col.value] if n >= len(stack) else LOCKER_MEAN[col.value]
                + min(n - 1, 3) * 1.5)
        if free_key(p, col.value) >= 0:
            gain -= key_value(s, p, col.value) * 0.5
        best = max(best, gain)
    return v + best
