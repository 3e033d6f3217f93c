"""Escape from New York actions and the game's fixed action space (:data:`SPACE`).

Spaces are named by map id (``"c8r3"``), sides by ``N NE SE S SW NW``, cards by
their content id, Enemies by ``p1``..``p40`` (Prisoner tokens), ``car1``..``car4``
(Car figures driven by a Prisoner) and the Bosses' ids. JSON examples::

    {"kind": "play_card", "card": "snake-keep-low"}
    {"kind": "reveal_card", "card": "snake-keep-low"}
    {"kind": "ability", "card": "snake-scout-ahead", "mode": "move"}
    {"kind": "move", "space": "c8r2"}    {"kind": "cross_bridge", "bridge": 3}
    {"kind": "hit", "enemy": "p7"}        {"kind": "trick", "enemy": "romero", "side": "NW"}
    {"kind": "steal", "seat": 2, "slot": 0}   {"kind": "discard_case", "case": "tape", "slot": 2}
    {"kind": "option", "choice": "library-item"}   {"kind": "done"}

``done`` ends an optional step or declines an offer (no Timer tile, no Car
move, no reveal, stop moving, end the Level Up step).
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, ActionSpace, action
from getaway.games.new_york.tables import (
    ACTION_IDS,
    ACTIONS,
    BRIDGE_NUMBERS,
    CASE_IDS,
    CODE_NAMES,
    COLOUR_IDS,
    ENEMY_IDS,
    ITEM_IDS,
    ITEMS,
    MODES,
    N_CASE_SLOTS,
    OBJECTIVE_IDS,
    OBJECTIVES,
    SEATS,
    SIDE_IDS,
    SPACE_IDS,
    SUPPLY_ITEMS,
    SUPPLY_SLOTS,
    USABLE,
    WEAPONS,
)

CARD_NAME = {c.id: c.name for c in ACTIONS}
ITEM_NAME = {i.id: i.name for i in ITEMS}


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


@action("use_weapon")
@dataclass(frozen=True, slots=True)
class UseWeapon(Action):
    """Use the Weapon in the slot (NY-146..149)."""

    def label(self) -> str:
        return "use the revealed Weapon"


@action("collect_president")
@dataclass(frozen=True, slots=True)
class CollectPresident(Action):
    """Take the President at the Duke's Camp (NY-128)."""

    def label(self) -> str:
        return "collect the President"


@action("collect_item")
@dataclass(frozen=True, slots=True)
class CollectItem(Action):
    """Trade an Item cube here for an Item card (NY-136)."""

    def label(self) -> str:
        return "return an Item cube and draw an Item"


@action("take_car")
@dataclass(frozen=True, slots=True)
class TakeCar(Action):
    """Take a Car (NY-151)."""

    def label(self) -> str:
        return "take the abandoned Car here"


@action("abandon_car")
@dataclass(frozen=True, slots=True)
class AbandonCar(Action):
    """Leave the Car here (NY-155)."""

    def label(self) -> str:
        return "abandon your Car"


@action("car_move")
@dataclass(frozen=True, slots=True)
class CarMove(Action):
    """Step 5: the Car's extra move (NY-43)."""

    def label(self) -> str:
        return "make the Car's extra move"


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


@action("route")
@dataclass(frozen=True, slots=True)
class Route(Action):
    """Send the Enemy being moved to this space (a tie New York leaves to you)."""

    space: str

    def label(self) -> str:
        return f"the Enemy steps to {self.space}"


@action("pick")
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Choose which tied Enemy New York moves next (NY-220)."""

    enemy: str

    def label(self) -> str:
        return f"move {self.enemy} next"


@action("hit")
@dataclass(frozen=True, slots=True)
class Hit(Action):
    """Inflict 1 damage on this Enemy (NY-42)."""

    enemy: str

    def label(self) -> str:
        return f"1 damage to {self.enemy}"


@action("trick")
@dataclass(frozen=True, slots=True)
class TrickTo(Action):
    """Trick this Enemy into the space across ``side`` of its own (NY-114)."""

    enemy: str
    side: str

    def label(self) -> str:
        return f"trick {self.enemy} towards {self.side}"


@action("steal")
@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Take the card in this place of a Hero's supply, unseen (NY-246)."""

    seat: int
    slot: int

    def label(self) -> str:
        return f"steal card {self.slot + 1} of seat {self.seat}"


