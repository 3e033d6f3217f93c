"""The game protocol: decisions, chance, clocks, records, errors and the registry.

``core`` imports nothing else of the project; every game imports only ``core``.
"""

from __future__ import annotations

from getaway.core.actions import Action, ActionSpace, action
from getaway.core.agent import Agent, Observation
from getaway.core.chance import Rng, derive_seed
from getaway.core.clock import Clock, Timeline
from getaway.core.decisions import PASS, Decision, DecisionState, Pass, ReactionWindow, Simultaneous
from getaway.core.errors import (
                                    ConfigError,
                                    ContentError,
                                    GetawayError,
                                    IllegalAction,
                                    NotRealTime,
                                    RecordError,
)
from getaway.core.events import Event, visible
from getaway.core.match import Match
from getaway.core.records import Record, replay
from getaway.core.registry import Game, Registry
from getaway.core.spec import Config, GameSpec, Option
from getaway.core.state import Outcome, State

__all__ = [
    "PASS", "Action", "ActionSpace", "Agent", "Clock", "Config", "ConfigError", "ContentError",
    "Decision", "DecisionState", "Event", "Game", "GameSpec", "GetawayError", "IllegalAction",
    "Match", "NotRealTime", "Observation", "Option", "Outcome", "Pass", "ReactionWindow",
    "Record", "RecordError", "Registry", "Rng", "Simultaneous", "State", "Timeline", "action",
    "derive_seed", "replay", "visible",
]
