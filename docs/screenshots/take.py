"""Take the README's pictures of every game's table, as a player sees it.

For each registered game: a real ``getaway serve`` on a scratch data directory,
a table with Ann on seat 0 and Normal bots on the others, Ann's page opened in
Debian's Chromium (through Playwright) and her seat taken there, then a dozen of
her decisions made through the API (seeded random legal actions) so the picture
shows a game under way. Two pictures per game: the laptop's view (1400 x 900)
and the phone's (390 x 844), both the top of the page, saved as
``docs/screenshots/<game id>.jpg`` and ``<game id>-phone.jpg``.

Run it from the repository root (after ``make test`` has set up the venv)::

    .venv/bin/python docs/screenshots/take.py [game id ...]
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, ViewportSize, expect, sync_playwright  # noqa: E402
from tests.e2e.driver import Browsing, claim_seat, tokens, wait_after  # noqa: E402
from tests.e2e.live import Server  # noqa: E402

from getaway.games import registry  # noqa: E402

OUT = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
LAPTOP: ViewportSize = {"width": 1400, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
DECISIONS = 12  # Ann's decisions before the pictures
PLAYERS = 3  # Ann and two bots, where the game allows three


def play_a_while(server: Server, page: Page, table: str, token: str, rng: random.Random,
                 decisions: int) -> None:
    """Ann makes ``decisions`` seeded random legal decisions through the API; bots answer."""
    made = 0
    deadline = time.monotonic() + 120
    while made < decisions and time.monotonic() < deadline:
        msg = server.state(table, 0, token)
        if msg["status"] == "finished":
            return
        if not msg["legal"]:
            time.sleep(0.2)
            continue
        choice = rng.choice(msg["legal"])
        try:
            server.act(table, 0, token, choice["action"], n=msg["n"])
        except AssertionError:
            continue  # the table moved on meanwhile (a real-time game): look again
        made += 1
        wait_after(page, msg["n"])


def shoot(game_id: str, server: Server, browser: object) -> list[Path]:
    spec = registry().get(game_id).spec
    players = min(max(PLAYERS, spec.min_players), spec.max_players)
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "normal"}] * (players - 1)
    made = server.api("POST", "/api/tables", {"game": game_id, "players": players,
                                              "options": {}, "seats": seats})
    table = str(made["id"])
    browsing = Browsing(browser)  # type: ignore[arg-type]
    page = browsing.page(server.url, "Ann")
    page.set_viewport_size(LAPTOP)
    page.goto(f"/t/{table}")
    claim_seat(page, 0, "Ann")
    expect(page.get_by_test_id("table-status")).to_contain_text("running")
    token = tokens(page, table)["0"]
    if server.state(table, 0, token).get("ready"):  # a real-time table waits for Ready
        server.api("POST", f"/api/tables/{table}/ready", {"seat": 0}, token=token)
        page.wait_for_timeout(3500)  # the 3-2-1 before the clock starts
    play_a_while(server, page, table, token, random.Random(7), DECISIONS)
    # the seat's "You took your seat" toast is gone after 5.6 s
    expect(page.get_by_test_id("toast")).to_have_count(0, timeout=15_000)
    shots = []
    for size, suffix in ((LAPTOP, ""), (PHONE, "-phone")):
        page.set_viewport_size(size)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(500)
        path = OUT / f"{game_id}{suffix}.jpg"
        page.screenshot(path=str(path), type="jpeg", quality=80)
        shots.append(path)
    assert not browsing.errors, browsing.errors
    browsing.close()
    return shots


def main(ids: list[str]) -> None:
    games = ids or [g.id for g in registry()]
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data", Path(tmp), bot_delay=0.3)
        server.start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM)
                for game_id in games:
                    for path in shoot(game_id, server, browser):
                        print(f"wrote {path.relative_to(ROOT)}")
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
