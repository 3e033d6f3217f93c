"""Dealing a new game exactly as the setup says (EP-1..36; Sandra at 2 players)."""

from __future__ import annotations

from getaway.core.chance import Rng
from getaway.core.spec import Config
from getaway.games.escape_plan.cards import AssetStart
from getaway.games.escape_plan.city import build_graph
from getaway.games.escape_plan.model import (
    BOARD_STORE,
    CONTACT_DISPLAY,
    SANDRA_PLAYERS,
    START_MONEY,
    Equipment,
    ExitColour,
    LockerColour,
    PlayerColour,
    Stack,
)
from getaway.games.escape_plan.rounds import Flow, draw_police
from getaway.games.escape_plan.state import SANDRA, EscapePlanState, Player
from getaway.games.escape_plan.tables import (
    BOARD,
    CARDS,
    MAX_CONTACTS,
    MAX_ITEMS,
    PB,
    STACK_LETTERS,
    loc_node,
)


def new_state(config: Config, seed: int) -> EscapePlanState:
    """A freshly dealt game, waiting at the start of Round 1."""
    n = config.players
    side = BOARD.side_for(n)                                            # EP-1
    s = EscapePlanState(config, seed, side)
    rng = Rng.derive(seed, "setup")
    starts = list(BOARD.stack(Stack.S))
    rng.shuffle(starts)                                                 # EP-2
    for cell, tile in zip(side.starts, starts, strict=True):
        s.city[cell] = (tile.id, 0)
    for cell, tile_id in side.printed:
        s.cell_of_tile[tile_id] = cell
    for cell, (tile_id, _) in s.city.items():
        s.cell_of_tile[tile_id] = cell
    for i, letter in enumerate(STACK_LETTERS):                          # EP-3
        ids = [t.id for t in BOARD.stack(letter)]
        rng.shuffle(ids)
        s.stacks[i] = ids
    s.bag = [c.value for c in BOARD.pieces.bag()]                       # EP-4, EP-7
    for i in range(4):                                                  # EP-5, EP-6
        draw_police(s, s.stacks[i][-1])
    draw_police(s, BOARD.store(BOARD_STORE)[0].id)
    s.gas_supply = BOARD.pieces.gas_cans.copies                         # EP-8
    s.gang_supply = BOARD.pieces.gang_members.copies
    patrol = [p.id for p in BOARD.pieces.patrol]
    rng.shuffle(patrol)
    s.patrol_discard = patrol.pop()                                     # EP-10
    s.patrol_deck = patrol
    keys = [k.value for k in BOARD.pieces.key_pile()]
    rng.shuffle(keys)                                                   # EP-12
    for h in BOARD.pieces.safe_houses:
        s.keys_on[h.id] = [keys.pop() for _ in range(h.keys)]
    fixers = [f.id for f in CARDS.fixers]
    rng.shuffle(fixers)                                                 # EP-13
    s.fixers = fixers[:CARDS.fixers_per_game]
    s.fixers_out = fixers[CARDS.fixers_per_game:]
    for colour in LockerColour:                                         # EP-14
        tiles = [t.id for t in CARDS.locker_stack(colour)]
        rng.shuffle(tiles)
        s.lockers[colour.value] = tiles
    for kind in Equipment:                                              # EP-15
        for e in CARDS.equipment_supply(kind)[:1]:
            s.equipment[e.id] = len(CARDS.equipment_supply(kind))
    for ec in ExitColour:                                               # EP-16
        tiles = [t.id for t in CARDS.exit_stack(ec)]
        rng.shuffle(tiles)
        s.exit_stacks[ec.value] = tiles
    deck = [c.id for c in CARDS.contact_deck()]
    rng.shuffle(deck)                                                   # EP-17
    s.contact_deck = deck
    s.display = [deck.pop() for _ in range(CONTACT_DISPLAY)]
    plans = [p.id for p in CARDS.plans]
    rng.shuffle(plans)
    hospital = loc_node("hospital")
    for _, pcolour in zip(range(n), PlayerColour, strict=False):      # EP-18..29
        p = Player()
        p.colour = pcolour.value
        p.node = hospital                                               # EP-19
        p.money = START_MONEY                                           # EP-26
        p.plan = plans.pop()                                            # EP-27
        p.notoriety = PB.notoriety.start                                # EP-28
        item_row = [a.id for a in sorted(CARDS.assets, key=lambda a: a.slot)
                    if a.start is AssetStart.ITEM_ROW]
        contact_row = [a.id for a in sorted(CARDS.assets, key=lambda a: a.slot)
                       if a.start is AssetStart.CONTACT_ROW]
        p.items = [""] * (MAX_ITEMS - len(item_row)) + [f"A:{a}" for a in item_row]
        p.contacts = ([""] * (MAX_CONTACTS - len(contact_row))
                      + [f"A:{a}" for a in contact_row])
        p.used_items = [False] * MAX_ITEMS
        p.used_contacts = [False] * MAX_CONTACTS
        p.assets = [""] * len(PB.assets.prices)
        p.used_assets = [False] * len(PB.assets.prices)
        p.assets[0] = next(a.id for a in CARDS.assets if a.start is AssetStart.UNLOCKED)
        s.crew.append(p)
    s.plans_left = plans
    s.order = list(range(n))                                            # EP-30, EP-GAP-21
    if n == SANDRA_PLAYERS:                                             # EP-31..36
        s.sandra = True
        s.sandra_node = hospital
        s.sandra_notoriety = PB.notoriety.sandra_start
        deck = [c.id for c in CARDS.sandra]
        rng.shuffle(deck)
        s.sandra_deck = deck
        s.order.insert(2, SANDRA)
    s.graph = build_graph(s)
    s.stack.append(Flow("round"))
    return s
