"""The Sentinel card at the end of every turn: System tiles, sentinels, drone swarms
(AZ-33, AZ-69 to AZ-87)."""

from __future__ import annotations

from getaway.core.decisions import PASS
from getaway.games.alcatraz_2034.actions import (
    END_TURN,
    Choose,
    Move,
    MoveSentinel,
    PlaceSentinel,
)
from getaway.games.alcatraz_2034.routes import sentinel_reach
from getaway.games.alcatraz_2034.sentinels import sentinel_ends
from getaway.games.alcatraz_2034.tables import (
    CELL,
    N_SPACES,
    RED_SPACES,
    SAFE,
    SC_IDS,
    TILE_IDS,
    TUNNEL,
)
from tests.games.alcatraz_2034.builder import (
    P,
    act,
    build,
    legal,
    pending,
    seat_of,
    sp,
)

CHARS = {"sue": (0, "electrician"), "ivy": (0, "doctor"), "cole": (1, "hacker"),
         "rex": (1, "boxer")}
SIX = {"coast-06": "skills", "road-2-2": "skills", "road-4-2": "smarts",
       "road-6-2": "smarts", "coast-18": "toughness", "coast-30": "toughness"}
TILE = {t: i for i, t in enumerate(TILE_IDS)}


def ending(card: str, **kw):
    """Seat 0 has moved; it ends its turn and draws ``card``."""
    kw.setdefault("chars", CHARS)
    s = build(2, sentinel_pile=[card], **kw)
    s.acted = True
    events = act(s, END_TURN)
    return s, events


def test_every_turn_ends_with_a_sentinel_card_that_is_then_discarded() -> None:
    s = build(2, chars=CHARS, sentinel_pile=["security-upgrade"])
    assert END_TURN not in legal(s), "the prisoner acts first"
    act(s, Move("sue", "sneak", "cell-block"))
    pile, discard = len(s.spile), len(s.sdiscard)
    events = act(s, END_TURN)
    drawn = [e for e in events if e.kind == "sentinel_card"]
    assert drawn and drawn[0].data["card"] == "security-upgrade", "AZ-33"
    assert len(s.spile) == pile - 1 and len(s.sdiscard) == discard + 1, "AZ-69"
    assert s.sdiscard[-1] == SC_IDS.index("security-upgrade"), "AZ-69"
    assert s.cur == 1, "then the next player's turn"


def test_an_empty_sentinel_pile_reshuffles_its_discards() -> None:
    s = build(2, chars=CHARS)
    s.sdiscard, s.spile = s.spile[:], []
    s.acted = True
    events = act(s, END_TURN)
    assert any(e.kind == "reshuffle" for e in events), "AZ-GAP-19"
    assert len(s.spile) + len(s.sdiscard) + (s.scard >= 0) == 16


def test_a_system_tile_goes_on_the_first_free_space_of_its_row() -> None:
    s = build(2, chars=CHARS, sentinel_pile=["security-upgrade", "security-upgrade"])
    s.sys_stacks = [[], [TILE["blue"], TILE["yellow"]],
                    [TILE["grey-skills"], *s.sys_stacks[0], *s.sys_stacks[1],
                     *s.sys_stacks[2]]]
    s.sys_stacks[2].remove(TILE["grey-skills"])
    s.sys_stacks[2].remove(TILE["blue"])
    s.sys_stacks[2].remove(TILE["yellow"])
    s.sys_stacks[2].insert(0, TILE["grey-skills"])
    before = s.sentinel_score(2)
    s.acted = True
    act(s, END_TURN)
    assert [len(r) for r in s.sys_rows] == [0, 0, 1], \
        "AZ-70 AZ-71: a System tile card places the yellow tile of the first stack"
    assert s.sentinel_score(2) == before + 1, "AZ-74: Skills sentinels get +1"
    assert s.sentinel_score(0) == 3 and s.sentinel_score(1) == 3, "AZ-74: only that ability"
    assert len(s.sys_stacks[1]) == 1, "AZ-71: from the first non-empty stack"


