"""The Enemies' walk read from the state (walks.py): kept, rebuilt around the spaces that
changed, always the walk built whole from the same map."""

from __future__ import annotations

import random

from getaway.games.new_york import GAME
from getaway.games.new_york import walks as walks_module
from getaway.games.new_york.walks import walk_of


def test_every_walk_is_the_whole_build(monkeypatch):
    """Random games at 1-4 players: each walk asked for equals ``_build`` of the state's
    map, whether it was kept, found, rebuilt around a change or built whole."""
    made = {"rebuilt": 0}
    rebuilt = walks_module._rebuilt

    def counted(*args):
        w = rebuilt(*args)
        made["rebuilt"] += w is not None
        return w

    monkeypatch.setattr(walks_module, "_rebuilt", counted)
    rng = random.Random(5)
    for players in (1, 2, 3, 4):
        for seed in range(2):
            s = GAME.new_state(GAME.spec.configure(players), seed)
            while not s.is_over():
                assert walk_of(s) == walks_module._build(s.up, s.holes, s.roads, s.rb)
                seat = s.to_act()[0]
                legal = s.legal_actions(seat)
                s.apply(seat, legal[int(rng.random() * len(legal))])
    assert made["rebuilt"] > 10
