"""Case cards and the President (NY-118..135, NY-258..261): collecting a Case from its
token, discarding one into an empty Case space, collecting the President and the four
steps of his first rescue, the Dead or Alive deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york import words
from getaway.games.new_york.model import Module
from getaway.games.new_york.state import HOME, NewYorkState, is_bracelet
from getaway.games.new_york.tables import (
    CASE0,
    CODE_IDS,
    DUKE,
    DUKE_CAMP,
    POI_SPACES,
    PRESIDENT,
    SPACE_IDS,
)
from getaway.games.new_york.world import give


def collectable_cases(s: NewYorkState, seat: int) -> list[int]:
    """Case tokens the Hero may collect now: in the space, no Enemy there (NY-118). A
    token the Hero dropped this turn is not picked up again the same turn (ours)."""
    x = s.hpos[seat]
    if x not in s.token or s.has_enemy(x):
        return []
    return [n for n in range(4) if s.token[n] == x and s.slot[n] >= 0
            and not s.dropped >> n & 1]


def collect_case(s: NewYorkState, seat: int, n: int, events: list[Event]) -> None:
    """Take the card of Case space ``n``; its token goes home (NY-120, NY-121)."""
    code = CASE0 + s.slot[n]
    s.slot[n] = -1
    s.token[n] = HOME
    s.say(events, "collect_case", words.collect_case(s, seat, n + 1),
          {"seat": seat, "case": n + 1}
          | ({"card": CODE_IDS[code]} if s.bracelet_up and is_bracelet(code) else {}))
    s.tell(events, seat, "case", words.case_is(s, n + 1, code),
           {"case": n + 1, "card": CODE_IDS[code]})
    give(s, seat, code, events)


def discard_case(s: NewYorkState, seat: int, code: int, n: int, events: list[Event]) -> None:
    """Put a Case card face down in empty Case space ``n``; that space's token goes to the
    Hero's space (NY-124, NY-125)."""
    s.supply[seat].remove(code)
    s.slot[n] = code - CASE0
    x = s.hpos[seat]
    s.token[n] = x
    if seat == s.cur:
        s.dropped |= 1 << n
    s.say(events, "discard_case", words.discard_case(s, seat, n + 1, x),
          {"seat": seat, "case": n + 1, "space": SPACE_IDS[x]})


def can_collect_president(s: NewYorkState, seat: int) -> bool:
    """At the revealed Duke's Camp, no Enemy, the President still there (NY-128)."""
    x = s.hpos[seat]
    return (not s.pres_found and s.poi[x] == DUKE_CAMP and bool(s.up >> x & 1)
            and not s.has_enemy(x))


def collect_president(s: NewYorkState, seat: int, events: list[Event]) -> None:
    """Take the President (or draw from the Dead or Alive deck, NY-259, NY-260), then the
    first rescue's four steps (NY-129..133)."""
    s.pres_found = True
    if Module.DEAD_OR_ALIVE in s.modules and s.pdeck:
        alive = s.pdeck.pop()
        if not alive:
            s.pres_dead = True
            s.say(events, "president_dead", words.president_dead(s), {"seat": seat})
    s.stack.append(FirstRescue(0))  # beneath the forced discard of a 4th card (NY-122)
    if not s.pres_dead:
        s.pres = seat
        s.say(events, "president", words.president(s, seat), {"seat": seat})
        give(s, seat, PRESIDENT, events)


@dataclass(frozen=True, slots=True)
class FirstRescue(Decision):
    """The first rescue, one step at a time: Prisoners around the camp, the Helicopter
    lands, every POI is flipped with a Timer tile discarded for each, the Duke enters."""

    automatic: ClassVar[bool] = True
    step: int

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        from getaway.games.new_york import effects_world as W
        from getaway.games.new_york.timer import discard_tiles

        if self.step < 3:
            s.stack.append(FirstRescue(self.step + 1))
        camp = next(p for p in POI_SPACES if s.poi[p] == DUKE_CAMP)
        if self.step == 0:
            W.spawn_around(s, camp, 1, events)  # NY-129: revealed spaces only
        elif self.step == 1:
            W.land(s, events)  # NY-130
        elif self.step == 2:
            down = [p for p in POI_SPACES if not s.up >> p & 1]
            for p in reversed(down):
                W.reveal_poi(s, p, events)  # their effects resolve too (our reading of G-25)
            discard_tiles(s, len(down), events)  # NY-131, NY-132
        else:
            space = W.nothing_here(s)
            if space >= 0:
                W.enter_boss(s, DUKE, space, events)  # NY-133


def case_usable(s: NewYorkState, code: int) -> bool:
    """Whether a held Case has an effect left to use: once only, by revealing it (NY-126,
    NY-243); so far only the Bracelet has one."""
    from getaway.games.new_york.resolve import CASE, PLAIN, feasible
    from getaway.games.new_york.tables import CASES

    effects = CASES[code - CASE0].effects
    if not effects or (is_bracelet(code) and s.bracelet_up):
        return False
    return feasible(s, effects, PLAIN[CASE])


def use_case(s: NewYorkState, seat: int, code: int, events: list[Event]) -> None:
    """Reveal a Case and use its effect; it stays face up (NY-126)."""
    from getaway.games.new_york.resolve import CASE, PLAIN, resolve_hero
    from getaway.games.new_york.tables import CASES

    if is_bracelet(code):
        s.bracelet_up = True
    s.say(events, "use_case", words.use_case(s, seat, code),
          {"seat": seat, "case": CODE_IDS[code]})
    resolve_hero(s, CASES[code - CASE0].effects, PLAIN[CASE])
