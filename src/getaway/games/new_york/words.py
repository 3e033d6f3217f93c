"""Escape from New York's words: every prompt, label and sentence people read is made here.

Things are named as the components print them, read from the content data:
Manhattan's spaces by the tile or the POI face up on them ("Chambers Street",
"Bryant Park", "Romero's Hideout"), and before that by the neighbourhood or
landmark printed on the board ("Tribeca", "the Heliport", ``map.toml``);
cards, Items, Cases, Bosses and Heroes by their printed names. Prisoner tokens
and Car figures carry a number on our board ("Prisoner 7", "the Prisoner in Car
2"), so a choice between two of them reads apart. A seat is named by its Hero
(``State.seat_name``) through a seat reference, so clients may name it their
own way; where a label must name a seat without the state (labels are pure), it
says where the Hero sits in seat order ("the second Hero").

Action labels (:func:`label_*`) take only the action's own fields; prompts take
the state; sentences (:class:`~getaway.core.words.Sentence`) carry a typed
reference for every seat, place, card, piece and amount they name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from getaway.core import words as W
from getaway.core.words import Ref, Sentence, count, listing, upper_first
from getaway.games.new_york.tables import (
    ACTION_IDS,
    ACTIONS,
    BOSS0,
    BOSS_IDS,
    BOSSES,
    BRIDGE_AT,
    CAR0,
    CASE0,
    CODE_IDS,
    CODE_NAMES,
    COLOUR_IDS,
    EVENT_IDS,
    EVENTS,
    FIXED_TILE,
    ITEM_IDS,
    ITEMS,
    MAP,
    NEIGH,
    NY,
    NY_IDS,
    OBJECTIVES,
    POI_IDS,
    POIS,
    SPACE_IDS,
    TILE_IDS,
    TILES,
    TIMER_IDS,
    TIMERS,
)

if TYPE_CHECKING:
    from getaway.games.new_york.state import NewYorkState

Args = dict[str, Ref | str | int]

# -- names as printed ---------------------------------------------------------------------

_THE = frozenset({"New York Public Library", "World Trade Center", "Chrysler Building",
                  "Garment District", "West Side Highway", "Escape Pod Wreck",
                  "Broadway Theater"})
"""Printed names that take "the" inside a sentence."""
_PLACE_FORM = {"Nothing Here": "the Nothing Here POI"}
"""Printed names that read better with a word more when they name a place."""


def mid(name: str) -> str:
    """A printed name as it reads inside a sentence: "The Tape" -> "the Tape",
    "World Trade Center" -> "the World Trade Center"."""
    if name.startswith("The "):
        return "the " + name[4:]
    return f"the {name}" if name in _THE else name


def _tile_place(t: int) -> str:
    return mid(TILES[t].name)


def _poi_place(p: int) -> str:
    name = POIS[p].name
    return _PLACE_FORM.get(name, mid(name))


SPACE_NAME: tuple[str, ...] = tuple(
    _tile_place(FIXED_TILE[i]) if i in FIXED_TILE else sp.name
    for i, sp in enumerate(MAP.spaces))
"""Each space as the board names it before anything lies on it (a fixed tile's name, or
the neighbourhood or landmark printed there), as it reads inside a sentence."""
SPACE_NAMES: dict[str, str] = dict(zip(SPACE_IDS, SPACE_NAME, strict=True))
"""The same, by space id."""
BRIDGE_NAME: dict[int, str] = {b.number: f"Bridge {b.number}, the {b.name}"
                               for b in MAP.bridges}
ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth")
SIDE_WORDS = {"N": "up", "NE": "up and to the right", "SE": "down and to the right",
              "S": "down", "SW": "down and to the left", "NW": "up and to the left"}
"""The six sides of a space as they lie on the board drawn with the Hudson at the top."""
ICON_WORDS = {"raft": "a Raft", "item": "an Item cube", "prisoner": "a Prisoner",
              "event": "an Event icon", "manhole": "a Manhole"}
OPTION_WORDS = {"library-item": "draw an Item", "library-card": "take back a random discard",
                "gunshop-items": "draw 2 Items and keep 1",
                "gunshop-reload": "reload up to 2 Ammo"}
DECK_WORDS = {"timer": "the Timer deck", "new_york": "the New York deck",
              "event": "the Event deck", "item": "the Item deck"}
ACTION_NAME = {c.id: c.name for c in ACTIONS}
ITEM_NAME = {i.id: i.name for i in ITEMS}
CODE_NAME = dict(zip(CODE_IDS, CODE_NAMES, strict=True))
OBJECTIVE_NAME = {o.id: o.name for o in OBJECTIVES}


def copy_of(objective: str) -> str:
    """An objective's name, told apart from an identical card ("Wanted!, the second")."""
    name = OBJECTIVE_NAME[objective]
    twins = [o.id for o in OBJECTIVES if o.name == name]
    return name if len(twins) == 1 else f"{name} (the {ORDINAL[twins.index(objective)]} copy)"


def hero_order(seat: int) -> str:
    """A seat by the place of its Hero in seat order, for pure labels: "the second Hero"."""
    return f"the {ORDINAL[seat]} Hero"


def enemy_name(e: int) -> str:
    """An Enemy as our board marks it: "Prisoner 7", "the Prisoner in Car 2", "Romero"."""
    if e < CAR0:
        return f"Prisoner {e + 1}"
    if e < BOSS0:
        return f"the Prisoner in Car {e - CAR0 + 1}"
    return mid(BOSSES[e - BOSS0].name)


