"""One simulated game: its seed, its agents, its result row.

Game ``i`` of a run with seed ``S`` has seed ``derive_seed(S, "game", i)``
and its agents draw from generators derived from that seed, so a game is the
same wherever and whenever it is played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from getaway.agents import parse_agent_list
from getaway.core.chance import derive_seed
from getaway.core.match import Match
from getaway.games import registry
from getaway.sim.driver import agent_rngs, play_match

SEED_MASK = (1 << 63) - 1


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run."""
    return derive_seed(run_seed, "game", index) & SEED_MASK


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play games of a run (picklable)."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    agents: str = "random"  # one spec for every seat, or one per seat, comma-separated
    run_seed: int = 0
    records: str | None = None  # a directory for every game's record, if wanted

    def header(self) -> dict[str, Any]:
        """What identifies the run (stored with its results, checked on resume)."""
        return {"game": self.game, "players": self.players, "options": self.options,
                "agents": self.agents, "seed": self.run_seed}


@dataclass(frozen=True)
class Played:
    """The result of one game, as stored in a results file."""

    index: int
    seed: int
    game: str
    players: int
    options: str  # JSON
    agents: str  # one spec per seat, comma-separated
    winners: list[int]
    scores: list[float]
    reason: str
    decisions: int

    @property
    def won(self) -> bool:
        """Whether any seat won."""
        return bool(self.winners)

    def row(self) -> dict[str, Any]:
        """The JSON-able row."""
        return {"index": self.index, "seed": self.seed, "game": self.game,
                "players": self.players, "options": self.options, "agents": self.agents,
                "winners": self.winners, "scores": self.scores, "reason": self.reason,
                "decisions": self.decisions}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Played:
        """Inverse of :meth:`row`."""
        return cls(int(row["index"]), int(row["seed"]), str(row["game"]), int(row["players"]),
                   str(row["options"]), str(row["agents"]), [int(w) for w in row["winners"]],
                   [float(x) for x in row["scores"]], str(row["reason"]),
                   int(row["decisions"]))


def play_one(job: Job, index: int) -> Played:
    """Play game ``index`` of a run (and save its record if asked)."""
    game = registry().get(job.game)
    config = game.spec.configure(job.players, job.options)
    seed = game_seed(job.run_seed, index)
    agents = parse_agent_list(job.agents, game, config.players)
    match = Match(game, config, seed)
    n = play_match(match, agents, agent_rngs(seed, config.players))
    names = [a.describe() for a in agents]
    if job.records:
        meta = {"agents": names, "index": index}
        match.record(meta).save(Path(job.records) / f"game-{index:07d}.json")
    out = match.state.outcome()
    assert out is not None
    return Played(index, seed, game.id, config.players,
                  json.dumps(dict(config.options), sort_keys=True), ",".join(names),
                  list(out.winners), list(out.scores), out.reason, n)


def play_many(job: Job, indices: list[int]) -> list[Played]:
    """Play several games of a run, in order."""
    return [play_one(job, i) for i in indices]
