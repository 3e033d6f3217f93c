"""What each seat of Escape from New York may know.

Everybody sees the map as it lies (tiles, face-up POIs and Suburb tokens, Item
cubes, Roadblocks, Enemies, Cars, Case tokens, the Gullfire and the Helicopter),
the New York board (Noise, Mission cubes, the back of the top New York card, the
Prisoner Bonuses, the face-up discards), the Timer tiles gone and the colour of
the top one, deck sizes, and of each Hero: the space, the size of the hand and of
the discards, the cards revealed this turn, the backs of the supply cards (Item,
Case or President; Brain's Diagram and a revealed Bracelet face up), the Weapon
and its Ammo, the Car, the level and the Level Bar, Wanted cards.

A seat also sees its own hand, discards, face-down played cards, supply,
objectives, the POIs and deck tops it looked at, the Items it drew and must choose
from, and an objective deck it is choosing from. Nobody sees another Hero's cards,
the order of any deck, a face-down POI or Suburb token, or the Case cards lying in
the Case spaces.
"""

from __future__ import annotations

from typing import Any

from getaway.games.new_york.state import (
    BOSS_GONE,
    CAR_NY,
    CAR_WHITE,
    HOME,
    RED,
    SEEN_EVENT,
    SEEN_ITEM,
    SEEN_NY,
    SEEN_TIMER,
    TAXI,
    NewYorkState,
    category,
)
from getaway.games.new_york.tables import (
    ACTION_IDS,
    BARS,
    BOSS_IDS,
    CASE0,
    CODE_IDS,
    COLOUR_IDS,
    EDGE_ENDS,
    EVENT_IDS,
    HERO_IDS,
    ITEM_IDS,
    ITEMS,
    N_SPACES,
    NY,
    NY_IDS,
    OBJECTIVE_IDS,
    POI_IDS,
    SIDE_IDS,
    SPACE_IDS,
    SUBURB_PILE,
    TILE_IDS,
    TIMER_IDS,
    TRACK,
)

LOG_LENGTH = 40


def _hero_view(s: NewYorkState, h: int, own: bool) -> dict[str, Any]:
    from getaway.games.new_york.effects_special import public_card

    w = s.weapon[h]
    car = s.car[h]
    out: dict[str, Any] = {
        "seat": h, "hero": HERO_IDS[s.hero[h]], "space": SPACE_IDS[s.hpos[h]],
        "hand": len(s.hand[h]), "discards": len(s.disc[h]),
        "supply": [CODE_IDS[c] if own or public_card(s, c)
                   else category(c) for c in s.supply[h]],
        "weapon": ITEM_IDS[w] if w >= 0 else None, "ammo": s.ammo[h],
        "car": None if car < 0 else "taxi" if car == TAXI else "car",
        "level": s.level[h], "bar": BARS[s.bars[h][s.level[h]]].id if s.level[h] < 3 else None,
        "bar_prisoners": s.barp[h], "bar_items": s.bari[h], "wanted": s.wanted[h],
        "specials_taken": s.taken[h], "president": s.pres == h,
    }
    if own:
        out["hand_cards"] = sorted(ACTION_IDS[c] for c in s.hand[h])
        out["discard_cards"] = sorted(ACTION_IDS[c] for c in s.disc[h])
        out["objectives"] = [OBJECTIVE_IDS[o] if o >= 0 else None for o in s.objs[h]]
    return out


def _space_view(s: NewYorkState, x: int, seat: int | None) -> dict[str, Any]:
    up = bool(s.up >> x & 1)
    out: dict[str, Any] = {"id": SPACE_IDS[x], "revealed": up}
    if s.tile[x] >= 0:
        out["tile"] = TILE_IDS[s.tile[x]]
    if s.poi[x] >= 0:
        if up:
            out["poi"] = POI_IDS[s.poi[x]]
        else:
            out["poi"] = "face-down"
            if seat is not None and s.poi_seen[x] >> seat & 1:
                out["poi_seen"] = POI_IDS[s.poi[x]]
    if s.suburb[x] >= 0:
        out["suburb"] = SUBURB_PILE[s.suburb[x]].value if s.sub_up >> x & 1 else "face-down"
    if s.cubes[x]:
        out["items"] = s.cubes[x]
    return out


