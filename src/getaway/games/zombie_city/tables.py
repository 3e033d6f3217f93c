"""Tables the rules read: die codes, section and zombie data, the timeline, time costs.

A seat's five dice are small integers: ``G`` getaway, ``F`` fist, ``B`` bat,
``P`` panic (blocked), ``C`` caution, ``SPENT`` (must be rolled before it pays
again), ``LOST`` (out of the game), ``LOCKED`` (on a paralysis card).
"""

from __future__ import annotations

from collections.abc import Iterable

from getaway.core.actions import Action
from getaway.core.clock import Timeline
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.content import (
    CONTENT,
    EDGES,
    Cost,
    Icon,
    SectionKind,
)

G, F, B, P, C, SPENT, LOST, LOCKED = range(8)
ICON_CODE = {Icon.GETAWAY: G, Icon.FIST: F, Icon.BAT: B, Icon.PANIC: P, Icon.CAUTION: C}
CODE_NAME = ("getaway", "fist", "bat", "panic", "caution", "spent", "lost", "locked")
FACES = tuple(ICON_CODE[i] for i in CONTENT.die_faces)
DICE = CONTENT.dice_per_player
ROLLABLE = frozenset({G, F, B, C, SPENT})
USABLE = frozenset({G, F, B, P, C, SPENT})

SECTIONS = CONTENT.sections
NSEC = len(SECTIONS)
CHURCH = A.SECTION_INDEX[CONTENT.church.id]
EXIT = next(i for i, s in enumerate(SECTIONS) if s.kind is SectionKind.EXIT)
ENTRY = tuple(tuple(ICON_CODE[i] for i in s.entry) for s in SECTIONS)
SEARCH_ICONS = tuple(tuple(ICON_CODE[i] for i in s.search) for s in SECTIONS)
BUILDINGS = tuple(s.building for s in SECTIONS)
PIECE_KINDS = CONTENT.zombie_bag()
PIECE_NEED = tuple((sum(i is Icon.FIST for i in k.defeat), sum(i is Icon.BAT for i in k.defeat))
                   for k in PIECE_KINDS)
ITEMS = CONTENT.items
ITEM_INDEX = {it.id: i for i, it in enumerate(ITEMS)}
CARDS = CONTENT.cards
BITES = CONTENT.bites
BITE_SHED = tuple(tuple(ICON_CODE[i] for i in b.shed) for b in BITES)
BUILDING_LIST = tuple(dict.fromkeys(b for b in BUILDINGS if b is not None))

IN_BAG, AT_CHURCH = -1, -2
STREETS_AT = tuple(tuple(sec.streets_at(t) for t in range(4)) for sec in SECTIONS)
STREET_ORDER = tuple(tuple(tuple(e for e in EDGES if e in st) for st in row) for row in STREETS_AT)


def _timeline() -> Timeline:
    marks: list[tuple[float, str]] = []
    offset = 0.0
    for cd in CONTENT.clock.countdowns:
        marks.append((cd.starts_at + offset, f"start{cd.number}"))
        marks.append((cd.ends_at + offset, f"end{cd.number}" if cd.ends_game
                      else f"slam{cd.number}"))
        if cd.pause_after:
            offset += CONTENT.clock.pause_seconds
            marks.append((cd.ends_at + offset, f"resume{cd.number}"))
    return Timeline(marks)


TIMELINE = _timeline()
COUNTDOWNS = {cd.number: cd for cd in CONTENT.clock.countdowns}
END_TIME = TIMELINE.marks[-1][0]


def _submasks() -> dict[tuple[int, int, bool], tuple[A.Roll, ...]]:
    out: dict[tuple[int, int, bool], tuple[A.Roll, ...]] = {}
    for full in range(32):
        n = bin(full).count("1")
        for limit in range(1, DICE + 1):
            for all_of in (False, True):
                want = min(n, limit)
                out[full, limit, all_of] = tuple(
                    A.ROLLS[m - 1] for m in range(1, 32)
                    if m & full == m and (bin(m).count("1") == want if all_of
                                          else bin(m).count("1") <= limit))
    return out


SUBMASKS = _submasks()
COST = {c: CONTENT.cost(c) for c in Cost}


def _seconds() -> dict[type[Action], float]:
    return {A.Roll: COST[Cost.ROLL], A.Enter: COST[Cost.ENTER],
            A.Reveal: COST[Cost.REVEAL] + COST[Cost.ZOMBIE_CARD],
            A.Search: COST[Cost.SEARCH], A.Deposit: COST[Cost.DEPOSIT],
            A.DiscardItem: COST[Cost.DISCARD], A.UseItem: COST[Cost.USE_ITEM],
            A.CautionSelf: COST[Cost.HELP], A.CautionHelp: COST[Cost.HELP],
            A.Rescue: COST[Cost.RESCUE] + COST[Cost.ZOMBIE_CARD],
            A.Commit: COST[Cost.FIGHT], A.Shed: COST[Cost.FIGHT], A.Drive: COST[Cost.DRIVE],
            A.Wait: COST[Cost.WAIT]}


SECONDS = _seconds()


_GUARDS = sum(8 << 4 * code for code in (G, F, B, P, C))


def packed(icons: Iterable[int]) -> int:
    """Icons counted into one integer: how many show code ``i``, in bits ``4i`` to ``4i+2``.

    A seat has five dice and no cost asks for more than five icons, so a count
    never reaches the fourth bit of its field, the guard :func:`affords` reads.
    """
    return sum(1 << 4 * i for i in icons if i < SPENT)


def affords(have: int, need: int) -> bool:
    """Whether the icons counted in ``have`` cover those in ``need`` (both :func:`packed`).

    Every field of ``have`` gets its guard bit set and ``need`` is subtracted at
    once: a field short of icons borrows its own guard, and no borrow reaches
    the next field, so every guard survives exactly when every count suffices.
    """
    return ((have | _GUARDS) - need) & _GUARDS == _GUARDS


ENTRY_NEED = tuple(packed(e) for e in ENTRY)
DRIVE_NEED = tuple(packed((*e, G)) for e in ENTRY)
"""By section: the icons a drive there needs (its entry icons and a getaway)."""
SEARCH_NEED = tuple(packed(e) for e in SEARCH_ICONS)
SHED_NEED = tuple(packed(e) for e in BITE_SHED)
