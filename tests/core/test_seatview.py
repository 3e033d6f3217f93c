"""The heuristics' seat views (``core/seatview.py``): each part read is exactly that part
of the seat's full view, in any order, for every game that gives its heuristic one."""

from __future__ import annotations

import importlib
import random

import pytest

from getaway.core.rollout import busy, next_seat, schedule
from getaway.core.seatview import SeatView
from getaway.games import registry

# The games whose heuristics read a SeatView, and the player counts checked.
CASES = [("escape-now", 2), ("escape-now", 3), ("alcatraz-2034", 2), ("alcatraz-2034", 4),
         ("zombie-city", 2), ("zombie-city", 4)]


def seat_view(game_id: str) -> type[SeatView]:
    found: type[SeatView] = importlib.import_module(
        f"{registry().get(game_id).package}.views").SeatView
    assert issubclass(found, SeatView)
    return found


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_part_of_the_seat_view_is_the_full_views(game_id: str, players: int) -> None:
    game = registry().get(game_id)
    view_class = seat_view(game_id)
    for seed in range(3):
        s = game.new_state(game.spec.configure(players), seed)
        rng = random.Random(seed)
        free_at = schedule(s)
        step = 0
        while (seat := next_seat(s, free_at)) is not None and step < 400:
            if step % 7 == 0:
                full = s.view(seat)
                assert list(full) == list(view_class.sections)
                lazy = view_class(s, seat)
                for key in reversed(list(full)):  # any order of reading
                    assert lazy[key] == full[key], key
                assert lazy == full
                part = "hands" if "hands" in full else "players"
                assert view_class(s, None)[part] == s.view(None)[part]
            legal = s.legal_actions(seat)
            action = legal[int(rng.random() * len(legal))]
            busy(s, free_at, seat, action)
            s.apply(seat, action)
            step += 1


@pytest.mark.parametrize("game_id", sorted({g for g, _ in CASES}))
def test_an_unknown_key_is_refused(game_id: str) -> None:
    game = registry().get(game_id)
    s = game.new_state(game.spec.configure(2), 0)
    with pytest.raises(KeyError):
        seat_view(game_id)(s, 0)["no such key"]


def test_escape_nows_get_reads_a_part_or_gives_the_default() -> None:
    game = registry().get("escape-now")
    s = game.new_state(game.spec.configure(3), 1)
    v = seat_view("escape-now")(s, 0)
    assert v.get("pending") == s.view(0)["pending"]
    assert v.get("no such key", 7) == 7


def test_escape_nows_heuristic_view_shares_only_unchanged_puzzles() -> None:
    """The heuristic's view reuses a puzzle's entry while that puzzle is unchanged, and a
    full view's entries are its own (a caller writing to one cannot reach the shared)."""
    game = registry().get("escape-now")
    view_class = seat_view("escape-now")
    s = game.new_state(game.spec.configure(3), 4)
    rng = random.Random(4)
    for _ in range(60):
        before = view_class(s, 0)["puzzles"]
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[int(rng.random() * len(legal))])
        after = view_class(s, 0)["puzzles"]
        full = s.view(0)["puzzles"]
        assert after == full
        for old, new, mine in zip(before, after, full, strict=True):
            assert (old is new) == (old == new)  # the same entry exactly when unchanged
            assert mine is not new
