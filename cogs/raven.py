"""Raven on Discord. Its picture shows the trick on the table as well as the seat's cards, so it stays out of
the DM (which would otherwise be edited on every card played) and comes with **My hand**.

A bid is one choice made of several cards: where the cards would be a menu anyway, the bid is one
multi-select of up to the cards still to set aside, all in one go (the engine still takes them one step at
a time; one card at a time stays possible)."""
from __future__ import annotations

from cogs.table.games import GameCog


class RavenCog(GameCog, name="Raven"):
    key = "raven"
    colour = 0x3B3F58  # slate: night over the table
    dm_picture = False

    def multiselect(self, view: dict, legal: list[dict]) -> tuple[str, int, int] | None:
        if view["decision"]["about"] != "bid":
            return None
        left = view["bid_size"] - len(view.get("my_bid", []))
        return ("bid", 1, left) if left > 1 else None


async def setup(bot) -> None:
    await bot.add_cog(RavenCog(bot))
