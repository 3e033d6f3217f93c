"""Loading ``sections.toml``: the 23 street sections and the starting layout."""

from __future__ import annotations

from typing import Any

from getaway.core.content import Entry, count, entries, only, unique
from getaway.core.errors import ContentError
from getaway.games.zombie_city.board import Placement, Section
from getaway.games.zombie_city.model import (
    BUILDING_OF,
    ENTRY_ICONS,
    PATH_ICONS,
    SECTION_COUNTS,
    SECTIONS,
    START_KINDS,
    START_SECTIONS,
    WEAPONS,
    Edge,
    Icon,
    SectionKind,
    Stack,
    opposite,
    step,
)

F = "sections.toml"
_STREETS = {SectionKind.CEMETERY: 0, SectionKind.CARGO_BAY: 0,
            SectionKind.START_CROSSROADS: 4, SectionKind.CROSSROADS: 4,
            SectionKind.JUNCTION: 3, SectionKind.GAS_STATION: 2, SectionKind.HOSPITAL: 2,
            SectionKind.SUPERMARKET: 2, SectionKind.EXIT: 1}
"""Streets per kind (a crossroads has four, a three-way junction three); the church is free."""


def _section(e: Entry) -> Section:
    sid = e.text("id")
    kind = e.enum("kind", SectionKind)
    name = e.text("name")
    stack = e.enum("stack", Stack)
    if (stack is Stack.START) != (kind in START_KINDS):
        raise e.fail("the cemetery, cargo bay, church and starting crossroads, and only "
                     "they, are starting sections (stack 'S')")
    if kind is SectionKind.EXIT and stack is not Stack.B:
        raise e.fail("the exit is in pile B")
    streets = e.enums("streets", Edge)
    if len(set(streets)) != len(streets):
        raise e.fail("streets lists an edge twice")
    want = _STREETS.get(kind)
    if want is not None and len(streets) != want:
        raise e.fail(f"a {kind.value} has {want} streets, got {len(streets)}")
    if kind is SectionKind.CHURCH and not streets:
        raise e.fail("the church needs a street")
    skull = e.opt_enum("skull", Edge)
    needs_skull = bool(streets) and kind is not SectionKind.CHURCH
    if needs_skull and skull is None:
        raise e.fail("a section with streets needs a 'skull' (except the church)")
    if not needs_skull and skull is not None:
        raise e.fail("only sections zombies can walk have a 'skull'")
    if skull is not None and skull not in streets:
        raise e.fail(f"the skull marks the main street, but {skull.value} has no street")
    entry = e.enums("entry", Icon, PATH_ICONS)
    if streets and len(entry) != ENTRY_ICONS:
        raise e.fail(f"entry must list {ENTRY_ICONS} icons, got {len(entry)}")
    if not streets and entry:
        raise e.fail("a section without streets cannot be entered, so it has no entry icons")
    piles = e.integer("piles", 0, 2)
    if piles and (stack is Stack.START or not streets):
        raise e.fail("zombie piles lie only on revealed sections")
    search = e.enums("search", Icon, WEAPONS, ())
    if (kind in BUILDING_OF) != bool(search):
        raise e.fail("a special building needs 'search' icons, and only it has them")
    source = e.source()
    e.done()
    return Section(sid, kind, name, stack, frozenset(streets), skull, entry, piles, search,
                   source)


def sections_from(raw: dict[str, Any]) -> tuple[tuple[Section, ...], tuple[Placement, ...]]:
    only(raw, F, "section", "start")
    sections = tuple(_section(e) for e in entries(raw, F, "section", "section"))
    unique(F, "section", [s.id for s in sections])
    count(F, "street sections", len(sections), SECTIONS)
    for kind, n in SECTION_COUNTS.items():
        count(F, f"{kind.value} sections", sum(s.kind is kind for s in sections), n)
    if not any(s.stack is Stack.A for s in sections):
        raise ContentError(f"{F}: pile A is empty")
    by_id = {s.id: s for s in sections}

    def label(d: dict[str, Any]) -> str | None:
        return repr(d["section"]) if isinstance(d.get("section"), str) else None

    start = []
    for e in entries(raw, F, "start", "start", label):
        sid = e.text("section")
        if sid not in by_id:
            raise e.fail(f"no section {sid!r}")
        if by_id[sid].stack is not Stack.START:
            raise e.fail("only sections marked S are laid at the start")
        start.append(Placement(sid, e.integer("x", -9, 9), e.integer("y", -9, 9),
                               e.integer("turns", 0, 3), e.source()))
        e.done()
    unique(F, "start section", [p.section for p in start])
    count(F, "starting sections", len(start), START_SECTIONS)
    _check_layout(start, by_id)
    return sections, tuple(start)


def _check_layout(start: list[Placement], by_id: dict[str, Section]) -> None:
    cells: dict[tuple[int, int], Placement] = {}
    for p in start:
        if (p.x, p.y) in cells:
            raise ContentError(f"{F}: start {p.section!r}: cell ({p.x}, {p.y}) already holds "
                               f"{cells[p.x, p.y].section!r}")
        cells[p.x, p.y] = p
    church = next(p for p in start if by_id[p.section].kind is SectionKind.CHURCH)
    for p in start:
        sec = by_id[p.section]
        streets = sec.streets_at(p.turns)
        for edge in streets:
            other = cells.get(step(p.x, p.y, edge))
            if other is not None and opposite(edge) not in \
                    by_id[other.section].streets_at(other.turns):
                raise ContentError(f"{F}: start {p.section!r}: its {edge.value} street runs "
                                   f"into a side of {other.section!r} without a street")
        skull = sec.skull_at(p.turns)
        if skull is not None and step(p.x, p.y, skull) != (church.x, church.y):
            raise ContentError(f"{F}: start {p.section!r}: its skull must face the church")
        if sec.streets and p is not church and not any(
                step(p.x, p.y, e) == (church.x, church.y) for e in streets):
            raise ContentError(f"{F}: start {p.section!r}: no street leads to the church")
