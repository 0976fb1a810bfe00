"""The toy game's cog (tests/support/toygame.py): the extension that serves it, with its own colour."""
from __future__ import annotations

from cogs.table.games import GameCog


class ToyCog(GameCog, name="Toy"):
    key = "toy"
    colour = 0x777777


async def setup(bot) -> None:
    await bot.add_cog(ToyCog(bot))
