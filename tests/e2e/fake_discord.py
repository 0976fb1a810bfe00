"""A small in-memory fake Discord (REST /api/v10 + gateway /gateway) on 127.0.0.1.

A real discord.py bot process connects to it when its entry point sets
``discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])``.
The world (one guild, channels, users, messages, commands, interactions) lives in this object and
survives bot restarts. See /work/shared/research/discord-testing.md for the pitfalls worked around here.

Driver (test side): fake = await FakeDiscord().start(); u = await fake.add_user("ann", admin=True);
ch = await fake.add_channel("games"); bot = await BotProcess(argv, env=fake.env(), fake=fake).start();
await fake.wait_ready(); r = await fake.slash(u, ch, "game", subcommand="new", options={...});
await fake.click(u, r.original, fake.find_button(r.original, label="Join")); fake.messages(ch);
fake.dm_messages(u); await bot.kill(); await bot.start(); await fake.wait_ready(). Interaction results hold
live message dicts (they follow later edits). Anything unexpected lands in fake.unknown_routes / fake.errors.

Every request is checked against Discord's OpenAPI specification and documented limits (tests/discord_spec):
one Discord would refuse gets Discord's 400 answer and fails the test (tests/conftest.py). Errors on
purpose: fake.fail("PATCH", "/channels/*/messages/*", status=503, times=1) (see tests/faults.py; what was
answered is in fake.faults.injected). Permissions: await fake.set_channel_permissions(channel, deny=...)
and await fake.set_bot_permissions(...) change what the bot may do (enforced on sends) and tell the bot
with CHANNEL_UPDATE / GUILD_ROLE_UPDATE, as Discord does.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import signal
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from aiohttp import WSMsgType, web

from tests import discord_spec
from tests.faults import FaultPlan

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR, MANAGE_CHANNELS, MANAGE_GUILD, ADD_REACTIONS = 1 << 3, 1 << 4, 1 << 5, 1 << 6
VIEW_CHANNEL, SEND_MESSAGES, MANAGE_MESSAGES, EMBED_LINKS = 1 << 10, 1 << 11, 1 << 13, 1 << 14
ATTACH_FILES, READ_MESSAGE_HISTORY, USE_EXTERNAL_EMOJIS = 1 << 15, 1 << 16, 1 << 18
MANAGE_ROLES, USE_APPLICATION_COMMANDS, MANAGE_THREADS = 1 << 28, 1 << 31, 1 << 34
CREATE_PUBLIC_THREADS, CREATE_PRIVATE_THREADS, SEND_MESSAGES_IN_THREADS = 1 << 35, 1 << 36, 1 << 38
EVERYONE_PERMS = (VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | ADD_REACTIONS | EMBED_LINKS
                  | ATTACH_FILES | USE_EXTERNAL_EMOJIS | USE_APPLICATION_COMMANDS
                  | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS)
ADMIN_PERMS = MANAGE_GUILD | MANAGE_CHANNELS | MANAGE_MESSAGES | MANAGE_THREADS | MANAGE_ROLES
BOT_PERMS = EVERYONE_PERMS | MANAGE_CHANNELS | MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PRIVATE_THREADS
ALL_PERMS = (1 << 50) - 1
# Gateway intents that gate events (real Discord filters by them; so do we).
GUILD_MEMBERS_INTENT, PRESENCES_INTENT = 1 << 1, 1 << 8
GUILD_MESSAGES_INTENT, DM_MESSAGES_INTENT, CONTENT_INTENT = 1 << 9, 1 << 12, 1 << 15
EPHEMERAL, LOADING = 64, 128
INTERACTIVE_TYPES = {2, 3, 5, 6, 7, 8}  # button, string select, user/role/mentionable/channel selects
DISCORD_EPOCH_MS = 1420070400000
UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's upload limit per file without boosts (larger: 413, code 40005)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat()


RECEIVED = web.RequestKey("received", float)  # when a request was wholly here (monotonic seconds)


def _json(payload: Any, status: int = 200) -> web.Response:
    # Exactly "application/json": discord.py compares the header verbatim (json_response adds a charset).
    return web.Response(status=status, body=json.dumps(payload).encode(),
                        headers={"Content-Type": "application/json"})


class DiscordError(Exception):
    """Raised by a route handler; becomes a Discord-shaped JSON error response."""

    def __init__(self, status: int, code: int, message: str):
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    permissions: int = EVERYONE_PERMS  # effective guild permissions (what interactions carry)
    role_ids: list[int] = field(default_factory=list)
    bot: bool = False
    dm_closed: bool = False  # DMs to this user fail with 403 / 50007
    member: bool = True
    joined_at: str = field(default_factory=_now)

    def payload(self) -> dict:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
                "avatar": None, "bot": self.bot, "system": False, "public_flags": 0}

    def member_payload(self, *, with_permissions: bool = False) -> dict:
        payload = {"user": self.payload(), "roles": [str(r) for r in self.role_ids], "nick": None,
                   "avatar": None, "joined_at": self.joined_at, "premium_since": None, "deaf": False,
                   "mute": False, "pending": False, "flags": 0, "communication_disabled_until": None}
        if with_permissions:
            payload["permissions"] = str(self.permissions)
        return payload


@dataclass(eq=False)
class FakeChannel:
    id: int
    name: str
    type: int = 0  # 0 guild text, 1 DM
    guild_id: int | None = None
    recipient: FakeUser | None = None  # DM channels only
    message_ids: list[int] = field(default_factory=list)
    overwrites: list[dict] = field(default_factory=list)  # permission overwrites (guild channels)

    def payload(self) -> dict:
        last = str(self.message_ids[-1]) if self.message_ids else None
        if self.type == 1:
            return {"id": str(self.id), "type": 1, "last_message_id": last, "flags": 0,
                    "recipients": [self.recipient.payload()]}
        return {"id": str(self.id), "type": self.type, "name": self.name, "guild_id": str(self.guild_id),
                "position": 0, "permission_overwrites": list(self.overwrites), "parent_id": None, "topic": None,
                "nsfw": False, "rate_limit_per_user": 0, "last_message_id": last, "flags": 0}


@dataclass(eq=False)
class Interaction:
    """What the bot answered to one interaction. Message dicts are live (they follow later edits)."""
    id: int
    token: str
    type: int  # 2 application command, 3 message component, 5 modal submit
    user: FakeUser
    channel_id: int
    data: dict
    message_id: int | None = None  # the message a component/modal lived on
    callbacks: list[dict] = field(default_factory=list)  # [{"type": 4|5|6|7|9, "data": {...}}]
    original: dict | None = None  # type 4/5: the response message; type 6/7: the component's message
    followups: list[dict] = field(default_factory=list)
    modal: dict | None = None  # type 9 callback data (title, custom_id, components)
    choices: list[dict] | None = None  # type 8 autocomplete answer
    latency: float | None = None  # seconds until the bot's answer was received and processed (Discord allows 3)
    reached: float | None = None  # seconds until the answer's request had fully reached us, before we checked it
    answered: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def callback_type(self) -> int | None:
        return self.callbacks[0]["type"] if self.callbacks else None

    @property
    def content(self) -> str | None:
        return None if self.original is None else self.original["content"]

    @property
    def components(self) -> list[dict]:
        return [] if self.original is None else self.original["components"]

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and bool(self.original["flags"] & EPHEMERAL)

    @property
    def texts(self) -> list[str]:
        """Text of the response and every followup, in order (content and V2 text displays)."""
        return [message_text(m) for m in ([self.original] if self.original else []) + self.followups]


@dataclass(eq=False)
class _Session:
    id: str
    intents: int
    ws: web.WebSocketResponse | None
    seq: int = 0
    log: list[dict] = field(default_factory=list)  # every dispatch, replayed on RESUME
    invalid: bool = False


def iter_components(components: list) -> list[dict]:
    """Every interactive component (buttons, selects) inside rows, sections and containers."""
    found: list[dict] = []
    for comp in components or []:
        if comp.get("type") in INTERACTIVE_TYPES:
            found.append(comp)
        found += iter_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                found += iter_components([comp[key]])
    return found


def message_text(message: dict) -> str:
    """What a message says: its content, then every V2 text display, in order."""
    parts = [message["content"]] if message.get("content") else []

    def walk(components) -> None:
        for comp in components or []:
            if comp.get("type") == 10:
                parts.append(comp.get("content") or "")
            walk(comp.get("components"))
            if isinstance(comp.get("accessory"), dict):
                walk([comp["accessory"]])
    walk(message.get("components"))
    return "\n".join(parts)


def _number_components(components: list, counter: list[int] | None = None) -> list:
    # Discord gives every component a numeric id when the bot did not.
    counter = counter if counter is not None else [0]
    for comp in components or []:
        counter[0] += 1
        comp.setdefault("id", counter[0])
        _number_components(comp.get("components") or [], counter)
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                _number_components([comp[key]], counter)
    return components


class FakeDiscord:
    def __init__(self, *, guild_name: str = "Test Guild", bot_name: str = "Rookery"):
        self._last_snowflake = 0
        self.token = "fake-bot-token"
        self.bot = FakeUser(self._snow(), bot_name, bot=True)
        self.app_id = self.bot.id  # as on Discord: application id == bot user id
        self.guild_id = self._snow()
        self.guild_name = guild_name
        self.roles: dict[int, dict] = {}
        self._role(EVERYONE_PERMS, "@everyone", role_id=self.guild_id)
        self.bot.role_ids = [self._role(BOT_PERMS, bot_name)]
        self.bot.permissions = EVERYONE_PERMS | BOT_PERMS
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        self.channels: dict[int, FakeChannel] = {}
        self._dm_by_user: dict[int, FakeChannel] = {}
        self._messages: dict[int, dict] = {}  # every message by id, ephemeral ones included
        self._ephemeral_owner: dict[int, int] = {}
        self.uploads: dict[str, bytes] = {}  # attachment id -> the uploaded file's bytes
        self.global_commands: list[dict] = []
        self.guild_commands: list[dict] = []
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.sessions: dict[str, _Session] = {}
        self._session: _Session | None = None
        self.identify_count = self.resume_count = 0
        self._identify_mark = 0
        self._ready_session: _Session | None = None
        self.calls: list[tuple[str, str, Any]] = []  # (method, path, json body) of every REST call
        self.unknown_routes: list[str] = []  # "METHOD /path" answered 404 because we do not know them
        self.errors: list[dict] = []  # every Discord error we answered: method, path, status, code, message
        self.faults = FaultPlan()  # errors a test asked for (fail())
        self.gateway_received: list[dict] = []  # ops the bot sent (tokens removed), heartbeats excluded
        self.presence: dict | None = None
        self._last_activity = time.monotonic()
        self._in_flight = 0
        self._send_lock = asyncio.Lock()
        self._sockets: set[web.WebSocketResponse] = set()
        self._watched: list[BotProcess] = []
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes = [(set(m.split("|")), re.compile(rx), fn) for m, rx, fn in [
            ("GET", r"/users/@me", self._r_me),
            ("GET", r"/oauth2/applications/@me", self._r_app_info),
            ("GET", r"/gateway(?:/bot)?", self._r_gateway),
            ("GET|PUT", r"/applications/\d+(?:/guilds/(?P<gid>\d+))?/commands", self._r_commands),
            ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", self._r_callback),
            ("POST", r"/webhooks/\d+/(?P<token>[^/]+)", self._r_followup),
            ("GET|PATCH|DELETE", r"/webhooks/\d+/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
             self._r_webhook_message),
            ("POST", r"/users/@me/channels", self._r_open_dm),
            ("GET", r"/users/(?P<uid>\d+)", self._r_user),
            ("GET", r"/guilds/(?P<gid>\d+)/members/(?P<uid>\d+)", self._r_member),
            ("GET", r"/channels/(?P<cid>\d+)", self._r_channel),
            ("POST", r"/channels/(?P<cid>\d+)/typing", self._r_typing),
            ("GET|POST", r"/channels/(?P<cid>\d+)/messages", self._r_messages),
            ("GET|PATCH|DELETE", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._r_message),
        ]]

    # ---------------------------------------------------------------- lifecycle
    async def start(self) -> "FakeDiscord":
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001)
        if self._runner:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def env(self) -> dict[str, str]:
        return {"DISCORD_API_BASE": self.api_base, "DISCORD_GATEWAY_URL": self.gateway_url,
                "DISCORD_TOKEN": self.token}

    # ---------------------------------------------------------------- world setup
    def _snow(self) -> int:
        self._last_snowflake = max(self._last_snowflake + 1,
                                   (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22)
        return self._last_snowflake

    def _role(self, perms: int, name: str, role_id: int | None = None) -> int:
        for rid, role in self.roles.items():
            if role["name"] == name and int(role["permissions"]) == perms:
                return rid
        rid = role_id or self._snow()
        self.roles[rid] = {"id": str(rid), "name": name, "permissions": str(perms), "position": len(self.roles),
                           "color": 0, "colors": {"primary_color": 0, "secondary_color": None,
                                                  "tertiary_color": None},
                           "hoist": False, "managed": False, "mentionable": False, "flags": 0,
                           "icon": None, "unicode_emoji": None}
        return rid

    async def add_user(self, name: str, *, admin: bool = False, permissions: int = 0,
                       dm_closed: bool = False, member: bool = True) -> FakeUser:
        """A user (a guild member unless member=False). admin adds Manage Guild/Channels/Messages/Roles;
        permissions adds any extra bits (ADMINISTRATOR gives everything). Announced if the bot is online."""
        user = FakeUser(self._snow(), name, dm_closed=dm_closed, member=member)
        new_roles = []
        for bits, role_name in ((ADMIN_PERMS if admin else 0, "Admin"), (permissions, f"perms-{permissions:x}")):
            if bits:
                known = len(self.roles)
                user.role_ids.append(self._role(bits, role_name))
                new_roles += [user.role_ids[-1]] if len(self.roles) > known else []
        total = EVERYONE_PERMS | sum(int(self.roles[r]["permissions"]) for r in user.role_ids)
        user.permissions = ALL_PERMS if total & ADMINISTRATOR else total
        self.users[user.id] = user
        for rid in new_roles:
            await self._dispatch("GUILD_ROLE_CREATE", {"guild_id": str(self.guild_id), "role": self.roles[rid]})
        if member:
            await self._dispatch("GUILD_MEMBER_ADD", {**user.member_payload(), "guild_id": str(self.guild_id)},
                                 intent=GUILD_MEMBERS_INTENT)
        return user

    async def add_channel(self, name: str) -> FakeChannel:
        channel = FakeChannel(self._snow(), name, 0, self.guild_id)
        self.channels[channel.id] = channel
        await self._dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    async def set_channel_permissions(self, channel: FakeChannel, *, allow: int = 0, deny: int = 0) -> None:
        """Overwrite the bot's own permissions in a channel (allow=deny=0 removes the overwrite); enforced on
        sends and edits, and announced with CHANNEL_UPDATE as Discord does."""
        channel.overwrites = [o for o in channel.overwrites if o["id"] != str(self.bot.id)]
        if allow or deny:
            channel.overwrites.append({"id": str(self.bot.id), "type": 1, "allow": str(allow), "deny": str(deny)})
        await self._dispatch("CHANNEL_UPDATE", channel.payload())

    async def set_bot_permissions(self, permissions: int) -> None:
        """The bot's role's permissions in the whole server, announced with GUILD_ROLE_UPDATE."""
        role = self.roles[self.bot.role_ids[0]]
        role["permissions"] = str(permissions)
        await self._dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(self.guild_id), "role": role})

    def bot_permissions(self, channel: FakeChannel) -> int:
        """The bot's permissions in a channel, computed as Discord does (topics/permissions): @everyone and
        its roles, then the channel's @everyone, role and member overwrites."""
        perms = 0
        for rid in [self.guild_id, *self.bot.role_ids]:
            perms |= int(self.roles[rid]["permissions"])
        if perms & ADMINISTRATOR:
            return ALL_PERMS
        by_id = {o["id"]: o for o in channel.overwrites}
        layers = [[by_id.get(str(self.guild_id))], [by_id.get(str(r)) for r in self.bot.role_ids],
                  [by_id.get(str(self.bot.id))]]
        for layer in layers:
            deny = sum(int(o["deny"]) for o in layer if o)
            allow = sum(int(o["allow"]) for o in layer if o)
            perms = (perms & ~deny) | allow
        return perms

    def _require(self, channel: FakeChannel, needed: int) -> None:
        if channel.guild_id is None:
            return
        have = self.bot_permissions(channel)
        if not have & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if needed & ~have:
            raise DiscordError(403, 50013, "Missing Permissions")

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        if user.id not in self._dm_by_user:
            channel = FakeChannel(self._snow(), "", 1, None, recipient=user)
            self.channels[channel.id] = self._dm_by_user[user.id] = channel
        return self._dm_by_user[user.id]

    # ---------------------------------------------------------------- reading the world
    def _channel(self, channel: FakeChannel | int) -> FakeChannel:
        return self.channels[channel.id if isinstance(channel, FakeChannel) else int(channel)]

    def messages(self, channel: FakeChannel | int) -> list[dict]:
        """Current (edited) messages of a channel, oldest first; ephemeral ones never appear here."""
        return [self._messages[m] for m in self._channel(channel).message_ids]

    def dm_messages(self, user: FakeUser) -> list[dict]:
        return self.messages(self._dm_by_user[user.id]) if user.id in self._dm_by_user else []

    def message(self, message: dict | int) -> dict:
        """The current version of a message (by id or any earlier copy of its dict)."""
        mid = int(message["id"]) if isinstance(message, dict) else int(message)
        if mid not in self._messages:
            raise AssertionError(f"message {mid} does not exist (deleted?)")
        return self._messages[mid]

    def find_component(self, message: dict | int, *, label: str | None = None, custom_id: str | None = None,
                       prefix: str | None = None, type: int | None = None) -> dict:
        """The first interactive component matching every given filter (type 2 button, 3 select)."""
        comps = iter_components(self.message(message)["components"])
        for comp in comps:
            if ((type is None or comp["type"] == type) and (label is None or comp.get("label") == label)
                    and (custom_id is None or comp.get("custom_id") == custom_id)
                    and (prefix is None or str(comp.get("custom_id", "")).startswith(prefix))):
                return comp
        have = [(c["type"], c.get("label"), c.get("custom_id")) for c in comps]
        raise AssertionError(f"no component label={label!r} custom_id={custom_id!r} prefix={prefix!r} "
                             f"type={type!r}; the message has (type, label, custom_id): {have}")

    def find_button(self, message: dict | int, *, label: str | None = None, custom_id: str | None = None,
                    prefix: str | None = None) -> dict:
        return self.find_component(message, label=label, custom_id=custom_id, prefix=prefix, type=2)

    def find_select(self, message: dict | int, *, prefix: str | None = None,
                    custom_id: str | None = None) -> dict:
        return self.find_component(message, custom_id=custom_id, prefix=prefix, type=3)

    # ---------------------------------------------------------------- waiting
    async def wait_until(self, ready, timeout: float = 10.0, what="a condition") -> None:
        """Poll ready() every 20 ms; fail with diagnostics (and the bot's output) on timeout or bot death."""
        what = what if callable(what) else (lambda text=what: text)
        deadline = time.monotonic() + timeout
        while not ready():
            for proc in self._watched:
                if proc.died_unexpectedly:
                    raise AssertionError(f"bot process exited with code {proc.returncode} while waiting for "
                                         f"{what()}\n--- bot output (tail) ---\n{proc.tail()}")
            if time.monotonic() > deadline:
                self._fail(f"timed out after {timeout}s waiting for {what()}")
            await asyncio.sleep(0.02)

    def _fail(self, why: str) -> None:
        tails = "".join(f"\n--- bot output (tail) ---\n{p.tail(40)}" for p in self._watched)
        raise AssertionError(f"{why}; unknown routes: {self.unknown_routes}; errors: {self.errors[-5:]}; "
                             f"last REST calls: {[c[:2] for c in self.calls[-8:]]}{tails}")

    async def wait_quiet(self, ms: int = 150, timeout: float = 10.0) -> None:
        """Until no REST call has arrived (or is being served) for `ms` milliseconds."""
        await self.wait_until(lambda: not self._in_flight and time.monotonic() - self._last_activity >= ms / 1000,
                         timeout, lambda: f"the bot to be quiet for {ms} ms")

    def expect_identify(self) -> None:
        """The next wait_ready() needs an IDENTIFY newer than now (call before (re)starting the bot)."""
        self._identify_mark = self.identify_count

    async def wait_ready(self, timeout: float = 15.0) -> None:
        """Until the bot identified (after the last expect_identify), got READY + GUILD_CREATE, application
        commands exist, and it went quiet. The bot should use guild_ready_timeout≈0.05 under test."""
        def ready() -> bool:
            s = self._session
            return (s is not None and s is self._ready_session and s.ws is not None and not s.ws.closed
                    and self.identify_count > self._identify_mark
                    and bool(self.global_commands or self.guild_commands))
        await self.wait_until(ready, timeout, lambda: f"the bot to be ready (identifies={self.identify_count}, "
                         f"mark={self._identify_mark}, commands={len(self.global_commands)}+"
                         f"{len(self.guild_commands)}, connected={self.connected})")
        await self.wait_quiet()

    @property
    def connected(self) -> bool:
        return self._session is not None and self._session.ws is not None and not self._session.ws.closed

    # ---------------------------------------------------------------- gateway
    async def _send(self, ws: web.WebSocketResponse, payload: dict) -> None:
        async with self._send_lock:
            if not ws.closed:
                try:  # TEXT frames: discord.py only inflates binary ones
                    await ws.send_str(json.dumps(payload))
                except (ConnectionError, RuntimeError):  # bot just died; RESUME would replay from the log
                    pass

    async def _dispatch(self, event: str, data: dict, *, intent: int = 0) -> None:
        s = self._session
        if s is None or (intent and not s.intents & intent):
            return
        s.seq += 1
        frame = {"op": 0, "t": event, "s": s.seq, "d": data}
        s.log.append(frame)
        if s.ws is not None:
            await self._send(s.ws, frame)

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        await self._send(ws, {"op": 10, "d": {"heartbeat_interval": 45000}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, d = frame.get("op"), frame.get("d")
                if op == 1:
                    await self._send(ws, {"op": 11, "d": None, "s": None, "t": None})
                    continue
                self.gateway_received.append({"op": op, "d": {k: v for k, v in (d or {}).items() if k != "token"}
                                              if isinstance(d, dict) else d})
                if op == 2:
                    await self._identify(ws, d)
                elif op == 6:
                    await self._resume(ws, d)
                elif op == 8:
                    await self._members_chunk(d)
                elif op == 3:
                    self.presence = d
        finally:
            self._sockets.discard(ws)
            for s in self.sessions.values():
                if s.ws is ws:
                    s.ws = None
        return ws

    async def _identify(self, ws: web.WebSocketResponse, d: dict) -> None:
        session = _Session(secrets.token_hex(16), int(d.get("intents", 0)), ws)
        self.sessions[session.id] = self._session = session
        self.identify_count += 1
        await self._dispatch("READY", {
            "v": 10, "user": {**self.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(self.guild_id), "unavailable": True}], "session_id": session.id,
            "resume_gateway_url": self.gateway_url, "application": {"id": str(self.app_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [], "shard": [0, 1]})
        await self._dispatch("GUILD_CREATE", self._guild_payload(session.intents))
        self._ready_session = session

    async def _resume(self, ws: web.WebSocketResponse, d: dict) -> None:
        session = self.sessions.get(d.get("session_id", ""))
        if session is None or session.invalid:
            await self._send(ws, {"op": 9, "d": False, "s": None, "t": None})
            return
        session.ws, self._session = ws, session
        self.resume_count += 1
        for frame in session.log:  # replay what the bot missed while it was away
            if frame["s"] > (d.get("seq") or 0):
                await self._send(ws, frame)
        await self._dispatch("RESUMED", {})

    async def _members_chunk(self, d: dict) -> None:
        wanted = {int(u) for u in (d.get("user_ids") or [])}
        query = (d.get("query") or "").lower()
        members = [u for u in self.users.values() if u.member and (not wanted or u.id in wanted)
                   and u.name.lower().startswith(query)]
        await self._dispatch("GUILD_MEMBERS_CHUNK", {
            "guild_id": str(self.guild_id), "members": [u.member_payload() for u in members],
            "chunk_index": 0, "chunk_count": 1, "nonce": d.get("nonce"), "not_found": []})

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the bot's socket with a resumable code: discord.py reconnects with RESUME."""
        if self._session and self._session.ws:
            await self._session.ws.close(code=code)

    def invalidate_sessions(self) -> None:
        """Make every existing session un-resumable: the next RESUME gets INVALID_SESSION (false)."""
        for s in self.sessions.values():
            s.invalid = True

    def _guild_payload(self, intents: int) -> dict:
        # Without the presences intent Discord only lists the bot itself; discord.py then chunks (op 8).
        members = [u for u in self.users.values() if u.member and (intents & PRESENCES_INTENT or u.bot)]
        return {"id": str(self.guild_id), "name": self.guild_name, "owner_id": "1", "icon": None, "splash": None,
                "discovery_splash": None, "banner": None, "description": None, "afk_channel_id": None,
                "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
                "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0,
                "premium_subscription_count": 0, "preferred_locale": "en-US", "system_channel_id": None,
                "system_channel_flags": 0, "rules_channel_id": None, "public_updates_channel_id": None,
                "vanity_url_code": None, "application_id": None, "max_members": 500000, "features": [],
                "emojis": [], "stickers": [], "roles": list(self.roles.values()),
                "member_count": sum(u.member for u in self.users.values()), "large": False,
                "unavailable": False, "joined_at": self.bot.joined_at,
                "members": [u.member_payload() for u in members],
                "channels": [c.payload() for c in self.channels.values() if c.guild_id],
                "threads": [], "presences": [], "voice_states": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": [], "premium_progress_bar_enabled": False,
                "nsfw_level": 0}

    # ---------------------------------------------------------------- driver: user actions
    def _command(self, name: str) -> tuple[dict, bool]:
        for cmds, in_guild in ((self.guild_commands, True), (self.global_commands, False)):
            for cmd in cmds:
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd, in_guild
        raise AssertionError(f"no synced slash command {name!r}; synced: "
                             f"{[c['name'] for c in self.guild_commands + self.global_commands]}")

    def _build_options(self, spec: dict, options: dict, resolved: dict, where: str,
                       partial: bool = False, forged: bool = False) -> list[dict]:
        known = {o["name"]: o for o in spec.get("options") or [] if o["type"] not in (1, 2)}
        missing = [n for n, o in known.items() if o.get("required") and n not in options and not partial]
        if missing or set(options) - set(known):
            raise AssertionError(f"{where}: missing required {missing} / unknown {sorted(set(options) - set(known))};"
                                 f" options are {[(n, o['type'], o.get('required', False)) for n, o in known.items()]}")
        out = []
        for name, value in options.items():
            otype = known[name]["type"]
            if otype in (6, 7, 8, 9):  # user, channel, role, mentionable: ids plus "resolved" objects
                obj = value
                value = str(getattr(obj, "id", obj))
                if isinstance(obj, FakeUser):
                    resolved.setdefault("users", {})[value] = obj.payload()
                    if obj.member:
                        resolved.setdefault("members", {})[value] = {
                            k: v for k, v in obj.member_payload(with_permissions=True).items() if k != "user"}
                elif isinstance(obj, FakeChannel):
                    resolved.setdefault("channels", {})[value] = {**obj.payload(), "permissions": str(ALL_PERMS)}
                elif int(value) in self.roles:
                    resolved.setdefault("roles", {})[value] = self.roles[int(value)]
            elif partial:
                pass  # autocomplete: options hold what the user has typed so far
            elif otype == 4:
                value = int(value)
            elif otype == 10:
                value = float(value)
            elif otype == 5:
                value = bool(value)
            elif otype == 11:
                raise AssertionError(f"{where}: attachment options are not supported by the fake")
            choices = [c["value"] for c in known[name].get("choices") or []]
            if choices and value not in choices and not partial and not forged:
                raise AssertionError(f"{where}: {name}={value!r} is not one of the choices {choices}")
            out.append({"name": name, "type": otype, "value": value})
        return out

    async def slash(self, user: FakeUser, channel: FakeChannel | int, name: str, subcommand: str | None = None,
                    options: dict | None = None, *, timeout: float = 10.0, focused: str | None = None,
                    forged: bool = False) -> Interaction:
        """Run /name [group] [subcommand] with options, as built from the synced command tree.
        subcommand may be "sub" or "group sub". Returns once the bot answered and went quiet.
        With focused=option name it is an autocomplete request instead (see autocomplete()).
        forged=True lets an option carry a value outside its choices (a hand-made request)."""
        cmd, in_guild = self._command(name)
        spec, path = cmd, []
        for part in (subcommand or "").split():
            subs = {o["name"]: o for o in spec.get("options") or [] if o["type"] in (1, 2)}
            if part not in subs:
                raise AssertionError(f"/{name}: no subcommand {part!r}; have {sorted(subs)}")
            spec = subs[part]
            path.append(spec)
        if any(o["type"] in (1, 2) for o in spec.get("options") or []):
            raise AssertionError(f"/{name} {subcommand or ''}: a subcommand is required")
        resolved: dict = {}
        opts = self._build_options(spec, options or {}, resolved, f"/{name} {subcommand or ''}".strip(),
                                   partial=focused is not None, forged=forged)
        for opt in opts:
            if opt["name"] == focused:
                opt.update(focused=True, value=str(opt["value"]))
        for node in reversed(path):  # wrap leaf options in their subcommand / group layers
            opts = [{"name": node["name"], "type": node["type"], "options": opts}]
        data = {"id": str(cmd["id"]), "name": name, "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if in_guild:
            data["guild_id"] = str(self.guild_id)
        return await self._interact(2 if focused is None else 4, user, self._channel(channel), data, None, timeout)

    async def forge_command(self, user: FakeUser, channel: FakeChannel | int, data: dict, *,
                            timeout: float = 10.0) -> Interaction:
        """An application-command interaction with hand-made data (e.g. a command the bot never synced)."""
        channel = self._channel(channel)
        data = {"type": 1, "options": [], **data}
        if channel.guild_id:
            data.setdefault("guild_id", str(self.guild_id))
        return await self._interact(2, user, channel, data, None, timeout)

    async def autocomplete(self, user: FakeUser, channel: FakeChannel | int, name: str, subcommand: str | None,
                           options: dict, focused: str, *, timeout: float = 10.0) -> list[dict]:
        """The choices ([{"name", "value"}]) the bot offers while `focused` holds options[focused] (typed text)."""
        rec = await self.slash(user, channel, name, subcommand, options, timeout=timeout, focused=focused)
        return rec.choices or []

    def _component_target(self, user: FakeUser, message: dict | int, custom_id: str | dict,
                          ctype: int, force: bool) -> tuple[dict, dict]:
        msg = self.message(message)
        cid = custom_id["custom_id"] if isinstance(custom_id, dict) else custom_id
        mid = int(msg["id"])
        if mid in self._ephemeral_owner and self._ephemeral_owner[mid] != user.id and not force:
            raise AssertionError(f"{user.name} cannot see ephemeral message {mid}")
        channel = self.channels[int(msg["channel_id"])]
        if channel.type == 1 and channel.recipient is not user and not force:
            raise AssertionError(f"{user.name} cannot click in {channel.recipient.name}'s DM")
        comp = next((c for c in iter_components(msg["components"]) if c.get("custom_id") == cid), None)
        if not force:
            if comp is None:
                raise AssertionError(f"message {mid} has no component {cid!r}; it has "
                                     f"{[c.get('custom_id') for c in iter_components(msg['components'])]}")
            if comp["type"] != ctype or comp.get("disabled"):
                raise AssertionError(f"component {cid!r} is type {comp['type']} disabled={comp.get('disabled')}")
        return msg, comp or {"custom_id": cid, "type": ctype}

    async def click(self, user: FakeUser, message: dict | int, custom_id: str | dict, *,
                    force: bool = False, timeout: float = 10.0) -> Interaction:
        """Press a button (custom_id or the component dict) on a guild, DM or ephemeral message."""
        msg, comp = self._component_target(user, message, custom_id, 2, force)
        data = {"custom_id": comp["custom_id"], "component_type": 2, "id": comp.get("id")}
        return await self._interact(3, user, self.channels[int(msg["channel_id"])], data, msg, timeout)

    async def select(self, user: FakeUser, message: dict | int, custom_id: str | dict, values: list[str], *,
                     force: bool = False, timeout: float = 10.0) -> Interaction:
        """Choose values in a string select."""
        msg, comp = self._component_target(user, message, custom_id, 3, force)
        allowed = [o["value"] for o in comp.get("options") or []]
        if not force and (set(values) - set(allowed) or not comp.get("min_values", 1) <= len(values)
                          <= comp.get("max_values", 1)):
            raise AssertionError(f"select {comp['custom_id']!r}: values {values} not allowed; options {allowed}, "
                                 f"min {comp.get('min_values', 1)} max {comp.get('max_values', 1)}")
        data = {"custom_id": comp["custom_id"], "component_type": 3, "values": list(values), "id": comp.get("id")}
        return await self._interact(3, user, self.channels[int(msg["channel_id"])], data, msg, timeout)

    async def submit_modal(self, user: FakeUser, shown_by: Interaction, values: dict[str, str], *,
                           timeout: float = 10.0) -> Interaction:
        """Submit the modal the bot answered `shown_by` with (callback type 9); values by text input custom_id."""
        if shown_by.modal is None:
            raise AssertionError(f"interaction {shown_by.id} was not answered with a modal")

        def answer(comp: dict) -> dict:
            if comp.get("type") == 4:
                return {"type": 4, "custom_id": comp["custom_id"], "value": values.get(comp["custom_id"], "")}
            if comp.get("type") == 18:  # label wrapping one component
                return {"type": 18, "component": answer(comp["component"])}
            return {"type": comp.get("type"), "components": [answer(c) for c in comp.get("components") or []]}
        data = {"custom_id": shown_by.modal["custom_id"],
                "components": [answer(c) for c in shown_by.modal.get("components") or []]}
        msg = self._messages.get(shown_by.message_id) if shown_by.message_id else None
        return await self._interact(5, user, self.channels[shown_by.channel_id], data, msg, timeout)

    async def say(self, user: FakeUser, channel: FakeChannel | int, content: str) -> dict:
        """A user posts a plain message (MESSAGE_CREATE)."""
        return await self._create_message(self._channel(channel), {"content": content}, author=user)

    async def _interact(self, itype: int, user: FakeUser, channel: FakeChannel, data: dict,
                        message: dict | None, timeout: float) -> Interaction:
        if not self.connected:
            raise AssertionError("no bot is connected to the fake gateway")
        rec = Interaction(self._snow(), "itok." + secrets.token_urlsafe(32), itype, user, channel.id, data,
                          int(message["id"]) if message else None)
        self.interactions[rec.id] = self._by_token[rec.token] = rec
        payload = {"id": str(rec.id), "application_id": str(self.app_id), "type": itype, "token": rec.token,
                   "version": 1, "data": data, "channel_id": str(channel.id), "channel": channel.payload(),
                   "locale": "en-US", "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
                   "authorizing_integration_owners": {"0": str(self.guild_id)} if channel.guild_id else {},
                   "context": 0 if channel.guild_id else 1}
        if channel.guild_id:
            payload.update(guild_id=str(self.guild_id), guild_locale="en-US",
                           guild={"id": str(self.guild_id), "locale": "en-US", "features": []},
                           member=user.member_payload(with_permissions=True), app_permissions=str(self.bot.permissions))
        else:
            payload.update(user=user.payload(), app_permissions=str(EVERYONE_PERMS))
        if message is not None:
            payload["message"] = json.loads(json.dumps(message))
        started = time.monotonic()
        await self._dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(rec.answered.wait(), timeout)
            rec.latency = time.monotonic() - started
            rec.reached = rec.reached - started  # the stamp _r_callback took from the request
        except asyncio.TimeoutError:
            self._fail(f"the bot did not answer interaction {rec.id} within {timeout}s ({json.dumps(data)[:200]})")
        await self.wait_quiet()
        return rec

    # ---------------------------------------------------------------- messages
    async def _create_message(self, channel: FakeChannel, body: dict, files: list | None = None, *,
                              author: FakeUser | None = None, flags: int | None = None,
                              interaction: Interaction | None = None) -> dict:
        author = author or self.bot
        mid = self._snow()
        flags = (body.get("flags") or 0) if flags is None else flags
        msg = {"id": str(mid), "channel_id": str(channel.id), "author": author.payload(),
               "content": body.get("content") or "", "timestamp": _now(), "edited_timestamp": None,
               "tts": bool(body.get("tts")), "mention_everyone": False, "mentions": [], "mention_roles": [],
               "attachments": self._attachments(files), "embeds": body.get("embeds") or [],
               "components": _number_components(body.get("components") or []), "pinned": False,
               "type": 0, "flags": flags, "nonce": body.get("nonce"), "reactions": []}
        if channel.guild_id:
            msg["guild_id"] = str(channel.guild_id)
        if body.get("message_reference"):
            msg["type"], msg["message_reference"] = 19, {**body["message_reference"], "channel_id": str(channel.id)}
        if interaction is not None:
            msg.update(webhook_id=str(self.app_id), application_id=str(self.app_id),
                       interaction_metadata={"id": str(interaction.id), "type": interaction.type,
                                             "user": interaction.user.payload(),
                                             "authorizing_integration_owners": {}})
            msg["type"] = 20 if interaction.type == 2 else msg["type"]
        self._messages[mid] = msg
        if flags & EPHEMERAL:
            self._ephemeral_owner[mid] = interaction.user.id if interaction else author.id
            return msg
        channel.message_ids.append(mid)
        event = dict(msg)
        if channel.guild_id and not author.bot:
            event["member"] = {k: v for k, v in author.member_payload().items() if k != "user"}
        await self._dispatch("MESSAGE_CREATE", self._gated_content(event, channel, author),
                             intent=GUILD_MESSAGES_INTENT if channel.guild_id else DM_MESSAGES_INTENT)
        return msg

    def _gated_content(self, event: dict, channel: FakeChannel, author: FakeUser) -> dict:
        s = self._session
        if s and channel.guild_id and not author.bot and not s.intents & CONTENT_INTENT:
            return {**event, "content": "", "embeds": [], "attachments": [], "components": []}
        return event

    def _attachments(self, files: list | None) -> list[dict]:
        """Attachment objects for uploaded (filename, bytes, content type); the bytes stay readable in
        self.uploads by attachment id (tests look at the pictures a bot posted)."""
        out = []
        for name, data, ctype in files or []:
            aid = str(self._snow())
            self.uploads[aid] = data
            out.append({"id": aid, "filename": name, "size": len(data), "url": f"https://cdn.invalid/{aid}/{name}",
                        "proxy_url": f"https://cdn.invalid/{aid}/{name}", "content_type": ctype})
        return out

    async def _edit_message(self, msg: dict, body: dict, files: list | None = None) -> dict:
        for key in ("content", "embeds", "components"):
            if key in body:
                msg[key] = body[key] or ([] if key != "content" else "")
        if "components" in body:
            _number_components(msg["components"])
        if "attachments" in body:
            keep = {str(a.get("id")) for a in body["attachments"] or []}
            msg["attachments"] = [a for a in msg["attachments"] if a["id"] in keep]
        msg["attachments"] += self._attachments(files)
        # Ephemerality never changes after creation; any edit ends the "thinking..." state.
        wanted = msg["flags"] if body.get("flags") is None else body["flags"]
        msg["flags"] = (msg["flags"] & EPHEMERAL) | (wanted & ~(EPHEMERAL | LOADING))
        msg["edited_timestamp"] = _now()
        if not msg["flags"] & EPHEMERAL:
            channel = self.channels[int(msg["channel_id"])]
            await self._dispatch("MESSAGE_UPDATE", dict(msg),
                                 intent=GUILD_MESSAGES_INTENT if channel.guild_id else DM_MESSAGES_INTENT)
        return msg

    async def _delete_message(self, msg: dict) -> None:
        mid, channel = int(msg["id"]), self.channels[int(msg["channel_id"])]
        self._messages.pop(mid, None)
        msg["deleted"] = True  # marker for tests holding the dict; not a Discord field
        if mid in channel.message_ids:
            channel.message_ids.remove(mid)
            data = {"id": str(mid), "channel_id": str(channel.id)}
            if channel.guild_id:
                data["guild_id"] = str(channel.guild_id)
            await self._dispatch("MESSAGE_DELETE", data,
                                 intent=GUILD_MESSAGES_INTENT if channel.guild_id else DM_MESSAGES_INTENT)

    # ---------------------------------------------------------------- REST
    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        self._in_flight += 1
        try:
            try:
                body, files = await self._read_body(request)
            except DiscordError as e:  # a malformed or too large upload, refused as Discord would
                self.errors.append({"method": request.method, "path": path, "status": e.status,
                                    "code": e.code, "message": e.message})
                return _json({"message": e.message, "code": e.code}, e.status)
            self.calls.append((request.method, path, body))
            # When the bot's request was wholly here: what the bot spent, before this fake's own checking.
            request[RECEIVED] = time.monotonic()
            # Validated first: a request answered by an injected fault must still be one Discord would take.
            rejection = discord_spec.refusal(request.method, path, body, **self._spec_context(request.method, path))
            if rejection is not None:
                self.errors.append({"method": request.method, "path": path, "status": rejection.status,
                                    "code": rejection.body["code"], "message": rejection.summary()})
                return _json(rejection.body, rejection.status)
            fault = self.faults.take(request.method, path)
            if fault is not None:
                status, headers, payload = fault.answer()
                return web.Response(status=status, body=payload, headers=headers)
            for methods, rx, handler in self._routes:
                match = rx.fullmatch(path)
                if match and request.method in methods:
                    try:
                        result = await handler(request, body, files, **match.groupdict())
                    except DiscordError as e:
                        self.errors.append({"method": request.method, "path": path, "status": e.status,
                                            "code": e.code, "message": e.message})
                        return _json({"message": e.message, "code": e.code}, e.status)
                    return web.Response(status=204) if result is None else _json(result)
            self.unknown_routes.append(f"{request.method} {path}")
            return _json({"message": "404: Not Found", "code": 0}, 404)
        finally:
            self._in_flight -= 1
            self._last_activity = time.monotonic()

    def fail(self, method: str, path: str, **how):
        """Answer matching requests with an error (tests/faults.py FaultPlan.fail: status=, code=, times=,
        retry_after=)."""
        return self.faults.fail(method, path, **how)

    def _spec_context(self, method: str, path: str) -> dict:
        """What Discord knows beyond the body: the interaction a callback answers, the message an edit changes."""
        parts = path.strip("/").split("/")
        if method == "POST" and len(parts) == 4 and parts[0] == "interactions" and parts[3] == "callback":
            rec = self._by_token.get(parts[2])
            if rec is None:
                return {}
            source = self._messages.get(rec.message_id) if rec.message_id else None
            return {"interaction": discord_spec.Interaction(rec.type, rec.type == 5 and source is not None,
                                                            bool(rec.callbacks)),
                    "current_flags": source["flags"] if source else None}
        if method == "PATCH" and parts[0] in ("channels", "webhooks") and "messages" in parts:
            if parts[0] == "channels" and parts[-1].isdigit():
                msg = self._messages.get(int(parts[-1]))
            else:
                rec = self._by_token.get(parts[2])
                msg = rec and (rec.original if parts[-1] == "@original" else self._messages.get(
                    int(parts[-1]) if parts[-1].isdigit() else 0))
            return {"current_flags": msg["flags"]} if msg else {}
        return {}

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, list]:
        if not request.can_read_body:
            return None, []
        if request.content_type.startswith("multipart/"):
            # discord.py's uploads: a payload_json part plus files[n] parts, each named by an entry
            # {"id": n, "filename": ...} in payload_json's attachments (Discord takes the name from there).
            form = await request.post()
            body = json.loads(form.get("payload_json") or "{}")
            named = {str(a.get("id")): a.get("filename") for a in body.get("attachments") or [] if "size" not in a}
            files = []
            for key, part in form.items():
                if not hasattr(part, "file"):
                    continue
                index = re.fullmatch(r"files\[(\d+)\]", key)
                if index is None:
                    raise DiscordError(400, 50035, f"Invalid Form Body: unexpected file part {key!r}")
                data = part.file.read()
                if len(data) > UPLOAD_LIMIT:
                    raise DiscordError(413, 40005, "Request entity too large")
                files.append((named.get(index[1]) or part.filename, data, part.content_type))
            return body, files
        raw = await request.read()
        return (json.loads(raw) if raw else None), []

    def _get_channel(self, cid: str) -> FakeChannel:
        if int(cid) not in self.channels:
            raise DiscordError(404, 10003, "Unknown Channel")
        return self.channels[int(cid)]

    def _get_message(self, channel: FakeChannel, mid: str) -> dict:
        if int(mid) not in channel.message_ids:
            raise DiscordError(404, 10008, "Unknown Message")
        return self._messages[int(mid)]

    def _rec(self, token: str) -> Interaction:
        if token not in self._by_token:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return self._by_token[token]

    async def _r_me(self, req, body, files):
        if req.headers.get("Authorization") != f"Bot {self.token}":  # how discord.py's login checks a token
            raise DiscordError(401, 0, "401: Unauthorized")
        return {**self.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0, "locale": "en-US"}

    async def _r_app_info(self, req, body, files):
        return {"id": str(self.app_id), "name": self.bot.name, "description": "", "icon": None,
                "bot_public": True, "bot_require_code_grant": False, "owner": {**self.bot.payload(), "id": "1"},
                "verify_key": "0" * 64, "flags": 0, "team": None, "summary": "", "rpc_origins": [],
                "bot": self.bot.payload(), "interactions_endpoint_url": None, "redirect_uris": []}

    async def _r_gateway(self, req, body, files):
        return {"url": self.gateway_url, "shards": 1, "session_start_limit":
                {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}

    async def _r_commands(self, req, body, files, gid=None):
        if gid is not None and int(gid) != self.guild_id:
            raise DiscordError(403, 50001, "Missing Access")
        if req.method == "PUT":
            old = {c["name"]: c["id"] for c in (self.guild_commands if gid else self.global_commands)}
            cmds = [{**c, "id": old.get(c["name"]) or str(self._snow()), "application_id": str(self.app_id),
                     "version": str(self._snow()), "type": c.get("type", 1), "options": c.get("options") or [],
                     **({"guild_id": gid} if gid else {})} for c in body or []]
            if gid:
                self.guild_commands = cmds
            else:
                self.global_commands = cmds
        return self.guild_commands if gid else self.global_commands

    async def _r_callback(self, req, body, files, iid, token):
        rec = self._by_token.get(token)
        if rec is None or rec.id != int(iid):
            raise DiscordError(404, 10062, "Unknown interaction")
        if rec.callbacks:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        ctype, data = body.get("type"), body.get("data") or {}
        if ctype in (6, 7) and rec.message_id not in self._messages:
            raise DiscordError(400, 50035, "Invalid Form Body: this interaction has no message to update")
        if ctype not in (1, 4, 5, 6, 7, 8, 9):
            raise DiscordError(400, 50035, f"Invalid Form Body: unknown callback type {ctype}")
        rec.callbacks.append({"type": ctype, "data": data})
        rec.reached = req[RECEIVED]
        if ctype in (4, 5):
            flags = (data.get("flags") or 0) | (LOADING if ctype == 5 else 0)
            rec.original = await self._create_message(self.channels[rec.channel_id], data if ctype == 4 else {},
                                                      files, flags=flags, interaction=rec)
        elif ctype in (6, 7):
            rec.original = self._messages[rec.message_id]
            if ctype == 7:
                await self._edit_message(rec.original, data, files)
        elif ctype == 9:
            rec.modal = data
        elif ctype == 8:
            rec.choices = data.get("choices") or []
        rec.answered.set()
        result: dict = {"interaction": {"id": str(rec.id), "type": rec.type,
                                        "response_message_loading": ctype == 5,
                                        "response_message_ephemeral": rec.ephemeral}}
        if rec.original is not None:
            result["interaction"]["response_message_id"] = rec.original["id"]
        if ctype in (4, 5, 7):
            result["resource"] = {"type": ctype, "message": rec.original}
        return result

    async def _r_followup(self, req, body, files, token):
        rec = self._rec(token)
        if not rec.callbacks:
            raise DiscordError(404, 10015, "Unknown Webhook (interaction not acknowledged yet)")
        if rec.original is not None and rec.original["flags"] & LOADING and rec.callback_type == 5:
            msg = await self._edit_message(rec.original, body, files)  # Discord: 1st followup fills the defer
        else:
            msg = await self._create_message(self.channels[rec.channel_id], body, files, interaction=rec)
            rec.followups.append(msg)
        return msg if req.query.get("wait") in ("1", "true", "True") else None

    async def _r_webhook_message(self, req, body, files, token, mid):
        rec = self._rec(token)
        msg = rec.original if mid == "@original" else next(
            (m for m in [rec.original, *rec.followups] if m and m["id"] == mid), None)
        if msg is None or msg.get("deleted"):
            raise DiscordError(404, 10008, "Unknown Message")
        if req.method == "PATCH":
            return await self._edit_message(msg, body or {}, files)
        if req.method == "DELETE":
            return await self._delete_message(msg)
        return msg

    async def _r_open_dm(self, req, body, files):
        user = self.users.get(int((body or {}).get("recipient_id", 0)))
        if user is None or user.bot:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        return self.dm_channel(user).payload()

    async def _r_user(self, req, body, files, uid):
        if int(uid) not in self.users:
            raise DiscordError(404, 10013, "Unknown User")
        return self.users[int(uid)].payload()

    async def _r_member(self, req, body, files, gid, uid):
        user = self.users.get(int(uid))
        if int(gid) != self.guild_id or user is None or not user.member:
            raise DiscordError(404, 10007, "Unknown Member")
        return user.member_payload()

    async def _r_channel(self, req, body, files, cid):
        return self._get_channel(cid).payload()

    async def _r_typing(self, req, body, files, cid):
        self._get_channel(cid)
        return None

    async def _r_messages(self, req, body, files, cid):
        channel = self._get_channel(cid)
        self._require(channel, SEND_MESSAGES if req.method == "POST" else READ_MESSAGE_HISTORY)
        if req.method == "POST":
            if channel.type == 1 and channel.recipient.dm_closed:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            return await self._create_message(channel, body or {}, files)
        limit, q = int(req.query.get("limit", 50)), req.query
        found = [self._messages[m] for m in channel.message_ids
                 if int(q.get("before", 1 << 63)) > m > int(q.get("after", 0))]
        return list(reversed(found[:limit] if "after" in q else found[-limit:]))

    async def _r_message(self, req, body, files, cid, mid):
        channel = self._get_channel(cid)
        self._require(channel, VIEW_CHANNEL)
        msg = self._get_message(channel, mid)
        if req.method == "PATCH":
            if int(msg["author"]["id"]) != self.bot.id and set(body or {}) - {"flags"}:
                raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
            return await self._edit_message(msg, body or {}, files)
        if req.method == "DELETE":
            return await self._delete_message(msg)
        return msg


class BotProcess:
    """A bot run as a real subprocess (output to a temp file, so no pipe can fill up); kill() is SIGKILL."""

    def __init__(self, argv: list[str], *, env: dict[str, str] | None = None, cwd: str | None = None,
                 fake: FakeDiscord | None = None):
        self.argv, self.env, self.cwd, self.fake = argv, env or {}, cwd, fake
        self.proc: asyncio.subprocess.Process | None = None
        self._expect_exit = False
        fd, self.log_path = tempfile.mkstemp(prefix="bot-", suffix=".log")
        os.close(fd)

    async def start(self) -> "BotProcess":
        if self.fake is not None:
            self.fake.expect_identify()
            if self not in self.fake._watched:
                self.fake._watched.append(self)
        self._expect_exit = False
        with open(self.log_path, "ab") as log:
            log.write(f"--- start {' '.join(self.argv)}\n".encode())
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv, cwd=self.cwd, stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=log,
                env={**os.environ, "PYTHONUNBUFFERED": "1", **self.env})
        return self

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode if self.proc else None

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def died_unexpectedly(self) -> bool:
        return self.proc is not None and self.proc.returncode is not None and not self._expect_exit

    async def kill(self) -> None:
        """SIGKILL (no cleanup in the bot at all) and reap it."""
        self._expect_exit = True
        if self.alive:
            self.proc.send_signal(signal.SIGKILL)
        if self.proc is not None:
            await self.proc.wait()

    async def terminate(self, timeout: float = 5.0) -> None:
        """SIGTERM, then SIGKILL if it has not exited within `timeout`."""
        self._expect_exit = True
        if self.alive:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except asyncio.TimeoutError:
                await self.kill()

    def output(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def tail(self, lines: int = 80) -> str:
        return "\n".join(self.output().splitlines()[-lines:])
