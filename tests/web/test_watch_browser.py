"""The watch page in a real browser (Debian's chromium through Playwright, tests/support/browser.py): it shows
the public board, the picture and the log, follows each move, and after the server goes away and comes back
(a restart), reconnects by itself and catches up. The page's text never names a hidden card.

The server runs on its own event loop in a thread (Playwright's sync API drives the browser from the test's);
`on_server` runs a coroutine there.
"""
import asyncio
import os
import re
import socket
import threading
from pathlib import Path

import pytest

from bot.config import Settings
from bot.service import TableService
from bot.storage import Storage
from bot.web import open_web
from tests.cogs.test_raven_discord import hidden_names
from tests.web.conftest import english, move, raven_table

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "pictures"


class Server:
    def __init__(self, db_path: str) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.settings = Settings(web_url=f"http://127.0.0.1:{self.port}", web_port=self.port, web_host="127.0.0.1")
        self.db_path = db_path
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(60)

    async def open(self):
        self.store = await Storage.open(self.db_path)
        self.service = TableService(self.store)
        await self.service.restore()
        self.web = await open_web(self.settings, self.store, self.service, english)

    async def close(self):
        await self.web.server.stop()
        await self.web.links.saved()
        await self.store.close()

    def stop(self):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def server(tmp_path):
    found = Server(str(tmp_path / "browser.sqlite3"))
    found.run(found.open())
    try:
        yield found
    finally:
        found.run(found.close())
        found.stop()


def shows_version(page, version: int) -> None:
    """The page shows that version's frame (data-step alone is 0 before the first frame arrives)."""
    page.wait_for_function("v => document.getElementById('rookery').dataset.step === String(v)"
                           " && document.getElementById('board').innerText.trim() !== ''", arg=version, timeout=40_000)


def hidden_anywhere(table) -> set[str]:
    return {name for seat in table.seats for name in hidden_names(table, seat.seat)}


def test_the_watch_page_follows_the_game_and_comes_back_after_a_restart(server, desktop_page):
    table = server.run(raven_table(server.service))
    url = server.web.links.url(table.id)
    page = desktop_page
    page.goto(url)
    shows_version(page, table.version)
    assert page.locator("#rookery").get_attribute("data-view") == "public"
    assert f"table #{table.id}" in page.locator("#board").inner_text()
    assert page.locator("#picture").get_attribute("src").startswith("data:image/")  # the board picture, inline

    class Watcher:  # what the publisher does after a commit, on the server's loop
        web = server.web
        service = server.service
    for _ in range(4):
        server.run(move(Watcher, table))
        shows_version(page, table.version)
    assert page.locator("#log li").count() > 0, "the public log is on the page"
    text = page.locator("body").inner_text()
    for name in hidden_anywhere(table):
        assert not re.search(re.escape(name) + r"(?!\d)", "\n".join(
            line for line in text.splitlines() if not line.startswith("› "))), f"the page shows {name}"
    if os.environ.get("ROOKERY_SCREENSHOTS"):  # the README's picture (docs/pictures/watch-page.png)
        page.screenshot(path=str(SHOTS / "watch-page.png"))

    # The server goes away (a restart): a move lands meanwhile; the page reconnects by itself and shows it.
    server.run(server.close())
    server.run(server.open())
    table = server.service.tables[table.id]

    class Restarted:
        web = server.web
        service = server.service
    server.run(move(Restarted, table))
    shows_version(page, table.version)
    assert page.locator("#rookery").get_attribute("data-view") == "public"