def build_view(s: NewYorkState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (None: a spectator)."""
    log: list[str] = []
    node = s.log
    while node is not None and len(log) < LOG_LENGTH:
        log.append(node[0])
        node = node[1]
    log.reverse()
    enemies = []
    for e in s.all_enemies():
        d: dict[str, Any] = {"id": _enemy_id(e), "space": SPACE_IDS[s.enemy_space(e)],
                             "tricked": bool(s.tricked >> e & 1)}
        if e >= len(s.ppos) + len(s.cpos):
            d["hp"] = s.bhp[e - len(s.ppos) - len(s.cpos)]
        elif s.edmg[e]:
            d["damage"] = s.edmg[e]
        enemies.append(d)
    view: dict[str, Any] = {
        "game": "new-york", "players": s.n, "turn": s.turn, "current": s.cur,
        "seat": seat,
        "spaces": [_space_view(s, x, seat) for x in range(N_SPACES)],
        "roadblocks": [{"space": SPACE_IDS[EDGE_ENDS[e][0]], "side": SIDE_IDS[EDGE_ENDS[e][1]],
                        "up": s.rb[e] == 1} for e in range(len(s.rb)) if s.rb[e]],
        "enemies": enemies,
        "bosses": {BOSS_IDS[b]: ("gone" if s.bpos[b] == BOSS_GONE else
                                 "waiting" if s.bpos[b] < 0 else SPACE_IDS[s.bpos[b]])
                   for b in range(len(s.bpos))},
        "abandoned_cars": [SPACE_IDS[s.cpos[c]] for c in range(len(s.cst))
                           if s.cst[c] == CAR_WHITE],
        "prisoner_supply": s.supply_left(),
        "cars_in_supply": sum(1 for c in s.cst if c == 0),
        "case_spaces": [{"case": n + 1, "card": s.slot[n] >= 0,
                         "token": "home" if s.token[n] == HOME else SPACE_IDS[s.token[n]]}
                        for n in range(4)],
        "president": {"found": s.pres_found, "holder": s.pres, "dead": s.pres_dead,
                      "deck": len(s.pdeck)},
        "bracelet_revealed": s.bracelet_up,
        "gullfire": SPACE_IDS[s.gull] if s.gull >= 0 else None,
        "helicopter": {"space": SPACE_IDS[s.heli], "landed": s.landed},
        "noise": s.noise, "mission": s.mission, "event_level": TRACK.level(s.evpos),
        "event_position": s.evpos, "hurry_up": s.hurry,
        "timer": {"left": len(s.timer), "top_red": s.top_red(),
                  "red_left": sum(1 for t in s.timer if RED[t]),
                  "gone": [TIMER_IDS[t] for t in s.tdisc]},
        "new_york": {"deck": len(s.nyd), "top_back": _back(s), "discards":
                     [NY_IDS[c] for c in s.nydisc], "bonus": [NY_IDS[c] for c in s.bonus],
                     "specials_aside": len(s.nyaside)},
        "events": {"deck": len(s.events), "discards": [EVENT_IDS[c] for c in s.edisc]},
        "items": {"deck": len(s.items), "discards": len(s.idisc)},
        "tiles": {"city": len(s.city), "park": len(s.park)},
        "objective_decks": [len(d) for d in s.objd], "wanted_left": s.wanted_left,
        "heroes": [_hero_view(s, h, h == seat) for h in range(s.n)],
        "played": {"face_down": len(s.played) + (s.aside >= 0),
                   "revealed": [ACTION_IDS[c] for c in s.shown]},
        "pending": s.pending(), "log": log,
    }
    if seat is not None and 0 <= seat < s.n:
        view["you"] = _own(s, seat)
    return view


def _own(s: NewYorkState, seat: int) -> dict[str, Any]:
    from getaway.games.new_york.levels import TakeObjectiveFrame

    out: dict[str, Any] = {}
    if seat == s.cur:
        out["played"] = sorted(ACTION_IDS[c] for c in s.played)
        out["aside"] = ACTION_IDS[s.aside] if s.aside >= 0 else None
        out["drawn"] = sorted(ITEM_IDS[k] for k in s.drawn)
    row = s.seen[seat]
    tops = {"timer": (s.timer, row[SEEN_TIMER], TIMER_IDS), "new_york": (s.nyd, row[SEEN_NY],
            NY_IDS), "event": (s.events, row[SEEN_EVENT], EVENT_IDS),
            "item": (s.items, row[SEEN_ITEM], ITEM_IDS)}
    out["deck_tops"] = {k: [ids[c] for c in pile[::-1][:n]] for k, (pile, n, ids)
                        in tops.items() if n}
    top = s.stack[-1] if s.stack else None
    if isinstance(top, TakeObjectiveFrame) and top.seat == seat:
        out["objective_deck"] = {"colour": COLOUR_IDS[top.colour],
                                 "cards": sorted(OBJECTIVE_IDS[o] for o in s.objd[top.colour])}
    return out


def _back(s: NewYorkState) -> dict[str, Any] | None:
    if not s.nyd:
        return None
    c = NY[s.nyd[-1]]
    return {"cost": c.cost, "pull": [d.value for d in c.pull], "roadblock": c.roadblock.value}


def _enemy_id(e: int) -> str:
    from getaway.games.new_york.tables import ENEMY_IDS

    return ENEMY_IDS[e]


__all__ = ["CAR_NY", "CASE0", "ITEMS"]
