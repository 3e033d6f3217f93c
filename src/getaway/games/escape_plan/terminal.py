"""Escape Plan in the terminal: the City grid, the supplies, the Notoriety track, the crooks.

``render(view)`` draws one seat's view (never anything the view leaves out):
the round, turn and pending decision; the City as a grid of cells (each laid
tile's name, its Land edges N/E/S/W, its Locations by short name, its Police
officers by colour, the pawns of the players and Sandra, Gang control and
blocked Exits); the tiles to lay, the Contact display, the supply stacks; the
Notoriety track with every seat and the thresholds; every seat's public board;
and for the seat at the keyboard its money, Escape Plan card and face-up tiles.

``menu_label`` names every action in words, ``menu_path`` groups long lists
(Move ▸ step/fly ▸ where, Executive ▸ card/item/asset ▸ …, Visit ▸ …,
Lay a tile ▸ tile ▸ slot ▸ turn), ``menu_order`` keeps a fixed order. An action
of a kind (or a ``what``) these do not know is listed under its own label.

``event_text`` spells the game's events in English from their data ("Seat 2 visits
the Bank and takes a White cube", "A red officer moves to Market Row", "A Patrol card
for Exits 1 and 3 is revealed: the Patrol blocks Exit 3", "Seat 1 escapes from the
city through Exit 4, the 2nd out, paying $5"). The terminal only ever passes it events
the seat may see; a public event is still spelled without secrets (a Locker or Exit
tile by its colour, never its id or value; no Escape Plan card; only amounts paid in
the open). The tiles a seat drew and has not kept yet are shown to it by their faces
(the header and the keep menu: "keep the black Locker: needs 2, $8"), to the others by
colour and count.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.games.escape_plan.board import Side, Tile
from getaway.games.escape_plan.model import Edge, LocationKind
from getaway.games.escape_plan.tables import (
    BOARD,
    CARDS,
    CELLS,
    EQUIP,
    EXIT_TILE,
    LOC,
    LOC_TILE,
    LOCKER,
    NODES,
    PATROL,
    PB,
    PLAN_IDS,
    TILE,
    WATERS,
)

SEAT_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue")
POLICE_STYLE = {"red": "bold red", "blue": "bold blue", "black": "bold white on grey23"}
LAND_SHORT = {"downtown": "dt", "docks": "dk", "residential": "res", "park": "pk"}
SIMPLE_WORDS = {
    "rest": "Rest (skip moving)", "move": "Move", "end_move": "end the move here",
    "take_wounds": "take the Wounds", "first_aid": "use First Aid",
    "gas_token": "spend a Gas Can", "gang_member": "spend a Gang Member",
    "join": "join this round", "sit_out": "sit this round out", "pay_fee": "pay the $1 fee",
    "arrested": "be arrested", "place_contact": "place the Contact card on the board",
    "discard_contact": "discard the Contact card", "decline": "decline",
    "end_turn": "end the turn",
}
VISIT_WORDS = {
    "gas": "take a Gas Can", "pay_notoriety": "pay to lower Notoriety",
    "unlock": "unlock an Asset", "heal": "heal", "fixer": "buy the Fixer tile",
    "hire_gang": "hire the Gang", "income": "collect Income", "exit_tile": "take an Exit tile",
    "escape": "ESCAPE", "key": "take a Key", "master_key": "use the Master Key",
    "done": "done visiting",
}
FLY_WORDS = {"heliport": "fly from the Heliport", "helipad": "fly from the Helipad",
             "card": "fly by card", "sewer": "through the Sewer"}
SOURCE_WORDS = {"contact": "Contact card", "item": "Item", "asset": "Asset", "gang": "Gang Member"}
DECISION_WORDS = {
    "PlaceTile": "lay a City tile", "Join": "join the round or sit out",
    "TurnStart": "start of the turn", "Fee": "pay the fee", "ActionChoice": "Rest or Move",
    "MoveFrame": "moving", "PickWater": "choose a Water area", "AvoidStep": "avoid officers",
    "AvoidChoice": "avoid officers or take Wounds", "VisitStart": "visit",
    "Menu": "visit the Location", "KeyGate": "open the gate with Keys",
    "KeepTile": "keep one tile", "Escaped": "escape", "EndTurn": "end of the turn",
    "UnlockFrame": "unlock an Asset", "GainContact": "take a Contact card",
    "PlaceContact": "place or discard the Contact card", "MakeRoom": "make room",
    "MovePolice": "move an officer", "RemovePolice": "remove an officer",
    "GroupBonus": "group bonus", "IncomeUnlock": "unlock an Asset (Income phase)",
    "NotorietyUpdate": "Notoriety update", "TowardsYou": "an officer comes towards you",
    "Reward": "threshold reward",
}
KIND_ORDER = ("simple", "go", "fly", "visit", "buy_equipment", "open_locker", "pick", "place",
              "unlock", "bonus", "officer", "cell", "avoid", "use")


# -- names --------------------------------------------------------------------------

def seat_style(seat: int) -> str:
    """The colour of a seat's pawn and rows."""
    return SEAT_STYLE[seat % len(SEAT_STYLE)]


def side_of(v: dict[str, Any]) -> Side:
    """The board side of the view."""
    return BOARD.side(str(v["side"]))


def cell_name(cell: tuple[int, int] | list[int]) -> str:
    """``c1r0``."""
    return f"c{cell[0]}r{cell[1]}"


