"""Hostile and broken clients against the HTTP API and the table WebSocket.

Every input here is one a malicious or buggy client may send: bodies that are
not JSON objects (not UTF-8, truncated, nested 30,000 deep, integers of
thousands of digits, ``NaN``, ``1e400``, unpaired surrogates), every field of
every POST with wrong types and out-of-range values, bodies over 64 KiB (with
an honest, a lying or no ``Content-Length``), bad query parameters, unknown
games, tables and seats, wrong tokens, stale move numbers, tables in the wrong
phase; and on the socket the same bodies as text and binary frames, oversized
messages, bad ``hello`` and ``act`` messages, and pages of another site.

Each answer is checked against ``server/API.md``: the status code of its
Errors table, a JSON body ``{"error": "<reason>"}`` whose reason names the
problem (short, never a traceback), the security headers; and then that
nothing changed (the store's rows and moves, seat 0's message), that the
server serves the next request, and that a socket is still open (a ``ping``
gets its ``pong``). An unexpected exception answers 500 and a failing store
503, both as JSON with the same headers.

Most tests share one server (``world``, one per module): it takes all the
abuse and every test checks that it is unchanged, which keeps the module fast.
Tests that must change something use the ``client`` fixture.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from getaway.server.app import create_app
from getaway.server.inputs import MAX_REASON
from getaway.server.settings import Settings
from getaway.store.db import StoreError
from tests.server.helpers import HUMAN, bot, claim, new_table, play_first_legal, state

LIMIT = 64 * 1024
MISSING = object()  # a field left out of a body
PLACE = {"kind": "place_pawn", "puzzle": 0}  # seat 0's first legal action on a new table
DIGITS_20 = 99_999_999_999_999_999_999  # the longest integer a body may hold


@dataclass
class World:
    """One server for the module: a running table (seat 0 to act) and an open one."""

    c: TestClient
    db: Engine
    running: str  # two human seats, both claimed
    tokens: dict[int, str]
    waiting: str  # open: seat 0 free, seat 1 claimed, seat 2 a bot
    waiting_token: str
    baseline: Any = None  # the fingerprint at the start


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    url = f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'test.db'}"
    # no limit on creations: this many requests are not what tables_per_minute is about
    settings = Settings(db_url=url, bot_delay=0.0, tables_per_minute=0)
    with TestClient(create_app(settings)) as c:
        running = new_table(c, [HUMAN, HUMAN])
        tokens = {s: claim(c, running, s) for s in (0, 1)}
        waiting = new_table(c, [HUMAN, HUMAN, bot("random")])
        engine = create_engine(url)
        w = World(c, engine, running, tokens, waiting, claim(c, waiting, 1))
        w.baseline = fingerprint(w)
        yield w
        engine.dispose()


# -- checking answers ------------------------------------------------------------------


def safe_headers(r: Any) -> None:
    """The headers API.md promises on every HTTP answer."""
    assert r.headers.get("x-frame-options") == "DENY", r.headers
    assert r.headers.get("x-content-type-options") == "nosniff", r.headers
    assert r.headers.get("referrer-policy") == "no-referrer", r.headers
    csp = r.headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, csp


def refused(r: Any, status: int, *words: str) -> str:
    """Check an error answer: its status, a JSON ``{"error"}`` naming the problem, headers."""
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert r.headers["content-type"] == "application/json", r.headers
    body = r.json()
    assert isinstance(body, dict) and set(body) == {"error"}, body
    reason = body["error"]
    assert isinstance(reason, str) and 0 < len(reason) <= MAX_REASON, len(reason)
    assert "Traceback" not in reason, reason
    for word in words:
        assert word in reason, (word, reason)
    safe_headers(r)
    return reason


def fingerprint(w: World) -> Any:
    """Everything a refused request must leave alone: the store's rows and moves, and the
    running table in the server's memory (its move number, seats, seat 0's view and
    choices; read directly, as an HTTP request per test would double the module's time)."""
    with w.db.connect() as conn:
        rows = conn.execute(text("SELECT id, status, moves, head, seats, updated "
                                 "FROM game_tables ORDER BY id")).all()
        moves = conn.execute(text("SELECT count(*) FROM moves")).scalar_one()
    live = w.c.app.state.tables.live[w.running]
    with live.lock:
        game = live.match.state
        memory = (live.n, live.status, live.chain, json.dumps(live.seats),
                  json.dumps(game.view(0)), [a.to_json() for a in game.legal_actions(0)])
    return [tuple(r) for r in rows], moves, memory


@contextmanager
def unchanged(w: World) -> Iterator[None]:
    """Nothing may change inside."""
    before = fingerprint(w)
    yield
    assert fingerprint(w) == before, "a refused request changed the store or a table"


def each(*values: Any) -> tuple[Any, ...]:
    """Values of mixed types to parametrize one check with."""
    return values


