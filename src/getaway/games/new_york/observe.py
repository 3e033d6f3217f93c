"""Escape from New York as numbers: a fixed-length encoding of what one seat may know.

Learning agents read this list of floats in [0, 1]; it holds only what
``view(seat)`` holds, so determinizing for the seat never changes it. Layout:

* per space [64 x 26]: revealed, face-down POI (and one this seat looked at),
  the seat's Hero, other Heroes / 4, Prisoners / 5, Cars driven / 2, Bosses / 2,
  tricked Enemies / 4, abandoned Cars / 2, Item cubes / 4, Event icon, Manhole,
  Raft, face-down Suburb token, Case token, Gullfire, Helicopter, Building
  (Library, Surgery, Gun Shop, Shelter), roads / 6, the road count and nothing;
* per road [edges x 2]: a face-up Roadblock, a destroyed one;
* the New York board and the decks [40];
* the seat's own cards [48 hand + 48 discards + 48 played + N_CODES supply +
  18 objectives];
* per Hero, from this seat round the table [4 x 20];
* the pending decision [16 kinds].
"""

from __future__ import annotations

from getaway.games.new_york.model import Building
from getaway.games.new_york.state import CAR_NY, CAR_WHITE, RED, TAXI, NewYorkState
from getaway.games.new_york.tables import (
    ACTIONS,
    BAR_ITEMS,
    BAR_PRISONERS,
    BOSS0,
    CAR0,
    N_CODES,
    N_EDGES,
    N_SPACES,
    NY,
    OBJECTIVES,
    POI_BUILDING,
    PRESIDENT,
    TAPE_CODE,
    TILE_BUILDING,
    TRACK,
)

SPACE_BLOCK = 26
BUILDINGS = (Building.LIBRARY, Building.SURGERY, Building.GUN_SHOP, Building.SHELTER)
FRAMES = ("TimerStep", "ChooseCards", "ResolveStep", "CarStep", "LevelStep", "MoveFrame",
          "RevealFrame", "DamageFrame", "TrickFrame", "OverLimit", "CollectiveVote",
          "PickEnemy", "RouteEnemy", "PlaceFrame", "SpecialFrame", "other")
HERO_BLOCK = 20
GLOBAL = 40
# (name, length, meaning): the slices of the observation, in order; every value in [0, 1]
LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("spaces", N_SPACES * SPACE_BLOCK, f"{N_SPACES} blocks of {SPACE_BLOCK}, one per space: "
     "revealed, face-down POI, a POI this seat looked at, this seat's Hero, other Heroes / 4, "
     "Prisoners / 5, Cars driven by Enemies / 2, Bosses / 2, tricked Enemies / 4, abandoned "
     "Cars / 2, Item cubes / 4, Event icon, Manhole, Raft, face-down Suburb token, Case "
     "token, Gullfire, Helicopter (1 landed, 0.5 flying), Building one-hot (Library, "
     "Surgery, Gun Shop, Shelter), road bits / 63, roads / 6, Prisoners again (capped), "
     "nothing there (counts capped at 1)"),
    ("roads", N_EDGES * 2, f"{N_EDGES} blocks of 2, one per road: a face-up Roadblock, a "
     "destroyed one"),
    ("board", GLOBAL, "the New York board and decks: noise / 10, mission / 4, Event track, "
     "Timer tiles / 32, red Timer on top, red Timers / 3, hurry, helicopter landed, "
     "President found, President dead, this seat escorts him, another Hero does; top New "
     "York card: cost / 4, pull directions (6), Roadblock direction (6); New York deck / "
     "24, bonus / 3, Prisoner bonus per level / 2 (4), Items / 35, supply / 40, turn / 200, "
     "this seat's turn, players / 4, Events / 20, Gullfire in play, Prisoner deck / 3, "
     "Wanted left / 3"),
    ("cards", len(ACTIONS) * 3, f"this seat's Action cards ({len(ACTIONS)} each): in hand, "
     "in the discard pile, played this turn"),
    ("supply", N_CODES, f"this seat's supply cards ({N_CODES} codes), 0.5 per copy (capped)"),
    ("objectives", len(OBJECTIVES), "this seat's objectives"),
    ("heroes", 4 * HERO_BLOCK, f"4 blocks of {HERO_BLOCK}, this seat first then round the "
     "table (zeros past the player count): present, hand / 10, discards / 10, level / 3, "
     "Prisoners / Items toward the next level, weapon, ammo / 4, in a car, in the Taxi, "
     "supply / 4, escorts the President, Wanted / 3, taken / 3, the current Hero, space / "
     "spaces, Case cards / 3, holds the tape (this seat only), Enemy on its space, which "
     "Hero / 3"),
    ("decision", len(FRAMES), "one-hot: the pending decision's kind (" + ", ".join(FRAMES)
     + ")"),
)
SIZE = sum(n for _, n, _ in LAYOUT)


