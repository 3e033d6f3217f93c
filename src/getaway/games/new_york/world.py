"""Operations on the map and the piles that need no decision: laying tiles and what they
bring (NY-98..106, NY-169..174), Roadblocks (NY-225..232), Prisoners and their
shortage (NY-195), Cars changing hands (NY-199..200), drawing and discarding
Items (NY-137..141), and New York's Noise and Mission cubes (NY-208..215).

Where an operation leads to a decision or to a Timer tile it pushes a frame;
callers update their own frame before calling it.
"""

from __future__ import annotations

from getaway.core.events import Event
from getaway.games.new_york import words
from getaway.games.new_york.model import MISSION_CUBES, Icon, SpaceKind
from getaway.games.new_york.state import (
    CAR_BOX,
    CAR_NY,
    CAR_WHITE,
    SEEN_ITEM,
    NewYorkState,
)
from getaway.games.new_york.tables import (
    CAR0,
    EDGE,
    ENEMY_IDS,
    ITEMS,
    KIND,
    N_CARS,
    NOISE_TOP,
    POI_EVENT,
    POI_IDS,
    POI_ITEMS,
    POI_MANHOLE,
    POI_PRISONERS,
    SIDE_IDS,
    SPACE_IDS,
    SUBURB_PILE,
    TILE_CAR,
    TILE_EVENT,
    TILE_ITEMS,
    TILE_MANHOLE,
    TILE_PRISONERS,
    TILE_ROADBLOCK,
    TILE_ROADS,
    TILES,
)

ALL = 0b111111


def empty_space(s: NewYorkState, space: int) -> bool:
    """Whether a space is empty: no tile yet, and not a POI space (NY-102)."""
    return KIND[space] in (SpaceKind.CITY, SpaceKind.PARK) and s.tile[space] < 0


def lay_tile(s: NewYorkState, space: int, events: list[Event]) -> bool:
    """Reveal an empty space: the top tile of its deck and what it brings (NY-98, NY-100).

    False when the deck is empty (the space stays empty).
    """
    deck = s.city if KIND[space] is SpaceKind.CITY else s.park
    if not deck:
        return False
    t = deck.pop()
    s.tile[space] = t
    s.up |= 1 << space
    s.roads[space] = TILE_ROADS[t]
    s.say(events, "tile", words.tile_laid(s, space, t),
          {"space": SPACE_IDS[space], "tile": TILES[t].id})
    bit = 1 << space
    if TILE_EVENT[t]:
        s.evmask |= bit  # NY-101: only entering it later draws Events
    if TILE_MANHOLE[t]:
        s.holes |= bit
    if TILE_ITEMS[t]:
        s.cubes[space] += TILE_ITEMS[t]
    for _ in range(TILE_PRISONERS[t]):
        add_prisoner(s, space, events)
    if TILE_CAR[t]:
        add_car(s, space, events)
    if TILE_ROADBLOCK[t] >= 0:
        place_roadblock(s, space, TILE_ROADBLOCK[t], events)
    if s.suburb[space] >= 0 and not s.sub_up >> space & 1:
        flip_suburb(s, space, events)
    return True


def flip_suburb(s: NewYorkState, space: int, events: list[Event]) -> None:
    """Turn the Suburb token of a revealed space face up; its icon adds to the tile's
    (NY-105, NY-106, NY-178)."""
    s.sub_up |= 1 << space
    icon = SUBURB_PILE[s.suburb[space]]
    s.say(events, "suburb", words.suburb(s, space, icon.value),
          {"space": SPACE_IDS[space], "icon": icon.value})
    bit = 1 << space
    if icon is Icon.RAFT:
        s.rafts |= bit
    elif icon is Icon.ITEM:
        s.cubes[space] += 1
    elif icon is Icon.PRISONER:
        add_prisoner(s, space, events)
    elif icon is Icon.EVENT:
        s.evmask |= bit
    elif icon is Icon.MANHOLE:
        s.holes |= bit


