"""The Discord side of the tables: the Host cog wires the table components (cogs/table/components.py),
their handlers (interactions.py), the one publish path (publisher.py) and time (timers.py), and is the
edge where every refusal and failure gets its private answer.

Rules of thumb kept here: every interaction gets an answer, in the reader's language; a Refusal is
answered privately with its own words; a bug is logged once and the user is told something went wrong,
never "This interaction failed". Loaded first (the extension cogs.table.host): the other cogs find it as
bot.host.
"""
from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.table import Outcome, Table
from bot.service import TableService
from cogs.table.components import TABLE_ITEMS, HostItem, handled, table_item
from cogs.table.interactions import Interactions
from cogs.table.publisher import Publisher
from cogs.table.settings import MemberSettings
from cogs.table.timers import Timers
from cogs.table.translator import CommandTranslator
from present import LogFilter, fmt
from present.i18n import command, mark, reading, tr, use

log = logging.getLogger("rookery.host")
REPUBLISH_PACE = 0.25    # seconds of pause per Discord request while republishing after a restart (~4/s)
FALLBACK_AFTER = 2.5     # a component nobody answered by then gets "out of date" (Discord allows 3 s)
STALE = mark("This button is out of date (from an older message or version). Use {hand} for your current "
             "choices, or {status} for the board.")


