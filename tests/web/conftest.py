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


async def raven_table(service: TableService, players: int = 4, settings: str | None = None):
    seating = Seating(service)
    table = await seating.create_lobby(1, 10, Actor(100, "Ann"), "raven", settings, 300)
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


def secret_names(state) -> set[str]:
    """The names of the cards some seat holds or bid in secret, less those the public view itself names (the
    short game's last round makes the Raven card the trump: a rule everyone reads, not where the card is)."""
    from present.raven.presenter import card_name
    from tests.cogs.test_raven_discord import hidden_names

    class At:
        pass
    at = At()
    at.state = state
    seats = list(state.to_json()["hands"])
    hidden = {name for seat in seats for name in hidden_names(at, seat)}
    theme = state.to_json()["theme"]
    public: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            try:
                public.add(card_name(value, theme))
            except (KeyError, ValueError):
                pass
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    view = state.view(None)
    walk(view)
    if "trump" in view and view["trump"] is None:  # the ravenclaw round: "the Raven is the only trump"
        from engine.raven.cards import RAVEN
        public.add(card_name(RAVEN, theme))
    return hidden - public
