"""Escape Plan's words: every prompt, action label and event sentence people read.

The only module that composes them (docs/words.md). Things are named as the
components print them, read from the content data: the City tiles ("Market
Row"), the Locations on them ("Store A", "Exit 2", "the Church", "the Subway
at Old Town", "the Bank at Market Row" once the Bank tile lies there), the
Business and Safe House tiles ("the Casino"), the Water areas ("The Bay"),
the cards and tiles ("Bribe (red)", "Chopper", "the Telephone Fixer", "Vest",
"Move Red"). A seat is named by its pawn's colour (``State.seat_name``), always
through a reference, so that clients name it their own way.

Action labels are pure: they see only the action's fields. A cell of the grid
is named by its position ("row 2, column 3", counted from the top left as the
terminal and the browser draw the board); a space of the player board by its
row and number ("Contact space 2", "Item space 4", "Asset space 5 ($2)").
Sentences and prompts see the state and name what lies there ("the downtown
area of Market Row").

Face-down tiles are named by what everyone sees: a Locker tile by its colour and
the need printed on its back, an Exit tile by its colour; their values only in
the keeper's own sentences (``keep_face``) and views.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from getaway.core.words import (
    Ref,
    RefKind,
    Sentence,
    card,
    count,
    listing,
    piece,
    place,
    thing,
    upper_first,
)
from getaway.core.words import seat as seat_ref
from getaway.games.escape_plan.board import Cell
from getaway.games.escape_plan.model import LocationKind
from getaway.games.escape_plan.tables import (
    AREA_OF,
    BOARD,
    CARDS,
    CELLS,
    EQUIP,
    EXIT_TILE,
    LOC,
    LOC_TILE,
    LOCKER,
    NODES,
    PATROL,
    PB,
    TILE,
    WATERS,
)

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState

# -- numbers and positions ---------------------------------------------------------


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def dollars(n: int) -> Ref:
    """An amount of money: ``$3``."""
    return Ref(RefKind.AMOUNT, n, f"${n}")


def position(cell: Cell | Sequence[int]) -> str:
    """A cell of the board by its place on the grid: ``row 2, column 3`` (from the top
    left, as the board is drawn)."""
    return f"row {int(cell[1]) + 1}, column {int(cell[0]) + 1}"


TURNS = ("", "turned 90°", "turned 180°", "turned 270°")
"""A City tile's quarter turns clockwise, in words (none: as printed)."""

# -- the City: tiles, Locations, areas, water --------------------------------------

PIECES: dict[str, str] = {**{b.id: b.name for b in BOARD.pieces.businesses},
                          **{h.id: h.name for h in BOARD.pieces.safe_houses}}
"""The Business and Safe House tiles by name (``Casino``, ``Boathouse``)."""
WATER_NAMES: dict[str, str] = {w.id: w.name for s in BOARD.sides for w in s.waters}
KIND_WORDS = {LocationKind.BUSINESS: "Business", LocationKind.SAFE_HOUSE: "Safe House",
              LocationKind.GANG: "Gang", LocationKind.SUBWAY: "Subway",
              LocationKind.HELIPORT: "Heliport", LocationKind.CHURCH: "Church",
              LocationKind.CLINIC: "Clinic", LocationKind.HOSPITAL: "Hospital",
              LocationKind.STORE: "Store", LocationKind.EXIT: "Exit"}


def tile_name(tile_id: str) -> str:
    """A City tile or printed tile by its name: ``Market Row``."""
    return TILE[tile_id].name


def tile_ref(tile_id: str) -> Ref:
    """A tile of the City as a reference."""
    return place(tile_id, tile_name(tile_id))


def piece_name(tile_id: str) -> str:
    """A Business or Safe House tile: ``the Casino``."""
    return f"the {PIECES.get(tile_id, 'tile')}"


def piece_ref(tile_id: str) -> Ref:
    """A Business or Safe House tile as a reference."""
    return piece(tile_id, piece_name(tile_id))


def location_name(loc_id: str, on: str | None = None) -> str:
    """A Location as printed: ``the Church``, ``Store A``, ``Exit 2``, ``St. Jude's
    Hospital``, ``the Subway at Old Town``; a Business or Safe House Location by the tile
    ``on`` it (``the Bank at Market Row``) or, without one, ``the Business at Market Row``."""
    loc = LOC[loc_id]
    tile = tile_name(LOC_TILE[loc_id])
    k = loc.kind
    if k in (LocationKind.BUSINESS, LocationKind.SAFE_HOUSE):
        what = piece_name(on) if on else f"the {KIND_WORDS[k]}"
        return f"{what} at {tile}"
    if k is LocationKind.STORE and loc.store is not None:
        return f"Store {loc.store.value}"
    if k is LocationKind.EXIT:
        return f"Exit {loc.exit}"
    if k is LocationKind.HOSPITAL:
        return tile
    if k in (LocationKind.CHURCH, LocationKind.CLINIC):
        return f"the {KIND_WORDS[k]}"
    return f"the {KIND_WORDS[k]} at {tile}"


