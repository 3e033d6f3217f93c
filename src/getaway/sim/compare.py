"""Paired comparisons: two agents, the same deals, a statistical test.

``compare(game, players, options, A, B, games)`` plays every deal twice:
line-up A holds agent A in the seat(s) under test, line-up B holds agent B in
the same seat(s), and every other seat holds the same ``partner`` (``--with``, by
default the game's ``normal`` level: its heuristic). Deal ``i`` is game ``i``
of the run (seed ``game_seed(seed, i)``) in both line-ups, and every seat
draws from the same generator in both (derived from the deal's seed), so the
two games of a deal differ only by the agent under test.

Which seats are under test (``seats``):

* ``"one"`` -- one seat, rotating with the deal (seat ``i % players``) so that
  no seat is favoured; the default of competitive games. In a cooperative
  game it asks how good a team-mate the agent is beside the partners.
* ``"all"`` -- every seat: all-A against all-B; the default of cooperative
  games (the partner is then not used).

A line-up *wins* a deal when a seat under test is among the winners (in a
cooperative game: when the team wins); its *score* is the mean score of the
seats under test, in the game's unit. The statistics are those of
:mod:`getaway.sim.paired`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from getaway.agents import make_agent
from getaway.core.errors import ConfigError
from getaway.games import registry
from getaway.sim import backends
from getaway.sim.jobs import Job, Played, game_seed
from getaway.sim.paired import PairedScores, PairedWins
from getaway.sim.runner import check

SEATS = ("one", "all")
DEFAULT_PARTNER = "normal"


def seats_under_test(seats: str, players: int, deal: int) -> tuple[int, ...]:
    """The seats agent A (and B) hold in deal ``deal``."""
    if seats == "all" or players == 1:
        return tuple(range(players))
    return (deal % players,)


def lineup(agent: str, partner: str, tested: tuple[int, ...], players: int) -> list[str]:
    """Agents per seat: ``agent`` in the seats under test, ``partner`` elsewhere."""
    return [agent if s in tested else partner for s in range(players)]


@dataclass(frozen=True)
class Deal:
    """One deal played by both line-ups."""

    index: int
    seed: int
    seats: tuple[int, ...]  # under test
    a: Played
    b: Played

    def won(self, side: str) -> bool:
        """Whether the line-up's seats under test won."""
        played = self.a if side == "a" else self.b
        return any(s in played.winners for s in self.seats)

    def score(self, side: str) -> float:
        """The mean score of the line-up's seats under test."""
        played = self.a if side == "a" else self.b
        return sum(played.scores[s] for s in self.seats) / len(self.seats)

    def to_json(self) -> dict[str, Any]:
        """As JSON-able data."""
        return {"index": self.index, "seed": self.seed, "seats": list(self.seats),
                "a_won": self.won("a"), "b_won": self.won("b"),
                "a_score": self.score("a"), "b_score": self.score("b"),
                "a_agents": self.a.agents, "b_agents": self.b.agents,
                "a_reason": _text(self.a.reason), "b_reason": _text(self.b.reason)}


def _text(reason: object) -> str:
    """An ending's reason as stored in results files (an enum by its value)."""
    return str(getattr(reason, "value", reason))


@dataclass
class Comparison:
    """The result of :func:`compare`."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    a: str  # canonical labels
    b: str
    partner: str | None  # None when every seat is under test
    seats: str
    cooperative: bool
    deals: list[Deal] = field(default_factory=list)

    def wins(self) -> PairedWins:
        """The paired table of wins."""
        return PairedWins.of([d.won("a") for d in self.deals], [d.won("b") for d in self.deals])

    def scores(self) -> PairedScores | None:
        """The paired scores, or None when the game scored nothing in these deals."""
        a = tuple(d.score("a") for d in self.deals)
        b = tuple(d.score("b") for d in self.deals)
        if not any(a) and not any(b):
            return None
        return PairedScores(a, b)

    def to_json(self, deals: bool = True) -> dict[str, Any]:
        """As JSON-able data (with every deal unless ``deals`` is false)."""
        scores = self.scores()
        out: dict[str, Any] = {
            "game": self.game, "players": self.players, "options": self.options,
            "seed": self.seed, "a": self.a, "b": self.b, "with": self.partner,
            "seats": self.seats, "cooperative": self.cooperative,
            **self.wins().to_json(),
            "score": scores.to_json() if scores is not None else None,
        }
        if deals:
            out["deals"] = [d.to_json() for d in self.deals]
        return out


def compare(game: str, players: int, options: dict[str, Any], a: str, b: str, games: int,
            seed: int = 0, seats: str | None = None, partner: str | None = None,
            backend: str = "pool", jobs: int | None = None,
            progress: Callable[[int], None] | None = None) -> Comparison:
    """Play ``games`` deals with both line-ups; see the module docstring."""
    g = registry().get(game)
    config = g.spec.configure(players, options)
    players = config.players
    if games < 1:
        raise ConfigError(f"--games must be at least 1, got {games}")
    if seats is None:
        seats = "all" if g.cooperative else "one"
    if seats not in SEATS:
        raise ConfigError(f"--seats must be one of {', '.join(SEATS)}, got {seats!r}")
    if seats == "all" or players == 1:
        if partner is not None:
            raise ConfigError("--with names the agent of the seats not under test, and "
                              + ("a one-player game has none" if players == 1 else
                                 "with --seats all every seat is under test"))
    else:
        partner = partner or DEFAULT_PARTNER
    label_a, label_b = make_agent(a, g).describe(), make_agent(b, g).describe()
    label_w = make_agent(partner, g).describe() if partner is not None else None
    rotations = 1 if partner is None else players
    results: dict[str, dict[int, Played]] = {"a": {}, "b": {}}
    for r in range(rotations):
        tested = seats_under_test(seats, players, r)
        indices = list(range(r, games, rotations))
        if not indices:
            continue
        for side, label in (("a", label_a), ("b", label_b)):
            per_seat = lineup(label, label_w or label, tested, players)
            job = Job(g.id, players, dict(config.options), ",".join(per_seat), seed)
            check(job)
            for batch in backends.run(job, indices, backend, jobs, None, progress):
                for played in batch:
                    results[side][played.index] = played
    comparison = Comparison(g.id, players, dict(config.options), seed, label_a, label_b,
                            label_w, seats if players > 1 else "all", g.cooperative)
    for i in range(games):
        pa, pb = results["a"][i], results["b"][i]
        assert pa.seed == pb.seed == game_seed(seed, i)
        comparison.deals.append(Deal(i, pa.seed, seats_under_test(seats, players, i), pa, pb))
    return comparison