def test_grey_tiles_go_to_the_corner_and_never_end_the_game() -> None:
    s = build(2, chars=CHARS, grey=["smarts", "toughness"], sentinel_pile=["security-upgrade"])
    s.sys_stacks = [[t for st in s.sys_stacks for t in st if t != TILE["grey-skills"]]
                    + [TILE["grey-skills"]], [], []]
    s.acted = True
    act(s, END_TURN)
    assert len(s.sys_grey) == 3 and not any(s.sys_rows), "AZ-72: a corner space"
    assert not s.is_over(), "AZ-72: three grey tiles end nothing"
    assert s.sentinel_score(2) == 4, "AZ-74: a grey Skills tile raises Skills too"


def test_a_sentinel_is_added_on_a_free_red_start_space() -> None:
    s, _ = ending("patrol", at={"sue": "road-2-2"}, sentinels={"road-4-2": "smarts"})
    assert pending(s) == "PlaceChoice" and seat_of(s) == 0, "AZ-75: the drawer places it"
    spots = {a.to for a in legal(s) if isinstance(a, PlaceSentinel)}
    assert spots == {"road-6-2", "coast-06", "coast-18", "coast-30"}, \
        "AZ-75: a red start space holding no piece at all"
    act(s, PlaceSentinel("coast-06"))
    placed = [i for i, x in enumerate(s.sent_pos) if x == sp("coast-06")]
    assert placed and s.attack is None, "AZ-75: a new sentinel does not attack"
    assert s.view(0)["sentinels"][placed[0]]["symbol"] is None, "AZ-15: its symbol is hidden"
    assert s.cur == 1


def test_with_every_sentinel_out_one_is_moved_instead() -> None:
    s, _ = ending("patrol", sentinels=SIX, at={"sue": "yard-1", "ivy": "yard-4",
                                               "cole": "yard-5", "rex": "yard-6"})
    assert pending(s) == "SentinelMove", "AZ-70 AZ-76: a sentinel card moves a sentinel"
    acts = [a for a in legal(s) if isinstance(a, MoveSentinel)]
    assert {a.sentinel for a in acts} == {1, 2, 3, 4, 5, 6}, "AZ-76: any of them"
    assert PASS not in legal(s), "AZ-GAP-5: a Sentinel card's move is not optional"
    for a in acts:
        i = a.sentinel - 1
        dist = _dist(s.sent_pos[i])
        assert 1 <= dist[sp(a.to)] <= 6, "AZ-GAP-5: 1 to 6 steps (Patrol)"


def _dist(start: int) -> dict[int, int]:
    from getaway.games.alcatraz_2034.tables import ADJ

    dist = {start: 0}
    todo = [start]
    while todo:
        i = todo.pop(0)
        for j, _ in ADJ[i]:
            if j not in dist:
                dist[j] = dist[i] + 1
                todo.append(j)
    return dist


def test_sentinel_moves_follow_the_sentinel_rules() -> None:
    s = build(2, chars=CHARS, at={"sue": "road-1-2", "ivy": "road-1-4"},
              sentinels={"lane-1-1": "skills", "yard-1": "smarts"})
    ends = set(sentinel_ends(s, 0, 3))
    assert sp("coast-05") in ends, "AZ-77: down the yellow stairs and on, no stop"
    assert sp("coast-03") in ends or sp("coast-04") in ends, "AZ-77: Run spaces too"
    assert sp("road-1-4") not in ends, "AZ-79: never ends on a safe space"
    assert sp("road-1-5") not in ends, "AZ-78: cannot pass Ivy on the safe space"
    yard = set(sentinel_ends(s, 1, 4))
    assert sp("road-1-2") in yard, "AZ-81: it may stop on Sue (and attack)"
    assert sp("road-1-3") not in yard, "AZ-78: it cannot pass Sue"
    assert sp("building-01") in yard, "AZ-77: it may enter a building"
    assert CELL not in yard, "no sentinel enters the cell block"
    every = set(sentinel_reach(sp("yard-2"), 12, 0, 0))
    assert CELL not in every and TUNNEL not in every, "AZ-80"
    assert not any(SAFE[i] for i in every), "AZ-79"
    taken = s.sentinel_mask()
    assert sp("yard-1") not in ends and not taken & (1 << sp("lane-1-1")) & sum(
        1 << i for i in ends), "AZ-GAP-5: never on another sentinel"


