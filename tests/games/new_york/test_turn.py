"""The Hero Phase, steps 1-9 (NY-25..62), and the card rules that go with it."""

from __future__ import annotations

from getaway.games.new_york import actions as A
from getaway.games.new_york.tables import BASIC, LIBRARY, NY_INDEX
from getaway.games.new_york.turn import Phase
from tests.games.new_york.build import (
    BRAIN,
    CABBIE,
    MAGGIE,
    SNAKE,
    act,
    at,
    car,
    card,
    fresh,
    hand,
    item,
    lay,
    prisoner,
    sp,
    start,
    top_event,
    top_frame,
    top_ny,
    top_timer,
)


def test_turn_order_hero_then_new_york_then_next_seat() -> None:
    s = fresh()
    start(s, SNAKE)
    assert top_frame(s) == "TimerStep" and s.to_act() == (SNAKE,), "NY-25: step 1 first"
    events = act(s, A.DONE)
    assert top_frame(s) == "ChooseCards"
    act(s, A.PLAY[card("snake-scout-ahead")])
    act(s, A.PLAY[card("snake-quiet-kill")])
    act(s, A.REVEAL[card("snake-quiet-kill")])
    events = act(s, A.REVEAL[card("snake-scout-ahead")])
    while s.cur == SNAKE and not s.is_over():
        events += act(s, s.legal_actions(s.to_act()[0])[-1])
    kinds_seen = [e.kind for e in events]
    order = [kinds_seen.index(k) for k in ("make_noise", "ny_discard", "turn")]
    assert order == sorted(order), "NY-25: Hero Phase, then New York Phase, then the next turn"
    assert s.cur == MAGGIE and s.turn == 2, "G-23: the next seat plays"


def test_step1_forced_only_with_one_card_or_fewer() -> None:
    s = fresh()
    hand(s, SNAKE, ["snake-keep-low"])
    start(s, SNAKE)
    assert A.DONE not in s.legal_actions(SNAKE), "NY-27: 1 card forces the Timer tile"
    s = fresh()
    hand(s, SNAKE, ["snake-keep-low", "snake-quiet-kill"])
    start(s, SNAKE)
    assert {A.DONE, A.REVEAL_TIMER} <= set(s.legal_actions(SNAKE)), "NY-28: optional"
    act(s, A.REVEAL_TIMER)
    assert top_frame(s) != "TimerStep", "NY-28: at most one tile in step 1"


def test_step1_cards_return_before_the_tile() -> None:
    s = fresh()
    hand(s, SNAKE, [], discards=[])
    s.disc[SNAKE] = list(BASIC[0])
    top_timer(s, "radio-chatter")
    top_event(s, "lost-in-the-dark")
    start(s, SNAKE)
    act(s, A.REVEAL_TIMER)
    assert len(s.hand[SNAKE]) == 6 and len(s.disc[SNAKE]) == 1, \
        "NY-29 NY-30: all 7 came back, then the tile's Event discarded one of them"
    assert s.edisc, "NY-31: the tile is resolved"


def test_timer_tiles_from_new_york_return_nothing() -> None:
    s = fresh()
    hand(s, SNAKE, ["snake-keep-low"], discards=["snake-quiet-kill"])
    s.noise = 9
    top_ny(s, "time-runs-out", "riot")
    timers = len(s.timer)
    start(s, SNAKE, step=10)
    assert len(s.timer) < timers, "NY-189: a New York card reveals a Timer tile"
    assert s.hand[SNAKE] == [card("snake-keep-low")], "NY-32: no card comes back"


def test_step2_only_hand_cards_and_exactly_two() -> None:
    s = fresh()
    start(s, SNAKE, step=2)
    plays = [a for a in s.legal_actions(SNAKE) if isinstance(a, A.PlayCard)]
    assert {card(a.card) for a in plays} == set(s.hand[SNAKE]), "NY-33"
    act(s, plays[0])
    act(s, plays[1])
    assert len(s.played) == 2 and top_frame(s) == "ResolveStep", "NY-33 NY-34"


def test_steps_3_4_either_card_first() -> None:
    s = fresh()
    s.played = [card("snake-scout-ahead"), card("snake-quiet-kill")]
    start(s, SNAKE, step=3)
    reveals = {a for a in s.legal_actions(SNAKE) if isinstance(a, A.RevealCard)}
    assert reveals == {A.REVEAL[card("snake-scout-ahead")], A.REVEAL[card("snake-quiet-kill")]}, \
        "NY-35: the player picks which card first"
    act(s, A.REVEAL[card("snake-quiet-kill")])
    assert top_frame(s) == "ResolveStep" and s.played == [card("snake-scout-ahead")], "NY-35"
    assert not any(isinstance(a, A.PlayCard) for a in s.legal_actions(SNAKE)), \
        "NY-34: the second card cannot be swapped"


