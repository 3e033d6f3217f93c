"""The end told seat by seat in the view (issue 16): escaped or arrested and why, the score
item by item (an arrested player's money behind the screen does not count), the tie-break."""

from __future__ import annotations

from typing import Any

from getaway.games.escape_plan.moves import arrest
from getaway.games.escape_plan.rounds import Flow
from getaway.games.escape_plan.state import EscapePlanState
from tests.games.escape_plan.build import city, push


def end(s: EscapePlanState) -> dict[str, Any]:
    """Round 3 ends: the players still in the city are arrested, the game is over."""
    s.round = 3
    s.stack = []
    push(s, Flow("round"))
    assert s.is_over()
    ending = s.view(None)["ending"]
    assert ending == s.view(0)["ending"]          # the same for every seat once over
    return dict(ending)


def test_each_seat_is_told_why_it_scored_what_it_scored() -> None:
    s = city(3)
    ann, bob, cat = s.crew
    ann.escaped, ann.money, ann.notoriety, ann.wounds = True, 10, 0, 0
    bob.money = 0
    arrest(s, 1, [])                              # no $1 for the fee
    cat.money = 4                                 # still in the city at the end
    assert s.view(0)["ending"] is None            # nothing told before the end
    got = end(s)
    a, b, c = got["seats"]
    assert (a["escaped"], a["arrested"], a["why"], a["score"]) == (True, False, "", 10)
    assert a["text"].startswith("escaped; $10 behind the screen") and a["text"].endswith(": $10")
    assert (b["arrested"], b["why"], b["score"]) == (True, "broke", 0)
    assert "could not pay the $1 fee" in b["text"]
    assert (c["arrested"], c["why"], c["score"]) == (True, "end", 0)
    assert c["text"] == ("arrested: still in the city when the third Day ended; an arrested "
                         "player scores $0 and cannot win (the $4 behind the screen does "
                         "not count)")
    assert got["tie_break"] == ""
    assert s.outcome().winners == (0,)  # type: ignore[union-attr]


def test_a_refused_fee_and_a_tie_broken_by_notoriety() -> None:
    s = city(3)
    ann, bob, cat = s.crew
    for p in (ann, bob):
        p.escaped, p.money, p.wounds = True, 10, 0
    ann.notoriety, bob.notoriety = 1, 0           # both cost $0 at the end (EP-111)
    cat.money = 7
    arrest(s, 2, [])                              # had the $1, chose not to pay
    got = end(s)
    assert [x["score"] for x in got["seats"]] == [10, 10, 0]
    assert got["seats"][2]["why"] == "refused" and "chose not to pay" in got["seats"][2]["text"]
    names = [s.seat_name(0), s.seat_name(1)]
    assert got["tie_break"] == (f"{names[0].capitalize()} and {names[1]} tied on $10: "
                                "the least Notoriety decided it")
    assert s.outcome().winners == (1,)  # type: ignore[union-attr]
