"""Reading the results files of a report, checking every field of every game.

A file that is missing, malformed, of another game or given twice raises
:class:`ResultsError` naming it (and the line or row at fault). The files are
laid out as :mod:`getaway.sim.results` writes them; it also walks their lines
and Parquet parts here, while the checks are stricter than its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from getaway.sim.results import ResultsError, jsonl_lines, parquet_rows


@dataclass(frozen=True)
class Row:
    """One game as stored in a results file (``seconds`` only when the file has it)."""

    index: int
    seed: int
    game: str
    players: int
    options: str  # JSON, sorted keys: the full configuration's options
    agents: tuple[str, ...]  # one per seat
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    decisions: int
    seconds: float | None = None


@dataclass
class Source:
    """One results file (or Parquet directory) that was read."""

    path: Path
    header: dict[str, Any]
    rows: list[Row] = field(default_factory=list, repr=False)
    cut: int = 0  # lines cut short (a run still being written, or crashed) and skipped

    @property
    def games(self) -> int:
        """Finished games read from the file."""
        return len(self.rows)

    def to_json(self) -> dict[str, Any]:
        """As JSON-able data."""
        return {"path": str(self.path), "run": self.header, "games": self.games,
                "cut_short": self.cut}


def _need(where: str, raw: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in raw:
        raise ResultsError(f"{where}: missing field {key!r}")
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        raise ResultsError(f"{where}: field {key!r} is {value!r}, not a results value")
    return value


def _checked_header(where: str, raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict) or not isinstance(raw.get("run"), dict):
        raise ResultsError(f"{where}: not a getaway results file (it should start with "
                           '{"run": {...}}, as `getaway sim --out` writes)')
    run: dict[str, Any] = raw["run"]
    _need(where, run, "game", str)
    _need(where, run, "players", int)
    _need(where, run, "agents", str)
    return run


def _checked_row(where: str, raw: Any, header: dict[str, Any]) -> Row:
    if not isinstance(raw, dict):
        raise ResultsError(f"{where}: a game row should be a JSON object, got {raw!r:.60}")
    winners = _need(where, raw, "winners", (list, tuple))
    scores = _need(where, raw, "scores", (list, tuple))
    seconds = raw.get("seconds")
    if seconds is not None and (isinstance(seconds, bool)
                                or not isinstance(seconds, int | float)):
        raise ResultsError(f"{where}: field 'seconds' is {seconds!r}, not a number")
    index, seed, players, decisions = (_need(where, raw, k, int)
                                       for k in ("index", "seed", "players", "decisions"))
    game, options_text, agents, reason = (_need(where, raw, k, str)
                                          for k in ("game", "options", "agents", "reason"))
    if any(isinstance(w, bool) or not isinstance(w, int) for w in winners) or \
            any(isinstance(x, bool) or not isinstance(x, int | float) for x in scores):
        raise ResultsError(f"{where}: winners should be seat numbers and scores numbers")
    try:
        options = json.loads(options_text)
    except json.JSONDecodeError:
        options = None
    if not isinstance(options, dict):
        raise ResultsError(f"{where}: field 'options' should hold a JSON object")
    row = Row(index, seed, game, players, options_text, tuple(agents.split(",")),
              tuple(winners), tuple(float(x) for x in scores), reason, decisions,
              None if seconds is None else float(seconds))
    if row.game != header["game"] or row.players != header["players"]:
        raise ResultsError(f"{where}: a {row.game} game for {row.players} players in a run "
                           f"of {header['game']} for {header['players']} players")
    if len(row.agents) != row.players:
        raise ResultsError(f"{where}: {len(row.agents)} agents for {row.players} seats")
    if any(not 0 <= w < row.players for w in row.winners) or \
            len(set(row.winners)) != len(row.winners):
        raise ResultsError(f"{where}: winners {list(row.winners)} are not seats of a "
                           f"{row.players}-player game")
    if row.scores and len(row.scores) != row.players:
        raise ResultsError(f"{where}: {len(row.scores)} scores for {row.players} seats")
    if row.decisions < 0 or (row.seconds is not None and not row.seconds >= 0):
        raise ResultsError(f"{where}: negative game length")
    return row


def _read_jsonl(path: Path) -> Source:
    with path.open("rb") as f:
        first = f.readline()
    if not first.strip():
        raise ResultsError(f"{path}: empty, not a getaway results file")
    try:
        header = _checked_header(str(path), json.loads(first))
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ResultsError(f"{path}: not a getaway results file (line 1 is not JSON)") \
            from None
    source = Source(path, header)
    for n, line in jsonl_lines(path):
        if not line.endswith(b"\n"):
            source.cut += 1  # the last line of a run being written or cut by a crash
            break
        if not line.strip():
            continue
        where = f"{path} line {n}"
        try:
            raw = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ResultsError(f"{where}: not JSON") from None
        source.rows.append(_checked_row(where, raw, header))
    return source


def _read_parquet(path: Path) -> Source:
    meta = path / "run.json"
    if not meta.is_file():
        raise ResultsError(f"{path}: no run.json, not a Parquet results directory")
    try:
        header = _checked_header(str(meta), json.loads(meta.read_text(encoding="utf-8")))
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ResultsError(f"{meta}: not JSON") from None
    source = Source(path, header)
    for part, i, raw in parquet_rows(path):
        source.rows.append(_checked_row(f"{part} row {i}", raw, header))
    return source


def _expand(paths: Iterable[str | Path]) -> list[Path]:
    """The results files named: files, Parquet directories, directories holding them."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if not p.exists():
            raise ResultsError(f"{p}: no such file or directory")
        if p.is_dir() and not (p / "run.json").exists() and p.suffix != ".parquet":
            found = sorted(c for c in p.iterdir()
                           if (c.is_file() and c.suffix == ".jsonl")
                           or (c.is_dir() and (c / "run.json").is_file()))
            if not found:
                raise ResultsError(f"{p}: a directory holding no results (*.jsonl files or "
                                   "*.parquet directories)")
            out += found
        elif p.is_dir() or (p.is_file() and p.suffix == ".jsonl"):
            out.append(p)
        else:
            raise ResultsError(f"{p}: not a results file; give FILE.jsonl, a FILE.parquet "
                               "directory, or a directory holding them")
    return out


def load(paths: Iterable[str | Path]) -> list[Source]:
    """Read every results file named, checking that they fit together.

    All files must hold games of one game, and no run (game, players,
    options, agents and seed) may be given twice: its games would count twice.
    """
    sources: list[Source] = []
    seen: dict[str, Path] = {}
    done: set[Path] = set()
    for p in _expand(paths):
        if p.resolve() in done:
            continue  # the same file named twice (e.g. by overlapping globs)
        done.add(p.resolve())
        source = _read_parquet(p) if p.is_dir() else _read_jsonl(p)
        key = json.dumps(source.header, sort_keys=True)
        if key in seen:
            raise ResultsError(f"{p} and {seen[key]} hold the same run "
                               f"({source.header}); give each run once")
        seen[key] = p
        if sources and source.header["game"] != sources[0].header["game"]:
            raise ResultsError(f"{p} holds {source.header['game']} games but "
                               f"{sources[0].path} holds {sources[0].header['game']} games; "
                               "report on one game at a time")
        indices = [r.index for r in source.rows]
        if len(set(indices)) != len(indices):
            raise ResultsError(f"{p}: a game index appears twice")
        sources.append(source)
    if not any(s.rows for s in sources):
        names = ", ".join(str(s.path) for s in sources)
        raise ResultsError(f"{names}: no finished games to report on")
    return sources

