"""OpenSpiel games for every getaway game: ``pyspiel.load_game("python_getaway_<id>")``.

=================  ============================================================
Import             ``import getaway.rl.openspiel`` (registers every game; also
                   ``getaway.rl.openspiel.register()``, idempotent)
Short names        ``python_getaway_<id with '-' as '_'>``, e.g.
                   ``python_getaway_escape_now``
Parameters         ``players`` (default: the game's minimum), ``seeds`` (number
                   of chance outcomes, default 2**16, at most 2**20) and every variant option
                   of the game's spec, e.g. ``python_getaway_escape_now(players=3,
                   layout=standard,hard=true)``
Dynamics           sequential, one explicit chance node (the seed), then the
                   deciding seat plays; terminal rewards
Actions            ``len(game.actions)`` distinct actions: the game's fixed action
                   space; chance outcome ``s`` is engine seed ``s``
Utility            ``outcome.returns()``: 1 for a winner, 0 otherwise (identical
                   for cooperative games, else general-sum)
Observations       string: the seat's view as canonical JSON; tensor:
                   ``state.observation(seat)`` (``game.observation_size`` floats)
Information state  string only: a digest of everything the seat has seen (its own
                   actions, the events it may see, each new view) plus its view
Illegal actions    ``apply_action`` raises ``IllegalAction`` (a ``ValueError``);
                   the state is unchanged
=================  ============================================================

Usage::

    import pyspiel
    import getaway.rl.openspiel  # registers python_getaway_* games

    game = pyspiel.load_game("python_getaway_escape_now", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(7)                  # the chance node: engine seed 7
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Game
----

Each game of ``getaway.games.registry()`` is registered as a Python game
(like OpenSpiel's own ``python_kuhn_poker``). The player count is the game
parameter ``players``; OpenSpiel fills in every parameter that is not given
from its default, and a bad value (a player count outside the game's range, an
unknown option value) raises ``ConfigError`` (a ``ValueError``) when the game
is loaded. ``num_players()`` is the configured player count.

The initial state is a chance node with ``seeds`` equally likely outcomes
(default 2**16); outcome ``s`` starts the engine game with seed ``s`` -- the
same game as PettingZoo's and Gymnasium's ``reset(seed=s)``. Then
``current_player()`` is the one seat that decides: the first of
``state.to_act()`` in turn-based games; in real-time games the seat that is
free earliest, on a virtual clock that runs exactly as in ``getaway sim`` (see
:mod:`getaway.rl._common`). Clock advances between decisions are not OpenSpiel
moves, so the history holds the seed and then the seats' actions only.
``max_game_length()`` is ``game.max_decisions``.

Observations never leak: ``observation_string(p)`` is ``view(p)`` as
canonical JSON (sorted keys, no spaces) and ``observation_tensor(p)`` is
``state.observation(p)``; both hold only what seat ``p`` may know. The
information state (perfect recall) adds a digest over the seat's history: its
own actions, every event it may see and every change of its view; the numeric
observation is not perfect-recall, so there is no information-state tensor.
The public observer (``IIGObservationType(private_info=NONE)``) gives the
spectator's view ``view(None)`` as a string. Before the chance node is
resolved every observation is the same fixed text and a zero tensor.

``str(state)`` shows the spectator's view (no secrets). ``state.driver``
holds the :class:`~getaway.rl._common.Driver` (``state.driver.state`` is the
engine state, secrets included; ``state.driver.record()`` a replayable
record). Cloning clones the engine state (no deep copy); serialization replays
the actions.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.events import Event
from getaway.core.registry import Game
from getaway.rl._common import Driver, view_text

PREFIX = "python_getaway_"
DEFAULT_SEEDS = 1 << 16
MAX_SEEDS = 1 << 20  # chance_outcomes() lists every seed, so keep the list small
RESERVED = ("players", "seeds")  # game parameters that are not variant options
BEFORE_SEED = "the seed is not drawn yet"

_REGISTERED: dict[str, type[GetawaySpielGame]] = {}


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of a game: ``python_getaway_escape_now``."""
    return PREFIX + game_id.replace("-", "_")


