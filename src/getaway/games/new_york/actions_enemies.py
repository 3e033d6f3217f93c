"""The actions about Enemies: where New York moves one and which, damage to one, a trick
(see :mod:`.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, action
from getaway.games.new_york import words


@action("route")
@dataclass(frozen=True, slots=True)
class Route(Action):
    """Send the Enemy being moved to this space (a tie New York leaves to you)."""

    space: str

    def label(self) -> str:
        return words.label_route(self.space)


@action("pick")
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Choose this Enemy: the tied Enemy New York moves next (NY-220), or the Prisoner a
    Car picks up on its way (NY-205)."""

    enemy: str

    def label(self) -> str:
        return words.label_pick(self.enemy)


@action("hit")
@dataclass(frozen=True, slots=True)
class Hit(Action):
    """Inflict 1 damage on this Enemy (NY-42)."""

    enemy: str

    def label(self) -> str:
        return words.label_hit(self.enemy)


@action("trick")
@dataclass(frozen=True, slots=True)
class TrickTo(Action):
    """Trick this Enemy into the space across ``side`` of its own (NY-114)."""

    enemy: str
    side: str

    def label(self) -> str:
        return words.label_trick(self.enemy, self.side)
