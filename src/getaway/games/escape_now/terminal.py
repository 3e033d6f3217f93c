"""ESCAPE NOW! in the terminal: the room as a grid of puzzle cards, the hands, the questions."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from getaway.cli.render import TABLE_ROWS, fit
from getaway.core.words import count, upper_first

TRAIT_STYLE = {"logical": "bold green", "perceptive": "bold blue", "dexterous": "bold yellow",
               "tenacious": "bold magenta", "talkative": "bold red", "lucky": "bold white"}
TRAIT_SHORT = {"logical": "LOG", "perceptive": "PER", "dexterous": "DEX", "tenacious": "TEN",
               "talkative": "TAL", "lucky": "LCK"}
PAWN_STYLE = {"red": "red", "green": "green", "blue": "blue", "yellow": "yellow",
              "orange": "dark_orange", "purple": "magenta"}


def card(kind: str, counted_as: str | None = None) -> Text:
    """A card as a coloured tag; a LUCKY SHOT shows what it counts as."""
    t = Text(f"[{TRAIT_SHORT[kind]}", style=TRAIT_STYLE[kind])
    if kind == "lucky" and counted_as:
        label = "FIN" if counted_as == "finish" else TRAIT_SHORT[counted_as]
        t.append(f"→{label}", style=TRAIT_STYLE.get(counted_as, "bold white"))
    t.append("]", style=TRAIT_STYLE[kind])
    return t


def pawn(hand: dict[str, Any]) -> Text:
    """A hand's pawn as a coloured dot with its colour name."""
    return Text(f"● {hand['colour']}", style=PAWN_STYLE[hand["colour"]])


def _puzzle(p: dict[str, Any], hands: list[dict[str, Any]]) -> Panel:
    title = "FINAL" if p["final"] else p["slot"]
    if not p["visible"]:
        body = Text("face down\n", style="dim")
        body.append(f"opens after {', '.join(p['after'])}", style="dim")
        return Panel(body, title=title, border_style="dim", width=34)
    lines: list[RenderableType] = []
    names = " + ".join(c["name"] for c in p["cards"])
    lines.append(Text(names, style="italic"))
    need = Text("needs ")
    for i, t in enumerate(p["traits"]):
        if i:
            need.append(" ")
        need.append(t.upper(), style=TRAIT_STYLE[t] if t in p["present"] else "dim")
    lines.append(need)
    if p.get("face_down"):
        lines.append(Text("solved -- its cards lie face down", style="bold green"))
    else:
        placed = Text()
        for c in p["placed"]:
            placed.append_text(card(c["card"], c["as"]))
            placed.append(" ")
        count = len(p["placed"])
        status = " SOLVED" if p["solved"] else f"  {count}/{p['needed']}"
        placed.append(status, style="bold green" if p["solved"] else "")
        lines.append(placed)
    if p["pawns"]:
        who = Text("pawns: ")
        for h in p["pawns"]:
            who.append_text(pawn(hands[h]))
            who.append(" ")
        lines.append(who)
    style = "green" if p["solved"] else "white"
    return Panel(Group(*lines), title=title, border_style=style, width=34)


def _room(v: dict[str, Any]) -> Table:
    cols = 1 + max(p["at"][0] for p in v["puzzles"])
    rows = 1 + max(p["at"][1] for p in v["puzzles"])
    grid = Table.grid(padding=(0, 1))
    for _ in range(cols):
        grid.add_column()
    cells: dict[tuple[int, int], RenderableType] = {}
    for p in v["puzzles"]:
        cells[(p["at"][0], p["at"][1])] = _puzzle(p, v["hands"])
    for r in range(rows):
        grid.add_row(*[cells.get((c, r), Text("")) for c in range(cols)])
    return grid


def _hands(v: dict[str, Any]) -> Table:
    t = Table(title="Hands", show_lines=False, expand=False)
    t.add_column("pawn")
    t.add_column("who")
    t.add_column("cards", justify="right")
    t.add_column("on")
    t.add_column("your view of the hand")
    for h in v["hands"]:
        who = "you" if h["seat"] is not None and h["seat"] == v["seat"] else ""
        holder = v.get("fictional_holder")
        if h["fictional"]:
            who = "fictional hand"
            if holder is not None and holder == v["seat"]:
                who += ", you hold it"
            elif holder is not None:
                who += f", held by {v['hands'][holder]['name']}"
        cards = Text()
        if "cards" in h:
            for kind, n in h["cards"].items():
                for _ in range(n):
                    cards.append_text(card(kind))
                    cards.append(" ")
        else:
            cards.append("hidden", style="dim")
        on = "-" if h["pawn"] is None else v["puzzles"][h["pawn"]]["slot"]
        t.add_row(pawn(h), who, str(h["size"]), on, cards)
    return t