def location_at(state: EscapePlanState, loc_id: str) -> str:
    """A Location named with the Business or Safe House tile lying on it now."""
    return location_name(loc_id, state.business_on.get(loc_id))


def location_ref(state: EscapePlanState | None, loc_id: str) -> Ref:
    """A Location as a reference (named with its tile when the state is given)."""
    on = state.business_on.get(loc_id) if state is not None else None
    return place(loc_id, location_name(loc_id, on))


def exit_ref(number: int) -> Ref:
    """Exit ``number`` (its Location, or its Patrol space)."""
    return place(f"exit-{number}", f"Exit {number}")


def water_name(water_id: str) -> str:
    """A Water area as printed: ``The Bay``."""
    return WATER_NAMES.get(water_id, "the water")


def area_words(cell: Cell, land: str, tile: str | None) -> str:
    """A Land area: ``the downtown area of Market Row`` when the tile is known, else
    ``the downtown area at row 2, column 3``."""
    return f"the {land} area of {tile_name(tile)}" if tile else \
        f"the {land} area at {position(cell)}"


def node_name(node: int, state: EscapePlanState | None = None) -> str:
    """A movement node: a Location, a Land area or a Water area (with the state, a
    Business Location is named by its tile and a Land area by its City tile)."""
    key = NODES[node]
    if key.startswith("L:"):
        loc = key[2:]
        return location_at(state, loc) if state is not None else location_name(loc)
    if key.startswith("A:"):
        cell, land = AREA_OF[node]
        tile = None
        if state is not None:
            from getaway.games.escape_plan.city import tile_at

            tile = tile_at(state, cell)
        return area_words(cell, land.value, tile)
    return water_name(key[2:])


def node_ref(node: int, state: EscapePlanState | None = None) -> Ref:
    """A movement node as a reference (its id in data is the node's key without its
    prefix, as views and events write it)."""
    return place(NODES[node][2:], node_name(node, state))


# -- cards and tiles ------------------------------------------------------------------

_SHARED = {c.name for c in CARDS.contacts
           if sum(1 for d in CARDS.contacts if d.name == c.name) > 1}


def contact_name(card_id: str) -> str:
    """A Contact card as printed; cards sharing a name by their officer's colour too:
    ``Bribe (red)``, ``Snitch (black)``, ``Chopper``."""
    c = CARDS.contact(card_id)
    if c.name in _SHARED and c.colour is not None:
        return f"{c.name} ({c.colour.value})"
    return c.name


def contact_ref(card_id: str) -> Ref:
    """A Contact card as a reference."""
    return card(card_id, contact_name(card_id))


def asset_name(asset_id: str) -> str:
    """An Asset tile: ``Move Red``, ``Master Key``."""
    return CARDS.asset(asset_id).name


def fixer_name(fixer_id: str) -> str:
    """A Fixer tile: ``the Telephone Fixer``."""
    return f"the {CARDS.fixer(fixer_id).name} Fixer"


def equipment_name(equipment_id: str) -> str:
    """An Equipment tile: ``Vest``, ``Gas Mask``."""
    return EQUIP[equipment_id].name


def locker_words(colour: str, need: int | None = None, value: int | None = None,
                 article: str = "a") -> str:
    """A Locker tile as others see it (``a green Locker tile (needs 2)``), or with its
    value for its keeper (``the green Locker tile worth $8 (needs 2)``)."""
    worth = f" worth ${value}" if value is not None else ""
    needs = f" (needs {need})" if need is not None else ""
    return f"{article} {colour} Locker tile{worth}{needs}"


def exit_tile_words(colour: str, value: int | None = None, article: str = "a") -> str:
    """An Exit tile: ``a gold Exit tile``, for its keeper ``the gold Exit tile worth $6``."""
    worth = f" worth ${value}" if value is not None else ""
    return f"{article} {colour} Exit tile{worth}"


def slot_name(slot: str, mine: bool = True) -> str:
    """What lies on a space of a player board (``C:``/``F:``/``A:``/``E:``/``L:``/``T:``
    and an id, a public ``L:<colour>:<need>`` or ``T:<colour>``, ``X``, or nothing);
    a Locker or Exit tile's value only when ``mine``."""
    if not slot:
        return "nothing"
    if slot == "X":
        return "Handcuffs"
    kind, ident = slot[:2], slot[2:]
    if kind == "C:":
        return contact_name(ident)
    if kind == "F:":
        return fixer_name(ident)
    if kind == "A:":
        return asset_name(ident)
    if kind == "E:":
        return equipment_name(ident)
    if kind == "L:":
        if ident in LOCKER:
            t = LOCKER[ident]
            return locker_words(t.colour.value, t.need, t.value if mine else None)
        colour, _, need = ident.partition(":")
        return locker_words(colour, int(need) if need.isdigit() else None)
    if kind == "T:":
        if ident in EXIT_TILE:
            x = EXIT_TILE[ident]
            return exit_tile_words(x.colour.value, x.value if mine else None)
        return exit_tile_words(ident)
    return "a tile"


