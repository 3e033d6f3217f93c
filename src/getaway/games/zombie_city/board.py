"""The street sections and the starting layout, with the placement geometry.

Sections are squares on a grid (x grows east, y grows south). Each section is
described as printed, and turned by whole quarter turns when it is laid:
``turns`` clockwise quarter turns move every printed edge by :func:`rotate`.
A revealed section is laid on the empty cell across the revealer's open
street and turned so that its skull edge faces that street (:func:`placement`);
zombies on it then move out through its skull edge, back towards the section
it was revealed from, and so, step by step, towards the church.
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.content import Source
from getaway.games.zombie_city.model import (
    BUILDING_OF,
    Building,
    Edge,
    Icon,
    SectionKind,
    Stack,
    opposite,
    rotate,
    step,
    turns_to_face,
)


@dataclass(frozen=True)
class Section:
    """One street section as printed (before any turn).

    ``streets``: the printed edges with a street; ``skull``: the edge of the
    main street (None for the church and the two display sections);
    ``entry``: the two icons that enter it (empty when it cannot be entered);
    ``piles``: zombie-pile spots; ``search``: the icons that search its
    building (empty when it has none).
    """

    id: str
    kind: SectionKind
    name: str
    stack: Stack
    streets: frozenset[Edge]
    skull: Edge | None
    entry: tuple[Icon, ...]
    piles: int
    search: tuple[Icon, ...]
    source: Source

    @property
    def building(self) -> Building | None:
        """The special building on this section, if any."""
        return BUILDING_OF.get(self.kind)

    @property
    def enterable(self) -> bool:
        """Whether survivors (and the van) can ever stand on it."""
        return bool(self.streets)

    def streets_at(self, turns: int) -> frozenset[Edge]:
        """The street edges once turned ``turns`` quarter turns clockwise."""
        return frozenset(rotate(e, turns) for e in self.streets)

    def skull_at(self, turns: int) -> Edge | None:
        """The skull edge once turned ``turns`` quarter turns clockwise."""
        return None if self.skull is None else rotate(self.skull, turns)


@dataclass(frozen=True)
class Placement:
    """Where a section lies: its cell and its quarter turns clockwise."""

    section: str
    x: int
    y: int
    turns: int
    source: Source


def placement(section: Section, x: int, y: int, street: Edge) -> Placement:
    """Where ``section`` goes when revealed across ``street`` of the section at (x, y).

    >>> from getaway.games.zombie_city.content import CONTENT
    >>> p = placement(CONTENT.section("gas-station-1"), -1, 0, Edge.W)
    >>> (p.x, p.y, p.turns), CONTENT.section("gas-station-1").skull_at(p.turns)
    ((-2, 0, 3), <Edge.E: 'E'>)
    """
    if section.skull is None:
        raise ValueError(f"section {section.id!r} has no skull and is never revealed")
    nx, ny = step(x, y, street)
    return Placement(section.id, nx, ny, turns_to_face(section.skull, opposite(street)),
                     Source.DESIGNED)
