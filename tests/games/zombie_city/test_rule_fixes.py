"""Rules the engine once got wrong, each pinned by its checklist id (ZC-n)."""

from __future__ import annotations

from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.tables import CHURCH, SECONDS
from tests.games.zombie_city.build import card, dice, fresh, shown, top_card


def test_a_seat_in_full_panic_may_wait_for_help_instead_of_a_rescue() -> None:
    s = fresh(2)
    dice(s, 0, "PPPPP")
    dice(s, 1, "CGGFs")
    legal = s.legal_actions(0)
    assert A.RESCUE in legal and A.WAIT in legal, "ZC-69: wait for help or help yourself"
    deck = list(s.deck)
    s.apply(0, A.WAIT)
    assert shown(s, 0) == "PPPPP" and s.deck == deck, "ZC-69: waiting turns no card"
    assert SECONDS[A.Wait] > 0, "waiting takes time in a simulation"
    s.apply(1, A.CAUTION_HELPS[0])
    assert shown(s, 0) == "ssPPP", "ZC-26: the friend's caution frees two dice"
    assert A.WAIT not in s.legal_actions(0), "ZC-69: only a seat that cannot roll waits"


def test_a_van_rescue_ignores_a_bite_card() -> None:
    s = fresh(2, scenario=2)
    s.phase, s.van = 2, CHURCH
    dice(s, 0, "PPPPP")
    top_card(s, "zc-44")  # paralysis
    s.apply(0, A.RESCUE)
    assert s.bites[0] == [], "ZC-80: in the van only the spawn icons take effect"
    assert card("zc-44") in s.used_cards, "ZC-80: the ignored bite card is not kept"
    assert "l" not in shown(s, 0)


def test_a_bite_drawn_twice_is_offered_once_and_shed_one_card_at_a_time() -> None:
    s = fresh(2, scenario=5)
    unresting = A.BITE_IDS.index("unresting")
    s.bites[0] = [unresting, unresting]
    dice(s, 0, "GFBss")
    legal = s.legal_actions(0)
    assert legal.count(A.SHEDS[unresting]) == 1, "one action per bite kind"
    s.apply(0, A.SHEDS[unresting])
    assert s.bites[0] == [unresting], "ZC-101: one card leaves the game"