def slot_ref(slot: str, mine: bool = False) -> Ref:
    """What lies on a space, as a reference (its id: the slot as written in data)."""
    kind = slot[:2]
    name = slot_name(slot, mine)
    if kind == "C:":
        return card(slot[2:], name)
    return thing(slot, name)


def threat_words(threat: str) -> str:
    """``the red officer`` or ``Sandra``."""
    return "Sandra" if threat == "sandra" else f"the {threat} officer"


def spaces_words(source: str, index: int) -> str:
    """A space of the player board: ``Contact space 2``, ``Item space 4``, ``Asset space 5
    ($2)`` (an Asset space by its price too)."""
    if source == "contact":
        return f"Contact space {index + 1}"
    if source == "item":
        return f"Item space {index + 1}"
    prices = PB.assets.prices
    price = f" (${prices[index]})" if 0 <= index < len(prices) else ""
    return f"Asset space {index + 1}{price}"


SOURCE_WORDS = {"contact": "the Contact card", "item": "the tile", "asset": "the Asset"}


# -- action labels (pure: the action's fields only) -------------------------------------

SIMPLE_LABELS = {
    "rest": "rest", "move": "move", "end_move": "end the move here",
    "take_wounds": "take the Wounds", "first_aid": "use First Aid (heal 1 Wound)",
    "gas_token": "spend a Gas Can (+1 MP)",
    "gang_member": "send a Gang Member back (−1 Notoriety)",
    "join": "spend an Extra Action disc to take this turn", "sit_out": "sit this turn out",
    "pay_fee": "pay the $1 fee", "arrested": "be arrested",
    "place_contact": "place the card on your board", "discard_contact": "discard the card",
    "decline": "decline", "end_turn": "end the turn",
}
VISIT_LABELS = {
    "gas": "take a Gas Can", "pay_notoriety": "pay $1 to lose 1 Notoriety",
    "unlock": "unlock an Asset", "heal": "heal 1 Wound", "fixer": "buy the Fixer tile",
    "hire_gang": "hire the Gang ($5)", "income": "collect your Income",
    "exit_tile": "draw Exit tiles", "escape": "escape!", "key": "open it with a Key",
    "master_key": "open it with the Master Key", "done": "end the visit",
}
FLY_LABELS = {"heliport": "fly from the Heliport to {to}",
              "helipad": "fly from the Helipad to {to} (a Gang Member)",
              "card": "fly to {to} (by card)", "sewer": "go through the Sewer to {to}"}


def place_label(stack: int, cell: int, turn: int) -> str:
    """``lay the tile of stack A at row 1, column 2, turned 90°``."""
    turned = f", {TURNS[turn]}" if 0 < turn < len(TURNS) else ""
    return f"lay the tile of stack {'ABCD'[stack]} at {position(CELLS[cell])}{turned}"


def simple_label(what: str) -> str:
    """A choice without parameters."""
    return SIMPLE_LABELS.get(what, "choose this")


def go_label(node: int) -> str:
    """``go to Store A``, ``go onto The Bay``."""
    verb = "go onto" if NODES[node].startswith("W:") else "go to"
    return f"{verb} {node_name(node)}"


def fly_label(node: int, mode: str) -> str:
    """``fly from the Heliport to Exit 3``."""
    return FLY_LABELS.get(mode, "fly to {to}").format(to=node_name(node))


def use_label(source: str, index: int) -> str:
    """``use the Contact card in Contact space 2``."""
    return f"use {SOURCE_WORDS.get(source, 'the tile')} in {spaces_words(source, index)}"


def avoid_label(source: str, index: int, threat: str) -> str:
    """``avoid the red officer with the tile in Item space 3``, ``... with a Gang Member``."""
    if source == "gang":
        return f"avoid {threat_words(threat)} with a Gang Member"
    return (f"avoid {threat_words(threat)} with {SOURCE_WORDS.get(source, 'the tile')} "
            f"in {spaces_words(source, index)}")


def visit_label(what: str, n: int) -> str:
    """A choice of a visit: ``take a Gas Can``, ``heal 2 Wounds``."""
    if what == "heal" and n:
        return f"heal {count(n, 'Wound')}"
    return VISIT_LABELS.get(what, "choose this")


def buy_label(equipment: str) -> str:
    """``buy a Vest ($2)``."""
    e = EQUIP[equipment]
    return f"buy a {e.name} (${e.price})"


def open_locker_label(colour: str, master: bool) -> str:
    """``open a green Locker with a Key``."""
    return f"open a {colour} Locker with {'the Master Key' if master else 'a Key'}"


def pick_label(what: str, index: int) -> str:
    """One of several things offered, by its place."""
    n = index + 1
    if what == "display":
        return f"take the {ordinal(n)} card of the display"
    if what == "tile":
        return f"keep the {ordinal(n)} tile drawn"
    if what == "replace":
        return f"replace the Contact card in Contact space {n} (+1 Notoriety)"
    if what == "make_room":
        return f"discard the tile in Item space {n} (+1 Notoriety)"
    if what == "water":
        return f"open {water_name(WATERS[index])}" if index < len(WATERS) else \
            f"open the {ordinal(n)} body of water"
    return f"choose the {ordinal(n)}"


