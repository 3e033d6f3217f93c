"""The actions of a turn's own steps: playing and revealing Action cards, the Personal
Ability, the Timer tile of step 1, the Car's extra move and its passenger, a Building's
option, the Collective and Lone Victories, and ``done`` (see :mod:`.actions`)."""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, action
from getaway.games.new_york.tables import ACTIONS

CARD_NAME = {c.id: c.name for c in ACTIONS}
OPTION_TEXT = {"library-item": "draw an Item", "library-card": "take back a random discard",
               "gunshop-items": "draw 2 Items and keep 1",
               "gunshop-reload": "reload up to 2 Ammo"}


@action("play_card")
@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Step 2: put this Action card face down in front of you (NY-33)."""

    card: str

    def label(self) -> str:
        return f"play {CARD_NAME[self.card]} face down"


@action("reveal_card")
@dataclass(frozen=True, slots=True)
class RevealCard(Action):
    """Steps 3-4: reveal this played card and resolve it (NY-35)."""

    card: str

    def label(self) -> str:
        return f"reveal and resolve {CARD_NAME[self.card]}"


@action("ability")
@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use the Personal Ability instead of revealing this played card (NY-179)."""

    card: str
    mode: str

    def label(self) -> str:
        what = "2 damage here" if self.mode == "attack" else "move 1 and reveal"
        return f"Personal Ability ({what}) instead of {CARD_NAME[self.card]}"


@action("reveal_timer")
@dataclass(frozen=True, slots=True)
class RevealTimer(Action):
    """Step 1: reveal a Timer tile to take back all discards (NY-27..31)."""

    def label(self) -> str:
        return "reveal a Timer tile and take back every discard"


@action("done")
@dataclass(frozen=True, slots=True)
class Done(Action):
    """End an optional step, stop, or decline an offer."""

    def label(self) -> str:
        return "done / skip"


@action("car_move")
@dataclass(frozen=True, slots=True)
class CarMove(Action):
    """Step 5: the Car's extra move (NY-43)."""

    def label(self) -> str:
        return "make the Car's extra move"


@action("carry")
@dataclass(frozen=True, slots=True)
class Carry(Action):
    """Offer this seat's Hero a ride on your move (NY-45)."""

    seat: int

    def label(self) -> str:
        return f"take seat {self.seat}'s Hero along"


@action("accept")
@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Agree to be carried (NY-45)."""

    def label(self) -> str:
        return "ride along"


@action("decline")
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Refuse to be carried."""

    def label(self) -> str:
        return "stay here"


@action("option")
@dataclass(frozen=True, slots=True)
class Opt(Action):
    """Choose a Building's option: ``library-item``, ``library-card``, ``gunshop-items``,
    ``gunshop-reload``."""

    choice: str

    def label(self) -> str:
        return OPTION_TEXT[self.choice]


@action("claim_lone")
@dataclass(frozen=True, slots=True)
class ClaimLone(Action):
    """Claim a Lone Victory (NY-83..87)."""

    def label(self) -> str:
        return "reveal your objectives and escape alone"


@action("show")
@dataclass(frozen=True, slots=True)
class Show(Action):
    """Join the Collective Victory attempt (NY-76)."""

    def label(self) -> str:
        return "reveal your President, Tape and Diagrams"


@action("hide")
@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Refuse to reveal (the traitor's way out)."""

    def label(self) -> str:
        return "keep your cards hidden"
