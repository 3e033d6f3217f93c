"""Agent labels: the canonical spec, naming every setting that differs from its default."""

from __future__ import annotations

import pytest

from getaway.agents import make_agent
from getaway.games import registry
from getaway.sim.jobs import Job, play_one

EN = registry().get("escape-now")


@pytest.mark.parametrize(("spec", "label"), [
    ("random", "random"),
    ("ismcts", "ismcts"),
    ("ismcts:iterations=500:c=0.70:depth=400", "ismcts"),  # all defaults
    ("ismcts:progress_weight=0.5:depth=40:iterations=30",
     "ismcts:iterations=30:depth=40:progress_weight=0.5"),  # canonical order
    ("ismcts:iterations=4:rollout=heuristic", "ismcts:iterations=4:rollout=heuristic"),
    ("flat-mc:epsilon=0.2:rollout=heuristic:iterations=6",
     "flat-mc:iterations=6:rollout=heuristic:epsilon=0.2"),
    ("easy", "easy"),
    ("easy:epsilon=0.5", "easy:epsilon=0.5"),
    ("hard", "hard"),
    ("hard:seconds=1", "hard"),
    ("hard:depth=30:seconds=0.2", "hard:seconds=0.2:depth=30"),
    ("hard:seconds=0.2:progress_weight=0.05", "hard:seconds=0.2"),
])
def test_labels_name_what_differs_from_the_defaults(spec: str, label: str) -> None:
    agent = make_agent(spec, EN)
    assert agent.describe() == label
    assert make_agent(label, EN).describe() == label  # a label is a spec that reads back


def test_line_ups_that_differ_only_in_depth_or_progress_weight_are_told_apart() -> None:
    specs = ["ismcts:iterations=30", "ismcts:iterations=30:depth=40",
             "ismcts:iterations=30:progress_weight=0.5",
             "ismcts:iterations=30:depth=40:progress_weight=0.5", "ismcts:iterations=30:c=1",
             "ismcts:iterations=30:rollout=heuristic",
             "ismcts:iterations=30:rollout=heuristic:bias=1",
             "ismcts:iterations=30:rollout=heuristic:epsilon=0.1"]
    labels = {make_agent(s, EN).describe() for s in specs}
    assert len(labels) == len(specs)


def test_results_rows_carry_the_labels() -> None:
    job = Job("escape-now", 2, {}, "ismcts:iterations=3:depth=5:progress_weight=0.5,random")
    assert play_one(job, 0).agents == "ismcts:iterations=3:depth=5:progress_weight=0.5,random"


def test_a_new_york_setting_is_labelled() -> None:
    ny = registry().get("new-york")
    assert make_agent("heuristic:traitor=false", ny).describe() == "heuristic:traitor=false"
    assert make_agent("heuristic:traitor=true", ny).describe() == "heuristic"