def unlock_label(asset: str) -> str:
    """``unlock Move Red``."""
    return f"unlock {asset_name(asset)}"


def bonus_label(choice: str) -> str:
    """A group bonus."""
    return "take an Extra Action disc" if choice == "disc" else \
        "unlock an Asset and take the group's other reward"


def officer_label(cell: int, colour: str) -> str:
    """``the red officer at row 2, column 3``."""
    return f"the {colour} officer at {position(CELLS[cell])}"


def to_cell_label(cell: int) -> str:
    """``move it to the tile at row 2, column 3``."""
    return f"move it to the tile at {position(CELLS[cell])}"


def put_tile_label(tile: str) -> str:
    """``put the Casino on the new tile``."""
    return f"put {piece_name(tile)} on the new tile"


# -- prompts (to the seat that decides; public, so never a secret) ------------------------


def prompt_lay_tile(state: EscapePlanState) -> str:
    tops = [tile_name(s[-1]) for i, s in enumerate(state.stacks)
            if s and not state.placed >> i & 1]
    return (f"Lay a City tile ({listing(tops, 'or')}) where it touches two tiles, "
            "matching a Land type if it can")


def prompt_business_tile(state: EscapePlanState, loc_id: str) -> str:
    kind = KIND_WORDS[LOC[loc_id].kind]
    return f"Choose the {kind} tile for {location_name(loc_id)}"


def prompt_join(state: EscapePlanState) -> str:
    return (f"Turn {state.log_turn} is optional: spend an Extra Action disc to take it, "
            "or sit it out")


def prompt_fee(state: EscapePlanState) -> str:
    return "Someone has escaped: pay the $1 fee to take your turn, or be arrested"


def prompt_rest_or_move(state: EscapePlanState, seat: int) -> str:
    if state.crew[seat].rested:
        return "Move (you have rested this round), or use a card first"
    return "Rest or move, or use a card first"


def prompt_move(state: EscapePlanState, seat: int) -> str:
    m = state.move
    mp = count(m.mp, "MP", "MP") if m is not None else "your MP"
    where = node_name(state.crew[seat].node, state)
    verb = "Move on" if m is not None and m.steps else "Move"
    return f"{verb} from {where} ({mp} left), or end the move on a Location"


def prompt_water(state: EscapePlanState) -> str:
    return "Choose the water you may cross"


def prompt_avoid(state: EscapePlanState, index: int, left: Sequence[str]) -> str:
    from getaway.games.escape_plan.city import tile_at

    cells = state.move.left if state.move is not None else []
    tile = tile_at(state, cells[index]) if index < len(cells) else None
    where = f" at {tile_name(tile)}" if tile else ""
    them = listing([threat_words(t) for t in left])
    return f"Avoid {them}{where}, or take {count(len(left), 'Wound')}"


def prompt_end_turn(state: EscapePlanState) -> str:
    return "End your turn, or use a card first"


def prompt_closed(state: EscapePlanState, seat: int) -> str:
    loc = NODES[state.crew[seat].node][2:]
    return f"{upper_first(location_at(state, loc))} is closed: open it with a Key, or leave"


MENU_WORDS = {
    "store": "take a Gas Can, buy Equipment or open a Locker",
    "church": "pay to lose Notoriety or unlock an Asset",
    "gang": "hire the Gang",
    "safe_house": "buy the Fixer tile",
    "exit": "collect your Income or draw Exit tiles, or escape",
    "clinic": "unlock an Asset or heal",
    "hospital": "heal your Wounds",
}


def prompt_visit(state: EscapePlanState, seat: int, where: str) -> str:
    loc = NODES[state.crew[seat].node][2:]
    name = location_at(state, loc) if loc in LOC else "this Location"
    what = MENU_WORDS.get(where, "choose what to do")
    return f"Visit {name}: {what}; then end the visit"


def prompt_keep(colour: str, prefix: str, n: int) -> str:
    what = "Locker" if prefix == "L" else "Exit"
    return f"Keep one of the {count(n, f'{colour} {what} tile')} you drew"


def prompt_unlock(count_left: int) -> str:
    if count_left > 1:
        return f"Choose an Asset tile to unlock ({count_left} to unlock)"
    return "Choose an Asset tile to unlock"


def prompt_take_contact(state: EscapePlanState) -> str:
    return "Take a Contact card from the display"


def prompt_place_contact(card_id: str) -> str:
    return (f"Place {contact_name(card_id)} on your board, replace a Contact card with it "
            "(+1 Notoriety), or discard it")


def prompt_make_room(item: str, optional: bool) -> str:
    from getaway.games.escape_plan.economy import public_item

    what = slot_name(public_item(item), mine=False)
    tail = ", or let it go" if optional else ""
    return f"No Item space is free for {what}: discard a tile (+1 Notoriety){tail}"


