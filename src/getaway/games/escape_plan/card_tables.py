"""The rulebook's tables of Contact cards, Fixer, Asset and Equipment tiles, as checks.

The data files hold every card; the loaders compare them with these tables so an
edit can never contradict a printed cost, ★ or benefit (EP-185..226). An
expected effect is written in :meth:`~.effects.Effect.text` form; ``{c}`` stands
for the colour the card names (designed, EP-GAP-26).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from getaway.games.escape_plan.model import Equipment


class ContactKind(StrEnum):
    """The 16 kinds of the rulebook's Contact table; a kind may print several names."""

    BRIBE_RALLY = "bribe_rally"
    CHOPPER = "chopper"
    FAST_CAR = "fast_car"
    BOXER_FIGHT_NINJA = "boxer_fight_ninja"
    FIXER = "fixer"
    GANG = "gang"
    GAS_CAN = "gas_can"
    GENERAL_STORE = "general_store"
    INFORMER = "informer"
    JET_SKI = "jet_ski"
    MEDEVAC = "medevac"
    MEDIC = "medic"
    SEWER = "sewer"
    SNITCH = "snitch"
    SPY = "spy"
    STUNT = "stunt"


@dataclass(frozen=True)
class Printed:
    """One line of a rulebook table: price (cost to use, or to buy), ★ and benefit."""

    rule: str
    price: int
    effect: str
    star: bool = False
    kind: ContactKind | None = None


_FLY = "fly(start=heliport, mp=0)"
_AVOID_ALL = "avoid(scope=all, colours=red+blue+black)"
_REFRESH = "refresh()"

CONTACTS: dict[str, Printed] = {
    "Bribe": Printed("EP-185", 2, "move_police(colour={c})", True, ContactKind.BRIBE_RALLY),
    "Rally": Printed("EP-185", 2, "move_police(colour={c})", True, ContactKind.BRIBE_RALLY),
    "Chopper": Printed("EP-186", 2, _FLY, True, ContactKind.CHOPPER),
    "Fast Car": Printed("EP-187", 3, _AVOID_ALL, True, ContactKind.FAST_CAR),
    "Boxer": Printed("EP-188", 2, "avoid(scope=colour, colours={c})", True,
                     ContactKind.BOXER_FIGHT_NINJA),
    "Fight": Printed("EP-188", 2, "avoid(scope=colour, colours={c})", True,
                     ContactKind.BOXER_FIGHT_NINJA),
    "Ninja": Printed("EP-188", 2, "avoid(scope=colour, colours={c})", True,
                     ContactKind.BOXER_FIGHT_NINJA),
    "Fixer": Printed("EP-189", 4, "extra_action(count=1)", False, ContactKind.FIXER),
    "Gang": Printed("EP-190", 2, "gang()", True, ContactKind.GANG),
    "Gas Can": Printed("EP-191", 0, "gas(mp=1)", False, ContactKind.GAS_CAN),
    "General Store": Printed("EP-192", 2, "income()", False, ContactKind.GENERAL_STORE),
    "Informer": Printed("EP-193", 3, "notoriety(delta=-1)", False, ContactKind.INFORMER),
    "Jet Ski": Printed("EP-194", 0, "water()", False, ContactKind.JET_SKI),
    "Medevac": Printed("EP-195", 0, "medevac()", False, ContactKind.MEDEVAC),
    "Medic": Printed("EP-196", 2, "heal(wounds=1)", True, ContactKind.MEDIC),
    "Sewer": Printed("EP-197", 2, "sewer()", True, ContactKind.SEWER),
    "Snitch": Printed("EP-198", 1, "remove_police(colour={c})", True, ContactKind.SNITCH),
    "Spy 1": Printed("EP-199", 2, "take_contact(count=1)", True, ContactKind.SPY),
    "Spy 2": Printed("EP-200", 3, _REFRESH, True, ContactKind.SPY),
    "Spy 3": Printed("EP-201", 3, "unlock_asset(count=1)", True, ContactKind.SPY),
    "Stunt": Printed("EP-202", 1, "avoid(scope=one, colours=red+blue+black)", True,
                     ContactKind.STUNT),
}
"""Contact card name -> cost to use, ★ and benefit (EP-185..202)."""

COLOURED = (ContactKind.BRIBE_RALLY, ContactKind.BOXER_FIGHT_NINJA, ContactKind.SNITCH)
"""Kinds whose cards each name one officer colour; together they name all three."""

FIXERS: dict[str, Printed] = {
    "Disguise": Printed("EP-205", 2, "notoriety(delta=-1)"),
    "Energy Drink": Printed("EP-206", 2, _REFRESH),
    "First Aid Kit": Printed("EP-207", 1, "heal(wounds=1)"),
    "Gold Bar": Printed("EP-208", 3, "unlock_asset(count=1)"),
    "ID Card": Printed("EP-209", 4, "extra_action(count=1)"),
    "Motorcycle": Printed("EP-210", 2, "gang()"),
    "Safe": Printed("EP-211", 3, "income()"),
    "Scuba Gear": Printed("EP-212", 1, "water()"),
    "Helicopter": Printed("EP-213", 1, _FLY),
    "Skateboard": Printed("EP-214", 1, _AVOID_ALL),
    "Telephone": Printed("EP-215", 2, "take_contact(count=1)"),
}
"""Fixer tile name -> price to buy at a Safe House and benefit (EP-204..216)."""

ASSETS: dict[str, Printed] = {
    "Move Red": Printed("EP-220", 0, "move_police(colour=red)"),
    "Move Blue": Printed("EP-220", 0, "move_police(colour=blue)"),
    "Move Black": Printed("EP-220", 0, "move_police(colour=black)"),
    "Extra Action": Printed("EP-222", 0, "extra_action(count=1)"),
    "Avoid All": Printed("EP-218", 0, _AVOID_ALL),
    "Master Key": Printed("EP-219", 0, "master_key()"),
    "Heal": Printed("EP-221", 0, "heal(wounds=1)"),
}
"""Asset tile name -> benefit (EP-217..222); the price is the space's (player.toml)."""

EQUIPMENT: dict[Equipment, Printed] = {
    Equipment.VEST: Printed("EP-223", 2, "avoid(scope=one, colours=red)"),
    Equipment.HAT: Printed("EP-224", 2, "avoid(scope=one, colours=blue)"),
    Equipment.HELMET: Printed("EP-225", 2, "avoid(scope=one, colours=black)"),
    Equipment.GAS_MASK: Printed("EP-226", 3, "avoid(scope=one, colours=blue+black)"),
}
"""Equipment kind -> price to buy at a Convenience Store and benefit (EP-223..227)."""
