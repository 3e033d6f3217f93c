"""Taking a move back: which steps showed something hidden, and so can never be undone.

A player may take back their own last move while it showed no seat anything
that seat could not see before -- no card drawn, no tile or die turned, no
secret of the mover's laid open -- and no other seat has acted since. The
engine says which steps reveal, in two ways that must both let the move go:

* each game declares the event kinds that show something hidden
  (``Game.revealing_events``), each with how (:class:`Reveal`); a step that
  caused one of them, that ended the game, or that was played on a clock is
  not taken back, and a game that declares nothing takes nothing back;
* :func:`shows_hidden` then tries the move from states each seat cannot tell
  apart from the real one (``State.determinize``): if that seat's view after
  the move differs between them, the move told it something (a die rolled
  inside a move, a hand passed on). It is seeded, so the answer is the same
  each time it is asked.

Undoing is replaying: :meth:`getaway.core.match.Match.take_back` rebuilds the
state from the seed and every step but the last, so records and replays stay
exact (the record simply no longer holds the step).

Example::

    >>> from getaway.core.events import Event
    >>> kinds = {"drawn": Reveal.CHANCE, "play": Reveal.OWN}
    >>> reveals(kinds, [Event("move")], players=2), reveals(kinds, [Event("drawn")], players=2)
    (False, True)
    >>> reveals(kinds, [Event("play")], players=2), reveals(kinds, [Event("play")], players=1)
    (True, False)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING

from getaway.core.errors import IllegalAction
from getaway.core.events import GAME_OVER, Event

if TYPE_CHECKING:
    from getaway.core.actions import Action
    from getaway.core.state import State

SAMPLES = 4  # states tried per seat by shows_hidden


class Reveal(StrEnum):
    """How an event shows something that was hidden."""

    CHANCE = "chance"  # something no seat could see: a card drawn, a tile or die turned
    OWN = "own"  # the mover's own secret shown to the other seats (a card played face up)


class CannotTakeBack(IllegalAction):
    """A take-back that is not allowed now (the reason says why); nothing changed."""


def reveals(revealing: Mapping[str, Reveal] | None, events: Sequence[Event],
            players: int) -> bool:
    """Whether a step that caused ``events`` showed some seat something hidden from it.

    ``revealing`` is the game's declaration (None: every step reveals). An
    :attr:`Reveal.OWN` event reveals nothing at a table of one seat (nobody
    else is there to see the mover's secret).
    """
    if revealing is None:
        return True
    for e in events:
        if e.kind == GAME_OVER:
            return True
        how = revealing.get(e.kind)
        if how is Reveal.CHANCE or (how is Reveal.OWN and players > 1):
            return True
    return False


def shows_hidden(before: State, seat: int, action: Action, after: State, seed: int,
                 samples: int = SAMPLES, unsure: bool = True) -> bool:
    """Whether ``seat``'s ``action``, which turned ``before`` into ``after``, showed any seat
    something it could not see by chance (a die, a card, a tile): for each seat, ``samples``
    states it cannot tell apart from ``before`` in which the move is legal must leave its
    view exactly as in ``after``. States where the move is not legal (the mover's secret
    differs there) are skipped: a move that lays the mover's secret open is declared as
    such by its events (:attr:`Reveal.OWN`). A seat for which no such state turns up in
    ``8 * samples`` tries counts as shown when ``unsure``."""
    rng = random.Random(seed)
    for viewer in range(before.players):
        real = json.dumps(after.view(viewer), sort_keys=True)
        tried = 0
        for _ in range(8 * samples):
            other = before.determinize(viewer, random.Random(rng.getrandbits(64)))
            try:
                other.apply(seat, action)
            except ValueError:
                continue
            if json.dumps(other.view(viewer), sort_keys=True) != real:
                return True
            tried += 1
            if tried == samples:
                break
        if tried == 0 and unsure:
            return True
    return False


# Why a take-back is refused, in words a player reads.
NOTHING = "there is no move to take back"
NOT_YOURS = "only the seat that made the last move may take it back"
SHOWN = ("the last move showed something that was hidden (a card drawn, a tile or a die "
         "turned, a secret laid open), so it cannot be taken back")
CLOCK = "moves of a game played on a clock cannot be taken back: the clock ran on"
OVER = "the game is over"
