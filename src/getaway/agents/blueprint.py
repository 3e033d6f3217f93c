"""Blueprint search: one seat improves on the heuristic every other seat plays.

The Hard bot. Like SPARTA's single-agent search in Hanabi (Lerer et al.,
2020), it assumes that every seat -- itself included, after this decision --
plays the game's heuristic (the *blueprint*), and asks only: which of my
actions now leads to the best result if everyone plays the blueprint from
here? Each round samples one world consistent with what the seat knows
(see **Belief** below) and plays every candidate action out in that same world
with the same random numbers, so the candidates are compared on common
ground (paired): a round says how much better one action is than another in
one possible world, not how lucky its world was.

* **Candidates.** The blueprint's own choice always; the other legal actions
  ranked by how far one step of each moves the seat's ``progress`` in the
  first world (ties in a seeded random order), the best ``width`` of them.
* **Racing.** After every ``race`` rounds the candidates whose paired mean is
  clearly below the best one's (more than ``z`` standard errors) drop out, so
  the budget goes to the close calls.
* **Playouts** run to the end of the game and are scored by the win (1) or
  loss (0) blended with ``progress_weight`` times the seat's ``progress`` -- a
  tie-breaker between lines that all win or all lose; with ``depth`` they stop
  after that many actions, and a game not over by then is worth the seat's
  ``progress`` (the game's own 0-1 estimate), so long games get more rounds.
* **Belief.** A sampled world deals the other seats' hidden cards as their
  play so far suggests if they play the blueprint (``obs.believe``: a hand
  that passed up a card it would have played holds none), not uniformly;
  ``belief=false`` samples uniformly (``obs.determinize``).
* **Deviation.** The blueprint's choice is kept unless another candidate's
  paired mean beats it by more than ``threshold`` and by ``z`` standard
  errors: the search changes the blueprint only where the sampled futures
  clearly say so, so its mistakes stay rare and more thinking only helps.

A budget is a number of rounds (``rounds``) or of seconds (``seconds``, the
default: one); the observation's ``deadline`` caps either. Seconds are on the
wall clock, or with ``clock=cpu`` of the process's own CPU time (a budget that
means the same on a shared, busy machine: benchmarks use it). With a round
count and no deadline, the choice depends only on the seed and what the seat
sees.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from getaway.agents.ismcts import _deadline
from getaway.agents.random import RandomAgent
from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.errors import ConfigError
from getaway.core.rollout import busy, rollout, schedule
from getaway.core.state import State


def _score(state: State, seat: int, weight: float) -> float:
    """A playout's value to ``seat``: the win (1) or loss (0), blended with ``weight``
    times its progress; a playout cut short at its depth is worth its progress alone
    (the game's own 0-1 estimate of how well the seat is doing)."""
    out = state.outcome()
    if out is None:
        return state.progress(seat)
    won = 1.0 if out.won(seat) else 0.0
    return (1 - weight) * won + weight * state.progress(seat) if weight else won


class _Tally:
    """One candidate's playout values, round by round (paired with the blueprint's)."""

    __slots__ = ("action", "values")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.values: list[float] = []

    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else -1.0


def _paired(a: _Tally, b: _Tally) -> tuple[float, float, int]:
    """Mean and standard error of ``a - b`` over the rounds both were played in."""
    n = min(len(a.values), len(b.values))
    if n == 0:
        return 0.0, math.inf, 0
    d = [x - y for x, y in zip(a.values[:n], b.values[:n], strict=True)]
    mean = sum(d) / n
    if n < 2:
        return mean, math.inf, n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n), n


