"""Constructed Zombie City states for rule and scenario tests."""

from __future__ import annotations

from getaway.games.zombie_city import GAME
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.state import ZombieCityState
from getaway.games.zombie_city.tables import CARDS, FACES, PIECE_KINDS

CODES = {"G": 0, "F": 1, "B": 2, "P": 3, "C": 4, "s": 5, "x": 6, "l": 7}
assert set(FACES) == {0, 1, 2, 3, 4}


def fresh(players: int = 2, seed: int = 1, **options: object) -> ZombieCityState:
    """A new game (dice not yet rolled, everyone on the church)."""
    state = GAME.start(players, seed=seed, **options)
    assert isinstance(state, ZombieCityState)
    return state


def dice(state: ZombieCityState, seat: int, faces: str) -> None:
    """Set a seat's five dice: G F B P C faces, s spent, x lost, l locked."""
    state.dice[seat] = [CODES[c] for c in faces]
    state._cache = None


def shown(state: ZombieCityState, seat: int) -> str:
    """A seat's dice as a string (the inverse of :func:`dice`)."""
    back = {v: k for k, v in CODES.items()}
    return "".join(back[v] for v in state.dice[seat])


def sec(section_id: str) -> int:
    """A section's index."""
    return A.SECTION_INDEX[section_id]


def piece(kind: str, nth: int = 0) -> int:
    """The ``nth`` zombie piece of a kind."""
    return [z for z, k in enumerate(PIECE_KINDS) if k.id == kind][nth]


def card(card_id: str) -> int:
    """A zombie card's index."""
    return next(i for i, c in enumerate(CARDS) if c.id == card_id)


def top_card(state: ZombieCityState, card_id: str) -> None:
    """Put a card on top of the zombie deck."""
    c = card(card_id)
    if c in state.deck:
        state.deck.remove(c)
    state.deck.append(c)


def top_section(state: ZombieCityState, section_id: str) -> None:
    """Put a section on top of the street pile."""
    state.street_pile.remove(sec(section_id))
    state.street_pile.append(sec(section_id))


def place_zombie(state: ZombieCityState, kind: str, section_id: str, nth: int = 0) -> int:
    """Put a zombie piece from the bag on a section."""
    z = piece(kind, nth)
    state.zloc[z] = sec(section_id)
    state._cache = None
    return z


def lay(state: ZombieCityState, section_id: str, x: int, y: int, turns: int) -> None:
    """Lay a section from the street pile on the board."""
    state.street_pile.remove(sec(section_id))
    state._lay(sec(section_id), x, y, turns)
