"""The report's HTML page: ``index.html``, its tables and plots, with no other assets."""

from __future__ import annotations

import html
import json
from typing import Any

from getaway.sim.report.names import ending_words, ordered_endings
from getaway.sim.report.tables import TABLE_HEAD, pct, table_cells
from getaway.sim.report.totals import Report

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:.9em}
th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
th{background:#f3f3f3}td.n{text-align:right}
img{max-width:100%;border:1px solid #ddd}figure{margin:1.5em 0}
code{background:#f6f6f6;padding:0 .2em}.warn{color:#a40}
"""

_CAPTIONS = {
    "winrate.png": "Win rate by player count (a line per line-up across player counts, or "
                   "bars when a line-up has one player count); whiskers are 95% Wilson "
                   "intervals.",
    "seat_winrate.png": "Each seat's win rate, per configuration; bars are 95% intervals.",
    "decisions.png": "Game length in decisions, per player count.",
    "seconds.png": "Game length in seconds, per player count.",
    "scores.png": "Score distributions.",
}


def _esc(x: object) -> str:
    return html.escape(str(x), quote=True)


def html_page(report: Report, data: dict[str, Any], images: list[str]) -> str:
    """``index.html``: the tables and the plots (relative images, no other assets)."""
    mode = data["mode"] + (" (inferred from the results)" if report.mode_inferred else "")
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{_esc(report.game)} balance report</title>",
           f"<style>{_CSS}</style></head><body>",
           f"<h1>{_esc(report.game)}: balance report</h1>",
           f"<p>{_esc(mode)} game; {data['games']} games in {len(report.groups)} "
           f"configuration(s) from {len(report.sources)} results file(s). Win rates carry "
           "95% Wilson score intervals"
           + ("" if report.cooperative else
              "; a seat's or agent's rate counts each seat it held in a game as one trial")
           + ".</p>"]
    for w in report.warnings:
        out.append(f'<p class="warn">{_esc(w)}</p>')
    out.append("<h2>Summary</h2><table><tr>"
               + "".join(f"<th>{_esc(h)}</th>" for h in TABLE_HEAD) + "</tr>")
    for g in data["groups"]:
        cells = table_cells(g, "\n")[:-1]  # the endings below, each reason in a title
        tds = []
        for i, c in enumerate(cells):
            cls = ' class="n"' if i in (0, 3) else ""
            tds.append(f"<td{cls}>" + "<br>".join(_esc(p) for p in c.split("\n")) + "</td>")
        endings = "<br>".join(f'<span title="{_esc(k)}">{_esc(ending_words(report.game, k))}'
                              f"</span> ({v})" for k, v in ordered_endings(g["endings"]))
        out.append("<tr>" + "".join(tds) + f"<td>{endings}</td></tr>")
    out.append("</table>")
    if not report.cooperative:
        out.append("<h2>Seats</h2><table><tr><th>configuration</th><th>seat</th>"
                   "<th>agent</th><th>wins</th><th>win rate</th><th>95% CI</th>"
                   "<th>mean score</th></tr>")
        for g in data["groups"]:
            for e in g["seats"]:
                sm = "-" if e["score_mean"] is None else f"{e['score_mean']:.2f}"
                out.append(f"<tr><td>{_esc(g['label'])}</td><td class=\"n\">{e['seat']}</td>"
                           f"<td>{_esc(e['agent_label'])}</td><td class=\"n\">{e['wins']}</td>"
                           f"<td class=\"n\">{pct(e['rate'])}</td>"
                           f"<td>{pct(e['ci95'][0])} - {pct(e['ci95'][1])}</td>"
                           f"<td class=\"n\">{sm}</td></tr>")
        out.append("</table>")
    if images:
        out.append("<h2>Plots</h2>")
    for name in images:
        out.append(f'<figure><img src="{_esc(name)}" alt="{_esc(_CAPTIONS[name])}">'
                   f"<figcaption>{_esc(_CAPTIONS[name])}</figcaption></figure>")
    out.append("<h2>Results files</h2><table><tr><th>file</th><th>run</th><th>games</th>"
               "</tr>")
    for s in report.sources:
        out.append(f"<tr><td><code>{_esc(s.path)}</code></td>"
                   f"<td><code>{_esc(json.dumps(s.header, sort_keys=True))}</code></td>"
                   f'<td class="n">{s.games}</td></tr>')
    out.append("</table><p>Also here: <a href=\"summary.json\">summary.json</a>, "
               "<a href=\"summary.csv\">summary.csv</a>, "
               "<a href=\"summary.md\">summary.md</a>.</p></body></html>")
    return "\n".join(out) + "\n"

