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
    BOSSES,
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
        "seat": h, "hero": HERO_IDS[s.hero[h]], "name": s.seat_name(h),
        "space": SPACE_IDS[s.hpos[h]],
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
    from getaway.games.new_york.words import place_name

    up = bool(s.up >> x & 1)
    out: dict[str, Any] = {"id": SPACE_IDS[x], "called": place_name(s, x), "revealed": up}
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
    from getaway.games.new_york.words import enemy_name

    log: list[str] = []
    node = s.log
    while node is not None and len(log) < LOG_LENGTH:
        log.append(node.text)
        node = node.prev
    log.reverse()
    enemies = []
    for e in s.all_enemies():
        d: dict[str, Any] = {"id": _enemy_id(e), "name": enemy_name(e),
                             "space": SPACE_IDS[s.enemy_space(e)],
                             "tricked": bool(s.tricked >> e & 1)}
        if e >= len(s.ppos) + len(s.cpos):
            d["hp"] = s.bhp[e - len(s.ppos) - len(s.cpos)]
            d["full_hp"] = BOSSES[e - len(s.ppos) - len(s.cpos)].hp
        else:
            d["full_hp"] = s.ehp(e)
            if s.edmg[e]:
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
        "pending": public_pending(s, seat), "log": log,
        "outcome": out.to_json() if (out := s.outcome()) is not None else None,
    }
    if seat is not None and 0 <= seat < s.n:
        view["you"] = _own(s, seat)
    return view


LONE_KEYS = frozenset({"claim_now", "last_chance", "claim_first"})
"""The decisions that exist only when the current player can claim a Lone Victory."""


def public_pending(s: NewYorkState, seat: int | None) -> dict[str, Any] | None:
    """The pending decision as ``seat`` may know it.

    An offer of the Lone Victory tells that the current player's secret objectives are
    met: the other seats and spectators read it as the step of the turn it happens in --
    the current player's decision beneath it when there is one (its key and prompt), else
    the step itself (``turn_step``). Only the decider sees the offer.
    """
    from getaway.games.new_york import words
    from getaway.games.new_york.turn import Phase

    pending = s.pending()
    if pending is None or pending["key"] not in LONE_KEYS or seat == s.cur:
        return pending
    stack = s.stack
    if len(stack) >= 2:
        below = stack[-2]
        if not below.automatic and below.key not in LONE_KEYS and below.seats(s) == (s.cur,):
            return {**below.describe(s), "seats": pending["seats"]}
    step = next((f.step - 1 for f in reversed(stack) if isinstance(f, Phase)), 0)
    return {"key": "turn_step", "prompt": words.prompt_busy(s, step), "step": step,
            "seats": pending["seats"]}


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


# -- the static assets every client may have (GET /api/games/new-york/assets) -------------

