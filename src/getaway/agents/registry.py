"""Building agents from command-line specs such as ``heuristic`` or ``random``.

Every agent built here is labelled (``Agent.describe()``, the ``agents`` of
every results row) by its canonical spec: its name, then each setting that
differs from the factory's default, in the order of the factory's parameters
(``ismcts:iterations=30:depth=40:progress_weight=0.5``). Two line-ups that
play differently never share a label, and one agent written two ways
(``ismcts:depth=400:c=0.70`` and ``ismcts``) gets one label.
"""

from __future__ import annotations

import inspect
from typing import Any

from getaway.agents.blueprint import BlueprintSearch
from getaway.agents.ismcts import ISMCTS, FlatMC
from getaway.agents.levels import level_agents
from getaway.agents.random import RandomAgent
from getaway.core.agent import Agent
from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game

GENERIC: dict[str, AgentFactory] = {"random": RandomAgent, "ismcts": ISMCTS, "flat-mc": FlatMC,
                                    "blueprint": BlueprintSearch}


def agent_names(game: Game) -> list[str]:
    """Every agent name usable with ``game``."""
    return sorted({*GENERIC, *level_agents(game), *game.agents()})


def _value(text: str) -> int | float | str | bool:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def make_agent(spec: str, game: Game) -> Agent:
    """An agent from ``NAME[:KEY=VALUE...]``; ``ConfigError`` names what is wrong."""
    name, *params = spec.strip().split(":")
    factories = {**GENERIC, **level_agents(game), **game.agents()}
    if name not in factories:
        known = ", ".join(agent_names(game))
        raise ConfigError(f"unknown agent {name!r} for {game.id}; known agents: {known}")
    kwargs: dict[str, object] = {}
    for p in params:
        key, sep, text = p.partition("=")
        if not sep or not key:
            raise ConfigError(f"agent setting {p!r} in {spec!r} must look like KEY=VALUE")
        kwargs[key] = _value(text)
    try:
        agent = factories[name](**kwargs)
    except TypeError as e:
        raise ConfigError(f"agent {name!r} does not accept {sorted(kwargs)}: {e}") from None
    agent.spec = agent_label(name, factories[name], kwargs)
    return agent


def _text(value: object) -> str:
    """A setting's value as written in a spec (and read back by ``_value`` unchanged)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        short = f"{value:g}"
        return short if float(short) == value else repr(value)
    return str(value)


def _same(value: object, default: object) -> bool:
    return isinstance(value, bool) == isinstance(default, bool) and value == default


def agent_label(name: str, factory: AgentFactory, settings: dict[str, Any]) -> str:
    """The canonical spec of agent ``name`` built by ``factory`` with ``settings``.

    Settings equal to the factory's defaults are left out; the others follow
    the order of its parameters (then, for settings it passes on through
    ``**kwargs``, by name).
    """
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # pragma: no cover - every factory has a signature
        params = {}  # type: ignore[assignment]
    order = {k: i for i, k in enumerate(params)}
    parts = []
    for key in sorted(settings, key=lambda k: (order.get(k, len(order)), k)):
        p = params.get(key)
        if p is not None and p.default is not inspect.Parameter.empty \
                and _same(settings[key], p.default):
            continue
        parts.append(f"{key}={_text(settings[key])}")
    return ":".join([name, *parts])


def parse_agent_list(text: str, game: Game, seats: int) -> list[Agent]:
    """One agent per seat from ``A,B,...``: a single name serves every seat."""
    specs = [s for s in text.split(",") if s.strip()]
    if not specs:
        raise ConfigError("no agents given")
    if len(specs) == 1:
        specs = specs * seats
    if len(specs) != seats:
        raise ConfigError(f"{len(specs)} agents given for {seats} seats; give one or {seats}")
    return [make_agent(s, game) for s in specs]