def loc_short(loc_id: str, v: dict[str, Any] | None = None) -> str:
    """A Location by short name: ``Bus Casino``, ``SH Motel``, ``Store A``, ``Exit 2``."""
    loc = LOC.get(loc_id)
    if loc is None:
        return loc_id
    k = loc.kind
    on = (v or {}).get("businesses", {}).get(loc_id)
    if k is LocationKind.BUSINESS:
        return "Bus " + (BOARD.pieces.business(on).name if on else "(empty)")
    if k is LocationKind.SAFE_HOUSE:
        return "SH " + (BOARD.pieces.safe_house(on).name if on else "(empty)")
    if k is LocationKind.STORE:
        return f"Store {loc.store.value if loc.store else '?'}"
    if k is LocationKind.EXIT:
        return f"Exit {loc.exit}"
    return {"church": "Church", "gang": "Gang", "clinic": "Clinic", "hospital": "Hospital",
            "heliport": "Heliport", "subway": "Subway"}.get(k.value, k.value)


def place_name(at: str, v: dict[str, Any] | None = None) -> str:
    """A movement node (without its ``L:``/``A:``/``W:`` prefix) in words."""
    if at in LOC:
        return f"{loc_short(at, v)} ({cell_name(_tile_cell(LOC_TILE[at], v))})" if v else \
            loc_short(at)
    parts = at.split(":")
    if len(parts) == 3:
        return f"{parts[2]} area of c{parts[0]}r{parts[1]}"
    water = next((w for s in BOARD.sides for w in s.waters if w.id == at), None)
    return water.name if water else at


def _tile_cell(tile_id: str, v: dict[str, Any] | None) -> tuple[int, int]:
    if v is not None:
        for cell, t, _ in v["city"]:
            if t == tile_id:
                return (int(cell[0]), int(cell[1]))
        c = side_of(v).cell_of(tile_id)
        if c is not None:
            return c
    return (-1, -1)


def node_name(node: int, v: dict[str, Any]) -> str:
    """A movement node by index, in words."""
    return place_name(NODES[node][2:], v)


def card_name(ident: str) -> str:
    """A Contact card by name."""
    try:
        return CARDS.contact(ident).name
    except (KeyError, ValueError, StopIteration):
        return ident


def slot_name(slot: str, mine: bool = True) -> str:
    """A board slot's content: ``C:``/``F:``/``A:``/``E:``/``L:``/``T:`` + id, ``X``, ``""``."""
    if not slot:
        return "-"
    if slot == "X":
        return "cuffed"
    kind, ident = slot[:2], slot[2:]
    try:
        if kind == "C:":
            return card_name(ident)
        if kind == "F:":
            return "Fixer " + CARDS.fixer(ident).name
        if kind == "A:":
            return CARDS.asset(ident).name
        if kind == "E:":
            return EQUIP[ident].name
        if kind == "L:":
            if ident in LOCKER:
                t = LOCKER[ident]
                return f"{t.colour.value} Locker ${t.value}" if mine else \
                    f"{t.colour.value} Locker"
            colour, need = ([*ident.split(":"), ""])[:2]
            return f"{colour} Locker (need {need})"
        if kind == "T:":
            if ident in EXIT_TILE:
                e = EXIT_TILE[ident]
                return f"{e.colour.value} Exit tile ${e.value}" if mine else \
                    f"{e.colour.value} Exit tile"
            return f"{ident} Exit tile"
    except (KeyError, ValueError, StopIteration):
        pass
    return slot


def asset_name(ident: str) -> str:
    try:
        return CARDS.asset(ident).name
    except (KeyError, ValueError, StopIteration):
        return ident


# -- the City ------------------------------------------------------------------------

def _laid(v: dict[str, Any]) -> dict[tuple[int, int], tuple[Tile, int]]:
    side = side_of(v)
    out: dict[tuple[int, int], tuple[Tile, int]] = {}
    for cell, tile_id in side.printed:
        out[cell] = (TILE[tile_id], 0)
    for cell, tile_id, turn in v["city"]:
        out[(int(cell[0]), int(cell[1]))] = (TILE[tile_id], int(turn))
    return out


def _pawns(v: dict[str, Any]) -> dict[tuple[int, int], list[tuple[str, str]]]:
    """Who stands on each cell: (letter, style); players by seat number, Sandra ``S``."""
    out: dict[tuple[int, int], list[tuple[str, str]]] = {}
    who = [(str(i), p["at"], seat_style(i)) for i, p in enumerate(v["players"])
           if not p["escaped"] and not p["arrested"]]
    if v.get("sandra"):
        who.append(("S", v["sandra"]["at"], "bold white on dark_red"))
    for tag, at, style in who:
        if at in LOC:
            cell = _tile_cell(LOC_TILE[at], v)
        else:
            parts = at.split(":")
            if len(parts) != 3:
                continue
            cell = (int(parts[0]), int(parts[1]))
        out.setdefault(cell, []).append((tag, style))
    return out


def _cell_text(v: dict[str, Any], tile: Tile, turn: int,
               pawns: list[tuple[str, str]]) -> Text:
    t = Text(no_wrap=False)
    t.append(tile.name, "bold")
    if turn:
        t.append(f" ↻{turn}", "dim")
    t.append("\n")
    edges = [tile.land(e, turn) for e in (Edge.N, Edge.E, Edge.S, Edge.W)]
    t.append("/".join(LAND_SHORT.get(x.value, x.value) for x in edges), "green")
    t.append("\n")
    blocked = set(v["patrol"]["blocked"])
    for loc in tile.locations:
        name = loc_short(loc.id, v)
        style = ""
        if loc.kind is LocationKind.EXIT and loc.exit in blocked:
            name += " BLOCKED"
            style = "bold red"
        if loc.kind is LocationKind.GANG:
            g = v["gangs"].get(loc.id)
            if g:
                name += f" {g[0]}m" + (f" seat {g[1] - 1}" if g[1] else "")
        t.append(name, style)
        t.append("\n")
    cops = v["police"].get(tile.id, [])
    for c in cops:
        t.append("●", POLICE_STYLE.get(c, ""))
        t.append(c[:3] + " ")
    if pawns:
        for tag, style in pawns:
            t.append(f"[{tag}]", style)
    return t


