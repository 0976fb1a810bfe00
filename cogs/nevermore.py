"""Nevermore on Discord. A pass is a face-down choice of cards: the presenter words each whole pass (its
cards and the confirm) as one bundle, and this cog offers them as one click each, as buttons while they
fit the budget, else one menu. A seat's picture shows the whole table too (the Resolution tokens, every
player's health and VP), so it stays out of the DM (every move would edit each DM) and comes with **My hand**."""
from __future__ import annotations

from cogs.table.games import GameCog
from present import fmt


class NevermoreCog(GameCog, name="Nevermore"):
    key = "nevermore"
    colour = 0x4B2E5A  # plum
    dm_picture = False
    budget = fmt.BUDGET  # whole passes: buttons up to `buttons` short ones, one menu up to `menu`


async def setup(bot) -> None:
    await bot.add_cog(NevermoreCog(bot))
