"""Escape cards: when each may be played, and what it does.

Timings: *your turn* cards are played by the active player in its turn,
outside attacks and Runs; *during an attack* and *during a Run* cards, and the
*any time* cards (re-rolls right after a roll, Power Cut right after a
Sentinel card is drawn), are played in reaction windows (:mod:`.windows`),
which ask seats by public information only (the decks their cards' backs
show), in turn order from the active player. A card is only playable when it would do something:
a Smarts bonus only in a Smarts attack or challenge, a re-roll only for the
ability being rolled. The card that starts a boat or a helicopter is not
played on its own: it is spent by :class:`.actions.StartRun`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.alcatraz_2034.actions import (
    LOOK,
    NO_TARGET,
    PLAY,
    REROLL,
    RETURN_TILE,
    Look,
    Play,
    ReturnTile,
)
from getaway.games.alcatraz_2034.common import push_draw
from getaway.games.alcatraz_2034.model import EffectKind, Timing
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import (
    ABILITY_IDS,
    BT_IDS,
    BUILDINGS,
    ESC,
    ESC_ABILITY,
    ESC_DECK,
    ESC_EFFECT,
    ESC_INDEX,
    KNOWN,
    N_ESC,
    PRISONER_INDEX,
    ROW_IDS,
    SPACE_IDS,
    TILE_ABILITY,
)
from getaway.games.alcatraz_2034.words import (
    LOOK_PROMPT,
    ROW_PROMPT,
    looked_at,
    peeked,
    played,
    rerolled,
    rolled_back,
    saw_tile,
    sentinel_home,
    sentinel_number,
)

ATTACK, SKIP, ROLL, FAIL, POWER = range(5)
"""Reaction windows: an attack after the orange roll; a Run card just turned up; a Run
challenge just rolled; a Run challenge just failed; a Sentinel card just drawn."""
WINDOW_NAMES = ("attack", "run card revealed", "run roll", "run failure", "sentinel card")

_E = EffectKind


def _kind_fits(k: int, window: int, abil: tuple[int, ...]) -> int:
    """Whether card kind ``k`` does something in ``window`` (``abil``: the abilities
    tested): 0 no, 1 played on the prisoner concerned, 2 played without a target."""
    e = ESC_EFFECT[k]
    if window == ATTACK:
        if e is _E.ATTACK_BONUS or e is _E.REROLL:
            return 1 if ESC_ABILITY[k] < 0 or ESC_ABILITY[k] in abil else 0
        if e is _E.CANCEL_ATTACK:
            return 1
        return 2 if e is _E.SENTINEL_BONUS else 0
    if window == POWER:
        return 2 if e is _E.CANCEL_SENTINEL_CARD else 0
    if window == SKIP:
        return 2 if e is _E.SKIP_CHALLENGE else 0
    if window == FAIL:
        return 2 if e is _E.CANCEL_PUNISHMENT else 0
    # ROLL
    if e is _E.RUN_BONUS or e is _E.REROLL:
        return 1 if (ESC_ABILITY[k] < 0 and e is _E.RUN_BONUS) or ESC_ABILITY[k] in abil else 0
    return 2 if e is _E.RUN_PENALTY else 0


@cache
def _fitting(window: int, abil: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The card kinds that do something in ``window``, with how they are aimed."""
    return tuple((k, f) for k in range(N_ESC) if (f := _kind_fits(k, window, abil)))


def _moment(s: AlcatrazState, window: int) -> tuple[tuple[int, ...], int]:
    """The abilities tested in ``window`` now, and the prisoner a card would help."""
    if window == ATTACK:
        a = s.attack
        assert a is not None
        return (a.ability,), a.defender
    if window == POWER:
        return (), -1
    r = s.run
    assert r is not None
    if window == ROLL:
        return r.abil, r.rollers[0]
    return (), -1