def city_table(v: dict[str, Any]) -> Table:
    """The grid of the board side: tiles, Locations, officers, pawns."""
    side = side_of(v)
    laid = _laid(v)
    pawns = _pawns(v)
    table = Table(title=escape(f"The City: {side.name} (edges N/E/S/W; [n] seat n, [S] Sandra; "
                               "police red/blu/bla)"),
                  show_lines=True, padding=(0, 1))
    table.add_column("")
    for c in range(side.cols):
        table.add_column(f"c{c}", min_width=12, max_width=18)
    for r in range(side.rows):
        row: list[RenderableType] = [f"r{r}"]
        for c in range(side.cols):
            cell = (c, r)
            if cell in laid:
                tile, turn = laid[cell]
                row.append(_cell_text(v, tile, turn, pawns.get(cell, [])))
            else:
                kind = side.kind(cell)
                water = side.water_at(cell)
                if water is not None:
                    row.append(Text(f"~ {water.name} ~", "blue"))
                elif kind is None:
                    row.append(Text(""))
                else:
                    row.append(Text("(empty slot)", "dim"))
        table.add_row(*row)
    return table


# -- the rest of the table -----------------------------------------------------------

def header(v: dict[str, Any]) -> Text:
    seat = v["seat"]
    who = "spectator" if seat is None else f"you are seat {seat}"
    t = Text(f"ESCAPE PLAN  round {min(v['round'], 3)} of 3, turn {v['turn']}  ({who})", "bold")
    p = v.get("pending")
    if p:
        t.append(f"\nNow: {DECISION_WORDS.get(p['decision'], p['decision'])} -- seat(s) "
                 f"{', '.join(str(s) for s in p['seats'])}", "yellow")
    drawn = drawn_text(v)
    if drawn:
        t.append(f"\n{drawn}", "bold yellow")
    inc = v.get("incoming")
    if inc and inc.get("seat") == v["seat"]:
        t.append(f"\nNo free Item space for {slot_name(str(inc['item']))}", "yellow")
    order = ", ".join(str(x) for x in v["order"])
    t.append(f"\nTurn order: {order}", "dim")
    m = v.get("move")
    if m:
        t.append(f"\nMove under way: {m[1]} MP left, {m[3]} steps, "
                 f"{len(m[2])} tile(s) left behind", "dim")
    return t


def supplies(v: dict[str, Any]) -> Table:
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold")
    t.add_column()
    lay = []
    for i, s in enumerate(v["stacks"]):
        if s["top"]:
            lay.append(f"{'ABCD'[i]}: {TILE[s['top']].name} ({s['left']} in stack)")
    t.add_row("Tiles to lay", "; ".join(lay) or "none")
    disp = [f"{i + 1}. {card_name(c)}" for i, c in enumerate(v["contacts"]["display"])]
    t.add_row("Contact display", "  ".join(disp) or "empty")
    t.add_row("", f"deck {v['contacts']['deck']}, discard {len(v['contacts']['discard'])}")
    fx = v["fixers"]
    t.add_row("Fixers", (f"top {CARDS.fixer(fx['top']).name}" if fx["top"] else "none")
              + f" ({fx['left']} left)")
    lock = [f"{k} need {x['need']} ({x['left']} left)" for k, x in v["lockers"].items()]
    t.add_row("Lockers", "; ".join(lock))
    t.add_row("Equipment", ", ".join(f"{EQUIP[k].name} {n}" for k, n in v["equipment"].items()))
    t.add_row("Exit stacks", ", ".join(f"{k} {n}" for k, n in v["exit_stacks"].items())
              + "".join(f"; {k} stack on Exit {e}" for e, k in v["patrol"]["exit_stacks_on"]))
    keys = [f"{BOARD.pieces.safe_house(h).name}: {', '.join(k) or '-'}"
            for h, k in v["keys"].items()]
    t.add_row("Keys", "; ".join(keys))
    blocked = ", ".join(str(e) for e in v["patrol"]["blocked"]) or "none"
    spaces = ", ".join(f"Exit {e} {'█' * n}" for e, n in v["patrol"]["spaces"]) or "none"
    t.add_row("Patrols", f"cards laid: {spaces}; blocked Exits: {blocked}; "
              f"deck {v['patrol']['deck']}")
    t.add_row("Supply", f"Gas Cans {v['gas_supply']}, Gang Members {v['gang_supply']}, "
              f"police bag {v['bag']}")
    if v.get("sandra"):
        s = v["sandra"]
        t.add_row("Sandra", f"at {place_name(s['at'], v)}, Notoriety {s['notoriety']}, "
                  f"discs {s['discs']}, deck {s['deck']}")
    return t


def notoriety(v: dict[str, Any]) -> Text:
    nt = PB.notoriety
    marks = {t.at: t for t in nt.thresholds}
    who: dict[int, list[tuple[str, str]]] = {}
    for i, p in enumerate(v["players"]):
        who.setdefault(int(p["notoriety"]), []).append((str(i), seat_style(i)))
    if v.get("sandra"):
        who.setdefault(int(v["sandra"]["notoriety"]), []).append(("S", "bold red"))
    t = Text("Notoriety: ", "bold")
    for pos in range(nt.top + 1):
        t.append(f"*{pos}" if pos in marks else f"{pos}", "bold red" if pos in marks else "dim")
        for tag, style in who.get(pos, []):
            t.append(f"[{tag}]", style)
        t.append(" ")
    t.append("\nThresholds (*): " + "; ".join(
        f"{x.at}: unlock {x.unlocks}" + (f", {x.discs} disc(s)" if x.discs else "")
        for x in nt.thresholds), "dim")
    return t


