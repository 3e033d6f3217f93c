"""Escape from New York in the terminal: the map, New York's board, the Heroes, the menus.

``render(view)`` draws one seat's view (never anything the view leaves out):

* the header (turn, whose turn, who you are);
* New York's board: the Noise track, the Mission cubes, the Event Level, the Timer
  deck (tiles left, red tiles, Hurry Up), the New York deck and the back of its top
  card, the Prisoner Bonuses in force, the Bosses and their Hit Points, the Case
  spaces, the President, the Gullfire and the Helicopter, the piles;
* the map (:class:`CityMap`): one 5 x 5 box per space in offset columns, odd
  columns half a box lower, so each box touches its six neighbours. A gap in a
  box's wall is a road, a wall is none, ``X`` a Roadblock; unrevealed spaces have
  dotted walls. Inside: the space's name, shortened (``Chels`` for Chelsea), what
  lies there (``LIB``, ``POI?``, a Building, ``!`` Event icon, ``o`` Manhole, ``r``
  Raft...), the Heroes (coloured initials), the Enemies (``3P`` Prisoners, ``1C``
  Cars driven by Prisoners, ``Du``/``Ro``/``Sl`` Bosses) and the pieces (``2i`` Item
  cubes, ``#1`` Case tokens, ``G`` Gullfire, ``H`` Helicopter, ``c`` an abandoned
  Car); the bridges ``Br1``-``Br4`` in the river; then every occupied space in
  words, by its name and what lies face up on it;
* every Hero's public state, and for the seat at the keyboard its hand (name,
  Noise, effect in words), discards, supply, Weapon, objectives and what it
  looked at;
* the cards played this turn, the latest public events and the decision pending.

Everything is named as the game names it: spaces by the names the board prints
(and the view's ``called``, what lies face up there), Enemies, Heroes, cards and
tiles by their names in the view and the assets; the engine's prompts, labels and
sentences are shown as they are. ``menu_path`` groups long lists (Play a card ▸
card, Move ▸ space, Trick an Enemy ▸ Enemy ▸ side, Free actions ▸ ...), its group
headers in this module's own words, each path ending with the engine's label;
``menu_order`` keeps the step's own choices first, then "done", then the free
actions.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from getaway.cli.render import TABLE_ROWS, fit
from getaway.core.actions import Action
from getaway.core.words import count, upper_first
from getaway.games.new_york import words as wd

SHOWS_EVENTS = True
"""The view draws the public log itself (the terminal need not repeat it)."""

SEAT_STYLE = ("bold cyan", "bold magenta", "bold green", "bold yellow")
SIDES = ("N", "NE", "SE", "S", "SW", "NW")
OPPOSITE = {d: SIDES[(i + 3) % 6] for i, d in enumerate(SIDES)}
BOSS_MARK = {"duke": "Du", "romero": "Ro", "slag": "Sl"}
BUILDING_MARK = {"library": "LIB", "surgery": "SURG", "gun_shop": "GUN", "shelter": "SHEL"}
BUILDING_WORDS = {"library": "Library: draw an Item or take back a random discard",
                  "surgery": "Surgery: take back up to 2 chosen discards",
                  "gun_shop": "Gun Shop: draw 2 Items and keep 1, or reload 2 Ammo",
                  "shelter": "Shelter: no damage to a Hero here"}
POI_MARK = {"duke-camp": "CAMP", "nothing-here": "NADA", "romero-hideout": "HIDE",
            "slag-arena": "ARNA", "penn-station": "PENN", "escape-pod": "POD",
            "gang-hall": "GANG", "broadway-theater": "THTR", "crazies-sewer": "SEWR",
            "chock-full-o-nuts": "NUTS"}
ICON_MARK = {"event": "!", "manhole": "o", "raft": "r"}
TRANSPORT_WORDS = {"gullfire": "fly off on the Gullfire", "helicopter": "leave by Helicopter",
                   "raft": "cross the river on a Raft"}
MAP_WIDTH = 100
CELL_W = 6
"""A box's pitch: 5 characters inside, 1 shared wall."""
CELL_H = 6
"""A box's pitch in lines: 5 inside, 1 shared wall; odd columns sit 3 lines lower."""
TOP = 1
"""River lines above the first row (Bridge 4's label)."""
WALL_STYLE = "grey50"
RIVER_STYLE = "blue"


# -- the game's fixed data --------------------------------------------------------

@cache
def _assets() -> dict[str, Any]:
    from getaway.games.new_york import GAME

    return GAME.assets()


@cache
def _space_table() -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in _assets()["map"]["spaces"]}


@cache
def _cells() -> dict[tuple[int, int], str]:
    return {(s["col"], s["row"]): s["id"] for s in _assets()["map"]["spaces"]}


@cache
def _bridges() -> dict[tuple[str, str], int]:
    return {(b["space"], b["side"]): int(b["number"]) for b in _assets()["map"]["bridges"]}


def _name(kind: str, cid: str | None) -> str:
    """The printed name of a card or tile of a kind of ``assets``."""
    if cid is None:
        return "-"
    entry = _assets()[kind].get(cid)
    return str(entry["name"]) if entry else "a card"


def card_name(card: str) -> str:
    """An Action card's name."""
    return _name("actions", card)


def item_name(item: str) -> str:
    """An Item, Weapon, Diagram or Car card's name."""
    return _name("items", item)