def register() -> list[str]:
    """Register every game of ``getaway.games.registry()`` (idempotent); returns the short names."""
    from getaway.games import registry

    return [register_game(game) for game in registry()]


def register_game(game: Game) -> str:
    """Register one game (any :class:`~getaway.core.registry.Game`); returns its short name.

    Registering the same game again does nothing; another game under the same
    short name raises ``ValueError``.
    """
    name = short_name(game.id)
    known = _REGISTERED.get(name)
    if known is not None:
        if known.getaway_game is not game:
            raise ValueError(f"another game is already registered as {name}")
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"OpenSpiel already has a game called {name}")
    clash = [o.key for o in game.spec.options if o.key in RESERVED]
    if clash:
        raise ValueError(f"{game.id}: option {clash[0]!r} clashes with an OpenSpiel parameter")
    # OpenSpiel keeps the factory in a C++ static that outlives the interpreter. Like
    # OpenSpiel's own Python games we register a class (a closure would be freed without
    # the GIL at exit and crash the interpreter): one subclass per game.
    game_type = _game_type(game, name)
    cls: type[GetawaySpielGame] = type(
        f"GetawaySpielGame_{game.id.replace('-', '_')}", (GetawaySpielGame,),
        {"getaway_game": game, "game_type": game_type, "__module__": __name__})
    pyspiel.register_game(game_type, cls)
    _REGISTERED[name] = cls
    return name


def _game_type(game: Game, name: str) -> Any:
    spec = game.spec
    params: dict[str, Any] = {"players": spec.min_players, "seeds": DEFAULT_SEEDS}
    params.update({o.key: o.default for o in spec.options})
    utility = (pyspiel.GameType.Utility.IDENTICAL if game.cooperative
               else pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=name,
        long_name=f"getaway {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=game.observation_size > 0,
        parameter_specification=params,
    )


class _Context:
    """What every state of one loaded game shares (copied by reference, never deep-copied)."""

    __slots__ = ("_outcomes", "config", "game", "names", "seeds")

    def __init__(self, game: Game, players: int, options: dict[str, Any], seeds: int) -> None:
        if type(seeds) is not int or not 1 <= seeds <= MAX_SEEDS:
            raise ConfigError(f"parameter 'seeds' must be between 1 and {MAX_SEEDS}, "
                              f"got {seeds!r}")
        self.game = game
        self.config = game.spec.configure(players, options)
        self.seeds = seeds
        self._outcomes: list[tuple[int, float]] | None = None
        labels = [a.label() for a in game.actions]
        count = Counter(labels)
        self.names = [lab if count[lab] == 1 else f"{lab} {view_text(a.to_json())}"
                      for lab, a in zip(labels, game.actions, strict=True)]

    @property
    def outcomes(self) -> list[tuple[int, float]]:
        """Every seed with its probability (built on first use)."""
        if self._outcomes is None:
            p = 1.0 / self.seeds
            self._outcomes = [(s, p) for s in range(self.seeds)]
        return self._outcomes

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Context, (self.game, self.config.players, dict(self.config.options),
                           self.seeds))


class GetawaySpielGame(pyspiel.Game):  # type: ignore[misc]
    """One getaway game at one configuration, as an OpenSpiel game.

    :func:`register_game` makes a subclass per game, setting the two class attributes.
    """

    getaway_game: Game
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, params = self.getaway_game, dict(params or {})
        defaults = self.game_type.parameter_specification
        params.update({k: v for k, v in defaults.items() if k not in params})
        options = {k: v for k, v in params.items() if k not in RESERVED}
        self.ctx = _Context(game, params["players"], options, params["seeds"])
        info = pyspiel.GameInfo(
            num_distinct_actions=len(game.actions),
            max_chance_outcomes=self.ctx.seeds,
            num_players=self.ctx.config.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.max_decisions,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> GetawaySpielState:
        """The chance node that draws the seed."""
        return GetawaySpielState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One: the seed."""
        return 1

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """An observer of the seat's view (see the module documentation)."""
        return Observer(self.ctx, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False), params)