def seat_board(v: dict[str, Any], i: int) -> Text:
    """One seat's public board (and nothing behind its screen)."""
    p = v["players"][i]
    mine = i == v["seat"]
    t = Text()
    t.append(f"Seat {i} ({p['colour']})" + (" -- you" if mine else ""), seat_style(i))
    status = ("ESCAPED" if p["escaped"] else "ARRESTED" if p["arrested"]
              else "at " + place_name(p["at"], v))
    t.append(f"  {status}" + (", rested" if p["rested"] else "") + "\n")
    t.append(f"  Notoriety {p['notoriety']}, Wounds {p['wounds']}, Handcuffs {p['handcuffs']}"
             + (", First Aid ready" if p["first_aid"] else "")
             + f", Gas {p['gas']}, Gang Members {p['gang_members']}, "
             f"Extra Action discs {p['discs']}\n")
    t.append(f"  Income track: ${p['income']} ({p['income_cubes_taken']} cubes taken; "
             f"White hex {p['white_hex']}, Red hex {p['red_hex']}, "
             f"Income hex {p['income_hex']})\n")
    visited = ", ".join(_visited(x) for x in p["visited"]) or "none"
    t.append(f"  Visited: {visited}\n")
    assets = [asset_name(a) + (" (flipped)" if u else "")
              for a, u in zip(p["assets"], p["used_assets"], strict=False) if a]
    locked = [slot_name(x) for x in [*p["contacts"], *p["items"]] if x.startswith("A:")]
    t.append("  Assets unlocked: " + (", ".join(assets) or "none")
             + "; locked: " + (", ".join(locked) or "none") + "\n")
    cards = [slot_name(x) + (" (used)" if u else "")
             for x, u in zip(p["contacts"], p["used_contacts"], strict=False)
             if x.startswith("C:")]
    t.append("  Contacts on the board: " + (", ".join(cards) or "none") + "\n")
    items = [slot_name(x, mine) + (" (used)" if u else "")
             for x, u in zip(p["items"], p["used_items"], strict=False)
             if x and x != "X" and not x.startswith("A:")]
    t.append("  Items: " + (", ".join(items) or "none"))
    if p["gang_markers"]:
        t.append(f"\n  Gang markers: {', '.join(str(g) for g in p['gang_markers'])}")
    return t


def players_panel(v: dict[str, Any]) -> Panel:
    """Every seat's public board."""
    return Panel(Group(*(seat_board(v, i) for i in range(len(v["players"])))),
                 title="The crooks", border_style="dim")


def _visited(x: str) -> str:
    try:
        if x.startswith("business"):
            return BOARD.pieces.business(x).name
        if x.startswith("safe-house"):
            return BOARD.pieces.safe_house(x).name
    except (KeyError, ValueError, StopIteration):
        pass
    return x


def private(v: dict[str, Any]) -> Panel | None:
    seat = v["seat"]
    if seat is None:
        return None
    p = v["players"][seat]
    t = Text()
    t.append(f"Money ${p.get('money', '?')}\n", "bold green")
    plan = p.get("plan")
    if plan:
        income = CARDS.plan(plan).income
        t.append("Escape Plan: Income symbol on " + ", ".join(_visited(x) for x in income) + "\n")
    tiles = [slot_name(s) for s in p["items"] if s[:2] in ("L:", "T:")]
    t.append("Locker/Exit tiles: " + (", ".join(tiles) or "none") + "\n")
    keys = ", ".join(p["keys"]) or "none"
    t.append(f"Keys: {keys}")
    return Panel(t, title=f"Behind your screen (seat {seat})", border_style=seat_style(seat))


def render(v: dict[str, Any]) -> RenderableType:
    """The terminal drawing of one seat's view."""
    parts: list[RenderableType] = [header(v), city_table(v), supplies(v), notoriety(v),
                                   players_panel(v)]
    mine = private(v)
    if mine is not None:
        parts.append(mine)
    if v.get("outcome"):
        o = v["outcome"]
        scores = ", ".join(f"seat {i} ${x:g}" for i, x in enumerate(o.get("scores", [])))
        winners = ", ".join(f"seat {w}" for w in o.get("winners", [])) or "nobody"
        parts.append(Panel(Text(f"Winner(s): {winners}\nScores: {scores}\n"
                                f"{o.get('detail') or o.get('reason', '')}"),
                           title="Game over", border_style="bold"))
    return Group(*parts)


# -- events --------------------------------------------------------------------------

PIECE_NAMES = {**{b.id: b.name for b in BOARD.pieces.businesses},
               **{h.id: h.name for h in BOARD.pieces.safe_houses}}
PLACE_WORDS = {"church": "the Church", "clinic": "the Clinic", "hospital": "the Hospital",
               "gang": "the Gang", "heliport": "the Heliport", "subway": "the Subway station"}
CUBE_WORDS = {"white": "a White cube", "red": "a Red cube", "income": "an Income cube"}


def _who(e: Event) -> str:
    """``Seat 2`` from the event's ``seat`` (or its text), else ``A player``."""
    seat = e.data.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        return f"Seat {seat}"
    m = re.match(r"\s*seat (\d+)", e.text)
    return f"Seat {m.group(1)}" if m else "A player"


def _exits(numbers: Any) -> str:
    """``Exit 3``, ``Exits 1 and 3``."""
    nums = [str(n) for n in numbers]
    if len(nums) == 1:
        return f"Exit {nums[0]}"
    return f"Exits {', '.join(nums[:-1])} and {nums[-1]}"


