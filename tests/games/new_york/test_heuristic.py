"""The Escape from New York heuristic agent: legal, seat-aware, better than random, and the
behaviours its plan promises, in constructed states."""

from __future__ import annotations

import random

from getaway.agents.random import RandomAgent
from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.chance import derive_seed
from getaway.games.new_york import GAME
from getaway.games.new_york import actions as A
from getaway.games.new_york.effects_world import PlaceFrame
from getaway.games.new_york.heuristic import HeuristicAgent, my_drops
from getaway.games.new_york.moves import F_REVEAL, MoveFrame
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.tables import (
    CASE0,
    CASE_IDS,
    OBJECTIVE_INDEX,
    POI_SPACES,
    PRESIDENT,
    SPACE_INDEX,
    TAPE_CODE,
)
from getaway.games.new_york.victory import CollectiveVote
from tests.games.new_york.build import (
    BRAIN,
    MAGGIE,
    SNAKE,
    act,
    at,
    card,
    fresh,
    gullfire_escape_at_level_3,
    item,
    lay,
    poi,
    push,
    sp,
    start,
    top_frame,
    top_ny,
)


def _choose(agent: Agent, s: NewYorkState, seat: int | None = None) -> Action:
    who = s.to_act()[0] if seat is None else seat
    legal = s.legal_actions(who)
    choice = agent.choose(Observation(s, who, legal), random.Random(0))
    assert choice in legal
    return choice


def _play(players: int, seed: int, agents: list[Agent]) -> NewYorkState:
    """A whole game, every choice checked against the legal actions."""
    s = GAME.start(players, seed=seed)
    assert isinstance(s, NewYorkState)
    rngs = [random.Random(derive_seed(seed, "agent", k)) for k in range(players)]
    n = 0
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        choice = agents[seat].choose(Observation(s, seat, legal), rngs[seat])
        assert choice in legal, f"seed {seed}: {choice} is not legal"
        s.apply(seat, choice)
        n += 1
        assert n < 20_000, f"seed {seed} did not end"
    return s


# -- whole games -------------------------------------------------------------------------------


def test_only_legal_actions_at_every_player_count() -> None:
    for players in (1, 2, 3, 4):
        for seed in range(4):
            _play(players, 100 + seed, [HeuristicAgent() for _ in range(players)])
        _play(players, 200, [HeuristicAgent(traitor=False) for _ in range(players)])


def test_the_registry_builds_it_with_its_setting() -> None:
    from getaway.agents.registry import make_agent

    agent = make_agent("heuristic:traitor=false", GAME)
    assert isinstance(agent, HeuristicAgent) and not agent.traitor
    assert agent.describe() == "heuristic:traitor=false"
    assert make_agent("heuristic", GAME).describe() == "heuristic"


def test_beats_random() -> None:
    """Random play never escapes; the heuristic wins a good share of the same deals."""
    wins = {"heuristic": 0, "random": 0}
    for players in (2, 3, 4):
        for seed in range(10):
            for name, make in (("heuristic", HeuristicAgent), ("random", RandomAgent)):
                s = _play(players, 300 + seed, [make() for _ in range(players)])
                out = s.outcome()
                assert out is not None
                wins[name] += bool(out.winners)
    assert wins["random"] <= 1
    assert wins["heuristic"] >= 9, wins  # about 20 of 30 when measured


def test_decides_from_what_its_seat_knows() -> None:
    """The same choice on the true state and on any determinization for that seat."""
    agent = HeuristicAgent()
    rng = random.Random(5)
    checked = 0
    for players, seed in ((1, 7), (3, 8), (4, 9)):
        s = GAME.start(players, seed=seed)
        assert isinstance(s, NewYorkState)
        k = 0
        while not s.is_over():
            seat = s.to_act()[0]
            legal = s.legal_actions(seat)
            choice = agent.choose(Observation(s, seat, legal), random.Random(1))
            if k % 4 == 0 and len(legal) > 1:
                d = s.determinize(seat, rng)
                if list(d.legal_actions(seat)) == list(legal):
                    again = agent.choose(Observation(d, seat, legal), random.Random(1))
                    assert again == choice, f"{type(s.stack[-1]).__name__}: {choice} {again}"
                    checked += 1
            s.apply(seat, choice)
            k += 1
    assert checked > 100


# -- behaviours in constructed states -------------------------------------------------------------


def test_moves_onto_an_adjacent_face_down_poi() -> None:
    s = fresh(players=1)
    lay(s, "c10r2", "city-23")
    at(s, SNAKE, "c10r2")
    start(s, SNAKE, step=4, frame=MoveFrame(2, F_REVEAL))
    choice = _choose(HeuristicAgent(), s)
    assert isinstance(choice, A.MoveTo)
    y = SPACE_INDEX[choice.space]
    assert y in POI_SPACES and not s.up >> y & 1, f"{choice} is not a face-down POI"


