"""Building agents from command-line specs such as ``heuristic`` or ``random``."""

from __future__ import annotations

from getaway.agents.ismcts import ISMCTS, FlatMC
from getaway.agents.levels import level_agents
from getaway.agents.random import RandomAgent
from getaway.core.agent import Agent
from getaway.core.errors import ConfigError
from getaway.core.registry import AgentFactory, Game

GENERIC: dict[str, AgentFactory] = {"random": RandomAgent, "ismcts": ISMCTS, "flat-mc": FlatMC}


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
        return factories[name](**kwargs)
    except TypeError as e:
        raise ConfigError(f"agent {name!r} does not accept {sorted(kwargs)}: {e}") from None


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
