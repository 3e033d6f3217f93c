"""A turn: the Hero Phase (steps 1-9) and the New York Phase (steps 10-12), always in
this order (NY-25), then the end of the turn (NY-74).

:class:`Phase` is an automatic frame that carries out one step and leaves the next
step beneath the decisions it pushed, so the turn reads as a list of steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import effects_hero as _hero  # noqa: F401  (registers handlers)
from getaway.games.new_york import effects_special as _special  # noqa: F401
from getaway.games.new_york import effects_world as _world  # noqa: F401
from getaway.games.new_york import words
from getaway.games.new_york.combat import enemy_damage, random_discards, sheltered
from getaway.games.new_york.frames import Step
from getaway.games.new_york.free import HeroStep, free_actions
from getaway.games.new_york.items import car_effects, car_move_ok
from getaway.games.new_york.levels import bar_complete, level_up
from getaway.games.new_york.model import HAND_FORCED, Building
from getaway.games.new_york.resolve import ABILITY, CAR, CARD, PLAIN, Ctx, feasible, resolve_hero
from getaway.games.new_york.state import NewYorkState
from getaway.games.new_york.tables import (
    ABILITY as PERSONAL,
)
from getaway.games.new_york.tables import (
    ACTION_IDS,
    ACTION_INDEX,
    ACTION_NOISE,
    ACTIONS,
    ITEMS,
    TILE_BUILDING,
)
from getaway.games.new_york.timer import reveal_tile
from getaway.games.new_york.victory import claim, lone_ok
from getaway.games.new_york.world import gain_noise

ABILITY_EFFECTS = (PERSONAL.attack, PERSONAL.move)
ABILITY_CTX = Ctx(ABILITY)
_PLAY = A.PLAY.__getitem__
_PLAYS: dict[tuple[int, ...], tuple[Action, ...]] = {}
"""A hand's cards to play, by its cards in order (bounded)."""
_RESOLVES: dict[tuple[tuple[int, ...], bool, bool], tuple[Action, ...]] = {}
"""The resolve step's choices, by the played cards and which uses of the Personal Ability
can be carried out (bounded)."""
_TIMER_OWN = ((A.REVEAL_TIMER, A.DONE), (A.REVEAL_TIMER,))
"""Step 1's own choices, by ``forced``."""
_CAR_OWN = (A.CAR_MOVE, A.DONE)
_DONE_OWN = (A.DONE,)
_REVEAL = A.REVEAL.__getitem__
CARD_CTX = tuple(Ctx(CARD, card=c) for c in range(len(ACTIONS)))
"""Each Action card's context, by card."""


