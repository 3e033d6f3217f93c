"""The report's files: totals, tables, plots and the page, written into one directory."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from getaway.sim.report.page import html_page
from getaway.sim.report.plots import IMAGE_NAMES, plots
from getaway.sim.report.tables import csv_text
from getaway.sim.report.totals import Report, build
from getaway.sim.results import ResultsError


def write(report: Report, out: str | Path) -> list[Path]:
    """Write the report's files into directory ``out`` (created if needed)."""
    d = Path(out)
    if d.exists() and not d.is_dir():
        raise ResultsError(f"--out {d}: a file, not a directory")
    d.mkdir(parents=True, exist_ok=True)
    for name in IMAGE_NAMES:  # plots of an earlier report that no longer apply
        (d / name).unlink(missing_ok=True)
    data = report.to_json()
    images = plots(report, d)
    data["images"] = [p.name for p in images]
    files = [*images]
    for name, text in (("summary.json", json.dumps(data, indent=1) + "\n"),
                       ("summary.csv", csv_text(data["groups"])),
                       ("summary.md", report.markdown()),
                       ("index.html", html_page(report, data, data["images"]))):
        (d / name).write_text(text, encoding="utf-8")
        files.append(d / name)
    report.files = files
    return files


def report(paths: Iterable[str | Path], out: str | Path) -> Report:
    """Read results files, total them and write the report into ``out``."""
    r = build(paths)
    write(r, out)
    return r
