"""A small stand-in for the Activity's server side (issue 35's contract: GET /, /activity/<file>, /api/token,
/api/session, /api/ws), over a real TableService and real tables, for the page's browser tests while the bot's
own server (helper act-server's bot/web/) is built. It follows the contract's message shapes and moves a table
through the same TableService.click as chat; it checks codes and sessions only as far as the tests need (a code
is "code-<user id>", a token "token-<user id>", a session "session-<user id>").

The frames: present/web/frames.build() for the user's seat (None: a spectator), with "me", "choices" (every
legal action, labelled as chat labels it, with its target), "cards" and "lodge" as the contract says. Targets
come from present/web/targets.py; for a game without present/<game>/activity.py yet, an action naming a
"card" targets that card (Raven's do), so the page's cards can be tested now.
"""
from __future__ import annotations

import json
from pathlib import Path

from aiohttp import WSMsgType, web

from bot import render
from bot.seating import Seating
from bot.service import TableService
from bot.table import Actor, Pick
from present import fmt
from present.i18n import reading, resolve
from present.web import frames, targets

ASSETS = Path(__file__).resolve().parents[2] / "present" / "web" / "activity"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self' ws: wss: https://discord.com https://*.discordsays.com; "
       "frame-ancestors https://discord.com https://*.discordsays.com")
PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rookery</title><link rel="stylesheet" href="/activity/style.css">
<script src="/activity/sdk.js" defer></script><script src="/activity/app.js" defer></script>
</head><body><main id="app"></main></body></html>"""  # the server's shell (bot/web/activity/routes.py)
TYPES = {".js": "text/javascript", ".css": "text/css", ".html": "text/html"}


class StubServer:
    def __init__(self, service: TableService, app_id: str, names: dict[str, str], channel_id: int = 10) -> None:
        self.service = service
        self.seating = Seating(service)
        self.app_id = app_id
        self.names = names                 # user id -> display name
        self.channel_id = channel_id
        self.table = None
        self.sockets: dict[web.WebSocketResponse, tuple[str, str]] = {}  # socket -> (user id, language)
        self.moves: list[dict] = []       # every move/lobby message received, with its user
        self.hellos: list[dict] = []
        self.sessions_issued: list[str] = []
        self.expire: set[str] = set()     # users whose next hello is refused: their session "expired"

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self.index)
        app.router.add_get("/activity/{name}", self.asset)
        app.router.add_post("/api/token", self.token)
        app.router.add_post("/api/session", self.session)
        app.router.add_get("/api/ws", self.ws)
        return app

    async def index(self, request: web.Request) -> web.Response:
        return web.Response(text=PAGE, content_type="text/html", headers={"Content-Security-Policy": CSP})

    async def asset(self, request: web.Request) -> web.Response:
        path = ASSETS / request.match_info["name"]
        if path.suffix not in TYPES or not path.is_file():
            raise web.HTTPNotFound()
        return web.Response(body=path.read_bytes(), content_type=TYPES[path.suffix],
                            headers={"X-Content-Type-Options": "nosniff"})

    async def token(self, request: web.Request) -> web.Response:
        code = (await request.json()).get("code", "")
        if not code.startswith("code-"):
            return web.json_response({"error": "invalid code"}, status=400)
        return web.json_response({"access_token": "token-" + code[5:]})

    async def session(self, request: web.Request) -> web.Response:
        body = await request.json()
        user = body.get("access_token", "")[6:]
        if user not in self.names or not body.get("instance_id"):
            return web.json_response({"error": "not in this Activity"}, status=401)
        self.sessions_issued.append(user)
        return web.json_response({"session": "session-" + user, "user": {"id": user, "name": self.names[user]}})

    # ---- the socket
    async def ws(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break
            data = json.loads(message.data)
            if data.get("kind") == "hello":
                user = str(data.get("session", ""))[8:]
                if user in self.expire:
                    self.expire.discard(user)
                    await ws.send_json({"kind": "error", "message": "Your session has expired."})
                    await ws.close(code=1008)
                    break
                if user not in self.names:
                    await ws.send_json({"kind": "error", "message": "Sign in again."})
                    await ws.close(code=1008)
                    break
                self.hellos.append(dict(data, user=user))
                self.sockets[ws] = (user, resolve(data.get("locale")))
                await ws.send_json(self.message_for(user, self.sockets[ws][1]))
            elif ws in self.sockets:
                user = self.sockets[ws][0]
                self.moves.append(dict(data, user=user))
                answer = await self.handle(user, data)
                await ws.send_json(answer)
                if answer["kind"] == "done":
                    await self.broadcast()
        self.sockets.pop(ws, None)
        return ws

    async def drop_all(self) -> None:
        """Closes every page's socket (a proxy or network hiccup)."""
        for ws in list(self.sockets):
            await ws.close(code=1001)

    async def broadcast(self) -> None:
        for ws, (user, lang) in list(self.sockets.items()):
            if not ws.closed:
                await ws.send_json(self.message_for(user, lang))

    async def handle(self, user: str, data: dict) -> dict:
        ref = data.get("ref")
        try:
            if data.get("kind") == "lobby":
                await self.lobby_do(user, data)
            else:
                table = self.table
                seat = self.seat_of(user)
                if table is None or seat is None:
                    return {"kind": "refused", "ref": ref, "message": "You have no seat at this table."}
                pick = (Pick(bundle=data["bundle"]) if "bundle" in data
                        else Pick(indexes=tuple(data["actions"])) if "actions" in data
                        else Pick(indexes=(data["action"],)))
                async with table.lock:
                    await self.service.click(table, seat, int(user), data.get("prompt", ""), pick)
        except Exception as refusal:  # the service's refusals (OutOfDate…): said, nothing changed
            return {"kind": "refused", "ref": ref, "message": f"Refused: {type(refusal).__name__}"}
        return {"kind": "done", "ref": ref}

    async def lobby_do(self, user: str, data: dict) -> None:
        actor = Actor(int(user), self.names[user])
        what = data.get("do")
        if what == "open" and self.table is None:
            self.table = await self.seating.create_lobby(1, self.channel_id, actor, data["game"], None, 300)
        elif what == "join":
            await self.seating.join(self.table, int(user), self.names[user])
        elif what == "bot":
            await self.seating.add_bot(self.table, actor)
        elif what == "start":
            await self.service.start(self.table)
        else:
            raise ValueError(what)

    def seat_of(self, user: str) -> str | None:
        if self.table is None:
            return None
        return next((s.seat for s in self.table.seats if s.user_id == int(user)), None)

    # ---- what one user sees
    def message_for(self, user: str, lang: str) -> dict:
        with reading(lang):
            table = self.table
            if table is None or table.status == "lobby":
                return {"kind": "lobby", "lobby": self.lobby(user)}
            return {"kind": "frame", "frame": self.frame(user)}

    def lobby(self, user: str) -> dict:
        table = self.table
        seats = [] if table is None else [{"name": s.name, "bot": s.user_id is None} for s in table.seats]
        joined = table is not None and self.seat_of(user) is not None
        return {"table": table.id if table else None, "game": table.game_key if table else None,
                "title": table.game.title if table else "Rookery", "seats": seats, "joined": joined,
                "can_join": table is not None and not joined, "can_start": joined and len(seats) >= 2,
                "can_add_bot": table is not None, "games": [{"key": "raven", "title": "Raven"}],
                "text": "" if table is None else f"table #{table.id}"}

    def frame(self, user: str) -> dict:
        table = self.table
        seat = self.seat_of(user)
        log = [fmt.plain_line(x) for x in render.log_lines(table, seat, 40)]
        frame = frames.build(table, seat, log)
        frame["me"] = {"seat": seat, "name": self.names[user]}
        frame["choices"] = frame["cards"] = frame["lodge"] = None
        legal = table.pending().get(seat, []) if seat else []
        if seat and legal:
            view = table.frame().view(seat)
            found = targets.interactive(table.game_key, view, legal, table.names)
            aims = [t or ({"card": a["card"]} if isinstance(a.get("card"), str) else {})
                    for t, a in zip(found["targets"], legal)]
            ch = render.choices(table, seat)
            frame["choices"] = {
                "prompt": table.frame().prompt_key(seat), "ask": ch.placeholder,
                "actions": [{"index": i, "label": ch.labels[i], **aims[i]} for i in range(len(legal))],
                "bundles": [{"n": n, "label": b.label} for n, b in enumerate(ch.bundles or [])],
                "together": ({"indexes": ch.together[0], "min": ch.together[1], "max": ch.together[2]}
                             if ch.together else None)}
            frame["lodge"] = found["lodge"]
            frame["cards"] = found["cards"] or self.cards(table, seat, legal)
        elif seat:
            frame["cards"] = self.cards(table, seat, [])
        return frame

    def cards(self, table, seat: str, legal: list[dict]) -> list[dict] | None:
        """The seat's hand as cards for a game without present/<game>/activity.py (Raven: its view's hand)."""
        if table.game_key != "raven":
            return None
        from present.raven.presenter import card_name
        view = table.frame().view(seat)
        theme = view.get("theme")
        hand = view.get("hand") or [a["card"] for a in legal if "card" in a]
        return [{"id": c, "label": card_name(c, theme)} for c in hand]
