"""Who and what exists: users, members, channels and DMs. Serves their REST reads and the test's setup
(adding users and channels, changing what the bot may do), each change announced to the bot as Discord does."""
from __future__ import annotations

from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.model import DiscordError, FakeChannel, FakeUser
from tests.e2e.fake_discord.permissions import GUILD_MEMBERS_INTENT
from tests.e2e.fake_discord.world import World


class Directory:
    def __init__(self, world: World, gateway: Gateway):
        self.world, self.gateway = world, gateway

    def routes(self) -> list[tuple]:
        return [("POST", r"/users/@me/channels", self._r_open_dm),
                ("GET", r"/users/(?P<uid>\d+)", self._r_user),
                ("GET", r"/guilds/(?P<gid>\d+)/members/(?P<uid>\d+)", self._r_member),
                ("GET", r"/channels/(?P<cid>\d+)", self._r_channel),
                ("POST", r"/channels/(?P<cid>\d+)/typing", self._r_typing)]

    # ---------------------------------------------------------------- setup
    async def add_user(self, name: str, *, admin: bool = False, permissions: int = 0,
                       dm_closed: bool = False, member: bool = True) -> FakeUser:
        """A user (a guild member unless member=False). admin adds Manage Guild/Channels/Messages/Roles;
        permissions adds any extra bits (ADMINISTRATOR gives everything). Announced if the bot is online."""
        w = self.world
        user, new_roles = w.new_user(name, admin=admin, permissions=permissions, dm_closed=dm_closed,
                                     member=member)
        for rid in new_roles:
            await self.gateway.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(w.guild_id), "role": w.roles[rid]})
        if member:
            await self.gateway.dispatch("GUILD_MEMBER_ADD", {**user.member_payload(), "guild_id": str(w.guild_id)},
                                        intent=GUILD_MEMBERS_INTENT)
        return user

    async def add_channel(self, name: str, guild_id: int | None = None) -> FakeChannel:
        """A text channel in the guild (or in `guild_id`, for a fake hosting more than one)."""
        channel = self.world.new_channel(name, guild_id)
        await self.gateway.dispatch("CHANNEL_CREATE", channel.payload())
        return channel

    async def set_channel_permissions(self, channel: FakeChannel, *, allow: int = 0, deny: int = 0) -> None:
        """Overwrite the bot's own permissions in a channel (allow=deny=0 removes the overwrite); enforced on
        sends and edits, and announced with CHANNEL_UPDATE as Discord does."""
        bot_id = str(self.world.bot.id)
        channel.overwrites = [o for o in channel.overwrites if o["id"] != bot_id]
        if allow or deny:
            channel.overwrites.append({"id": bot_id, "type": 1, "allow": str(allow), "deny": str(deny)})
        await self.gateway.dispatch("CHANNEL_UPDATE", channel.payload())

    async def set_bot_permissions(self, permissions: int) -> None:
        """The bot's role's permissions in the whole server, announced with GUILD_ROLE_UPDATE."""
        w = self.world
        role = w.roles[w.bot.role_ids[0]]
        role["permissions"] = str(permissions)
        await self.gateway.dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(w.guild_id), "role": role})

    # ---------------------------------------------------------------- REST
    async def _r_open_dm(self, req, body, files):
        user = self.world.users.get(int((body or {}).get("recipient_id", 0)))
        if user is None or user.bot:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        return self.world.dm_channel(user).payload()

    async def _r_user(self, req, body, files, uid):
        if int(uid) not in self.world.users:
            raise DiscordError(404, 10013, "Unknown User")
        return self.world.users[int(uid)].payload()

    async def _r_member(self, req, body, files, gid, uid):
        user = self.world.users.get(int(uid))
        if int(gid) != self.world.guild_id or user is None or not user.member:
            raise DiscordError(404, 10007, "Unknown Member")
        return user.member_payload()

    async def _r_channel(self, req, body, files, cid):
        return self.world.get_channel(cid).payload()

    async def _r_typing(self, req, body, files, cid):
        self.world.get_channel(cid)
        return None
