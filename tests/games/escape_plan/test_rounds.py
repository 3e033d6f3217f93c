"""Rounds and phases (EP-37..61, EP-101, EP-102), Notoriety (EP-175..184, EP-EX-4)."""

from __future__ import annotations

import random

import pytest

from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan.actions import Officer, Place, Simple, ToCell, Unlock, Visit
from getaway.games.escape_plan.board import distance
from getaway.games.escape_plan.frames import IncomeUnlock, MovePolice
from getaway.games.escape_plan.moves import ActionChoice, Fee
from getaway.games.escape_plan.rounds import (
    ChoosePiece,
    Flow,
    Join,
    NotorietyUpdate,
    PlaceTile,
    turn_order,
)
from getaway.games.escape_plan.state import SANDRA
from getaway.games.escape_plan.tables import CELLS
from tests.games.escape_plan.build import Hold, act, city, fresh, push, put


def test_round_one_has_no_income_and_reveals_two_patrol_cards() -> None:
    s = fresh(3)
    assert s.round == 1 and all(p.money == 9 for p in s.crew)          # EP-37, EP-38
    assert sum(s.patrol_spaces.values()) >= 2                           # EP-42, EP-43


def test_income_phase_pays_and_offers_the_cheap_unlock() -> None:
    s = city(3)
    s.crew[0].taken = 2
    s.crew[1].notoriety = 3
    s.round = 1
    s.stack = [Hold(), Flow("round")]
    s.patrol_deck = []                      # nothing to reveal in this test
    s.settle([])
    assert s.crew[0].money == 9 + 5                                      # EP-39, EP-40
    assert s.crew[1].money == 9 + 3
    # EP-41: seats 0 and 2 sit below 3, seat 1 does not
    assert isinstance(s.stack[-1], IncomeUnlock) and s.stack[-1].seat == 0
    act(s, Visit("unlock"))
    act(s, Unlock("move-red"))
    assert s.crew[0].money == 14 - 3 and "move-red" in s.crew[0].assets
    act(s, Simple("decline"))
    assert s.crew[2].money == 12
    assert not any(isinstance(f, IncomeUnlock) for f in s.stack)


def test_patrol_second_card_blocks_an_exit_and_brings_an_exit_stack() -> None:
    s = city(3)
    s.patrol_deck = ["patrol-1-3", "patrol-1"]   # top last
    s.patrol_spaces = {}
    s.blocked = []
    s.exit_on = {}
    s.round = 1
    s.stack = [Hold(), Flow("patrol")]
    s.settle([])
    # EP-43, EP-44: Exit 1 gets two cards and is blocked, Exit 3 one
    assert s.patrol_spaces == {1: 2, 3: 1} and s.blocked == [1]
    assert s.exit_on == {1: "silver"}                                    # EP-45


def test_city_phase_lays_four_tiles_in_turn_order_with_their_pieces() -> None:
    s = fresh(3)
    seats = []
    for _ in range(4):
        top = s.stack[-1]
        assert isinstance(top, PlaceTile)
        seats.append(top.seat)
        (seat,) = s.to_act()
        legal = s.legal_actions(seat)
        a = legal[0]
        assert isinstance(a, Place)
        cell = CELLS[a.cell]
        touching = sum(1 for _, n in s.side.neighbours(cell)
                       if n in s.city or s.side.printed_at(n))
        assert touching >= 2                                             # EP-48
        s.apply(seat, a)
        while isinstance(s.stack[-1], ChoosePiece):                      # EP-50
            assert s.to_act() == (seat,)
            s.apply(seat, s.legal_actions(seat)[0])
    assert seats == [0, 1, 2, 0]                                         # EP-47, EP-GAP-22
    assert len(s.city) == 2 + 4
    for tile, _ in s.city.values():
        for loc in __import__("getaway.games.escape_plan.tables",
                              fromlist=["TILE"]).TILE[tile].locations:
            if loc.kind.value in ("business", "safe_house"):
                assert loc.id in s.business_on                           # EP-50
            if loc.kind.value == "gang":
                assert s.gangs[loc.id][0] == 2                            # EP-51
    # EP-52: the new tops get officers
    for stack in s.stacks:
        assert s.police.get(stack[-1])


