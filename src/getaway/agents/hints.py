"""Hints: what the Hard bot would do now for a seat, and that seat's chance of winning.

:func:`advise` works for every game and sees only what the seat may see: it is
given the seat's :class:`~getaway.core.agent.Observation` (or builds one from a
state), and everything it does goes through that observation -- the Hard
agent's search samples states consistent with the seat's view
(``obs.believe``: the other seats' hidden cards drawn as their play suggests if
they play the Normal bot), and so does the estimate. Two real states that look the
same to the seat get the same advice for the same seed.

The estimate is honest and plain: ``playouts`` times, a state is sampled from
the seat's view, the advised action is applied, and every seat then plays the
Normal bot (the game's heuristic) to the end; the chance is the share of those
games the seat won (a team win counts in cooperative games). It is the chance
*if everyone played like the Normal bot, so far and from here*, not a promise.

Time: the Hard agent gets about two thirds of ``seconds``, the playouts the rest,
but never fewer than :data:`MIN_PLAYOUTS` of them unless that would take
longer than :data:`OVERRUN` times the budget (one playout is always played), nor
more than :data:`MAX_PLAYOUTS`; a playout with heuristic players can take half a
second in the longer games, so a short budget means few playouts -- the answer
says how many. With ``rounds`` and ``playouts`` given as counts the
answer depends on the seed alone (the time budget then only caps it). A
real-time game is advised from its current state; its clock is not advanced.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from getaway.agents.registry import make_agent
from getaway.core.actions import Action
from getaway.core.agent import Observation
from getaway.core.chance import derive_seed
from getaway.core.errors import GetawayError
from getaway.core.registry import Game
from getaway.core.rollout import busy, rollout, schedule
from getaway.core.state import State

MIN_PLAYOUTS = 8  # the fewest playouts an estimate rests on, unless that would overrun far
OVERRUN = 1.5  # times the budget after which even the minimum gives way (one playout always)
MAX_PLAYOUTS = 400  # enough for about +-5 percentage points
SEARCH_SHARE = 2 / 3  # of the time budget, for the Hard agent's choice
DEPTH = 5000  # actions a playout may take before it counts as not won


@dataclass(frozen=True)
class Advice:
    """A hint: the Hard agent's action, its label, the estimated chance of winning
    (0 to 1) and the number of playouts that estimate rests on."""

    action: Action
    label: str
    chance: float
    playouts: int

    def to_json(self) -> dict[str, Any]:
        """``{"action", "label", "chance", "playouts"}``."""
        return {"action": self.action.to_json(), "label": self.label,
                "chance": self.chance, "playouts": self.playouts}

    def line(self) -> str:
        """The hint as one sentence for people."""
        return hint_line(self.label, self.chance, self.playouts)


def hint_line(label: str, chance: float, playouts: int) -> str:
    """``Hard would: LABEL — estimated chance of winning about 62% (N playouts)``."""
    return (f"Hard would: {label} — estimated chance of winning about "
            f"{round(chance * 100)}% ({playouts} playouts)")


def advise(game: Game, source: State | Observation, seat: int, seconds: float = 1.0,
           seed: int = 0, *, rounds: int | None = None,
           playouts: int | None = None) -> Advice:
    """The Hard agent's choice for ``seat`` and the seat's chance of winning after it.

    ``source`` is the seat's observation, or a state (only the seat's observation
    of it is used). ``rounds`` fixes the Hard agent's search to that many
    rounds (sampled worlds) and ``playouts`` the number of playouts (both still stop at the
    time budget, see the module's docstring); by default both
    run for their share of ``seconds``. Raises ``GetawayError`` when the seat has
    nothing to decide.
    """
    start = time.perf_counter()
    obs = source if isinstance(source, Observation) else Observation(source, seat)
    if obs.seat != seat:
        raise GetawayError(f"the observation is seat {obs.seat}'s, not seat {seat}'s")
    legal = list(obs.legal)
    if not legal:
        raise GetawayError(f"seat {seat} has nothing to decide now")
    seconds = max(0.0, float(seconds))
    think_until = start + seconds * SEARCH_SHARE
    if obs.deadline is not None:
        think_until = min(think_until, obs.deadline)
    if rounds is not None:
        hard = make_agent(f"hard:seconds=0:rounds={int(rounds)}", game)
    else:
        hard = make_agent(f"hard:seconds={max(seconds * SEARCH_SHARE, 0.001):g}", game)
    asked = Observation(obs._state, seat, legal, deadline=think_until)
    action = hard.choose(asked, random.Random(derive_seed(seed, "hint", "hard")))
    normal = make_agent("normal", game)
    rng = random.Random(derive_seed(seed, "hint", "playouts"))
    until = start + seconds
    limit = start + seconds * OVERRUN
    want = MAX_PLAYOUTS if playouts is None else max(1, int(playouts))
    floor = min(MIN_PLAYOUTS, want)
    wins = done = 0
    while done < want and (done == 0 or time.perf_counter() < until
                           or (done < floor and time.perf_counter() < limit)):
        state = obs.believe(rng)
        free_at = schedule(state)
        busy(state, free_at, seat, action)
        state.apply(seat, action)
        rollout(state, rng, DEPTH, normal, 0.0, free_at)
        out = state.outcome()
        wins += out is not None and out.won(seat)
        done += 1
    return Advice(action, action.label(), wins / done, done)
