"""Challenges: the same deal for everyone, today and this week, with leaderboards.

A **challenge** is a fixed deal of one game at one player count with the game's
default options, for one period: a UTC day (``daily/2026-11-27/escape-now/2``)
or an ISO week (``weekly/2026-W48/escape-now/2``). Its seed is derived from
its id and this installation's secret (made once by migration 0005), so the
deal is the same for every table of the challenge, differs across days, weeks,
games and player counts, and cannot be worked out from the date by anyone who
reads this code. The seed is stored like any table's and never shown.

A challenge is *open* from the start of its period to its end (``closes``, the
next UTC midnight, or the next Monday's); tables are created for it only while
it is open. Such a table is public (its replay is on the leaderboard), has at
least one human seat, and is marked with the challenge's id
(``game_tables.challenge``). When it finishes -- whenever that is, even after
the challenge closed -- :func:`note_finish` adds its entry to the ``records``
table in the same transaction as its last move, once (a table finishes once;
a later finish of the same table, after an undo, adds nothing). Tables not
created for a challenge (a rematch of one too: it is an ordinary table) never
get an entry, and an entry whose table is damaged is never shown.

**Ranking** (``Game.standing``, one per game, in words; ``core/standing.py``): wins first, then the
game's score -- the team's result in the cooperative games (the minutes left
on ESCAPE NOW!'s clock, the time left on Zombie City's), the winner's in the
others (Escape Plan's money, Alcatraz 2034's points, New York's number of
winning heroes) -- then fewer moves, then who finished first. Entries that tie
on win, score and moves share a place.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Row, Table, func, insert, select
from sqlalchemy.exc import IntegrityError

from getaway.core.errors import ConfigError
from getaway.core.registry import Game, Registry
from getaway.core.standing import Standing
from getaway.core.state import Outcome, State
from getaway.server.inputs import BadRequest
from getaway.server.live import Conflict, NotFound
from getaway.server.wall import seconds
from getaway.store.models import MoveRow, RecordRow, SecretRow, TableRow

if TYPE_CHECKING:
    from getaway.server.tables import Tables

PERIODS = ("daily", "weekly")
DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
WEEK = re.compile(r"^(\d{4})-W(\d{2})$")
SECRET_NAME = "challenges"
BOARD_SIZE = 10  # entries per leaderboard in the list of current challenges
MAX_BOARD = 100  # the most entries one answer gives
RECORDS: Table = RecordRow.__table__  # type: ignore[assignment]
GAME_TABLES: Table = TableRow.__table__  # type: ignore[assignment]
MOVES: Table = MoveRow.__table__  # type: ignore[assignment]


def measure(registry: Registry, game_id: str) -> Standing:
    """How ``game_id``'s challenge results are ranked (``Game.standing``; the default for a
    game this server no longer knows)."""
    try:
        return registry.get(game_id).standing
    except ConfigError:
        return Standing()


# -- challenges and their seeds ----------------------------------------------------------------


@dataclass(frozen=True)
class Challenge:
    """One challenge: a game, a player count and a period (a UTC day or an ISO week)."""

    period: str  # daily, weekly
    key: str  # 2026-11-27, 2026-W48
    game: str
    players: int
    opens: datetime
    closes: datetime

    @property
    def id(self) -> str:
        """``daily/2026-11-27/escape-now/2``: the same for every server, without the seed."""
        return f"{self.period}/{self.key}/{self.game}/{self.players}"

    def is_open(self, at: float) -> bool:
        """Whether tables may be created for it at Unix time ``at``."""
        return self.opens.timestamp() <= at < self.closes.timestamp()

    def to_json(self, at: float, game: Game) -> dict[str, Any]:
        """The challenge for clients (never its seed)."""
        m = game.standing
        return {"id": self.id, "period": self.period, "key": self.key, "game": self.game,
                "title": game.spec.title, "players": self.players,
                "cooperative": game.cooperative,
                "opens": self.opens.isoformat(), "closes": self.closes.isoformat(),
                "open": self.is_open(at), "ranking": m.ranking(), "unit": m.unit}


def period_of(period: str, day: date) -> tuple[str, datetime, datetime]:
    """The key, start and end (UTC) of the ``period`` that holds ``day``."""
    if period == "daily":
        start = datetime(day.year, day.month, day.day, tzinfo=UTC)
        return day.isoformat(), start, start + timedelta(days=1)
    if period == "weekly":
        iso = day.isocalendar()
        monday = date.fromisocalendar(iso.year, iso.week, 1)
        start = datetime(monday.year, monday.month, monday.day, tzinfo=UTC)
        return f"{iso.year}-W{iso.week:02d}", start, start + timedelta(days=7)
    raise ValueError(f"unknown period {period!r}")


def _key_day(period: str, key: str) -> date | None:
    """A day of the period ``key`` names, or None if it names none."""
    try:
        if period == "daily" and (m := DAY.match(key)):
            return date(int(m[1]), int(m[2]), int(m[3]))
        if period == "weekly" and (m := WEEK.match(key)):
            return date.fromisocalendar(int(m[1]), int(m[2]), 1)
    except ValueError:
        return None
    return None


def parse(challenge_id: str, registry: Registry) -> Challenge:
    """The challenge an id names; ``NotFound`` (with the reason) for anything else."""
    parts = challenge_id.split("/")
    if len(parts) != 4:
        raise NotFound(f"no challenge {challenge_id!r}: a challenge id reads "
                       "daily/<YYYY-MM-DD>/<game>/<players> or "
                       "weekly/<YYYY>-W<week>/<game>/<players>")
    period, key, game_id, count = parts
    if period not in PERIODS:
        raise NotFound(f"no challenge {challenge_id!r}: the periods are daily and weekly")
    day = _key_day(period, key)
    if day is None:
        raise NotFound(f"no challenge {challenge_id!r}: {key!r} is not a "
                       + ("date (YYYY-MM-DD)" if period == "daily" else "week (YYYY-Www)"))
    try:
        game = registry.get(game_id)
    except ConfigError:
        raise NotFound(f"no challenge {challenge_id!r}: there is no game {game_id!r}") from None
    lo, hi = game.spec.min_players, game.spec.max_players
    if not count.isdigit() or not lo <= int(count) <= hi:
        raise NotFound(f"no challenge {challenge_id!r}: {game.spec.title} is played by "
                       f"{lo} to {hi} players")
    key, opens, closes = period_of(period, day)
    return Challenge(period, key, game.id, int(count), opens, closes)


def current(registry: Registry, at: float) -> list[Challenge]:
    """Every open challenge at Unix time ``at``: each period, game and player count."""
    day = datetime.fromtimestamp(at, UTC).date()
    out = []
    for period in PERIODS:
        key, opens, closes = period_of(period, day)
        for game in registry:
            for n in range(game.spec.min_players, game.spec.max_players + 1):
                out.append(Challenge(period, key, game.id, n, opens, closes))
    return out


def derive_seed(secret: str, challenge_id: str) -> int:
    """The challenge's seed: 63 bits of HMAC-SHA256(secret, id) -- deterministic, unguessable."""
    digest = hmac.new(secret.encode(), challenge_id.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# -- the leaderboard entry of a finished challenge table -----------------------------------------


def _seat_names(seats: Iterable[Any]) -> list[str]:
    out = []
    for i, seat in enumerate(seats):
        s = seat if isinstance(seat, dict) else {}
        if s.get("kind") == "bot":
            out.append(f"{s.get('name') or 'a'} bot")
        else:
            out.append(" ".join(str(s.get("name") or "").split()) or f"player {i + 1}")
    return out


def note_finish(db: Connection, row: Row[Any], game: Game, state: State, out: Outcome,
                moves: int, stamp: datetime) -> None:
    """Put a challenge table that finished just now on its leaderboard (in the transaction
    of its last move, ``db``); nothing for other tables, or one already on it."""
    challenge = getattr(row, "challenge", None)
    if not challenge:
        return
    if db.execute(select(RECORDS.c.table_id).where(RECORDS.c.table_id == row.id)).first():
        return  # finished before (and undone since): it counts once
    first = db.scalar(select(func.min(MOVES.c.at)).where(MOVES.c.table_id == row.id))
    took = max(0.0, seconds(stamp) - seconds(first)) if first is not None else 0.0
    m = game.standing
    score = float(m.score(out))
    names = _seat_names(row.seats or [])
    db.execute(insert(RECORDS).values(
        table_id=row.id, challenge=challenge, game=row.game, players=row.players,
        won=bool(out.winners), score=score, order_key=-score if m.higher else score,
        moves=moves, clock=state.clock(), seconds=took,
        seats=[{"name": names[i] if i < len(names) else f"player {i + 1}",
                "kind": (row.seats[i] or {}).get("kind") if i < len(row.seats) else None,
                "won": i in out.winners,
                "score": float(out.scores[i]) if i < len(out.scores) else 0.0}
               for i in range(row.players)],
        reason=str(out.reason)[:60], detail=out.detail or "", finished=stamp))


def entry_json(registry: Registry, r: Any) -> dict[str, Any]:
    """A leaderboard entry for clients (``r``: a row of ``records`` with its place)."""
    seats = r.seats if isinstance(r.seats, list) else []
    winners = tuple(i for i, s in enumerate(seats) if s.get("won"))
    out = Outcome(winners, tuple(float(s.get("score", 0.0)) for s in seats), r.reason,
                  r.detail)
    names = [str(s.get("name")) for s in seats]
    result = measure(registry, r.game).say(out, [names[i] for i in winners], r.score, r.clock)
    return {"place": int(r.place), "table": r.table_id, "names": names,
            "winners": [names[i] for i in winners], "won": bool(r.won), "score": r.score,
            "result": result, "moves": r.moves, "clock": r.clock, "seconds": r.seconds,
            "finished": datetime.fromtimestamp(seconds(r.finished), UTC).isoformat(),
            "replay": f"/t/{r.table_id}/replay"}


# -- the service the routes use -----------------------------------------------------------------


class Challenges:
    """The challenges of a server: its secret, its tables' seeds and the leaderboards."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._secret: str | None = None

    def secret(self) -> str:
        """This installation's challenge secret (made here if a store lacks it)."""
        if self._secret is None:
            sel = select(SecretRow.value).where(SecretRow.name == SECRET_NAME)
            with self.tables.readers() as db:
                got = db.scalar(sel)
            if got is None:
                try:
                    with self.tables.sessions.begin() as db:
                        db.add(SecretRow(name=SECRET_NAME, value=secrets.token_hex(32)))
                except IntegrityError:  # another process made it first
                    pass
                with self.tables.readers() as db:
                    got = db.scalar(sel)
            self._secret = str(got)
        return self._secret

    def seed(self, challenge: Challenge) -> int:
        """The challenge's seed on this installation."""
        return derive_seed(self.secret(), challenge.id)

    def _game(self, challenge: Challenge) -> Game:
        return self.tables.registry.get(challenge.game)

    def listing(self, game: str | None = None, players: int | None = None,
                limit: int = BOARD_SIZE) -> dict[str, Any]:
        """The open challenges (optionally of one game / player count) with their boards."""
        at = self.tables.wall.now()
        found = [c for c in current(self.tables.registry, at)
                 if (game is None or c.game == game) and (players is None or c.players == players)]
        if game is not None and not any(g.id == game for g in self.tables.registry):
            raise NotFound(f"no game {game!r}")
        boards = self.boards([c.id for c in found], limit)
        return {"now": datetime.fromtimestamp(at, UTC).isoformat(),
                "challenges": [{**c.to_json(at, self._game(c)), **boards.get(c.id, _empty())}
                               for c in found]}

    def one(self, challenge_id: str, limit: int = MAX_BOARD) -> dict[str, Any]:
        """One challenge (open or closed, not a future one) with its leaderboard."""
        c = parse(challenge_id, self.tables.registry)
        at = self.tables.wall.now()
        if c.opens.timestamp() > at:
            raise NotFound(f"no challenge {c.id!r} yet: it opens at {c.opens.isoformat()}")
        return {**c.to_json(at, self._game(c)), **self.boards([c.id], limit).get(c.id, _empty())}

    def boards(self, ids: list[str], limit: int) -> dict[str, dict[str, Any]]:
        """The top ``limit`` entries of each challenge of ``ids`` and how many there are."""
        if not ids:
            return {}
        r = RECORDS.c
        order = (r.won.desc(), r.order_key.asc(), r.moves.asc())
        ranked = (select(*RECORDS.c,
                         func.rank().over(partition_by=r.challenge, order_by=order)
                         .label("place"),
                         func.row_number().over(partition_by=r.challenge,
                                                order_by=(*order, r.finished.asc(),
                                                          r.table_id.asc())).label("pos"),
                         func.count().over(partition_by=r.challenge).label("entries"))
                  .join(GAME_TABLES, GAME_TABLES.c.id == r.table_id)
                  .where(r.challenge.in_(ids), GAME_TABLES.c.damaged.is_(None))
                  .subquery())
        q = select(ranked).where(ranked.c.pos <= max(limit, 1)).order_by(ranked.c.challenge,
                                                                  ranked.c.pos)
        out: dict[str, dict[str, Any]] = {}
        with self.tables._reading.connect() as db:
            for row in db.execute(q):
                board = out.setdefault(row.challenge, {"entries": int(row.entries),
                                                       "leaderboard": []})
                if row.pos <= limit:
                    board["leaderboard"].append(entry_json(self.tables.registry, row))
        return out

    def create(self, challenge_id: str, seats: Any,
               creator: str | None = None) -> Any:
        """A new public table for an open challenge: its deal, default options, ``seats``
        (at least one human). Returns the :class:`Live` table."""
        c = parse(challenge_id, self.tables.registry)
        at = self.tables.wall.now()
        if c.opens.timestamp() > at:
            raise NotFound(f"no challenge {c.id!r} yet: it opens at {c.opens.isoformat()}")
        if not c.is_open(at):
            raise Conflict(f"the challenge {c.id} closed at {c.closes.isoformat()}; "
                           "its leaderboard stays, but no new table can be played for it")
        if not isinstance(seats, list) or len(seats) != c.players:
            raise BadRequest(f"give exactly {c.players} seats for the challenge {c.id}")
        if not any(isinstance(s, dict) and s.get("kind") == "human" for s in seats):
            raise BadRequest("a challenge table needs at least one human seat: "
                             "the leaderboard is for people")
        live, _ = self.tables.create(c.game, c.players, {}, seats, creator=creator,
                                     seed=self.seed(c), challenge=c.id)
        return live


def _empty() -> dict[str, Any]:
    return {"entries": 0, "leaderboard": []}
