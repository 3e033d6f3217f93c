"""End-of-game scoring worked out by hand (EP-106..112)."""

from __future__ import annotations

from getaway.games.escape_plan.scoring import breakdown, outcome, score
from tests.games.escape_plan.build import city


def test_a_final_score_item_by_item() -> None:
    s = city(3)
    p = s.crew[0]
    p.money = 14                          # behind the screen
    p.white, p.red, p.income_hex = 2, 1, 2
    p.assets = ["extra-action", "heal", "move-red", "", "", ""]
    p.used_assets = [True, True, False, False, False, False]
    p.contacts = ["C:medic", "C:stunt", "C:gang", "", "A:master-key", "A:heal"]
    p.items = ["L:green-1", "T:silver-3", "", "", "A:move-blue", "A:move-black"]
    p.notoriety = 7
    p.wounds = 1
    from getaway.games.escape_plan.tables import EXIT_TILE, LOCKER
    locker, exit_tile = LOCKER["green-1"].value, EXIT_TILE["silver-3"].value
    # by hand: hexes 2 x $7 + 1 x $9 + 2 x $0 = 23 (EP-108); $14 behind the screen;
    # 2 flipped Assets = $20 (EP-110); 3 Contact cards, one discarded (EP-107) -> 2 -> $3;
    # the two tiles; Notoriety 7 -> -$5; 1 Wound -> -$20 (EP-109)
    assert breakdown(s, 0) == {"hexes": 23, "money": 14, "assets": 20, "contacts": 3,
                               "tiles": locker + exit_tile, "notoriety": -5, "wounds": -20}
    assert score(s, 0) == 23 + 14 + 20 + 3 + locker + exit_tile - 5 - 20


def test_arrested_scores_zero_and_the_tie_breaks() -> None:
    s = city(3)
    s.crew[2].arrested = True
    s.crew[2].money = 99
    assert score(s, 2) == 0                                              # EP-106
    s.crew[0].money = s.crew[1].money = 9
    s.crew[0].notoriety, s.crew[1].notoriety = 1, 0
    out = outcome(s)
    assert out.winners == (1,)                                           # EP-111, EP-112
    s.crew[0].notoriety = 0
    s.crew[0].wounds = 0
    s.crew[1].wounds = 1
    s.crew[1].money = 29                 # same total: 29 - 20 = 9
    out = outcome(s)
    assert score(s, 0) == score(s, 1) and out.winners == (1,)            # more $ behind screen
    s.crew[1].money, s.crew[1].wounds = 9, 0
    assert outcome(s).winners == (0, 1)


def test_an_arrested_player_is_ranked_by_its_zero() -> None:
    s = city(3)
    s.crew[2].arrested = True
    s.crew[2].money = 99
    for p in s.crew[:2]:
        p.money, p.wounds = 0, 1                  # -$20 each
    assert [score(s, i) for i in range(3)] == [-20, -20, 0]              # EP-106
    assert outcome(s).winners == (2,)            # EP-111: $0 beats -$20
    s.crew[0].wounds = 0
    assert score(s, 0) == 0 and outcome(s).winners == (0,)   # tied on $0: the free one
    s.crew[0].money = 0
    s.crew[0].notoriety = 15
    assert score(s, 0) < 0 and outcome(s).winners == (2,)
