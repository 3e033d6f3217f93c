"""Views, hidden information, determinizing, the observation, the action space and
random games (NY-52, NY-123, NY-246)."""

from __future__ import annotations

import json
import random

import pytest

from getaway.games.new_york import GAME
from getaway.games.new_york import actions as A
from getaway.games.new_york.combat import random_discards
from getaway.games.new_york.effects_special import PeekPoiFrame
from getaway.games.new_york.observe import SIZE
from getaway.games.new_york.tables import CASE0, POI_IDS, POI_SPACES
from tests.games.new_york.build import BRAIN, MAGGIE, SNAKE, act, fresh, item, push, start


def test_views_hide_other_heroes_cards() -> None:
    s = fresh()
    s.supply[MAGGIE] = [item("painkillers"), CASE0]
    view = s.view(SNAKE)
    text = json.dumps(view)
    maggie = view["heroes"][MAGGIE]
    assert "hand_cards" not in maggie and "objectives" not in maggie, "NY-17 NY-52"
    assert maggie["supply"] == ["item", "case"], "NY-123: only their backs"
    assert view["heroes"][BRAIN]["supply"] == ["diagram-3"], "NY-13: face up"
    assert "you" in view and view["heroes"][SNAKE]["hand_cards"]
    for p in POI_SPACES:
        assert POI_IDS[s.poi[p]] not in text or s.up >> p & 1
    assert "you" not in s.view(None)


def test_peeked_pois_only_for_the_peeker() -> None:
    s = fresh()
    start(s, SNAKE, step=4, frame=PeekPoiFrame(1))
    target = s.legal_actions(SNAKE)[0]
    events = act(s, target)
    private = [e for e in events if e.seats is not None]
    assert private and private[0].seats == (SNAKE,)
    x = next(x for x in s.view(SNAKE)["spaces"] if x["id"] == target.space)
    assert "poi_seen" in x
    y = next(x for x in s.view(MAGGIE)["spaces"] if x["id"] == target.space)
    assert "poi_seen" not in y


def test_random_discards_are_private() -> None:
    s = fresh()
    events: list = []
    random_discards(s, SNAKE, 2, events, "test")
    assert [e.seats for e in events if e.kind == "discarded"] == [(SNAKE,)], "NY-52"
    assert all("snake-" not in e.text for e in events if e.seats is None), "NY-52"


def test_determinize_keeps_the_view_and_resamples_the_rest() -> None:
    s = fresh()
    rng = random.Random(1)
    before = json.dumps(s.view(SNAKE), sort_keys=True)
    changed = False
    for _ in range(5):
        d = s.determinize(SNAKE, rng)
        assert json.dumps(d.view(SNAKE), sort_keys=True) == before
        assert d.observation(SNAKE) == s.observation(SNAKE)
        assert d.hand[SNAKE] == s.hand[SNAKE] and d.objs[SNAKE] == s.objs[SNAKE]
        assert d.nyd[-1] == s.nyd[-1], "the top New York card's back shows"
        changed |= d.objs[MAGGIE] != s.objs[MAGGIE] or d.city != s.city
    assert changed


def test_steal_choice_is_by_place() -> None:
    s = fresh()
    s.supply[MAGGIE] = [item("painkillers"), item("axe")]
    from getaway.games.new_york.effects_special import StealFrame

    start(s, SNAKE, step=4, frame=StealFrame("item", 0))
    d = s.determinize(SNAKE, random.Random(3))
    assert d.legal_actions(SNAKE) == s.legal_actions(SNAKE), "NY-246: chosen unseen"
    push(s, StealFrame("item", 0))


def test_observation_size() -> None:
    s = fresh()
    for seat in range(4):
        obs = s.observation(seat)
        assert len(obs) == SIZE == GAME.observation_size
        assert all(0.0 <= x <= 1.0 for x in obs)


def test_action_space() -> None:
    assert len(GAME.actions) == 1378
    for a in (A.DONE, A.MOVE[3], A.HIT[44], A.DISCARD_CASE[1][2]):
        assert GAME.actions.from_json(json.loads(json.dumps(a.to_json()))) is a


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end(players: int) -> None:
    for seed in range(3):
        s = GAME.start(players, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not s.is_over():
            seat = s.to_act()[0]
            s.apply(seat, rng.choice(list(s.legal_actions(seat))))
            steps += 1
        assert steps <= GAME.max_decisions
        assert s.outcome() is not None


def test_an_item_paid_to_the_bar_stays_face_down() -> None:
    from getaway.games.new_york.tables import TEXTURE_BARS

    s = fresh()
    s.bars = (TEXTURE_BARS[1], *s.bars[1:])  # steel: its level 1 bar asks for an Item
    s.supply[SNAKE] = [item("painkillers")]
    start(s, SNAKE)
    events = act(s, A.PAY_LEVEL[item("painkillers")])
    public = [e for e in events if e.seats is None]
    assert public and all("Painkillers" not in e.text and "painkillers" not in json.dumps(e.data)
                          for e in public), "NY-140: discarded face down, unseen"
    assert [e.seats for e in events if e.kind == "discarded_item"] == [(SNAKE,)]
    assert "Painkillers" not in json.dumps(s.view(MAGGIE))


def test_determinize_keeps_every_games_pois_on_the_map() -> None:
    from getaway.games.new_york.tables import POI_ALWAYS

    s = fresh()
    rng = random.Random(7)
    for _ in range(40):
        d = s.determinize(SNAKE, rng)
        assert set(POI_ALWAYS) <= {d.poi[p] for p in POI_SPACES}, \
            "the Duke's Camp, Nothing Here, ... are in every game: never the tile left out"
        assert sorted(d.poi_left + [d.poi[p] for p in POI_SPACES]) == \
            sorted(s.poi_left + [s.poi[p] for p in POI_SPACES])


def test_determinize_redraws_the_specials_others_took() -> None:
    from getaway.games.new_york.tables import SPECIALS

    s = fresh()
    taken = SPECIALS[s.hero[MAGGIE]][0]
    s.hand[MAGGIE].append(taken)
    s.taken[MAGGIE] = 1
    rng = random.Random(3)
    held = set()
    for _ in range(30):
        d = s.determinize(SNAKE, rng)
        mine = [c for c in d.hand[MAGGIE] + d.disc[MAGGIE] if c in SPECIALS[d.hero[MAGGIE]]]
        assert len(mine) == 1, "NY-162: still one Special, which one is hidden"
        held.add(mine[0])
        assert json.dumps(d.view(SNAKE), sort_keys=True) == \
            json.dumps(s.view(SNAKE), sort_keys=True)
    assert len(held) > 1, "the Special Maggie chose alone is redrawn"
    d = s.determinize(MAGGIE, rng)
    assert taken in d.hand[MAGGIE], "her own choice is kept for her"
