"""The shared lobby and moderation cog: every /game command, and the lobby buttons and option selects."""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import render
from bot.storage import GuildConfig
from bot.tables import DEFAULT_TURN_SECONDS, TIMER_CHOICES, Table
from cogs.shared.components import EndButton, lobby_view
from engine import GAMES, IllegalAction

GAME_CHOICES = [app_commands.Choice(name=g.title, value=k) for k, g in GAMES.items()]
log = logging.getLogger("rookery.lobby")
TIMER_OPTIONS = [app_commands.Choice(name=render.minutes(s), value=s) for s in TIMER_CHOICES]
SELECT_ROWS = 4  # Discord's five component rows, less the row of lobby buttons
MORE = "_more"  # the select holding the settings past the fourth (no game option starts with "_")


def parse_settings(text: str | None, game) -> dict:
    """'length=short theme=prophecy' -> {'length': 'short', ...}, typed like the option's choices."""
    out: dict = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep:
            raise IllegalAction(f"Write settings as name=value (for example `{_example(game)}`).")
        option = game.options.get(name)
        out[name] = next((c for c in option.choices if str(c) == value), value) if option else value
    return out


def _example(game) -> str:
    return " ".join(f"{n}={o.default}" for n, o in game.options.items()) or "(this game has no settings)"


