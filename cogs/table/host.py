"""The Host cog: the Discord edge of the tables. It runs the table's own items (cogs/table/components.py)
from on_interaction, answers what no handler will (a forged or outdated custom_id), gives every failed slash
command a plain answer, starts the timers and the after-restart republish, and lets a channel's blocked
publisher try again when its permissions change.

Rules of thumb kept here: every interaction gets an answer, in the reader's language; a Refusal is
answered privately with its own words (cogs/table/answer.py); a bug is logged once and the user is told
something went wrong, never "This interaction failed".
"""
from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.service import TableService
from bot.table import Table
from cogs.table.answer import Answer
from cogs.table.changes import Changes
from cogs.table.components import HostItem, Items, data_of, table_item
from cogs.table.publisher import Publisher
from cogs.table.services import Services
from cogs.table.translator import CommandTranslator
from present.i18n import command, mark, reading, tr

log = logging.getLogger("rookery.host")
REPUBLISH_WINDOW = 64    # tables republished at once after a restart (the pacer spaces their requests)
FALLBACK_AFTER = 2.5     # a component nobody answered by then gets "out of date" (Discord allows 3 s)
PLAYING = ("active", "paused")  # live games with messages to keep current (a lobby has its own)
STALE = mark("This button is out of date (from an older message or version). Use {hand} for your current "
             "choices, or {status} for the board.")


class Republish:
    """After a restart: make every live game's board and hands match the stored state.

    A crash between a commit and its messages would otherwise leave a player without buttons. Only tables
    whose stored published_version is behind their version (or unknown: a crash mid-publish, an old DM left
    to shrink, a row from before that column) are looked at; the others finished publishing before the
    restart, and deciding so reads two plain columns (a restored table's JSON stays undecoded, bot/stored.py).
    A board older than an hour is not reposted for its age alone: the table's next change does that
    (publisher.BOARD_MAX_AGE). The pacer spaces the requests; a window of tables at a time keeps the
    number of publisher tasks small when every table is behind (a database from before the column)."""

    def __init__(self, service: TableService, changes: Changes, publisher: Publisher) -> None:
        self.service = service
        self.changes = changes
        self.publisher = publisher
        self.done = asyncio.Event()  # set when the pass is over (tests, the soak script)
        self.touched = 0             # tables republished by the last run (bench, tests)
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name="rookery-republish")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    @staticmethod
    def behind(table: Table) -> bool:
        """Live, and its messages may not show its version (plain columns only: nothing is decoded)."""
        published = table.published_version
        return table.status in PLAYING and (published is None or published < table.version)

    async def run(self) -> None:
        try:
            tables: list[Table] = [t for t in list(self.service.tables.values()) if self.behind(t)]
            self.touched = fixed = 0
            for start in range(0, len(tables), REPUBLISH_WINDOW):
                window: list[Table] = []
                for table in tables[start:start + REPUBLISH_WINDOW]:
                    async with table.lock:
                        if self.behind(table) and self.service.tables.get(table.id) is table \
                                and table.state is not None:
                            await self.changes.publish(table)
                            window.append(table)
                for table in window:
                    fixed += await self.publisher.settled(table)
                self.touched += len(window)
            log.info("republish after restart: %d of %d live game(s) behind, %d message(s) fixed",
                     self.touched, len(self.service.tables), fixed)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("republish after restart failed")
        finally:
            self.done.set()


