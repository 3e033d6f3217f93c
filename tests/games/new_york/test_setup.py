"""Setup (NY-1..24), the options and the registration."""

from __future__ import annotations

import pytest

from getaway.core.errors import ConfigError
from getaway.games import registry
from getaway.games.new_york import GAME
from getaway.games.new_york.model import OBJECTIVES_DEALT, TimerColour
from getaway.games.new_york.state import CAR_BOX, HOME, TAXI
from getaway.games.new_york.tables import (
    BARS,
    BASIC,
    BOSSES,
    CASES,
    FIXED_SPACES,
    HELIPORT,
    HERO_IDS,
    ITEMS,
    LIBRARY,
    NY,
    POI_SPACES,
    RING,
    SPECIALS,
    SUBURB_SPACES,
    TILES,
    TIMERS,
    WTC,
)
from tests.games.new_york.build import BRAIN, CABBIE, MAGGIE, SNAKE, fresh, item


def test_registered_with_options() -> None:
    assert "new-york" in registry(), "the game is registered"
    keys = {o.key for o in GAME.spec.options}
    assert {"heroes", "traps", "hard_deck", "hard_timers", "hard_prisoners"} <= keys
    assert not GAME.cooperative, "a Lone Victory wins for one seat only (NY-87)"


def test_heroes_option() -> None:
    s = fresh(2, heroes="cabbie-brain")
    assert [HERO_IDS[h] for h in s.hero] == ["cabbie", "brain"], "NY-9: each seat a Hero"
    assert s.car[0] == TAXI, "NY-11"
    for bad in ("snake-snake", "snake-joker", "snake"):
        with pytest.raises(ConfigError, match="heroes"):
            GAME.spec.configure(2, {"heroes": bad})


def test_cases_dealt_face_down_tokens_home() -> None:
    s = fresh()
    assert sorted(s.slot) == list(range(4)), "NY-1: one Case card in each Case space"
    assert s.token == [HOME] * 4, "NY-1: the tokens start in their Case spaces"
    assert CASES[s.slot[0]].id in {c.id for c in CASES}


def test_decks() -> None:
    s = fresh()
    assert all(TILES[t].deck.value == "city" for t in s.city), "NY-2: City tiles apart"
    assert all(TILES[t].deck.value == "park" for t in s.park), "NY-2: Central Park apart"
    assert len(s.items) == 31 and not s.idisc, "NY-3: the Item deck, discards empty"
    assert len(s.events) == 18 and not s.edisc, "NY-3: the Event deck"
    assert s.cst == [CAR_BOX] * 4, "NY-4: 4 Cars in the supply"
    assert s.supply_left() == 40, "NY-4 NY-195: 40 Prisoners"
    assert len(s.nyaside) == 3 and not any(c in s.nyd for c in s.nyaside), \
        "NY-5: the New York Specials start beside the board"
    assert all(NY[c].set.value == "standard" for c in s.nyd) and not s.nydisc, "NY-8"
    assert not any(c in s.hand[h] for h in range(4) for c in SPECIALS[s.hero[h]]), "NY-5"
    orders = {tuple(fresh(seed=k).nyd) for k in range(4)}
    assert len(orders) > 1, "NY-8: shuffled"
    games = [fresh(seed=k) for k in range(4)]
    assert len({tuple(g.items) for g in games}) > 1, "NY-3: the Item deck is shuffled"
    assert len({tuple(g.events) for g in games}) > 1, "NY-3: the Event deck is shuffled"


def test_new_york_board() -> None:
    s = fresh()
    assert s.noise == 0 and s.mission == 0, "NY-6"
    assert s.bpos == [-1] * len(BOSSES), "NY-7: Bosses off the map"
    assert s.bhp == [b.hp for b in BOSSES], "NY-7: full Hit Points"


