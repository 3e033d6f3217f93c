"""Cancel and undo on the table page (issue 16), in ESCAPE NOW!.

"Move to puzzle B" asks for the card to discard next and reveals nothing: the
page offers "Cancel" (and Esc) until the discard commits the move, and going
back shows the turn's first choice again. A move that drew cards offers
nothing. In hot-seat play, a whole move that revealed nothing can be undone
while the next seat has not acted.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.driver import Browsing, claim_seat, tokens, wait_js
from tests.e2e.live import Server
from tests.e2e.test_hotseat import READY_OR_COVER_JS, shown_seat


def at_move(page: Page, n: int) -> None:
    wait_js(page, "(n) => window.__e2e.move() === n", n, f"the page at move {n}")


def until(server: Server, table: str, seat_tokens: dict[str, str], want: str) -> dict[str, Any]:
    """Play first legal actions until the seat to act may take an action of kind ``want``."""
    for _ in range(200):
        s = server.state(table)
        seat = s["to_act"][0]
        msg = server.state(table, seat, seat_tokens[str(seat)])
        if any(a["action"]["kind"] == want for a in msg["legal"]):
            return msg
        server.act(table, seat, seat_tokens[str(seat)], msg["legal"][0]["action"], n=msg["n"])
    raise AssertionError(f"nobody could {want}")


def test_cancel_a_choice_begun_and_never_a_draw(server: Server, browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "normal"}])
    ann = browsing.page(server.url, "Ann")
    ann.goto(f"/t/{table}")
    claim_seat(ann, 0, "Ann")
    token = tokens(ann, table)
    before = None
    for _ in range(200):  # Ann plays her first legal actions until she may move
        msg = server.state(table, 0, token["0"])
        if not msg["legal"]:
            wait_js(ann, "(n) => window.__e2e.move() > n", msg["n"], "a bot's move")
            continue
        if any(a["action"]["kind"] == "move" for a in msg["legal"]):
            before = msg
            break
        server.act(table, 0, token["0"], msg["legal"][0]["action"], n=msg["n"])
    assert before is not None
    at_move(ann, before["n"])
    prompt = ann.get_by_test_id("prompt").inner_text()
    expect(ann.get_by_test_id("undo")).to_have_count(0)
    ann.locator('[data-testid="legal-action"][data-kind="move"]').first.click()
    at_move(ann, before["n"] + 1)
    cancel = ann.get_by_test_id("undo")
    expect(cancel).to_have_attribute("data-mode", "cancel")
    expect(cancel).to_contain_text("Cancel")
    assert ann.get_by_test_id("prompt").inner_text() != prompt
    ann.keyboard.press("Escape")
    at_move(ann, before["n"])
    expect(ann.get_by_test_id("prompt")).to_have_text(prompt)
    expect(ann.get_by_test_id("undo")).to_have_count(0)
    assert server.state(table, 0, token["0"])["n"] == before["n"]
    # the log holds nothing of the move taken back
    logged = ann.evaluate("() => [...document.querySelectorAll('[data-testid=\"event\"]')]"
                          ".map((e) => Number(e.dataset.n))")
    assert all(n < before["n"] for n in logged)
    # drawing cards can never be taken back
    draw = [a for a in before["legal"] if a["action"]["kind"] == "replenish"
            and a["action"]["draw"]]
    if draw:
        ann.locator(f'[data-testid="legal-action"][data-index="{before["legal"].index(draw[-1])}"]'
                    ).click()
        at_move(ann, before["n"] + 1)
        expect(ann.get_by_test_id("undo")).to_have_count(0)


def test_hot_seat_undo_of_a_whole_move(server: Server, browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "human"}])
    page = browsing.page(server.url, "Ann")
    page.goto(f"/t/{table}")
    claim_seat(page, 0, "Ann")
    claim_seat(page, 1, "Bob")
    held = tokens(page, table)
    msg = until(server, table, held, "move")
    seat = msg["seat"]
    move = next(a for a in msg["legal"] if a["action"]["kind"] == "move")
    server.act(table, seat, held[str(seat)], move["action"], n=msg["n"])
    mid = server.state(table, seat, held[str(seat)])
    discard = mid["legal"][0]["action"]  # a face-down discard: it shows nobody anything
    server.act(table, seat, held[str(seat)], discard, n=mid["n"])
    done = server.state(table, seat, held[str(seat)])
    assert done["undo"], "a face-down discard showed nobody anything: it may be taken back"
    page.reload()
    wait_js(page, READY_OR_COVER_JS, done["n"], "the page at the next seat's turn")
    cover = page.get_by_test_id("pass-device")
    if cover.is_visible():
        page.get_by_test_id("pass-device-ok").click()
    if shown_seat(page) != seat:  # back to the seat that moved, through the cover
        page.get_by_test_id(f"view-seat-{seat}").click()
        expect(cover).to_be_visible()
        page.get_by_test_id("pass-device-ok").click()
    assert shown_seat(page) == seat
    button = page.get_by_test_id("undo")
    expect(button).to_have_attribute("data-mode", "undo")
    button.click()
    at_move(page, mid["n"])
    assert server.state(table, seat, held[str(seat)])["view"] == mid["view"]