class Host(Interactions, commands.Cog):
    def __init__(self, bot: commands.Bot, service: TableService) -> None:
        self.bot = bot
        self.service = service
        self.settings = MemberSettings(service.store)  # notify, autoplay, languages, DM channels
        self.publisher = Publisher(bot, service, self.settings, self._result_rows)
        self.timers = Timers(self)
        self.items = list(TABLE_ITEMS)  # every persistent item: the Host's own and any cog's (the stale check)
        self._republish_task: asyncio.Task | None = None
        self.republished = asyncio.Event()  # set when the after-restart pass is done (tests, soak script)
        logs = LogFilter()
        service.loggable = lambda table, event: logs(table.game_key, event, table.names)

    async def cog_load(self) -> None:
        self.bot.tree.error(self.on_app_command_error)
        await self.bot.tree.set_translator(CommandTranslator())  # before the app syncs the commands
        self.bot.tree.interaction_check = self.speak_to  # every slash command answers in its member's language

    async def cog_unload(self) -> None:
        self.timers.stop()
        self.publisher.stop()
        if self._republish_task is not None:
            self._republish_task.cancel()

    def register(self, *items) -> None:
        """A cog's persistent items: buttons on old messages work again after a restart."""
        self.bot.add_dynamic_items(*items)
        self.items += [i for i in items if i not in self.items]

    # ---- one path for every change
    async def changed(self, table: Table, outcome: Outcome | None = None, **publish) -> None:
        """After a change (caller holds the lock): schedule a forced move if one is due, and publish the
        outcome. A new turn pings its seat, unless its move plays itself in a moment or the member turned
        pings off."""
        self.timers.watch_window(table)
        forced = self.timers.forced_move(table, await self.settings.autoplay_on(table.guild_id))
        self.timers.schedule(table, forced)
        pings = set(outcome.turns) - table.frame().unasked() if outcome else set()
        if forced:
            pings.discard(forced[0])
        if pings:
            off = await self.settings.notify_off(table.guild_id)
            pings = {s for s in pings if table.seat(s).user_id not in off}
        self.publisher.publish(table, outcome, pings=pings, **publish)

    async def settled(self, table: Table | None = None) -> int:
        return await self.publisher.settled(table)

    @commands.Cog.listener()
    async def on_tables_restored(self) -> None:
        """Dispatched by the app once storage has restored the live games."""
        self.timers.start(getattr(getattr(self.bot, "settings", None), "timer_poll", 0))
        if self._republish_task is None:
            self._republish_task = asyncio.create_task(self.republish_all(), name="rookery-republish")

    async def republish_all(self) -> None:
        """After a restart: make every live game's board and hands match the stored state.

        A crash between a commit and its messages would otherwise leave a player without buttons. Paced so
        hundreds of games don't flood Discord, one table at a time through its publisher (clicks on that
        table don't wait for its edits), skipping messages whose stored hash says they are already right."""
        try:
            tables = [t for t in list(self.service.tables.values()) if t.state is not None]
            fixed = 0
            for table in tables:
                async with table.lock:
                    live = table.status in ("active", "paused") and self.service.tables.get(table.id) is table
                    if live:
                        await self.changed(table)
                requests = await self.settled(table) if live else 0
                fixed += requests
                await asyncio.sleep(requests * REPUBLISH_PACE)  # 0 when nothing was stale: just yield
            log.info("republish after restart: %d live game(s) checked, %d message(s) fixed", len(tables), fixed)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("republish after restart failed")
        finally:
            self.republished.set()

    def _result_rows(self, table: Table) -> list:
        history = self.bot.get_cog("History")  # cogs/history.py: the Rematch button, when loaded
        return history.result_rows(table) if history is not None else []

    # ---- answering
    async def speak_to(self, interaction: discord.Interaction) -> bool:
        """From here on, this interaction's handler writes in its member's language (the task's own
        setting: public messages choose the server's language explicitly)."""
        use(await self.settings.reader(interaction))
        return True

    async def reply(self, interaction: discord.Interaction, text: str, view: discord.ui.View | None = None,
                    **extra) -> None:
        """A private answer, whether or not the interaction was already answered (`extra`: file, embed)."""
        kwargs = {"ephemeral": True, **({"view": view} if view else {}), **extra}
        if interaction.response.is_done():
            await interaction.followup.send(fmt.clip(text, fmt.CONTENT_LIMIT), **kwargs)
        else:
            await interaction.response.send_message(fmt.clip(text, fmt.CONTENT_LIMIT), **kwargs)

    async def say(self, interaction: discord.Interaction, text: str) -> None:
        """A private answer that must not fail loudly: Discord refusing it (the interaction expired or was
        answered meanwhile) is one log line."""
        try:
            await self.reply(interaction, text)
        except discord.HTTPException as exc:
            log.warning("could not answer an interaction (HTTP %s)", exc.status)

    async def refuse(self, interaction: discord.Interaction, refusal: errors.Refusal) -> None:
        with reading(self.settings.reader_lang(interaction)):
            await self.say(interaction, refusal.message())

    async def safely(self, interaction: discord.Interaction, coro, spoken: bool = False) -> None:
        """Run a handler in its member's language (`spoken`: already set in this task): a Refusal is answered
        with its words, a failure with a private apology."""
        try:
            if not spoken:
                await self.speak_to(interaction)
            await coro
        except errors.Refusal as refusal:
            await self.refuse(interaction, refusal)
        except Exception:
            log.exception("handling %s failed", (interaction.data or {}).get("custom_id"))
            await self.apologise(interaction)

    async def apologise(self, interaction: discord.Interaction) -> None:
        if interaction.response.is_done():
            return
        with reading(self.settings.reader_lang(interaction)):
            await self.say(interaction, tr("Something went wrong on my side. Use {hand} to see where things "
                                           "stand, and try again.", hand=command("game hand")))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the locales it carries; run the table's own items (cogs/table/components.py); answer
        components that no handler will (forged, truncated, from an older format)."""
        try:
            await self.settings.seen(interaction)
        except Exception:  # remembering a locale must never cost an answer
            log.exception("could not store the locales of an interaction")
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        if custom_id.startswith("rk"):
            found = table_item(custom_id)
            if found is not None and self._on_message(interaction, custom_id):
                return await self.run_item(interaction, found[0].from_match(found[1]))
            if found is None and handled(custom_id, self.items) and self._on_message(interaction, custom_id):
                return  # a cog's DynamicItem: discord.py runs it
        else:  # not ours: a short-lived view may still answer it, so only step in if nobody did in time
            await asyncio.sleep(FALLBACK_AFTER)
        if not interaction.response.is_done():
            with reading(self.settings.reader_lang(interaction)):
                await self.say(interaction, tr(STALE, hand=command("game hand"), status=command("game status")))

    async def run_item(self, interaction: discord.Interaction, item: HostItem) -> None:
        """A table item's click, as discord.py runs a DynamicItem's: its check may refuse it (and answers
        then), else its callback runs (which answers whatever happens). A check that fails is a bug: logged,
        and the clicker is told, instead of Discord's "This interaction failed"."""
        try:
            allowed = await item.interaction_check(interaction)
        except Exception:
            log.exception("checking %s failed", item.custom_id)
            return await self.apologise(interaction)
        if allowed:
            await item.callback(interaction)

    @staticmethod
    def _on_message(interaction: discord.Interaction, custom_id: str) -> bool:
        """discord.py runs a persistent item only if the clicked message really carries that component: look
        for it in the message's components, which discord.py has already parsed."""
        message = interaction.message
        if message is None:
            return False
        kind = (interaction.data or {}).get("component_type")
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
            return await self.refuse(interaction, original)
        with reading(self.settings.reader_lang(interaction)):
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
            await self.say(interaction, text)

    # ---- the channel may accept us again
    @commands.Cog.listener()
    async def on_guild_channel_update(self, before, after) -> None:
        self.publisher.retry_now(t.id for t in self.service.tables.values() if t.channel_id == after.id)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before, after) -> None:
        self.publisher.retry_now(t.id for t in self.service.tables.values() if t.guild_id == after.guild.id)

    @commands.Cog.listener()
    async def on_member_update(self, before, after) -> None:
        if after.id == getattr(self.bot.user, "id", None):
            self.publisher.retry_now(t.id for t in self.service.tables.values() if t.guild_id == after.guild.id)


async def setup(bot) -> None:
    """Loaded first by the app: the other cogs find the Host as bot.host."""
    bot.host = Host(bot, bot.service)
    await bot.add_cog(bot.host)
