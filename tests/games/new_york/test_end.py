"""The end of the game (NY-75..88) and the Appendix B modules that change it
(NY-238..261)."""

from __future__ import annotations

from getaway.games.new_york import actions as A
from getaway.games.new_york.combat import kill
from getaway.games.new_york.tables import (
    CASE0,
    CASE_IDS,
    DIAGRAM_OF,
    OBJECTIVE_INDEX,
    PRESIDENT,
    TAPE_CODE,
)
from getaway.games.new_york.turn import Phase
from getaway.games.new_york.victory import lone_ok
from tests.games.new_york.build import (
    BRAIN,
    CABBIE,
    MAGGIE,
    SNAKE,
    act,
    at,
    boss,
    card,
    fresh,
    gullfire_escape_at_level_3,
    item,
    lay,
    poi,
    roadblock,
    sp,
    start,
    texts,
    top_frame,
    top_ny,
    top_timer,
)


def _at_bridge_3(s, seats=(SNAKE, MAGGIE, BRAIN)) -> None:
    lay(s, "c12r5", "city-23")
    for h in seats:
        at(s, h, "c12r5")
    s.played = [card("snake-keep-low"), card("snake-quiet-kill")]
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-keep-low")])


def test_collective_fails_without_every_card_and_play_goes_on() -> None:
    s = fresh()
    s.supply[SNAKE] = [PRESIDENT, item("diagram-1")]
    s.supply[BRAIN] = [item("diagram-3")]
    s.pres, s.pres_found = SNAKE, True
    _at_bridge_3(s)
    act(s, A.CROSS[3])
    for h in (SNAKE, MAGGIE, BRAIN):
        act(s, A.SHOW, seat=h)
    assert not s.is_over(), "NY-76 NY-81: no Tape, no victory"
    assert s.hpos[SNAKE] == sp("c12r5"), "NY-81: the Heroes stay next to the bridge"


def test_a_wrong_diagram_does_not_count() -> None:
    s = fresh()
    s.supply[SNAKE] = [PRESIDENT, TAPE_CODE]
    s.supply[BRAIN] = [item("diagram-1")]
    s.pres, s.pres_found = SNAKE, True
    _at_bridge_3(s)
    act(s, A.CROSS[3])
    for h in (SNAKE, MAGGIE, BRAIN):
        act(s, A.SHOW, seat=h)
    assert not s.is_over(), "NY-80: Diagram 1 does not open Bridge 3"
    assert DIAGRAM_OF[3] == item("diagram-3")


def test_the_traitor_may_refuse() -> None:
    s = fresh()
    s.supply[SNAKE] = [PRESIDENT, TAPE_CODE]
    s.pres, s.pres_found = SNAKE, True
    _at_bridge_3(s)
    act(s, A.CROSS[3])
    act(s, A.SHOW, seat=SNAKE)
    act(s, A.SHOW, seat=MAGGIE)
    act(s, A.HIDE, seat=BRAIN)
    assert not s.is_over(), "NY-78: Brain keeps his Diagram hidden; no victory"


def test_a_roadblock_closes_the_bridge() -> None:
    s = fresh()
    roadblock(s, "c12r5", "S")
    _at_bridge_3(s)
    assert A.CROSS[3] not in s.legal_actions(SNAKE), "NY-82 NY-232"


def test_lone_victory_conditions() -> None:
    s = fresh()
    lay(s, "c7r1", "city-25")
    at(s, MAGGIE, "c7r1")
    s.rafts |= 1 << sp("c7r1")
    s.objs[MAGGIE] = [OBJECTIVE_INDEX["blue-raft-1"], OBJECTIVE_INDEX["purple-fake-tape"]]
    s.supply[MAGGIE] = [CASE0 + CASE_IDS.index("fake-tape")]
    s.level[MAGGIE] = 3
    assert not lone_ok(s, MAGGIE), "NY-84: no President, no red tile, no Hurry Up"
    top_timer(s, "red-blank")
    assert lone_ok(s, MAGGIE), "NY-84: a red tile on top is enough"
    s.level[MAGGIE] = 2
    assert not lone_ok(s, MAGGIE), "NY-85: Level 3 needed"
    s.level[MAGGIE] = 3
    s.supply[MAGGIE] = []
    assert not lone_ok(s, MAGGIE), "NY-86: both objectives"


