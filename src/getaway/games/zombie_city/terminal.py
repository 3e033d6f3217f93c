"""Escape: Zombie City in the terminal: the town map, the clock, the dice, the menus.

``render(view)`` draws one seat's view (every seat sees the same table; the
street pile, item stacks and zombie deck show only their sizes):

* the header and the clock line (time, time left, the next mark of the
  soundtrack: a countdown, the door slam, the pause, the zombie cry);
* the town as a character grid (:class:`TownMap`): one box per laid section
  at its x, y with its abbreviated name, the survivors (their colour's
  initial) or the
  van, its zombies (one letter each) and a face-down item tile ``[?]``; a gap
  (or ``=``) in a box's side is a street, an arrow in it the skull street
  along which its zombies walk (towards the church), a ``?`` an open street
  with an empty cell beyond (a reveal lays the next section there);
* the cargo bay against the items needed, the zombies on the church's spaces
  against the limit, the piles;
* the zombies in town with their hits, and every survivor's five dice (face,
  or blocked / spent / lost / locked), item and bites.

Every word is the engine's: action labels, the decision's prompt, section,
zombie and item names, the bites' effects and the clock's marks come from
the view, its actions and the game's assets (:mod:`.words` makes them); this
module only lays them out and abbreviates section names inside the map's
boxes. Events are printed by the shell as the engine says them.

The menu hook of :mod:`getaway.cli.play`: ``menu_path`` groups the actions
under headers of its own (Roll some dice, Move, Fight, Caution, Items, ...),
the engine's label last; ``menu_order`` keeps the entries in a fixed order
(rolling every free die first).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from getaway.cli.render import TABLE_ROWS, fit
from getaway.core.actions import Action
from getaway.games.zombie_city.content import Edge, step
from getaway.games.zombie_city.views import assets

SHOWS_EVENTS = False
"""The view has no log: the terminal shows the events."""
PUBLIC_TABLE = True
"""Every seat's view shows the same table: hot-seat needs no pass-the-device screen."""

SEAT_STYLE = {"orange": "bold dark_orange", "blue": "bold dodger_blue1", "pink": "bold hot_pink",
              "teal": "bold dark_cyan"}
"""Each seat's colour on the table (the view's ``colour`` of a player)."""
COLOUR_STYLE = {"green": "bold green", "yellow": "bold yellow", "purple": "bold magenta"}
ZOMBIE_LETTER = {"walker": "W", "crawler": "C", "runner": "R", "screamer": "S", "brute": "B",
                 "butcher": "U"}
FACE_STYLE = {"getaway": "bold green", "fist": "bold yellow", "bat": "bold blue",
              "caution": "bold cyan", "panic": "bold white on red", "spent": "dim",
              "lost": "dim strike", "locked": "bold magenta"}
ROLLABLE = frozenset({"getaway", "fist", "bat", "caution", "spent"})
SKULL_ARROW = {"N": "^", "E": ">", "S": "v", "W": "<"}
KIND_SHORT = {"gas_station": "Gas", "hospital": "Hosp", "supermarket": "Mkt",
              "crossroads": "Cross", "junction": "Junc"}
"""The map's abbreviations of the printed names, for its narrow boxes (``Junc 4``)."""
FIXED_SHORT = {"church": ("Church", "Church"), "start-west": ("W Cross", "W Cross"),
               "start-east": ("E Cross", "E Cross"), "cemetery": ("Cemetery", "Graves"),
               "cargo-bay": ("Cargo Bay", "Cargo"), "exit": ("EXIT", "EXIT")}
"""Sections with a name of their own: (in a box, in a box too narrow)."""
MAP_WIDTH = 100
CELL_HEIGHT = 4


# -- the game's fixed data --------------------------------------------------------

@cache
def _assets() -> dict[str, Any]:
    return assets()


@cache
def _sections() -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in _assets()["sections"]}


@cache
def _zombie_kinds() -> dict[str, dict[str, Any]]:
    return {z["id"]: z for z in _assets()["zombies"]}


@cache
def _items() -> dict[str, dict[str, Any]]:
    return {i["id"]: i for i in _assets()["items"]}


def _item_name(item: str) -> str:
    return str(_items()[item]["name"])


def title(section: str) -> str:
    """A section as the game names it (``Crossroads 3``, ``Church``)."""
    return str(_sections()[section]["title"])


