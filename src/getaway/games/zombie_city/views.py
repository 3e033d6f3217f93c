"""What a seat sees: everything on the table, never the order of a pile or a stack.

The game is cooperative with no private information between seats, so every
seat's view is the spectator's plus ``seat``; face-down item tiles show only
that a tile is there, and the street pile, item stacks and zombie deck only
their sizes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from getaway.core.seatview import SeatView as CoreSeatView
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city import words as W
from getaway.games.zombie_city.content import CONTENT, Building

if TYPE_CHECKING:
    from getaway.games.zombie_city.state import ZombieCityState


def _board(s: ZombieCityState, seat: int | None) -> list[dict[str, Any]]:
    names = _street_names()
    tiles = s.tiles
    return [{"section": A.SECTION_IDS[sec], "x": x, "y": y, "turns": t,
             "streets": list(names[sec][t]), "item_tile": sec in tiles}
            for sec, (x, y, t) in sorted(s.placed.items())]


def _zombies(s: ZombieCityState, seat: int | None) -> list[dict[str, Any]]:
    pieces = _pieces()
    ids = A.SECTION_IDS
    return [{"piece": z, "name": pieces[z][0], "kind": pieces[z][1], "colour": pieces[z][2],
             "section": ids[loc], "hits": list(s.zhit[z])}
            for z, loc in enumerate(s.zloc) if loc >= 0]


@cache
def _pieces() -> tuple[tuple[str, str, str], ...]:
    """Per zombie piece: its name, its kind's id and its colour."""
    from getaway.games.zombie_city.tables import PIECE_KINDS

    return tuple((W.zombie_name(z), k.id, k.colour.value) for z, k in enumerate(PIECE_KINDS))


def _players(s: ZombieCityState, seat: int | None) -> list[dict[str, Any]]:
    from getaway.games.zombie_city.tables import CODE_NAME, ITEMS

    return [{"seat": p, "colour": W.SEAT_COLOURS[p], "dice": [CODE_NAME[v] for v in s.dice[p]],
             "section": A.SECTION_IDS[s.pos[p]] if s.phase == 1 else None,
             "item": ITEMS[s.held[p]].id if s.held[p] >= 0 else None,
             "bites": [CONTENT.bites[b].id for b in s.bites[p]],
             "drove": s.drove[p]} for p in range(s.players)]


def _cargo(s: ZombieCityState, seat: int | None) -> list[str]:
    from getaway.games.zombie_city.tables import ITEMS

    return [ITEMS[i].id for i, have in enumerate(s.cargo) if have]


def _in_bag(s: ZombieCityState, seat: int | None) -> int:
    from getaway.games.zombie_city.tables import IN_BAG

    return sum(loc == IN_BAG for loc in s.zloc)


def _at_church(s: ZombieCityState, seat: int | None) -> int:
    from getaway.games.zombie_city.tables import AT_CHURCH

    return sum(loc == AT_CHURCH for loc in s.zloc)


_A_PILE = tuple(sec.stack.value == "A" for sec in CONTENT.sections)
"""By section: whether it comes from street pile A."""

Section = Callable[[Any, "int | None"], Any]  # a ZombieCityState (Any: no import cycle)

SECTIONS: dict[str, Section] = {
    "seat": lambda s, seat: seat,
    "clock": lambda s, seat: s.clk.now,
    "paused": lambda s, seat: s.paused,
    "countdown": lambda s, seat: s.countdown,
    "phase": lambda s, seat: s.phase,
    "scenario": lambda s, seat: s.scenario,
    "need": lambda s, seat: s.need,
    "church_limit": lambda s, seat: s.church_limit,
    "board": _board,
    "zombies": _zombies,
    "players": _players,
    "cargo": _cargo,
    "street_pile": lambda s, seat: len(s.street_pile),
    "street_pile_a": lambda s, seat: sum(_A_PILE[i] for i in s.street_pile),
    "item_stacks": lambda s, seat: {k: len(v) for k, v in sorted(s.stacks.items())},
    "zombie_deck": lambda s, seat: len(s.deck),
    "zombie_cards_used": lambda s, seat: len(s.used_cards),
    "bag": _in_bag,
    "at_church": _at_church,
    "exit_revealed": lambda s, seat: s.exit_revealed,
    "van": lambda s, seat: A.SECTION_IDS[s.van] if s.van >= 0 else None,
    "drive_target": lambda s, seat: (A.SECTION_IDS[s.drive_target] if s.drive_target >= 0
                                     else None),
    "pending": lambda s, seat: s.pending(),
    "outcome": lambda s, seat: s.outcome().to_json() if s.is_over() else None,  # type: ignore[union-attr]
}
"""Each key of a view and how it is built, in the view's order."""


def view(s: ZombieCityState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (None: a spectator)."""
    return {key: section(s, seat) for key, section in SECTIONS.items()}


class SeatView(CoreSeatView):
    """``view(s, seat)`` built key by key on first read (for the heuristic)."""

    __slots__ = ()
    sections = SECTIONS


@cache
def _street_names() -> tuple[tuple[tuple[str, ...], ...], ...]:
    """By section and turns: its streets' edge names, sorted."""
    from getaway.games.zombie_city.tables import STREETS_AT

    return tuple(tuple(tuple(sorted(e.value for e in st)) for st in row) for row in STREETS_AT)


def assets() -> dict[str, Any]:
    """What never changes: every section as printed, zombies, items, bites, the timeline
    (clock seconds of each mark, pauses included) and what each countdown does, with the
    game's words for them (a section's ``title`` on the map, a bite's ``effect``, what
    happens at each mark, what each countdown asks of the survivors)."""
    from getaway.games.zombie_city.tables import TIMELINE

    return {
        "sections": [{"id": sec.id, "kind": sec.kind.value, "name": sec.name,
                      "title": W.section_title(i),
                      "streets": sorted(e.value for e in sec.streets),
                      "skull": sec.skull.value if sec.skull else None,
                      "entry": [i.value for i in sec.entry], "piles": sec.piles,
                      "search": [i.value for i in sec.search]}
                     for i, sec in enumerate(CONTENT.sections)],
        "zombies": [{"id": z.id, "name": z.name, "colour": z.colour.value,
                     "defeat": [i.value for i in z.defeat]} for z in CONTENT.zombies],
        "items": [{"id": i.id, "name": i.name, "building": i.building.value}
                  for i in CONTENT.items],
        "buildings": [{"id": b.value, "name": W.building_name(b)} for b in Building],
        "bites": [{"id": b.id, "name": b.name, "shed": [i.value for i in b.shed],
                   "handicap": b.handicap.value, "amount": b.amount,
                   "effect": W.handicap_words(b)} for b in CONTENT.bites],
        "timeline": [[t, tag] for t, tag in TIMELINE.marks],
        "marks": {tag: W.mark_words(tag) for _, tag in TIMELINE.marks},
        "countdowns": [{"number": c.number, "gongs": c.gongs, "absent_loses": c.absent_loses,
                        "van_away_loses": c.van_away_loses, "pause_after": c.pause_after,
                        "ends_game": c.ends_game, "goal": W.countdown_goal(c.number, False),
                        "van_goal": W.countdown_goal(c.number, True)}
                       for c in CONTENT.clock.countdowns],
        "pause_seconds": CONTENT.clock.pause_seconds,
    }
