"""Auto-pass (issue 16): when passing is all a seat can do, the table page passes for it.

Alcatraz 2034 often asks a player whether to play a card in a reaction window when
they have nothing to play. Ann plays through the API (seeded random choices)
with the switch off until such a moment: the page waits for her (the table does
not move for two seconds); she turns the switch on and the page passes by
itself, once; the table moves on.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import expect

from tests.e2e.driver import Browsing, claim_seat, tokens, wait_js
from tests.e2e.live import Server

GAME = "alcatraz-2034"
MAX_DECISIONS = 400  # Ann's decisions at most before a pass-only moment must have come


def only_pass(legal: list[dict[str, Any]]) -> bool:
    return len(legal) == 1 and legal[0]["action"]["kind"] == "pass"


def test_the_page_passes_when_passing_is_all_a_seat_can_do(server: Server,
                                                          browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "easy"},
                                 {"kind": "bot", "agent": "easy"}], game=GAME)
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    switch = ann.get_by_test_id("auto-pass")
    expect(switch).to_be_checked()  # on by default
    switch.uncheck()
    claim_seat(ann, 0, "Ann")
    token = tokens(ann, table)["0"]
    rng = random.Random(5)

    moment = None
    for _ in range(MAX_DECISIONS):
        msg = server.state(table, 0, token)
        assert msg["status"] != "finished", "the game ended before a pass-only moment"
        legal = msg["legal"]
        if not legal:
            wait_js(ann, "(n) => window.__e2e.move() > n || !!document.querySelector("
                    "'[data-testid=\"outcome\"]')", msg["n"], "a bot's move")
            continue
        if only_pass(legal):
            moment = msg
            break
        server.act(table, 0, token, rng.choice(legal)["action"], n=msg["n"])
    assert moment is not None, "no pass-only moment came"

    # switched off: the page shows the pass and waits for Ann
    wait_js(ann, "(n) => window.__e2e.move() >= n", moment["n"], "the pass-only moment")
    expect(ann.get_by_test_id("legal-action")).to_have_text(["pass"])
    ann.wait_for_timeout(2000)
    assert server.state(table, 0, token)["n"] == moment["n"], "the page passed while off"
    expect(ann.get_by_test_id("auto-passing")).to_have_count(0)

    # switched on: it passes by itself, once, and the table moves on
    switch.check()
    wait_js(ann, "() => document.body.dataset.autoPasses === '1'", None, "the page's pass")
    wait_js(ann, "(n) => window.__e2e.move() > n", moment["n"], "the move after the pass")
    after = server.state(table, 0, token)
    assert after["n"] > moment["n"]
    assert ann.evaluate("() => localStorage.getItem('getaway.autopass')") == "1"