def short_name(section: str, compact: bool = False) -> str:
    """A section's name inside a box of the map (``Cross 3``, ``Hosp 1``, ``Church``)."""
    if section in FIXED_SHORT:
        return FIXED_SHORT[section][compact]
    s = _sections()[section]
    if s["kind"] not in KIND_SHORT:
        return title(section)
    number = str(s["title"]).removeprefix(str(s["name"])).strip()
    return f"{KIND_SHORT[s['kind']]} {number}".strip()


def icons(names: list[str] | tuple[str, ...]) -> str:
    """Icons counted: ``fist ×2 + bat``."""
    counts = Counter(names)
    return " + ".join(f"{i} ×{n}" if n > 1 else i for i, n in counts.items())


def face_word(face: str) -> str:
    """A die's face as shown in the table (a panic stands out)."""
    return face.upper() if face == "panic" else face


def clock_text(seconds: float, tenths: bool = False) -> str:
    """``m:ss`` (seconds rounded down), or ``m:ss.s``."""
    if tenths:
        t = round(max(0.0, seconds), 1)
        return f"{int(t // 60)}:{t % 60:04.1f}"
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def seat_style(colour: str) -> str:
    """The style of a seat's colour."""
    return SEAT_STYLE.get(colour, "bold")


def _zombie_needs(kind: str) -> tuple[int, int]:
    defeat = _zombie_kinds()[kind]["defeat"]
    return defeat.count("fist"), defeat.count("bat")


def zombie_words(z: dict[str, Any]) -> str:
    """A zombie with its hits against its need: ``Walker 3 (fist 1/3)``."""
    nf, nb = _zombie_needs(z["kind"])
    hf, hb = z["hits"]
    need = [f"fist {hf}/{nf}"] if nf else []
    need += [f"bat {hb}/{nb}"] if nb else []
    return f"{z['name']} ({', '.join(need)})"


# -- the clock ------------------------------------------------------------------

def next_mark(clock: float) -> tuple[float, str] | None:
    """The next mark of the timeline after ``clock``: ``(seconds, tag)``."""
    for t, tag in _assets()["timeline"]:
        if t > clock:
            return float(t), str(tag)
    return None


def end_time() -> float:
    """The moment of the zombie cry."""
    return float(_assets()["timeline"][-1][0])


def clock_line(v: dict[str, Any]) -> Text:
    """``Clock 4:21 (11:19 left)`` with the countdown, pause or next mark."""
    now = float(v["clock"])
    t = Text("Clock ", "bold")
    t.append(clock_text(now, tenths=True), "bold cyan")
    t.append(f"  ({clock_text(end_time() - now)} left)   ")
    mark = next_mark(now)
    if v["outcome"]:
        t.append("the game is over", "bold")
        return t
    if mark is None:
        return t
    at, tag = mark
    left = clock_text(at - now + 0.999)
    what = str(_assets()["marks"][tag])
    if v["paused"]:
        t.append(f"PAUSE: {what} in {left}", "bold yellow")
    elif v["countdown"]:
        cd = _assets()["countdowns"][int(v["countdown"]) - 1]
        goal = cd["van_goal"] if v["phase"] == 2 else cd["goal"]
        t.append(f"COUNTDOWN {v['countdown']}: {what} in {left} -- {goal}!", "bold red")
    else:
        t.append(f"next: {what} in {left}")
    return t


# -- the town map -----------------------------------------------------------------

