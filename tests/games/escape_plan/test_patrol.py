"""The Patrol invariant over many random games (EP-42..46): as every view shows it, an Exit
is blocked exactly when its Patrol space holds two cards of those revealed."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from getaway.agents.random import RandomAgent
from getaway.core.agent import Observation
from getaway.games.escape_plan import GAME
from getaway.games.escape_plan.actions import Visit
from getaway.games.escape_plan.board import blocked_exits
from getaway.games.escape_plan.model import PATROL_REVEALS
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import LOC, NODES, PATROL
from getaway.games.escape_plan.visits import Menu

EXIT_TILE_STACKS = ("silver", "gold")


def check_patrol(v: dict[str, Any], order: list[int]) -> None:
    """The Patrol part of a view holds together; ``order`` collects the Exits in the order
    they were blocked (the view lists them so)."""
    patrol = v["patrol"]
    spaces = dict(patrol["spaces"])
    blocked = patrol["blocked"]
    revealed = patrol["revealed"]
    assert len(revealed) == sum(PATROL_REVEALS[:v["round"]])             # EP-42
    assert patrol["deck"] == len(PATROL) - 1 - len(revealed)             # EP-10, EP-EX-2
    named = Counter(n for c in revealed for n in PATROL[c].spaces)
    assert spaces == dict(named)                                         # EP-43
    assert all(k <= 2 for k in spaces.values())   # each Exit is on two cards (EP-GAP-5)
    # EP-44: blocked exactly when a second card lies on the space, never with one
    assert set(blocked) == {n for n, k in spaces.items() if k >= 2}
    assert set(blocked) == blocked_exits(PATROL[c] for c in revealed)
    assert len(blocked) == len(set(blocked))
    assert blocked[:len(order)] == order          # once blocked, an Exit stays blocked
    order[:] = blocked
    on = dict(patrol["exit_stacks_on"])
    # EP-45 (decided #4): the first two blocked Exits get the silver, then the gold stack
    assert on == dict(zip(blocked, EXIT_TILE_STACKS, strict=False))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_blocked_exits_match_the_patrol_cards_in_every_view(players: int) -> None:
    agent = RandomAgent()
    patrol_phases = 0
    for seed in range(10):
        s = GAME.start(players, seed=100 + seed)
        assert isinstance(s, EscapePlanState)
        rng = random.Random(seed)
        order: list[int] = []
        check_patrol(s.view(None), order)                                # Round 1's Patrol
        patrol_phases += 1
        while not s.is_over():
            seat = s.to_act()[0]
            top = s.stack[-1]
            if isinstance(top, Menu) and top.where == "exit":
                number = LOC[NODES[s.crew[seat].node][2:]].exit
                if number in s.view(seat)["patrol"]["blocked"]:
                    assert Visit("escape") not in s.legal_actions(seat)   # EP-46
            events = s.apply(seat, agent.choose(Observation(s, seat), rng))
            if any(e.kind == "patrol" for e in events):
                patrol_phases += 1
                for viewer in (None, *range(players)):
                    check_patrol(s.view(viewer), order[:] if viewer is not None else order)
        assert s.round == 4 and len(order) >= 2   # the deal blocks 2 or 3 Exits by Day 3
    assert patrol_phases == 10 * 3