def test_lone_victory_at_the_end_of_the_turn_and_the_game_ends_at_once() -> None:
    s = fresh()
    lay(s, "c7r1", "city-25")
    at(s, MAGGIE, "c7r1")
    s.rafts |= 1 << sp("c7r1")
    s.objs[MAGGIE] = [OBJECTIVE_INDEX["blue-raft-1"], OBJECTIVE_INDEX["purple-fake-tape"]]
    s.supply[MAGGIE] = [CASE0 + CASE_IDS.index("fake-tape")]
    s.level[MAGGIE] = 3
    s.pres_found = True
    s.lone_asked = True  # offered when the conditions came to hold, earlier in her turn
    start(s, MAGGIE, step=13)
    assert top_frame(s) == "LastChance", "NY-83: any moment of the turn"
    act(s, A.CLAIM_LONE)
    assert s.is_over() and s.outcome().winners == (MAGGIE,), "NY-75 NY-87"
    assert s.to_act() == () and not s.legal_actions(MAGGIE), "NY-75: at once"


def test_new_york_wins_tile() -> None:
    s = fresh()
    top_timer(s, "new-york-wins")
    start(s, SNAKE)
    act(s, A.REVEAL_TIMER)
    out = s.outcome()
    assert out is not None and out.winners == () and out.reason == "new_york_wins", "NY-88"


def test_hard_variants_together() -> None:
    s = fresh(hard_timers=True, hard_prisoners=True)
    assert len(s.tout) == 3 and s.limit == 30, "NY-238 NY-239 NY-240: both at once"


def test_wanted_cards() -> None:
    s = fresh(wanted=True)
    duke = boss(s, "duke", "c8r3", hp=1)
    poi(s, "c11r3", "nothing-here")
    s.up |= 1 << sp("c11r3")
    s.cur = SNAKE
    kill(s, duke, [])
    assert s.wanted[SNAKE] == 1 and s.wanted_left == 2, "NY-255"
    s.settle([])
    kill(s, duke, [])
    assert s.wanted[SNAKE] == 2, "NY-257: every time the Duke dies"
    s.settle([])
    s.wanted_left = 0
    kill(s, duke, [])
    assert s.wanted[SNAKE] == 2, "NY-255: if one is left"
    s.objs[SNAKE][1] = OBJECTIVE_INDEX["wanted-1"]
    from getaway.games.new_york.victory import objective_ok

    assert objective_ok(s, SNAKE, s.objs[SNAKE][1]), "NY-256"


def test_dead_or_alive() -> None:
    s = fresh(dead_or_alive=True)
    assert sorted(s.pdeck) == [0, 1, 1], "NY-258"
    poi(s, "c11r3", "duke-camp")
    at(s, CABBIE, "c11r3")
    s.up |= 1 << sp("c11r3")
    s.pdeck = [0, 1]  # Alive on top
    start(s, CABBIE)
    act(s, A.COLLECT_PRESIDENT)
    assert PRESIDENT in s.supply[CABBIE], "NY-259: Alive gives the President"
    s = fresh(dead_or_alive=True)
    poi(s, "c11r3", "duke-camp")
    at(s, CABBIE, "c11r3")
    s.up |= 1 << sp("c11r3")
    s.pdeck = [1, 0]  # Dead on top
    start(s, CABBIE)
    act(s, A.COLLECT_PRESIDENT)
    assert s.pres_dead and PRESIDENT not in s.supply[CABBIE], "NY-260"
    assert s.pres_found and s.landed, "NY-260: the rescue goes on as if he were rescued"
    s.level[CABBIE] = 3
    s.objs[CABBIE] = [OBJECTIVE_INDEX["blue-gullfire-1"], OBJECTIVE_INDEX["purple-spiked-club"]]
    s.supply[CABBIE] = [item("spiked-club")]
    at(s, CABBIE, "c2r2")
    assert lone_ok(s, CABBIE), "NY-260: the President condition of a Lone Victory is met"