def _questions(v: dict[str, Any]) -> RenderableType:
    if not v["questions"]:
        return Text("No questions asked yet.", style="dim")
    lines = []
    for q in v["questions"][-3:]:
        asker = v["hands"][q["asker"]]
        line = Text()
        line.append_text(pawn(asker))
        line.append(f' asked "{q["text"]}" -- ')
        if not q["answers"]:
            line.append("waiting for answers", style="dim")
        for a in q["answers"]:
            line.append_text(pawn(v["hands"][a["hand"]]))
            word = a["answer"] or "(silent)"
            if word.startswith("here:"):
                word = "here → " + v["puzzles"][int(word[5:])]["slot"]
            line.append(f": {word}  ")
        lines.append(line)
    return Group(*lines)


def _puzzle_line(p: dict[str, Any], hands: list[dict[str, Any]]) -> Text:
    """One puzzle on one line: the compact room."""
    t = Text(f"{'FINAL' if p['final'] else p['slot']:>5}  ", style="bold")
    if not p["visible"]:
        t.append(f"face down, opens after {', '.join(p['after'])}", style="dim")
        return t
    t.append(" + ".join(c["name"] for c in p["cards"]), style="italic")
    t.append("  needs ")
    for i, trait in enumerate(p["traits"]):
        if i:
            t.append(" ")
        t.append(trait.upper(), style=TRAIT_STYLE[trait] if trait in p["present"] else "dim")
    t.append("  ")
    if p.get("face_down"):
        t.append("solved -- its cards lie face down", style="bold green")
    else:
        for c in p["placed"]:
            t.append_text(card(c["card"], c["as"]))
            t.append(" ")
        t.append("SOLVED" if p["solved"] else f"{len(p['placed'])}/{p['needed']}",
                 style="bold green" if p["solved"] else "")
    if p["pawns"]:
        t.append("  pawns: ")
        for h in p["pawns"]:
            t.append_text(pawn(hands[h]))
            t.append(" ")
    return t


def _puzzles(v: dict[str, Any]) -> RenderableType:
    return Group(*(_puzzle_line(p, v["hands"]) for p in v["puzzles"]))


def _game_over(v: dict[str, Any]) -> Panel:
    """Whether the team escaped, with the minutes left, and why."""
    o = v["outcome"]
    won = bool(o["winners"])
    head = (f"The team escaped with {count(v['minutes_left'], 'minute')} left!" if won
            else "The team lost: it did not escape.")
    body = Text(head + "\n", style="bold green" if won else "bold red")
    body.append(upper_first(str(o["detail"])))
    return Panel(body, title="Game over")


def _head(v: dict[str, Any]) -> Text:
    head = Text(f"ESCAPE NOW! -- {v['layout']['name']} ({v['layout']['id']})   ", style="bold")
    head.append(f"{count(v['minutes_left'], 'minute')} left   ", style="bold cyan")
    head.append(f"draw pile {v['draw_pile']}   discard pile {v['discard_pile']}   "
                f"{count(v['set_aside'], 'puzzle card')} set aside")
    return head


def _end(v: dict[str, Any]) -> RenderableType | None:
    if v["outcome"]:
        return _game_over(v)
    if v["pending"]:
        return Text(v["pending"]["prompt"], style="bold")
    return None


def render(v: dict[str, Any], limit: int = TABLE_ROWS) -> RenderableType:
    """The compact table as seen by the view's seat: the header, the puzzles one a line, the
    hands and the last questions, as many as fit (the room's grid: ``m``)."""
    return fit([(0, _head(v)), (1, _puzzles(v)), (2, _hands(v)), (3, _questions(v)),
                (0, _end(v))], limit)


def room(v: dict[str, Any]) -> RenderableType:
    """The room as its grid of puzzle cards."""
    return Group(_head(v), _room(v))


def table(v: dict[str, Any]) -> RenderableType:
    """The whole table as seen by the view's seat."""
    parts: list[RenderableType] = [_head(v), _room(v), _hands(v), _questions(v)]
    end = _end(v)
    if end is not None:
        parts.append(end)
    return Group(*parts)


KEYS = {"m": ("the room", room), "t": ("the whole table", table)}
"""Letters typed in the menu: the bulky parts of the table."""
