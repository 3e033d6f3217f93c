"""Every game's browser module parses and exports ``render``: a broken module fails here,
instead of the table page quietly falling back to the generic table.

``node --check`` parses the module as an ES module (Node.js is needed: it is
installed with npm for ``make lint``; without it the test skips, or fails when
``GETAWAY_REQUIRE_ALL=1``, as in CI).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from getaway.core.registry import Game
from tests.conformance.test_layout import folder

NODE = shutil.which("node")


def test_the_browser_module_parses_and_exports_render(game: Game, tmp_path: Path) -> None:
    if NODE is None:
        if os.environ.get("GETAWAY_REQUIRE_ALL") == "1":
            pytest.fail("node is missing (apt-get install nodejs npm)")
        pytest.skip("no Node.js here to parse the browser module")
    source = folder(game) / "web" / f"{game.id}.js"
    text = source.read_text(encoding="utf-8")
    assert re.search(r"^export (async )?function render\(", text, re.M), "render is exported"
    copy = tmp_path / f"{game.id}.mjs"  # parsed as an ES module whatever package.json says
    copy.write_text(text, encoding="utf-8")
    done = subprocess.run([NODE, "--check", str(copy)], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, f"{source.name} does not parse:\n{done.stderr}"
