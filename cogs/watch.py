"""/game watch: the table's watch page (bot/web/), offered only when the operator turned the web page on.

`/game watch` answers privately with the link the board's Watch button opens. `/game watch off` revokes it
at once (open pages are closed, the button leaves the board) and `/game watch on` gives the table a new one:
both are the host's or a moderator's, as pausing and ending are (bot/seating.py). Added to the /game group by
bot/app.py when ROOKERY_WEB_PORT is set, after the Lobby cog.
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.seating import is_moderator, require_moderator
from bot.web import Web
from bot.web.links import WatchingOff
from cogs.lobby import ON_OFF
from cogs.table.components import actor
from cogs.table.group import join_game_group, leave_game_group
from cogs.table.services import services_of
from present.i18n import reading, tr

CLOSED = 4000  # a WebSocket close code of our own: the link was revoked (the page stops showing the table)


@app_commands.describe(setting="Leave out for the link; on or off: a new link, or none (host or moderator)")
@app_commands.choices(setting=ON_OFF)
async def watch_command(interaction: discord.Interaction, setting: str | None = None) -> None:
    services = services_of(interaction)
    web: Web = interaction.client.web  # type: ignore[attr-defined]
    assert interaction.channel_id is not None, "a slash command comes from a channel"
    table = services.service.here(interaction.channel_id)
    who = actor(interaction)
    async with services.service.locked(table, "active", "paused"):
        if setting == "off":
            require_moderator(table, who)
            web.links.revoke(table.id)
            await web.watchers.close_all(table.id, CLOSED, "the watch link was turned off")
            services.publisher.publish(table)  # the board without its Watch button
            url = None
        elif setting == "on" or web.links.is_off(table.id):
            if web.links.is_off(table.id) and not is_moderator(table, who):
                raise WatchingOff()
            if setting == "on":
                require_moderator(table, who)
                await web.watchers.close_all(table.id, CLOSED, "the watch link was replaced")
            url = web.links.turn_on(table.id)
            services.publisher.publish(table)  # the board's Watch button opens the new link
        else:
            url = web.links.url(table.id)
    await web.links.saved()  # the answer's link survives a restart
    with reading(services.settings.reader_lang(interaction)):
        if url is None:
            return await services.answer.text(interaction, tr("📺 The watch link is off: the old link no longer "
                                                              "opens the table."))
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(url=url, label=tr("Watch"), emoji="📺"))
        await services.answer.text(interaction, tr("📺 Anyone with this link can watch this table live (the public "
                                                   "board only, never a hand): {url}", url=url), view)


def build_commands() -> list[app_commands.Command]:
    return [app_commands.Command(name="watch", description="A link to watch this table live on the web",
                                 callback=watch_command)]


class Watch(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._added: list[app_commands.Command] = []

    async def cog_load(self) -> None:
        self._added = join_game_group(self.bot, build_commands())

    async def cog_unload(self) -> None:
        leave_game_group(self.bot, self._added)
