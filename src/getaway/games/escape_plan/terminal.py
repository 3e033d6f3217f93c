"""Escape Plan in the terminal: the City grid, the supplies, the Notoriety track, the crooks.

``render(view)`` draws one seat's view (never anything the view leaves out):
the round, turn and the engine's prompt for the pending decision; the City as
a grid of cells by row and column (each laid tile's name, its Land edges
N/E/S/W, its Locations, its Police officers by colour, the pawns of the
players and Sandra, Gang control and blocked Exits); the tiles to lay, the
Contact display, the supply stacks; the Notoriety track with every seat and the
thresholds; every seat's public board, its spaces numbered as the action labels
name them ("Contact space 2"); and for the seat at the keyboard its money,
Escape Plan card and face-up tiles.

Everything is named by the game's words module (``words``): the engine's
prompts, labels and sentences are shown as they are; this module only lays them
out. ``menu_path`` groups long lists (Lay a tile ▸ tile ▸ where, Move ▸ walk /
fly, ...), its group headers in its own words; ``menu_order`` keeps a fixed
order. Seats are named by their pawn's colour.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from getaway.cli.render import TABLE_ROWS, fit
from getaway.core.actions import Action
from getaway.core.words import count, listing
from getaway.games.escape_plan import words as wd
from getaway.games.escape_plan.board import Side, Tile
from getaway.games.escape_plan.model import Edge, LocationKind
from getaway.games.escape_plan.tables import BOARD, CARDS, CELLS, EQUIP, LOC, LOC_TILE, PB, TILE

SEAT_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue")
POLICE_STYLE = {"red": "bold red", "blue": "bold blue", "black": "bold white on grey23"}
LAND_SHORT = {"downtown": "dt", "docks": "dk", "residential": "res", "park": "pk"}
KIND_ORDER = ("simple", "go", "fly", "visit", "buy_equipment", "open_locker", "pick", "place",
              "put_tile", "unlock", "bonus", "officer", "cell", "avoid", "use")


# -- names --------------------------------------------------------------------------

def seat_style(seat: int) -> str:
    """The colour of a seat's pawn and rows."""
    return SEAT_STYLE[seat % len(SEAT_STYLE)]


def seat_name(v: dict[str, Any], seat: int) -> str:
    """A seat by its pawn's colour, as the engine names it."""
    players = v.get("players") or []
    return str(players[seat]["colour"]) if 0 <= seat < len(players) else "a player"


def side_of(v: dict[str, Any]) -> Side:
    """The board side of the view."""
    return BOARD.side(str(v["side"]))


def loc_short(loc_id: str, v: dict[str, Any]) -> str:
    """A Location on its cell of the grid: ``Business: Casino``, ``Store A``, ``Exit 2``."""
    loc = LOC[loc_id]
    on = v.get("businesses", {}).get(loc_id)
    k = loc.kind
    kind = wd.KIND_WORDS[k]
    if k in (LocationKind.BUSINESS, LocationKind.SAFE_HOUSE):
        return f"{kind}: {wd.PIECES[on]}" if on else kind
    if k is LocationKind.STORE and loc.store is not None:
        return f"Store {loc.store.value}"
    if k is LocationKind.EXIT:
        return f"Exit {loc.exit}"
    return kind


def piece_names(ids: list[str]) -> str:
    """Business and Safe House tiles by name."""
    return ", ".join(wd.PIECES.get(x, "a tile") for x in ids) or "none"


# -- the City ------------------------------------------------------------------------

def _laid(v: dict[str, Any]) -> dict[tuple[int, int], tuple[Tile, int]]:
    side = side_of(v)
    out: dict[tuple[int, int], tuple[Tile, int]] = {}
    for cell, tile_id in side.printed:
        out[cell] = (TILE[tile_id], 0)
    for cell, tile_id, turn in v["city"]:
        out[(int(cell[0]), int(cell[1]))] = (TILE[tile_id], int(turn))
    return out


