"""A clone copies every field of the state: the spelt-out copy in ``clone`` stays in step
with the field lists that ``truth`` reads."""

from __future__ import annotations

import random

from getaway.games import registry
from getaway.games.new_york.state import _LISTS, _NESTED, _SCALARS, NewYorkState


def _played(seed: int, steps: int) -> NewYorkState:
    s = registry().get("new-york").start(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[int(rng.random() * len(legal))])
    assert isinstance(s, NewYorkState)
    return s


def test_clone_copies_every_field_and_shares_no_list() -> None:
    s = _played(4, 120)
    c = s.clone()
    assert c.truth() == s.truth()
    for k in _LISTS:
        assert getattr(c, k) == getattr(s, k) and getattr(c, k) is not getattr(s, k), k
    for k in _NESTED:
        mine, theirs = getattr(c, k), getattr(s, k)
        assert mine == theirs and mine is not theirs, k
        assert all(a is not b for a, b in zip(mine, theirs, strict=True)), k
    for k in _SCALARS:
        assert getattr(c, k) == getattr(s, k), k
    # every slot the state has is set on the clone
    for cls in type(s).__mro__:
        for k in getattr(cls, "__slots__", ()):
            if hasattr(s, k):
                assert hasattr(c, k), k
