"""What a seat sees: everything on the table, never the order of a pile or a stack.

The game is cooperative with no private information between seats, so every
seat's view is the spectator's plus ``seat``; face-down item tiles show only
that a tile is there, and the street pile, item stacks and zombie deck only
their sizes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city import words as W
from getaway.games.zombie_city.content import CONTENT, Building

if TYPE_CHECKING:
    from getaway.games.zombie_city.state import ZombieCityState


def view(s: ZombieCityState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``seat`` (None: a spectator)."""
    from getaway.games.zombie_city.tables import AT_CHURCH, CODE_NAME, IN_BAG, ITEMS, PIECE_KINDS

    board = [{"section": A.SECTION_IDS[sec], "x": x, "y": y, "turns": t,
              "streets": sorted(e.value for e in s.streets(sec)),
              "item_tile": sec in s.tiles}
             for sec, (x, y, t) in sorted(s.placed.items())]
    zombies = [{"piece": z, "name": W.zombie_name(z), "kind": PIECE_KINDS[z].id,
                "colour": PIECE_KINDS[z].colour.value,
                "section": A.SECTION_IDS[loc], "hits": list(s.zhit[z])}
               for z, loc in enumerate(s.zloc) if loc >= 0]
    players = [{"seat": p, "colour": W.SEAT_COLOURS[p], "dice": [CODE_NAME[v] for v in s.dice[p]],
                "section": A.SECTION_IDS[s.pos[p]] if s.phase == 1 else None,
                "item": ITEMS[s.held[p]].id if s.held[p] >= 0 else None,
                "bites": [CONTENT.bites[b].id for b in s.bites[p]],
                "drove": s.drove[p]} for p in range(s.players)]
    return {
        "seat": seat, "clock": s.clk.now, "paused": s.paused, "countdown": s.countdown,
        "phase": s.phase, "scenario": s.scenario, "need": s.need,
        "church_limit": s.church_limit, "board": board, "zombies": zombies,
        "players": players,
        "cargo": [ITEMS[i].id for i, have in enumerate(s.cargo) if have],
        "street_pile": len(s.street_pile),
        "street_pile_a": sum(CONTENT.sections[i].stack.value == "A" for i in s.street_pile),
        "item_stacks": {k: len(v) for k, v in sorted(s.stacks.items())},
        "zombie_deck": len(s.deck), "zombie_cards_used": len(s.used_cards),
        "bag": sum(loc == IN_BAG for loc in s.zloc),
        "at_church": sum(loc == AT_CHURCH for loc in s.zloc),
        "exit_revealed": s.exit_revealed,
        "van": A.SECTION_IDS[s.van] if s.van >= 0 else None,
        "drive_target": A.SECTION_IDS[s.drive_target] if s.drive_target >= 0 else None,
        "pending": s.pending(),
        "outcome": s.outcome().to_json() if s.is_over() else None,  # type: ignore[union-attr]
    }


def assets() -> dict[str, Any]:
    """What never changes: every section as printed, zombies, items, bites, the timeline
    (clock seconds of each mark, pauses included) and what each countdown does, with the
    game's words for them (a section's ``title`` on the map, a bite's ``effect``, what
    happens at each mark, what each countdown asks of the survivors)."""
    from getaway.games.zombie_city.tables import TIMELINE

    return {
        "sections": [{"id": sec.id, "kind": sec.kind.value, "name": sec.name,
                      "title": W.section_title(i),
                      "streets": sorted(e.value for e in sec.streets),
                      "skull": sec.skull.value if sec.skull else None,
                      "entry": [i.value for i in sec.entry], "piles": sec.piles,
                      "search": [i.value for i in sec.search]}
                     for i, sec in enumerate(CONTENT.sections)],
        "zombies": [{"id": z.id, "name": z.name, "colour": z.colour.value,
                     "defeat": [i.value for i in z.defeat]} for z in CONTENT.zombies],
        "items": [{"id": i.id, "name": i.name, "building": i.building.value}
                  for i in CONTENT.items],
        "buildings": [{"id": b.value, "name": W.building_name(b)} for b in Building],
        "bites": [{"id": b.id, "name": b.name, "shed": [i.value for i in b.shed],
                   "handicap": b.handicap.value, "amount": b.amount,
                   "effect": W.handicap_words(b)} for b in CONTENT.bites],
        "timeline": [[t, tag] for t, tag in TIMELINE.marks],
        "marks": {tag: W.mark_words(tag) for _, tag in TIMELINE.marks},
        "countdowns": [{"number": c.number, "gongs": c.gongs, "absent_loses": c.absent_loses,
                        "van_away_loses": c.van_away_loses, "pause_after": c.pause_after,
                        "ends_game": c.ends_game, "goal": W.countdown_goal(c.number, False),
                        "van_goal": W.countdown_goal(c.number, True)}
                       for c in CONTENT.clock.countdowns],
        "pause_seconds": CONTENT.clock.pause_seconds,
    }