def _tile_cell(tile_id: str, v: dict[str, Any]) -> tuple[int, int] | None:
    for cell, t, _ in v["city"]:
        if t == tile_id:
            return (int(cell[0]), int(cell[1]))
    return side_of(v).cell_of(tile_id)


def _pawns(v: dict[str, Any]) -> dict[tuple[int, int], list[tuple[str, str]]]:
    """Who stands on each cell: (tag, style); players by number (1 for the first seat),
    Sandra ``S``."""
    out: dict[tuple[int, int], list[tuple[str, str]]] = {}
    who = [(str(i + 1), p["at"], seat_style(i)) for i, p in enumerate(v["players"])
           if not p["escaped"] and not p["arrested"]]
    if v.get("sandra"):
        who.append(("S", v["sandra"]["at"], "bold white on dark_red"))
    for tag, at, style in who:
        cell: tuple[int, int] | None
        if at in LOC:
            cell = _tile_cell(LOC_TILE[at], v)
        else:
            parts = str(at).split(":")
            cell = (int(parts[0]), int(parts[1])) if len(parts) == 3 else None
        if cell is not None:
            out.setdefault(cell, []).append((tag, style))
    return out


def _cell_text(v: dict[str, Any], tile: Tile, turn: int,
               pawns: list[tuple[str, str]]) -> Text:
    t = Text(no_wrap=False)
    t.append(tile.name, "bold")
    if turn:
        t.append(f" ↻{90 * turn}°", "dim")
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
                owner = f", {seat_name(v, g[1] - 1)}'s" if g[1] else ""
                name += f" ({count(g[0], 'member')}{owner})"
        t.append(name, style)
        t.append("\n")
    for c in v["police"].get(tile.id, []):
        t.append("●", POLICE_STYLE.get(c, ""))
        t.append(c[:3] + " ")
    for tag, style in pawns:
        t.append(f"[{tag}]", style)
    return t


def city_table(v: dict[str, Any]) -> Table:
    """The grid of the board side: tiles, Locations, officers, pawns."""
    side = side_of(v)
    laid = _laid(v)
    pawns = _pawns(v)
    tags = [f"[{i + 1}] {p['colour']}" for i, p in enumerate(v["players"])]
    if v.get("sandra"):
        tags.append("[S] Sandra")
    table = Table(title=escape(f"The City: {side.name} (edges N/E/S/W; pawns {', '.join(tags)}; "
                               "police red/blu/bla)"),
                  show_lines=True, padding=(0, 1))
    table.add_column("")
    for c in range(side.cols):
        table.add_column(f"column {c + 1}", min_width=12, max_width=18)
    for r in range(side.rows):
        row: list[RenderableType] = [f"row {r + 1}"]
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
    who = "watching" if seat is None else f"you are {seat_name(v, seat)}"
    t = Text(f"ESCAPE PLAN  round {min(v['round'], 3)} of 3, turn {v['turn']}  ({who})", "bold")
    p = v.get("pending")
    if p:
        deciding = listing([seat_name(v, int(s)) for s in p["seats"]])
        t.append(f"\nNow ({deciding}): {p['prompt']}", "yellow")
    drawn = drawn_text(v)
    if drawn:
        t.append(f"\n{drawn}", "bold yellow")
    inc = v.get("incoming")
    if inc and inc.get("seat") == v["seat"]:
        t.append(f"\nNo free Item space for {wd.slot_name(str(inc['item']))}", "yellow")
    order = ", ".join("Sandra" if x == "sandra" else seat_name(v, int(x)) for x in v["order"])
    t.append(f"\nTurn order: {order}", "dim")
    m = v.get("move")
    if m:
        t.append(f"\nMove under way: {count(m[1], 'MP', 'MP')} left, "
                 f"{count(m[3], 'step')}, {count(len(m[2]), 'tile')} left behind", "dim")
    return t


