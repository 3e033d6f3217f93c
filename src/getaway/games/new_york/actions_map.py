"""The actions on the map: a Hero's step, crash or bridge crossing, revealing a space or
a POI, looking at a POI, placing a Prisoner, moving the Helicopter (see :mod:`.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, action


@action("move")
@dataclass(frozen=True, slots=True)
class MoveTo(Action):
    """Move one step to this space."""

    space: str

    def label(self) -> str:
        return f"move to {self.space}"


@action("crash")
@dataclass(frozen=True, slots=True)
class CrashTo(Action):
    """Discard your Car to drive through the Roadblock towards this space (NY-154)."""

    space: str

    def label(self) -> str:
        return f"crash the Car through the Roadblock to {self.space}"


@action("cross_bridge")
@dataclass(frozen=True, slots=True)
class CrossBridge(Action):
    """Move onto this bridge: the Collective Victory attempt (NY-77)."""

    bridge: int

    def label(self) -> str:
        return f"move onto Bridge {self.bridge}"


@action("reveal_space")
@dataclass(frozen=True, slots=True)
class RevealSpace(Action):
    """Reveal this empty adjacent space (NY-97)."""

    space: str

    def label(self) -> str:
        return f"reveal {self.space}"


@action("reveal_poi")
@dataclass(frozen=True, slots=True)
class RevealPoi(Action):
    """Flip the face-down POI on this space (a Timer tile, NY-189)."""

    space: str

    def label(self) -> str:
        return f"flip the POI on {self.space}"


@action("peek_poi")
@dataclass(frozen=True, slots=True)
class PeekPoi(Action):
    """Look at the face-down POI on this space, alone."""

    space: str

    def label(self) -> str:
        return f"look at the POI on {self.space}"


@action("place")
@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a Prisoner on this space (the current player's choice, NY-195)."""

    space: str

    def label(self) -> str:
        return f"put a Prisoner on {self.space}"


@action("helicopter")
@dataclass(frozen=True, slots=True)
class MoveHeli(Action):
    """Move the Helicopter to this Central Park space (NY-159)."""

    space: str

    def label(self) -> str:
        return f"move the Helicopter to {self.space}"
