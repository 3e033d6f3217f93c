"""The terminal and the browser say the same thing at the same moment (issue 15).

For every registered game, a seeded random game is played in-process and, at
several moments, the deciding seat's view is drawn twice: by the game's
terminal module (with the menu of its legal actions, as ``getaway play``
shows it) and by its browser module alone on a page (``module_render_js``),
the browser naming seats as the game does. The terminal shows the engine's
prompt word for word and every legal action's label as it is; the browser
module shows the same prompt at every moment, or leaves it to the table
page's decision panel (which shows it, with every label, for every game) at
every moment -- never a prompt of its own.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from rich.console import Console

from getaway.cli.render import terminal_of
from getaway.core.registry import Game
from getaway.core.rollout import busy, next_seat, schedule
from getaway.core.state import State
from getaway.games import registry
from tests.e2e.driver import Browsing, module_render_js
from tests.e2e.live import Server

MOMENTS = 4  # moments compared per game
EVERY = 7  # decisions between two moments
GAMES = list(registry())


def moments(game: Game, seed: int) -> list[tuple[State, int]]:
    """Seeded random play; a copy of the state and the deciding seat every EVERY decisions."""
    state = game.new_state(game.spec.configure(game.spec.min_players), seed)
    rng = random.Random(seed)
    free_at = schedule(state)
    out: list[tuple[State, int]] = []
    n = 0
    while len(out) < MOMENTS:
        seat = next_seat(state, free_at)
        if seat is None:
            break
        legal = state.legal_actions(seat)
        if n % EVERY == EVERY - 1 and state.pending() is not None:
            out.append((state.clone(), seat))
        action = legal[int(rng.random() * len(legal))]
        busy(state, free_at, seat, action)
        state.apply(seat, action)
        n += 1
    return out


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def terminal_text(game: Game, view: dict[str, Any], labels: list[str]) -> str:
    module = terminal_of(game.id)
    assert module is not None
    console = Console(record=True, width=160, color_system=None, force_terminal=False)
    console.print(module.render(view))
    return console.export_text() + "\n" + "\n".join(labels)


BROWSER_JS = r"""
async ([view, legal, seat, names]) => {
  const ctx = { seat, legal, act: () => {}, key: (a) => JSON.stringify(a), labels: {},
    label: () => null, seatName: (x) => names[x], seatPlayer: () => null, busy: false,
    status: 'running', mode: 'play' };
  window.__mod.render(document.getElementById('modbox'), view, ctx);
  return document.getElementById('modbox').innerText;
}
"""


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_terminal_and_the_browser_say_the_same(game: Game, server: Server,
                                                   browsing: Browsing) -> None:
    page = browsing.page(server.url, game.id)
    page.goto("/api/games")  # a page of the server without scripts of its own
    shows_prompt: set[bool] = set()
    compared = 0
    for state, seat in moments(game, seed=3):
        view = json.loads(json.dumps(state.view(seat)))
        legal: list[dict[str, Any]] = [{"action": a.to_json(), "label": a.label()}
                                       for a in state.legal_actions(seat)]
        labels = [x["label"] for x in legal]
        names = [state.seat_name(i) for i in range(state.players)]
        prompt = flat(view["pending"]["prompt"])
        term = flat(terminal_text(game, view, labels))
        page.evaluate(module_render_js(game.id), [view, legal, seat])
        web = flat(str(page.evaluate(BROWSER_JS, [view, legal, seat, names])))
        where = f"{game.id}, a moment of seat {seat} ({view['pending']['key']})"
        assert prompt in term, f"{where}: the terminal does not show the prompt {prompt!r}"
        for label in labels:
            assert label in term, f"{where}: the terminal's menu lacks {label!r}"
        shows_prompt.add(prompt in web)
        compared += 1
    assert compared >= 2, f"{game.id}: only {compared} moments compared"
    # the module shows the engine's prompt at every moment, or leaves it to the table
    # page's decision panel at every moment -- never a prompt of its own instead
    assert len(shows_prompt) == 1, f"{game.id}: the browser shows the prompt only sometimes"


SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_only_the_deciding_seat_reads_the_prompt(game: Game, server: Server,
                                                 browsing: Browsing) -> None:
    """The engine's prompt speaks to the seats deciding ("... your move ..."); drawn for a
    spectator, or for a seat that does not decide now, the game's module shows whom the
    table waits for instead, and no line of it addresses the reader as the decider."""
    page = browsing.page(server.url, game.id)
    page.goto("/api/games")
    checked = 0
    for state, _seat in moments(game, seed=3):
        pending = state.view(None)["pending"]
        deciders = set(pending.get("seats") or [])
        names = [state.seat_name(i) for i in range(state.players)]
        readers: list[int | None] = [None, *(s for s in range(state.players)
                                             if s not in deciders)]
        for reader in readers:
            view = json.loads(json.dumps(state.view(reader)))
            page.evaluate(module_render_js(game.id), [view, [], reader])
            web = str(page.evaluate(BROWSER_JS, [view, [], reader, names]))
            where = f"{game.id} ({pending['key']}), read by " + (
                "a spectator" if reader is None else f"seat {reader}")
            assert flat(pending["prompt"]) not in flat(web), f"{where}: shows the prompt"
            # the module's own prompt line, if it has one, names whom the table waits for
            line = page.evaluate("() => [...document.querySelectorAll("
                                 "'[data-testid$=\"-prompt\"]')].map((e) => e.innerText)")
            for text in line:
                assert not SECOND_PERSON.search(text), f"{where}: {text!r}"
                if text.strip() and deciders:
                    assert text.startswith("Waiting for "), f"{where}: {text!r}"
                    assert all(names[s] in text for s in deciders), f"{where}: {text!r}"
            checked += 1
    assert checked >= 2, f"{game.id}: only {checked} views checked"