class TownMap:
    """The town as a character grid, one box per section, as wide as it may be (at most 100)."""

    def __init__(self, v: dict[str, Any], width: int = MAP_WIDTH) -> None:
        self.v = v
        self.width = width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text(min(self.width, options.max_width))

    def text(self, width: int = MAP_WIDTH) -> Text:
        """The map, at most ``width`` characters wide (boxes shrink to fit, down to 9)."""
        v = self.v
        board = {(b["x"], b["y"]): b for b in v["board"]}
        x0, x1 = min(x for x, _ in board), max(x for x, _ in board)
        y0, y1 = min(y for _, y in board), max(y for _, y in board)
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        cw = max(9, min(13, width // cols))
        grid: list[list[tuple[str, str]]] = [[(" ", "")] * (cols * cw)
                                             for _ in range(rows * CELL_HEIGHT)]

        def put(c: int, r: int, s: str, style: str = "") -> None:
            for i, ch in enumerate(s):
                if 0 <= c + i < cols * cw and 0 <= r < len(grid):
                    grid[r][c + i] = (ch, style)

        revealable = bool(v["street_pile"])
        for (x, y), b in board.items():
            c, r = (x - x0) * cw, (y - y0) * CELL_HEIGHT
            self._box(put, c, r, cw, b, board, revealable)
        lines = []
        for row in grid:
            line = Text()
            for ch, st in row:
                line.append(ch, st)
            line.rstrip()
            lines.append(line)
        return Text("\n", no_wrap=True, overflow="crop").join(lines)

    def _box(self, put: Any, c: int, r: int, cw: int, b: dict[str, Any],
             board: dict[tuple[int, int], dict[str, Any]], revealable: bool) -> None:
        v = self.v
        sec = b["section"]
        inner = cw - 2
        skull = _skull(_sections()[sec]["skull"], b["turns"])
        border = "bold red" if sec == "exit" else "bold" if sec in (v["van"], "church") else ""
        put(c, r, "+" + "-" * inner + "+", border)
        put(c, r + CELL_HEIGHT - 1, "+" + "-" * inner + "+", border)
        for i in range(1, CELL_HEIGHT - 1):
            put(c, r + i, "|", border)
            put(c + cw - 1, r + i, "|", border)
        mid = c + (cw - 3) // 2
        for e in b["streets"]:
            beyond = step(b["x"], b["y"], Edge(e)) not in board
            mark, style = " ", ""
            if e == skull:
                mark, style = SKULL_ARROW[e], "bold red"
            elif beyond and revealable:
                mark, style = "?", "bold yellow"
            if e in ("N", "S"):
                put(mid, r if e == "N" else r + CELL_HEIGHT - 1, f" {mark} ", style)
            else:
                put(c if e == "W" else c + cw - 1, r + 2, "=" if mark == " " else mark, style)
        name = short_name(sec, inner < 9)[:inner]
        put(c + 1, r + 1, name, "bold red" if sec == "exit" else "bold")
        if b["item_tile"]:
            if inner - len(name) >= 4:
                put(c + 1 + inner - 3, r + 1, "[?]", "bold yellow")
            else:
                put(c + inner, r + 1, "?", "bold yellow")
        if sec == "cemetery":
            put(c + 1, r + 2, f"z {v['at_church']}/{v['church_limit']}"[:inner], "bold red")
            return
        if sec == "cargo-bay":
            put(c + 1, r + 2, f"{len(v['cargo'])}/{v['need']} items"[:inner], "bold green")
            return
        # a space after a west skull arrow, so that "<" never sits against a survivor's letter
        start = c + 2 if skull == "W" else c + 1
        col, end = start, c + 1 + inner
        if v["van"] == sec:
            put(col, r + 2, "VAN", "bold white on blue")
            col += 3
        for p in v["players"]:
            if p["section"] == sec and col < end:
                put(col, r + 2, p["colour"][0], seat_style(p["colour"]) + " reverse")
                col += 1
        here = [z for z in v["zombies"] if z["section"] == sec]
        if here:
            col += col > start
            if len(here) > end - col:
                put(col, r + 2, f"{len(here)}Z"[:end - col], "bold red")
            else:
                for z in here:
                    put(col, r + 2, ZOMBIE_LETTER.get(z["kind"], "Z"),
                        COLOUR_STYLE.get(z["colour"], "bold"))
                    col += 1


def _skull(printed: str | None, turns: int) -> str | None:
    if printed is None:
        return None
    order = "NESW"
    return order[(order.index(printed) + turns) % 4]


def legend(v: dict[str, Any]) -> Text:
    """What the map's letters and marks mean."""
    t = Text("Map: survivors ", "dim")
    for p in v["players"]:
        t.append(p["colour"][0], seat_style(p["colour"]) + " reverse")
        t.append(f" {p['colour']} ", "dim")
    t.append("VAN", "bold white on blue")
    t.append(", zombies ", "dim")
    for kind, letter in ZOMBIE_LETTER.items():
        z = _zombie_kinds()[kind]
        t.append(letter, COLOUR_STYLE[z["colour"]])
        t.append(f" {z['name']} ", "dim")
    t.append("[?]", "bold yellow")
    t.append(" item tile; a gap or = is a street, ", "dim")
    t.append("^>v<", "bold red")
    t.append(" the skull street the zombies walk out by, ", "dim")
    t.append("?", "bold yellow")
    t.append(" an open street to reveal from", "dim")
    return t


# -- the rest of the table --------------------------------------------------------

def _me(v: dict[str, Any]) -> dict[str, Any] | None:
    seat = v.get("seat")
    return next((p for p in v["players"] if p["seat"] == seat), None)


def _header(v: dict[str, Any]) -> Text:
    t = Text("ESCAPE: ZOMBIE CITY", "bold")
    t.append(f"   scenario {v['scenario']}, {v['need']} items needed, the Church falls at "
             f"{v['church_limit']} zombies   ")
    me = _me(v)
    if me is not None:
        t.append("you are ")
        t.append(me["colour"], seat_style(me["colour"]))
    else:
        t.append("(spectator)")
    return t


def _status(v: dict[str, Any]) -> Text:
    t = Text("Cargo bay ")
    full = len(v["cargo"]) >= v["need"]
    t.append(f"{len(v['cargo'])}/{v['need']}", "bold green" if full else "bold")
    t.append(": " + (", ".join(_item_name(i) for i in v["cargo"]) or "empty"))
    t.append("\nZombies at the church ")
    danger = v["at_church"] + 1 >= v["church_limit"]
    t.append(f"{v['at_church']}/{v['church_limit']}", "bold red" if danger else "bold")
    t.append(f"   zombies in the bag {v['bag']}, in town {len(v['zombies'])}")
    t.append("\nExit ")
    t.append("revealed" if v["exit_revealed"] else "not found yet",
             "bold green" if v["exit_revealed"] else "")
    t.append(f"   street pile {v['street_pile']} ({v['street_pile_a']} A, "
             f"{v['street_pile'] - v['street_pile_a']} B; the Exit is a B)")
    names = {b["id"]: b["name"] for b in _assets()["buildings"]}
    stacks = ", ".join(f"{names[k]} {n}" for k, n in v["item_stacks"].items())
    t.append(f"\nItem stacks: {stacks}   zombie deck {v['zombie_deck']} "
             f"({v['zombie_cards_used']} used)")
    if v["phase"] == 2:
        t.append("\nPhase 2: ", "bold")
        t.append(f"the van is on {title(v['van'])}")
        if v["drive_target"]:
            ready = [p["colour"] for p in v["players"] if p["drove"]]
            t.append(f"; driving to {title(v['drive_target'])}, ready: "
                     + (", ".join(ready) or "nobody"))
    else:
        t.append("\nPhase 1: explore; the van leaves once the Exit is found, the cargo bay "
                 "is full and everyone is on the Church", "dim")
    return t


def die_text(i: int, face: str) -> Text:
    """One die: its number and its face or state."""
    t = Text(f"{i + 1}:", "dim")
    t.append(face_word(face), FACE_STYLE.get(face, ""))
    return t


def _bite_words(bite: str) -> str:
    b = next(x for x in _assets()["bites"] if x["id"] == bite)
    return f"{b['name']} ({b['effect']}; shed with {icons(b['shed'])})"


def _players(v: dict[str, Any]) -> Table:
    t = Table(title="Survivors", title_justify="left", expand=False, padding=(0, 1))
    t.add_column("survivor")
    t.add_column("on")
    t.add_column("dice", no_wrap=True)
    t.add_column("item")
    t.add_column("bites")
    cargo = set(v["cargo"])
    for p in v["players"]:
        who = Text(p["colour"], seat_style(p["colour"]))
        if p["seat"] == v.get("seat"):
            who.append(" (you)")
        where = title(p["section"]) if p["section"] else "the van"
        if v["phase"] == 2 and p["drove"]:
            where += ", ready"
        dice = Text()
        for i, face in enumerate(p["dice"]):
            if i:
                dice.append(" ")
            dice.append_text(die_text(i, face))
        item = Text("-") if p["item"] is None else Text(_item_name(p["item"]))
        if p["item"] is not None and p["item"] in cargo:
            item.append(" (duplicate)", "dim")
        bites = "\n".join(_bite_words(b) for b in p["bites"]) or "-"
        t.add_row(who, where, dice, item, bites)
    return t


def _zombies(v: dict[str, Any]) -> Text:
    if not v["zombies"]:
        return Text("No zombies in town.", "dim")
    by: dict[str, list[dict[str, Any]]] = {}
    for z in v["zombies"]:
        by.setdefault(z["section"], []).append(z)
    t = Text("Zombies in town:", "bold")
    for sec, zs in by.items():
        t.append(f"\n  {title(sec)}: ")
        for i, z in enumerate(zs):
            if i:
                t.append(", ")
            t.append(zombie_words(z), COLOUR_STYLE.get(z["colour"], ""))
    return t


def _prompt(v: dict[str, Any]) -> Text | None:
    """The decision's prompt, when the view's seat may act."""
    pending = v.get("pending")
    if not pending or v.get("seat") not in pending.get("seats", []):
        return None
    return Text(str(pending["prompt"]), "bold")


def _end(v: dict[str, Any]) -> RenderableType | None:
    if v["outcome"]:
        o = v["outcome"]
        style = "bold green" if o.get("winners") else "bold red"
        return Panel(Text(str(o.get("detail", "")), style), title="Game over")
    return _prompt(v)


def render(v: dict[str, Any], limit: int = TABLE_ROWS) -> RenderableType:
    """The compact table as seen by the view's seat: the header, the clock, the survivors,
    the cargo bay, the zombies and the town if it fits (the town: ``m``; all: ``t``)."""
    return fit([(0, _header(v)), (0, clock_line(v)), (4, Group(TownMap(v), legend(v))),
                (2, _status(v)), (3, _zombies(v)), (1, _players(v)), (0, _end(v))], limit)


def town(v: dict[str, Any]) -> RenderableType:
    """The town's map with its legend."""
    return Group(_header(v), clock_line(v), TownMap(v), legend(v))


def table(v: dict[str, Any]) -> RenderableType:
    """The whole table as seen by the view's seat."""
    parts: list[RenderableType] = [_header(v), clock_line(v), TownMap(v), legend(v), _status(v),
                                   _zombies(v), _players(v)]
    prompt = _prompt(v)
    if prompt is not None:
        parts.append(prompt)
    if v["outcome"]:
        parts.append(_end(v) or Text(""))
    return Group(*parts)


KEYS = {"m": ("the town map", town), "t": ("the whole table", table)}
"""Letters typed in the menu: the bulky parts of the table."""


# -- the menu ------------------------------------------------------------------------

def _free_mask(v: dict[str, Any]) -> int:
    me = _me(v)
    dice = me["dice"] if me is not None else []
    return sum(1 << i for i, f in enumerate(dice) if f in ROLLABLE)


GROUP = {"enter": "Move", "drive": "Drive the van", "reveal": "Reveal a section",
         "commit": "Fight", "caution_self": "Caution", "caution_help": "Caution",
         "discard_item": "Items", "use_item": "Items", "shed": "Shed a bite"}
"""The menu's group of each kind of action (its header, in the menu's own words)."""


def menu_path(a: Action, v: dict[str, Any]) -> list[str]:
    """The menu steps leading to an action: a group header of the menu's own, then the
    engine's label (``["Fight", "strike Walker 2 with a fist"]``); rolling every free die
    and the actions of a kind of their own are the label alone."""
    d = a.to_json()
    kind = str(d["kind"])
    if kind == "roll":
        return [a.label()] if d["mask"] == _free_mask(v) else ["Roll some dice", a.label()]
    if kind in GROUP:
        return [GROUP[kind], a.label()]
    return [a.label()]


ORDER = ("enter", "commit", "search", "deposit", "reveal", "caution_self",
         "caution_help", "discard_item", "use_item", "shed", "drive", "rescue", "wait")


def menu_order(a: Action, v: dict[str, Any]) -> tuple[int, ...]:
    """A sort key: roll every free die, then the other rolls (most dice first), moves, …"""
    d = a.to_json()
    kind = d["kind"]
    if kind == "roll":
        mask = int(d["mask"])
        if mask == _free_mask(v):
            return (0,)
        return (1, -bin(mask).count("1"),
                *[i for i in range(5) if mask >> i & 1])
    rank = ORDER.index(kind) + 2 if kind in ORDER else len(ORDER) + 2
    rest = [int(x) for x in d.values() if isinstance(x, int) and not isinstance(x, bool)]
    return (rank, *rest, 0 if d.get("icon") == "fist" else 1)
