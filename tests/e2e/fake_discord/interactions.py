"""Interactions: sent to the bot over the gateway, answered by it on the callback and webhook routes
(/interactions/{id}/{token}/callback, /webhooks/{app}/{token}[/messages/…]). Every one is kept as an
Interaction record whose message dicts follow later edits.

A LAUNCH_ACTIVITY callback (type 12; its body is just {"type": 12}) opens the application's Activity in the
interaction's channel for the member: they join the channel's running instance, or start one
(world.activities). It is refused unless the application has Activities on (FakeDiscord(activities=True))."""
from __future__ import annotations

import asyncio
import json
import secrets
import time

from aiohttp import web

from tests.e2e.fake_discord.components import LOADING
from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.messages import MessageStore
from tests.e2e.fake_discord.model import DiscordError, FakeChannel, FakeUser, Interaction
from tests.e2e.fake_discord.permissions import EVERYONE_PERMS
from tests.e2e.fake_discord.world import World

RECEIVED = web.RequestKey("received", float)  # when a request was wholly here (monotonic seconds)


class NotAnswered(Exception):
    """The bot did not answer an interaction in time."""

    def __init__(self, rec: Interaction):
        super().__init__(f"interaction {rec.id} was not answered")
        self.rec = rec


class InteractionDesk:
    def __init__(self, world: World, gateway: Gateway, store: MessageStore):
        self.world, self.gateway, self.store = world, gateway, store
        self.by_id: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}

    def routes(self) -> list[tuple]:
        return [("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", self._r_callback),
                ("POST", r"/webhooks/\d+/(?P<token>[^/]+)", self._r_followup),
                ("GET|PATCH|DELETE", r"/webhooks/\d+/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)",
                 self._r_webhook_message)]

    def add(self, rec: Interaction) -> Interaction:
        self.by_id[rec.id] = self.by_token[rec.token] = rec
        return rec

    async def send(self, itype: int, user: FakeUser, channel: FakeChannel, data: dict,
                   message: dict | None, timeout: float) -> Interaction:
        """INTERACTION_CREATE as Discord builds it; returns once the bot answered (NotAnswered if not)."""
        w = self.world
        rec = self.add(Interaction(w.snow(), "itok." + secrets.token_urlsafe(32), itype, user, channel.id, data,
                                   int(message["id"]) if message else None))
        payload = {"id": str(rec.id), "application_id": str(w.app_id), "type": itype, "token": rec.token,
                   "version": 1, "data": data, "channel_id": str(channel.id), "channel": channel.payload(),
                   "locale": "en-US", "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
                   "authorizing_integration_owners": {"0": str(w.guild_id)} if channel.guild_id else {},
                   "context": 0 if channel.guild_id else 1}
        if channel.guild_id:
            payload.update(guild_id=str(w.guild_id), guild_locale="en-US",
                           guild={"id": str(w.guild_id), "locale": "en-US", "features": []},
                           member=user.member_payload(with_permissions=True), app_permissions=str(w.bot.permissions))
        else:
            payload.update(user=user.payload(), app_permissions=str(EVERYONE_PERMS))
        if message is not None:
            payload["message"] = json.loads(json.dumps(message))
        started = time.monotonic()
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(rec.answered.wait(), timeout)
        except asyncio.TimeoutError:
            raise NotAnswered(rec) from None
        rec.latency = time.monotonic() - started
        rec.reached = rec.reached - started  # the stamp _r_callback took from the request
        return rec

    def _rec(self, token: str) -> Interaction:
        if token not in self.by_token:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return self.by_token[token]

    async def _r_callback(self, req, body, files, iid, token):
        rec = self.by_token.get(token)
        if rec is None or rec.id != int(iid):
            raise DiscordError(404, 10062, "Unknown interaction")
        if rec.callbacks:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        ctype, data = body.get("type"), body.get("data") or {}
        if ctype in (6, 7) and rec.message_id not in self.store.by_id:
            raise DiscordError(400, 50035, "Invalid Form Body: this interaction has no message to update")
        if ctype not in (1, 4, 5, 6, 7, 8, 9, 12):
            raise DiscordError(400, 50035, f"Invalid Form Body: unknown callback type {ctype}")
        if ctype == 12 and not self.world.activities_on:
            # Discord documents type 12 as "only available for apps with Activities enabled" but not the
            # error it answers otherwise; a 400 Invalid Form Body is our guess (unverified). It leaves the
            # interaction unanswered, as any refused callback does.
            raise DiscordError(400, 50035, "Invalid Form Body: this application has no Activity to launch")
        rec.callbacks.append({"type": ctype, "data": data})
        rec.reached = req[RECEIVED]
        if ctype in (4, 5):
            flags = (data.get("flags") or 0) | (LOADING if ctype == 5 else 0)
            rec.original = await self.store.create(self.world.channels[rec.channel_id],
                                                   data if ctype == 4 else {}, files, flags=flags, interaction=rec)
        elif ctype in (6, 7):
            rec.original = self.store.by_id[rec.message_id]
            if ctype == 7:
                await self.store.edit(rec.original, data, files)
        elif ctype == 9:
            rec.modal = data
        elif ctype == 8:
            rec.choices = data.get("choices") or []
        elif ctype == 12:
            channel = self.world.channels[rec.channel_id]
            instance = self.world.activities.launch(channel.id, channel.guild_id, rec.user.id)
            rec.callbacks[-1]["activity_instance"] = instance.id
        rec.answered.set()
        result: dict = {"interaction": {"id": str(rec.id), "type": rec.type,
                                        "response_message_loading": ctype == 5,
                                        "response_message_ephemeral": rec.ephemeral}}
        if rec.original is not None:
            result["interaction"]["response_message_id"] = rec.original["id"]
        if ctype in (4, 5, 7):
            result["resource"] = {"type": ctype, "message": rec.original}
        elif ctype == 12:
            instance_id = rec.callbacks[-1]["activity_instance"]
            result["interaction"]["activity_instance_id"] = instance_id
            result["resource"] = {"type": 12, "activity_instance": {"id": instance_id}}
        return result

    async def _r_followup(self, req, body, files, token):
        rec = self._rec(token)
        if not rec.callbacks:
            raise DiscordError(404, 10015, "Unknown Webhook (interaction not acknowledged yet)")
        if rec.original is not None and rec.original["flags"] & LOADING and rec.callback_type == 5:
            msg = await self.store.edit(rec.original, body, files)  # Discord: 1st followup fills the defer
        else:
            msg = await self.store.create(self.world.channels[rec.channel_id], body, files, interaction=rec)
            rec.followups.append(msg)
        return msg if req.query.get("wait") in ("1", "true", "True") else None

    async def _r_webhook_message(self, req, body, files, token, mid):
        rec = self._rec(token)
        msg = rec.original if mid == "@original" else next(
            (m for m in [rec.original, *rec.followups] if m and m["id"] == mid), None)
        if msg is None or msg.get("deleted"):
            raise DiscordError(404, 10008, "Unknown Message")
        if req.method == "PATCH":
            return await self.store.edit(msg, body or {}, files)
        if req.method == "DELETE":
            return await self.store.delete(msg)
        return msg
