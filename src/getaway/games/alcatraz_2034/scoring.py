"""The end of the game and the winners.

The game ends at once when a coloured row of the System board is full (the
prison is fully operational), or when no prisoner is left on the island. Each
escaped prisoner scores 1 point, the Escape/Run token 1 more. Most points
wins; ties go to the token holder, then to the player with more prisoners on
the island; if still tied, the tied players win together. A game that ends
(a full row, or an emptied island) before any prisoner escaped is the prison's
win: every player loses (AZ-132, extended to the emptied island).
"""

from __future__ import annotations

from enum import StrEnum

from getaway.core.events import Event
from getaway.core.state import Outcome
from getaway.games.alcatraz_2034.content import CONTENT
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.words import outcome_detail


class Reason(StrEnum):
    """Why the game ended (``Outcome.reason``)."""

    LOCKDOWN = "lockdown"  # a coloured row is full; some prisoner had escaped
    PRISON_WINS = "prison_wins"  # the game ended (either way) before any escape
    ISLAND_EMPTY = "island_empty"  # no prisoner is left on the island; some had escaped


def points(s: AlcatrazState, seat: int) -> int:
    """A seat's points: escaped prisoners, plus the token."""
    return s.points[seat] * CONTENT.escape_points + (CONTENT.token_points if s.token == seat
                                                     else 0)


def winners(s: AlcatrazState) -> tuple[int, ...]:
    """The winning seats by points and the tie-breaks (the prison's win aside)."""
    pts = [points(s, seat) for seat in range(s.n)]
    best = max(pts)
    tied = [seat for seat in range(s.n) if pts[seat] == best]
    if len(tied) > 1:
        holders = [seat for seat in tied if s.token == seat]
        if holders:
            return tuple(holders)
        left = [s.island_count(seat) for seat in tied]
        most = max(left)
        tied = [seat for seat, n in zip(tied, left, strict=True) if n == most]
    return tuple(tied)


def finish(s: AlcatrazState, reason: str, events: list[Event]) -> None:
    """End the game now with the outcome for ``reason``."""
    scores = tuple(float(points(s, seat)) for seat in range(s.n))
    lockdown = reason == Reason.LOCKDOWN
    if s.escaped == 0:
        out = Outcome((), scores, Reason.PRISON_WINS, outcome_detail(lockdown, False, ()))
    else:
        won = winners(s)
        out = Outcome(won, scores, reason, outcome_detail(lockdown, True, won))
    s.finish(out, events)
    s.log = (events[-1], s.log)


def check_island(s: AlcatrazState, events: list[Event]) -> bool:
    """End the game if no prisoner is left on the island; True if it ended."""
    if s.is_over():
        return True
    if any(x >= 0 for x in s.pos):
        return False
    finish(s, Reason.ISLAND_EMPTY, events)
    return True
