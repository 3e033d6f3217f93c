"""Simulation: identical results on every backend, streamed files that resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from getaway.core.errors import ConfigError
from getaway.sim.jobs import Job, Played, play_one
from getaway.sim.results import read_results
from getaway.sim.runner import simulate

JOB = Job("escape-now", 3, {"layout": "easy", "hard": False, "expert": False}, "heuristic", 5)


def rows(path: Path) -> list[Played]:
    return sorted((p for _, p in read_results([path])), key=lambda p: p.index)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[Played]:
    out = tmp_path_factory.mktemp("ref") / "ref.jsonl"
    simulate(JOB, 40, backend="local", out=out)
    return rows(out)


@pytest.mark.parametrize("backend, jobs", [("pool", 1), ("pool", 2), ("local", None)])
def test_backends_give_identical_games(reference: list[Played], tmp_path: Path, backend: str,
                                       jobs: int | None) -> None:
    out = tmp_path / "r.jsonl"
    summary = simulate(JOB, 40, backend=backend, jobs=jobs, out=out)
    assert rows(out) == reference
    assert summary.games == 40 and summary.wins == sum(p.won for p in reference)


def test_ray_backend_gives_identical_games(reference: list[Played], tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(JOB, 40, backend="ray", jobs=2, out=out)
    assert rows(out) == reference


def test_a_game_is_the_same_wherever_it_is_played(reference: list[Played]) -> None:
    assert play_one(JOB, 17) == reference[17]


def test_jsonl_resumes_without_redoing_or_losing_games(reference: list[Played],
                                                       tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(JOB, 15, backend="local", out=out)  # a run of 40 stopped after 15 games...
    text = out.read_text()
    out.write_text(text + '{"index": 15, "seed": 1, "ga')  # ...in the middle of a line
    played: list[int] = []
    summary = simulate(JOB, 40, backend="pool", jobs=2, out=out, progress=played.append)
    assert rows(out) == reference, "every game once, identical to an uninterrupted run"
    lines = out.read_text().splitlines()
    assert len(lines) == 41 and json.loads(lines[0]) == {"run": JOB.header()}
    assert summary.games == 40 and sum(played) == 40  # 15 found + 25 played
    assert simulate(JOB, 40, out=out).games == 40, "a finished run plays nothing more"
    assert len(out.read_text().splitlines()) == 41


def test_parquet_resumes(reference: list[Played], tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    simulate(JOB, 12, backend="local", out=out)
    (out / "part-000099.parquet.tmp").write_bytes(b"half a part")  # a part being written
    simulate(JOB, 40, backend="pool", jobs=2, out=out)
    assert rows(out) == reference
    assert not list(out.glob("*.tmp"))


def test_results_of_another_run_are_refused(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(JOB, 3, backend="local", out=out)
    other = Job(JOB.game, JOB.players, JOB.options, "random", JOB.run_seed)
    with pytest.raises(ConfigError, match="holds another run"):
        simulate(other, 3, backend="local", out=out)
    with pytest.raises(ConfigError, match=r"\*\.jsonl"):
        simulate(JOB, 3, out=tmp_path / "r.csv")
    with pytest.raises(ConfigError, match="unknown backend 'spark'"):
        simulate(JOB, 3, backend="spark")
    with pytest.raises(ConfigError, match="--address is for the ray backend"):
        simulate(JOB, 3, backend="pool", address="1.2.3.4:6379")


def test_a_damaged_line_is_named_not_silently_dropped(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(JOB, 6, backend="local", out=out)
    lines = out.read_text().splitlines(keepends=True)
    lines[3] = '{"index": 2, "seed": "x"}\n'
    out.write_text("".join(lines))
    with pytest.raises(ConfigError, match=r"r\.jsonl: game 4 is not a valid result row"):
        simulate(JOB, 10, backend="local", out=out)
    assert out.read_text() == "".join(lines), "nothing was truncated"
    with pytest.raises(ConfigError, match="game 4"):
        list(read_results([out]))


def test_a_killed_command_line_run_resumes(tmp_path: Path) -> None:
    """SIGKILL in the middle of `getaway sim --out`, then the same command again."""
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "r.jsonl"
    cmd = [sys.executable, "-m", "getaway", "sim", JOB.game, "-p", str(JOB.players),
           "-n", "300", "--agents", JOB.agents, "--seed", str(JOB.run_seed),
           "-v", "layout=easy", "--jobs", "2", "--out", str(out), "--json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.read_text().count("\n") > 5:
            os.killpg(proc.pid, signal.SIGKILL)
            break
        time.sleep(0.01)
    proc.wait()
    done_before = out.read_text().count("\n") - 1
    finished = subprocess.run(cmd, capture_output=True, text=True, check=True)
    assert json.loads(finished.stdout)["games"] == 300
    assert 0 < done_before < 300, "the first command was stopped part-way"
    whole = tmp_path / "whole.jsonl"
    simulate(JOB, 300, backend="local", out=whole)
    assert rows(out) == rows(whole)
