"""Setting up a game (NY-1..24): the Case cards, the tile and card decks, the Timer
deck, the New York board, the Heroes with their hands, starting cards and Level
Bars, the Personal Objectives, POIs and Suburb tokens face down, the first player.
"""

from __future__ import annotations

from typing import NamedTuple

from getaway.core.chance import Rng
from getaway.core.spec import Config
from getaway.games.new_york.model import (
    OBJECTIVES_DEALT,
    PRISONERS,
    PRISONERS_HARD,
    ItemKind,
    Module,
    TileDeck,
)
from getaway.games.new_york.state import CAR_BOX, HOME, TAXI, NewYorkState
from getaway.games.new_york.tables import (
    BASIC,
    BOARD,
    BOSSES,
    CARDS,
    CASE_IDS,
    EVENT_INDEX,
    FIXED_TILE,
    HELIPORT,
    HERO_INDEX,
    ITEM_INDEX,
    ITEMS,
    LIBRARY,
    N_CARS,
    N_EDGES,
    N_ENEMIES,
    N_SPACES,
    NY_INDEX,
    OBJECTIVE_INDEX,
    POI_ALWAYS,
    POI_RANDOM,
    POI_SPACES,
    STARTING,
    SUBURB_PILE,
    SUBURB_SPACES,
    TEXTURE_BARS,
    TILE_EVENT,
    TILE_INDEX,
    TILE_ITEMS,
    TILE_MANHOLE,
    TILE_ROADS,
    TIMER_INDEX,
    TRACK,
    WTC,
)

DEFAULT_HEROES = "snake-maggie-brain-cabbie"
MODULE_OPTIONS = tuple(m.value for m in Module)
ALL = 0b111111


def hero_names(text: str) -> list[str]:
    """The Hero names of the ``heroes`` option: separated by ``-`` (or commas)."""
    return [h.strip() for h in text.replace(",", "-").split("-") if h.strip()]


def heroes_of(text: str, n: int) -> tuple[int, ...]:
    """The Heroes of seats 0..n-1 from ``"snake-maggie-..."`` (checked by the spec)."""
    names = hero_names(text)
    return tuple(HERO_INDEX[h] for h in names[:n])


def modules_of(config: Config) -> frozenset[Module]:
    """The Appendix B modules switched on."""
    return frozenset(m for m in Module if config.options.get(m.value, False))


class Piles(NamedTuple):
    """A configuration's piles before shuffling, as index tuples (made once per
    configuration by :func:`piles_of`: every game of a playout or a search deals them)."""

    city: tuple[int, ...]
    park: tuple[int, ...]
    items: tuple[int, ...]
    events: tuple[int, ...]
    new_york: tuple[int, ...]
    new_york_specials: tuple[int, ...]
    timer_black: tuple[int, ...]
    timer_removed: int
    red: tuple[int, ...]
    red_shuffled: bool
    hurry_up: int
    cases: tuple[int, ...]
    president_deck: tuple[int, ...]
    wanted: int
    objectives: tuple[tuple[int, ...], tuple[int, ...]]  # blue, purple


def piles_of(modules: frozenset[Module], hard_timers: bool) -> Piles:
    """The piles of a game with these modules (kept: a value, the same for every game)."""
    key = (modules, hard_timers)
    found = _PILES.get(key)
    if found is None:
        found = _PILES[key] = _piles(modules, hard_timers)
    return found


def _piles(modules: frozenset[Module], hard_timers: bool) -> Piles:
    decks = CARDS.decks(modules, hard_timers)
    return Piles(
        city=tuple(TILE_INDEX[t.id] for t in BOARD.deck(TileDeck.CITY, modules)),
        park=tuple(TILE_INDEX[t.id] for t in BOARD.deck(TileDeck.PARK, modules)),
        items=tuple(ITEM_INDEX[i.id] for i in decks.items),
        events=tuple(EVENT_INDEX[e.id] for e in decks.events),
        new_york=tuple(NY_INDEX[c.id] for c in decks.new_york),
        new_york_specials=tuple(NY_INDEX[c.id] for c in decks.new_york_specials),
        timer_black=tuple(TIMER_INDEX[t.id] for t in decks.timer_black),
        timer_removed=decks.timer_removed,
        red=tuple(TIMER_INDEX[t.id] for t in decks.red),
        red_shuffled=decks.red_shuffled,
        hurry_up=TIMER_INDEX[decks.hurry_up.id],
        cases=tuple(CASE_IDS.index(c.id) for c in decks.cases),
        president_deck=tuple(int(bool(c.alive)) for c in decks.president_deck),
        wanted=len(decks.wanted),
        objectives=(tuple(OBJECTIVE_INDEX[o.id] for o in decks.blue),
                    tuple(OBJECTIVE_INDEX[o.id] for o in decks.purple)),
    )


_PILES: dict[tuple[frozenset[Module], bool], Piles] = {}
"""The piles by configuration (immutable values: threads may share them)."""


