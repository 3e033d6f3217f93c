"""Appendix A cards and the Appendix B modules (NY-241..254)."""

from __future__ import annotations

from getaway.core.chance import Rng
from getaway.games.new_york import actions as A
from getaway.games.new_york.moves import MoveFrame
from getaway.games.new_york.tables import (
    ACTIONS,
    EVENTS,
    EXTRAS,
    ITEMS,
    NY,
    POI_SPACES,
    TILE_INDEX,
    TIMERS,
)
from tests.games.new_york.build import (
    BRAIN,
    CABBIE,
    SNAKE,
    act,
    at,
    card,
    fresh,
    lay,
    poi,
    roadblock,
    sp,
    start,
    top_frame,
)


def test_poi_to_poi_ignores_everything_between() -> None:
    s = fresh()
    poi(s, "c5r2", "nothing-here")
    poi(s, "c11r3", "chock-full-o-nuts")
    s.up |= 1 << sp("c5r2")
    at(s, CABBIE, "c5r2")
    s.car[CABBIE] = -1
    roadblock(s, "c5r2", "SE")
    s.played = [card("cabbie-i-know-a-shortcut"), card("cabbie-tire-iron")]
    start(s, CABBIE, step=3)
    act(s, A.REVEAL[card("cabbie-i-know-a-shortcut")])
    targets = {sp(a.space) for a in s.legal_actions(CABBIE) if isinstance(a, A.MoveTo)}
    assert targets == set(POI_SPACES) - {sp("c5r2")}, "NY-241: any other POI"
    act(s, A.MOVE[sp("c11r3")])
    assert s.hpos[CABBIE] == sp("c11r3") and s.up >> sp("c11r3") & 1, "NY-241"
    assert s.cubes[sp("c11r3")] == 2


def test_cards_that_take_back_discards_never_take_themselves() -> None:
    s = fresh()
    s.disc[BRAIN] = [card("brain-wild-shot")]
    s.hand[BRAIN] = [c for c in s.hand[BRAIN] if c != card("brain-wild-shot")]
    s.played = [card("brain-let-me-think"), card("brain-pipe-wrench")]
    for c in s.played:
        s.hand[BRAIN].remove(c)
    start(s, BRAIN, step=3)
    act(s, A.REVEAL[card("brain-let-me-think")])
    assert top_frame(s) == "ResolveStep", "NY-242: only 1 discard, Let Me Think (2) is skipped"
    s = fresh()
    s.disc[BRAIN] = [card("brain-wild-shot"), card("brain-slip-away")]
    s.played = [card("brain-let-me-think"), card("brain-pipe-wrench")]
    start(s, BRAIN, step=3)
    act(s, A.REVEAL[card("brain-let-me-think")])
    offered = {a.card for a in s.legal_actions(BRAIN)}
    assert "brain-let-me-think" not in offered, "NY-242: not in the discards yet"


def test_extra_specials_join_the_choice() -> None:
    s = fresh(extra_specials=True)
    assert set(EXTRAS[0]) <= set(s.specials_aside(SNAKE)), "NY-247"
    assert not set(EXTRAS[0]) & set(fresh().specials_aside(SNAKE)), "NY-247: a module"


def test_module_decks() -> None:
    s = fresh(crossbows=True, explosions=True, extra_timers=True)
    assert sum(1 for k in s.items if ITEMS[k].id == "crossbow") == 2, "NY-248"
    crossbow = next(i for i in ITEMS if i.id == "crossbow")
    assert crossbow.noise == 0 and crossbow.effects[0]["range"] == 1, "NY-248: silent, at range"
    assert sum(1 for c in s.events if EVENTS[c].id == "explosion") == 2, "NY-249"
    black = [t for t in s.timer + s.tout if TIMERS[t].colour.value == "black"]
    assert len(black) == 29, "NY-250: 26 + 3 black tiles, shuffled together"
    s = fresh(hard_deck=True)
    assert len(s.nyd) == 10 and all(NY[c].set.value == "hard" for c in s.nyd), "NY-253"
    s = fresh(traps=True)
    traps = {TILE_INDEX["trap-1"], TILE_INDEX["trap-2"]}
    assert sum(1 for t in s.city if t in traps) == 2, "NY-251: in the City deck"


def test_trap_tiles() -> None:
    hits = 0
    tries = 30
    for seed in range(tries):
        s = fresh(traps=True)
        lay(s, "c7r1", "trap-1")  # Mined Crossing: 2 damage to every Hero there
        at(s, SNAKE, "c8r2")
        s.rng = Rng(seed)
        start(s, SNAKE, step=4, frame=MoveFrame(1, 0))
        act(s, A.MOVE[sp("c7r1")])
        triggered = len(s.hand[SNAKE]) == 5
        assert len(s.hand[SNAKE]) in (5, 7), "NY-252: nothing, or the trap"
        hits += triggered
    assert 0 < hits < tries, "NY-252: one Trap card in three is Triggered"


def test_wanted_objectives_dealt_with_the_module() -> None:
    s = fresh(wanted=True)
    assert s.wanted_left == 3, "NY-254: 3 Wanted cards beside the board"
    from getaway.games.new_york.tables import OBJECTIVES

    pool = s.objd[1] + s.objx[1] + [s.objs[h][1] for h in range(4)]
    assert sum(1 for o in pool if OBJECTIVES[o].id.startswith("wanted")) == 2, "NY-254"
    assert ACTIONS[card("brain-let-me-think")].name == "Let Me Think"


def test_a_crossbow_hits_next_door_without_noise() -> None:
    from tests.games.new_york.build import item, prisoner

    s = fresh(crossbows=True)
    p = prisoner(s, "c8r2")
    s.supply[SNAKE] = [item("crossbow")]
    s.noise = 0
    start(s, SNAKE)
    act(s, A.REVEAL_WEAPON[item("crossbow")])
    act(s, A.USE_WEAPON)
    act(s, A.HIT[p])
    assert s.ppos[p] == -1 and s.noise == 0, "NY-248: at a distance, without a sound"
