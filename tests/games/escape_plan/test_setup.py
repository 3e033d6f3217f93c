"""Setup, EP-1..36 (Sandra at 2 players), and the derived counts EP-EX-1, EP-EX-2."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan.rounds import PlaceTile
from getaway.games.escape_plan.state import SANDRA
from getaway.games.escape_plan.tables import BOARD, CARDS, loc_node
from tests.games.escape_plan.build import fresh


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_everything(players: int) -> None:
    s = fresh(players, seed=4)
    assert s.side is BOARD.side_for(players)                          # EP-1
    starts = {s.city[c][0] for c in s.side.starts}
    assert starts == {"s1", "s2"} and all(s.city[c][1] == 0 for c in s.side.starts)  # EP-2
    assert [len(x) for x in s.stacks] == [3, 3, 3, 3]                  # EP-3
    on = {t: c for t, c in s.police.items() if c}
    drawn = sum(len(c) for c in on.values())
    # EP-4..7, EP-EX-1: 10 draws, one back for each same-colour pair
    assert drawn + len(s.bag) == 30 and 5 <= drawn <= 10
    assert set(on) <= {x[-1] for x in s.stacks} | {"dockside"}
    assert all(len(set(c)) == len(c) for c in on.values())              # EP-6
    assert s.gas_supply == 10 and s.gang_supply == 8                    # EP-8
    assert s.round == 1 and s.log_turn == 0     # EP-9: the Time marker is the round counter
    # EP-10, EP-EX-2, EP-42: one discarded unseen, Round 1's Patrol phase revealed 2
    assert len(s.patrol_deck) == 3 and s.patrol_discard and s.round == 1
    assert s.business_on == {}                                          # EP-11
    assert sorted(k for v in s.keys_on.values() for k in v) == sorted(
        ["green"] * 3 + ["black"] * 3 + ["brown"] * 3)                 # EP-12
    assert len(s.fixers) == 8 and len(s.fixers_out) == 3                # EP-13
    assert {k: len(v) for k, v in s.lockers.items()} == dict.fromkeys(
        ("green", "black", "brown"), 5)                                  # EP-14
    assert sum(s.equipment.values()) == 16                              # EP-15
    assert sum(len(v) for v in s.exit_stacks.values()) == 10           # EP-16
    assert len(s.display) == 7 and len(s.contact_deck) == 25           # EP-17
    plans = [p.plan for p in s.crew]
    assert len(set(plans)) == players                                   # EP-27
    for p in s.crew:
        assert p.node == loc_node("hospital")                           # EP-19
        assert p.taken == 0                                              # EP-20
        assert p.gang_markers == [] and p.first_aid and not p.rested    # EP-21, EP-22, EP-24
        assert p.wounds == 0                                             # EP-23
        assert p.red_box == p.blue_box == 0                             # EP-25
        assert p.money == 9                                              # EP-26
        assert p.notoriety == 0                                          # EP-28
        # EP-29: 3 Police tiles on the Item row, Extra Action unlocked on $5, 3 on the
        # Contact row
        assert p.items[3:] == ["A:move-red", "A:move-blue", "A:move-black"]
        assert p.assets[0] == "extra-action"
        assert p.contacts[3:] == ["A:avoid-all", "A:master-key", "A:heal"]
    assert isinstance(s.stack[-1], PlaceTile) and s.stack[-1].seat == 0  # EP-30


def test_sandra_joins_only_at_two_players() -> None:
    s = fresh(2)
    assert s.sandra                                                     # EP-31
    assert s.sandra_node == loc_node("hospital")                        # EP-32
    assert s.sandra_notoriety == 0                                      # EP-33
    assert s.order == [0, 1, SANDRA]                                    # EP-34
    assert sorted(s.sandra_deck) == sorted(c.id for c in CARDS.sandra)  # EP-35
    assert len(s.sandra_deck) == 15                                      # EP-36
    assert not fresh(3).sandra


def test_setup_is_seeded() -> None:
    assert fresh(3, 1).fingerprint() == fresh(3, 1).fingerprint()
    assert fresh(3, 1).fingerprint() != fresh(3, 2).fingerprint()
