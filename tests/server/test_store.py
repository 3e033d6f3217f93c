"""The event-sourced store on SQLite and PostgreSQL: durability, races, resumed bots."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from fastapi.testclient import TestClient

from getaway.games import registry
from getaway.server.tables import Conflict, Tables
from getaway.store.db import make_engine
from getaway.store.migrate import upgrade
from tests.server.helpers import HUMAN, act, bot, claim, new_table, play_first_legal, state


def test_moves_survive_a_new_server(make_client: Callable[..., TestClient], db_url: str) -> None:
    a = make_client(db_url)
    table = new_table(a, [HUMAN, HUMAN])
    tokens = {0: claim(a, table, 0), 1: claim(a, table, 1)}
    for _ in range(12):
        s = state(a, table)
        seat = s["to_act"][0]
        mine = state(a, table, seat, tokens[seat])
        assert act(a, table, seat, tokens[seat], mine["legal"][-1]["action"]).status_code == 200
    before = {seat: state(a, table, seat, tokens[seat]) for seat in (0, 1)}
    a.__exit__(None, None, None)
    b = make_client(db_url)
    for seat in (0, 1):
        after = state(b, table, seat, tokens[seat])
        assert after["view"] == before[seat]["view"] and after["n"] == 12
        assert after["events"] == before[seat]["events"]
    play_first_legal(b, table, tokens)
    assert state(b, table)["status"] == "finished"


def test_concurrent_moves_are_serialized(db_url: str) -> None:
    """Two services (as two processes would) race for the same move: exactly one wins."""
    engine = make_engine(db_url)
    upgrade(engine)
    one, two = Tables(engine, registry()), Tables(make_engine(db_url), registry())
    live, _ = one.create("escape-now", 2, {}, [HUMAN, HUMAN])
    tokens = [one.claim(live.id, 0), one.claim(live.id, 1)]
    for n in range(20):
        cur = two.get(live.id)
        seat = cur.match.state.to_act()[0]
        action = cur.match.state.legal_actions(seat)[0].to_json()
        results: list[str] = []

        def submit(service: Tables, seat: int = seat, action: dict = action, n: int = n,
                   results: list[str] = results) -> None:
            try:
                service.act(live.id, seat, action, tokens[seat], expect=n)
                results.append("ok")
            except Conflict as e:
                results.append(f"conflict: {e}")

        threads = [threading.Thread(target=submit, args=(svc,)) for svc in (one, two, one, two)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert results.count("ok") == 1, results
        assert all("stale move number" in r for r in results if r != "ok")
        assert one.get(live.id).n == two.get(live.id).n == n + 1
    assert one.get(live.id).match.state.fingerprint() == two.get(live.id).match.state.fingerprint()
    engine.dispose()


def test_bots_resume_after_a_restart(make_client: Callable[..., TestClient], db_url: str) -> None:
    a = make_client(db_url, bot_delay=3600)  # bots never get to move on this server
    table = new_table(a, [HUMAN, bot("heuristic")])
    token = claim(a, table, 0)
    mine = state(a, table, 0, token)
    pass_start = next(x["action"] for x in mine["legal"] if x["action"]["kind"] == "pass")
    assert act(a, table, 0, token, pass_start).status_code == 200
    assert state(a, table)["to_act"] == [1], "the bot must decide now"
    n = state(a, table)["n"]
    a.__exit__(None, None, None)
    b = make_client(db_url, bot_delay=0)
    deadline = time.monotonic() + 20
    while state(b, table)["n"] == n:
        assert time.monotonic() < deadline, "the bot never moved after the restart"
        time.sleep(0.02)
    assert state(b, table)["n"] > n
