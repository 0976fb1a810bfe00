"""Base of the per-game cogs: each game tells the shared UI how it looks; all play goes through /game."""
from __future__ import annotations

from discord.ext import commands

from cogs.shared.host import Presentation


class GameCog(commands.Cog):
    key: str = ""
    presentation = Presentation()

    def __init__(self, bot) -> None:
        self.bot = bot
        bot.host.presentations[self.key] = self.presentation


def setup_for(cog_class):
    async def setup(bot) -> None:
        from engine import GAMES

        if cog_class.key in GAMES:  # a game whose engine isn't there yet stays off the menu
            await bot.add_cog(cog_class(bot))

    return setup
