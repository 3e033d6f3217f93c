"""The numeric observation: the view as a fixed-length list of floats in [0, 1].

Layout (``SIZE`` floats): 8 globals (clock, pause, countdown, phase, cargo,
exit, church zombies, own seat present); per seat slot (4, the observer first):
8 dice counts by state, item held, item is a duplicate, bites, drove, one-hot
section (23); per section (23): laid, zombies (/4), face-down tile, the van.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.zombie_city import actions as A

if TYPE_CHECKING:
    from getaway.games.zombie_city.state import ZombieCityState

NSEC = len(A.SECTION_IDS)
PER_SEAT = 8 + 4 + NSEC
SIZE = 8 + A.MAX_SEATS * PER_SEAT + NSEC * 4


def observe(s: ZombieCityState, seat: int) -> list[float]:
    """``view(seat)`` as ``SIZE`` floats."""
    from getaway.games.zombie_city.tables import END_TIME

    out = [min(1.0, s.clk.now / END_TIME), float(s.paused), s.countdown / 3.0,
           float(s.phase == 2), min(1.0, sum(s.cargo) / s.need), float(s.exit_revealed),
           min(1.0, s.at_church / s.church_limit), 1.0]
    for k in range(A.MAX_SEATS):
        if k >= s.players:
            out.extend([0.0] * PER_SEAT)
            continue
        p = (seat + k) % s.players
        counts = [0.0] * 8
        for v in s.dice[p]:
            counts[v] += 0.2
        out.extend(counts)
        held = s.held[p]
        out.extend([float(held >= 0), float(held >= 0 and s.cargo[held]),
                    min(1.0, len(s.bites[p]) / 2.0), float(s.drove[p])])
        onehot = [0.0] * NSEC
        onehot[s.where(p)] = 1.0
        out.extend(onehot)
    zc = [0] * NSEC
    for loc in s.zloc:
        if loc >= 0:
            zc[loc] += 1
    for sec in range(NSEC):
        out.extend([float(sec in s.placed), min(1.0, zc[sec] / 4.0), float(sec in s.tiles),
                    float(s.van == sec)])
    return out
