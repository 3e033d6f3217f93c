"""Escape from New York -- 1 to 4 Heroes against the New York bot, with a traitor's way out.

Rules in our words: ``README.md`` in this package (also ``getaway rules new-york``).
The content (:mod:`.content`) and the rules engine are complete: :mod:`.setup` deals a
game, :mod:`.turn` runs the turn's twelve steps as decision frames, the effects of
every card, tile, POI and Boss run through :mod:`.resolve`, New York moves its
Enemies with :mod:`.enemies`, and :mod:`.views` / :mod:`.observe` give each seat
what it may know.

Options: ``heroes`` (which Hero each seat plays, in seat order, e.g.
``"cabbie-snake"``; default ``snake-maggie-brain-cabbie``), one switch per
Appendix B module (``extra_specials``, ``crossbows``, ``explosions``,
``extra_timers``, ``traps``, ``hard_deck``, ``wanted``, ``dead_or_alive``) and the
two Hard variants (``hard_timers``: one black Timer tile fewer; ``hard_prisoners``:
30 Prisoners). A Lone Victory makes the game not purely cooperative: each seat has
its own outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game
from getaway.core.spec import Config, GameSpec, Option, OptionValue
from getaway.core.standing import Standing
from getaway.core.takeback import Reveal
from getaway.games.new_york.actions import SPACE
from getaway.games.new_york.model import Module
from getaway.games.new_york.observe import SIZE as OBSERVATION_SIZE
from getaway.games.new_york.setup import DEFAULT_HEROES, hero_names, new_state
from getaway.games.new_york.shapes import View
from getaway.games.new_york.standing import STANDING
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.tables import HERO_IDS
from getaway.games.new_york.turn import Phase
from getaway.games.new_york.victory import Reason
from getaway.games.new_york.words import DECISION_KEYS, EVENT_KINDS

_MODULE_DOCS = {
    Module.EXTRA_SPECIALS: "extra module: 8 more Hero Special Action cards",
    Module.CROSSBOWS: "extra module: 2 Crossbows in the Item deck",
    Module.EXPLOSIONS: "extra module: 2 Explosion! Event cards",
    Module.EXTRA_TIMERS: "extra module: 3 more black Timer tiles",
    Module.TRAPS: "extra module: 2 Trap tiles in the City deck and the 3 Trap cards",
    Module.HARD_DECK: "extra module: the 10 HARD New York cards replace the standard deck",
    Module.WANTED: "extra module: the Wanted! objectives and Wanted cards",
    Module.DEAD_OR_ALIVE: "extra module: Is the President Dead or Alive?",
}


def _check(players: int, options: Mapping[str, OptionValue]) -> None:
    text = str(options["heroes"])
    names = hero_names(text)
    bad = [h for h in names if h not in HERO_IDS]
    if bad:
        raise ConfigError(f"option 'heroes' names unknown Heroes {bad}; the Heroes are "
                          f"{', '.join(HERO_IDS)}")
    if len(set(names)) != len(names):
        raise ConfigError(f"option 'heroes' names a Hero twice: {text!r}")
    if len(names) < players:
        raise ConfigError(f"option 'heroes' names {len(names)} Heroes for {players} players")


SPEC = GameSpec(
    id="new-york",
    title="Escape from New York",
    summary="Find the President, his Tape and a bridge's Diagram and cross together -- "
            "or betray the others and slip away alone before New York wins.",
    min_players=1,
    max_players=4,
    options=(
        Option("heroes", "the Heroes, in seat order (snake, maggie, brain, "
               "cabbie)", DEFAULT_HEROES),
        *(Option(m.value, doc, False) for m, doc in _MODULE_DOCS.items()),
        Option("hard_timers", "Hard variant: one more black Timer tile set aside",
               False),
        Option("hard_prisoners", "Hard variant: 30 Prisoners instead of 40", False),
    ),
    check=_check,
)


class EscapeFromNewYork(Game):
    """The Escape from New York game."""

    spec = SPEC
    actions = SPACE
    observation_size = OBSERVATION_SIZE
    # A turn is some 15-40 decisions and a game ends with the Timer deck (26 tiles at
    # most, one revealed every few turns): random games take a few thousand decisions.
    max_decisions = 20_000
    cooperative = False
    # Levels: Easy's share of random moves (Easy / Normal win rates: 0.51 at 2 players,
    # 150 deals, benchmarks/easy_ladder.py).
    easy_epsilon = 0.05
    # For learners (getaway.rl.learnable): what dense rewards pay for, and easier variants.
    shaping_doc = (
        "`State.progress(seat)`: 0.4 x the Hero's level / 3, + 0.2 once the President is "
        "found, + 0.2 while this Hero escorts him, + 0.1 for the tape, + 0.1 x hand size / 8")
    # Hard's playouts stop after 30 actions (then the game's progress counts): whole
    # games take too long for a second's thinking.
    hard_settings: ClassVar[Mapping[str, Any]] = {"depth": 30}
    decision_keys = DECISION_KEYS
    event_kinds = EVENT_KINDS
    # New York's cards and dice, face-down tiles, tokens and decks (and the steps that
    # may draw from them); a revealed Action card was played face down.
    revealing_events: ClassVar[Mapping[str, Reveal] | None] = {
        "bonus": Reveal.CHANCE, "boss": Reveal.CHANCE, "car": Reveal.CHANCE,
        "car_wrecked": Reveal.CHANCE, "card_skipped": Reveal.CHANCE, "case": Reveal.CHANCE,
        "case_token": Reveal.CHANCE, "collect_case": Reveal.CHANCE,
        "collect_item": Reveal.CHANCE, "damage": Reveal.CHANCE, "discarded": Reveal.CHANCE,
        "draw_items": Reveal.CHANCE, "drawn": Reveal.CHANCE, "event": Reveal.CHANCE,
        "event_level": Reveal.CHANCE, "events": Reveal.CHANCE, "gullfire": Reveal.CHANCE,
        "heal": Reveal.CHANCE, "keep": Reveal.CHANCE, "level_up": Reveal.CHANCE,
        "make_noise": Reveal.CHANCE, "mission": Reveal.CHANCE, "mission_home": Reveal.CHANCE,
        "mission_lost": Reveal.CHANCE, "noise_lost": Reveal.CHANCE, "ny_card": Reveal.CHANCE,
        "ny_discard": Reveal.CHANCE, "ny_reshuffle": Reveal.CHANCE,
        "ny_special": Reveal.CHANCE, "objective": Reveal.CHANCE, "peek_poi": Reveal.CHANCE,
        "peeked": Reveal.CHANCE, "poi": Reveal.CHANCE, "president": Reveal.CHANCE,
        "recover": Reveal.CHANCE, "recover_all": Reveal.CHANCE, "recovered": Reveal.CHANCE,
        "roadblock": Reveal.CHANCE, "saturation": Reveal.CHANCE, "shelter": Reveal.CHANCE,
        "special": Reveal.CHANCE, "special_card": Reveal.CHANCE, "suburb": Reveal.CHANCE,
        "swap": Reveal.CHANCE, "tile": Reveal.CHANCE, "timer": Reveal.CHANCE,
        "timer_discard": Reveal.CHANCE, "reveal_card": Reveal.OWN, "reveal_weapon": Reveal.OWN,
    }
    view_type: ClassVar[Any] = View
    standing: ClassVar[Standing] = STANDING
    outcome_reasons: ClassVar[Mapping[str, str]] = {
        Reason.COLLECTIVE: "the Heroes escaped together: a collective victory",
        Reason.LONE: "one Hero escaped alone: a Lone Victory",
        Reason.NEW_YORK: "New York wins: the Heroes did not get out",
    }

    def new_state(self, config: Config, seed: int) -> NewYorkState:
        if config.game != SPEC.id:
            raise ConfigError(f"a {config.game} configuration cannot start {SPEC.id}")
        s = new_state(config, seed)
        s.stack.append(Phase(1))
        s.settle([])
        return s

    def agents(self) -> dict[str, AgentFactory]:
        from getaway.games.new_york.heuristic import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def assets(self) -> dict[str, Any]:
        """The map, every tile, POI and Boss as printed and the card texts (``views.assets``)."""
        from getaway.games.new_york.views import assets

        return assets()


GAME = EscapeFromNewYork()