def test_heroes_start() -> None:
    s = fresh()
    for h in range(4):
        assert sorted(s.hand[h]) == sorted(BASIC[s.hero[h]]), "NY-10: the whole basic set"
        assert s.hpos[h] == LIBRARY, "NY-15"
    assert s.car[CABBIE] == TAXI, "NY-11"
    for h in (SNAKE, MAGGIE):
        assert s.weapon[h] >= 0 and s.ammo[h] == ITEMS[s.weapon[h]].ammo, "NY-12"
    assert s.supply[BRAIN] == [item("diagram-3")], "NY-13: in one of his 3 supply places"
    textures = {BARS[s.bars[h][0]].texture for h in range(4)}
    for h in range(4):
        bars = [BARS[b] for b in s.bars[h]]
        assert len({b.texture for b in bars}) == 1, "NY-14: 3 bars of one texture"
        assert [b.level for b in bars] == [1, 2, 3] and s.level[h] == 0, "NY-14: level 1 up"
    assert len(textures) == 4


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_objectives_by_player_count(players: int) -> None:
    s = fresh(players)
    for colour in range(2):
        dealt = OBJECTIVES_DEALT[players]
        assert len(s.objd[colour]) == dealt - players, "NY-16 NY-18"
        assert all(s.objs[h][colour] >= 0 for h in range(players)), "NY-17: 1 of each colour"
    assert len({s.objs[h][0] for h in range(players)}) == players, "NY-17"


def test_first_player_is_random() -> None:
    assert len({fresh(seed=k).cur for k in range(12)}) > 1, "NY-19"


def test_map_at_start() -> None:
    s = fresh()
    assert {x for x in range(64) if s.up >> x & 1} == set(FIXED_SPACES), "NY-20"
    assert set(RING) | {LIBRARY, WTC} == set(FIXED_SPACES), "NY-20: Library, ring, WTC"
    assert all(s.poi[p] >= 0 and not s.up >> p & 1 for p in POI_SPACES), "NY-20"
    assert s.gull == WTC, "NY-21"
    assert s.heli == HELIPORT and not s.landed, "NY-22"
    assert all(s.suburb[x] >= 0 for x in SUBURB_SPACES) and s.sub_up == 0, "NY-23"
    assert not s.ppos.count(LIBRARY), "no Enemy at the start"


def test_timer_deck_order() -> None:
    s = fresh()
    colours = [TIMERS[t].colour for t in s.timer]  # bottom first
    assert colours[:3] == [TimerColour.RED] * 3, "NY-24: the red tiles at the bottom"
    assert colours[3] is TimerColour.HURRY_UP, "NY-24: Hurry Up above them"
    assert set(colours[4:]) == {TimerColour.BLACK}, "NY-24: black tiles on top"
    assert len(colours[4:]) == 24 and len(s.tout) == 2, "two black tiles set aside"


def test_colours_and_bases() -> None:
    """NY-9: a seat is its colour; of its 2 bases one marks the Hero figure (``hpos``) and
    the other a Car the Hero drives (``car[seat]``). Red bases are Cars driven by New
    York's Prisoners, white ones abandoned Cars (NY-4)."""
    from getaway.games.new_york import actions as A
    from tests.games.new_york.build import act, car, start

    s = fresh()
    assert [v["seat"] for v in s.view(None)["heroes"]] == [0, 1, 2, 3], "NY-9: one per seat"
    white = car(s, "c8r3", driven=False)
    red = car(s, "c9r2")
    view = s.view(None)
    assert view["abandoned_cars"] == ["c8r3"], "NY-4: a white base, abandoned"
    assert any(e["id"] == "car2" and e["space"] == "c9r2" for e in view["enemies"]), \
        "NY-4: a red base, driven by a Prisoner"
    start(s, SNAKE)
    act(s, A.TAKE_CAR)
    view = s.view(None)
    assert view["heroes"][SNAKE]["car"] == "car" and s.car[SNAKE] == white - 40, \
        "NY-9 NY-153: the Car takes the seat's colour: it is that Hero's"
    assert view["heroes"][MAGGIE]["car"] is None and not view["abandoned_cars"]
    assert red - 40 != s.car[SNAKE]
