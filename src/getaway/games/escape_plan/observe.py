"""A fixed-length numeric observation of a seat's view, every value in [0, 1]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan.tables import CELLS, NODES, TOP

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState

PLAYER_FEATURES = 12
SIZE = 4 + 5 * PLAYER_FEATURES + len(CELLS) * 3 + 4 + 7


def _c(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def observation(state: EscapePlanState, seat: int) -> list[float]:
    """Round, turn, own money; per player (own first) the public board; officers per
    cell; blocked Exits; the display's fill."""
    me = state.crew[seat]
    out = [state.round / 3, state.log_turn / 5, _c(me.money / 60), _c(me.discs / 4)]
    seats = [seat, *(i for i in range(len(state.crew)) if i != seat)]
    for k in range(5):
        if k < len(seats):
            p = state.crew[seats[k]]
            out += [1.0, p.node / len(NODES), p.notoriety / TOP, p.wounds / 3,
                    _c(p.taken / 9), _c(eco.contacts_owned(p) / 6), p.gas / 2,
                    _c(p.gang / 4), float(p.escaped), float(p.arrested), float(p.rested),
                    _c(sum(p.used_assets) / 6)]
        else:
            out += [0.0] * PLAYER_FEATURES
    for cell in CELLS:
        t = state.city[cell][0] if cell in state.city else state.side.printed_at(cell)
        have = state.police.get(t, ()) if t else ()
        out += [float(c in have) for c in ("red", "blue", "black")]
    out += [float(e in state.blocked) for e in (1, 2, 3, 4)]
    out += [float(i < len(state.display)) for i in range(7)]
    return out