def reactions(s: AlcatrazState, seat: int, window: int) -> list[Action]:
    """What ``seat`` may play in this window (passing aside)."""
    hand = s.hands[seat]
    out: list[Action] = []
    abil, target = _moment(s, window)
    if hand:
        held = set(hand)
        for k, f in _fitting(window, abil):
            if k in held:
                out.append(PLAY[k][target] if f == 1 else PLAY[k][NO_TARGET])
    if may_reroll(s, seat, window):
        out.append(REROLL)
    return out


def may_reroll(s: AlcatrazState, seat: int, window: int) -> bool:
    """Whether ``seat`` may use an R now (public: the R's are printed on the cards)."""
    if window == ATTACK:
        a = s.attack
        return a is not None and a.r_left and s.owner[a.defender] == seat
    if window == ROLL:
        r = s.run
        return r is not None and r.r_left and bool(r.r_owners >> seat & 1)
    return False


def window_decks(s: AlcatrazState, window: int) -> int:
    """Bit mask of the Escape decks that may hold a card for ``window`` now.

    Public: a deck counts when it holds a kind that does something at this moment
    and not every copy of that kind lies face up in the discards.
    """
    abil, _ = _moment(s, window)
    mask = 0
    for k, _f in _fitting(window, abil):
        d = ESC_DECK[k]
        if mask >> d & 1:
            continue
        if ESC[k].copies > s.ediscard[d].count(k):
            mask |= 1 << d
    return mask


def own_turn_plays(s: AlcatrazState, seat: int) -> list[Action]:
    """The *your turn* cards ``seat`` may play now, with their targets."""
    out: list[Action] = []
    kinds = [k for k in s.hands[seat] if _OWN_TURN[k]]
    if not kinds:  # most hands, most turns: nothing more to look at
        return out
    on_island = [i for i, x in enumerate(s.sent_pos) if x >= 0]
    for k in sorted(set(kinds)):
        e = ESC_EFFECT[k]
        row = PLAY[k]
        if e is _E.MOVE_SENTINEL or e is _E.REMOVE_SENTINEL:
            out.extend(map(row.__getitem__, on_island))
        elif e is _E.PEEK_SENTINEL:
            out.extend(row[i] for i in on_island if not s.knows_symbol(seat, i))
        elif e is _E.PEEK_BUILDING:
            if any(not s.knows_building(seat, b) for b in range(len(BUILDINGS))):
                out.append(row[NO_TARGET])
        elif e is _E.RETURN_SYSTEM_TILE:
            if any(s.sys_rows):
                out.append(row[NO_TARGET])
        elif e is _E.EXTRA_MOVE:
            p = s.moved
            if s.acted and p >= 0 and not s.locked and s.pos[p] >= 0 and s.owner[p] == seat:
                out.append(row[p])
        elif e is _E.DRAW_ESCAPE and s.any_draw():
            out.append(row[NO_TARGET])
    return out


_OWN_TURN = tuple(card.timing is Timing.OWN_TURN for card in ESC)
"""Per Escape card kind: whether it is played on its holder's own turn."""


