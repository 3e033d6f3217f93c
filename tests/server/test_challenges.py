"""Daily and weekly challenges: one deal for everyone, and leaderboards of finished tables
(``server/challenges.py``; API.md, "Challenges")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from getaway.core.state import Outcome
from getaway.games import registry
from getaway.server.app import create_app
from getaway.server.challenges import (
    current,
    derive_seed,
    measure,
    note_finish,
    parse,
    period_of,
)
from getaway.server.settings import Settings
from getaway.server.tables import TABLES, Tables
from getaway.server.wall import Wall
from getaway.store.models import RecordRow, TableRow
from tests.server.helpers import HUMAN, bot
from tests.server.test_rematch import finished, seed_of

NOW = datetime(2026, 11, 27, 10, 30, tzinfo=UTC).timestamp()  # a Friday, ISO week 48
TODAY = "daily/2026-11-27/escape-now/2"
WEEK = "weekly/2026-W48/escape-now/2"


class FakeWall(Wall):
    """A wall clock the test sets."""

    def __init__(self, t: float = NOW) -> None:
        self.t = t

    def now(self) -> float:
        return self.t


@pytest.fixture
def at_now(db_url: str) -> Iterator[tuple[TestClient, FakeWall]]:
    """A client of an app whose clock reads NOW (its bots move at once)."""
    wall = FakeWall()
    app = create_app(Settings(db_url=db_url, bot_delay=0.0), wall=wall)
    with TestClient(app) as c:
        yield c, wall


def tables_of(c: TestClient) -> Tables:
    t: Tables = c.app.state.tables  # type: ignore[attr-defined]
    return t


def play(c: TestClient, challenge: str, seats: list[dict[str, Any]]) -> Any:
    return c.post(f"/api/challenges/{challenge}/tables", json={"seats": seats})


def finish_challenge(c: TestClient, challenge: str, names: list[str]) -> str:
    """A table of ``challenge`` with one named human per name (then random bots), played to
    its end by the humans' first legal actions."""
    players = int(challenge.rsplit("/", 1)[1])
    seats = [HUMAN] * len(names) + [bot("random")] * (players - len(names))
    r = play(c, challenge, seats)
    assert r.status_code == 201, r.text
    table = r.json()["id"]
    tokens = {}
    for i, name in enumerate(names):
        got = c.post(f"/api/tables/{table}/seats/{i}/claim", json={"name": name})
        tokens[i] = got.json()["token"]
    tables = tables_of(c)
    for _ in range(5000):
        live = tables.get(table)
        if live.status == "finished":
            return str(table)
        mine = [s for s in live.match.state.to_act() if s in tokens]
        if not mine:
            import time

            time.sleep(0.01)
            continue
        action = live.match.state.legal_actions(mine[0])[0].to_json()
        tables.act(table, mine[0], action, tokens[mine[0]])
    raise AssertionError("the game did not end")


# -- ids, periods and seeds --------------------------------------------------------------


def test_periods_are_utc_days_and_iso_weeks() -> None:
    key, opens, closes = period_of("daily", date(2026, 11, 27))
    assert (key, opens.isoformat(), closes.isoformat()) == (
        "2026-11-27", "2026-11-27T00:00:00+00:00", "2026-11-28T00:00:00+00:00")
    key, opens, closes = period_of("weekly", date(2026, 11, 27))
    assert (key, opens.isoformat(), closes.isoformat()) == (
        "2026-W48", "2026-11-23T00:00:00+00:00", "2026-11-30T00:00:00+00:00")
    # every day of a week is in the same weekly challenge; across a year's end too
    assert {period_of("weekly", date(2026, 11, d))[0] for d in range(23, 30)} == {"2026-W48"}
    assert period_of("weekly", date(2027, 1, 1))[0] == "2026-W53"
    reg = registry()
    c = parse(WEEK, reg)
    assert (c.period, c.key, c.game, c.players, c.id) == ("weekly", "2026-W48", "escape-now",
                                                          2, WEEK)
    assert parse(TODAY, reg).id == TODAY
    listed = current(reg, NOW)
    counts = sum(g.spec.max_players - g.spec.min_players + 1 for g in reg)
    assert len(listed) == 2 * counts and len({c.id for c in listed}) == 2 * counts
    assert TODAY in {c.id for c in listed} and WEEK in {c.id for c in listed}
    assert all(c.is_open(NOW) for c in listed)


