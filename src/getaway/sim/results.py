"""Results files that grow as games finish, and resume after an interruption.

Two formats, chosen by the name given to ``--out``:

* ``runs/x.jsonl`` -- JSON Lines: a first line ``{"run": {...}}`` naming the
  run (game, players, options, agents, seed), then one line per game. Lines
  are appended and flushed batch by batch; a line cut short by a crash is
  dropped when the run resumes.
* ``runs/x.parquet`` -- a directory: ``run.json`` plus Parquet part files,
  each written whole under a temporary name and then renamed, so a part is
  either complete or absent.

Opening an existing file for the same run reads which games are done; the
run then plays only the others. A file of another run is refused.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from getaway.core.errors import ConfigError
from getaway.sim.jobs import Played

PARTS = "part-*.parquet"  # a Parquet results directory's part files, in order by name
COLUMNS = ("index", "seed", "game", "players", "options", "agents", "winners", "scores",
           "reason", "decisions")


class ResultsError(ConfigError):
    """A results file that cannot be read (or reported on); the message names the file."""


class ResultsFile:
    """A results file being written; ``done`` says which games it already holds."""

    def __init__(self, path: Path, header: dict[str, Any], games: int) -> None:
        self.path = path
        self.header = header
        self.done = bytearray(games)  # 1 where game i is already in the file
        self.count = 0

    def mark(self, index: int) -> bool:
        """Note a stored game; False if it is outside this run or already counted."""
        if 0 <= index < len(self.done) and not self.done[index]:
            self.done[index] = 1
            self.count += 1
            return True
        return False

    def pending(self) -> list[int]:
        """The games still to play, in order."""
        return [i for i, d in enumerate(self.done) if not d]

    def write(self, batch: list[Played]) -> None:
        """Append finished games."""
        raise NotImplementedError

    def existing(self) -> Iterator[Played]:
        """The games already in the file (read back for the summary)."""
        raise NotImplementedError

    def close(self) -> None:
        """Flush and close."""


def _check_header(path: Path, found: Any, header: dict[str, Any]) -> None:
    if found != header:
        raise ConfigError(f"{path} holds another run ({found}); this run is {header}; "
                          "give another --out file")


class JsonlResults(ResultsFile):
    """JSON Lines results."""

    def __init__(self, path: Path, header: dict[str, Any], games: int) -> None:
        super().__init__(path, header, games)
        path.parent.mkdir(parents=True, exist_ok=True)
        good = 0
        if path.exists() and path.stat().st_size:
            with path.open("rb") as f:
                first = f.readline()
                try:
                    found = json.loads(first).get("run")
                except (json.JSONDecodeError, AttributeError):
                    raise ConfigError(f"{path} is not a getaway results file") from None
                _check_header(path, found, header)
                good = len(first) if first.endswith(b"\n") else 0
                for number, line in enumerate(f, start=2):
                    if not line.endswith(b"\n"):
                        break  # the last line, cut short by a crash: dropped and replayed
                    self.mark(_row(path, number, line).index)
                    good += len(line)
            with path.open("r+b") as f:
                f.truncate(good)
        if not good:
            path.write_text(json.dumps({"run": header}) + "\n", encoding="utf-8")
        self._f = path.open("a", encoding="utf-8")

    def write(self, batch: list[Played]) -> None:
        for p in batch:
            if self.mark(p.index):
                self._f.write(json.dumps(p.row()) + "\n")
        self._f.flush()
        os.fsync(self._f.fileno())

    def existing(self) -> Iterator[Played]:
        yield from read_jsonl(self.path)

    def close(self) -> None:
        self._f.close()


class ParquetResults(ResultsFile):
    """A directory of Parquet part files."""

    def __init__(self, path: Path, header: dict[str, Any], games: int) -> None:
        super().__init__(path, header, games)
        import pyarrow.parquet as pq

        path.mkdir(parents=True, exist_ok=True)
        meta = path / "run.json"
        if meta.exists():
            _check_header(path, json.loads(meta.read_text(encoding="utf-8")).get("run"), header)
        else:
            meta.write_text(json.dumps({"run": header}), encoding="utf-8")
        for tmp in path.glob("*.tmp"):
            tmp.unlink()  # a part being written when the run stopped
        self._parts = len(list(path.glob(PARTS)))
        for part in sorted(path.glob(PARTS)):
            for i in pq.read_table(part, columns=["index"]).column("index").to_pylist():
                self.mark(int(i))

    def write(self, batch: list[Played]) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        rows = [p.row() for p in batch if self.mark(p.index)]
        if not rows:
            return
        table = pa.Table.from_pylist(rows, schema=_schema())
        name = f"part-{self._parts:06d}.parquet"
        tmp = self.path / (name + ".tmp")
        pq.write_table(table, tmp)
        os.replace(tmp, self.path / name)
        self._parts += 1

    def existing(self) -> Iterator[Played]:
        yield from read_parquet(self.path)


def _schema() -> Any:
    import pyarrow as pa

    return pa.schema([("index", pa.int64()), ("seed", pa.int64()), ("game", pa.string()),
                      ("players", pa.int32()), ("options", pa.string()), ("agents", pa.string()),
                      ("winners", pa.list_(pa.int32())), ("scores", pa.list_(pa.float64())),
                      ("reason", pa.string()), ("decisions", pa.int64())])


def open_results(path: str | Path, header: dict[str, Any], games: int) -> ResultsFile:
    """Open (or resume) a results file; the suffix chooses the format."""
    p = Path(path)
    if p.suffix == ".jsonl":
        return JsonlResults(p, header, games)
    if p.suffix == ".parquet":
        return ParquetResults(p, header, games)
    raise ConfigError(f"--out {path}: name it *.jsonl (JSON Lines) or *.parquet (Parquet)")


def _row(path: Path, number: int, line: bytes | str | dict[str, Any]) -> Played:
    """One stored game, or :class:`ResultsError` naming the file and the line."""
    try:
        row = line if isinstance(line, dict) else json.loads(line)
        return Played.from_row(row)
    except (json.JSONDecodeError, UnicodeDecodeError, KeyError, ValueError, TypeError,
            AttributeError) as e:
        raise ResultsError(f"{path}: game {number} is not a valid result row ({e!r}); "
                          "fix or delete that line") from None


def _header(path: Path, text: str | bytes) -> dict[str, Any]:
    try:
        header = json.loads(text)["run"]
    except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError):
        header = None
    if not isinstance(header, dict):
        raise ResultsError(f"{path} is not a getaway results file (no run header)")
    return header


def jsonl_lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """The lines after a JSON Lines file's header, numbered from 2 as an editor shows them.

    Each is as stored: only the last can lack its newline, cut short by a
    crash or still being written.
    """
    with path.open("rb") as f:
        next(f, None)
        yield from enumerate(f, start=2)


def parquet_rows(path: Path) -> Iterator[tuple[Path, int, dict[str, Any]]]:
    """The rows of a Parquet results directory as stored, each with its part and place in it.

    The place counts from 0; a part that cannot be read raises
    :class:`ResultsError` naming it.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    for part in sorted(path.glob(PARTS)):
        try:
            rows = pq.read_table(part).to_pylist()
        except (pa.ArrowException, OSError) as e:
            raise ResultsError(f"{part}: not a readable Parquet part ({e})") from None
        for i, row in enumerate(rows):
            yield part, i, row


def read_jsonl(path: Path) -> Iterator[Played]:
    """The games of a JSON Lines file (a cut-short last line is skipped)."""
    for number, line in jsonl_lines(path):
        if line.endswith(b"\n"):
            yield _row(path, number, line)


def read_parquet(path: Path) -> Iterator[Played]:
    """The games of a Parquet results directory."""
    for part, i, row in parquet_rows(path):
        yield _row(part, i + 1, row)


def read_results(paths: Iterable[str | Path]) -> Iterator[tuple[dict[str, Any], Played]]:
    """Every game of several results files, with its run header."""
    for raw in paths:
        p = Path(raw)
        if p.suffix == ".jsonl" and p.is_file():
            with p.open("rb") as f:
                header = _header(p, f.readline())
            for played in read_jsonl(p):
                yield header, played
        elif p.suffix == ".parquet" and p.is_dir():
            meta = p / "run.json"
            if not meta.is_file():
                raise ResultsError(f"{p} has no run.json: not a getaway results directory")
            header = _header(meta, meta.read_bytes())
            for played in read_parquet(p):
                yield header, played
        else:
            raise ResultsError(f"{p} is not a results file (*.jsonl) or directory (*.parquet)")