def enemy_named(ident: str) -> str:
    """:func:`enemy_name` from an Enemy id (``p7``, ``car2``, ``romero``)."""
    from getaway.games.new_york.tables import ENEMY_INDEX

    return enemy_name(ENEMY_INDEX[ident])


def place_name(s: NewYorkState, x: int) -> str:
    """What a space is called now: the tile or the face-up POI on it, else the name the
    board prints there (a face-down POI's space keeps the board's name)."""
    t = s.tile[x]
    if t >= 0:
        return _tile_place(t)
    if s.poi[x] >= 0 and s.up >> x & 1:
        return _poi_place(s.poi[x])
    return SPACE_NAME[x]


# -- references ---------------------------------------------------------------------------


def hero(s: NewYorkState, seat: int) -> Ref:
    """A seat, named by its Hero."""
    return W.seat(seat, s.seat_name(seat))


def place(s: NewYorkState, x: int) -> Ref:
    """A space as it is called now."""
    return W.place(SPACE_IDS[x], place_name(s, x))


def board_place(x: int) -> Ref:
    """A space as the board names it."""
    return W.place(SPACE_IDS[x], SPACE_NAME[x])


def bridge(n: int) -> Ref:
    """A bridge: "Bridge 3, the 69th Street Bridge"."""
    return W.place(f"bridge-{n}", BRIDGE_NAME[n])


def enemy(e: int) -> Ref:
    """An Enemy piece."""
    from getaway.games.new_york.tables import ENEMY_IDS

    return W.piece(ENEMY_IDS[e], enemy_name(e))


def action_card(c: int) -> Ref:
    """An Action card."""
    return W.card(ACTION_IDS[c], ACTIONS[c].name)


def supply_card(code: int) -> Ref:
    """A card of a supply: an Item, a Case card or the President."""
    name = CODE_NAMES[code]
    return W.card(CODE_IDS[code], mid(name) if code >= CASE0 else name)


def item(k: int) -> Ref:
    """An Item card."""
    return W.card(ITEM_IDS[k], ITEMS[k].name)


def tile(t: int) -> Ref:
    """A map tile."""
    return W.thing(TILE_IDS[t], TILES[t].name)


def poi(p: int) -> Ref:
    """A POI tile."""
    return W.thing(POI_IDS[p], POIS[p].name)


def timer(t: int) -> Ref:
    """A Timer tile."""
    return W.thing(TIMER_IDS[t], TIMERS[t].name)


def event_card(c: int) -> Ref:
    """An Event card."""
    return W.card(EVENT_IDS[c], EVENTS[c].name)


def ny_card(c: int) -> Ref:
    """A New York card."""
    return W.card(NY_IDS[c], NY[c].name)


def boss(b: int, first: bool = False) -> Ref:
    """A Boss (``first``: named at the start of a sentence)."""
    name = mid(BOSSES[b].name)
    return W.piece(BOSS_IDS[b], upper_first(name) if first else name)


def noise(n: int) -> Ref:
    """An amount of Noise."""
    return W.amount(n, "Noise", "Noise")


def many(prefix: str, refs: Sequence[Ref], last: str = "and") -> tuple[str, Args]:
    """A listing of references: the template part ("{c0}, {c1} and {c2}") and its args."""
    keys = [f"{prefix}{i}" for i in range(len(refs))]
    return listing(["{" + k + "}" for k in keys], last), dict(zip(keys, refs, strict=True))


def say(template: str, **args: Ref | str | int) -> Sentence:
    """A sentence, its first letter capitalised."""
    return Sentence(upper_first(template), args)


# -- action labels (pure: the action's own fields only) -----------------------------------


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


# -- prompts (to the seat that decides) ---------------------------------------------------


def _where(s: NewYorkState, e: int) -> str:
    return f"{enemy_name(e)} in {place_name(s, s.enemy_space(e))}"


def prompt_timer(s: NewYorkState, forced: bool) -> str:
    if forced:
        held = count(len(s.hand[s.cur]), "card")
        return (f"Step 1: you hold {held}, so you reveal a Timer tile and take back your "
                "discarded cards")
    return ("Step 1: reveal a Timer tile to take back your discarded cards? (done: keep "
            "them and go on)")


def prompt_choose_cards(s: NewYorkState) -> str:
    if not s.hand[s.cur]:
        return "Step 2: no card is left in your hand (done: go on)"
    which = ORDINAL[len(s.played)]
    return f"Step 2: choose the {which} of your 2 cards to play face down"


def prompt_resolve(s: NewYorkState) -> str:
    if s.ability:
        return "Steps 3 and 4: reveal a played card and carry it out"
    return ("Steps 3 and 4: reveal a played card and carry it out, or use your Personal "
            "Ability in its place")


def prompt_car_step(s: NewYorkState, car_move: bool) -> str:
    if car_move:
        return "Step 5: make your Car's extra move? (done: go on to step 6)"
    return "Step 5: anything before the Noise and the Enemies' damage? (done: go on to step 6)"


def prompt_level(s: NewYorkState) -> str:
    return ("Step 8: pay your Level Bar with Items if you like (done: level up if the bar is "
            "complete, and go on)")


def prompt_building(s: NewYorkState, building: str) -> str:
    return f"Step 9: choose what {building} gives you"