def flip_poi(s: NewYorkState, space: int, events: list[Event]) -> int:
    """Turn a POI face up and place its icons; returns the POI tile (its effects are
    the caller's to resolve, NY-104)."""
    p = s.poi[space]
    s.up |= 1 << space
    s.poi_seen[space] = 0
    s.say(events, "poi", words.poi_flipped(s, space, p),
          {"space": SPACE_IDS[space], "poi": POI_IDS[p]})
    bit = 1 << space
    if POI_MANHOLE[p]:
        s.holes |= bit
    if POI_EVENT[p]:
        s.evmask |= bit
    s.cubes[space] += POI_ITEMS[p]
    for _ in range(POI_PRISONERS[p]):
        add_prisoner(s, space, events)
    return p


def place_roadblock(s: NewYorkState, space: int, side: int, events: list[Event]) -> bool:
    """A face-up Roadblock on side ``side`` of ``space`` (NY-227..232); False if ignored."""
    e = EDGE[space][side]
    if e < 0:
        return False  # the river or the edge: nowhere to go (NY-231)
    if s.rb[e] == 1:
        return False  # already blocked (NY-229)
    s.rb[e] = 1  # new, or a destroyed one flipped back (NY-230)
    s.say(events, "roadblock", words.roadblock(s, space, side),
          {"space": SPACE_IDS[space], "side": SIDE_IDS[side]})
    return True


def destroy_roadblock(s: NewYorkState, space: int, side: int, events: list[Event]) -> None:
    """Flip a Roadblock to its open side (NY-228)."""
    s.rb[EDGE[space][side]] = 2
    s.say(events, "roadblock_destroyed", words.roadblock_destroyed(s, space, side),
          {"space": SPACE_IDS[space], "side": SIDE_IDS[side]})


def add_prisoner(s: NewYorkState, space: int, events: list[Event]) -> bool:
    """Put a Prisoner token on ``space``; without one left New York gains 1 Noise instead
    (NY-195). True if a token was placed."""
    if s.supply_left() <= 0:
        s.say(events, "no_prisoner", words.no_prisoner(s), {"missing": 1})
        gain_noise(s, 1, events)
        return False
    ppos = s.ppos
    token = -1
    for i in range(s.limit):
        if ppos[i] < 0:
            ppos[i] = space
            s.edmg[i] = 0
            s.tricked &= ~(1 << i)
            token = i
            break
    s.say(events, "prisoner", words.prisoner_appears(s, space),
          {"space": SPACE_IDS[space], "enemy": ENEMY_IDS[token] if token >= 0 else None})
    settle_cars(s, events)
    return True


def add_car(s: NewYorkState, space: int, events: list[Event]) -> bool:
    """A Car figure with a red base (a Prisoner drives it, NY-171). None left: no Car."""
    for c in range(N_CARS):
        if s.cst[c] == CAR_BOX:
            s.cst[c] = CAR_NY
            s.cpos[c] = space
            s.edmg[CAR0 + c] = 0
            s.tricked &= ~(1 << (CAR0 + c))
            s.say(events, "car", words.car_appears(s, CAR0 + c, space),
                  {"space": SPACE_IDS[space], "enemy": ENEMY_IDS[CAR0 + c]})
            return True
    return False


def settle_cars(s: NewYorkState, events: list[Event]) -> None:
    """A Prisoner takes an abandoned Car in its space when no Hero is there (NY-200):
    its token goes back to the supply and the base turns red."""
    if CAR_WHITE not in s.cst:  # no abandoned Car: the usual answer, without a loop
        return
    for c in range(N_CARS):
        if s.cst[c] != CAR_WHITE:
            continue
        x = s.cpos[c]
        if x in s.hpos[:s.n]:
            continue
        for i, p in enumerate(s.ppos):
            if p == x:
                s.ppos[i] = -1
                e = CAR0 + c
                s.cst[c] = CAR_NY
                s.edmg[e] = s.edmg[i]
                if s.tricked >> i & 1:
                    s.tricked |= 1 << e
                s.tricked &= ~(1 << i)
                s.edmg[i] = 0
                s.say(events, "car_taken", words.prisoner_takes_car(s, e, x),
                      {"space": SPACE_IDS[x], "enemy": ENEMY_IDS[e]})
                break