def test_city_tiles_match_a_land_type_when_they_can() -> None:
    s = fresh(4, seed=3)
    (seat,) = s.to_act()
    from getaway.games.escape_plan.board import laid, placements
    from getaway.games.escape_plan.tables import BOARD, TILE
    tiles = laid(BOARD, s.side, {c: (TILE[t], r) for c, (t, r) in s.city.items()})
    every = placements(s.side, tiles, TILE[s.stacks[0][-1]])
    offered = {(CELLS[a.cell], a.turn) for a in s.legal_actions(seat)
               if isinstance(a, Place) and a.stack == 0}
    if any(p.matches for p in every):                                    # EP-49
        assert offered == {(p.cell, p.turn) for p in every if p.matches}


def test_turn_order_by_notoriety_with_ties_reversed() -> None:
    s = city(4)
    s.order = [0, 1, 2, 3]
    for seat, n in enumerate([2, 5, 2, 2]):
        s.crew[seat].notoriety = n
    # EP-53: the highest first; EP-54 / EP-GAP-23: the three tied reverse their order
    assert turn_order(s) == [1, 3, 2, 0]
    s2 = fresh(2)
    s2.sandra_notoriety = 4
    assert turn_order(s2)[0] == SANDRA


@pytest.mark.parametrize("players", [2, 4])
def test_day_one_keeps_the_setup_order(players: int) -> None:
    from getaway.agents.random import RandomAgent
    from getaway.core.agent import Observation

    s = fresh(players)
    setup = list(s.order)
    rng = random.Random(players)
    agent = RandomAgent()
    while s.round == 1 and not isinstance(s.stack[-1], ActionChoice):
        seat = s.to_act()[0]
        s.apply(seat, agent.choose(Observation(s, seat), rng))
    # everyone is on Notoriety 0, yet Day 1 is played in the setup's order: the start
    # player first (EP-30) and, at 2 players, Sandra third (EP-34)
    assert s.round == 1 and s.order == setup and s.order[0] == 0
    if players == 2:
        assert s.order[2] == SANDRA
    # from Day 2 on the Turn Order phase sorts (EP-53, EP-54)
    s.round = 2
    sorted_order = turn_order(s)
    Flow("order").run(s, [])
    assert s.order == sorted_order == list(reversed(setup))        # all tied on 0


def test_required_and_optional_turns() -> None:
    s = city(3)
    s.order = [0, 1, 2]
    s.crew[1].discs = 1
    s.stack = [Hold(), Flow("turn", 3)]
    s.settle([])
    # EP-55, EP-57: turn 4 is optional, only seat 1 has a disc
    assert isinstance(s.stack[-1], Join) and s.stack[-1].seat == 1
    act(s, Simple("join"))
    assert s.crew[1].discs == 0 and s.joined == [1]
    assert isinstance(s.stack[-1], ActionChoice) and s.stack[-1].seat == 1   # EP-58
    s2 = city(3)
    s2.stack = [Hold(), Flow("turn", 0)]
    s2.settle([])
    assert s2.joined == [0, 1, 2]                                        # EP-56


def test_sandra_always_spends_a_disc_for_an_optional_turn() -> None:
    s = city(2)
    s.sandra_discs = 1
    s.display, s.contact_deck, s.contact_discard = [], [], []   # no disc from the display
    s.stack = [Hold(), Flow("turn", 4)]
    s.settle([])
    assert SANDRA in s.joined and s.sandra_discs == 0                    # EP-59


def test_after_an_escape_each_turn_costs_one_dollar_or_an_arrest() -> None:
    s = city(3)
    s.escapes = 1
    s.crew[2].escaped = True
    from getaway.games.escape_plan.moves import TurnStart
    push(s, TurnStart(0))
    assert isinstance(s.stack[-1], Fee)                                  # EP-60
    act(s, Simple("pay_fee"))
    assert s.crew[0].money == 8 and isinstance(s.stack[-1], ActionChoice)
    s.stack.pop()
    s.crew[1].money = 0
    push(s, TurnStart(1))
    assert s.crew[1].arrested                                            # EP-60


def test_notoriety_cubes_and_the_update() -> None:
    s = city(3)
    p = s.crew[0]
    for _ in range(4):
        eco.notoriety(p, +1)                                             # EP-175
    eco.notoriety(p, -1)                                                 # EP-176
    assert (p.red_box, p.blue_box) == (3, 0)                             # EP-EX-4
    eco.notoriety(p, +1)
    eco.notoriety(p, +1)
    assert (p.red_box, p.blue_box) == (4, 0)                             # EP-177: at most +4
    p.red_box, p.blue_box = 3, 0
    s.order = [0, 1, 2]
    push(s, NotorietyUpdate(0))
    assert p.notoriety == 3 and p.red_box == 0                           # EP-178


