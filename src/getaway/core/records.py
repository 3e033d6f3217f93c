"""Game records and exact replay.

A :class:`Record` holds everything needed to reproduce a game: the game id,
the engine version, the configuration, the seed and the ordered steps -- each
step a seat's action, or a clock advance for real-time games -- plus the
outcome. A SHA-256 digest over the content detects damage and tampering; a
replay re-applies every step and checks that the same outcome comes out.

The JSON form::

    {"format": "getaway-record/1", "game": "escape-now", "engine": "0.2.0",
     "players": 3, "options": {...}, "seed": 7,
     "steps": [{"seat": 0, "action": {"kind": "place_pawn", "puzzle": 1}}, ...,
               {"advance": 2.5}],
     "outcome": {...} | null, "meta": {...}, "digest": "<sha256 hex>"}
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from getaway.core.errors import GetawayError, RecordError

if TYPE_CHECKING:
    from getaway.core.match import Match
    from getaway.core.registry import Registry

FORMAT = "getaway-record/1"
Step = dict[str, Any]


def _digest(body: Mapping[str, Any]) -> str:
    blob = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(blob.encode()).hexdigest()


@dataclass(frozen=True)
class Record:
    """A complete, replayable game."""

    game: str
    engine: str
    players: int
    options: Mapping[str, Any]
    seed: int
    steps: tuple[Step, ...]
    outcome: Mapping[str, Any] | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)

    def body(self) -> dict[str, Any]:
        """The JSON form without the digest."""
        return {"format": FORMAT, "game": self.game, "engine": self.engine,
                "players": self.players, "options": dict(self.options), "seed": self.seed,
                "steps": [dict(s) for s in self.steps],
                "outcome": dict(self.outcome) if self.outcome is not None else None,
                "meta": dict(self.meta)}

    def to_json(self) -> dict[str, Any]:
        """The JSON form with its digest."""
        body = self.body()
        body["digest"] = _digest(body)
        return body

    def dumps(self) -> str:
        """The record as a JSON text."""
        return json.dumps(self.to_json(), indent=1, sort_keys=True)

    def save(self, path: str | Path) -> None:
        """Write the record to a file."""
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def loads(cls, text: str) -> Record:
        """Parse a JSON text; raises ``RecordError`` if it is not a valid record."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"the record is not valid JSON: {e}") from None
        return cls.from_json(data)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file; raises ``RecordError`` on any problem."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(f"cannot read record {path}: {e}") from None
        return cls.loads(text)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate the structure and digest of a parsed record."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r}; expected {FORMAT!r}")
        expect: dict[str, type | tuple[type, ...]] = {
            "game": str, "engine": str, "players": int, "options": dict, "seed": int,
            "steps": list, "meta": dict, "digest": str}
        for key, typ in expect.items():
            if key not in data:
                raise RecordError(f"the record has no {key!r} field")
            if not isinstance(data[key], typ) or (isinstance(data[key], bool) and typ is int):
                raise RecordError(f"the record's {key!r} field has the wrong type")
        if data.get("outcome") is not None and not isinstance(data["outcome"], dict):
            raise RecordError("the record's 'outcome' field has the wrong type")
        extra = set(data) - set(expect) - {"format", "outcome"}
        if extra:
            raise RecordError(f"the record has unknown fields {sorted(extra)}")
        for i, step in enumerate(data["steps"]):
            _check_step(i, step)
        body = {k: v for k, v in data.items() if k != "digest"}
        if _digest(body) != data["digest"]:
            raise RecordError("the record's digest does not match its content: "
                              "it was damaged or edited")
        return cls(data["game"], data["engine"], data["players"], data["options"],
                   data["seed"], tuple(data["steps"]), data.get("outcome"), data["meta"])


def _check_step(i: int, step: Any) -> None:
    if not isinstance(step, dict):
        raise RecordError(f"step {i} is not a JSON object")
    if set(step) == {"seat", "action"}:
        if type(step["seat"]) is not int or not isinstance(step["action"], dict):
            raise RecordError(f"step {i} needs an integer seat and an action object")
    elif set(step) == {"advance"}:
        sec = step["advance"]
        if type(sec) not in (int, float) or sec < 0:
            raise RecordError(f"step {i} advances the clock by {sec!r}, not a positive number")
    else:
        raise RecordError(f"step {i} must be {{seat, action}} or {{advance}}, got {sorted(step)}")


def replay(record: Record, registry: Registry, *, verify: bool = True) -> Match:
    """Rebuild a game from its record; with ``verify``, check the recorded outcome.

    Raises ``RecordError`` naming the step where a record stops making sense.
    """
    from getaway.core.match import Match

    try:
        game = registry.get(record.game)
        config = game.spec.configure(record.players, dict(record.options))
    except GetawayError as e:
        raise RecordError(f"the record's configuration is invalid: {e}") from None
    match = Match(game, config, record.seed)
    for i, step in enumerate(record.steps):
        try:
            if "advance" in step:
                match.advance(float(step["advance"]))
            else:
                match.apply(step["seat"], game.actions.from_json(step["action"]))
        except GetawayError as e:
            raise RecordError(f"step {i} cannot be replayed: {e}") from None
    if verify:
        _verify(record, match)
    return match


def _verify(record: Record, match: Match) -> None:
    got = match.state.outcome()
    want = record.outcome
    if want is None:
        if got is not None:
            raise RecordError("the record says the game was unfinished, but the replay ended it")
        return
    if got is None:
        raise RecordError("the record claims an outcome, but the replayed game is not over")
    if got.to_json() != dict(want):
        raise RecordError(f"the replay ends with {got.to_json()}, but the record says {dict(want)}")
