"""The end of the game and the winners (AZ-4, AZ-5, AZ-19, AZ-73, AZ-124 to AZ-132)."""

from __future__ import annotations

from getaway.games.alcatraz_2034.actions import END_TURN, Assign, StartRun
from getaway.games.alcatraz_2034.scoring import Reason, finish, winners
from getaway.games.alcatraz_2034.tables import ESCAPED, OUT, SWIM, TILE_IDS
from tests.games.alcatraz_2034.builder import P, act, build, pass_all, pending, set_run_deck

CHARS = {"sue": (0, "electrician"), "rex": (0, "boxer"), "cole": (1, "hacker"),
         "otto": (1, "sailor"), "ivy": (2, "doctor"), "vic": (2, "guard")}


def with_tile_next(colour: str, **kw):
    s = build(2, chars={k: v for k, v in CHARS.items() if v[0] < 2},
              sentinel_pile=["security-upgrade"], **kw)
    tile = TILE_IDS.index(colour)
    for st in s.sys_stacks:
        if tile in st:
            st.remove(tile)
            break
    s.sys_stacks[0].append(tile)
    s.acted = True
    return s


def test_a_full_coloured_row_ends_the_game_at_once() -> None:
    s = with_tile_next("blue", rows={"blue": 4, "red": 4})
    s.pos[P["sue"]] = ESCAPED
    s.points[0] = 1
    s.escaped = 1
    ev = act(s, END_TURN)
    assert s.is_over(), "AZ-73 AZ-125 AZ-4"
    out = s.outcome()
    assert out is not None and out.reason == Reason.LOCKDOWN
    assert out.winners == (0,) and out.scores == (1.0, 0.0), "AZ-128 AZ-5 AZ-126"
    assert ev[-1].kind == "game_over" and s.to_act() == ()


def test_the_prison_wins_before_any_escape() -> None:
    s = with_tile_next("red", rows={"red": 4})
    act(s, END_TURN)
    out = s.outcome()
    assert out is not None and out.reason == Reason.PRISON_WINS, "AZ-132"
    assert out.winners == (), "AZ-132: every player loses"


def test_four_tiles_in_a_row_do_not_end_it() -> None:
    s = with_tile_next("yellow", rows={"yellow": 3})
    act(s, END_TURN)
    assert not s.is_over() and len(s.sys_rows[2]) == 4, "AZ-125: only the final tile"


def test_the_last_prisoner_off_the_island_ends_the_game() -> None:
    s = build(2, chars={"sue": (0, "electrician"), "cole": (1, "hacker")},
              at={"sue": "coast-09"}, run_tiles={"coast-09": 2}, rolls=(6, 6))
    s.pos[P["cole"]] = OUT
    set_run_deck(s, SWIM, ["swim-09", "swim-16"])
    act(s, StartRun("sue", ""), Assign("sue", "", "skills"), Assign("sue", "", "skills"))
    assert s.is_over(), "AZ-124 AZ-4: nobody is left on the island"
    out = s.outcome()
    assert out is not None and out.reason == Reason.ISLAND_EMPTY
    assert out.scores == (2.0, 0.0), "AZ-126 AZ-19: the escape and the token"
    assert out.winners == (0,), "AZ-127: Cole, out of the game, scores nothing"


def test_an_island_emptied_without_an_escape_is_the_prisons_win() -> None:
    s = build(2, chars={"sue": (0, "electrician"), "cole": (1, "hacker")},
              at={"sue": "coast-09"}, run_tiles={"coast-09": 2}, rolls=(1, 1))
    s.pos[P["cole"]] = OUT
    set_run_deck(s, SWIM, ["swim-19", "swim-09"])
    act(s, StartRun("sue", ""))
    pass_all(s)
    act(s, Assign("sue", "", "toughness"))
    pass_all(s)
    assert s.pos[P["sue"]] == OUT and s.escaped == 0
    assert s.is_over(), "AZ-124: nobody is left on the island"
    out = s.outcome()
    assert out is not None and out.reason == Reason.PRISON_WINS, \
        "AZ-132 extended: the game ended before any escape"
    assert out.winners == () and out.scores == (0.0, 0.0), \
        "every player loses; AZ-131's shared win does not apply at 0 points each"


def test_an_emptied_island_after_an_escape_is_scored_as_usual() -> None:
    s = build(2, chars={"sue": (0, "electrician"), "cole": (1, "hacker")})
    s.pos[P["sue"]] = OUT
    s.pos[P["cole"]] = OUT
    s.escaped = 1  # someone escaped earlier (the token went with it)
    finish(s, Reason.ISLAND_EMPTY, [])
    out = s.outcome()
    assert out is not None and out.reason == Reason.ISLAND_EMPTY
    assert out.winners == (0, 1), "AZ-131: still tied at 0 with nobody on the island"


def three(**kw):
    return build(3, chars=CHARS, **kw)


def test_points_and_tie_breaks() -> None:
    s = three()
    s.points = [1, 2, 0]
    s.token = 0
    assert winners(s) == (0,), "AZ-129: 1 + token ties 2; the token holder wins"
    s.points = [1, 1, 0]
    s.token = -1
    s.pos[P["sue"]] = ESCAPED
    s.pos[P["cole"]] = ESCAPED
    s.pos[P["rex"]] = OUT
    assert winners(s) == (1,), "AZ-130: tied, no token: more prisoners on the island"
    s.pos[P["otto"]] = OUT
    assert winners(s) == (0, 1), "AZ-131: still tied: they win together"
    s.points = [0, 2, 1]
    s.token = -1
    assert winners(s) == (1,), "AZ-128: most points"
    s.points = [1, 0, 0]
    s.escaped = 1
    s.token = 1
    finish(s, Reason.LOCKDOWN, [])
    out = s.outcome()
    assert out is not None and out.scores == (1.0, 1.0, 0.0), "AZ-19 AZ-126: the token is a point"
    assert out.winners == (1,), "AZ-129: 1 point each; the token holder wins"


def test_a_seat_with_nobody_on_the_island_is_skipped() -> None:
    s = three(cur=0)
    for p in ("cole", "otto"):
        s.pos[P[p]] = ESCAPED
    s.points[1] = 2
    s.acted = True
    act(s, END_TURN)
    pass_all(s)
    while pending(s) != "Turn":
        act(s, s.legal_actions(s.to_act()[0])[0])
    assert s.cur == 2, "AZ-GAP-14: seat 1 has no prisoner left and is skipped"
