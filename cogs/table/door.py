"""The Discord side of a change made from the Activity (bot/web/activity/): the same publish as a button's,
and the lobby message kept as chat's lobby buttons keep it. bot/app.py builds this Door for the Activity,
which knows no Discord itself."""
from __future__ import annotations

import logging

import discord

from bot.table import Actor, Outcome, Table
from bot.web.activity import Door
from cogs.table.games import policy
from cogs.table.services import Services

log = logging.getLogger("rookery.activity")


def activity_door(bot: discord.Client, services: Services) -> Door:
    lobbies, changes = services.lobbies, services.changes

    async def actor(user_id: int, guild_id: int | None, channel_id: int, name: str) -> Actor:
        """The member as chat's interactions give them (cogs/table/components.py actor()): their server name,
        roles and permissions in the channel, so the lobby's rules are the same from both doors. Unknown (left
        the server, or Discord unreachable): the bare user, who may do what anyone may."""
        guild = bot.get_guild(guild_id) if guild_id else None
        if guild is None:
            return Actor(user_id, name)
        try:
            member = guild.get_member(user_id) or await guild.fetch_member(user_id)
        except discord.HTTPException:
            return Actor(user_id, name)
        channel = guild.get_channel(channel_id)
        perms = channel.permissions_for(member) if channel is not None else member.guild_permissions
        return Actor(user_id, member.display_name, perms.manage_channels, perms.manage_guild,
                     frozenset(r.id for r in member.roles))

    async def publish(table: Table, outcome: Outcome) -> None:  # as Clicks.move after its commit
        await changes.publish(table, outcome)

    async def lobby_changed(table: Table) -> None:
        try:
            await lobbies.refresh(table)
        except discord.HTTPException as exc:  # the seat is taken and saved: the message catches up next time
            log.warning("table %s: could not edit the lobby message (HTTP %s)", table.id, exc.status)

    async def lobby_opened(table: Table) -> None:
        """As /game new: the lobby message goes to the channel, and is remembered."""
        try:
            channel = await services.publisher.channel(table)
            sent = await channel.send(**(await lobbies.message(table)).send_kwargs())
        except discord.HTTPException as exc:
            log.warning("table %s: could not post the lobby message (HTTP %s)", table.id, exc.status)
            return
        table.board_message_id = sent.id
        await services.service.save_messages(table)

    async def started(table: Table, outcome: Outcome) -> None:
        """As the lobby's Start (Lobbies.start): the lobby message closes, then the board and hands go out."""
        await lobby_changed(table)
        table.board_message_id = None
        await changes.publish(table, outcome)

    return Door(publish=publish, lobby_changed=lobby_changed, lobby_opened=lobby_opened, started=started,
                policy=policy, held=lambda table: services.publisher.held_until(table) > 0, actor=actor)