def test_seeds_are_fixed_per_challenge_and_differ_across_days_games_and_counts() -> None:
    secret = "s" * 64
    assert derive_seed(secret, TODAY) == derive_seed(secret, TODAY)
    assert 0 <= derive_seed(secret, TODAY) < 2 ** 63
    others = ["daily/2026-11-28/escape-now/2", "daily/2026-11-27/escape-now/3",
              "daily/2026-11-27/zombie-city/2", WEEK, "weekly/2026-W49/escape-now/2"]
    seeds = {derive_seed(secret, x) for x in [TODAY, *others]}
    assert len(seeds) == 1 + len(others)
    # another installation's secret gives other deals: the date alone tells nobody the deal
    assert derive_seed("t" * 64, TODAY) != derive_seed(secret, TODAY)


# -- tables of a challenge ---------------------------------------------------------------------


def test_a_challenge_table_has_the_challenges_deal(at_now: tuple[TestClient, FakeWall]) -> None:
    c, _ = at_now
    listed = c.get("/api/challenges").json()
    assert listed["now"].startswith("2026-11-27T10:30")
    one = next(x for x in listed["challenges"] if x["id"] == TODAY)
    assert one == {**one, "period": "daily", "game": "escape-now", "players": 2, "open": True,
                   "closes": "2026-11-28T00:00:00+00:00", "entries": 0, "leaderboard": []}
    assert "minutes left" in one["ranking"] and "seed" not in str(one)
    a = play(c, TODAY, [HUMAN, bot("random")])
    b = play(c, TODAY, [HUMAN, HUMAN])
    w = play(c, WEEK, [HUMAN, bot("easy")])
    three = play(c, "daily/2026-11-27/escape-now/3", [HUMAN, HUMAN, HUMAN])
    for r in (a, b, w, three):
        assert r.status_code == 201, r.text
    assert a.json() == {"id": a.json()["id"], "url": f"/t/{a.json()['id']}",
                        "challenge": TODAY}
    board = c.app.state.challenges  # type: ignore[attr-defined]
    seed = board.seed(parse(TODAY, registry()))
    assert seed_of(c, a.json()["id"]) == seed_of(c, b.json()["id"]) == seed
    assert seed_of(c, w.json()["id"]) != seed
    assert seed_of(c, three.json()["id"]) != seed
    summary = c.get(f"/api/tables/{a.json()['id']}").json()
    assert summary["challenge"] == TODAY
    assert c.get(f"/api/tables/{w.json()['id']}").json()["challenge"] == WEEK
    listed_rows = {t["id"]: t for t in c.get("/api/tables").json()}
    assert listed_rows[b.json()["id"]]["challenge"] == TODAY
    tables_of(c).live.clear()  # described from its row alone, as the lobby's list may be
    assert {t["id"]: t["challenge"] for t in c.get("/api/tables").json()}[a.json()["id"]] == TODAY
    assert summary["private"] is False and summary["options"] == {
        "layout": "standard", "hard": False, "expert": False}
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot"]
    # the table is listed in the lobby like any other
    assert a.json()["id"] in {t["id"] for t in c.get("/api/tables").json()}


def test_finished_challenge_tables_go_on_the_leaderboard_once(
        at_now: tuple[TestClient, FakeWall]) -> None:
    c, _ = at_now
    first = finish_challenge(c, TODAY, ["Ann"])
    second = finish_challenge(c, TODAY, ["Bob", "Cy"])
    ordinary, _, _ = finished(c, [HUMAN, bot("random")])  # same game and count: not counted
    assert c.get(f"/api/tables/{ordinary}").json()["challenge"] is None
    got = c.get(f"/api/challenges/{TODAY}").json()
    assert got["entries"] == 2
    tables = {e["table"]: e for e in got["leaderboard"]}
    assert set(tables) == {first, second} and ordinary not in tables
    ann = tables[first]
    assert ann["names"] == ["Ann", "random bot"] and ann["replay"] == f"/t/{first}/replay"
    assert tables[second]["names"] == ["Bob", "Cy"]
    live = tables_of(c).get(first)
    out = live.match.state.outcome()
    assert out is not None and ann["won"] == bool(out.winners) and ann["moves"] == live.n
    assert ann["result"] == ("time ran out" if not out.winners
                             else f"escaped with {out.scores[0]:g} minutes left")
    assert ann["clock"] is None and ann["seconds"] >= 0
    key = [(not e["won"], -e["score"], e["moves"]) for e in got["leaderboard"]]
    assert key == sorted(key)
    # the list of current challenges carries the same board
    listed = c.get("/api/challenges", params={"game": "escape-now", "players": 2}).json()
    assert [x["id"] for x in listed["challenges"]] == [TODAY, WEEK]
    assert listed["challenges"][0]["leaderboard"] == got["leaderboard"]
    assert listed["challenges"][1]["entries"] == 0
    # finishing again (as after an undo) adds nothing: one entry per table
    with tables_of(c).engine.begin() as db:
        row = db.execute(TABLES.select().where(TABLES.c.id == first)).first()
        assert row is not None and out is not None
        note_finish(db, row, live.game, live.match.state, out, live.n, datetime.now(UTC))
    assert c.get(f"/api/challenges/{TODAY}").json()["entries"] == 2