def prompt_move_officer(state: EscapePlanState, colour: str, target: int, src: int,
                        moving: str) -> str:
    from getaway.games.escape_plan.city import tile_at

    near = ""
    if target >= 0:
        t = tile_at(state, CELLS[target])
        near = f" at least one tile nearer to {tile_name(t) if t else position(CELLS[target])}"
    if src >= 0:
        t = tile_at(state, CELLS[src])
        here = tile_name(t) if t else position(CELLS[src])
        return f"Move the {moving} officer from {here} to another tile{near}"
    who = f"a {colour} officer" if colour else "an officer"
    return f"Choose {who} to move to another tile{near}"


def prompt_remove_officer(colour: str) -> str:
    return f"Choose a {colour} officer to remove from the game"


def prompt_group_bonus(safe_houses: bool) -> str:
    if safe_houses:
        return ("You have visited every Safe House: take an Extra Action disc, or unlock "
                "an Asset and collect your Income")
    return ("You have visited a whole group of Businesses: take an Extra Action disc, or "
            "unlock an Asset and lose 1 Notoriety")


def prompt_income_unlock() -> str:
    return "Pay $3 to unlock an Asset tile, or decline"


# -- sentences ----------------------------------------------------------------------


def who(state: EscapePlanState, seat: int) -> Ref:
    """A seat, named by its pawn's colour."""
    return seat_ref(seat, state.seat_name(seat))


def round_starts(n: int) -> Sentence:
    return Sentence("Round {n} of 3 begins", {"n": str(n)})


def collects_income(state: EscapePlanState, seat: int, paid: int,
                    at: str | None = None) -> Sentence:
    if at is None:
        return Sentence("{who} collects {amount} Income",
                        {"who": who(state, seat), "amount": dollars(paid)})
    return Sentence("{who} collects {amount} Income at {where}",
                    {"who": who(state, seat), "amount": dollars(paid),
                     "where": location_ref(state, at)})


def _exits(numbers: Sequence[int]) -> tuple[str, dict[str, Ref]]:
    """A list of Exits as slots of a template: ``Exits {e0} and {e1}``."""
    refs = {f"e{i}": exit_ref(n) for i, n in enumerate(numbers)}
    slots = [f"{{e{i}}}" for i in range(len(numbers))]
    if len(slots) == 1:
        return slots[0], refs
    # "Exit 1 and Exit 3": each Exit a reference of its own
    return listing(slots), refs


def patrol_revealed(card_id: str, blocked: Sequence[int],
                    stacks: dict[str, str]) -> Sentence:
    spaces = list(PATROL[card_id].spaces)
    named, args = _exits(spaces)
    template = f"A Patrol card for {named} is revealed"
    if blocked:
        args |= {f"b{i}": exit_ref(n) for i, n in enumerate(blocked)}
        template += ": the Patrol blocks " + listing([f"{{b{i}}}" for i in range(len(blocked))])
    for i, (n, colour) in enumerate(sorted(stacks.items())):
        args[f"s{i}"] = exit_ref(int(n))
        template += f"; the {colour} Exit tiles go on {{s{i}}}"
    return Sentence(template, args)


def lays_tile(state: EscapePlanState, seat: int, tile: str, cell: Cell, turn: int) -> Sentence:
    turned = f", {TURNS[turn]}" if 0 < turn < len(TURNS) else ""
    return Sentence("{who} lays {tile} at {where}" + turned,
                    {"who": who(state, seat), "tile": tile_ref(tile),
                     "where": place(f"{cell[0]},{cell[1]}", position(cell))})


def piece_goes(state: EscapePlanState, piece_id: str, loc_id: str) -> Sentence:
    return Sentence("{piece} goes on {tile}",
                    {"piece": piece_ref(piece_id), "tile": tile_ref(LOC_TILE[loc_id])})


def puts_piece(state: EscapePlanState, seat: int, piece_id: str, loc_id: str) -> Sentence:
    return Sentence("{who} puts {piece} on {tile}",
                    {"who": who(state, seat), "piece": piece_ref(piece_id),
                     "tile": tile_ref(LOC_TILE[loc_id])})


def rests(state: EscapePlanState, seat: int) -> Sentence:
    return Sentence("{who} rests: First Aid, Contact cards and Equipment are ready again",
                    {"who": who(state, seat)})


def unlocks(state: EscapePlanState, seat: int, asset: str) -> Sentence:
    return Sentence("{who} unlocks {asset}",
                    {"who": who(state, seat), "asset": thing(asset, asset_name(asset))})


def officer_moves(state: EscapePlanState, seat: int, colour: str, src: str, dst: str,
                  towards: bool) -> Sentence:
    return Sentence("{who} moves a " + colour + " officer from {src} to {dst}"
                    + (" (nearer to a rival)" if towards else ""),
                    {"who": who(state, seat), "src": tile_ref(src), "dst": tile_ref(dst)})


def officer_removed(state: EscapePlanState, seat: int, colour: str, tile: str) -> Sentence:
    return Sentence("{who} has the " + colour + " officer on {tile} removed from the game",
                    {"who": who(state, seat), "tile": tile_ref(tile)})


