"""Hot-seat: one browser holds both seats of a two-player game.

Whenever the decision passes from one held seat to the other, the page puts up
the pass-the-device cover, which hides the previous seat's hand (and the log,
and the legal actions) until the next player dismisses it.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from tests.e2e.driver import (
    Browsing,
    assert_no_leaks,
    check_secrecy,
    choose,
    claim_seat,
    click_generic,
    click_in_game,
    guard,
    page_legal,
    tokens,
    wait_after,
    wait_js,
    wait_ready,
)
from tests.e2e.live import Server

MOVES = 40  # enough for many hand-overs; the whole game is covered by other tests

# at move n: the cover is up, or the shown seat's legal actions are enabled
READY_OR_COVER_JS = r"""
(n) => {
  const move = window.__e2e.move();
  if (move > n) return true;
  if (move !== n) return false;
  const cover = document.querySelector('[data-testid="pass-device"]');
  if (cover && !cover.hidden) return true;
  return !document.body.classList.contains("busy")
    && document.querySelectorAll('[data-testid="legal-action"]:not([disabled])').length > 0;
}
"""


def shown_seat(page: Page) -> int:
    """The held seat whose view the page shows."""
    shown = page.locator('[data-testid="seats"] .seat.shown')
    expect(shown).to_have_count(1)
    return int(str(shown.get_attribute("data-testid")).removeprefix("seat-"))


def own_hands(server: Server, table: str, seat: int, token: str) -> set[int]:
    """The hands the seat may see now: its own, and the fictional hand while it holds it."""
    view = server.state(table, seat, token)["view"]
    return {h["hand"] for h in view["hands"] if "cards" in h}


def expect_covered(page: Page) -> None:
    """The cover is up and nothing private is left on the page behind it."""
    expect(page.get_by_test_id("pass-device")).to_be_visible()
    expect(page.get_by_test_id("pass-device-ok")).to_be_visible()
    expect(page.get_by_test_id("hand-card")).to_have_count(0)
    expect(page.get_by_test_id("hand-card-back")).to_have_count(0)
    expect(page.get_by_test_id("legal-action")).to_have_count(0)
    expect(page.get_by_test_id("event")).to_have_count(0)
    expect(page.get_by_test_id("game-area")).to_contain_text("hidden while the device changes")


def test_pass_the_device_between_two_held_seats(server: Server, browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "human"}])
    page = browsing.page(server.url, "hot-seat")
    page.goto(f"/t/{table}")
    guard(page, exclusive_hands=[0, 1])
    claim_seat(page, 0, "Ann")
    expect(page.get_by_test_id("waiting")).to_be_visible()
    claim_seat(page, 1, "Bob")
    expect(page.get_by_test_id("held-seat-0")).to_be_visible()
    expect(page.get_by_test_id("table-status")).to_contain_text("running")
    expect(page.get_by_test_id("you-are")).to_have_text("this device holds 2 seats (hot-seat)")
    held = tokens(page, table)
    assert sorted(held) == ["0", "1"]
    token = {int(k): v for k, v in held.items()}

    # red (seat 0) is offered the start, so seat 0 is shown at once, without a cover
    expect(page.get_by_test_id("legal-action").first).to_be_visible()
    assert shown_seat(page) == 0
    expect(page.get_by_test_id("pass-device")).to_be_hidden()
    check_secrecy(page, own_hands(server, table, 0, token[0]))

    # looking at the other held seat by hand also goes through the cover
    page.get_by_test_id("view-seat-1").click()
    expect_covered(page)
    expect(page.get_by_test_id("pass-device")).to_contain_text("Pass the device to Bob (green)")
    page.get_by_test_id("pass-device-ok").click()
    expect(page.get_by_test_id("pass-device")).to_be_hidden()
    assert shown_seat(page) == 1
    expect(page.get_by_test_id("no-legal")).to_be_visible()  # green has nothing to decide
    check_secrecy(page, own_hands(server, table, 1, token[1]))
    page.get_by_test_id("view-seat-0").click()
    expect_covered(page)
    page.get_by_test_id("pass-device-ok").click()
    assert shown_seat(page) == 0
    expect(page.get_by_test_id("legal-action").first).to_be_visible()

    rng = random.Random(3)
    handovers = 0
    for _ in range(MOVES):
        s = server.summary(table)
        if s["status"] == "finished":
            break
        n = s["n"]
        before = shown_seat(page)
        wait_js(page, READY_OR_COVER_JS, n, f"the decision of move {n} or the cover")
        if page.get_by_test_id("pass-device").is_visible():
            # the decision moved to the other held seat: its hand stays hidden until it
            # is dismissed (the observer in the page also checks this at every change)
            assert before not in s["to_act"], (before, s["to_act"])
            expect_covered(page)
            nxt = s["to_act"][0]
            name = {0: "Ann (red)", 1: "Bob (green)"}[nxt]
            expect(page.get_by_test_id("pass-device")).to_contain_text(f"Pass the device to {name}")
            page.get_by_test_id("pass-device-ok").click()
            expect(page.get_by_test_id("pass-device")).to_be_hidden()
            assert shown_seat(page) == nxt != before
            handovers += 1
        seat = shown_seat(page)
        assert seat in s["to_act"], (seat, s["to_act"])
        assert wait_ready(page, n)
        expect(page.get_by_test_id("held-seat-0")).to_be_visible()
        expect(page.get_by_test_id(f"view-seat-{1 - seat}")).to_be_visible()
        expect(page.get_by_test_id(f"view-seat-{seat}")).to_have_count(0)
        check_secrecy(page, own_hands(server, table, seat, token[seat]))
        choice = choose(page_legal(page), rng)
        if n % 2:
            click_in_game(page, choice)
        else:
            click_generic(page, choice)
        wait_after(page, n)

    assert handovers >= 5, f"only {handovers} hand-overs in {MOVES} moves"
    assert_no_leaks(page)
    print(f"{handovers} hand-overs in {server.summary(table)['n']} moves")
