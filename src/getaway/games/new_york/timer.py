"""The Timer deck: tiles revealed in four ways (NY-189), each resolved by the current
player (NY-190); Hurry Up revealed as soon as it is on top (NY-191, NY-192); the red
tiles, one of which ends the game (NY-88); the tiles discarded unresolved at the first
rescue of the President (NY-131, NY-132); the tile revealed when the last Mission cube
moves, resolved before the cubes come home (NY-211..215).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.new_york import actions as A
from getaway.games.new_york import words
from getaway.games.new_york.frames import Step, kept
from getaway.games.new_york.model import MISSION_CUBES, TimerColour
from getaway.games.new_york.resolve import PLAIN, TIMER, run_effects
from getaway.games.new_york.state import SEEN_TIMER, NewYorkState
from getaway.games.new_york.tables import TIMER_IDS, TIMERS

NEW_YORK_WINS: tuple[bool, ...] = tuple(tile.new_york_wins for tile in TIMERS)
"""Per Timer tile: whether it is the tile that makes every player lose (NY-88)."""
HURRY_UP: tuple[bool, ...] = tuple(tile.colour is TimerColour.HURRY_UP for tile in TIMERS)
"""Per Timer tile: whether it is Hurry Up (NY-191)."""


def _take(s: NewYorkState) -> int:
    """The top Timer tile leaves the deck (-1: none left)."""
    if not s.timer:
        return -1
    s.drew(SEEN_TIMER)
    t = s.timer.pop()
    s.tdisc.append(t)
    return t


def hurry_check(s: NewYorkState, events: list[Event]) -> None:
    """Hurry Up is revealed the moment it reaches the top (NY-191)."""
    while s.timer and HURRY_UP[s.timer[-1]]:
        t = _take(s)
        s.say(events, "timer", words.timer_revealed(s, t), {"tile": TIMER_IDS[t]})
        from getaway.games.new_york.effects_world import hurry_up

        hurry_up(s, events)


def reveal_tile(s: NewYorkState, events: list[Event]) -> None:
    """Reveal the top Timer tile and resolve it now."""
    t = _take(s)
    if t < 0:
        s.say(events, "timer_empty", words.timer_empty(s), {})
        return
    tile = TIMERS[t]
    s.say(events, "timer", words.timer_revealed(s, t), {"tile": tile.id})
    if NEW_YORK_WINS[t]:
        from getaway.games.new_york.victory import lose

        lose(s, events)
        return
    hurry_check(s, events)
    run_effects(s, tile.effects, PLAIN[TIMER])


def discard_tiles(s: NewYorkState, count: int, events: list[Event]) -> None:
    """Discard Timer tiles without resolving them; the New York Wins tile still ends the
    game (NY-131, NY-132). Hurry Up, reaching the top, is revealed and not counted (G-24)."""
    for _ in range(count):
        hurry_check(s, events)
        t = _take(s)
        if t < 0:
            return
        s.say(events, "timer_discard", words.timer_discarded(s, t), {"tile": TIMER_IDS[t]})
        if NEW_YORK_WINS[t]:
            from getaway.games.new_york.victory import lose

            lose(s, events)
            return
    hurry_check(s, events)


def claim_first(s: NewYorkState, frame: Decision) -> bool:
    """A red tile is about to be revealed and the current player could win alone: they may
    claim the Lone Victory first, at any moment of their turn (NY-83). ``frame`` (the
    reveal, already asked) waits beneath the offer; True when the offer was made."""
    from getaway.games.new_york.victory import lone_ok

    if not (s.top_red() and lone_ok(s, s.cur)):
        return False
    s.stack.append(frame)
    s.stack.append(ClaimFirst())
    return True


@dataclass(frozen=True, slots=True)
class ClaimFirst(Step):
    """Claim the Lone Victory before the red Timer tile is revealed, or let it come."""

    key: ClassVar[str] = "claim_first"

    def legal(self, s: NewYorkState, seat: int) -> Sequence[Action]:
        return (A.CLAIM_LONE, A.DONE)

    def choose(self, s: NewYorkState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if action is A.CLAIM_LONE:
            from getaway.games.new_york.victory import claim

            claim(s, seat, events)

    def prompt(self, s: NewYorkState) -> str:
        return words.PROMPT_CLAIM_FIRST


@dataclass(frozen=True, slots=True)
class RevealTile(Decision):
    """Reveal a Timer tile (``step1``: the start of a turn, after the discards came back;
    ``asked``: the Lone Victory was offered first, :func:`claim_first`)."""

    automatic: ClassVar[bool] = True
    step1: bool
    asked: bool = False

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        if self.asked or not claim_first(s, kept(RevealTile, self.step1, True)):
            reveal_tile(s, events)


@dataclass(frozen=True, slots=True)
class MissionTile(Decision):
    """The Timer tile revealed because every Mission cube is in the right box (NY-211,
    NY-215); a :class:`MissionReset` waits beneath it and its decisions."""

    automatic: ClassVar[bool] = True
    asked: bool = False

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        if self.asked or not claim_first(s, kept(MissionTile, True)):
            reveal_tile(s, events)


@dataclass(frozen=True, slots=True)
class MissionReset(Decision):
    """After the Mission cubes' Timer tile: Noise back to 0 (``noise_reset``, saturation
    only, NY-211, NY-213), the cubes home (NY-215), then what was still to come -- the
    rest of the saturating gain and any gain made while the tile waited (NY-212)."""

    automatic: ClassVar[bool] = True
    noise_reset: bool
    noise: int
    cubes: int

    def run(self, s: NewYorkState, events: list[Event]) -> None:
        from getaway.games.new_york.world import add_mission, gain_noise

        if self.noise_reset:
            s.noise = 0
        s.mission = 0
        s.say(events, "mission_home", words.mission_home(s, self.noise_reset, MISSION_CUBES),
              {"noise": s.noise})
        gain_noise(s, self.noise, events)
        add_mission(s, self.cubes, events)
