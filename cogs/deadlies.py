"""The Deadlies on Discord. Every whole play the hand can make (its cards, how they are played, the card on
top) is one click: as buttons while they fit, else one menu. Past one menu's worth (a big hand after a
Wrath) the presenter offers none and the cards are picked one at a time, as before; that bound is this
cog's `budget.menu`. A seat's picture shows the pile and the Halo too, so it stays out of the DM (every play
would edit each DM) and comes with **My hand**."""
from __future__ import annotations

from cogs.table.games import GameCog
from present import fmt


class DeadliesCog(GameCog, name="The Deadlies"):
    key = "deadlies"
    colour = 0x8E1B2B  # sin red
    dm_picture = False
    budget = fmt.BUDGET  # `menu`: at most one menu of whole plays (Discord's select size)


async def setup(bot) -> None:
    await bot.add_cog(DeadliesCog(bot))
