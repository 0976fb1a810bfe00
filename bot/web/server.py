"""The watch page's HTTP side (aiohttp, which discord.py already brings): the page and its WebSocket.

    GET /t/<token>      the live page (present/web/page.py: the one client, in the server's language)
    GET /t/<token>/ws   the page's WebSocket: frames out; in, only {"kind": "hello", "version": n}

Everything else, and every bad request, is refused plainly and changes nothing: an unknown or revoked token
(404), too many sockets from one address or on one table, or new ones too fast (429), a message that is not
a hello, too long, binary, or too frequent (the socket is closed with a reason, after an "error" message).
No access log: the token in each address is the table's secret. Behind a reverse proxy on the same machine,
a client's address is the last one the proxy added to X-Forwarded-For.
"""
from __future__ import annotations

import html
import ipaddress
import json
import logging
import time
from collections import defaultdict, deque
from typing import Awaitable, Callable

from aiohttp import WSMsgType, web

from bot.web.face import LIVE_CSP, live_page
from bot.web.links import WatchLinks
from bot.web.watchers import Watcher, Watchers
from present.i18n import LANGUAGES, mark, reading, resolve, tr

log = logging.getLogger("rookery.web")
MAX_MESSAGE = 256          # bytes: a hello is about 30
MESSAGES_PER_MINUTE = 20   # a page sends one hello per connection
SOCKETS_PER_ADDRESS = 12   # open at once from one address (a few tabs, a household behind one address)
SOCKETS_PER_TABLE = 500
CONNECTS_PER_MINUTE = 30   # new sockets per address (a page reconnects with backoff, from 1 s to 30 s)
HEADERS = {"Referrer-Policy": "no-referrer",  # the token must not leave in a Referer
           "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}
POLICY_VIOLATION = 1008


def client_address(request: web.Request) -> str:
    remote = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    try:
        local = ipaddress.ip_address(remote).is_loopback
    except ValueError:
        local = False
    if local and forwarded:
        return forwarded.split(",")[-1].strip() or remote
    return remote


def reader_language(request: web.Request) -> str:
    """The visitor's language for a refusal (no table to take it from): the first Accept-Language we write."""
    for part in request.headers.get("Accept-Language", "").split(","):
        code = resolve(part.split(";")[0].strip())
        if code in LANGUAGES and (code != "en" or part.strip().lower().startswith("en")):
            return code
    return "en"


class WebServer:
    def __init__(self, links: WatchLinks, watchers: Watchers, language: Callable[[int], Awaitable[str]],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.links = links
        self.watchers = watchers
        self.language = language
        self.clock = clock
        self.open: dict[str, int] = defaultdict(int)
        self.connects: dict[str, deque[float]] = defaultdict(deque)
        self.runner: web.AppRunner | None = None
        self.mounts: list[Callable[[web.Application], None]] = []  # more routes on the same app (the Activity)

    def app(self) -> web.Application:
        app = web.Application(client_max_size=4096)  # no request here carries more than a small JSON body
        app.router.add_get("/t/{token}", self.page)
        app.router.add_get("/t/{token}/ws", self.socket)
        for mount in self.mounts:
            mount(app)
        app.on_shutdown.append(self._close_sockets)
        return app

    async def start(self, host: str, port: int) -> None:
        self.runner = web.AppRunner(self.app(), access_log=None)
        await self.runner.setup()
        await web.TCPSite(self.runner, host, port).start()
        log.info("the watch page listens on %s:%s", host, port)

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    async def _close_sockets(self, app: web.Application) -> None:
        for table_id in list(self.watchers.sockets):
            await self.watchers.close_all(table_id, 1001, "server restarting")

    # ---- refusals
    @staticmethod
    def refuse(request: web.Request, status: int, text: str) -> web.Response:
        lang = reader_language(request)
        with reading(lang):
            said = html.escape(tr(text))
        body = (f'<!DOCTYPE html><html lang="{lang}"><meta charset="utf-8"><title>Rookery</title>'
                f"<p>{said}</p></html>")
        return web.Response(status=status, text=body, content_type="text/html", headers=HEADERS)

    def game_of(self, request: web.Request) -> int | None:
        return self.links.game_of(request.match_info["token"])

    def admit(self, address: str, game_id: int) -> str | None:
        """Why a new socket is refused now, or None (a refusal takes nothing: no socket, no count)."""
        now, recent = self.clock(), self.connects[address]
        while recent and recent[0] < now - 60:
            recent.popleft()
        if self.open[address] >= SOCKETS_PER_ADDRESS or len(recent) >= CONNECTS_PER_MINUTE:
            return TOO_MANY_FROM_YOU
        if self.watchers.count(game_id) >= SOCKETS_PER_TABLE:
            return TOO_MANY_WATCHING
        recent.append(now)
        return None

    # ---- the page
    async def page(self, request: web.Request) -> web.Response:
        game_id = self.game_of(request)
        table = await self.watchers.table(game_id) if game_id is not None else None
        if game_id is None or table is None:
            return self.refuse(request, 404, UNKNOWN)
        with reading(await self.language(table.guild_id)):
            title = tr("{title} · table #{id}", title=table.game.title, id=table.id)
            body = live_page(title)
        return web.Response(text=body, content_type="text/html",
                            headers={**HEADERS, "Content-Security-Policy": LIVE_CSP})

    # ---- the socket
    async def socket(self, request: web.Request) -> web.StreamResponse:
        game_id = self.game_of(request)
        if game_id is None:
            return self.refuse(request, 404, UNKNOWN)
        address = client_address(request)
        refusal = self.admit(address, game_id)
        if refusal:
            return self.refuse(request, 429, refusal)
        # No per-message compression: it would deflate each frame once per page, where a frame is built and
        # encoded once for all of them (and its picture, base64 WebP, hardly compresses).
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30, compress=False)
        await ws.prepare(request)
        watcher = Watcher(ws)
        self.open[address] += 1
        await self.watchers.join(game_id, watcher)
        try:
            await self._listen(game_id, watcher)
        finally:
            self.watchers.leave(game_id, watcher)
            self.open[address] -= 1
            if not self.open[address]:
                del self.open[address]
        return ws

    async def _listen(self, game_id: int, watcher: Watcher) -> None:
        ws, heard = watcher.socket, deque[float]()
        async for message in ws:  # ends on close, and on a frame over MAX_MESSAGE (aiohttp closes with 1009)
            now = self.clock()
            heard.append(now)
            while heard[0] < now - 60:
                heard.popleft()
            if len(heard) > MESSAGES_PER_MINUTE:
                return await self._refuse_socket(game_id, ws, TOO_MANY_MESSAGES)
            seen = hello_version(message.data) if message.type == WSMsgType.TEXT else None
            if seen is None:
                return await self._refuse_socket(game_id, ws, NOT_UNDERSTOOD)
            await self.watchers.catch_up(game_id, watcher, seen)

    async def _refuse_socket(self, game_id: int, ws: web.WebSocketResponse, text: str) -> None:
        table = await self.watchers.table(game_id)
        with reading(await self.language(table.guild_id) if table else "en"):
            said = tr(text)
        await ws.send_str(json.dumps({"kind": "error", "message": said}, ensure_ascii=False))
        await ws.close(code=POLICY_VIOLATION, message=text.split(":")[0].encode())


UNKNOWN = mark("This watch link is unknown, or it was turned off.")
TOO_MANY_FROM_YOU = mark("Too many connections from your address: close some pages, then try again in a minute.")
TOO_MANY_WATCHING = mark("Too many pages are watching this table right now: try again later.")
TOO_MANY_MESSAGES = mark("Too many messages: this connection is closed.")
NOT_UNDERSTOOD = mark("The page sent something the server does not understand: this connection is closed.")


def hello_version(data: str) -> int | None:
    """The version a page's hello names (-1: none yet), or None for anything else."""
    try:
        message = json.loads(data)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("kind") != "hello" or set(message) != {"kind", "version"}:
        return None
    version = message["version"]
    if not isinstance(version, int) or isinstance(version, bool) or not -1 <= version < 2**53:
        return None
    return version
