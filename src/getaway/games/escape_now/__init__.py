"""ESCAPE NOW! -- a cooperative, no-talking card game against a 60-card clock.

Rules in our words: ``README.md`` in this package (also ``getaway rules escape-now``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game
from getaway.core.spec import Config, GameSpec, Option, OptionValue
from getaway.core.standing import Standing
from getaway.core.state import State
from getaway.core.takeback import Reveal
from getaway.games.escape_now.actions import SPACE
from getaway.games.escape_now.content import CONTENT
from getaway.games.escape_now.observe import SIZE as OBSERVATION_SIZE
from getaway.games.escape_now.observe import shaping_potential
from getaway.games.escape_now.rules import Reason, StartOffer
from getaway.games.escape_now.shapes import View
from getaway.games.escape_now.standing import STANDING
from getaway.games.escape_now.state import EscapeNowState, new_state
from getaway.games.escape_now.words import DECISION_KEYS, EVENT_KINDS


def _check(players: int, options: Mapping[str, OptionValue]) -> None:
    if options["hard"] and not 2 <= players <= 4:
        raise ConfigError("option 'hard' (fewer LUCKY SHOTs) is defined for 2 to 4 players; "
                          "solo games always use 2 LUCKY SHOTs")


SPEC = GameSpec(
    id="escape-now",
    title="ESCAPE NOW!",
    summary="Cooperative card game: solve the room's puzzles without talking before "
            "the 60-card clock runs out.",
    min_players=1,
    max_players=6,
    options=(
        Option("layout", "room layout (difficulty)", "standard",
               tuple(lay.id for lay in CONTENT.layouts)),
        Option("hard", "fewer LUCKY SHOTs: 4 at 4 players, 3 at 2-3 players", False),
        Option("expert", "cards of a solved puzzle go face down onto the discard pile", False),
    ),
    check=_check,
)


class EscapeNow(Game):
    """The ESCAPE NOW! game."""

    spec = SPEC
    actions = SPACE
    observation_size = OBSERVATION_SIZE
    # Each turn moves one of the 60 cards for good and takes at most 7 decisions (the
    # action, a discard or question, 5 answers); the start takes at most 18.
    max_decisions = 60 * 7 + 18
    cooperative = True
    # Levels: Easy's share of random moves (Easy / Normal win rates: 0.55 at 2 players,
    # 0.41 at 3; 200 deals each, benchmarks/easy_ladder.py).
    easy_epsilon = 0.05
    # For learners (getaway.rl.learnable): what dense rewards pay for, and easier variants.
    shaping_doc = (
        "0.5 x the share of the cards the room needs that lie on puzzles (all of a solved "
        "puzzle's; `State.progress`) + 0.3 x the share of puzzles solved + 0.2 x the minutes "
        "(cards in hands and the draw pile) kept / 60; shared by the team")
    curriculum = ({"layout": "easy"}, {"layout": "standard"})
    curriculum_doc = "layout `easy`, then `standard` (the default game)"
    decision_keys = DECISION_KEYS
    event_kinds = EVENT_KINDS
    # Cards drawn and puzzles turned face up were hidden from everyone; a card played
    # or an answer given tells the others about the mover's hand.
    revealing_events: ClassVar[Mapping[str, Reveal] | None] = {
        "drawn": Reveal.CHANCE, "revealed": Reveal.CHANCE, "play": Reveal.OWN,
        "answer": Reveal.OWN,
    }
    view_type: ClassVar[Any] = View
    standing: ClassVar[Standing] = STANDING
    outcome_reasons: ClassVar[Mapping[str, str]] = {
        Reason.ESCAPED: "the team solved the final puzzle and escaped",
        Reason.TIME_UP: "time ran out before the team escaped",
    }

    def shaping(self, state: State, seat: int) -> float:
        return shaping_potential(state, seat)

    def new_state(self, config: Config, seed: int) -> EscapeNowState:
        if config.game != SPEC.id:
            raise ConfigError(f"a {config.game} configuration cannot start {SPEC.id}")
        s = new_state(config, seed, CONTENT.layout(str(config.options["layout"])))
        s.stack.append(StartOffer(0, last=s.hands_n == 1))
        return s

    def agents(self) -> dict[str, AgentFactory]:
        from getaway.games.escape_now.heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}


GAME = EscapeNow()
