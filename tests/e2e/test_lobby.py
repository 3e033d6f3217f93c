"""The lobby: the games list, the create-a-table form, the lists of tables."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.driver import TABLE_URL, Browsing, capture_created, tokens
from tests.e2e.live import Server


def test_games_list_and_creating_a_table(server: Server, browsing: Browsing) -> None:
    page = browsing.page(server.url, "lobby")
    games = server.api("GET", "/api/games")
    en = next(g for g in games if g["id"] == "escape-now")
    waiting = server.create_table([{"kind": "human"}, {"kind": "bot", "agent": "random"}])

    page.goto("/")
    # the games list: ESCAPE NOW! with its summary, player range and bots
    card = page.get_by_test_id("game-escape-now")
    expect(card).to_be_visible()
    expect(page.get_by_test_id("game-list").locator("article")).to_have_count(len(games))
    expect(card.locator("h3")).to_have_text("ESCAPE NOW!")
    expect(card).to_contain_text(en["summary"])
    low, high = en["players"]
    assert (low, high) == (1, 6)
    expect(card).to_contain_text(f"{low}–{high} players")
    expect(card).to_contain_text("bots: " + ", ".join(b["name"] for b in en["bots"]))
    assert [b["name"] for b in en["bots"]] == ["Easy", "Normal", "Hard"]
    expect(page.get_by_test_id("game-create-escape-now")).to_be_visible()

    # the tables lists: the table waiting for its human is open, with a link to it
    row = page.get_by_test_id("tables-open").locator(f'[data-id="{waiting}"]')
    expect(row).to_be_visible()
    expect(row).to_have_attribute("data-testid", "table-row")
    expect(row.get_by_test_id("table-link")).to_have_attribute("href", f"/t/{waiting}")
    expect(page.get_by_test_id("tables-running").get_by_test_id("table-row")).to_have_count(0)

    # the form follows the chosen game: players 1 to 6, its options, one seat row per player
    page.get_by_test_id("game-create-escape-now").click()
    expect(page.get_by_test_id("create-game")).to_have_value("escape-now")
    expect(page.get_by_test_id("create-players").locator("option")).to_have_text(
        [str(k) for k in range(low, high + 1)])
    for option in en["options"]:
        expect(page.get_by_test_id(f"option-{option['key']}")).to_be_visible()
    layout = next(o for o in en["options"] if o["key"] == "layout")
    expect(page.get_by_test_id("option-layout").locator("option")).to_have_text(
        [c + (" (default)" if c == layout["default"] else "") for c in layout["choices"]])
    page.get_by_test_id("create-players").select_option("4")
    expect(page.get_by_test_id("create-seats").locator("select")).to_have_count(4)
    page.get_by_test_id("create-players").select_option("3")
    expect(page.get_by_test_id("create-seats").locator("select")).to_have_count(3)
    expect(page.get_by_test_id("seat-kind-2").locator("option")).to_have_text(
        ["a person", *(f"bot — {b['name']}" for b in en["bots"])])

    # a refused configuration: 'hard' does not exist in a solo game; the reason is shown
    page.get_by_test_id("create-players").select_option("1")
    page.get_by_test_id("option-hard").check()
    page.get_by_test_id("create-submit").click()
    expect(page.get_by_test_id("create-error")).to_be_visible()
    expect(page.get_by_test_id("create-error")).to_contain_text("The table was not created")
    expect(page.get_by_test_id("create-error")).to_contain_text("'hard'")
    expect(page.get_by_test_id("created")).to_be_hidden()

    # a good one: 3 players, the hard layout, expert rule, a person and two bots
    page.get_by_test_id("create-players").select_option("3")
    page.get_by_test_id("option-hard").uncheck()
    page.get_by_test_id("option-layout").select_option(label="hard")
    page.get_by_test_id("option-expert").check()
    page.get_by_test_id("seat-kind-0").select_option("human")
    page.get_by_test_id("seat-kind-1").select_option("bot:normal")
    page.get_by_test_id("seat-kind-2").select_option("bot:easy")
    page.get_by_test_id("create-claim").select_option("first")
    created = capture_created(page)
    page.get_by_test_id("create-submit").click()
    # the lobby shows the join link for a moment, then opens the table by itself
    page.wait_for_url(TABLE_URL)
    assert created, "the lobby never showed the created table"
    url = created[0]["link"]
    assert created[0]["visible"] and created[0]["go"] == url == page.url, created
    assert "Share this link" in created[0]["text"], created
    assert url.startswith(f"{server.url}/t/"), url
    table = url.rsplit("/", 1)[1]

    summary = server.summary(table)
    assert summary["game"] == "escape-now" and summary["players"] == 3
    assert summary["options"] == {"layout": "hard", "hard": False, "expert": True}
    assert [(s["kind"], s["agent"], s["claimed"]) for s in summary["seats"]] == [
        ("human", None, True), ("bot", "normal", False), ("bot", "easy", False)]
    assert [s["name"] for s in summary["seats"][1:]] == ["Normal", "Easy"]
    assert summary["status"] == "running"  # the lobby claimed the only human seat

    # this browser holds seat 0 there
    assert list(tokens(page, table)) == ["0"]
    expect(page.get_by_test_id("held-seat-0")).to_be_visible()
    expect(page.get_by_test_id("table-title")).to_have_text("ESCAPE NOW!")
    expect(page.get_by_test_id("table-status")).to_contain_text("running")
    expect(page.get_by_test_id("you-are")).to_contain_text("you are red")
    expect(page.get_by_test_id("en-table")).to_be_visible()
    expect(page.get_by_test_id("layout-name")).to_contain_text("(hard)")
    expect(page.get_by_test_id("puzzle-A")).to_have_attribute("data-visible", "true")
    expect(page.get_by_test_id("puzzle-B")).to_have_attribute("data-visible", "false")
    expect(page.get_by_test_id("legal-action").first).to_be_visible()  # red is offered the start
    expect(page.get_by_test_id("rules-panel")).to_be_visible()

    # back in the lobby the new table is listed as running
    page.goto("/")
    row = page.get_by_test_id("tables-running").locator(f'[data-id="{table}"]')
    expect(row).to_be_visible()
    expect(row).to_contain_text("1/1 humans, 2 bots")
