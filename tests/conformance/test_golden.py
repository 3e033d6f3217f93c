"""Whole games stay exactly what they were: speed work must not change one draw.

Stored records replay from a seed and their actions, challenge deals are
announced in advance, and bots and hints must keep choosing as they did; so
every optimisation of the engines and heuristics must leave these digests
(``golden.py`` explains what they hash) unchanged. A deliberate rule fix
regenerates the file and says so in its commit.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from getaway.games import registry
from tests.conformance.golden import cases, digest, key

GOLDEN = json.loads((Path(__file__).parent / "golden.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("golden_case", cases(), ids=key)
def test_game_plays_exactly_as_before(golden_case: tuple[str, int, int, str]) -> None:
    game_id, players, seed, policy = golden_case
    assert digest(registry().get(game_id), players, seed, policy) == GOLDEN[key(golden_case)]


def test_the_golden_file_covers_every_case() -> None:
    assert sorted(GOLDEN) == sorted(key(c) for c in cases())


def test_fingerprints_do_not_depend_on_the_process() -> None:
    """A state's fingerprint is the same in another process with another hash seed
    (the stack's frames once showed their memory address)."""
    code = ("from getaway.games import registry; import random\n"
            "out = []\n"
            "for g in registry():\n"
            "    s = g.start(seed=3); r = random.Random(3)\n"
            "    for _ in range(12):\n"
            "        if s.is_over() or not s.to_act(): break\n"
            "        seat = s.to_act()[0]; legal = s.legal_actions(seat)\n"
            "        s.apply(seat, legal[int(r.random() * len(legal))])\n"
            "    out.append(s.fingerprint())\n"
            "print(' '.join(out))\n")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={"PYTHONHASHSEED": h, "PATH": ""}).stdout
            for h in ("1", "2")}
    assert len(runs) == 1