def test_a_sentinel_that_stops_on_a_prisoner_attacks_it() -> None:
    s, _ = ending("patrol", sentinels=SIX, at={"sue": "coast-07", "cole": "yard-5"},
                  rolls=(6, 1))
    events = act(s, MoveSentinel(1, "coast-07"))
    attack = [e for e in events if e.kind == "attack"]
    assert attack and attack[0].data["prisoner"] == P["sue"], "AZ-81 AZ-88"


def test_the_mover_picks_the_victim_among_several() -> None:
    s, _ = ending("patrol", sentinels=SIX, at={"sue": "building-07", "ivy": "building-07",
                                               "cole": "yard-5"}, rolls=(6, 1))
    act(s, MoveSentinel(1, "building-07"))
    assert pending(s) == "PickTarget" and seat_of(s) == 0, "AZ-89: the player moving it"
    assert set(legal(s)) == {Choose("sue"), Choose("ivy")}, "AZ-89"
    events = act(s, Choose("ivy"))
    assert next(e for e in events if e.kind == "attack").data["prisoner"] == P["ivy"], \
        "AZ-89 AZ-88: a building is attacked too"


def test_a_drone_swarm_picks_a_prisoner_in_the_open() -> None:
    s, _ = ending("drone-smarts", at={"sue": "yard-1", "ivy": "building-01",
                                      "cole": "road-1-4", "rex": "coast-03"},
                  sentinels={"road-2-2": "skills"}, rolls=(1, 6))
    assert pending(s) == "PickTarget" and seat_of(s) == 0, \
        "AZ-70 AZ-83: a drone swarm card; the drawer aims it"
    assert set(legal(s)) == {Choose("sue"), Choose("rex")}, \
        "AZ-82 AZ-83: route and Run spaces, own prisoners too; not buildings or safe spaces"
    before = s.sent_pos[:]
    events = act(s, Choose("rex"))
    attack = next(e for e in events if e.kind == "attack")
    assert attack.data["ability"] == "smarts" and attack.data["attacker"] == 5, "AZ-85"
    assert s.sent_pos == before, "AZ-85: no sentinel moves"
    assert not s.sent_known, "AZ-85: no sentinel is revealed"
    # Rex (Smarts 1, Boxer 1) rolled 1: 3 against 5 + 6
    assert s.pos[P["rex"]] == CELL, "AZ-86: back to the main cell block"
    assert pending(s) == "DrawChoice" and seat_of(s) == 1, "AZ-86: its owner draws a card"
    assert SC_IDS[s.sdiscard[-1]] == "drone-smarts", "AZ-69"


def test_a_beaten_drone_swarm_is_discarded_and_the_prisoner_stays() -> None:
    s, _ = ending("drone-smarts", at={"sue": "yard-1", "cole": "yard-5"}, rolls=(6, 1))
    act(s, Choose("cole"))
    assert pending(s) == "Window" and seat_of(s) == 1, "Cole's Smarts R may re-roll"
    act(s, PASS)
    assert s.pos[P["cole"]] == sp("yard-5"), "AZ-87: the prisoner stays"
    assert SC_IDS[s.sdiscard[-1]] == "drone-smarts", "AZ-87"
    assert s.cur == 1 and pending(s) == "Turn"


def test_a_drone_swarm_with_nobody_in_the_open_does_nothing() -> None:
    s, events = ending("drone-toughness", at={"sue": "building-01", "ivy": "road-1-4",
                                              "cole": "cell-block", "rex": "coast-10"})
    assert any(e.kind == "no_target" for e in events), "AZ-84"
    assert s.attack is None and s.cur == 1, "AZ-84"
    assert SC_IDS[s.sdiscard[-1]] == "drone-toughness", "AZ-84: discarded"


def test_no_red_space_free_moves_a_sentinel_instead() -> None:
    at = {"sue": "road-2-2", "ivy": "road-4-2", "cole": "coast-06", "rex": "coast-18"}
    s, _ = ending("manhunt", at=at, sentinels={"road-6-2": "smarts", "coast-30": "skills"})
    assert pending(s) == "SentinelMove", "AZ-76 AZ-GAP-5: nowhere to add one"
    assert all(1 <= _dist(s.sent_pos[a.sentinel - 1])[sp(a.to)] <= 8
               for a in legal(s) if isinstance(a, MoveSentinel)), "Manhunt: up to 8"
    assert len(RED_SPACES) == 6 and N_SPACES > 6
