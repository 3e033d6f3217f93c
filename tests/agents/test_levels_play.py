"""Every difficulty level plays every game legally to the end.

Each game, at two players (one for a solo-only count is not needed: every game
seats two), is played to its end with an Easy, a Normal and a Hard seat (three
seats where the game allows, else Easy and Hard), through ``Match``, which
refuses any illegal action. Hard runs with a small round count and short
playouts so that a whole heavy game stays quick; its time budget is checked in
``test_blueprint.py`` through the observation's deadline.
"""

from __future__ import annotations

import pytest

from getaway.agents.registry import make_agent
from getaway.core.match import Match
from getaway.games import registry
from getaway.sim.driver import agent_rngs, play_match

GAMES = [g.id for g in registry()]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_easy_normal_and_hard_finish_a_game(game_id: str) -> None:
    game = registry().get(game_id)
    players = 3 if game.spec.min_players <= 3 <= game.spec.max_players else 2
    specs = ["easy", "hard:seconds=0:rounds=2:depth=10", "normal"][:players]
    if players == 2:
        specs = ["easy", "hard:seconds=0:rounds=2:depth=10"]
    agents = [make_agent(s, game) for s in specs]
    match = Match(game, game.spec.configure(players), seed=11)
    decisions = play_match(match, agents, agent_rngs(11, players))
    out = match.state.outcome()
    assert out is not None and decisions > 10
    assert [a.describe() for a in agents][:2] == ["easy", "hard:seconds=0:rounds=2:depth=10"]
