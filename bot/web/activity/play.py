"""The Activity's WebSocket: one connection per open Activity, each speaking for one signed-in member.

A connection is admitted by its first message, a hello carrying a valid session (sessions.py); from then on
it gets its member's view of the channel's table (views.py) after every change, and may send moves and
lobby actions. Pages in one channel form one group: `changed(table)` (the publisher's hook, told at each
pass once the commit is on disk and any hold is over; and the lobby's, after each lobby change) queues one
push task per channel, which sends each page its own frame. Changes made during a push go out in one more.

A move is chat's own path: under the table's lock, TableService.click (the holder, the prompt and the offer
checks, the move, the bots' replies, the commit), then the Discord side's publish of the Outcome (`Door`),
so the board, the DMs, the watch pages and every Activity update from that one outcome.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from aiohttp import WSMsgType, web

from bot import errors, render
from bot.render import ChoicePolicy
from bot.seating import Seating
from bot.service import TableService
from bot.table import Actor, Outcome, Pick, Table
from bot.web.activity.sessions import Session, Sessions
from bot.web.activity.views import frame_message, lobby_message, reader_of, warm_pictures
from present.i18n import mark, reading, resolve, tr

log = logging.getLogger("rookery.activity")
MAX_MESSAGE = 2048          # characters: a move is under 100, a hello under 400
MAX_SOCKET_FRAME = 65536    # bytes aiohttp reads before it closes with 1009 itself
BURST = 20                  # messages one page may send at once...
PER_SECOND = 4.0            # ...refilled at this rate: a fast player clicks about 2 a second
HELLO_WITHIN = 15           # seconds to say hello before the socket is closed
PAGES_PER_USER = 8          # open at once for one member (a few devices); Discord's proxy hides addresses
POLICY_VIOLATION = 1008
LOBBY_VERBS = ("open", "join", "leave", "bot", "start")

NO_SESSION = mark("Your Activity session is missing, invalid or expired: close the Activity and open it again.")
NOT_UNDERSTOOD = mark("The page sent something the server does not understand: this connection is closed.")
TOO_LONG = mark("The page sent a message that is too long: this connection is closed.")
TOO_MANY = mark("Too many messages: this connection is closed.")
TOO_MANY_PAGES = mark("You have too many Activities open: close some, then try again.")
NOT_YOURS = mark("That seat is not yours: you can only move for your own seat.")


@dataclass
class Door:
    """What the Discord side does after a change made here (bot/app.py wires cogs/activity.py to it)."""

    publish: Callable[[Table, Outcome], Awaitable[None]]         # Changes.publish: board, DMs, pings, watchers
    lobby_changed: Callable[[Table], Awaitable[None]]            # the lobby message is edited
    lobby_opened: Callable[[Table], Awaitable[None]]             # a lobby message is posted in the channel
    started: Callable[[Table, Outcome], Awaitable[None]]         # as chat's Start: the lobby closes, the board goes out
    policy: Callable[[str], ChoicePolicy]                        # the game cog's choice policy
    held: Callable[[Table], bool] = lambda table: False          # the publisher keeps the table's messages back
    # Who the member is in the server, as chat's interactions say it (name, roles, channel permissions), for
    # the lobby's rules: (user id, server id, channel id, session name) -> Actor.
    actor: Callable[[int, int | None, int, str], Awaitable[Actor]] | None = None


@dataclass(eq=False)
class Page:
    socket: web.WebSocketResponse
    session: Session
    lang: str
    pictures: set[str] = field(default_factory=set)   # picture keys this page already has
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    shown: tuple = ()                                  # what it was last sent: a frame's key, or ("lobby", …)
    frame_shown: tuple = ()                            # the last frame's ("frame", table id, frame key, seat)
    tokens: float = BURST
    refilled: float = field(default_factory=time.monotonic)

    def allow(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * PER_SECOND)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Refused(Exception):
    """A message that closes the socket (after an "error" saying why)."""


class Play:
    def __init__(self, service: TableService, seating: Seating, sessions: Sessions, door: Door) -> None:
        self.service = service
        self.seating = seating
        self.sessions = sessions
        self.door = door
        self.pages: dict[int, list[Page]] = {}     # channel id -> its open Activities
        self._last: dict[int, Table] = {}          # channel id -> its table as last changed (a finished one too)
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self._public: dict[tuple[int, tuple, str], dict] = {}  # (table, frame key, language) -> its public frame

    # ---- the hook (no awaiting here)
    def changed(self, table: Table) -> None:
        channel = table.channel_id
        if not self.pages.get(channel):
            return
        self._last[channel] = table
        task = self._tasks.get(channel)
        if task is not None and not task.done():
            self._again.add(channel)
            return
        self._tasks[channel] = asyncio.get_running_loop().create_task(self._push(channel),
                                                                      name=f"rookery-activity-{channel}")

    async def _push(self, channel: int) -> None:
        try:
            while True:
                self._again.discard(channel)
                await asyncio.gather(*(self.show(page) for page in list(self.pages.get(channel, ()))))
                if channel not in self._again:
                    return
        except Exception:  # one bad pass must not stop the later ones
            log.exception("pushing channel %s to its Activities failed", channel)

    # ---- what a page is shown
    async def show(self, page: Page, seen: int | None = None) -> None:
        """Send the page its view now, unless it has it (`seen`: the version a hello says it has)."""
        channel = page.session.channel_id
        table = self.service.in_channel(channel)
        if table is None:
            last = self._last.get(channel)
            if last is not None and last.status == "over" and last.state is not None:
                await self._show_frame(page, last, seen)  # the finished game's last frame (its result)...
            return await self._show_lobby(page, None)       # ...then the lobby, to open another
        if table.state is None:
            return await self._show_lobby(page, table)
        await self._show_frame(page, table, seen)

    async def _show_lobby(self, page: Page, table: Table | None) -> None:
        with reading(page.lang):
            message = lobby_message(table, page.session.user_id, self.service.serves)
        shown = ("lobby", json.dumps(message, sort_keys=True))
        if shown != page.shown:
            await self.send(page, message, shown)

    async def _show_frame(self, page: Page, table: Table, seen: int | None) -> None:
        if self.door.held(table):
            return  # a held reaction window: the page learns no more, and no sooner, than the channel
        for _ in range(3):  # a change may land while the pictures are drawn: build from the newest frame
            # the frame's key, not only the version: a pause or a seat changing hands keeps the version
            shown = ("frame", table.id, table.frame_key(), reader_of(table, page.session.user_id))
            if shown == page.frame_shown:
                return
            if seen == table.version and page.shown == ():  # a reconnected page that has this version
                page.shown = page.frame_shown = shown
                return
            frame = table.frame()
            await warm_pictures(table, frame, shown[3], page.lang)
            if table.frame() is frame:
                break
        frame = table.frame()  # (after three changes in a row, what pictures it lacks are drawn here)
        shown = ("frame", table.id, table.frame_key(), reader_of(table, page.session.user_id))
        message = self._public.get((table.id, shown[2], page.lang)) if shown[3] is None else None
        if message is None:
            with reading(page.lang):
                message = frame_message(table, frame, page.session.user_id, page.session.name,
                                        self.door.policy(table.game_key))
            if shown[3] is None:  # the public frame: built once per version and language for every spectator
                self._public = {key: m for key, m in self._public.items() if key[0] != table.id or
                                key[1] == shown[2]}
                self._public[(table.id, shown[2], page.lang)] = message
        message = {"kind": "frame", "frame": {**message["frame"], "me": {"seat": shown[3], "name": page.session.name}}}
        self._lean(page, message["frame"])
        await self.send(page, message, shown)
        page.frame_shown = shown

    @staticmethod
    def _lean(page: Page, data: dict) -> None:
        """A picture's bytes go to a page once: after that, its key alone (the page keeps pictures by key)."""
        for name in ("picture", "hand_picture"):
            picture = data.get(name)
            if picture is None:
                continue
            if picture["key"] in page.pictures:
                data[name] = {"key": picture["key"]}
            else:
                page.pictures.add(picture["key"])

    @staticmethod
    async def send(page: Page, message: dict, shown: tuple | None = None) -> None:
        async with page.sending:
            if page.socket.closed:
                return
            try:
                await page.socket.send_str(json.dumps(message, ensure_ascii=False, separators=(",", ":")))
            except (ConnectionError, RuntimeError):  # gone meanwhile: its handler cleans up
                return
            if shown is not None:
                page.shown = shown

    # ---- the socket
    async def serve(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_SOCKET_FRAME, heartbeat=30, compress=False)
        await ws.prepare(request)
        page: Page | None = None
        try:
            page = await self._hello(ws)
            if page is None:
                return ws
            await self._listen(page)
        finally:
            if page is not None:
                self._leave(page)
        return ws

    async def _hello(self, ws: web.WebSocketResponse) -> Page | None:
        try:
            message = await ws.receive(timeout=HELLO_WITHIN)
        except asyncio.TimeoutError:
            await self._close(ws, "en", NO_SESSION)
            return None
        if message.type != WSMsgType.TEXT:
            if message.type not in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                await self._close(ws, "en", NOT_UNDERSTOOD)
            return None
        try:
            hello = self._parse(message.data, "en")
            if hello.get("kind") != "hello":
                raise Refused(NOT_UNDERSTOOD)
            lang = language(hello.get("locale"))
            session = self.sessions.read(hello.get("session"))
            if session is None:
                raise Refused(NO_SESSION)
            if self.open_for(session.user_id) >= PAGES_PER_USER:
                raise Refused(TOO_MANY_PAGES)
            seen = version_of(hello)
        except Refused as refused:
            await self._close(ws, language(_locale_of(message.data)), str(refused))
            return None
        page = Page(ws, session, lang)
        self.pages.setdefault(session.channel_id, []).append(page)  # counted at once (hellos arriving together)
        try:
            await self.show(page, seen)
        except BaseException:
            self._leave(page)
            raise
        return page

    async def _listen(self, page: Page) -> None:
        async for message in page.socket:  # ends on close (and on a frame over MAX_SOCKET_FRAME: 1009)
            try:
                if message.type != WSMsgType.TEXT:
                    raise Refused(NOT_UNDERSTOOD)
                if not page.allow(time.monotonic()):
                    raise Refused(TOO_MANY)
                data = self._parse(message.data, page.lang)
                kind = data.get("kind")
                if kind == "hello":
                    await self.show(page, version_of(data))
                elif kind == "move":
                    await self._answer(page, data, self.move)
                elif kind == "lobby":
                    await self._answer(page, data, self.lobby)
                else:
                    raise Refused(NOT_UNDERSTOOD)
            except Refused as refused:
                return await self._close(page.socket, page.lang, str(refused))

    @staticmethod
    def _parse(data: str, lang: str) -> dict:
        if len(data) > MAX_MESSAGE:
            raise Refused(TOO_LONG)
        try:
            message = json.loads(data)
        except ValueError:
            raise Refused(NOT_UNDERSTOOD) from None
        if not isinstance(message, dict) or not isinstance(message.get("kind"), str):
            raise Refused(NOT_UNDERSTOOD)
        return message

    async def _close(self, ws: web.WebSocketResponse, lang: str, text: str) -> None:
        with reading(lang):
            said = tr(text)
        if not ws.closed:
            try:
                await ws.send_str(json.dumps({"kind": "error", "message": said}, ensure_ascii=False))
            except (ConnectionError, RuntimeError):
                pass
            await ws.close(code=POLICY_VIOLATION, message=text.split(":")[0].encode()[:120])

    def open_for(self, user_id: int) -> int:
        return sum(1 for pages in self.pages.values() for page in pages if page.session.user_id == user_id)

    def _leave(self, page: Page) -> None:
        channel = page.session.channel_id
        pages = self.pages.get(channel, [])
        if page in pages:
            pages.remove(page)
        if not pages:
            self.pages.pop(channel, None)
            gone = self._last.pop(channel, None) or self.service.in_channel(channel)
            if gone is not None:
                self._public = {key: m for key, m in self._public.items() if key[0] != gone.id}

    async def close_all(self) -> None:
        for pages in list(self.pages.values()):
            for page in list(pages):
                await page.socket.close(code=1001, message=b"server restarting")

    # ---- moves and lobby actions: "done" once committed, else "refused" with why
    async def _answer(self, page: Page, data: dict, act: Callable[[Page, dict], Awaitable[Table]]) -> None:
        ref = data.get("ref")
        if not isinstance(ref, int) or isinstance(ref, bool) or not 0 <= ref < 2**53:
            raise Refused(NOT_UNDERSTOOD)
        try:
            table = await act(page, data)
        except errors.Refusal as refusal:
            with reading(page.lang):
                said = refusal.message()
            return await self.send(page, {"kind": "refused", "ref": ref, "message": said})
        await self.send(page, {"kind": "done", "ref": ref})
        self.changed(table)  # the lobby's pages (a move's frames follow the publisher's pass)

    async def move(self, page: Page, data: dict) -> Table:
        pick, prompt = pick_of(data)
        session = page.session
        table = self.service.here(session.channel_id)
        async with self.service.locked(table):
            seat = table.seat_of(session.user_id)
            named = data.get("seat")
            if named is not None:
                if not isinstance(named, str) or all(s.seat != named for s in table.seats):
                    raise Refused(NOT_UNDERSTOOD)
                if seat is None or seat.seat != named:
                    raise errors.Refusal(NOT_YOURS)
            if seat is None:
                raise errors.NotSeated()
            if len(pick.indexes) > 1 and prompt == self.service.prompt_key(table, seat.seat):
                self.service.require_holder(table, seat.seat, session.user_id)
                self._require_together(table, seat.seat, pick, page.lang)
            outcome = await self.service.click(table, seat.seat, session.user_id, prompt, pick)
            # Committed: nothing may stop the publish now (as chat's Clicks.move).
            await self.door.publish(table, outcome)
        return table

    def _require_together(self, table: Table, seat_id: str, pick: Pick, lang: str) -> None:
        """Several actions at once only as the prompt groups them (chat's multi-select: its indexes, min, max)."""
        with reading(lang):
            offered = render.choices(table, seat_id, policy=self.door.policy(table.game_key))
        together = offered.together if offered else None
        if together is None or not set(pick.indexes) <= set(together[0]) \
                or not together[1] <= len(pick.indexes) <= together[2]:
            raise errors.NotOffered()

    async def lobby(self, page: Page, data: dict) -> Table:
        verb, session = data.get("do"), page.session
        if verb not in LOBBY_VERBS:
            raise Refused(NOT_UNDERSTOOD)
        actor = Actor(session.user_id, session.name) if self.door.actor is None else \
            await self.door.actor(session.user_id, session.guild_id, session.channel_id, session.name)
        if verb == "open":
            game = data.get("game")
            if not isinstance(game, str) or len(game) > 40:
                raise Refused(NOT_UNDERSTOOD)
            table = await self.seating.create_lobby(session.guild_id, session.channel_id, actor, game)
            self._last.pop(session.channel_id, None)
            async with self.service.locked(table):
                await self.door.lobby_opened(table)
            return table
        table = self.service.here(session.channel_id)
        async with self.service.locked(table, "lobby"):
            if verb == "start":
                outcome = await self.service.start(table, actor)
                await self.door.started(table, outcome)
                return table
            if verb == "join":
                await self.seating.join(table, session.user_id, actor.name)
            elif verb == "leave":
                await self.seating.leave(table, session.user_id)
            else:
                await self.seating.add_bot(table, actor)
            await self.door.lobby_changed(table)
        return table