PROMPT_LAST_CHANCE = "Your turn is ending: claim your Lone Victory now? (done: end the turn)"
PROMPT_CLAIM_NOW = "You can escape alone now: claim your Lone Victory? (done: play on)"
PROMPT_CLAIM_FIRST = ("A red Timer tile is about to be revealed: claim your Lone Victory "
                      "first? (done: reveal it)")


def prompt_vote(s: NewYorkState, number: int) -> str:
    return (f"Reveal your President, Tape and Diagrams to cross {BRIDGE_NAME[number]} "
            "together?")


def prompt_move(s: NewYorkState, steps: int, taken: int, poi_to_poi: bool) -> str:
    if poi_to_poi:
        return "Move from this POI to any other POI"
    if not taken:
        return f"Move up to {count(steps, 'space')}"
    return f"Move up to {count(steps - taken, 'more space')}, or stop here (done)"


def prompt_reveal_space(s: NewYorkState, left: int) -> str:
    return f"Reveal up to {count(left, 'empty space')} next to you, or stop (done)"


def prompt_carry(s: NewYorkState, riders: Sequence[int]) -> str:
    who = listing([f"{hero_order(h)}, {s.seat_name(h)}" for h in riders], "or")
    return f"Take another Hero along on this move: {who}? (done: nobody)"


def prompt_ride(s: NewYorkState) -> str:
    return f"Ride along with {s.seat_name(s.cur)} on this move?"


def prompt_damage(s: NewYorkState, left: int, origin: int, rng: int,
                  enemies: Sequence[int]) -> str:
    within = "in" if rng == 0 else f"within {count(rng, 'space')} of"
    if not enemies:
        return f"No Enemy is left {within} {place_name(s, origin)}: the rest is lost (done)"
    return (f"Deal {count(left, 'damage', 'damage')}, one point at a time, to the Enemies "
            f"{within} {place_name(s, origin)}: {listing([_where(s, e) for e in enemies])}")


def prompt_trick(s: NewYorkState, left: int, every: bool, origin: int, rng: int,
                 enemies: Sequence[int]) -> str:
    who = "every Enemy" if every else f"up to {count(left, 'Enemy', 'Enemies')}"
    within = "in" if rng == 0 else f"within {count(rng, 'space')} of"
    return (f"Trick {who} {within} {place_name(s, origin)} into a space next to it: "
            f"{listing([_where(s, e) for e in enemies])}")


def prompt_over_limit(s: NewYorkState) -> str:
    return ("You hold 4 cards: discard one (an Item, or a Case into an empty Case space)")


def prompt_special(s: NewYorkState, seat: int) -> str:
    return f"Level {s.level[seat]}: choose a Special Action card for your hand"


def prompt_swap(s: NewYorkState, seat: int) -> str:
    return f"Level {s.level[seat]}: swap your blue or your purple objective"


def prompt_take_objective(s: NewYorkState, colour: int) -> str:
    return f"Take a {COLOUR_IDS[colour]} objective from its deck"


def prompt_pick_enemy(s: NewYorkState, enemies: Sequence[int]) -> str:
    return ("New York moves one of these Enemies next, and you choose which: "
            + listing([_where(s, e) for e in enemies], "or"))


def prompt_route(s: NewYorkState, e: int) -> str:
    return f"Choose where New York moves {_where(s, e)}"


def prompt_rider(s: NewYorkState, e: int, end: int, riders: Sequence[int]) -> str:
    return (f"New York drives {enemy_name(e)} to {place_name(s, end)}: choose the Prisoner "
            f"it picks up on the way, {listing([_where(s, r) for r in riders], 'or')}")


def prompt_recover(s: NewYorkState, left: int, optional: bool) -> str:
    up_to = "up to " if optional else ""
    done = ", or stop (done)" if optional else ""
    return f"Take back {up_to}{count(left, 'discarded card')} of your choice{done}"


def prompt_keep(s: NewYorkState, left: int) -> str:
    return f"Keep {left} of the Items you drew (the others are discarded)"


def prompt_steal(s: NewYorkState, victims: Sequence[int]) -> str:
    who = listing([f"{hero_order(h)}, {s.seat_name(h)}" for h in victims], "or")
    return f"Choose a face-down card to steal from {who}"


PROMPT_HELICOPTER = "Move the Helicopter to another Central Park space"


def prompt_peek_poi(s: NewYorkState, left: int) -> str:
    return f"Look at {count(left, 'face-down POI')} of your choice, alone"


def prompt_place(s: NewYorkState, left: int, one: bool, per: int) -> str:
    if one:
        return f"Choose the space where {count(left, 'Prisoner')} go"
    return (f"Too few Prisoners are left: choose where the last {count(left, 'Prisoner')} "
            f"go, {per} to a space")


def prompt_reveal_poi(s: NewYorkState, left: int) -> str:
    return f"Flip {count(left, 'face-down POI')} of your choice"


def prompt_busy(s: NewYorkState, step: int) -> str:
    """What the other seats read while the current player decides something only they may
    know of (a Lone Victory offered): the step of the turn it happens in."""
    who = s.seat_name(s.cur)
    if step <= 0:
        return f"The end of {who}'s turn"
    return f"Step {step} of {who}'s turn"


# -- sentences ----------------------------------------------------------------------------


def turn(s: NewYorkState) -> Sentence:
    return say(f"turn {s.turn}: {{who}} plays", who=hero(s, s.cur))