def body_of(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """``base`` with ``fields`` replaced (``MISSING``: left out)."""
    out = {**base, **fields}
    return {k: v for k, v in out.items() if v is not MISSING}


def nested(depth: int, inner: bytes = b"") -> bytes:
    """A JSON object whose ``pad`` field makes the whole body ``depth`` levels deep."""
    pad = b'{"pad": ' + b"[" * (depth - 1) + b"]" * (depth - 1)
    return pad + (b", " + inner if inner else b"") + b"}"


# -- bodies that are not JSON objects ------------------------------------------------------

NOT_AN_OBJECT = [
    pytest.param(b"{not json", "not valid JSON", id="invalid"),
    pytest.param(b'{"seat": 0, "action": {"kind": "pa', "not valid JSON", id="truncated"),
    pytest.param(b"   ", "not valid JSON", id="blank"),
    pytest.param(b"\xef\xbb\xbf{}", "not valid JSON", id="byte-order-mark"),
    pytest.param(b'{"name": "caf\xe9"}', "not UTF-8", id="latin-1"),
    pytest.param('{"name": "x"}'.encode("utf-16"), "not UTF-8", id="utf-16"),
    pytest.param(b"[1, 2]", "must be a JSON object", id="array"),
    pytest.param(b'"seat"', "must be a JSON object", id="string"),
    pytest.param(b"42", "must be a JSON object", id="number"),
    pytest.param(b"null", "must be a JSON object", id="null"),
    pytest.param(b"true", "must be a JSON object", id="true"),
    pytest.param(b'{"seat": ' + b"7" * 5000 + b"}", "integer of 5000 digits", id="int-5000"),
    pytest.param(b'{"seat": ' + b"7" * 4000 + b"}", "integer of 4000 digits", id="int-4000"),
    pytest.param(b'{"n": -' + b"7" * 21 + b"}", "integer of 21 digits", id="int-21"),
    pytest.param(b"[" * 30_000, "deeper than 32", id="30000-arrays"),
    pytest.param(b'{"a":' * 12_000, "deeper than 32", id="12000-objects"),
    pytest.param(nested(33), "deeper than 32", id="depth-33"),
    pytest.param(b'{"seat": NaN}', "NaN is not a JSON number", id="NaN"),
    pytest.param(b'{"seat": Infinity}', "Infinity is not a JSON number", id="Infinity"),
    pytest.param(b'{"n": -Infinity}', "-Infinity is not a JSON number", id="-Infinity"),
    pytest.param(b'{"seat": 1e400}', "1e400 is too large", id="1e400"),
    pytest.param(b'{"players": -1E+400}', "-1E+400 is too large", id="-1e400"),
    pytest.param(b'{"name": "a\\ud800b"}', "not valid Unicode", id="lone-surrogate"),
    pytest.param(b'{"\\udfff": 1}', "not valid Unicode", id="lone-surrogate-key"),
]

ENDPOINTS = ["create", "claim", "act", "rematch", "undo", "hint"]


def target(w: World, endpoint: str) -> tuple[str, dict[str, str]]:
    """The URL and headers of each POST endpoint, aimed where a valid body would succeed."""
    return {
        "create": ("/api/tables", {}),
        "claim": (f"/api/tables/{w.waiting}/seats/0/claim", {}),
        "act": (f"/api/tables/{w.running}/actions", {"x-seat-token": w.tokens[0]}),
        "rematch": (f"/api/tables/{w.running}/rematch", {"x-seat-token": w.tokens[0]}),
        "undo": (f"/api/tables/{w.running}/undo", {"x-seat-token": w.tokens[0]}),
        "hint": (f"/api/tables/{w.running}/hint", {"x-seat-token": w.tokens[0]}),
    }[endpoint]


@pytest.mark.parametrize("raw, words", NOT_AN_OBJECT)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_body_that_is_not_a_json_object_is_refused(world: World, endpoint: str,
                                                     raw: bytes, words: str) -> None:
    url, headers = target(world, endpoint)
    with unchanged(world):
        refused(world.c.post(url, content=raw, headers=headers), 400, words)


@pytest.mark.parametrize("depth, endpoint, status, words", [
    (31, "act", 422, "unknown action kind 'teleport'"),
    (32, "act", 422, "unknown action kind 'teleport'"),
    (33, "act", 400, "deeper than 32"),
    (32, "create", 404, "unknown game 'chess'"),
    (33, "create", 400, "deeper than 32"),
    (32, "claim", 400, "'name' must be a string"),
    (33, "claim", 400, "deeper than 32"),
    (32, "rematch", 400, "'same_seed' must be"),
    (33, "rematch", 400, "deeper than 32"),
    (32, "undo", 400, "'n' must be a move number"),
    (33, "undo", 400, "deeper than 32"),
    (32, "hint", 400, "'n' must be a move number"),
    (33, "hint", 400, "deeper than 32"),
])
def test_nesting_up_to_the_limit_is_read(world: World, depth: int, endpoint: str,
                                         status: int, words: str) -> None:
    """32 levels are read (the request then fails on its own fields); 33 are not."""
    url, headers = target(world, endpoint)
    inner = {"act": b'"seat": 0, "action": {"kind": "teleport"}',
             "create": b'"game": "chess", "players": 2, "seats": [{"kind": "human"}, {"kind": '
                       b'"human"}]',
             "claim": b'"name": 5',
             "rematch": b'"same_seed": 5',
             "undo": b'"seat": 0, "n": "x"',
             "hint": b'"seat": 0, "n": "x"'}[endpoint]
    with unchanged(world):
        refused(world.c.post(url, content=nested(depth, inner), headers=headers), status, words)


@pytest.mark.parametrize("endpoint, words", [
    ("create", "'game' must be a game id"),
    ("act", "'seat' must be a whole number"),
    ("undo", "'seat' must be a whole number"),
    ("hint", "'seat' must be a whole number"),
])
def test_an_empty_body_lacks_the_required_fields(world: World, endpoint: str,
                                                 words: str) -> None:
    url, headers = target(world, endpoint)
    with unchanged(world):
        refused(world.c.post(url, content=b"", headers=headers), 400, words)
        refused(world.c.post(url, content=b"{}", headers=headers), 400, words)


def test_a_key_given_twice_counts_once_the_last(world: World) -> None:
    raw = json.dumps(PLACE).encode()
    body = b'{"seat": 0, "seat": 1, "action": ' + raw + b"}"
    url, headers = target(world, "act")
    with unchanged(world):
        refused(world.c.post(url, content=body, headers=headers), 403,
                "wrong or missing token for seat 1")


def test_a_parser_bomb_is_refused_by_the_parser_too(sqlite_url: str) -> None:
    """With room for 1 MiB bodies, 30,000 nested ``{"a":`` or a 60,000-digit number is
    still refused as malformed (400, or an error message on the socket)."""
    bombs = [b'{"a":' * 30_000, b"[" * 100_000, b'{"seat": ' + b"9" * 60_000 + b"}",
             b'{"n": 1' + b"0" * 60_000 + b".5e99999}"]
    settings = Settings(db_url=sqlite_url, bot_delay=0.0, max_body=1 << 20)
    with TestClient(create_app(settings)) as c:
        table = new_table(c, [HUMAN])
        for raw in bombs:
            refused(c.post("/api/tables", content=raw), 400, "the body")
        with c.websocket_connect(f"/ws/tables/{table}") as ws:
            for raw in bombs:
                ws.send_text(raw.decode())
                assert_error(ws.receive_json(), "the message")
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
        assert len(c.get("/api/tables").json()) == 1


# -- bodies over 64 KiB --------------------------------------------------------------------


def _chunks(total: int) -> Iterator[bytes]:
    yield b'{"pad": "'
    for _ in range(total // 8192):
        yield b"x" * 8192
    yield b'"}'


@pytest.mark.parametrize("how", ["honest", "lying-length", "claimed-length", "chunked"])
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_a_body_over_64_kib_is_refused_with_413(world: World, endpoint: str, how: str) -> None:
    url, headers = target(world, endpoint)
    big = b'{"pad": "' + b"x" * (LIMIT + 10) + b'"}'
    content: Any = big
    if how == "lying-length":  # says 20 bytes, sends 64 KiB and more
        headers = {**headers, "content-length": "20"}
    elif how == "claimed-length":  # says 1 GB, sends a valid small body
        headers = {**headers, "content-length": str(10**9)}
        content = b"{}"
    elif how == "chunked":  # no Content-Length at all
        content = _chunks(LIMIT + 10)
    with unchanged(world):
        r = world.c.post(url, content=content, headers=headers)
        refused(r, 413, "request body over 65536 bytes")


def test_a_body_of_exactly_64_kib_is_read(world: World) -> None:
    head = b'{"seat": 0, "action": {"kind": "teleport"}, "pad": "'
    body = head + b"x" * (LIMIT - len(head) - 2) + b'"}'
    assert len(body) == LIMIT
    url, headers = target(world, "act")
    with unchanged(world):
        refused(world.c.post(url, content=body, headers=headers), 422, "'teleport'")


@pytest.mark.parametrize("length", ["abc", "-1", "1e3", " 12", "1" * 5000])
def test_a_content_length_that_is_not_a_number(world: World, length: str) -> None:
    url, headers = target(world, "act")
    with unchanged(world):
        r = world.c.post(url, content=b"{}", headers={**headers, "content-length": length})
        if length.isdigit():  # a number of 5000 digits: more than 64 KiB
            refused(r, 413, "over 65536 bytes")
        else:
            refused(r, 400, "Content-Length")


# -- fields of the wrong type or range ------------------------------------------------------

TABLE = {"game": "escape-now", "players": 2, "options": {}, "seats": [HUMAN, HUMAN]}


@pytest.mark.parametrize("fields, status, words", [
    *[({"game": v}, 400, "'game' must be a game id")
      for v in each(5, None, True, ["escape-now"], {"id": "escape-now"}, MISSING)],
    ({"game": "chess"}, 404, "unknown game 'chess'"),
    ({"game": ""}, 404, "unknown game"),
    ({"game": "x" * 60_000}, 404, "unknown game"),
    *[({"players": v}, 400, "'players' must be a whole number")
      for v in each("2", 2.0, 2.5, True, False, -1, -(10**19), None, [2], {"n": 2}, MISSING)],
    ({"players": 0, "seats": []}, 400, "1 to 6 players"),
    ({"players": 7, "seats": [HUMAN] * 7}, 400, "1 to 6 players"),
    ({"players": DIGITS_20}, 400, "1 to 6 players"),
    *[({"options": v}, 400, "'options' must be an object")
      for v in each([], "hard", 5, None, True)],
    ({"options": {"hard": "yes"}}, 400, "option 'hard'"),
    ({"options": {"hard": 1}}, 400, "option 'hard'"),
    ({"options": {"layout": "maze"}}, 400, "option 'layout'"),
    ({"options": {"layout": ["easy"]}}, 400, "option 'layout'"),
    ({"options": {"nope": 1}}, 400, "no option 'nope'"),
    ({"options": {"x" * 60_000: 1}}, 400, "no option"),
    *[({"seats": v}, 400, "'seats' must be a list")
      for v in each("human", {"0": HUMAN}, None, 2, MISSING)],
    ({"seats": [HUMAN]}, 400, "exactly 2 seats"),
    ({"seats": [HUMAN] * 3}, 400, "exactly 2 seats"),
    *[({"seats": [HUMAN, v]}, 400, "seat 1: kind must be 'human' or 'bot'")
      for v in each(1, None, "human", ["human"], {"kind": ["human"]}, {"kind": "alien"}, {})],
    *[({"seats": [HUMAN, {"kind": "bot", "agent": v}]}, 400, "seat 1: a bot needs an agent")
      for v in each(5, None, "", "   ", ["random"])],
    ({"seats": [HUMAN, {"kind": "bot"}]}, 400, "seat 1: a bot needs an agent"),
    ({"seats": [HUMAN, {"kind": "bot", "agent": "x" * 300}]}, 400, "over 200 characters"),
    ({"seats": [HUMAN, {"kind": "bot", "agent": "genius"}]}, 400, "unknown agent 'genius'"),
    ({"seats": [HUMAN, {"kind": "bot", "agent": "ismcts:seconds=100000"}]}, 400, "at most"),
    ({"seats": [HUMAN, {"kind": "bot", "agent": "ismcts:seconds=nan"}]}, 400, "seconds"),
    *[({"private": v}, 400, "'private' must be true or false")
      for v in each("yes", "true", 1, 0, None, [], {})],
])
def test_create_refuses_every_bad_field(world: World, fields: dict[str, Any], status: int,
                                        words: str) -> None:
    with unchanged(world):
        refused(world.c.post("/api/tables", json=body_of(TABLE, **fields)), status, words)


@pytest.mark.parametrize("body, status, words", [
    *[({"name": v}, 400, "'name' must be a string") for v in each(5, 1.5, True, [], {"a": 1})],
    *[({"invite": v}, 400, "'invite' must be a string") for v in each(5, True, [], {"a": 1})],
])
def test_claim_refuses_every_bad_field(world: World, body: dict[str, Any], status: int,
                                       words: str) -> None:
    with unchanged(world):
        r = world.c.post(f"/api/tables/{world.waiting}/seats/0/claim", json=body)
        refused(r, status, words)


@pytest.mark.parametrize("seat, status, words", [
    *[(v, 400, "path.seat") for v in each("x", "1.5", "-1", "true", "1e3", "%20", "0x1",
                                      "9" * 21, "9" * 4000, "9" * 5000)],
    ("3", 404, "has no seat 3"),
    (str(DIGITS_20), 404, "has no seat"),
    ("2", 409, "played by a bot"),
    ("1", 409, "already taken"),
])
def test_claim_refuses_bad_seats(world: World, seat: str, status: int, words: str) -> None:
    with unchanged(world):
        r = world.c.post(f"/api/tables/{world.waiting}/seats/{seat}/claim", json={})
        refused(r, status, words)


MOVE = {"seat": 0, "action": PLACE}


@pytest.mark.parametrize("fields, status, words", [
    *[({"seat": v}, 400, "'seat' must be a whole number of at least 0")
      for v in each("0", 0.0, True, False, -1, -(10**19), None, [0], {"seat": 0}, MISSING)],
    ({"seat": 7}, 403, "this table has no seat 7"),
    ({"seat": DIGITS_20}, 403, "this table has no seat"),
    ({"seat": 1}, 403, "wrong or missing token for seat 1"),
    ({"action": MISSING}, 400, "'action' is missing"),
    *[({"action": v}, 400, "'action' must be an object")
      for v in each([PLACE], "place_pawn", None, 5, True)],
    *[({"n": v}, 400, "'n' must be a move number") for v in each("0", -1, True, 0.5, [0], {})],
    ({"n": 5}, 409, "stale move number 5"),
    ({"n": DIGITS_20}, 409, "stale move number"),
    ({"action": {}}, 422, "unknown action kind None"),
    ({"action": {"kind": "teleport"}}, 422, "unknown action kind 'teleport'"),
    ({"action": {"kind": 5}}, 422, "unknown action kind 5"),
    ({"action": {"kind": ["place_pawn"]}}, 422, "unknown action kind"),
    ({"action": {"kind": "x" * 60_000}}, 422, "unknown action kind"),
    ({"action": {"kind": "pass", "x": 1}}, 422, "unknown fields"),
    ({"action": {"kind": "place_pawn"}}, 422, "lacks fields ['puzzle']"),
    *[({"action": {"kind": "place_pawn", "puzzle": v}}, 422, "no action of this game matches")
      for v in each("0", 99, -1, True, 0.5, [0], {"a": 1}, None, DIGITS_20)],
    ({"action": {"kind": "finish"}}, 422, "not legal now"),
])
def test_act_refuses_every_bad_field(world: World, fields: dict[str, Any], status: int,
                                     words: str) -> None:
    url, headers = target(world, "act")
    with unchanged(world):
        refused(world.c.post(url, json=body_of(MOVE, **fields), headers=headers), status, words)


def test_act_out_of_turn_is_422(world: World) -> None:
    url = f"/api/tables/{world.running}/actions"
    with unchanged(world):
        r = world.c.post(url, json={"seat": 1, "action": PLACE},
                         headers={"x-seat-token": world.tokens[1]})
        refused(r, 422, "may not act")


@pytest.mark.parametrize("token", [
    None, "", "forged", "x" * 10_000, b"\xe9\xff\x00", "seat-1's token",
])
def test_act_with_a_wrong_token_is_403(world: World, token: str | bytes | None) -> None:
    if token == "seat-1's token":
        token = world.tokens[1]
    if isinstance(token, str):
        token = token.encode()
    headers = {} if token is None else {b"x-seat-token": token}
    with unchanged(world):
        r = world.c.post(f"/api/tables/{world.running}/actions", json=MOVE, headers=headers)
        refused(r, 403, "wrong or missing token for seat 0")


def test_tables_in_the_wrong_phase_answer_409(world: World) -> None:
    with unchanged(world):
        r = world.c.post(f"/api/tables/{world.waiting}/actions", json={"seat": 1, "action": PLACE},
                         headers={"x-seat-token": world.waiting_token})
        refused(r, 409, "waiting for players")
        refused(world.c.get(f"/api/tables/{world.running}/replay"), 409, "finished tables")
        refused(world.c.post(f"/api/tables/{world.running}/seats/0/claim", json={}), 409,
                "already taken")


# -- query parameters and unknown things ----------------------------------------------------


@pytest.mark.parametrize("query, status, words", [
    *[(f"since={v}", 400, "query.since")
      for v in each("x", "-1", "1.5", "true", "", "9" * 21, "9" * 4000, "9" * 5000)],
    *[(f"seat={v}", 400, "query.seat")
      for v in each("x", "-1", "1.5", "true", "9" * 21, "9" * 4000, "9" * 5000)],
    ("seat=7", 403, "this table has no seat 7"),
    ("seat=0", 403, "wrong or missing token for seat 0"),
])
def test_state_refuses_bad_query_parameters(world: World, query: str, status: int,
                                            words: str) -> None:
    with unchanged(world):
        refused(world.c.get(f"/api/tables/{world.running}/state?{query}"), status, words)


@pytest.mark.parametrize("url, words", [
    *[(f"/api/tables?status={v}", "status must be one of")
      for v in each("nonsense", "", "OPEN", "open%00", "x" * 5000)],
    *[(f"/api/tables/{{running}}?seat={v}", "query.seat") for v in each("-1", "x", "9" * 5000)],
])
def test_lists_and_summaries_refuse_bad_query_parameters(world: World, url: str,
                                                         words: str) -> None:
    with unchanged(world):
        refused(world.c.get(url.format(running=world.running)), 400, words)


@pytest.mark.parametrize("method, url, status, words", [
    ("GET", "/api/games/chess/rules", 404, "no game 'chess'"),
    ("GET", "/api/games/chess/assets", 404, "no game 'chess'"),
    ("GET", "/api/games/%00/rules", 404, "no game"),
    ("GET", "/api/games/" + "x" * 5000 + "/assets", 404, "no game"),
    ("GET", "/api/tables/nope", 404, "no table 'nope'"),
    ("GET", "/api/tables/nope/state", 404, "no table 'nope'"),
    ("GET", "/api/tables/nope/state?seat=0", 404, "no table 'nope'"),
    ("GET", "/api/tables/nope/replay", 404, "no table 'nope'"),
    ("POST", "/api/tables/nope/seats/0/claim", 404, "no table 'nope'"),
    ("POST", "/api/tables/nope/actions", 404, "no table 'nope'"),
    ("GET", "/api/tables/" + "x" * 5000, 404, "no table"),
    ("GET", "/api/nothing-here", 404, "Not Found"),
    ("GET", "/static/nope.js", 404, "Not Found"),
    ("GET", "/static/..%2fapp.py", 404, "Not Found"),
    ("GET", "/static/js/..%2f..%2f..%2fapp.py", 404, "Not Found"),
    ("DELETE", "/api/tables", 405, "Method Not Allowed"),
    ("PUT", "/api/games", 405, "Method Not Allowed"),
    ("GET", "/api/tables/nope/actions", 405, "Method Not Allowed"),
])
def test_unknown_games_tables_and_routes_answer_json(world: World, method: str, url: str,
                                                     status: int, words: str) -> None:
    with unchanged(world):
        r = world.c.request(method, url, json=MOVE if method == "POST" else None,
                            headers={"x-seat-token": world.tokens[0]})
        refused(r, status, words)
        assert "create_app" not in r.text


# -- the WebSocket ----------------------------------------------------------------------------


def assert_error(msg: Any, *words: str) -> str:
    """Check a socket's error message: ``{"type": "error", "error": "<reason>"}``."""
    assert isinstance(msg, dict) and msg.get("type") == "error", msg
    assert set(msg) <= {"type", "error", "seat"}, msg
    reason = msg["error"]
    assert isinstance(reason, str) and 0 < len(reason) <= MAX_REASON, msg
    for word in words:
        assert word in reason, (word, reason)
    return reason


def reply(ws: Any) -> dict[str, Any]:
    """The next message that is not a seat message (an answer to what the test sent)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] != "state":
            return dict(msg)


def still_open(ws: Any) -> None:
    ws.send_json({"type": "ping"})
    assert reply(ws) == {"type": "pong"}


@contextmanager
def socket(w: World, seat: int | None = 0) -> Iterator[Any]:
    """A socket to the running table after its hello (seat 0's token, or a spectator)."""
    with w.c.websocket_connect(f"/ws/tables/{w.running}") as ws:
        tokens = {} if seat is None else {str(seat): w.tokens[seat]}
        ws.send_json({"type": "hello", "tokens": tokens})
        assert ws.receive_json()["seat"] == seat
        yield ws


def _utf8(raw: bytes) -> bool:
    try:
        raw.decode()
    except UnicodeDecodeError:
        return False
    return True


@pytest.mark.parametrize("raw, words, frame", [  # a text frame is UTF-8 by definition
    pytest.param(*p.values, frame, id=f"{p.id}-{frame}")
    for p in NOT_AN_OBJECT for frame in ("text", "binary")
    if frame == "binary" or _utf8(p.values[0])  # type: ignore[arg-type]
])
def test_a_socket_message_that_is_not_a_json_object(world: World, raw: bytes, words: str,
                                                    frame: str) -> None:
    with unchanged(world), socket(world) as ws:
        if frame == "text":
            ws.send_text(raw.decode())
        else:
            ws.send_bytes(raw)
        assert_error(reply(ws), words)
        still_open(ws)


def test_binary_frames_holding_json_are_read(world: World) -> None:
    with unchanged(world), world.c.websocket_connect(f"/ws/tables/{world.running}") as ws:
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}
        ws.send_bytes(json.dumps({"type": "hello", "tokens": {"0": world.tokens[0]}}).encode())
        assert ws.receive_json()["seat"] == 0


@pytest.mark.parametrize("message", [
    pytest.param("x" * (LIMIT + 1), id="text"),
    pytest.param(b"{" + b" " * LIMIT + b"}", id="binary"),
    pytest.param("€" * 22_000, id="66000-bytes-of-22000-characters"),
    pytest.param('{"type": "ping", "pad": "' + "é" * 33_000 + '"}', id="ping-with-pad"),
    pytest.param('{"a":' * 30_000, id="30000-objects"),
])
def test_a_socket_message_over_64_kib_closes_the_socket_with_1009(world: World,
                                                                  message: str | bytes) -> None:
    with unchanged(world), socket(world) as ws:
        if isinstance(message, bytes):
            ws.send_bytes(message)
        else:
            ws.send_text(message)
        assert_error(reply(ws), "over 65536 bytes")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009


@pytest.mark.parametrize("pad", ["x", "é", "€"])
def test_a_socket_message_of_exactly_64_kib_is_read(world: World, pad: str) -> None:
    head, tail = '{"type": "ping", "pad": "', '"}'
    room = LIMIT - len(head) - len(tail)
    message = head + pad * (room // len(pad.encode())) + "x" * (room % len(pad.encode())) + tail
    assert len(message.encode()) == LIMIT
    with unchanged(world), socket(world) as ws:
        ws.send_text(message)
        assert reply(ws) == {"type": "pong"}


@pytest.mark.parametrize("message, words", [
    ({"type": "dance"}, "unknown message type 'dance'"),
    ({}, "unknown message type None"),
    ({"type": None}, "unknown message type None"),
    ({"type": 5}, "unknown message type 5"),
    ({"type": ["ping"]}, "unknown message type ['ping']"),
    ({"type": "PING"}, "unknown message type 'PING'"),
    ({"type": "x" * 60_000}, "unknown message type"),
    ('{"type": "ping", "type": "dance"}', "unknown message type 'dance'"),
])
def test_an_unknown_socket_message_type(world: World, message: Any, words: str) -> None:
    with unchanged(world), socket(world) as ws:
        ws.send_text(message if isinstance(message, str) else json.dumps(message))
        assert_error(reply(ws), words)
        still_open(ws)


@pytest.mark.parametrize("fields", [
    *[{"tokens": v} for v in each([], [["0", "t"]], "t", 5, True, False, 0, "")],
    *[{"since": v} for v in each("0", -1, 1.5, True, None, [0], {})],
    *[{"invite": v} for v in each(5, True, [], {"a": 1})],
])
def test_a_bad_hello_is_refused_and_the_socket_stays(world: World,
                                                     fields: dict[str, Any]) -> None:
    with unchanged(world), world.c.websocket_connect(f"/ws/tables/{world.running}") as ws:
        ws.send_json({"type": "hello", **fields})
        assert_error(ws.receive_json(), "hello needs")
        still_open(ws)
        ws.send_json({"type": "act", "seat": 0, "action": PLACE})
        assert_error(reply(ws), "send hello first")
        ws.send_json({"type": "hello", "tokens": {"0": world.tokens[0]}})
        assert ws.receive_json()["seat"] == 0, "a good hello still works"


@pytest.mark.parametrize("key, token, words", [
    *[(key, "<seat 0's>", "not a seat number")
      for key in ("x", "-1", "1.0", " 0", "0 ", "+0", "0x0", "", "²", "０", "٠", "9" * 5000)],
    ("99", "<seat 0's>", "this table has no seat 99"),
    ("2", "<seat 0's>", "this table has no seat 2"),
    *[("0", token, "wrong or missing token for seat 0")
      for token in (5, None, True, ["t"], {"t": "t"}, "forged", "", "<seat 1's>", "x" * 10_000)],
])
def test_hello_refuses_each_bad_token(world: World, key: str, token: Any, words: str) -> None:
    """Each bad token gets an error naming its seat; the socket is a spectator then."""
    stand_ins = {"<seat 0's>": world.tokens[0], "<seat 1's>": world.tokens[1]}
    if isinstance(token, str):
        token = stand_ins.get(token, token)
    with unchanged(world), world.c.websocket_connect(f"/ws/tables/{world.running}") as ws:
        ws.send_json({"type": "hello", "tokens": {key: token}})
        error = ws.receive_json()
        assert_error(error, words)
        assert error["seat"] == key[:8]
        assert ws.receive_json()["seat"] is None, "no good token: a spectator"
        ws.send_json({"type": "act", "seat": 0, "action": PLACE})
        assert_error(reply(ws), "holds no token for seat 0")
        still_open(ws)


def test_hello_with_null_tokens_is_a_spectator(world: World) -> None:
    with unchanged(world), world.c.websocket_connect(f"/ws/tables/{world.running}") as ws:
        ws.send_json({"type": "hello", "tokens": None, "invite": None})
        assert ws.receive_json()["seat"] is None


@pytest.mark.parametrize("fields, words", [
    ({"seat": 1}, "holds no token for seat 1"),
    *[({"seat": v}, "holds no token") for v in each("0", True, None, -1, 0.0, [0], DIGITS_20)],
    *[({"action": v}, "'action' must be an object")
      for v in each([PLACE], "place_pawn", None, 5, MISSING)],
    *[({"n": v}, "'n' must be a move number") for v in each("0", -1, True, 0.5, [0])],
    ({"n": 5}, "stale move number 5"),
    ({"n": DIGITS_20}, "stale move number"),
    ({"action": {"kind": "teleport"}}, "unknown action kind 'teleport'"),
    ({"action": {"kind": "pass", "x": 1}}, "unknown fields"),
    ({"action": {"kind": "place_pawn", "puzzle": 99}}, "no action of this game matches"),
    ({"action": {"kind": "finish"}}, "not legal now"),
])
def test_a_bad_act_on_the_socket_is_refused(world: World, fields: dict[str, Any],
                                            words: str) -> None:
    with unchanged(world), socket(world) as ws:
        ws.send_json(body_of({"type": "act", **MOVE}, **fields))
        assert_error(reply(ws), words)
        still_open(ws)


def test_acts_before_hello_from_spectators_and_at_open_tables_are_refused(world: World) -> None:
    with unchanged(world):
        with world.c.websocket_connect(f"/ws/tables/{world.running}") as ws:
            ws.send_json({"type": "act", **MOVE})
            assert_error(ws.receive_json(), "send hello first")
            still_open(ws)
        with socket(world, seat=None) as ws:
            ws.send_json({"type": "act", **MOVE})
            assert_error(reply(ws), "holds no token for seat 0")
            still_open(ws)
        with world.c.websocket_connect(f"/ws/tables/{world.waiting}") as ws:
            ws.send_json({"type": "hello", "tokens": {"1": world.waiting_token}})
            assert ws.receive_json()["seat"] == 1
            ws.send_json({"type": "act", "seat": 1, "action": PLACE})
            assert_error(reply(ws), "waiting for players")
            still_open(ws)


def test_a_socket_to_an_unknown_table_is_closed_with_4404(world: World) -> None:
    with world.c.websocket_connect("/ws/tables/nope") as ws:
        assert_error(ws.receive_json(), "no table 'nope'")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


@pytest.mark.parametrize("origin", [
    "https://evil.example", "null", "http://testserver.evil.example", "http://testserver:8080",
    "ftp://testserver", "http://evil.example@testserver", "//testserver", "testserver",
])
def test_a_socket_from_another_site_is_refused_before_it_opens(world: World,
                                                               origin: str) -> None:
    hub = world.c.app.state.hub
    url = f"/ws/tables/{world.running}"
    with (unchanged(world), pytest.raises(WebSocketDisconnect) as refused_,
          world.c.websocket_connect(url, headers={"origin": origin})):
        pass
    assert refused_.value.code == 4403  # uvicorn answers such a close with HTTP 403
    assert world.running not in hub.conns


@pytest.mark.parametrize("origin", [None, "http://testserver", "https://testserver"])
def test_a_socket_from_this_site_or_a_program_is_allowed(world: World,
                                                         origin: str | None) -> None:
    headers = {"origin": origin} if origin else {}
    with world.c.websocket_connect(f"/ws/tables/{world.running}", headers=headers) as ws:
        still_open(ws)


# -- headers and unexpected failures ------------------------------------------------------------


@pytest.mark.parametrize("method, url, status", [
    ("GET", "/", 200), ("GET", "/t/abc", 200), ("GET", "/t/abc/replay", 200),
    ("GET", "/static/js/table.js", 200), ("GET", "/api/games", 200),
    ("GET", "/api/games/escape-now/rules", 200), ("GET", "/api/games/escape-now/assets", 200),
    ("GET", "/api/tables", 200), ("GET", "/api/tables/nope", 404), ("GET", "/static/x.js", 404),
    ("DELETE", "/api/games", 405), ("POST", "/api/tables", 400),
])
def test_every_answer_carries_the_security_headers(world: World, method: str, url: str,
                                                   status: int) -> None:
    r = world.c.request(method, url, content=b"[" if method == "POST" else None)
    assert r.status_code == status
    safe_headers(r)


def test_cached_assets_and_413_carry_the_security_headers(world: World) -> None:
    r = world.c.get("/api/games/escape-now/assets")
    r = world.c.get("/api/games/escape-now/assets", headers={"if-none-match": r.headers["etag"]})
    assert r.status_code == 304
    safe_headers(r)
    safe_headers(world.c.post("/api/tables", content=b"x" * (LIMIT + 1)))


@pytest.mark.parametrize("host", ["evil.example; script-src *", "a b", "x'y", "\u00e9.example"])
def test_a_hostile_host_header_stays_out_of_the_policy(world: World, host: str) -> None:
    r = world.c.get("/", headers={b"host": host.encode()})
    safe_headers(r)
    assert "ws://" not in r.headers["content-security-policy"]


def test_a_bug_answers_500_as_json(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected exception anywhere is logged and answered 500 with the usual headers;
    on a socket it is an error message and the socket stays."""
    table = new_table(client, [HUMAN, HUMAN])
    t0, _ = claim(client, table, 0), claim(client, table, 1)
    tables = client.app.state.tables
    quiet = TestClient(client.app, raise_server_exceptions=False)

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    for name in ("summaries", "act", "claim"):
        monkeypatch.setattr(tables, name, boom)
    refused(quiet.get("/api/tables"), 500, "a bug, logged")
    refused(quiet.post(f"/api/tables/{table}/seats/0/claim", json={}), 500, "a bug, logged")
    refused(quiet.post(f"/api/tables/{table}/actions", json=MOVE,
                       headers={"x-seat-token": t0}), 500, "a bug, logged")
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {"0": t0}})
        assert ws.receive_json()["seat"] == 0
        ws.send_json({"type": "act", **MOVE})
        assert_error(reply(ws), "a bug, logged")
        still_open(ws)
    monkeypatch.setattr(tables, "get", boom)
    r = quiet.get(f"/api/tables/{table}")
    refused(r, 500, "a bug, logged")
    assert "boom" not in r.text and "Traceback" not in r.text
    monkeypatch.undo()
    assert state(client, table)["n"] == 0


@pytest.mark.parametrize("error", [
    OperationalError("SELECT 1", {}, Exception("database is locked")),
    StoreError("the database cannot be read"),
])
def test_a_failing_store_answers_503_as_json(client: TestClient,
                                             monkeypatch: pytest.MonkeyPatch,
                                             error: Exception) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    t0, _ = claim(client, table, 0), claim(client, table, 1)
    tables = client.app.state.tables

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise error

    monkeypatch.setattr(tables, "act", failing)
    monkeypatch.setattr(tables, "summaries", failing)
    monkeypatch.setattr(tables, "create", failing)
    refused(client.get("/api/tables"), 503)
    refused(client.post("/api/tables", json=TABLE), 503)
    refused(client.post(f"/api/tables/{table}/actions", json=MOVE,
                        headers={"x-seat-token": t0}), 503)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {"0": t0}})
        assert ws.receive_json()["seat"] == 0
        ws.send_json({"type": "act", **MOVE})
        assert "bug" not in assert_error(reply(ws))
        still_open(ws)
    monkeypatch.setattr(tables, "get", failing)
    refused(client.get(f"/api/tables/{table}/state"), 503)
    monkeypatch.undo()
    assert state(client, table)["n"] == 0


# -- what must change, changes once ----------------------------------------------------------------


def test_move_numbers_and_a_finished_table(client: TestClient) -> None:
    """A double-sent action is refused once (409); a finished table refuses acts, claims
    and socket acts (409), and its replay is served."""
    table = new_table(client, [HUMAN])
    t0 = claim(client, table, 0)
    r = client.post(f"/api/tables/{table}/actions", json={**MOVE, "n": 0},
                    headers={"x-seat-token": t0})
    assert r.status_code == 200 and r.json()["n"] == 1
    r = client.post(f"/api/tables/{table}/actions", json={**MOVE, "n": 0},
                    headers={"x-seat-token": t0})
    refused(r, 409, "stale move number 0")
    assert state(client, table)["n"] == 1
    play_first_legal(client, table, {0: t0})
    final = state(client, table, 0, t0)
    assert final["status"] == "finished"
    refused(client.post(f"/api/tables/{table}/actions", json={"seat": 0, "action": PLACE},
                        headers={"x-seat-token": t0}), 409, "the game is over")
    refused(client.post(f"/api/tables/{table}/seats/0/claim", json={}), 409, "already taken")
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "tokens": {"0": t0}})
        assert ws.receive_json()["status"] == "finished"
        ws.send_json({"type": "act", "seat": 0, "action": {"kind": "pass"}})
        assert_error(reply(ws), "the game is over")
        still_open(ws)
    assert state(client, table, 0, t0) == final
    assert client.get(f"/api/tables/{table}/replay").status_code == 200


def test_a_long_or_strange_name_is_tidied_not_refused(client: TestClient) -> None:
    table = new_table(client, [HUMAN, HUMAN])
    r = client.post(f"/api/tables/{table}/seats/0/claim", json={"name": "x" * 60_000})
    assert r.status_code == 200
    r = client.post(f"/api/tables/{table}/seats/1/claim",
                    json={"name": "  <b>Ann</b>\n\t 😀  "})
    assert r.status_code == 200
    names = [s["name"] for s in client.get(f"/api/tables/{table}").json()["seats"]]
    assert names == ["x" * 40, "<b>Ann</b> 😀"]
    assert client.get("/api/tables").status_code == 200


def test_a_key_given_twice_creates_what_the_last_says(client: TestClient) -> None:
    raw = (b'{"game": "chess", "players": 9, "seats": [], "game": "escape-now", "players": 1, '
           b'"seats": [{"kind": "human"}]}')
    r = client.post("/api/tables", content=raw)
    assert r.status_code == 201, r.text
    summary = client.get(f"/api/tables/{r.json()['id']}").json()
    assert (summary["game"], summary["players"]) == ("escape-now", 1)


def test_the_server_still_serves_after_the_abuse(world: World) -> None:
    """Last in the module: after every test above, nothing changed and the same server
    still plays (on a table of its own: under xdist, tests may follow this one)."""
    assert fingerprint(world) == world.baseline
    s = state(world.c, world.running, 0, world.tokens[0])
    assert s["n"] == 0 and s["legal"][0]["action"] == PLACE and s["events"] == []
    assert [x["claimed"] for x in s["summary"]["seats"]] == [True, True]
    waiting = world.c.get(f"/api/tables/{world.waiting}").json()
    assert waiting["status"] == "open" and waiting["n"] == 0
    assert [x["claimed"] for x in waiting["seats"]] == [False, True, False]
    table = new_table(world.c, [HUMAN])
    token = claim(world.c, table, 0)
    r = world.c.post(f"/api/tables/{table}/actions", json={**MOVE, "n": 0},
                     headers={"x-seat-token": token})
    assert r.status_code == 200 and r.json()["n"] == 1



@pytest.mark.parametrize("body, status, words", [
    ({"seat": "0"}, 400, "'seat' must be a whole number"),
    ({"seat": True}, 400, "'seat' must be a whole number"),
    ({"seat": 0.0}, 400, "'seat' must be a whole number"),
    ({"seat": -1}, 400, "at least 0, got -1"),
    ({"seat": 10**18}, 403, "no seat"),
    ({"seat": 0, "n": -1}, 400, "'n' must be a move number"),
    ({"seat": 0, "n": 1.5}, 400, "'n' must be a move number"),
    ({"seat": 0, "n": [1]}, 400, "'n' must be a move number"),
    ({"seat": 0, "n": 10**15}, 409, "stale move number"),
    ({"seat": 1}, 403, "wrong or missing token for seat 1"),
])
def test_an_undo_that_cannot_be_is_refused_and_changes_nothing(
        world: World, body: dict[str, Any], status: int, words: str) -> None:
    url, headers = target(world, "undo")
    with unchanged(world):
        refused(world.c.post(url, json=body, headers=headers), status, words)


def test_an_undo_without_a_token_or_of_nothing_is_refused(world: World) -> None:
    url, _ = target(world, "undo")
    with unchanged(world):
        refused(world.c.post(url, json={"seat": 0}), 403, "wrong or missing token")
        refused(world.c.post(url, json={"seat": 0}, headers={"x-seat-token": "x" * 5000}),
                403, "wrong or missing token")