def _location_words(loc_id: str, piece: Any = None) -> str:
    """A Location in words without a view: ``the Bank`` (when the tile on it is known),
    ``the Business on Market Row``, ``Store B``, ``Exit 2``, ``the Church``."""
    if isinstance(piece, str) and piece in PIECE_NAMES:
        return f"the {PIECE_NAMES[piece]}"
    loc = LOC.get(loc_id)
    if loc is None:
        return _words(loc_id, False)
    tile = TILE[LOC_TILE[loc_id]].name
    k = loc.kind
    if k is LocationKind.BUSINESS:
        return f"the Business on {tile}"
    if k is LocationKind.SAFE_HOUSE:
        return f"the Safe House on {tile}"
    if k in (LocationKind.STORE, LocationKind.EXIT):
        return loc_short(loc_id)
    words = PLACE_WORDS.get(k.value, f"the {k.value.replace('_', ' ')}")
    return words if k.value in ("church", "clinic", "hospital") else f"{words} on {tile}"


def _secret_words(ident: str, private: bool) -> str | None:
    """A face-down tile or an Escape Plan card: by colour only unless ``private``."""
    if ident in LOCKER:
        t = LOCKER[ident]
        return f"a {t.colour.value} Locker tile" + (f" (${t.value})" if private else "")
    if ident in EXIT_TILE:
        x = EXIT_TILE[ident]
        return f"a {x.colour.value} Exit tile" + (f" (${x.value})" if private else "")
    if ident in PLAN_IDS:
        if not private:
            return "an Escape Plan card"
        names = ", ".join(PIECE_NAMES.get(i, i) for i in CARDS.plan(ident).income)
        return f"the Escape Plan card (Income on {names})"
    return None


def _public_names() -> dict[str, str]:
    """Every distinctive id (with a hyphen or a digit) the engine may write in an event
    text, by its name; face-down tiles and plans are left to ``_secret_words``."""
    out: dict[str, str] = {}

    def add(ident: str, name: str) -> None:
        if "-" in ident or any(ch.isdigit() for ch in ident):
            out[ident] = name

    for t in TILE.values():
        add(t.id, t.name)
    for loc_id in LOC:
        add(loc_id, _location_words(loc_id))
    for ident, name in PIECE_NAMES.items():
        add(ident, f"the {name}")
    for pid, card in PATROL.items():
        add(pid, f"the Patrol card for {_exits(card.spaces)}")
    for a in CARDS.assets:
        add(a.id, f"the {a.name} Asset")
    for c in CARDS.contacts:
        add(c.id, f"the {c.name} Contact card")
    for f in CARDS.fixers:
        add(f.id, f"the {f.name} Fixer")
    for eq in CARDS.equipment:
        add(eq.id, eq.name)
    return out


_NAMES: dict[str, str] = _public_names()
_SECRETS = (*LOCKER, *EXIT_TILE, *PLAN_IDS)
_ID = re.compile("(?<![\\w-])(" + "|".join(
    re.escape(i) for i in sorted({*_SECRETS, *_NAMES}, key=len, reverse=True))
    + ")(?![\\w-])")


def _words(text: str, private: bool) -> str:
    """An engine text with every id replaced by its name (face-down tiles by colour)."""

    def name(m: re.Match[str]) -> str:
        ident = m.group(1)
        secret = _secret_words(ident, private)
        return secret if secret is not None else _NAMES.get(ident, ident)

    return _ID.sub(name, text)


def _found(pattern: str, text: str) -> str | None:
    m = re.search(pattern, text)
    return m.group(1) if m else None


def _int(x: Any) -> int | None:
    """An int field of an event (never a bool), else None."""
    return x if isinstance(x, int) and not isinstance(x, bool) else None


def _dollars(x: Any, prefix: str = " for ") -> str:
    """`` for $3`` for a positive amount paid in the open, else nothing."""
    n = _int(x)
    return f"{prefix}${n}" if n else ""


def _face_down(item: Any) -> str:
    """A public Item-row tile (``L:<colour>:<need>``, ``T:<colour>``, or a face-up tile)."""
    if not isinstance(item, str) or not item:
        return "a tile"
    if item[:2] in ("L:", "T:") and item[2:] not in LOCKER and item[2:] not in EXIT_TILE:
        parts = item[2:].split(":")
        if item[0] == "L":
            need = f" (needs {parts[1]})" if len(parts) > 1 and parts[1] else ""
            return f"a {parts[0]} Locker tile{need}"
        return f"a {parts[0]} Exit tile"
    if item[:2] in ("L:", "T:"):        # an id in a public field: by colour only
        return _secret_words(item[2:], False) or "a tile"
    name = slot_name(item)
    return f"the {name}" if item[:2] in ("F:", "E:") else name


def _tile_kind(d: dict[str, Any]) -> str:
    return "Locker" if d.get("kind") == "locker" else "Exit"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _visit_words(e: Event, who: str) -> str | None:
    d = e.data
    piece = d.get("tile", _found(r"visits (\S+)", e.text))
    loc = d.get("location")
    if not isinstance(piece, str) and not isinstance(loc, str):
        return None
    where = (f"the {PIECE_NAMES[piece]}" if isinstance(piece, str) and piece in PIECE_NAMES
             else _location_words(str(loc or piece), piece))
    out = f"{who} visits {where}"
    if d.get("opened_with"):
        out += " (Closed: opened with " + (
            "the Master Key)" if d["opened_with"] == "master_key" else "a Key)")
    if d.get("blocked") is True:
        out += " (blocked)"
    got: list[str] = []
    cube = CUBE_WORDS.get(str(d.get("cube", "")).lower())
    if cube:
        got.append(cube + (f" (Income ${d['income']})" if _int(d.get("income")) else ""))
    if isinstance(d.get("key"), str):
        got.append(f"a {d['key']} Key")
    if got:
        out += " and takes " + " and ".join(got)
    return out


