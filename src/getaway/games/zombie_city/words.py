"""The words of Escape: Zombie City: every prompt, label and sentence a person reads.

Only this module composes them. Things are named as the components print
them (``data/*.toml``): the Church, the West Crossroads, the Fuel Can, the
Broken Arm. Copies that the table tells apart get their copy's number, which
both boards print on the tile or piece: "Crossroads 2", "Three-Way Junction 5",
"Walker 3". A zombie card is named by what it shows ("a zombie rises and the
green zombies walk one section"), a die by its face ("getaway", "panic").
Seats are named by their colour on the table (:data:`SEAT_COLOURS`).

Sentences are :class:`~getaway.core.words.Sentence` objects with typed
references (seats, sections, cards, zombies, amounts), said as events by
the functions at the end of this module.

Examples::

    >>> section_name(SECTION_INDEX["crossroads-2"]), section_name(SECTION_INDEX["church"])
    ('Crossroads 2', 'the Church')
    >>> zombie_name(4), icon_words(("getaway", "fist", "getaway"))
    ('Crawler 1', '2 getaways and a fist')
    >>> card_name(CONTENT.card("zc-09"))
    'a zombie rises and the green zombies walk one section'
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from getaway.core import words as w
from getaway.core.events import Event
from getaway.core.words import Ref, Sentence
from getaway.games.zombie_city.components import Bite, ZombieCard
from getaway.games.zombie_city.content import CONTENT
from getaway.games.zombie_city.model import Building, CardIconKind, Edge, Handicap

SEAT_COLOURS = ("orange", "blue", "pink", "teal")
"""Each seat's colour on the table: how the game names the seat."""

SECTION_INDEX = {s.id: i for i, s in enumerate(CONTENT.sections)}
EDGE_NAME = {Edge.N: "north", Edge.E: "east", Edge.S: "south", Edge.W: "west"}
FACE_NAME = {"getaway": "getaway", "fist": "fist", "bat": "bat", "panic": "panic",
             "caution": "caution", "spent": "spent", "lost": "lost", "locked": "locked"}
"""A die by its face (or by what became of it: spent, lost, locked on a card)."""
BUILDING_NAME = {Building.GAS_STATION: "Gas Station", Building.HOSPITAL: "Hospital",
                 Building.SUPERMARKET: "Supermarket"}
ORDINAL = ("first", "second", "third", "fourth")
SMALL = ("no", "one", "two", "three", "four", "five")

# -- names ------------------------------------------------------------------------


def seat(i: int) -> Ref:
    """A seat, by its colour."""
    return _SEATS[i] if 0 <= i < len(_SEATS) else w.seat(i, SEAT_COLOURS[i])


_SEATS = tuple(w.seat(i, colour) for i, colour in enumerate(SEAT_COLOURS))
"""Every seat's reference, made once (references are immutable; most events name a seat)."""


def _titles(names: Sequence[str]) -> tuple[str, ...]:
    """Names with the copy's number where several components share one (data order)."""
    total = Counter(names)
    seen: Counter[str] = Counter()
    out = []
    for name in names:
        seen[name] += 1
        out.append(f"{name} {seen[name]}" if total[name] > 1 else name)
    return tuple(out)


SECTION_TITLES = _titles([s.name for s in CONTENT.sections])
"""Each section as the map names it: "Church", "Crossroads 2"."""
ZOMBIE_NAMES = _titles([z.name for z in CONTENT.zombie_bag()])
"""Each of the 20 zombie pieces (bag order): "Walker 1" ... "Butcher 2"."""


def section_title(sec: int) -> str:
    """A section as the map names it ("Church", "Gas Station 2")."""
    return SECTION_TITLES[sec]


def section_name(sec: int) -> str:
    """A section in a sentence: "the Church", "Gas Station 2" (a numbered copy takes no article)."""
    title = SECTION_TITLES[sec]
    return title if title != CONTENT.sections[sec].name else f"the {title}"


def section(sec: int) -> Ref:
    """A section as a reference."""
    return w.place(CONTENT.sections[sec].id, section_name(sec))


def zombie_name(piece: int) -> str:
    """A zombie piece: its kind and its number among that kind ("Walker 3")."""
    return ZOMBIE_NAMES[piece]


