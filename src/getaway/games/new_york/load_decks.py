"""Loading ``timer.toml``, ``events.toml``, ``new_york.toml`` and ``traps.toml``: the
decks that run the city."""

from __future__ import annotations

from typing import Any

from getaway.core.content import count, entries, only, table, unique
from getaway.core.errors import ContentError
from getaway.games.new_york.cards import (
    EventCard,
    EventTrack,
    NewYorkCard,
    TimerSetup,
    TimerTile,
    TrapCard,
)
from getaway.games.new_york.effects import Op, effects
from getaway.games.new_york.model import (
    EXPLOSIONS,
    EXTRA_TIMERS,
    HARD_DECK,
    HARD_TIMERS_REMOVED,
    NOISE_MAX,
    NY_SPECIALS,
    RED_TIMERS,
    TRAP_CARDS,
    Dir,
    Module,
    NewYorkSet,
    TimerColour,
)

TIMER_FILE = "timer.toml"
EVENTS_FILE = "events.toml"
NEW_YORK_FILE = "new_york.toml"
TRAPS_FILE = "traps.toml"
_ONLY_ON = {Op.HURRY_UP: TimerColour.HURRY_UP, Op.NEW_YORK_WINS: TimerColour.RED}
"""Effects that only a tile of one colour may show."""


def timers_from(raw: dict[str, Any]) -> tuple[TimerSetup, tuple[TimerTile, ...]]:
    """How the Timer deck is built, and every Timer tile."""
    f = TIMER_FILE
    only(raw, f, "setup", "tile")
    s = table(raw, f, "setup")
    setup = TimerSetup(s.integer("removed", 0, 9), s.integer("hard_removed", 0, 9),
                       s.flag("red_shuffled"), s.source())
    if setup.hard_removed != HARD_TIMERS_REMOVED:
        raise s.fail(f"hard_removed must be {HARD_TIMERS_REMOVED} (NY-238)")
    s.done()
    tiles = []
    for e in entries(raw, f, "tile", "tile"):
        tile = TimerTile(e.text("id"), e.text("name"), e.enum("colour", TimerColour),
                         effects(e), e.integer("copies", 1, 9, 1),
                         e.opt_enum("module", Module, (Module.EXTRA_TIMERS,)), e.source())
        if not tile.effects:
            raise e.fail("a Timer tile needs at least one effect (nothing: no effect)")
        for x in tile.effects:
            if x.op in _ONLY_ON and tile.colour is not _ONLY_ON[x.op]:
                raise e.fail(f"only a {_ONLY_ON[x.op].value} tile may {x.op.value}")
        if tile.colour is TimerColour.RED and [x.op for x in tile.effects] not in (
                [Op.NOTHING], [Op.NEW_YORK_WINS]):
            raise e.fail("a red tile does nothing or makes New York win (NY-88)")
        if tile.module is not None and tile.colour is not TimerColour.BLACK:
            raise e.fail("the extra Timer tiles are black (NY-250)")
        tiles.append(tile)
        e.done()
    unique(f, "tile", [t.id for t in tiles])

    def copies(colour: TimerColour, module: Module | None = None) -> int:
        return sum(t.copies for t in tiles if t.colour is colour and t.module is module)

    count(f, "Hurry Up tiles", copies(TimerColour.HURRY_UP), 1, "NY-191")
    if any(t.effects[0].op is not Op.HURRY_UP for t in tiles
           if t.colour is TimerColour.HURRY_UP):
        raise ContentError(f"{f}: the Hurry Up tile must land the Helicopter (NY-192)")
    count(f, "red tiles", copies(TimerColour.RED), RED_TIMERS, "NY-88")
    count(f, "'New York wins' tiles", sum(t.copies for t in tiles if t.new_york_wins), 1,
          "NY-88")
    count(f, "extra Timer tiles", copies(TimerColour.BLACK, Module.EXTRA_TIMERS),
          EXTRA_TIMERS, "NY-250")
    black = copies(TimerColour.BLACK)
    if black <= setup.removed + setup.hard_removed:
        raise ContentError(f"{f}: {black} black tiles cannot lose {setup.removed} + "
                           f"{setup.hard_removed} at setup")
    return setup, tuple(tiles)