def recover_all(s: NewYorkState, seat: int, back: int) -> Sentence:
    return say("{who} takes back {n} and reveals a Timer tile", who=hero(s, seat),
               n=W.amount(back, "discarded card"))


def commit(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} plays a card face down", who=hero(s, seat))


def ability(s: NewYorkState, seat: int, mode: str) -> Sentence:
    return say(f"{{who}} uses their Personal Ability to {mode} instead of revealing a card",
               who=hero(s, seat))


def reveal_card(s: NewYorkState, seat: int, c: int) -> Sentence:
    return say("{who} reveals {card}", who=hero(s, seat), card=action_card(c))


def card_skipped(s: NewYorkState, seat: int, c: int) -> Sentence:
    return say("{who} reveals {card}, which cannot be carried out in full: its effects are "
               "skipped", who=hero(s, seat), card=action_card(c))


def made_noise(s: NewYorkState, seat: int, made: int) -> Sentence:
    return say("{who} made {n}", who=hero(s, seat), n=noise(made))


def shelter(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} is safe in the Shelter", who=hero(s, seat))


def shielded(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} takes no damage", who=hero(s, seat))


def bridge_attempt(s: NewYorkState, number: int, x: int) -> Sentence:
    return say("{who} moves onto {bridge}: the Heroes in {where} may reveal their cards",
               who=hero(s, s.cur), bridge=bridge(number), where=place(s, x))


def revealed_by(s: NewYorkState, shown: Sequence[int]) -> Sentence:
    if not shown:
        return say("nobody reveals their cards")
    part, args = many("h", [hero(s, h) for h in shown])
    return Sentence(upper_first(f"{part} reveal{'s' if len(shown) == 1 else ''} their cards"),
                    args)


def bridge_failed(s: NewYorkState, missing: Sequence[str], dead: bool) -> Sentence:
    if missing:
        return say(f"not enough: {listing(list(missing))} "
                   f"{'is' if len(missing) == 1 else 'are'} missing; the cards go face down "
                   "again")
    return say("the President is dead: the cards go face down again")


MISSING_PRESIDENT = "the President"
MISSING_TAPE = "the Tape"


def missing_diagram(number: int) -> str:
    return f"the Diagram of Bridge {number}"


def detail_lone(s: NewYorkState, seat: int) -> str:
    return f"{s.seat_name(seat)} reveals their objectives and escapes alone"


def detail_collective(s: NewYorkState, x: int, number: int, winners: Sequence[int]) -> str:
    names = listing([s.seat_name(h) for h in winners])
    return (f"The Heroes in {place_name(s, x)} cross {BRIDGE_NAME[number]}: {names} "
            f"{'wins' if len(winners) == 1 else 'win'}")


DETAIL_NEW_YORK = "The last Timer tile is revealed: New York wins"


def ny_reshuffle(s: NewYorkState, cards: int) -> Sentence:
    return say("the New York deck is rebuilt from {n} and shuffled; the Prisoner Bonuses end",
               n=W.amount(cards, "card"))


def ny_discard(s: NewYorkState, c: int) -> Sentence:
    return say("New York discards {card}", card=ny_card(c))


def ny_cannot_pay(s: NewYorkState, c: int, cost: int) -> Sentence:
    return say("New York cannot pay {cost}: {card} is discarded", cost=noise(cost),
               card=ny_card(c))


def ny_plays(s: NewYorkState, c: int, cost: int) -> Sentence:
    return say("New York pays {cost} and plays {card}", cost=noise(cost), card=ny_card(c))


def prisoner_bonus(s: NewYorkState, c: int) -> Sentence:
    return say("{card} stays above the New York board as a Prisoner Bonus", card=ny_card(c))


def events_ignored(s: NewYorkState) -> Sentence:
    return say("Event cards are ignored this turn")


def no_events(s: NewYorkState) -> Sentence:
    return say("no Event cards for the rest of this turn")


def event_level_draw(s: NewYorkState, level: int) -> Sentence:
    return say(f"Event Level {level}: New York draws {{n}}", n=W.amount(level, "Event card"))


def event_drawn(s: NewYorkState, c: int) -> Sentence:
    return say("Event: {card}", card=event_card(c))


def hero_move(s: NewYorkState, seat: int, x: int, y: int, passenger: int) -> Sentence:
    args: Args = {"who": hero(s, seat), "a": place(s, x), "b": place(s, y)}
    text = "{who} moves from {a} to {b}"
    if passenger >= 0:
        text += " carrying {p}"
        args["p"] = hero(s, passenger)
    return Sentence(upper_first(text), args)


def trap(s: NewYorkState, y: int, hit: bool) -> Sentence:
    if hit:
        return say("the Trap in {where} is triggered!", where=place(s, y))
    return say("the Trap card in {where} is safe", where=place(s, y))


def taxi_gone(s: NewYorkState, seat: int) -> Sentence:
    return say("{who}'s Taxi is gone", who=hero(s, seat))


def car_wrecked_by(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} wrecks their Car on the Roadblock", who=hero(s, seat))


def car_abandoned(s: NewYorkState, seat: int, x: int) -> Sentence:
    return say("{who} abandons their Car in {where}", who=hero(s, seat), where=place(s, x))


def rides(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} rides along with {driver}", who=hero(s, seat), driver=hero(s, s.cur))


