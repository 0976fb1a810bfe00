"""The Activity's HTTP side, added to the watch page's aiohttp app (bot/web/server.py) when ROOKERY_ACTIVITY=1.

    GET  /                the Activity's page (Discord maps "/" of <app id>.discordsays.com here)
    GET  /activity/<file> its scripts and styles, from present/web/activity/
    POST /api/token       {"code"} -> {"access_token"}: the code exchanged with the application's secret
    POST /api/session     {"access_token", "instance_id"} -> {"session", "user": {"id", "name"}}
    GET  /api/ws          the WebSocket (play.py)

Every refusal is JSON {"error": "<clear text in the reader's language>"} with a fitting status, changes
nothing and logs no traceback. The page is served with a Content Security Policy that lets it run only its
own scripts and talk only to its own origin and Discord's.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import web

from bot.web.activity.auth import DiscordSignIn, SignInRefused
from bot.web.activity.play import Play
from bot.web.activity.sessions import Sessions
from bot.web.server import HEADERS, reader_language
from present.i18n import mark, reading, tr

ASSETS = Path(__file__).resolve().parents[3] / "present" / "web" / "activity"
ASSET_NAME = re.compile(r"[a-z0-9][a-z0-9_.-]{0,60}\.(js|css|html|svg|png|webp|woff2|json|map|txt)")
TYPES = {"js": "text/javascript", "css": "text/css", "html": "text/html", "txt": "text/plain",
         "svg": "image/svg+xml", "png": "image/png",
         "webp": "image/webp", "woff2": "font/woff2", "json": "application/json", "map": "application/json"}
INSTANCE_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")
MAX_CODE = 512
DISCORD_ORIGINS = "https://discord.com https://*.discord.com https://discordapp.com https://*.discordapp.com"
PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rookery</title>
<link rel="stylesheet" href="/activity/style.css">
<script src="/activity/sdk.js" defer></script>
<script src="/activity/app.js" defer></script>
</head><body><main id="app"></main></body></html>
"""
NOT_JSON = mark("The page sent something the server does not understand.")
NO_SUCH_FILE = mark("There is no such file.")


def activity_csp(web_url: str) -> str:
    """Only the page's own scripts; connections to its own origin (http and WebSocket) and Discord's; framed
    only by Discord."""
    host = urlsplit(web_url).netloc
    own = f"https://{host} wss://{host}" if host else ""
    return ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: "
            "https://cdn.discordapp.com; font-src 'self'; "
            f"connect-src 'self' {own} {DISCORD_ORIGINS} https://*.discordsays.com wss://*.discordsays.com; "
            f"frame-ancestors {DISCORD_ORIGINS}; base-uri 'none'; form-action 'none'")


class ActivityRoutes:
    def __init__(self, sign_in: DiscordSignIn, sessions: Sessions, play: Play, web_url: str,
                 assets: Path = ASSETS) -> None:
        self.sign_in = sign_in
        self.sessions = sessions
        self.play = play
        self.csp = activity_csp(web_url)
        self.assets = assets

    def mount(self, app: web.Application) -> None:
        app.router.add_get("/", self.page)
        app.router.add_get("/activity/{name}", self.asset)
        app.router.add_post("/api/token", self.token)
        app.router.add_post("/api/session", self.session)
        app.router.add_get("/api/ws", self.play.serve)
        app.on_shutdown.append(lambda app: self.play.close_all())
        app.on_cleanup.append(lambda app: self.sign_in.close())

    # ---- the page and its files
    async def page(self, request: web.Request) -> web.Response:
        return web.Response(text=PAGE, content_type="text/html",
                            headers={**HEADERS, "Content-Security-Policy": self.csp})

    async def asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        found = ASSET_NAME.fullmatch(name)
        path = self.assets / name
        if found is None or not path.is_file():
            return self.error(request, 404, NO_SUCH_FILE)
        return web.Response(body=path.read_bytes(), content_type=TYPES[found[1]],
                            headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache",
                                     "Content-Security-Policy": self.csp})

    # ---- sign-in
    async def token(self, request: web.Request) -> web.Response:
        body = await self.json_body(request)
        code = body.get("code") if body is not None else None
        if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE:
            return self.error(request, 400, NOT_JSON)
        try:
            access = await self.sign_in.exchange(code)
        except SignInRefused as refused:
            return self.error(request, refused.status, refused.text)
        return self.ok({"access_token": access})

    async def session(self, request: web.Request) -> web.Response:
        body = await self.json_body(request)
        access = body.get("access_token") if body is not None else None
        instance = body.get("instance_id") if body is not None else None
        if not isinstance(access, str) or not 0 < len(access) <= MAX_CODE or not isinstance(instance, str) \
                or not INSTANCE_ID.fullmatch(instance):
            return self.error(request, 400, NOT_JSON)
        try:
            who = await self.sign_in.identify(access, instance)
        except SignInRefused as refused:
            return self.error(request, refused.status, refused.text)
        session = self.sessions.issue(who.user_id, who.channel_id, who.guild_id, who.name)
        return self.ok({"session": session, "user": {"id": str(who.user_id), "name": who.name}})

    @staticmethod
    async def json_body(request: web.Request) -> dict | None:
        """The request's JSON object, or None (not JSON, not an object, or over the app's 4 KiB)."""
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError, web.HTTPRequestEntityTooLarge):
            return None
        return body if isinstance(body, dict) else None

    @staticmethod
    def ok(payload: dict) -> web.Response:
        return web.Response(text=json.dumps(payload, ensure_ascii=False), content_type="application/json",
                            headers=HEADERS)

    @staticmethod
    def error(request: web.Request, status: int, text: str) -> web.Response:
        """A refusal in the visitor's language (Accept-Language, as the watch page's)."""
        with reading(reader_language(request)):
            said = tr(text)
        return web.Response(status=status, text=json.dumps({"error": said}, ensure_ascii=False),
                            content_type="application/json", headers=HEADERS)
