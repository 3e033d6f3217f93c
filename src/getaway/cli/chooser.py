"""The game chooser that ``getaway`` (and ``make run``) opens without a command."""

from __future__ import annotations

import os
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from getaway.agents import agent_names, make_agent
from getaway.cli.play import play_terminal
from getaway.core.agent import Agent
from getaway.core.errors import ConfigError
from getaway.core.spec import OptionValue
from getaway.games import registry


def _pick(console: Console, ask: Callable[[str], str], prompt: str, lo: int, hi: int,
          default: int) -> int:
    while True:
        raw = ask(f"{prompt} [{lo}-{hi}, Enter = {default}]: ").strip()
        if not raw:
            return default
        if raw.isdigit() and lo <= int(raw) <= hi:
            return int(raw)
        console.print(f"[red]Please type a number from {lo} to {hi}.")


def choose_and_play(console: Console, ask: Callable[[str], str] | None = None) -> None:
    """Ask for a game, seats and variants, then play it in the terminal."""
    ask = ask or console.input
    games = list(registry())
    t = Table(title="Choose a game")
    t.add_column("#", justify="right")
    t.add_column("game", style="bold")
    t.add_column("players", justify="center")
    t.add_column("")
    for i, g in enumerate(games, 1):
        t.add_row(str(i), g.spec.title, f"{g.spec.min_players}-{g.spec.max_players}",
                  g.spec.summary)
    console.print(t)
    game = games[_pick(console, ask, "Game", 1, len(games), 1) - 1]
    spec = game.spec
    players = _pick(console, ask, "Players", spec.min_players, spec.max_players,
                    min(max(3, spec.min_players), spec.max_players))
    humans = _pick(console, ask, "How many of them are people at this keyboard", 0, players, 1)
    names = agent_names(game)
    default_bot = "heuristic" if "heuristic" in names else "random"
    bot_name = default_bot
    if humans < players:
        while True:
            raw = ask(f"Bots for the other seats ({', '.join(names)}) "
                      f"[Enter = {default_bot}]: ").strip()
            bot_name = raw or default_bot
            if bot_name in names:
                break
            console.print(f"[red]Choose one of: {', '.join(names)}")
    seats: list[Agent | None] = [None] * humans + [
        make_agent(bot_name, game) for _ in range(players - humans)]
    options: dict[str, OptionValue] = {}
    for o in spec.options:
        while True:
            raw = ask(f"{o.doc} ({o.key}) [Enter = {o.default}]: ").strip()
            if not raw:
                break
            try:
                options[o.key] = o.parse(raw)
                spec.configure(players, options)
                break
            except ConfigError as e:
                options.pop(o.key, None)
                console.print(f"[red]{e}")
    config = spec.configure(players, options)
    seed = int.from_bytes(os.urandom(4), "little")
    console.print(f"[dim]{config.label()}, seed {seed}[/dim]")
    play_terminal(game, config, seed, seats, console, ask=ask)
