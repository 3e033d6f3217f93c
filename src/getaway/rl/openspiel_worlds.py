"""Sampled worlds for the OpenSpiel adapter: a game whose hidden part was redrawn for one seat.

``GetawaySpielState.resample_from_infostate`` (and, under ``chance="resample"``,
every clone) replaces the engine state of a :class:`~getaway.rl._common.Driver`
by ``State.determinize(seat, random.Random(sample_seed))``: what ``seat`` sees
stays, everything else (other hands, deck orders, face-down cards, future
shuffles and dice) is redrawn. Such a world has no seed and action list that
would replay it, so a :class:`SampledDriver` remembers how it was made -- the
real game's seed, the actions played, and where each redraw happened with its
seat and sample seed -- and pickles as that recipe: unpickling replays the
actions and redraws at the same points with the same seeds, which gives the
same world (``determinize`` is deterministic given its ``random.Random``).

A sampled world has no record: :meth:`SampledDriver.record` raises, because
``getaway replay`` of the real seed and actions would show the real game, not
the sample.
"""

from __future__ import annotations

import random
from typing import Any

from getaway.core.records import Record
from getaway.core.registry import Game
from getaway.rl._common import Driver

# (plays before the redraw, seat, sample seed): one redraw of a sampled world
Redraw = tuple[int, int, int]


class SampledDriver(Driver):
    """A driver over a world redrawn for a seat (see the module documentation)."""

    __slots__ = ("redraws",)

    redraws: list[Redraw]

    def clone(self) -> SampledDriver:
        """An independent copy (still a sampled world, with the same recipe)."""
        return _adopt(Driver.clone(self), self.redraws[:])

    def __deepcopy__(self, memo: dict[int, Any]) -> SampledDriver:
        return self.clone()

    def record(self, meta: Any = None) -> Record:
        """Refused: a sampled world cannot be replayed from a seed and actions."""
        raise ValueError("a resampled world has no record: replaying its seed and actions "
                         "would give the real game, not the sample")

    def __reduce__(self) -> tuple[Any, ...]:
        config = self.match.config
        return (_restore, (self.game, config.players, dict(config.options), self.seed,
                           plays(self), self.redraws[:]))


def plays(driver: Driver) -> list[tuple[int, int]]:
    """The (seat, action index) of every move played in ``driver`` so far."""
    actions = driver.game.actions
    return [(step["seat"], actions.index(actions.from_json(step["action"])))
            for step in driver.match.steps if "seat" in step]


def redrawn(driver: Driver, seat: int, sample_seed: int) -> SampledDriver:
    """A copy of ``driver`` whose engine state is ``determinize(seat, Random(sample_seed))``."""
    redraws = driver.redraws[:] if isinstance(driver, SampledDriver) else []
    redraws.append((len(plays(driver)), seat, sample_seed))
    other = _adopt(driver.clone(), redraws)
    other.match.state = driver.state.determinize(seat, random.Random(sample_seed))
    return other


def _adopt(driver: Driver, redraws: list[Redraw]) -> SampledDriver:
    """``driver``'s fields in a :class:`SampledDriver` (no copy)."""
    other = SampledDriver.__new__(SampledDriver)
    other.game, other.match, other.free_at = driver.game, driver.match, driver.free_at
    other._next = driver._next
    other.redraws = redraws
    return other


def _restore(game: Game, players: int, options: dict[str, Any], seed: int,
             moves: list[tuple[int, int]], redraws: list[Redraw]) -> SampledDriver:
    """Rebuild a sampled world from its recipe (used by pickle)."""
    driver: Driver = Driver(game, game.spec.configure(players, options), seed)
    done = 0
    for at, seat, sample_seed in redraws:
        for who, index in moves[done:at]:
            driver.play(who, index)
        done = at
        driver = redrawn(driver, seat, sample_seed)
    for who, index in moves[done:]:
        driver.play(who, index)
    assert isinstance(driver, SampledDriver)
    return driver
