"""Sentences: every event, private note and outcome detail in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from getaway.core import words as W
from getaway.core.words import Ref, Sentence, listing, upper_first
from getaway.games.new_york.tables import BRIDGE_AT, CAR0, NEIGH
from getaway.games.new_york.words.names import BRIDGE_NAME, DECK_WORDS, ICON_WORDS, place_name
from getaway.games.new_york.words.refs import (
    SAID,
    Args,
    action_card,
    board_place,
    boss,
    bridge,
    enemy,
    event_card,
    hero,
    item,
    kept,
    many,
    noise,
    ny_card,
    place,
    poi,
    say,
    supply_card,
    tile,
    timer,
)

if TYPE_CHECKING:
    from getaway.games.new_york.state import NewYorkState


def turn(s: NewYorkState) -> Sentence:
    key = ("turn", s.turn, hero(s, s.cur))
    return SAID.get(key) or kept(key, say(f"turn {s.turn}: {{who}} plays", who=key[2]))


def recover_all(s: NewYorkState, seat: int, back: int) -> Sentence:
    key = ("recover_all", hero(s, seat), back)
    return SAID.get(key) or kept(key, say("{who} takes back {n} and reveals a Timer tile",
                                          who=key[1], n=W.amount(back, "discarded card")))


def commit(s: NewYorkState, seat: int) -> Sentence:
    key = ("commit", hero(s, seat))
    return SAID.get(key) or kept(key, say("{who} plays a card face down", who=key[1]))


def ability(s: NewYorkState, seat: int, mode: str) -> Sentence:
    key = ("ability", hero(s, seat), mode)
    return SAID.get(key) or kept(key, say(
        f"{{who}} uses their Personal Ability to {mode} instead of revealing a card",
        who=key[1]))


def reveal_card(s: NewYorkState, seat: int, c: int) -> Sentence:
    key = ("reveal_card", hero(s, seat), c)
    return SAID.get(key) or kept(key, say("{who} reveals {card}", who=key[1],
                                          card=action_card(c)))


def card_skipped(s: NewYorkState, seat: int, c: int) -> Sentence:
    return say("{who} reveals {card}, which cannot be carried out in full: its effects are "
               "skipped", who=hero(s, seat), card=action_card(c))


def made_noise(s: NewYorkState, seat: int, made: int) -> Sentence:
    key = ("made_noise", hero(s, seat), made)
    return SAID.get(key) or kept(key, say("{who} made {n}", who=key[1], n=noise(made)))


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
    key = ("ny_discard", c)
    return SAID.get(key) or kept(key, say("New York discards {card}", card=ny_card(c)))


def ny_cannot_pay(s: NewYorkState, c: int, cost: int) -> Sentence:
    key = ("ny_cannot_pay", c, cost)
    return SAID.get(key) or kept(key, say("New York cannot pay {cost}: {card} is discarded",
                                          cost=noise(cost), card=ny_card(c)))


def ny_plays(s: NewYorkState, c: int, cost: int) -> Sentence:
    key = ("ny_plays", c, cost)
    return SAID.get(key) or kept(key, say("New York pays {cost} and plays {card}",
                                          cost=noise(cost), card=ny_card(c)))


def prisoner_bonus(s: NewYorkState, c: int) -> Sentence:
    return say("{card} stays above the New York board as a Prisoner Bonus", card=ny_card(c))


def events_ignored(s: NewYorkState) -> Sentence:
    return say("Event cards are ignored this turn")


def no_events(s: NewYorkState) -> Sentence:
    return say("no Event cards for the rest of this turn")


def event_level_draw(s: NewYorkState, level: int) -> Sentence:
    key = ("event_level_draw", level)
    return SAID.get(key) or kept(key, say(f"Event Level {level}: New York draws {{n}}",
                                          n=W.amount(level, "Event card")))


def event_drawn(s: NewYorkState, c: int) -> Sentence:
    key = ("event_drawn", c)
    return SAID.get(key) or kept(key, say("Event: {card}", card=event_card(c)))


def hero_move(s: NewYorkState, seat: int, x: int, y: int, passenger: int) -> Sentence:
    key = ("hero_move", hero(s, seat), place(s, x), place(s, y),
           hero(s, passenger) if passenger >= 0 else None)
    found = SAID.get(key)
    if found is not None:
        return found
    args: Args = {"who": key[1], "a": key[2], "b": key[3]}
    text = "{who} moves from {a} to {b}"
    if passenger >= 0:
        text += " carrying {p}"
        args["p"] = hero(s, passenger)
    return kept(key, Sentence(upper_first(text), args))


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
    key = ("kill_prisoner", e, place(s, x), hero(s, s.cur), on_bar)
    found = SAID.get(key)
    if found is not None:
        return found
    bar = " (onto their Level Bar)" if on_bar else ""
    return kept(key, say(f"{{who}} kills {{enemy}} in {{where}}{bar}", enemy=enemy(e),
                         where=key[2], who=key[3]))


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
    key = ("damage", hero(s, seat), amount, why, lost)
    return SAID.get(key) or kept(key, say(
        f"{{who}} takes {{n}} {why} and discards {{k}}", who=key[1],
        n=W.amount(amount, "damage", "damage"), k=W.amount(lost, "random card")))


def cards_of(verb: str, refs: Sequence[Ref]) -> Sentence:
    """A private sentence about cards: "You discard Keep Low and Back Alleys"."""
    key = ("cards_of", verb, *refs)
    found = SAID.get(key)
    if found is not None:
        return found
    part, args = many("c", refs)
    return kept(key, Sentence(f"{verb} {part}", args))


def use_item(s: NewYorkState, seat: int, k: int) -> Sentence:
    return say("{who} uses {item}", who=hero(s, seat), item=item(k))


def use_weapon(s: NewYorkState, seat: int, k: int, ammo: int | None) -> Sentence:
    key = ("use_weapon", hero(s, seat), k, ammo)
    found = SAID.get(key)
    if found is not None:
        return found
    if ammo is None:
        return kept(key, say("{who} uses {item}", who=key[1], item=item(k)))
    return kept(key, say("{who} uses {item} ({n} left)", who=key[1], item=item(k),
                         n=W.amount(ammo, "Ammo", "Ammo")))


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
    key = ("collect_item", hero(s, seat), place(s, x))
    return SAID.get(key) or kept(key, say("{who} collects an Item in {where}", who=key[1],
                                          where=key[2]))


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
    key = ("enemy_move", e, place(s, x), place(s, y), passenger)
    found = SAID.get(key)
    if found is not None:
        return found
    args: Args = {"enemy": enemy(e), "a": key[2], "b": key[3]}
    text = "New York moves {enemy} from {a} to {b}"
    if passenger is not None:
        text += ", picking up {p}"
        args["p"] = enemy(passenger)
    return kept(key, Sentence(text, args))


def car_wrecked(s: NewYorkState, e: int) -> Sentence:
    from getaway.games.new_york.tables import ENEMY_IDS

    return say("the Roadblock is broken and {car} is wrecked",
               car=W.piece(ENEMY_IDS[e], f"Car {e - CAR0 + 1}"))


def pull(s: NewYorkState, e: int, x: int, y: int) -> Sentence:
    key = ("pull", e, place(s, x), place(s, y))
    return SAID.get(key) or kept(key, say("New York pulls {enemy} from {a} into {b}",
                                          enemy=enemy(e), a=key[2], b=key[3]))


def recover(s: NewYorkState, seat: int, n: int) -> Sentence:
    key = ("recover", hero(s, seat), n)
    return SAID.get(key) or kept(key, say("{who} takes back {n}", who=key[1],
                                          n=W.amount(n, "discarded card")))


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
    key = ("tile_laid", x, t)
    return SAID.get(key) or kept(key, say("a tile is revealed in {where}: {tile}",
                                          where=board_place(x), tile=tile(t)))


def suburb(s: NewYorkState, x: int, icon: str) -> Sentence:
    return say(f"the Suburb token in {{where}} shows {ICON_WORDS.get(icon, icon)}",
               where=place(s, x))


def poi_flipped(s: NewYorkState, x: int, p: int) -> Sentence:
    key = ("poi_flipped", x, p)
    return SAID.get(key) or kept(key, say("the POI in {where} is {poi}",
                                          where=board_place(x), poi=poi(p)))


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
    key = ("prisoner_appears", place(s, x))
    return SAID.get(key) or kept(key, say("a Prisoner appears in {where}", where=key[1]))


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
    key = ("saturation",)
    return SAID.get(key) or kept(key, say(
        "Noise saturates: the last Mission cube moves and a Timer tile is revealed; "
        "then Noise goes back to 0 and the cubes come home"))


def noise_now(s: NewYorkState) -> Sentence:
    key = ("noise_now", s.noise)
    return SAID.get(key) or kept(key, say(f"New York has {s.noise} Noise"))


def mission(s: NewYorkState) -> Sentence:
    key = ("mission", s.mission)
    return SAID.get(key) or kept(key, say("{n} in the right box",
                                          n=W.amount(s.mission, "Mission cube")))


def mission_lost(s: NewYorkState) -> Sentence:
    return say("every Mission cube is already in the right box")


def deferred(s: NewYorkState) -> Sentence:
    return say("the Mission cubes' Timer tile comes first: this waits until the cubes are "
               "home")


def timer_revealed(s: NewYorkState, t: int) -> Sentence:
    key = ("timer_revealed", t)
    return SAID.get(key) or kept(key, say("Timer tile revealed: {tile}", tile=timer(t)))


def timer_empty(s: NewYorkState) -> Sentence:
    return say("no Timer tile is left")


def timer_discarded(s: NewYorkState, t: int) -> Sentence:
    return say("Timer tile discarded unresolved: {tile}", tile=timer(t))


def mission_home(s: NewYorkState, noise_reset: bool, cubes: int) -> Sentence:
    key = ("mission_home", noise_reset, cubes)
    found = SAID.get(key)
    if found is not None:
        return found
    head = "Noise goes back to 0 and " if noise_reset else ""
    return kept(key, say(f"{head}the {{n}} {'comes' if cubes == 1 else 'come'} home",
                         n=W.amount(cubes, "Mission cube")))
