"""The lobby on a phone (390x844) and on a small laptop (1280x720) (issue 16).

At both sizes the page never scrolls sideways, every game card, the create form
(with every game's options and seats) and the tables lists fit the page's width,
and option labels are the game's words alone (never the option's key). On the
phone a table is created through the form. Full-page screenshots of both sizes
go to the ``screenshot_dir`` fixture's directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.driver import TABLE_URL, Browsing, capture_created, tokens
from tests.e2e.live import Server

PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 720}

# Every element that matters on the lobby, with its test id or selector, and
# whether its right edge lies outside the page's width: the page never scrolls
# sideways, and nothing sticks out of (or is clipped by) the viewport.
OUTSIDE_JS = """(selectors) => {
  const width = window.innerWidth;
  const out = [];
  for (const sel of selectors) {
    for (const el of document.querySelectorAll(sel)) {
      if (el.offsetParent === null) continue;  // not shown
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5)
        out.push(`${sel} [${el.dataset.testid || el.id || el.textContent.slice(0, 30)}]: `
                 + `${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
    }
  }
  return {scroll: document.documentElement.scrollWidth, inner: width, out};
}"""

CHECKED = [
    ".topbar", ".lobby-main > section", ".game-card", ".game-card h3", ".game-card .summary",
    ".game-card .badge", "[data-testid^=game-create-]", ".rules-link",
    "#create-form .form-row", "#create-form label", "#create-form select", "#create-form input",
    "#create-form fieldset", "[data-testid=create-submit]", ".table-row", ".table-row .btn",
    ".table-link",
]


def fits(page: Page, what: str) -> None:
    """No sideways scroll and nothing of CHECKED outside the page's width."""
    got: dict[str, Any] = page.evaluate(OUTSIDE_JS, CHECKED)
    assert got["scroll"] <= got["inner"], f"{what}: the page scrolls sideways: {got}"
    assert not got["out"], f"{what}: outside the page's width: {got['out']}"


def open_lobby(server: Server, browsing: Browsing, size: ViewportSize) -> tuple[Page, list[Any]]:
    page = browsing.page(server.url, f"lobby {size['width']}x{size['height']}")
    page.set_viewport_size(size)
    games = server.api("GET", "/api/games")
    page.goto("/")
    expect(page.get_by_test_id("game-list").locator("article")).to_have_count(len(games))
    return page, games


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390x844", "1280x720"])
def test_the_lobby_fits(server: Server, browsing: Browsing, screenshot_dir: Path,
                        size: ViewportSize) -> None:
    # a table of each list: open (waiting for a person), running, and a long title
    server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    running = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    server.claim(running, 0, "Ann with a rather long name")
    page, games = open_lobby(server, browsing, size)
    expect(page.get_by_test_id("tables-running").get_by_test_id("table-row")).to_have_count(1)
    expect(page.get_by_test_id("tables-open").get_by_test_id("table-row")).to_have_count(1)
    fits(page, "the lobby")
    for g in games:
        expect(page.get_by_test_id(f"game-{g['id']}")).to_be_visible()
        expect(page.get_by_test_id(f"game-create-{g['id']}")).to_be_visible()

    # every game's form: its options (labelled in the game's words) and its most seats
    for g in games:
        page.get_by_test_id("create-game").select_option(g["id"])
        page.get_by_test_id("create-players").select_option(str(g["players"][1]))
        expect(page.get_by_test_id("create-seats").locator("select")).to_have_count(g["players"][1])
        expect(page.get_by_test_id("create-seats").locator("label")).to_have_text(
            [f"Seat {k}" for k in range(1, g["players"][1] + 1)])  # counted from 1, as people do
        for o in g["options"]:
            control = page.get_by_test_id(f"option-{o['key']}")
            expect(control).to_be_visible()
            label = page.locator(f"label[for=option-{o['key']}]")
            expect(label).to_have_text(o["doc"])
        expect(page.get_by_test_id("create-submit")).to_be_visible()
        fits(page, f"the form for {g['id']}")
    page.get_by_test_id("create-game").select_option("escape-plan")
    name = f"lobby-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(screenshot_dir / name), full_page=True)

    # the rules open inside a card without widening the page
    page.get_by_test_id("game-escape-now").locator(".rules-link").click()
    expect(page.get_by_test_id("rules-escape-now")).to_contain_text("ESCAPE")
    fits(page, "the rules of ESCAPE NOW!")
    page.get_by_test_id("rules-escape-now").screenshot(
        path=str(screenshot_dir / f"lobby-rules-{size['width']}x{size['height']}.png"))


def test_creating_a_table_on_a_phone(server: Server, browsing: Browsing,
                                     screenshot_dir: Path) -> None:
    page, _ = open_lobby(server, browsing, PHONE)
    page.get_by_test_id("game-create-escape-now").click()
    expect(page.get_by_test_id("create-game")).to_have_value("escape-now")
    page.get_by_test_id("create-players").select_option("2")
    page.get_by_test_id("option-layout").select_option(label="hard")
    page.get_by_test_id("option-expert").check()
    page.get_by_test_id("seat-kind-0").select_option("human")
    page.get_by_test_id("seat-kind-1").select_option("bot:easy")
    page.get_by_test_id("create-claim").select_option("first")
    submit = page.get_by_test_id("create-submit")
    submit.scroll_into_view_if_needed()
    expect(submit).to_be_in_viewport()
    fits(page, "the filled form")
    created = capture_created(page)
    submit.click()
    page.wait_for_url(TABLE_URL)
    assert created and created[0]["visible"], created
    table = page.url.rsplit("/", 1)[1]
    summary = server.summary(table)
    assert summary["game"] == "escape-now" and summary["players"] == 2
    assert summary["options"] == {"layout": "hard", "hard": False, "expert": True}
    assert [(s["kind"], s["agent"], s["claimed"]) for s in summary["seats"]] == [
        ("human", None, True), ("bot", "easy", False)]
    assert list(tokens(page, table)) == ["0"]
    page.screenshot(path=str(screenshot_dir / "lobby-created-table-390x844.png"))
