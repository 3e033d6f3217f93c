"""Escape Run: Alcatraz 2034 in the terminal: the island map, the System board, the prisoners.

``render(view)`` draws one seat's view (never anything the view leaves out):
a character map of the island built from :func:`board` (routes, spaces,
building tiles, Run tiles, pieces), a legend, the System board with the
sentinels' scores, every prisoner, the seat's hand and the other hands'
sizes, the decks, the Run or attack under way, the pending decision and the
latest public events.

``menu_path(action, view)`` gives the terminal menu its sub-steps: a move is
chosen prisoner, then way, then destination; a card, then its target.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from getaway.cli.render import TABLE_ROWS, fit
from getaway.core.actions import Action
from getaway.core.words import count, listing
from getaway.games.alcatraz_2034.views import board

SHOWS_EVENTS = True
"""The view draws the public log itself (the terminal need not repeat it)."""

SEAT_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue",
              "bold white")
ABILITY_LETTER = {"smarts": "S", "toughness": "T", "skills": "K"}
TILE_LETTER = {"smarts": "S", "toughness": "T", "skills": "K", "system": "Y", "tunnel": "U",
               "helipad": "H", "abandoned": "x"}
METHOD_LETTER = {"swim": "w", "boat": "b", "air": "a"}
METHOD_STYLE = {"swim": "bold bright_cyan", "boat": "bold bright_blue", "air": "bold white"}
ROW_STYLE = {"blue": "bold blue", "red": "bold red", "yellow": "bold yellow"}
ROUTE_STYLE = {"white": "grey42", "green": "green", "yellow": "yellow"}
WAY_WORDS = {"sneak": "sneaking (up to 4, +2 in attacks)", "walk": "walking (up to 6)",
             "run": "running (up to 8, -2 in attacks)"}
MARKER = {None: "-", "sneak": "sneak +2", "walk": "walk", "run": "run -2"}
TIMING = {"own_turn": "your turn", "run": "Run", "attack": "attack", "any_time": "any time"}
SENTINEL_STYLE = "bold white on red"
MAP_WIDTH = 100
CELL_BLOCK_WIDTH = 9


# -- small helpers ------------------------------------------------------------------

def _spaces() -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in board()["spaces"]}


def place_name(space: str | None) -> str:
    """A space as the game calls it ("the Power House", "the coast road by Sally Port")."""
    if space is None:
        return "-"
    return str(_spaces()[space]["called"])


def seat_name(v: dict[str, Any], seat: int) -> str:
    """A seat as the game names it (its table colour)."""
    return str(v["seat_names"][seat])


def map_letters(prisoners: Iterable[dict[str, Any]]) -> dict[str, str]:
    """One distinct capital letter per prisoner (its initial, else the next free letter)."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for p in prisoners:
        for ch in p["name"].upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            if ch.isalpha() and ch not in used:
                out[p["id"]] = ch
                used.add(ch)
                break
    return out


def seat_style(seat: int) -> str:
    """The colour of a seat's pieces."""
    return SEAT_STYLE[seat % len(SEAT_STYLE)]


def _names(v: dict[str, Any]) -> dict[str, str]:
    return {str(p["id"]): str(p["name"]) for p in v["prisoners"]}


def _name(v: dict[str, Any], prisoner: str) -> str:
    return next((str(p["name"]) for p in v["prisoners"] if p["id"] == prisoner), prisoner)


# -- the island map ---------------------------------------------------------------

