"""The bot process: builds the discord.py client, opens storage, loads the cogs, restores live games."""
from __future__ import annotations

import asyncio
import logging
import sqlite3

import discord
from discord.ext import commands

from bot import sharding
from bot.config import Settings
from bot.storage import Storage, heap
from bot.storage.base import StorageUnavailable
from bot.service import TableService
from cogs.table import games

log = logging.getLogger("rookery")
# The host extension comes first: it registers the persistent components and the other cogs use bot.host.
COGS = ("cogs.table.host", "cogs.lobby", "cogs.reference", "cogs.history")  # the last two join /game


class Rookery(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        # No privileged intents: slash commands and components need none.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, **sharding.client_options(settings))
        self.settings = settings
        self.store: Storage | None = None
        self.service: TableService | None = None
        self.host = None  # set by the cogs.table.host extension

    async def setup_hook(self) -> None:
        self.store = await Storage.open(self.settings.database, self.settings.durability)
        sharding.serve_own_shards(self.store, self.settings)  # a shard restores only its own servers' games
        self.service = TableService(self.store)
        for name in COGS:
            try:
                await self.load_extension(name)
            except commands.ExtensionNotFound:
                log.warning("cog %s not found; skipped", name)
        await games.load(self, self.settings.game_keys)  # a cog per game: only the games chosen (ROOKERY_GAMES)
        restored = await self.service.restore()
        log.info("restored %d live game(s)", len(restored))
        heap.tune_for(len(restored))  # thousands of tables: keep the collector's full passes short
        self.game_sync = await sharding.follow_other_shards(self)  # reload games other shards changed
        if self.settings.sync_commands:
            await self.sync_commands()
        self.dispatch("tables_restored")  # the host starts timers and brings old messages up to date

    async def sync_commands(self) -> None:
        if not self.settings.guild_id:
            await self.tree.sync()
            return
        guild = discord.Object(self.settings.guild_id)
        self.tree.copy_global_to(guild=guild)
        try:
            await self.tree.sync(guild=guild)
        except discord.Forbidden:  # the usual cause: a wrong id, or the bot was never invited there
            log.error("ROOKERY_GUILD_ID=%s: the bot is not in that server (or lacks applications.commands), so "
                      "the slash commands were not synced there. Invite it, or fix/unset the id.",
                      self.settings.guild_id)

    async def close(self) -> None:
        await super().close()  # unloads the cogs, which stops the host's timers
        if self.store is not None:
            await self.store.close()
            self.store = None


def point_at(settings: Settings) -> None:
    """Test hook: talk to a fake Discord on loopback instead of the real one."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        import yarl

        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


def run(settings: Settings | None = None) -> None:
    """Run until stopped. Problems an operator can fix end the process with one plain line (exit code 1)."""
    try:
        settings = settings or Settings.from_env()
    except ValueError as exc:  # a malformed setting: the message names the variable and what it expects
        raise SystemExit(f"rookery: {exc}") from None
    if not settings.token:
        raise SystemExit("Set DISCORD_TOKEN to your bot's token (see README.md).")
    point_at(settings)
    try:
        Rookery(settings).run(settings.token, log_level=logging.INFO, root_logger=True)  # our INFO lines too
    except discord.LoginFailure:
        raise SystemExit("rookery: Discord refused the token in DISCORD_TOKEN. Copy it again from the Developer "
                         "Portal (Bot → Reset Token).") from None
    except discord.PrivilegedIntentsRequired:
        raise SystemExit("rookery: Discord refused the gateway intents; this bot needs none, so check the "
                         "application's settings in the Developer Portal.") from None
    except (OSError, asyncio.TimeoutError) as exc:
        where = settings.api_base or "discord.com"
        raise SystemExit(f"rookery: can't reach Discord ({where}): {exc or type(exc).__name__}. "
                         "Check the network, DNS or proxy, then start again.") from None
    except StorageUnavailable as exc:
        raise SystemExit(f"rookery: {exc}") from None
    except sqlite3.Error as exc:
        raise SystemExit(f"rookery: can't use the database at {settings.db_path} (ROOKERY_DB): {exc}") from None
