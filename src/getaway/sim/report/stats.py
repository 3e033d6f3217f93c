"""Numbers of a report: value distributions and win rates with 95% Wilson intervals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from getaway.sim.summary import wilson

QUANTILES = (("p10", 10.0), ("p25", 25.0), ("median", 50.0), ("p75", 75.0), ("p90", 90.0))


def describe(values: Sequence[float]) -> dict[str, float] | None:
    """Mean, standard deviation, quantiles, min and max (None for no values)."""
    if not values:
        return None
    import numpy as np

    a = np.asarray(values, dtype=float)
    out = {"n": float(len(a)), "mean": float(a.mean()), "std": float(a.std()),
           "min": float(a.min()), "max": float(a.max())}
    for name, q in QUANTILES:
        out[name] = float(np.percentile(a, q))
    return out


def rate(wins: int, trials: int) -> dict[str, Any]:
    """Wins out of trials: the rate with its 95% Wilson interval."""
    share = wins / trials if trials else 0.0
    lo, hi = wilson(wins, trials)
    # ``wilson`` rounds to 2.8e-17 rather than 0 at no wins (and to 1 - 1e-16 at all
    # wins): the exact bounds are the rate itself there.
    return {"wins": wins, "trials": trials, "rate": share,
            "ci95": [min(lo, share), max(hi, share)]}

