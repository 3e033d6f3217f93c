"""Setting up a game (AZ-7 to AZ-29)."""

from __future__ import annotations

import random

import pytest

from getaway.games.alcatraz_2034.content import CONTENT
from getaway.games.alcatraz_2034.tables import (
    BT_PILE,
    BUILDINGS,
    CELL,
    DECK_KINDS,
    FACE_DOWN,
    N_PRISONERS,
    RT_METHOD,
    RUN_METHOD_OF_SLOT,
    RUN_SPACES,
    RUNC_METHOD,
    RUNC_RED,
    SENTINEL_DECK,
    TILE_PILE,
    UNUSED,
    scores_of,
)
from tests.games.alcatraz_2034.builder import fresh


def test_four_escape_decks_shuffled_and_drawn_separately() -> None:
    s = fresh()
    assert len(s.edeck) == 4, "AZ-7"
    for d in range(4):
        assert sorted(s.edeck[d]) == sorted(DECK_KINDS[d]), "AZ-7: each deck whole"
    orders = {tuple(fresh(seed=k).edeck[0]) for k in range(5)}
    assert len(orders) > 1, "AZ-7: shuffled"
    before = [d[:] for d in s.edeck]
    s.draw_escape(0, 2)
    assert s.edeck[0] == before[0] and s.edeck[1] == before[1] and s.edeck[3] == before[3]
    assert len(s.edeck[2]) == len(before[2]) - 1, "AZ-7: drawn from independently"


def test_run_decks_by_method_with_red_titles_set_aside() -> None:
    s = fresh()
    assert len(s.run_pile) == 4, "AZ-8 AZ-1"
    for m in range(4):
        assert all(RUNC_METHOD[c] == m for c in s.run_pile[m] + s.run_aside[m]), "AZ-8"
        assert not any(RUNC_RED[c] for c in s.run_pile[m]), "AZ-9: no red title in play"
        assert s.run_aside[m] and all(RUNC_RED[c] for c in s.run_aside[m]), \
            "AZ-9: kept aside, still sorted by method"
    assert sum(len(p) + len(a) for p, a in zip(s.run_pile, s.run_aside, strict=True)) == 64


def test_building_tiles_face_down_and_one_left_out() -> None:
    s = fresh()
    assert len(s.building_tile) == len(BUILDINGS) == 11, "AZ-10"
    assert s.building_up == 0 and not any(s.building_peek), "AZ-10: face down, unseen"
    assert sorted([*s.building_tile, s.left_out]) == sorted(BT_PILE), "AZ-10: 12 tiles"
    assert len({fresh(seed=k).left_out for k in range(12)}) > 1, "AZ-10: shuffled"


def test_run_tiles_face_down_beside_their_spaces() -> None:
    s = fresh()
    assert len(s.run_tile) == len(RUN_SPACES) == 12, "AZ-11 AZ-12"
    for slot, t in enumerate(s.run_tile):
        assert RT_METHOD[t] == RUN_METHOD_OF_SLOT[slot], "AZ-12: a tile of its method"
    assert s.run_tile_state == [FACE_DOWN] * 12, "AZ-12: number hidden"
    assert len(s.run_spare) == 6, "AZ-13: six left over"
    assert sorted([*s.run_tile, *s.run_spare]) == list(range(18)), "AZ-12 AZ-13"
    v = s.view(None)
    assert all(r["cards"] is None for r in v["run_spaces"]), "AZ-12"
    assert "spare" not in str(v) and "run_spare" not in v, "AZ-13: unseen"


def test_sentinels_sentinel_cards_and_system_tiles() -> None:
    s = fresh()
    assert s.sent_pos == [-1] * 6, "AZ-15: all on the System board"
    assert sorted(s.sent_sym) == [0, 0, 1, 1, 2, 2], "AZ-14"
    assert all(v["symbol"] is None for seat in (None, 0, 1, 2)
               for v in s.view(seat)["sentinels"]), "AZ-15: nobody knows a symbol"
    assert sorted(s.spile) == sorted(SENTINEL_DECK) and not s.sdiscard, "AZ-16"
    assert len({tuple(fresh(seed=k).spile) for k in range(4)}) > 1, "AZ-16: shuffled"
    assert s.view(0)["decks"]["sentinel"] == {"pile": 16, "discard": []}, "AZ-16: face down"
    assert [len(st) for st in s.sys_stacks] == [6, 6, 6], "AZ-17: three stacks"
    assert sorted(t for st in s.sys_stacks for t in st) == sorted(TILE_PILE), "AZ-17"
    assert not any(s.sys_rows) and not s.sys_grey
    assert [st["known"] for st in s.view(0)["system"]["stacks"]] == [[], [], []], \
        "AZ-17: face down"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_characters_per_player(players: int) -> None:
    s = fresh(players)
    k = CONTENT.characters_per_player(players)
    assert [len(x) for x in s.seat_prisoners] == [k] * players, "AZ-20"
    dealt = [p for p in range(N_PRISONERS) if s.owner[p] >= 0]
    assert len(dealt) == k * players
    assert len({s.profession[p] for p in dealt}) == len(dealt), "AZ-21: one profession each"
    for p in dealt:
        assert s.pos[p] == CELL, "AZ-26: every prisoner starts in the cell block"
        assert s.marker[p] == 0, "AZ-29: no marker yet"
        assert (s.score[p], s.rmask[p]) == scores_of(p, s.profession[p]), "AZ-22"
    for p in set(range(N_PRISONERS)) - set(dealt):
        assert s.pos[p] == UNUSED and s.profession[p] == -1, "AZ-25: out of the game"
    names = {x["id"] for x in s.view(None)["prisoners"]}
    assert len(names) == len(dealt), "AZ-25: undealt characters do not appear"


def test_pairings_are_random_and_fixed() -> None:
    pairs = {(fresh(6, k).owner, fresh(6, k).profession) for k in range(6)}
    assert len(pairs) > 1, "AZ-21: shuffled separately"
    s = fresh(4, 3)
    owner, prof = s.owner, s.profession
    rng = random.Random(2)
    for _ in range(150):
        if s.is_over():
            break
        seat = s.to_act()[0]
        acts = s.legal_actions(seat)
        s.apply(seat, acts[rng.randrange(len(acts))])
    assert s.owner == owner and s.profession == prof, "AZ-21: the pairs stay together"