@action("recover")
@dataclass(frozen=True, slots=True)
class Recover(Action):
    """Take this discarded Action card back into your hand."""

    card: str

    def label(self) -> str:
        return f"take back {CARD_NAME[self.card]}"


@action("keep")
@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Keep this drawn Item (the others are discarded)."""

    item: str

    def label(self) -> str:
        return f"keep {ITEM_NAME[self.item]}"


@action("special")
@dataclass(frozen=True, slots=True)
class ChooseSpecial(Action):
    """Take this Special Action card into your hand (NY-162)."""

    card: str

    def label(self) -> str:
        return f"take {CARD_NAME[self.card]} into your hand"


@action("swap")
@dataclass(frozen=True, slots=True)
class SwapObjective(Action):
    """Return your objective of this colour and choose from its deck (NY-165)."""

    colour: str

    def label(self) -> str:
        return f"swap your {self.colour} objective"


@action("take_objective")
@dataclass(frozen=True, slots=True)
class TakeObjective(Action):
    """Take this Personal Objective from the deck (NY-165)."""

    objective: str

    def label(self) -> str:
        return f"take objective {OBJ_NAME[self.objective]}"


@action("carry")
@dataclass(frozen=True, slots=True)
class Carry(Action):
    """Offer this seat's Hero a ride on your move (NY-45)."""

    seat: int

    def label(self) -> str:
        return f"take seat {self.seat}'s Hero along"


@action("use_item")
@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """Use this Item from your supply and discard it (NY-139)."""

    item: str

    def label(self) -> str:
        return f"use {ITEM_NAME[self.item]}"


@action("use_case")
@dataclass(frozen=True, slots=True)
class UseCase(Action):
    """Reveal this Case card to use its effect, once (NY-126, NY-243)."""

    case: str

    def label(self) -> str:
        return f"reveal {CASE_NAME[self.case]} and use it"


@action("reveal_weapon")
@dataclass(frozen=True, slots=True)
class RevealWeapon(Action):
    """Put this Weapon face up in the Weapon slot (NY-144)."""

    item: str

    def label(self) -> str:
        return f"reveal {ITEM_NAME[self.item]} into the Weapon slot"


@action("pay_level")
@dataclass(frozen=True, slots=True)
class PayLevel(Action):
    """Discard this Item to put an Item cube on your Level Bar (NY-161)."""

    item: str

    def label(self) -> str:
        return f"discard {ITEM_NAME[self.item]} for the Level Bar"


@action("discard_item")
@dataclass(frozen=True, slots=True)
class DiscardItem(Action):
    """Discard this Item from your supply."""

    item: str

    def label(self) -> str:
        return f"discard {ITEM_NAME[self.item]}"


@action("discard_case")
@dataclass(frozen=True, slots=True)
class DiscardCase(Action):
    """Put this Case card in this empty Case space; its token comes here (NY-124)."""

    case: str
    slot: int

    def label(self) -> str:
        return f"discard {CASE_NAME[self.case]} into Case space {self.slot}"


@action("collect_case")
@dataclass(frozen=True, slots=True)
class CollectCase(Action):
    """Collect the Case of this numbered token in your space (NY-118)."""

    slot: int

    def label(self) -> str:
        return f"collect Case token {self.slot}"


@action("option")
@dataclass(frozen=True, slots=True)
class Opt(Action):
    """Choose a Building's option: ``library-item``, ``library-card``, ``gunshop-items``,
    ``gunshop-reload``."""

    choice: str

    def label(self) -> str:
        return OPTION_TEXT[self.choice]


OPTION_TEXT = {"library-item": "draw an Item", "library-card": "take back a random discard",
               "gunshop-items": "draw 2 Items and keep 1",
               "gunshop-reload": "reload up to 2 Ammo"}
OBJ_NAME = {o.id: o.name for o in OBJECTIVES}
CASE_NAME = dict(zip(CASE_IDS, CODE_NAMES[len(ITEM_IDS):], strict=False))

# -- interned tables ---------------------------------------------------------------

REVEAL_TIMER = RevealTimer()
DONE = Done()
USE_WEAPON = UseWeapon()
COLLECT_PRESIDENT = CollectPresident()
COLLECT_ITEM = CollectItem()
TAKE_CAR = TakeCar()
ABANDON_CAR = AbandonCar()
CAR_MOVE = CarMove()
CLAIM_LONE = ClaimLone()
SHOW = Show()
HIDE = Hide()
ACCEPT = Accept()
DECLINE = Decline()

