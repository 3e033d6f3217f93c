"""The balance report: totals checked against the raw rows, the files, the command."""

from __future__ import annotations

import csv
import html
import json
import re
import shutil
import statistics
import struct
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from getaway.cli.app import app
from getaway.games import registry
from getaway.sim.jobs import Job
from getaway.sim.report import ResultsError, build, write
from getaway.sim.results import read_results
from getaway.sim.runner import simulate
from getaway.sim.summary import wilson

# (agents, players) -> games; stored as JSON Lines, each run with its own seed.
RUNS = {("random", 2): 20, ("random", 4): 24, ("heuristic", 2): 30, ("heuristic", 4): 36}
EASY = 22  # heuristic, 2 players, layout=easy, stored as Parquet
PNG = b"\x89PNG\r\n\x1a\n"
runner = CliRunner()


def _text(out: str) -> str:
    """Rich wraps long messages: compare with whitespace collapsed."""
    return " ".join(out.split())


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    d = tmp_path_factory.mktemp("runs")
    paths = []
    for i, ((agents, players), games) in enumerate(RUNS.items()):
        path = d / f"{agents}-{players}p.jsonl"
        simulate(Job("escape-now", players, {}, agents, run_seed=10 + i), games,
                 backend="local", out=path)
        paths.append(path)
    easy = d / "heuristic-2p-easy.parquet"
    simulate(Job("escape-now", 2, {"layout": "easy"}, "heuristic", run_seed=7), EASY,
             backend="local", out=easy)
    return [*paths, easy]


