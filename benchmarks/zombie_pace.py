"""The shape of simulated Escape: Zombie City games: win rate, pace, when the exit comes.

    .venv/bin/python benchmarks/zombie_pace.py [-n 200] [-p 4] [--agents heuristic]
        [--scenario 1] [--difficulty standard] [--cost roll=2.5 ...]

Plays the same games as ``getaway sim zombie-city`` (game ``i`` of run seed
``--seed`` has the same seed and agents) and prints, besides the endings, what
the time model is meant to get right: when the exit is revealed, when the van
leaves, the time left at a win, rolls per player per minute of play, reveals,
zombies that reached the church, dice lost at the door slams and rescues.
``--cost ID=SECONDS`` overrides a ``[[cost]]`` of ``data/clock.toml`` for the
run (to try a time model without editing the file).
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from dataclasses import dataclass, field

from getaway.agents import parse_agent_list
from getaway.core.agent import Observation
from getaway.core.events import Event
from getaway.core.rollout import busy, next_seat, schedule
from getaway.games import registry
from getaway.games.zombie_city import tables
from getaway.games.zombie_city.content import Cost
from getaway.games.zombie_city.state import ZombieCityState
from getaway.sim.driver import agent_rngs
from getaway.sim.jobs import game_seed

PAUSES = 40.0  # the two 20-second pauses are not play time


@dataclass
class Shape:
    """What one game looked like."""

    reason: str = ""
    left: float = 0.0
    end: float = 0.0
    exit_at: float | None = None
    van_at: float | None = None
    rolls: int = 0
    reveals: int = 0
    rescues: int = 0
    church: int = 0
    door_dice: int = 0
    defeats: int = 0
    actions: Counter[str] = field(default_factory=Counter)


def note(shape: Shape, state: ZombieCityState, events: list[Event]) -> None:
    """Count what the events say happened."""
    for e in events:
        k = e.kind
        if k == "reveal":
            shape.reveals += 1
            if e.data.get("section") == "exit":
                shape.exit_at = state.clock()
        elif k == "van_phase":
            shape.van_at = state.clock()
        elif k == "rescue":
            shape.rescues += 1
        elif k == "church":
            shape.church += 1
        elif k == "door":
            shape.door_dice += 1 if "seat" in e.data else state.players
        elif k == "defeat":
            shape.defeats += 1


def play(game_id: str, players: int, options: dict[str, object], agents: str,
         seed: int) -> Shape:
    """Play one game the way ``getaway sim`` does and record its shape."""
    game = registry().get(game_id)
    config = game.spec.configure(players, options)
    state = game.new_state(config, seed)
    assert isinstance(state, ZombieCityState)
    seats = parse_agent_list(agents, game, players)
    rngs = agent_rngs(seed, players)
    shape = Shape()
    free_at = schedule(state)

    def advance(seconds: float) -> None:
        note(shape, state, state.advance(seconds))

    while (seat := next_seat(state, free_at, advance)) is not None:
        legal = state.legal_actions(seat)
        action = seats[seat].choose(Observation(state, seat, legal), rngs[seat])
        busy(state, free_at, seat, action)
        shape.actions[action.kind] += 1
        note(shape, state, state.apply(seat, action))
    out = state.outcome()
    assert out is not None
    shape.reason = out.reason
    shape.left = out.scores[0]
    shape.end = state.clock() or 0.0
    shape.rolls = shape.actions["roll"]
    return shape


def minutes(seconds: float) -> str:
    """m:ss"""
    s = round(seconds)
    return f"{s // 60}:{s % 60:02d}"


def quartiles(values: list[float]) -> str:
    """Median and quartiles as m:ss."""
    if not values:
        return "-"
    if len(values) < 4:
        return minutes(statistics.median(values))
    q1, q2, q3 = statistics.quantiles(values, n=4)
    return f"{minutes(q2)} ({minutes(q1)}-{minutes(q3)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--games", type=int, default=200)
    parser.add_argument("-p", "--players", type=int, default=4)
    parser.add_argument("--agents", default="heuristic")
    parser.add_argument("--scenario", type=int, default=1)
    parser.add_argument("--difficulty", default="standard")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cost", action="append", default=[], metavar="ID=SECONDS")
    args = parser.parse_args()
    for c in args.cost:
        key, _, value = c.partition("=")
        tables.COST[Cost(key)] = float(value)
    tables.SECONDS.update(tables._seconds())
    options = {"scenario": args.scenario, "difficulty": args.difficulty}
    shapes = [play("zombie-city", args.players, options, args.agents,
                   game_seed(args.seed, i)) for i in range(args.games)]
    n = len(shapes)
    wins = [s for s in shapes if s.reason == "escaped"]
    endings = Counter(s.reason for s in shapes)
    play_minutes = [(s.end - PAUSES * (s.end > 640) - 20.0 * (320 < s.end <= 640)) / 60
                    for s in shapes]
    per_min = [s.rolls / args.players / m for s, m in zip(shapes, play_minutes, strict=True)
               if m > 0]
    print(f"zombie-city {args.players}p scenario {args.scenario} {args.difficulty}, "
          f"agents {args.agents}, {n} games, seed {args.seed}")
    if args.cost:
        print("costs: " + ", ".join(args.cost))
    print(f"  wins                 {len(wins)} / {n} ({100 * len(wins) / n:.1f}%)")
    print("  endings              " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())))
    print(f"  time left at a win   {quartiles([s.left for s in wins])} (median, quartiles)")
    print(f"  exit revealed at     {quartiles([s.exit_at for s in shapes if s.exit_at])} "
          f"in {sum(s.exit_at is not None for s in shapes)} games (clock, pauses included)")
    print(f"  van leaves at        {quartiles([s.van_at for s in shapes if s.van_at])} "
          f"in {sum(s.van_at is not None for s in shapes)} games")
    print(f"  game ends at         {quartiles([s.end for s in shapes])}")
    print(f"  rolls / player / min {statistics.mean(per_min):.1f}")
    print(f"  reveals              {statistics.mean(s.reveals for s in shapes):.1f}")
    print(f"  zombies defeated     {statistics.mean(s.defeats for s in shapes):.1f}")
    print(f"  zombies at church    {statistics.mean(s.church for s in shapes):.2f}")
    print(f"  dice lost at doors   {statistics.mean(s.door_dice for s in shapes):.2f}")
    print(f"  rescues              {statistics.mean(s.rescues for s in shapes):.2f}")
    total = Counter[str]()
    for s in shapes:
        total.update(s.actions)
    print("  actions per game     " + ", ".join(f"{k} {v / n:.0f}"
                                                for k, v in total.most_common()))


if __name__ == "__main__":
    main()
