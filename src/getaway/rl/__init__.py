"""Reinforcement-learning adapters: every getaway game as a PettingZoo, Gymnasium or OpenSpiel game.

The adapters are an outer layer: they read the engine's protocol (``to_act``,
``legal_actions``, ``apply``, ``observation``, ``view``, ``outcome``, and the
clock of real-time games) and never change a game's rules, so every game of
``getaway.games.registry()`` works in each of them. Each module's docstring is
its environment's documentation page:

* :mod:`getaway.rl.pettingzoo` -- ``env(game_id, players, options, seed)``: an
  AEC environment with one agent per seat; ``parallel_env(...)``: a parallel
  environment in which seats that decide at the same moment act together;
* :mod:`getaway.rl.gymnasium` -- ``GetawayEnv(game_id, seat, players, options,
  opponents)``: one seat against agents; importing :mod:`getaway.rl` registers
  ``getaway/<game id>-v0`` for ``gymnasium.make``;
* :mod:`getaway.rl.openspiel` -- importing it (or ``register()``) makes every
  game loadable as ``pyspiel.load_game("python_getaway_<id>")``;
* :mod:`getaway.rl.learnable` -- opt-in dense (potential-based) rewards and
  curricula for the PettingZoo and Gymnasium environments;
* :mod:`getaway.rl.docs` -- ``python -m getaway.rl.docs`` writes docs/rl.md
  (observation layouts, action spaces, rewards) from the code.

The action space is always the game's fixed ``Game.actions`` (an action is
its index); observations are ``State.observation(seat)`` (numbers in [0, 1]) or
``view(seat)`` (text), so they never hold another seat's secrets. All three
adapters drive a game through one :class:`~getaway.rl._common.Driver`: exactly
one seat decides at a time, chosen and clocked as ``getaway sim`` does, so a
seed and the sequence of action indices reproduce the same game in each (and
``record()`` gives a record that ``getaway replay`` shows). Rewards are
``outcome.returns()`` -- 1.0 for a winner, 0.0 otherwise -- given at the end
(``reward="dense"`` adds shaping on the way).
An action that is not legal raises :class:`~getaway.core.errors.IllegalAction`
and changes nothing (Gymnasium, by default, ends the episode with a penalty
instead; see its page).
"""

from __future__ import annotations

import importlib.util


def register_gymnasium() -> list[str]:
    """Register the Gymnasium ids of every game (when gymnasium is installed)."""
    if importlib.util.find_spec("gymnasium") is None:
        return []
    from getaway.rl.gymnasium import register

    return register()


GYMNASIUM_IDS = register_gymnasium()

__all__ = ["GYMNASIUM_IDS", "register_gymnasium"]
