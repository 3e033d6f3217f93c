"""Can a real trainer learn our games? MaskablePPO on ESCAPE NOW! 2p and Alcatraz 2034 2p.

    pip install -e '.[learn]'          # sb3-contrib, stable-baselines3, torch (CPU)
    .venv/bin/python benchmarks/learn.py [--game ID] [--minutes M] [--start imitate|scratch]

For each game it trains sb3-contrib's ``MaskablePPO`` on the Gymnasium env
(``getaway.rl.gymnasium.GetawayEnv``, seat 0, ``reward="dense"`` with the
trainer's discount as ``shaping_gamma``) for a budget of CPU minutes in one
process (torch on one thread). Two ways to start:

* ``--start imitate`` (the default): behaviour cloning first. The game's Normal
  agent (the teacher) plays the learner's seat for ``--demos`` decisions, with
  the training partners in the other seats, through the same env (same
  observations, same masks); the policy network is fitted to the teacher's
  choices (masked cross-entropy) and its value head to the discounted dense
  returns, for ``--epochs`` passes; then PPO fine-tunes it gently (learning
  rate 3e-5, clip 0.1, 4 epochs a batch, stopping early past a KL of 0.02, no
  entropy bonus: at 1e-4 and 10 epochs it unlearned a third of what it was
  shown within 80k steps). The demonstrations and the fitting count in the CPU budget.
* ``--start scratch``: PPO from a random network, with the game's curriculum
  (easier variants first, the normal game for the second half) where it has one.

Every few CPU minutes it plays a fixed set of evaluation deals of the normal
game with the masked, deterministic policy against each of the ``random``,
``easy`` and ``normal`` agents as the other seats (partners in the cooperative
ESCAPE NOW!, opponents in Alcatraz). A random learner and the teacher itself on
the same deals are the baselines. Besides the win rate it reports the mean
potential (``phi``, the dense reward's measure of progress, 0-1) the learner's
seat reached before the game ended. It writes a learning-curve PNG per game
and way to start (``learn-GAME-START.png``) and ``learn-GAME-START.json`` with every
figure (``--out``, default docs/learn), and prints the final table (Markdown).
A benchmark, never a test: its figures depend on the machine only through the
time budget.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from getaway.agents import make_agent
from getaway.core.agent import Observation
from getaway.rl import learnable
from getaway.rl.gymnasium import GetawayEnv

PARTNERS = ("random", "easy", "normal")
GAMMA = 0.99
TEACHER = "normal"


@dataclass
class Setup:
    """One game to train: its id, seats, the agents the learner trains with, its CPU
    budget, how much the teacher shows it (``--start imitate``), and a curriculum for a
    learner that starts from scratch."""

    game: str
    players: int
    train_with: str
    minutes: float
    demos: int
    epochs: int
    curriculum: str | None
    curve: list[dict[str, Any]] = field(default_factory=list)


SETUPS = (
    Setup("escape-now", 2, "normal", 30.0, 300_000, 20, "default"),
    # (an observation of 2,337 floats: fewer decisions to clone, fewer passes)
    Setup("alcatraz-2034", 2, "random", 10.0, 30_000, 10, None),
)


def evaluate(setup: Setup, policy: Any, games: int, partner: str) -> tuple[float, float]:
    """The learner's win rate on ``games`` fixed deals with ``partner`` in every other seat,
    and the mean potential (the dense reward's ``phi``, 0-1) it reached before the end.

    ``policy`` maps (observation, mask) to an action; ``"random"`` is a random learner,
    ``"teacher"`` the teacher agent in the learner's seat.
    """
    env = GetawayEnv(setup.game, seat=0, players=setup.players, opponents=partner)
    phi = learnable.potential(env.game).fn
    rng = np.random.default_rng(12345)
    teacher = make_agent(TEACHER, env.game)
    wins = 0
    reached = 0.0
    for g in range(games):
        obs, info = env.reset(seed=1_000_000 + g)
        done = False
        last = 0.0
        while not done:
            last = phi(env.game_state, 0)
            mask = info["action_mask"]
            if policy == "random":
                action = int(rng.choice(np.flatnonzero(mask)))
            elif policy == "teacher":
                action = teacher_index(env, teacher, random.Random(g))
            else:
                action = int(policy(obs, mask))
            obs, _, done, _, info = env.step(action)
        wins += 0 in info["outcome"]["winners"]
        reached += last
    return wins / games, reached / games


def teacher_index(env: GetawayEnv, teacher: Any, rng: random.Random) -> int:
    """The teacher's choice for the learner's seat now, as an index of the action space."""
    state = env.game_state
    legal = state.legal_actions(env.seat)
    return env.game.actions.index(teacher.choose(Observation(state, env.seat, legal), rng))


@dataclass
class Demos:
    """The teacher's decisions in the learner's seat: observations, masks, chosen action
    indices, and the discounted dense return from each decision on."""

    obs: Any
    masks: Any
    actions: Any
    returns: Any
    games: int
    wins: int


def demonstrations(env: GetawayEnv, decisions: int) -> Demos:
    """Let the teacher play the learner's seat of ``env`` for at least ``decisions``
    decisions (whole games, seeds 0, 1, ...)."""
    teacher = make_agent(TEACHER, env.game)
    obs_l: list[Any] = []
    masks: list[Any] = []
    actions: list[int] = []
    returns: list[float] = []
    games = wins = 0
    while len(actions) < decisions:
        obs, info = env.reset(seed=games)
        rng = random.Random(games)
        games += 1
        rewards = []
        done = False
        while not done:
            index = teacher_index(env, teacher, rng)
            obs_l.append(obs)
            masks.append(info["action_mask"])
            actions.append(index)
            obs, reward, done, _, info = env.step(index)
            rewards.append(float(reward))
        wins += env.seat in info["outcome"]["winners"]
        tail = 0.0
        back = []
        for r in reversed(rewards):
            tail = r + GAMMA * tail
            back.append(tail)
        returns.extend(reversed(back))
    return Demos(np.asarray(obs_l, dtype=np.float32), np.asarray(masks, dtype=bool),
                 np.asarray(actions, dtype=np.int64), np.asarray(returns, dtype=np.float32),
                 games, wins)


def imitate(model: Any, demos: Demos, epochs: int, batch: int = 256) -> list[float]:
    """Behaviour cloning: fit the policy to the teacher's choices (masked cross-entropy)
    and the value head to the returns; the mean negative log-likelihood per epoch."""
    import torch

    policy = model.policy
    optimiser = torch.optim.Adam(policy.parameters(), lr=1e-3)
    obs, masks, actions, returns = (torch.as_tensor(x) for x in
                                    (demos.obs, demos.masks, demos.actions, demos.returns))
    n = len(actions)
    generator = torch.Generator().manual_seed(0)
    curve = []
    for _ in range(epochs):
        order = torch.randperm(n, generator=generator)
        total = 0.0
        for i in range(0, n, batch):
            b = order[i:i + batch]
            values, log_prob, _ = policy.evaluate_actions(obs[b], actions[b],
                                                          action_masks=masks[b])
            loss = -log_prob.mean() + 0.5 * torch.nn.functional.mse_loss(values.flatten(),
                                                                         returns[b])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total -= float(log_prob.detach().sum())
        curve.append(total / n)
    return curve


def train(setup: Setup, eval_every: float, games: int, start: str) -> dict[str, Any]:
    """Train one game for its CPU minutes; the curve and the final table row."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.logger import Logger

    scratch = start == "scratch"
    env = GetawayEnv(setup.game, seat=0, players=setup.players, opponents=setup.train_with,
                     reward="dense", shaping_gamma=GAMMA,
                     curriculum=setup.curriculum if scratch else None)
    if scratch:
        model = MaskablePPO("MlpPolicy", env, gamma=GAMMA, n_steps=2048, batch_size=256,
                            learning_rate=3e-4, ent_coef=0.01, seed=0, verbose=0,
                            policy_kwargs={"net_arch": [256, 256]})
    else:
        model = MaskablePPO("MlpPolicy", env, gamma=GAMMA, n_steps=2048, batch_size=256,
                            learning_rate=3e-5, clip_range=0.1, ent_coef=0.0, n_epochs=4,
                            target_kl=0.02, seed=0, verbose=0,
                            policy_kwargs={"net_arch": [256, 256]})
    # No log files: left alone, every learn() call makes a /tmp/SB3-<time> folder.
    model.set_logger(Logger(folder=None, output_formats=[]))

    def act(obs: Any, mask: Any) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    def measure(policy: Any) -> dict[str, float]:
        out = {}
        for p in PARTNERS:
            out[p], out[f"{p}_phi"] = evaluate(setup, policy, games, p)
        return out

    baseline = measure("random")
    print(f"{setup.game}: random learner {baseline}", flush=True)
    teacher = measure("teacher")
    print(f"{setup.game}: the teacher ({TEACHER}) {teacher}", flush=True)
    began = time.process_time()
    train_cpu = 0.0
    steps = 0
    imitation: dict[str, Any] = {}
    if not scratch:
        t0 = time.process_time()
        demos = demonstrations(env, setup.demos)
        nll = imitate(model, demos, setup.epochs)
        train_cpu += time.process_time() - t0
        imitation = {"decisions": len(demos.actions), "games": demos.games,
                     "teacher_wins": round(demos.wins / demos.games, 3),
                     "nll": [round(x, 4) for x in nll],
                     "cpu_minutes": round(train_cpu / 60, 2)}
        print(f"{setup.game}: imitation {imitation}", flush=True)
    minutes = setup.minutes
    while True:
        row = {"cpu_minutes": round(train_cpu / 60, 2), "steps": steps, **measure(act)}
        setup.curve.append(row)
        print(f"{setup.game}: {row}", flush=True)
        if train_cpu >= minutes * 60:
            break
        if scratch and env.levels > 1 and train_cpu >= minutes * 60 / 2:
            env.set_level(env.levels - 1)  # the second half on the normal game
        t0 = time.process_time()
        chunk = 4096
        left = minutes * 60 - train_cpu  # (a last bit shorter than a quarter period joins it)
        t_end = t0 + (left if left < 1.25 * eval_every * 60 else eval_every * 60)
        while time.process_time() < t_end:
            model.learn(chunk, reset_num_timesteps=False)
            steps += chunk
        train_cpu += time.process_time() - t0
    return {"game": setup.game, "players": setup.players, "train_with": setup.train_with,
            "start": start, "curriculum": setup.curriculum if scratch else None,
            "imitation": imitation, "baseline": baseline, "teacher": teacher,
            "curve": setup.curve,
            "total_cpu_minutes": round((time.process_time() - began) / 60, 2)}


def plot(result: dict[str, Any], path: Path) -> None:
    """The learning curve: win rate per partner against training CPU minutes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10, 4.6))
    xs = [r["cpu_minutes"] for r in result["curve"]]
    for ax, suffix, label in ((axes[0], "", "win rate of seat 0"),
                              (axes[1], "_phi", "potential reached before the end (0-1)")):
        for i, p in enumerate(PARTNERS):
            colour = f"C{i}"
            ax.plot(xs, [r[p + suffix] for r in result["curve"]], marker="o", color=colour,
                    label=f"MaskablePPO with {p}")
            ax.axhline(result["baseline"][p + suffix], color=colour, linestyle=":",
                       label=f"random learner with {p}")
            ax.axhline(result["teacher"][p + suffix], color=colour, linestyle="--",
                       linewidth=0.8, label=f"the teacher ({TEACHER}) with {p}")
        ax.set_xlabel("training CPU minutes (one process, one thread)")
        ax.set_ylabel(label)
        ax.set_ylim(-0.02, 1.02)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=3, fontsize=7)
    how = ("behaviour cloning, then PPO" if result["start"] == "imitate"
           else "PPO from scratch")
    fig.suptitle(f"{result['game']} {result['players']}p: MaskablePPO ({how}), dense reward")
    fig.tight_layout(rect=(0, 0.11, 1, 1))  # the legend below the plots
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
        name = f"{r['game']} {r['players']}p"
        how = f"{last['cpu_minutes']} CPU min, {last['steps']:,} PPO steps"
        if r["imitation"]:
            first = r["curve"][0]
            how += f" (after cloning {r['imitation']['decisions']:,} decisions)"
            lines.append(f"| {name} | {first['cpu_minutes']} CPU min of cloning | "
                         f"MaskablePPO | {cells(first)} |")
        lines.append(f"| {name} | {how} | MaskablePPO | {cells(last)} |")
        lines.append(f"| {name} | -- | random | {cells(r['baseline'])} |")
        lines.append(f"| {name} | -- | the teacher ({TEACHER}) | {cells(r['teacher'])} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=[s.game for s in SETUPS],
                        help="only this game (repeatable; default: both)")
    parser.add_argument("--minutes", type=float,
                        help="training CPU minutes per game (default: 30 for ESCAPE NOW!, "
                             "10 for Alcatraz 2034)")
    parser.add_argument("--start", choices=("imitate", "scratch"), default="imitate",
                        help="behaviour cloning of the Normal agent first, or PPO from scratch")
    parser.add_argument("--demos", type=int,
                        help="the teacher's decisions to clone (default: 300,000 and 30,000)")
    parser.add_argument("--epochs", type=int, help="passes over them (default: 20 and 10)")
    parser.add_argument("--eval-every", type=float, default=2.5, help="CPU minutes")
    parser.add_argument("--games", type=int, default=100, help="evaluation deals per partner")
    parser.add_argument("--out", type=Path, default=Path("docs/learn"))
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)
    args.out.mkdir(parents=True, exist_ok=True)
    results = []
    for setup in SETUPS:
        if args.game and setup.game not in args.game:
            continue
        setup.minutes = args.minutes or setup.minutes
        setup.demos = args.demos or setup.demos
        setup.epochs = args.epochs or setup.epochs
        result = train(setup, args.eval_every, args.games, args.start)
        plot(result, args.out / f"learn-{setup.game}-{args.start}.png")
        (args.out / f"learn-{setup.game}-{args.start}.json").write_text(
            json.dumps(result, indent=1) + "\n", encoding="utf-8")
        results.append(result)
    print(table(results))


if __name__ == "__main__":
    main()
