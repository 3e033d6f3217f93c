"""The New York Phase (steps 10-12) and the New York deck.

Step 10 discards the top card for 1 Noise (NY-63); step 11 pays the next card's cost
and resolves it, or discards it for 1 Noise (NY-64..66); step 12 pulls the Enemies on
the sides the new top card's back shows (NY-67..73). Whenever the deck is down to one
card in this phase, every New York card in play or discarded is shuffled into a new
deck, Prisoner Bonuses included (NY-223, NY-224; the last card goes in too, G-28) --
at once, even while a card is being resolved (that card stays out and is discarded,
or goes above the board, when it is done).
A resolved Special card stays above the board as a Prisoner Bonus (NY-234..236).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york import words
from getaway.games.new_york.enemy_moves import pull
from getaway.games.new_york.frames import kept
from getaway.games.new_york.resolve import BOSS, NEW_YORK, PLAIN, Ctx, run_effects
from getaway.games.new_york.state import NY_BONUS, SEEN_NY, NewYorkState
from getaway.games.new_york.tables import BOSSES, NY, NY_COST, NY_IDS
from getaway.games.new_york.world import gain_noise

_NY_PHASE_BOSSES = tuple(b for b, boss in enumerate(BOSSES)
                         if boss.ability.when.value == "new_york_phase")
"""The Bosses whose ability works in the New York Phase, in Boss order."""


def reshuffle_check(s: NewYorkState, events: list[Event]) -> None:
    """One card left: a new deck from every New York card in play and discarded."""
    if len(s.nyd) > 1:
        return
    s.nyd.extend(s.nydisc)
    s.nyd.extend(s.bonus)
    s.nydisc.clear()
    s.bonus.clear()
    s.rng.shuffle(s.nyd)
    s.forget(SEEN_NY)
    s.say(events, "ny_reshuffle", words.ny_reshuffle(s, len(s.nyd)), {"cards": len(s.nyd)})


def step10(s: NewYorkState, events: list[Event]) -> None:
    """Discard the top card face up; New York gains 1 Noise (NY-63)."""
    reshuffle_check(s, events)
    for b in _NY_PHASE_BOSSES:
        if s.bpos[b] >= 0:
            run_effects(s, BOSSES[b].ability.effects, Ctx(BOSS, origin=s.bpos[b]))
    c = s.nyd.pop()
    s.drew(SEEN_NY)
    s.nydisc.append(c)
    s.say(events, "ny_discard", words.ny_discard(s, c), {"card": NY_IDS[c]})
    reshuffle_check(s, events)
    gain_noise(s, 1, events)


def step11(s: NewYorkState, events: list[Event]) -> None:
    """Pay the top card's cost and resolve it, or discard it for 1 Noise (NY-64..66)."""
    reshuffle_check(s, events)
    c = s.nyd[-1]
    cost = NY_COST[c]
    s.nyd.pop()
    s.drew(SEEN_NY)
    if s.noise >= cost:
        s.noise -= cost
        s.say(events, "ny_card", words.ny_plays(s, c, cost), {"card": NY_IDS[c], "cost": cost})
        reshuffle_check(s, events)  # down to one card: at once, this card being resolved
        s.stack.append(kept(CardDone, c))
        run_effects(s, NY[c].effects, PLAIN[NEW_YORK])
        return
    s.nydisc.append(c)
    s.say(events, "ny_discard", words.ny_cannot_pay(s, c, cost),
          {"card": NY_IDS[c], "cost": cost})
    reshuffle_check(s, events)
    gain_noise(s, 1, events)


@dataclass(frozen=True, slots=True)
class CardDone(Decision):
    """A resolved New York card: a Special stays above the board (NY-234), the others
    are discarded face up."""

    automatic: ClassVar[bool] = True
    card: int

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        if NY_BONUS[self.card][0] >= 0:
            s.bonus.append(self.card)
            s.say(events, "bonus", words.prisoner_bonus(s, self.card),
                  {"card": NY_IDS[self.card]})
        else:
            s.nydisc.append(self.card)
        reshuffle_check(s, events)


def step12(s: NewYorkState, events: list[Event]) -> None:
    """Pull the Enemies on the sides the top card's back shows (NY-67)."""
    reshuffle_check(s, events)
    pull(s, events)


STEPS = {10: step10, 11: step11, 12: step12}
