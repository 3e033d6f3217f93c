"""Playing in the terminal: human seats through a numbered menu, bots beside them.

A human seat is a :class:`TerminalAgent`: it draws the seat's own view, lists
the engine's legal actions by number and reads a choice (bad input asks
again with the reason). In hot-seat play a pass-the-device screen hides the
table between two different human seats.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown
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
        "r = rules, l = full log, q = quit the game.")


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

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        c = self.console
        c.print(render(obs.view))
        recent = [e for e in self.log if e.visible_to(obs.seat)][-8:]
        if recent:
            c.print(Panel(Text("\n".join(e.text for e in recent)), title="Recent events",
                          border_style="dim"))
        legal = list(obs.legal)
        for i, a in enumerate(legal, 1):
            c.print(f"  [bold]{i:2}[/bold]  {a.label()}")
        while True:
            raw = self.ask(f"Seat {obs.seat}, your choice (1-{len(legal)}, ? for help): ").strip()
            low = raw.lower()
            if low in ("q", "quit", "exit"):
                raise QuitGame
            if low in ("?", "h", "help"):
                c.print(HELP)
                continue
            if low == "r":
                c.print(Markdown(self.game.rules()))
                continue
            if low == "l":
                c.print("\n".join(e.text for e in self.log if e.visible_to(obs.seat)))
                continue
            if not raw.isdigit():
                c.print(f"[red]{raw!r} is not a number; type 1 to {len(legal)} (? for help).")
                continue
            n = int(raw)
            if not 1 <= n <= len(legal):
                c.print(f"[red]There is no action {n}; type 1 to {len(legal)}.")
                continue
            return legal[n - 1]


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
