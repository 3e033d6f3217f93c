"""The heuristic's seat view: each part read is exactly that part of the seat's full view."""

from __future__ import annotations

import random

import pytest

from getaway.core.rollout import busy, next_seat, schedule
from getaway.games import registry
from getaway.games.zombie_city.state import ZombieCityState
from getaway.games.zombie_city.views import SECTIONS, SeatView, view


@pytest.mark.parametrize("players", [2, 4])
def test_every_part_of_the_seat_view_is_the_full_views(players: int) -> None:
    game = registry().get("zombie-city")
    for seed in range(3):
        s = game.new_state(game.spec.configure(players), seed)
        assert isinstance(s, ZombieCityState)
        rng = random.Random(seed)
        free_at = schedule(s)
        step = 0
        while (seat := next_seat(s, free_at)) is not None and step < 400:
            if step % 7 == 0:
                full = view(s, seat)
                assert list(full) == list(SECTIONS)
                lazy = SeatView(s, seat)
                for key in reversed(list(full)):  # any order of reading
                    assert lazy[key] == full[key], key
                assert lazy == full and s.view(seat) == full
                assert SeatView(s, None)["hands" if "hands" in full else "players"] \
                    == view(s, None)["hands" if "hands" in full else "players"]
            legal = s.legal_actions(seat)
            action = legal[int(rng.random() * len(legal))]
            busy(s, free_at, seat, action)
            s.apply(seat, action)
            step += 1


def test_an_unknown_key_is_refused() -> None:
    game = registry().get("zombie-city")
    s = game.new_state(game.spec.configure(2), 0)
    assert isinstance(s, ZombieCityState)
    with pytest.raises(KeyError):
        SeatView(s, 0)["no such key"]
