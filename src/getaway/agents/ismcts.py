"""Information-set Monte Carlo tree search, and flat Monte Carlo.

:class:`ISMCTS` is single-observer ISMCTS (Cowling, Powley and Whitehouse,
2012): every iteration samples a state consistent with what the deciding seat
knows (``obs.determinize``), walks down one shared tree choosing actions with
UCB1 -- counting, for each child, how often it was *available* rather than how
often its parent was visited -- expands one new action, finishes the game
with a rollout, and credits every seat its own reward on the way back up.
Simultaneous decisions and reaction windows are taken in the order
``to_act()`` lists the seats; real-time games advance their clock in the
rollout when nobody may act.

A seat's reward is 1 for a win and 0 for a loss, plus ``progress_weight``
times ``state.progress(seat)`` so that long cooperative games, which random
rollouts almost never win, still tell better lines from worse ones. Rollouts
stop after ``depth`` actions and are then scored by progress alone.

:class:`FlatMC` is the baseline: every legal action gets an equal share of
rollouts from determinized states; the best mean wins.

Both are configured from the command line, e.g. ``ismcts:iterations=500``,
``ismcts:seconds=1.5:c=0.7``, ``flat-mc:iterations=200``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.errors import ConfigError
from getaway.core.rollout import rollout
from getaway.core.state import State


def rewards(state: State, weight: float) -> list[float]:
    """Each seat's reward for a finished or abandoned game."""
    out = state.outcome()
    won = out.returns() if out is not None else [0.0] * state.players
    return [(1 - weight) * won[s] + weight * state.progress(s) for s in range(state.players)]


def _check(iterations: int, seconds: float, c: float, depth: int, weight: float) -> None:
    if type(iterations) is not int or iterations < 1:
        raise ConfigError(f"iterations must be a positive whole number, got {iterations!r}")
    if seconds < 0:
        raise ConfigError(f"seconds must not be negative, got {seconds!r}")
    if c < 0:
        raise ConfigError(f"the exploration constant c must not be negative, got {c!r}")
    if type(depth) is not int or depth < 1:
        raise ConfigError(f"depth must be a positive whole number, got {depth!r}")
    if not 0 <= weight <= 1:
        raise ConfigError(f"progress_weight must be between 0 and 1, got {weight!r}")


class _Node:
    __slots__ = ("action", "avail", "children", "parent", "seat", "total", "visits")

    def __init__(self, parent: _Node | None, action: Action | None, seat: int,
                 players: int) -> None:
        self.parent = parent
        self.action = action
        self.seat = seat  # the seat that chose ``action``
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * players


class ISMCTS(Agent):
    """Single-observer information-set MCTS; see the module docstring."""

    name = "ismcts"

    def __init__(self, iterations: int = 500, seconds: float = 0.0, c: float = 0.7,
                 depth: int = 400, progress_weight: float = 0.3) -> None:
        _check(iterations, seconds, c, depth, progress_weight)
        self.iterations, self.seconds, self.c = iterations, float(seconds), float(c)
        self.depth, self.weight = depth, float(progress_weight)
        self.last_iterations = 0

    def describe(self) -> str:
        budget = f"seconds={self.seconds:g}" if self.seconds else f"iterations={self.iterations}"
        return f"ismcts:{budget}:c={self.c:g}"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        players = obs.players
        root = _Node(None, None, obs.seat, players)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while (done < self.iterations) if deadline is None else (time.perf_counter() < deadline):
            self._iterate(root, obs.determinize(rng), rng, players)
            done += 1
        self.last_iterations = done
        allowed = set(legal)
        best = max((ch for a, ch in root.children.items() if a in allowed),
                   key=lambda ch: (ch.visits, ch.total[obs.seat]), default=None)
        return best.action if best is not None and best.action is not None else legal[0]

    def _iterate(self, root: _Node, state: State, rng: random.Random, players: int) -> None:
        node = root
        c = self.c
        while not state.is_over():
            seats = state.to_act()
            if not seats:
                state.advance(state.wake_in() or 1.0)
                continue
            seat = seats[0]
            legal = state.legal_actions(seat)
            children = node.children
            untried: list[Action] = []
            avail: list[_Node] = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
                    avail.append(child)
            if untried:
                a = untried[int(rng.random() * len(untried))]
                child = _Node(node, a, seat, players)
                children[a] = child
                state.apply(seat, a)
                node = child
                break
            best = avail[0]
            best_score = -1.0
            for ch in avail:
                score = ch.total[seat] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = ch, score
            assert best.action is not None
            state.apply(seat, best.action)
            node = best
        rollout(state, rng, self.depth)
        reward = rewards(state, self.weight)
        walk: _Node | None = node
        while walk is not None:
            walk.visits += 1
            total = walk.total
            for s in range(players):
                total[s] += reward[s]
            walk = walk.parent


class FlatMC(Agent):
    """Flat Monte Carlo: equal rollouts per legal action from determinized states."""

    name = "flat-mc"

    def __init__(self, iterations: int = 200, seconds: float = 0.0, depth: int = 400,
                 progress_weight: float = 0.3) -> None:
        _check(iterations, seconds, 0.0, depth, progress_weight)
        self.iterations, self.seconds = iterations, float(seconds)
        self.depth, self.weight = depth, float(progress_weight)

    def describe(self) -> str:
        budget = f"seconds={self.seconds:g}" if self.seconds else f"iterations={self.iterations}"
        return f"flat-mc:{budget}"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal: Sequence[Action] = obs.legal
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        i = 0
        while (i < self.iterations) if deadline is None else (time.perf_counter() < deadline):
            k = i % len(legal)
            state = obs.determinize(rng)
            state.apply(obs.seat, legal[k])
            rollout(state, rng, self.depth)
            totals[k] += rewards(state, self.weight)[obs.seat]
            counts[k] += 1
            i += 1
        means = [t / n if n else -1.0 for t, n in zip(totals, counts, strict=True)]
        return legal[max(range(len(legal)), key=means.__getitem__)]
