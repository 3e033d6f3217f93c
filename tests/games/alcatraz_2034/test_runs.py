"""Runs (AZ-1, AZ-3, AZ-33, AZ-45, AZ-65, AZ-103 to AZ-123, AZ-134)."""

from __future__ import annotations

from getaway.core.chance import Rng
from getaway.core.decisions import PASS
from getaway.games.alcatraz_2034.actions import (
    DRAW,
    END_TURN,
    REROLL,
    Assign,
    Choose,
    Discard,
    Move,
    Play,
    StartRun,
)
from getaway.games.alcatraz_2034.tables import (
    BOAT,
    CELL,
    ESC_INDEX,
    ESCAPED,
    OUT,
    RUN_SPACES,
    RUNC_IDS,
    RUNC_METHOD,
    RUNC_RED,
    SET_ASIDE,
    SWIM,
)
from tests.games.alcatraz_2034.builder import (
    P,
    act,
    assert_illegal,
    build,
    check,
    legal,
    pass_all,
    pending,
    seat_of,
    set_run_deck,
    sp,
)

# Rex: Smarts 2, Toughness 5 + R, Skills 4. Sue: 4, 3, 5. Otto: 3, 7, 2. Cole: 5 + R, 3, 3.
CHARS = {"rex": (0, "boxer"), "sue": (0, "electrician"), "otto": (1, "sailor"),
         "cole": (1, "hacker")}
BEACH = "coast-09"


def run_from(deck, *, at=None, tile=3, rolls=(), hands=None, leader="sue", card="",
             method=SWIM, space=BEACH, **kw):
    """Seat 0 starts a Run with ``leader`` from ``space``; the Run cards come in ``deck`` order."""
    s = build(2, chars=CHARS, at=at or {leader: space}, rolls=rolls, hands=hands,
              run_tiles={space: tile} if space in _RUN_IDS else None, **kw)
    set_run_deck(s, method, deck)
    act(s, StartRun(leader, card))
    return s


_RUN_IDS = {"coast-03", "coast-05", "coast-09", "coast-11", "coast-15", "coast-17",
            "coast-21", "coast-23", "coast-27", "coast-29", "coast-33", "coast-35"}


def test_a_run_starts_only_after_a_turn_on_the_run_space() -> None:
    s = build(2, chars=CHARS, at={"sue": BEACH}, ready=False)
    assert not any(isinstance(a, StartRun) for a in legal(s)), "AZ-3 AZ-65 AZ-103"
    assert_illegal(s, 0, StartRun("sue", ""), "arrived this turn")
    s = build(2, chars=CHARS, at={"sue": BEACH})
    assert StartRun("sue", "") in legal(s), "AZ-103: it stood there when the turn began"
    s = build(2, chars=CHARS, at={"sue": "coast-08"})
    assert not any(isinstance(a, StartRun) for a in legal(s)), "AZ-103: a Run location only"


def test_everybody_on_the_run_space_takes_part_and_the_starter_leads() -> None:
    s = run_from(["swim-01", "swim-02", "swim-03"], at={"sue": BEACH, "otto": BEACH,
                                                       "rex": BEACH, "cole": "coast-10"})
    r = s.run
    assert r is not None and r.leader == 0, "AZ-104"
    assert sorted(r.members) == sorted([P["sue"], P["otto"], P["rex"]]), \
        "AZ-105: every prisoner there, whoever owns it"
    assert r.method == SWIM and all(RUNC_METHOD[c] == SWIM for c in r.dealt + r.shown), \
        "AZ-1 AZ-106: a swim Run from the swim deck, no card needed"
    assert not any(isinstance(a, Move) for a in s.legal_actions(0)), "AZ-31"


def test_boat_and_air_runs_need_the_card_that_starts_them() -> None:
    s = build(2, chars=CHARS, at={"sue": "coast-03", "rex": "coast-27"},
              hands=[["push-through"], []])
    assert not any(isinstance(a, StartRun) for a in legal(s)), "AZ-107: no card, no Run"
    s = build(2, chars=CHARS, at={"sue": "coast-03", "rex": "coast-27"},
              hands=[["crowbar", "hot-wire", "flight-codes"], []])
    runs = {(a.prisoner, a.card) for a in legal(s) if isinstance(a, StartRun)}
    assert runs == {("sue", "crowbar"), ("sue", "hot-wire"), ("rex", "flight-codes")}, \
        "AZ-107: each start card of the right kind"
    act(s, StartRun("sue", "crowbar"))
    assert ESC_INDEX["crowbar"] not in s.hands[0], "AZ-107: the card is spent"
    assert s.ediscard[1] == [ESC_INDEX["crowbar"]]
    assert s.run is not None and s.run.method == BOAT


