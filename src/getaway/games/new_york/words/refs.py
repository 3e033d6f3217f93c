"""References: the typed :class:`~getaway.core.words.Ref` of every seat, place, card, piece
and amount a sentence names, and the helpers that build sentences from them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from getaway.core import words as W
from getaway.core.words import Ref, Sentence, listing, upper_first
from getaway.games.new_york.tables import (
    ACTION_IDS,
    ACTIONS,
    BOSS_IDS,
    BOSSES,
    CASE0,
    CODE_IDS,
    CODE_NAMES,
    EVENT_IDS,
    EVENTS,
    ITEM_IDS,
    ITEMS,
    NY,
    NY_IDS,
    POI_IDS,
    POIS,
    SPACE_IDS,
    TILE_IDS,
    TILES,
    TIMER_IDS,
    TIMERS,
)
from getaway.games.new_york.words.names import BRIDGE_NAME, SPACE_NAME, enemy_name, mid, place_name

if TYPE_CHECKING:
    from getaway.games.new_york.state import NewYorkState


Args = dict[str, Ref | str | int]


def hero(s: NewYorkState, seat: int) -> Ref:
    """A seat, named by its Hero."""
    return W.seat(seat, s.seat_name(seat))


def place(s: NewYorkState, x: int) -> Ref:
    """A space as it is called now."""
    return W.place(SPACE_IDS[x], place_name(s, x))


def board_place(x: int) -> Ref:
    """A space as the board names it."""
    return W.place(SPACE_IDS[x], SPACE_NAME[x])


def bridge(n: int) -> Ref:
    """A bridge: "Bridge 3, the 69th Street Bridge"."""
    return W.place(f"bridge-{n}", BRIDGE_NAME[n])


def enemy(e: int) -> Ref:
    """An Enemy piece."""
    from getaway.games.new_york.tables import ENEMY_IDS

    return W.piece(ENEMY_IDS[e], enemy_name(e))


def action_card(c: int) -> Ref:
    """An Action card."""
    return W.card(ACTION_IDS[c], ACTIONS[c].name)


def supply_card(code: int) -> Ref:
    """A card of a supply: an Item, a Case card or the President."""
    name = CODE_NAMES[code]
    return W.card(CODE_IDS[code], mid(name) if code >= CASE0 else name)


def item(k: int) -> Ref:
    """An Item card."""
    return W.card(ITEM_IDS[k], ITEMS[k].name)


def tile(t: int) -> Ref:
    """A map tile."""
    return W.thing(TILE_IDS[t], TILES[t].name)


def poi(p: int) -> Ref:
    """A POI tile."""
    return W.thing(POI_IDS[p], POIS[p].name)


def timer(t: int) -> Ref:
    """A Timer tile."""
    return W.thing(TIMER_IDS[t], TIMERS[t].name)


def event_card(c: int) -> Ref:
    """An Event card."""
    return W.card(EVENT_IDS[c], EVENTS[c].name)


def ny_card(c: int) -> Ref:
    """A New York card."""
    return W.card(NY_IDS[c], NY[c].name)


def boss(b: int, first: bool = False) -> Ref:
    """A Boss (``first``: named at the start of a sentence)."""
    name = mid(BOSSES[b].name)
    return W.piece(BOSS_IDS[b], upper_first(name) if first else name)


def noise(n: int) -> Ref:
    """An amount of Noise."""
    return W.amount(n, "Noise", "Noise")


def many(prefix: str, refs: Sequence[Ref], last: str = "and") -> tuple[str, Args]:
    """A listing of references: the template part ("{c0}, {c1} and {c2}") and its args."""
    keys = [f"{prefix}{i}" for i in range(len(refs))]
    return listing(["{" + k + "}" for k in keys], last), dict(zip(keys, refs, strict=True))


def say(template: str, **args: Ref | str | int) -> Sentence:
    """A sentence, its first letter capitalised."""
    return Sentence(upper_first(template), args)