PLAY = tuple(PlayCard(c) for c in ACTION_IDS)
REVEAL = tuple(RevealCard(c) for c in ACTION_IDS)
ABILITY = tuple(tuple(UseAbility(c, m) for m in MODES) for c in ACTION_IDS)
"""ABILITY[card][mode]: mode 0 attack, 1 move."""
MOVE = tuple(MoveTo(s) for s in SPACE_IDS)
CRASH = tuple(CrashTo(s) for s in SPACE_IDS)
CROSS = {b: CrossBridge(b) for b in BRIDGE_NUMBERS}
REVEAL_SPACE = tuple(RevealSpace(s) for s in SPACE_IDS)
REVEAL_POI = tuple(RevealPoi(s) for s in SPACE_IDS)
PEEK_POI = tuple(PeekPoi(s) for s in SPACE_IDS)
PLACE = tuple(Place(s) for s in SPACE_IDS)
HELI = tuple(MoveHeli(s) for s in SPACE_IDS)
ROUTE = tuple(Route(s) for s in SPACE_IDS)
PICK = tuple(Pick(e) for e in ENEMY_IDS)
HIT = tuple(Hit(e) for e in ENEMY_IDS)
TRICK = tuple(tuple(TrickTo(e, d) for d in SIDE_IDS) for e in ENEMY_IDS)
STEAL = tuple(tuple(Steal(seat, k) for k in range(SUPPLY_SLOTS)) for seat in range(SEATS))
RECOVER = tuple(Recover(c) for c in ACTION_IDS)
KEEP = {k: Keep(ITEM_IDS[k]) for k in SUPPLY_ITEMS}
SPECIAL = tuple(ChooseSpecial(c) for c in ACTION_IDS)
SWAP = tuple(SwapObjective(c) for c in COLOUR_IDS)
TAKE_OBJECTIVE = tuple(TakeObjective(o) for o in OBJECTIVE_IDS)
CARRY = tuple(Carry(s) for s in range(SEATS))
USE_ITEM = {k: UseItem(ITEM_IDS[k]) for k in USABLE}
USE_CASE = tuple(UseCase(c) for c in CASE_IDS)
REVEAL_WEAPON = {k: RevealWeapon(ITEM_IDS[k]) for k in WEAPONS}
PAY_LEVEL = {k: PayLevel(ITEM_IDS[k]) for k in SUPPLY_ITEMS}
DISCARD_ITEM = {k: DiscardItem(ITEM_IDS[k]) for k in SUPPLY_ITEMS}
DISCARD_CASE = tuple(tuple(DiscardCase(c, n + 1) for n in range(N_CASE_SLOTS))
                     for c in CASE_IDS)
"""DISCARD_CASE[case card][Case space 0-3] (the action names spaces 1-4)."""
COLLECT_CASE = tuple(CollectCase(n + 1) for n in range(N_CASE_SLOTS))
OPTION = {k: Opt(k) for k in OPTION_TEXT}

SPACE = ActionSpace([
    *PLAY, *REVEAL, *(a for row in ABILITY for a in row), REVEAL_TIMER, DONE,
    *MOVE, *CRASH, *CROSS.values(), *REVEAL_SPACE, *REVEAL_POI, *PEEK_POI, *PLACE, *HELI,
    *ROUTE, *PICK, *HIT, *(a for row in TRICK for a in row),
    *(a for row in STEAL for a in row), *RECOVER, *KEEP.values(), *SPECIAL, *SWAP,
    *TAKE_OBJECTIVE, *CARRY, ACCEPT, DECLINE, *USE_ITEM.values(), *USE_CASE,
    *REVEAL_WEAPON.values(),
    USE_WEAPON, *PAY_LEVEL.values(), *DISCARD_ITEM.values(),
    *(a for row in DISCARD_CASE for a in row), *COLLECT_CASE, COLLECT_PRESIDENT,
    COLLECT_ITEM, TAKE_CAR, ABANDON_CAR, CAR_MOVE, CLAIM_LONE, SHOW, HIDE,
    *OPTION.values(),
])
"""Every action the game can ever offer, in a fixed order."""