def code_name(code: str) -> str:
    """A supply card's name: an Item, a Case card or the President."""
    if code == _assets()["president"]["id"]:
        return str(_assets()["president"]["name"])
    if code in _assets()["cases"]:
        return _name("cases", code)
    return item_name(code)


def code_text(code: str) -> str:
    """What a supply card does, in words ('' when nothing)."""
    for kind in ("items", "cases"):
        entry = _assets()[kind].get(code)
        if entry:
            return str(entry["text"])
    return ""


def seat_style(seat: int) -> str:
    """The colour of a seat's Hero."""
    return SEAT_STYLE[seat % len(SEAT_STYLE)]


def _hero(v: dict[str, Any], seat: int) -> dict[str, Any] | None:
    return next((h for h in v["heroes"] if h["seat"] == seat), None)


def who(v: dict[str, Any], seat: int) -> str:
    """A seat as the game names it: its Hero (``Snake Plissken``)."""
    h = _hero(v, seat)
    return str(h["name"]) if h else "a Hero"


def space_name(space: str) -> str:
    """A space by the name the board prints there, as the action labels name it."""
    return str(_space_table()[space]["name"])


def _short(name: str, width: int) -> list[str]:
    words = re.findall(r"[A-Za-z]+", name.removeprefix("the "))
    if len(words) == 1:
        out = [words[0][:width]]
    else:
        first, rest = words[0], words[1:]
        out = [first[:max(1, width - len(rest))] + "".join(w[0] for w in rest),
               "".join(w[0].upper() for w in words)[:width], first[:width - 1] + rest[-1][0]]
    return [*out, name.removeprefix("the ").replace(" ", "")[:width]]


