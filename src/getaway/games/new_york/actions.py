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

The action classes live in four modules by what they act on -- :mod:`.actions_turn`
(the turn's steps), :mod:`.actions_map` (moves and the map), :mod:`.actions_enemies`
and :mod:`.actions_cards` (Items, Weapons, Cases, Cars, levels) -- and are all
re-exported here with the interned actions and the fixed order of :data:`SPACE`.
"""

from __future__ import annotations

from getaway.core.actions import ActionSpace
from getaway.games.new_york.actions_cards import (
    AbandonCar,
    ChooseSpecial,
    CollectCase,
    CollectItem,
    CollectPresident,
    DiscardCase,
    DiscardItem,
    Keep,
    PayLevel,
    Recover,
    RevealWeapon,
    Steal,
    SwapObjective,
    TakeCar,
    TakeObjective,
    UseCase,
    UseItem,
    UseWeapon,
)
from getaway.games.new_york.actions_enemies import Hit, Pick, Route, TrickTo
from getaway.games.new_york.actions_map import (
    CrashTo,
    CrossBridge,
    MoveHeli,
    MoveTo,
    PeekPoi,
    Place,
    RevealPoi,
    RevealSpace,
)
from getaway.games.new_york.actions_turn import (
    OPTION_IDS,
    Accept,
    CarMove,
    Carry,
    ClaimLone,
    Decline,
    Done,
    Hide,
    Opt,
    PlayCard,
    RevealCard,
    RevealTimer,
    Show,
    UseAbility,
)
from getaway.games.new_york.tables import (
    ACTION_IDS,
    BRIDGE_NUMBERS,
    CASE_IDS,
    COLOUR_IDS,
    ENEMY_IDS,
    ITEM_IDS,
    MODES,
    N_CASE_SLOTS,
    OBJECTIVE_IDS,
    SEATS,
    SIDE_IDS,
    SPACE_IDS,
    SUPPLY_ITEMS,
    SUPPLY_SLOTS,
    USABLE,
    WEAPONS,
)

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
OPTION = {k: Opt(k) for k in OPTION_IDS}

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

__all__ = [
    "OPTION_IDS",
    "AbandonCar",
    "Accept",
    "CarMove",
    "Carry",
    "ChooseSpecial",
    "ClaimLone",
    "CollectCase",
    "CollectItem",
    "CollectPresident",
    "CrashTo",
    "CrossBridge",
    "Decline",
    "DiscardCase",
    "DiscardItem",
    "Done",
    "Hide",
    "Hit",
    "Keep",
    "MoveHeli",
    "MoveTo",
    "Opt",
    "PayLevel",
    "PeekPoi",
    "Pick",
    "Place",
    "PlayCard",
    "Recover",
    "RevealCard",
    "RevealPoi",
    "RevealSpace",
    "RevealTimer",
    "RevealWeapon",
    "Route",
    "Show",
    "Steal",
    "SwapObjective",
    "TakeCar",
    "TakeObjective",
    "TrickTo",
    "UseAbility",
    "UseCase",
    "UseItem",
    "UseWeapon",
]