class IslandMap:
    """The island as a character grid, scaled to the width it is given (at most 100)."""

    def __init__(self, v: dict[str, Any], width: int = MAP_WIDTH) -> None:
        self.v = v
        self.width = width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text(min(self.width, options.max_width))

    def text(self, width: int = MAP_WIDTH) -> Text:
        """The map drawn ``width`` characters wide."""
        b = board()
        v = self.v
        sx = (width - 4) / b["width"]
        sy = sx / 2.0  # terminal cells are about twice as tall as wide
        rows = int(b["height"] * sy) + 1
        grid: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(rows)]

        def at(x: float, y: float) -> tuple[int, int]:
            return (min(width - 1, max(0, round(x * sx))), min(rows - 1, max(0, round(y * sy))))

        def put(c: int, r: int, s: str, style: str = "") -> None:
            for i, ch in enumerate(s):
                if 0 <= c + i < width and 0 <= r < rows:
                    grid[r][c + i] = (ch, style)

        def line(a: tuple[int, int], z: tuple[int, int], style: str, ch: str | None = None
                 ) -> None:
            (c0, r0), (c1, r1) = a, z
            n = max(abs(c1 - c0), abs(r1 - r0))
            if n == 0:
                return
            dc, dr = c1 - c0, r1 - r0
            glyph = ch or ("-" if abs(dc) > 2 * abs(dr) else "|" if abs(dr) > abs(dc)
                           else "\\" if dc * dr > 0 else "/")
            for k in range(1, n):
                c = round(c0 + dc * k / n)
                r = round(r0 + dr * k / n)
                if grid[r][c][0] == " " or ch is None:
                    grid[r][c] = (glyph, style)

        # the coastline, then the routes
        isl = b["island"]
        for i, p in enumerate(isl):
            q = isl[(i + 1) % len(isl)]
            line(at(p[0], p[1]), at(q[0], q[1]), "blue", "~")
        pos = {s["id"]: at(s["x"], s["y"]) for s in b["spaces"]}
        for rt in b["routes"]:
            line(pos[rt["from"]], pos[rt["to"]], ROUTE_STYLE.get(rt["colour"], "grey42"))

        # pieces by space
        letters = map_letters(v["prisoners"])
        pieces: dict[str, list[tuple[str, str]]] = {}
        for s in v["sentinels"]:
            if s["space"]:
                sym = ABILITY_LETTER.get(s["symbol"] or "", "?")
                pieces.setdefault(s["space"], []).append((sym, SENTINEL_STYLE))
        for p in v["prisoners"]:
            if p["status"] == "island" and p["space"]:
                pieces.setdefault(p["space"], []).append(
                    (letters[p["id"]], seat_style(p["owner"])))

        buildings = {bd["space"]: bd for bd in v["buildings"]}
        runs = {r["space"]: r for r in v["run_spaces"]}
        hexes = {h["id"]: h for h in b["hexes"]}
        cell = v.get("cell_block", "cell-block")
        for s in b["spaces"]:
            c, r = pos[s["id"]]
            kind = s["kind"]
            here = pieces.get(s["id"], [])
            if kind == "cell_block" or s["id"] == cell:
                self._cell_block(put, c, r, here)
                continue
            if kind == "building":
                bd = buildings.get(s["id"])
                tile = bd["tile"] if bd else None
                ch = TILE_LETTER.get(tile, "?") if tile else "?"
                if tile and bd and not bd["revealed"]:
                    ch = ch.lower()
                glyph = [("[", "bold blue"), (ch, "bold white" if bd and bd["revealed"]
                                              else "dim"), ("]", "bold blue")]
            elif kind == "run":
                m = s["method"] or "swim"
                glyph = [("(", METHOD_STYLE[m]), (METHOD_LETTER[m], METHOD_STYLE[m]),
                         (")", METHOD_STYLE[m])]
                rs = runs.get(s["id"])
                hx = hexes.get(s["hex"] or "")
                if rs and hx:
                    hc, hr = at(hx["x"], hx["y"])
                    if rs["tile"] == "face_up":
                        put(hc, hr, str(rs["cards"]), "bold reverse " + METHOD_STYLE[m])
                    elif rs["tile"] == "set_aside":
                        put(hc, hr, "-", "dim")
                    else:
                        put(hc, hr, "?", "dim " + METHOD_STYLE[m])
            elif kind == "tunnel":
                glyph = [("T", "bold dark_orange"), ("U", "bold dark_orange"),
                         ("N", "bold dark_orange")]
            elif kind == "safe":
                glyph = [("o", "bold green")]
            elif kind == "sentinel":
                glyph = [("x", "bold red")]
            else:
                glyph = [(".", "white")]
            if here and kind == "tunnel":
                put(c + 2, r, ":", "bold dark_orange")
                for i, (ch, st) in enumerate(here):
                    put(c + 3 + i, r, ch, st)
            elif here:
                glyph = here[:3] if len(here) <= 3 else [*here[:2], ("+", "bold")]
                if kind in ("building", "run") and len(here) == 1:
                    # keep the space's frame around a single piece
                    glyph = [glyph_frame(kind, s, "left"), *glyph, glyph_frame(kind, s, "right")]
            start = c - len(glyph) // 2
            for i, (ch, st) in enumerate(glyph):
                put(start + i, r, ch, st)
        for spot in b["deck_spots"]:
            c, r = at(spot["x"], spot["y"])
            label = self._deck_label(spot)
            put(c - len(label) // 2, r, label, "dim")
        out = Text(no_wrap=True, overflow="crop")
        while grid and all(ch == " " for ch, _ in grid[0]):
            grid.pop(0)
        while grid and all(ch == " " for ch, _ in grid[-1]):
            grid.pop()
        for r, row in enumerate(grid):
            if r:
                out.append("\n")
            last = len(row)
            while last and row[last - 1][0] == " ":
                last -= 1
            for ch, st in row[:last]:
                out.append(ch, st)
        return out

    def _deck_label(self, spot: dict[str, Any]) -> str:
        decks = self.v["decks"]
        if spot["kind"] == "escape":
            pile = decks["escape"].get(spot["deck"], {}).get("pile", 0)
            return TILE_LETTER.get(spot["deck"], "?") + str(pile)
        pile = decks["run"].get(spot["deck"], {}).get("pile", 0)
        return METHOD_LETTER.get(spot["deck"], "t") + str(pile)

    def _cell_block(self, put: Any, c: int, r: int, here: list[tuple[str, str]]) -> None:
        w = CELL_BLOCK_WIDTH
        put(c - 2, r - 1, "CELLS", "bold white on grey23")
        start = c - w // 2
        put(start, r, " " * w, "on grey23")
        for i, (ch, st) in enumerate(here[: 2 * w]):
            put(start + i % w, r + i // w, ch, st + " on grey23")


def glyph_frame(kind: str, space: dict[str, Any], side: str) -> tuple[str, str]:
    """The bracket drawn either side of a building or Run space holding one piece."""
    if kind == "building":
        return ("[" if side == "left" else "]", "bold blue")
    st = METHOD_STYLE[space["method"] or "swim"]
    return ("(" if side == "left" else ")", st)


def legend() -> Text:
    """What the map's characters mean."""
    t = Text()
    for glyph, style, words in (
            (".", "white", " space  "), ("o", "bold green", " safe  "),
            ("x", "bold red", " sentinel start  "),
            ("?", SENTINEL_STYLE, " sentinel (S smarts, T toughness, K skills, ? hidden)  "),
            ("A", "bold", " prisoner (seat colour)\n"),
            ("[?]", "bold blue", " building: S/T/K/Y deck, U tunnel, H pad, x abandoned, "
                                 "? face down (lower case: seen only by you)\n"),
            ("(w)", METHOD_STYLE["swim"], " swim  "), ("(b)", METHOD_STYLE["boat"], " boat  "),
            ("(a)", METHOD_STYLE["air"], " air Run space;  "),
            ("3", "bold reverse", " its Run tile: cards to face, ? hidden, - used  "),
            ("TUN", "bold dark_orange", " tunnel space\n"),
            ("-", "green", " green route  "), ("-", "yellow", " yellow route (ends a move)  "),
            ("S9", "dim", " Escape deck sizes  "), ("w15", "dim", " Run deck sizes")):
        t.append(glyph, style)
        t.append(words)
    return t


# -- tables -----------------------------------------------------------------------

def _system(v: dict[str, Any]) -> Table:
    sysb = v["system"]
    t = Table(title="System board", title_justify="left", show_edge=False, pad_edge=False)
    t.add_column("row")
    t.add_column("tiles")
    t.add_column("sentinel score", justify="right")
    for row in sysb["rows"]:
        bar = Text("■" * row["tiles"], ROW_STYLE.get(row["colour"], "bold"))
        bar.append("□" * (row["spaces"] - row["tiles"]), "dim")
        bar.append(f" {row['tiles']}/{row['spaces']}")
        score = sysb["scores"].get(row["ability"], 3)
        t.add_row(Text(f"{row['colour']} ({row['ability']})", ROW_STYLE.get(row["colour"], "")),
                  bar, f"{row['ability']} {score}")
    grey = ", ".join(sysb["grey"]) or "none"
    stacks = " ".join(str(st["size"]) for st in sysb["stacks"])
    known = [f"stack {i + 1}, place {k['position'] + 1}: {k['name']}"
             for i, st in enumerate(sysb["stacks"]) for k in st["known"]]
    t.add_row("grey corners", grey, "")
    t.add_row("face-down stacks", stacks + (f" (known: {'; '.join(known)})" if known else ""), "")
    t.add_row("sentinels waiting", str(sysb["waiting_sentinels"]), "")
    return t


def _sentinels(v: dict[str, Any]) -> Text:
    t = Text("Sentinels: ", "bold")
    first = True
    for s in v["sentinels"]:
        if s["space"] and not first:
            t.append("  ")
        first = first and not s["space"]
        if not s["space"]:
            continue
        t.append(ABILITY_LETTER.get(s["symbol"] or "", "?"), SENTINEL_STYLE)
        t.append(f" sentinel {s['number']} on {place_name(s['space'])} "
                 f"({s['symbol'] or 'symbol hidden'})")
    waiting = sum(1 for s in v["sentinels"] if not s["space"])
    t.append(f"{'  ' if not first else ''}{waiting} waiting on the System board")
    info = v.get("sentinel_card_info")
    if info:
        t.append("\nSentinel card in play: ")
        t.append(info["name"], "bold")
        t.append(f" -- {info['text']}")
    return t


def _ability(p: dict[str, Any], a: str) -> Text:
    t = Text(str(p["scores"][a]))
    if a in p["reroll"]:
        t.append("R", "bold red")
    return t


def _run_location(v: dict[str, Any], space: str | None) -> bool:
    kind = _spaces()[space]["kind"] if space in _spaces() else ""
    if kind in ("run", "tunnel"):
        return True
    return any(b["space"] == space and b["revealed"] and b["tile"] == "helipad"
               for b in v["buildings"])


def _prisoners(v: dict[str, Any]) -> Table:
    letters = map_letters(v["prisoners"])
    t = Table(title="Prisoners", title_justify="left", show_edge=False, pad_edge=False)
    for col in ("player", "", "name", "profession", "SMA", "TOU", "SKI", "marker", "where"):
        t.add_column(col, justify="right" if col in ("SMA", "TOU", "SKI") else "left")
    for p in sorted(v["prisoners"], key=lambda p: (p["owner"], p["name"])):
        st = seat_style(p["owner"])
        if p["status"] == "escaped":
            where = Text("ESCAPED", "bold green")
        elif p["status"] == "out":
            where = Text("out of the game", "dim red")
        else:
            where = Text(place_name(p["space"]))
            if p.get("may_run", p["ready"] and _run_location(v, p["space"])):
                where.append(" (may start a Run)", "dim")
        t.add_row(Text(seat_name(v, p["owner"]), st), Text(letters[p["id"]], st),
                  Text(p["name"], st),
                  p["profession"], _ability(p, "smarts"), _ability(p, "toughness"),
                  _ability(p, "skills"), MARKER.get(p["marker"], p["marker"] or "-"), where)
    return t


def _hands(v: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = []
    me = v.get("seat")
    for h in v["hands"]:
        if h["seat"] == me and "cards" in h:
            t = Table(title=f"Your hand ({seat_name(v, me)}): {count(h['size'], 'card')}",
                      title_justify="left", show_edge=False, pad_edge=False)
            t.add_column("card", style="bold")
            t.add_column("deck")
            t.add_column("when")
            t.add_column("effect", overflow="fold")
            for c in h["cards"]:
                t.add_row(c["name"], c["deck"], TIMING.get(c["timing"], c["timing"]), c["text"])
            if not h["cards"]:
                t.add_row("(none)", "", "", "")
            parts.append(t)
    others = Text("Hands: ", "bold")
    for i, h in enumerate(h for h in v["hands"] if h["seat"] != me):
        if i:
            others.append("   ")
        decks = ", ".join(f"{d} {n}" for d, n in h["decks"].items() if n)
        others.append(seat_name(v, h["seat"]), seat_style(h["seat"]))
        others.append(f" {count(h['size'], 'card')}" + (f" ({decks})" if decks else ""))
    parts.append(others)
    return Group(*parts)


def _decks(v: dict[str, Any]) -> Text:
    d = v["decks"]
    t = Text("Escape decks: ", "bold")
    t.append("  ".join(f"{k} {e['pile']} (discard {len(e['discard'])})"
                       for k, e in d["escape"].items()))
    for k, e in d["escape"].items():
        names = e.get("discard_names") or []
        if names:
            t.append(f"\n  {k} discards: ", "dim")
            t.append(", ".join(names[-6:]) + (f" (+{len(names) - 6} older)"
                                              if len(names) > 6 else ""))
    t.append("\nRun decks: ", "bold")
    t.append("  ".join(f"{k} {r['pile']}" + (f" +{r['red_aside']} red aside"
                                              if r["red_aside"] else "")
                       for k, r in d["run"].items()))
    t.append(f"   set aside {len(d['run_out'])}")
    out = d.get("run_out_cards") or []
    if out:
        t.append("\n  Run cards set aside: ", "dim")
        t.append(", ".join(f"{c['name']} ({c['method']}, {' + '.join(c['abilities'])} "
                           f"{c['target']})" for c in out[-6:])
                 + (f" (+{len(out) - 6} older)" if len(out) > 6 else ""))
    t.append("\nSentinel deck: ", "bold")
    t.append(f"{d['sentinel']['pile']} (discard {len(d['sentinel']['discard'])})")
    discards = d.get("sentinel_discard_cards") or []
    if discards:
        t.append(f"; last discarded: {discards[-1]['name']} -- {discards[-1]['text']}")
    return t


def _run(v: dict[str, Any]) -> Panel | None:
    r = v["run"]
    if r is None:
        return None
    names = _names(v)
    lines = [Text(f"Led by {seat_name(v, r['leader'])}, a {r['method']} Run from "
                  f"{place_name(r['space'])}: "
                  + listing([names[q] for q in r["prisoners"]])
                  + f"; {count(r['cards_left'], 'Run card')} still face down")]
    done = [sc for sc in r.get("shown_cards", []) if not c_is_current(sc, r)]
    if done:
        lines.append(Text("Faced so far: " + "; ".join(
            f"{sc['name']} ({' + '.join(sc['abilities'])}, needs {sc['target']})"
            for sc in done), "dim"))
    c = r["card"]
    if c:
        head = Text(f"{c['name']}", "bold red" if c["red"] else "bold")
        head.append(f" (needs {c['target']}): {c['text']}")
        lines.append(head)
    if r["rollers"]:
        who = " + ".join(names[q] for q in r["rollers"])
        lines.append(Text(f"{who} with {' + '.join(r['abilities'])}: {r['base']} + die "
                          f"{r['die']} + bonus {r['bonus']} = {r['total']}"
                          + (f" against {c['target']}" if c else "")
                          + ("  (an R re-roll is open)" if r["reroll"] else ""), "bold"))
    flags = [w for w in ("skipped", "saved", "aborted") if r[w]]
    if flags:
        lines.append(Text(", ".join(flags), "yellow"))
    return Panel(Group(*lines), title="Run under way", border_style="cyan")


def c_is_current(card: dict[str, Any], run: dict[str, Any]) -> bool:
    """Whether a shown Run card is the one being faced now."""
    return bool(run.get("card")) and card["id"] == run["card"]["id"]


def _last_result(v: dict[str, Any]) -> Panel | None:
    """The last attack or Run challenge settled: dice, totals and the winner."""
    last = v.get("last_result")
    if not last:
        return None
    if last["kind"] == "attack":
        who = last["attacker"] or "the attacker"
        head = Text(f"{who} against {last['name']}"
                    + (f" on {last['ability']}" if last["ability"] else ""), "bold")
        if last["called_off"]:
            return Panel(Group(head, Text("called off", "yellow")), title="Last attack",
                         border_style="dim")
        body = Text(f"prisoner {last['prisoner_total']} (orange die {last['orange_die']}) "
                    f"against attacker {last['attacker_total']} (red die {last['red_die']}): ")
        won = last["winner"] == "prisoner"
        body.append(f"won by {last['name'] if won else who}",
                    "bold green" if won else "bold red")
        return Panel(Group(head, body), title="Last attack", border_style="dim")
    names = " and ".join(last["names"]) or "?"
    head = Text(f"{last['card']}: {names} with {' + '.join(last['abilities']) or '?'}", "bold")
    body = Text(f"{last['total']} (die {last['die']}) against {last['target']}: ")
    body.append("passed" if last["passed"] else "failed",
                "bold green" if last["passed"] else "bold red")
    return Panel(Group(head, body), title="Last Run challenge", border_style="dim")


def _attack(v: dict[str, Any]) -> Panel | None:
    a = v["attack"]
    if a is None:
        return None
    names = _names(v)
    by = a["attacker"]
    lines = [Text(f"{names[a['prisoner']]} is attacked by {by} on {a['ability']}"
                  + (f" (sent by {seat_name(v, a['by'])})" if a["by"] is not None else ""),
                  "bold"),
             Text(f"prisoner: {a['prisoner_start']} + orange die {a['die']} + bonus "
                  f"{a['prisoner_bonus']} = {a['prisoner_total']}"
                  + ("  (an R re-roll is open)" if a["reroll"] else "")),
             Text(f"attacker: {a['attacker_start']} + red die + bonus {a['attacker_bonus']}"
                  "  (ties go to the attacker)")]
    if a["called_off"]:
        lines.append(Text("called off", "yellow"))
    return Panel(Group(*lines), title="Attack", border_style="red")


def _header(v: dict[str, Any]) -> Text:
    t = Text("ESCAPE RUN: ALCATRAZ 2034", "bold")
    t.append(f"   turn {v['turn']}, ")
    t.append(seat_name(v, v["active"]), seat_style(v["active"]))
    t.append(" to play" + (" (has acted)" if v["acted"] else ""))
    if v.get("seat") is not None:
        t.append("   you are ")
        t.append(seat_name(v, v["seat"]), seat_style(v["seat"]))
    else:
        t.append("   (spectator)")
    t.append("\nPoints: ")
    for i, pts in enumerate(v["points"]):
        if i:
            t.append("  ")
        t.append(seat_name(v, i), seat_style(i))
        t.append(f" {pts}")
    tok = v.get("token")
    escaped = ", ".join(f"{seat_name(v, i)} {e}" for i, e in enumerate(v["escaped"]))
    t.append(f"   (escaped: {escaped}; "
             + (f"token with {seat_name(v, tok)}" if tok is not None else "token not won yet")
             + ")")
    return t


def _events(v: dict[str, Any], n: int = 8) -> Panel | None:
    log = v.get("log") or []
    if not log:
        return None
    return Panel(Text("\n".join(e["text"] for e in log[-n:])), title="Recent events",
                 border_style="dim")


def _end(v: dict[str, Any]) -> RenderableType | None:
    if v["outcome"]:
        o = v["outcome"]
        style = "bold green" if o.get("winners") else "bold red"
        return Panel(Text(o.get("detail", ""), style=style), title="Game over")
    if v["pending"]:
        return Text("Now: " + v["pending"]["prompt"], style="bold")
    return None


def render(v: dict[str, Any], limit: int = TABLE_ROWS) -> RenderableType:
    """The compact table as seen by the view's seat: the header, the Run or attack under way,
    the hands, the prisoners and as much more as fits (the island: ``m``; all: ``t``)."""
    return fit([(0, _header(v)), (7, _system(v)), (5, _sentinels(v)), (4, _prisoners(v)),
                 (3, _hands(v)), (8, _decks(v)), (1, _run(v)), (1, _attack(v)),
                 (2, _last_result(v)), (6, _events(v, 5)), (0, _end(v))], limit)


def island(v: dict[str, Any]) -> RenderableType:
    """The island map with its legend and the sentinels."""
    return Group(_header(v), IslandMap(v), legend(), _sentinels(v))


def table(v: dict[str, Any]) -> RenderableType:
    """The whole table as seen by the view's seat."""
    parts: list[RenderableType] = [_header(v), IslandMap(v), legend(), _system(v), _sentinels(v),
                                   _prisoners(v), _hands(v), _decks(v)]
    for extra in (_run(v), _attack(v), _last_result(v), _events(v), _end(v)):
        if extra is not None:
            parts.append(extra)
    return Group(*parts)


KEYS = {"m": ("the island map", island), "t": ("the whole table", table)}
"""Letters typed in the menu: the bulky parts of the table."""


# -- the menu's sub-steps ---------------------------------------------------------

def _where(space: str) -> str:
    """A space as the game calls it, with what kind of space it is when that matters."""
    s = _spaces()[space]
    kind = s["kind"]
    extra = {"run": f"{s['method']} Run space", "building": "building"}.get(kind)
    return place_name(space) + (f" ({extra})" if extra else "")


def menu_path(a: Action, v: dict[str, Any]) -> list[str]:
    """The menu steps leading to an action; the last one names the action itself.

    Example: a walk of Cole to the coast road by Sandy Cove is ``["move a prisoner",
    "Cole (in the Main Cell Block)", "walking (up to 6)", "to the coast road by Sandy Cove,
    8 steps"]``; an Escape card is ``["play an Escape card", "Brute Force",
    "play Brute Force on Sue"]``.
    """
    data = a.to_json()
    kind = data["kind"]
    if kind == "move":
        p = next((q for q in v["prisoners"] if q["id"] == data["prisoner"]), None)
        at = f" (on {place_name(p['space'])})" if p and p["space"] else ""
        steps = next((d["steps"] for d in (v.get("moves") or {}).get(data["prisoner"], {})
                      .get(data["way"], []) if d["space"] == data["to"]), None)
        far = f", {count(steps, 'step', zero='0')}" if steps is not None else ""
        return ["move a prisoner", _name(v, data["prisoner"]) + at,
                WAY_WORDS.get(data["way"], str(data["way"])), "to " + _where(data["to"]) + far]
    if kind == "move_sentinel":
        s = next((q for q in v["sentinels"] if q["number"] == data["sentinel"]), None)
        at = (f" (on {place_name(s['space'])}, {s['symbol'] or 'symbol hidden'})"
              if s and s["space"] else "")
        return ["move a sentinel", f"sentinel {data['sentinel']}{at}", "to " + _where(data["to"])]
    if kind == "play":
        card = _card_name(v, data["card"])
        if data["target"]:
            return ["play an Escape card", card, a.label()]
        return ["play an Escape card", a.label()]
    if kind == "assign":
        who = _name(v, data["first"])
        if data["second"]:
            who += " and " + _name(v, data["second"])
        return ["choose who takes the challenge", who, a.label()]
    if kind == "place_sentinel":
        return ["place a sentinel", "on " + _where(data["to"])]
    return [a.label()]


def _card_name(v: dict[str, Any], card: str) -> str:
    """The title of an Escape card in the seat's own hand."""
    me = v.get("seat")
    for h in v["hands"]:
        if h["seat"] == me:
            for c in h.get("cards", []):
                if c["id"] == card:
                    return str(c["name"])
    return "an Escape card"
