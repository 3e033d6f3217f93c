"""Playing in the terminal: human seats through a numbered menu, bots beside them.

A human seat is a :class:`TerminalAgent`: it draws the seat's own view, lists
the engine's legal actions by number and reads a choice (bad input asks
again with the reason). In hot-seat play a pass-the-device screen hides the
table between two different human seats.

Long lists of actions are offered step by step: a game's view module
(``getaway.cli.views.<game>``) may define ``menu_path(action, view)``, the
list of menu steps leading to an action (``["move a prisoner", "Cole",
"walking", "to coast-12"]``); actions sharing a first step are gathered under
one menu entry, and so on down. Without it, lists longer than
:data:`LONG_MENU` are grouped by the action's JSON fields. Short lists stay
flat.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from getaway.cli.render import render
from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.events import Event
from getaway.core.match import Match
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.sim.driver import agent_rngs

HELP = ("Type the number of an action and press Enter. Other commands: "
        "b = back (in a sub-menu), r = rules, l = full log, q = quit the game.")
FLAT_MENU = 15
"""Lists this short are always shown whole, one line per action."""
LONG_MENU = 40
"""Without a game's ``menu_path``, lists longer than this are grouped by action fields."""

MenuPath = tuple[str, ...]


def view_module(game_id: str) -> ModuleType | None:
    """The terminal view module of a game (``getaway.cli.views.<game>``), if any."""
    try:
        return importlib.import_module("getaway.cli.views." + game_id.replace("-", "_"))
    except ModuleNotFoundError:
        return None


def field_path(a: Action) -> MenuPath:
    """Menu steps from an action's JSON: its kind, then each field but the last, then its label."""
    data = a.to_json()
    fields = [f"{k} {v}" for k, v in data.items() if k != "kind"]
    return (str(data["kind"]), *fields[:-1], a.label())


def menu_entries(items: Sequence[tuple[Action, MenuPath]], depth: int
                 ) -> list[tuple[str, Action | MenuPath]]:
    """The numbered entries of one menu level: an action, or the path prefix of a group."""
    groups: dict[str, list[tuple[Action, MenuPath]]] = {}
    for a, p in items:
        groups.setdefault(p[depth] if len(p) > depth + 1 else "\0" + a.label(), []).append((a, p))
    out: list[tuple[str, Action | MenuPath]] = []
    for key, members in groups.items():
        a, p = members[0]
        if key.startswith("\0") or len(members) == 1:
            out.append((a.label() if depth == 0 else " ".join(p[depth:]), a))
        else:
            out.append((f"{key}  ({len(members)} choices)", p[:depth + 1]))
    return out


class QuitGame(Exception):
    """The person at the keyboard asked to stop."""