def test_the_ranking_wins_first_then_the_score_then_fewer_moves(
        at_now: tuple[TestClient, FakeWall]) -> None:
    c, _ = at_now
    ids = [play(c, TODAY, [HUMAN, bot("random")]).json()["id"] for _ in range(6)]
    # (won, minutes left, moves): a table's entry as its finish would store it
    results = [(False, 0, 40), (True, 12, 90), (True, 30, 120), (True, 12, 70),
               (True, 12, 70), (False, 0, 20)]
    stamp = datetime(2026, 11, 27, 11, tzinfo=UTC)
    with tables_of(c).sessions.begin() as db:
        for table, (won, left, moves) in zip(ids, results, strict=True):
            db.add(RecordRow(table_id=table, challenge=TODAY, game="escape-now", players=2,
                             won=won, score=float(left), order_key=-float(left), moves=moves,
                             clock=None, seconds=60.0,
                             seats=[{"name": "Ann", "kind": "human", "won": won,
                                     "score": float(left)},
                                    {"name": "random bot", "kind": "bot", "won": won,
                                     "score": float(left)}],
                             reason="escaped" if won else "time_up", detail="",
                             finished=stamp))
    board = c.get(f"/api/challenges/{TODAY}").json()["leaderboard"]
    order = [ids.index(e["table"]) for e in board]
    assert order in ([2, 3, 4, 1, 5, 0], [2, 4, 3, 1, 5, 0])  # 3 and 4 tie (same finish too)
    assert [(e["won"], e["score"], e["moves"]) for e in board] == [
        (True, 30.0, 120), (True, 12.0, 70), (True, 12.0, 70), (True, 12.0, 90),
        (False, 0.0, 20), (False, 0.0, 40)]
    assert [e["place"] for e in board] == [1, 2, 2, 4, 5, 6]  # a tie shares its place
    assert board[0]["result"] == "escaped with 30 minutes left"
    assert board[-1]["result"] == "time ran out"
    assert c.get(f"/api/challenges/{TODAY}", params={"limit": 2}).json()["entries"] == 6
    assert len(c.get(f"/api/challenges/{TODAY}", params={"limit": 2}).json()[
        "leaderboard"]) == 2
    counted = c.get(f"/api/challenges/{TODAY}", params={"limit": 0}).json()
    assert counted["entries"] == 6 and counted["leaderboard"] == []
    # a damaged table's entry is never shown
    with tables_of(c).sessions.begin() as db:
        db.execute(update(TableRow).where(TableRow.id == ids[2]).values(damaged="edited"))
    board = c.get(f"/api/challenges/{TODAY}").json()
    assert board["entries"] == 5 and ids[2] not in {e["table"] for e in board["leaderboard"]}
    assert board["leaderboard"][0]["place"] == 1 and board["leaderboard"][0]["score"] == 12.0


