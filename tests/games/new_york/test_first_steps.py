"""``moves.can_step`` is ``moves.first_steps`` answered at the first step found (a fast
path the resolve step asks at every decision): the two must always agree."""

from __future__ import annotations

import random

from getaway.games.new_york import GAME
from getaway.games.new_york.moves import F_BREAK, F_MANHOLES, F_POI, F_REVEAL, can_step, first_steps

FLAGS = [f1 | f2 | f3 | f4 for f1 in (0, F_REVEAL) for f2 in (0, F_BREAK)
         for f3 in (0, F_MANHOLES) for f4 in (0, F_POI)]


def test_can_step_agrees_with_first_steps() -> None:
    rng = random.Random(11)
    checked = {True: 0, False: 0}
    for players in (1, 2, 3, 4):
        for seed in range(2):
            s = GAME.new_state(GAME.spec.configure(players), seed)
            while not s.is_over():
                for flags in FLAGS:
                    some = bool(first_steps(s, flags))
                    assert can_step(s, flags) == some, (players, seed, flags)
                    checked[some] += 1
                seat = s.to_act()[0]
                legal = s.legal_actions(seat)
                s.apply(seat, legal[int(rng.random() * len(legal))])
    assert checked[True] > 100 and checked[False] > 100, checked