def zombie(piece: int) -> Ref:
    """A zombie piece as a reference (its number among its kind)."""
    return w.piece(piece, ZOMBIE_NAMES[piece])


def a_zombie(piece: int) -> Ref:
    """A zombie piece by its kind alone ("a Walker"), as a reference."""
    return w.piece(piece, A_ZOMBIE_NAMES[piece])


A_ZOMBIE_NAMES = tuple(f"{'an' if k.name[0] in 'AEIOU' else 'a'} {k.name}"
                       for k in CONTENT.zombie_bag())
"""Each zombie piece by its kind alone, with its article."""


def item_name(item: int) -> str:
    """An item kind, as printed on its tile, with "the" ("the Fuel Can")."""
    return f"the {CONTENT.items[item].name}"


def item(item: int) -> Ref:
    """An item kind as a reference."""
    return w.thing(CONTENT.items[item].id, item_name(item))


def bite(b: int) -> Ref:
    """A zombie-bite card, by the bite it shows."""
    return w.card(CONTENT.bites[b].id, CONTENT.bites[b].name)


def building_name(building: Building | str) -> str:
    """A special building ("Gas Station")."""
    return BUILDING_NAME[Building(building)]


def edge_name(edge: Edge | str) -> str:
    """A side of a section: "north", "east", "south", "west"."""
    return EDGE_NAME[Edge(edge)]


def face_name(face: str) -> str:
    """A die by its face or state ("getaway", "panic", "spent")."""
    return FACE_NAME[face]


def small(n: int) -> str:
    """Small numbers in words ("two"); larger ones as figures."""
    return SMALL[n] if 0 <= n < len(SMALL) else str(n)


def icon_words(icons: Iterable[str]) -> str:
    """Icons counted, in first-seen order: "2 getaways and a fist", "3 bats"."""
    return _counted_words(tuple(str(i) for i in icons))


def _counted_words(key: tuple[str, ...]) -> str:
    """:func:`icon_words` of icons already named by plain strings."""
    said = _ICON_WORDS.get(key)
    if said is None:
        said = _icon_words(key)
        if len(_ICON_WORDS) < 4096:
            _ICON_WORDS[key] = said
    return said


_ICON_WORDS: dict[tuple[str, ...], str] = {}
"""``icon_words`` by the icons (the same icons always read the same)."""


def _icon_words(icons: tuple[str, ...]) -> str:
    counted = Counter(icons)
    parts = [f"a {face_name(i)}" if n == 1 else w.count(n, face_name(i))
             for i, n in counted.items()]
    return w.listing(parts)


def ordinal(n: int) -> str:
    """1 -> "first"."""
    return ORDINAL[n - 1] if 1 <= n <= len(ORDINAL) else f"number {n}"


def clock_words(seconds: float) -> str:
    """A time on the clock, ``m:ss`` (rounded down)."""
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


# -- what components do --------------------------------------------------------------


def card_name(card: ZombieCard) -> str:
    """A zombie card by what it shows: "two zombies rise and the purple zombies walk two
    sections", "a zombie bite (Paralysis)"."""
    parts = []
    for icon in card.icons:
        if icon.kind is CardIconKind.SPAWN_ONE:
            parts.append("a zombie rises")
        elif icon.kind is CardIconKind.SPAWN_TWO:
            parts.append("two zombies rise")
        elif icon.kind is CardIconKind.PILE:
            parts.append("a zombie rises on every pile")
        elif icon.kind is CardIconKind.MOVE:
            colour = icon.colour.value if icon.colour else "?"
            steps = f"{small(icon.steps)} section{'s' if icon.steps != 1 else ''}"
            parts.append(f"the {colour} zombies walk {steps}")
        else:
            name = CONTENT.bite(icon.bite).name if icon.bite else "?"
            parts.append(f"a zombie bite ({name})")
    return w.listing(parts)


def handicap_words(b: Bite) -> str:
    """What a bite does until it is shed ("at most 3 dice per roll")."""
    n = b.amount
    return {Handicap.LOCK_DICE: f"{w.count(n, 'die', 'dice')} locked on the card",
            Handicap.ROLL_LIMIT: f"at most {w.count(n, 'die', 'dice')} per roll",
            Handicap.MUTE: "silenced: no talking to the others",
            Handicap.LOSE_ON_PANICS: f"a roll showing {n} or more panics loses one of them",
            Handicap.NO_KEEPING: "no keeping: every roll rerolls all free dice"}[b.handicap]