# Games live in server channels: /game is offered only there (contexts [0]) and only when installed to a
# server (integration_types [0]). Only the top-level command's marks reach Discord, so they sit on the group.
@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
class Lobby(commands.GroupCog, group_name="game", group_description="Play card and board games here"):
    def __init__(self, bot) -> None:
        self.bot = bot
        self.service = bot.service
        self.host = bot.host

    # ---- helpers
    async def here(self, interaction: discord.Interaction) -> Table | None:
        table = self.service.in_channel(interaction.channel_id)
        if table is None:
            await self.host.reply(interaction, "There's no game in this channel. Start one with `/game new`.")
        return table

    def is_moderator(self, interaction: discord.Interaction, table: Table) -> bool:
        perms = interaction.permissions
        return interaction.user.id == table.host_id or perms.manage_channels or perms.manage_guild

    def lobby_selects(self, table: Table) -> list:
        """One select per setting (the game's options, then the timer). Discord gives the lobby four select
        rows under its buttons: past four settings the last row becomes one "more settings" select whose
        entries are name=value pairs, so every setting stays settable with clicks."""
        selects = [(name, f"{name}: {table.options[name]}", [(str(c), c) for c in opt.choices], table.options[name])
                   for name, opt in table.game.options.items()]
        selects.append(("turn_seconds", f"turn timer: {render.minutes(table.turn_seconds)}",
                        [(render.minutes(s), s) for s in TIMER_CHOICES], table.turn_seconds))
        if len(selects) <= SELECT_ROWS:
            return selects
        own, rest = selects[:SELECT_ROWS - 1], selects[SELECT_ROWS - 1:]
        shown = " · ".join(placeholder for _, placeholder, _, _ in rest)
        entries = [(f"{name if name != 'turn_seconds' else 'turn timer'}: {label}", f"{name}={value}")
                   for name, _, choices, _ in rest for label, value in choices]
        return [*own, (MORE, f"more settings: {shown}", entries, None)]

    def lobby_message(self, table: Table) -> dict:
        view = lobby_view(table.id, self.lobby_selects(table)) if table.status == "lobby" else None
        return {"content": render.lobby_text(table), "view": view}

    async def refresh_lobby(self, table: Table, interaction: discord.Interaction | None = None) -> None:
        """Edit the lobby message; through the interaction when it was a click on that very message."""
        message = self.lobby_message(table)
        if (interaction is not None and not interaction.response.is_done() and interaction.message is not None
                and interaction.message.id == table.board_message_id):
            await interaction.response.edit_message(**message)
            return
        if table.board_message_id:
            channel = await self.host.channel(table)
            try:
                await channel.get_partial_message(table.board_message_id).edit(**message)
            except discord.NotFound:
                pass

    async def guarded(self, interaction: discord.Interaction, coro) -> bool:
        try:
            await coro
            return True
        except IllegalAction as exc:
            await self.host.reply(interaction, f"🚫 {exc}")
            return False

    # ---- lobby
    @app_commands.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(game="Which game", settings="Optional, e.g. length=short theme=prophecy",
                           timer="How long each player has per move")
    @app_commands.choices(game=GAME_CHOICES, timer=TIMER_OPTIONS)
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: str, settings: str | None = None,
                  timer: int | None = None) -> None:
        if game not in GAMES:  # the menu offers only known games, but a forged request can carry anything
            return await self.host.reply(interaction, unknown_game(game))
        if interaction.guild_id is None:
            return await self.host.reply(interaction, "Games run in a server channel, not in direct messages.")
        config = await self.service.store.guild_config(interaction.guild_id)
        member = interaction.user
        if config.channel_ids and interaction.channel_id not in config.channel_ids:
            allowed = ", ".join(f"<#{c}>" for c in config.channel_ids)
            return await self.host.reply(interaction, f"Games can run only in {allowed} on this server.")
        if config.starter_role_id and not interaction.permissions.manage_guild and not any(
                r.id == config.starter_role_id for r in getattr(member, "roles", [])):
            return await self.host.reply(
                interaction, f"Only members with the <@&{config.starter_role_id}> role can start games here.")
        try:
            table = await self.service.create_lobby(
                interaction.guild_id, interaction.channel_id, member.id, member.display_name, game,
                parse_settings(settings, GAMES[game]), timer or config.turn_seconds or DEFAULT_TURN_SECONDS)
        except IllegalAction as exc:
            return await self.host.reply(interaction, f"🚫 {exc}")
        await interaction.response.send_message(**self.lobby_message(table))
        message = await interaction.original_response()
        table.board_message_id = message.id
        await self.service.save_messages(table)

    async def lobby_verb(self, interaction: discord.Interaction, game_id: int, verb: str) -> None:
        table = await self.service.get(game_id)
        if table is None or table.status != "lobby":
            return await self.host.reply(interaction, "This lobby is closed.")
        user = interaction.user
        async with table.lock:
            if verb == "join":
                ok = await self.guarded(interaction, self.service.join(table, user.id, user.display_name))
            elif verb == "leave":
                ok = await self.guarded(interaction, self.service.leave(table, user.id))
            elif verb == "bot":
                if user.id != table.host_id:
                    return await self.host.reply(interaction, "Only the host can add bots.")
                ok = await self.guarded(interaction, self.service.add_bot(table))
            else:
                return await self.start_table(interaction, table)
            if ok:
                await self.refresh_lobby(table, interaction)
                if not interaction.response.is_done():
                    await self.host.reply(interaction, {"join": "You're in!", "leave": "You left the table.",
                                                        "bot": "A bot joined."}[verb])

    async def lobby_option(self, interaction: discord.Interaction, game_id: int, name: str, value: str) -> None:
        table = await self.service.get(game_id)
        if table is None or table.status != "lobby":
            return await self.host.reply(interaction, "This lobby is closed.")
        if interaction.user.id != table.host_id:
            return await self.host.reply(interaction, "Only the host can change the settings.")
        if name == MORE:  # the shared "more settings" select: its value says which setting, "name=value"
            name, _, value = value.partition("=")
        option = table.game.options.get(name)
        if (option is None and name != "turn_seconds") or (name == "turn_seconds" and not value.isdecimal()):
            return await self.host.reply(interaction, "That setting is out of date. Here are the current ones.")
        typed = next((c for c in option.choices if str(c) == value), value) if option else value
        async with table.lock:
            if await self.guarded(interaction, self.service.set_option(table, name, typed)):
                await self.refresh_lobby(table, interaction)

    async def start_table(self, interaction: discord.Interaction, table: Table) -> None:
        """Caller holds the lock."""
        if not self.is_moderator(interaction, table):
            return await self.host.reply(interaction, "Only the host can start the game.")
        if len(table.seats) < table.game.min_players:
            return await self.host.reply(
                interaction, f"{table.game.title} needs at least {table.game.min_players} players — "
                "invite friends to **Join**, or **Add bot**.")
        try:
            steps = await self.service.start(table)
        except IllegalAction as exc:
            return await self.host.reply(interaction, f"🚫 {exc}")
        try:
            await self.refresh_lobby(table, interaction)
            if not interaction.response.is_done():
                await self.host.reply(interaction, "The game has started! Your cards are in your DMs.")
        except discord.HTTPException:  # started and saved: the hands and the board must go out regardless
            log.warning("could not close the lobby message of table %s", table.id, exc_info=True)
        table.board_message_id = None
        await self.host.publish(table, steps)

    @app_commands.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        if table := await self.here(interaction):
            await self.lobby_verb(interaction, table.id, "join")

    @app_commands.command(name="leave", description="Leave the table (in a running game a bot takes your seat)")
    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self.here(interaction)
        if table is None:
            return
        if table.status == "lobby":
            return await self.lobby_verb(interaction, table.id, "leave")
        async with table.lock:
            if await self.guarded(interaction, self.service.leave(table, interaction.user.id)):
                await self.host.reply(interaction, "You left; a bot plays your seat from now on.")
                steps = await self.service.run_bots(table)
                await self.host.publish(table, steps)

    @app_commands.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        table = await self.here(interaction)
        if table is None:
            return
        if table.status != "lobby":
            return await self.host.reply(interaction, "The game has already started.")
        async with table.lock:
            await self.start_table(interaction, table)

    # ---- during the game
    @app_commands.command(name="status", description="Post the board again at the bottom of the channel")
    async def status(self, interaction: discord.Interaction) -> None:
        table = await self.here(interaction)
        if table is None:
            return
        async with table.lock:
            if table.status == "lobby":
                await interaction.response.send_message(**self.lobby_message(table))
                table.board_message_id = (await interaction.original_response()).id
                await self.service.save_messages(table)
                return
            await self.host.reply(interaction, "Here's the board.")
            await self.host.update_board(table, repost=True)

    @app_commands.command(name="hand", description="See your cards and choices (only you see the answer)")
    async def hand(self, interaction: discord.Interaction) -> None:
        if table := await self.here(interaction):
            await self.host.on_hand(interaction, table.id)

    @app_commands.command(name="rules", description="Read a game's rules summary and our rulings")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        if game not in GAMES:
            return await self.host.reply(interaction, unknown_game(game))
        chunks = split_text(GAMES[game].rules)
        await interaction.response.send_message(chunks[0], ephemeral=True)
        for chunk in chunks[1:]:
            await interaction.followup.send(chunk, ephemeral=True)

    @app_commands.command(name="pause", description="Pause the game (host or moderator)")
    async def pause(self, interaction: discord.Interaction) -> None:
        await self.moderate(interaction, "pause")

    @app_commands.command(name="resume", description="Resume a paused game (host or moderator)")
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.moderate(interaction, "resume")

    async def moderate(self, interaction: discord.Interaction, verb: str) -> None:
        table = await self.here(interaction)
        if table is None:
            return
        if not self.is_moderator(interaction, table):
            return await self.host.reply(interaction, "Only the host or a moderator (Manage Channels) can do that.")
        async with table.lock:
            call = self.service.pause(table) if verb == "pause" else self.service.resume(table)
            if not await self.guarded(interaction, call):
                return
            await interaction.response.send_message(
                f"{'⏸️' if verb == 'pause' else '▶️'} {interaction.user.display_name} {verb}d the game.")
            await self.host.publish(table, [])

    @app_commands.command(name="end", description="End the game in this channel (host or moderator)")
    async def end(self, interaction: discord.Interaction) -> None:
        table = await self.here(interaction)
        if table is None:
            return
        if not self.is_moderator(interaction, table):
            return await self.host.reply(interaction, "Only the host or a moderator (Manage Channels) can end it.")
        view = discord.ui.View(timeout=None)
        view.add_item(EndButton(table.id))
        await self.host.reply(interaction, f"End **{table.game.title}** (table #{table.id}) for everyone? "
                                           "This can't be undone.", view)

    async def end_confirmed(self, interaction: discord.Interaction, game_id: int) -> None:
        table = await self.service.get(game_id)
        if table is None or table.status not in ("lobby", "active", "paused"):
            return await interaction.response.edit_message(content="That game is already over.", view=None)
        if not self.is_moderator(interaction, table):
            return await self.host.reply(interaction, "Only the host or a moderator can end it.")
        async with table.lock:
            await self.service.end(table)
            await interaction.response.edit_message(content="Game ended.", view=None)
            channel = await self.host.channel(table)
            await channel.send(f"🛑 {interaction.user.display_name} ended **{table.game.title}** (table #{table.id}).")
            if table.state is None:
                await self.refresh_lobby(table)
            else:
                await self.host.publish(table, [])

    @app_commands.command(name="kick", description="Take a member's seat away: a bot (or a replacement) plays it")
    @app_commands.describe(member="Who leaves the seat", replacement="Optional member who takes the seat over")
    async def kick(self, interaction: discord.Interaction, member: discord.Member,
                   replacement: discord.Member | None = None) -> None:
        table = await self.here(interaction)
        if table is None:
            return
        if not self.is_moderator(interaction, table):
            return await self.host.reply(interaction, "Only the host or a moderator (Manage Channels) can do that.")
        new = (replacement.id, replacement.display_name) if replacement else None
        async with table.lock:
            if not await self.guarded(interaction, self.service.replace(table, member.id, new)):
                return
            who = replacement.display_name if replacement else "a bot"
            await interaction.response.send_message(f"🔁 {member.display_name}'s seat is now played by {who}.")
            if table.status == "lobby":
                return await self.refresh_lobby(table)
            steps = await self.service.run_bots(table) if table.status == "active" else []
            await self.host.publish(table, steps)

    @app_commands.command(name="notify", description="Turn the 'it's your move' pings on or off (this server)")
    @app_commands.choices(setting=[app_commands.Choice(name="on", value="on"),
                                   app_commands.Choice(name="off", value="off")])
    @app_commands.guild_only()
    async def notify(self, interaction: discord.Interaction, setting: str) -> None:
        if setting not in ("on", "off"):
            return await self.host.reply(interaction, "Choose `on` or `off`.")
        await self.host.settings.set_notify(interaction.guild_id, interaction.user.id, setting == "on")
        await self.host.reply(interaction, "🔔 I'll send you a new message when it's your move." if setting == "on"
                              else "🔕 No more pings: your hand message still updates, quietly.")

    @app_commands.command(name="autoplay",
                          description="Play your only legal card by itself after a moment (this server)")
    @app_commands.choices(setting=[app_commands.Choice(name="on", value="on"),
                                   app_commands.Choice(name="off", value="off")])
    @app_commands.guild_only()
    async def autoplay(self, interaction: discord.Interaction, setting: str) -> None:
        if setting not in ("on", "off"):
            return await self.host.reply(interaction, "Choose `on` or `off`.")
        await self.host.settings.set_autoplay(interaction.guild_id, interaction.user.id, setting == "on")
        await self.host.reply(interaction, "⏩ When you have only one legal card, it plays itself after a moment. "
                              "The others may notice you had no other choice." if setting == "on"
                              else "✋ You'll click every card yourself again.")
        await self.host.reschedule_forced(interaction.guild_id, interaction.user.id)

    # ---- server settings
    @app_commands.command(name="config", description="Server settings: who may start games, where, timer")
    @app_commands.describe(starter_role="Only members with this role may start games",
                           everyone="Let everyone start games again (clears the role)",
                           add_channel="Allow games in this channel (once any is set, only those)",
                           remove_channel="Stop allowing games in this channel",
                           timer="Default turn timer for new games")
    @app_commands.choices(timer=TIMER_OPTIONS)
    @app_commands.guild_only()
    async def config(self, interaction: discord.Interaction, starter_role: discord.Role | None = None,
                     everyone: bool | None = None, add_channel: discord.TextChannel | None = None,
                     remove_channel: discord.TextChannel | None = None, timer: int | None = None) -> None:
        if not interaction.permissions.manage_guild:
            return await self.host.reply(interaction, "You need the Manage Server permission for that.")
        config = await self.service.store.guild_config(interaction.guild_id)
        channels = list(config.channel_ids)
        if add_channel and add_channel.id not in channels:
            channels.append(add_channel.id)
        if remove_channel and remove_channel.id in channels:
            channels.remove(remove_channel.id)
        role = None if everyone else (starter_role.id if starter_role else config.starter_role_id)
        config = GuildConfig(interaction.guild_id, role, tuple(channels), timer or config.turn_seconds)
        await self.service.store.save_guild_config(config)
        who = f"<@&{config.starter_role_id}>" if config.starter_role_id else "everyone"
        where = ", ".join(f"<#{c}>" for c in config.channel_ids) or "any channel"
        await self.host.reply(
            interaction, f"⚙️ Settings saved. Who may start games: {who}. Where: {where}. Default turn timer: "
            f"{render.minutes(config.turn_seconds or DEFAULT_TURN_SECONDS)}.\n"
            "🗑️ To delete this server's game history, stats and ratings: `/game forget` "
            "(or, for the bot's operator, `rookery forget-guild <server id>`).")


def unknown_game(name: str) -> str:
    known = ", ".join(f"`{key}`" for key in GAMES)
    return f"I don't know a game called `{name[:40]}`. Pick one from the list: {known}."


def split_text(text: str, limit: int = 1900) -> list[str]:
    """Split Markdown at line breaks into Discord-sized messages."""
    chunks, current = [], ""
    for line in text.splitlines(keepends=True):
        if len(current) + len(line) > limit and current:
            chunks.append(current)
            current = ""
        current += line if len(line) <= limit else line[:limit]
    return [c for c in [*chunks, current] if c.strip()] or ["(no rules text)"]


async def setup(bot) -> None:
    await bot.add_cog(Lobby(bot))
