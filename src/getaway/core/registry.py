"""Games and the registry that lists them.

A :class:`Game` ties a specification, an action space and a state factory
together; each game package exposes one. The :class:`Registry` maps game ids
to games; ``getaway.games.registry()`` holds every game of the project.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

from getaway.core.actions import ActionSpace
from getaway.core.agent import Agent
from getaway.core.errors import ConfigError
from getaway.core.spec import Config, GameSpec
from getaway.core.standing import Standing
from getaway.core.state import State
from getaway.core.takeback import Reveal

AgentFactory = Callable[..., Agent]


class Game(ABC):
    """A playable game: its spec, its action space and how to start it."""

    spec: GameSpec
    actions: ActionSpace
    observation_size: int = 0  # length of State.observation(seat); 0 when the game has none
    max_decisions: int = 100_000  # no game lasts more decisions than this (checked by tests)
    cooperative: bool = False  # every seat always shares one outcome
    # The public contract of the game's words: every decision key and event kind its
    # states can produce, each with what it means (checked by the conformance suite).
    decision_keys: ClassVar[Mapping[str, str]] = {}
    event_kinds: ClassVar[Mapping[str, str]] = {}
    # Every Outcome.reason the game can end with (a value of its reason enum), each with
    # what it means in words (reports and end screens say these, never the value).
    outcome_reasons: ClassVar[Mapping[str, str]] = {}
    # The event kinds that show a seat something hidden from it, and how: a move that
    # caused one cannot be taken back (getaway.core.takeback). None: no move can be.
    revealing_events: ClassVar[Mapping[str, Reveal] | None] = None
    # The shape of every view, as a TypedDict (getaway.core.shapes): checked by the
    # conformance suite, turned into TypeScript for the browser code.
    view_type: ClassVar[Any] = None
    # How finished games of it rank on a challenge's leaderboard, and their results in words.
    standing: ClassVar[Standing] = Standing()
    # How the difficulty levels are tuned for it (getaway.agents.levels): Easy's share of
    # random moves, chosen so that Easy wins about half as often as Normal
    # (benchmarks/easy_ladder.py), and the Hard bot's settings that differ from the
    # blueprint search's defaults (e.g. a playout depth in long games).
    easy_epsilon: ClassVar[float] = 1 / 3
    hard_settings: ClassVar[Mapping[str, Any]] = {}
    # For learners (getaway.rl.learnable): what the potential of dense rewards (``shaping``)
    # rewards, in words; a curriculum of easier variants (option dicts, easiest first) and
    # its description.
    shaping_doc: ClassVar[str] = "`State.progress(seat)`"
    curriculum: ClassVar[tuple[Mapping[str, Any], ...]] = ()
    curriculum_doc: ClassVar[str] = ""

    def shaping(self, state: State, seat: int) -> float:
        """Dense rewards' potential phi(state, seat) in [0, 1] (getaway.rl.learnable);
        by default the game's ``State.progress``."""
        return state.progress(seat)

    @property
    def id(self) -> str:
        """The game id, e.g. ``escape-now``."""
        return self.spec.id

    @property
    def package(self) -> str:
        """The Python package of the game's folder, e.g. ``getaway.games.escape_now``.

        Everything of a game lives there: its engine, content, words and heuristic,
        and its presentation -- ``<package>.terminal`` for the terminal and the
        ``web/`` folder for the browser -- which the shells find through this.
        """
        module = type(self).__module__
        found = sys.modules.get(module)
        return module if hasattr(found, "__path__") else module.rpartition(".")[0]

    @abstractmethod
    def new_state(self, config: Config, seed: int) -> State:
        """A fresh game for a validated configuration and a seed."""

    def start(self, players: int | None = None, seed: int = 0, **options: Any) -> State:
        """Shortcut: configure and start (``game.start(3, seed=1, layout="hard")``)."""
        return self.new_state(self.spec.configure(players, options), seed)

    def rules(self) -> str:
        """The rules in the project's own words (Markdown): the README.md of the game's
        folder, when it has one."""
        module = sys.modules.get(self.package)
        folder = Path(module.__file__).parent if module and module.__file__ else None
        readme = folder / "README.md" if folder is not None else None
        return readme.read_text(encoding="utf-8") if readme and readme.is_file() else ""

    def agents(self) -> dict[str, AgentFactory]:
        """Game-specific agents by name (e.g. ``heuristic``)."""
        return {}

    def assets(self) -> dict[str, Any]:
        """Static JSON-able data every client may have, the same for every game of this id.

        What never changes during a game (a board's drawing, say) goes here rather
        than into every view; it must hold nothing a seat may not know.
        """
        return {}

    def variants(self) -> list[Config]:
        """Representative configurations for tests: every player count and option value."""
        out: list[Config] = []
        for n in range(self.spec.min_players, self.spec.max_players + 1):
            out.append(self.spec.configure(n))
        for o in self.spec.options:
            values: tuple[Any, ...] = o.choices or ((True, False) if o.type is bool else ())
            for v in values:
                if v == o.default:
                    continue
                for n in range(self.spec.min_players, self.spec.max_players + 1):
                    try:
                        out.append(self.spec.configure(n, {o.key: v}))
                    except ConfigError:
                        continue
        return out


class Registry:
    """Game id -> game."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def register(self, game: Game) -> Game:
        """Add a game; ids must be unique."""
        if game.id in self._games:
            raise ValueError(f"game {game.id!r} is already registered")
        self._games[game.id] = game
        return game

    def get(self, game_id: str) -> Game:
        """The game with this id, or ``ConfigError`` listing the known ids."""
        try:
            return self._games[game_id]
        except KeyError:
            known = ", ".join(sorted(self._games)) or "(none)"
            raise ConfigError(f"unknown game {game_id!r}; known games: {known}") from None

    def __iter__(self) -> Iterator[Game]:
        return iter(self._games.values())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def ids(self) -> list[str]:
        """Registered ids in registration order."""
        return list(self._games)
