"""The rulebook's worked examples, each played from a constructed state with fixed dice."""

from __future__ import annotations

from getaway.core.decisions import PASS
from getaway.games.alcatraz_2034.actions import (
    END_TURN,
    REROLL,
    Assign,
    MoveSentinel,
    StartRun,
)
from getaway.games.alcatraz_2034.tables import CELL, ESCAPED, SWIM
from tests.games.alcatraz_2034.builder import (
    P,
    act,
    build,
    legal,
    pending,
    set_run_deck,
    sp,
)

SIX = {"coast-06": "skills", "road-2-2": "skills", "road-4-2": "smarts",
       "road-6-2": "smarts", "coast-18": "toughness", "coast-30": "toughness"}


def sue_attacked(rolls: tuple[int, int]):
    """Seat 1 ends its turn, draws Patrol and moves the Skills sentinel onto Sue."""
    s = build(2, chars={"sue": (0, "electrician"), "cole": (1, "hacker")},
              at={"sue": "coast-07", "cole": "yard-3"}, markers={"sue": "run"},
              sentinels=SIX, rows={"yellow": 2}, sentinel_pile=["patrol"], cur=1,
              rolls=rolls)
    s.acted = True
    act(s, END_TURN)
    assert pending(s) == "SentinelMove"
    skills = s.sent_pos.index(sp("coast-06"))
    events = act(s, MoveSentinel(skills + 1, "coast-07"))
    return s, skills, events


def test_skills_sentinel_starts_at_5() -> None:
    """AZ-EX-1: a Skills sentinel with two Skills System tiles on the board starts at 5."""
    s, _skills, events = sue_attacked((6, 3))
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["ability"] == "skills", "AZ-EX-1 AZ-90: the symbol is Skills"
    assert attack.data["attacker"] == 5, "AZ-EX-1 AZ-91: 3 + 2 Skills tiles"
    assert s.sentinel_score(2) == 5, "AZ-EX-1"


def test_sue_starts_at_3_after_running() -> None:
    """AZ-EX-2: Sue's Skills 4 + 1 = 5, minus 2 because she ran: 3."""
    s, _, events = sue_attacked((6, 3))
    assert s.score[P["sue"]][2] == 5, "AZ-EX-2 AZ-22: 4 + 1"
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["prisoner_start"] == 3, "AZ-EX-2 AZ-44 AZ-92"


def test_nine_beats_eight() -> None:
    """AZ-EX-3: Sue rolls 6 (9), the sentinel rolls 3 (8): Sue wins, the sentinel goes home."""
    s, skills, events = sue_attacked((6, 3))
    result = next(e for e in events if e.kind == "attack_result")
    assert result.data["prisoner_total"] == 9, "AZ-EX-3"
    assert result.data["attacker_total"] == 8, "AZ-EX-3"
    assert result.data["prisoner_wins"], "AZ-EX-3 AZ-96"
    assert s.sent_pos[skills] == -1, "AZ-EX-3 AZ-98: back on the System board"
    assert not s.sent_known >> skills & 1, "AZ-EX-3 AZ-98: symbol-down again"
    assert s.pos[P["sue"]] == sp("coast-07"), "AZ-EX-3 AZ-98: Sue stays"
    assert s.cur == 0 and pending(s) == "Turn", "the next turn begins"


def test_cole_rerolls_during_a_run() -> None:
    """AZ-EX-4: Cole (Smarts 5 + R) needs 7: rolls 1 (6, a failure), re-rolls 5: 10."""
    s = build(2, chars={"cole": (0, "hacker"), "sue": (1, "electrician")},
              at={"cole": "coast-09", "sue": "yard-1"}, run_tiles={"coast-09": 2},
              rolls=(1, 5, 6))
    set_run_deck(s, SWIM, ["swim-04", "swim-17"])  # Smarts 7, then Smarts 6
    act(s, StartRun("cole", ""))
    assert pending(s) == "AssignChoice"
    act(s, Assign("cole", "", "smarts"))
    run = s.run
    assert run is not None
    assert run.base == 5, "AZ-EX-4 AZ-23: R adds nothing to the score"
    assert run.base + run.die == 6 < 7, "AZ-EX-4: the first roll fails"
    assert REROLL in legal(s), "AZ-EX-4 AZ-114: the R allows a re-roll"
    events = act(s, REROLL)
    reroll = next(e for e in events if e.kind == "reroll")
    assert (reroll.data["old"], reroll.data["new"]) == (1, 5), "AZ-EX-4 AZ-24"
    result = next(e for e in events if e.kind == "challenge_result")
    assert result.data["total"] == 10, "AZ-EX-4 AZ-24: the new roll counts"
    assert result.data["passed"], "AZ-EX-4: 10 clears 7"
    assert pending(s) == "AssignChoice", "AZ-EX-4 AZ-115: passed; the next card"
    act(s, Assign("cole", "", "smarts"))
    if pending(s) == "Window":
        act(s, PASS)
    assert s.pos[P["cole"]] == ESCAPED, "AZ-EX-4 AZ-122: Cole escapes"
    assert s.points[0] == 1 and s.token == 0
    assert s.pos[P["sue"]] != CELL