def kill_prisoner(s: NewYorkState, e: int, x: int, on_bar: bool) -> Sentence:
    bar = " (onto their Level Bar)" if on_bar else ""
    return say(f"{{who}} kills {{enemy}} in {{where}}{bar}", enemy=enemy(e),
               where=place(s, x), who=hero(s, s.cur))


def kill_driver(s: NewYorkState, e: int, x: int, on_bar: bool) -> Sentence:
    bar = " (a Prisoner onto their Level Bar)" if on_bar else ""
    return say(f"{{who}} kills {{enemy}} in {{where}}{bar}; the Car is abandoned",
               enemy=enemy(e), where=place(s, x), who=hero(s, s.cur))


def kill_boss(s: NewYorkState, b: int, x: int) -> Sentence:
    return say("{who} defeats {boss} in {where}", who=hero(s, s.cur), boss=boss(b),
               where=place(s, x))


def wanted(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} takes a Wanted card", who=hero(s, seat))


def case_token(s: NewYorkState, n: int, x: int) -> Sentence:
    return say(f"Case token {n} is put in {{where}}", where=place(s, x))


def trick(s: NewYorkState, e: int, x: int, y: int) -> Sentence:
    return say("{who} tricks {enemy} from {a} into {b}", who=hero(s, s.cur), enemy=enemy(e),
               a=place(s, x), b=place(s, y))


WHY_ENEMIES = "from the Enemies in range"
WHY_HIT = "from a hit"
WHY_EVENT = "from an Event"


def damage(s: NewYorkState, seat: int, amount: int, why: str, lost: int) -> Sentence:
    return say(f"{{who}} takes {{n}} {why} and discards {{k}}", who=hero(s, seat),
               n=W.amount(amount, "damage", "damage"), k=W.amount(lost, "random card"))


def cards_of(verb: str, refs: Sequence[Ref]) -> Sentence:
    """A private sentence about cards: "You discard Keep Low and Back Alleys"."""
    part, args = many("c", refs)
    return Sentence(f"{verb} {part}", args)


def use_item(s: NewYorkState, seat: int, k: int) -> Sentence:
    return say("{who} uses {item}", who=hero(s, seat), item=item(k))


def use_weapon(s: NewYorkState, seat: int, k: int, ammo: int | None) -> Sentence:
    if ammo is None:
        return say("{who} uses {item}", who=hero(s, seat), item=item(k))
    return say("{who} uses {item} ({n} left)", who=hero(s, seat), item=item(k),
               n=W.amount(ammo, "Ammo", "Ammo"))


def reveal_weapon(s: NewYorkState, seat: int, k: int, old: int) -> Sentence:
    if old < 0:
        return say("{who} reveals {item}", who=hero(s, seat), item=item(k))
    return say("{who} reveals {item}, discarding {old}", who=hero(s, seat), item=item(k),
               old=item(old))


def pay_level_shown(s: NewYorkState, seat: int, k: int) -> Sentence:
    return say("{who} discards {item} for an Item cube on their Level Bar", who=hero(s, seat),
               item=item(k))


def pay_level_hidden(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} discards an Item for an Item cube on their Level Bar", who=hero(s, seat))


def collect_item(s: NewYorkState, seat: int, x: int) -> Sentence:
    return say("{who} collects an Item in {where}", who=hero(s, seat), where=place(s, x))


def take_car(s: NewYorkState, seat: int, x: int) -> Sentence:
    return say("{who} takes the Car in {where}", who=hero(s, seat), where=place(s, x))


def discard_item(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} discards an Item", who=hero(s, seat))


def car_move(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} drives on", who=hero(s, seat))


def collect_case(s: NewYorkState, seat: int, n: int) -> Sentence:
    return say(f"{{who}} collects Case {n}", who=hero(s, seat))


def case_is(s: NewYorkState, n: int, code: int) -> Sentence:
    return say(f"Case {n} is {{card}}", card=supply_card(code))


def discard_case(s: NewYorkState, seat: int, n: int, x: int) -> Sentence:
    return say(f"{{who}} puts a Case into Case space {n}; its token is now in {{where}}",
               who=hero(s, seat), where=place(s, x))


def president_dead(s: NewYorkState) -> Sentence:
    return say("the President is Dead: only a Lone Victory is left")


def president(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} collects the President", who=hero(s, seat))


def use_case(s: NewYorkState, seat: int, code: int) -> Sentence:
    return say("{who} reveals {card}", who=hero(s, seat), card=supply_card(code))


def level_up(s: NewYorkState, seat: int) -> Sentence:
    return say(f"{{who}} reaches Level {s.level[seat]}", who=hero(s, seat))


def special(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} takes a Special Action card", who=hero(s, seat))


def swap(s: NewYorkState, seat: int, colour: str) -> Sentence:
    return say(f"{{who}} returns their {colour} objective and looks through its deck",
               who=hero(s, seat))


def objective(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} takes a new objective", who=hero(s, seat))


def enemy_move(s: NewYorkState, e: int, x: int, y: int, passenger: int | None) -> Sentence:
    args: Args = {"enemy": enemy(e), "a": place(s, x), "b": place(s, y)}
    text = "New York moves {enemy} from {a} to {b}"
    if passenger is not None:
        text += ", picking up {p}"
        args["p"] = enemy(passenger)
    return Sentence(text, args)


def car_wrecked(s: NewYorkState, e: int) -> Sentence:
    from getaway.games.new_york.tables import ENEMY_IDS

    return say("the Roadblock is broken and {car} is wrecked",
               car=W.piece(ENEMY_IDS[e], f"Car {e - CAR0 + 1}"))


