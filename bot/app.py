"""The bot process: builds the discord.py client, opens storage, loads the cogs, restores live games."""
from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.config import Settings
from bot.storage import Storage
from bot.tables import TableService

log = logging.getLogger("rookery")
# The host extension comes first: it registers the persistent components and the other cogs use bot.host.
COGS = ("cogs.shared.host", "cogs.lobby", "cogs.raven", "cogs.nevermore", "cogs.deadlies", "cogs.everrain")


class Rookery(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        # No privileged intents: slash commands and components need none.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None)
        self.settings = settings
        self.store: Storage | None = None
        self.service: TableService | None = None
        self.host = None  # set by the cogs.shared.host extension

    async def setup_hook(self) -> None:
        self.store = await Storage.open(self.settings.db_path)
        self.service = TableService(self.store)
        for name in COGS:
            try:
                await self.load_extension(name)
            except commands.ExtensionNotFound:
                log.warning("cog %s not found; skipped", name)
        restored = await self.service.restore()
        log.info("restored %d live game(s)", len(restored))
        if self.settings.sync_commands:
            if self.settings.guild_id:
                guild = discord.Object(self.settings.guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        self.dispatch("tables_restored")  # the host starts timers and brings old messages up to date

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
    settings = settings or Settings.from_env()
    if not settings.token:
        raise SystemExit("Set DISCORD_TOKEN to your bot's token (see README.md).")
    point_at(settings)
    Rookery(settings).run(settings.token, log_level=logging.INFO, root_logger=True)  # our own INFO lines too
