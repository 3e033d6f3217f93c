"""Agents: the random agent, each game's heuristic, and the registry that builds them.

An agent is named on the command line as ``NAME`` or ``NAME:KEY=VALUE:...``
(e.g. ``random``, ``heuristic``); :func:`make_agent` turns such a spec into an
:class:`~getaway.core.agent.Agent` for one game.
"""

from __future__ import annotations

from getaway.agents.registry import agent_names, make_agent, parse_agent_list

__all__ = ["agent_names", "make_agent", "parse_agent_list"]
