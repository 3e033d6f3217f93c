"""OpenSpiel observers of getaway games: what a seat (or a spectator) is shown, as text and numbers.

``GetawaySpielGame.make_py_observer(IIGObservationType(...))`` returns an
:class:`Observer`; OpenSpiel's ``observation_string``/``observation_tensor``/
``information_state_string``/``information_state_tensor`` and
``open_spiel.python.observation.make_observation`` all go through it. The
supported types (``perfect_recall``, ``public_info``, ``private_info``):

* observation (False, True, SINGLE_PLAYER): string ``view(seat)`` as canonical
  JSON; tensor ``observation`` [O].
* information state (True, True, SINGLE_PLAYER): string ``history <digest>
  <view(seat)>``; tensor pieces ``observation`` [O], ``recent_actions`` [8, B],
  ``decisions`` [1], in this order.
* public (False, True, NONE): string ``view(None)``; no tensor.
* public history (True, True, NONE): string ``history <digest> <view(None)>``;
  no tensor.
* private (False, False, SINGLE_PLAYER): string, the part of ``view(seat)``
  that ``view(None)`` lacks (see :func:`private_part`); no tensor.

``O`` is ``game.observation_size``; ``B`` is the bit length of
``len(game.actions)`` (row ``i`` of ``recent_actions`` is the seat's ``i``-th
latest own action as the binary code of its index + 1, most significant bit
first; zeros where it has played fewer); ``decisions`` is its decisions so far
over ``game.max_decisions`` (at most 1). See :mod:`getaway.rl.openspiel`. Games
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
RECENT = 8  # own actions kept in the information-state tensor
Tensor = np.ndarray[Any, np.dtype[np.float32]]


def info_tensor_shapes(game: Game) -> dict[str, list[int]]:
    """The information-state tensor's pieces, in order: ``{name: shape}``."""
    if game.observation_size <= 0:
        return {}
    return {"observation": [game.observation_size],
            "recent_actions": [RECENT, action_bits(game)], "decisions": [1]}


def action_bits(game: Game) -> int:
    """Bits of an action code in ``recent_actions``: codes run from 1 to ``len(game.actions)``."""
    return max(1, len(game.actions).bit_length())


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
        sizes = {name: int(np.prod(shape)) for name, shape in shapes.items()}
        self.tensor = np.zeros(sum(sizes.values()), np.float32)
        start = 0
        for name, shape in shapes.items():
            self.dict[name] = self.tensor[start:start + sizes[name]].reshape(shape)
            start += sizes[name]
        self.max_decisions = max(1, game.max_decisions)
        self.bits = action_bits(game)

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
            recent, bits = self.dict["recent_actions"], self.bits
            for row, action in enumerate(known.recent[player]):
                code = action + 1
                for bit in range(bits):
                    recent[row, bit] = code >> (bits - 1 - bit) & 1
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