def test_a_card_that_cannot_be_done_entirely_is_skipped_but_noisy() -> None:
    s = fresh()
    prisoner(s, "c8r3")
    s.played = [card("cabbie-back-alleys"), card("cabbie-tire-iron")]
    start(s, CABBIE, step=3)
    events = act(s, A.REVEAL[card("cabbie-back-alleys")])
    assert any(e.kind == "card_skipped" for e in events), "NY-37 NY-89: no move with an Enemy"
    assert s.hpos[CABBIE] == LIBRARY and s.made == 1, "NY-37 NY-46: its Noise still counts"


def test_no_part_of_a_card_is_skipped_alone() -> None:
    s = fresh()
    p = prisoner(s, "c8r3")
    s.disc[SNAKE] = []
    s.played = [card("snake-ill-cover-you"), card("snake-keep-low")]
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-ill-cover-you")])
    assert top_frame(s) == "ResolveStep" and s.ppos[p] >= 0, \
        "NY-36: no discard to take back, so not even the shot happens"


def test_reveal_with_nowhere_to_reveal_still_resolves() -> None:
    s = fresh()
    at(s, SNAKE, "c8r2")
    for x in ("c7r1", "c8r1"):
        lay(s, x, "city-25" if x == "c7r1" else "city-30")
    s.played = [card("snake-scout-ahead"), card("snake-quiet-kill")]
    start(s, SNAKE, step=3)
    events = act(s, A.REVEAL[card("snake-scout-ahead")])
    assert not any(e.kind == "card_skipped" for e in events), "NY-38 NY-103"


def test_taking_a_car_cuts_a_move_short() -> None:
    s = fresh()
    car(s, "c8r2", driven=False)
    s.car[CABBIE] = -1
    s.played = [card("cabbie-floor-it"), card("cabbie-tire-iron")]
    start(s, CABBIE, step=3)
    act(s, A.REVEAL[card("cabbie-floor-it")])
    act(s, A.MOVE[sp("c8r2")])
    assert A.TAKE_CAR in s.legal_actions(CABBIE), "NY-151: mid-move, no Enemy there"
    act(s, A.TAKE_CAR)
    assert s.car[CABBIE] >= 0 and top_frame(s) != "MoveFrame", "NY-40 NY-152: the move ends"


def test_moves_reach_revealed_spaces_and_face_down_pois() -> None:
    s = fresh()
    at(s, SNAKE, "c7r2")
    lay(s, "c6r2", "city-12")  # all roads
    s.played = [card("snake-keep-low"), card("snake-quiet-kill")]
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-keep-low")])
    moves = {a.space for a in s.legal_actions(SNAKE) if isinstance(a, A.MoveTo)}
    assert "c6r2" in moves, "NY-41 NY-91: a revealed tile"
    assert "c6r1" not in moves and "c6r3" not in moves, "NY-91: never an empty space"
    assert "c8r3" in moves, "NY-90: along a road to the Library"
    at(s, SNAKE, "c6r2")
    s._cache = None
    moves = {a.space for a in s.legal_actions(SNAKE) if isinstance(a, A.MoveTo)}
    assert "c5r2" in moves, "NY-41: a face-down POI can be entered"


def test_ranges() -> None:
    s = fresh()
    here = prisoner(s, "c8r3")
    near = prisoner(s, "c8r2")
    from getaway.games.new_york.combat import in_range

    assert in_range(s, LIBRARY, 0) == [here], "NY-42: range 0 is the Hero's space"
    assert set(in_range(s, LIBRARY, 1)) == {here, near}, "NY-42: range 1 adds neighbours"


