"""What each seat of Alcatraz 2034 may know.

Everybody sees the pieces, the revealed building tiles and Run tiles, the
System board, every discard pile, each hand's size (and how many of its cards
come from each deck: the backs show it), the Run or attack under way and the
public log. A seat also sees its own hand, the building tiles it looked at
(Blueprints) and the sentinel symbols it looked at (Camera Feed). Nobody sees
other hands, the order of any deck, face-down tiles, the tile left out, the
spare Run tiles or a sentinel's symbol before it attacks. A sentinel's symbol,
once revealed in an attack, stays known while it stays on the island.

:func:`board` gives the island's drawing (spaces, routes, hexes, deck spots);
it never changes, so views leave it out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from getaway.core.seatview import SeatView as CoreSeatView
from getaway.games.alcatraz_2034.actions import Move
from getaway.games.alcatraz_2034.content import CONTENT
from getaway.games.alcatraz_2034.model import SentinelCardKind
from getaway.games.alcatraz_2034.moves import ExtraMove
from getaway.games.alcatraz_2034.routes import prisoner_paths
from getaway.games.alcatraz_2034.runs import run_site
from getaway.games.alcatraz_2034.state import AlcatrazState, ChallengeResult
from getaway.games.alcatraz_2034.tables import (
    ABILITY_IDS,
    AIR,
    BOARD,
    BOAT,
    BT_IDS,
    BUILDINGS,
    CELL,
    DECK_IDS,
    ESC,
    ESC_DECK,
    ESCAPED,
    FACE_DOWN,
    KNOWN,
    METHOD_IDS,
    MODIFIER,
    N_ABILITIES,
    N_PRISONERS,
    N_SENTINELS,
    OUT,
    PRISONER_IDS,
    PRISONER_NAMES,
    ROW_ABILITY,
    ROW_IDS,
    ROW_SPACES,
    RT_CARDS,
    RUN_METHOD_OF_SLOT,
    RUN_SPACES,
    RUNC,
    SC,
    SPACE_IDS,
    SPACE_INDEX,
    START_METHOD,
    TILE_ABILITY,
    TILE_IDS,
    WAY_IDS,
)
from getaway.games.alcatraz_2034.words import (
    attacker_name,
    deck_spot_name,
    log_entry,
    system_tile_name,
    tile_words,
)

LOG_LENGTH = 40
TILE_STATES = ("face_down", "face_up", "set_aside")


@cache
def board() -> dict[str, Any]:
    """The island's drawing: spaces (with what the game calls them), routes, Run tile hexes,
    deck spots (with their decks' names), the outline, and what each building tile shows."""
    b = BOARD
    return {
        "width": b.width, "height": b.height, "island": [list(p) for p in b.island],
        "spaces": [{"id": s.id, "kind": s.kind.value, "name": s.name, "called": s.called,
                    "x": s.x, "y": s.y,
                    "method": s.method.value if s.method else None, "hex": s.hex}
                   for s in b.spaces],
        "routes": [{"from": r.a, "to": r.b, "colour": r.colour.value} for r in b.routes],
        "hexes": [{"id": h.id, "x": h.x, "y": h.y} for h in b.hexes],
        "deck_spots": [{"id": d.id, "kind": d.kind.value, "deck": d.deck, "x": d.x, "y": d.y,
                        "name": deck_spot_name(d.kind.value, d.deck)}
                       for d in b.deck_spots],
        "tiles": {BT_IDS[k]: tile_words(k) for k in range(len(BT_IDS))},
    }


def _card(k: int) -> dict[str, Any]:
    c = ESC[k]
    return {"id": c.id, "name": c.name, "deck": c.deck.value, "timing": c.timing.value,
            "text": c.text}


def _status(x: int) -> str:
    if x == ESCAPED:
        return "escaped"
    if x == OUT:
        return "out"
    return "island"


@cache
def _printed(p: int, profession: int) -> tuple[str, str, tuple[str, ...]]:
    """Prisoner ``p`` with ``profession``: its name, the profession's name, and the
    printed values per ability (``"4+1"``)."""
    prof = CONTENT.professions[profession]
    card = CONTENT.prisoners[p]
    return (card.name, prof.name,
            tuple(f"{card.values[a]}+{prof.values[a]}" for a in range(N_ABILITIES)))


_REROLLS = tuple([ABILITY_IDS[a] for a in range(N_ABILITIES) if m >> a & 1]
                 for m in range(1 << N_ABILITIES))
"""By a bit mask of abilities: their ids."""


def _prisoners(s: AlcatrazState, seat: int | None) -> list[dict[str, Any]]:
    prisoners = []
    ab0, ab1, ab2 = ABILITY_IDS
    for p in range(N_PRISONERS):
        owner = s.owner[p]
        if owner < 0:
            continue
        x = s.pos[p]
        name, profession, printed = _printed(p, s.profession[p])
        score = s.score[p]
        marker = s.marker[p]
        prisoners.append({
            "id": PRISONER_IDS[p], "name": name, "profession": profession,
            "owner": owner, "status": _status(x), "space": SPACE_IDS[x] if x >= 0 else None,
            "marker": WAY_IDS[marker] or None, "modifier": MODIFIER[marker],
            "scores": {ab0: score[0], ab1: score[1], ab2: score[2]},
            "printed": {ab0: printed[0], ab1: printed[1], ab2: printed[2]},
            "reroll": _REROLLS[s.rmask[p]][:],
            "ready": x >= 0 and s.since[p] < s.turn,
            "may_run": may_run(s, seat, p),
        })
    return prisoners


def _sentinels(s: AlcatrazState, seat: int | None) -> list[dict[str, Any]]:
    sentinels = []
    for i in range(N_SENTINELS):
        x = s.sent_pos[i]
        sentinels.append({
            "number": i + 1, "space": SPACE_IDS[x] if x >= 0 else None,
            "symbol": ABILITY_IDS[s.sent_sym[i]] if x >= 0 and s.knows_symbol(seat, i) else None,
            "revealed": bool(s.sent_known >> i & 1),
        })
    return sentinels


def _system(s: AlcatrazState, seat: int | None) -> dict[str, Any]:
    stacks = []
    for st in s.sys_stacks:
        stacks.append({"size": len(st),
                       "known": [{"position": j, "tile": TILE_IDS[t - KNOWN],
                                  "name": system_tile_name(t - KNOWN)}
                                 for j, t in enumerate(st) if t >= KNOWN]})
    return {
        "rows": [{"colour": ROW_IDS[r], "ability": ABILITY_IDS[ROW_ABILITY[r]],
                  "spaces": ROW_SPACES[r], "tiles": len(s.sys_rows[r])}
                 for r in range(len(ROW_IDS))],
        "grey": [ABILITY_IDS[TILE_ABILITY[t]] for t in s.sys_grey],
        "scores": {ABILITY_IDS[a]: s.sentinel_score(a) for a in range(N_ABILITIES)},
        "stacks": stacks,
        "waiting_sentinels": sum(1 for x in s.sent_pos if x < 0),
    }


def _buildings(s: AlcatrazState, seat: int | None) -> list[dict[str, Any]]:
    buildings = []
    for b, sp in enumerate(BUILDINGS):
        up = bool(s.building_up >> b & 1)
        buildings.append({
            "space": SPACE_IDS[sp], "name": BOARD.spaces[sp].name, "revealed": up,
            "tile": BT_IDS[s.building_tile[b]] if s.knows_building(seat, b) else None,
        })
    return buildings


def _run_spaces(s: AlcatrazState, seat: int | None) -> list[dict[str, Any]]:
    run_spaces = []
    for slot, sp in enumerate(RUN_SPACES):
        shown = s.run_tile_state[slot]
        run_spaces.append({
            "space": SPACE_IDS[sp], "method": METHOD_IDS[RUN_METHOD_OF_SLOT[slot]],
            "tile": TILE_STATES[shown],
            "cards": RT_CARDS[s.run_tile[slot]] if shown != FACE_DOWN else None,
        })
    return run_spaces


def _hands(s: AlcatrazState, seat: int | None) -> list[dict[str, Any]]:
    hands = []
    for h in range(s.n):
        counts = s.deck_counts(h)
        entry: dict[str, Any] = {"seat": h, "size": len(s.hands[h]),
                                 "decks": {DECK_IDS[d]: counts[d] for d in range(4)}}
        if seat == h:
            entry["cards"] = [_card(k) for k in sorted(s.hands[h], key=lambda k: (ESC_DECK[k], k))]
        hands.append(entry)
    return hands


def _decks(s: AlcatrazState, seat: int | None) -> dict[str, Any]:
    return {
        "escape": {DECK_IDS[d]: {"pile": len(s.edeck[d]),
                                 "discard": [ESC[k].id for k in s.ediscard[d]],
                                 "discard_names": [ESC[k].name for k in s.ediscard[d]]}
                   for d in range(4)},
        "run": {METHOD_IDS[m]: {"pile": len(s.run_pile[m]), "red_aside": len(s.run_aside[m])}
                for m in range(4)},
        "run_out": [RUNC[c].id for c in s.run_out],
        "run_out_cards": [_run_card(c) for c in s.run_out],
        "sentinel": {"pile": len(s.spile), "discard": [SC[k].id for k in s.sdiscard]},
        "sentinel_discard_cards": [_sentinel_card(k) for k in s.sdiscard],
    }


def _log(s: AlcatrazState, seat: int | None) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = []
    node = s.log
    while node is not None and len(log) < LOG_LENGTH:
        log.append(log_entry(node[0]))
        node = node[1]
    log.reverse()
    return log


def _outcome(s: AlcatrazState, seat: int | None) -> dict[str, Any] | None:
    out = s.outcome()
    return out.to_json() if out else None


def _attack(s: AlcatrazState) -> dict[str, Any] | None:
    a = s.attack
    if a is None:
        return None
    return {
        "prisoner": PRISONER_IDS[a.defender],
        "sentinel": a.sentinel + 1 if a.sentinel >= 0 else None,
        "drone": SC[a.drone].id if a.drone >= 0 else None, "by": a.by,
        "ability": ABILITY_IDS[a.ability], "prisoner_start": a.base_def, "die": a.die,
        "prisoner_bonus": a.bonus_def, "prisoner_total": a.base_def + a.die + a.bonus_def,
        "attacker_start": a.base_att, "attacker_bonus": a.bonus_att, "reroll": a.r_left,
        "called_off": a.cancelled, "name": PRISONER_NAMES[a.defender],
        "attacker": attacker_name(a.sentinel, a.drone),
        "orange_die": a.die, "red_die": None,
    }


def _run(s: AlcatrazState) -> dict[str, Any] | None:
    r = s.run
    if r is None:
        return None
    card = None
    if r.card >= 0:
        c = RUNC[r.card]
        card = {"id": c.id, "name": c.name, "text": c.text, "target": c.target,
                "abilities": [a.value for a in c.abilities], "combine": c.combine.value,
                "prisoners": c.prisoners, "red": c.red}
    return {
        "leader": r.leader, "method": METHOD_IDS[r.method], "space": SPACE_IDS[r.where],
        "prisoners": [PRISONER_IDS[q] for q in r.members], "cards_left": len(r.dealt),
        "shown": [RUNC[c].id for c in r.shown], "card": card,
        "shown_cards": [_run_card(c) for c in r.shown],
        "current": _run_card(r.card) if r.card >= 0 else None,
        "rollers": [PRISONER_IDS[q] for q in r.rollers],
        "abilities": [ABILITY_IDS[a] for a in r.abil], "base": r.base, "die": r.die,
        "bonus": r.bonus, "total": r.base + r.die + r.bonus if r.rollers else None,
        "reroll": r.r_left, "skipped": r.skipped, "saved": r.saved, "aborted": r.aborted,
    }



# -- names and texts of cards -------------------------------------------------------

def sentinel_card_text(k: int) -> str:
    """What Sentinel card kind ``k`` does, in words."""
    c = SC[k]
    if c.kind is SentinelCardKind.SYSTEM_TILE:
        return "the next System tile is revealed and goes on the System board"
    if c.kind is SentinelCardKind.SENTINEL:
        return ("a waiting sentinel is placed on a free red start space; if none can be, "
                f"the drawer moves a sentinel on the island 1 to {c.steps} steps")
    ability = c.ability.value if c.ability is not None else "?"
    return (f"drone swarm: attacks a prisoner in the open (route or Run space) on "
            f"{ability}, score {c.score}")


def _sentinel_card(k: int) -> dict[str, Any]:
    c = SC[k]
    return {"id": c.id, "name": c.name, "kind": c.kind.value, "text": sentinel_card_text(k)}


def _run_card(k: int) -> dict[str, Any]:
    c = RUNC[k]
    challenge, _, failure = c.text.partition("Failure:")
    return {"id": c.id, "name": c.name, "method": c.deck.value, "red": c.red,
            "abilities": [a.value for a in c.abilities], "combine": c.combine.value,
            "prisoners": c.prisoners, "target": c.target, "challenge": challenge.strip(),
            "punishment": failure.strip() or None, "text": c.text}


# -- moves: steps and paths of each legal destination --------------------------------

def _moves(s: AlcatrazState, seat: int | None) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Per prisoner and way, the legal destinations of ``seat`` (if it is to act) with steps."""
    if seat is None or seat not in s.to_act():
        return {}
    top = s.stack[-1] if s.stack else None
    extra = top.steps if isinstance(top, ExtraMove) else 0
    sent = s.sentinel_mask()
    found: dict[tuple[int, int], dict[int, list[int]]] = {}
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for a in s.legal_actions(seat):
        if not isinstance(a, Move):
            continue
        p = PRISONER_IDS.index(a.prisoner)
        way = WAY_IDS.index(a.way)
        start, dest = s.pos[p], SPACE_INDEX[a.to]
        if dest == start:
            path: list[int] | None = [start]
        else:
            key = (p, way)
            if key not in found:
                found[key] = prisoner_paths(start, way, sent, extra)
            path = found[key].get(dest)
        out.setdefault(a.prisoner, {}).setdefault(a.way, []).append({
            "space": a.to, "steps": len(path) - 1 if path else None,
            "path": [SPACE_IDS[x] for x in path] if path else None})
    return out


def may_run(s: AlcatrazState, seat: int | None, p: int) -> bool:
    """Whether prisoner ``p`` stands where a Run can start this turn.

    It stood on an open Run location (a Run space whose tile is not set aside, a
    revealed helipad, the tunnel) since before this turn, and that method's deck is not
    empty. A boat or air Run needs a start card: checked only in its owner's view.
    """
    x = s.pos[p]
    if x < 0 or s.since[p] >= s.turn or s.run is not None:
        return False
    method, _, _ = run_site(s, x)
    if method < 0 or not s.run_pile[method]:
        return False
    if method in (BOAT, AIR) and seat is not None and seat == s.owner[p]:
        return any(START_METHOD[k] == method for k in s.hands[seat])
    return True


# -- the last attack or Run challenge settled ---------------------------------------

def last_result(s: AlcatrazState) -> dict[str, Any] | None:
    """The last attack or Run challenge settled (public), or None."""
    r = s.last_result
    if r is None:
        return None
    if isinstance(r, ChallengeResult):
        names = [PRISONER_NAMES[q] for q in r.rollers]
        return {
            "kind": "challenge", "card": RUNC[r.card].name,
            "prisoners": [PRISONER_IDS[q] for q in r.rollers], "names": names,
            "abilities": [ABILITY_IDS[a] for a in r.abil], "base": r.base,
            "die": r.die, "total": r.total, "target": RUNC[r.card].target,
            "passed": r.passed, "winner": "prisoners" if r.passed else "card",
        }
    off = r.called_off
    return {
        "kind": "attack", "prisoner": PRISONER_IDS[r.defender],
        "name": PRISONER_NAMES[r.defender],
        "attacker": attacker_name(r.sentinel, r.drone),
        "ability": ABILITY_IDS[r.ability], "prisoner_start": r.base_def,
        "attacker_start": r.base_att, "called_off": off,
        "orange_die": None if off else r.die, "red_die": None if off else r.red,
        "prisoner_total": None if off else r.mine, "attacker_total": None if off else r.theirs,
        "winner": None if off else "prisoner" if r.mine > r.theirs else "attacker",
    }


Section = Callable[[AlcatrazState, "int | None"], Any]

SECTIONS: dict[str, Section] = {
    "game": lambda s, seat: "alcatraz-2034",
    "seat": lambda s, seat: seat,
    "players": lambda s, seat: s.n,
    "turn": lambda s, seat: s.turn,
    "seat_names": lambda s, seat: [s.seat_name(h) for h in range(s.n)],
    "active": lambda s, seat: s.cur,
    "acted": lambda s, seat: s.acted,
    "cell_block": lambda s, seat: SPACE_IDS[CELL],
    "prisoners": _prisoners,
    "sentinels": _sentinels,
    "system": _system,
    "buildings": _buildings,
    "run_spaces": _run_spaces,
    "hands": _hands,
    "decks": _decks,
    "sentinel_card": lambda s, seat: SC[s.scard].id if s.scard >= 0 else None,
    "sentinel_card_info": lambda s, seat: _sentinel_card(s.scard) if s.scard >= 0 else None,
    "attack": lambda s, seat: _attack(s),
    "run": lambda s, seat: _run(s),
    "last_result": lambda s, seat: last_result(s),
    "moves": _moves,
    "points": lambda s, seat: [s.points[h] + (1 if s.token == h else 0) for h in range(s.n)],
    "escaped": lambda s, seat: s.points[:],
    "token": lambda s, seat: s.token if s.token >= 0 else None,
    "pending": lambda s, seat: s.pending(),
    "log": _log,
    "outcome": _outcome,
}
"""Each key of a view and how it is built, in the view's order."""


def build_view(s: AlcatrazState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (None: a spectator)."""
    return {key: section(s, seat) for key, section in SECTIONS.items()}


class SeatView(CoreSeatView):
    """``build_view(s, seat)`` built key by key on first read (for the heuristic)."""

    __slots__ = ()
    sections = SECTIONS
