"""The fake's gateway (/gateway): sessions, IDENTIFY and RESUME, and the events sent to the bot.

Events go out as TEXT frames (discord.py only inflates binary ones), each logged in its session so that a
RESUME replays what the bot missed. Intents gate events as on Discord.
"""
from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field

from aiohttp import WSMsgType, web

from tests.e2e.fake_discord.model import FakeChannel, FakeUser
from tests.e2e.fake_discord.permissions import CONTENT_INTENT, PRESENCES_INTENT
from tests.e2e.fake_discord.world import World


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    ws: web.WebSocketResponse | None
    seq: int = 0
    log: list[dict] = field(default_factory=list)  # every dispatch, replayed on RESUME
    invalid: bool = False


class Gateway:
    def __init__(self, world: World):
        self.world = world
        self.url = ""  # ws://…/gateway, known once the server listens
        self.sessions: dict[str, Session] = {}
        self.session: Session | None = None  # the one events go to
        self.ready_session: Session | None = None  # the last one that got READY and GUILD_CREATE
        self.identify_count = self.resume_count = 0
        self.received: list[dict] = []  # ops the bot sent (tokens removed), heartbeats excluded
        self.presence: dict | None = None
        self._send_lock = asyncio.Lock()
        self._sockets: set[web.WebSocketResponse] = set()

    @property
    def connected(self) -> bool:
        return self.session is not None and self.session.ws is not None and not self.session.ws.closed

    async def send(self, ws: web.WebSocketResponse, payload: dict) -> None:
        async with self._send_lock:
            if not ws.closed:
                try:
                    await ws.send_str(json.dumps(payload))
                except (ConnectionError, RuntimeError):  # bot just died; RESUME would replay from the log
                    pass

    async def dispatch(self, event: str, data: dict, *, intent: int = 0) -> None:
        """Send an event to the bot (if its session asked for `intent`), logged for a later RESUME."""
        await self.send_in(self.session, event, data, intent=intent)

    async def send_in(self, s: Session | None, event: str, data: dict, *, intent: int = 0) -> None:
        if s is None or (intent and not s.intents & intent):
            return
        s.seq += 1
        frame = {"op": 0, "t": event, "s": s.seq, "d": data}
        s.log.append(frame)
        if s.ws is not None:
            await self.send(s.ws, frame)

    def shows_content(self, channel: FakeChannel, author: FakeUser) -> bool:
        """Whether the bot sees what a message says: in a guild, others' messages need the content intent."""
        s = self.session
        return not (s and channel.guild_id and not author.bot and not s.intents & CONTENT_INTENT)

    async def serve(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        await self.send(ws, {"op": 10, "d": {"heartbeat_interval": 45000}, "s": None, "t": None})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, d = frame.get("op"), frame.get("d")
                if op == 1:
                    await self.send(ws, {"op": 11, "d": None, "s": None, "t": None})
                    continue
                self.received.append({"op": op, "d": {k: v for k, v in (d or {}).items() if k != "token"}
                                      if isinstance(d, dict) else d})
                if op == 2:
                    await self.identify(ws, d)
                elif op == 6:
                    await self.resume(ws, d)
                elif op == 8:
                    await self.members_chunk(d)
                elif op == 3:
                    self.presence = d
        finally:
            self._sockets.discard(ws)
            for s in self.sessions.values():
                if s.ws is ws:
                    s.ws = None
        return ws

    async def identify(self, ws: web.WebSocketResponse, d: dict) -> None:
        session = Session(secrets.token_hex(16), int(d.get("intents", 0)), ws)
        self.sessions[session.id] = self.session = session
        self.identify_count += 1
        w = self.world
        await self.dispatch("READY", {
            "v": 10, "user": {**w.bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(w.guild_id), "unavailable": True}], "session_id": session.id,
            "resume_gateway_url": self.url, "application": {"id": str(w.app_id), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [], "shard": [0, 1]})
        await self.dispatch("GUILD_CREATE", self.guild_payload(session.intents))
        self.ready_session = session

    async def resume(self, ws: web.WebSocketResponse, d: dict) -> None:
        session = self.sessions.get(d.get("session_id", ""))
        if session is None or session.invalid:
            await self.send(ws, {"op": 9, "d": False, "s": None, "t": None})
            return
        session.ws, self.session = ws, session
        self.resume_count += 1
        for frame in session.log:  # replay what the bot missed while it was away
            if frame["s"] > (d.get("seq") or 0):
                await self.send(ws, frame)
        await self.dispatch("RESUMED", {})

    async def members_chunk(self, d: dict) -> None:
        wanted = {int(u) for u in (d.get("user_ids") or [])}
        query = (d.get("query") or "").lower()
        members = [u for u in self.world.users.values() if u.member and (not wanted or u.id in wanted)
                   and u.name.lower().startswith(query)]
        await self.dispatch("GUILD_MEMBERS_CHUNK", {
            "guild_id": str(self.world.guild_id), "members": [u.member_payload() for u in members],
            "chunk_index": 0, "chunk_count": 1, "nonce": d.get("nonce"), "not_found": []})

    async def drop(self, code: int = 4000) -> None:
        """Close the bot's socket with a resumable code: discord.py reconnects with RESUME."""
        if self.session and self.session.ws:
            await self.session.ws.close(code=code)

    def invalidate_sessions(self) -> None:
        """Make every existing session un-resumable: the next RESUME gets INVALID_SESSION (false)."""
        for s in self.sessions.values():
            s.invalid = True

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001)

    def guild_payload(self, intents: int) -> dict:
        # Without the presences intent Discord only lists the bot itself; discord.py then chunks (op 8).
        w = self.world
        members = [u for u in w.users.values() if u.member and (intents & PRESENCES_INTENT or u.bot)]
        return {"id": str(w.guild_id), "name": w.guild_name, "owner_id": "1", "icon": None, "splash": None,
                "discovery_splash": None, "banner": None, "description": None, "afk_channel_id": None,
                "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
                "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0,
                "premium_subscription_count": 0, "preferred_locale": "en-US", "system_channel_id": None,
                "system_channel_flags": 0, "rules_channel_id": None, "public_updates_channel_id": None,
                "vanity_url_code": None, "application_id": None, "max_members": 500000, "features": [],
                "emojis": [], "stickers": [], "roles": list(w.roles.values()),
                "member_count": sum(u.member for u in w.users.values()), "large": False,
                "unavailable": False, "joined_at": w.bot.joined_at,
                "members": [u.member_payload() for u in members],
                "channels": [c.payload() for c in w.channels.values() if c.guild_id],
                "threads": [], "presences": [], "voice_states": [], "stage_instances": [],
                "guild_scheduled_events": [], "soundboard_sounds": [], "premium_progress_bar_enabled": False,
                "nsfw_level": 0}