def mark_words(tag: str) -> str:
    """What happens at a mark of the soundtrack ("start1", "slam1", "resume1", "end3")."""
    kind, number = tag[:-1], int(tag[-1])
    cd = next(c for c in CONTENT.clock.countdowns if c.number == number)
    if kind == "start":
        return f"the {ordinal(number)} countdown begins ({w.count(cd.gongs, 'gong')})"
    if kind == "slam":
        return "the doors slam"
    if kind == "resume":
        return "play resumes"
    return "the zombie cry ends the game"


def countdown_goal(number: int, van: bool) -> str:
    """What a countdown asks of the survivors (``van``: in the van phase)."""
    cd = next(c for c in CONTENT.clock.countdowns if c.number == number)
    if cd.ends_game:
        return "get the van out of town"
    if van:
        return "bring the van back to the Church" if cd.van_away_loses else "the van may stay out"
    return "be on the Church"


# -- the decision and the action labels ---------------------------------------------


def prompt(phase: int) -> str:
    """The one decision of the game, to the seat that decides."""
    if phase == 2:
        return "Roll your dice and drive the van to the Exit: everyone plays at once"
    return "Roll your dice and act on your section: everyone plays at once"


def roll_label(mask: int) -> str:
    """A roll of the dice whose bits are set: "roll die 3", "roll dice 1, 2 and 5"."""
    dice = [str(i + 1) for i in range(5) if mask >> i & 1]
    if len(dice) == 5:
        return "roll all five dice"
    return f"roll {'die' if len(dice) == 1 else 'dice'} {w.listing(dice)}"


def enter_label(sec: int) -> str:
    """Move onto a section, paying its entry icons."""
    icons = (i.value for i in CONTENT.sections[sec].entry)
    return f"enter {section_name(sec)} with {icon_words(icons)}"


def drive_label(sec: int) -> str:
    """Commit the van's drive to a section: its entry icons and a getaway."""
    icons = [*(i.value for i in CONTENT.sections[sec].entry), "getaway"]
    return f"drive the van to {section_name(sec)} with {icon_words(icons)}"


def reveal_label(edge: str) -> str:
    """Lay the next section across an open street."""
    return f"reveal a section across the {edge_name(edge)} street"


def caution_help_label(other: int) -> str:
    """A caution for another seat on the section."""
    return f"give {SEAT_COLOURS[other]} a caution: free two of their blocked dice"


def commit_label(piece: int, icon: str) -> str:
    """A die against a zombie."""
    return f"strike {zombie_name(piece)} with a {face_name(icon)}"


def shed_label(b: int) -> str:
    """Roll off a bite."""
    bitten = CONTENT.bites[b]
    return f"shed the {bitten.name} with {icon_words(i.value for i in bitten.shed)}"


SEARCH_LABEL = "search the building for its item"
DEPOSIT_LABEL = "put your item in the Cargo Bay"
DISCARD_LABEL = "throw away your item (the Cargo Bay has one)"
USE_ITEM_LABEL = "use your spare item: reroll your panic dice"
CAUTION_SELF_LABEL = "use a caution: free two of your blocked dice"
RESCUE_LABEL = "call for rescue: turn a zombie card, then reroll every die"
WAIT_LABEL = "wait for a friend's caution"


# -- events ------------------------------------------------------------------------


def _said(kind: str, template: str, data: dict[str, Any] | None = None, **args: Ref | str) -> Event:
    return Event.said(kind, Sentence(template, args), data)


def rolled(who: int, faces: Sequence[str], dice: Sequence[str], which: Sequence[int]) -> Event:
    """A roll and the faces it showed ("2 getaways and a panic").

    (Most events are rolls, so this one is made directly, as ``_said`` would.)
    """
    words = Sentence("{who} rolls {faces}", {"who": seat(who),
                                             "faces": _counted_words(tuple(faces))})
    return Event.said("roll", words, {"seat": who, "dice": list(dice), "rolled": list(which)})


def vertigo(who: int, b: int) -> Event:
    """A roll with too many panics loses a die (the Vertigo bite)."""
    return _said("vertigo", "{who} loses a die off the table to {bite}",
                 {"seat": who, "bite": CONTENT.bites[b].id}, who=seat(who), bite=bite(b))