def test_notoriety_above_the_top_wounds() -> None:
    s = city(3)
    p = s.crew[0]
    p.notoriety, p.red_box = 14, 3
    s.order = [0, 1, 2]
    push(s, NotorietyUpdate(0))
    assert p.notoriety == 15 and p.wounds == 2                           # EP-184


def _threshold(at_from: int, red: int) -> object:
    s = city(3, police=True)
    s.order = [0, 1, 2]
    for seat, loc in enumerate(["hospital", "church", "clinic"]):
        put(s, seat, loc)
    p = s.crew[1]
    p.notoriety, p.red_box = at_from, red
    s.crew[0].notoriety = s.crew[2].notoriety = 0
    push(s, NotorietyUpdate(0))
    return s


def test_first_threshold_moves_police_towards_and_unlocks_one() -> None:
    s = _threshold(3, 1)
    # EP-180: seats 0 and 2 (less notorious) must each move an officer nearer seat 1
    top = s.stack[-1]
    assert isinstance(top, MovePolice) and top.seat == 0 and top.target >= 0
    target = CELLS[top.target]
    (seat,) = s.to_act()
    o = s.legal_actions(seat)[0]
    assert isinstance(o, Officer)
    s.apply(seat, o)
    dest = s.legal_actions(seat)[0]
    assert isinstance(dest, ToCell)
    assert distance(CELLS[dest.cell], target) < distance(CELLS[o.cell], target)
    s.apply(seat, dest)
    while isinstance(s.stack[-1], MovePolice):
        (seat,) = s.to_act()
        s.apply(seat, s.legal_actions(seat)[0])
    (seat,) = s.to_act()
    assert seat == 1 and isinstance(s.legal_actions(1)[0], Unlock)       # EP-181
    s.apply(1, s.legal_actions(1)[0])
    assert isinstance(s.stack[-1], Hold)


def test_second_threshold_unlocks_two() -> None:
    s = _threshold(7, 1)
    while isinstance(s.stack[-1], MovePolice):
        (seat,) = s.to_act()
        s.apply(seat, s.legal_actions(seat)[0])
    s.apply(1, s.legal_actions(1)[0])
    s.apply(1, s.legal_actions(1)[0])                                    # EP-182
    assert len([a for a in s.crew[1].assets if a]) == 3


def test_third_threshold_unlocks_one_and_gives_a_disc() -> None:
    s = _threshold(11, 2)
    while isinstance(s.stack[-1], MovePolice):
        (seat,) = s.to_act()
        s.apply(seat, s.legal_actions(seat)[0])
    s.apply(1, s.legal_actions(1)[0])
    assert s.crew[1].discs == 1 and isinstance(s.stack[-1], Hold)        # EP-183


def test_crossing_two_thresholds_resolves_each() -> None:
    s = city(3)
    s.order = [0, 1, 2]
    s.crew[0].notoriety, s.crew[0].red_box = 7, 4                         # 7 -> 11: the 2nd
    push(s, NotorietyUpdate(0))
    unlocks = 0
    while not isinstance(s.stack[-1], Hold):
        (seat,) = s.to_act()
        a = s.legal_actions(seat)[0]
        unlocks += isinstance(a, Unlock)
        s.apply(seat, a)
    assert unlocks == 2                                                  # EP-179, EP-182
    s = city(3)
    s.order = [0, 1, 2]
    s.crew[0].notoriety, s.crew[0].red_box = 3, 4                         # 3 -> 7: the 1st only
    push(s, NotorietyUpdate(0))
    assert s.crew[0].notoriety == 7 and len(s.crew[0].assets) == 6


def test_change_of_round_and_the_end() -> None:
    s = city(3)
    for p in s.crew:
        p.rested = True
    s.round = 3
    s.stack = [Flow("change")]
    s.settle([])
    assert all(not p.rested for p in s.crew)                             # EP-101
    assert s.is_over()                                                   # EP-102


def test_each_turn_ends_with_the_notoriety_update_in_turn_order() -> None:
    s = city(3)
    s.order = [2, 0, 1]
    for p in s.crew:
        p.red_box = 1
    s.stack = [Hold(), Flow("turn_end", 0)]
    s.settle([])
    # EP-61: after the turn every marker moved, then the next turn began
    assert [p.notoriety for p in s.crew] == [1, 1, 1]
    assert s.log_turn == 2 and isinstance(s.stack[-1], ActionChoice) and s.stack[-1].seat == 2
