"""A table replayed in memory: its game, seats, log, and what each audience is sent.

:class:`Live` is this process's copy of one table (``server/tables.py`` keeps
it in step with the database). It builds the public summary and each seat's
message, and checks seat tokens and invite secrets.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

from getaway.core.actions import Action
from getaway.core.errors import GetawayError
from getaway.core.events import Event
from getaway.core.match import Match
from getaway.core.registry import Game
from getaway.core.state import State
from getaway.server.wall import Wall

OPEN, RUNNING, FINISHED = "open", "running", "finished"
READY_SECONDS = 3.0  # the countdown from the last seat's "Ready" to the start of the clock
NOT_READY = "the game starts when every player is ready"


class NotFound(GetawayError):
    """An unknown table (or a private one asked for without its invite)."""


class Forbidden(GetawayError):
    """A missing or wrong seat token or invite."""


class Conflict(GetawayError):
    """The table is in the wrong phase, damaged, or the client's move number is stale."""


class TooMany(GetawayError):
    """A client went over one of the host's limits (tables, sockets, requests)."""


def new_id() -> str:
    """An unguessable table id (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def new_token() -> str:
    """An unguessable seat token or invite secret (43 URL-safe characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a token or an invite."""
    return hashlib.sha256(token.encode()).hexdigest()


def _move(entry: tuple[int, Event]) -> int:
    return entry[0]


def _matches(stored: str | None, secret: str | None) -> bool:
    return bool(stored and secret) and hmac.compare_digest(stored or "", token_hash(secret or ""))


@dataclass
class Live:
    """A table replayed in memory."""

    id: str
    game: Game
    match: Match
    seats: list[dict[str, Any]]
    status: str
    created: str
    updated: str
    log: list[tuple[int, Event]] = field(default_factory=list)  # (move number, event)
    pushed: int = 0  # moves already pushed to this process's sockets
    lock: threading.RLock = field(default_factory=threading.RLock)
    wall: Wall = field(default_factory=Wall)
    private: bool = False
    invite: str | None = None  # the invite secret's hash (private tables)
    rematch: str | None = None  # the id of the table started as this one's rematch
    challenge: str | None = None  # the challenge it was created for (server/challenges.py)
    takebacks: int = 0  # moves taken back so far (a change means: read the log again)
    chain: str = ""  # the digest after the last replayed move (store/chain.py)
    touched: float = field(default_factory=time.monotonic)  # last use, for trimming memory
    # Real-time tables: the game clock read ``anchor[1]`` at wall time ``anchor[0]``.
    anchor: tuple[float, float] | None = None
    # Real-time tables: seat -> (its last action's step index, game clock then, action_seconds).
    acted: dict[int, tuple[int, float, float]] = field(default_factory=dict)
    # Turn-based tables: seat -> (move number since which its legal actions are these, them).
    offers: dict[int, tuple[int, tuple[Action, ...]]] = field(default_factory=dict)
    moved: dict[int, int] = field(default_factory=dict)  # seat -> its last move's index
    replay_cache: bytes | None = None  # a finished table's replay, built once
    recalled: int = 0  # logged events the game now tells differently (State.recall)
    forgot_at: int = -1  # the move after which that number last changed
    # Real-time tables with human seats, before the clock starts: {"seats": [ready seats],
    # "start": wall time the clock starts (once every human seat is ready) or None}.
    ready: dict[str, Any] | None = None

    @property
    def n(self) -> int:
        """Moves applied so far."""
        return len(self.match.steps)

    @property
    def realtime(self) -> bool:
        """Whether the game runs on a clock."""
        return self.match.state.clock() is not None

    def starts(self) -> float | None:
        """The wall time the clock starts at, once every human seat is ready (else None)."""
        start = self.ready.get("start") if self.ready is not None else None
        return float(start) if isinstance(start, int | float) else None

    def getting_ready(self, at: float | None = None) -> bool:
        """Whether the table waits at wall time ``at`` (default now) for its players to be
        ready, or counts down to its start: its clock stands still, nobody acts."""
        if self.ready is None or self.status != RUNNING:
            return False
        start = self.starts()
        return start is None or (self.wall.now() if at is None else at) < start

    def ready_json(self) -> dict[str, Any] | None:
        """Who is ready and when the clock starts (None: no getting-ready phase now)."""
        if self.ready is None or self.status != RUNNING:
            return None
        return {"seats": sorted(int(x) for x in self.ready.get("seats") or []),
                "start": self.starts()}

    def game_clock(self, at: float | None = None) -> float | None:
        """The game clock at wall time ``at`` (default now): where it would be if advanced.

        None for turn-based games. The clock only runs while the table is running,
        and not before every human seat is ready (then from the start on).
        """
        clock = self.match.state.clock()
        if clock is None or self.status != RUNNING or self.anchor is None:
            return clock
        if self.ready is not None and self.starts() is None:
            return clock
        wall, base = self.anchor
        at = self.wall.now() if at is None else at
        return max(clock, base + (at - wall))

    def clock_json(self) -> dict[str, Any] | None:
        """The server clock sent to clients (None for turn-based games)."""
        if not self.realtime:
            return None
        at = self.wall.now()
        return {"seconds": self.game_clock(at), "wall": at,
                "running": (self.status == RUNNING and not self.match.state.is_over()
                            and not self.getting_ready(at))}

    def note_forgetting(self) -> None:
        """Call after each step: notice when the game starts telling past events differently.

        A client holding events from before that moment gets the whole log again
        (``"log": "full"`` in its next message), so nothing forgotten stays on a page.
        """
        state = self.match.state
        if type(state).recall is State.recall:
            return
        count = sum(1 for _, e in self.log if state.recall(e) is not e)
        if count != self.recalled:
            self.recalled = count
            self.forgot_at = self.n - 1

    def display_names(self) -> dict[int, str]:
        """How every client names each seat: the player's name (or a bot's level) with the
        game's own name for the seat ("Ann (red)", "Hard bot (green)", "red")."""
        state = self.match.state
        out: dict[int, str] = {}
        for i, seat in enumerate(self.seats):
            own = state.seat_name(i)
            who = seat.get("name")
            if seat.get("kind") == "bot":
                who = f"{who or 'a'} bot"
            out[i] = f"{who} ({own})" if who else own
        return out

    def playing(self) -> bool:
        """Whether seats may act (not while a real-time table gets ready)."""
        return self.status == RUNNING and not self.getting_ready()

    def summary(self) -> dict[str, Any]:
        """The public description of the table (no seed, no tokens, no hidden cards)."""
        state = self.match.state
        out = state.outcome()
        names = self.display_names()
        return {
            "id": self.id, "game": self.game.id, "title": self.game.spec.title,
            "players": self.match.config.players, "options": dict(self.match.config.options),
            "status": self.status, "n": self.n, "private": self.private,
            "damaged": None, "rematch": self.rematch, "cooperative": self.game.cooperative,
            "challenge": self.challenge,
            "seats": [{"seat": i, "kind": s["kind"], "agent": s.get("agent"),
                       "name": s.get("name"), "display": names[i],
                       "claimed": s.get("token") is not None}
                      for i, s in enumerate(self.seats)],
            "to_act": list(state.to_act()) if self.playing() else [],
            "outcome": out.to_json() if out else None,
            "clock": self.clock_json(), "ready": self.ready_json(),
            "created": self.created, "updated": self.updated,
        }

    def message(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent about this table now.

        Logged events are read back through ``state.recall``: what the players
        may no longer read (a solved puzzle's cards under ESCAPE NOW!'s expert
        rule) is told as the game tells it now. ``events`` holds the events of
        moves ``since`` onwards (``"log": "since"``), or the whole log
        (``"log": "full"``) when the game has forgotten something the client
        may still hold. A private event (one only some seats may see) carries
        ``"seats"``: the seats that see it.
        """
        full = 0 < since <= self.forgot_at or since > self.n  # forgotten, or taken back
        if full:
            since = 0
        state = self.match.state
        names = self.display_names()
        legal: list[dict[str, Any]] = []
        undo = False
        if seat is not None and self.playing():
            legal = [{"action": a.to_json(), "label": a.label()}
                     for a in state.legal_actions(seat)]
            undo = (self.seats[seat].get("kind") == "human"
                    and self.match.take_back_refusal(seat) is None)
        out = state.outcome()
        return {
            "type": "state", "table": self.id, "seat": seat, "n": self.n, "status": self.status,
            "view": state.view(seat), "legal": legal, "undo": undo,
            "takebacks": self.takebacks,
            "to_act": list(state.to_act()) if self.playing() else [],
            "outcome": out.to_json() if out else None,
            "clock": self.clock_json(), "ready": self.ready_json(),
            "log": "full" if full else "since",
            "events": [{"n": n, **state.recall(e).to_json(names),
                        **({} if e.seats is None else {"seats": list(e.seats)})}
                       for n, e in self.log[bisect_left(self.log, since, key=_move):]
                       if e.visible_to(seat)],
            "summary": self.summary(),
        }

    def check_token(self, seat: int, token: str | None) -> None:
        """Raise ``Forbidden`` unless ``token`` is the seat's token."""
        if not 0 <= seat < len(self.seats):
            raise Forbidden(f"this table has no seat {seat}")
        stored = self.seats[seat].get("token")
        if self.seats[seat]["kind"] != "human":
            raise Forbidden(f"seat {seat} is played by a bot")
        if stored is None:
            raise Forbidden(f"seat {seat} has not been claimed")
        if not token or not _matches(stored, token):
            raise Forbidden(f"wrong or missing token for seat {seat}")

    def seat_of(self, token: str | None) -> int | None:
        """The human seat whose token ``token`` is, if any."""
        if not token:
            return None
        for i, s in enumerate(self.seats):
            if s.get("kind") == "human" and _matches(s.get("token"), token):
                return i
        return None

    def holds_a_seat(self, tokens: dict[int, str]) -> bool:
        """Whether any of ``tokens`` (seat -> token) is right."""
        return any(0 <= s < len(self.seats) and _matches(self.seats[s].get("token"), t)
                   for s, t in tokens.items())

    def check_access(self, invite: str | None, tokens: dict[int, str] | None = None) -> None:
        """Raise ``NotFound`` for a private table unless the invite or a seat token is given.

        A private table answers as if it did not exist: its id alone reveals nothing.
        """
        if not self.private or _matches(self.invite, invite):
            return
        if tokens and self.holds_a_seat(tokens):
            return
        raise NotFound(f"no table {self.id!r}")