def test_the_deck_is_shuffled_and_the_tile_says_how_many_cards() -> None:
    s = build(2, chars=CHARS, at={"sue": BEACH}, run_tiles={BEACH: 4})
    shuffled: list[int] = []

    class Spy(Rng):
        __slots__ = ()

        def shuffle(self, seq) -> None:  # type: ignore[override]
            shuffled.append(len(seq))
            super().shuffle(seq)

    s.rng = Spy(3)
    size = len(s.run_pile[SWIM])
    act(s, StartRun("sue", ""))
    assert shuffled and shuffled[0] == size, "AZ-134: the deck is shuffled first"
    r = s.run
    assert r is not None and len(r.dealt) + len(r.shown) == 4, "AZ-108: the tile's number"
    assert len(r.shown) == 1, "AZ-109: one card turned up at a time"
    assert s.view(1)["run"]["cards_left"] == 3 and "dealt" not in s.view(1)["run"]


def test_a_short_deck_deals_what_it_holds_and_an_empty_one_allows_no_run() -> None:
    s = build(2, chars=CHARS, at={"sue": BEACH}, run_tiles={BEACH: 5})
    s.run_out.extend(s.run_pile[SWIM][2:])
    del s.run_pile[SWIM][2:]
    act(s, StartRun("sue", ""))
    assert s.run is not None and len(s.run.dealt) + len(s.run.shown) == 2, "AZ-GAP-19"
    s = build(2, chars=CHARS, at={"sue": BEACH})
    s.run_out.extend(s.run_pile[SWIM])
    s.run_pile[SWIM].clear()
    assert StartRun("sue", "") not in legal(s), "AZ-GAP-19: nothing to face, no Run"


def test_the_leader_assigns_each_challenge() -> None:
    s = run_from(["swim-07", "swim-01", "swim-02"], at={"sue": BEACH, "otto": BEACH})
    assert pending(s) == "AssignChoice" and seat_of(s) == 0, "AZ-110: the leader decides"
    options = set(legal(s))
    assert Assign("otto", "", "toughness") in options, "AZ-110: another player's prisoner"
    assert Assign("sue", "otto", "toughness") in options, "AZ-110: up to two prisoners"
    s2 = run_from(["swim-03", "swim-01"], at={"sue": BEACH})
    assert set(legal(s2)) == {Assign("sue", "", "toughness"), Assign("sue", "", "skills")}, \
        "AZ-110: the leader picks one of the card's abilities"
    s3 = run_from(["swim-11", "swim-01"], at={"sue": BEACH})
    assert set(legal(s3)) == {Assign("sue", "", "")}, "AZ-110: Toughness + Skills added"


def test_equal_is_enough_and_markers_do_not_count() -> None:
    s = run_from(["swim-09", "swim-16", "swim-02"], at={"sue": BEACH},
                 markers={"sue": "run"}, rolls=(2, 2, 6))
    ev = act(s, Assign("sue", "", "skills"))
    res = next(e for e in ev if e.kind == "challenge_result")
    assert res.data["total"] == 5 + 2 == 7 and res.data["passed"], \
        "AZ-111 AZ-112 AZ-45: 7 reaches 7; running's -2 does not apply"
    assert pending(s) == "AssignChoice" and len(s.run.shown) == 2, "AZ-115 AZ-109"


def test_two_prisoners_add_up_with_one_die() -> None:
    s = run_from(["swim-07", "swim-09"], tile=2, at={"sue": BEACH, "rex": BEACH},
                 rolls=(1, 6))
    ev = act(s, Assign("sue", "rex", "toughness"))
    ch = next(e for e in ev if e.kind == "challenge")
    assert ch.data["base"] == 5 + 3 and ch.data["die"] == 1, "AZ-110: one die on the sum"
    assert pending(s) == "Window" and REROLL in legal(s), \
        "AZ-114: Rex's Toughness R gives the pair one re-roll"
    ev = act(s, REROLL)
    assert next(e for e in ev if e.kind == "challenge_result").data["total"] == 8 + 6


