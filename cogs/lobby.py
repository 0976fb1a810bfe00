"""The /game commands: lobbies, moderation and a member's settings, and the lobby's own components.

Thin by design: each command turns the interaction into one call of the table service or the seating
policy (which decide, and refuse with typed errors that the Answer words), then publishes what changed
through Changes. Lobbies (a lobby's message and clicks) is shared with the History cog's Rematch.
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors, render
from bot.seating import TIMER_CHOICES, Seating, require_moderator
from bot.service import TableService
from bot.table import Table
from cogs.table.answer import Answer
from cogs.table.changes import Changes
from cogs.table.components import TableItem, actor, values_of
from cogs.table.games import policy
from cogs.table.group import GAME_CHOICES
from cogs.table.layout import Message, layout
from cogs.table.publisher import Publisher
from cogs.table.services import Services, services_of
from cogs.table.settings import MemberSettings
from present import fmt
from present.i18n import LANGUAGES, command, mark, reading, tr

log = logging.getLogger("rookery.lobby")
GAME = r"(?P<game>\d{1,18})"
TIMER_OPTIONS = [app_commands.Choice(name=render.minutes(s), value=s) for s in TIMER_CHOICES]
ON_OFF = [app_commands.Choice(name=mark("on"), value="on"), app_commands.Choice(name=mark("off"), value="off")]
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]
SELECT_ROWS = fmt.ROWS_MAX - 1  # a message's rows, less the row of lobby buttons
MORE = "_more"  # the select holding the settings past the fourth (no game option starts with "_")
DONE = {"join": mark("You're in!"), "leave": mark("You left the table."), "bot": mark("A bot joined.")}
LOBBY_VERBS = {"join": (mark("Join"), discord.ButtonStyle.success),
               "leave": (mark("Leave"), discord.ButtonStyle.secondary),
               "bot": (mark("Add bot"), discord.ButtonStyle.secondary),
               "start": (mark("Start"), discord.ButtonStyle.primary)}


# ---- the lobby's components
class LobbyItem(TableItem):
    statuses = ("lobby",)

    def check(self, interaction: discord.Interaction) -> None:
        if self.table is None or self.table.status != "lobby":
            raise errors.LobbyClosed()


class LobbyButton(LobbyItem, discord.ui.DynamicItem[discord.ui.Button],
                  template=rf"rk:l:{GAME}:(?P<verb>join|leave|bot|start)"):
    def __init__(self, game: int, verb: str):
        label, style = LOBBY_VERBS[verb]
        super().__init__(discord.ui.Button(label=tr(label), style=style, custom_id=f"rk:l:{game}:{verb}"))
        self.game, self.verb = game, verb

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["verb"])

    async def handle(self, interaction: discord.Interaction) -> None:
        await services_of(interaction).lobbies.verb(interaction, self.checked_table, self.verb)


class OptionSelect(LobbyItem, discord.ui.DynamicItem[discord.ui.Select], template=rf"rk:o:{GAME}:(?P<name>\w{{1,40}})"):
    def __init__(self, game: int, name: str, options: list[discord.SelectOption] | None = None, placeholder: str = ""):
        super().__init__(discord.ui.Select(custom_id=f"rk:o:{game}:{name}",
                                           options=options or [discord.SelectOption(label="…")],
                                           placeholder=(placeholder or name)[:fmt.SELECT_PLACEHOLDER]))
        self.game, self.name = game, name

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]), match["name"])

    async def handle(self, interaction: discord.Interaction) -> None:
        value = (values_of(interaction) or [""])[0][:fmt.OPTION_LIMIT]
        await services_of(interaction).lobbies.option(interaction, self.checked_table, self.name, value)


class EndButton(TableItem, discord.ui.DynamicItem[discord.ui.Button], template=rf"rk:e:{GAME}"):
    statuses = ("lobby", "active", "paused")

    def __init__(self, game: int):
        super().__init__(discord.ui.Button(label=tr("Yes, end the game"), style=discord.ButtonStyle.danger,
                                           custom_id=f"rk:e:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    def check(self, interaction: discord.Interaction) -> None:
        if self.table is None or self.table.status not in self.statuses:
            raise errors.GameOver()

    async def handle(self, interaction: discord.Interaction) -> None:
        await services_of(interaction).lobbies.end_confirmed(interaction, self.checked_table)


ITEMS = (LobbyButton, OptionSelect, EndButton)


class Lobbies:
    """A lobby's message and what its components do: built once by bot/app.py, used by the Lobby cog's
    commands, the lobby's items, and the History cog's Rematch (which opens a lobby too)."""

    def __init__(self, service: TableService, seating: Seating, settings: MemberSettings, answer: Answer,
                 publisher: Publisher, changes: Changes) -> None:
        self.service = service
        self.seating = seating
        self.settings = settings
        self.answer = answer
        self.publisher = publisher
        self.changes = changes

    def selects(self, table: Table) -> list:
        """One select per setting (the game's options, then the timer). Discord gives the lobby four select
        rows under its buttons: past four settings the last row becomes one "more settings" select whose
        entries are name=value pairs, so every setting stays settable with clicks."""
        selects = [(name, f"{render.option_label(name)}: {render.option_value(table.options[name])}",
                    [(render.option_value(c), c) for c in opt.choices], table.options[name])
                   for name, opt in table.game.options.items()]
        timer = tr("turn timer")
        selects.append(("turn_seconds", f"{timer}: {render.minutes(table.turn_seconds)}",
                        [(render.minutes(s), s) for s in TIMER_CHOICES], table.turn_seconds))
        if len(selects) <= SELECT_ROWS:
            return selects
        own, rest = selects[:SELECT_ROWS - 1], selects[SELECT_ROWS - 1:]
        shown = " · ".join(placeholder for _, placeholder, _, _ in rest)
        more = tr("more settings: {which}", which=shown)
        if len(more) > fmt.PHONE_PLACEHOLDER:  # a phone would cut it: the lobby's Options line says each value
            more = tr("more settings")
        entries = [(f"{render.option_label(name) if name != 'turn_seconds' else timer}: {label}", f"{name}={value}")
                   for name, _, choices, _ in rest for label, value in choices]
        return [*own, (MORE, more, entries, None)]

    async def message(self, table: Table) -> Message:
        """The lobby in the server's language: who sits, the settings, and (while open) its components."""
        with reading(await self.settings.guild_lang(table.guild_id)):
            rows: list[dict | discord.ui.ActionRow] = []
            if table.status == "lobby":
                rows.append(discord.ui.ActionRow(*(LobbyButton(table.id, verb) for verb in LOBBY_VERBS)))
                for name, placeholder, choices, current in self.selects(table)[:SELECT_ROWS]:
                    options = [discord.SelectOption(label=label[:fmt.OPTION_LIMIT], value=str(value),
                                                    default=value == current)
                               for label, value in choices[:fmt.SELECT_SIZE]]
                    rows.append(discord.ui.ActionRow(OptionSelect(table.id, name, options, placeholder)))
            return layout(render.lobby_doc(table), colour=policy(table.game_key).colour, rows=rows)

    async def refresh(self, table: Table, interaction: discord.Interaction | None = None) -> None:
        """Edit the lobby message; through the interaction when it was a click on that very message."""
        for changed in self.publisher.watchers:  # open Activities show the lobby as it is now (bot/web/activity/)
            changed(table)
        message = await self.message(table)
        if (interaction is not None and not interaction.response.is_done() and interaction.message is not None
                and interaction.message.id == table.board_message_id):
            await interaction.response.edit_message(**message.edit_kwargs(None))
            return
        if table.board_message_id:
            channel = await self.publisher.channel(table)
            try:
                await channel.get_partial_message(table.board_message_id).edit(**message.edit_kwargs(None))
            except discord.NotFound:
                pass

    async def post(self, interaction: discord.Interaction, table: Table) -> None:
        """Answer with the lobby (public) and remember its message: the callback returns it, no lookup."""
        for changed in self.publisher.watchers:  # open Activities in the channel show the new lobby
            changed(table)
        message = await self.message(table)
        if interaction.response.is_done():
            sent_id = (await interaction.followup.send(wait=True, **message.send_kwargs())).id
        else:
            sent = (await interaction.response.send_message(**message.send_kwargs())).resource
            assert sent is not None, "a channel message callback always returns its message"
            sent_id = int(sent.id)  # typed int | str (activity instances); a message id is an int
        table.board_message_id = sent_id
        await self.service.save_messages(table)

    # ---- its clicks (and the commands that do the same)
    async def verb(self, interaction: discord.Interaction, table: Table, verb: str) -> None:
        user = interaction.user
        await self.answer.defer_if_busy(interaction, table)
        async with self.service.locked(table, "lobby"):
            if verb == "start":
                return await self.start(interaction, table)
            if verb == "join":
                await self.seating.join(table, user.id, user.display_name)
            elif verb == "leave":
                await self.seating.leave(table, user.id)
            else:
                await self.seating.add_bot(table, actor(interaction))
            await self.refresh(table, interaction)
            # A click on the lobby was answered by its edit; a command (even one acknowledged early) is told.
            if not interaction.response.is_done() or interaction.type is discord.InteractionType.application_command:
                with reading(self.settings.reader_lang(interaction)):
                    await self.answer.text(interaction, tr(DONE[verb]))

    async def option(self, interaction: discord.Interaction, table: Table, name: str, value: str) -> None:
        if name == MORE:  # the shared "more settings" select: its value says which setting, "name=value"
            name, _, value = value.partition("=")
        await self.answer.defer_if_busy(interaction, table)
        async with self.service.locked(table, "lobby"):
            try:
                await self.seating.set_option(table, name, value, actor(interaction))
            except (errors.BadTimer, errors.UnknownSetting, errors.BadSetting):
                raise errors.StaleSetting() from None  # the menus offer only valid values
            await self.refresh(table, interaction)
            if not interaction.response.is_done():  # a click on an older lobby message: the new one changed
                await interaction.response.defer()

    async def start(self, interaction: discord.Interaction, table: Table) -> None:
        """Caller holds the lock."""
        outcome = await self.service.start(table, actor(interaction))
        try:
            await self.refresh(table, interaction)
            if not interaction.response.is_done():
                with reading(self.settings.reader_lang(interaction)):
                    await self.answer.text(interaction, tr("The game has started! Your cards are in your DMs."))
        except discord.HTTPException as exc:  # started and saved: the hands and the board must go out regardless
            log.warning("table %s: could not close the lobby message (HTTP %s)", table.id, exc.status)
        table.board_message_id = None
        await self.changes.publish(table, outcome)

    async def end_confirmed(self, interaction: discord.Interaction, table: Table) -> None:
        await self.answer.defer_if_busy(interaction, table)
        async with self.service.locked(table):
            await self.seating.end(table, actor(interaction))
            with reading(self.settings.reader_lang(interaction)):
                if interaction.response.is_done():
                    await interaction.edit_original_response(content=tr("Game ended."), view=None)
                else:
                    await interaction.response.edit_message(content=tr("Game ended."), view=None)
            channel = await self.publisher.channel(table)
            with reading(await self.settings.guild_lang(table.guild_id)):
                await channel.send(tr("🛑 {name} ended **{game}** (table #{id}).",
                                      name=discord.utils.escape_markdown(interaction.user.display_name),
                                      game=table.game.title, id=table.id))
            if table.state is None:
                await self.refresh(table)
            else:
                await self.changes.publish(table)


# Games live in server channels: /game is offered only there (contexts [0]) and only when installed to a
# server (integration_types [0]). Only the top-level command's marks reach Discord, so they sit on the group.
@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
class Lobby(commands.GroupCog, group_name="game", group_description="Play card and board games here"):
    def __init__(self, bot, services: Services) -> None:
        self.bot = bot
        self.service = services.service
        self.seating = services.seating
        self.settings = services.settings
        self.answer = services.answer
        self.publisher = services.publisher
        self.changes = services.changes
        self.schedule = services.schedule
        self.clicks = services.clicks
        self.items = services.items
        self.lobbies = services.lobbies

    async def cog_load(self) -> None:
        self.items.register(*ITEMS)

    async def cog_unload(self) -> None:
        self.items.unregister(*ITEMS)

    # ---- lobby
    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", settings="Optional, e.g. length=short theme=prophecy",
                           timer="How long each player has per move")
    # discord.py's stub wants one choice type for all parameters; at run time each has its own
    @app_commands.choices(game=GAME_CHOICES, timer=TIMER_OPTIONS)  # type: ignore[misc]
    async def new(self, interaction: discord.Interaction, game: str, settings: str | None = None,
                  timer: int | None = None) -> None:
        table = await self.seating.create_lobby(interaction.guild_id, self.channel(interaction), actor(interaction),
                                                game, settings, timer)
        await self.lobbies.post(interaction, table)

    @app_commands.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.lobbies.verb(interaction, self.service.here(self.channel(interaction)), "join")

    @app_commands.command(name="leave", description="Leave the table (in a running game a bot takes your seat)")
    async def leave(self, interaction: discord.Interaction) -> None:
        table = self.service.here(self.channel(interaction))
        if table.status == "lobby":
            return await self.lobbies.verb(interaction, table, "leave")
        async with self.service.locked(table):
            await self.seating.leave(table, interaction.user.id)
            with reading(self.settings.reader_lang(interaction)):
                await self.answer.text(interaction, tr("You left; a bot plays your seat from now on."))
            outcome = await self.service.run_bots(table) if table.status == "active" else None
            await self.changes.publish(table, outcome)

    @app_commands.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        table = self.service.here(self.channel(interaction))
        async with self.service.locked(table, "lobby"):
            await self.lobbies.start(interaction, table)

    # ---- during the game
    @app_commands.command(name="status", description="Post the board again at the bottom of the channel")
    async def status(self, interaction: discord.Interaction) -> None:
        table = self.service.here(self.channel(interaction))
        async with self.service.locked(table):
            if table.status == "lobby":
                return await self.lobbies.post(interaction, table)
            with reading(self.settings.reader_lang(interaction)):
                await self.answer.text(interaction, tr("Here's the board."))
            self.publisher.publish(table, repost=True)

    @app_commands.command(name="hand", description="See your cards and choices (only you see the answer)")
    async def hand(self, interaction: discord.Interaction) -> None:
        table = self.service.here(self.channel(interaction))
        self.service.require(table, "active", "paused")
        await self.clicks.show_hand(interaction, table)

    @app_commands.command(name="pause", description="Pause the game (host or moderator)")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self.moderate(interaction, "pause")

    @app_commands.command(name="resume", description="Resume a paused game (host or moderator)")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.moderate(interaction, "resume")

    async def moderate(self, interaction: discord.Interaction, verb: str) -> None:
        table = self.service.here(self.channel(interaction))
        async with self.service.locked(table):
            if verb == "pause":
                await self.service.pause(table, actor(interaction))
                outcome = None
            else:
                outcome = await self.service.resume(table, actor(interaction))
            with reading(await self.settings.guild_lang(table.guild_id)):
                text = (tr("⏸️ {name} paused the game.", name=interaction.user.display_name) if verb == "pause"
                        else tr("▶️ {name} resumed the game.", name=interaction.user.display_name))
            await interaction.response.send_message(discord.utils.escape_markdown(text))
            await self.changes.publish(table, outcome)

    @app_commands.command(name="end", description="End the game in this channel (host or moderator)")
    async def end(self, interaction: discord.Interaction) -> None:
        table = self.service.here(self.channel(interaction))
        require_moderator(table, actor(interaction))
        with reading(self.settings.reader_lang(interaction)):
            text = tr("End **{game}** (table #{id}) for everyone? This can't be undone.", game=table.game.title,
                      id=table.id)
            view = discord.ui.View(timeout=None)
            view.add_item(EndButton(table.id))
        await self.answer.text(interaction, text, view)

    @app_commands.command(name="kick", description="Take a member's seat away: a bot (or a replacement) plays it")
    @app_commands.describe(member="Who leaves the seat", replacement="Optional member who takes the seat over")
    async def kick(self, interaction: discord.Interaction, member: discord.Member,
                   replacement: discord.Member | None = None) -> None:
        table = self.service.here(self.channel(interaction))
        new = (replacement.id, replacement.display_name) if replacement else None
        async with self.service.locked(table):
            await self.seating.replace(table, actor(interaction), member.id, new)
            with reading(await self.settings.guild_lang(table.guild_id)):
                if table.status == "lobby" and replacement is None:  # a lobby seat is freed, not played
                    text = tr("👋 {member} no longer has a seat at this table.", member=member.display_name)
                else:
                    text = tr("🔁 {member}'s seat is now played by {who}.", member=member.display_name,
                              who=replacement.display_name if replacement else tr("a bot"))
            await interaction.response.send_message(discord.utils.escape_markdown(text))
            if table.status == "lobby":
                return await self.lobbies.refresh(table)
            outcome = await self.service.run_bots(table) if table.status == "active" else None
            await self.changes.publish(table, outcome)

    # ---- a member's own settings
    @app_commands.command(name="notify", description="Turn the 'it's your move' pings on or off (this server)")
    @app_commands.describe(setting="On: a new message when it's your move. Off: your hand message updates quietly")
    @app_commands.choices(setting=ON_OFF)
    async def notify(self, interaction: discord.Interaction, setting: str) -> None:
        on = self.on_off(setting)
        await self.settings.set_notify(self.server(interaction), interaction.user.id, on)
        with reading(self.settings.reader_lang(interaction)):
            await self.answer.text(interaction, tr("🔔 I'll send you a new message when it's your move.") if on
                                  else tr("🔕 No more pings: your hand message still updates, quietly."))

    @app_commands.command(name="autoplay",
                          description="Play your only legal card by itself after a moment (this server)")
    @app_commands.describe(setting="On: your only legal card plays itself. Off: you click every card")
    @app_commands.choices(setting=ON_OFF)
    async def autoplay(self, interaction: discord.Interaction, setting: str) -> None:
        on = self.on_off(setting)
        await self.settings.set_autoplay(self.server(interaction), interaction.user.id, on)
        with reading(self.settings.reader_lang(interaction)):
            await self.answer.text(interaction, tr("⏩ When you have only one legal card, it plays itself after a "
                                                  "moment. The others may notice you had no other choice.") if on
                                  else tr("✋ You'll click every card yourself again."))
        await self.schedule.reschedule_forced(self.server(interaction), interaction.user.id)

    @app_commands.command(name="language", description="The language I write to you in (your DMs and answers)")
    @app_commands.describe(language="Leave out to follow your Discord language again")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str | None = None) -> None:
        if language is not None and language not in LANGUAGES:
            raise errors.Refusal(mark("Pick a language from the list Discord offers."))
        await self.settings.set_language(interaction.user.id, language)
        with reading(self.settings.reader_lang(interaction)):
            await self.answer.text(interaction, tr("🌐 I'll write to you in {language}.",
                                                  language=LANGUAGES[self.settings.reader_lang(interaction)]))
        for table in list(self.service.tables.values()):  # your hands switch language now
            if table.seat_of(interaction.user.id) and table.state is not None:
                async with self.service.locked(table):
                    self.publisher.publish(table)

    # ---- server settings
    @app_commands.command(name="config", description="Server settings: who may start games, where, timer, language")
    @app_commands.describe(starter_role="Only members with this role may start games",
                           everyone="Let everyone start games again (clears the role)",
                           add_channel="Allow games in this channel (once any is set, only those)",
                           remove_channel="Stop allowing games in this channel",
                           timer="Default turn timer for new games",
                           language="The language of boards and lobbies in this server")
    # discord.py's stub wants one choice type for all parameters; at run time each has its own
    @app_commands.choices(timer=TIMER_OPTIONS, language=LANGUAGE_CHOICES)  # type: ignore[misc]
    async def config(self, interaction: discord.Interaction, starter_role: discord.Role | None = None,
                     everyone: bool | None = None, add_channel: discord.TextChannel | None = None,
                     remove_channel: discord.TextChannel | None = None, timer: int | None = None,
                     language: str | None = None) -> None:
        config = await self.seating.configure(
            interaction.guild_id, actor(interaction), starter_role=starter_role.id if starter_role else None,
            everyone=everyone, add_channel=add_channel.id if add_channel else None,
            remove_channel=remove_channel.id if remove_channel else None, timer=timer,
            language=language if language in LANGUAGES else None)
        self.settings.guild_changed(self.server(interaction))  # configure() refused outside a server
        with reading(self.settings.reader_lang(interaction)):
            who = f"<@&{config.starter_role_id}>" if config.starter_role_id else tr("everyone")
            where = ", ".join(f"<#{c}>" for c in config.channel_ids) or tr("any channel")
            lang = LANGUAGES.get(await self.settings.guild_lang(interaction.guild_id), "English")
            await self.answer.text(interaction, tr(
                "⚙️ Settings saved. Who may start games: {who}. Where: {where}. Default turn timer: {timer}. "
                "Language of boards: {language}.\n🗑️ To delete this server's game history, stats and ratings: "
                "{forget} (or, for the bot's operator, `rookery forget-guild <server id>`).", who=who,
                forget=command("game forget"),
                where=where, timer=render.minutes(config.turn_seconds or 300), language=lang))
        if language is not None:
            for table in list(self.service.tables.values()):  # boards switch language now
                if table.guild_id == interaction.guild_id and table.state is not None:
                    async with self.service.locked(table):
                        self.publisher.publish(table)

    # ---- small helpers
    def on_off(self, setting: str) -> bool:
        if setting not in ("on", "off"):
            raise errors.Refusal(mark("Choose `on` or `off`."))
        return setting == "on"

    @staticmethod
    def channel(interaction: discord.Interaction) -> int:
        # slash commands always come from a channel; only a few other interaction kinds lack one
        assert interaction.channel_id is not None, "a slash command without a channel"
        return interaction.channel_id

    @staticmethod
    def server(interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise errors.ServerOnly()
        return interaction.guild_id
