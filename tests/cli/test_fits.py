"""Every game's decision screen fits a terminal of 120 columns by 40 rows (issue 16).

Seeded games of random and heuristic bots, at the smallest and largest table; at every
few decisions the screen a person would see -- the game's compact table, the recent
events, the menu and the prompt, as :class:`TerminalAgent` prints them -- is drawn on a
120-column console, and every line must fit and the whole at most 40 rows, with the
header (the first line) drawn on it.
"""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from getaway.agents.registry import make_agent
from getaway.cli.play import TerminalAgent
from getaway.cli.render import SCREEN_COLUMNS, SCREEN_ROWS, terminal_of
from getaway.core.agent import Observation
from getaway.core.events import Event
from getaway.core.match import Match
from getaway.core.registry import Game
from getaway.core.rollout import busy, next_seat, schedule
from getaway.core.state import State
from getaway.games import registry
from getaway.sim.driver import agent_rngs

EVERY = 11
"""A screen is drawn at every this many decisions."""
SCREENS = 30
"""At most this many screens a game."""
GAMES = list(registry())


class Shown(Exception):
    """The screen is drawn and the prompt asked: stop there."""


def decision_screen(game: Game, state: State, seat: int, log: list[Event]) -> str:
    """The text of one decision screen, up to and with the prompt (no colour)."""
    c = Console(width=SCREEN_COLUMNS, record=True, color_system=None, file=io.StringIO())
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        raise Shown

    agent = TerminalAgent(c, game, log, ask=ask, realtime=state.clock() is not None,
                          state=state)
    with pytest.raises(Shown):
        agent.choose(Observation(state, seat), random.Random(0))
    return c.export_text() + prompts[0] + "\n"


def screens(game: Game, players: int, agent: str, seed: int) -> list[tuple[int, str]]:
    match = Match(game, game.spec.configure(players), seed)
    state = match.state
    agents = [make_agent(agent, game) for _ in range(players)]
    rngs = agent_rngs(seed, players)
    free_at = schedule(state)
    log: list[Event] = []
    out: list[tuple[int, str]] = []
    n = 0
    while (seat := next_seat(state, free_at, lambda s: log.extend(match.advance(s)))) \
            is not None and len(out) < SCREENS:
        if n % EVERY == 0:
            out.append((n, decision_screen(game, state, seat, log)))
        action = agents[seat].choose(Observation(state, seat), rngs[seat])
        busy(state, free_at, seat, action)
        log.extend(match.apply(seat, action))
        n += 1
    return out


@pytest.mark.parametrize("agent", ["random", "heuristic"])
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_decision_screen_fits_120_by_40(game: Game, agent: str) -> None:
    for players in sorted({game.spec.min_players, game.spec.max_players}):
        for n, text in screens(game, players, agent, seed=1):
            lines = text.rstrip("\n").split("\n")
            where = f"{game.id} {players}p {agent} decision {n}"
            wide = [line for line in lines if len(line) > SCREEN_COLUMNS]
            assert not wide, f"{where}: {len(wide)} lines wider than 120:\n{wide[0]}"
            assert len(lines) <= SCREEN_ROWS, f"{where}: {len(lines)} rows\n" + text


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_bulky_parts_are_behind_keys(game: Game) -> None:
    module = terminal_of(game.id)
    keys = getattr(module, "KEYS", {})
    assert "m" in keys and "t" in keys, f"{game.id}: m (the map) and t (the whole table)"
    assert not set(keys) & {"q", "b", "r", "l", "w", "h", "y", "n"}, "the shell's own letters"
    state = game.start(game.spec.max_players, seed=1)
    view = state.view(state.to_act()[0] if state.to_act() else None)
    c = Console(width=SCREEN_COLUMNS, record=True, color_system=None, file=io.StringIO())
    for words, draw in keys.values():
        assert words.startswith("the "), words
        c.print(draw(view))
    assert c.export_text().strip()
