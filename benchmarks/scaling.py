"""Simulation throughput by backend: one job, a pool of two, and Ray with two.

    .venv/bin/python benchmarks/scaling.py [--games N] [--agents SPEC]

Every backend plays the same run (same seed, same games) and must produce the
same results; the table shows games per second, the speed-up over one job,
and Ray's overhead against the process pool (start-up included: a local Ray
is started and stopped inside the measured time, as ``getaway sim --backend
ray`` does).
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from getaway.sim.jobs import Job, Played
from getaway.sim.runner import simulate

SETUPS = (("local", 1), ("pool", 1), ("pool", 2), ("ray", 2), ("ray, running", 2))


def run(job: Job, games: int, backend: str, jobs: int) -> tuple[float, list[Played]]:
    """Seconds and the results of one run ("ray, running": a local Ray started beforehand,
    as on a cluster that is already up)."""
    from getaway.sim import backends

    running = backend == "ray, running"
    if running:
        import ray

        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
        list(backends.run(job, list(range(2 * jobs)), "ray", jobs))  # workers up and warm
    start = time.perf_counter()
    name = "ray" if running else backend
    rows = [p for batch in backends.run(job, list(range(games)), name, jobs) for p in batch]
    seconds = time.perf_counter() - start
    if running:
        ray.shutdown()
    return seconds, rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="escape-now")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--agents", default="heuristic")
    args = parser.parse_args()
    job = Job(args.game, args.players, {}, args.agents, 1)
    simulate(job, 4, backend="local")  # warm the content caches of this process
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores; {args.games} games of "
          f"{args.game} {args.players}p, agents {args.agents}\n")
    print("| backend | jobs | seconds | games/s | speed-up | same results |")
    print("|---|---:|---:|---:|---:|---|")
    base: float | None = None
    reference: list[Played] | None = None
    pool2 = 0.0
    overheads: list[str] = []
    for backend, jobs in SETUPS:
        seconds, rows = run(job, args.games, backend, jobs)
        rate = args.games / seconds
        base = base or rate
        reference = reference or rows
        if (backend, jobs) == ("pool", 2):
            pool2 = seconds
        print(f"| {backend} | {jobs} | {seconds:.2f} | {rate:,.0f} | {rate / base:.2f}x | "
              f"{'yes' if rows == reference else 'NO'} |", flush=True)
        if backend.startswith("ray"):
            overheads.append(f"{backend}: {seconds - pool2:+.2f} s "
                             f"({(seconds / pool2 - 1) * 100:+.0f}%)")
    print("\nRay's overhead against the pool of two -- " + "; ".join(overheads))


if __name__ == "__main__":
    main()