def events_from(raw: dict[str, Any]) -> tuple[EventTrack, tuple[EventCard, ...]]:
    """The Event Level track and the Event cards."""
    f = EVENTS_FILE
    only(raw, f, "track", "card")
    t = table(raw, f, "track")
    values = t.get("values", list)
    if not values or any(not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 5
                         for v in values):
        raise t.fail(f"values must list Event Levels from 1 to 5, got {values!r}")
    if values != sorted(values):
        raise t.fail("values must never fall from left to right")
    track = EventTrack(tuple(values), t.integer("start", 0, len(values) - 1), t.source())
    t.done()
    cards = []
    for e in entries(raw, f, "card", "card"):
        card = EventCard(e.text("id"), e.text("name"), effects(e), e.integer("copies", 1, 9, 1),
                         e.opt_enum("module", Module, (Module.EXPLOSIONS,)), e.source())
        if not card.effects:
            raise e.fail("an Event card needs at least one effect (nothing: no effect)")
        cards.append(card)
        e.done()
    unique(f, "card", [c.id for c in cards])
    count(f, "Explosion! cards", sum(c.copies for c in cards if c.module), EXPLOSIONS,
          "NY-249")
    return track, tuple(cards)


def new_york_from(raw: dict[str, Any]) -> tuple[NewYorkCard, ...]:
    """The standard, Special (Prisoner Bonus) and HARD New York Action cards."""
    f = NEW_YORK_FILE
    only(raw, f, "card")
    cards = []
    for e in entries(raw, f, "card", "card"):
        cid, name, nset = e.text("id"), e.text("name"), e.enum("set", NewYorkSet)
        effs, cost = effects(e), e.integer("cost", 0, NOISE_MAX)
        pull = e.enums("pull", Dir)
        if not pull or len(set(pull)) != len(pull):
            raise e.fail("pull must list one or more different sides (NY-68)")
        if not effs:
            raise e.fail("a New York card needs at least one effect")
        bonus = any(x.op is Op.PRISONER_BONUS for x in effs)
        if bonus != (nset is NewYorkSet.SPECIAL) or (bonus and len(effs) != 1):
            raise e.fail("a Special card is a Prisoner Bonus and nothing else, and only a "
                         "Special card is one (NY-234)")
        cards.append(NewYorkCard(cid, name, nset, effs, cost, pull, e.enum("roadblock", Dir),
                                 e.source()))
        e.done()
    unique(f, "card", [c.id for c in cards])
    sizes = {s: sum(c.set is s for c in cards) for s in NewYorkSet}
    count(f, "Special cards", sizes[NewYorkSet.SPECIAL], NY_SPECIALS, "NY-5")
    count(f, "HARD cards", sizes[NewYorkSet.HARD], HARD_DECK, "NY-253")
    if sizes[NewYorkSet.STANDARD] < HARD_DECK:
        raise ContentError(f"{f}: the standard deck needs at least {HARD_DECK} cards, found "
                           f"{sizes[NewYorkSet.STANDARD]}")
    for s in (NewYorkSet.STANDARD, NewYorkSet.HARD):
        if not any(x.op is Op.DESTROY_GULLFIRE for c in cards if c.set is s
                   for x in c.effects):
            raise ContentError(f"{f}: no {s.value} card destroys the Gullfire (NY-158)")
    return tuple(cards)


def traps_from(raw: dict[str, Any]) -> tuple[TrapCard, ...]:
    """The Trap cards."""
    f = TRAPS_FILE
    only(raw, f, "card")
    cards = []
    for e in entries(raw, f, "card", "card"):
        cards.append(TrapCard(e.text("id"), e.text("name"), e.flag("triggered"),
                              e.integer("copies", 1, TRAP_CARDS), e.source()))
        e.done()
    unique(f, "card", [c.id for c in cards])
    count(f, "Trap cards", sum(c.copies for c in cards), TRAP_CARDS, "NY-252")
    if not any(c.triggered for c in cards):
        raise ContentError(f"{f}: no Trap card is Triggered (NY-252)")
    return tuple(cards)