def wounds_now(state: EscapePlanState, seat: int, wounds: int) -> Sentence:
    return Sentence("{who} now has {wounds}",
                    {"who": who(state, seat), "wounds": Ref(RefKind.AMOUNT, wounds,
                                                            count(wounds, "Wound"))})


def handcuffed(state: EscapePlanState, seat: int) -> Sentence:
    return Sentence("{who} is handcuffed: a Contact card space is blocked",
                    {"who": who(state, seat)})


CUBES = {"white": "a White cube", "red": "a Red cube", "income": "an Income cube"}


def visits(state: EscapePlanState, seat: int, loc_id: str, data: dict[str, Any]) -> Sentence:
    """A visit, from its public data: the cube's hex and Income, a Key, an opened
    Closed Business, a blocked Exit."""
    args: dict[str, Ref | str | int] = {"who": who(state, seat),
                                        "where": location_ref(state, loc_id)}
    template = "{who} visits {where}"
    opened = data.get("opened_with")
    if opened:
        template += (" (closed: opened with the Master Key)" if opened == "master_key"
                     else " (closed: opened with a Key)")
    if data.get("blocked") is True:
        template += " (blocked)"
    got: list[str] = []
    cube = CUBES.get(str(data.get("cube", "")))
    if cube:
        if data.get("cube") == "income":
            args["income"] = dollars(int(data.get("income", 0)))
            got.append(cube + " ({income} Income)")
        else:
            got.append(cube)
    if isinstance(data.get("key"), str):
        got.append(f"a {data['key']} Key")
    if got:
        template += " and takes " + listing(got)
    return Sentence(template, args)


def moves_to(state: EscapePlanState, seat: int, start: int, end: int) -> Sentence:
    if start == end:
        return Sentence("{who} moves and ends at {to}",
                        {"who": who(state, seat), "to": node_ref(end, state)})
    return Sentence("{who} moves from {src} to {to}",
                    {"who": who(state, seat), "src": node_ref(start, state),
                     "to": node_ref(end, state)})


def opens_locker(state: EscapePlanState, seat: int, colour: str, master: bool,
                 n: int) -> Sentence:
    how = "the Master Key" if master else "a Key"
    return Sentence("{who} opens a " + colour + " Locker with " + how + " and draws {n}",
                    {"who": who(state, seat), "n": count(n, "tile")})


def draws_exit_tiles(state: EscapePlanState, seat: int, colour: str, n: int,
                     loc_id: str) -> Sentence:
    return Sentence("{who} draws {n} at {exit}",
                    {"who": who(state, seat), "n": count(n, f"{colour} Exit tile"),
                     "exit": location_ref(state, loc_id)})


def keeps(state: EscapePlanState, seat: int, shown: str) -> Sentence:
    """The public keep: a Locker by colour and need, an Exit tile by colour."""
    return Sentence("{who} keeps {tile}",
                    {"who": who(state, seat), "tile": thing(shown, slot_name(shown, False))})


def keeps_face(state: EscapePlanState, seat: int, item: str) -> Sentence:
    """The keeper's own sentence: the tile's face (``L:<id>`` or ``T:<id>``)."""
    ident = item[2:]
    if ident in LOCKER:
        t = LOCKER[ident]
        name = locker_words(t.colour.value, t.need, t.value, "the")
    else:
        x = EXIT_TILE[ident]
        name = exit_tile_words(x.colour.value, x.value, "the")
    return Sentence("{who} keeps {tile}", {"who": who(state, seat), "tile": thing(item, name)})


def makes_room(state: EscapePlanState, seat: int, discarded: str, item: str) -> Sentence:
    return Sentence("{who} discards {old} (+1 Notoriety) to make room for {new}",
                    {"who": who(state, seat), "old": slot_ref(discarded),
                     "new": slot_ref(item)})


def lets_go(state: EscapePlanState, seat: int, item: str) -> Sentence:
    return Sentence("{who} lets {new} go: no room on the Item row",
                    {"who": who(state, seat), "new": slot_ref(item)})


def buys_equipment(state: EscapePlanState, seat: int, equipment: str, price: int) -> Sentence:
    return Sentence("{who} buys a {what} for {price}",
                    {"who": who(state, seat),
                     "what": thing(f"E:{equipment}", equipment_name(equipment)),
                     "price": dollars(price)})


def buys_fixer(state: EscapePlanState, seat: int, fixer: str, price: int) -> Sentence:
    return Sentence("{who} buys {what} for {price}",
                    {"who": who(state, seat), "what": thing(f"F:{fixer}", fixer_name(fixer)),
                     "price": dollars(price)})


def takes_gas(state: EscapePlanState, seat: int) -> Sentence:
    return Sentence("{who} takes a Gas Can", {"who": who(state, seat)})


def pays_notoriety(state: EscapePlanState, seat: int, price: int) -> Sentence:
    return Sentence("{who} pays {price} to lose 1 Notoriety",
                    {"who": who(state, seat), "price": dollars(price)})


