"""Sandra's turn at each Location type (EP-86..100)."""

from __future__ import annotations

from getaway.games.escape_plan.rounds import sandra_turn
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import CARDS, loc_node
from tests.games.escape_plan.build import city, put


def sandra(cards: list[str], round_: int = 1) -> EscapePlanState:
    s = city(2)
    s.round = round_
    s.sandra_deck = list(reversed(cards))   # the first named is revealed first
    s.sandra_discard = []
    s.sandra_notoriety = 5
    for seat in (0, 1):
        put(s, seat, "hospital")
    return s


def test_reveals_until_a_location_on_the_board_and_skips_open_exits() -> None:
    s = sandra(["sandra-exit-1", "sandra-store-A"])
    sandra_turn(s, [])
    assert s.sandra_discard == ["sandra-exit-1", "sandra-store-A"]      # EP-86, EP-87
    assert s.sandra_node == loc_node("store-A")
    s = sandra(["sandra-exit-1"], round_=3)
    sandra_turn(s, [])
    assert s.sandra_node == loc_node("exit-1")                           # EP-87: Day 3


def test_sandra_at_a_business() -> None:
    s = sandra(["sandra-business-1"])
    loc = next(k for k, v in s.business_on.items() if v == "business-1")
    put(s, 0, loc)
    s.business_visits["business-1"] = 2                                  # closed: EP-88
    s.display = ["fixer", "medic", "gang", "spy-1", "stunt", "fixer", "fixer"]
    s.contact_deck = ["jet-ski", "chopper"]
    sandra_turn(s, [])
    assert s.sandra_node == loc_node(loc)                                # EP-88
    assert s.sandra_notoriety == 5 + 1 + 1                               # EP-89, EP-90
    assert s.sandra_white == 1                                           # EP-91
    assert s.sandra_discs == 2 and s.contact_discard[-2:] == ["fixer", "fixer"]  # EP-92
    assert len(s.display) == 7 and s.display[0] == "jet-ski"           # EP-GAP-20
    assert s.sandra_visited == ["business-1"] and s.business_visits["business-1"] == 3
    s = sandra(["sandra-business-1"])
    s.sandra_visited = ["business-2", "business-3"]
    s.display, s.contact_deck = [], []
    sandra_turn(s, [])
    assert s.sandra_discs == 1                                           # EP-93


def test_sandra_at_a_safe_house() -> None:
    s = sandra(["sandra-safe-house-1"])
    fixers, keys = len(s.fixers), len(s.keys_on["safe-house-1"])
    sandra_turn(s, [])
    assert s.sandra_notoriety == 5 - 1                                   # EP-94
    assert s.sandra_red == 1                                             # EP-95
    assert len(s.fixers) == fixers - 1 and len(s.keys_on["safe-house-1"]) == keys - 1
    s = sandra(["sandra-safe-house-3"])
    s.sandra_visited = ["safe-house-1", "safe-house-2"]
    sandra_turn(s, [])
    assert s.sandra_discs >= 1                                           # EP-96


def test_sandra_at_stores() -> None:
    s = sandra(["sandra-store-A"])
    put(s, 1, "store-A")
    green = len(s.lockers["green"])
    sandra_turn(s, [])
    assert s.sandra_notoriety == 5 + 1 + 1                               # EP-97
    assert len(s.display) == 7 and len(s.contact_discard) == 2           # EP-98
    assert len(s.lockers["green"]) == green - 1                          # EP-99
    s = sandra(["sandra-store-D"])
    sandra_turn(s, [])
    assert s.sandra_notoriety == 5 - 1                                   # EP-97
    assert all(len(v) == 4 for v in s.lockers.values())                  # EP-99: one each
    assert CARDS.depicted(__import__("getaway.games.escape_plan.model",
                                     fromlist=["Store"]).Store.D).__len__() == 3


def test_sandra_at_an_exit() -> None:
    s = sandra(["sandra-exit-2"])
    s.blocked, s.exit_on = [2], {2: "silver"}
    sandra_turn(s, [])
    assert s.sandra_notoriety == 5 - 1                                   # EP-100
    assert len(s.exit_stacks["silver"]) == 4 and len(s.contact_discard) == 2


def test_players_avoid_sandra() -> None:
    from getaway.games.escape_plan.moves import threats
    s = sandra([])
    s.sandra_node = loc_node("church")
    assert threats(s, s.cell_of_tile["s1"]) == ("sandra",)              # EP-81