def pull(s: NewYorkState, e: int, x: int, y: int) -> Sentence:
    return say("New York pulls {enemy} from {a} into {b}", enemy=enemy(e), a=place(s, x),
               b=place(s, y))


def recover(s: NewYorkState, seat: int, n: int) -> Sentence:
    return say("{who} takes back {n}", who=hero(s, seat), n=W.amount(n, "discarded card"))


def draw_items(s: NewYorkState, seat: int, n: int) -> Sentence:
    return say("{who} draws {n}", who=hero(s, seat), n=W.amount(n, "Item"))


def keep(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} keeps an Item", who=hero(s, seat))


def steal(s: NewYorkState, seat: int, victim: int, was_president: bool) -> Sentence:
    tail = ": the President" if was_president else ""
    return say(f"{{who}} steals a card from {{victim}}{tail}", who=hero(s, seat),
               victim=hero(s, victim))


def stolen(s: NewYorkState, code: int) -> Sentence:
    return say("the stolen card is {card}", card=supply_card(code))


def shield(s: NewYorkState) -> Sentence:
    return say("{who} is protected this turn", who=hero(s, s.cur))


def damage_bonus(s: NewYorkState) -> Sentence:
    return say("{who}'s next damage this turn deals {n} more", who=hero(s, s.cur),
               n=W.amount(s.bonus_dmg, "damage", "damage"))


def helicopter_moves(s: NewYorkState, x: int) -> Sentence:
    return say("the Helicopter moves to {where}", where=place(s, x))


def helicopter_lands(s: NewYorkState, x: int) -> Sentence:
    return say("the Helicopter lands in {where}", where=place(s, x))


def peek(s: NewYorkState, seat: int, deck: str, k: int) -> Sentence:
    top = "the top card" if k == 1 else f"the top {k} cards"
    return say(f"{{who}} looks at {top} of {DECK_WORDS[deck]}", who=hero(s, seat))


def peeked_cards(refs: Sequence[Ref]) -> Sentence:
    return cards_of("From the top:", refs)


def deck_card(deck: str, c: int) -> Ref:
    """A card of a peekable deck."""
    return {"timer": timer, "new_york": ny_card, "event": event_card, "item": item}[deck](c)


def peek_poi(s: NewYorkState, seat: int, x: int) -> Sentence:
    return say("{who} looks at the face-down POI in {where}", who=hero(s, seat),
               where=place(s, x))


def peeked_poi(s: NewYorkState, x: int, p: int) -> Sentence:
    return say("the POI in {where} is {poi}", where=place(s, x), poi=poi(p))


def reload(s: NewYorkState, seat: int, k: int, ammo: int) -> Sentence:
    return say("{who}'s {item} has {n}", who=hero(s, seat), item=item(k),
               n=W.amount(ammo, "Ammo", "Ammo"))


def car_taken(s: NewYorkState, seat: int) -> Sentence:
    return say("{who} gets into a Car", who=hero(s, seat))


def remove_alive(s: NewYorkState) -> Sentence:
    return say("a 'President is Alive' card leaves the President deck")


def prisoners_missing(s: NewYorkState, missing: int) -> Sentence:
    verb = "is" if missing == 1 else "are"
    return say(f"{{n}} {verb} missing: New York gains {{gain}}",
               n=W.amount(missing, "Prisoner"), gain=noise(missing))


def no_prisoner(s: NewYorkState) -> Sentence:
    return say("no Prisoner is left: New York gains {gain}", gain=noise(1))


def event_level(s: NewYorkState, level: int) -> Sentence:
    return say(f"the Event Level is {level}")


def gullfire(s: NewYorkState) -> Sentence:
    return say("New York destroys the Gullfire")


def boss_enters(s: NewYorkState, b: int, x: int) -> Sentence:
    return say("{boss} enters play in {where}", boss=boss(b, first=True), where=place(s, x))


def ny_special(s: NewYorkState) -> Sentence:
    return say("a New York Special Action card is shuffled into the New York deck")


def heal(s: NewYorkState, b: int) -> Sentence:
    return say("{boss} is back to {hp}", boss=boss(b, first=True),
               hp=W.amount(s.bhp[b], "Hit Point"))


def tile_laid(s: NewYorkState, x: int, t: int) -> Sentence:
    return say("a tile is revealed in {where}: {tile}", where=board_place(x), tile=tile(t))


def suburb(s: NewYorkState, x: int, icon: str) -> Sentence:
    return say(f"the Suburb token in {{where}} shows {ICON_WORDS.get(icon, icon)}",
               where=place(s, x))


def poi_flipped(s: NewYorkState, x: int, p: int) -> Sentence:
    return say("the POI in {where} is {poi}", where=board_place(x), poi=poi(p))


def _road(s: NewYorkState, x: int, d: int) -> tuple[str, Args]:
    y = NEIGH[x][d]
    if y < 0:
        n = BRIDGE_AT.get((x, d))
        if n is not None:
            return "the road from {a} onto {b}", {"a": place(s, x), "b": bridge(n)}
        return "the road out of {a}", {"a": place(s, x)}
    return "the road between {a} and {b}", {"a": place(s, x), "b": place(s, y)}


def roadblock(s: NewYorkState, x: int, d: int) -> Sentence:
    road, args = _road(s, x, d)
    return Sentence(f"A Roadblock closes {road}", args)


