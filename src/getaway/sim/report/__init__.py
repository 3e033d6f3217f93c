"""The balance report: win rates, scores and game lengths over simulation results.

``getaway report RESULTS... --out DIR`` reads one or more results files of one
game -- ``FILE.jsonl``, ``FILE.parquet`` directories, or a directory holding
them such as a tournament's ``--out`` -- and groups their games by player
count, variant options and agent line-up (runs that differ only in their seed
pool together). For every group it gives:

* the win rate with its 95% Wilson interval: the team's for a cooperative
  game (each game one trial); for a competitive game each seat's and each
  agent's (each seat an agent held in a game one trial);
* the score distribution when the rows carry scores (cooperative: the team's
  score per game; competitive: every seat's score);
* the game length: decisions per game, and seconds when the rows carry them;
* how the games ended (in the game's words in the tables, its reasons in the data).

Line-ups and agents read in words in the tables and plots ("heuristic (every
seat)", "seat 1: random, others heuristic", a level by its name: "Normal");
the JSON and CSV keep the agent specs (:mod:`.names`).

:func:`build` reads and totals; :func:`write` puts into a directory
``summary.json``, ``summary.csv`` (one row per group), ``summary.md`` (a
Markdown table for a README), PNG plots drawn with matplotlib's Agg backend,
and ``index.html``, one self-contained page showing them all. A file that is
missing, malformed, of another game or given twice raises
:class:`ResultsError` naming it.

The modules: :mod:`.inputs` reads and checks the results files,
:mod:`.stats` the distributions and Wilson rates, :mod:`.names` the words for
line-ups, agents and endings, :mod:`.totals` the groups,
:mod:`.tables` the Markdown and CSV text, :mod:`.plots` the PNGs,
:mod:`.page` the HTML page and :mod:`.files` writes them all.
"""

from getaway.sim.report.files import report, write
from getaway.sim.report.inputs import Row, Source, load
from getaway.sim.report.page import html_page
from getaway.sim.report.plots import IMAGE_NAMES, plots
from getaway.sim.report.stats import QUANTILES
from getaway.sim.report.tables import (
    TABLE_HEAD,
    csv_text,
    length_text,
    markdown_table,
    score_text,
    table_cells,
    win_text,
)
from getaway.sim.report.totals import Group, Report, build
from getaway.sim.results import ResultsError

__all__ = [
    "IMAGE_NAMES",
    "QUANTILES",
    "TABLE_HEAD",
    "Group",
    "Report",
    "ResultsError",
    "Row",
    "Source",
    "build",
    "csv_text",
    "html_page",
    "length_text",
    "load",
    "markdown_table",
    "plots",
    "report",
    "score_text",
    "table_cells",
    "win_text",
    "write",
]
