"""The watch page in a real browser (Debian's chromium through Playwright, as tests/support/browser.py finds
it): it shows the public board, the picture and the log, follows each move, and after the server goes away
and comes back (a restart) reconnects by itself and catches up. The page's text never names a hidden card.

The page comes from tests/web/browser_page.py (Playwright's async API, on the test's own event loop).
"""
import os
import re
import socket
from pathlib import Path

from bot.config import Settings
from bot.service import TableService
from bot.storage import Storage
from bot.web import open_web
from tests.web.browser_page import page, shows_version  # noqa: F401 (a fixture)
from tests.web.conftest import english, move, raven_table, secret_names

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "pictures"


class Server:
    """The web page over storage and a service, as the bot process serves it; `restart` opens them anew."""

    def __init__(self, db_path: str) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.settings = Settings(web_url=f"http://127.0.0.1:{port}", web_port=port, web_host="127.0.0.1")
        self.db_path = db_path

    async def open(self) -> "Server":
        self.store = await Storage.open(self.db_path)
        self.service = TableService(self.store)
        await self.service.restore()
        self.web = await open_web(self.settings, self.store, self.service, english)
        return self

    async def close(self) -> None:
        await self.web.server.stop()
        await self.web.links.saved()
        await self.store.close()


async def test_the_watch_page_follows_the_game_and_comes_back_after_a_restart(tmp_path, page):
    server = await Server(str(tmp_path / "browser.sqlite3")).open()
    try:
        table = await raven_table(server.service)
        await page.goto(server.web.links.url(table.id))
        await shows_version(page, table.version)
        assert await page.locator("#rookery").get_attribute("data-view") == "public"
        assert f"table #{table.id}" in await page.locator("#board").inner_text()
        assert (await page.locator("#picture").get_attribute("src")).startswith("data:image/")  # inline picture
        for _ in range(4):
            await move(server, table)
            await shows_version(page, table.version)
        assert await page.locator("#log li").count() > 0, "the public log is on the page"
        text = "\n".join(line for line in (await page.locator("body").inner_text()).splitlines()
                         if not line.startswith("› "))
        for name in secret_names(table.state):
            assert not re.search(re.escape(name) + r"(?!\d)", text), f"the page shows {name}"
        if os.environ.get("ROOKERY_SCREENSHOTS"):  # the README's picture (docs/pictures/watch-page.png)
            await page.screenshot(path=str(SHOTS / "watch-page.png"))

        # The server goes away (a restart): a move lands meanwhile; the page reconnects by itself and shows it.
        await server.close()
        await server.open()
        table = server.service.tables[table.id]
        await move(server, table)
        await shows_version(page, table.version)
    finally:
        await server.close()