def roadblock_destroyed(s: NewYorkState, x: int, d: int) -> Sentence:
    road, args = _road(s, x, d)
    return Sentence(f"The Roadblock on {road} is destroyed", args)


def prisoner_appears(s: NewYorkState, x: int) -> Sentence:
    return say("a Prisoner appears in {where}", where=place(s, x))


def car_appears(s: NewYorkState, e: int, x: int) -> Sentence:
    return say("a Prisoner drives a Car into {where}: {enemy}", where=place(s, x),
               enemy=enemy(e))


def prisoner_takes_car(s: NewYorkState, e: int, x: int) -> Sentence:
    return say("a Prisoner takes the abandoned Car in {where}: {enemy}", where=place(s, x),
               enemy=enemy(e))


def noise_lost(s: NewYorkState, amount: int) -> Sentence:
    return say("the Noise track is full and no Mission cube is left to move: {n} is lost",
               n=noise(amount))


def saturation(s: NewYorkState) -> Sentence:
    return say("Noise saturates: the last Mission cube moves and a Timer tile is revealed; "
               "then Noise goes back to 0 and the cubes come home")


def noise_now(s: NewYorkState) -> Sentence:
    return say(f"New York has {s.noise} Noise")


def mission(s: NewYorkState) -> Sentence:
    return say("{n} in the right box", n=W.amount(s.mission, "Mission cube"))


def mission_lost(s: NewYorkState) -> Sentence:
    return say("every Mission cube is already in the right box")


def deferred(s: NewYorkState) -> Sentence:
    return say("the Mission cubes' Timer tile comes first: this waits until the cubes are "
               "home")


def timer_revealed(s: NewYorkState, t: int) -> Sentence:
    return say("Timer tile revealed: {tile}", tile=timer(t))


def timer_empty(s: NewYorkState) -> Sentence:
    return say("no Timer tile is left")


def timer_discarded(s: NewYorkState, t: int) -> Sentence:
    return say("Timer tile discarded unresolved: {tile}", tile=timer(t))


def mission_home(s: NewYorkState, noise_reset: bool, cubes: int) -> Sentence:
    head = "Noise goes back to 0 and " if noise_reset else ""
    return say(f"{head}the {{n}} {'comes' if cubes == 1 else 'come'} home",
               n=W.amount(cubes, "Mission cube"))


# -- the texts of the cards (the assets) ---------------------------------------------------

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


# -- the public contract: decision keys and event kinds ------------------------------------

DECISION_KEYS: dict[str, str] = {
    "timer_tile": "step 1: reveal a Timer tile to take back every discarded card (forced with "
                  "0 or 1 card in hand), or not",
    "play_cards": "step 2: the Action card to play face down (two in turn)",
    "resolve_card": "steps 3 and 4: the played card to reveal and carry out, or the Personal "
                    "Ability in its place",
    "car_step": "step 5: the Car's extra move, or an Item or Weapon before the damage, or go on",
    "level_step": "step 8: pay the Level Bar with Items before levelling up, or go on",
    "building": "step 9: what the Library or the Gun Shop gives",
    "move": "where the Hero steps next (a space, a bridge, a crash through a Roadblock), or "
            "stop; collecting on the way",
    "reveal_space": "which empty space next to the Hero is revealed, or none",
    "carry": "which Hero of the space rides along on this move, or nobody",
    "ride": "(the offered Hero) ride along with the current player, or stay",
    "damage": "which Enemy in range takes the next point of damage",
    "trick": "which Enemy in range is tricked, and into which space next to it",
    "discard": "(a Hero holding 4 cards) the card to discard: an Item, or a Case into an "
               "empty Case space",
    "special": "which Special Action card a Hero reaching a new Level takes into the hand",
    "swap_objective": "which objective, blue or purple, a Hero reaching a new Level swaps",
    "take_objective": "which objective of the deck the Hero takes",
    "pick_enemy": "which of the Enemies tied for New York's move goes first",
    "route_enemy": "where an Enemy New York moves ends, among its fastest ways",
    "pick_rider": "which Prisoner a Car New York drives picks up on its way",
    "recover": "which discarded Action card to take back",
    "keep_items": "which of the Items drawn to keep",
    "steal": "which face-down card of another Hero to steal",
    "helicopter": "where the Helicopter goes in Central Park",
    "peek_poi": "which face-down POI to look at, alone",
    "place_prisoners": "where Prisoners go when their place is the current player's choice",
    "reveal_poi": "which face-down POI to flip",
    "claim_now": "the Lone Victory's conditions have just come to hold: claim it, or play on",
    "claim_first": "a red Timer tile is about to be revealed: claim the Lone Victory first, "
                   "or let it come",
    "last_chance": "the turn is ending: claim the Lone Victory, or end the turn",
    "bridge_vote": "(every Hero on the bridgehead, at once) reveal the President, the Tape "
                   "and the Diagrams to cross, or keep them hidden",
    "turn_step": "what the other seats read while the current player decides something only "
                 "they may know of (a Lone Victory offered): the step of the turn it happens in",
}
"""Every decision key, with what it decides."""

