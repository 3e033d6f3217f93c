"""Game specifications: identity, player range, and typed variant options.

A :class:`GameSpec` describes a game without playing it. Its options are the
variants of the rulebook, each typed, with a default, and validated: a bad
configuration raises :class:`ConfigError` naming the bad option.

    >>> spec = GameSpec("demo", "Demo", "A demo.", 1, 4,
    ...                 (Option("layout", "room layout", "standard", ("easy", "standard")),))
    >>> spec.configure(2, {"layout": "easy"}).options["layout"]
    'easy'
    >>> spec.configure(2, {"layuot": "easy"})
    Traceback (most recent call last):
    getaway.core.errors.ConfigError: demo has no option 'layuot'; its options are: layout
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, cast

from getaway.core.errors import ConfigError

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One variant option: a key, a description, a default and its legal values.

    The type is the default's type (bool, int or str). ``choices`` lists the
    legal values of a str or int option; ``bounds`` gives an int's range.
    """

    key: str
    doc: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    bounds: tuple[int, int] | None = None

    @property
    def type(self) -> type:
        """The option's value type."""
        return type(self.default)

    def validate(self, raw: Any) -> OptionValue:
        """Return the value if legal, else raise ``ConfigError`` naming the option."""
        value = cast(OptionValue, raw)
        if type(value) is not self.type:
            raise ConfigError(
                f"option {self.key!r} must be a {self.type.__name__}, got {value!r}"
            )
        if self.choices and value not in self.choices:
            legal = ", ".join(map(str, self.choices))
            raise ConfigError(f"option {self.key!r} cannot be {value!r}; choose one of: {legal}")
        if self.bounds and not self.bounds[0] <= int(value) <= self.bounds[1]:
            lo, hi = self.bounds
            raise ConfigError(f"option {self.key!r} must be between {lo} and {hi}, got {value!r}")
        return value

    def parse(self, text: str) -> OptionValue:
        """Parse a command-line string (``true``, ``3``, ``easy``) and validate it."""
        value: Any = text
        if self.type is bool:
            low = text.strip().lower()
            if low in ("1", "true", "yes", "on"):
                value = True
            elif low in ("0", "false", "no", "off"):
                value = False
            else:
                raise ConfigError(f"option {self.key!r} takes true or false, got {text!r}")
        elif self.type is int:
            try:
                value = int(text)
            except ValueError:
                msg = f"option {self.key!r} takes a whole number, got {text!r}"
                raise ConfigError(msg) from None
        return self.validate(value)

    def describe(self) -> dict[str, Any]:
        """A JSON-able description (for ``getaway games --json`` and the lobby)."""
        out: dict[str, Any] = {"key": self.key, "doc": self.doc, "type": self.type.__name__,
                               "default": self.default}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.bounds:
            out["bounds"] = list(self.bounds)
        return out


@dataclass(frozen=True)
class Config:
    """A validated configuration: player count and every option's value."""

    game: str
    players: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    def __hash__(self) -> int:
        return hash((self.game, self.players, tuple(sorted(self.options.items()))))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Config) and (self.game, self.players, dict(self.options))
                == (other.game, other.players, dict(other.options)))

    def to_json(self) -> dict[str, Any]:
        """``{"game": ..., "players": n, "options": {...}}``."""
        return {"game": self.game, "players": self.players, "options": dict(self.options)}

    def label(self) -> str:
        """Short text such as ``escape-now 3p layout=hard``."""
        opts = " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                        for k, v in sorted(self.options.items()))
        return f"{self.game} {self.players}p" + (f" {opts}" if opts else "")


Check = Callable[[int, Mapping[str, OptionValue]], None]


@dataclass(frozen=True)
class GameSpec:
    """What a game is: id, title, one-line summary, player range and options.

    ``check`` validates combinations (an option legal only for some player
    counts) and raises ``ConfigError``; ``realtime`` marks games with a clock.
    """

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    check: Check | None = None
    realtime: bool = False

    def option(self, key: str) -> Option:
        """The option named ``key``, or ``ConfigError`` listing the real ones."""
        for o in self.options:
            if o.key == key:
                return o
        known = ", ".join(o.key for o in self.options) or "(none)"
        raise ConfigError(f"{self.id} has no option {key!r}; its options are: {known}")

    def configure(self, players: int | None = None,
                  options: Mapping[str, Any] | None = None) -> Config:
        """Validate a player count and options (missing ones take their default)."""
        n = self.min_players if players is None else players
        if type(n) is not int or not self.min_players <= n <= self.max_players:
            raise ConfigError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, got {n!r}"
            )
        given = dict(options or {})
        values: dict[str, OptionValue] = {}
        for key in given:
            self.option(key)  # raises on unknown keys
        for o in self.options:
            values[o.key] = o.validate(given[o.key]) if o.key in given else o.default
        if self.check:
            self.check(n, values)
        return Config(self.id, n, values)

    def parse_options(self, pairs: list[str]) -> dict[str, OptionValue]:
        """Parse command-line ``KEY=VALUE`` strings into typed option values."""
        out: dict[str, OptionValue] = {}
        for pair in pairs:
            key, sep, text = pair.partition("=")
            if not sep:
                raise ConfigError(f"variant {pair!r} must look like KEY=VALUE")
            out[key.strip()] = self.option(key.strip()).parse(text)
        return out

    def describe(self) -> dict[str, Any]:
        """A JSON-able description."""
        return {"id": self.id, "title": self.title, "summary": self.summary,
                "players": [self.min_players, self.max_players], "realtime": self.realtime,
                "options": [o.describe() for o in self.options]}