def supplies(v: dict[str, Any]) -> Table:
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold")
    t.add_column()
    lay = []
    for i, s in enumerate(v["stacks"]):
        if s["top"]:
            lay.append(f"stack {'ABCD'[i]}: {TILE[s['top']].name} ({s['left']} in the stack)")
    t.add_row("Tiles to lay", "; ".join(lay) or "none")
    disp = [f"{i + 1}. {wd.contact_name(c)}" for i, c in enumerate(v["contacts"]["display"])]
    t.add_row("Contact display", "  ".join(disp) or "empty")
    t.add_row("", f"deck {v['contacts']['deck']}, discard {len(v['contacts']['discard'])}")
    fx = v["fixers"]
    t.add_row("Fixers", (f"on top {CARDS.fixer(fx['top']).name}" if fx["top"] else "none")
              + f" ({fx['left']} left)")
    lock = [f"{k} needs {x['need']} ({x['left']} left)" if x["left"] else f"{k} empty"
            for k, x in v["lockers"].items()]
    t.add_row("Lockers", "; ".join(lock))
    t.add_row("Equipment", ", ".join(f"{EQUIP[k].name} {n}" for k, n in v["equipment"].items()))
    t.add_row("Exit tiles", ", ".join(f"{k} {n}" for k, n in v["exit_stacks"].items())
              + "".join(f"; the {k} stack on Exit {e}" for e, k in v["patrol"]["exit_stacks_on"]))
    keys = [f"{wd.PIECES.get(h, 'a Safe House')}: {', '.join(k) or '-'}"
            for h, k in v["keys"].items()]
    t.add_row("Keys", "; ".join(keys))
    blocked = ", ".join(str(e) for e in v["patrol"]["blocked"]) or "none"
    spaces = ", ".join(f"Exit {e} {'█' * n}" for e, n in v["patrol"]["spaces"]) or "none"
    t.add_row("Patrols", f"cards laid: {spaces}; blocked Exits: {blocked}; "
              f"deck {v['patrol']['deck']}")
    t.add_row("Supply", f"Gas Cans {v['gas_supply']}, Gang Members {v['gang_supply']}, "
              f"officers in the bag {v['bag']}")
    if v.get("sandra"):
        s = v["sandra"]
        t.add_row("Sandra", f"at {s['where']}, Notoriety {s['notoriety']}, "
                  f"Extra Action discs {s['discs']}, deck {s['deck']}")
    return t


def notoriety(v: dict[str, Any]) -> Text:
    nt = PB.notoriety
    marks = {t.at: t for t in nt.thresholds}
    who: dict[int, list[tuple[str, str]]] = {}
    for i, p in enumerate(v["players"]):
        who.setdefault(int(p["notoriety"]), []).append((str(i + 1), seat_style(i)))
    if v.get("sandra"):
        who.setdefault(int(v["sandra"]["notoriety"]), []).append(("S", "bold red"))
    t = Text("Notoriety: ", "bold")
    for pos in range(nt.top + 1):
        t.append(f"*{pos}" if pos in marks else f"{pos}", "bold red" if pos in marks else "dim")
        for tag, style in who.get(pos, []):
            t.append(f"[{tag}]", style)
        t.append(" ")
    t.append("\nThresholds (*): " + "; ".join(
        f"{x.at}: unlock {count(x.unlocks, 'Asset')}"
        + (f" and take {count(x.discs, 'Extra Action disc')}" if x.discs else "")
        for x in nt.thresholds), "dim")
    return t


def _row(slots: list[str], used: list[bool], mine: bool) -> str:
    """A row of player board spaces, numbered as the action labels name them."""
    out = []
    for i, x in enumerate(slots):
        if not x:
            out.append(f"{i + 1}. -")
            continue
        name = wd.slot_name(x, mine)
        if x.startswith("A:"):
            name += " (locked)"
        elif i < len(used) and used[i]:
            name += " (used)"
        out.append(f"{i + 1}. {name}")
    return "  ".join(out)


