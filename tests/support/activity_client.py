"""A stand-in Discord client for the Activity's browser tests (issue 35): headless Chromium opens a parent page
at https://discord.com/activities/<app id>, which frames the Activity and speaks the Discord client's side of
the Embedded App SDK's postMessage protocol (tests/support/activity_parent/client.js): the handshake and READY,
AUTHORIZE, AUTHENTICATE, participants and their update event, SUBSCRIBE/UNSUBSCRIBE, CAPTURE_LOG, the user's
locale, and error 4002 for any other command.

Why discord.com: the SDK drops every message whose origin is not one of Discord's (or the frame's own), so the
parent must really be https://discord.com. Chromium maps that host (and *.discordsays.com) to this module's
local HTTPS server (--host-resolver-rules), which uses a certificate made at test time by the openssl CLI
(--ignore-certificate-errors, and Playwright's ignore_https_errors, accept it).

The Activity frame is https://<app id>.discordsays.com/?frame_id=…&instance_id=…&platform=…&guild_id=…&
channel_id=…, as Discord frames it; this server plays Discord's proxy for that host, forwarding HTTP and the
WebSocket unchanged to the bot's web server (the Portal's URL mapping "/" -> ROOKERY_WEB_URL). So the page
runs at the origin it has in Discord: it learns the application id from its host name, its CSP's 'self' and
wss://*.discordsays.com are the ones Discord's proxy needs, and a bot killed behind the proxy looks to the page
as it would in Discord (the socket drops; the proxy answers 502 until the bot is back).

Each open() is a new browser context: a different Discord user, with their own cookies and storage.
AUTHORIZE asks the test for a code (`authorize(user_id) -> code`: the e2e fake Discord mints real ones; a stub
server makes its own). Use from async tests (Playwright's async API on the test's loop, as tests/web does).
"""
from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import shutil
import ssl
import subprocess
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
from aiohttp import WSMsgType, web

from tests.support.browser import DESKTOP, chromium_path

PARENT = Path(__file__).with_name("activity_parent")


def why_no_openssl() -> str | None:
    return None if shutil.which("openssl") else "the openssl command is not installed (for the test certificate)"


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for discord.com and *.discordsays.com, made now (never committed)."""
    cert, key = folder / "discord.pem", folder / "discord.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=discord.com", "-keyout", str(key), "-out", str(cert),
                    "-addext", "subjectAltName=DNS:discord.com,DNS:*.discordsays.com"],
                   check=True, capture_output=True)
    return cert, key


@dataclass
class User:
    id: str
    username: str
    locale: str = "en-US"


@dataclass
class ActivityPage:
    """One user's Discord window: `page` is the parent (discord.com), `frame` the Activity inside it."""
    user: User
    context: object
    page: object
    received: list[dict] = field(default_factory=list)   # every WebSocket message the Activity received
    sent: list[dict] = field(default_factory=list)       # and every one it sent

    @property
    def frame(self):
        return next(f for f in self.page.frames if f.parent_frame is not None)

    async def state(self) -> dict:
        return await self.frame.evaluate("() => Object.assign({}, document.getElementById('activity').dataset)")

    async def wait_for(self, script: str, arg=None, timeout: float = 30_000):
        """Waits until `script` (a JS function of the Activity's #activity element and arg) is true."""
        await (await self.frame_when_ready()).wait_for_function(
            f"a => {{ const root = document.getElementById('activity'); return root && ({script})(root, a); }}",
            arg=arg, timeout=timeout)

    async def frame_when_ready(self):
        for _ in range(200):
            frames = [f for f in self.page.frames if f.parent_frame is not None]
            if frames and frames[0].url.startswith("https://"):
                return frames[0]
            await asyncio.sleep(0.05)
        raise AssertionError("the Activity frame never loaded")

    async def live(self, timeout: float = 30_000) -> None:
        await self.wait_for("r => r.dataset.state === 'live'", timeout=timeout)

    async def stand_in(self) -> dict:
        """What the parent saw: the handshake, the SDK's messages, its subscriptions, the tokens."""
        return await self.page.evaluate("() => ({handshake: standIn.handshake, log: standIn.log,"
                                        " subscriptions: [...standIn.subscriptions], tokens: standIn.tokens})")


