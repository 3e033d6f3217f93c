"""ESCAPE NOW!'s expert rule: no log, socket or replay tells which cards lie on a solved puzzle.

Under ``expert=true`` the cards of a solved puzzle go face down onto the
discard pile (EN-31, EN-GAP-20): the players have only their memory. Two
bots play an expert game while a spectator's socket collects every message
as the table page does (replacing its log when a message says
``"log": "full"``); at the end no log, state or replay names a card played
on a solved puzzle.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from getaway.games.escape_now.rules import NAMES
from tests.server.helpers import bot, new_table, state


def solved_puzzles(events: list[dict[str, Any]]) -> set[int]:
    return {e["data"]["puzzle"] for e in events if e["kind"] == "solved"}


def solving_plays(events: list[dict[str, Any]], solved: set[int]) -> list[dict[str, Any]]:
    """The play events of the attempts that solved a puzzle (an abandoned earlier attempt's
    cards went to the discard face up and stay readable)."""
    plays = [e for e in events if e["kind"] == "play" and e["data"]["puzzle"] in solved]
    last: dict[int, int] = {}
    for e in plays:
        p = e["data"]["puzzle"]
        last[p] = max(last.get(p, 0), e["data"]["attempt"])
    return [e for e in plays if e["data"]["attempt"] == last[e["data"]["puzzle"]]]


def named_cards(events: list[dict[str, Any]], solved: set[int]) -> list[str]:
    """Texts of the solving plays that name a card (or carry it in data)."""
    return [e["text"] for e in solving_plays(events, solved)
            if "card" in e["data"] or "as" in e["data"] or any(n in e["text"] for n in NAMES)]


def test_no_log_names_the_cards_of_a_solved_puzzle(client: TestClient) -> None:
    table = new_table(client, [bot("normal"), bot("normal")], options={"expert": True})
    log: list[dict[str, Any]] = []
    fulls = 0
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {}, "since": 0})
        deadline = time.monotonic() + 120
        while True:
            msg = ws.receive_json()
            if msg["type"] != "state":
                continue
            if msg["log"] == "full":  # what the table page does: replace the log
                fulls += 1
                log = list(msg["events"])
            else:
                seen = {(e["n"], e["kind"], e["text"]) for e in log}
                log += [e for e in msg["events"] if (e["n"], e["kind"], e["text"]) not in seen]
            if msg["status"] == "finished":
                break
            assert time.monotonic() < deadline, "the bots' game did not end"
    solved = solved_puzzles(log)
    assert solved, "the bots solved a puzzle"
    plays = solving_plays(log, solved)
    odd = [e["text"] for e in plays if " plays a card on " not in e["text"]]
    assert plays and not odd, odd
    assert named_cards(log, solved) == [], "the page's log forgot the cards"
    assert fulls >= 1, "a solve sent the whole log again"
    final = state(client, table)["events"]
    assert named_cards(final, solved_puzzles(final)) == []
    replay = client.get(f"/api/tables/{table}/replay").json()
    events = [e for step in replay["steps"] for e in step["events"]]
    assert named_cards(events, solved_puzzles(events)) == [], "the replay forgot them too"


def test_without_expert_the_log_keeps_the_cards(client: TestClient) -> None:
    table = new_table(client, [bot("normal"), bot("normal")])
    deadline = time.monotonic() + 120
    while (s := state(client, table))["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    solved = solved_puzzles(s["events"])
    assert solved and named_cards(s["events"], solved), "the cards are named"