def _sandra_words(e: Event) -> str | None:
    d = e.data
    loc = d.get("location", _found(r"visits (\S+)", e.text))
    if not loc:
        return "Sandra stays where she is" if "location" in d else None
    out = f"Sandra visits {_location_words(str(loc), d.get('tile'))}"
    did: list[str] = []
    cards = d.get("display_discarded")
    if isinstance(cards, list) and cards:
        did.append("discards " + " and ".join(f"the {card_name(str(c))}" for c in cards)
                   + " from the display")
    lockers = d.get("lockers_discarded")
    if isinstance(lockers, list) and lockers:
        colours = [f"a {c}" for c in lockers]
        listed = ", ".join(colours[:-1]) + " and " if len(colours) > 1 else ""
        did.append(f"discards {listed}{colours[-1]} Locker tile")
    if isinstance(d.get("exit_tile_discarded"), str):
        did.append(f"discards a {d['exit_tile_discarded']} Exit tile")
    if d.get("fixer_discarded"):
        did.append("discards a Fixer tile")
    if isinstance(d.get("key"), str):
        did.append(f"takes a {d['key']} Key")
    if did:
        out += "; she " + ", ".join(did)
    return out


def _event_words(e: Event) -> str | None:
    """The known kinds in English, or None to fall back on the engine's own text."""
    d, k, who = e.data, e.kind, _who(e)
    private = e.seats is not None
    if k == "round":
        r = d.get("round", _found(r"round (\d+)", e.text))
        return f"Round {r} of 3 begins" if r is not None else None
    if k == "patrol":
        card = PATROL.get(str(d.get("card", _found(r"patrol card (\S+)", e.text))))
        if card is None:
            return None
        out = f"A Patrol card for {_exits(card.spaces)} is revealed"
        blocked = d.get("blocked")
        if isinstance(blocked, list) and blocked:
            out += f": the Patrol blocks {_exits(blocked)}"
        stacks = d.get("exit_stacks")
        if isinstance(stacks, dict) and stacks:
            out += "; " + ", ".join(f"the {c} Exit tiles go on Exit {n}"
                                    for n, c in sorted(stacks.items()))
        return out
    if k == "city":
        tile = d.get("tile")
        cell = d.get("cell")
        if isinstance(tile, str) and tile in PIECE_NAMES:   # a Business / Safe House tile
            loc = d.get("location", _found(r" on (\S+)$", e.text))
            where = f" on {TILE[LOC_TILE[loc]].name}" if loc in LOC_TILE else ""
            if d.get("auto"):
                return f"The {PIECE_NAMES[tile]} goes{where}"
            return f"{who} puts the {PIECE_NAMES[tile]}{where}"
        if isinstance(tile, str) and tile in TILE:
            where = f" on {cell_name(cell)}" if isinstance(cell, (list, tuple)) and \
                len(cell) == 2 else ""
            return f"{who} lays {TILE[tile].name}{where}"
        return f"{who} lays a City tile"
    if k == "rest":
        return f"{who} rests"
    if k == "unlock":
        asset = d.get("asset", _found(r"unlocks (\S+)", e.text))
        return f"{who} unlocks the {asset_name(str(asset))} Asset" if asset else None
    if k == "police":
        colour = d.get("colour", _found(r"an? (\w+) officer", e.text))
        dst = d.get("tile", _found(r"moves to (\S+)", e.text))
        if not colour or not dst:
            return None
        where = TILE[dst].name if dst in TILE else _words(str(dst), private)
        return f"A {colour} officer moves to {where}"
    if k == "police_removed":
        dst = d.get("tile")
        where = TILE[dst].name if isinstance(dst, str) and dst in TILE else "the City"
        return f"{who} has the {d.get('colour', '')} officer on {where} removed from the game"
    if k == "wounds":
        n = _int(d.get("wounds"))
        if n is None:
            return None
        return f"{who} now has {n} Wound{'' if n == 1 else 's'}"
    if k == "visit":
        return _visit_words(e, who)
    if k == "move":
        dest = d.get("to")
        if not isinstance(dest, str):
            return None
        return f"{who} moves to {_location_words(dest)}"
    if k == "income":
        where = f" at {_location_words(str(d['location']))}" if d.get("location") else ""
        amount = _int(d.get("amount"))
        return f"{who} collects{'' if amount is None else f' ${amount}'} Income{where}"
    if k == "locker":
        n = _int(d.get("count")) or 0
        how = "the Master Key" if d.get("master") else "a Key"
        return (f"{who} opens a {d.get('colour', '')} Locker with {how} and draws {n} "
                f"tile{'' if n == 1 else 's'}")
    if k == "exit_tile":
        n = _int(d.get("count")) or 0
        at = f" at Exit {d['exit']}" if _int(d.get("exit")) else ""
        return f"{who} draws {n} {d.get('colour', '')} Exit tile{'' if n == 1 else 's'}{at}"
    if k in ("keep", "keep_face") and not isinstance(d.get("colour"), str):
        return None          # the engine's text, face-down ids by colour only
    if k == "keep":
        return f"{who} keeps {_face_down(d.get('item'))}" if d.get("item") else \
            f"{who} keeps a {d['colour']} {_tile_kind(d)} tile"
    if k == "keep_face":     # private: the face of the tile kept, for its owner only
        need = f"needs {d['need']}, " if _int(d.get("need")) is not None else ""
        return (f"{who} keeps the {d.get('colour', '')} {_tile_kind(d)} tile: "
                f"{need}${d.get('value', '?')}") if private else \
            f"{who} keeps a {d.get('colour', '')} {_tile_kind(d)} tile"
    if k == "room":
        if d.get("declined"):
            return f"{who} lets {_face_down(d.get('item'))} go (no room)"
        return (f"{who} discards {_face_down(d.get('discarded'))} to make room for "
                f"{_face_down(d.get('item'))}")
    if k == "buy":
        if isinstance(d.get("equipment"), str) and d["equipment"] in EQUIP:
            return f"{who} buys {EQUIP[d['equipment']].name}{_dollars(d.get('price'))}"
        if isinstance(d.get("fixer"), str):
            return f"{who} buys the Fixer {slot_name('F:' + d['fixer'])[6:]}" \
                f"{_dollars(d.get('price'))}"
        return None
    if k == "gas":
        return f"{who} takes a Gas Can"
    if k == "pay_notoriety":
        return f"{who} pays{_dollars(d.get('price'), ' ')} to lower their Notoriety"
    if k == "gang":
        n = _int(d.get("members")) or 0
        where = _location_words(str(d.get("location", "")))
        return (f"{who} hires {where} ({n} Gang Member{'' if n == 1 else 's'})"
                f"{_dollars(d.get('price'))}")
    if k == "heal":
        n = _int(d.get("healed")) or 0
        where = f" at {_location_words(str(d['location']))}" if d.get("location") else ""
        return f"{who} heals {n} Wound{'' if n == 1 else 's'}{where}{_dollars(d.get('price'))}"
    if k == "contact":
        taken = f"the {card_name(str(d.get('card', '')))} Contact card"
        placed = d.get("how")
        if placed == "replace":
            return (f"{who} takes {taken} from the display, replacing the "
                    f"{card_name(str(d.get('replaced', '')))}")
        if placed == "discard":
            return f"{who} takes {taken} from the display and discards it"
        return f"{who} takes {taken} from the display"
    if k == "bonus":
        group = "Safe House" if d.get("group") == "safe_house" else "Business"
        if d.get("choice") == "disc":
            return f"{who} completes a {group} group: an Extra Action disc"
        extra = (f"collects ${d['income']} Income" if _int(d.get("income")) is not None
                 else "loses 1 Notoriety")
        return f"{who} completes a {group} group: unlocks an Asset and {extra}"
    if k == "income_unlock":
        return f"{who} pays{_dollars(d.get('price'), ' ')} to unlock an Asset"
    if k == "use":
        what = d.get("what")
        if not isinstance(what, str):
            return None
        name = slot_name(what)
        kind = {"C:": " Contact card", "A:": " Asset"}.get(what[:2], "")
        return f"{who} uses the {name}{kind}{_dollars(d.get('price'))}"
    if k == "avoid":
        threat = str(d.get("threat", ""))
        them = "Sandra" if threat == "sandra" else f"the {threat} officer"
        how = " with a Gang Member" if d.get("source") == "gang" else ""
        return f"{who} avoids {them}{how}"
    if k == "fee":
        return f"{who} pays the{_dollars(d.get('price'), ' ')} fee"
    if k == "join":
        return f"{who} joins the optional turn" if d.get("joined") else \
            f"{who} sits the optional turn out"
    if k == "first_aid":
        return f"{who} uses First Aid"
    if k == "gang_member":
        return f"{who} sends a Gang Member back to its Gang"
    if k == "threshold":
        crossed = d.get("at", _found(r"crosses (\d+)", e.text))
        mark = next((t for t in PB.notoriety.thresholds if str(t.at) == str(crossed)), None)
        if mark is None:
            return None
        reward = f"unlock {mark.unlocks} Asset{'' if mark.unlocks == 1 else 's'}" + (
            f" and {mark.discs} Extra Action disc{'' if mark.discs == 1 else 's'}"
            if mark.discs else "")
        return f"{who} crosses the Notoriety threshold {mark.at} ({reward})"
    if k == "handcuffs":
        return f"{who} is handcuffed: a Contact card space is blocked"
    if k == "arrested":
        return f"{who} is arrested and out of the game"
    if k == "escape":
        exit_no = _int(d.get("exit"))
        out = f"{who} escapes from the city" + (f" through Exit {exit_no}" if exit_no else "")
        order = _int(d.get("order"))
        if order:
            out += f", the {_ordinal(order)} out"
        return out + _dollars(d.get("cost"), ", paying ")
    if k == "sandra":
        return _sandra_words(e)
    if k == "game_over":
        scores = d.get("scores")
        if not isinstance(scores, list):
            return None
        winners = d.get("winners") or []
        board = ", ".join(f"seat {i} {'-' if x < 0 else ''}${abs(x):g}"
                          for i, x in enumerate(scores))
        won = ", ".join(f"seat {w}" for w in winners) or "nobody"
        return f"Game over -- {board}. Winner{'s' if len(winners) > 1 else ''}: {won}"
    return None