def test_collects_the_president_at_the_dukes_camp() -> None:
    s = fresh()
    poi(s, "c11r3", "duke-camp")
    s.up |= 1 << sp("c11r3")
    at(s, SNAKE, "c11r3")
    start(s, SNAKE)
    assert _choose(HeuristicAgent(), s) is A.COLLECT_PRESIDENT


def test_reveals_for_the_collective_victory() -> None:
    s = fresh(players=3)
    lay(s, "c12r5", "city-23")
    for h in (SNAKE, MAGGIE, BRAIN):
        at(s, h, "c12r5")
    push(s, CollectiveVote((SNAKE, MAGGIE, BRAIN), (), 3))
    for traitor in (True, False):
        for h in (SNAKE, MAGGIE, BRAIN):
            assert _choose(HeuristicAgent(traitor), s, h) is A.SHOW


def test_crosses_when_the_president_the_tape_and_the_diagram_are_there() -> None:
    s = fresh(players=3)
    s.supply[SNAKE] = [PRESIDENT, TAPE_CODE]
    s.supply[BRAIN] = [item("diagram-3")]
    s.pres, s.pres_found = SNAKE, True
    lay(s, "c12r5", "city-23")
    for h in (SNAKE, MAGGIE, BRAIN):
        at(s, h, "c12r5")
    s.played = [card("snake-keep-low"), card("snake-quiet-kill")]
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-keep-low")])
    assert _choose(HeuristicAgent(), s) == A.CROSS[3]
    act(s, A.CROSS[3])
    for h in (SNAKE, MAGGIE, BRAIN):
        act(s, _choose(HeuristicAgent(), s, h), seat=h)
    out = s.outcome()
    assert out is not None and out.winners == (SNAKE, MAGGIE, BRAIN)


def _lone_ready(s: NewYorkState) -> None:
    lay(s, "c7r1", "city-25")
    at(s, MAGGIE, "c7r1")
    s.rafts |= 1 << sp("c7r1")
    s.objs[MAGGIE] = [OBJECTIVE_INDEX["blue-raft-1"], OBJECTIVE_INDEX["purple-fake-tape"]]
    s.supply[MAGGIE] = [CASE0 + CASE_IDS.index("fake-tape")]
    s.level[MAGGIE] = 3
    s.pres_found = True


def test_claims_the_lone_victory_when_every_condition_holds() -> None:
    s = fresh()
    _lone_ready(s)
    start(s, MAGGIE)
    assert _choose(HeuristicAgent(), s) is A.CLAIM_LONE
    assert _choose(HeuristicAgent(traitor=False), s) is not A.CLAIM_LONE
    s = fresh()
    _lone_ready(s)
    start(s, MAGGIE, step=13)
    assert _choose(HeuristicAgent(), s) is A.CLAIM_LONE, "the last chance at the end of a turn"
    assert _choose(HeuristicAgent(traitor=False), s) is A.DONE


def test_claims_the_lone_victory_the_moment_it_levels_up_to_3() -> None:
    """NY-83: the traitor escapes when the claim is offered after the step 8 level-up,
    before Sabotage at step 11 destroys the Gullfire (NY-158); the loyal one goes on."""
    for traitor in (True, False):
        s = fresh()
        gullfire_escape_at_level_3(s)
        s.noise = 2
        top_ny(s, "sabotage", "riot")
        start(s, SNAKE, step=8)
        seen = []
        while not s.is_over() and s.cur == SNAKE:
            seen.append(top_frame(s))
            act(s, _choose(HeuristicAgent(traitor), s))
        assert "ClaimNow" in seen
        if traitor:
            out = s.outcome()
            assert out is not None and out.winners == (SNAKE,) and s.gull >= 0, \
                f"NY-83 NY-87: claimed at once ({seen})"
        else:
            assert not s.is_over() and s.level[SNAKE] == 3 and s.gull == -1, \
                "traitor=false never claims; New York then destroys the Gullfire"


def test_places_new_yorks_prisoners_away_from_the_heroes() -> None:
    s = fresh()
    near, far = sp("c8r2"), sp("c2r2")  # a ring space next to the Heroes; the WTC
    start(s, SNAKE, step=10, frame=PlaceFrame(1, 1 << near | 1 << far, True))
    assert _choose(HeuristicAgent(), s) == A.PLACE[far]


def test_remembers_the_cases_it_put_down() -> None:
    s = fresh()
    codes = CASE0 + CASE_IDS.index("nuclear-codes")
    s.supply[SNAKE] = [codes]
    n = 0
    s.slot[n] = -1  # its card was collected earlier: the Case space is empty
    start(s, SNAKE)
    act(s, A.DISCARD_CASE[codes - CASE0][n])
    assert n in my_drops(s, SNAKE), "the log names who put a Case down where"
    assert n not in my_drops(s, MAGGIE)