def test_remove_alive_cards() -> None:
    s = fresh(dead_or_alive=True)
    s.supply[SNAKE] = [item("president-finger")]
    start(s, SNAKE)
    act(s, A.USE_ITEM[item("president-finger")])
    bracelet = CASE0 + CASE_IDS.index("bracelet-variant")
    s.supply[SNAKE] = [bracelet]
    s._cache = None
    act(s, A.USE_CASE[bracelet - CASE0])
    assert s.pdeck == [0], "NY-261: both Alive cards gone, the rescue draws Dead"


def _maggie_can_escape(s) -> None:
    lay(s, "c7r1", "city-25")
    at(s, MAGGIE, "c7r1")
    s.rafts |= 1 << sp("c7r1")
    s.objs[MAGGIE] = [OBJECTIVE_INDEX["blue-raft-1"], OBJECTIVE_INDEX["purple-fake-tape"]]
    s.supply[MAGGIE] = [CASE0 + CASE_IDS.index("fake-tape")]
    s.level[MAGGIE] = 3
    s.pres_found = True


def test_lone_victory_offered_at_every_moment_of_the_own_turn() -> None:
    s = fresh()
    _maggie_can_escape(s)
    start(s, SNAKE)
    assert s.to_act() == (SNAKE,) and A.CLAIM_LONE not in s.legal_actions(SNAKE), \
        "NY-83: only in the claimant's own turn"
    s = fresh()
    _maggie_can_escape(s)
    s.hand[MAGGIE] = [card("maggie-take-cover"), card("maggie-ill-cut-you")]  # no move
    start(s, MAGGIE)
    seen = []
    while not s.is_over() and s.cur == MAGGIE:
        frame = top_frame(s)
        legal = s.legal_actions(s.to_act()[0])
        if s.to_act() == (MAGGIE,) and A.CLAIM_LONE in legal:
            seen.append(frame)
        if frame == "LastChance":
            break
        act(s, next((a for a in legal if a is A.DONE), next(
            a for a in legal if a is not A.CLAIM_LONE and not isinstance(a, A.UseAbility))))
    assert {"TimerStep", "ChooseCards", "ResolveStep", "LevelStep", "LastChance"} <= set(seen), \
        f"NY-83: at step 1, while choosing, between the cards, step 8 and the end ({seen})"
    act(s, A.CLAIM_LONE)
    assert s.outcome().winners == (MAGGIE,), "NY-83 NY-87"


def test_lone_victory_before_new_york_reveals_a_red_tile() -> None:
    s = fresh()
    _maggie_can_escape(s)
    s.pres_found = False
    s.hurry = True
    s.timer = s.timer[:3]  # only the red tiles are left (Hurry Up came and went)
    s.noise = 9
    top_ny(s, "time-runs-out", "riot")  # step 11 pays 4 to reveal a Timer tile
    s.lone_asked = True  # offered when the conditions came to hold, earlier in her turn
    start(s, MAGGIE, step=10)
    assert top_frame(s) == "ClaimFirst" and s.to_act() == (MAGGIE,), \
        "NY-83: at any moment of the turn, before the red tile is revealed"
    act(s, A.CLAIM_LONE)
    out = s.outcome()
    assert out is not None and out.winners == (MAGGIE,) and len(s.timer) == 3, \
        "NY-83 NY-87: she escapes before the tile comes up"