class BlueprintSearch(Agent):
    """Single-seat search over the heuristic blueprint; see the module docstring."""

    name = "blueprint"

    def __init__(self, seconds: float = 1.0, rounds: int = 0, width: int = 8,
                 depth: int = 0, progress_weight: float = 0.05, threshold: float = 0.05,
                 z: float = 2.5, race: int = 8, blueprint: str = "normal",
                 clock: str = "wall", belief: bool = True) -> None:
        if not math.isfinite(seconds) or seconds < 0:
            raise ConfigError(f"seconds must be a finite number, not negative, got {seconds!r}")
        for key, value in (("rounds", rounds), ("depth", depth)):
            if type(value) is not int or value < 0:
                raise ConfigError(f"{key} must be a whole number, 0 or more, got {value!r}")
        if not seconds and not rounds:
            raise ConfigError("give a budget: seconds or rounds (or both)")
        if type(width) is not int or width < 1:
            raise ConfigError(f"width must be a positive whole number, got {width!r}")
        if type(race) is not int or race < 1:
            raise ConfigError(f"race must be a positive whole number, got {race!r}")
        if not 0 <= progress_weight <= 1:
            raise ConfigError(f"progress_weight must be between 0 and 1, got {progress_weight!r}")
        if clock not in ("wall", "cpu"):
            raise ConfigError(f"clock must be wall or cpu, got {clock!r}")
        if threshold < 0 or z < 0:
            raise ConfigError("threshold and z must not be negative")
        if blueprint.split(":", maxsplit=1)[0] in ("ismcts", "flat-mc", "blueprint", "hard"):
            raise ConfigError(f"blueprint={blueprint} would search inside every playout; "
                              "name a fast agent such as heuristic")
        self.seconds, self.rounds, self.width = float(seconds), rounds, width
        self.depth, self.weight = depth, float(progress_weight)
        self.threshold, self.z, self.race = float(threshold), float(z), race
        if type(belief) is not bool:
            raise ConfigError(f"belief must be true or false, got {belief!r}")
        self.blueprint, self.clock, self.belief = blueprint, clock, belief
        self._policies: dict[str, Agent] = {}
        self.last_rounds = 0
        self.last_iterations = 0
        self.last_tallies: list[_Tally] = []  # the last decision's candidates, for inspection

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        policy = self._policy(obs.game)
        if self.clock == "cpu":  # own budget in CPU seconds; a caller's cap stays on the wall
            deadline = obs.deadline
            cpu_end = time.process_time() + self.seconds if self.seconds else None
        else:
            _own, deadline = _deadline(self.seconds, obs.deadline)
            cpu_end = None
        first = self._world(obs, rng)
        # The blueprint's choice, asked in a sampled world: the seat sees it as the real one.
        guide = policy.choose(Observation(first, obs.seat, legal), random.Random(rng.random()))
        everyone = [_Tally(a) for a in self._candidates(first, obs.seat, legal, guide, rng)]
        base = everyone[0]
        active = list(everyone)
        done = 0
        world: State | None = first
        late = False
        while len(active) > 1 and not late:
            if self.rounds and done >= self.rounds:
                break
            if world is None:
                world = self._world(obs, rng)
            seed = rng.random()
            for tally in active:
                if ((deadline is not None and time.perf_counter() >= deadline)
                        or (cpu_end is not None and time.process_time() >= cpu_end)):
                    late = True  # a round left unfinished does not count
                    break
                tally.values.append(self._play(world, obs.seat, tally.action, seed, policy))
            if late:
                for tally in active:
                    del tally.values[done:]
                break
            world = None
            done += 1
            if done % self.race == 0:
                active = self._prune(active, base)
        self.last_rounds, self.last_tallies = done, everyone
        self.last_iterations = sum(len(t.values) for t in everyone)  # playouts played
        if not done:
            return base.action  # no time for one whole round: the blueprint's choice
        best = max(everyone, key=lambda t: (t.mean(), t is base))
        if best is base:
            return base.action
        gain, err, _n = _paired(best, base)
        if gain > self.threshold and gain > self.z * err:
            return best.action
        return base.action

    def _world(self, obs: Observation, rng: random.Random) -> State:
        """One world the seat may be in (see **Belief** above)."""
        return obs.believe(rng) if self.belief else obs.determinize(rng)

    def _policy(self, game_id: str) -> Agent:
        """The blueprint agent for ``game_id`` (built once). A game outside the registry
        (a test's toy) has no heuristic: its ``normal`` blueprint plays at random."""
        if game_id not in self._policies:
            from getaway.agents.registry import make_agent
            from getaway.games import registry

            games = registry()
            if game_id in {g.id for g in games}:
                self._policies[game_id] = make_agent(self.blueprint, games.get(game_id))
            elif self.blueprint in ("normal", "random"):
                self._policies[game_id] = RandomAgent()
            else:
                raise ConfigError(f"blueprint={self.blueprint}: {game_id} is not a registered "
                                  "game; only normal or random can play it")
        return self._policies[game_id]

    def _candidates(self, world: State, seat: int, legal: Sequence[Action], guide: Action,
                    rng: random.Random) -> list[Action]:
        """The blueprint's choice, then the ``width - 1`` others one step ranks highest."""
        others = [a for a in legal if a != guide]
        if len(others) >= self.width:
            before = world.progress(seat)
            keyed = []
            for a in others:
                s = world.clone()
                s.apply(seat, a)
                keyed.append((s.progress(seat) - before, rng.random(), a))
            keyed.sort(key=lambda k: (-k[0], k[1]))
            others = [a for _g, _r, a in keyed[: self.width - 1]]
        return [guide, *others]

    def _play(self, world: State, seat: int, action: Action, seed: float,
              policy: Agent) -> float:
        state = world.clone()
        free_at = schedule(state)
        busy(state, free_at, seat, action)
        state.apply(seat, action)
        rollout(state, random.Random(seed), self.depth or None, policy, 0.0, free_at)
        return _score(state, seat, self.weight)

    def _prune(self, active: list[_Tally], base: _Tally) -> list[_Tally]:
        """Drop the candidates clearly worse than the best (never the blueprint's)."""
        top = max(active, key=lambda t: t.mean())
        keep = []
        for t in active:
            if t is base or t is top:
                keep.append(t)
                continue
            gap, err, _n = _paired(top, t)
            if gap <= self.z * 2 * err or gap <= 0:
                keep.append(t)
        return keep
