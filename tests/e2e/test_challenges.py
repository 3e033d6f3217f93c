"""The lobby's "Challenges" panel: today's and this week's deal of each game with its
leaderboard, whose "watch replay" opens the finished table's replay; "Play this
challenge" creates the challenge's table, seated, with the chosen bots. At a phone's
390x844 and a laptop's 1280x720 the panel fits the page (no sideways scroll);
screenshots of both go to the ``screenshot_dir`` fixture's directory.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.driver import TABLE_URL, Browsing, tokens
from tests.e2e.live import Server
from tests.e2e.test_lobby_sizes import CHECKED as LOBBY_CHECKED
from tests.e2e.test_lobby_sizes import LAPTOP, OUTSIDE_JS, PHONE
from tests.e2e.test_rematch import finish

CHECKED = [".challenges-panel", ".challenge-periods", ".challenge-card", ".challenge-card h3",
           ".challenge-row", ".challenge-row select", ".challenge-entry", ".challenge-names",
           ".challenge-result", "[data-testid=challenge-replay]", ".challenge-play .btn",
           "[data-testid=table-challenge]", *LOBBY_CHECKED]


def fits(page: Page, what: str) -> None:
    got: dict[str, Any] = page.evaluate(OUTSIDE_JS, CHECKED)
    assert got["scroll"] <= got["inner"], f"{what}: the page scrolls sideways: {got}"
    assert not got["out"], f"{what}: outside the page's width: {got['out']}"


def daily(server: Server, game: str, players: int) -> dict[str, Any]:
    listed = server.api("GET", "/api/challenges")["challenges"]
    return next(c for c in listed
                if c["game"] == game and c["players"] == players and c["period"] == "daily")


def finished_challenge(server: Server, challenge: str, name: str) -> str:
    """A table of ``challenge`` (a named person and a random bot) played to its end."""
    made = server.api("POST", f"/api/challenges/{challenge}/tables",
                      {"seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]})
    table = str(made["id"])
    finish(server, table, {0: server.claim(table, 0, name)})
    return table


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["390x844", "1280x720"])
def test_the_lobby_shows_the_challenges_and_their_replays(
        server: Server, browsing: Browsing, screenshot_dir: Path, size: ViewportSize) -> None:
    challenge = daily(server, "escape-now", 2)["id"]
    first = finished_challenge(server, challenge, "Ann with a rather long name")
    second = finished_challenge(server, challenge, "Bob")
    board = server.api("GET", f"/api/challenges/{challenge}")["leaderboard"]
    assert {e["table"] for e in board} == {first, second}

    page = browsing.page(server.url, f"challenges {size['width']}x{size['height']}")
    page.set_viewport_size(size)
    page.goto("/")
    # this browser played the second table: its entry says "you"
    page.evaluate("(t) => localStorage.setItem(`getaway.tokens.${t}`, '{\"0\": \"x\"}')", second)
    page.reload()
    card = page.get_by_test_id("challenge-escape-now")
    expect(card).to_have_attribute("data-challenge", challenge)
    expect(card.get_by_test_id("challenge-mine")).to_have_count(1)
    expect(card.locator(f"[data-table='{second}']").get_by_test_id("challenge-mine")).to_have_text(
        "you")
    expect(card.get_by_test_id("challenge-ranking")).to_contain_text("minutes left")
    entries = card.get_by_test_id("challenge-entry")
    expect(entries).to_have_count(2)
    for k, e in enumerate(board):
        row = entries.nth(k)
        expect(row).to_have_attribute("data-table", e["table"])
        expect(row.get_by_test_id("challenge-place")).to_have_text(str(e["place"]))
        expect(row.get_by_test_id("challenge-names")).to_have_text(", ".join(e["names"]))
        expect(row.get_by_test_id("challenge-result")).to_have_text(e["result"])
    expect(entries.get_by_test_id("challenge-names")).to_contain_text(
        ["random bot", "random bot"])
    # every game has its card; a game's other player counts have their own (empty) boards
    for g in server.api("GET", "/api/games"):
        expect(page.get_by_test_id(f"challenge-{g['id']}")).to_be_visible()
    # the lobby's list of finished tables marks them as the challenge's
    expect(page.get_by_test_id("tables-finished").get_by_test_id("table-challenge")).to_have_text(
        ["daily challenge", "daily challenge"])
    fits(page, "the challenges")
    name = f"lobby-challenges-{size['width']}x{size['height']}.png"
    page.screenshot(path=str(screenshot_dir / name), full_page=True)
    page.get_by_test_id("challenge-players-escape-now").select_option("3")
    expect(card).to_have_attribute("data-challenge", challenge[:-1] + "3")
    expect(card.get_by_test_id("challenge-empty")).to_be_visible()
    page.get_by_test_id("challenge-period-weekly").click()
    expect(page.get_by_test_id("challenge-closes")).to_contain_text("Week")
    weekly = re.compile(r"^weekly/\d{4}-W\d\d/escape-now/3$")
    expect(card).to_have_attribute("data-challenge", weekly)
    fits(page, "this week's challenges")
    page.get_by_test_id("challenge-period-daily").click()
    page.get_by_test_id("challenge-players-escape-now").select_option("2")
    expect(entries).to_have_count(2)

    # "watch replay" opens the finished table's replay
    entries.nth(0).get_by_test_id("challenge-replay").click()
    page.wait_for_url(f"**/t/{board[0]['table']}/replay")
    expect(page.get_by_test_id("replay-step")).not_to_be_empty()
    expect(page.get_by_test_id("replay-title")).to_contain_text("ESCAPE NOW!")


def test_playing_a_challenge_from_the_lobby(server: Server, browsing: Browsing,
                                            screenshot_dir: Path) -> None:
    challenge = daily(server, "escape-now", 2)["id"]
    page = browsing.page(server.url, "challenger")
    page.set_viewport_size(PHONE)
    page.goto("/")
    card = page.get_by_test_id("challenge-escape-now")
    expect(card).to_have_attribute("data-challenge", challenge)
    page.get_by_test_id("challenge-with-escape-now").select_option("bot:easy")
    page.get_by_test_id("challenge-play-escape-now").click()
    page.wait_for_url(TABLE_URL)
    table = page.url.rsplit("/", 1)[1]
    summary = server.summary(table)
    assert summary["game"] == "escape-now" and summary["players"] == 2
    assert summary["options"] == {"layout": "standard", "hard": False, "expert": False}
    assert [(s["kind"], s["agent"], s["claimed"]) for s in summary["seats"]] == [
        ("human", None, True), ("bot", "easy", False)]
    assert list(tokens(page, table)) == ["0"]
    badge = page.get_by_test_id("challenge-badge")
    expect(badge).to_have_text("Daily challenge")
    expect(badge).to_have_attribute("href", "/#challenges")
    page.screenshot(path=str(screenshot_dir / "challenge-table-390x844.png"))