def event_text(e: Event) -> str:
    """An event in English, names instead of ids ("Seat 2 visits the Bank"). A public
    event never shows a face-down tile's id or value or an Escape Plan card; unknown
    kinds read as the engine's text with ids replaced by names."""
    text = _event_words(e) or _words(e.text, e.seats is not None) or e.kind.replace("_", " ")
    return text[:1].upper() + text[1:]


# -- the menu ------------------------------------------------------------------------

def _me(v: dict[str, Any]) -> dict[str, Any] | None:
    seat = v.get("seat")
    return v["players"][seat] if seat is not None else None


def _slot_of(v: dict[str, Any], source: str, index: int) -> str:
    me = _me(v)
    if me is None:
        return f"{source} {index + 1}"
    row = {"contact": "contacts", "item": "items", "asset": "assets"}.get(source)
    if row is None:
        return f"{source} {index + 1}"
    slot = me[row][index] if index < len(me[row]) else ""
    if source == "asset":
        return f"{asset_name(slot)} (space {index + 1})" if slot else f"asset space {index + 1}"
    return f"{slot_name(slot)} (space {index + 1})"


def menu_label(a: Action, v: dict[str, Any]) -> str:
    """An action in words."""
    d = a.to_json()
    k = d["kind"]
    if k == "place":
        top = v["stacks"][d["stack"]]["top"]
        name = TILE[top].name if top else f"stack {'ABCD'[d['stack']]}"
        return f"lay {name} on {cell_name(CELLS[d['cell']])}, turned {90 * d['turn']}°"
    if k == "simple":
        what = str(d["what"])
        return SIMPLE_WORDS.get(what, what.replace("_", " "))
    if k == "go":
        return f"go to {node_name(d['node'], v)}"
    if k == "fly":
        return f"{FLY_WORDS.get(d['mode'], d['mode'])} to {node_name(d['node'], v)}"
    if k == "use":
        return f"use {SOURCE_WORDS.get(d['source'], d['source'])}: " \
            f"{_slot_of(v, d['source'], d['index'])}"
    if k == "avoid":
        how = "a Gang Member" if d["source"] == "gang" else _slot_of(v, d["source"], d["index"])
        return f"avoid {d['threat']} with {how}"
    if k == "visit":
        what = str(d["what"])
        return VISIT_WORDS.get(what, what) + (f" {d['n']}" if d.get("n") else "")
    if k == "buy_equipment":
        return f"buy {EQUIP[d['equipment']].name}"
    if k == "open_locker":
        return f"open a {d['colour']} Locker with " + ("the Master Key" if d["master"]
                                                        else "a Key")
    if k == "pick":
        i = d["index"]
        if d["what"] == "display":
            disp = v["contacts"]["display"]
            return f"take {card_name(disp[i])} (display {i + 1})" if i < len(disp) else \
                f"take display card {i + 1}"
        if d["what"] == "water":
            return f"open {_water(i)}"
        if d["what"] == "make_room":
            me = _me(v)
            gone = me["items"][i] if me is not None and i < len(me["items"]) else ""
            new = (v.get("incoming") or {}).get("item")
            return (f"make room: discard {slot_name(gone)} (space {i + 1})"
                    + (f" for {slot_name(new)}" if new else ""))
        if d["what"] == "replace":
            return f"replace: space {i + 1}"
        if d["what"] == "tile":
            face = drawn_face(v, i)
            return f"keep {face}" if face else f"keep tile {i + 1}"
        return a.label()
    if k == "unlock":
        return f"unlock {asset_name(d['asset'])}"
    if k == "bonus":
        return "bonus: an Extra Action disc" if d["choice"] == "disc" else "bonus: unlock an Asset"
    if k == "officer":
        return f"the {d['colour']} officer on {_cell_words(d['cell'], v)}"
    if k == "cell":
        return f"to {_cell_words(d['cell'], v)}"
    return a.label()


