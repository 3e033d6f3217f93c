"""The zombie automaton: zombie cards, spawning, walking along the skulls, bites.

Every function takes the game state and changes it in place; the state calls
them when a reveal or a rescue turns a card over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core.events import Event
from getaway.core.state import Outcome
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city import words as W
from getaway.games.zombie_city.content import CardIconKind, Handicap
from getaway.games.zombie_city.model import Ending
from getaway.games.zombie_city.tables import (
    AT_CHURCH,
    BITES,
    CARDS,
    CHURCH,
    IN_BAG,
    LOCKED,
    PIECE_KINDS,
    SECTIONS,
    SPENT,
    B,
    C,
    F,
    G,
    P,
)

if TYPE_CHECKING:
    from getaway.games.zombie_city.state import ZombieCityState


def draw_card(s: ZombieCityState) -> int | None:
    """The top zombie card (the used ones reshuffled when the deck is empty), or None."""
    if not s.deck and s.used_cards:
        s.deck, s.used_cards = s.used_cards, []
        s.bag_rng.shuffle(s.deck)
    return s.deck.pop() if s.deck else None


def zombie_card(s: ZombieCityState, seat: int, where: int, van: bool, events: list[Event]) -> None:
    """Turn the top zombie card and carry out its icons (ZC-56..61, ZC-70..72, ZC-80..82)."""
    c = draw_card(s)
    if c is None:
        return
    card = CARDS[c]
    events.append(W.card_turned(seat, card))
    kept = False
    for icon in card.icons:
        if icon.kind is CardIconKind.BITE:
            if van:
                continue  # ZC-80: in the van only spawns (and piles, ZC-82) act
            assert icon.bite is not None
            bite(s, seat, A.BITE_IDS.index(icon.bite), events)
            kept = True
        elif icon.kind is CardIconKind.PILE:
            for sec in sorted(s.placed):
                for _ in range(SECTIONS[sec].piles):
                    spawn(s, sec, events)
        elif icon.kind is CardIconKind.MOVE:
            if not van:
                assert icon.colour is not None
                move(s, icon.colour.value, icon.steps, events)
        else:
            for _ in range(icon.spawns):
                spawn(s, where, events)
        if s.is_over():
            return
    if not kept:
        s.used_cards.append(c)


def spawn(s: ZombieCityState, sec: int, events: list[Event]) -> None:
    """A zombie drawn from the bag rises on ``sec`` (none when the bag is empty)."""
    bag = [z for z, loc in enumerate(s.zloc) if loc == IN_BAG]
    if not bag:
        return
    z = bag[s.bag_rng.below(len(bag))]
    s.zloc[z] = sec
    s.zhit[z] = (0, 0)
    events.append(W.spawned(z, sec))


def move(s: ZombieCityState, colour: str, steps: int, events: list[Event]) -> None:
    """ZC-59/60: every zombie of ``colour`` walks ``steps`` sections along the skulls."""
    for z, start in enumerate(s.zloc):
        if start < 0 or PIECE_KINDS[z].colour.value != colour:
            continue
        loc = start
        for _ in range(steps):
            skull = SECTIONS[loc].skull_at(s.placed[loc][2])
            nxt = None if skull is None else s.neighbour(loc, skull)
            if nxt is None or not SECTIONS[nxt].enterable:
                break
            s.zhit[z] = (0, 0)
            if nxt == CHURCH:
                loc = AT_CHURCH
                s.at_church += 1
                events.append(W.at_church(z, s.at_church, s.church_limit))
                break
            loc = nxt
        s.zloc[z] = loc
        if 0 <= loc != start:
            events.append(W.walked(z, start, loc))
        if s.at_church >= s.church_limit:
            s.finish(Outcome((), tuple(0.0 for _ in range(s.players)), Ending.CHURCH,
                             W.CHURCH_DETAIL), events)
            return


def bite(s: ZombieCityState, seat: int, bite: int, events: list[Event]) -> None:
    """``seat`` keeps a bite card and suffers its handicap (ZC-100, ZC-102)."""
    s.bites[seat].append(bite)
    b = BITES[bite]
    if b.handicap is Handicap.LOCK_DICE:
        d = s.dice[seat]
        for _ in range(b.amount):
            for want in (SPENT, G, F, B, C, P):
                if want in d:
                    d[d.index(want)] = LOCKED
                    break
    events.append(W.bitten(seat, bite))


def unbite(s: ZombieCityState, seat: int, bite: int, events: list[Event]) -> None:
    """``seat`` has shed a bite: the handicap ends and the card leaves the game (ZC-101)."""
    s.bites[seat].remove(bite)
    b = BITES[bite]
    if b.handicap is Handicap.LOCK_DICE:
        d = s.dice[seat]
        for _ in range(b.amount):
            if LOCKED in d:
                d[d.index(LOCKED)] = SPENT
    # the shed card leaves the game (ZC-101): it never returns to the deck
    events.append(W.shed(seat, bite))
