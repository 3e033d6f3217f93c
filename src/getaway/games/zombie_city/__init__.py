"""Escape: Zombie City -- a cooperative real-time dice game against a 15-minute clock.

Rules in our words: ``README.md`` in this package (also ``getaway rules zombie-city``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game
from getaway.core.spec import Config, GameSpec, Option
from getaway.core.standing import Standing
from getaway.games.zombie_city.actions import SPACE
from getaway.games.zombie_city.content import CONTENT
from getaway.games.zombie_city.model import Ending
from getaway.games.zombie_city.observe import SIZE as OBSERVATION_SIZE
from getaway.games.zombie_city.shapes import View
from getaway.games.zombie_city.standing import STANDING
from getaway.games.zombie_city.state import ZombieCityState, new_state
from getaway.games.zombie_city.tables import END_TIME
from getaway.games.zombie_city.words import DECISION_KEYS, EVENT_KINDS

SPEC = GameSpec(
    id="zombie-city",
    title="Escape: Zombie City",
    summary="Cooperative real-time dice game: gather supplies, find the exit and drive the "
            "van out of town before the 15-minute clock runs out.",
    min_players=min(CONTENT.players),
    max_players=max(CONTENT.players),
    options=(
        Option("scenario", "zombie cards of scenario 1 (easiest) to 5", 1,
               tuple(s.number for s in CONTENT.scenarios)),
        Option("difficulty", "items to collect and zombies the church takes", "standard",
               tuple(d.id.value for d in CONTENT.difficulties)),
    ),
    realtime=True,
)


class ZombieCity(Game):
    """The Escape: Zombie City game."""

    spec = SPEC
    actions = SPACE
    observation_size = OBSERVATION_SIZE
    # Every action keeps its seat busy for at least 0.5 virtual seconds, and the
    # clock ends the game at END_TIME: no seat makes more than 2 * END_TIME decisions.
    max_decisions = int(2 * END_TIME) * max(CONTENT.players)
    cooperative = True
    # Levels: Easy's share of random moves (Easy / Normal win rates: 0.46 at 2 players,
    # 150 deals, benchmarks/easy_ladder.py).
    easy_epsilon = 0.05
    # For learners (getaway.rl.learnable): what dense rewards pay for, and easier variants.
    shaping_doc = (
        "`State.progress`: phase 1, 0.4 x the share of the items in the cargo bay + 0.1 once "
        "the exit is revealed; phase 2, 0.6 + 0.35 x how close the van is to the exit; "
        "shared by the team")
    curriculum = ({"scenario": 1}, {"scenario": 2}, {"scenario": 3}, {"scenario": 4},
                  {"scenario": 5})
    curriculum_doc = "zombie-card scenarios 1 (the default, easiest) to 5"
    # Hard's playouts stop after 30 actions (then the game's progress counts): whole
    # games take too long for a second's thinking.
    hard_settings: ClassVar[Mapping[str, Any]] = {"depth": 30}
    decision_keys = DECISION_KEYS
    event_kinds = EVENT_KINDS
    view_type: ClassVar[Any] = View
    standing: ClassVar[Standing] = STANDING
    outcome_reasons: ClassVar[Mapping[str, str]] = {
        Ending.ESCAPED: "the van left town by the Exit: everyone escaped",
        Ending.CHURCH: "the zombies took the Church",
        Ending.TIME: "the zombie cry: time ran out",
    }

    def new_state(self, config: Config, seed: int) -> ZombieCityState:
        if config.game != SPEC.id:
            raise ConfigError(f"a {config.game} configuration cannot start {SPEC.id}")
        return new_state(config, seed)

    def assets(self) -> dict[str, Any]:
        from getaway.games.zombie_city.views import assets

        return assets()

    def agents(self) -> dict[str, AgentFactory]:
        from getaway.games.zombie_city.heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}


GAME = ZombieCity()
