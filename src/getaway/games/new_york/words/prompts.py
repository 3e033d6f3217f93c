"""Prompts (to the seat that decides), with the state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from getaway.core.words import count, listing
from getaway.games.new_york.tables import COLOUR_IDS
from getaway.games.new_york.words.names import (
    BRIDGE_NAME,
    ORDINAL,
    enemy_name,
    hero_order,
    place_name,
)

if TYPE_CHECKING:
    from getaway.games.new_york.state import NewYorkState


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