def test_step5_optional_car_move_and_passenger() -> None:
    s = fresh()
    s.car[CABBIE] = 4
    start(s, CABBIE, step=5)
    assert {A.CAR_MOVE, A.DONE} <= set(s.legal_actions(CABBIE)), "NY-43: optional"
    s.car[BRAIN] = 0  # Brain drives a Car of his own: no ride for him
    act(s, A.CAR_MOVE)
    assert top_frame(s) == "CarryOffer", "NY-45"
    assert set(s.legal_actions(CABBIE)) == {A.CARRY[SNAKE], A.CARRY[MAGGIE], A.DONE}, \
        "NY-45: exactly 1 Hero from the same space, one without a Car"
    act(s, A.CARRY[MAGGIE])
    assert s.to_act() == (MAGGIE,), "NY-45: only a willing Hero rides"
    act(s, A.ACCEPT, seat=MAGGIE)
    act(s, A.MOVE[sp("c8r2")])
    act(s, A.MOVE[sp("c7r1")] if A.MOVE[sp("c7r1")] in s.legal_actions(CABBIE) else A.DONE)
    assert s.hpos[MAGGIE] == s.hpos[CABBIE] != LIBRARY, "NY-45: carried along"


def test_step6_noise_after_the_car_and_cards_discarded() -> None:
    s = fresh()
    s.noise = 0
    s.car[CABBIE] = 4
    s.played = [card("cabbie-floor-it"), card("cabbie-tire-iron")]
    start(s, CABBIE, step=3)
    act(s, A.REVEAL[card("cabbie-tire-iron")])
    act(s, A.REVEAL[card("cabbie-floor-it")])
    act(s, A.DONE)  # no passenger
    act(s, A.MOVE[sp("c8r2")])
    act(s, A.DONE)
    act(s, A.DONE)  # no reveal
    assert top_frame(s) == "CarStep" and s.noise == 0, "NY-47: not yet"
    act(s, A.DONE)
    assert s.noise == 5, "NY-46 NY-47: 2 + 3 Noise in step 6"
    assert {card("cabbie-floor-it"), card("cabbie-tire-iron")} <= set(s.disc[CABBIE]), "NY-48"


def test_step7_damage_rules() -> None:
    s = fresh()
    hand(s, SNAKE, ["snake-keep-low"])
    for _ in range(3):
        prisoner(s, "c8r3")
    start(s, SNAKE, step=7)
    assert s.hand[SNAKE] == [] and len(s.disc[SNAKE]) == 1, "NY-53 NY-184: the rest ignored"
    s = fresh()
    p = prisoner(s, "c8r3")
    s.tricked |= 1 << p
    start(s, SNAKE, step=7)
    assert len(s.hand[SNAKE]) == 7, "NY-54: a tricked Enemy deals nothing"
    s = fresh()
    prisoner(s, "c8r3")
    start(s, SNAKE, step=7)
    assert len(s.hand[MAGGIE]) == 7 and len(s.hand[SNAKE]) == 6, \
        "NY-55: only the current Hero is attacked"


def test_step8_after_damage_must_level_once_and_bars_keep_pieces() -> None:
    s = fresh()
    bar = s.bars[SNAKE][0]
    from getaway.games.new_york.tables import BAR_ITEMS, BAR_PRISONERS

    s.barp[SNAKE] = BAR_PRISONERS[bar]
    s.bari[SNAKE] = BAR_ITEMS[bar]
    s.level[SNAKE] = 0
    nxt = s.bars[SNAKE][1]
    s.weapon[SNAKE] = -1
    start(s, SNAKE, step=7)
    assert s.level[SNAKE] == 1, "NY-56 NY-57: at step 8, no way to delay"
    assert top_frame(s) == "SpecialFrame", "NY-162"
    act(s, s.legal_actions(SNAKE)[0])
    assert s.level[SNAKE] == 1, "NY-59: once per turn"
    assert BAR_PRISONERS[nxt] > 0 or BAR_ITEMS[nxt] > 0


def test_step9_building_only_at_the_end() -> None:
    s = fresh()
    at(s, BRAIN, "c8r3")
    s.disc[BRAIN] = [card("brain-wild-shot")]
    s.hand[BRAIN].remove(card("brain-wild-shot"))
    start(s, BRAIN, step=9)
    assert top_frame(s) == "BuildingChoice", "NY-61 NY-168: the Library at step 9"
    assert {a.choice for a in s.legal_actions(BRAIN)} == {"library-item", "library-card"}
    act(s, A.OPTION["library-card"])
    assert card("brain-wild-shot") in s.hand[BRAIN], "NY-168: a random discard comes back"
    s = fresh()
    lay(s, "c7r1", "city-25")  # Mulberry Street: a Surgery
    at(s, SNAKE, "c8r2")
    s.disc[SNAKE] = [card("snake-keep-low")]
    s.played = [card("snake-through-the-barricade"), card("snake-quiet-kill")]
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-through-the-barricade")])
    assert s.hpos[SNAKE] == sp("c8r2")
    act(s, A.MOVE[sp("c7r1")])
    act(s, A.DONE)
    assert top_frame(s) == "ResolveStep", "NY-62: walking onto a Building does nothing yet"


