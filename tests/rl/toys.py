"""Two small games with numeric observations, to check the RL adapters beyond the real games.

* ``rl-bids`` (turn-based, 2-4 players): three rounds; each round every seat
  bids 0-2 of its secret chips at once (a :class:`Simultaneous` decision,
  bids hidden until all are in); then the others, in order from the top bidder,
  may challenge the top bid or pass (a :class:`ReactionWindow`). Chance: the
  starting chips and a chip refund after each round.
* ``rl-race`` (real time, 1-3 players): every seat steps (1 s, 1.5 s for odd
  seats with ``slow``) or rests (0.5 s); from 4 s to 5 s nobody may act; steps
  after that count double; the game ends at 8 s.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Self

from getaway.core.actions import Action, ActionSpace, action
from getaway.core.chance import Rng
from getaway.core.clock import Clock, Timeline
from getaway.core.decisions import PASS, Decision, DecisionState, ReactionWindow, Simultaneous
from getaway.core.events import Event
from getaway.core.registry import Game
from getaway.core.spec import Config, GameSpec, Option
from getaway.core.state import Outcome


@action("bid")
@dataclass(frozen=True, slots=True)
class Bid(Action):
    chips: int


@action("challenge")
@dataclass(frozen=True, slots=True)
class Challenge(Action):
    pass


@action("step")
@dataclass(frozen=True, slots=True)
class Step(Action):
    pass


@action("rest")
@dataclass(frozen=True, slots=True)
class Rest(Action):
    pass


BIDS = tuple(Bid(i) for i in range(3))
CHALLENGE, STEP, REST = Challenge(), Step(), Rest()


@dataclass(frozen=True, slots=True)
class Bidding(Simultaneous):
    def options(self, s: BidsState, party: int) -> Sequence[Action]:
        return BIDS[: min(2, s.chips[party]) + 1]

    def take(self, s: BidsState, party: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Bid)
        s.pending_bids[party] = action.chips
        events.append(Event("bid", f"seat {party} bids {action.chips}", {"bid": action.chips},
                            seats=(party,)))

    def complete(self, s: BidsState, answers: dict[int, Action], events: list[Event]) -> None:
        s.bids = [s.pending_bids[p] for p in range(s.players)]
        s.pending_bids = [-1] * s.players
        events.append(Event("bids", "the bids are revealed", {"bids": s.bids}))
        top = max(range(s.players), key=lambda p: (s.bids[p], -p))
        order = tuple((top + k) % s.players for k in range(1, s.players))
        s.stack.append(Challenges(order, top=top))


@dataclass(frozen=True, slots=True, kw_only=True)
class Challenges(ReactionWindow):
    top: int

    def reactions(self, s: BidsState, party: int) -> Sequence[Action]:
        return (CHALLENGE,) if s.chips[party] > s.bids[party] and not s.challenged else ()

    def react(self, s: BidsState, party: int, action: Action, events: list[Event]) -> None:
        s.chips[party] -= 1
        s.challenged = True
        events.append(Event("challenge", f"seat {party} challenges"))

    def closed(self, s: BidsState, events: list[Event]) -> None:
        if not s.challenged:
            s.score[self.top] += 1 + s.bids[self.top]
        for p in range(s.players):
            s.chips[p] += s.rng.below(2) - s.bids[p]
        s.challenged = False
        s.round += 1
        if s.round == 3:
            best = max(s.score)
            winners = tuple(p for p in range(s.players) if s.score[p] == best)
            s.finish(Outcome(winners, tuple(map(float, s.score)), "rounds"), events)
        else:
            s.stack.append(Bidding(tuple(range(s.players))))


class BidsState(DecisionState):
    def __init__(self, config: Config, seed: int) -> None:
        self._init_base()
        self.config, self.seed = config, seed
        self.rng = Rng.derive(seed, "bids")
        self.chips = [2 + self.rng.below(3) for _ in range(config.players)]
        self.pending_bids = [-1] * config.players
        self.bids = [0] * config.players
        self.score = [0] * config.players
        self.round = 0
        self.challenged = False
        self.stack.append(Bidding(tuple(range(config.players))))

    def clone(self) -> Self:
        o = type(self).__new__(type(self))
        self._copy_base(o)
        o.config, o.seed, o.rng = self.config, self.seed, self.rng.clone()
        o.chips, o.pending_bids = self.chips[:], self.pending_bids[:]
        o.bids, o.score = self.bids[:], self.score[:]
        o.round, o.challenged = self.round, self.challenged
        return o

    def determinize(self, seat: int, rng: random.Random) -> Self:
        o = self.clone()
        for p in range(self.players):
            if p != seat:
                o.chips[p] = rng.randint(max(2, o.bids[p]), 6)
                if o.pending_bids[p] >= 0:
                    o.pending_bids[p] = rng.randint(0, min(2, o.chips[p]))
        o.rng = Rng(rng.getrandbits(64))
        return o

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"round": self.round, "score": self.score[:], "bids": self.bids[:],
                "chips": None if seat is None else self.chips[seat],
                "my_bid": None if seat is None else self.pending_bids[seat],
                "pending": self.pending(),
                "outcome": self._outcome.to_json() if self._outcome else None}

    def truth(self) -> dict[str, Any]:
        return {"chips": self.chips, "pending_bids": self.pending_bids, "bids": self.bids,
                "score": self.score, "round": self.round, "rng": self.rng.state,
                "stack": [repr(f) for f in self.stack],
                "outcome": self._outcome.to_json() if self._outcome else None}

    def observation(self, seat: int) -> list[float]:
        top = self.stack[-1] if self.stack else None
        out = [self.round / 3, min(self.chips[seat], 8) / 8, float(seat in self.to_act()),
               float(isinstance(top, Bidding)), float(isinstance(top, Challenges)),
               (self.pending_bids[seat] + 1) / 3]
        for p in range(4):
            mine = p < self.players
            out += [float(mine), (self.score[p] if mine else 0) / 9,
                    (self.bids[p] if mine else 0) / 2]
        return out


class Bids(Game):
    spec = GameSpec("rl-bids", "Sealed bids", "Bid secretly, challenge openly.", 2, 4)
    actions = ActionSpace([*BIDS, CHALLENGE, PASS])
    observation_size = 18
    max_decisions = 3 * (4 + 3)

    def new_state(self, config: Config, seed: int) -> BidsState:
        return BidsState(config, seed)


MARKS = Timeline([(4.0, "break"), (5.0, "resume"), (8.0, "end")])


class Moves(Decision):
    __slots__ = ()

    def seats(self, s: RaceState) -> tuple[int, ...]:
        return () if s.on_break else tuple(range(s.players))

    def legal(self, s: RaceState, seat: int) -> Sequence[Action]:
        return (STEP, REST)

    def choose(self, s: RaceState, seat: int, action: Action, events: list[Event]) -> None:
        if action is STEP:
            s.steps[seat] += 2 if s.clk.now >= 5.0 else 1


class RaceState(DecisionState):
    def __init__(self, config: Config, seed: int) -> None:
        self._init_base()
        self.config, self.seed = config, seed
        self.clk = Clock()
        self.steps = [0] * config.players
        self.on_break = False
        self.stack.append(Moves())

    def clock(self) -> float | None:
        return self.clk.now

    def wake_in(self) -> float | None:
        nxt = MARKS.next_after(self.clk.now)
        return None if nxt is None or self.is_over() else nxt - self.clk.now

    def action_seconds(self, seat: int, action: Action) -> float:
        if action is REST:
            return 0.5
        return 1.5 if self.config.options["slow"] and seat % 2 else 1.0

    def advance(self, seconds: float) -> list[Event]:
        events: list[Event] = []
        for _, tag in self.clk.advance(seconds, MARKS):
            if tag == "break":
                self.on_break = True
            elif tag == "resume":
                self.on_break = False
            elif tag == "end" and not self.is_over():
                best = max(self.steps)
                winners = tuple(p for p in range(self.players) if self.steps[p] == best)
                self.finish(Outcome(winners, tuple(map(float, self.steps)), "time"), events)
        return events

    def clone(self) -> Self:
        o = type(self).__new__(type(self))
        self._copy_base(o)
        o.config, o.seed, o.clk = self.config, self.seed, self.clk.copy()
        o.steps, o.on_break = self.steps[:], self.on_break
        return o

    def determinize(self, seat: int, rng: random.Random) -> Self:
        return self.clone()

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"steps": self.steps[:], "clock": self.clk.now, "break": self.on_break,
                "outcome": self._outcome.to_json() if self._outcome else None}

    def truth(self) -> dict[str, Any]:
        return self.view(None)

    def observation(self, seat: int) -> list[float]:
        steps = [min(x, 24) / 24 for x in self.steps] + [0.0] * (3 - self.players)
        return [*steps, self.clk.now / 8, float(self.on_break), (seat + 1) / 3]


class Race(Game):
    spec = GameSpec("rl-race", "Race", "Step as often as you can.", 1, 3,
                    (Option("slow", "odd seats step slower", False),), realtime=True)
    actions = ActionSpace([STEP, REST])
    observation_size = 6
    max_decisions = 3 * 16

    def new_state(self, config: Config, seed: int) -> RaceState:
        return RaceState(config, seed)


class Baton(Decision):
    __slots__ = ()

    def seats(self, s: RelayState) -> tuple[int, ...]:
        return (s.holder,)

    def legal(self, s: RelayState, seat: int) -> Sequence[Action]:
        return (STEP,)

    def choose(self, s: RelayState, seat: int, action: Action, events: list[Event]) -> None:
        s.stack.pop()
        if s.seed % 2 == 0 or s.holder == s.players - 1:
            s.finish(Outcome(tuple(range(s.players)), (1.0,) * s.players, "done"), events)
        else:
            s.holder += 1
            s.stack.append(Baton())


class RelayState(DecisionState):
    def __init__(self, config: Config, seed: int) -> None:
        self._init_base()
        self.config, self.seed, self.holder = config, seed, 0
        self.stack.append(Baton())

    def clone(self) -> Self:
        o = type(self).__new__(type(self))
        self._copy_base(o)
        o.config, o.seed, o.holder = self.config, self.seed, self.holder
        return o

    def determinize(self, seat: int, rng: random.Random) -> Self:
        return self.clone()

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"holder": self.holder, "over": self.is_over()}

    def truth(self) -> dict[str, Any]:
        return {"seed": self.seed, **self.view(None)}

    def observation(self, seat: int) -> list[float]:
        return [self.holder / 2, float(self.is_over()), float(seat == self.holder)]


class Relay(Game):
    """``rl-relay`` (2-3 players): seat 0 steps; with an even seed that ends the game,
    else the baton passes on to the last seat. Not in :data:`TOYS`."""

    spec = GameSpec("rl-relay", "Relay", "Pass the baton (or not).", 2, 3)
    actions = ActionSpace([STEP])
    observation_size = 3
    cooperative = True

    def new_state(self, config: Config, seed: int) -> RelayState:
        return RelayState(config, seed)


class TextBids(Bids):
    """``rl-bids`` without a numeric observation: OpenSpiel only."""

    spec = dataclasses.replace(Bids.spec, id="rl-text-bids")
    observation_size = 0


BIDS_GAME, RACE_GAME, TEXT_BIDS_GAME, RELAY_GAME = Bids(), Race(), TextBids(), Relay()
TOYS: tuple[Game, ...] = (BIDS_GAME, RACE_GAME)
