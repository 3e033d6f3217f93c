"""The actions on the map: a Hero's step, crash or bridge crossing, revealing a space or
a POI, looking at a POI, placing a Prisoner, moving the Helicopter (see :mod:`.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, action
from getaway.games.new_york import words


@action("move")
@dataclass(frozen=True, slots=True)
class MoveTo(Action):
    """Move one step to this space."""

    space: str

    def label(self) -> str:
        return words.label_move(self.space)


@action("crash")
@dataclass(frozen=True, slots=True)
class CrashTo(Action):
    """Discard your Car to drive through the Roadblock towards this space (NY-154)."""

    space: str

    def label(self) -> str:
        return words.label_crash(self.space)


@action("cross_bridge")
@dataclass(frozen=True, slots=True)
class CrossBridge(Action):
    """Move onto this bridge: the Collective Victory attempt (NY-77)."""

    bridge: int

    def label(self) -> str:
        return words.label_cross(self.bridge)


@action("reveal_space")
@dataclass(frozen=True, slots=True)
class RevealSpace(Action):
    """Reveal this empty adjacent space (NY-97)."""

    space: str

    def label(self) -> str:
        return words.label_reveal_space(self.space)


@action("reveal_poi")
@dataclass(frozen=True, slots=True)
class RevealPoi(Action):
    """Flip the face-down POI on this space (a Timer tile, NY-189)."""

    space: str

    def label(self) -> str:
        return words.label_reveal_poi(self.space)


@action("peek_poi")
@dataclass(frozen=True, slots=True)
class PeekPoi(Action):
    """Look at the face-down POI on this space, alone."""

    space: str

    def label(self) -> str:
        return words.label_peek_poi(self.space)


@action("place")
@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a Prisoner on this space (the current player's choice, NY-195)."""

    space: str

    def label(self) -> str:
        return words.label_place(self.space)


@action("helicopter")
@dataclass(frozen=True, slots=True)
class MoveHeli(Action):
    """Move the Helicopter to this Central Park space (NY-159)."""

    space: str

    def label(self) -> str:
        return words.label_helicopter(self.space)