class StandInDiscord:
    """The HTTPS server behind https://discord.com for the browser, and the browser that uses it."""

    def __init__(self, app_id: str, authorize: Callable[[str], str | Awaitable[str]], folder: Path) -> None:
        self.app_id = str(app_id)
        self.authorize = authorize
        self.folder = folder
        self.pages: list[ActivityPage] = []
        self.authorized: list[str] = []  # the user ids AUTHORIZE was asked for, in order

    async def __aenter__(self) -> "StandInDiscord":
        cert, key = make_certificate(self.folder)
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(cert, key)
        self.upstream: str | None = None   # the bot's web root, behind <app id>.discordsays.com
        self.client = aiohttp.ClientSession(auto_decompress=False)
        app = web.Application(middlewares=[self._discordsays])
        app.router.add_get("/stand-in/client.js", self._script)
        app.router.add_post("/stand-in/authorize", self._authorize)
        app.router.add_get("/activities/{app}", self._parent)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0, ssl_context=tls)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        from playwright.async_api import async_playwright
        self._pw = await async_playwright().start()
        rules = f"MAP discord.com 127.0.0.1:{self.port}, MAP *.discordsays.com 127.0.0.1:{self.port}"
        self.browser = await self._pw.chromium.launch(
            executable_path=chromium_path(), headless=True,
            args=["--no-sandbox", "--disable-gpu", f"--host-resolver-rules={rules}", "--ignore-certificate-errors"])
        return self

    async def __aexit__(self, *exc) -> None:
        await self.browser.close()
        await self._pw.stop()
        await self.runner.cleanup()
        await self.client.close()

    # ---- Discord's proxy for https://<app id>.discordsays.com: HTTP and WebSockets, forwarded unchanged
    KEEP = ("Content-Type", "Content-Security-Policy", "X-Content-Type-Options", "Cache-Control",
            "Referrer-Policy", "X-Frame-Options")

    @web.middleware
    async def _discordsays(self, request: web.Request, handler):
        if not request.host.split(":")[0].endswith(".discordsays.com"):
            return await handler(request)
        if self.upstream is None:
            return web.Response(status=502, text="no URL mapping")
        target = self.upstream.rstrip("/") + request.path_qs
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._proxy_socket(request, target)
        headers = {k: v for k, v in request.headers.items() if k in ("Content-Type", "Accept-Language")}
        try:
            async with self.client.request(request.method, target, data=await request.read(), headers=headers,
                                           allow_redirects=False) as answer:
                body = await answer.read()
                kept = {k: v for k, v in answer.headers.items() if k in self.KEEP}
                return web.Response(status=answer.status, body=body, headers=kept)
        except aiohttp.ClientError:
            return web.Response(status=502, text="the Activity's server is unreachable")

    async def _proxy_socket(self, request: web.Request, target: str) -> web.WebSocketResponse:
        page = web.WebSocketResponse()
        await page.prepare(request)
        try:
            async with self.client.ws_connect(target.replace("http", "ws", 1)) as bot:
                async def down():
                    async for message in bot:
                        if message.type == WSMsgType.TEXT:
                            await page.send_str(message.data)
                    await page.close(code=bot.close_code or 1000)
                pump = asyncio.create_task(down())
                async for message in page:
                    if message.type == WSMsgType.TEXT:
                        await bot.send_str(message.data)
                await bot.close()
                pump.cancel()
                with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                    await pump
        except (aiohttp.ClientError, ConnectionError):
            pass
        if not page.closed:
            await page.close(code=1011)
        return page

    async def _script(self, request: web.Request) -> web.Response:
        return web.Response(body=(PARENT / "client.js").read_bytes(), content_type="text/javascript")

    async def _parent(self, request: web.Request) -> web.Response:
        return web.Response(body=(PARENT / "index.html").read_bytes(), content_type="text/html")

    async def _authorize(self, request: web.Request) -> web.Response:
        user = str(json.loads(await request.text())["user"])
        self.authorized.append(user)
        code = self.authorize(user)
        if inspect.isawaitable(code):
            code = await code
        return web.json_response({"code": code})

    async def open(self, user: User, activity: str, *, instance_id: str, channel_id: str,
                   guild_id: str | None = None, viewport: dict = DESKTOP, platform: str = "desktop") -> ActivityPage:
        """`user` opens the Activity in a fresh browser context; `activity` is the bot's web root (what the
        Portal's URL mapping names), reached through https://<app id>.discordsays.com."""
        query = {"frame_id": str(uuid.uuid4()), "instance_id": instance_id, "platform": platform,
                 "channel_id": channel_id}
        if guild_id:
            query["guild_id"] = guild_id
        self.upstream = activity
        url = f"https://{self.app_id}.discordsays.com/?" + urlencode(query)
        context = await self.browser.new_context(viewport=viewport, device_scale_factor=1, ignore_https_errors=True)
        page = await context.new_page()
        opened = ActivityPage(user, context, page)

        def on_socket(ws) -> None:
            if ws.url.endswith("/api/ws"):
                ws.on("framereceived", lambda payload: opened.received.append(_json(payload)))
                ws.on("framesent", lambda payload: opened.sent.append(_json(payload)))
        page.on("websocket", on_socket)
        self.pages = [p for p in self.pages if not p.page.is_closed()] + [opened]
        everyone = [{"id": p.user.id, "username": p.user.username} for p in self.pages]
        config = {"activity": url, "app_id": self.app_id, "locale": user.locale, "participants": everyone,
                  "user": {"id": user.id, "username": user.username, "global_name": user.username}}
        await page.goto(f"https://discord.com/activities/{self.app_id}?" + urlencode({"config": json.dumps(config)}))
        for other in self.pages[:-1]:  # the others' clients hear that someone joined
            await other.page.evaluate("list => standIn.setParticipants(list)", everyone)
        return opened


