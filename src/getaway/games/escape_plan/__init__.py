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

from collections.abc import Mapping
from typing import Any, ClassVar

from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game
from getaway.core.spec import Config, GameSpec, Option
from getaway.core.standing import Standing
from getaway.core.takeback import Reveal
from getaway.games.escape_plan.actions import SPACE
from getaway.games.escape_plan.model import UNESCAPED_OPTION, Unescaped
from getaway.games.escape_plan.observe import SIZE as OBSERVATION_SIZE
from getaway.games.escape_plan.scoring import Reason
from getaway.games.escape_plan.setup import new_state
from getaway.games.escape_plan.shapes import View
from getaway.games.escape_plan.standing import STANDING
from getaway.games.escape_plan.state import EscapePlanState

SPEC = GameSpec(
    id="escape-plan",
    title="Escape Plan",
    summary="Lay out the city, work your Escape Plan, dodge the police and get out on "
            "Day 3 with the most money.",
    min_players=2,
    max_players=5,
    options=(
        Option(UNESCAPED_OPTION, "players still in the city when the third Day ends: "
               "arrested (they score $0) or scored like the others", Unescaped.ARRESTED.value,
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
    # Levels: Easy's share of random moves (Easy / Normal win rates at 2 players: 0.81 at
    # 0.05, 0.38 at 0.15; 150 deals, benchmarks/easy_ladder.py).
    easy_epsilon = 0.1
    # For learners (getaway.rl.learnable): what dense rewards pay for, and easier variants.
    shaping_doc = (
        "`State.progress(seat)`: the seat's score so far (money, Escape Plan, penalties as "
        "scored at the end) / 150")
    # Hard's playouts stop after 30 actions (then the game's progress counts): whole
    # games take too long for a second's thinking.
    hard_settings: ClassVar[Mapping[str, Any]] = {"depth": 30}
    decision_keys: ClassVar[Mapping[str, str]] = {
        "lay_tile": "which face-up City tile to lay, where and turned how (City phase)",
        "business_tile": "which free Business or Safe House tile goes on the Location of "
                         "the City tile just laid",
        "join_turn": "spend an Extra Action disc to take an optional turn, or sit it out",
        "fee": "pay the $1 fee once someone has escaped, or be arrested",
        "rest_or_move": "rest (once a round) or move; any Executive Action first",
        "move": "the next step of the move: walk, ride the Subway, fly, cross water, spend "
                "a Gas Can or a movement card, or end the move on a Location",
        "water": "which body of water a Jet Ski or Scuba Gear opens",
        "avoid": "avoid the officers (and Sandra) on a tile left behind, or take the Wounds",
        "visit": "the choices of a visit (the view's pending.where: store, church, gang, "
                 "safe_house, exit, clinic, hospital), then end the visit",
        "closed_business": "open a closed Business with a Key or the Master Key, or leave",
        "keep_tile": "which of the Locker or Exit tiles drawn to keep",
        "unlock_asset": "which locked Asset tile to unlock",
        "take_contact": "which card of the Contact display to take",
        "place_contact": "place the Contact card taken, replace one with it, or discard it",
        "make_room": "which tile to discard for the new one on a full Item row, or let it go",
        "move_officer": "which officer to move and to which tile",
        "remove_officer": "which officer to remove from the game",
        "group_bonus": "an Extra Action disc, or the group's other reward",
        "income_unlock": "pay $3 in the Income phase to unlock an Asset, or decline",
        "end_turn": "end the turn, or an Executive Action first",
        # automatic steps: no seat decides them, no view shows them
        "flow": "automatic: the next step of the round",
        "turn_start": "automatic: the start of a player's turn",
        "avoid_step": "automatic: the next tile left behind in the avoid step",
        "avoid_again": "automatic: the avoid step asks again after an Executive Action",
        "visit_start": "automatic: the visit of the Location the move ended on",
        "escaped": "automatic: the escape completes",
        "gain_item": "automatic: a new tile goes onto the Item row",
        "notoriety_update": "automatic: Notoriety moves at the end of a turn",
        "towards_you": "automatic: an officer must come nearer to the player who crossed "
                       "a threshold",
        "threshold_reward": "automatic: a Notoriety threshold's reward",
    }
    event_kinds: ClassVar[Mapping[str, str]] = {
        "round": "a round begins",
        "income": "a player collects Income (the Income phase, or at an Exit)",
        "patrol": "a Patrol card is revealed; it may block Exits",
        "city": "a City tile is laid, or a Business or Safe House tile put on it",
        "join": "a player takes an optional turn or sits it out",
        "fee": "a player pays the $1 fee",
        "arrested": "a player is arrested",
        "rest": "a player rests",
        "move": "a player's move ends on a Location",
        "avoid": "a player avoids an officer or Sandra",
        "wounds": "a player's Wounds after taking some",
        "handcuffs": "a player is handcuffed",
        "visit": "a player visits a Location",
        "buy": "a player buys an Equipment or Fixer tile",
        "gas": "a player takes a Gas Can",
        "locker": "a player opens a Locker and draws its tiles",
        "exit_tile": "a player draws Exit tiles",
        "keep": "a player keeps a drawn tile face down",
        "keep_face": "the tile kept, face up, for its keeper only",
        "room": "a player discards a tile to make room, or lets the new one go",
        "pay_notoriety": "a player pays to lose Notoriety at the Church",
        "gang": "a player hires a Gang",
        "heal": "a player heals at the Clinic or the Hospital",
        "escape": "a player escapes",
        "contact": "a player takes a Contact card from the display",
        "display": "a card from the Contact deck fills the display",
        "unlock": "a player unlocks an Asset tile",
        "income_unlock": "a player pays to unlock an Asset in the Income phase",
        "bonus": "a player takes a group bonus",
        "use": "a player uses a Contact card, Item or Asset",
        "first_aid": "a player uses First Aid",
        "gang_member": "a player sends a Gang Member back",
        "police": "an officer moves",
        "police_removed": "an officer is removed from the game",
        "threshold": "a player crosses a Notoriety threshold",
        "sandra": "Sandra's turn",
    }
    # Sandra's and the Patrol cards, tiles turned in the City stacks, Lockers and Exit tiles
    # drawn, the Contact display filled, cubes taken at a visit, the Black Market's draw.
    revealing_events: ClassVar[Mapping[str, Reveal] | None] = {
        "buy": Reveal.CHANCE, "city": Reveal.CHANCE, "display": Reveal.CHANCE,
        "exit_tile": Reveal.CHANCE, "locker": Reveal.CHANCE, "patrol": Reveal.CHANCE,
        "sandra": Reveal.CHANCE, "visit": Reveal.CHANCE,
    }
    view_type: ClassVar[Any] = View
    standing: ClassVar[Standing] = STANDING
    outcome_reasons: ClassVar[Mapping[str, str]] = {
        Reason.END_OF_ROUND_3: "the third Day ended: the richest player not arrested wins",
    }

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