def test_any_player_may_play_cards_during_a_run() -> None:
    s = run_from(["swim-01", "swim-02"], tile=2, at={"sue": BEACH},
                 hands=[[], ["push-through", "glitch"]], rolls=(2, 6))
    act(s, Assign("sue", "", "toughness"))
    assert pending(s) == "Window" and seat_of(s) == 1, "AZ-113: a seat not in the Run"
    assert set(legal(s)) == {Play("push-through", "sue"), Play("glitch", ""), PASS}
    act(s, Play("push-through", "sue"))
    act(s, PASS)
    assert s.run is not None and len(s.run.shown) == 2, "AZ-113: 3 + 2 + 2 = 7 passes"


def test_a_failure_punishes_and_the_run_goes_on() -> None:
    s = run_from(["swim-01", "swim-09", "swim-16"], at={"sue": BEACH, "rex": BEACH},
                 rolls=(1, 6, 6))
    ev = act(s, Assign("sue", "", "toughness"))
    assert not next(e for e in ev if e.kind == "challenge_result").data["passed"]
    assert s.pos[P["sue"]] == CELL, "AZ-116 AZ-118: the roller goes back"
    assert s.run is not None and P["sue"] not in s.run.members, "AZ-118: out of the Run"
    assert pending(s) == "DrawChoice" and seat_of(s) == 0, "AZ-118: its owner draws"
    act(s, DRAW[0])
    assert pending(s) == "AssignChoice" and len(s.run.shown) == 2, \
        "AZ-117: the next card is still turned up"
    act(s, Assign("rex", "", "skills"))
    act(s, Assign("rex", "", "skills"))
    assert s.pos[P["rex"]] == ESCAPED and s.pos[P["sue"]] == CELL, "AZ-122"


def test_the_leader_picks_who_suffers() -> None:
    s = run_from(["swim-07", "swim-09"], tile=2, at={"sue": BEACH, "otto": BEACH},
                 rolls=(1, 6))
    act(s, Assign("sue", "", "toughness"))
    assert pending(s) == "PickPunished" and seat_of(s) == 0, "AZ-116: the leader chooses"
    assert set(legal(s)) == {Choose("sue"), Choose("otto")}
    act(s, Choose("otto"))
    assert s.pos[P["otto"]] == CELL and pending(s) == "DrawChoice" and seat_of(s) == 1, \
        "AZ-118: Otto's owner draws"


def test_out_of_the_game_for_good() -> None:
    s = run_from(["swim-19", "swim-09"], tile=2, at={"sue": BEACH, "rex": BEACH},
                 rolls=(1, 6))
    assert RUNC_RED[RUNC_IDS.index("swim-19")], "a red-titled card"
    act(s, Assign("sue", "", "toughness"))
    assert s.pos[P["sue"]] == OUT, "AZ-119"
    act(s, Assign("rex", "", "skills"))
    assert s.pos[P["rex"]] == ESCAPED and s.points[0] == 1, "AZ-119: Sue scores nothing"
    act(s, END_TURN)
    pass_all(s)
    assert "sue" not in {a.prisoner for a in s.legal_actions(s.cur) if isinstance(a, Move)}
    assert s.view(None)["prisoners"][0]["status"] in ("out", "escaped", "island")


def test_red_titled_cards_come_in_and_stay() -> None:
    s = run_from(["swim-08", "swim-09"], tile=2, at={"sue": BEACH}, rolls=(1, 6))
    reds = [c for c in range(len(RUNC_IDS)) if RUNC_RED[c] and RUNC_METHOD[c] == SWIM]
    assert sorted(s.run_aside[SWIM]) == reds, "AZ-9: set aside at the start"
    act(s, Assign("sue", "", "smarts"))
    assert s.run_aside[SWIM] == [] and set(reds) <= set(s.run_pile[SWIM]), "AZ-120"
    act(s, Assign("sue", "", "skills"))
    assert s.run is None and set(reds) <= set(s.run_pile[SWIM]), "AZ-120: they stay"