def play(s: AlcatrazState, seat: int, action: Play, events: list[Event]) -> None:
    """Carry out a legal Play: discard the card, then its effect."""
    k = ESC_INDEX[action.card]
    card = ESC[k]
    s.discard_escape(seat, k)
    e = card.effect
    kind = e.kind
    target = action.target
    s.say(events, "play", played(seat, k, target),
          {"seat": seat, "card": card.id, "target": target})
    a, r = s.attack, s.run
    if kind is _E.ATTACK_BONUS:
        assert a is not None
        a.bonus_def += e.amount
    elif kind is _E.SENTINEL_BONUS:
        assert a is not None
        a.bonus_att += e.amount
    elif kind is _E.CANCEL_ATTACK:
        assert a is not None
        a.cancelled = True
    elif kind is _E.REROLL:
        reroll(s, events, by_card=k)
    elif kind is _E.RUN_BONUS:
        assert r is not None
        r.bonus += e.amount
    elif kind is _E.RUN_PENALTY:
        assert r is not None
        r.bonus -= e.amount
    elif kind is _E.CANCEL_PUNISHMENT:
        assert r is not None
        r.saved = True
    elif kind is _E.SKIP_CHALLENGE:
        assert r is not None
        r.skipped = True
    elif kind is _E.CANCEL_SENTINEL_CARD:
        s.sdiscard.append(s.scard)
        s.scard = -1
    elif kind is _E.MOVE_SENTINEL:
        from getaway.games.alcatraz_2034.sentinels import SentinelMove

        i = sentinel_number(target)
        s.stack.append(SentinelMove(seat, e.steps, only=i, optional=True))
    elif kind is _E.REMOVE_SENTINEL:
        i = sentinel_number(target)
        s.sentinel_home(i)
        s.say(events, "sentinel_home", sentinel_home(i), {"sentinel": i + 1})
    elif kind is _E.PEEK_SENTINEL:
        i = sentinel_number(target)
        s.sent_peek[i] |= 1 << seat
        events.append(Event.said("peek", peeked(i, s.sent_sym[i]),
                                 {"sentinel": i + 1, "symbol": ABILITY_IDS[s.sent_sym[i]]},
                                 seats=(seat,)))
    elif kind is _E.PEEK_BUILDING:
        s.stack.append(LookChoice(seat))
    elif kind is _E.RETURN_SYSTEM_TILE:
        s.stack.append(RowChoice(seat))
    elif kind is _E.EXTRA_MOVE:
        from getaway.games.alcatraz_2034.moves import ExtraMove

        p = PRISONER_INDEX[target]
        s.stack.append(ExtraMove(p, s.way, e.steps))
    elif kind is _E.DRAW_ESCAPE:
        push_draw(s, seat, count=e.amount, why=card.name)


def reroll(s: AlcatrazState, events: list[Event], by_card: int = -1,
           by_seat: int = -1) -> None:
    """Roll the defending prisoner's die (attack) or the challenge die (Run) again,
    for a card (``by_card``, its kind) or a seat's R (``by_seat``)."""
    if s.attack is not None:
        old = s.attack.die
        s.attack.die = new = s.roll()
    else:
        assert s.run is not None
        old = s.run.die
        s.run.die = new = s.roll()
    s.say(events, "reroll", rerolled(old, new, by_card, by_seat), {"old": old, "new": new})


@dataclass(frozen=True, slots=True)
class LookChoice(Decision):
    """Blueprints: ``seat`` picks a face-down building tile to look at."""

    key: ClassVar[str] = "look"

    seat: int

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: AlcatrazState, seat: int) -> list[Action]:
        return [LOOK[i] for b, i in enumerate(BUILDINGS) if not s.knows_building(seat, b)]

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Look)
        s.stack.pop()
        where = SPACE_IDS.index(action.building)
        b = BUILDINGS.index(where)
        s.building_peek[b] |= 1 << seat
        s.say(events, "look", looked_at(seat, where), {"seat": seat, "building": action.building})
        events.append(Event.said("looked", saw_tile(where, s.building_tile[b]),
                                 {"building": action.building,
                                  "tile": BT_IDS[s.building_tile[b]]}, seats=(seat,)))

    def prompt(self, s: AlcatrazState) -> str:
        return LOOK_PROMPT

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "seat": self.seat}


@dataclass(frozen=True, slots=True)
class RowChoice(Decision):
    """Rollback: ``seat`` takes the last tile of a coloured row; it goes face down under
    the last System stack (everybody knows which tile it is)."""

    key: ClassVar[str] = "rollback"

    seat: int

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        return (self.seat,)

    def legal(self, s: AlcatrazState, seat: int) -> list[Action]:
        return [RETURN_TILE[r] for r, row in enumerate(s.sys_rows) if row]

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, ReturnTile)
        s.stack.pop()
        row = ROW_IDS.index(action.row)
        tile = s.sys_rows[row].pop()
        s.sys_stacks[-1].insert(0, tile + KNOWN)
        s.say(events, "rollback", rolled_back(row, TILE_ABILITY[tile]), {"row": action.row})

    def prompt(self, s: AlcatrazState) -> str:
        return ROW_PROMPT

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "seat": self.seat}