@pytest.fixture(scope="module")
def out(runs: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("report")
    write(build(runs), d)
    return d


def _summary(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return data


def test_groups_count_every_game_and_match_the_raw_rows(runs: list[Path], out: Path) -> None:
    data = _summary(out)
    groups = data["groups"]
    assert data["game"] == "escape-now" and data["mode"] == "cooperative"
    assert len(groups) == len(RUNS) + 1 and data["games"] == sum(RUNS.values()) + EASY
    raw: dict[tuple[int, str, str], list[Any]] = {}
    for _, p in read_results(runs):
        raw.setdefault((p.players, p.agents, p.options), []).append(p)
    for g in groups:
        rows = raw[(g["players"], ",".join(g["lineup"]),
                    json.dumps(g["options"], sort_keys=True))]
        easy = g["options"]["layout"] == "easy"
        assert g["variant"] == ("layout=easy" if easy else "default")
        assert g["games"] == len(rows) == (EASY if easy else RUNS[(g["lineup"][0],
                                                                  g["players"])])
        assert g["lineup"] == [g["lineup"][0]] * g["players"]
        assert g["series"] == g["lineup_label"] == f"{g['lineup'][0]} (every seat)"
        wins = sum(1 for p in rows if p.winners)
        team = g["team"]
        assert (team["wins"], team["trials"]) == (wins, len(rows))
        assert team["rate"] == wins / len(rows)
        lo, hi = team["ci95"]
        assert 0.0 <= lo <= team["rate"] <= hi <= 1.0
        assert (lo, hi) == pytest.approx(wilson(wins, len(rows)), abs=1e-12)
        assert g["no_winner"] == len(rows) - wins and g["seats"] == [] and g["agents"] == []
        assert sum(g["endings"].values()) == len(rows)
        scores = [sum(p.scores) / len(p.scores) for p in rows]
        assert g["score"]["mean"] == pytest.approx(statistics.fmean(scores))
        assert g["score"]["median"] == pytest.approx(statistics.median(scores))
        decisions = [p.decisions for p in rows]
        d = g["decisions"]
        assert d["mean"] == pytest.approx(statistics.fmean(decisions))
        assert (d["min"], d["median"], d["max"]) == (min(decisions),
                                                    statistics.median(decisions),
                                                    max(decisions))
        assert d["min"] <= d["p10"] <= d["p25"] <= d["median"] <= d["p75"] <= d["p90"]
        assert g["seconds"] is None  # sim rows carry no times
    by_agent = {(g["lineup"][0], g["players"], g["variant"]): g["team"]["rate"]
                for g in groups}
    # The heuristic plays better than random on the same room (a sanity check, not a bound).
    assert by_agent[("heuristic", 2, "default")] > by_agent[("random", 2, "default")]
    easy_group = next(g for g in groups if g["variant"] == "layout=easy")
    assert easy_group["sources"] == [str(runs[-1])]


def test_files_are_consistent(out: Path) -> None:
    data = _summary(out)
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert pngs == sorted(data["images"]) == ["decisions.png", "scores.png", "winrate.png"]
    for name in pngs:
        blob = (out / name).read_bytes()
        assert blob.startswith(PNG) and blob[12:16] == b"IHDR" and len(blob) > 5000
        width, height = struct.unpack(">II", blob[16:24])
        assert width >= 400 and height >= 200
    page = (out / "index.html").read_text(encoding="utf-8")
    assert sorted(re.findall(r'<img src="([^"]+)"', page)) == pngs
    assert not re.search(r"https?://|<script|<link|@import", page)
    assert page.count("<tr>") >= len(data["groups"]) + 1
    # endings in the game's words, the reason itself kept in the title
    endings = {k for g in data["groups"] for k in g["endings"]}
    assert endings and endings <= {"escaped", "time_up"}
    for reason in endings:
        words = html.escape(registry().get("escape-now").outcome_reasons[reason])
        assert f'<span title="{reason}">{words}</span> (' in page
    with (out / "summary.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(data["groups"])
    for row, g in zip(rows, data["groups"], strict=True):
        assert int(row["players"]) == g["players"] and int(row["games"]) == g["games"]
        assert row["lineup"] == ",".join(g["lineup"]) and row["variant"] == g["variant"]
        assert float(row["win_rate"]) == g["team"]["rate"]
        assert [float(row["win_ci_low"]), float(row["win_ci_high"])] == g["team"]["ci95"]
        assert float(row["decisions_median"]) == g["decisions"]["median"]
        assert float(row["score_mean"]) == g["score"]["mean"]
        assert row["seconds_mean"] == ""
        assert json.loads(row["endings"]) == g["endings"]
    md = (out / "summary.md").read_text(encoding="utf-8").splitlines()
    assert len(md) == 2 + len(data["groups"]) and md[0].startswith("| players |")
    for line, g in zip(md[2:], data["groups"], strict=True):
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert cells[:4] == [str(g["players"]), g["variant"], g["series"], str(g["games"])]
        assert cells[4].startswith(f"{g['team']['rate']:.1%} (")


def test_jsonl_and_parquet_give_the_same_report(tmp_path: Path) -> None:
    job = Job("escape-now", 3, {}, "heuristic", run_seed=5)
    simulate(job, 12, backend="local", out=tmp_path / "a.jsonl")
    simulate(job, 12, backend="local", out=tmp_path / "a.parquet")
    one = build([tmp_path / "a.jsonl"]).to_json()["groups"]
    two = build([tmp_path / "a.parquet"]).to_json()["groups"]
    for g in (*one, *two):
        g.pop("sources")
    assert one == two and one[0]["games"] == 12
    # A directory holding results (a tournament's --out) reads every file in it.
    with pytest.raises(ResultsError, match="same run"):
        build([tmp_path])


def _write_jsonl(path: Path, header: dict[str, Any], rows: list[dict[str, Any]],
                 tail: str = "") -> Path:
    lines = [json.dumps({"run": header}), *(json.dumps(r) for r in rows)]
    path.write_text("\n".join(lines) + "\n" + tail, encoding="utf-8")
    return path


def _duel(path: Path) -> Path:
    """A competitive two-seat game this build does not know, with odd names and times.

    ``<b>`` must be escaped in the page; ``$`` would start mathtext in a plot.
    """
    header = {"game": "duel", "players": 2, "options": {"map": "a|b"},
              "agents": "<b>x</b>,$\\nocommand$", "seed": 0}
    winners = [[0], [0], [1], [0], [], [1], [0], [0]]  # seat 0: 5 wins, seat 1: 2, 1 draw
    rows = [{"index": i, "seed": i, "game": "duel", "players": 2,
             "options": '{"map": "a|b"}', "agents": "<b>x</b>,$\\nocommand$", "winners": w,
             "scores": [float(0 in w) * 3, float(1 in w) * 2], "reason": "ko" if w else "draw",
             "decisions": 10 + i, "seconds": 0.5 + i / 10} for i, w in enumerate(winners)]
    return _write_jsonl(path, header, rows, tail='{"index": 8, "se')


def test_competitive_seats_agents_times_and_escaping(tmp_path: Path) -> None:
    rep = build([_duel(tmp_path / "duel.jsonl")])
    assert not rep.cooperative and rep.mode_inferred
    assert any("cut short" in w for w in rep.warnings)
    assert any("not a game of this build" in w for w in rep.warnings)
    (g,) = rep.to_json()["groups"]
    assert g["games"] == 8 and g["no_winner"] == 1 and g["team"] is None
    assert [(s["wins"], s["trials"]) for s in g["seats"]] == [(5, 8), (2, 8)]
    assert [(a["agent"], a["wins"], a["trials"]) for a in g["agents"]] == [
        ("<b>x</b>", 5, 8), ("$\\nocommand$", 2, 8)]
    for e in (*g["seats"], *g["agents"]):
        lo, hi = e["ci95"]
        assert 0 <= lo <= e["rate"] <= hi <= 1
    assert g["seats"][0]["score_mean"] == 5 * 3 / 8
    assert g["seconds"]["mean"] == pytest.approx(0.5 + 0.35)
    assert g["variant"] == "map=a|b"
    files = write(rep, tmp_path / "out")
    names = {p.name for p in files}
    assert {"seat_winrate.png", "seconds.png", "index.html", "summary.md"} <= names
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page
    for name in ("winrate.png", "seat_winrate.png", "decisions.png", "seconds.png",
                 "scores.png"):
        assert f'<img src="{name}"' in page
    md = rep.markdown()
    assert "map=a\\|b" in md and "&lt;b&gt;x&lt;/b&gt; 62.5%" in md
    with (tmp_path / "out" / "summary.csv").open(encoding="utf-8", newline="") as f:
        (row,) = csv.DictReader(f)
    assert row["win_rate"] == "" and float(row["seat1_win_rate"]) == 2 / 8
    assert json.loads(row["agent_win_rates"]) == {"<b>x</b>": 5 / 8, "$\\nocommand$": 2 / 8}


def test_report_command(runs: list[Path], tmp_path: Path, monkeypatch) -> None:
    import importlib

    cli_app = importlib.import_module("getaway.cli.app")
    monkeypatch.setattr(cli_app.console, "width", 200)  # the console was sized at import
    r = runner.invoke(app, ["report", *map(str, runs), "--out", str(tmp_path / "rep")],
                      env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.stderr
    assert "escape-now" in r.stdout and "heuristic" in r.stdout and "layout=easy" in r.stdout
    assert (tmp_path / "rep" / "index.html").is_file()
    assert len(_summary(tmp_path / "rep")["groups"]) == len(RUNS) + 1
    md = runner.invoke(app, ["report", str(runs[0]), "--out", str(tmp_path / "one"),
                             "--markdown"])
    assert md.exit_code == 0 and md.stdout.startswith("| players |")
    assert md.stdout == (tmp_path / "one" / "summary.md").read_text(encoding="utf-8")


def test_report_command_refuses_bad_input(runs: list[Path], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(runs[0], "copy.jsonl")
    Path("garbage.jsonl").write_text("hello\n", encoding="utf-8")
    good = runs[0].read_text(encoding="utf-8").splitlines(keepends=True)
    bad = {**json.loads(good[2]), "index": "two"}
    Path("badrow.jsonl").write_text(good[0] + good[1] + json.dumps(bad) + "\n",
                                    encoding="utf-8")
    Path("empty.jsonl").write_text("", encoding="utf-8")
    Path("table.csv").write_text("a,b\n", encoding="utf-8")
    Path("nothing.parquet").mkdir()
    Path("afile").write_text("x", encoding="utf-8")
    _duel(Path("duel.jsonl"))
    cases = [
        (["missing.jsonl"], "missing.jsonl: no such file"),
        (["garbage.jsonl"], "garbage.jsonl: not a getaway results file"),
        (["badrow.jsonl"], "badrow.jsonl line 3: field 'index' is 'two'"),
        (["empty.jsonl"], "empty.jsonl: empty"),
        (["table.csv"], "table.csv: not a results file"),
        (["nothing.parquet"], "nothing.parquet: no run.json"),
        ([str(runs[0]), "duel.jsonl"], "duel.jsonl holds duel games but"),
        ([str(runs[0]), "copy.jsonl"], "copy.jsonl and"),
        ([str(runs[0]), "--out", "afile"], "--out afile: a file, not a directory"),
    ]
    for args, message in cases:
        r = runner.invoke(app, ["report", *args])
        assert r.exit_code == 2, (args, r.stdout, r.stderr)
        assert message in _text(r.stderr), (args, r.stderr)
        assert "Traceback" not in r.stderr + r.stdout
    assert "give each run once" in _text(
        runner.invoke(app, ["report", str(runs[0]), "copy.jsonl"]).stderr)
    assert not Path("report").exists()  # nothing written when the input is refused


def _winrate_axes(groups: list[dict[str, Any]], game: str) -> Any:
    from getaway.sim.report.plots import winrate_figure

    (ax,) = winrate_figure(groups, game).axes
    return ax


def _bars(ax: Any) -> dict[str, list[tuple[float, float, float, float]]]:
    """The bar chart's bars by legend label: (x, height, whisker low, whisker high)."""
    from matplotlib.container import BarContainer, ErrorbarContainer

    out: dict[str, list[tuple[float, float, float, float]]] = {}
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    whiskers = [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    assert len(bars) == len(whiskers)
    for b, w in zip(bars, whiskers, strict=True):
        segments = w.lines[2][0].get_segments()
        assert len(segments) == len(b.patches)
        out[b.get_label()] = [(p.get_x() + p.get_width() / 2, p.get_height(),
                               float(s[0][1]), float(s[1][1]))
                              for p, s in zip(b.patches, segments, strict=True)]
    return out


def test_one_player_count_draws_bars_with_wilson_whiskers(runs: list[Path]) -> None:
    # Two line-ups at 2 players only: a line chart would be two lone dots.
    rep = build([runs[0], runs[2]])
    groups = rep.to_json()["groups"]
    ax = _winrate_axes(groups, rep.game)
    bars = _bars(ax)
    assert sorted(bars) == ["heuristic (every seat)", "random (every seat)"]
    for g in groups:
        ((x, height, lo, hi),) = bars[g["series"]]
        assert round(x) == 2 and height == pytest.approx(g["team"]["rate"])
        assert (lo, hi) == pytest.approx(g["team"]["ci95"])
    assert not [ln for ln in ax.get_lines() if ln.get_marker() == "o"]  # no dots
    assert [t.get_text() for t in ax.get_xticklabels()] == ["2 players"]
    # Several player counts for every line-up: lines, one point per count.
    full = build(runs[:4])
    ax = _winrate_axes(full.to_json()["groups"], full.game)
    assert not [c for c in ax.containers if type(c).__name__ == "BarContainer"]
    lines = {c.get_label(): list(c.lines[0].get_xdata()) for c in ax.containers
             if c.lines[0] is not None and c.lines[0].get_marker() == "o"}
    assert sorted(lines) == ["heuristic (every seat)", "random (every seat)"]
    assert all(sorted(round(x) for x in xs) == [2, 4] for xs in lines.values())
    # A line-up at one count beside others at two (the layout=easy run): bars for all.
    mixed = build(runs)
    bars = _bars(_winrate_axes(mixed.to_json()["groups"], mixed.game))
    assert sorted(bars) == ["heuristic (every seat)", "heuristic (every seat) [layout=easy]",
                            "random (every seat)"]
    assert [round(b[0]) for b in bars["heuristic (every seat) [layout=easy]"]] == [2]
    assert sorted(round(b[0]) for b in bars["random (every seat)"]) == [2, 4]


def test_competitive_bars_and_lineups_in_words(tmp_path: Path) -> None:
    mixed, level = tmp_path / "mixed.jsonl", tmp_path / "normal.jsonl"
    simulate(Job("alcatraz-2034", 3, {}, "heuristic,random,heuristic", run_seed=4), 8,
             backend="local", out=mixed)
    simulate(Job("alcatraz-2034", 3, {}, "normal", run_seed=3), 8, backend="local",
             out=level)
    rep = build([mixed, level])
    groups = {",".join(g["lineup"]): g for g in rep.to_json()["groups"]}
    m, n = groups["heuristic,random,heuristic"], groups["normal,normal,normal"]
    assert m["lineup_label"] == "seat 1: random, others heuristic"
    assert m["series"] == "heuristic and random"
    assert n["lineup_label"] == n["series"] == "Normal (every seat)"
    assert [e["agent_label"] for e in n["seats"]] == ["Normal"] * 3
    assert n["seats"][0]["agent"] == "normal"  # the JSON keeps the agent spec
    ax = _winrate_axes(list(groups.values()), rep.game)
    bars = _bars(ax)
    assert sorted(bars) == ["Normal (every seat)", "heuristic against random",
                            "random against heuristic"]
    for name, agent, g in (("heuristic against random", "heuristic", m),
                           ("random against heuristic", "random", m),
                           ("Normal (every seat)", "normal", n)):
        e = next(a for a in g["agents"] if a["agent"] == agent)
        ((_, height, lo, hi),) = bars[name]
        assert height == pytest.approx(e["rate"]) and (lo, hi) == pytest.approx(e["ci95"])
    labels = ax.get_legend_handles_labels()[1]
    assert "fair share (1/players)" in labels
    assert not [t for t in labels if " in " in t]  # never "heuristic in heuristic"
    md = rep.markdown()
    assert "| seat 1: random, others heuristic |" in md and "| Normal (every seat) |" in md
    assert "heuristic " in md and "random " in md and "normal" not in md
    write(rep, tmp_path / "out")
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert "<td>Normal</td>" in page and "3 players: seat 1: random, others heuristic" in page


def test_lineup_and_agent_words() -> None:
    from getaway.agents.levels import LEVELS
    from getaway.sim.report.names import agent_words, lineup_words, series_words

    assert [agent_words(lv.id) for lv in LEVELS] == [lv.name for lv in LEVELS]
    assert agent_words("hard:seconds=0.2") == "hard:seconds=0.2"  # a spec, not a level
    assert agent_words("heuristic") == "heuristic"
    assert lineup_words(["heuristic"] * 4) == "heuristic (every seat)"
    assert lineup_words(["random", "heuristic", "heuristic"]) == \
        "seat 0: random, others heuristic"
    assert lineup_words(["heuristic", "random"]) == "seat 0: heuristic, seat 1: random"
    assert lineup_words(["easy", "hard", "easy", "hard"]) == \
        "seats 0 and 2: Easy, seats 1 and 3: Hard"
    assert lineup_words(["a", "b", "c"]) == "seat 0: a, seat 1: b, seat 2: c"
    assert series_words(["heuristic", "random", "random"]) == "heuristic and random"
    assert series_words(["a", "b", "c", "a"]) == "a, b and c"
    assert series_words(["normal"] * 2) == "Normal (every seat)"


def test_endings_in_words_in_markdown_and_text(out: Path) -> None:
    data = _summary(out)
    reasons = registry().get("escape-now").outcome_reasons
    md = (out / "summary.md").read_text(encoding="utf-8").splitlines()
    assert md[0].rstrip().endswith("| endings |")
    for line, g in zip(md[2:], data["groups"], strict=True):
        cell = line.rstrip(" |").rsplit(" | ", 1)[1]
        parts = cell.split("<br>")
        expected = sorted(g["endings"].items(), key=lambda kv: (-kv[1], kv[0]))
        assert parts == [f"{html.escape(reasons[k], quote=False)} ({n})"
                         for k, n in expected]
        assert "time_up" not in line and "escaped (" not in line.split(" | ")[2]
    with (out / "summary.csv").open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):  # the CSV keeps the machine reasons
            assert set(json.loads(row["endings"])) <= {"escaped", "time_up"}
    assert set(data["groups"][0]["endings"]) <= {"escaped", "time_up"}


def test_report_table_keeps_its_columns_when_piped(runs: list[Path], tmp_path: Path) -> None:
    competitive = tmp_path / "mixed.jsonl"
    simulate(Job("alcatraz-2034", 3, {}, "heuristic,random,heuristic", run_seed=4), 6,
             backend="local", out=competitive)
    for paths in ([*map(str, runs)], [str(competitive)]):
        r = runner.invoke(app, ["report", *paths, "--out", str(tmp_path / "rep")],
                          env={"COLUMNS": "80"})
        assert r.exit_code == 0, r.stderr
        groups = _summary(tmp_path / "rep")["groups"]
        rows = [ln for ln in r.stdout.splitlines() if ln.startswith("│")]
        header = next(ln for ln in r.stdout.splitlines() if ln.startswith("┃"))
        assert "endings" in header and "line-up" in header
        assert len(rows) == len(groups)  # one line per configuration, nothing wrapped
        assert max(len(ln) for ln in rows) > 80  # wider than the 80 columns of a pipe
        for ln, g in zip(rows, groups, strict=True):
            cells = [c.strip() for c in ln.strip("│").split("│")]
            assert len(cells) == 8
            assert cells[:4] == [str(g["players"]), g["variant"], g["lineup_label"],
                                 str(g["games"])]
            reasons = registry().get(g["game"]).outcome_reasons
            assert all(f"{reasons[k]} ({n})" in cells[7] for k, n in g["endings"].items())
        assert all(len(ln) == len(rows[0]) for ln in rows)
