"""Constructed Escape from New York states for rule and scenario tests."""

from __future__ import annotations

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york import GAME
from getaway.games.new_york import actions as A
from getaway.games.new_york.state import CAR_NY, CAR_WHITE, NewYorkState
from getaway.games.new_york.tables import (
    ACTION_INDEX,
    BOSS0,
    BOSS_INDEX,
    BOSSES,
    CAR0,
    EVENT_INDEX,
    ITEM_INDEX,
    NY_INDEX,
    POI_INDEX,
    SIDE_INDEX,
    SPACE_INDEX,
    TILE_INDEX,
    TIMER_INDEX,
)
from getaway.games.new_york.turn import Phase
from getaway.games.new_york.world import lay_tile

SNAKE, MAGGIE, BRAIN, CABBIE = 0, 1, 2, 3
"""Seats with the default ``heroes`` option."""


def fresh(players: int = 4, seed: int = 1, **options: object) -> NewYorkState:
    """A new game, before anybody acted."""
    state = GAME.start(players, seed=seed, **options)
    assert isinstance(state, NewYorkState)
    return state


def sp(space_id: str) -> int:
    """A space's number."""
    return SPACE_INDEX[space_id]


def side(name: str) -> int:
    """A side's number (N, NE, SE, S, SW, NW)."""
    return SIDE_INDEX[name]


def card(card_id: str) -> int:
    """An Action card's number."""
    return ACTION_INDEX[card_id]


def item(item_id: str) -> int:
    """An Item kind's number (its supply code)."""
    return ITEM_INDEX[item_id]


def lay(s: NewYorkState, space_id: str, tile_id: str) -> list[Event]:
    """Reveal an empty space with a chosen tile (and what it brings)."""
    events: list[Event] = []
    t = TILE_INDEX[tile_id]
    deck = s.city if t in s.city else s.park
    deck.remove(t)
    deck.append(t)
    lay_tile(s, sp(space_id), events)
    s._cache = None
    return events


def poi(s: NewYorkState, space_id: str, poi_id: str) -> None:
    """Put this POI tile face down on a POI space (swapping with wherever it was)."""
    x = sp(space_id)
    p = POI_INDEX[poi_id]
    if p in s.poi:
        other = s.poi.index(p)
        s.poi[other] = s.poi[x]
    elif p in s.poi_left:
        s.poi_left.remove(p)
        s.poi_left.append(s.poi[x])
    s.poi[x] = p


def prisoner(s: NewYorkState, space_id: str) -> int:
    """A Prisoner token on a space; its Enemy id."""
    i = s.ppos.index(-1)
    s.ppos[i] = sp(space_id)
    s._cache = None
    return i


def boss(s: NewYorkState, boss_id: str, space_id: str, hp: int | None = None) -> int:
    """A Boss on the map; its Enemy id."""
    b = BOSS_INDEX[boss_id]
    s.bpos[b] = sp(space_id)
    s.bhp[b] = BOSSES[b].hp if hp is None else hp
    s._cache = None
    return BOSS0 + b


def car(s: NewYorkState, space_id: str, driven: bool = True) -> int:
    """A Car figure on a space, driven by a Prisoner or abandoned; its Enemy id."""
    c = s.cst.index(0)
    s.cst[c] = CAR_NY if driven else CAR_WHITE
    s.cpos[c] = sp(space_id)
    s._cache = None
    return CAR0 + c


def roadblock(s: NewYorkState, space_id: str, side_name: str, up: bool = True) -> None:
    """A Roadblock on a side of a space."""
    from getaway.games.new_york.tables import EDGE

    s.rb[EDGE[sp(space_id)][side(side_name)]] = 1 if up else 2
    s._cache = None


def hand(s: NewYorkState, seat: int, cards: list[str], discards: list[str] | None = None) -> None:
    """Set a Hero's hand (and discards); the rest of its basic cards are discarded unless
    ``discards`` says otherwise."""
    s.hand[seat] = [card(c) for c in cards]
    if discards is not None:
        s.disc[seat] = [card(c) for c in discards]
    s._cache = None


def top(pile: list[int], index: int) -> None:
    """Put a card on top of a pile (top last)."""
    if index in pile:
        pile.remove(index)
    pile.append(index)


def top_ny(s: NewYorkState, *card_ids: str) -> None:
    """Put New York cards on top of the deck, the last one named on top."""
    for c in card_ids:
        top(s.nyd, NY_INDEX[c])


def top_event(s: NewYorkState, *card_ids: str) -> None:
    """Put Event cards on top of the deck, the last one named on top."""
    for c in card_ids:
        top(s.events, EVENT_INDEX[c])


def top_timer(s: NewYorkState, *tile_ids: str) -> None:
    """Put Timer tiles on top of the deck, the last one named on top."""
    for t in tile_ids:
        i = TIMER_INDEX[t]
        if i not in s.timer and i in s.tout:
            s.tout.remove(i)
        top(s.timer, i)


def top_item(s: NewYorkState, *item_ids: str) -> None:
    """Put Item cards on top of the Item deck, the last one named on top."""
    for k in item_ids:
        top(s.items, ITEM_INDEX[k])


def at(s: NewYorkState, seat: int, space_id: str) -> None:
    """Put a Hero on a space."""
    s.hpos[seat] = sp(space_id)
    s._cache = None


def start(s: NewYorkState, seat: int, step: int = 1, frame: Decision | None = None) -> None:
    """Make it ``seat``'s turn at ``step`` (with ``frame`` on top, if given), and settle."""
    s.cur = seat
    s.stack = [Phase(step)] if frame is None else [Phase(step + 1), frame]
    s._cache = None
    if frame is None:
        s.settle([])


def push(s: NewYorkState, frame: Decision) -> None:
    """Put a decision on top of the stack."""
    s.stack.append(frame)
    s._cache = None


def act(s: NewYorkState, action: Action, seat: int | None = None) -> list[Event]:
    """Apply an action for the seat to act (or ``seat``)."""
    who = s.to_act()[0] if seat is None else seat
    return s.apply(who, action)


def labels(s: NewYorkState, seat: int | None = None) -> list[str]:
    """The labels of the legal actions."""
    who = s.to_act()[0] if seat is None else seat
    return [a.label() for a in s.legal_actions(who)]


def kinds(s: NewYorkState) -> set[str]:
    """The action kinds now legal for the seat to act."""
    return {a.kind for a in s.legal_actions(s.to_act()[0])}


def top_frame(s: NewYorkState) -> str:
    """The name of the decision on top."""
    return type(s.stack[-1]).__name__


def texts(events: list[Event]) -> list[str]:
    """The public texts of events."""
    return [e.text for e in events if e.seats is None]


def gullfire_escape_at_level_3(s: NewYorkState, seat: int = SNAKE) -> None:
    """A Hero one level short of a Lone Victory: on the WTC beside the Gullfire (blue
    objective), holding the Spiked Club (purple objective), the Level 2 bar complete,
    the President found (NY-83..86, NY-158)."""
    from getaway.games.new_york.tables import BAR_ITEMS, BAR_PRISONERS, OBJECTIVE_INDEX

    at(s, seat, "c2r2")
    assert s.gull == sp("c2r2")
    s.objs[seat] = [OBJECTIVE_INDEX["blue-gullfire-1"], OBJECTIVE_INDEX["purple-spiked-club"]]
    s.supply[seat] = [item("spiked-club")]
    s.level[seat] = 2
    bar = s.bars[seat][2]
    s.barp[seat] = BAR_PRISONERS[bar]
    s.bari[seat] = BAR_ITEMS[bar]
    s.pres_found = True


__all__ = ["A"]
