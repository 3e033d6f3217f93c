"""The effect vocabulary of Escape Plan's Contact cards, Fixer, Asset and Equipment tiles.

What a card or tile does is data: a list of effects, each a TOML table
``{do = "op", ...}`` whose parameters are checked against :data:`SCHEMA` on
load. Every one-use benefit of the rulebook's four tables (EP-185..226) is one
effect; the engine reads them in order.

When an effect may be used (EP-157) is a property of its operation
(:data:`TIMING`): at any moment of the owner's own turn, only during movement,
only during the avoid step, or in place of a Key during a visit. The printed
icons are lost (EP-GAP-24); each timing is inferred from the effect's wording.
The ``gang`` effect offers the three Gang Member abilities (EP-163), each with
its own timing (:data:`GANG_OPTIONS`).

Example: ``{ do = "avoid", scope = "one", colours = ["black", "blue"] }`` is the
Gas Mask (EP-226): during the avoid step, one black or one blue officer on a
tile being left does not wound.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from getaway.core.content import Entry
from getaway.games.escape_plan.model import Police


class Op(StrEnum):
    """What an effect does."""

    MOVE_POLICE = "move_police"      # move one `colour` officer to a tile without one (EP-166..168)
    AVOID = "avoid"                  # officers on one tile left do not wound (see Scope)
    EXTRA_ACTION = "extra_action"    # gain `count` Extra Action discs
    GANG = "gang"                    # one of the three Gang Member abilities (EP-163)
    GAS = "gas"                      # `mp` more Movement Points this move (EP-71)
    INCOME = "income"                # receive Income: the Income track's value now (EP-39)
    NOTORIETY = "notoriety"          # Notoriety changes by `delta` (a cube to Red or Blue box)
    WATER = "water"                  # move through the Water spaces of one body of water this turn
    MEDEVAC = "medevac"              # go straight to the Hospital; the movement ends
    HEAL = "heal"                    # heal `wounds` Wounds
    SEWER = "sewer"                  # to a City tile exactly 2 away; 1 MP if the Land type changes
    REMOVE_POLICE = "remove_police"  # one `colour` officer on the board leaves the game
    TAKE_CONTACT = "take_contact"    # gain `count` Contact cards (EP-169, EP-170)
    REFRESH = "refresh"              # every used Equipment tile and Contact card is ready again
    UNLOCK_ASSET = "unlock_asset"    # unlock `count` Asset tiles (EP-172..174)
    FLY = "fly"                      # fly 1 or 2 City tiles from a tile with a `start` (EP-76)
    MASTER_KEY = "master_key"        # serves as a Key: a Closed Business or any Locker (EP-219)


class Timing(StrEnum):
    """When an effect may be used during its owner's turn (EP-157, EP-158)."""

    ANY = "any"                # no icon: any moment of the owner's own turn
    MOVEMENT = "movement"      # the movement icon: only while moving
    AVOID = "avoid"            # the avoid icon: only in the avoid step
    KEY = "key"                # spent as a Key while visiting (Closed Business, Locker)


class Scope(StrEnum):
    """What an ``avoid`` effect covers on one tile the player left."""

    ONE = "one"          # one officer of one of `colours` (Stunt, Equipment)
    COLOUR = "colour"    # every officer of the one colour in `colours` (Boxer, Fight, Ninja)
    ALL = "all"          # every officer on the tile (Fast Car, Skateboard, the Asset)


class GangOption(StrEnum):
    """The three Gang Member abilities a ``gang`` effect offers (EP-163)."""

    NOTORIETY = "notoriety"    # lose 1 Notoriety
    FLY = "fly"                # a flight of 1 or 2 City tiles (EP-GAP-25)
    AVOID = "avoid"            # every officer on one chosen tile is ignored


class Start(StrEnum):
    """Where a ``fly`` effect can take off from."""

    HELIPORT = "heliport"      # a City tile with a Heliport (Chopper, Helicopter)
    HELIPAD = "helipad"        # a Helipad tile (the Gang Member flight, EP-77)


TIMING: dict[Op, Timing] = {
    Op.MOVE_POLICE: Timing.ANY,
    Op.AVOID: Timing.AVOID,
    Op.EXTRA_ACTION: Timing.ANY,
    Op.GANG: Timing.ANY,           # the chosen option's own timing applies (GANG_OPTIONS)
    Op.GAS: Timing.MOVEMENT,
    Op.INCOME: Timing.ANY,
    Op.NOTORIETY: Timing.ANY,
    Op.WATER: Timing.MOVEMENT,
    Op.MEDEVAC: Timing.MOVEMENT,
    Op.HEAL: Timing.ANY,
    Op.SEWER: Timing.MOVEMENT,
    Op.REMOVE_POLICE: Timing.ANY,
    Op.TAKE_CONTACT: Timing.ANY,
    Op.REFRESH: Timing.ANY,
    Op.UNLOCK_ASSET: Timing.ANY,
    Op.FLY: Timing.MOVEMENT,
    Op.MASTER_KEY: Timing.KEY,
}
"""When each operation may be used (EP-157; the icons are lost, EP-GAP-24)."""

