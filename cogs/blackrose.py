"""Black Rose Wars on Discord.

- A seat's picture shows only its own things (its spells, slots, studies and Quests), so it goes in the
  hand DM beside the text, which then leaves the spells' full texts to it.
- Its choices are many and long (spells, targets, rooms): the presenter words them, and its bundles, to fit
  this cog's budget (present/blackrose/choices.py and bundles.py read it with present.fmt.budget()).
- `/game room <room>`: what a Room does and, at the channel's table, its state and who stands in it, from
  the public view only; answered privately.
"""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import errors
from bot.table import Table
from cogs.table.games import GameCog
from cogs.table.layout import layout
from cogs.table.services import services_of
from present import fmt
from present.blackrose import catalog
from present.blackrose.bundles import BUTTONS, PHONE  # noqa: F401  (BUTTONS: the tests read it here)
from present.i18n import mark


class BlackRoseCog(GameCog, name="Black Rose Wars"):
    key = "blackrose"
    colour = 0x8B0A1A  # the rose's dark red
    dm_picture = True
    # The default numbers of buttons and label length: present/blackrose/bundles.py PHONE says why (a phone's
    # own would cost more clicks a Game Turn than issue 33 allows).
    budget = PHONE

    @classmethod
    def game_commands(cls) -> list[app_commands.Command]:
        room: app_commands.Command[Any, ..., Any] = app_commands.Command(name="room", callback=room_command,
                                    description=mark("What a Black Rose Wars Room does and who stands in it "
                                                     "(only you see it)"))
        room.autocomplete("room")(room_names)
        return [room]


def table_here(interaction: discord.Interaction) -> Table | None:
    """The channel's Black Rose Wars table, once it has a board (else None: a Room's rules alone)."""
    if interaction.channel_id is None:
        return None
    table = services_of(interaction).service.in_channel(interaction.channel_id)
    return table if table is not None and table.game_key == BlackRoseCog.key and table.state is not None else None


def public(table: Table | None) -> tuple[dict | None, dict[str, str]]:
    """The table's public view and its players' names (nothing hidden can be shown), or (None, {})."""
    return (table.frame().view(None), table.names) if table is not None else (None, {})


@app_commands.describe(room="Start typing a Room's name (or its label on the board, such as A3), then pick it")
async def room_command(interaction: discord.Interaction, room: str) -> None:
    view, names = public(table_here(interaction))
    doc = catalog.room(room, view, names)
    if doc is None:
        raise errors.Refusal(mark("I know no Room called `{name}`. Start typing and pick one from the list."),
                             name=room[:60])
    await services_of(interaction).answer.message(interaction, layout(doc, colour=BlackRoseCog.colour))


async def room_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    await services_of(interaction).answer.speak_to(interaction)
    view, _ = public(table_here(interaction))
    typed = current.strip().casefold()
    found = [(value, name) for value, name in catalog.rooms(view) if typed in name.casefold()]
    return [app_commands.Choice(name=name[:fmt.OPTION_LIMIT], value=value)
            for value, name in found[:fmt.AUTOCOMPLETE_MAX]]


async def setup(bot) -> None:
    await bot.add_cog(BlackRoseCog(bot))