def _levels_up_to_3(s) -> None:
    """Snake's step 8: his Level 2 bar is complete; he lets it come off."""
    start(s, SNAKE, step=8)
    assert top_frame(s) == "LevelStep" and A.CLAIM_LONE not in s.legal_actions(SNAKE)
    act(s, A.DONE)
    assert s.level[SNAKE] == 3, "NY-57 NY-166"


def test_lone_victory_offered_the_moment_a_hero_reaches_level_3_at_step_8() -> None:
    """NY-83 NY-85 NY-86 NY-87: the claim comes right after the level-up, before the
    Level 3 objective swap, step 9 and the New York Phase; only the claimant wins."""
    s = fresh()
    gullfire_escape_at_level_3(s)
    _levels_up_to_3(s)
    assert top_frame(s) == "ClaimNow" and s.to_act() == (SNAKE,), \
        "NY-83: offered as soon as the conditions hold"
    assert list(s.legal_actions(SNAKE)) == [A.CLAIM_LONE, A.DONE]
    assert any(type(f).__name__ == "SwapFrame" for f in s.stack), "NY-164: the swap waits"
    act(s, A.CLAIM_LONE)
    out = s.outcome()
    assert out is not None and out.reason == "lone_victory", "NY-75: at once"
    assert out.winners == (SNAKE,) and out.scores == (1.0, 0.0, 0.0, 0.0), \
        "NY-87: only the claimant wins"


def test_a_lone_victory_let_pass_at_step_8_is_lost_when_new_york_destroys_the_gullfire() -> None:
    """NY-83 NY-158: Snake does not claim at step 8; at step 11 Sabotage destroys the
    Gullfire his blue objective needs, and no claim is offered again."""
    s = fresh()
    gullfire_escape_at_level_3(s)
    s.noise = 2
    top_ny(s, "sabotage", "riot")  # step 10 discards Riot (+1 Noise), step 11 pays 3
    _levels_up_to_3(s)
    assert top_frame(s) == "ClaimNow"
    act(s, A.DONE)
    assert top_frame(s) == "SwapFrame", "NY-164: the Level 3 swap"
    act(s, A.SWAP[0])
    assert not lone_ok(s, SNAKE), "NY-165: the blue objective is back in its deck"
    act(s, A.TAKE_OBJECTIVE[OBJECTIVE_INDEX["blue-gullfire-1"]])
    assert top_frame(s) == "ClaimNow", "NY-83: the conditions hold anew: offered again"
    events = act(s, A.DONE)
    assert s.gull == -1 and "New York destroys the Gullfire" in texts(events), "NY-158"
    assert not s.is_over() and s.cur == MAGGIE and top_frame(s) == "TimerStep", \
        "NY-83: no claim at the end of his turn: the Gullfire is gone"
    assert not lone_ok(s, SNAKE), "NY-86 NY-158"


def test_lone_victory_offered_when_new_york_reveals_hurry_up() -> None:
    """NY-83 NY-192: Time Runs Out reveals the last black Timer tile, Hurry Up comes up
    and opens the Lone Victory; Maggie is asked at once, before step 12 pulls."""
    s = fresh()
    _maggie_can_escape(s)
    s.pres_found = False
    s.timer = s.timer[:4]  # the 3 red tiles, Hurry Up on them
    top_timer(s, "quiet-night")
    s.noise = 3
    top_ny(s, "time-runs-out", "riot")  # step 10: +1 Noise; step 11 pays 4
    start(s, MAGGIE, step=10)
    assert s.hurry and s.landed, "NY-191 NY-192"
    assert top_frame(s) == "ClaimNow" and s.to_act() == (MAGGIE,), "NY-83"
    assert Phase(12) in s.stack, "NY-83: before the rest of the New York Phase"
    act(s, A.CLAIM_LONE)
    assert s.outcome().winners == (MAGGIE,), "NY-87"
