"""Every word a person reads speaks the game (issue 15), crawled from seeded games.

For every registered game at every player count (the smallest and largest in
the fast loop, the others marked slow), seeded random and heuristic games are
played; at every decision the prompt and each
legal action's label, after every move each event's sentence (as it may be
read back, ``recall``), and at the end the outcome are checked for internal
ids (grid cells, kebab- and snake-case ids, the game's content ids, action
kinds and decision keys), class names, "1 <plural>" slips and template
leftovers; labels must be unique within a decision; every decision has a key
and every event a kind the game declares. The terminal crawl draws each seat's
view with the game's terminal module, with its action menu, and checks the
same.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from getaway.cli.render import terminal_of
from getaway.core.agent import Observation
from getaway.core.decisions import DecisionState
from getaway.core.events import CORE_EVENT_KINDS
from getaway.core.registry import Game
from getaway.core.rollout import busy, next_seat, schedule
from getaway.core.state import State
from getaway.games import registry
from tests.conformance.words import Vocabulary, slips, twins

# Games whose words are not converted yet (issue 15); each conversion removes its line.
RANDOM_SEEDS = (1, 2, 3)
HEURISTIC_SEEDS = (1, 2)
RANDOM_DECISIONS = 400  # a random game is cut here (heuristic games play to the end)
TERMINAL_EVERY = 9  # the terminal crawl draws every ninth decision


def cases() -> list[Any]:
    return list(_cases())


def _cases() -> Iterator[Any]:
    for game in registry():
        ends = {game.spec.min_players, game.spec.max_players}
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            # the fast loop crawls the smallest and largest
            marks = [] if players in ends else [pytest.mark.slow]
            yield pytest.param(game, players, marks=marks, id=f"{game.id}-{players}p")


class Crawl:
    """The problems found in one game's words, each with the text it was found in."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.vocab = Vocabulary.of(game)
        self.problems: dict[str, str] = {}

    def check(self, where: str, text: str) -> None:
        for p in slips(text, self.vocab):
            self.problems.setdefault(f"{where}: {p}", text)

    def decision(self, state: State, seat: int) -> None:
        labels = [a.label() for a in state.legal_actions(seat)]
        for t in twins(labels):
            self.problems.setdefault(f"label twice in one decision: {t!r}", t)
        for label in labels:
            self.check("label", label)
        if isinstance(state, DecisionState) and state.stack:
            top = state.stack[-1]
            if not top.key:
                self.problems.setdefault(f"decision without a key: {type(top).__name__}", "")
            elif top.key not in self.game.decision_keys:
                self.problems.setdefault(f"undeclared decision key {top.key!r}", "")
            self.check("prompt", top.prompt(state))

    def events(self, state: State, events: list[Any]) -> None:
        for e in events:
            if e.kind not in self.game.event_kinds and e.kind not in CORE_EVENT_KINDS:
                self.problems.setdefault(f"undeclared event kind {e.kind!r}", e.text)
            self.check(f"event {e.kind}", e.text)
            self.check(f"event {e.kind} (read back)", state.recall(e).text)

    def report(self) -> str:
        lines = [f"{p}  <<{t[:120]}>>" for p, t in sorted(self.problems.items())[:60]]
        more = len(self.problems) - len(lines)
        return "\n".join(lines) + (f"\n... and {more} more" if more > 0 else "")


def play(game: Game, players: int, seed: int, heuristic: bool,
         visit: Any, limit: int | None) -> State:
    """Play one seeded game, calling ``visit(state, seat, events)`` around every decision."""
    state = game.new_state(game.spec.configure(players), seed)
    rng = random.Random(seed)
    agent = game.agents()["heuristic"]() if heuristic else None
    free_at = schedule(state)
    n = 0
    while limit is None or n < limit:
        seat = next_seat(state, free_at)
        if seat is None:
            break
        visit(state, seat, None)
        legal = state.legal_actions(seat)
        action = (agent.choose(Observation(state, seat, legal), rng) if agent is not None
                  else legal[int(rng.random() * len(legal))])
        busy(state, free_at, seat, action)
        visit(state, seat, state.apply(seat, action))
        n += 1
    return state


@pytest.mark.parametrize(("crawled", "players"), cases())
def test_the_engine_speaks_the_game(crawled: Game, players: int) -> None:
    game = crawled
    crawl = Crawl(game)

    def visit(state: State, seat: int, events: list[Any] | None) -> None:
        if events is None:
            crawl.decision(state, seat)
        else:
            crawl.events(state, events)

    runs: list[tuple[int, bool, int | None]] = [(s, False, RANDOM_DECISIONS)
                                                for s in RANDOM_SEEDS]
    runs += [(s, True, None) for s in HEURISTIC_SEEDS]
    for seed, heuristic, limit in runs:
        end = play(game, players, seed, heuristic, visit, limit)
        out = end.outcome()
        if out is not None:
            crawl.check("outcome", out.detail or out.reason)
            if out.reason not in game.outcome_reasons:
                crawl.problems.setdefault(f"undeclared outcome reason {out.reason!r}", "")
    assert not crawl.problems, f"{game.id} at {players}p:\n{crawl.report()}"


@pytest.mark.slow
@pytest.mark.parametrize(("crawled", "players"), cases())
def test_the_terminal_speaks_the_game(crawled: Game, players: int) -> None:
    game = crawled
    crawl = Crawl(game)
    module = terminal_of(game.id)
    assert module is not None
    console = Console(record=True, width=120, color_system=None, force_terminal=False)
    seen = [0]

    def visit(state: State, seat: int, events: list[Any] | None) -> None:
        if events is not None:
            return
        seen[0] += 1
        if seen[0] % TERMINAL_EVERY:
            return
        view = state.view(seat)
        console.print(module.render(view))
        for line in console.export_text().splitlines():
            if line.strip():
                crawl.check("screen", line)
        path = getattr(module, "menu_path", None)
        for a in state.legal_actions(seat):
            if path is not None:
                for step in path(a, view):
                    crawl.check("menu", str(step))

    for seed in HEURISTIC_SEEDS:
        play(game, players, seed, True, visit, None)
    assert not crawl.problems, f"{game.id} at {players}p:\n{crawl.report()}"


def test_every_game_declares_its_contract_in_words(game: Game) -> None:
    """The decision keys, event kinds and outcome reasons a game can produce are declared,
    each with what it means (the crawls above check none is left out); an outcome reason's
    words are read by people (reports), so they speak the game."""
    for name in ("decision_keys", "event_kinds", "outcome_reasons"):
        declared = getattr(game, name)
        assert declared, f"{game.id} declares no {name}"
        for key, meaning in declared.items():
            assert isinstance(key, str) and key, (game.id, name, key)
            assert isinstance(meaning, str) and meaning.strip(), (game.id, name, key)
            if name == "outcome_reasons":
                assert not slips(meaning, Vocabulary.of(game)), (game.id, key, meaning)


def test_every_option_is_described_in_words(game: Game) -> None:
    """The lobby shows each option by its description: no rule-checklist ids (EP-GAP-12),
    no numbered seats, no slips."""
    vocab = Vocabulary.of(game)
    for option in game.spec.options:
        text = option.doc
        assert not re.search(r"\b[A-Z]{2}-(?:[A-Z]+-)?\d+\b", text), (game.id, text)
        assert not re.search(r"\bseats? \d", text), (game.id, text)
        assert not slips(text, vocab), (game.id, option.key, text)
