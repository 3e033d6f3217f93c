"""The texts of the cards (the assets): an effect list or a POI tile in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core.words import count, upper_first
from getaway.games.new_york.tables import BOSSES
from getaway.games.new_york.words.names import mid

_PLACE_TEXT = {"here": "in your space", "adjacent": "in a revealed space next to you (you choose)",
               "each_adjacent": "in every revealed space next to you", "poi": "on this POI",
               "top_card": "across the Roadblock side of the New York deck's top card",
               "nothing_here": "on the Nothing Here POI"}
_RANGE_TEXT = ("in your space", "within 1 space", "within 2 spaces")
_PEEK_TEXT = {"timer": "Timer deck", "new_york": "New York deck", "event": "Event deck",
              "item": "Item deck"}
_STAT_TEXT = {"hp": "Hit Point", "move": "movement", "damage": "damage", "range": "range"}
_STEAL_TEXT = {"any": "an Item or a Case", "item": "an Item", "case": "a Case",
               "president": "the President"}
_PLURAL = {"Enemy": "Enemies", "Boss": "Bosses"}


def _n(n: int, word: str) -> str:
    return count(n, word, _PLURAL.get(word), zero="0")


def effect_text(e: Any) -> str:
    """One effect in words, e.g. ``2 damage within 1 space``."""
    from getaway.games.new_york.effects import Op

    p: Mapping[str, Any] = dict(e.params)
    op = e.op
    if op is Op.MOVE:
        out = f"move up to {_n(p['steps'], 'space')}"
        extra = []
        if p["no_enemies"]:
            extra.append("only if no Enemy is in your space")
        if p["break_roadblocks"]:
            extra.append("through Roadblocks, destroying them")
        if p["manholes"]:
            extra.append("also from Manhole to Manhole")
        if p["poi_to_poi"]:
            extra.append("also from a POI to any POI")
        if p["carry"]:
            extra.append("taking a Hero of your space along")
        if extra:
            out += f" ({'; '.join(extra)})"
        return out + (", then you may reveal a space" if p["reveal"] else "")
    if op is Op.REVEAL:
        return f"reveal up to {_n(p['count'], 'empty space')} next to you"
    if op is Op.DAMAGE:
        return f"{p['amount']} damage {_RANGE_TEXT[p['range']]}"
    if op is Op.TRICK:
        who = "every Enemy" if p["count"] == 0 else f"up to {_n(p['count'], 'Enemy')}"
        return f"trick {who} {_RANGE_TEXT[p['range']]} into a space next to it"
    if op is Op.RECOVER:
        if p["how"] == "all":
            return "take back all your discarded Action cards"
        how = "random" if p["how"] == "random" else "chosen"
        return f"take back {_n(p['count'], how + ' discarded Action card')}"
    if op is Op.DRAW_ITEMS:
        keep_ = f", keep {p['keep']}" if p["keep"] else ""
        return f"draw {_n(p['count'], 'Item card')}{keep_}"
    if op is Op.STEAL:
        where = "in your space" if p["range"] == 0 else "within 1 space"
        return f"steal {_STEAL_TEXT[p['what']]} from a Hero {where} (face down, unseen)"
    if op is Op.SHIELD:
        what = "all damage" if p["amount"] == 0 else f"{p['amount']} damage"
        return f"ignore {what} in step 7 this turn"
    if op is Op.DAMAGE_BONUS:
        return f"+{p['amount']} to your next damage this turn"
    if op is Op.HELICOPTER:
        return "move the Helicopter to another Central Park space"
    if op is Op.PEEK:
        if p["what"] == "poi":
            return f"look at {_n(p['count'], 'face-down POI')} of your choice"
        top = "the top card" if p["count"] == 1 else f"the top {p['count']}"
        return f"look at {top} of the {_PEEK_TEXT[p['what']]}"
    if op is Op.RELOAD:
        return f"reload {p['amount']} Ammo"
    if op is Op.IGNORE_EVENTS:
        return "draw no Event cards for the rest of this turn"
    if op is Op.TAKE_CAR:
        return "take a Car from the supply and drive it"
    if op is Op.NOISE:
        a = p["amount"]
        return f"New York gains {a} Noise" if a >= 0 else f"New York loses {-a} Noise"
    if op is Op.SPAWN:
        return f"{_n(p['count'], 'Prisoner')} {_PLACE_TEXT[p['where']]}"
    if op is Op.MOVE_ENEMIES:
        kind = {"any": "Enemy", "prisoner": "Prisoner", "boss": "Boss"}[p["kind"]]
        how = f" {_n(p['steps'], 'space')} each" if p["steps"] else ""
        return f"move up to {_n(p['count'], kind)} towards the Hero{how}"
    if op is Op.PULL:
        return "pull the Enemies again from the sides on the top New York card's back"
    if op is Op.ROADBLOCK:
        return "a Roadblock on the side shown by the top New York card's back"
    if op is Op.MISSION:
        return f"{_n(p['count'], 'Mission cube')} move{'s' * (p['count'] == 1)} right"
    if op is Op.TIMER:
        return f"reveal {_n(p['count'], 'Timer tile')}"
    if op is Op.EVENTS:
        return "draw Event cards (as many as the Event Level)"
    if op is Op.EVENT_LEVEL:
        return f"Event Level {p['delta']:+d}"
    if op is Op.REVEAL_POI:
        return f"flip {_n(p['count'], 'face-down POI')} of your choice"
    if op is Op.DESTROY_GULLFIRE:
        return "the Gullfire is destroyed"
    if op is Op.PRISONER_BONUS:
        return f"every Prisoner gets +{p['amount']} {_STAT_TEXT[p['stat']]}"
    if op is Op.BOSS:
        name = next((mid(b.name) for b in BOSSES if b.id == p["boss"]), "a Boss")
        where = "here" if p["where"] == "poi" else _PLACE_TEXT[p["where"]]
        return f"{upper_first(name)} enters play {where}"
    if op is Op.CASE_TOKEN:
        which = f"Case token {p['case']}" if p["case"] else "a Case token"
        return f"{which} is put {'here' if p['where'] == 'poi' else _PLACE_TEXT[p['where']]}"
    if op is Op.NY_SPECIAL:
        return "a New York Special card is shuffled into the New York deck"
    if op is Op.DISCARD_RANDOM:
        return f"discard {_n(p['count'], 'random Action card')}"
    if op is Op.HURT:
        who = "you take" if p["range"] == 0 else "you and every Hero next to you take"
        return f"{who} {p['amount']} damage"
    if op is Op.PRESIDENT:
        return "the President is held here"
    if op is Op.ENEMY_HEAL:
        return f"every Boss in play recovers {_n(p['amount'], 'Hit Point')}"
    if op is Op.NEW_YORK_WINS:
        return "New York wins: everybody loses"
    if op is Op.HURRY_UP:
        return "the Helicopter lands; Level 3 is enough for a Lone Victory"
    if op is Op.NOTHING:
        return "nothing happens"
    if op is Op.REMOVE_ALIVE:
        return "take a 'President is Alive' card out of the President deck"
    return "nothing happens"  # pragma: no cover - every Op is covered above


def effects_text(effects: Any) -> str:
    """A whole effect list in words, one sentence: ``Move up to 2 spaces. 1 Noise.``"""
    parts = [effect_text(e) for e in effects]
    return ". ".join(upper_first(t) for t in parts) + "." if parts else ""


def poi_text(p: Any) -> str:
    """A POI tile's effects and the icons it places, in words."""
    from getaway.games.new_york.model import Icon

    text = effects_text(p.effects)
    cubes = p.icons.count(Icon.ITEM)
    if cubes:
        text = f"{text} {_n(cubes, 'Item cube')} here.".strip()
    return text
