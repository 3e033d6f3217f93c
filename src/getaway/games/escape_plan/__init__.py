"""Escape Plan -- 2 to 5 crooks lay out a city over three days, visit its Businesses and
Safe Houses, dodge the police and escape with the most money; Sandra joins at 2.

Rules in our words: ``README.md`` in this package. :mod:`.setup` deals a game,
:mod:`.rounds` runs the six phases and Sandra, :mod:`.moves` a player's turn (Rest or
Move, the avoid step), :mod:`.visits` every Location, :mod:`.frames` the shared
choices and Executive Actions, :mod:`.scoring` the end; :mod:`.views`,
:mod:`.hidden` and :mod:`.observe` give each seat only what it may know.

Option: ``unescaped`` -- ``arrested`` (default): a player still in the city when Round 3
ends is arrested and scores 0; ``scored``: such a player is scored like the others
(EP-GAP-12, rule decided 17 in the README).
"""

from __future__ import annotations

from typing import Any

from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game
from getaway.core.spec import Config, GameSpec, Option
from getaway.games.escape_plan.actions import SPACE
from getaway.games.escape_plan.model import UNESCAPED_OPTION, Unescaped
from getaway.games.escape_plan.observe import SIZE as OBSERVATION_SIZE
from getaway.games.escape_plan.setup import new_state
from getaway.games.escape_plan.state import EscapePlanState

SPEC = GameSpec(
    id="escape-plan",
    title="Escape Plan",
    summary="Lay out the city, work your Escape Plan, dodge the police and get out on "
            "Day 3 with the most money.",
    min_players=2,
    max_players=5,
    options=(
        Option(UNESCAPED_OPTION, "players still in the city when Round 3 ends: arrested "
               "(score 0) or scored like the others (EP-GAP-12)", Unescaped.ARRESTED.value,
               tuple(u.value for u in Unescaped)),
    ),
)


class EscapePlan(Game):
    """The Escape Plan game."""

    spec = SPEC
    actions = SPACE
    observation_size = OBSERVATION_SIZE
    # 3 rounds x 5 turns x players; a turn is some 5-20 decisions.
    max_decisions = 20_000
    cooperative = False

    def new_state(self, config: Config, seed: int) -> EscapePlanState:
        if config.game != SPEC.id:
            raise ConfigError(f"a {config.game} configuration cannot start {SPEC.id}")
        s = new_state(config, seed)
        s.settle([])
        return s

    def agents(self) -> dict[str, AgentFactory]:
        from getaway.games.escape_plan.heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def assets(self) -> dict[str, Any]:
        """Both board sides, every tile and card text as printed (``views.assets``)."""
        from getaway.games.escape_plan.views import assets

        return assets()


GAME = EscapePlan()
