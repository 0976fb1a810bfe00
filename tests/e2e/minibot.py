"""A tiny discord.py bot used only to smoke-test tests/e2e/fake_discord/.

/demo hello [start] posts "Count is N" with a persistent counter button (DynamicItem "mini:count:N") and a
persistent select ("mini:pick"), then DMs the user a "mini:dm:ping" button (or says it could not, ephemerally).
/demo slow defers, /demo ask opens a modal, /demo members counts cached members,
/demo more deep <member> is a nested group, /demo hand sends an ephemeral button, /demo pick autocompletes, /demo admin needs Manage Server. Run: DISCORD_API_BASE=... DISCORD_GATEWAY_URL=... python tests/e2e/minibot.py
"""
import logging
import os

import discord
import yarl
from discord import app_commands
from discord.ext import commands

# The only test hook a bot needs: where Discord is.
discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])


class CountButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mini:count:(?P<n>\d+)"):
    def __init__(self, n: int):
        super().__init__(discord.ui.Button(label=f"Count {n}", style=discord.ButtonStyle.primary,
                                           custom_id=f"mini:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction):
        n = self.n + 1
        await interaction.response.edit_message(content=f"Count is {n}", view=board_view(n))
        await interaction.followup.send(f"You counted to {n}", ephemeral=True)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"mini:pick"):
    def __init__(self):
        super().__init__(discord.ui.Select(custom_id="mini:pick", placeholder="Pick one", options=[
            discord.SelectOption(label=v.upper(), value=v) for v in "abc"]))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls()

    async def callback(self, interaction: discord.Interaction):
        await interaction.response.send_message(f"You picked {self.item.values[0]}", ephemeral=True)


class DmPing(discord.ui.DynamicItem[discord.ui.Button], template=r"mini:dm:ping"):
    def __init__(self):
        super().__init__(discord.ui.Button(label="Ping", custom_id="mini:dm:ping"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls()

    async def callback(self, interaction: discord.Interaction):
        await interaction.response.send_message(f"pong (pid {os.getpid()})")


class DmLater(discord.ui.DynamicItem[discord.ui.Button], template=r"mini:dm:later"):
    def __init__(self):
        super().__init__(discord.ui.Button(label="Later", custom_id="mini:dm:later"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls()

    async def callback(self, interaction: discord.Interaction):
        await interaction.response.defer()  # type 6, then edit the clicked message through @original
        await interaction.edit_original_response(content="Edited later", view=None)


class AskModal(discord.ui.Modal, title="Question"):
    answer = discord.ui.TextInput(label="Your answer", custom_id="mini:answer")

    async def on_submit(self, interaction: discord.Interaction):
        await interaction.response.send_message(f"You said {self.answer.value}", ephemeral=True)


class HandView(discord.ui.View):
    """Not persistent: discord.py keys it by the response message id (the with_response answer)."""

    def __init__(self):
        super().__init__(timeout=600)

    @discord.ui.button(label="Play")
    async def play(self, interaction: discord.Interaction, button: discord.ui.Button):
        await interaction.response.edit_message(content="Played", view=None)


def board_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(CountButton(n))
    view.add_item(PickSelect())
    return view


demo = app_commands.Group(name="demo", description="Demo commands")


@demo.command(name="hello", description="Post a counter")
@app_commands.describe(start="Where the counter starts")
async def hello(interaction: discord.Interaction, start: int = 0):
    await interaction.response.send_message(f"Count is {start}", view=board_view(start))
    dm_view = discord.ui.View(timeout=None)
    dm_view.add_item(DmPing())
    dm_view.add_item(DmLater())
    try:
        await interaction.user.send("Hello from minibot", view=dm_view)
    except discord.Forbidden:
        await interaction.followup.send("I could not DM you", ephemeral=True)


@demo.command(name="slow", description="Defer, then answer")
async def slow(interaction: discord.Interaction, private: bool = False):
    await interaction.response.defer(thinking=True, ephemeral=private)
    await interaction.followup.send("slow done")  # completes the "thinking..." message
    await interaction.followup.send("second")


@demo.command(name="ask", description="Open a modal")
async def ask(interaction: discord.Interaction):
    await interaction.response.send_modal(AskModal())


@demo.command(name="hand", description="An ephemeral message with a button")
async def hand(interaction: discord.Interaction):
    await interaction.response.send_message("Your hand", view=HandView(), ephemeral=True)


@demo.command(name="pick", description="Autocomplete a fruit")
async def pick(interaction: discord.Interaction, fruit: str):
    await interaction.response.send_message(f"fruit={fruit}", ephemeral=True)


@pick.autocomplete("fruit")
async def pick_fruit(interaction: discord.Interaction, current: str):
    return [app_commands.Choice(name=f, value=f) for f in ("apple", "apricot", "banana") if f.startswith(current)]


@demo.command(name="members", description="Count cached members")
async def members(interaction: discord.Interaction):
    await interaction.response.send_message(f"{len(interaction.guild.members)} members", ephemeral=True)


more = app_commands.Group(name="more", description="A nested group", parent=demo)


@more.command(name="deep", description="Nested subcommand with a member option")
async def deep(interaction: discord.Interaction, who: discord.Member):
    await interaction.response.send_message(f"deep {who.display_name} admin={who.guild_permissions.manage_guild}")


@demo.command(name="admin", description="Admins only")
@app_commands.checks.has_permissions(manage_guild=True)
async def admin(interaction: discord.Interaction):
    await interaction.response.send_message("admin ok", ephemeral=True)


@admin.error
async def admin_error(interaction: discord.Interaction, error: app_commands.AppCommandError):
    if isinstance(error, app_commands.MissingPermissions):
        await interaction.response.send_message("You need Manage Server", ephemeral=True)
    else:
        raise error


class MiniBot(commands.Bot):
    async def setup_hook(self):
        self.tree.add_command(demo)
        self.add_dynamic_items(CountButton, PickSelect, DmPing, DmLater)
        await self.tree.sync()

    async def on_ready(self):
        logging.getLogger("minibot").info("ready as %s in %d guild(s)", self.user, len(self.guilds))


if __name__ == "__main__":
    intents = discord.Intents.default()
    intents.members = os.environ.get("MINIBOT_MEMBERS") == "1"  # then discord.py chunks members at startup
    bot = MiniBot(command_prefix="!", intents=intents, guild_ready_timeout=0.05)
    bot.run(os.environ["DISCORD_TOKEN"], log_level=logging.INFO, root_logger=True,
            log_formatter=logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
