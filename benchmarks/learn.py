"""Can a real trainer learn our games? MaskablePPO on ESCAPE NOW! 2p and Alcatraz 2034 2p.

    pip install -e '.[learn]'          # sb3-contrib, stable-baselines3, torch (CPU)
    .venv/bin/python benchmarks/learn.py [--minutes 20 10] [--out benchmarks/results]

For each game it trains sb3-contrib's ``MaskablePPO`` on the Gymnasium env
(``getaway.rl.gymnasium.GetawayEnv``, seat 0, ``reward="dense"`` with the
trainer's discount as ``shaping_gamma``) for a budget of CPU minutes in one
process (torch on one thread), and every few minutes plays a fixed set of
evaluation deals of the normal game with the masked, deterministic policy
against each of the ``random``, ``easy`` and ``normal`` agents as the other
seats (partners in the cooperative ESCAPE NOW!, opponents in Alcatraz). A
random learner on the same deals is the baseline. Besides the win rate it
reports the mean potential (``phi``, the dense reward's measure of progress,
0-1) the learner's seat reached before the game ended, which shows learning
while wins are still rare. It writes a learning-curve PNG per game and
``learn.json`` with every figure (``--out``, default docs/learn), and prints
the final table (Markdown). A benchmark, never a test: its figures depend on the machine only
through the time budget.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from getaway.rl import learnable
from getaway.rl.gymnasium import GetawayEnv

PARTNERS = ("random", "easy", "normal")
GAMMA = 0.99


@dataclass
class Setup:
    """One game to train: its id, seats, the agents the learner trains with, a curriculum."""

    game: str
    players: int
    train_with: str
    curriculum: str | None
    curve: list[dict[str, Any]] = field(default_factory=list)


SETUPS = (
    Setup("escape-now", 2, "normal", "default"),
    Setup("alcatraz-2034", 2, "random", None),
)


def evaluate(setup: Setup, policy: Any, games: int, partner: str) -> tuple[float, float]:
    """The learner's win rate on ``games`` fixed deals with ``partner`` in every other seat,
    and the mean potential (the dense reward's ``phi``, 0-1) it reached before the end.

    ``policy`` maps (observation, mask) to an action, or is None for a random learner.
    """
    env = GetawayEnv(setup.game, seat=0, players=setup.players, opponents=partner)
    phi = learnable.potential(env.game).fn
    rng = np.random.default_rng(12345)
    wins = 0
    reached = 0.0
    for g in range(games):
        obs, info = env.reset(seed=1_000_000 + g)
        done = False
        last = 0.0
        while not done:
            last = phi(env.game_state, 0)
            mask = info["action_mask"]
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(policy(obs, mask))
            obs, _, done, _, info = env.step(action)
        wins += 0 in info["outcome"]["winners"]
        reached += last
    return wins / games, reached / games


def train(setup: Setup, minutes: float, eval_every: float, games: int) -> dict[str, Any]:
    """Train one game for ``minutes`` CPU minutes; the curve and the final table row."""
    from sb3_contrib import MaskablePPO

    env = GetawayEnv(setup.game, seat=0, players=setup.players, opponents=setup.train_with,
                     reward="dense", shaping_gamma=GAMMA, curriculum=setup.curriculum)
    model = MaskablePPO("MlpPolicy", env, gamma=GAMMA, n_steps=2048, batch_size=256,
                        learning_rate=3e-4, ent_coef=0.01, seed=0, verbose=0,
                        policy_kwargs={"net_arch": [256, 256]})

    def act(obs: Any, mask: Any) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    def measure(policy: Any) -> dict[str, float]:
        out = {}
        for p in PARTNERS:
            out[p], out[f"{p}_phi"] = evaluate(setup, policy, games, p)
        return out

    baseline = measure(None)
    print(f"{setup.game}: random learner {baseline}", flush=True)
    start = time.process_time()
    train_cpu = 0.0
    steps = 0
    while True:
        row = {"cpu_minutes": round(train_cpu / 60, 2), "steps": steps, **measure(act)}
        setup.curve.append(row)
        print(f"{setup.game}: {row}", flush=True)
        if train_cpu >= minutes * 60:
            break
        if env.levels > 1 and train_cpu >= minutes * 60 / 2:
            env.set_level(env.levels - 1)  # the second half on the normal game
        t0 = time.process_time()
        chunk = 4096
        t_end = t0 + min(eval_every * 60, minutes * 60 - train_cpu)
        while time.process_time() < t_end:
            model.learn(chunk, reset_num_timesteps=False)
            steps += chunk
        train_cpu += time.process_time() - t0
    return {"game": setup.game, "players": setup.players, "train_with": setup.train_with,
            "curriculum": setup.curriculum, "baseline": baseline, "curve": setup.curve,
            "total_cpu_minutes": round((time.process_time() - start) / 60, 2)}


def plot(result: dict[str, Any], path: Path) -> None:
    """The learning curve: win rate per partner against training CPU minutes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    xs = [r["cpu_minutes"] for r in result["curve"]]
    for ax, suffix, label in ((axes[0], "", "win rate of seat 0"),
                              (axes[1], "_phi", "potential reached before the end (0-1)")):
        for i, p in enumerate(PARTNERS):
            colour = f"C{i}"
            ax.plot(xs, [r[p + suffix] for r in result["curve"]], marker="o", color=colour,
                    label=f"MaskablePPO with {p}")
            ax.axhline(result["baseline"][p + suffix], color=colour, linestyle=":",
                       label=f"random learner with {p}")
        ax.set_xlabel("training CPU minutes (one process, one thread)")
        ax.set_ylabel(label)
        ax.set_ylim(-0.02, 1.02)
    axes[0].legend(fontsize=7)
    fig.suptitle(f"{result['game']} {result['players']}p: MaskablePPO, dense reward")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def table(results: list[dict[str, Any]]) -> str:
    """The final win rates as a Markdown table."""
    lines = ["| game | training | learner | "
             + " | ".join(f"with {p}: wins, phi" for p in PARTNERS) + " |",
             "|---|---|---|" + "---|" * len(PARTNERS)]

    def cells(row: dict[str, Any]) -> str:
        return " | ".join(f"{row[p]:.0%}, {row[p + '_phi']:.2f}" for p in PARTNERS)

    for r in results:
        last = r["curve"][-1]
        how = f"{last['cpu_minutes']} CPU min, {last['steps']:,} steps"
        lines.append(f"| {r['game']} {r['players']}p | {how} | MaskablePPO | {cells(last)} |")
        lines.append(f"| {r['game']} {r['players']}p | -- | random | {cells(r['baseline'])} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, nargs="+", default=[20.0, 10.0],
                        help="training CPU minutes per game (ESCAPE NOW!, Alcatraz 2034)")
    parser.add_argument("--eval-every", type=float, default=2.5, help="CPU minutes")
    parser.add_argument("--games", type=int, default=100, help="evaluation deals per partner")
    parser.add_argument("--out", type=Path, default=Path("docs/learn"))
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    for setup, minutes in zip(SETUPS, args.minutes, strict=False):
        result = train(setup, minutes, args.eval_every, args.games)
        plot(result, args.out / f"learn-{setup.game}.png")
        results.append(result)
        (args.out / "learn.json").write_text(json.dumps(results, indent=1) + "\n",
                                             encoding="utf-8")
    print(table(results))


if __name__ == "__main__":
    main()