def draw_item(s: NewYorkState) -> int:
    """The top Item card (the discards reshuffled when the deck is empty, NY-138); -1
    when there is none at all."""
    if not s.items:
        if not s.idisc:
            return -1
        s.items.extend(s.idisc)
        s.idisc.clear()
        s.rng.shuffle(s.items)
        s.forget(SEEN_ITEM)
    s.drew(SEEN_ITEM)
    return s.items.pop()


def discard_item(s: NewYorkState, code: int) -> None:
    """An Item goes face down onto the Item discards; a starting card leaves the game
    (NY-140, NY-141)."""
    if not ITEMS[code].starting:
        s.idisc.append(code)


def gain_noise(s: NewYorkState, amount: int, events: list[Event]) -> None:
    """New York gains Noise; on 10 each point moves a Mission cube instead (NY-209, NY-210).

    The point that moves the last cube saturates the track: a Timer tile is revealed and
    resolved first, then Noise goes back to 0, the cubes come home and the rest of the
    Noise is added from 0 (NY-211, NY-212, :class:`.timer.MissionTile`).
    """
    if not amount or (s.mission >= MISSION_CUBES and _saturated(s, amount, 0, events)):
        return
    if amount < 0:
        s.noise = max(0, s.noise + amount)
        return
    while amount > 0:
        if s.noise < NOISE_TOP:
            take = min(amount, NOISE_TOP - s.noise)
            s.noise += take
            amount -= take
            continue
        if s.mission >= MISSION_CUBES:
            s.say(events, "noise_lost", words.noise_lost(s, amount), {"lost": amount})
            break
        s.mission += 1
        amount -= 1
        if s.mission >= MISSION_CUBES:
            from getaway.games.new_york.frames import kept
            from getaway.games.new_york.timer import MissionReset, MissionTile

            s.say(events, "saturation", words.saturation(s), {"rest": amount})
            s.stack.append(kept(MissionReset, True, amount, 0))
            s.stack.append(kept(MissionTile))
            amount = 0
    s.say(events, "noise", words.noise_now(s), {"noise": s.noise})


def add_mission(s: NewYorkState, count: int, events: list[Event]) -> None:
    """Move Mission cubes right; when all are right, reveal a Timer tile, then bring them
    back -- Noise unchanged (NY-213..215)."""
    if count <= 0 or (s.mission >= MISSION_CUBES and _saturated(s, 0, count, events)):
        return
    if s.mission >= MISSION_CUBES:
        s.say(events, "mission_lost", words.mission_lost(s), {})
        return
    s.mission = min(MISSION_CUBES, s.mission + count)
    s.say(events, "mission", words.mission(s), {"mission": s.mission})
    if s.mission >= MISSION_CUBES:
        from getaway.games.new_york.timer import MissionReset, MissionTile

        s.stack.append(MissionReset(False, 0, 0))
        s.stack.append(MissionTile())


def _saturated(s: NewYorkState, noise: int, cubes: int, events: list[Event]) -> bool:
    """Every Mission cube is in the right box and its Timer tile waits or resolves.

    Before the tile is revealed (its frame still on the stack) a gain belongs after the
    cubes come home: it is added to the waiting :class:`.timer.MissionReset` (True). While
    the tile resolves the gain is made now (False): Noise climbs to 10 at most and no cube
    can move (after a saturation the reset then wipes the track; after a New York card
    the Noise stays, NY-213).
    """
    from getaway.games.new_york.timer import MissionReset, MissionTile

    stack = s.stack
    for i in range(len(stack) - 1, -1, -1):
        f = stack[i]
        if isinstance(f, MissionReset):
            return False
        if isinstance(f, MissionTile):
            j = i - 1
            while not isinstance(stack[j], MissionReset):
                j -= 1
            r = stack[j]
            assert isinstance(r, MissionReset)
            stack[j] = MissionReset(r.noise_reset, r.noise + noise, r.cubes + cubes)
            s.say(events, "deferred", words.deferred(s), {"noise": noise, "cubes": cubes})
            return True
    return False


def give(s: NewYorkState, seat: int, code: int, events: list[Event]) -> None:
    """A card joins the seat's supply; a 4th forces a discard at once (NY-122)."""
    s.supply[seat].append(code)
    if len(s.supply[seat]) > 3:
        from getaway.games.new_york.items import OverLimit

        s.stack.append(OverLimit(seat))
