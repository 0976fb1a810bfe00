"""A watch page on loopback (aiohttp's test server) over a real TableService and SQLite storage."""
from types import SimpleNamespace

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import Settings
from bot.seating import Seating
from bot.service import TableService
from bot.storage import Storage
from bot.table import Actor
from bot.web import open_web

PUBLIC_URL = "https://rookery.test"


async def english(guild_id: int) -> str:
    return "en"


@pytest.fixture
async def watch(tmp_path):
    """`watch.service`, `.web` (links, watchers, server), `.client` (the page's HTTP client), `.store`."""
    store = await Storage.open(str(tmp_path / "watch.sqlite3"))
    service = TableService(store)
    web = await open_web(Settings(web_url=PUBLIC_URL), store, service, english, listen=False)
    client = TestClient(TestServer(web.server.app()))
    await client.start_server()
    try:
        yield SimpleNamespace(store=store, service=service, web=web, client=client, path=tmp_path)
    finally:
        await client.close()
        await web.links.saved()
        await store.close()


async def raven_table(service: TableService, players: int = 4):
    seating = Seating(service)
    table = await seating.create_lobby(1, 10, Actor(100, "Ann"), "raven", None, 300)
    for i in range(1, players):
        await seating.join(table, 100 + i, ("Ben", "Cat", "Dan", "Eve")[i - 1])
    await service.start(table)
    return table


def path_of(web, table) -> str:
    url = web.links.url(table.id)
    assert url is not None and url.startswith(PUBLIC_URL + "/t/")
    return url[len(PUBLIC_URL):]


async def move(watch, table) -> None:
    """One legal move by whoever must act, then what the publisher does after a commit: tell the watchers."""
    async with table.lock:
        seat, legal = next(iter(table.pending().items()))
        await watch.service.act(table, seat, legal[0])
        watch.web.watchers.changed(table)