def hires_gang(state: EscapePlanState, seat: int, loc_id: str, members: int,
               price: int) -> Sentence:
    return Sentence("{who} hires {gang} ({members}) for {price}",
                    {"who": who(state, seat), "gang": location_ref(state, loc_id),
                     "members": Ref(RefKind.AMOUNT, members, count(members, "Gang Member")),
                     "price": dollars(price)})


def heals(state: EscapePlanState, seat: int, healed: int, loc_id: str,
          price: int) -> Sentence:
    args: dict[str, Ref | str | int] = {
        "who": who(state, seat), "where": location_ref(state, loc_id),
        "healed": Ref(RefKind.AMOUNT, healed, count(healed, "Wound"))}
    if price:
        args["price"] = dollars(price)
        return Sentence("{who} heals {healed} at {where} for {price}", args)
    return Sentence("{who} heals {healed} at {where}", args)


def display_filled(card_id: str) -> Sentence:
    return Sentence("{card} from the Contact deck fills the display",
                    {"card": contact_ref(card_id)})


def takes_contact(state: EscapePlanState, seat: int, card_id: str, how: str,
                  replaced: str | None) -> Sentence:
    args: dict[str, Ref | str | int] = {"who": who(state, seat),
                                        "card": contact_ref(card_id)}
    if how == "replace" and replaced:
        args["old"] = contact_ref(replaced)
        return Sentence("{who} takes {card} from the display, replacing {old} "
                        "(+1 Notoriety)", args)
    if how == "discard":
        return Sentence("{who} takes {card} from the display and discards it", args)
    return Sentence("{who} takes {card} from the display", args)


def group_bonus(state: EscapePlanState, seat: int, safe_houses: bool, choice: str,
                income: int | None) -> Sentence:
    group = "every Safe House" if safe_houses else "a whole group of Businesses"
    args: dict[str, Ref | str | int] = {"who": who(state, seat)}
    if choice == "disc":
        return Sentence("{who} has visited " + group + " and takes an Extra Action disc",
                        args)
    if income is not None:
        args["income"] = dollars(income)
        return Sentence("{who} has visited " + group + ": an Asset to unlock and {income} "
                        "Income", args)
    return Sentence("{who} has visited " + group + ": an Asset to unlock and 1 Notoriety "
                    "less", args)


def pays_to_unlock(state: EscapePlanState, seat: int, price: int) -> Sentence:
    return Sentence("{who} pays {price} to unlock an Asset",
                    {"who": who(state, seat), "price": dollars(price)})


def uses(state: EscapePlanState, seat: int, what: str, price: int, star: bool) -> Sentence:
    args: dict[str, Ref | str | int] = {"who": who(state, seat), "what": slot_ref(what)}
    template = "{who} uses {what}"
    if price:
        args["price"] = dollars(price)
        template += " for {price}"
    if star:
        template += " (+1 Notoriety)"
    return Sentence(template, args)


def avoids(state: EscapePlanState, seat: int, threat: str, gang: bool) -> Sentence:
    how = " with a Gang Member" if gang else ""
    return Sentence("{who} avoids " + threat_words(threat) + how, {"who": who(state, seat)})


def pays_fee(state: EscapePlanState, seat: int, price: int) -> Sentence:
    return Sentence("{who} pays the {price} fee",
                    {"who": who(state, seat), "price": dollars(price)})


def joins(state: EscapePlanState, seat: int, joined: bool) -> Sentence:
    turn = str(state.log_turn)
    if joined:
        return Sentence("{who} spends an Extra Action disc to take turn {turn}",
                        {"who": who(state, seat), "turn": turn})
    return Sentence("{who} sits turn {turn} out", {"who": who(state, seat), "turn": turn})


def first_aid(state: EscapePlanState, seat: int) -> Sentence:
    return Sentence("{who} uses First Aid and heals 1 Wound", {"who": who(state, seat)})


def sends_gang_member(state: EscapePlanState, seat: int) -> Sentence:
    return Sentence("{who} sends a Gang Member back to its Gang (−1 Notoriety)",
                    {"who": who(state, seat)})


def crosses(state: EscapePlanState, seat: int, at: int) -> Sentence:
    mark = next((t for t in PB.notoriety.thresholds if t.at == at), None)
    reward = ""
    if mark is not None:
        gains = [f"unlocks {count(mark.unlocks, 'Asset')}"] if mark.unlocks else []
        if mark.discs:
            gains.append(f"takes {count(mark.discs, 'Extra Action disc')}")
        reward = ": " + listing(gains) if gains else ""
    return Sentence("{who} crosses the Notoriety threshold {at}" + reward,
                    {"who": who(state, seat), "at": str(at)})


def arrested(state: EscapePlanState, seat: int, end: bool) -> Sentence:
    tail = ": still in the city when Round 3 ends" if end else " and is out of the game"
    return Sentence("{who} is arrested" + tail, {"who": who(state, seat)})