def pick_of(data: dict) -> tuple[Pick, str]:
    """The Pick and prompt a move names; Refused if malformed (exactly one of action, actions, bundle)."""
    prompt = data.get("prompt")
    given = [name for name in ("action", "actions", "bundle") if name in data]
    if not isinstance(prompt, str) or len(prompt) > 200 or len(given) != 1:
        raise Refused(NOT_UNDERSTOOD)
    value = data[given[0]]
    values = value if given[0] == "actions" else [value]
    if not isinstance(values, list) or not 0 < len(values) <= 64 or \
            not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10_000 for v in values):
        raise Refused(NOT_UNDERSTOOD)
    if given[0] == "bundle":
        return Pick(bundle=values[0]), prompt
    return Pick(indexes=tuple(values)), prompt


def version_of(hello: dict) -> int:
    version = hello.get("version", -1)
    if not isinstance(version, int) or isinstance(version, bool) or not -1 <= version < 2**53:
        raise Refused(NOT_UNDERSTOOD)
    return version


def language(locale: Any) -> str:
    """The page's language from the Discord locale the SDK gives (en-US, de, es-ES, pt-BR, …); else English."""
    if not isinstance(locale, str) or not locale:
        return "en"
    code = resolve(locale[:20])
    if code == "en" and not locale.lower().startswith("en"):  # a browser's "de-DE", "pt-PT": the language part
        code = resolve(locale[:20].split("-")[0].lower())
    return code


def _locale_of(data: str) -> Any:
    try:
        return json.loads(data).get("locale") if len(data) <= MAX_MESSAGE else None
    except (ValueError, AttributeError):
        return None
