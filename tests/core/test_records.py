"""Records: exact replay, and clear errors for damaged or tampered files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from getaway.core.errors import RecordError
from getaway.core.records import Record, _digest, replay
from getaway.games import registry
from tests.conformance.playouts import playout

GAME = registry().get("escape-now")


@pytest.fixture
def record() -> Record:
    return playout(GAME, GAME.spec.configure(3), seed=5).record({"who": "test"})


def _resign(data: dict) -> dict:
    body = {k: v for k, v in data.items() if k != "digest"}
    data["digest"] = _digest(body)
    return data


def test_save_load_replay(record: Record, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record.save(path)
    again = Record.load(path)
    assert again == record
    match = replay(again, registry())
    assert match.state.outcome() is not None
    assert match.state.outcome().to_json() == record.outcome


def test_an_edit_breaks_the_digest(record: Record) -> None:
    data = record.to_json()
    data["seed"] += 1
    with pytest.raises(RecordError, match="digest"):
        Record.from_json(data)


def test_a_resigned_edit_is_caught_by_replay(record: Record) -> None:
    data = record.to_json()
    data["seed"] += 1
    bad = Record.from_json(_resign(data))
    with pytest.raises(RecordError, match="step|replay"):
        replay(bad, registry())


def test_a_changed_outcome_is_caught(record: Record) -> None:
    data = record.to_json()
    data["outcome"]["reason"] = "escaped" if data["outcome"]["reason"] != "escaped" else "time_up"
    with pytest.raises(RecordError, match="record says"):
        replay(Record.from_json(_resign(data)), registry())


def test_truncated_records_are_unfinished(record: Record) -> None:
    data = record.to_json()
    data["steps"] = data["steps"][:10]
    with pytest.raises(RecordError, match="not over"):
        replay(Record.from_json(_resign(data)), registry())
    data["outcome"] = None
    match = replay(Record.from_json(_resign(data)), registry())
    assert not match.state.is_over()


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.pop("seed"), "no 'seed'"),
    (lambda d: d.update(players="3"), "'players' field has the wrong type"),
    (lambda d: d.update(players=True), "'players' field has the wrong type"),
    (lambda d: d.update(format="other/9"), "unknown record format"),
    (lambda d: d.update(extra=1), "unknown fields"),
    (lambda d: d["steps"].append("oops"), "step .* not a JSON object"),
    (lambda d: d["steps"].append({"seat": "0", "action": {}}), "integer seat"),
    (lambda d: d["steps"].append({"advance": -1}), "advances the clock"),
    (lambda d: d["steps"].append({"what": 1}), "must be"),
])
def test_malformed_records(record: Record, mutate, message: str) -> None:
    data = record.to_json()
    mutate(data)
    with pytest.raises(RecordError, match=message):
        Record.from_json(data)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(tmp_path / "missing.json")
    (tmp_path / "x.json").write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(tmp_path / "x.json")
    (tmp_path / "y.json").write_text(json.dumps([1, 2]))
    with pytest.raises(RecordError, match="JSON object"):
        Record.load(tmp_path / "y.json")


def test_illegal_step_names_the_step(record: Record) -> None:
    data = record.to_json()
    data["steps"][3] = {"seat": 0, "action": {"kind": "ask"}} if data["steps"][3]["action"] != \
        {"kind": "ask"} else {"seat": 0, "action": {"kind": "finish"}}
    with pytest.raises(RecordError, match="step 3"):
        replay(Record.from_json(_resign(data)), registry())


def test_bad_configuration_in_record(record: Record) -> None:
    data = record.to_json()
    data["options"]["layout"] = "nowhere"
    with pytest.raises(RecordError, match="configuration is invalid.*layout"):
        replay(Record.from_json(_resign(data)), registry())
    data = record.to_json()
    data["game"] = "chess"
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        replay(Record.from_json(_resign(data)), registry())