def entered(who: int, sec: int) -> Event:
    return _said("enter", "{who} enters {place}",
                 {"seat": who, "section": CONTENT.sections[sec].id},
                 who=seat(who), place=section(sec))


def revealed(who: int, sec: int, x: int, y: int, turns: int, edge: str) -> Event:
    return _said("reveal", "{who} reveals {place} across the {edge} street",
                 {"seat": who, "section": CONTENT.sections[sec].id, "x": x, "y": y,
                  "turns": turns}, who=seat(who), place=section(sec), edge=edge_name(edge))


def searched(who: int, sec: int, found: int) -> Event:
    return _said("search", "{who} searches {place} and finds {item}",
                 {"seat": who, "item": CONTENT.items[found].id,
                  "section": CONTENT.sections[sec].id},
                 who=seat(who), place=section(sec), item=item(found))


def deposited(who: int, it: int) -> Event:
    return _said("deposit", "{who} puts {item} in the Cargo Bay",
                 {"seat": who, "item": CONTENT.items[it].id}, who=seat(who), item=item(it))


def discarded(who: int, it: int) -> Event:
    return _said("discard", "{who} throws away {item}: the Cargo Bay has one",
                 {"seat": who, "item": CONTENT.items[it].id}, who=seat(who), item=item(it))


def used_item(who: int, it: int) -> Event:
    return _said("use_item", "{who} uses {item} to reroll their panic dice",
                 {"seat": who, "item": CONTENT.items[it].id}, who=seat(who), item=item(it))


def caution(who: int, freed: int, helped: int | None = None) -> Event:
    """A caution frees blocked dice: the seat's own, or a friend's."""
    dice = w.amount(freed, "die", "dice")
    if helped is None:
        return _said("caution", "{who} frees {dice} with a caution", {"seat": who, "freed": freed},
                     who=seat(who), dice=dice)
    return _said("caution", "{who} gives {whom} a caution that frees {dice}",
                 {"seat": who, "helped": helped, "freed": freed},
                 who=seat(who), whom=seat(helped), dice=dice)


def rescue(who: int) -> Event:
    return _said("rescue", "{who} calls for rescue", {"seat": who}, who=seat(who))


def card_turned(who: int, card: ZombieCard) -> Event:
    return _said("zombie_card", "{who} turns a zombie card: {card}",
                 {"card": card.id, "seat": who},
                 who=seat(who), card=w.card(card.id, card_name(card)))


def spawned(piece: int, sec: int) -> Event:
    return _said("spawn", "{zombie} rises on {place}",
                 {"zombie": piece, "section": CONTENT.sections[sec].id},
                 zombie=a_zombie(piece), place=section(sec))


def walked(piece: int, start: int, end: int) -> Event:
    return _said("zombie_walks", "{zombie} walks from {start} to {end}",
                 {"zombie": piece, "from": CONTENT.sections[start].id,
                  "to": CONTENT.sections[end].id},
                 zombie=a_zombie(piece), start=section(start), end=section(end))


def at_church(piece: int, count: int, limit: int) -> Event:
    return _said("church", "{zombie} reaches {church} ({taken} of {limit})",
                 {"zombie": piece, "at_church": count},
                 zombie=a_zombie(piece), church=section(SECTION_INDEX[CONTENT.church.id]),
                 taken=str(count), limit=str(limit))


def bitten(who: int, b: int) -> Event:
    return _said("bite", "{who} is bitten: {bite} ({effect})",
                 {"seat": who, "bite": CONTENT.bites[b].id},
                 who=seat(who), bite=bite(b), effect=handicap_words(CONTENT.bites[b]))


def shed(who: int, b: int) -> Event:
    return _said("shed", "{who} sheds {bite}", {"seat": who, "bite": CONTENT.bites[b].id},
                 who=seat(who), bite=bite(b))


def struck(who: int, piece: int, icon: str, fists: int, bats: int) -> Event:
    """A die against a zombie that still stands (``fists``, ``bats``: what it still needs)."""
    return _said("commit", "{who} strikes {zombie} with a {icon}; it still needs {need}",
                 {"seat": who, "zombie": piece, "icon": icon},
                 who=seat(who), zombie=zombie(piece), icon=face_name(icon),
                 need=_still_needs(fists, bats))


