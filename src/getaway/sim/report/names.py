"""The report's words for people: agents, line-ups and endings.

The JSON and CSV keep the machine names (agent specs, ``Outcome.reason``);
tables, legends and the page use these.

* An agent is named as the agent registry gives it (``heuristic``,
  ``random``, ``hard:seconds=0.2``), except that a difficulty level named
  exactly shows its display name (``normal`` -> "Normal").
* A line-up with one agent in every seat is "heuristic (every seat)"; one
  seat apart from the rest is "seat 0: random, others heuristic"; any other
  mix names the seats of each agent, "seat 0: heuristic, seat 1: random" or
  "seats 0 and 2: heuristic, seats 1 and 3: random". Seats are numbered from 0,
  as in the report's seat tables.
* A line in a plot (a series: the same mix across player counts) is
  "heuristic (every seat)" or "heuristic and random".
"""

from __future__ import annotations

from collections.abc import Sequence

from getaway.core.errors import ConfigError


def agent_words(spec: str) -> str:
    """An agent as people read it: its registry name, a level by its display name."""
    from getaway.agents.levels import LEVELS

    for level in LEVELS:
        if spec == level.id:
            return level.name
    return spec


def _and(items: Sequence[str]) -> str:
    """Items in words: 'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _seats(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + _and([str(s) for s in seats])


def lineup_words(lineup: Sequence[str]) -> str:
    """A line-up (one agent spec per seat) in words."""
    names = [agent_words(a) for a in lineup]
    held: dict[str, list[int]] = {}
    for seat, name in enumerate(names):
        held.setdefault(name, []).append(seat)
    if len(held) == 1:
        return f"{names[0]} (every seat)"
    if len(held) == 2:
        (a, sa), (b, sb) = sorted(held.items(), key=lambda kv: len(kv[1]))
        if len(sa) == 1 and len(sb) > 1:
            return f"{_seats(sa)}: {a}, others {b}"
    return ", ".join(f"{_seats(seats)}: {name}" for name, seats in held.items())


def series_words(lineup: Sequence[str]) -> str:
    """The agents of a line-up, in order of their first seat, for a line across counts."""
    names = list(dict.fromkeys(agent_words(a) for a in lineup))
    return f"{names[0]} (every seat)" if len(names) == 1 else _and(names)


def ending_words(game: str, reason: str) -> str:
    """How a game ended, in the game's words (``Game.outcome_reasons``); the reason itself
    for a game or reason this build does not know."""
    try:
        from getaway.games import registry

        return str(registry().get(game).outcome_reasons.get(reason, reason))
    except ConfigError:
        return reason


def ordered_endings(endings: dict[str, int]) -> list[tuple[str, int]]:
    """A group's endings (reason: games), most frequent first."""
    return sorted(endings.items(), key=lambda kv: (-kv[1], kv[0]))


def endings_text(game: str, endings: dict[str, int], sep: str = "; ") -> str:
    """A group's endings in words with their counts ("time ran out (4)"), most frequent
    first (the words may hold their own colons and semicolons)."""
    return sep.join(f"{ending_words(game, k)} ({n})" for k, n in ordered_endings(endings))