def test_buildings_surgery_gun_shop_shelter() -> None:
    s = fresh()
    lay(s, "c7r1", "city-25")
    at(s, SNAKE, "c7r1")
    s.disc[SNAKE] = [card("snake-keep-low"), card("snake-quiet-kill"), card("snake-bare-knuckles")]
    start(s, SNAKE, step=9)
    assert top_frame(s) == "RecoverFrame" and A.DONE in s.legal_actions(SNAKE), \
        "NY-175: up to 2, chosen"
    act(s, A.RECOVER[card("snake-keep-low")])
    act(s, A.RECOVER[card("snake-bare-knuckles")])
    assert s.disc[SNAKE] == [card("snake-quiet-kill")], "NY-175"
    s = fresh()
    lay(s, "c7r1", "city-30")  # Essex Street: a Gun Shop
    at(s, SNAKE, "c7r1")
    s.ammo[SNAKE] = 0
    start(s, SNAKE, step=9)
    assert {a.choice for a in s.legal_actions(SNAKE)} == {"gunshop-items", "gunshop-reload"}
    act(s, A.OPTION["gunshop-reload"])
    assert s.ammo[SNAKE] == 2, "NY-176: up to 2 Ammo"
    s = fresh()
    lay(s, "c7r1", "city-30")
    at(s, SNAKE, "c7r1")
    start(s, SNAKE, step=9)
    act(s, A.OPTION["gunshop-items"])
    assert top_frame(s) == "KeepFrame", "NY-176: draw 2, keep 1"
    act(s, s.legal_actions(SNAKE)[0])
    assert len(s.supply[SNAKE]) == 1 and len(s.idisc) == 1, "NY-176"
    s = fresh()
    lay(s, "c7r1", "city-32")  # Avenue C: a Shelter (and a Prisoner)
    at(s, SNAKE, "c7r1")
    start(s, SNAKE, step=7)
    assert len(s.hand[SNAKE]) == 7, "NY-177: no damage in a Shelter"


def test_personal_ability() -> None:
    s = fresh()
    p = prisoner(s, "c8r3")
    prisoner(s, "c8r3")
    s.noise = 0
    s.played = [card("snake-shadow-walk"), card("snake-scout-ahead")]
    start(s, SNAKE, step=3)
    abilities = [a for a in s.legal_actions(SNAKE) if isinstance(a, A.UseAbility)]
    assert abilities, "NY-179"
    act(s, A.ABILITY[card("snake-scout-ahead")][0])
    assert top_frame(s) == "DamageFrame" and s.stack[-1].left == 2, "NY-179: 2 damage here"
    act(s, A.HIT[p])
    act(s, s.legal_actions(SNAKE)[0])
    assert not any(isinstance(a, A.UseAbility) for a in s.legal_actions(SNAKE)), "NY-182"
    assert card("snake-scout-ahead") not in s.shown, "NY-181: discarded unrevealed"
    act(s, A.REVEAL[card("snake-shadow-walk")])
    while top_frame(s) != "LevelStep" and s.cur == SNAKE:
        act(s, s.legal_actions(SNAKE)[-1])
    assert s.noise == 2, "NY-180 NY-181: the ability's 2, the unrevealed card's none"
    assert card("snake-scout-ahead") in s.disc[SNAKE], "NY-48 NY-181"


def test_own_discards_visible() -> None:
    s = fresh()
    s.disc[SNAKE] = [card("snake-keep-low")]
    assert s.view(SNAKE)["heroes"][SNAKE]["discard_cards"] == ["snake-keep-low"], "NY-183"
    assert "discard_cards" not in s.view(MAGGIE)["heroes"][SNAKE], "NY-52"


def test_phase_frame_runs_steps_in_order() -> None:
    s = fresh()
    s.stack = [Phase(10)]
    top_ny(s, "riot", "riot")
    s.cur = BRAIN
    s.settle([])
    assert s.cur == CABBIE, "NY-25 NY-26"
    assert NY_INDEX["riot"] in s.nydisc