# -- step 1: the Timer tile ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TimerStep(HeroStep):
    """Step 1: reveal a Timer tile to take back every discard; ``forced`` when the turn
    began with 0 or 1 card in hand (NY-27..31)."""

    key: ClassVar[str] = "timer_tile"
    forced: bool

    def own(self, s: NewYorkState) -> tuple[Action, ...]:
        return _TIMER_OWN[self.forced]

    def pick(self, s: NewYorkState, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is A.REVEAL_TIMER:
            seat = s.cur
            back = len(s.disc[seat])
            s.hand[seat].extend(s.disc[seat])  # all of them, before the tile (NY-29, NY-30)
            s.disc[seat].clear()
            s.say(events, "recover_all", words.recover_all(s, seat, back),
                  {"seat": seat, "count": back})
            reveal_tile(s, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_timer(s, self.forced)


# -- step 2: choose two cards ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseCards(HeroStep):
    """Step 2: commit 2 cards face down before resolving either (NY-33, NY-34)."""

    key: ClassVar[str] = "play_cards"

    def own(self, s: NewYorkState) -> Sequence[Action]:
        hand = s.hand[s.cur]
        if not hand:
            return [A.DONE]  # an Event emptied the hand meanwhile: play what is played
        key = tuple(sorted(set(hand)))  # the cards, not their order in hand
        found = _PLAYS.get(key)
        if found is None:
            if len(_PLAYS) >= 4096:
                _PLAYS.clear()
            found = _PLAYS[key] = tuple(map(_PLAY, key))
        return found

    def pick(self, s: NewYorkState, action: Action, events: list[Event]) -> None:
        if action is A.DONE:
            s.stack.pop()
            return
        assert isinstance(action, A.PlayCard)
        seat = s.cur
        c = ACTION_INDEX[action.card]
        s.hand[seat].remove(c)
        s.played.append(c)
        if len(s.played) >= 2 or not s.hand[seat]:
            s.stack.pop()
        s.say(events, "commit", words.commit(s, seat), {"seat": seat})

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_choose_cards(s)


# -- steps 3 and 4: resolve the played cards ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ResolveStep(HeroStep):
    """Steps 3-4: reveal a played card and resolve it, or use the Personal Ability in its
    place (NY-35, NY-179..182)."""

    key: ClassVar[str] = "resolve_card"

    def own(self, s: NewYorkState) -> Sequence[Action]:
        free = not s.ability
        key = (tuple(s.played), free and feasible(s, ABILITY_EFFECTS[0], ABILITY_CTX),
               free and feasible(s, ABILITY_EFFECTS[1], ABILITY_CTX))
        found = _RESOLVES.get(key)
        if found is None:
            played = sorted(set(key[0]))
            out: list[Action] = list(map(_REVEAL, played))
            for m in (0, 1):
                if key[1 + m]:
                    out.extend(A.ABILITY[c][m] for c in played)
            if len(_RESOLVES) >= 4096:
                _RESOLVES.clear()
            found = _RESOLVES[key] = tuple(out)
        return found

    def pick(self, s: NewYorkState, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        seat = s.cur
        if isinstance(action, A.UseAbility):
            c = ACTION_INDEX[action.card]
            s.played.remove(c)
            s.aside = c  # discarded unrevealed in step 6 (NY-181)
            s.ability = True
            s.made += PERSONAL.noise  # always 2 Noise (NY-180)
            m = 0 if action.mode == "attack" else 1
            s.say(events, "ability", words.ability(s, seat, action.mode),
                  {"seat": seat, "mode": action.mode})
            resolve_hero(s, ABILITY_EFFECTS[m], PLAIN[ABILITY])
            return
        assert isinstance(action, A.RevealCard)
        c = ACTION_INDEX[action.card]
        s.played.remove(c)
        s.shown.append(c)
        s.made += ACTION_NOISE[c]  # counted even when skipped (NY-37, NY-46)
        card = ACTIONS[c]
        ctx = CARD_CTX[c]
        if feasible(s, card.effects, ctx):
            s.say(events, "reveal_card", words.reveal_card(s, seat, c),
                  {"seat": seat, "card": card.id})
            resolve_hero(s, card.effects, ctx)
        else:
            s.say(events, "card_skipped", words.card_skipped(s, seat, c),
                  {"seat": seat, "card": card.id})

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_resolve(s)


# -- step 5: the Car ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CarStep(HeroStep):
    """Step 5: make the Car's extra move, or not (NY-43, NY-44); the free actions too, the
    last chance to use an Item before step 7 (NY-139)."""

    key: ClassVar[str] = "car_step"

    def own(self, s: NewYorkState) -> tuple[Action, ...]:
        return _CAR_OWN if car_move_ok(s, s.cur) else _DONE_OWN

    def pick(self, s: NewYorkState, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is A.CAR_MOVE:
            seat = s.cur
            s.say(events, "car_move", words.car_move(s, seat), {"seat": seat})
            resolve_hero(s, car_effects(s, seat), PLAIN[CAR])

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_car_step(s, car_move_ok(s, s.cur))


# -- step 8: level up ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LevelStep(HeroStep):
    """Step 8: last chance to pay the bar with Items; a complete bar levels up (NY-56..59)."""

    key: ClassVar[str] = "level_step"

    def own(self, s: NewYorkState) -> tuple[Action, ...]:
        return _DONE_OWN

    def pick(self, s: NewYorkState, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if bar_complete(s, s.cur):
            level_up(s, s.cur, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.prompt_level(s)


# -- step 9: Buildings ----------------------------------------------------------------------


def building(s: NewYorkState) -> Building | None:
    """The Building in the current Hero's space (NY-61)."""
    t = s.tile[s.hpos[s.cur]]
    return TILE_BUILDING[t] if t >= 0 else None


@dataclass(frozen=True, slots=True)
class BuildingChoice(Step):
    """The Library (NY-168) or the Gun Shop (NY-176): choose what it gives."""

    key: ClassVar[str] = "building"
    options: tuple[str, ...]

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return [A.OPTION[o] for o in self.options]

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, A.Opt)
        s.stack.pop()
        from getaway.games.new_york.effects_hero import draw_items, recover
        from getaway.games.new_york.effects_special import reload

        if action.choice == "library-item":
            draw_items(s, 1, 0, events)
        elif action.choice == "library-card":
            recover(s, seat, 1, "random", events)
        elif action.choice == "gunshop-items":
            draw_items(s, 2, 1, events)
        else:
            reload(s, seat, 2, events)

    def prompt(self, s: NewYorkState) -> str:
        gun = any(o.startswith("gunshop") for o in self.options)
        return words.prompt_building(s, "the Gun Shop" if gun else "the Library")


def building_step(s: NewYorkState, events: list[Event]) -> None:
    """Step 9: the Building where the Hero stands works now, and only now (NY-61, NY-62)."""
    b = building(s)
    seat = s.cur
    if b is Building.LIBRARY:
        opts = tuple(o for o, ok in (("library-item", bool(s.items or s.idisc)),
                                     ("library-card", bool(s.disc[seat]))) if ok)
    elif b is Building.GUN_SHOP:
        w = s.weapon[seat]
        reload_ok = w >= 0 and ITEMS[w].ammo > 0 and s.ammo[seat] < ITEMS[w].ammo
        opts = tuple(o for o, ok in (("gunshop-items", bool(s.items or s.idisc)),
                                     ("gunshop-reload", reload_ok)) if ok)
    elif b is Building.SURGERY:
        if s.disc[seat]:
            from getaway.games.new_york.effects_hero import RecoverFrame

            s.stack.append(RecoverFrame(min(2, len(s.disc[seat])), True))  # NY-175
        return
    else:
        return  # a Shelter works all the time (NY-177)
    if opts:
        s.stack.append(BuildingChoice(opts))


# -- the end of the turn ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LastChance(Step):
    """The turn is ending: the current player may still claim a Lone Victory (NY-83)."""

    key: ClassVar[str] = "last_chance"

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return (A.CLAIM_LONE, A.DONE)

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is A.CLAIM_LONE:
            claim(s, seat, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.PROMPT_LAST_CHANCE


def end_turn(s: NewYorkState, events: list[Event]) -> None:
    """Tricked Enemies stand up (NY-74), Prisoners' damage heals (NY-109), the next seat
    plays (G-23: clockwise, seat order), starting with step 1 at once: its Timer tile
    decision lists the Lone Victory when the new player can claim one (NY-83)."""
    s.tricked = 0
    edmg = s.edmg
    edmg[:] = bytes(len(edmg))  # every Enemy's damage back to 0, in C
    s.ability = False
    s.shield = 0
    s.bonus_dmg = 0
    s.noevents = False
    s.made = 0
    s.abandoned = False
    s.dropped = 0
    s.evpend = 0
    s.wuses = 0
    s.aside = -1
    s.passenger = -1
    s.lone_asked = False
    s.cur = (s.cur + 1) % s.n
    s.turn += 1
    s.say(events, "turn", words.turn(s), {"seat": s.cur, "turn": s.turn})
    _PHASES[1].run(s, events)


# -- the steps in order ---------------------------------------------------------------------


def _step1(s: NewYorkState, events: list[Event]) -> None:
    s.stack.append(_TIMER_STEP[len(s.hand[s.cur]) <= HAND_FORCED])


def _step2(s: NewYorkState, events: list[Event]) -> None:
    if s.hand[s.cur]:
        s.stack.append(_CHOOSE_CARDS)


def _step34(s: NewYorkState, events: list[Event]) -> None:
    if s.played:
        s.stack.append(_RESOLVE_STEP)


def _step5(s: NewYorkState, events: list[Event]) -> None:
    """The Car's extra move; also the last moment before the damage of step 7 to use an
    Item or a Weapon (NY-139: at any time outside an Action card's resolution)."""
    if car_move_ok(s, s.cur) or free_actions(s):
        s.stack.append(_CAR_STEP)


def _step6(s: NewYorkState, events: list[Event]) -> None:
    """Noise of the revealed cards and the ability, then the played cards are discarded
    face down (NY-46..48)."""
    seat = s.cur
    made = s.made
    s.made = 0
    played = s.shown + s.played + ([s.aside] if s.aside >= 0 else [])
    s.disc[seat].extend(played)
    s.shown.clear()
    s.played.clear()
    s.aside = -1
    s.say(events, "make_noise", words.made_noise(s, seat, made), {"seat": seat, "noise": made})
    gain_noise(s, made, events)


def _step7(s: NewYorkState, events: list[Event]) -> None:
    """Damage from every Enemy in range, less shields; none on a Shelter (NY-49..55)."""
    seat = s.cur
    dmg = enemy_damage(s)
    if not dmg:
        return
    if sheltered(s, seat):
        s.say(events, "shelter", words.shelter(s, seat), {"seat": seat})
        return
    dmg = max(0, dmg - s.shield)
    if dmg:
        random_discards(s, seat, dmg, events, words.WHY_ENEMIES)
    else:
        s.say(events, "shielded", words.shielded(s, seat), {"seat": seat})


def _step8(s: NewYorkState, events: list[Event]) -> None:
    if free_actions(s):
        s.stack.append(_LEVEL_STEP)
    elif bar_complete(s, s.cur):
        level_up(s, s.cur, events)


def _step9(s: NewYorkState, events: list[Event]) -> None:
    building_step(s, events)


def _step13(s: NewYorkState, events: list[Event]) -> None:
    s.stack.append(_END_TURN)
    if lone_ok(s, s.cur):
        s.stack.append(LastChance())


def _ny(step: int) -> Any:
    def run(s: NewYorkState, events: list[Event]) -> None:
        steps = _NEW_YORK_STEPS or _load_new_york_steps()
        STEPS[step] = steps[step]  # from now on, the step itself
        steps[step](s, events)

    return run


_NEW_YORK_STEPS: dict[int, Any] = {}


def _load_new_york_steps() -> dict[int, Any]:
    """:data:`.newyork.STEPS`, imported on first use (newyork imports this module)."""
    from getaway.games.new_york.newyork import STEPS as steps

    _NEW_YORK_STEPS.update(steps)
    return _NEW_YORK_STEPS


STEPS = {1: _step1, 2: _step2, 3: _step34, 4: _step34, 5: _step5, 6: _step6, 7: _step7,
         8: _step8, 9: _step9, 10: _ny(10), 11: _ny(11), 12: _ny(12), 13: _step13}


@dataclass(frozen=True, slots=True)
class Phase(Decision):
    """Carry out step ``step`` of the turn, the next one waiting beneath."""

    automatic: ClassVar[bool] = True
    step: int

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        """Step ``step``, and the next ones at once while a step leaves nothing to do
        before the next (its frame still on top): what :meth:`.NewYorkState.settle`
        would do, popping and running that frame, when the current Hero is below level
        3 (the Lone Victory's watch then only clears ``lone_asked``)."""
        step = self.step
        stack = s.stack
        level = s.level
        while True:
            if step >= 13:
                STEPS[step](s, events)
                return
            after = _PHASES[step + 1]
            stack.append(after)
            STEPS[step](s, events)
            if s._outcome is not None or stack[-1] is not after or level[s.cur] >= 3:
                return
            s.lone_asked = False
            stack.pop()
            step += 1


_PHASES = {step: Phase(step) for step in STEPS}
"""One frame per step (frames are frozen values; a turn goes through every step)."""



@dataclass(frozen=True, slots=True)
class EndTurn(Decision):
    """The turn is over."""

    automatic: ClassVar[bool] = True

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        end_turn(s, events)


# One of each frame the turn pushes that has no field to tell it apart (frames are
# immutable values, shared by clones already).
_TIMER_STEP = (TimerStep(False), TimerStep(True))
_CHOOSE_CARDS = ChooseCards()
_RESOLVE_STEP = ResolveStep()
_CAR_STEP = CarStep()
_LEVEL_STEP = LevelStep()
_END_TURN = EndTurn()

__all__ = ["ACTION_IDS"]
