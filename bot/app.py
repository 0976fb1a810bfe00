"""The bot process: builds the discord.py client, opens storage, builds every service and hands each its
collaborators (build_services: the one place where the pieces meet), adds the cogs, restores live games."""
from __future__ import annotations

import asyncio
import logging
import sqlite3
import time

import discord
from discord.ext import commands

from bot import render, sharding
from bot.config import Settings
from bot.entry_point import sync_global
from bot.records import HistoryService
from bot.seating import Seating
from bot.service import TableService
from bot.storage import Storage, heap
from bot.storage.base import StorageUnavailable
from bot.web import Web, open_web
from bot.web.activity import open_activity
from cogs.history import History, Rematches, result_rows
from cogs.lobby import Lobbies, Lobby
from cogs.reference import Reference
from cogs.table import games
from cogs.table.answer import Answer
from cogs.table.changes import Changes
from cogs.table.clicks import Clicks
from cogs.table.components import Items
from cogs.table.door import activity_door
from cogs.table.host import Host, Republish
from cogs.table.messages import Messages
from cogs.table.pacer import DISCORD_GLOBAL_RATE, Pacer, process_budget
from cogs.table.publisher import Publisher
from cogs.table.schedule import Schedule
from cogs.table.services import Services
from cogs.table.settings import MemberSettings
from cogs.table.timers import Timers
from cogs.watch import Watch
from present import LogFilter

log = logging.getLogger("rookery")


def build_services(bot: commands.Bot, store: Storage, clock=time.time) -> Services:
    """Every service, each given its collaborators here and nowhere else."""
    def server_locale(guild_id: int) -> str | None:
        guild = bot.get_guild(guild_id)
        return str(guild.preferred_locale) if guild is not None and guild.preferred_locale else None

    history = HistoryService(store, clock)
    logs = LogFilter()
    service = TableService(
        store, clock, history=history,
        loggable=lambda table, event: logs(table.game_key, event, table.names),
        bundles=lambda table, seat_id: render.bundle_steps(table, seat_id, games.policy(table.game_key)))
    seating = Seating(service)
    settings = MemberSettings(store, server_locale)  # notify, autoplay, languages, DM channels
    answer = Answer(settings)
    messages = Messages(bot, settings)
    config = getattr(bot, "settings", None)  # the token's budget, split between shard processes
    rate, burst = process_budget(getattr(config, "global_rate", DISCORD_GLOBAL_RATE),
                                 getattr(config, "shard_count", 1))
    publisher = Publisher(bot, service, settings, messages, result_rows, Pacer(rate, burst))
    schedule = Schedule(service, publisher, settings)
    changes = Changes(schedule, publisher, settings)
    lobbies = Lobbies(service, seating, settings, answer, publisher, changes)
    return Services(
        service=service, seating=seating, history=history, settings=settings, answer=answer, messages=messages,
        publisher=publisher, schedule=schedule, changes=changes, timers=Timers(service, publisher, schedule, changes),
        clicks=Clicks(service, messages, settings, answer, changes), items=Items(bot),
        republish=Republish(service, changes, publisher), lobbies=lobbies,
        rematches=Rematches(service, seating, history, settings, lobbies))


def build_cogs(bot: commands.Bot, services: Services) -> list[commands.Cog]:
    # The Host first: it answers every interaction's edge. History and Reference join Lobby's /game group.
    return [Host(bot, services), Lobby(bot, services), Reference(bot, services), History(bot, services)]


class Rookery(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        # No privileged intents: slash commands and components need none. Nor message events: no cog reads a
        # message, and every board or DM the bot sends would come back as an event to parse and cache (about
        # a tenth of the bot's CPU under load, bench/bench_load.py).
        intents = discord.Intents.default()
        intents.messages = intents.typing = intents.reactions = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, max_messages=None,
                         help_command=None, **sharding.client_options(settings))
        self.settings = settings
        self.store: Storage | None = None
        self.services: Services | None = None  # built in setup_hook, once storage is open
        self.service: TableService | None = None  # services.service, for bot/sharding.py and the tests
        self.web: Web | None = None  # the watch page (bot/web/), when ROOKERY_WEB_PORT is set

    async def setup_hook(self) -> None:
        self.store = await Storage.open(self.settings.database, self.settings.durability)
        sharding.serve_own_shards(self.store, self.settings)  # a shard restores only its own servers' games
        self.services = build_services(self, self.store)
        self.services.messages.activity = self.settings.activity  # the board's Open table button
        self.service = self.services.service
        for cog in build_cogs(self, self.services):
            await self.add_cog(cog)
        if self.settings.web_port is not None:
            await self.open_web()
        await games.load(self, self.settings.game_keys)  # a cog per game: only the games chosen (ROOKERY_GAMES)
        restored = await self.service.restore()
        log.info("restored %d live game(s)", len(restored))
        heap.tune_for(len(restored))  # thousands of tables: keep the collector's full passes short
        self.game_sync = await sharding.follow_other_shards(self)  # reload games other shards changed
        if self.settings.sync_commands:
            await self.sync_commands()
        self.dispatch("tables_restored")  # the host starts timers and brings old messages up to date

    async def open_web(self) -> None:
        """Serve the watch page: the board gets its Watch button, every change reaches the page, /game watch."""
        assert self.store is not None and self.services is not None, "storage and services are up first"
        services = self.services
        self.web = await open_web(self.settings, self.store, services.service, services.settings.guild_lang,
                                  held=lambda table: services.publisher.held_until(table) > 0, listen=False)
        services.messages.watch_url = self.web.links.url
        services.publisher.watchers.append(self.web.watchers.changed)
        if self.settings.activity:
            self.open_activity()
        assert self.settings.web_port is not None, "the web page is served only with ROOKERY_WEB_PORT"
        await self.web.server.start(self.settings.web_host, self.settings.web_port)
        await self.add_cog(Watch(self))

    def open_activity(self) -> None:
        """The Activity on the same web server: its routes, and every change reaches its pages."""
        assert self.web is not None and self.services is not None and self.application_id is not None
        services = self.services
        activity = open_activity(self.settings, services.service, services.seating, activity_door(self, services),
                                 self.application_id)
        self.web.server.mounts.append(activity.routes.mount)
        services.publisher.watchers.append(activity.play.changed)
        log.info("the Activity is served at %s/", self.settings.web_url)

    async def sync_commands(self) -> None:
        if not self.settings.guild_id:
            if self.application_id is None:
                await self.tree.sync()  # raises discord.py's own MissingApplicationID
            else:  # tree.sync() would drop Discord's Entry Point command, and Discord refuses that
                await sync_global(self.tree, self.http, self.application_id)
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
        await super().close()  # removes the cogs: the Host's unload stops the timers and the publisher
        if self.web is not None:
            await self.web.server.stop()
            self.web = None
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