def test_every_game_says_its_result_in_words() -> None:
    def say(game: str, out: Outcome, names: list[str], clock: float | None = None) -> str:
        m = measure(registry(), game)
        return m.say(out, [names[i] for i in out.winners], m.score(out), clock)

    two = ["Ann", "Normal bot"]
    assert say("escape-now", Outcome((0, 1), (23.0, 23.0), "escaped"), two) == \
        "escaped with 23 minutes left"
    assert say("zombie-city", Outcome((0, 1), (372.0, 372.0), "escaped"), two) == \
        "escaped with 6:12 left on the clock"
    assert say("zombie-city", Outcome((), (0.0, 0.0), "church", "the zombies have taken the "
                                      "Church"), two, 500.0) == \
        "lost after 8:20: the zombies have taken the Church"
    assert say("alcatraz-2034", Outcome((1,), (3.0, 7.0), "lockdown"), two) == \
        "Normal bot won with 7 points"
    assert say("alcatraz-2034", Outcome((), (0.0, 0.0), "prison_wins"), two) == \
        "the prison won: nobody escaped"
    assert say("new-york", Outcome((0, 1), (1.0, 1.0), "collective_victory"), two) == \
        "Collective Victory: Ann and Normal bot"
    assert say("new-york", Outcome((1,), (0.0, 1.0), "lone_victory"), two) == \
        "Lone Victory of Normal bot"
    assert say("escape-plan", Outcome((0,), (45.0, 30.0), "end_of_round_3"), two) == \
        "Ann won with $45"
    assert measure(registry(), "zombie-city").ranking() == (
        "wins first, then the most time left on the 15-minute clock, then the fewest moves")


# -- bad requests ---------------------------------------------------------------------------


@pytest.mark.parametrize(("challenge", "words"), [
    ("nonsense", "a challenge id reads"),
    ("monthly/2026-11/escape-now/2", "the periods are daily and weekly"),
    ("daily/2026-13-01/escape-now/2", "is not a date"),
    ("weekly/2026-W60/escape-now/2", "is not a week"),
    ("daily/2026-11-27/chess/2", "there is no game 'chess'"),
    ("daily/2026-11-27/zombie-city/9", "played by 2 to 4 players"),
    ("daily/2026-11-27/zombie-city/two", "played by 2 to 4 players"),
    ("daily/2026-11-28/escape-now/2", "yet: it opens at 2026-11-28T00:00:00+00:00"),
])
def test_unknown_challenges_are_404(at_now: tuple[TestClient, FakeWall], challenge: str,
                                    words: str) -> None:
    c, _ = at_now
    for r in (c.get(f"/api/challenges/{challenge}"), play(c, challenge, [HUMAN, HUMAN])):
        assert r.status_code == 404, r.text
        assert words in r.json()["error"]


def test_bad_challenge_tables_are_refused(at_now: tuple[TestClient, FakeWall]) -> None:
    c, wall = at_now
    cases = [({"seats": [HUMAN]}, 400, "give exactly 2 seats"),
             ({"seats": [bot("random"), bot("random")]}, 400, "at least one human seat"),
             ({"seats": "two"}, 400, "'seats' must be a list"),
             ({}, 400, "'seats' must be a list"),
             ({"seats": [HUMAN, {"kind": "bot", "agent": "nobody"}]}, 400, "unknown agent")]
    for data, status, words in cases:
        r = c.post(f"/api/challenges/{TODAY}/tables", json=data)
        assert r.status_code == status and words in r.json()["error"], (data, r.text)
    assert c.get("/api/challenges", params={"game": "chess"}).status_code == 404
    for raw in (b"not json", b"[1, 2]", b'{"seats": [' * 40):
        r = c.post(f"/api/challenges/{TODAY}/tables", content=raw)
        assert r.status_code == 400 and "error" in r.json(), r.text
    long = "daily/" + "x" * 5000 + "/escape-now/2"
    for r in (c.get(f"/api/challenges/{long}"), play(c, long, [HUMAN, HUMAN])):
        assert r.status_code == 404 and len(r.json()["error"]) <= 1000, r.text
    assert c.get("/api/challenges", params={"limit": -1}).status_code == 400
    assert c.get("/api/challenges", params={"limit": 101}).status_code == 400
    # the day ends: yesterday's challenge is closed (its board stays), today's is listed
    made = play(c, TODAY, [HUMAN, HUMAN])
    assert made.status_code == 201
    wall.t = datetime(2026, 11, 28, 0, 0, 1, tzinfo=UTC).timestamp()
    r = play(c, TODAY, [HUMAN, HUMAN])
    assert r.status_code == 409 and "closed at 2026-11-28T00:00:00+00:00" in r.json()["error"]
    old = c.get(f"/api/challenges/{TODAY}").json()
    assert old["open"] is False and old["entries"] == 0
    ids = {x["id"] for x in c.get("/api/challenges").json()["challenges"]}
    assert "daily/2026-11-28/escape-now/2" in ids and TODAY not in ids and WEEK in ids
    assert play(c, "daily/2026-11-28/escape-now/2", [HUMAN, HUMAN]).status_code == 201


