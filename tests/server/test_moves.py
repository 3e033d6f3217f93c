"""Move numbers are checked per seat: seats answering at once each use the ``n`` they saw."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, act, claim, new_table, state


def kinds(msg: dict[str, Any]) -> set[str]:
    return {a["action"]["kind"] for a in msg["legal"]}


def test_two_seats_answer_a_question_with_the_same_n(client: TestClient) -> None:
    """ESCAPE NOW!'s answers are one simultaneous decision (EN rules: a paid question)."""
    table = new_table(client, [HUMAN, HUMAN, HUMAN])
    tokens = {s: claim(client, table, s) for s in range(3)}
    for _ in range(200):  # play first-legal actions until a seat may ask a question
        s = state(client, table)
        seat = s["to_act"][0]
        mine = state(client, table, seat, tokens[seat])
        if "ask" in kinds(mine):
            break
        move = next(a for a in mine["legal"] if a["action"]["kind"] != "pass_start")
        assert act(client, table, seat, tokens[seat], move["action"], mine["n"]).status_code == 200
    else:
        raise AssertionError("nobody could ask a question")
    ask = next(a for a in mine["legal"] if a["action"]["kind"] == "ask")
    assert act(client, table, seat, tokens[seat], ask["action"], mine["n"]).status_code == 200
    for _ in range(5):  # choose the question (one step or more)
        mine = state(client, table, seat, tokens[seat])
        if not mine["legal"]:
            break
        assert act(client, table, seat, tokens[seat], mine["legal"][0]["action"],
                   mine["n"]).status_code == 200
    others = [o for o in range(3) if o != seat]
    seen = {o: state(client, table, o, tokens[o]) for o in others}
    assert all("answer" in kinds(seen[o]) for o in others), "both others answer at once"
    n = seen[others[0]]["n"]
    assert seen[others[1]]["n"] == n
    for o in others:  # each with the n it saw: neither answer makes the other's stale
        r = act(client, table, o, tokens[o], seen[o]["legal"][0]["action"], n)
        assert r.status_code == 200, r.text
    r = act(client, table, others[0], tokens[others[0]], seen[others[0]]["legal"][0]["action"], n)
    assert r.status_code == 409, "an answer sent twice is refused once"


def test_a_seat_whose_choices_changed_is_stale(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    tokens = {s: claim(client, table, s) for s in range(2)}
    first = state(client, table, 0, tokens[0])
    assert act(client, table, 0, tokens[0], first["legal"][0]["action"], first["n"]).status_code \
        == 200
    # seat 1 acts on a message from before: its choices then were none, now it has some
    now = state(client, table, 1, tokens[1])
    assert now["legal"] and now["n"] != first["n"]
    r = act(client, table, 1, tokens[1], now["legal"][0]["action"], first["n"])
    assert r.status_code == 409 and "stale move number" in r.json()["error"], r.text
    assert state(client, table)["n"] == now["n"], "nothing changed"
