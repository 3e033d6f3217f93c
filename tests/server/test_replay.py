"""A replay steps by what changed (issue 16): quiet steps fold into the next one.

A real-time game stores an "advance" step with every clock tick; most of them
change nothing a spectator reads but the clock. The replay folds a step with
no public event -- a clock advance, or a move that leaves the view as it was
-- into the next step, which then says the moves it covers (``from`` .. ``n``)
and, in a real-time game, its game clock. ``?steps=all`` gives every stored
step. Turn-based games (ESCAPE NOW!) keep every move a step.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from getaway.core.agent import Observation
from getaway.core.match import Match
from getaway.games import registry
from getaway.server.tables import FINISHED, Tables
from getaway.server.wall import Wall
from getaway.store.db import make_engine
from getaway.store.migrate import upgrade
from tests.server.helpers import bot, new_table, state

T0 = 1_700_000_000.0


class FakeWall(Wall):
    """A wall clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.t = T0

    def now(self) -> float:
        return self.t


def zombie_city_table(url: str, seed: int = 7) -> tuple[Tables, str]:
    """A finished Zombie City table of three random bots, played on a fake wall as the
    server's ticker would: the clock advances at least every second, bots act when free."""
    engine = make_engine(url)
    upgrade(engine)
    wall = FakeWall()
    tables = Tables(engine, registry(), wall=wall)
    live, _ = tables.create("zombie-city", 3, {"scenario": 1}, [bot("random")] * 3)
    rng = random.Random(seed)
    agent = registry().get("zombie-city").agents()["heuristic"]()
    free = [0.0] * 3
    while wall.t - T0 < 3600:
        live = tables.tick(live.id, at=wall.t)
        if live.status == FINISHED:
            return tables, live.id
        for seat in live.match.state.to_act():
            st = live.match.state
            clock = st.clock() or 0.0
            legal = st.legal_actions(seat)
            if free[seat] > clock or not legal or live.status == FINISHED:
                continue
            # seat 0 plays well enough to last a while, the others at random
            action = agent.choose(Observation(st, seat, legal), rng) if seat == 0 \
                else rng.choice(legal)
            tables.act(live.id, seat, action.to_json(), None, bot=True, at=wall.t)
            free[seat] = clock + max(0.1, st.action_seconds(seat, action))
            live = tables.get(live.id)
        if live.status == FINISHED:
            return tables, live.id
        clock = live.match.state.clock() or 0.0
        wake = live.match.state.wake_in()
        due = [1.0] + [w for w in (wake,) if w is not None and w > 0]
        due += [f - clock for f in free if f > clock]
        wall.t += max(min(due), 0.05)
    raise AssertionError("the game did not end within an hour of game time")


def check_folded(folded: list[dict[str, Any]], every: list[dict[str, Any]]) -> None:
    """``folded`` is ``every`` with its quiet steps folded into the next, nothing else."""
    assert folded[0] == every[0] and folded[-1]["n"] == every[-1]["n"]
    kept = {s["n"] for s in folded}
    for prev, step in itertools.pairwise(folded):
        if "from" in step:  # it covers moves from .. n
            assert step["from"] == prev["n"] + 1 < step["n"], (prev["n"], step)
        else:
            assert step["n"] == prev["n"] + 1, (prev["n"], step["n"])
        assert {k: v for k, v in step.items() if k != "from"} == every[step["n"]]
    for s in every:
        if s["n"] in kept:
            continue
        assert not s["events"], f"step {s['n']} was folded but told {s['events']}"
        before = every[s["n"] - 1]
        # a clock advance (changing the clock alone), or a move that changed nothing
        assert s["seat"] is None or s["view"] == before["view"], s["n"]
    said = [e for s in every for e in s["events"]]
    assert [e for s in folded for e in s["events"]] == said, "no event is lost or moved"


def rebuilt_views(tables: Tables, table: str, ns: list[int]) -> dict[int, dict[str, Any]]:
    """The spectator's view after the first ``n`` stored moves, rebuilt from the store."""
    live = tables.get(table)
    match = Match(live.game, live.match.config, live.match.seed)
    out: dict[int, dict[str, Any]] = {0: match.state.view(None)}
    want = set(ns)
    for i, step in enumerate(list(live.match.steps), start=1):
        if "advance" in step:
            match.advance(float(step["advance"]))
        else:
            match.apply(int(step["seat"]), live.game.actions.from_json(step["action"]))
        if i in want:
            out[i] = match.state.view(None)
    return out


def test_a_zombie_city_replay_steps_by_what_changed(
        sqlite_url: str, make_client: Callable[..., TestClient]) -> None:
    tables, table = zombie_city_table(sqlite_url)
    c = make_client(sqlite_url)
    final = state(c, table)
    assert final["status"] == "finished"
    every = c.get(f"/api/tables/{table}/replay?steps=all").json()["steps"]
    folded = c.get(f"/api/tables/{table}/replay").json()["steps"]
    assert len(every) == final["n"] + 1 == [s["n"] for s in every][-1] + 1
    advances = sum(1 for s in every if s["seat"] is None) - 1
    assert advances > len(every) // 3, "a real-time game stores many clock steps"
    assert len(folded) * 3 < len(every) * 2, (len(folded), len(every))
    assert len(folded) <= len(every) - advances + 1 + sum(
        1 for s in every if s["seat"] is None and s["events"])
    check_folded(folded, every)
    assert all(s["events"] for s in folded[1:-1]), "every step between shows an event"
    assert folded[-1]["view"] == final["view"], "the last step is the table's end"
    clocks = [s["clock"] for s in folded]
    assert clocks[0] == 0.0 and clocks == sorted(clocks)
    assert clocks[-1] == final["view"]["clock"] == final["clock"]["seconds"]
    assert any("from" in s for s in folded)
    rebuilt = rebuilt_views(tables, table, [s["n"] for s in folded])
    for s in folded:
        assert s["view"] == rebuilt[s["n"]], f"step {s['n']} differs from its rebuild"
    tables.close()


def test_escape_now_replays_every_move(client: TestClient) -> None:
    table = new_table(client, [bot("random")] * 3)
    deadline = time.monotonic() + 60
    while (final := state(client, table))["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    folded = client.get(f"/api/tables/{table}/replay").json()
    every = client.get(f"/api/tables/{table}/replay?steps=all").json()
    assert folded == every, "a turn-based game's replay keeps every move"
    steps = folded["steps"]
    assert [s["n"] for s in steps] == list(range(final["n"] + 1))
    assert all("clock" not in s and "from" not in s for s in steps)
    assert steps[-1]["view"] == final["view"]


def test_steps_takes_only_all(client: TestClient) -> None:
    table = new_table(client, [bot("random")] * 3)
    r = client.get(f"/api/tables/{table}/replay?steps=some")
    assert r.status_code == 400 and "steps may only be 'all'" in r.json()["error"]