def test_step1_forced_by_the_hand_at_the_start_of_the_turn() -> None:
    s = fresh()
    hand(s, SNAKE, ["snake-keep-low"], discards=["snake-quiet-kill", "snake-bare-knuckles"])
    s.supply[SNAKE] = [item("first-aid-kit")]
    start(s, SNAKE)
    act(s, A.USE_ITEM[item("first-aid-kit")])
    act(s, A.RECOVER[card("snake-quiet-kill")])
    act(s, A.RECOVER[card("snake-bare-knuckles")])
    assert len(s.hand[SNAKE]) == 3 and top_frame(s) == "TimerStep"
    assert A.DONE not in s.legal_actions(SNAKE), "NY-27: 1 card at the start still forces it"


def _until(s, seat: int, turn: int) -> None:
    """Play on, declining what can be declined, until ``seat`` begins turn ``turn``."""
    while not (s.turn == turn and s.cur == seat and top_frame(s) == "TimerStep"):
        legal = s.legal_actions(s.to_act()[0])
        act(s, A.DONE if A.DONE in legal else legal[0])


def test_bar_pieces_stay_between_turns() -> None:
    from getaway.games.new_york.tables import BAR_PRISONERS, TEXTURE_BARS

    s = fresh(1)
    s.bars = (TEXTURE_BARS[0],)  # brick: level 1 asks for 2 Prisoners
    assert BAR_PRISONERS[s.bars[SNAKE][0]] == 2
    top_timer(s, "quiet-night")
    prisoner(s, "c8r3")
    s.played = [card("snake-quiet-kill"), card("snake-bare-knuckles")]
    for c in s.played:
        s.hand[SNAKE].remove(c)
    start(s, SNAKE, step=3)
    act(s, A.REVEAL[card("snake-quiet-kill")])
    act(s, s.legal_actions(SNAKE)[0])  # the Prisoner dies, onto the bar (NY-110)
    assert s.barp[SNAKE] == 1
    _until(s, SNAKE, 2)
    assert s.barp[SNAKE] == 1 and s.level[SNAKE] == 0, \
        "NY-60: the Prisoner stays on the bar through the end of the turn and New York's"
    act(s, A.REVEAL_TIMER)
    if not s.has_enemy(LIBRARY):
        prisoner(s, "c8r3")
    act(s, A.PLAY[card("snake-quiet-kill")])
    act(s, A.PLAY[card("snake-bare-knuckles")])
    act(s, A.REVEAL[card("snake-quiet-kill")])
    act(s, next(a for a in s.legal_actions(SNAKE) if isinstance(a, A.Hit)
                and a.enemy.startswith("p")))
    assert s.barp[SNAKE] == 2, "NY-60: the second turn's kill joins the first"
    while s.level[SNAKE] == 0:
        legal = s.legal_actions(s.to_act()[0])
        act(s, A.DONE if A.DONE in legal else legal[0])
    assert s.level[SNAKE] == 1 and s.barp[SNAKE] == 0 and s.turn == 2, \
        "NY-57 NY-58: completed over two turns, the bar comes off in step 8"


def test_level_up_is_forced_and_once_per_turn() -> None:
    from getaway.games.new_york.tables import BAR_ITEMS, BAR_PRISONERS, TEXTURE_BARS

    s = fresh(1)
    s.bars = (TEXTURE_BARS[0],)
    s.barp[SNAKE] = BAR_PRISONERS[s.bars[SNAKE][0]]
    s.supply[SNAKE] = [item("painkillers")]
    start(s, SNAKE, step=8)
    assert top_frame(s) == "LevelStep"
    from getaway.games.new_york.free import FREE

    own = [a for a in s.legal_actions(SNAKE) if type(a) not in FREE]
    assert own == [A.DONE], "NY-57: nothing but going on (the bar comes off then)"
    act(s, A.DONE)
    assert s.level[SNAKE] == 1 and top_frame(s) == "SpecialFrame", "NY-57 NY-162"
    act(s, s.legal_actions(SNAKE)[0])
    nxt = s.bars[SNAKE][1]
    s.barp[SNAKE] = BAR_PRISONERS[nxt]  # the next bar is met too (kills later this turn)
    s.bari[SNAKE] = BAR_ITEMS[nxt]
    top_timer(s, "quiet-night")
    _until(s, SNAKE, 2)
    assert s.level[SNAKE] == 1, "NY-59: one level a turn, even with the next bar met"
    act(s, A.DONE)
    while top_frame(s) not in ("SpecialFrame", "SwapFrame") and s.turn == 2:
        legal = s.legal_actions(s.to_act()[0])
        act(s, A.DONE if A.DONE in legal else legal[0])
    assert s.level[SNAKE] == 2, "NY-56 NY-59: the next turn's step 8 takes the next level"
