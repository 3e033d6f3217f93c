"""Escape Plan as numbers: a fixed-length encoding of what one seat may know, in [0, 1].

It holds only what ``view(seat)`` holds (the seat's own plan, money and discs;
everyone's public board), so determinizing for the seat never changes it.
Categorical values (the Day, the turn, where a pawn stands, the seat's plan,
the pending decision) are one-hot; counts are divided by a cap and clamped.
:data:`LAYOUT` names every slice, in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan.tables import CELLS, NODES, PLAN_IDS, TOP

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState

MAX_SEATS = 5
DAYS = 5  # before Day 1, Days 1-3, after Day 3
TURNS = 6  # no turn, turns 1-5 of the Player Action phase
# the pending decision's key (one-hot) when this seat is among those who decide
DECISIONS = ("lay_tile", "business_tile", "join_turn", "fee", "rest_or_move", "move", "water",
             "avoid", "visit", "closed_business", "keep_tile", "unlock_asset", "take_contact",
             "place_contact", "make_room", "move_officer", "remove_officer", "group_bonus",
             "income_unlock", "end_turn", "flow", "turn_start", "avoid_step", "avoid_again",
             "visit_start", "escaped", "gain_item", "notoriety_update", "towards_you",
             "threshold_reward")
PLAYER_SCALARS = ("present", "notoriety / top", "wounds / 3", "income cubes taken / 9",
                  "contacts owned / 6", "gas / 2", "gang members / 4", "escaped", "arrested",
                  "rested", "assets used / 6")
PLAYER_BLOCK = len(PLAYER_SCALARS) + len(NODES)
POLICE = ("red", "blue", "black")

# (name, length, meaning): the slices of the observation, in order
LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("day", DAYS, "one-hot: before Day 1, Day 1, Day 2, Day 3, after Day 3"),
    ("turn", TURNS, "one-hot: no turn, turn 1..5 of the Player Action phase"),
    ("money", 1, "the seat's money / 60 (capped at 1)"),
    ("discs", 1, "the seat's Extra Action discs / 4 (capped)"),
    ("plan", len(PLAN_IDS), "one-hot: the seat's own Escape Plan card"),
    ("decision", len(DECISIONS), "one-hot: the key of the pending decision, if this seat "
     "decides it (" + ", ".join(DECISIONS) + ")"),
    ("players", MAX_SEATS * PLAYER_BLOCK, f"{MAX_SEATS} blocks, this seat first then the "
     "others in seat order (zeros past the player count): " + ", ".join(PLAYER_SCALARS)
     + f", then the pawn's node one-hot ({len(NODES)}: Locations, land areas, waters)"),
    ("officers", len(CELLS) * len(POLICE), f"per City cell ({len(CELLS)}): a red, blue, "
     "black officer on its tile"),
    ("blocked_exits", 4, "Exits 1-4 blocked"),
    ("display", 7, "contact display space 1..7 filled"),
)
SIZE = sum(n for _, n, _ in LAYOUT)


def _c(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def _onehot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def observation(state: EscapePlanState, seat: int) -> list[float]:
    """The encoding of ``view(seat)``; always :data:`SIZE` floats, laid out as :data:`LAYOUT`."""
    me = state.crew[seat]
    out = _onehot(min(state.round, DAYS - 1), DAYS)
    out += _onehot(min(state.log_turn, TURNS - 1), TURNS)
    out += [_c(me.money / 60), _c(me.discs / 4)]
    out += _onehot(PLAN_IDS.index(me.plan) if me.plan in PLAN_IDS else -1, len(PLAN_IDS))
    top = state.stack[-1] if state.stack and not state.is_over() else None
    key = top.key if top is not None and seat in state.to_act() else ""
    out += _onehot(DECISIONS.index(key) if key in DECISIONS else -1, len(DECISIONS))
    seats = [seat, *(i for i in range(len(state.crew)) if i != seat)]
    for k in range(MAX_SEATS):
        if k < len(seats):
            p = state.crew[seats[k]]
            out += [1.0, _c(p.notoriety / TOP), _c(p.wounds / 3), _c(p.taken / 9),
                    _c(eco.contacts_owned(p) / 6), _c(p.gas / 2), _c(p.gang / 4),
                    float(p.escaped), float(p.arrested), float(p.rested),
                    _c(sum(p.used_assets) / 6)]
            out += _onehot(p.node, len(NODES))
        else:
            out += [0.0] * PLAYER_BLOCK
    for cell in CELLS:
        t = state.city[cell][0] if cell in state.city else state.side.printed_at(cell)
        have = state.police.get(t, ()) if t else ()
        out += [float(c in have) for c in POLICE]
    out += [float(e in state.blocked) for e in (1, 2, 3, 4)]
    out += [float(i < len(state.display)) for i in range(7)]
    return out
