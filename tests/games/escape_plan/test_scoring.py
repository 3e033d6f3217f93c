"""End-of-game scoring worked out by hand (EP-106..112)."""

from __future__ import annotations

import pytest

from getaway.core.events import Event
from getaway.games.escape_plan.rounds import Flow
from getaway.games.escape_plan.scoring import breakdown, outcome, score
from getaway.games.escape_plan.state import EscapePlanState
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


def test_an_arrested_player_scores_zero_and_cannot_win() -> None:
    s = city(3)
    s.crew[2].arrested = True
    s.crew[2].money = 99
    for p in s.crew[:2]:
        p.money, p.wounds = 0, 1                  # -$20 each
    assert [score(s, i) for i in range(3)] == [-20, -20, 0]              # EP-106
    # rule decided 26: the arrested player's $0 is its score, but it cannot win; the two
    # free players tie on -$20 and every tie-break (EP-111, EP-112), so they share it
    assert outcome(s).winners == (0, 1)
    assert outcome(s).scores == (-20.0, -20.0, 0.0)
    s.crew[0].wounds = 0
    assert score(s, 0) == 0 and outcome(s).winners == (0,)               # EP-111
    s.crew[0].arrested = s.crew[1].arrested = True
    assert outcome(s).winners == ()              # everyone arrested: nobody wins


def _end_of_round_3(players: int, unescaped: str) -> tuple[EscapePlanState, list[Event]]:
    """Seat 0 escaped, seat 1 still in the city with $20 behind the screen and a cube on
    the White hex, the others (if any) with nothing; then Round 3 ends."""
    s = city(players, unescaped=unescaped)
    s.round = 3
    s.escapes = 1
    s.crew[0].escaped = True
    s.crew[0].money = 12
    s.crew[1].money, s.crew[1].white = 20, 1
    for p in s.crew[2:]:
        p.money = 0
    s.stack = [Flow("change")]
    events: list[Event] = []
    s.settle(events)
    assert s.is_over()
    return s, events


def test_unescaped_players_are_arrested_when_round_3_ends() -> None:
    s, events = _end_of_round_3(3, "arrested")
    assert s.view(None)["unescaped"] == "arrested"
    assert not s.crew[0].arrested and score(s, 0) == 12                 # escaped: scored
    # EP-GAP-12 (rule decided 17, the default): still in the city -> arrested, EP-106: $0
    assert s.crew[1].arrested and s.crew[2].arrested
    assert breakdown(s, 1) == {"arrested": 0} and score(s, 1) == 0       # EP-106
    ends = [e.data for e in events if e.kind == "arrested"]
    assert ends == [{"seat": 1, "end": True}, {"seat": 2, "end": True}]  # one event each
    out = outcome(s)
    assert out.winners == (0,) and out.scores == (12.0, 0.0, 0.0)        # EP-111
    assert out.reason == "end_of_round_3"


def test_unescaped_players_are_scored_under_the_scored_option() -> None:
    s, events = _end_of_round_3(3, "scored")
    assert s.view(0)["unescaped"] == "scored"
    # EP-GAP-12 (option unescaped=scored): the literal reading, scored normally (EP-108)
    assert not any(p.arrested for p in s.crew)
    assert not [e for e in events if e.kind == "arrested"]
    assert breakdown(s, 1)["money"] == 20 and breakdown(s, 1)["hexes"] == 7
    assert score(s, 1) == 27 and outcome(s).winners == (1,)              # 27 beats 12


def test_the_end_arrests_no_one_twice_and_never_sandra() -> None:
    s, events = _end_of_round_3(2, "arrested")                           # Sandra plays
    assert s.sandra
    assert [e.data for e in events if e.kind == "arrested"] == [{"seat": 1, "end": True}]
    s = city(3)
    s.round = 3
    s.crew[0].escaped = True
    s.crew[1].arrested = True                       # arrested earlier, by the fee (EP-60)
    s.stack = [Flow("change")]
    events = []
    s.settle(events)
    assert [e.data for e in events if e.kind == "arrested"] == [{"seat": 2, "end": True}]


def test_an_escaped_player_below_zero_still_beats_the_arrested() -> None:
    s = city(3)
    s.round = 3
    s.crew[0].escaped = True
    s.crew[0].money, s.crew[0].wounds = 0, 1                             # -$20
    s.crew[1].money = s.crew[2].money = 50
    s.stack = [Flow("change")]
    s.settle([])
    # EP-106 (rule decided 26): the arrested score $0, more than the escaped player's
    # -$20, but only a free player can win
    assert outcome(s).scores == (-20.0, 0.0, 0.0) and outcome(s).winners == (0,)


def test_the_option_is_declared_and_checked() -> None:
    from getaway.core.errors import ConfigError
    from getaway.games.escape_plan import GAME, SPEC

    assert SPEC.option("unescaped").default == "arrested"
    assert SPEC.option("unescaped").choices == ("arrested", "scored")
    assert SPEC.parse_options(["unescaped=scored"]) == {"unescaped": "scored"}
    with pytest.raises(ConfigError, match="unescaped"):
        GAME.start(3, unescaped="free")
    labels = {c.label() for c in GAME.variants()}
    assert "escape-plan 4p unescaped=scored" in labels                   # conformance
