"""The actions on a Hero's cards and counters: Items, Weapons, Cases, the President, Cars,
the supply limit, stealing, taking discards back, levelling up and objectives (see
:mod:`.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, action
from getaway.games.new_york import words


@action("use_weapon")
@dataclass(frozen=True, slots=True)
class UseWeapon(Action):
    """Use the Weapon in the slot (NY-146..149)."""

    def label(self) -> str:
        return words.LABEL_USE_WEAPON


@action("collect_president")
@dataclass(frozen=True, slots=True)
class CollectPresident(Action):
    """Take the President at the Duke's Camp (NY-128)."""

    def label(self) -> str:
        return words.LABEL_COLLECT_PRESIDENT


@action("collect_item")
@dataclass(frozen=True, slots=True)
class CollectItem(Action):
    """Trade an Item cube here for an Item card (NY-136)."""

    def label(self) -> str:
        return words.LABEL_COLLECT_ITEM


@action("take_car")
@dataclass(frozen=True, slots=True)
class TakeCar(Action):
    """Take a Car (NY-151)."""

    def label(self) -> str:
        return words.LABEL_TAKE_CAR


@action("abandon_car")
@dataclass(frozen=True, slots=True)
class AbandonCar(Action):
    """Leave the Car here (NY-155)."""

    def label(self) -> str:
        return words.LABEL_ABANDON_CAR


@action("steal")
@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Take the card in this place of a Hero's supply, unseen (NY-246)."""

    seat: int
    slot: int

    def label(self) -> str:
        return words.label_steal(self.seat, self.slot)


@action("recover")
@dataclass(frozen=True, slots=True)
class Recover(Action):
    """Take this discarded Action card back into your hand."""

    card: str

    def label(self) -> str:
        return words.label_recover(self.card)


@action("keep")
@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep this drawn Item (the others are discarded)."""

    item: str

    def label(self) -> str:
        return words.label_keep(self.item)


@action("special")
@dataclass(frozen=True, slots=True)
class ChooseSpecial(Action):
    """Take this Special Action card into your hand (NY-162)."""

    card: str

    def label(self) -> str:
        return words.label_special(self.card)


@action("swap")
@dataclass(frozen=True, slots=True)
class SwapObjective(Action):
    """Return your objective of this colour and choose from its deck (NY-165)."""

    colour: str

    def label(self) -> str:
        return words.label_swap(self.colour)


@action("take_objective")
@dataclass(frozen=True, slots=True)
class TakeObjective(Action):
    """Take this Personal Objective from the deck (NY-165)."""

    objective: str

    def label(self) -> str:
        return words.label_take_objective(self.objective)


@action("use_item")
@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """Use this Item from your supply and discard it (NY-139)."""

    item: str

    def label(self) -> str:
        return words.label_use_item(self.item)


@action("use_case")
@dataclass(frozen=True, slots=True)
class UseCase(Action):
    """Reveal this Case card to use its effect, once (NY-126, NY-243)."""

    case: str

    def label(self) -> str:
        return words.label_use_case(self.case)


@action("reveal_weapon")
@dataclass(frozen=True, slots=True)
class RevealWeapon(Action):
    """Put this Weapon face up in the Weapon slot (NY-144)."""

    item: str

    def label(self) -> str:
        return words.label_reveal_weapon(self.item)


@action("pay_level")
@dataclass(frozen=True, slots=True)
class PayLevel(Action):
    """Discard this Item to put an Item cube on your Level Bar (NY-161)."""

    item: str

    def label(self) -> str:
        return words.label_pay_level(self.item)


@action("discard_item")
@dataclass(frozen=True, slots=True)
class DiscardItem(Action):
    """Discard this Item from your supply."""

    item: str

    def label(self) -> str:
        return words.label_discard_item(self.item)


@action("discard_case")
@dataclass(frozen=True, slots=True)
class DiscardCase(Action):
    """Put this Case card in this empty Case space; its token comes here (NY-124)."""

    case: str
    slot: int

    def label(self) -> str:
        return words.label_discard_case(self.case, self.slot)


@action("collect_case")
@dataclass(frozen=True, slots=True)
class CollectCase(Action):
    """Collect the Case of this numbered token in your space (NY-118)."""

    slot: int

    def label(self) -> str:
        return words.label_collect_case(self.slot)
