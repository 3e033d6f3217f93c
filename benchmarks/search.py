"""ISMCTS and flat Monte Carlo iterations per second, per game and player count.

    .venv/bin/python benchmarks/search.py [--states N] [--iterations I]

Each agent decides from ``--states`` positions sampled from random games of
each configuration (one core); an iteration is one determinization, one walk
down the tree and one rollout to the end of the game (random rollouts) or to
``depth`` actions (``ismcts:depth=10``, and heuristic rollouts) and then scored
by the game's ``progress``. For ``hard`` (the blueprint search)
an iteration is one playout of one candidate in one sampled world, with the
heuristic in every seat, to the end of the game in ESCAPE NOW! and for 30
actions in the other games; it plays ``iterations / 8`` rounds. Rates are per
second of the process's CPU time, like ``make bench``'s: the machine is shared.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from getaway.agents.registry import make_agent
from getaway.core.agent import Observation
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.core.state import State
from getaway.games import registry
from getaway.sim.bench import sample_states

AGENTS = ("ismcts", "ismcts:depth=10", "flat-mc", "ismcts:rollout=heuristic:depth=30", "hard")


def rate(game: Game, spec: str, states: list[State], iterations: int) -> float:
    """Iterations per second of agent ``spec`` over ``states``."""
    if spec.startswith("hard"):  # Hard's iterations are playouts: rounds x candidates
        agent = make_agent(f"{spec}:seconds=0:rounds={max(1, iterations // 8)}", game)
    else:
        agent = make_agent(f"{spec}:iterations={iterations}", game)
    rng = random.Random(7)
    done = 0
    start = time.process_time()
    for s in states:
        seat = s.to_act()[0]
        obs = Observation(s, seat)
        if len(obs.legal) < 2:
            continue
        agent.choose(obs, rng)
        done += agent.last_iterations  # type: ignore[attr-defined]
    return done / (time.process_time() - start)


def decision_states(game: Game, config: Config, count: int) -> list[State]:
    """Live states where some seat must choose between two actions or more."""
    return [s for s in sample_states(game, config, count * 3, random.Random(3))
            if not s.is_over() and s.to_act()
            and len(s.legal_actions(s.to_act()[0])) > 1][:count]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--states", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; "
          f"{args.iterations} iterations from each of {args.states} positions\n")
    print("| game | players | " + " | ".join(f"`{a}` it/s" for a in AGENTS) + " |")
    print("|---|---:|" + "---:|" * len(AGENTS))
    for game in registry():
        if args.game and game.id not in args.game:
            continue
        for n in range(game.spec.min_players, game.spec.max_players + 1):
            config = game.spec.configure(n)
            states = decision_states(game, config, args.states)
            rates = [rate(game, a, states, args.iterations) for a in AGENTS]
            print(f"| {game.id} | {n} | " + " | ".join(f"{r:,.0f}" for r in rates) + " |",
                  flush=True)


if __name__ == "__main__":
    main()