def seat_board(v: dict[str, Any], i: int) -> Text:
    """One seat's public board (and nothing behind its screen)."""
    p = v["players"][i]
    mine = i == v["seat"]
    t = Text()
    t.append(f"[{i + 1}] {seat_name(v, i)}" + (" (you)" if mine else ""), seat_style(i))
    status = ("ESCAPED" if p["escaped"] else "ARRESTED" if p["arrested"]
              else "at " + str(p.get("where") or "the City"))
    t.append(f"  {status}" + (", rested" if p["rested"] else "") + "\n")
    t.append(f"  Notoriety {p['notoriety']}, Wounds {p['wounds']}, Handcuffs {p['handcuffs']}"
             + (", First Aid ready" if p["first_aid"] else "")
             + f", Gas Cans {p['gas']}, Gang Members {p['gang_members']}, "
             f"Extra Action discs {p['discs']}\n")
    t.append(f"  Income track: ${p['income']} ({count(p['income_cubes_taken'], 'cube')} taken; "
             f"White hex {p['white_hex']}, Red hex {p['red_hex']}, "
             f"Income hex {p['income_hex']})\n")
    t.append(f"  Visited: {piece_names(p['visited'])}\n")
    prices = PB.assets.prices
    assets = [f"{k + 1}. " + (f"{wd.asset_name(a)}" + (" (flipped)" if u else "") if a else "-")
              + f" (${prices[k]})" for k, (a, u)
              in enumerate(zip(p["assets"], p["used_assets"], strict=False))]
    t.append("  Asset spaces: " + "  ".join(assets) + "\n")
    t.append("  Contact spaces: " + _row(p["contacts"], p["used_contacts"], mine) + "\n")
    t.append("  Item spaces: " + _row(p["items"], p["used_items"], mine))
    if p["gang_markers"]:
        t.append("\n  Gang markers: " + ", ".join(wd.location_name(g) for g in p["gang_markers"]))
    return t


def players_panel(v: dict[str, Any]) -> Panel:
    """Every seat's public board."""
    return Panel(Group(*(seat_board(v, i) for i in range(len(v["players"])))),
                 title="The crooks", border_style="dim")


def private(v: dict[str, Any]) -> Panel | None:
    seat = v["seat"]
    if seat is None:
        return None
    p = v["players"][seat]
    t = Text()
    t.append(f"Money ${p.get('money', '?')}\n", "bold green")
    plan = p.get("plan")
    if plan:
        t.append("Escape Plan: Income symbol on "
                 + piece_names(list(CARDS.plan(plan).income)) + "\n")
    tiles = [wd.slot_name(s) for s in p["items"] if s[:2] in ("L:", "T:")]
    t.append("Locker and Exit tiles: " + (", ".join(tiles) or "none") + "\n")
    keys = ", ".join(k[5:] + " (used)" if k.startswith("used:") else k for k in p["keys"])
    t.append(f"Keys: {keys or 'none'}")
    return Panel(t, title=f"Behind your screen ({seat_name(v, seat)})",
                 border_style=seat_style(seat))


def _end(v: dict[str, Any]) -> RenderableType | None:
    if not v.get("outcome"):
        return None
    o = v["outcome"]
    scores = ", ".join(f"{seat_name(v, i)} {'-' if x < 0 else ''}${abs(x):g}"
                       for i, x in enumerate(o.get("scores", [])))
    return Panel(Text(f"{o.get('detail') or ''}\nScores: {scores}"),
                 title="Game over", border_style="bold")


def others_short(v: dict[str, Any]) -> Panel:
    """The other crooks, one line each (their whole boards: ``t``)."""
    lines = []
    for i, p in enumerate(v["players"]):
        if i == v["seat"]:
            continue
        t = Text(f"[{i + 1}] {seat_name(v, i)}", seat_style(i))
        status = ("ESCAPED" if p["escaped"] else "ARRESTED" if p["arrested"]
                  else "at " + str(p.get("where") or "the City"))
        t.append(f"  {status}" + (", rested" if p["rested"] else "")
                 + f"; Notoriety {p['notoriety']}, Wounds {p['wounds']}, "
                 f"Handcuffs {p['handcuffs']}, Income track ${p['income']}")
        lines.append(t)
    return Panel(Group(*lines), title="The other crooks", border_style="dim")