def new_state(config: Config, seed: int) -> NewYorkState:
    """A fresh game: everything placed and shuffled, the first player chosen (NY-19)."""
    s = NewYorkState.__new__(NewYorkState)
    s._init_base()
    s.config = config
    s.seed = seed
    n = s.n = config.players
    opts = config.options
    s.modules = modules_of(config)
    s.limit = PRISONERS_HARD if opts.get("hard_prisoners", False) else PRISONERS
    setup = Rng.derive(seed, "new-york", "setup")
    s.rng = Rng.derive(seed, "new-york", "play")
    s.log = None
    piles = piles_of(s.modules, bool(opts.get("hard_timers", False)))
    # the map: fixed tiles revealed (NY-20), POIs and Suburb tokens face down (NY-23)
    s.tile = [-1] * N_SPACES
    s.poi = [-1] * N_SPACES
    s.roads = [0] * N_SPACES
    s.cubes = [0] * N_SPACES
    s.suburb = [-1] * N_SPACES
    s.poi_seen = [0] * N_SPACES
    s.up = s.sub_up = s.holes = s.evmask = s.rafts = 0
    for space, t in FIXED_TILE.items():
        s.tile[space] = t
        s.up |= 1 << space
        s.roads[space] = TILE_ROADS[t]
        s.cubes[space] = TILE_ITEMS[t]
        if TILE_EVENT[t]:
            s.evmask |= 1 << space
        if TILE_MANHOLE[t]:
            s.holes |= 1 << space
    s.roads[LIBRARY] = ALL
    randoms = list(POI_RANDOM)
    setup.shuffle(randoms)
    k = len(POI_SPACES) - len(POI_ALWAYS)
    pois = list(POI_ALWAYS) + randoms[:k]
    s.poi_left = randoms[k:]
    setup.shuffle(pois)
    for space, p in zip(POI_SPACES, pois, strict=True):
        s.poi[space] = p
        s.roads[space] = ALL
    tokens = list(range(len(SUBURB_PILE)))
    setup.shuffle(tokens)
    for space, t in zip(SUBURB_SPACES, tokens, strict=False):
        s.suburb[space] = t
    s.rb = [0] * N_EDGES
    # decks (NY-2, NY-3, NY-8)
    s.city = list(piles.city)
    s.park = list(piles.park)
    setup.shuffle(s.city)
    setup.shuffle(s.park)
    s.items = list(piles.items)
    setup.shuffle(s.items)
    s.idisc = []
    s.events = list(piles.events)
    setup.shuffle(s.events)
    s.edisc = []
    s.nyd = list(piles.new_york)
    setup.shuffle(s.nyd)
    s.nydisc = []
    s.bonus = []
    s.nyaside = list(piles.new_york_specials)  # NY-5
    # the Timer deck (NY-24): black tiles shuffled, some set aside unseen, Hurry Up under
    # them and the red tiles under Hurry Up
    black = list(piles.timer_black)
    setup.shuffle(black)
    s.tout = black[:piles.timer_removed]
    red = list(piles.red)
    if piles.red_shuffled:
        setup.shuffle(red)
    s.timer = [*red, piles.hurry_up, *black[piles.timer_removed:]]
    s.tdisc = []
    # Cases (NY-1): one card face down in each numbered Case space, tokens home
    cases = list(piles.cases)
    setup.shuffle(cases)
    s.slot = cases
    s.token = [HOME] * 4
    s.pres = -1
    s.pres_found = s.pres_dead = s.bracelet_up = False
    s.pdeck = list(piles.president_deck)
    setup.shuffle(s.pdeck)
    s.wanted_left = piles.wanted
    # the New York board (NY-6, NY-7), Cars in the supply (NY-4)
    s.noise = 0
    s.mission = 0
    s.evpos = TRACK.start
    s.hurry = False
    s.gull = WTC  # NY-21
    s.heli = HELIPORT  # NY-22
    s.landed = False
    s.ppos = [-1] * PRISONERS
    s.cpos = [-1] * N_CARS
    s.cst = [CAR_BOX] * N_CARS
    s.bpos = [-1] * len(BOSSES)
    s.bhp = [b.hp for b in BOSSES]
    s.edmg = [0] * N_ENEMIES
    s.tricked = 0
    # the Heroes (NY-9..15)
    s.hero = heroes_of(str(opts.get("heroes", DEFAULT_HEROES)), n)
    s.hpos = [LIBRARY] * n
    s.hand = [list(BASIC[h]) for h in s.hero]
    s.disc = [[] for _ in range(n)]
    s.supply = [[] for _ in range(n)]
    s.weapon = [-1] * n
    s.ammo = [0] * n
    s.car = [-1] * n
    for seat, h in enumerate(s.hero):
        for k in STARTING[h]:
            kind = ITEMS[k].kind
            if kind is ItemKind.WEAPON:
                s.weapon[seat] = k  # face up, loaded (NY-12)
                s.ammo[seat] = ITEMS[k].ammo
            elif kind is ItemKind.CAR:
                s.car[seat] = TAXI  # NY-11
            else:
                s.supply[seat].append(k)  # Brain's Diagram, face up (NY-13)
    textures = list(range(len(TEXTURE_BARS)))
    setup.shuffle(textures)
    s.bars = tuple(TEXTURE_BARS[textures[seat]] for seat in range(n))  # NY-14
    s.level = [0] * n
    s.barp = [0] * n
    s.bari = [0] * n
    s.wanted = [0] * n
    s.taken = [0] * n
    s.seen = [[0, 0, 0, 0] for _ in range(n)]
    # Personal Objectives (NY-16..18)
    s.objs = [[-1, -1] for _ in range(n)]
    s.objd = []
    s.objx = []
    for colour, pile in enumerate(piles.objectives):
        ids = list(pile)
        setup.shuffle(ids)
        dealt = OBJECTIVES_DEALT[n]
        deck, rest = ids[:dealt], ids[dealt:]
        setup.shuffle(deck)
        for seat in range(n):
            s.objs[seat][colour] = deck.pop()
        s.objd.append(deck)
        s.objx.append(rest)
    # the turn
    s.cur = setup.below(n)  # NY-19
    s.turn = 1
    s.ability = s.noevents = s.abandoned = s.lone_asked = False
    s.shield = s.bonus_dmg = s.made = s.dropped = s.evpend = s.wuses = 0
    s.aside = s.passenger = -1
    s.played = []
    s.shown = []
    s.drawn = []
    return s


__all__ = ["MODULE_OPTIONS"]
