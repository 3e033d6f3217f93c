"""The actions of a turn's own steps: playing and revealing Action cards, the Personal
Ability, the Timer tile of step 1, the Car's extra move and its passenger, a Building's
option, the Collective and Lone Victories, and ``done`` (see :mod:`.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, action
from getaway.games.new_york import words

OPTION_IDS = ("library-item", "library-card", "gunshop-items", "gunshop-reload")
"""A Building's options, in the order of the action space."""


@action("play_card")
@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Step 2: put this Action card face down in front of you (NY-33)."""

    card: str

    def label(self) -> str:
        return words.label_play(self.card)


@action("reveal_card")
@dataclass(frozen=True, slots=True)
class RevealCard(Action):
    """Steps 3-4: reveal this played card and resolve it (NY-35)."""

    card: str

    def label(self) -> str:
        return words.label_reveal(self.card)


@action("ability")
@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use the Personal Ability instead of revealing this played card (NY-179)."""

    card: str
    mode: str

    def label(self) -> str:
        return words.label_ability(self.card, self.mode)


@action("reveal_timer")
@dataclass(frozen=True, slots=True)
class RevealTimer(Action):
    """Step 1: reveal a Timer tile to take back all discards (NY-27..31)."""

    def label(self) -> str:
        return words.LABEL_REVEAL_TIMER


@action("done")
@dataclass(frozen=True, slots=True)
class Done(Action):
    """End an optional step, stop, or decline an offer."""

    def label(self) -> str:
        return words.LABEL_DONE


@action("car_move")
@dataclass(frozen=True, slots=True)
class CarMove(Action):
    """Step 5: the Car's extra move (NY-43)."""

    def label(self) -> str:
        return words.LABEL_CAR_MOVE


@action("carry")
@dataclass(frozen=True, slots=True)
class Carry(Action):
    """Offer this seat's Hero a ride on your move (NY-45)."""

    seat: int

    def label(self) -> str:
        return words.label_carry(self.seat)


@action("accept")
@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Agree to be carried (NY-45)."""

    def label(self) -> str:
        return words.LABEL_ACCEPT


@action("decline")
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Refuse to be carried."""

    def label(self) -> str:
        return words.LABEL_DECLINE


@action("option")
@dataclass(frozen=True, slots=True)
class Opt(Action):
    """Choose a Building's option: ``library-item``, ``library-card``, ``gunshop-items``,
    ``gunshop-reload``."""

    choice: str

    def label(self) -> str:
        return words.label_option(self.choice)


@action("claim_lone")
@dataclass(frozen=True, slots=True)
class ClaimLone(Action):
    """Claim a Lone Victory (NY-83..87)."""

    def label(self) -> str:
        return words.LABEL_CLAIM_LONE


@action("show")
@dataclass(frozen=True, slots=True)
class Show(Action):
    """Join the Collective Victory attempt (NY-76)."""

    def label(self) -> str:
        return words.LABEL_SHOW


@action("hide")
@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Refuse to reveal (the traitor's way out)."""

    def label(self) -> str:
        return words.LABEL_HIDE