class Host(commands.Cog):
    def __init__(self, bot: commands.Bot, services: Services) -> None:
        self.bot = bot
        self.services = services
        self.service = services.service
        self.answer: Answer = services.answer
        self.items: Items = services.items

    async def cog_load(self) -> None:
        self.bot.tree.error(self.on_app_command_error)
        await self.bot.tree.set_translator(CommandTranslator())  # before the app syncs the commands
        # Every slash command answers in its member's language. The stock CommandTree's hook is set, not
        # overridden in a subclass, hence the ignore.
        self.bot.tree.interaction_check = self.answer.speak_to  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.services.timers.stop()
        self.services.publisher.stop()
        self.services.republish.stop()

    @commands.Cog.listener()
    async def on_tables_restored(self) -> None:
        """Dispatched by the app once storage has restored the live games."""
        self.services.timers.start(getattr(getattr(self.bot, "settings", None), "timer_poll", 0))
        self.services.republish.start()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the locales it carries; run the table's own items (cogs/table/components.py); answer
        components that no handler will (forged, truncated, from an older format)."""
        settings = self.services.settings
        try:
            guild_id = interaction.guild_id
            await settings.seen(interaction, known_server=guild_id is None or self.bot.get_guild(guild_id) is not None)
        except Exception:  # remembering a locale must never cost an answer
            log.exception("could not store the locales of an interaction")
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str(data_of(interaction).get("custom_id", ""))
        if custom_id.startswith("rk"):
            found = table_item(custom_id)
            if found is not None and self._on_message(interaction, custom_id):
                return await self.run_item(interaction, found[0].from_match(found[1]))
            if found is None and self.items.handled(custom_id) and self._on_message(interaction, custom_id):
                return  # a cog's DynamicItem: discord.py runs it
        else:  # not ours: a short-lived view may still answer it, so only step in if nobody did in time
            await asyncio.sleep(FALLBACK_AFTER)
        if not interaction.response.is_done():
            with reading(settings.reader_lang(interaction)):
                await self.answer.note(interaction, tr(STALE, hand=command("game hand"), status=command("game status")))

    async def run_item(self, interaction: discord.Interaction, item: HostItem) -> None:
        """A table item's click, as discord.py runs a DynamicItem's: its check may refuse it (and answers
        then), else its callback runs (which answers whatever happens). A check that fails is a bug: logged,
        and the clicker is told, instead of Discord's "This interaction failed"."""
        try:
            allowed = await item.interaction_check(interaction)
        except Exception:
            log.exception("checking %s failed", item.custom_id)
            return await self.answer.apology(interaction)
        if allowed:
            await item.callback(interaction)

    @staticmethod
    def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
        """discord.py runs a persistent item only if the clicked message really carries that component: look
        for it in the message's components, which discord.py has already parsed."""
        message = interaction.message
        if message is None:
            return False
        kind = data_of(interaction).get("component_type")
        stack = list(message.components)
        while stack:
            component = stack.pop()
            if getattr(component, "custom_id", None) == custom_id and component.type.value == kind:
                return True
            stack += getattr(component, "children", None) or getattr(component, "components", None) or []
            accessory = getattr(component, "accessory", None)
            if accessory is not None:
                stack.append(accessory)
        return False

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        """Every failed slash command gets a private, plain answer; only real bugs are logged with a trace."""
        original = getattr(error, "original", error)
        if isinstance(original, errors.Refusal):
            return await self.answer.refusal(interaction, original)
        with reading(self.services.settings.reader_lang(interaction)):
            if isinstance(error, app_commands.CommandNotFound):
                text = tr("I don't know that command any more — Discord may still show an old list. Try {game}.",
                          game=command("game"))
            elif isinstance(error, app_commands.TransformerError):
                text = tr("I couldn't read `{value}` there. Pick a value from the list Discord offers.",
                          value=str(error.value)[:50])
            elif isinstance(error, app_commands.CheckFailure):
                text = tr("You can't use that command here.")
            else:
                log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=original)
                text = tr("Something went wrong on my side. Use {status} to see where things stand.",
                          status=command("game status"))
            await self.answer.note(interaction, text)

    # ---- the channel may accept us again
    @commands.Cog.listener()
    async def on_guild_channel_update(self, before, after) -> None:
        self.services.publisher.retry_now(t.id for t in self.service.tables.values() if t.channel_id == after.id)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before, after) -> None:
        self.services.publisher.retry_now(t.id for t in self.service.tables.values()
                                          if t.guild_id == after.guild.id)

    @commands.Cog.listener()
    async def on_member_update(self, before, after) -> None:
        if after.id == getattr(self.bot.user, "id", None):
            self.services.publisher.retry_now(t.id for t in self.service.tables.values()
                                              if t.guild_id == after.guild.id)
