"""The Everrain on Discord. Its DM keeps only the seat's own card (the presenter's `dm_hand`); the picture
shows the whole shared board, so it stays out of the DM, where every move would edit it, and comes with
**My hand**. Its choices are few at a time: the shared budget."""
from __future__ import annotations

from cogs.table.games import GameCog


class EverrainCog(GameCog, name="The Everrain"):
    key = "everrain"
    colour = 0x2F6F8F  # rain blue
    dm_picture = False


async def setup(bot) -> None:
    await bot.add_cog(EverrainCog(bot))