def _json(payload) -> dict:
    try:
        return json.loads(payload)
    except (TypeError, ValueError):
        return {"unparsed": str(payload)[:200]}


async def answered(page, ref: int, timeout: float = 20) -> dict:
    """The server's answer ("done"/"refused") to the page's message `ref`."""
    for _ in range(int(timeout / 0.025)):
        found = next((m for m in page.received if m.get("ref") == ref and m.get("kind") in ("done", "refused")), None)
        if found:
            return found
        await asyncio.sleep(0.025)
    raise AssertionError(f"no answer to {ref}")


async def click_a_move(page) -> dict | None:
    """What a player does on the page: a bundle's button, else a highlighted card (its menu's first entry when
    several actions aim at it), else toggles up to the least a grouped choice takes, then Confirm, else the first
    choice's button. The server's answer, or None when the page offers nothing."""
    frame = page.frame
    sent = int((await page.state()).get("sent") or 0)
    # Beside the Lodge the plain list is folded under "All choices": the player opens it, as a person would.
    await frame.evaluate("() => document.querySelectorAll('details.all-choices').forEach(d => { d.open = true; })")
    bundles, cards = frame.locator("#choices button.bundle"), frame.locator("button.card.legal")
    toggles, actions = frame.locator("#choices button.toggle"), frame.locator("#choices button.action")
    if await bundles.count():
        await bundles.first.click()
    elif await cards.count():
        await cards.first.click()
        if await frame.locator("#menu").count():
            await frame.locator("#menu button.action").first.click()
    elif await toggles.count():
        confirm = frame.locator("#choices button.confirm")
        for toggle in await toggles.all():
            if await confirm.is_enabled():
                break
            await toggle.click()
        await confirm.click()
    elif await actions.count():
        await actions.first.click()
    else:
        return None
    now = int((await page.state()).get("sent") or 0)
    return await answered(page, now) if now > sent else None