def _c(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def observation(s: NewYorkState, seat: int) -> list[float]:
    """The encoding of ``view(seat)``; always :data:`SIZE` floats."""
    out: list[float] = []
    ext = out.extend
    per = [[0.0] * SPACE_BLOCK for _ in range(N_SPACES)]
    for h in range(s.n):
        row = per[s.hpos[h]]
        if h == seat:
            row[3] = 1.0
        else:
            row[4] += 0.25
    tricked = s.tricked
    for e in s.all_enemies():
        row = per[s.enemy_space(e)]
        k = 5 if e < CAR0 else 6 if e < BOSS0 else 7
        row[k] += 0.2 if k == 5 else 0.5
        if tricked >> e & 1:
            row[8] += 0.25
    for c, st in enumerate(s.cst):
        if st == CAR_WHITE:
            per[s.cpos[c]][9] += 0.5
    for n in range(4):
        if s.token[n] >= 0:
            per[s.token[n]][15] = 1.0
    if s.gull >= 0:
        per[s.gull][16] = 1.0
    per[s.heli][17] = 1.0 if s.landed else 0.5
    for x in range(N_SPACES):
        row = per[x]
        bit = 1 << x
        up = s.up & bit
        row[0] = 1.0 if up else 0.0
        if s.poi[x] >= 0 and not up:
            row[1] = 1.0
            row[2] = 1.0 if s.poi_seen[x] >> seat & 1 else 0.0
        row[10] = _c(s.cubes[x] / 4)
        row[11] = 1.0 if s.evmask & bit else 0.0
        row[12] = 1.0 if s.holes & bit else 0.0
        row[13] = 1.0 if s.rafts & bit else 0.0
        row[14] = 1.0 if s.suburb[x] >= 0 and not s.sub_up & bit else 0.0
        t = s.tile[x]
        b = TILE_BUILDING[t] if t >= 0 else (POI_BUILDING[s.poi[x]] if s.poi[x] >= 0 and up
                                             else None)
        if b is not None:
            row[18 + BUILDINGS.index(b)] = 1.0
        roads = s.roads[x] if (up or s.poi[x] >= 0) else 0
        row[22] = roads / 63
        row[23] = bin(roads).count("1") / 6
        row[24] = _c(row[5])
        row[25] = 1.0 if not up and s.poi[x] < 0 else 0.0
        for k in (4, 5, 6, 7, 8, 9):
            row[k] = _c(row[k])
        ext(row)
    for e in range(N_EDGES):
        ext((1.0 if s.rb[e] == 1 else 0.0, 1.0 if s.rb[e] == 2 else 0.0))
    g = [0.0] * GLOBAL
    g[0] = s.noise / 10
    g[1] = s.mission / 4
    g[2] = s.evpos / max(1, len(TRACK.values) - 1)
    g[3] = _c(len(s.timer) / 32)
    g[4] = 1.0 if s.top_red() else 0.0
    g[5] = _c(sum(1 for t in s.timer if RED[t]) / 3)
    g[6] = 1.0 if s.hurry else 0.0
    g[7] = 1.0 if s.landed else 0.0
    g[8] = 1.0 if s.pres_found else 0.0
    g[9] = 1.0 if s.pres_dead else 0.0
    g[10] = 1.0 if s.pres == seat else 0.0
    g[11] = 1.0 if s.pres >= 0 and s.pres != seat else 0.0
    if s.nyd:
        top = NY[s.nyd[-1]]
        g[12] = top.cost / 4
        for d in top.pull:
            g[13 + ["N", "NE", "SE", "S", "SW", "NW"].index(d.value)] = 1.0
        g[19 + ["N", "NE", "SE", "S", "SW", "NW"].index(top.roadblock.value)] = 1.0
    g[25] = _c(len(s.nyd) / 24)
    g[26] = _c(len(s.bonus) / 3)
    for k in range(4):
        g[27 + k] = _c(s.prisoner_bonus(k) / 2)
    g[31] = _c(len(s.items) / 35)
    g[32] = _c(s.supply_left() / 40)
    g[33] = _c(s.turn / 200)
    g[34] = 1.0 if s.cur == seat else 0.0
    g[35] = s.n / 4
    g[36] = _c(len(s.events) / 20)
    g[37] = 1.0 if s.gull >= 0 else 0.0
    g[38] = _c(len(s.pdeck) / 3)
    g[39] = _c(s.wanted_left / 3)
    ext(g)
    n_act = len(ACTIONS)
    mine = [0.0] * (n_act * 3)
    for c in s.hand[seat]:
        mine[c] = 1.0
    for c in s.disc[seat]:
        mine[n_act + c] = 1.0
    if seat == s.cur:
        for c in s.played:
            mine[2 * n_act + c] = 1.0
    ext(mine)
    sup = [0.0] * N_CODES
    for c in s.supply[seat]:
        sup[c] = _c(sup[c] + 0.5)
    ext(sup)
    objs = [0.0] * len(OBJECTIVES)
    for o in s.objs[seat]:
        if o >= 0:
            objs[o] = 1.0
    ext(objs)
    for k in range(4):
        h = (seat + k) % s.n if k < s.n else -1
        block = [0.0] * HERO_BLOCK
        if h >= 0:
            block[0] = 1.0
            block[1] = _c(len(s.hand[h]) / 10)
            block[2] = _c(len(s.disc[h]) / 10)
            block[3] = s.level[h] / 3
            lv = s.level[h]
            if lv < 3:
                bar = s.bars[h][lv]
                block[4] = _c(s.barp[h] / max(1, BAR_PRISONERS[bar]))
                block[5] = _c(s.bari[h] / max(1, BAR_ITEMS[bar]))
            block[6] = 1.0 if s.weapon[h] >= 0 else 0.0
            block[7] = _c(s.ammo[h] / 4)
            block[8] = 1.0 if s.car[h] >= 0 else 0.0
            block[9] = 1.0 if s.car[h] == TAXI else 0.0
            block[10] = _c(len(s.supply[h]) / 4)
            block[11] = 1.0 if s.pres == h else 0.0
            block[12] = _c(s.wanted[h] / 3)
            block[13] = _c(s.taken[h] / 3)
            block[14] = 1.0 if h == s.cur else 0.0
            block[15] = s.hpos[h] / N_SPACES
            block[16] = _c(sum(1 for c in s.supply[h] if c >= PRESIDENT - 5) / 3)
            block[17] = 1.0 if h == seat and TAPE_CODE in s.supply[h] else 0.0
            block[18] = 1.0 if s.has_enemy(s.hpos[h]) else 0.0
            block[19] = s.hero[h] / 3
        ext(block)
    frames = [0.0] * len(FRAMES)
    name = type(s.stack[-1]).__name__ if s.stack and not s.is_over() else "other"
    frames[FRAMES.index(name) if name in FRAMES else len(FRAMES) - 1] = 1.0
    ext(frames)
    return out


def progress(s: NewYorkState, seat: int) -> float:
    """A rough 0-1 estimate of how well the seat is doing."""
    out = s.outcome()
    if out is not None:
        return 1.0 if seat in out.winners else 0.0
    score = s.level[seat] / 3 * 0.4
    score += 0.2 if s.pres_found else 0.0
    score += 0.2 if s.pres == seat else 0.0
    score += 0.1 if TAPE_CODE in s.supply[seat] else 0.0
    score += 0.1 * _c(len(s.hand[seat]) / 8)
    return _c(score)


__all__ = ["CAR_NY"]
