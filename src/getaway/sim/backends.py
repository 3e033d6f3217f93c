"""Where games are played: this process, a process pool, or a Ray cluster.

Every backend plays the same function (:func:`~getaway.sim.jobs.play_many`)
on batches of game indices and yields the results in game order, so the
results of a run do not depend on the backend or the number of jobs.
"""

from __future__ import annotations

import multiprocessing as mp
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from getaway.core.errors import ConfigError
from getaway.sim.jobs import Job, Played, play_many

BACKENDS = ("local", "pool", "ray")


def default_jobs() -> int:
    """One job per core."""
    return os.cpu_count() or 1


def batches(indices: Sequence[int], jobs: int, size: int | None = None) -> list[list[int]]:
    """Split game indices into batches small enough to spread and to report progress."""
    if size is None:
        size = max(1, min(200, len(indices) // (jobs * 8) or 1))
    return [list(indices[i:i + size]) for i in range(0, len(indices), size)]


def run(job: Job, indices: Sequence[int], backend: str = "pool", jobs: int | None = None,
        address: str | None = None,
        progress: Callable[[int], None] | None = None) -> Iterator[list[Played]]:
    """Yield batches of results, in game order."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if address and backend != "ray":
        raise ConfigError("--address is for the ray backend")
    n_jobs = jobs or default_jobs()
    if n_jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, got {n_jobs}")
    work = batches(indices, n_jobs if backend != "local" else 1)
    if backend == "local" or (backend == "pool" and n_jobs == 1):
        source: Iterator[list[Played]] = (play_many(job, b) for b in work)
    elif backend == "pool":
        source = _pool(job, work, n_jobs)
    else:
        source = _ray(job, work, n_jobs, address)
    for batch in source:
        if progress:
            progress(len(batch))
        yield batch


def _play(args: tuple[Job, list[int]]) -> list[Played]:
    return play_many(*args)


def _pool(job: Job, work: list[list[int]], jobs: int) -> Iterator[list[Played]]:
    ctx = mp.get_context("fork")
    with ctx.Pool(jobs) as pool:
        yield from pool.imap(_play, [(job, b) for b in work])


def _ray(job: Job, work: list[list[int]], jobs: int, address: str | None) -> Iterator[list[Played]]:
    try:
        import ray
    except ImportError:  # pragma: no cover - ray is a pinned dependency
        raise ConfigError("the ray backend needs the ray package") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "configure_logging": False}
        if address:
            kwargs["address"] = address
        else:
            kwargs["num_cpus"] = jobs
        ray.init(**kwargs)
        started = True
    try:
        remote = ray.remote(play_many)
        window = max(2 * jobs, 4)  # batches in flight; results still come back in order
        pending: list[Any] = []
        it = iter(work)
        for b in it:
            pending.append(remote.remote(job, b))
            if len(pending) >= window:
                break
        while pending:
            result: list[Played] = ray.get(pending.pop(0))
            nxt = next(it, None)
            if nxt is not None:
                pending.append(remote.remote(job, nxt))
            yield result
    finally:
        if started:
            ray.shutdown()
