"""Escape Run: Alcatraz 2034 -- a semi-cooperative race off a waking prison island.

Rules in our words: ``README.md`` in this package (also ``getaway rules alcatraz-2034``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game
from getaway.core.spec import Config, GameSpec
from getaway.core.standing import Standing
from getaway.core.takeback import Reveal
from getaway.games.alcatraz_2034.actions import SPACE
from getaway.games.alcatraz_2034.common import DrawChoice
from getaway.games.alcatraz_2034.observe import SIZE as OBSERVATION_SIZE
from getaway.games.alcatraz_2034.scoring import Reason
from getaway.games.alcatraz_2034.shapes import View
from getaway.games.alcatraz_2034.standing import STANDING
from getaway.games.alcatraz_2034.state import AlcatrazState, new_state
from getaway.games.alcatraz_2034.turns import TURN
from getaway.games.alcatraz_2034.words import DECISION_KEYS, EVENT_KINDS, FIRST_CARDS

SPEC = GameSpec(
    id="alcatraz-2034",
    title="Escape Run: Alcatraz 2034",
    summary="Guide your prisoners across a waking prison island and off it by swimming, "
            "boat, helicopter or tunnel before the security system locks it down.",
    min_players=2,
    max_players=6,
)


class Alcatraz2034(Game):
    """The Escape Run: Alcatraz 2034 game."""

    spec = SPEC
    actions = SPACE
    observation_size = OBSERVATION_SIZE
    # About 40 turns (a coloured row fills after at most 16 System tiles, 6 Sentinel cards
    # in 16 place one) of a handful of decisions each; the longest of 8,000 random and
    # 2,500 heuristic games took 268 decisions, so this leaves room for card-heavy play.
    max_decisions = 2_000
    cooperative = False
    # Levels: Easy's share of random moves; random moves cost little here (Easy / Normal
    # win rates at 2 players: 0.67 at 0.33, 0.42 at 0.5; 150 deals, benchmarks/easy_ladder.py).
    easy_epsilon = 0.45
    # For learners (getaway.rl.learnable): what dense rewards pay for, and easier variants.
    shaping_doc = (
        "`State.progress(seat)`: the seat's points (and the token) plus 0.3 per own Prisoner "
        "on a space from which a Run starts and 0.05 per own Prisoner on the island, over "
        "its number of Prisoners + 1")
    # Hard's playouts stop after 30 actions (then the game's progress counts): whole
    # games take too long for a second's thinking.
    hard_settings: ClassVar[Mapping[str, Any]] = {"depth": 30}
    decision_keys = DECISION_KEYS
    event_kinds = EVENT_KINDS
    # Dice, drawn and turned cards and tiles, sentinels' hidden symbols; a card played
    # from a hand shows the others what the hand held.
    revealing_events: ClassVar[Mapping[str, Reveal] | None] = {
        "attack": Reveal.CHANCE, "attack_result": Reveal.CHANCE, "building": Reveal.CHANCE,
        "cell_block": Reveal.CHANCE, "draw": Reveal.CHANCE, "drawn": Reveal.CHANCE,
        "look": Reveal.CHANCE, "looked": Reveal.CHANCE, "peek": Reveal.CHANCE,
        "place_sentinel": Reveal.CHANCE, "reroll": Reveal.CHANCE, "reshuffle": Reveal.CHANCE,
        "reveal": Reveal.CHANCE, "run_tile": Reveal.CHANCE, "sentinel_card": Reveal.CHANCE,
        "system_tile": Reveal.CHANCE, "play": Reveal.OWN,
    }
    view_type: ClassVar[Any] = View
    standing: ClassVar[Standing] = STANDING
    outcome_reasons: ClassVar[Mapping[str, str]] = {
        Reason.LOCKDOWN: "lockdown: a row of the System board filled after a prisoner had "
                         "escaped; the most points win",
        Reason.ISLAND_EMPTY: "no prisoner is left on the island; the most points win",
        Reason.PRISON_WINS: "the prison wins: the game ended before any prisoner escaped",
    }

    def new_state(self, config: Config, seed: int) -> AlcatrazState:
        if config.game != SPEC.id:
            raise ConfigError(f"a {config.game} configuration cannot start {SPEC.id}")
        s = new_state(config, seed)
        s.stack.append(TURN)
        for seat in range(config.players - 1, -1, -1):
            s.stack.append(DrawChoice(seat, len(s.seat_prisoners[seat]),
                                      why=FIRST_CARDS))
        return s

    def agents(self) -> dict[str, AgentFactory]:
        from getaway.games.alcatraz_2034.heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def assets(self) -> dict[str, Any]:
        """``{"board": ...}``: the island's static drawing (see ``views.board``)."""
        from getaway.games.alcatraz_2034.views import board

        return {"board": board()}


GAME = Alcatraz2034()