def escapes(state: EscapePlanState, seat: int, number: int | None, order: int,
            cost: int) -> Sentence:
    args: dict[str, Ref | str | int] = {"who": who(state, seat), "order": ordinal(order),
                                        "cost": dollars(cost)}
    through = ""
    if number is not None:
        args["exit"] = exit_ref(number)
        through = " through {exit}"
    return Sentence("{who} escapes from the city" + through + ", the {order} out, paying "
                    "{cost}", args)


def sandra_stays() -> Sentence:
    return Sentence("Sandra finds nowhere to go and stays where she is")


def sandra_visits(state: EscapePlanState, loc_id: str, data: dict[str, Any]) -> Sentence:
    """Sandra's visit, from its public data (face-down tiles by colour)."""
    args: dict[str, Ref | str | int] = {"where": location_ref(state, loc_id)}
    did: list[str] = []
    gone = data.get("display_discarded") or []
    if gone:
        names = []
        for i, c in enumerate(gone):
            args[f"c{i}"] = contact_ref(str(c))
            names.append(f"{{c{i}}}")
        did.append(f"discards {listing(names)} from the display")
    lockers = data.get("lockers_discarded") or []
    if lockers:
        did.append("discards " + listing([f"a {c} Locker tile" for c in lockers]))
    if isinstance(data.get("exit_tile_discarded"), str):
        did.append(f"discards a {data['exit_tile_discarded']} Exit tile")
    if data.get("fixer_discarded"):
        did.append("discards a Fixer tile")
    if isinstance(data.get("key"), str):
        did.append(f"takes a {data['key']} Key")
    tail = "; she " + ", ".join(did) if did else ""
    return Sentence("Sandra visits {where}" + tail, args)


def outcome_detail(state: EscapePlanState, winners: Sequence[int],
                   scores: Sequence[float]) -> str:
    """The end in words: ``yellow wins with $42; green $17, purple arrested``."""
    def one(s: int) -> str:
        name = state.seat_name(s)
        if state.crew[s].arrested:
            return f"{name} arrested"
        x = int(scores[s])
        return f"{name} {'-' if x < 0 else ''}${abs(x)}"

    board = ", ".join(one(s) for s in range(len(state.crew)))
    if not winners:
        return "Nobody wins: every player was arrested"
    names = listing([state.seat_name(w) for w in winners])
    verb = "wins" if len(winners) == 1 else "win, tied"
    return f"{upper_first(names)} {verb}: {board}"


# -- the end, seat by seat (the view's ``ending``) ----------------------------------------

ARREST_WHY = {
    "end": "still in the city when the third Day ended",
    "broke": "could not pay the $1 fee at the start of a turn once a player had escaped",
    "refused": "chose not to pay the $1 fee at the start of a turn",
}
"""Why a player was arrested (``Player.arrest``), in words."""

SCORE_ITEMS = (
    ("money", "behind the screen"), ("hexes", "on the Escape Plan hexes"),
    ("assets", "for the flipped Assets"), ("contacts", "for the Contact cards"),
    ("tiles", "for the Locker and Exit tiles"), ("notoriety", "for Notoriety"),
    ("wounds", "for Wounds"))
"""The items of a final score (``scoring.breakdown``) in the order told."""


def _money(n: int) -> str:
    return f"{'−' if n < 0 else ''}${abs(n)}"


def seat_result(state: EscapePlanState, seat: int, items: dict[str, int], total: int) -> str:
    """One seat's end in words, without its name: ``escaped; $4 behind the screen, $6 on
    the Escape Plan hexes, −$2 for Notoriety: $8`` or ``arrested: still in the city when
    the third Day ended; an arrested player scores $0 (the $4 behind the screen does not
    count)``."""
    p = state.crew[seat]
    if p.arrested:
        why = ARREST_WHY.get(p.arrest, "")
        return (f"arrested{': ' + why if why else ''}; an arrested player scores $0 and cannot "
                f"win (the {_money(p.money)} behind the screen does not count)")
    where = "escaped" if p.escaped else "still in the city, scored all the same"
    told = [f"{_money(items[k])} {name}" for k, name in SCORE_ITEMS
            if k == "money" or items.get(k)]
    return f"{where}; {', '.join(told)}: {_money(total)}"


TIE_BREAKS = ("the money behind the screen", "the least Notoriety", "the fewest Wounds")


def tie_break(state: EscapePlanState, free: Sequence[int],
              keys: Sequence[tuple[int, int, int, int]]) -> str:
    """How the best score among the free players was settled (EP-111, EP-112): ``""``
    when one player alone has it."""
    if not free:
        return "Nobody wins: every player was arrested"
    best = max(keys[s][0] for s in free)
    tied = [s for s in free if keys[s][0] == best]
    if len(tied) < 2:
        return ""
    names = listing([state.seat_name(s) for s in tied])
    for i, what in enumerate(TIE_BREAKS, start=1):
        if len({keys[s][i] for s in tied}) > 1:
            return f"{upper_first(names)} tied on {_money(best)}: {what} decided it"
    return f"{upper_first(names)} tied on {_money(best)} and on every tie-break: they share the win"
