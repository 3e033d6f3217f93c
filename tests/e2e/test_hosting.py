"""Hosting in the browser: a private table joined by its invite link, a damaged table's page.

A private table is made in the lobby; its link carries the invite (in the
fragment, never sent to the server by the browser); a second person opens the
link and takes the free seat; a third who has only the table's address sees
no such table; the lobby lists it nowhere. A table whose stored moves were
tampered with says on its page, and in the lobby, that it is damaged and why.
"""

from __future__ import annotations

import re
import sqlite3

from playwright.sync_api import expect

from tests.e2e.driver import Browsing, capture_created
from tests.e2e.live import Server

PRIVATE_URL = re.compile(r"/t/[A-Za-z0-9_-]{22}#invite=[A-Za-z0-9_-]{43}$")


def test_a_private_table_is_joined_by_its_invite_link(server: Server, browsing: Browsing) -> None:
    ann = browsing.page(server.url, "Ann")
    ann.goto("/")
    ann.get_by_test_id("create-game").select_option("escape-now")
    ann.get_by_test_id("create-players").select_option("2")
    ann.get_by_test_id("seat-kind-0").select_option("human")
    ann.get_by_test_id("seat-kind-1").select_option("human")
    ann.get_by_test_id("create-private").check()
    ann.get_by_test_id("create-claim").select_option("first")
    created = capture_created(ann)
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(PRIVATE_URL)
    assert created and PRIVATE_URL.search(created[0]["link"]), created
    assert "Only people with this link" in created[0]["text"]
    link = created[0]["link"]
    table = link.split("/t/")[1].split("#")[0]
    expect(ann.get_by_test_id("held-seat-0")).to_be_visible()
    expect(ann.get_by_test_id("waiting")).to_contain_text(link)  # the banner shares the invite

    # the lobby lists it nowhere
    assert table not in [t["id"] for t in server.api("GET", "/api/tables")]

    # Bob opens the invite link and takes the other seat: the game starts
    bob = browsing.page(server.url, "Bob")
    bob.goto(link)
    bob.get_by_test_id("claim-seat-1").click()
    expect(bob.get_by_test_id("held-seat-1")).to_be_visible()
    expect(ann.get_by_test_id("table-status")).to_contain_text("running")
    # a reload without the fragment still works: the invite was kept in this browser
    bob.goto(f"/t/{table}")
    expect(bob.get_by_test_id("held-seat-1")).to_be_visible()

    # Eve has only the address: there is no such table for her
    eve = browsing.page(server.url, "Eve")
    eve.goto(f"/t/{table}")
    expect(eve.get_by_test_id("fatal")).to_contain_text("There is no such table")


def test_a_damaged_table_says_so(server: Server, browsing: Browsing) -> None:
    table = server.create_table([{"kind": "human"}, {"kind": "human"}])
    tokens = {s: server.claim(table, s) for s in (0, 1)}
    for _ in range(3):
        s = server.state(table)
        seat = s["to_act"][0]
        mine = server.state(table, seat, tokens[seat])
        server.act(table, seat, tokens[seat], mine["legal"][0]["action"], mine["n"])
    server.stop()
    with sqlite3.connect(server.data_dir / "getaway.db") as db:  # a move deleted behind its back
        db.execute("DELETE FROM moves WHERE table_id = ? AND n = 1", (table,))
    server.start()
    page = browsing.page(server.url, "Ann")
    page.goto(f"/t/{table}")
    banner = page.get_by_test_id("damaged")
    expect(banner).to_contain_text("This table is damaged and cannot be played")
    expect(banner).to_contain_text("move 1 is missing from the store")
    page.goto("/")
    row = page.get_by_test_id("tables-running").locator(f'[data-id="{table}"]')
    expect(row.get_by_test_id("damaged")).to_contain_text("Damaged: move 1 is missing")
