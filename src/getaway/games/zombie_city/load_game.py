"""Loading ``game.toml`` (dice, difficulties, scenarios) and ``clock.toml``."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from getaway.core.content import count, entries, only, table, unique
from getaway.core.errors import ContentError
from getaway.games.zombie_city.components import (
    Clock,
    Countdown,
    DifficultyLevel,
    Scenario,
    TimeCost,
)
from getaway.games.zombie_city.model import (
    CARGO_NEED,
    CHURCH_LIMIT,
    COUNTDOWN_SECONDS,
    COUNTDOWNS,
    DICE_PER_PLAYER,
    DIE_FACES,
    ITEM_KINDS,
    PAUSE_SECONDS,
    PAUSES,
    PLAY_SECONDS,
    PLAYERS,
    SCENARIOS,
    SOUNDTRACK_SECONDS,
    Cost,
    Difficulty,
    Icon,
)


def game_from(raw: dict[str, Any]
              ) -> tuple[tuple[Icon, ...], int, tuple[int, ...], tuple[DifficultyLevel, ...],
                         tuple[Scenario, ...]]:
    f = "game.toml"
    only(raw, f, "game", "difficulty", "scenario")
    g = table(raw, f, "game")
    lo, hi = g.integer("min_players", 1, 9), g.integer("max_players", 1, 9)
    if (lo, hi) != (PLAYERS[0], PLAYERS[-1]):
        raise g.fail(f"the game is for {PLAYERS[0]} to {PLAYERS[-1]} players")
    dice = g.integer("dice_per_player", 1, 9)
    if dice != DICE_PER_PLAYER:
        raise g.fail(f"dice_per_player must be {DICE_PER_PLAYER}, as in the rulebook")
    faces = g.enums("faces", Icon)
    if sorted(faces) != sorted(DIE_FACES):
        raise g.fail("faces must be getaway twice, fist, bat, panic and caution")
    g.source()
    g.done()

    levels = []
    for e in entries(raw, f, "difficulty", "difficulty"):
        level = e.enum("id", Difficulty)
        limit = e.integer("church_limit", 1, 9)
        if limit != CHURCH_LIMIT[level]:
            raise e.fail(f"church_limit must be {CHURCH_LIMIT[level]}, as in the rulebook")
        items = e.get("items", list)
        want = [CARGO_NEED[level][p] for p in PLAYERS]
        if items != want:
            raise e.fail(f"items for {', '.join(map(str, PLAYERS))} players must be {want}, "
                         "as in the rulebook")
        if max(items) > ITEM_KINDS:
            raise e.fail(f"no more than {ITEM_KINDS} different items exist")
        levels.append(DifficultyLevel(level, limit, tuple(zip(PLAYERS, items, strict=True)),
                                      e.source()))
        e.done()
    unique(f, "difficulty", [d.id.value for d in levels])
    count(f, "difficulty levels", len(levels), len(Difficulty))

    def number_label(d: dict[str, Any]) -> str | None:
        return str(d["number"]) if isinstance(d.get("number"), int) else None

    scenarios = []
    for e in entries(raw, f, "scenario", "scenario", number_label):
        scenarios.append(Scenario(e.integer("number", 1, SCENARIOS), e.text("name"),
                                  e.text("summary"), e.source()))
        e.done()
    unique(f, "scenario", [str(s.number) for s in scenarios])
    count(f, "scenarios", len(scenarios), SCENARIOS)
    return faces, dice, PLAYERS, tuple(levels), tuple(scenarios)


def clock_from(raw: dict[str, Any]) -> tuple[Clock, tuple[TimeCost, ...]]:
    f = "clock.toml"
    only(raw, f, "clock", "countdown", "cost")
    c = table(raw, f, "clock")
    play = c.integer("play_seconds", 1, 3600)
    track = c.integer("soundtrack_seconds", 1, 3600)
    window = c.integer("countdown_seconds", 1, 600)
    pause = c.integer("pause_seconds", 1, 600)
    lead = c.integer("lead_in_seconds", 0, 600)
    for name, got, want in (("play_seconds", play, PLAY_SECONDS),
                            ("soundtrack_seconds", track, SOUNDTRACK_SECONDS),
                            ("countdown_seconds", window, COUNTDOWN_SECONDS),
                            ("pause_seconds", pause, PAUSE_SECONDS)):
        if got != want:
            raise c.fail(f"{name} must be {want}, as in the rulebook")
    if lead + play + PAUSES * pause > track:
        raise c.fail("the lead-in, play time and pauses do not fit in the soundtrack")
    source = c.source()
    c.done()

    def number_label(d: dict[str, Any]) -> str | None:
        return str(d["number"]) if isinstance(d.get("number"), int) else None

    countdowns = []
    for e in entries(raw, f, "countdown", "countdown", number_label):
        number = e.integer("number", 1, COUNTDOWNS)
        gongs = e.integer("gongs", 1, COUNTDOWNS)
        if gongs != number:
            raise e.fail(f"countdown {number} is announced by {number} gong(s)")
        starts, ends = e.integer("starts_at", 0, play), e.integer("ends_at", 0, play)
        if ends - starts != window:
            raise e.fail(f"a countdown lasts {window} seconds, got {ends - starts}")
        cd = Countdown(number, gongs, starts, ends, e.integer("absent_loses", 0, 1),
                       e.integer("van_away_loses", 0, 1), e.flag("pause_after"),
                       e.flag("ends_game"), e.source())
        last = number == COUNTDOWNS
        if cd.ends_game != last or cd.pause_after == last:
            raise e.fail("the first two countdowns are followed by a pause, the third "
                         "ends the game")
        if cd.absent_loses != (0 if last else 1):
            raise e.fail("after the first two countdowns each absent survivor loses a die")
        if last and ends != play:
            raise e.fail(f"the third countdown ends the game at {play} seconds")
        e.done()
        countdowns.append(cd)
    unique(f, "countdown", [str(d.number) for d in countdowns])
    count(f, "countdowns", len(countdowns), COUNTDOWNS)
    ordered = sorted(countdowns, key=lambda d: d.number)
    for a, b in pairwise(ordered):
        if b.starts_at <= a.ends_at:
            raise ContentError(f"{f}: countdown {b.number} must start after countdown "
                               f"{a.number} ends")
    if not any(d.van_away_loses for d in ordered if d.number == 2):
        raise ContentError(f"{f}: countdown 2: the van must be back at the church, or "
                           "every player loses a die (van_away_loses = 1)")

    costs = []
    for e in entries(raw, f, "cost", "cost"):
        what = e.enum("id", Cost)
        seconds = e.get("seconds", float)
        if not 0 < seconds <= 60:
            raise e.fail(f"seconds must be above 0 and at most 60, got {seconds}")
        costs.append(TimeCost(what, seconds, e.source()))
        e.done()
    unique(f, "cost", [x.id.value for x in costs])
    missing = [x.value for x in Cost if x not in {y.id for y in costs}]
    if missing:
        raise ContentError(f"{f}: no cost for {missing[0]!r}")
    clock = Clock(play, track, lead, window, pause, tuple(ordered), source)
    return clock, tuple(costs)