GANG_OPTIONS: dict[GangOption, Timing] = {
    GangOption.NOTORIETY: Timing.ANY,
    GangOption.FLY: Timing.MOVEMENT,
    GangOption.AVOID: Timing.AVOID,
}
"""The timing of each Gang Member ability (EP-163)."""


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of an operation: an int in ``lo..hi``, a member of the enum
    ``type``, or (``many``) a non-empty list of distinct members; ``default``
    ``...`` means required."""

    type: type
    default: Any = ...
    lo: int = 0
    hi: int = 0
    many: bool = False


_COLOURS = Param(Police, tuple(Police), many=True)
SCHEMA: dict[Op, dict[str, Param]] = {
    Op.MOVE_POLICE: {"colour": Param(Police)},
    Op.AVOID: {"scope": Param(Scope), "colours": _COLOURS},
    Op.EXTRA_ACTION: {"count": Param(int, 1, 1, 2)},
    Op.GANG: {},
    Op.GAS: {"mp": Param(int, 1, 1, 2)},
    Op.INCOME: {},
    Op.NOTORIETY: {"delta": Param(int, ..., -2, 2)},
    Op.WATER: {},
    Op.MEDEVAC: {},
    Op.HEAL: {"wounds": Param(int, 1, 1, 3)},
    Op.SEWER: {},
    Op.REMOVE_POLICE: {"colour": Param(Police)},
    Op.TAKE_CONTACT: {"count": Param(int, 1, 1, 2)},
    Op.REFRESH: {},
    Op.UNLOCK_ASSET: {"count": Param(int, 1, 1, 2)},
    Op.FLY: {"start": Param(Start, Start.HELIPORT), "mp": Param(int, 0, 0, 1)},
    Op.MASTER_KEY: {},
}
"""The parameters of every operation."""


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "+".join(str(v) for v in value)
    return str(value)


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: its operation and its checked parameters (in :data:`SCHEMA` order)."""

    op: Op
    params: tuple[tuple[str, Any], ...]

    def __getitem__(self, key: str) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        raise KeyError(key)

    @property
    def timing(self) -> Timing:
        """When it may be used (:data:`TIMING`)."""
        return TIMING[self.op]

    @property
    def colours(self) -> tuple[Police, ...]:
        """The officer colours it names (empty for effects that name none)."""
        if self.op in (Op.MOVE_POLICE, Op.REMOVE_POLICE):
            return (self["colour"],)
        if self.op is Op.AVOID:
            return tuple(self["colours"])
        return ()

    @property
    def covers_sandra(self) -> bool:
        """An avoid effect that names every colour also covers Sandra's pawn, who has
        no colour (EP-81, EP-GAP-27)."""
        return self.op is Op.AVOID and set(self["colours"]) == set(Police)

    def text(self) -> str:
        """A short readable form, e.g. ``avoid(scope=one, colours=blue+black)``."""
        inner = ", ".join(f"{k}={_show(v)}" for k, v in self.params)
        return f"{self.op.value}({inner})"


def _value(e: Entry, key: str, p: Param) -> Any:
    if p.many:
        if key not in e.data:
            e.used.add(key)
            return p.default
        got: tuple[Any, ...] = e.enums(key, p.type)
        if not got or len(set(got)) != len(got):
            raise e.fail(f"{key} must list distinct values, at least one; got {list(got)}")
        members: list[Any] = list(p.type)  # type: ignore[call-overload]
        return tuple(m for m in members if m in got)   # the enum's order
    if p.type is int:
        return e.integer(key, p.lo, p.hi, p.default)
    if key not in e.data and p.default is not ...:
        e.used.add(key)
        return p.default
    return e.enum(key, p.type)


def _check(e: Entry, eff: Effect) -> None:
    if eff.op is Op.AVOID:
        scope, colours = eff["scope"], eff["colours"]
        if scope is Scope.ALL and len(colours) != len(Police):
            raise e.fail("an avoid of scope all covers every colour; give no colours")
        if scope is Scope.COLOUR and len(colours) != 1:
            raise e.fail("an avoid of scope colour names exactly one colour")
    if eff.op is Op.NOTORIETY and eff["delta"] == 0:
        raise e.fail("delta must not be 0")


def parse(entry: Entry, data: Any, what: str) -> Effect:
    """One effect table, checked against :data:`SCHEMA`; errors name file and entry."""
    e = entry.sub(data, what)
    op = e.enum("do", Op)
    out = tuple((key, _value(e, key, p)) for key, p in SCHEMA[op].items())
    e.done()
    eff = Effect(op, out)
    _check(e, eff)
    return eff


def effects(entry: Entry, key: str = "effects") -> tuple[Effect, ...]:
    """The non-empty list of effect tables under ``key``, all used at one moment."""
    raw = entry.get(key, list)
    if not raw:
        raise entry.fail(f"{key} must hold at least one effect")
    out = tuple(parse(entry, d, f"{key} #{i + 1}") for i, d in enumerate(raw))
    if len({x.timing for x in out}) > 1:
        raise entry.fail(f"{key} mix timings ({', '.join(x.timing.value for x in out)}); "
                         f"a card is used at one moment (EP-157)")
    return out