EVENT_KINDS: dict[str, str] = {
    "turn": "a new turn begins: whose it is",
    "recover_all": "step 1: a Hero takes back every discarded card and reveals a Timer tile",
    "commit": "step 2: a Hero plays a card face down",
    "reveal_card": "a Hero reveals a played card and carries it out",
    "card_skipped": "a revealed card cannot be carried out in full: its effects are skipped",
    "ability": "a Hero uses the Personal Ability instead of revealing a card",
    "make_noise": "step 6: the Noise of the revealed cards",
    "shelter": "step 7: a Hero on a Shelter takes no damage",
    "shielded": "step 7: a Hero's shield stops all the damage",
    "damage": "a Hero takes damage and discards random Action cards",
    "discarded": "(to the Hero alone) which Action cards the damage took",
    "hero_move": "a Hero moves one space (with a passenger)",
    "passenger": "a Hero agrees to ride along",
    "trap": "a Hero entering a Trap tile draws a Trap card",
    "tile": "an empty space is revealed: the tile laid there",
    "suburb": "a Suburb token is turned face up",
    "poi": "a POI is flipped face up",
    "peek_poi": "a Hero looks at a face-down POI",
    "peeked": "(to the Hero alone) what a look at a POI or a deck's top showed",
    "peek": "a Hero looks at the top cards of a deck",
    "roadblock": "a Roadblock closes a road",
    "roadblock_destroyed": "a Roadblock is destroyed",
    "prisoner": "a Prisoner token comes onto the map",
    "no_prisoner": "Prisoners are missing from the supply: New York gains Noise instead",
    "car": "a Car driven by a Prisoner comes onto the map",
    "car_taken": "a Hero gets into a Car, or a Prisoner takes an abandoned one",
    "take_car": "a Hero takes an abandoned Car",
    "car_abandoned": "a Hero abandons a Car",
    "car_lost": "a Hero's Car is wrecked or the Taxi is gone",
    "car_move": "step 5: a Hero makes the Car's extra move",
    "car_wrecked": "a Car driven by a Prisoner breaks through a Roadblock and is wrecked",
    "enemy_move": "New York moves an Enemy",
    "pull": "step 12: New York pulls an Enemy into the current Hero's space",
    "trick": "a Hero tricks an Enemy into a space next to it",
    "kill": "a Hero kills a Prisoner or defeats a Boss",
    "boss": "a Boss enters play",
    "heal": "a Boss recovers Hit Points",
    "wanted": "a Hero takes a Wanted card",
    "case_token": "a Case token is put on the map",
    "collect_case": "a Hero collects a Case",
    "case": "(to the Hero alone) which Case card was collected",
    "discard_case": "a Hero puts a Case into an empty Case space; its token comes to the Hero",
    "use_case": "a Hero reveals a Case card to use it",
    "president": "a Hero collects the President",
    "president_dead": "the President deck says he is dead",
    "remove_alive": "a 'President is Alive' card leaves the President deck",
    "collect_item": "a Hero trades an Item cube for an Item card",
    "draw_items": "a Hero draws Item cards",
    "drawn": "(to the Hero alone) which Items were drawn",
    "keep": "a Hero keeps one of the Items drawn",
    "use_item": "a Hero uses an Item",
    "reveal_weapon": "a Hero reveals a Weapon into the Weapon slot",
    "use_weapon": "a Hero uses the revealed Weapon",
    "reload": "a Weapon's Ammo",
    "pay_level": "a Hero discards an Item for an Item cube on the Level Bar",
    "discard_item": "a Hero holding 4 cards discards an Item",
    "discarded_item": "(to the Hero alone) which Item was discarded",
    "level_up": "a Hero reaches a new Level",
    "special": "a Hero takes a Special Action card",
    "special_card": "(to the Hero alone) which Special Action card",
    "swap": "a Hero returns an objective to swap it",
    "objective": "a Hero takes a new objective",
    "recover": "a Hero takes back discarded Action cards",
    "recovered": "(to the Hero alone) which cards came back",
    "steal": "a Hero steals a face-down card from another",
    "stolen": "(to both Heroes) what the stolen card is",
    "shield": "a Hero is protected from damage this turn",
    "damage_bonus": "a Hero's next damage this turn is greater",
    "helicopter": "the Helicopter moves or lands",
    "gullfire": "New York destroys the Gullfire",
    "noise": "New York's Noise now",
    "noise_lost": "Noise that has nowhere to go is lost",
    "saturation": "the Noise track saturates: a Timer tile, then the track is reset",
    "mission": "Mission cubes move to the right box",
    "mission_lost": "no Mission cube is left to move",
    "mission_home": "the Mission cubes come home (and Noise back to 0)",
    "deferred": "a gain waits for the Mission cubes' Timer tile",
    "timer": "a Timer tile is revealed",
    "timer_discard": "a Timer tile is discarded unresolved",
    "timer_empty": "no Timer tile is left",
    "events": "the Event Level: how many Event cards New York draws",
    "event": "an Event card is drawn and resolved",
    "no_events": "Event cards are ignored this turn",
    "event_level": "the Event Level changes",
    "ny_discard": "New York discards the top card of its deck",
    "ny_card": "New York pays for a card and plays it",
    "ny_reshuffle": "the New York deck is rebuilt and shuffled",
    "ny_special": "a New York Special Action card is shuffled into the deck",
    "bonus": "a New York Special card stays above the board as a Prisoner Bonus",
    "bridge": "a Hero moves onto a bridge: the Collective Victory is attempted",
    "reveal": "who reveals their cards at the bridge",
    "bridge_failed": "the crossing fails: what was missing",
}
"""Every event kind, with what it tells."""
