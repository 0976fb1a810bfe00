"""The one guild the fake hosts, as Discord keeps it: ids, roles, users, channels and DMs, and what the
bot may do where (permissions computed as topics/permissions describes)."""
from __future__ import annotations

import time

from tests.e2e.fake_discord.activities import ActivityInstances
from tests.e2e.fake_discord.model import DiscordError, FakeChannel, FakeUser
from tests.e2e.fake_discord.permissions import (ADMIN_PERMS, ADMINISTRATOR, ALL_PERMS, BOT_PERMS,
                                                EVERYONE_PERMS, VIEW_CHANNEL)

DISCORD_EPOCH_MS = 1420070400000


class World:
    def __init__(self, *, guild_name: str, bot_name: str):
        self.last_snowflake = 0
        self.token = "fake-bot-token"
        self.bot = FakeUser(self.snow(), bot_name, bot=True)
        self.app_id = self.bot.id  # as on Discord: application id == bot user id
        self.guild_id = self.snow()
        self.guild_name = guild_name
        self.roles: dict[int, dict] = {}
        self.role(EVERYONE_PERMS, "@everyone", role_id=self.guild_id)
        self.bot.role_ids = [self.role(BOT_PERMS, bot_name)]
        self.bot.permissions = EVERYONE_PERMS | BOT_PERMS
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_by_user: dict[int, FakeChannel] = {}
        self.activities = ActivityInstances(self.app_id, self.snow)  # launched Activities (issue 35)
        self.activities_on = False  # the application has Activities turned on (FakeDiscord(activities=True))

    def snow(self) -> int:
        """A new snowflake: unique, increasing, and dated now (as Discord's ids are)."""
        self.last_snowflake = max(self.last_snowflake + 1, (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22)
        return self.last_snowflake

    def role(self, perms: int, name: str, role_id: int | None = None) -> int:
        """The id of the role with this name and these permissions, made if there is none yet."""
        for rid, role in self.roles.items():
            if role["name"] == name and int(role["permissions"]) == perms:
                return rid
        rid = role_id or self.snow()
        self.roles[rid] = {"id": str(rid), "name": name, "permissions": str(perms), "position": len(self.roles),
                           "color": 0, "colors": {"primary_color": 0, "secondary_color": None,
                                                  "tertiary_color": None},
                           "hoist": False, "managed": False, "mentionable": False, "flags": 0,
                           "icon": None, "unicode_emoji": None}
        return rid

    def new_user(self, name: str, *, admin: bool, permissions: int, dm_closed: bool,
                 member: bool) -> tuple[FakeUser, list[int]]:
        """A user with roles for the given permissions; also the ids of the roles this made."""
        user = FakeUser(self.snow(), name, dm_closed=dm_closed, member=member)
        new_roles = []
        for bits, role_name in ((ADMIN_PERMS if admin else 0, "Admin"), (permissions, f"perms-{permissions:x}")):
            if bits:
                known = len(self.roles)
                user.role_ids.append(self.role(bits, role_name))
                new_roles += [user.role_ids[-1]] if len(self.roles) > known else []
        total = EVERYONE_PERMS | sum(int(self.roles[r]["permissions"]) for r in user.role_ids)
        user.permissions = ALL_PERMS if total & ADMINISTRATOR else total
        self.users[user.id] = user
        return user, new_roles

    def new_channel(self, name: str, guild_id: int | None = None) -> FakeChannel:
        channel = FakeChannel(self.snow(), name, 0, guild_id or self.guild_id)
        self.channels[channel.id] = channel
        return channel

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        if user.id not in self.dm_by_user:
            channel = FakeChannel(self.snow(), "", 1, None, recipient=user)
            self.channels[channel.id] = self.dm_by_user[user.id] = channel
        return self.dm_by_user[user.id]

    def channel(self, channel: FakeChannel | int) -> FakeChannel:
        """A channel the test names (by object or id)."""
        return self.channels[channel.id if isinstance(channel, FakeChannel) else int(channel)]

    def get_channel(self, cid: str) -> FakeChannel:
        """A channel a request names; 404 Unknown Channel if there is none."""
        if int(cid) not in self.channels:
            raise DiscordError(404, 10003, "Unknown Channel")
        return self.channels[int(cid)]

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

    def require(self, channel: FakeChannel, needed: int) -> None:
        """Refuse (403) what the bot may not do in a guild channel."""
        if channel.guild_id is None:
            return
        have = self.bot_permissions(channel)
        if not have & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        if needed & ~have:
            raise DiscordError(403, 50013, "Missing Permissions")
