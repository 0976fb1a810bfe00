"""The web page to watch a table live (issue 34): served by the bot process itself when ROOKERY_WEB_PORT is set.

links.py     each table's unguessable watch link (a token kept in storage, revocable)
watchers.py  who watches which table; one frame per version, pushed after every change
publiclog.py a watched table's whole public log, replayed once and advanced move by move
server.py    the aiohttp app: the page and its WebSocket, and every refusal
activity/    the Discord Activity's server side (issue 35), mounted on the same app when ROOKERY_ACTIVITY=1

Free of Discord like the rest of bot/: bot/app.py wires it to the publisher (whose changes it follows) and to
the board's Watch button; cogs/watch.py answers /game watch.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Awaitable, Callable

from bot.config import Settings
from bot.service import TableService
from bot.storage import Storage
from bot.table import Table
from bot.web.links import WatchLinks
from bot.web.publiclog import PublicLog
from bot.web.server import WebServer
from bot.web.watchers import Watchers


@dataclass
class Web:
    links: WatchLinks
    watchers: Watchers
    server: WebServer


async def open_web(settings: Settings, store: Storage, service: TableService,
                   language: Callable[[int], Awaitable[str]], *, held: Callable[[Table], bool] = lambda table: False,
                   listen: bool = True) -> Web:
    """The links loaded, the watchers ready and (with `listen`) the server listening on ROOKERY_WEB_PORT.
    `language`: a server's board language; `held`: whether the publisher keeps a table's messages back now."""
    links = WatchLinks(store, settings.web_url)
    await links.load()
    watchers = Watchers(service, PublicLog(store), language, held)
    server = WebServer(links, watchers, language)
    if listen:
        assert settings.web_port is not None, "the web page is served only with ROOKERY_WEB_PORT"
        await server.start(settings.web_host, settings.web_port)
    return Web(links, watchers, server)