def your_board(v: dict[str, Any]) -> Panel | None:
    """The view's seat's public board."""
    if v["seat"] is None:
        return None
    return Panel(seat_board(v, v["seat"]), border_style=seat_style(v["seat"]))


def render(v: dict[str, Any], limit: int = TABLE_ROWS) -> RenderableType:
    """The compact table of one seat's view: the header, your board and what is behind your
    screen, the others in a line each and as much more as fits (the City: ``m``; all: ``t``)."""
    return fit([(0, header(v)), (1, your_board(v)), (2, private(v)), (3, others_short(v)),
                (4, notoriety(v)), (5, supplies(v)), (0, _end(v))], limit)


def city(v: dict[str, Any]) -> RenderableType:
    """The City's tiles."""
    return Group(header(v), city_table(v))


def table(v: dict[str, Any]) -> RenderableType:
    """The terminal drawing of one seat's whole view."""
    parts: list[RenderableType] = [header(v), city_table(v), supplies(v), notoriety(v),
                                   players_panel(v)]
    for extra in (private(v), _end(v)):
        if extra is not None:
            parts.append(extra)
    return Group(*parts)


KEYS = {"m": ("the City map", city), "t": ("the whole table", table)}
"""Letters typed in the menu: the bulky parts of the table."""


# -- the tiles drawn -----------------------------------------------------------------

def drawn_face(v: dict[str, Any], index: int) -> str | None:
    """A drawn tile the seat may keep, by its face (``the green Locker tile worth $8 (needs
    2)``), when the view shows it (only to the drawing seat)."""
    tiles = (v.get("drawn") or {}).get("tiles") or []
    t = next((x for x in tiles if x.get("index") == index), None)
    if t is None:
        return None
    if "need" in t:
        return wd.locker_words(str(t["colour"]), int(t["need"]), int(t["value"]), "the")
    return wd.exit_tile_words(str(t["colour"]), int(t["value"]), "the")


def drawn_text(v: dict[str, Any]) -> str | None:
    """The tiles drawn and not yet kept: their faces for the drawing seat, else who drew
    how many of which colour."""
    d = v.get("drawn")
    if not d:
        return None
    n = int(d.get("count", 0))
    what = count(n, f"{d['colour']} {'Locker' if d.get('kind') == 'locker' else 'Exit'} tile")
    if d.get("tiles") is not None:
        faces = "; ".join(f"{i + 1}. {drawn_face(v, int(t['index']))}"
                          for i, t in enumerate(d["tiles"]))
        return f"You drew {what}, keep one: {faces}"
    return f"{seat_name(v, int(d['seat']))} drew {what} and keeps one face down"


# -- the menu ------------------------------------------------------------------------

def menu_path(a: Action, v: dict[str, Any]) -> list[str]:
    """The menu steps leading to an action: group headers of this module's own, then the
    engine's label."""
    d = a.to_json()
    k = d["kind"]
    label = a.label()
    if k == "place":
        top = v["stacks"][d["stack"]]["top"]
        name = TILE[top].name if top else "a tile"
        return ["Lay a tile", f"{name} (stack {'ABCD'[d['stack']]}):",
                f"at {wd.position(CELLS[d['cell']])}:", label]
    if k in ("go", "fly"):
        return ["Move", "walk or ride:" if k == "go" else "fly:", label]
    if k in ("use", "avoid"):
        return ["Cards and tiles:", label]
    if k in ("visit", "buy_equipment", "open_locker"):
        return ["Visit:", label]
    if k in ("officer", "cell"):
        return ["Officers:", label]
    return [label]


def menu_order(a: Action, v: dict[str, Any]) -> tuple[Any, ...]:
    """Choices by kind, then the engine's own fields (a fixed order)."""
    d = a.to_json()
    rank = KIND_ORDER.index(d["kind"]) if d["kind"] in KIND_ORDER else len(KIND_ORDER)
    return (rank, str(sorted(d.items())))