@cache
def short_names(width: int) -> dict[str, str]:
    """Every space's name cut to ``width`` letters for its box on the map (``Chels``,
    ``ChelP`` for the Chelsea Piers), each told apart from the others."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for sid, sp in _space_table().items():
        tries = _short(str(sp["name"]), width)
        mark = next((t for t in tries if t not in taken), "")
        n = 2
        while not mark or mark in taken:
            mark = f"{tries[0][:width - 1]}{n}"
            n += 1
        taken.add(mark)
        out[sid] = mark
    return out


# -- what lies on a space ---------------------------------------------------------

def _spaces(v: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in v["spaces"]}


def space_words(v: dict[str, Any], space: str) -> str:
    """A space by its name, with what it is called now when a tile or a POI shows there
    under another name: ``Tribeca (Romero's Hideout)``."""
    name = space_name(space)
    sp = _spaces(v).get(space)
    called = str(sp.get("called", name)) if sp else name
    return name if called == name else f"{name} ({called})"


def enemy_words(v: dict[str, Any], e: dict[str, Any], where: bool = True) -> str:
    """An Enemy in words: ``Prisoner 3 in Chelsea (1/2 HP, tricked)``, ``Romero (3/5 HP)``."""
    full = int(e["full_hp"])
    left = int(e["hp"]) if "hp" in e else full - int(e.get("damage", 0))
    notes = [f"{left}/{full} HP"]
    if e.get("tricked"):
        notes.append("tricked")
    at = f" in {space_words(v, e['space'])}" if where else ""
    return f"{upper_first(str(e['name']))}{at} ({', '.join(notes)})"


def _enemy(v: dict[str, Any], eid: str) -> dict[str, Any] | None:
    return next((e for e in v["enemies"] if e["id"] == eid), None)


def _bare(name: str) -> str:
    return name.lower().removeprefix("the ")


def place_words(sp: dict[str, Any]) -> str:
    """What a space shows: its tile (unless the space bears its name), a POI, or that it
    is not revealed yet."""
    parts = []
    if sp.get("tile"):
        t = _assets()["tiles"].get(sp["tile"], {})
        name = str(t.get("name", "a tile"))
        building = BUILDING_WORDS[t["building"]].split(":")[0] if t.get("building") else ""
        if _bare(name) != _bare(space_name(sp["id"])):
            parts.append(name)
        if building and building not in name:
            parts.append(f"a {building}")
    poi = sp.get("poi")
    if poi == "face-down":
        seen = sp.get("poi_seen")
        parts.append(f"a face-down POI (you saw {_name('pois', seen)})" if seen
                     else "a face-down POI")
    elif poi:
        parts.append(f"{_name('pois', poi)}, a POI")
    if not parts and sp.get("revealed"):
        return ""
    if not parts:
        kind = _space_table()[sp["id"]]["kind"]
        parts.append("an unrevealed park space" if kind == "park" else "not revealed yet")
    sub = sp.get("suburb")
    if sub == "face-down":
        parts.append("a face-down Suburb token")
    elif sub:
        parts.append(f"a Suburb token with {wd.ICON_WORDS.get(sub, 'an icon')}")
    return ", ".join(parts)


def pieces_words(v: dict[str, Any], space: str, heroes: bool = True) -> list[str]:
    """Everything on a space, in words (Heroes, Enemies, cubes, tokens, counters)."""
    out: list[str] = []
    if heroes:
        out += [who(v, h["seat"]) for h in v["heroes"] if h["space"] == space]
    prisoners = [e for e in v["enemies"] if e["space"] == space and e["id"] not in BOSS_MARK]
    bosses = [e for e in v["enemies"] if e["space"] == space and e["id"] in BOSS_MARK]
    out += [enemy_words(v, e, where=False) for e in bosses]
    if prisoners:
        plain = [e for e in prisoners if not e["id"].startswith("car")]
        cars = [e for e in prisoners if e["id"].startswith("car")]
        special = [e for e in prisoners if e.get("damage") or e.get("tricked")]
        if plain:
            out.append(count(len(plain), "Prisoner"))
        if cars:
            out.append(count(len(cars), "Car driven by a Prisoner",
                             "Cars driven by Prisoners"))
        out += [enemy_words(v, e, where=False) for e in special]
    sp = _spaces(v)[space]
    if sp.get("items"):
        out.append(count(int(sp["items"]), "Item cube"))
    out += [f"Case token {c['case']}" for c in v["case_spaces"] if c["token"] == space]
    out += ["an abandoned Car"] * v["abandoned_cars"].count(space)
    if v["gullfire"] == space:
        out.append("the Gullfire")
    if v["helicopter"]["space"] == space:
        out.append("the Helicopter" + (" (landed)" if v["helicopter"]["landed"] else ""))
    return out


# -- the map ----------------------------------------------------------------------

Cell = tuple[str, str]


class CityMap:
    """Manhattan as a character grid of offset-column boxes (at most 100 wide)."""

    def __init__(self, v: dict[str, Any]) -> None:
        self.v = v
        self.sp = _spaces(v)
        self.blocks = {(r["space"], r["side"]) for r in v["roadblocks"] if r["up"]}
        self.inner = CELL_W - 1
        self.corners: set[tuple[int, int]] = set()

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text(min(MAP_WIDTH, options.max_width))

    # geometry -----------------------------------------------------------------------

    def origin(self, col: int, row: int) -> tuple[int, int]:
        """The top-left corner (x, y) of a box."""
        first = min(c for c, _ in _cells())
        return ((col - first) * (self.inner + 1),
                (row - 1) * CELL_H + (CELL_H // 2 if col % 2 else 0) + TOP)

    @staticmethod
    def needs(inner: int) -> int:
        """The width of the map with boxes ``inner`` characters wide."""
        cols = [c for c, _ in _cells()]
        return (max(cols) - min(cols) + 1) * (inner + 1) + 1

    def text(self, width: int = MAP_WIDTH) -> Text:
        """The map as one block of text: 5-character boxes (91 columns) when ``width``
        allows, else 4-character boxes (76 columns) with the spaces' names cut shorter."""
        self.inner = CELL_W - 1 if width >= self.needs(CELL_W - 1) else CELL_W - 2
        cols = [c for c, _ in _cells()]
        rows = [r for _, r in _cells()]
        width = self.needs(self.inner)
        height = self.origin(0, max(rows))[1] + CELL_H + 2
        grid: list[list[Cell]] = [[(" ", "")] * width for _ in range(height)]

        def put(x: int, y: int, s: str, style: str = "") -> None:
            for i, ch in enumerate(s):
                if 0 <= x + i < width and 0 <= y < height:
                    grid[y][x + i] = (ch, style)

        for col in range(min(cols), max(cols) + 1):
            for row in range(min(rows) - 1, max(rows) + 2):
                if (col, row) not in _cells():
                    self._river(put, col, row)
        self.corners = set()
        for (col, row), sid in _cells().items():
            self._box(put, col, row, sid)
        walls = set("│─┊┈X")
        for cx, cy in self.corners:
            near = [grid[yy][xx][0] for xx, yy in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1),
                                                    (cx, cy + 1))
                    if 0 <= xx < width and 0 <= yy < height]
            if any(ch in walls for ch in near):
                put(cx, cy, "+", WALL_STYLE)
            else:
                put(cx, cy, "·", WALL_STYLE)
        for (sid, side), number in _bridges().items():
            self._bridge(put, sid, side, number)
        out = Text(no_wrap=True, overflow="crop")
        for y, line in enumerate(grid):
            if y:
                out.append("\n")
            last = len(line)
            while last and line[last - 1][0] == " ":
                last -= 1
            for ch, st in line[:last]:
                out.append(ch, st)
        return out

    def _river(self, put: Any, col: int, row: int) -> None:
        x, y = self.origin(col, row)
        for i in range(1, CELL_H):
            put(x + 1, y + i, (" ~   " if (i + col) % 2 else "   ~ ")[:self.inner], RIVER_STYLE)

    def _bridge(self, put: Any, sid: str, side: str, number: int) -> None:
        s = _space_table()[sid]
        x, y = self.origin(s["col"], s["row"])
        closed = (sid, side) in self.blocks
        label = f"Br{number}"
        style = "bold red" if closed else "bold white"
        pad = " " * (self.inner - 4)
        if side == "S":
            put(x + 1, y + CELL_H + 1, f"{pad}{label} ", style)
            put(x + 1, y + CELL_H + 2, f"{pad} ║  ", style)
        else:
            put(x + 1, y - 1, f"{pad}{label} ", style)

    # one box ------------------------------------------------------------------------

    def _open(self, sid: str | None) -> bool:
        if sid is None:
            return False
        sp = self.sp[sid]
        return bool(sp["revealed"] or sp.get("poi"))

    def _roads(self, sid: str) -> set[str]:
        sp = self.sp[sid]
        if sp.get("poi") or _space_table()[sid]["kind"] == "library":
            return set(SIDES)
        if sp.get("tile"):
            return set(_assets()["tiles"].get(sp["tile"], {}).get("roads", []))
        return set()

    def side_kind(self, sid: str, side: str) -> str:
        """``road``, ``wall``, ``block`` (a face-up Roadblock), ``bridge`` or ``unknown``."""
        other = _space_table()[sid]["neighbours"].get(side)
        if (sid, side) in self.blocks or (other is not None
                                          and (other, OPPOSITE[side]) in self.blocks):
            return "block"
        if other is None:
            return "bridge" if (sid, side) in _bridges() else "wall"
        if (self._open(sid) and side in self._roads(sid)) or (
                self._open(other) and OPPOSITE[side] in self._roads(other)):
            return "road"
        if self._open(sid) or self._open(other):
            return "wall"
        return "unknown"

    def _box(self, put: Any, col: int, row: int, sid: str) -> None:
        x, y = self.origin(col, row)
        sp = self.sp[sid]
        seen = self._open(sid)
        # walls
        w = self.inner + 1
        spots = {"N": [(x + i, y) for i in range(1, w)],
                 "S": [(x + i, y + CELL_H) for i in range(1, w)],
                 "NE": [(x + w, y + 1), (x + w, y + 2)],
                 "SE": [(x + w, y + 4), (x + w, y + 5)],
                 "SW": [(x, y + 4), (x, y + 5)], "NW": [(x, y + 1), (x, y + 2)]}
        for side, cells in spots.items():
            kind = self.side_kind(sid, side)
            flat = side in ("N", "S")
            for i, (cx, cy) in enumerate(cells):
                if kind in {"road", "bridge"}:
                    ch, st = " ", ""
                elif kind == "block":
                    ch, st = (("X", "bold red") if not flat or i == (w - 2) // 2
                              else ("─", WALL_STYLE))
                elif kind == "wall":
                    ch, st = ("─" if flat else "│"), WALL_STYLE
                else:
                    ch, st = ("┈" if flat else "┊"), "grey30"
                put(cx, cy, ch, st)
        self.corners.update(((x, y), (x + w, y), (x, y + 3), (x + w, y + 3),
                             (x, y + CELL_H), (x + w, y + CELL_H)))
        # inside
        is_cur = any(h["space"] == sid and h["seat"] == self.v["current"]
                     for h in self.v["heroes"])
        label = short_names(self.inner)[sid]
        put(x + 1, y + 1, label, "bold" if is_cur else ("" if seen else "grey50"))
        mark, style = self._place(sp)
        put(x + 1, y + 2, mark[:self.inner], style)
        col_x = x + 1
        for h in self.v["heroes"]:
            if h["space"] == sid and col_x < x + w:
                letter = h["hero"][0].upper()
                st = seat_style(h["seat"]) + (" reverse" if h["seat"] == self.v["current"]
                                              else "")
                put(col_x, y + 3, letter, st)
                col_x += 1
        put(x + 1, y + 4, *self._enemies(sid))
        put(x + 1, y + 5, *self._things(sid))

    def _place(self, sp: dict[str, Any]) -> tuple[str, str]:
        """The second line of a box: the tile, POI or Building, then its icons."""
        sid = sp["id"]
        kind = _space_table()[sid]["kind"]
        icons: list[str] = []
        mark, style = "", ""
        if sp.get("tile"):
            t = _assets()["tiles"].get(sp["tile"], {})
            icons = [ICON_MARK[i] for i in t.get("icons", []) if i in ICON_MARK]
            if t.get("building"):
                mark, style = BUILDING_MARK[t["building"]], "bold"
            elif sp["tile"] == "wtc":
                mark, style = "WTC", "bold"
            elif t.get("deck") == "park":
                mark, style = "PARK", "green"
        elif kind == "park":
            mark, style = "park", "dim green"
        poi = sp.get("poi")
        if poi == "face-down":
            seen = sp.get("poi_seen")
            mark = (POI_MARK.get(seen, "POI").lower()[:self.inner - 1] + "?") if seen else "POI?"
            style = "bold yellow"
        elif poi:
            mark, style = POI_MARK.get(poi, "POI"), "bold yellow"
            icons = [ICON_MARK[i] for i in _assets()["pois"].get(poi, {}).get("icons", [])
                     if i in ICON_MARK]
        sub = sp.get("suburb")
        if sub == "face-down":
            if not mark:
                mark, style = "sub?", "dim"
        elif sub in ICON_MARK:
            icons.append(ICON_MARK[sub])
        marks = "".join(dict.fromkeys(icons))
        room = self.inner - len(marks)
        if len(mark) > room:
            mark = mark[:max(room, 0)]
        return (mark + marks if mark else marks), style

    def _enemies(self, sid: str) -> tuple[str, str]:
        here = [e for e in self.v["enemies"] if e["space"] == sid]
        bosses = "".join(BOSS_MARK[e["id"]] for e in here if e["id"] in BOSS_MARK)
        walkers = sum(1 for e in here if e["id"].startswith("p"))
        cars = sum(1 for e in here if e["id"].startswith("car"))
        text = bosses + (f"{walkers}P" if walkers else "") + (f"{cars}C" if cars else "")
        return self._fit(text), "bold red"

    def _things(self, sid: str) -> tuple[str, str]:
        v = self.v
        sp = self.sp[sid]
        text = f"{sp['items']}i" if sp.get("items") else ""
        text += "".join(f"#{c['case']}" for c in v["case_spaces"] if c["token"] == sid)
        text += "G" if v["gullfire"] == sid else ""
        text += "H" if v["helicopter"]["space"] == sid else ""
        text += "c" * v["abandoned_cars"].count(sid)
        return self._fit(text), "bold cyan"

    def _fit(self, text: str) -> str:
        """``text`` cut to a box's width, a ``+`` marking what was cut."""
        return text if len(text) <= self.inner else text[:self.inner - 1] + "+"


def legend() -> Text:
    """What the map's marks mean (four lines, each under 100 characters)."""
    t = Text()
    lines = (
        (("S M B C", "bold", " Heroes (reversed: to play)  "),
         ("2P", "bold red", " Prisoners  "), ("1C", "bold red", " Prisoners in Cars  "),
         ("Du Ro Sl", "bold red", " Bosses")),
        (("2i", "bold cyan", " Item cubes  "), ("#1", "bold cyan", " Case token  "),
         ("G", "bold cyan", " Gullfire  "), ("H", "bold cyan", " Helicopter  "),
         ("c", "bold cyan", " abandoned Car  "), ("! o r", "bold", " Event, Manhole, Raft")),
        (("LIB SURG GUN SHEL", "bold", " Buildings  "),
         ("PARK", "green", " Central Park (park: unrevealed)  "),
         ("POI?", "bold yellow", " face-down POI (camp?: seen)"),
),
        (("CAMP NADA HIDE ARNA PENN POD GANG THTR SEWR NUTS", "bold yellow", " POIs   "),
         ("sub?", "dim", " face-down Suburb token")),
        (("gap", "bold", " in a wall: a road   "), ("│ ─", WALL_STYLE, " no road   "),
         ("X", "bold red", " Roadblock   "), ("┊ ┈", "grey30", " not known yet   "),
         ("Br1", "bold white", " Bridge 1")),
    )
    for i, line in enumerate(lines):
        if i:
            t.append("\n")
        for mark, style, words in line:
            t.append(mark, style)
            t.append(words, "dim")
    return t


# -- New York's board --------------------------------------------------------------

def _track(filled: int, total: int, style: str) -> Text:
    t = Text("■" * filled, style)
    t.append("□" * max(0, total - filled), "dim")
    return t


def _header(v: dict[str, Any]) -> Text:
    t = Text("ESCAPE FROM NEW YORK", "bold")
    t.append(f"   turn {v['turn']}: ")
    t.append(who(v, v["current"]), seat_style(v["current"]))
    t.append(" plays   ")
    seat = v.get("seat")
    if seat is not None and _hero(v, seat):
        t.append("you are ")
        t.append(who(v, seat), seat_style(seat))
    else:
        t.append("(spectator)")
    return t


def _new_york(v: dict[str, Any]) -> Table:
    a = _assets()
    t = Table(title="New York's board", title_justify="left", show_header=False,
              show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    t.add_column(style="bold", no_wrap=True)
    t.add_column(overflow="fold")
    noise = Text()
    noise.append_text(_track(v["noise"], a["noise_max"], "bold red"))
    noise.append(f" {v['noise']}/{a['noise_max']}   ")
    noise.append("Mission cubes ", "bold")
    noise.append_text(_track(v["mission"], a["mission_cubes"], "bold magenta"))
    noise.append(f" {v['mission']}/{a['mission_cubes']}   ")
    noise.append("Event Level ", "bold")
    track = a["event_track"]
    pos = int(v["event_position"])
    noise.append(f"{v['event_level']} ")
    noise.append("(track " + " ".join(f"[{x}]" if i == pos else str(x)
                                      for i, x in enumerate(track)) + ")", "dim")
    t.add_row("Noise", noise)
    tm = v["timer"]
    timer = Text(f"{count(tm['left'], 'tile', zero='0')} left ({tm['red_left']} red), top ")
    timer.append("RED" if tm["top_red"] else "black", "bold red" if tm["top_red"] else "")
    lone = (v["president"]["found"] or v["president"]["dead"] or tm["top_red"]
            or v["hurry_up"])
    timer.append(" · Lone Victory " + ("OPEN" if lone else "not yet"),
                 "bold magenta" if lone else "")
    timer.append(" · Hurry Up ")
    timer.append("REVEALED: Level 3 suffices"
                 if v["hurry_up"] else "not yet", "bold red" if v["hurry_up"] else "")
    if tm["gone"]:
        names = [_name("timers", x) for x in tm["gone"]]
        timer.append(f"\n{len(names)} gone" + (", the last: " if len(names) > 5 else ": ")
                     + ", ".join(names[-5:]), "dim")
    t.add_row("Timer", timer)
    ny = v["new_york"]
    deck = Text(count(ny["deck"], "card", zero="0"))
    back = ny.get("top_back")
    if back:
        deck.append(f"; top card's back: costs {back['cost']} Noise, pulls from "
                    f"{' and '.join(back['pull']) or 'nowhere'}, Roadblock side "
                    f"{back['roadblock']}")
    if ny["discards"]:
        deck.append(f"\n{len(ny['discards'])} discarded, last: "
                    + ", ".join(_name("new_york", c) for c in ny["discards"][-3:]), "dim")
    if ny.get("specials_aside"):
        deck.append(f"; {count(ny['specials_aside'], 'Special card')} still aside", "dim")
    t.add_row("NY deck", deck)
    bonus = Text(", ".join(f"{_name('new_york', c)} ({a['new_york'][c]['text']})"
                           for c in ny["bonus"] if c in a["new_york"]) or "none",
                 "bold red" if ny["bonus"] else "")
    t.add_row("Bonuses", bonus)
    t.add_row("Bosses", _bosses(v))
    t.add_row("Cases", _cases(v))
    t.add_row("Transport", _transport(v))
    ev = v["events"]
    piles = Text(f"Items {v['items']['deck']} ({v['items']['discards']} discarded) · Events "
                 f"{ev['deck']} ({len(ev['discards'])} discarded")
    if ev["discards"]:
        piles.append(f", last {_name('events', ev['discards'][-1])}")
    piles.append(f")\nCity tiles {v['tiles']['city']}, Park tiles {v['tiles']['park']} · "
                 f"in the supply: {count(v['prisoner_supply'], 'Prisoner')}, "
                 f"{count(v['cars_in_supply'], 'Car')}\nobjective decks: "
                 f"{v['objective_decks'][0]} blue, {v['objective_decks'][1]} purple")
    if v.get("wanted_left"):
        piles.append(f" · Wanted cards {v['wanted_left']}")
    t.add_row("Piles", piles)
    return t


def _bosses(v: dict[str, Any]) -> Text:
    t = Text()
    for i, b in enumerate(_assets()["bosses"]):
        if i:
            t.append("   ")
        where = v["bosses"].get(b["id"], "waiting")
        t.append(b["name"], "bold red" if where not in ("waiting", "gone") else "")
        if where == "waiting":
            t.append(" not in play yet", "dim")
        elif where == "gone":
            t.append(" gone", "dim")
        else:
            e = _enemy(v, b["id"])
            hp = e.get("hp", "?") if e else "?"
            t.append(f" in {space_words(v, where)}, {hp}/{b['hp']} HP")
    return t


def _cases(v: dict[str, Any]) -> Text:
    t = Text()
    for i, c in enumerate(v["case_spaces"]):
        if i:
            t.append(" · ", "dim")
        t.append(f"{c['case']}: ", "bold")
        t.append(("card" if c["card"] else "empty") + ", token "
                 + ("home" if c["token"] == "home" else f"in {space_words(v, c['token'])}"))
    p = v["president"]
    t.append("\nPresident: ", "bold")
    if p["dead"]:
        t.append("found DEAD", "bold red")
    elif p["holder"] is not None and p["holder"] >= 0:
        t.append(f"with {who(v, p['holder'])}", seat_style(p["holder"]))
    elif p["found"]:
        t.append("found")
    else:
        t.append("not found yet (at the Duke's Camp, a face-down POI)")
    if p.get("deck"):
        t.append(f"   Dead-or-Alive deck {p['deck']}")
    if v.get("bracelet_revealed"):
        t.append("   the Bracelet is revealed")
    return t


def _transport(v: dict[str, Any]) -> Text:
    t = Text("Gullfire ")
    t.append(f"in {space_words(v, v['gullfire'])}" if v["gullfire"] else "destroyed",
             "" if v["gullfire"] else "bold red")
    heli = v["helicopter"]
    t.append(f" · Helicopter in {space_words(v, heli['space'])} "
             + ("(landed)" if heli["landed"] else "(in the air)"))
    t.append(" · Rafts: " + (", ".join(space_words(v, s["id"]) for s in v["spaces"]
                                        if s.get("suburb") == "raft") or "none found yet"))
    return t


# -- where things are -------------------------------------------------------------

def _where(v: dict[str, Any]) -> Text:
    t = Text("Where things are:", "bold")
    for sp in v["spaces"]:
        things = pieces_words(v, sp["id"])
        if not things:
            continue
        what = place_words(sp)
        t.append(f"\n  {upper_first(space_name(sp['id']))}", "bold")
        t.append(f" ({what})" if what else "", "dim")
        t.append(": " + "; ".join(things))
    return t


# -- the Heroes ----------------------------------------------------------------------

def bar_words(h: dict[str, Any]) -> str:
    """The progress on a Hero's next Level Bar: ``Prisoners 1/2, Items 0/1``."""
    if h["bar"] is None:
        return "-"
    bar = _assets()["level_bars"].get(h["bar"], {})
    need = [f"Prisoners {h['bar_prisoners']}/{bar.get('prisoners', '?')}"]
    if bar.get("items"):
        need.append(f"Items {h['bar_items']}/{bar['items']}")
    return ", ".join(need)


def _weapon(h: dict[str, Any]) -> str:
    if not h["weapon"]:
        return "-"
    item = _assets()["items"].get(h["weapon"], {})
    ammo = f" ({h['ammo']}/{item['ammo']} Ammo)" if item.get("ammo") else ""
    return f"{item_name(h['weapon'])}{ammo}"


BACKS = {"item": "Item", "case": "Case", "president": "President"}
"""The backs of supply cards."""


def _supply(h: dict[str, Any], own: bool) -> str:
    cards = [BACKS[c] if c in BACKS else code_name(c) for c in h["supply"]]
    if not cards:
        return "-"
    if not own and any(c in BACKS for c in h["supply"]):
        return ", ".join(cards) + " (face down)"
    return ", ".join(cards)


def _heroes(v: dict[str, Any]) -> Text:
    t = Text("Heroes", "bold")
    me = v.get("seat")
    for h in v["heroes"]:
        st = seat_style(h["seat"])
        t.append("\n ▶ " if h["seat"] == v["current"] else "\n   ", st)
        t.append(who(v, h["seat"]), st)
        if h["seat"] == me:
            t.append(" (you)", st)
        t.append(f" in {space_words(v, h['space'])} · hand {h['hand']}, discards "
                 f"{h['discards']} · Level {h['level']}")
        t.append(f", next bar: {bar_words(h)}" if h["bar"] else " (top)", "dim")
        t.append("\n     ")
        if h["president"]:
            t.append("HAS THE PRESIDENT", "bold")
            t.append(" · ")
        t.append("Weapon: " + _weapon(h))
        car = {"taxi": "in a Taxi", "car": "in a Car"}.get(h["car"] or "", "on foot")
        t.append(f" · {car} · supply: {_supply(h, h['seat'] == me)}")
        if h.get("wanted"):
            t.append(" · " + count(h["wanted"], "Wanted card"))
        if h.get("specials_taken"):
            t.append(f" · {count(h['specials_taken'], 'Special card')} taken", "dim")
    return t


def _yours(v: dict[str, Any]) -> RenderableType | None:
    seat = v.get("seat")
    h = _hero(v, seat) if seat is not None else None
    if seat is None or h is None or "hand_cards" not in h:
        return None
    a = _assets()
    parts: list[RenderableType] = []
    t = Table(title=f"Your hand: {count(len(h['hand_cards']), 'card')}",
              title_justify="left", show_edge=False, pad_edge=False)
    t.add_column("card", style="bold", no_wrap=True)
    t.add_column("type")
    t.add_column("Noise", justify="right")
    t.add_column("effect", overflow="fold")
    for c in h["hand_cards"]:
        card = a["actions"].get(c, {})
        t.add_row(card.get("name", "a card"), card.get("type", ""),
                  str(card.get("noise", "")), card.get("text", ""))
    if not h["hand_cards"]:
        t.add_row("(none)", "", "", "")
    parts.append(t)
    info = Text()
    you = v.get("you", {})
    if you.get("played"):
        info.append("Played face down this turn: ", "bold")
        info.append(", ".join(card_name(c) for c in you["played"]) + "\n")
    if you.get("aside"):
        info.append("Set aside: ", "bold")
        info.append(card_name(you["aside"]) + "\n")
    info.append("Discards: ", "bold")
    info.append((", ".join(card_name(c) for c in h["discard_cards"]) or "none") + "\n")
    info.append("Supply: ", "bold")
    supply = [code_name(c) + (f" ({code_text(c)})" if code_text(c) else "")
              for c in h["supply"]]
    info.append(("; ".join(supply) or "none") + "\n")
    if h["weapon"]:
        info.append("Weapon: ", "bold")
        item = a["items"].get(h["weapon"], {})
        info.append(f"{_weapon(h)} -- {item.get('text', '')}"
                    + (f" ({item['noise']} Noise)" if item.get("noise") else "") + "\n")
    info.append("Objectives: ", "bold")
    objs = []
    for o in h["objectives"]:
        if o is None:
            continue
        obj = a["objectives"].get(o, {})
        if obj.get("transport"):
            goal = TRANSPORT_WORDS.get(obj["transport"], "escape")
        elif obj.get("card") == "wanted":
            goal = "show a Wanted card"
        else:
            goal = f"show {code_name(obj.get('card') or '')}"
        objs.append(f"{obj.get('name', 'an objective')} ({obj.get('colour', '')}: {goal})")
    info.append("; ".join(objs) or "none")
    if you.get("drawn"):
        info.append("\nItems drawn, to choose from: ", "bold")
        info.append(", ".join(item_name(i) for i in you["drawn"]))
    tops = you.get("deck_tops") or {}
    kinds = {"timer": "timers", "new_york": "new_york", "event": "events", "item": "items"}
    for deck, cards in tops.items():
        info.append(f"\nYou know the top of {wd.DECK_WORDS.get(deck, 'a deck')}: ", "bold")
        info.append(", ".join(_name(kinds.get(deck, deck), c) for c in cards))
    seen = [f"{space_name(s['id'])}: {_name('pois', s['poi_seen'])}" for s in v["spaces"]
            if s.get("poi_seen")]
    if seen:
        info.append("\nFace-down POIs you looked at: ", "bold")
        info.append("; ".join(seen))
    deck = you.get("objective_deck")
    if deck:
        info.append(f"\nThe {deck['colour']} objective deck: ", "bold")
        info.append(", ".join(wd.copy_of(o) for o in deck["cards"]))
    parts.append(info)
    return Panel(Group(*parts), title="Your cards (only you see this)", border_style="cyan")


def _this_turn(v: dict[str, Any]) -> Text:
    p = v["played"]
    t = Text(f"This turn ({who(v, v['current'])}): ", "bold")
    t.append(f"{count(p['face_down'], 'card', zero='0')} face down")
    if p["revealed"]:
        t.append("; revealed: " + ", ".join(card_name(c) for c in p["revealed"]))
    return t


def _events(v: dict[str, Any], n: int = 10) -> Panel | None:
    log = v.get("log") or []
    if not log:
        return None
    return Panel(Text("\n".join(log[-n:])), title="Recent events", border_style="dim")


def _end(v: dict[str, Any]) -> RenderableType:
    outcome = v.get("outcome")
    pending = v.get("pending")
    if outcome or pending is None:
        detail = (outcome or {}).get("detail") or ((v.get("log") or ["The game is over"])[-1])
        won = bool((outcome or {}).get("winners"))
        return Panel(Text(str(detail), "bold green" if won else "bold red"), title="Game over")
    now = Text("Now: ", "bold")
    now.append(str(pending.get("prompt", "")), "bold")
    seats = pending.get("seats") or []
    if seats:
        now.append(" -- " + ", ".join(who(v, s) for s in seats) + " to decide")
    return now


def render(v: dict[str, Any], limit: int = TABLE_ROWS) -> RenderableType:
    """The compact table as seen by the view's seat: the header, the heroes, your cards, this
    turn and as much more as fits (the map: ``m``; all: ``t``)."""
    return fit([(0, _header(v)), (4, _new_york(v)), (5, _where(v)), (2, _heroes(v)),
                (1, _yours(v)), (3, _this_turn(v)), (6, _events(v, 5)), (0, _end(v))], limit)


def city(v: dict[str, Any]) -> RenderableType:
    """The map of New York with its legend and where things are."""
    return Group(_header(v), CityMap(v), legend(), _where(v))


def table(v: dict[str, Any]) -> RenderableType:
    """The whole table as seen by the view's seat."""
    parts: list[RenderableType] = [_header(v), _new_york(v), CityMap(v), legend(), _where(v),
                                   _heroes(v)]
    mine = _yours(v)
    if mine is not None:
        parts.append(mine)
    parts.append(_this_turn(v))
    events = _events(v)
    if events is not None:
        parts.append(events)
    parts.append(_end(v))
    return Group(*parts)


KEYS = {"m": ("the map", city), "t": ("the whole table", table)}
"""Letters typed in the menu: the bulky parts of the table."""


# -- the menu ------------------------------------------------------------------------

FREE_KINDS = ("use_item", "use_case", "reveal_weapon", "use_weapon", "pay_level",
              "discard_item", "discard_case", "collect_case", "collect_president",
              "collect_item", "take_car", "abandon_car", "claim_lone")
ITEM_KINDS = ("use_item", "reveal_weapon", "use_weapon", "pay_level", "discard_item")
CASE_KINDS = ("use_case", "discard_case", "collect_case", "collect_president")
GROUPS = {"play_card": "Play a card face down", "reveal_card": "Reveal a played card",
          "ability": "Reveal a played card", "move": "Move", "crash": "Move",
          "cross_bridge": "Move", "reveal_space": "Reveal a space",
          "reveal_poi": "Choose a face-down POI", "peek_poi": "Choose a face-down POI",
          "place": "Place a Prisoner", "helicopter": "Move the Helicopter",
          "route": "New York's choices", "pick": "New York's choices", "hit": "Attack",
          "recover": "Take back a card", "keep": "Keep an Item",
          "special": "Take a Special Action card", "swap": "Objectives",
          "take_objective": "Objectives", "option": "The Building"}
"""The group of each kind of action in a long menu (this module's own words)."""


def menu_path(a: Action, v: dict[str, Any]) -> list[str]:
    """The menu steps leading to an action: group headers in this module's own words,
    then the engine's label.

    Example: tricking Prisoner 3 is ``["Trick an Enemy", "Prisoner 3 in Chelsea (1/1 HP)",
    "trick Prisoner 3 one space up"]``.
    """
    d = a.to_json()
    kind = d["kind"]
    label = a.label()
    if kind == "trick":
        e = _enemy(v, d["enemy"])
        return ["Trick an Enemy", enemy_words(v, e) if e else "an Enemy", label]
    if kind == "steal":
        return ["Steal a card", f"from {who(v, int(d['seat']))}", label]
    if kind in ITEM_KINDS:
        return ["Free actions", "Items and Weapons", label]
    if kind in CASE_KINDS:
        return ["Free actions", "Cases and the President", label]
    if kind in FREE_KINDS:
        return ["Free actions", label]
    if kind in GROUPS:
        return [GROUPS[kind], label]
    return [label]


ORDER = ("play_card", "reveal_card", "ability", "reveal_timer", "car_move", "move", "crash",
         "cross_bridge", "reveal_space", "reveal_poi", "peek_poi", "hit", "trick", "place",
         "helicopter", "route", "pick", "steal", "recover", "keep", "special", "swap",
         "take_objective", "carry", "accept", "decline", "show", "hide", "option", "done",
         "claim_lone", "collect_president", "collect_case", "use_case", "discard_case",
         "collect_item", "use_weapon", "use_item", "reveal_weapon", "pay_level",
         "discard_item", "take_car", "abandon_car")


def menu_order(a: Action, v: dict[str, Any]) -> tuple[Any, ...]:
    """A sort key: the step's own choices first, then "done", then the free actions."""
    kind = a.to_json()["kind"]
    rank = ORDER.index(kind) if kind in ORDER else len(ORDER)
    return (rank, a.label())