# -- the migration ---------------------------------------------------------------------------


def test_migration_0005_keeps_existing_tables_and_makes_the_secret(
        db_url: str, tmp_path: Path,
        make_client: Callable[..., TestClient]) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import insert, inspect, select, text

    from getaway.store.db import make_engine
    from getaway.store.migrate import SCRIPTS

    engine = make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))

    def to(revision: str, down: bool = False) -> None:
        with engine.connect() as conn:
            cfg.attributes["connection"] = conn
            (command.downgrade if down else command.upgrade)(cfg, revision)
            conn.commit()

    to("0004")
    with engine.begin() as db:
        db.execute(text(
            "INSERT INTO game_tables (id, game, players, options, seed, engine, seats, status, "
            "moves, created, updated, private) VALUES ('old', 'escape-now', 2, '{}', 5, 'x', "
            "'[]', 'open', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, false)"))
    to("head")
    names = set(inspect(engine).get_table_names())
    assert {"records", "secrets"} <= names
    with engine.begin() as db:
        assert db.execute(select(TABLES.c.challenge).where(TABLES.c.id == "old")).scalar() is None
        secret = db.execute(text("SELECT value FROM secrets WHERE name = 'challenges'")).scalar()
        assert isinstance(secret, str) and len(secret) == 64
        db.execute(insert(RecordRow.__table__).values(  # type: ignore[arg-type]
            table_id="old", challenge=TODAY, game="escape-now", players=2, won=True, score=3.0,
            order_key=-3.0, moves=9, clock=None, seconds=1.0, seats=[], reason="escaped",
            detail="", finished=datetime.now(UTC)))
    to("0004", down=True)
    assert "records" not in set(inspect(engine).get_table_names())
    to("head")
    with engine.begin() as db:
        secret = db.execute(text("SELECT value FROM secrets WHERE name = 'challenges'")).scalar()
    engine.dispose()
    # a server on the migrated store derives its seeds from the migration's secret
    c = make_client(db_url)
    assert c.app.state.challenges.secret() == secret  # type: ignore[attr-defined]


def test_a_real_time_challenge_keeps_its_game_clock(sqlite_url: str) -> None:
    """A Zombie City challenge table, played on a fake wall as the server's ticker would:
    its entry holds the game clock at the end and the words say the time."""
    import random

    from getaway.core.agent import Observation
    from getaway.server.challenges import Challenges
    from getaway.server.tables import FINISHED
    from getaway.store.db import make_engine
    from getaway.store.migrate import upgrade

    engine = make_engine(sqlite_url)
    upgrade(engine)
    wall = FakeWall()
    tables = Tables(engine, registry(), wall=wall)
    board = Challenges(tables)
    challenge = "daily/2026-11-27/zombie-city/2"
    live = board.create(challenge, [HUMAN, bot("random")])
    token = tables.claim(live.id, 0, "Zed")
    tables.ready(live.id, 0, token, at=wall.t)
    wall.t += 4
    rng = random.Random(3)
    agent = registry().get("zombie-city").agents()["heuristic"]()
    free = [0.0, 0.0]
    start = wall.t
    while wall.t - start < 3600 and live.status != FINISHED:
        live = tables.tick(live.id, at=wall.t)
        for seat in live.match.state.to_act():
            st = live.match.state
            clock = st.clock() or 0.0
            legal = st.legal_actions(seat)
            if free[seat] > clock or not legal or live.status == FINISHED:
                continue
            action = agent.choose(Observation(st, seat, legal), rng)
            tables.act(live.id, seat, action.to_json(), token if seat == 0 else None,
                       bot=seat == 1, at=wall.t)
            free[seat] = clock + max(0.1, st.action_seconds(seat, action))
            live = tables.get(live.id)
        wall.t += 1.0
    assert live.status == FINISHED
    got = board.one(challenge)
    assert got["entries"] == 1
    entry = got["leaderboard"][0]
    out = live.match.state.outcome()
    assert out is not None and entry["table"] == live.id and entry["names"] == ["Zed",
                                                                              "random bot"]
    assert entry["clock"] == live.match.state.clock() and entry["clock"] > 0
    assert entry["won"] == bool(out.winners) and entry["moves"] == live.n
    minutes, seconds = divmod(int(entry["clock"] if not out.winners else entry["score"]), 60)
    assert f"{minutes}:{seconds:02d}" in entry["result"]
    tables.close()
    engine.dispose()
