"""The effect vocabulary of every card, tile and counter of Escape from New York.

A card's text is data: a list of effects, each a TOML table ``{do = "OP", ...}``
whose parameters are checked against :data:`SCHEMA` on load. The engine
interprets the list in order (NY-36: all of it, or none of it but its Noise).
One vocabulary serves Hero Action cards, Items and Weapons, Timer tiles, Event
cards, New York Action cards, POI tiles, Trap tiles and the Bosses' abilities,
so a designed card can use anything another card can.

Where an effect names a place, ``where`` is read from the current Hero's space:
``here`` (that space), ``adjacent`` (one revealed neighbour of the current
player's choice), ``each_adjacent`` (every revealed neighbour), ``poi`` (the POI
tile that caused the effect), ``top_card`` (the side shown by the road diagram
on the back of the New York deck's top card, NY-226), ``nothing_here`` (the
Nothing Here POI tile, NY-133).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from getaway.core.content import Entry


class Op(StrEnum):
    """What an effect does."""

    # -- a Hero acting ------------------------------------------------------------
    MOVE = "move"                  # move up to `steps` spaces along roads (NY-89..96)
    REVEAL = "reveal"              # reveal one adjacent empty space (NY-97..103)
    DAMAGE = "damage"              # `amount` damage split among Enemies within `range` (NY-42)
    TRICK = "trick"                # trick Enemies within `range` into adjacent spaces (NY-114..117)
    RECOVER = "recover"            # take back `count` discards (`how`: choose/random/all)
    DRAW_ITEMS = "draw_items"      # draw `count` Item cards, keep `keep` (0: all)
    STEAL = "steal"                # take a face-down supply card of a Hero within `range` (NY-246)
    SHIELD = "shield"              # ignore `amount` damage (0: all) in step 7 this turn
    DAMAGE_BONUS = "damage_bonus"  # the next damage effect this turn deals `amount` more (NY-245)
    HELICOPTER = "helicopter"      # move the Helicopter to another Central Park space (NY-159)
    PEEK = "peek"                  # look at the top `count` of a deck (`what`), alone
    RELOAD = "reload"              # put `amount` Ammo on the revealed Weapon, up to its maximum
    IGNORE_EVENTS = "ignore_events"  # no Event cards are drawn for the rest of this turn
    TAKE_CAR = "take_car"          # take a Car card and put the Hero in a Car where it stands
    # -- New York and the world ---------------------------------------------------
    NOISE = "noise"                # New York gains `amount` Noise (saturation applies, NY-210)
    SPAWN = "spawn"                # put `count` Prisoners `where` (NY-195 when they run out)
    MOVE_ENEMIES = "move_enemies"  # move up to `count` disengaged Enemies towards the current Hero
    PULL = "pull"                  # step 12 again: pull from the sides on the top card's back
    ROADBLOCK = "roadblock"        # a face-up Roadblock on the road the top card's back shows
    MISSION = "mission"            # move `count` Mission cubes right (NY-213, NY-215)
    TIMER = "timer"                # reveal `count` Timer tiles
    EVENTS = "events"              # draw Event cards: as many as the Event Level (NY-185)
    EVENT_LEVEL = "event_level"    # move the Event Level token by `delta`
    REVEAL_POI = "reveal_poi"      # flip `count` face-down POIs of the current player's choice
    DESTROY_GULLFIRE = "destroy_gullfire"  # the Gullfire is gone (NY-158)
    PRISONER_BONUS = "prisoner_bonus"      # every Prisoner gets +`amount` `stat` (NY-234..237)
    BOSS = "boss"                  # Boss `boss` enters play `where` (NY-196)
    CASE_TOKEN = "case_token"      # Case token `case` (0: the lowest-numbered at home) goes `where`
    NY_SPECIAL = "ny_special"      # shuffle a New York Special Action card into the deck (NY-233)
    DISCARD_RANDOM = "discard_random"  # the current Hero discards `count` random Action cards
    HURT = "hurt"                  # every Hero within `range` of the current Hero takes `amount`
    PRESIDENT = "president"        # the Duke's Camp: the President can be collected here
    ENEMY_HEAL = "enemy_heal"      # every Boss in play recovers `amount` Hit Points
    NEW_YORK_WINS = "new_york_wins"  # the red tile: every player loses (NY-88)
    HURRY_UP = "hurry_up"          # the Helicopter lands; Level 3 suffices for a Lone Victory
    NOTHING = "nothing"            # no effect (Nothing Here, blank red tiles)
    REMOVE_ALIVE = "remove_alive"  # a "President is Alive" card leaves the President deck (NY-261)


# "nothing_here": the Nothing Here POI tile, wherever it lies (NY-133; added for the
# Duke's re-entry ability in bosses.toml)
_PLACES = ("here", "adjacent", "each_adjacent", "poi", "top_card", "nothing_here")

# parameter -> (type, default (... = required), allowed values or (lo, hi))
Param = tuple[type, Any, tuple[Any, ...]]
SCHEMA: dict[Op, dict[str, Param]] = {
    Op.MOVE: {"steps": (int, 1, (1, 4)), "reveal": (bool, True, ()),
              "no_enemies": (bool, False, ()), "break_roadblocks": (bool, False, ()),
              "manholes": (bool, False, ()), "poi_to_poi": (bool, False, ()),
              "carry": (bool, False, ())},
    Op.REVEAL: {"count": (int, 1, (1, 3))},
    Op.DAMAGE: {"amount": (int, ..., (1, 9)), "range": (int, 0, (0, 2))},
    Op.TRICK: {"range": (int, 0, (0, 1)), "count": (int, 0, (0, 9))},
    Op.RECOVER: {"count": (int, 1, (0, 9)), "how": (str, "choose", ("choose", "random", "all"))},
    Op.DRAW_ITEMS: {"count": (int, 1, (1, 3)), "keep": (int, 0, (0, 3))},
    Op.STEAL: {"what": (str, "any", ("any", "item", "case", "president")),
               "range": (int, 0, (0, 1))},
    Op.SHIELD: {"amount": (int, 0, (0, 9))},
    Op.DAMAGE_BONUS: {"amount": (int, ..., (1, 9))},
    Op.HELICOPTER: {},
    Op.PEEK: {"what": (str, ..., ("timer", "new_york", "event", "item", "poi")),
              "count": (int, 1, (1, 5))},
    Op.RELOAD: {"amount": (int, ..., (1, 9))},
    Op.IGNORE_EVENTS: {},
    Op.TAKE_CAR: {},
    Op.NOISE: {"amount": (int, ..., (-5, 10))},
    Op.SPAWN: {"count": (int, 1, (1, 6)), "where": (str, "here", _PLACES)},
    Op.MOVE_ENEMIES: {"count": (int, ..., (0, 9)), "steps": (int, 0, (0, 4)),
                      "kind": (str, "any", ("any", "prisoner", "boss"))},
    Op.PULL: {},
    Op.ROADBLOCK: {},
    Op.MISSION: {"count": (int, 1, (1, 4))},
    Op.TIMER: {"count": (int, 1, (1, 3))},
    Op.EVENTS: {},
    Op.EVENT_LEVEL: {"delta": (int, ..., (-3, 3))},
    Op.REVEAL_POI: {"count": (int, 1, (1, 3))},
    Op.DESTROY_GULLFIRE: {},
    Op.PRISONER_BONUS: {"stat": (str, ..., ("hp", "move", "damage", "range")),
                        "amount": (int, 1, (1, 2))},
    Op.BOSS: {"boss": (str, ..., ()), "where": (str, "poi", _PLACES)},
    # `case` added for pois.toml: each Case POI names its numbered token (G-8), so a token
    # collected and sent home is never dealt again by another POI; 0 keeps "lowest at home"
    Op.CASE_TOKEN: {"case": (int, 0, (0, 4)), "where": (str, "poi", _PLACES)},
    Op.NY_SPECIAL: {},
    Op.DISCARD_RANDOM: {"count": (int, 1, (1, 5))},
    Op.HURT: {"amount": (int, ..., (1, 5)), "range": (int, 0, (0, 1))},
    Op.PRESIDENT: {},
    Op.ENEMY_HEAL: {"amount": (int, ..., (1, 9))},
    Op.NEW_YORK_WINS: {},
    Op.HURRY_UP: {},
    Op.NOTHING: {},
    Op.REMOVE_ALIVE: {},
}


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card: its operation and its checked parameters."""

    op: Op
    params: tuple[tuple[str, Any], ...]
    # ``params`` as a dict, for ``e["amount"]``: handlers and checks read a parameter or
    # several at every card, Item and Weapon checked or resolved (not compared or shown)
    named: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "named", dict(self.params))

    def __getitem__(self, key: str) -> Any:
        return self.named[key]

    def text(self) -> str:
        """A short readable form, e.g. ``damage(amount=2, range=0)``."""
        inner = ", ".join(f"{k}={v}" for k, v in self.params)
        return f"{self.op.value}({inner})"


def parse(entry: Entry, data: Any, what: str) -> Effect:
    """One effect table, checked against :data:`SCHEMA`; errors name file and entry."""
    e = entry.sub(data, what)
    op = e.enum("do", Op)
    out: list[tuple[str, Any]] = []
    for key, (typ, default, allowed) in SCHEMA[op].items():
        value = e.get(key, typ, default)
        if typ is int and allowed and not allowed[0] <= value <= allowed[1]:
            raise e.fail(f"{key} must be from {allowed[0]} to {allowed[1]}, got {value}")
        if typ is str and allowed and value not in allowed:
            raise e.fail(f"{key} must be one of {', '.join(allowed)}; got {value!r}")
        out.append((key, value))
    e.done()
    return Effect(op, tuple(out))


def effects(entry: Entry, key: str = "effects", default: Any = ...) -> tuple[Effect, ...]:
    """The list of effect tables under ``key`` of ``entry``."""
    raw = entry.get(key, list, default)
    return tuple(parse(entry, d, f"{key} #{i + 1}") for i, d in enumerate(raw))
