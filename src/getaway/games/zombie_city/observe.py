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
# (name, length, meaning): the slices of the observation, in order; every value in [0, 1]
LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("globals", 8, "clock / game length (capped), paused, countdown / 3, phase 2 (the "
     "drive), items in the cargo bay / items needed (capped), exit revealed, zombies in the "
     "church / its limit (capped), 1 (this seat is present)"),
    ("seats", A.MAX_SEATS * PER_SEAT, f"{A.MAX_SEATS} blocks of {PER_SEAT}, this seat first "
     "then round the table (zeros past the player count): dice per face state / 5 (8), "
     "holds an item, the item is already in the cargo bay, bites / 2 (capped), drove the "
     f"van, where the survivor is one-hot ({NSEC} sections)"),
    ("sections", NSEC * 4, f"{NSEC} blocks of 4, one per city section: laid, zombies / 4 "
     "(capped), face-down tile, the van"),
)
SIZE = sum(n for _, n, _ in LAYOUT)


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
