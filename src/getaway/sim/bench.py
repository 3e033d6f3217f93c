"""Engine speed: random rollouts, clone and determinize cost (``getaway bench``).

The rollout loop is the one every simulation runs -- ``to_act``,
``legal_actions``, a uniform choice, ``apply`` with full validation -- minus
the recording of steps, on one core. Times are the process's CPU time
(``time.process_time``): the machine is shared, and CPU time does not count the
moments another job held the core (it still feels what they do to the caches,
hence the anchor below).
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass

from getaway.core.registry import Game
from getaway.core.rollout import busy, next_seat, rollout, schedule
from getaway.core.spec import Config
from getaway.core.state import State

_clock = time.process_time


@dataclass(frozen=True)
class BenchResult:
    """Figures of one benchmark run."""

    game: str
    config: str
    games: int
    decisions: int
    seconds: float
    decisions_per_second: float
    games_per_second: float
    clone_us: float
    determinize_us: float

    def to_json(self) -> dict[str, object]:
        """As a JSON-able dict."""
        return asdict(self)


def sample_states(game: Game, config: Config, count: int, rng: random.Random) -> list[State]:
    """States from random games, taken at random moments."""
    out: list[State] = []
    seed = 0
    while len(out) < count:
        s = game.new_state(config, seed)
        free_at = schedule(s)
        seed += 1
        while not s.is_over() and len(out) < count:
            if rng.random() < 0.2:
                out.append(s.clone())
            seat = next_seat(s, free_at)
            if seat is None:
                break
            legal = s.legal_actions(seat)
            action = legal[int(rng.random() * len(legal))]
            busy(s, free_at, seat, action)
            s.apply(seat, action)
    return out


def bench(game: Game, config: Config, seconds: float = 3.0) -> BenchResult:
    """Measure rollouts for about ``seconds``, then clone and determinize."""
    rng = random.Random(1)
    decisions = games = 0
    start = _clock()
    elapsed = 0.0
    while elapsed < seconds:
        decisions += rollout(game.new_state(config, games), rng)
        games += 1
        elapsed = _clock() - start
    states = sample_states(game, config, 2000, rng)
    t0 = _clock()
    for s in states:
        s.clone()
    clone_us = (_clock() - t0) / len(states) * 1e6
    live = [s for s in states if not s.is_over() and s.to_act()]
    t0 = _clock()
    for s in live:
        s.determinize(s.to_act()[0], rng)
    det_us = (_clock() - t0) / max(1, len(live)) * 1e6
    return BenchResult(game.id, config.label(), games, decisions, elapsed, decisions / elapsed,
                       games / elapsed, clone_us, det_us)


ANCHOR = "OpenSpiel's C++ Hanabi, 3 players"


def hanabi_anchor(seconds: float = 3.0, seed: int = 1) -> float | None:
    """Random-rollout decisions per second of :data:`ANCHOR` through ``pyspiel``, measured
    now with the same kind of Python loop as :func:`bench` (chance outcomes drawn by
    their probabilities and not counted); None when ``pyspiel`` is not installed.

    The machine is shared and its speed drifts, so engine figures are quoted as a
    ratio to this rate measured in the same run.
    """
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:  # pragma: no cover - pyspiel is a dev dependency
        return None
    game = pyspiel.load_game("hanabi", {"players": 3})
    rng = random.Random(seed)
    decisions = 0
    start = _clock()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                x, acc = rng.random(), 0.0
                outcomes = state.chance_outcomes()
                pick = outcomes[-1][0]
                for outcome, p in outcomes:
                    acc += p
                    if x < acc:
                        pick = outcome
                        break
                state.apply_action(pick)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                decisions += 1
        elapsed = _clock() - start
    return decisions / elapsed
