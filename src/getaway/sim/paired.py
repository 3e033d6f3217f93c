"""Statistics of paired comparisons: two line-ups on the same deals.

Each deal gives a pair of results, one per line-up, so the line-ups are
compared deal by deal rather than as two independent samples:

* the 2x2 table of wins -- both won, only A, only B, neither;
* the difference in win rate, ``(only A - only B) / deals``, with the 95%
  interval of Newcombe's method 10 (Newcombe 1998, "Improved confidence
  intervals for the difference between binomial proportions based on paired
  data", Stat. Med. 17: 2635-2650): the square-and-add of the two Wilson
  intervals, corrected for the correlation ``phi`` of the pairs (with
  ``phi``'s continuity correction, as Newcombe and Altman et al.,
  *Statistics with Confidence*, give it);
* McNemar's exact test: the two-sided binomial test of the discordant deals
  (only A against only B, each 1/2 under "no difference");
* for scores, the mean paired difference with its Student t 95% interval and
  the sign test (the exact binomial test of the deals A scored higher against
  those B scored higher; ties left out).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from getaway.sim.summary import wilson

CI_METHOD = ("Newcombe (1998) method 10: Wilson intervals of both win rates, square-and-add "
             "with the continuity-corrected phi of the pairs")


def binomial_two_sided(k: int, n: int) -> float:
    """Exact two-sided p-value of ``k`` successes in ``n`` trials of probability 1/2.

    Twice the smaller tail, at most 1 (the binomial is symmetric at 1/2, so
    this is also the "as or less likely" p-value). ``n == 0``: 1.
    """
    if n < 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    m = min(k, n - k)
    term = total = 1
    for i in range(1, m + 1):
        term = term * (n - i + 1) // i
        total += term
    return min(1.0, 2 * total / (1 << n))


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """McNemar's exact p-value: the binomial test of the discordant pairs."""
    return binomial_two_sided(only_a, only_a + only_b)


def newcombe_paired(both: int, only_a: int, only_b: int, neither: int,
                    z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the paired difference ``p_A - p_B`` (Newcombe's method 10)."""
    n = both + only_a + only_b + neither
    if n == 0:
        return (0.0, 0.0)
    p1, p2 = (both + only_a) / n, (both + only_b) / n
    l1, u1 = wilson(both + only_a, n, z)
    l2, u2 = wilson(both + only_b, n, z)
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = 0.0
    if margins:
        cross = both * neither - only_a * only_b
        if cross > n / 2:
            phi = (cross - n / 2) / math.sqrt(margins)
        elif cross < 0:
            phi = cross / math.sqrt(margins)
    d = p1 - p2
    lower = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)
                              + (u2 - p2) ** 2))
    upper = d + math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1)
                              + (u1 - p1) ** 2))
    return (max(-1.0, lower), min(1.0, upper))


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """The Student t distribution function with ``df`` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t (by bisection of :func:`t_cdf`)."""
    if not 0 < p < 1:
        raise ValueError(f"p must be between 0 and 1, got {p}")
    lo, hi = -1.0, 1.0
    while t_cdf(lo, df) > p:
        lo *= 2
    while t_cdf(hi, df) < p:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, abs(mid)):
            break
    return (lo + hi) / 2


def mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float] | None]:
    """The mean with its 95% Student t interval (None with fewer than two values)."""
    n = len(values)
    if n == 0:
        return 0.0, None
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    h = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return mean, (mean - h, mean + h)


@dataclass(frozen=True)
class PairedWins:
    """The 2x2 table of two line-ups' wins on the same deals, and its statistics."""

    both: int
    only_a: int
    only_b: int
    neither: int

    @classmethod
    def of(cls, a_won: Sequence[bool], b_won: Sequence[bool]) -> PairedWins:
        """The table of per-deal wins (``a_won[i]`` and ``b_won[i]`` on deal ``i``)."""
        if len(a_won) != len(b_won):
            raise ValueError("the two line-ups must have played the same deals")
        pairs = list(zip(a_won, b_won, strict=True))
        return cls(sum(1 for x, y in pairs if x and y), sum(1 for x, y in pairs if x and not y),
                   sum(1 for x, y in pairs if y and not x),
                   sum(1 for x, y in pairs if not x and not y))

    @property
    def deals(self) -> int:
        """The number of deals (pairs)."""
        return self.both + self.only_a + self.only_b + self.neither

    @property
    def difference(self) -> float:
        """A's win rate minus B's."""
        return (self.only_a - self.only_b) / self.deals if self.deals else 0.0

    def ci95(self) -> tuple[float, float]:
        """The 95% interval of the difference (Newcombe's method 10)."""
        return newcombe_paired(self.both, self.only_a, self.only_b, self.neither)

    def mcnemar_p(self) -> float:
        """McNemar's exact two-sided p-value."""
        return mcnemar_exact(self.only_a, self.only_b)

    def to_json(self) -> dict[str, Any]:
        """As JSON-able data."""
        n = self.deals
        wins_a, wins_b = self.both + self.only_a, self.both + self.only_b
        return {
            "pairs": n,
            "table": {"both": self.both, "only_a": self.only_a, "only_b": self.only_b,
                      "neither": self.neither},
            "wins": {"a": wins_a, "b": wins_b},
            "win_rate": {"a": wins_a / n if n else 0.0, "b": wins_b / n if n else 0.0},
            "win_rate_ci95": {"a": list(wilson(wins_a, n)), "b": list(wilson(wins_b, n))},
            "difference": self.difference, "difference_ci95": list(self.ci95()),
            "difference_ci_method": CI_METHOD, "mcnemar_p": self.mcnemar_p(),
        }


@dataclass(frozen=True)
class PairedScores:
    """Two line-ups' scores on the same deals: the mean difference and the sign test."""

    a: tuple[float, ...]
    b: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        """As JSON-able data."""
        diffs = [x - y for x, y in zip(self.a, self.b, strict=True)]
        mean, ci = mean_ci(diffs)
        higher_a = sum(1 for d in diffs if d > 0)
        higher_b = sum(1 for d in diffs if d < 0)
        n = len(diffs)
        return {
            "mean": {"a": math.fsum(self.a) / n if n else 0.0,
                     "b": math.fsum(self.b) / n if n else 0.0},
            "mean_difference": mean, "mean_difference_ci95": list(ci) if ci else None,
            "a_higher": higher_a, "b_higher": higher_b, "ties": n - higher_a - higher_b,
            "sign_test_p": binomial_two_sided(higher_a, higher_a + higher_b),
        }