def drawn_face(v: dict[str, Any], index: int) -> str | None:
    """A drawn tile the seat may keep, by its face (``the black Locker: needs 2, $8``,
    ``the silver Exit tile: $6``), when the view shows it (only to the drawing seat)."""
    tiles = (v.get("drawn") or {}).get("tiles") or []
    t = next((x for x in tiles if x.get("index") == index), None)
    if t is None:
        return None
    if "need" in t:
        return f"the {t['colour']} Locker: needs {t['need']}, ${t['value']}"
    return f"the {t['colour']} Exit tile: ${t['value']}"


def drawn_text(v: dict[str, Any]) -> str | None:
    """The tiles drawn and not yet kept: their faces for the drawing seat, else who drew
    how many of which colour."""
    d = v.get("drawn")
    if not d:
        return None
    n = int(d.get("count", 0))
    what = f"{d['colour']} {'Locker' if d.get('kind') == 'locker' else 'Exit'} " \
        f"tile{'' if n == 1 else 's'}"
    if d.get("tiles") is not None:
        faces = "; ".join(f"{i + 1}. {drawn_face(v, int(t['index']))}"
                          for i, t in enumerate(d["tiles"]))
        return f"You drew {n} {what}, keep one: {faces}"
    return f"Seat {d['seat']} drew {n} {what} and keeps one (face down)"


def _water(i: int) -> str:
    if i < len(WATERS):
        wid = WATERS[i]
        w = next((w for s in BOARD.sides for w in s.waters if w.id == wid), None)
        return w.name if w else wid
    return f"water {i + 1}"


def _cell_words(index: int, v: dict[str, Any]) -> str:
    cell = CELLS[index]
    laid = _laid(v)
    name = laid[cell][0].name if cell in laid else "empty"
    return f"{cell_name(cell)} ({name})"


def menu_path(a: Action, v: dict[str, Any]) -> list[str]:
    """The menu steps leading to an action."""
    d = a.to_json()
    k = d["kind"]
    label = menu_label(a, v)
    if k == "place":
        top = v["stacks"][d["stack"]]["top"]
        name = TILE[top].name if top else "stack " + "ABCD"[d["stack"]]
        return ["Lay a tile", name, f"on {cell_name(CELLS[d['cell']])}",
                f"turned {90 * d['turn']}°"]
    if k == "go":
        return ["Move", "step / ride the subway", label]
    if k == "fly":
        return ["Move", FLY_WORDS.get(str(d["mode"]), str(d["mode"])), label]
    if k == "use":
        return ["Executive", str(SOURCE_WORDS.get(d["source"], d["source"])), label]
    if k == "avoid":
        return ["Avoid", d["threat"], label]
    if k in ("visit", "buy_equipment", "open_locker"):
        sub = {"buy_equipment": "buy Equipment", "open_locker": "open a Locker"}.get(k)
        return ["Visit", label] if sub is None else ["Visit", sub, label]
    if k == "pick":
        return ["Choose", label]
    if k == "unlock":
        return ["Unlock an Asset", label]
    if k == "officer":
        return ["Choose an officer", d["colour"], label]
    if k == "cell":
        return ["Officer to", label]
    return [label]


def menu_order(a: Action, v: dict[str, Any]) -> tuple[Any, ...]:
    """Choices by kind, then the engine's own fields (a fixed order)."""
    d = a.to_json()
    rank = KIND_ORDER.index(d["kind"]) if d["kind"] in KIND_ORDER else len(KIND_ORDER)
    return (rank, str(sorted(d.items())))
