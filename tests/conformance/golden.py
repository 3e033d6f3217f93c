"""Digests of whole games, for the golden-games test (and to regenerate its file).

    .venv/bin/python -m tests.conformance.golden > tests/conformance/golden.json

A digest hashes, for one game at one player count and seed, every step of a
random playout and of a playout by the game's heuristic (seat, action, clock),
and every tenth step the state's fingerprint, the deciding seat's view,
numeric observation, legal actions and a determinized copy's fingerprint.
A change that makes the engine faster must leave every digest as it was:
stored records replay from their seed and actions, and deals, bots and hints
must stay what they were.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from getaway.agents.registry import make_agent
from getaway.core.agent import Observation
from getaway.core.registry import Game
from getaway.core.rollout import busy, next_seat, schedule
from getaway.games import registry

SEEDS = (0, 1)


def digest(game: Game, players: int, seed: int, policy: str) -> str:
    """The digest of one playout (``policy``: ``random`` or ``heuristic``)."""
    state = game.new_state(game.spec.configure(players), seed)
    agent = make_agent(policy, game) if policy != "random" else None
    rng = random.Random(seed)
    free_at = schedule(state)
    h = hashlib.sha256()
    step = 0
    while True:
        seat = next_seat(state, free_at)
        if seat is None:
            break
        legal = state.legal_actions(seat)
        if step % 10 == 0:
            probe: dict[str, object] = {
                "fingerprint": state.fingerprint(),
                "view": state.view(seat),
                "legal": [a.to_json() for a in legal],
                "determinized": state.determinize(seat, random.Random(step)).fingerprint(),
            }
            if game.observation_size:
                probe["observation"] = [round(float(x), 9) for x in state.observation(seat)]
            h.update(json.dumps(probe, sort_keys=True, default=str).encode())
        if agent is None:
            action = legal[int(rng.random() * len(legal))]
        else:
            action = agent.choose(Observation(state, seat, legal), rng)
        h.update(json.dumps([seat, action.to_json(), state.clock()]).encode())
        busy(state, free_at, seat, action)
        state.apply(seat, action)
        step += 1
    out = state.outcome()
    h.update(json.dumps([state.fingerprint(), out.to_json() if out else None]).encode())
    return h.hexdigest()[:24]


def cases() -> list[tuple[str, int, int, str]]:
    """Every (game, players, seed, policy) the golden file holds."""
    out = []
    for game in registry():
        counts = sorted({game.spec.min_players, game.spec.max_players})
        for n in counts:
            for seed in SEEDS:
                for policy in ("random", "heuristic"):
                    out.append((game.id, n, seed, policy))
    return out


def key(case: tuple[str, int, int, str]) -> str:
    """The golden file's key of a case."""
    return "{}/{}p/seed{}/{}".format(*case)


def main() -> None:
    reg = registry()
    table = {key(c): digest(reg.get(c[0]), c[1], c[2], c[3]) for c in cases()}
    json.dump(table, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