class GetawaySpielState(pyspiel.State):  # type: ignore[misc]
    """A getaway game in progress, or the chance node before its seed."""

    def __init__(self, game: GetawaySpielGame) -> None:
        super().__init__(game)
        self.ctx: _Context = game.ctx
        self.driver: Driver | None = None
        n = self.ctx.config.players
        self.recall: list[str] = [""] * n  # per seat: digest of everything it has seen
        self.seen: list[str] = [""] * n  # per seat: digest of the last view it saw

    # -- OpenSpiel's state API ----------------------------------------------------------------

    def current_player(self) -> int:
        """The deciding seat, ``CHANCE`` before the seed, ``TERMINAL`` at the end."""
        if self.driver is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.driver.decider()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        """The deciding seat's legal action indices, sorted."""
        return self.driver.legal(player) if self.driver is not None else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed, equally likely."""
        return self.ctx.outcomes

    def _apply_action(self, action: int) -> None:
        """Draw the seed, or play the deciding seat's action; ``IllegalAction`` changes nothing."""
        ctx = self.ctx
        if self.driver is None:
            if type(action) is not int or not 0 <= action < ctx.seeds:
                raise IllegalAction(f"the chance node draws a seed in 0..{ctx.seeds - 1}, "
                                    f"got {action!r}")
            self.driver = Driver(ctx.game, ctx.config, action)
            self._observe(self.driver, None, None, [])
            return
        seat = self.driver.decider()
        if seat is None:
            raise IllegalAction(f"the game is over; action {action!r} cannot be played")
        events = self.driver.play(seat, action)
        self._observe(self.driver, seat, action, events)

    def _observe(self, driver: Driver, actor: int | None, action: int | None,
                 events: list[Event]) -> None:
        """Fold what each seat just saw into its information-state digest."""
        state = driver.state
        for seat in range(self.ctx.config.players):
            parts = [f"played {action}"] if seat == actor else []
            parts.extend(view_text(e.to_json()) for e in events if e.visible_to(seat))
            seen = _digest(view_text(state.view(seat)))
            if seen != self.seen[seat]:
                self.seen[seat] = seen
                parts.append(seen)
            if parts:
                self.recall[seat] = _digest("\n".join([self.recall[seat], *parts]))

    def _action_to_string(self, player: int, action: int) -> str:
        """``seed 7`` for chance, else the action's label."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if 0 <= action < len(self.ctx.names):
            return self.ctx.names[action]
        return f"action {action} (not in the action space)"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.driver is not None and self.driver.is_over()

    def returns(self) -> list[float]:
        """``outcome.returns()`` at the end, zeros before."""
        if self.driver is None:
            return [0.0] * self.ctx.config.players
        return self.driver.returns()

    def rewards(self) -> list[float]:
        """The returns on the final step, zeros before (rewards come only at the end)."""
        return self.returns()

    def __str__(self) -> str:
        """The spectator's view (no secrets), for debugging."""
        if self.driver is None:
            return f"{self.ctx.config.label()}: {BEFORE_SEED}"
        driver = self.driver
        seat = driver.decider()
        now = "game over" if seat is None else f"seat {seat} decides"
        return (f"{self.ctx.config.label()} seed {driver.seed}, {now}: "
                f"{view_text(driver.state.view(None))}")


class Observer:
    """OpenSpiel's observer interface over the seat's view (see the module documentation)."""

    def __init__(self, ctx: _Context, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("getaway games observe one seat's view (or the public view), "
                             "never every seat's secrets")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if not iig_obs_type.public_info or (self.public and self.perfect_recall):
            raise ValueError(f"unsupported observation type {iig_obs_type}: views always "
                             "hold the public information, and only a seat has a history")
        size = ctx.game.observation_size
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if size > 0 and not self.perfect_recall and not self.public:
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: GetawaySpielState, player: int) -> None:
        """Write ``state.observation(player)`` into :attr:`tensor` (zeros before the seed)."""
        if self.tensor is None:
            return
        if state.driver is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.driver.state.observation(player)

    def string_from(self, state: GetawaySpielState, player: int) -> str:
        """The seat's (or the public) view as canonical JSON; with its history digest."""
        if state.driver is None:
            return BEFORE_SEED
        seat = None if self.public else player
        text = view_text(state.driver.state.view(seat))
        if self.perfect_recall:
            return f"history {state.recall[player]} {text}"
        return text


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


register()
