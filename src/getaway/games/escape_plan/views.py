"""What each seat may know (EP-18, EP-27): money behind other screens, other Escape Plan
cards, face-down tiles and every deck's order are removed at the source."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan import frames as fr
from getaway.games.escape_plan import words as wd
from getaway.games.escape_plan.model import LocationKind
from getaway.games.escape_plan.rounds import free_pieces
from getaway.games.escape_plan.state import SANDRA
from getaway.games.escape_plan.tables import LOCKER, NODES, PATROL

if TYPE_CHECKING:
    from getaway.games.escape_plan.state import EscapePlanState, Player


def _item(slot: str, mine: bool) -> str:
    """An Item space as its owner or another seat sees it (Locker and Exit tiles lie face
    down: others see the colour, and a Locker's need printed on its back)."""
    return slot if mine else eco.public_item(slot)


def player_view(p: Player, mine: bool, where: str = "") -> dict[str, Any]:
    """One player's board and pawn; the screen and the plan only for the owner.
    ``where``: the pawn's place in words (``words.node_name``)."""
    out: dict[str, Any] = {
        "colour": p.colour, "at": NODES[p.node][2:], "where": where,
        "notoriety": p.notoriety,
        "red_box": p.red_box, "blue_box": p.blue_box, "wounds": p.wounds,
        "handcuffs": p.handcuffs, "first_aid": p.first_aid, "rested": p.rested,
        "income_cubes_taken": p.taken, "white_hex": p.white, "red_hex": p.red,
        "income_hex": p.income_hex, "contacts": p.contacts[:],
        "used_contacts": p.used_contacts[:], "items": [_item(s, mine) for s in p.items],
        "used_items": p.used_items[:], "assets": p.assets[:], "used_assets": p.used_assets[:],
        "discs": p.discs, "gas": p.gas, "gang_members": p.gang,
        "gang_markers": p.gang_markers[:], "keys": p.keys[:], "visited": p.visited[:],
        "escaped": p.escaped, "arrested": p.arrested,
        "cubes": [[t, h] for t, h in zip(p.visited, p.hexes, strict=False) if h],
        "income": eco.income(p),
        # the spaces of the rows in words (as this seat may see them), for the clients
        "names": {"contacts": [wd.slot_name(x, mine) if x else "" for x in p.contacts],
                  "items": [wd.slot_name(_item(x, mine), mine) if x else "" for x in p.items],
                  "assets": [wd.asset_name(x) if x else "" for x in p.assets]},
    }
    if mine:
        out["money"] = p.money
        out["plan"] = p.plan
    return out


def drawn(state: EscapePlanState, seat: int | None) -> dict[str, Any] | None:
    """The Locker or Exit tiles drawn and not yet kept (a ``KeepTile`` anywhere on the
    stack: an Executive Action may be under way on top of it). Every seat sees who drew
    how many tiles of which colour, and a Locker's need (printed on its back, rule 28:
    ``needs``); only the drawing seat sees their faces (``tiles``, in
    the order of the ``Pick("tile", i)`` indices: id, colour, a Locker's need and value,
    an Exit tile's value)."""
    from getaway.games.escape_plan.visits import KeepTile

    for frame in reversed(state.stack):
        if isinstance(frame, KeepTile):
            out: dict[str, Any] = {"seat": frame.seat, "kind": frame.kind,
                                   "colour": frame.colour, "count": len(frame.drawn)}
            if frame.kind == "locker":
                out["needs"] = [LOCKER[t].need for t in frame.drawn]
            if seat == frame.seat:
                out["tiles"] = frame.faces()
            return out
    return None


def incoming(state: EscapePlanState, seat: int | None) -> dict[str, Any] | None:
    """The tile waiting for room on a full Item row (``MakeRoom``, or ``GainItem`` while an
    Executive Action runs): the owner sees it, the others as on the Item row (a Locker or
    Exit tile by colour, a Locker's need)."""
    for frame in reversed(state.stack):
        if isinstance(frame, (fr.MakeRoom, fr.GainItem)):
            return {"seat": frame.seat, "item": _item(frame.item, seat == frame.seat),
                    "optional": frame.optional}
    return None


def view(state: EscapePlanState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (None: a spectator)."""
    return {
        "game": "escape-plan", "seat": seat, "round": state.round, "turn": state.log_turn,
        "side": state.side.id, "unescaped": state.unescaped.value,
        "city": sorted([list(c), t, r] for c, (t, r) in state.city.items()),
        "stacks": [{"top": s[-1] if s else None, "left": len(s)} for s in state.stacks],
        "police": {t: sorted(c) for t, c in sorted(state.police.items()) if c},
        "bag": len(state.bag),
        "patrol": {"deck": len(state.patrol_deck),
                   "revealed": [c for c in PATROL if c not in state.patrol_deck
                                and c != state.patrol_discard],
                   "spaces": sorted(state.patrol_spaces.items()), "blocked": state.blocked[:],
                   "exit_stacks_on": sorted(state.exit_on.items())},
        "exit_stacks": {k: len(v) for k, v in sorted(state.exit_stacks.items())},
        "lockers": {k: {"left": len(v), "need": LOCKER[v[-1]].need if v else None}
                    for k, v in sorted(state.lockers.items())},
        "contacts": {"deck": len(state.contact_deck), "display": state.display[:],
                     "discard": state.contact_discard[:]},
        "fixers": {"top": state.fixers[-1] if state.fixers else None,
                   "left": len(state.fixers)},
        "equipment": dict(state.equipment),
        "keys": {k: v[:] for k, v in state.keys_on.items()},
        "businesses": dict(state.business_on), "business_visits": dict(state.business_visits),
        "free_tiles": {"business": free_pieces(state, LocationKind.BUSINESS),
                       "safe_house": free_pieces(state, LocationKind.SAFE_HOUSE)},
        "gangs": {k: v[:] for k, v in state.gangs.items()}, "gas_supply": state.gas_supply,
        "gang_supply": state.gang_supply,
        "order": ["sandra" if w == SANDRA else w for w in state.order],
        "joined": ["sandra" if w == SANDRA else w for w in state.joined],
        "sandra": ({"at": NODES[state.sandra_node][2:],
                    "where": wd.node_name(state.sandra_node, state),
                    "notoriety": state.sandra_notoriety,
                    "discs": state.sandra_discs, "deck": len(state.sandra_deck),
                    "discard": state.sandra_discard[:], "white": state.sandra_white,
                    "red": state.sandra_red} if state.sandra else None),
        "escapes": state.escapes,
        "move": _move(state),
        "players": [player_view(p, s == seat, wd.node_name(p.node, state))
                    for s, p in enumerate(state.crew)],
        "pending": state.pending(),
        "drawn": drawn(state, seat),
        "incoming": incoming(state, seat),
        "outcome": state.outcome().to_json() if state.outcome() else None,  # type: ignore[union-attr]
        "ending": ending(state) if state.is_over() else None,
    }


def ending(state: EscapePlanState) -> dict[str, Any]:
    """The end seat by seat, told once the game is over (every screen is shown then):
    escaped or arrested and why, the score item by item, and the tie-break."""
    from getaway.games.escape_plan.scoring import breakdown, rank_key, score

    seats = range(len(state.crew))
    free = [s for s in seats if not state.crew[s].arrested]
    keys = [rank_key(state, s) for s in seats]
    out = []
    for s in seats:
        p = state.crew[s]
        total = score(state, s)
        out.append({"seat": s, "escaped": p.escaped, "arrested": p.arrested,
                    "why": p.arrest, "score": total,
                    "text": wd.seat_result(state, s, breakdown(state, s), total)})
    return {"seats": out, "tie_break": wd.tie_break(state, free, keys)}


def _move(state: EscapePlanState) -> list[Any] | None:
    """The move in progress (``Move.truth``), its lists copied."""
    if state.move is None:
        return None
    return [x[:] if isinstance(x, list) else x for x in state.move.truth()]


def _effect_text(effect: Any) -> str:
    """One effect in a few words: its operation and its parameters."""
    args = ", ".join(f"{k} {'/'.join(map(str, v)) if isinstance(v, tuple) else v}"
                     for k, v in effect.params)
    return f"{effect.op.value.replace('_', ' ')}{f' ({args})' if args else ''}"


def _text(effects: Any) -> str:
    return "; ".join(_effect_text(e) for e in effects)


def assets() -> dict[str, Any]:
    """The static board and cards of Escape Plan, the same for every game and seat: both
    board sides (grid, printed tiles, Water areas, Patrol spaces), every tile as printed,
    the movement-node and cell tables the actions index, and the card texts."""
    from getaway.games.escape_plan.tables import (
        ALL_TILES,
        BOARD,
        CARDS,
        CELLS,
        NODES,
        PB,
    )

    sides = []
    for side in BOARD.sides:
        cells = []
        for c in range(side.cols):
            for r in range(side.rows):
                kind = side.kind((c, r))
                if kind is None:
                    continue
                water = side.water_at((c, r))
                cells.append({"cell": [c, r], "kind": kind.value,
                              "printed": side.printed_at((c, r)),
                              "water": water.id if water else None})
        sides.append({
            "id": side.id, "name": side.name, "players": list(side.players),
            "cols": side.cols, "rows": side.rows, "cells": cells,
            "waters": [{"id": w.id, "name": w.name, "cells": sorted(list(x) for x in w.cells)}
                       for w in side.waters],
            "patrol": list(side.patrol)})
    tiles = {t.id: {
        "name": t.name, "stack": t.stack.value if t.stack else None,
        "lands": [land.value for land in t.lands],
        "locations": [{"id": loc.id, "kind": loc.kind.value, "land": loc.land.value,
                       "label": loc.label, "exit": loc.exit} for loc in t.locations],
        "icons": sorted(i.value for i in t.icons)} for t in ALL_TILES}
    pieces = BOARD.pieces
    return {
        "sides": sides, "tiles": tiles, "cells": [list(c) for c in CELLS], "nodes": list(NODES),
        "businesses": {b.id: {"name": b.name, "group": b.group} for b in pieces.businesses},
        "safe_houses": {s.id: {"name": s.name} for s in pieces.safe_houses},
        "patrol_cards": {p.id: {"exits": list(p.spaces)} for p in pieces.patrol},
        "contacts": {c.id: {"name": c.name, "kind": c.kind.value, "cost": c.cost,
                            "star": c.star, "text": _text(c.effects)} for c in CARDS.contacts},
        "fixers": {f.id: {"name": f.name, "price": f.price, "text": _text(f.effects)}
                   for f in CARDS.fixers},
        "assets": {a.id: {"name": a.name, "start": a.start.value, "text": _text(a.effects)}
                   for a in CARDS.assets},
        "equipment": {e.id: {"name": e.name, "kind": e.kind.value, "price": e.price,
                             "text": _text(e.effects)} for e in CARDS.equipment},
        "plans": {p.id: {"income": list(p.income)} for p in CARDS.plans},
        "notoriety": {"top": PB.notoriety.top, "start": PB.notoriety.start,
                      "penalty": list(PB.notoriety.penalty)},
    }
