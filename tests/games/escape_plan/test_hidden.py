"""determinize redeals the other seats' Escape Plan cards only among those their public
cubes allow (EP-27 secret cards; EP-116, EP-117, EP-140 show the symbol at each visit)."""

from __future__ import annotations

import random
from collections import Counter

from getaway.games.escape_plan.hidden import consistent, cube_record
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import CARDS, PLAN_IDS
from getaway.games.escape_plan.visits import cube
from tests.games.escape_plan.build import city, random_play


def deal(s: EscapePlanState, plans: list[str]) -> None:
    """Give seat i plans[i]; the rest stay undealt."""
    for p, plan in zip(s.crew, plans, strict=False):
        p.plan = plan
    s.plans_left = [c for c in PLAN_IDS if c not in plans]


def test_cubes_can_pin_a_card_down() -> None:
    s = city(3)
    deal(s, ["plan-1", "plan-5", "plan-9"])
    p = s.crew[1]
    cube(s, p, "business-2", safe=False)
    cube(s, p, "business-5", safe=False)
    # EP-116: both cubes on the Income hex; only plan-5 shows both symbols
    assert p.hexes == ["income", "income"] and p.income_hex == 2
    assert [c for c in PLAN_IDS if consistent(c, cube_record(p))] == ["plan-5"]
    v = s.view(0)["players"][1]
    assert v["cubes"] == [["business-2", "income"], ["business-5", "income"]]
    assert "plan" not in v                                               # EP-27
    seen: Counter[str] = Counter()
    for seed in range(60):
        d = s.determinize(0, random.Random(seed))
        assert d.crew[1].plan == "plan-5"
        assert d.crew[0].plan == "plan-1"                                # its own card
        assert d.crew[2].plan not in ("plan-1", "plan-5")
        assert sorted([*d.plans_left, *(q.plan for q in d.crew)]) == sorted(PLAN_IDS)
        seen[d.crew[2].plan] += 1
    assert len(seen) == 7                        # seat 2 has shown nothing: any other card


def test_a_plain_cube_rules_cards_out() -> None:
    s = city(2)
    deal(s, ["plan-9", "plan-4"])
    p = s.crew[1]
    cube(s, p, "safe-house-2", safe=True)        # plan-4 shows it: Income hex
    cube(s, p, "business-1", safe=False)         # plan-4 does not: White hex (EP-117)
    assert p.hexes == ["income", "white"] and p.white == 1
    allowed = {c for c in PLAN_IDS if consistent(c, cube_record(p))} - {"plan-9"}
    assert allowed == {"plan-4"}     # safe-house-2: plans 2, 4, 9; plan-2 shows business-1
    for seed in range(20):
        assert s.determinize(0, random.Random(seed)).crew[1].plan == "plan-4"
    # seat 1 sees its own plan-4; seat 0's plan-9 fits no cube of seat 0: anything but 4
    got = {s.determinize(1, random.Random(seed)).crew[0].plan for seed in range(80)}
    assert got == set(PLAN_IDS) - {"plan-4"}


def test_random_games_never_sample_a_card_the_cubes_contradict() -> None:
    checked = 0
    for players in (2, 3, 4, 5):
        for seed in range(3):
            for steps, s in enumerate(random_play(players, seed), 1):
                if steps % 97:
                    continue
                for me in range(players):
                    view = s.view(me)
                    d = s.determinize(me, random.Random(steps + me))
                    assert d.crew[me].plan == s.crew[me].plan                  # EP-27
                    assert d.view(me) == view
                    assert len({q.plan for q in d.crew}) == players
                    assert sorted([*d.plans_left, *(q.plan for q in d.crew)]) == sorted(
                        PLAN_IDS)
                    for i, q in enumerate(d.crew):
                        for t, hexagon in zip(q.visited, q.hexes, strict=True):
                            shows = CARDS.plan(q.plan).shows_income(t)
                            assert shows == (hexagon == "income"), (i, t)  # EP-116, EP-117
                            checked += 1
    assert checked > 100
