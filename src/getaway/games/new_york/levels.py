"""Levelling up (NY-56..60, NY-161..166): a completed bar comes off, the reward under
it -- a Special Action card (NY-162, NY-163) and a Personal Objective swap (NY-163..165)
-- and the next bar is face up."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.frames import Step, describe
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.tables import (
    ACTION_IDS,
    ACTION_INDEX,
    BAR_ITEMS,
    BAR_PRISONERS,
    COLOUR_IDS,
    LEVELS,
    OBJECTIVE_INDEX,
)


def bar_complete(s: NewYorkState, seat: int) -> bool:
    """Whether every requirement of the face-up Level Bar is met (NY-57)."""
    lv = s.level[seat]
    if lv >= 3:
        return False
    bar = s.bars[seat][lv]
    return s.barp[seat] >= BAR_PRISONERS[bar] and s.bari[seat] >= BAR_ITEMS[bar]


def level_up(s: NewYorkState, seat: int, events: list[Event]) -> None:
    """Remove the bar (its Prisoners and cubes go home, NY-58) and take the reward."""
    reward = LEVELS[s.level[seat]]
    s.level[seat] += 1
    s.barp[seat] = 0
    s.bari[seat] = 0
    s.say(events, "level_up", words.level_up(s, seat), {"seat": seat, "level": s.level[seat]})
    if reward.swap:
        s.stack.append(SwapFrame(seat))
    if reward.specials and s.specials_aside(seat):
        s.stack.append(SpecialFrame(seat))


@dataclass(frozen=True, slots=True)
class SpecialFrame(Step):
    """Choose one Special Action card for the hand; the others go back (NY-162)."""

    key: ClassVar[str] = "special"
    seat: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.SPECIAL[c] for c in s.specials_aside(self.seat)]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.ChooseSpecial)
        s.stack.pop()
        c = ACTION_INDEX[action.card]
        s.hand[seat].append(c)
        s.taken[seat] += 1
        s.say(events, "special", words.special(s, seat), {"seat": seat})
        s.tell(events, seat, "special_card", words.cards_of("You take", [words.action_card(c)]),
               {"card": ACTION_IDS[c]})

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_special(s, self.seat)


@dataclass(frozen=True, slots=True)
class SwapFrame(Step):
    """Choose the objective deck to swap with (NY-165)."""

    key: ClassVar[str] = "swap_objective"
    seat: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return A.SWAP

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.SwapObjective)
        s.stack.pop()
        colour = COLOUR_IDS.index(action.colour)
        s.objd[colour].append(s.objs[seat][colour])
        s.objs[seat][colour] = -1
        s.say(events, "swap", words.swap(s, seat, action.colour),
              {"seat": seat, "colour": action.colour})
        s.stack.append(TakeObjectiveFrame(seat, colour))

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_swap(s, self.seat)


@dataclass(frozen=True, slots=True)
class TakeObjectiveFrame(Step):
    """Take any card of the deck, the returned one included (NY-165)."""

    key: ClassVar[str] = "take_objective"
    seat: int
    colour: int

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.TAKE_OBJECTIVE[o] for o in sorted(set(s.objd[self.colour]))]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.TakeObjective)
        s.stack.pop()
        o = OBJECTIVE_INDEX[action.objective]
        s.objd[self.colour].remove(o)
        s.objs[seat][self.colour] = o
        s.say(events, "objective", words.objective(s, seat), {"seat": seat})

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_take_objective(s, self.colour)

    def describe(self, s: Any) -> dict[str, Any]:
        return {**describe(self, s), "colour": COLOUR_IDS[self.colour]}
