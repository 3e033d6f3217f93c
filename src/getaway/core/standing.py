"""How a game's finished tables compare on a leaderboard (``Game.standing``).

The web server's daily and weekly challenges rank the finished tables of one
deal (``server/challenges.py``): wins first, then the game's score -- the
team's result in a cooperative game, the winner's in the others -- then fewer
moves. Each game says here, in one place, what its score is, whether more is
better, and how a result reads in words; the default is the winners' best
score, more is better.
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.state import Outcome


def names_text(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def plural(n: float, word: str) -> str:
    """``1 point``, ``7 points``, ``2.5 points``."""
    return f"{n:g} {word}{'' if n == 1 else 's'}"


def clock_text(seconds: float) -> str:
    """A time on a game clock, ``m:ss`` (rounded down)."""
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


@dataclass(frozen=True)
class Standing:
    """What a finished game scores on a leaderboard, and its result in words.

    ``unit`` names what the score counts ("minutes left on the clock"); ``higher``
    says whether more is better. Subclasses change :meth:`score` and :meth:`say`.
    """

    unit: str = "points of the winner"
    higher: bool = True

    def score(self, out: Outcome) -> float:
        """The score that ranks a finished game: by default the winners' best (0: nobody won)."""
        return max((out.scores[s] for s in out.winners), default=0.0)

    def say(self, out: Outcome, winners: list[str], score: float,
            clock: float | None) -> str:
        """The result in words; ``winners`` are the winning seats' names, ``clock`` the game
        clock at the end (real-time games; else None)."""
        return f"won by {names_text(winners)}" if out.winners else "nobody won"

    def ranking(self) -> str:
        """The ranking rule in words."""
        most = "most" if self.higher else "fewest"
        return f"wins first, then the {most} {self.unit}, then the fewest moves"