def test_after_the_run_cards_and_tile_are_set_aside() -> None:
    s = run_from(["swim-05", "swim-09"], tile=2, at={"sue": BEACH, "rex": "coast-11"},
                 rolls=(6, 6))
    act(s, Assign("sue", "", "skills"), Assign("sue", "", "skills"))
    back, aside = RUNC_IDS.index("swim-05"), RUNC_IDS.index("swim-09")
    assert aside in s.run_out and back not in s.run_out, "AZ-121"
    assert back in s.run_pile[SWIM], "AZ-121: unless the card says otherwise"
    slot = RUN_SPACES.index(sp(BEACH))
    assert s.run_tile_state[slot] == SET_ASIDE, "AZ-121: the Run tile is set aside"
    s2 = build(2, chars=CHARS, at={"rex": BEACH})
    s2.run_tile_state[slot] = SET_ASIDE
    assert StartRun("rex", "") not in legal(s2), "AZ-GAP-21: no second Run there"
    check(s)


def test_an_aborted_run_leaves_everybody_in_place() -> None:
    s = run_from(["swim-13", "swim-09", "swim-16"], at={"sue": BEACH}, rolls=(1,))
    act(s, Assign("sue", "", "smarts"))
    assert s.run is None and s.pos[P["sue"]] == sp(BEACH), "the Run is called off"
    assert RUNC_IDS.index("swim-09") in s.run_pile[SWIM], \
        "cards never turned up go back into the deck"
    assert s.points == [0, 0] and s.token == -1
    check(s)


def test_other_punishments() -> None:
    s = run_from(["swim-04", "swim-09"], tile=2, at={"sue": BEACH}, rolls=(1, 6, 6))
    act(s, Assign("sue", "", "smarts"))
    assert s.run is not None and len(s.run.dealt) + len(s.run.shown) == 3, \
        "Fog Bank: one more card"
    s = run_from(["swim-06", "swim-09"], tile=2, at={"sue": BEACH}, rolls=(1, 6),
                 hands=[["rope-work", "crowbar"], []])
    pass_all(s)  # a Skills card's back: asked when the card is turned up
    act(s, Assign("sue", "", "toughness"))
    pass_all(s)  # a Toughness card's back: asked after the roll and the failure
    assert pending(s) == "DiscardChoice" and seat_of(s) == 0
    act(s, Discard("crowbar"))
    assert s.hands[0] == [ESC_INDEX["rope-work"]]
    s = run_from(["swim-15", "swim-09"], tile=2, at={"sue": BEACH}, rolls=(1, 6))
    act(s, Assign("sue", "", "skills"))
    assert sum(len(r) for r in s.sys_rows) + len(s.sys_grey) == 1, "Buoy Alarm: a tile"


def test_cards_that_skip_or_save() -> None:
    s = run_from(["swim-01", "swim-09"], tile=2, at={"sue": BEACH},
                 hands=[["improvise", "plan-b"], []], rolls=(1,))
    assert pending(s) == "Window", "a Run card just turned up: Improvise may answer"
    act(s, Play("improvise", ""))
    assert s.run is not None and len(s.run.shown) == 2, "the card counts as passed"
    act(s, Assign("sue", "", "skills"))
    assert pending(s) == "Window" and Play("plan-b", "") in legal(s)
    act(s, Play("plan-b", ""))
    assert s.pos[P["sue"]] == ESCAPED, "Plan B: no punishment; Sue is still in and escapes"


def test_escape_scores_and_the_first_run_takes_the_token() -> None:
    s = run_from(["swim-09", "swim-16"], tile=2, at={"sue": BEACH, "otto": BEACH},
                 rolls=(6, 6))
    act(s, Assign("sue", "", "skills"), Assign("sue", "", "skills"))
    assert s.pos[P["sue"]] == s.pos[P["otto"]] == ESCAPED, "AZ-122"
    assert s.points == [1, 1], "AZ-122 AZ-126: a point each to their owners"
    assert s.token == 0, "AZ-123: the leader takes the token"
    assert pending(s) == "Turn" and s.acted and END_TURN in legal(s)
    ev = act(s, END_TURN)
    assert any(e.kind == "sentinel_card" for e in ev), "AZ-33: a Sentinel card after a Run"
    s2 = build(2, chars=CHARS, at={"cole": "coast-11"}, run_tiles={"coast-11": 2}, cur=1,
               rolls=(6, 6))
    s2.token = 0
    set_run_deck(s2, SWIM, ["swim-09", "swim-16"])
    act(s2, StartRun("cole", ""), Assign("cole", "", "skills"), Assign("cole", "", "skills"))
    assert s2.pos[P["cole"]] == ESCAPED and s2.token == 0, "AZ-123: only the first Run"
