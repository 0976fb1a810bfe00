"""What the host remembers of members and servers between messages, cached so a publish costs no query:
per-server member settings (`/game notify`, `/game autoplay`), each member's language and DM channel, and
each server's language. Stored by the storage backend; the host is the only writer in its process (a
server's interactions all reach the shard that owns it), so the cache stays true.

Languages: a DM or a private answer is written in its member's language (their `/game language` choice,
else the Discord locale their last interaction carried); the board in the server's (`/game config
language`, else the server's Discord locale, from the gateway's cache). The member's are stored, so a
timer's DM or a restart keeps them; a server's settings are written by /game config alone.
"""
from __future__ import annotations

from typing import Callable

import discord

from bot.storage.base import Member
from present.i18n import resolve


class MemberSettings:
    def __init__(self, store, server_locale: Callable[[int], str | None] = lambda guild_id: None) -> None:
        self.store = store
        # The Discord locale of a server the bot is in, from the gateway's cache: the language of its first
        # lobby, before any interaction of that server was seen (one races the other) or after a restart.
        self.server_locale = server_locale
        self._cache: dict[tuple[str, int], set[int]] = {}  # (setting, guild id) -> the members it names
        self._members: dict[int, Member] = {}
        self._guild_langs: dict[int, str] = {}
        self._guild_locales: dict[int, str] = {}  # the Discord locale each server's interactions last carried (memory)

    async def _named(self, setting: str, guild_id: int) -> set[int]:
        key = (setting, guild_id)
        if key not in self._cache:
            self._cache[key] = await getattr(self.store, setting)(guild_id)
        return self._cache[key]

    async def _mark(self, setting: str, guild_id: int, user_id: int, named: bool) -> None:
        """After a write: keep the cached set in step with the store."""
        members = await self._named(setting, guild_id)
        (members.add if named else members.discard)(user_id)

    async def notify_off(self, guild_id: int) -> set[int]:
        """Members who turned "your turn" pings off."""
        return await self._named("notify_off", guild_id)

    async def set_notify(self, guild_id: int, user_id: int, on: bool) -> None:
        await self.store.set_notify(guild_id, user_id, on)
        await self._mark("notify_off", guild_id, user_id, not on)

    async def autoplay_on(self, guild_id: int) -> set[int]:
        """Members who let their only legal card play itself."""
        return await self._named("autoplay_on", guild_id)

    async def set_autoplay(self, guild_id: int, user_id: int, on: bool) -> None:
        await self.store.set_autoplay(guild_id, user_id, on)
        await self._mark("autoplay_on", guild_id, user_id, on)

    def forget(self, guild_id: int) -> None:
        """Drop a server's cached settings once its stored ones are deleted (/game forget)."""
        for setting in ("notify_off", "autoplay_on"):
            self._cache.pop((setting, guild_id), None)
        self._guild_langs.pop(guild_id, None)
        self._guild_locales.pop(guild_id, None)  # the next interaction tells it again

    # ---- members whatever the server: language and DM channel
    async def load_members(self, user_ids) -> None:
        """Bring these members into the cache (one query for all that aren't there yet)."""
        missing = [u for u in user_ids if u is not None and u not in self._members]
        if missing:
            found = await self.store.members(missing)
            for user_id in missing:
                # setdefault: a call awaiting beside this one may have loaded (and since changed) it already
                self._members.setdefault(user_id, found.get(user_id) or Member(user_id))

    async def member(self, user_id: int) -> Member:
        await self.load_members([user_id])
        return self._members[user_id]

    def cached(self, user_id: int) -> Member:
        return self._members.get(user_id) or Member(user_id)

    def member_lang(self, user_id: int | None) -> str:
        """The language a member reads (cached: call load_members first)."""
        member = self._members.get(user_id) if user_id is not None else None
        return resolve(member.language or member.discord_locale) if member else resolve(None)

    async def set_language(self, user_id: int, language: str | None) -> None:
        member = await self.member(user_id)
        await self.store.save_member(user_id, language=language)
        member.language = language

    async def save_dm_channel(self, user_id: int, channel_id: int) -> None:
        member = await self.member(user_id)
        if member.dm_channel_id != channel_id:
            await self.store.save_member(user_id, dm_channel_id=channel_id)
            member.dm_channel_id = channel_id

    # ---- servers
    async def guild_lang(self, guild_id: int | None) -> str:
        if guild_id is None:
            return resolve(None)
        if guild_id not in self._guild_langs:
            config = await self.store.guild_config(guild_id)
            # /game config's choice; else the server's Discord locale: the gateway's, else as an interaction
            # last told it, else as older versions stored it.
            locale = (config.language or self.server_locale(guild_id) or self._guild_locales.get(guild_id)
                      or config.discord_locale)
            self._guild_langs[guild_id] = resolve(locale)
        return self._guild_langs[guild_id]

    def guild_changed(self, guild_id: int) -> None:
        """After /game config language: read it again."""
        self._guild_langs.pop(guild_id, None)

    # ---- what each interaction tells us
    async def seen(self, interaction: discord.Interaction, known_server: bool = True) -> None:
        """Remember the member's Discord locale when it changed (one write per change). Not from a server
        the bot is not in (`known_server` False: a forged or stale interaction): nothing is stored. A
        server's locale is never written here (no command but /game config writes a server's settings):
        the gateway's cache has it (server_locale); a change of it only drops the cached language."""
        if not known_server:
            return
        member = await self.member(interaction.user.id)
        locale = str(interaction.locale) if interaction.locale else None
        if locale and member.discord_locale != locale:
            await self.store.save_member(member.user_id, discord_locale=locale)
            member.discord_locale = locale
        guild_id = interaction.guild_id
        guild_locale = str(interaction.guild_locale) if guild_id and interaction.guild_locale else None
        if guild_id and guild_locale and self._guild_locales.get(guild_id) != guild_locale:
            self._guild_locales[guild_id] = guild_locale
            self._guild_langs.pop(guild_id, None)

    async def reader(self, interaction: discord.Interaction) -> str:
        """The reader's language, with their stored /game language choice loaded first."""
        await self.load_members([interaction.user.id])
        return self.reader_lang(interaction)

    def reader_lang(self, interaction: discord.Interaction) -> str:
        """The language of a private answer to this interaction: the member's choice, else their locale."""
        member = self._members.get(interaction.user.id)
        if member is not None and member.language:
            return resolve(member.language)
        locale = getattr(interaction, "locale", None)
        return resolve(str(locale) if locale else None)