class TerminalAgent(Agent):
    """A person choosing from the numbered legal actions."""

    name = "human"

    def __init__(self, console: Console, game: Game, log: list[Event],
                 ask: Callable[[str], str] | None = None) -> None:
        self.console = console
        self.game = game
        self.log = log
        self.ask = ask or console.input
        self.module = view_module(game.id)

    def paths(self, legal: Sequence[Action], view: dict[str, Any]) -> list[MenuPath] | None:
        """The menu steps of each action, or None for one flat list."""
        if len(legal) <= FLAT_MENU:
            return None
        menu_path = getattr(self.module, "menu_path", None)
        if menu_path is not None:
            return [tuple(menu_path(a, view)) for a in legal]
        if len(legal) > LONG_MENU:
            return [field_path(a) for a in legal]
        return None

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        c = self.console
        c.print(render(obs.view))
        recent = [e for e in self.log if e.visible_to(obs.seat)]
        title = "Recent events"
        if getattr(self.module, "SHOWS_EVENTS", False):  # the view shows the public ones
            recent = [e for e in recent if not e.visible_to(None)]
            title = "Recent events only you saw"
        if recent[-8:]:
            c.print(Panel(Text("\n".join(e.text for e in recent[-8:])), title=title,
                          border_style="dim"))
        legal = list(obs.legal)
        paths = self.paths(legal, obs.view)
        if paths is None:
            pick: Action = self._pick(obs.seat, [(a.label(), a) for a in legal], back=False)
            return pick
        items = list(zip(legal, paths, strict=True))
        levels: list[MenuPath] = [()]
        while True:
            prefix = levels[-1]
            depth = len(prefix)
            entries = menu_entries([(a, p) for a, p in items if p[:depth] == prefix], depth)
            if len(entries) == 1 and isinstance(entries[0][1], tuple):
                levels[-1] = entries[0][1]  # one group only: open it at once
                continue
            if prefix:
                c.print(Text(" > ".join(prefix), style="bold"))
            got = self._pick(obs.seat, entries, back=len(levels) > 1)
            if got is None:
                levels.pop()
            elif isinstance(got, Action):
                return got
            else:
                levels.append(got)

    def _pick(self, seat: int, entries: Sequence[tuple[str, Any]], back: bool) -> Any:
        """Show numbered entries and return the chosen one's value (None: go back)."""
        c = self.console
        for i, (text, _) in enumerate(entries, 1):
            c.print(f"  [bold]{i:2}[/bold]  {escape(text)}", highlight=False)
        n_max = len(entries)
        extra = ", b = back" if back else ""
        while True:
            raw = self.ask(f"Seat {seat}, your choice (1-{n_max}{extra}, ? for help): ").strip()
            low = raw.lower()
            if low in ("q", "quit", "exit"):
                raise QuitGame
            if back and low in ("b", "back"):
                return None
            if low in ("?", "h", "help"):
                c.print(HELP)
                continue
            if low == "r":
                c.print(Markdown(self.game.rules()))
                continue
            if low == "l":
                c.print("\n".join(e.text for e in self.log if e.visible_to(seat)))
                continue
            if not raw.isdigit():
                c.print(f"[red]{raw!r} is not a number; type 1 to {n_max} (? for help).")
                continue
            n = int(raw)
            if not 1 <= n <= n_max:
                c.print(f"[red]There is no action {n}; type 1 to {n_max}.")
                continue
            return entries[n - 1][1]


def play_terminal(game: Game, config: Config, seed: int, bots: Sequence[Agent | None],
                  console: Console, save: Path | None = None,
                  ask: Callable[[str], str] | None = None) -> Match:
    """Play one game; ``bots[seat]`` is None for a human seat."""
    match = Match(game, config, seed)
    state = match.state
    log: list[Event] = []
    human = TerminalAgent(console, game, log, ask)
    humans = [s for s, b in enumerate(bots) if b is None]
    rngs = agent_rngs(seed, config.players)
    shown: int | None = None
    try:
        while not state.is_over():
            seats = state.to_act()
            if not seats:
                match.advance(state.wake_in() or 1.0)
                continue
            seat = next((s for s in seats if bots[s] is None), seats[0])
            bot = bots[seat]
            if bot is None:
                if len(humans) > 1 and seat != shown:
                    _pass_device(console, seat, human.ask)
                shown = seat
                action = human.choose(Observation(state, seat), rngs[seat])
            else:
                action = bot.choose(Observation(state, seat), rngs[seat])
            events = match.apply(seat, action)
            log.extend(events)
            if bot is not None:  # everyone at the keyboard may see what a bot did in public
                for e in events:
                    if e.visible_to(None):
                        console.print(f"[dim]{bot.describe()} (seat {seat}):[/dim] {e.text}")
            else:
                for e in events:
                    if e.visible_to(seat):
                        console.print(f"[cyan]{e.text}")
    except QuitGame:
        console.print("[yellow]Game stopped.")
    out = state.outcome()
    if out is not None:
        console.print(render(state.view(None)))
    if save:
        meta = {"seats": ["human" if b is None else b.describe() for b in bots]}
        match.record(meta).save(save)
        console.print(f"Record saved to {save}")
    return match


def _pass_device(console: Console, seat: int, ask: Callable[[str], str]) -> None:
    console.clear()
    console.print(Panel(Text(f"Pass the device to seat {seat}.\nEveryone else, look away.",
                             justify="center", style="bold"), title="Next player"))
    ask(f"Seat {seat}: press Enter when you are ready. ")
    console.clear()
