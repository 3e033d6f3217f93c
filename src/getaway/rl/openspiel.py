"""OpenSpiel games for every getaway game: ``pyspiel.load_game("python_getaway_<id>")``.

=================  ============================================================
Import             ``import getaway.rl.openspiel`` (registers every game; also
                   ``getaway.rl.openspiel.register()``, idempotent)
Short names        ``python_getaway_<id with '-' as '_'>``, e.g.
                   ``python_getaway_escape_now``
Parameters         ``players`` (default: the game's minimum), ``seeds`` (number
                   of chance outcomes, default 2**16, at most 2**20), ``chance``
                   (``seed``, the default, or ``resample``: see Chance) and every
                   variant option of the game's spec, e.g.
                   ``python_getaway_escape_now(players=3,layout=standard,hard=true)``
Dynamics           sequential, one explicit chance node (the seed), then the
                   deciding seat plays; terminal rewards; imperfect information
Actions            ``len(game.actions)`` distinct actions: the game's fixed action
                   space; chance outcome ``s`` is engine seed ``s``
Utility            ``outcome.returns()``: 1 for a winner, 0 otherwise (identical
                   for cooperative games, else general-sum)
Observation        string: ``view(seat)`` as canonical JSON; tensor [O]:
                   ``state.observation(seat)``, O = ``game.observation_size``
Information state  string: ``history <digest> <view>`` (perfect recall); tensor
                   [O + 8B + 1]: observation, the last 8 own actions in binary,
                   own decisions (see below; B = bit length of ``len(game.actions)``)
Public / private   strings: ``view(None)``; the part of ``view(seat)`` that
                   ``view(None)`` lacks
Resampling         ``state.resample_from_infostate(seat, sampler)`` over
                   ``State.determinize`` (OpenSpiel's Python ``ISMCTSBot`` runs)
Pickling           games and states (also resampled ones) pickle and serialize
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
unknown option value, an unknown ``chance`` mode) raises ``ConfigError`` (a
``ValueError``) when the game is loaded. ``num_players()`` is the configured
player count.

The initial state is a chance node with ``seeds`` equally likely outcomes
(default 2**16); outcome ``s`` starts the engine game with seed ``s`` -- the
same game as PettingZoo's and Gymnasium's ``reset(seed=s)``. Then
``current_player()`` is the one seat that decides: the first of
``state.to_act()`` in turn-based games; in real-time games the seat that is
free earliest, on a virtual clock that runs exactly as in ``getaway sim`` (see
:mod:`getaway.rl._common`). Clock advances between decisions are not OpenSpiel
moves, so the history holds the seed and then the seats' actions only.
``max_game_length()`` is ``game.max_decisions``.

Observations and information states
-----------------------------------

Nothing shown to seat ``p`` holds more than ``view(p)`` and ``p``'s own past.
``make_py_observer`` (and so ``observation_string``, ``observation_tensor``,
``information_state_string``, ``information_state_tensor`` and
``open_spiel.python.observation.make_observation``) supports these
``IIGObservationType`` s (:mod:`getaway.rl.openspiel_observer`):

* observation (``perfect_recall=False``, ``public_info=True``,
  ``private_info=SINGLE_PLAYER``): the string is ``view(p)`` as canonical JSON
  (sorted keys, no spaces); the tensor is ``state.observation(p)``, shape
  ``[O]``, ``dict`` key ``observation``.
* information state (``perfect_recall=True``, ``public_info=True``,
  ``SINGLE_PLAYER``): the string is ``history <digest> <view(p)>``, where the
  digest chains everything ``p`` has seen since the seed (its own actions,
  every event it may see, every change of its view), so it is perfect recall:
  two different histories of ``p`` never share a string. The tensor, flat
  size ``O + 8B + 1``, has these ``dict`` pieces in this order:
  ``observation`` [O] (as above); ``recent_actions`` [8, B], where B is the
  bit length of ``len(game.actions)`` and row ``i`` is ``p``'s ``i``-th latest
  own action (row 0 the latest) as the binary code of its index + 1, most
  significant bit first, a row of zeros where ``p`` has played fewer; and
  ``decisions`` [1], ``p``'s decisions so far over ``max_game_length()`` (at
  most 1). Every value lies in [0, 1]. The tensor is **not** perfect recall --
  a one-hot history would take ``max_game_length() * len(game.actions)``
  floats (9 million for Alcatraz 2034) -- so it is the observation plus a
  compact recent history of ``p``'s own play; the engine's observation is not
  a sufficient statistic of a seat's past (a seat may have to remember cards
  it no longer sees). Use the string where perfect recall matters (ISMCTS and
  MCCFR key their tables by it).
* public (``private_info=NONE``, ``perfect_recall=False``): ``view(None)``,
  the spectator's view; with ``perfect_recall=True``: ``history <digest>
  <view(None)>`` over the public events and spectator views. Strings only.
* private (``public_info=False``, ``SINGLE_PLAYER``, ``perfect_recall=False``):
  the part of ``view(p)`` that ``view(None)`` lacks or shows otherwise, as
  canonical JSON: dicts keep their differing keys, equal-length lists their
  differing positions as ``"[i]"`` keys (``{}`` when ``p`` sees nothing
  private). Strings only.

Any other type (``ALL_PLAYERS``, private with perfect recall) raises
``ValueError``. Before the chance node is resolved every string is the same
fixed text and every tensor is zeros. Games without a numeric observation
(``game.observation_size == 0``) have strings only.
``game.information_state_tensor_shapes()`` lists the pieces.

Histories are folded lazily: a state notes each step and builds the views
only when an information state is asked for, so rollouts that never ask
(MCTS evaluators) pay for the engine only.

Resampling (imperfect-information search)
-----------------------------------------

``state.resample_from_infostate(p, sampler)`` returns a new state whose engine
state is ``State.determinize(p, random.Random(s))``: everything ``p`` cannot
see (other hands, deck orders, face-down cards, future shuffles and dice) is
redrawn, consistently with ``view(p)``, which stays identical. ``s`` is 64
bits from two calls of ``sampler`` (floats in [0, 1]; OpenSpiel passes a
``pyspiel.UniformProbabilitySampler``), so a seeded sampler gives the same
world every time. ``p`` keeps its history digest and recent actions, so its
information-state string and tensor are unchanged (OpenSpiel's ``ISMCTSBot``
checks the string); the other seats' digests restart from ``p``'s and their
recent actions from none, since ``p`` does not know them. The sample is
consistent with ``view(p)``; where a rule asks a player to remember what its
view no longer shows (ESCAPE NOW!'s expert rule), a sample may contradict that
memory. ``state.is_sampled()`` tells a redrawn world from the real game. A
redrawn world keeps the real ``history()`` (OpenSpiel keeps it in C++), so
its first entry is still the real seed; its ``driver.record()`` raises, since
replaying the seed and actions would give the real game, not the sample.
OpenSpiel's Python ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``)
plays every game with it; its default resampler draws from an unseeded
sampler, so give it ``bot.set_resampler(lambda s, p:
s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(seed, 0., 1.)))``
for reproducible searches. The Python bot has no ``restart_at``, so play it in
a loop rather than through ``evaluate_bots``. OpenSpiel's C++
``pyspiel.ISMCTSBot`` crashes on Python games (on its own ``python_kuhn_poker``
too), so use the Python one.

Chance
------

``chance=seed`` (the default): all chance is the seed drawn at the root; the
engine's seeded streams then fix every later shuffle and die roll. ``clone()``
and ``child()`` are exact, so an algorithm that searches by cloning -- such as
OpenSpiel's perfect-information ``MCTSBot`` and its ``RandomRolloutEvaluator``
-- searches the true state: it sees other seats' hands and the future deck.
Use it for plumbing, or for imperfect-information algorithms that only use the
information-state API and ``resample_from_infostate``.

``chance=resample``: every ``clone()`` (so every ``child()``) of a live state
is a fresh world redrawn for the seat that decides in it, exactly as
``resample_from_infostate(current_player(), ...)`` with the next sample seed
of the state's own stream (derived from the seed, then from each sample's seed,
so the same program gets the same samples). A search that starts by cloning
the root -- ``MCTSBot`` does, for every simulation -- therefore never sees what
the deciding seat cannot see, future shuffles and dice included: MCTS becomes
determinized UCT. Guaranteed: a clone's ``view(p)`` and information state for
the deciding seat ``p`` equal the original's; everything else hidden is redrawn
by the engine's ``determinize``. A clone of a redrawn world is redrawn again for
the seat that decides in it (``RandomRolloutEvaluator`` clones the leaf it
evaluates), so a rollout may also forget the searching seat's own cards: it
never learns more, it may know less. Not guaranteed: determinism of clone-then-apply, which
OpenSpiel's ``random_sim_test`` checks, so run that test under
``chance=seed``. Clones of the chance node and of a finished game stay exact.
Explicit chance nodes for each draw are not offered: the engines draw from
seeded streams inside their rules, not through decisions.

Pickling and serialization
--------------------------

``pickle.dumps(game)`` stores the game string (each game's class is a
module attribute, ``GetawaySpielGame_<id>``); states pickle and serialize
(``state.serialize()``, ``pyspiel.serialize_game_and_state``) with their
history digests and a driver that rebuilds by replaying the seed and actions.
A redrawn world pickles as its recipe (the real seed and actions, and each
redraw's point, seat and sample seed: :mod:`getaway.rl.openspiel_worlds`), so
it unpickles to the same world. Multiprocessing-based tools can send both.

Other
-----

``str(state)`` shows the spectator's view (no secrets) after the
configuration and seed. ``state.driver`` holds the
:class:`~getaway.rl._common.Driver` (``state.driver.state`` is the engine
state, secrets included; ``state.driver.record()`` a replayable record).
Cloning clones the engine state (no deep copy).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from enum import StrEnum
from typing import Any

import pyspiel

from getaway.core.chance import Rng, derive_seed
from getaway.core.errors import ConfigError, IllegalAction
from getaway.core.events import Event
from getaway.core.registry import Game
from getaway.core.state import State
from getaway.rl._common import Driver, view_text
from getaway.rl.openspiel_observer import BEFORE_SEED, RECENT, Observer, info_tensor_shapes
from getaway.rl.openspiel_worlds import SampledDriver, redrawn

PREFIX = "python_getaway_"
DEFAULT_SEEDS = 1 << 16
MAX_SEEDS = 1 << 20  # chance_outcomes() lists every seed, so keep the list small
RESERVED = ("players", "seeds", "chance")  # game parameters that are not variant options


class Chance(StrEnum):
    """The game parameter ``chance``: what a clone of a state knows of the hidden future."""

    SEED = "seed"  # a clone is exact: the seed drawn at the root fixes every later draw
    RESAMPLE = "resample"  # a clone is a fresh determinization for the seat deciding in it


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
    # the GIL at exit and crash the interpreter): one subclass per game, a module attribute
    # under its own name so that pickle finds it.
    game_type = _game_type(game, name)
    qualname = f"GetawaySpielGame_{game.id.replace('-', '_')}"
    cls: type[GetawaySpielGame] = type(
        qualname, (GetawaySpielGame,),
        {"getaway_game": game, "game_type": game_type, "__module__": __name__,
         "__qualname__": qualname})
    globals()[qualname] = cls
    pyspiel.register_game(game_type, cls)
    _REGISTERED[name] = cls
    return name


def _game_type(game: Game, name: str) -> Any:
    spec = game.spec
    params: dict[str, Any] = {"players": spec.min_players, "seeds": DEFAULT_SEEDS,
                              "chance": Chance.SEED.value}
    params.update({o.key: o.default for o in spec.options})
    utility = (pyspiel.GameType.Utility.IDENTICAL if game.cooperative
               else pyspiel.GameType.Utility.GENERAL_SUM)
    numeric = game.observation_size > 0
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
        provides_information_state_tensor=numeric,
        provides_observation_string=True,
        provides_observation_tensor=numeric,
        provides_factored_observation_string=True,
        parameter_specification=params,
    )


class Context:
    """What every state of one loaded game shares (copied by reference, never deep-copied)."""

    __slots__ = ("_outcomes", "chance", "config", "game", "names", "seeds")

    def __init__(self, game: Game, players: int, options: dict[str, Any], seeds: int,
                 chance: str = Chance.SEED.value) -> None:
        if type(seeds) is not int or not 1 <= seeds <= MAX_SEEDS:
            raise ConfigError(f"parameter 'seeds' must be between 1 and {MAX_SEEDS}, "
                              f"got {seeds!r}")
        if chance not in tuple(Chance):
            raise ConfigError(f"parameter 'chance' must be one of "
                              f"{', '.join(c.value for c in Chance)}, got {chance!r}")
        self.game = game
        self.config = game.spec.configure(players, options)
        self.seeds = seeds
        self.chance = Chance(chance)
        self._outcomes: list[tuple[int, float]] | None = None
        labels = [a.label() for a in game.actions]
        count = Counter(labels)
        self.names = [lab if count[lab] == 1 else f"{lab} {view_text(a.to_json())}"
                      for lab, a in zip(labels, game.actions, strict=True)]

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.config.players

    @property
    def outcomes(self) -> list[tuple[int, float]]:
        """Every seed with its probability (built on first use)."""
        if self._outcomes is None:
            p = 1.0 / self.seeds
            self._outcomes = [(s, p) for s in range(self.seeds)]
        return self._outcomes

    def __deepcopy__(self, memo: dict[int, Any]) -> Context:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Context, (self.game, self.config.players, dict(self.config.options),
                          self.seeds, self.chance.value))


# One step not yet folded into the seats' histories: (actor, action, events, the engine state
# just after it -- None while it is the state's current engine state).
Pending = tuple[int | None, int | None, list[Event], State | None]


class Knowledge:
    """The live game and what each seat has seen of it (one object: a clone copies it whole).

    ``recall[s]`` is seat ``s``'s history digest (index ``players``: the spectator's);
    ``recent`` (each seat's last own actions, the latest first) and ``made`` (its number
    of decisions) summarise each seat's own play for the
    information-state tensor. Views are folded into the digests lazily (``fold``): a
    rollout that never asks for an information state never builds a view.
    """

    __slots__ = ("ctx", "draws", "driver", "exact", "made", "pending", "recall", "recent",
                 "seen")

    def __init__(self, ctx: Context) -> None:
        n = ctx.players
        self.ctx = ctx
        self.driver: Driver | None = None
        self.recall = [""] * (n + 1)
        self.seen = [""] * (n + 1)  # digest of the last view each seat (and the spectator) saw
        self.recent: list[tuple[int, ...]] = [()] * n
        self.made = [0] * n
        self.pending: list[Pending] = []
        self.draws: Rng | None = None  # the stream of sample seeds (chance="resample" clones)
        self.exact = False  # set while resample_from_infostate clones

    # -- playing ------------------------------------------------------------------------------

    def start(self, seed: int) -> None:
        """Resolve the chance node: the engine game with this seed."""
        self.driver = Driver(self.ctx.game, self.ctx.config, seed)
        self.draws = Rng(derive_seed(seed, "openspiel", "samples"))
        self.pending.append((None, None, [], None))

    def play(self, seat: int, action: int) -> None:
        """Play ``action`` for ``seat`` (``IllegalAction`` changes nothing)."""
        assert self.driver is not None
        if self.pending and self.pending[-1][3] is None:
            actor, act, events, _ = self.pending[-1]
            self.pending[-1] = (actor, act, events, self.driver.state.clone())
        events = self.driver.play(seat, action)
        self.recent[seat] = (action, *self.recent[seat][:RECENT - 1])
        self.made[seat] += 1
        self.pending.append((seat, action, events, None))

    def fold(self) -> None:
        """Fold the pending steps into every seat's (and the spectator's) history digest."""
        if not self.pending:
            return
        assert self.driver is not None
        n = self.ctx.players
        for actor, action, events, after in self.pending:
            state = self.driver.state if after is None else after
            for seat in range(n + 1):
                viewer = None if seat == n else seat
                parts = [f"played {action}"] if seat == actor else []
                parts.extend(view_text(e.to_json()) for e in events if e.visible_to(viewer))
                seen = digest(view_text(state.view(viewer)))
                if seen != self.seen[seat]:
                    self.seen[seat] = seen
                    parts.append(seen)
                if parts:
                    self.recall[seat] = digest("\n".join([self.recall[seat], *parts]))
        self.pending.clear()

    # -- copying ------------------------------------------------------------------------------

    def copy(self, driver: Driver | None = None) -> Knowledge:
        """An independent exact copy (with ``driver`` instead of a clone of ours, if given)."""
        other = Knowledge.__new__(Knowledge)
        other.ctx = self.ctx
        if driver is None and self.driver is not None:
            driver = self.driver.clone()
        other.driver = driver
        other.recall, other.seen = self.recall[:], self.seen[:]
        other.recent, other.made = self.recent[:], self.made[:]
        other.pending = self.pending[:]
        other.draws = None if self.draws is None else self.draws.clone()
        other.exact = False
        return other

    def sampled(self, seat: int, sample_seed: int) -> Knowledge:
        """A copy in a world redrawn for ``seat``: ``determinize(seat, Random(sample_seed))``.

        ``seat`` keeps its history; every other seat's history is unknown to ``seat``, so
        its digest restarts from ``seat``'s and its recent actions from zero.
        """
        assert self.driver is not None
        self.fold()
        other = self.copy(redrawn(self.driver, seat, sample_seed))
        base = self.recall[seat]
        for o in range(self.ctx.players):
            if o != seat:
                other.recall[o] = digest(f"seat {o} as seat {seat} imagines it\n{base}")
                other.seen[o] = ""
                other.recent[o], other.made[o] = (), 0
        other.draws = Rng(derive_seed(sample_seed, "openspiel", "samples"))
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Knowledge:
        """How OpenSpiel clones a state: exact, or a fresh sample under ``chance=resample``."""
        if (self.ctx.chance is Chance.RESAMPLE and not self.exact
                and self.driver is not None and self.draws is not None):
            seat = self.driver.decider()
            if seat is not None:
                return self.sampled(seat, self.draws.next64())
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        self.fold()  # engine states do not pickle; the digests do
        return (_restore_knowledge, (self.ctx, self.driver, self.recall, self.seen,
                                     self.recent, self.made,
                                     None if self.draws is None else self.draws.state))


def _restore_knowledge(ctx: Context, driver: Driver | None, recall: list[str],
                       seen: list[str], recent: list[tuple[int, ...]], made: list[int],
                       draws: int | None) -> Knowledge:
    """Inverse of :meth:`Knowledge.__reduce__`."""
    k = Knowledge(ctx)
    k.driver, k.recall, k.seen, k.recent, k.made = driver, recall, seen, recent, made
    k.draws = None if draws is None else Rng(draws)
    return k


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
        self.ctx = Context(game, params["players"], options, params["seeds"],
                           params["chance"])
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

    def information_state_tensor_shapes(self) -> dict[str, list[int]]:
        """The named pieces of the information-state tensor and their shapes."""
        return info_tensor_shapes(self.ctx.game)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """An observer (see the module documentation for the supported types)."""
        return Observer(self.ctx.game, self.ctx.players, iig_obs_type or
                        pyspiel.IIGObservationType(perfect_recall=False), params)


class GetawaySpielState(pyspiel.State):  # type: ignore[misc]
    """A getaway game in progress, or the chance node before its seed."""

    def __init__(self, game: GetawaySpielGame) -> None:
        super().__init__(game)
        self.ctx: Context = game.ctx
        self.known = Knowledge(game.ctx)

    @property
    def driver(self) -> Driver | None:
        """The :class:`~getaway.rl._common.Driver` of the game (None before the seed)."""
        return self.known.driver

    # -- OpenSpiel's state API ----------------------------------------------------------------

    def current_player(self) -> int:
        """The deciding seat, ``CHANCE`` before the seed, ``TERMINAL`` at the end."""
        driver = self.known.driver
        if driver is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = driver.decider()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        """The deciding seat's legal action indices, sorted."""
        driver = self.known.driver
        return driver.legal(player) if driver is not None else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every seed, equally likely."""
        return self.ctx.outcomes

    def _apply_action(self, action: int) -> None:
        """Draw the seed, or play the deciding seat's action; ``IllegalAction`` changes nothing."""
        known = self.known
        if known.driver is None:
            if type(action) is not int or not 0 <= action < self.ctx.seeds:
                raise IllegalAction(f"the chance node draws a seed in 0..{self.ctx.seeds - 1}, "
                                    f"got {action!r}")
            known.start(action)
            return
        seat = known.driver.decider()
        if seat is None:
            raise IllegalAction(f"the game is over; action {action!r} cannot be played")
        known.play(seat, action)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A new state in a world ``player_id`` cannot tell from this one.

        The engine's ``determinize(player_id, random.Random(s))`` redraws everything
        the seat cannot see; ``s`` is 64 bits drawn from ``probability_sampler`` (two
        calls, each a float in [0, 1], e.g. ``pyspiel.UniformProbabilitySampler``), so
        a seeded sampler gives the same world every time. The seat's view, history
        digest and recent actions are kept, so its information state (string and
        tensor) is unchanged. Before the seed the state is returned cloned.
        """
        n = self.ctx.players
        if isinstance(player_id, bool) or not isinstance(player_id, int) or \
                not 0 <= player_id < n:
            raise ValueError(f"player_id must be a seat in 0..{n - 1}, got {player_id!r}")
        known = self.known
        known.exact = True
        try:
            other = self.clone()
        finally:
            known.exact = False
        if known.driver is not None:
            other.known = known.sampled(player_id, sample_seed(probability_sampler))
        return other

    def _action_to_string(self, player: int, action: int) -> str:
        """``seed 7`` for chance, else the action's label."""
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if 0 <= action < len(self.ctx.names):
            return self.ctx.names[action]
        return f"action {action} (not in the action space)"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        driver = self.known.driver
        return driver is not None and driver.is_over()

    def returns(self) -> list[float]:
        """``outcome.returns()`` at the end, zeros before."""
        driver = self.known.driver
        if driver is None:
            return [0.0] * self.ctx.players
        return driver.returns()

    def rewards(self) -> list[float]:
        """The returns on the final step, zeros before (rewards come only at the end)."""
        return self.returns()

    def is_sampled(self) -> bool:
        """Whether this state is a redrawn world (from ``resample_from_infostate`` or a
        ``chance=resample`` clone) rather than the real game."""
        return isinstance(self.known.driver, SampledDriver)

    def __str__(self) -> str:
        """The spectator's view (no secrets), for debugging."""
        driver = self.known.driver
        if driver is None:
            return f"{self.ctx.config.label()}: {BEFORE_SEED}"
        seat = driver.decider()
        now = "game over" if seat is None else f"seat {seat} decides"
        return (f"{self.ctx.config.label()} seed {driver.seed}, {now}: "
                f"{view_text(driver.state.view(None))}")


def sample_seed(sampler: Any) -> int:
    """64 bits from two calls of a probability sampler (floats in [0, 1])."""
    seed = 0
    for _ in range(2):
        u = float(sampler())
        if not 0.0 <= u <= 1.0:
            raise ValueError(f"a probability sampler returns floats in [0, 1], got {u!r}")
        seed = seed << 32 | min(int(u * (1 << 32)), (1 << 32) - 1)
    return seed


def digest(text: str) -> str:
    """A short hash of ``text`` (the history digests)."""
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


register()
