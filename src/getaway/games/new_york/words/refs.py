"""References: the typed :class:`~getaway.core.words.Ref` of every seat, place, card, piece
and amount a sentence names, and the helpers that build sentences from them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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
    ENEMY_IDS,
    EVENT_IDS,
    EVENTS,
    HERO_NAMES,
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
    if 0 <= seat < len(s.hero):
        return _HERO[s.hero[seat]][seat]
    return W.seat(seat, s.seat_name(seat))


def place(s: NewYorkState, x: int) -> Ref:
    """A space as it is called now."""
    name = place_name(s, x)
    known = _PLACE[x]
    ref = known.get(name)
    if ref is None:
        ref = known[name] = W.place(SPACE_IDS[x], name)
    return ref


def board_place(x: int) -> Ref:
    """A space as the board names it."""
    return _BOARD_PLACE[x] if 0 <= x < len(_BOARD_PLACE) else _board_place(x)


def _board_place(x: int) -> Ref:
    return W.place(SPACE_IDS[x], SPACE_NAME[x])


def bridge(n: int) -> Ref:
    """A bridge: "Bridge 3, the 69th Street Bridge"."""
    return W.place(f"bridge-{n}", BRIDGE_NAME[n])


def enemy(e: int) -> Ref:
    """An Enemy piece."""
    return _ENEMY[e] if 0 <= e < len(_ENEMY) else _enemy(e)


def _enemy(e: int) -> Ref:
    return W.piece(ENEMY_IDS[e], enemy_name(e))


def action_card(c: int) -> Ref:
    """An Action card."""
    return _ACTION_CARD[c] if 0 <= c < len(_ACTION_CARD) else _action_card(c)


def _action_card(c: int) -> Ref:
    return W.card(ACTION_IDS[c], ACTIONS[c].name)


def supply_card(code: int) -> Ref:
    """A card of a supply: an Item, a Case card or the President."""
    name = CODE_NAMES[code]
    return W.card(CODE_IDS[code], mid(name) if code >= CASE0 else name)


def item(k: int) -> Ref:
    """An Item card."""
    return _ITEM[k] if 0 <= k < len(_ITEM) else _item(k)


def _item(k: int) -> Ref:
    return W.card(ITEM_IDS[k], ITEMS[k].name)


def tile(t: int) -> Ref:
    """A map tile."""
    return _TILE[t] if 0 <= t < len(_TILE) else _tile(t)


def _tile(t: int) -> Ref:
    return W.thing(TILE_IDS[t], TILES[t].name)


def poi(p: int) -> Ref:
    """A POI tile."""
    return _POI[p] if 0 <= p < len(_POI) else _poi(p)


def _poi(p: int) -> Ref:
    return W.thing(POI_IDS[p], POIS[p].name)


def timer(t: int) -> Ref:
    """A Timer tile."""
    return _TIMER[t] if 0 <= t < len(_TIMER) else _timer(t)


def _timer(t: int) -> Ref:
    return W.thing(TIMER_IDS[t], TIMERS[t].name)


def event_card(c: int) -> Ref:
    """An Event card."""
    return _EVENT_CARD[c] if 0 <= c < len(_EVENT_CARD) else _event_card(c)


def _event_card(c: int) -> Ref:
    return W.card(EVENT_IDS[c], EVENTS[c].name)


def ny_card(c: int) -> Ref:
    """A New York card."""
    return _NY_CARD[c] if 0 <= c < len(_NY_CARD) else _ny_card(c)


def _ny_card(c: int) -> Ref:
    return W.card(NY_IDS[c], NY[c].name)


def boss(b: int, first: bool = False) -> Ref:
    """A Boss (``first``: named at the start of a sentence)."""
    name = mid(BOSSES[b].name)
    return W.piece(BOSS_IDS[b], upper_first(name) if first else name)


def noise(n: int) -> Ref:
    """An amount of Noise."""
    return _NOISE[n] if 0 <= n < len(_NOISE) else _noise(n)


def _noise(n: int) -> Ref:
    return W.amount(n, "Noise", "Noise")


# Events are said by the hundred thousand in playouts: the references that depend on
# nothing but an index are made once (they are immutable named tuples), a seat's once per
# Hero (a Hero is played by one seat at most) and a space's once per name it takes.
_HERO: tuple[tuple[Ref, ...], ...] = tuple(
    tuple(W.seat(seat, name) for seat in range(len(HERO_NAMES))) for name in HERO_NAMES)
_PLACE: tuple[dict[str, Ref], ...] = tuple({} for _ in SPACE_IDS)
_BOARD_PLACE = tuple(map(_board_place, range(len(SPACE_IDS))))
_ENEMY = tuple(map(_enemy, range(len(ENEMY_IDS))))
_ACTION_CARD = tuple(map(_action_card, range(len(ACTIONS))))
_ITEM = tuple(map(_item, range(len(ITEMS))))
_TILE = tuple(map(_tile, range(len(TILES))))
_POI = tuple(map(_poi, range(len(POIS))))
_TIMER = tuple(map(_timer, range(len(TIMERS))))
_EVENT_CARD = tuple(map(_event_card, range(len(EVENTS))))
_NY_CARD = tuple(map(_ny_card, range(len(NY))))
_NOISE = tuple(map(_noise, range(32)))


def many(prefix: str, refs: Sequence[Ref], last: str = "and") -> tuple[str, Args]:
    """A listing of references: the template part ("{c0}, {c1} and {c2}") and its args."""
    keys = [f"{prefix}{i}" for i in range(len(refs))]
    return listing(["{" + k + "}" for k in keys], last), dict(zip(keys, refs, strict=True))


def say(template: str, **args: Ref | str | int) -> Sentence:
    """A sentence, its first letter capitalised."""
    upper = _UPPER.get(template)
    if upper is None:
        if len(_UPPER) >= 4096:
            _UPPER.clear()
        upper = _UPPER[template] = upper_first(template)
    return Sentence(upper, args)


_UPPER: dict[str, str] = {}
"""Templates capitalised, by template (most are literals, said again and again)."""


SAID: dict[tuple[Any, ...], Sentence] = {}
"""Sentences already made, by everything they depend on (see :func:`kept`)."""


def kept(key: tuple[Any, ...], sentence: Sentence) -> Sentence:
    """Keep ``sentence`` as what ``key`` says (its kind and every reference and number it
    is made of), for the events that say it again to share: a sentence is an immutable
    value, and playouts say the same few hundred (a Hero commits a card, New York
    discards a card, the Noise is 4) hundreds of thousands of times. Bounded: the whole
    store is dropped when full."""
    if len(SAID) >= 4096:
        SAID.clear()
    SAID[key] = sentence
    return sentence
