"""Every message (ephemeral ones included): made, edited and deleted as Discord does, announced to the bot,
and served on /channels/{id}/messages."""
from __future__ import annotations

from tests.e2e.fake_discord.attachments import Attachments
from tests.e2e.fake_discord.components import EPHEMERAL, LOADING, number_components
from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.model import DiscordError, FakeChannel, FakeUser, Interaction, now
from tests.e2e.fake_discord.permissions import (DM_MESSAGES_INTENT, GUILD_MESSAGES_INTENT,
                                                READ_MESSAGE_HISTORY, SEND_MESSAGES, VIEW_CHANNEL)
from tests.e2e.fake_discord.world import World


def _intent(channel: FakeChannel) -> int:
    return GUILD_MESSAGES_INTENT if channel.guild_id else DM_MESSAGES_INTENT


class MessageStore:
    def __init__(self, world: World, gateway: Gateway, attachments: Attachments):
        self.world, self.gateway, self.attachments = world, gateway, attachments
        self.by_id: dict[int, dict] = {}  # every live message, ephemeral ones included
        self.ephemeral_owner: dict[int, int] = {}  # ephemeral message id -> the one user who sees it

    def routes(self) -> list[tuple]:
        return [("GET|POST", r"/channels/(?P<cid>\d+)/messages", self._r_messages),
                ("GET|PATCH|DELETE", r"/channels/(?P<cid>\d+)/messages/(?P<mid>\d+)", self._r_message)]

    # ---------------------------------------------------------------- reading
    def current(self, message: dict | int) -> dict:
        """The current version of a message (by id or any earlier copy of its dict)."""
        mid = int(message["id"]) if isinstance(message, dict) else int(message)
        if mid not in self.by_id:
            raise AssertionError(f"message {mid} does not exist (deleted?)")
        return self.by_id[mid]

    def in_channel(self, channel: FakeChannel) -> list[dict]:
        """Current (edited) messages of a channel, oldest first; ephemeral ones never appear here."""
        return [self.by_id[m] for m in channel.message_ids]

    # ---------------------------------------------------------------- changing
    async def create(self, channel: FakeChannel, body: dict, files: list | None = None, *,
                     author: FakeUser | None = None, flags: int | None = None,
                     interaction: Interaction | None = None) -> dict:
        w = self.world
        author = author or w.bot
        mid = w.snow()
        flags = (body.get("flags") or 0) if flags is None else flags
        msg = {"id": str(mid), "channel_id": str(channel.id), "author": author.payload(),
               "content": body.get("content") or "", "timestamp": now(), "edited_timestamp": None,
               "tts": bool(body.get("tts")), "mention_everyone": False, "mentions": [], "mention_roles": [],
               "attachments": self.attachments.objects(files), "embeds": body.get("embeds") or [],
               "components": number_components(body.get("components") or []), "pinned": False,
               "type": 0, "flags": flags, "nonce": body.get("nonce"), "reactions": []}
        if channel.guild_id:
            msg["guild_id"] = str(channel.guild_id)
        if body.get("message_reference"):
            msg["type"], msg["message_reference"] = 19, {**body["message_reference"], "channel_id": str(channel.id)}
        if interaction is not None:
            msg.update(webhook_id=str(w.app_id), application_id=str(w.app_id),
                       interaction_metadata={"id": str(interaction.id), "type": interaction.type,
                                             "user": interaction.user.payload(),
                                             "authorizing_integration_owners": {}})
            msg["type"] = 20 if interaction.type == 2 else msg["type"]
        self.by_id[mid] = msg
        if flags & EPHEMERAL:
            self.ephemeral_owner[mid] = interaction.user.id if interaction else author.id
            return msg
        channel.message_ids.append(mid)
        event = dict(msg)
        if channel.guild_id and not author.bot:
            event["member"] = {k: v for k, v in author.member_payload().items() if k != "user"}
        if not self.gateway.shows_content(channel, author):
            event.update(content="", embeds=[], attachments=[], components=[])
        await self.gateway.dispatch("MESSAGE_CREATE", event, intent=_intent(channel))
        return msg

    async def edit(self, msg: dict, body: dict, files: list | None = None) -> dict:
        for key in ("content", "embeds", "components"):
            if key in body:
                msg[key] = body[key] or ([] if key != "content" else "")
        if "components" in body:
            number_components(msg["components"])
        if "attachments" in body:
            keep = {str(a.get("id")) for a in body["attachments"] or []}
            msg["attachments"] = [a for a in msg["attachments"] if a["id"] in keep]
        msg["attachments"] += self.attachments.objects(files)
        # Ephemerality never changes after creation; any edit ends the "thinking..." state.
        wanted = msg["flags"] if body.get("flags") is None else body["flags"]
        msg["flags"] = (msg["flags"] & EPHEMERAL) | (wanted & ~(EPHEMERAL | LOADING))
        msg["edited_timestamp"] = now()
        if not msg["flags"] & EPHEMERAL:
            channel = self.world.channels[int(msg["channel_id"])]
            await self.gateway.dispatch("MESSAGE_UPDATE", dict(msg), intent=_intent(channel))
        return msg

    async def delete(self, msg: dict) -> None:
        mid, channel = int(msg["id"]), self.world.channels[int(msg["channel_id"])]
        self.by_id.pop(mid, None)
        msg["deleted"] = True  # marker for tests holding the dict; not a Discord field
        if mid in channel.message_ids:
            channel.message_ids.remove(mid)
            data = {"id": str(mid), "channel_id": str(channel.id)}
            if channel.guild_id:
                data["guild_id"] = str(channel.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=_intent(channel))

    # ---------------------------------------------------------------- REST
    async def _r_messages(self, req, body, files, cid):
        channel = self.world.get_channel(cid)
        self.world.require(channel, SEND_MESSAGES if req.method == "POST" else READ_MESSAGE_HISTORY)
        if req.method == "POST":
            if channel.type == 1 and channel.recipient.dm_closed:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
            return await self.create(channel, body or {}, files)
        limit, q = int(req.query.get("limit", 50)), req.query
        found = [self.by_id[m] for m in channel.message_ids
                 if int(q.get("before", 1 << 63)) > m > int(q.get("after", 0))]
        return list(reversed(found[:limit] if "after" in q else found[-limit:]))

    async def _r_message(self, req, body, files, cid, mid):
        channel = self.world.get_channel(cid)
        self.world.require(channel, VIEW_CHANNEL)
        if int(mid) not in channel.message_ids:
            raise DiscordError(404, 10008, "Unknown Message")
        msg = self.by_id[int(mid)]
        if req.method == "PATCH":
            if int(msg["author"]["id"]) != self.world.bot.id and set(body or {}) - {"flags"}:
                raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
            return await self.edit(msg, body or {}, files)
        if req.method == "DELETE":
            return await self.delete(msg)
        return msg
