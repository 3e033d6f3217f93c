"""Why an action is not legal now, in words (for error messages)."""

from __future__ import annotations

from getaway.core.actions import Action
from getaway.core.errors import IllegalAction
from getaway.games.alcatraz_2034.actions import (
    SPACE,
    Assign,
    Choose,
    Discard,
    Draw,
    EndTurn,
    Move,
    MoveSentinel,
    PlaceSentinel,
    Play,
    StartRun,
)
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import (
    DECK_IDS,
    ESC,
    ESC_INDEX,
    PRISONER_INDEX,
    SAFE,
    SINGLE,
    SPACE_INDEX,
    WAY_IDS,
)


def explain(s: AlcatrazState, seat: int, action: Action) -> str:
    """A reason for a well-formed action that is not legal for ``seat`` now."""
    try:
        SPACE.index(action)
    except IllegalAction:
        return "it is not an action of Alcatraz 2034"
    from getaway.games.alcatraz_2034.turns import Turn

    top = s.stack[-1] if s.stack else None
    if isinstance(action, (Move, StartRun)):
        if not isinstance(top, Turn):
            return "prisoners move or start Runs only at the start of a turn"
        p = PRISONER_INDEX[action.prisoner]
        if s.owner[p] != seat:
            return f"{action.prisoner} is not one of seat {seat}'s prisoners"
        if s.acted:
            return "a prisoner already moved or ran this turn"
        if s.pos[p] < 0:
            return f"{action.prisoner} is not on the island"
        if isinstance(action, StartRun):
            if s.since[p] >= s.turn:
                return f"{action.prisoner} arrived this turn; a Run starts on a later turn"
            if action.card and ESC_INDEX[action.card] not in s.hands[seat]:
                return f"seat {seat} holds no {ESC[ESC_INDEX[action.card]].name}"
            return f"{action.prisoner} cannot start this Run here"
        dest = SPACE_INDEX[action.to]
        if action.way == WAY_IDS[3] and SAFE[dest]:
            return "a running prisoner cannot end on a safe space"
        if SINGLE[dest] and dest in s.pos:
            return f"{action.to} already holds a prisoner"
        if SINGLE[dest] and dest in s.sent_pos:
            return f"{action.to} holds a sentinel"
        return f"{action.to} is out of reach {action.way}ing (steps, sentinels, yellow routes)"
    if isinstance(action, Play):
        k = ESC_INDEX[action.card]
        if k not in s.hands[seat]:
            return f"seat {seat} holds no {ESC[k].name}"
        return f"{ESC[k].name} ({ESC[k].timing.value}) cannot be played now or on that target"
    if isinstance(action, Draw):
        return f"no draw from the {action.deck} deck is offered now" if action.deck in \
            DECK_IDS else "no such deck"
    if isinstance(action, Discard):
        return "no discard is asked for now" if ESC_INDEX[action.card] in s.hands[seat] else \
            f"seat {seat} holds no such card"
    if isinstance(action, EndTurn):
        return "move a prisoner or start a Run before ending the turn" if isinstance(top, Turn) \
            else "the turn cannot end now"
    if isinstance(action, (PlaceSentinel, MoveSentinel)):
        return "that sentinel cannot go there now"
    if isinstance(action, (Choose, Assign)):
        return "that prisoner cannot be chosen now"
    return ""
