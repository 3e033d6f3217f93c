"""The Hint button on the table page: what the Hard bot would do now, and the estimated
chance of winning; the legal action it names is marked."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.driver import Browsing, claim_seat, tokens, wait_js
from tests.e2e.live import Server


def test_hint_names_an_action_and_marks_it(server: Server, browsing: Browsing,
                                           screenshot_dir: Path) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "normal"}])
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    claim_seat(ann, 0, "Ann")
    token = tokens(ann, table)
    for _ in range(50):  # until Ann decides
        msg = server.state(table, 0, token["0"])
        if msg["legal"]:
            break
        wait_js(ann, "(n) => window.__e2e.move() > n", msg["n"], "a bot's move")
    wait_js(ann, "(n) => window.__e2e.move() === n", msg["n"], "the page at Ann's decision")
    button = ann.get_by_test_id("hint")
    expect(button).to_have_text("Hint")
    button.click()
    text = ann.get_by_test_id("hint-text")
    expect(text).to_have_text(re.compile(
        r"^Hard would: .+ — estimated chance of winning about \d+% \(\d+ playouts\)$"),
        timeout=15_000)
    hinted = ann.locator('[data-testid="legal-action"].hinted')
    expect(hinted).to_have_count(1)
    label = hinted.inner_text().strip()
    assert text.inner_text().startswith(f"Hard would: {label} — ")
    assert server.state(table, 0, token["0"])["n"] == msg["n"]  # a hint is not a move
    ann.get_by_test_id("decision").screenshot(path=screenshot_dir / "hint.png")
    hinted.click()  # playing it moves on: the hint goes away with its move
    expect(ann.get_by_test_id("hint-text")).to_have_count(0, timeout=15_000)
