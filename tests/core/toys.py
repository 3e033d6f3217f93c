"""Two tiny games that exercise the core mechanisms the real games rely on.

* ``toy-auction`` (turn-based): each round every seat bids 0-2 chips at once
  (a :class:`Simultaneous` decision); then the other seats, in turn order
  from the top bidder, may challenge the top bid or pass (a
  :class:`ReactionWindow`); a challenge costs the challenger a chip and
  cancels the round's prize. Hidden information: each seat's chip count.
* ``toy-tap`` (real time): every seat taps as fast as it can for 10 seconds
  (each tap takes a second); a bell at 5 seconds doubles later taps. With the
  ``wait`` option a seat may also wait a second instead, which never helps.
* ``toy-nim`` (turn-based, perfect information): two seats take 1 to 3 stones
  in turn from a pile of ``pile``; whoever takes the last stone wins. The seat
  to move wins exactly when the pile is not a multiple of 4.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

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

    def label(self) -> str:
        return f"bid {self.chips}"


@action("challenge")
@dataclass(frozen=True, slots=True)
class Challenge(Action):
    def label(self) -> str:
        return "challenge"


@action("tap")
@dataclass(frozen=True, slots=True)
class Tap(Action):
    def label(self) -> str:
        return "tap"


@action("wait")
@dataclass(frozen=True, slots=True)
class Wait(Action):
    def label(self) -> str:
        return "wait"


@action("take")
@dataclass(frozen=True, slots=True)
class Take(Action):
    stones: int

    def label(self) -> str:
        return f"take {self.stones}"


BIDS = tuple(Bid(i) for i in range(3))
CHALLENGE = Challenge()
TAP = Tap()
WAIT = Wait()
TAKES = tuple(Take(n) for n in (1, 2, 3))


@dataclass(frozen=True, slots=True, kw_only=True)
class Bidding(Simultaneous):
    round: int

    def options(self, s: AuctionState, party: int) -> Sequence[Action]:
        return BIDS[: min(2, s.chips[party]) + 1]

    def take(self, s: AuctionState, party: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Bid)
        s.bids[party] = action.chips
        events.append(Event("bid", f"seat {party} bids {action.chips}"))

    def complete(self, s: AuctionState, answers: dict[int, Action], events: list[Event]) -> None:
        s.answered.append(dict(sorted((p, a.to_json()["chips"]) for p, a in answers.items())))
        top = max(range(s.players), key=lambda p: (s.bids[p], -p))
        order = tuple((top + k) % s.players for k in range(1, s.players))
        s.stack.append(Challenges(order, top=top))


@dataclass(frozen=True, slots=True, kw_only=True)
class Challenges(ReactionWindow):
    top: int

    def reactions(self, s: AuctionState, party: int) -> Sequence[Action]:
        return (CHALLENGE,) if s.chips[party] > s.bids[party] and not s.challenged else ()

    def react(self, s: AuctionState, party: int, action: Action, events: list[Event]) -> None:
        s.chips[party] -= 1
        s.challenged = True
        events.append(Event("challenge", f"seat {party} challenges"))

    def closed(self, s: AuctionState, events: list[Event]) -> None:
        if not s.challenged:
            s.score[self.top] += 1 + s.bids[self.top]
        for p in range(s.players):
            s.chips[p] -= s.bids[p]
            s.chips[p] += s.rng.below(2)
        s.challenged = False
        s.round += 1
        if s.round == 3:
            best = max(s.score)
            winners = tuple(p for p in range(s.players) if s.score[p] == best)
            s.finish(Outcome(winners, tuple(float(x) for x in s.score), "rounds", ""), events)
        else:
            s.stack.append(Bidding(tuple(range(s.players)), round=s.round))


class AuctionState(DecisionState):
    def __init__(self, config: Config, seed: int) -> None:
        self._init_base()
        self.config, self.seed = config, seed
        self.rng = Rng.derive(seed, "toy")
        self.chips = [2 + self.rng.below(3) for _ in range(config.players)]
        self.bids = [0] * config.players
        self.score = [0] * config.players
        self.round = 0
        self.challenged = False
        self.answered: list[dict[int, int]] = []
        self.stack.append(Bidding(tuple(range(config.players)), round=0))

    def clone(self) -> Self:
        o = type(self).__new__(type(self))
        self._copy_base(o)
        o.config, o.seed, o.rng = self.config, self.seed, self.rng.clone()
        o.chips, o.bids, o.score = self.chips[:], self.bids[:], self.score[:]
        o.round, o.challenged, o.answered = self.round, self.challenged, self.answered[:]
        return o

    def determinize(self, seat: int, rng: random.Random) -> Self:
        o = self.clone()
        for p in range(self.players):
            if p != seat:  # enough chips for the bid it has shown
                o.chips[p] = max(o.bids[p], rng.randint(0, 4))
        o.rng = Rng(rng.getrandbits(64))
        return o

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"round": self.round, "score": self.score[:], "bids": self.bids[:],
                "chips": self.chips[seat] if seat is not None else None,
                "pending": self.pending()}

    def truth(self) -> dict[str, Any]:
        return {"chips": self.chips, "bids": self.bids, "score": self.score, "round": self.round,
                "rng": self.rng.state, "stack": [repr(f) for f in self.stack],
                "outcome": self._outcome.to_json() if self._outcome else None}


class Auction(Game):
    spec = GameSpec("toy-auction", "Toy auction", "Bids and challenges.", 2, 4)
    actions = ActionSpace([*BIDS, CHALLENGE, PASS])

    def new_state(self, config: Config, seed: int) -> AuctionState:
        return AuctionState(config, seed)


BELL = Timeline([(5.0, "bell"), (10.0, "end")])


class Taps(Decision):
    __slots__ = ()

    def seats(self, s: TapState) -> tuple[int, ...]:
        return tuple(range(s.players))

    def legal(self, s: TapState, seat: int) -> Sequence[Action]:
        return (TAP, WAIT) if s.config.options["wait"] else (TAP,)

    def choose(self, s: TapState, seat: int, action: Action, events: list[Event]) -> None:
        if action == TAP:
            s.taps[seat] += 2 if s.rung else 1


class TapState(DecisionState):
    clock_marks: ClassVar[Timeline] = BELL

    def __init__(self, config: Config, seed: int) -> None:
        self._init_base()
        self.config, self.seed = config, seed
        self.clk = Clock()
        self.taps = [0] * config.players
        self.rung = False
        self.stack.append(Taps())

    def clock(self) -> float | None:
        return self.clk.now

    def wake_in(self) -> float | None:
        nxt = BELL.next_after(self.clk.now)
        return None if nxt is None or self.is_over() else nxt - self.clk.now

    def action_seconds(self, seat: int, action: Action) -> float:
        return 1.0 + 0.25 * seat * float(self.config.options["slow"])

    def advance(self, seconds: float) -> list[Event]:
        events: list[Event] = []
        for _, tag in self.clk.advance(seconds, BELL):
            if tag == "bell":
                self.rung = True
                events.append(Event("bell", "the bell rings"))
            elif tag == "end" and not self.is_over():
                best = max(self.taps)
                winners = tuple(p for p in range(self.players) if self.taps[p] == best)
                self.finish(Outcome(winners, tuple(map(float, self.taps)), "time", ""), events)
        return events

    def clone(self) -> Self:
        o = type(self).__new__(type(self))
        self._copy_base(o)
        o.config, o.seed, o.clk = self.config, self.seed, self.clk.copy()
        o.taps, o.rung = self.taps[:], self.rung
        return o

    def determinize(self, seat: int, rng: random.Random) -> Self:
        return self.clone()

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"taps": self.taps[:], "clock": self.clk.now, "rung": self.rung}

    def truth(self) -> dict[str, Any]:
        return {"taps": self.taps, "clock": self.clk.now, "rung": self.rung,
                "outcome": self._outcome.to_json() if self._outcome else None}


class TapGame(Game):
    spec = GameSpec("toy-tap", "Toy tap race", "Tap for ten seconds.", 1, 3,
                    (Option("slow", "later seats tap slower", False),
                     Option("wait", "a seat may wait instead of tapping", False)),
                    realtime=True)
    actions = ActionSpace([TAP, WAIT])

    def new_state(self, config: Config, seed: int) -> TapState:
        return TapState(config, seed)


class Takes(Decision):
    __slots__ = ()

    def seats(self, s: NimState) -> tuple[int, ...]:
        return (s.mover,)

    def legal(self, s: NimState, seat: int) -> Sequence[Action]:
        return TAKES[: min(3, s.pile)]

    def choose(self, s: NimState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Take)
        s.pile -= action.stones
        if s.pile == 0:
            s.stack.pop()
            s.finish(Outcome((seat,), (1.0 - seat, float(seat)), "last stone", ""), events)
        else:
            s.mover = 1 - seat


class NimState(DecisionState):
    def __init__(self, config: Config, seed: int) -> None:
        self._init_base()
        self.config, self.seed = config, seed
        self.pile = int(config.options["pile"])
        self.mover = 0
        self.stack.append(Takes())

    def clone(self) -> Self:
        o = type(self).__new__(type(self))
        self._copy_base(o)
        o.config, o.seed, o.pile, o.mover = self.config, self.seed, self.pile, self.mover
        return o

    def determinize(self, seat: int, rng: random.Random) -> Self:
        return self.clone()

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "mover": self.mover}

    def truth(self) -> dict[str, Any]:
        return {"pile": self.pile, "mover": self.mover,
                "outcome": self._outcome.to_json() if self._outcome else None}

    def progress(self, seat: int) -> float:
        return 0.0


class Nim(Game):
    spec = GameSpec("toy-nim", "Toy Nim", "Take the last stone.", 2, 2,
                    (Option("pile", "stones in the pile", 15, bounds=(1, 40)),))
    actions = ActionSpace(TAKES)

    def new_state(self, config: Config, seed: int) -> NimState:
        return NimState(config, seed)
