"""Action labels (pure: the action's own fields only)."""

from __future__ import annotations

from getaway.games.new_york.words.names import (
    ACTION_NAME,
    BRIDGE_NAME,
    CODE_NAME,
    ITEM_NAME,
    OPTION_WORDS,
    ORDINAL,
    SIDE_WORDS,
    SPACE_NAMES,
    copy_of,
    enemy_named,
    hero_order,
    mid,
)


def label_play(card: str) -> str:
    return f"play {ACTION_NAME[card]} face down"


def label_reveal(card: str) -> str:
    return f"reveal {ACTION_NAME[card]} and carry it out"


def label_ability(card: str, mode: str) -> str:
    what = "2 damage in your space" if mode == "attack" else "move 1 space and reveal"
    return f"use your Personal Ability ({what}) instead of {ACTION_NAME[card]}"


LABEL_REVEAL_TIMER = "reveal a Timer tile and take back every discarded card"
LABEL_DONE = "done"
LABEL_CAR_MOVE = "make your Car's extra move"
LABEL_ACCEPT = "ride along"
LABEL_DECLINE = "stay here"
LABEL_CLAIM_LONE = "reveal your objectives and escape alone"
LABEL_SHOW = "reveal your President, Tape and Diagrams"
LABEL_HIDE = "keep your cards hidden"
LABEL_USE_WEAPON = "use your revealed Weapon"
LABEL_COLLECT_PRESIDENT = "collect the President"
LABEL_COLLECT_ITEM = "return an Item cube here and draw an Item"
LABEL_TAKE_CAR = "take the abandoned Car here"
LABEL_ABANDON_CAR = "abandon your Car here"


def label_carry(seat: int) -> str:
    return f"take {hero_order(seat)} along"


def label_option(choice: str) -> str:
    return OPTION_WORDS[choice]


def label_steal(seat: int, slot: int) -> str:
    return f"steal the {ORDINAL[slot]} card of {hero_order(seat)}"


def label_recover(card: str) -> str:
    return f"take back {ACTION_NAME[card]}"


def label_keep(item_id: str) -> str:
    return f"keep {ITEM_NAME[item_id]}"


def label_special(card: str) -> str:
    return f"take {ACTION_NAME[card]} into your hand"


def label_swap(colour: str) -> str:
    return f"swap your {colour} objective"


def label_take_objective(objective: str) -> str:
    return f"take the objective {copy_of(objective)}"


def label_use_item(item_id: str) -> str:
    return f"use {ITEM_NAME[item_id]}"


def label_use_case(case: str) -> str:
    return f"reveal {mid(CODE_NAME[case])} and use it"


def label_reveal_weapon(item_id: str) -> str:
    return f"reveal {ITEM_NAME[item_id]} into your Weapon slot"


def label_pay_level(item_id: str) -> str:
    return f"discard {ITEM_NAME[item_id]} for an Item cube on your Level Bar"


def label_discard_item(item_id: str) -> str:
    return f"discard {ITEM_NAME[item_id]}"


def label_discard_case(case: str, slot: int) -> str:
    return f"put {mid(CODE_NAME[case])} into Case space {slot}"


def label_collect_case(slot: int) -> str:
    return f"collect Case token {slot}"


def label_move(space: str) -> str:
    return f"move to {SPACE_NAMES[space]}"


def label_crash(space: str) -> str:
    return f"crash your Car through the Roadblock into {SPACE_NAMES[space]}"


def label_cross(number: int) -> str:
    return f"move onto {BRIDGE_NAME[number]}"


def label_reveal_space(space: str) -> str:
    return f"reveal {SPACE_NAMES[space]}"


def label_reveal_poi(space: str) -> str:
    return f"flip the POI in {SPACE_NAMES[space]}"


def label_peek_poi(space: str) -> str:
    return f"look at the POI in {SPACE_NAMES[space]}"


def label_place(space: str) -> str:
    return f"put a Prisoner in {SPACE_NAMES[space]}"


def label_helicopter(space: str) -> str:
    return f"move the Helicopter to {SPACE_NAMES[space]}"


def label_route(space: str) -> str:
    return f"send it to {SPACE_NAMES[space]}"


def label_pick(enemy_id: str) -> str:
    return f"choose {enemy_named(enemy_id)}"


def label_hit(enemy_id: str) -> str:
    return f"1 damage to {enemy_named(enemy_id)}"


def label_trick(enemy_id: str, side: str) -> str:
    return f"trick {enemy_named(enemy_id)} one space {SIDE_WORDS[side]}"
