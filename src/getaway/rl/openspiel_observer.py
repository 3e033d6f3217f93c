"""OpenSpiel observers of getaway games: what a seat (or a spectator) is shown, as text and numbers.

``GetawaySpielGame.make_py_observer(IIGObservationType(...))`` returns an
:class:`Observer`; OpenSpiel's ``observation_string``/``observation_tensor``/
``information_state_string``/``information_state_tensor`` and
``open_spiel.python.observation.make_observation`` all go through it. The
supported types (``perfect_recall``, ``public_info``, ``private_info``):

==========================  =============================  ==================================
type                        string                         tensor (``dict`` keys: shapes)
==========================  =============================  ==================================
observation                 ``view(seat)`` as canonical    ``observation``: [O]
(False, True, SINGLE)       JSON
information state           ``history <digest> <view>``    ``observation``: [O],
(True, True, SINGLE)                                       ``action_counts``: [A],
                                                           ``last_action``: [A],
                                                           ``decisions``: [1]
public (False, True, NONE)  ``view(None)``                 none
public history              ``history <digest> <view(None)>``  none
(True, True, NONE)
private (False, False,      the part of ``view(seat)`` that  none
SINGLE)                     ``view(None)`` lacks (JSON)
==========================  =============================  ==================================

``O`` is ``game.observation_size`` and ``A`` is ``len(game.actions)``; games
without a numeric observation (``O == 0``) have strings only. Every other type
(``ALL_PLAYERS``, private with perfect recall, nothing public and nothing
private) raises ``ValueError``; so do observation parameters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from getaway.core.registry import Game
from getaway.rl._common import view_text

if TYPE_CHECKING:
    from getaway.rl.openspiel import GetawaySpielState

BEFORE_SEED = "the seed is not drawn yet"
Tensor = np.ndarray[Any, np.dtype[np.float32]]


def info_tensor_shapes(game: Game) -> dict[str, list[int]]:
    """The information-state tensor's pieces, in order: ``{name: shape}``."""
    if game.observation_size <= 0:
        return {}
    actions = len(game.actions)
    return {"observation": [game.observation_size], "action_counts": [actions],
            "last_action": [actions], "decisions": [1]}


def private_part(mine: Any, public: Any) -> Any:
    """What ``mine`` (a seat's view) holds that ``public`` (the spectator's) lacks or shows
    otherwise: dicts keep the keys that differ (recursively), equal-length lists keep the
    differing positions as ``"[i]"`` keys, anything else is ``mine`` whole.

    >>> private_part({"hand": [1, 2], "round": 3}, {"hand": [1, None], "round": 3})
    {'hand': {'[1]': 2}}
    """
    if isinstance(mine, dict) and isinstance(public, dict):
        return {k: private_part(v, public.get(k, _MISSING)) for k, v in mine.items()
                if k not in public or public[k] != v}
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        pairs = enumerate(zip(mine, public, strict=True))
        return {f"[{i}]": private_part(a, b) for i, (a, b) in pairs if a != b}
    return mine


_MISSING = object()


class Observer:
    """OpenSpiel's observer interface over the views (see the module documentation)."""

    def __init__(self, game: Game, players: int, iig_obs_type: Any,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("getaway games observe one seat's view (or the public view), "
                             "never every seat's secrets")
        self.players = players
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.private_only = not iig_obs_type.public_info
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.private_only and (self.public or self.perfect_recall):
            raise ValueError(f"unsupported observation type {iig_obs_type}: without public "
                             "information only a seat's private part of its current view "
                             "is offered (private_info=SINGLE_PLAYER, perfect_recall=False)")
        self.tensor: Tensor | None = None
        self.dict: dict[str, Tensor] = {}
        if self.public or self.private_only or game.observation_size <= 0:
            return
        shapes = (info_tensor_shapes(game) if self.perfect_recall
                  else {"observation": [game.observation_size]})
        self.tensor = np.zeros(sum(s[0] for s in shapes.values()), np.float32)
        start = 0
        for name, shape in shapes.items():
            self.dict[name] = self.tensor[start:start + shape[0]]
            start += shape[0]
        self.max_decisions = max(1, game.max_decisions)

    def set_from(self, state: GetawaySpielState, player: int) -> None:
        """Write ``player``'s tensor into :attr:`tensor` (zeros before the seed)."""
        if self.tensor is None:
            return
        self.tensor.fill(0.0)
        known = state.known
        if known.driver is None:
            return
        self.dict["observation"][:] = known.driver.state.observation(player)
        if self.perfect_recall:
            counts = self.dict["action_counts"]
            for action, times in known.counts[player].items():
                counts[action] = times / (times + 1)
            if known.last[player] >= 0:
                self.dict["last_action"][known.last[player]] = 1.0
            self.dict["decisions"][0] = min(1.0, known.made[player] / self.max_decisions)

    def string_from(self, state: GetawaySpielState, player: int) -> str:
        """The seat's (or the public) view as canonical JSON, with a history digest when
        perfect recall is asked for, or only its private part."""
        known = state.known
        if known.driver is None:
            return BEFORE_SEED
        engine = known.driver.state
        if self.private_only:
            return view_text(private_part(engine.view(player), engine.view(None)))
        seat = None if self.public else player
        text = view_text(engine.view(seat))
        if self.perfect_recall:
            known.fold()
            return f"history {known.recall[self.players if seat is None else seat]} {text}"
        return text