@functools.cache
def _still_needs(fists: int, bats: int) -> str:
    """What a zombie still needs ("1 fist and 2 bats"; a few pairs, said again and again)."""
    need = [w.count(n, face_name(i)) for n, i in ((fists, "fist"), (bats, "bat")) if n]
    return w.listing(need)


def defeated(who: int, piece: int, icon: str, sec: int) -> Event:
    return _said("defeat", "{who} defeats {zombie} on {place} with a {icon}",
                 {"seat": who, "zombie": piece, "section": CONTENT.sections[sec].id},
                 who=seat(who), zombie=zombie(piece), place=section(sec), icon=face_name(icon))


def ready_to_drive(who: int, sec: int) -> Event:
    return _said("drive", "{who} is ready to drive the van to {place}",
                 {"seat": who, "section": CONTENT.sections[sec].id},
                 who=seat(who), place=section(sec))


def van_drives(sec: int) -> Event:
    return _said("van", "the van drives to {place}", {"section": CONTENT.sections[sec].id},
                 place=section(sec))


def van_phase() -> Event:
    return _said("van_phase", "the Exit is found, the Cargo Bay is full and everyone is on "
                 "the Church: everyone boards the van")


def countdown(number: int) -> Event:
    return _said("countdown", "{mark}", {"countdown": number}, mark=mark_words(f"start{number}"))


def outside(who: int, lost: int) -> Event:
    return _said("door", "{who} is outside when the doors slam, loses {dice} and runs back "
                 "to the Church", {"seat": who, "lost": lost},
                 who=seat(who), dice=w.amount(lost, "die", "dice"))


def van_away(lost: int) -> Event:
    return _said("door", "the van is away when the doors slam: every survivor loses {dice}",
                 {"lost": lost}, dice=w.amount(lost, "die", "dice"))


def paused(number: int, seconds: int) -> Event:
    return _said("pause", "the doors are shut: play pauses for {time}", {"countdown": number},
                 time=w.amount(seconds, "second"))


def resumed(number: int) -> Event:
    return _said("resume", "Escape! Play resumes", {"countdown": number})


# -- outcomes ------------------------------------------------------------------------


def escaped_detail(left: float) -> str:
    """The win."""
    return f"the van leaves town with {clock_words(left)} left on the clock"


CHURCH_DETAIL = "the zombies have taken the Church"
TIME_DETAIL = "the zombie cry: time is up"


# -- the public contract -------------------------------------------------------------

DECISION_KEYS = {
    "play": "the one decision of the real-time game: every seat with dice in play rolls "
            "and acts whenever it likes, outside the pauses",
}

EVENT_KINDS = {
    "roll": "a seat rolls some of its dice (data: seat, dice after the roll, rolled: "
            "the dice thrown)",
    "vertigo": "a bitten seat's roll shows too many panics and loses a die",
    "enter": "a survivor enters a section",
    "reveal": "a seat lays the next street section across an open street",
    "search": "a survivor searches a building and takes its item tile",
    "deposit": "an item goes into the cargo bay",
    "discard": "a survivor throws away an item the cargo bay already has",
    "use_item": "a survivor spends a spare item to reroll their panic dice",
    "caution": "a caution frees up to two blocked dice, one's own or a friend's",
    "rescue": "a seat whose dice all show panic calls for rescue",
    "zombie_card": "a zombie card is turned (after a reveal or a rescue)",
    "spawn": "a zombie from the bag rises on a section",
    "zombie_walks": "a zombie walks along the skulls towards the church",
    "church": "a zombie reaches the church",
    "bite": "a seat is bitten and keeps the bite card",
    "shed": "a seat sheds a bite",
    "commit": "a die strikes a zombie that still stands",
    "defeat": "a zombie is defeated and goes back into the bag",
    "drive": "a seat shows the icons for the van's next drive",
    "van": "the van drives to the next section",
    "van_phase": "everyone boards the van: phase 2 begins",
    "countdown": "a countdown of the soundtrack begins",
    "door": "the doors slam: survivors outside (or everyone, the van away) lose dice",
    "pause": "the doors are shut: a pause",
    "resume": "play resumes after a pause",
}
