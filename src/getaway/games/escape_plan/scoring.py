"""End-of-game scoring item by item and the winner by the tie-breaks (EP-106..112)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from getaway.core.state import Outcome
from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan import words as wd
from getaway.games.escape_plan.model import FLIPPED_ASSET_VALUE, WOUND_COST
from getaway.games.escape_plan.tables import EXIT_TILE, LOCKER, PB

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState


def breakdown(state: EscapePlanState, seat: int) -> dict[str, int]:
    """Every item of a player's final score (EP-107..110); all zero when arrested."""
    p = state.crew[seat]
    if p.arrested:                                                   # EP-106
        return {"arrested": 0}
    cards = max(0, eco.contacts_owned(p) - 1)                        # EP-107
    tiles = sum(LOCKER[s[2:]].value if s[0] == "L" else EXIT_TILE[s[2:]].value
                for s in p.items if s[:2] in ("L:", "T:"))
    return {
        "hexes": p.white * PB.hexes.white + p.red * PB.hexes.red
        + p.income_hex * PB.hexes.income,                            # EP-108
        "money": p.money,
        "assets": FLIPPED_ASSET_VALUE * sum(
            1 for a, u in zip(p.assets, p.used_assets, strict=True) if a and u),  # EP-110
        "contacts": PB.contacts.pay(cards),
        "tiles": tiles,
        "notoriety": -PB.notoriety.penalty[p.notoriety],
        "wounds": -WOUND_COST * p.wounds,                             # EP-109
    }


def score(state: EscapePlanState, seat: int) -> int:
    """A player's final score in dollars."""
    return sum(breakdown(state, seat).values())


class Reason(StrEnum):
    """Why the game ended (``Outcome.reason``)."""

    END_OF_ROUND_3 = "end_of_round_3"  # the third Day is over: the richest free player wins


def rank_key(state: EscapePlanState, seat: int) -> tuple[int, int, int, int]:
    """Most money, then most behind the screen, least Notoriety, least Wounds (EP-111,
    EP-112); an arrested player keeps nothing for the tie-breaks either."""
    p = state.crew[seat]
    if p.arrested:
        return (0, -1, -99, -99)
    return (score(state, seat), p.money, -p.notoriety, -p.wounds)


def outcome(state: EscapePlanState) -> Outcome:
    """The final outcome: scores are each seat's final money. The winners are the best
    ranked of the players who were not arrested (rule decided 26: an arrested player
    scores $0 but cannot win); when every player was arrested nobody wins."""
    seats = range(len(state.crew))
    free = [s for s in seats if not state.crew[s].arrested]
    keys = [rank_key(state, s) for s in seats]
    best = max((keys[s] for s in free), default=None)
    winners = tuple(s for s in free if keys[s] == best)
    scores = tuple(float(score(state, s)) for s in seats)
    detail = wd.outcome_detail(state, winners, scores)
    return Outcome(winners, scores, Reason.END_OF_ROUND_3, detail)