def assets() -> dict[str, Any]:
    """What every client may know and never changes: the map (spaces, kinds, coast and
    edge sides, bridges, the fixed tiles), every tile, POI, Suburb token and Boss as
    printed, the Enemies' printed numbers, and the texts of the cards (fronts only: a
    New York card's back would name the top card). No deck order, no face-down identity
    and nothing of a game in progress."""
    from getaway.games.new_york.content import CONTENT
    from getaway.games.new_york.model import DIRS, MISSION_CUBES, NOISE_MAX, SUPPLY_LIMIT, Beyond
    from getaway.games.new_york.words import SPACE_NAMES, effects_text, poi_text

    board, cards = CONTENT.board, CONTENT.cards
    m = board.map
    return {
        "map": {
            "cols": m.cols, "rows": m.rows,
            "sides": [d.value for d in DIRS],
            "spaces": [{"id": sp.id, "col": sp.col, "row": sp.row, "kind": sp.kind.value,
                        "name": SPACE_NAMES[sp.id],
                        "suburb": sp.suburb,
                        "transport": sp.transport.value if sp.transport else None,
                        "tile": sp.tile,
                        "coast": [d.value for d in m.sides_facing(sp.id, Beyond.COAST)],
                        "edge": [d.value for d in m.sides_facing(sp.id, Beyond.EDGE)],
                        "neighbours": {d.value: n.id for d, n in m.neighbours(sp.id)}}
                       for sp in m.spaces],
            "bridges": [{"number": b.number, "name": b.name, "space": b.space,
                         "side": b.side.value} for b in m.bridges],
        },
        "tiles": {t.id: {"name": t.name, "deck": t.deck.value,
                         "roads": [d.value for d in DIRS if d in t.roads],
                         "icons": [i.value for i in t.icons],
                         "roadblock": t.roadblock.value if t.roadblock else None,
                         "building": t.building.value if t.building else None,
                         "module": t.module.value if t.module else None,
                         "trap": effects_text(t.trap)} for t in board.tiles},
        "pois": {p.id: {"name": p.name, "always": p.always, "icons": [i.value for i in p.icons],
                        "building": p.building.value if p.building else None,
                        "text": poi_text(p)} for p in board.pois},
        "suburbs": [{"id": t.id, "icon": t.icon.value, "copies": t.copies}
                    for t in board.suburbs],
        "bosses": [{"id": b.id, "name": b.name, "hp": b.hp, "damage": b.damage,
                    "range": b.range, "move": b.move, "enters": b.enters.value, "case": b.case,
                    "ability": {"name": b.ability.name, "when": b.ability.when.value,
                                "text": b.ability.text}} for b in board.bosses],
        "enemies": _enemy_numbers(),
        "case_holders": {str(k): v for k, v in board.case_holders().items()},
        "heroes": [{"id": h.id.value, "name": h.name, "ability": h.ability,
                    "starting": list(h.starting)} for h in cards.heroes],
        "ability": {"attack": effects_text(cards.ability.attack),
                    "move": effects_text(cards.ability.move), "noise": cards.ability.noise},
        "levels": [{"level": r.level, "specials": r.specials, "swap": r.swap}
                   for r in cards.levels],
        "actions": {c.id: {"name": c.name, "hero": c.hero.value, "type": c.type.value,
                           "set": c.set.value, "noise": c.noise,
                           "text": effects_text(c.effects)} for c in cards.actions},
        "items": {i.id: {"name": i.name, "kind": i.kind.value, "text": effects_text(i.effects),
                         "noise": i.noise, "ammo": i.ammo, "ammo_per_use": i.ammo_per_use,
                         "per_turn": i.per_turn, "keeps": i.keeps, "bridge": i.bridge,
                         "owner": i.owner.value if i.owner else None,
                         "module": i.module.value if i.module else None}
                  for i in cards.items},
        "cases": {c.id: {"name": c.name, "text": effects_text(c.effects),
                         "module": c.module.value if c.module else None} for c in cards.cases},
        "president": {"id": cards.president.id, "name": cards.president.name},
        "president_deck": [{"id": c.id, "name": c.name, "alive": c.alive, "copies": c.copies}
                           for c in cards.president_deck],
        "wanted": [{"id": w.id, "name": w.name, "copies": w.copies} for w in cards.wanted],
        "objectives": {o.id: {"name": o.name, "colour": o.colour.value,
                              "transport": o.transport.value if o.transport else None,
                              "card": o.card} for o in cards.objectives},
        "level_bars": {b.id: {"texture": b.texture, "level": b.level,
                              "prisoners": b.prisoners, "items": b.items} for b in cards.bars},
        "timers": {t.id: {"name": t.name, "colour": t.colour.value,
                          "text": effects_text(t.effects)} for t in cards.timers},
        "event_track": list(cards.event_track.values),
        "events": {c.id: {"name": c.name, "text": effects_text(c.effects)}
                   for c in cards.events},
        "new_york": {c.id: {"name": c.name, "set": c.set.value, "text": effects_text(c.effects)}
                     for c in cards.new_york},
        "traps": [{"id": t.id, "name": t.name, "triggered": t.triggered, "copies": t.copies}
                  for t in cards.traps],
        "noise_max": NOISE_MAX, "mission_cubes": MISSION_CUBES, "supply_limit": SUPPLY_LIMIT,
    }


def _enemy_numbers() -> dict[str, dict[str, int]]:
    """A Prisoner's and a Car driver's printed numbers (Prisoner Bonuses come on top)."""
    from getaway.games.new_york import GAME
    from getaway.games.new_york.tables import CAR0

    s = GAME.new_state(GAME.spec.configure(1), 0)
    return {kind: {"hp": s.ehp(e), "damage": s.edamage(e), "range": s.erange(e),
                   "move": s.emove(e)} for kind, e in (("prisoner", 0), ("car", CAR0))}
