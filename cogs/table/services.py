"""Everything the Discord side works with, built once by bot/app.py and handed to each cog.

Cogs get it in their constructor. The persistent items (buttons and selects on old messages) are built by
discord.py, or by the Host, from a custom_id alone, so they reach it from the interaction: services_of().
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:  # only names: components.py and the cogs import this module for services_of()
    from bot.records import HistoryService
    from bot.seating import Seating
    from bot.service import TableService
    from cogs.history import Rematches
    from cogs.lobby import Lobbies
    from cogs.table.answer import Answer
    from cogs.table.changes import Changes
    from cogs.table.clicks import Clicks
    from cogs.table.components import Items
    from cogs.table.host import Republish
    from cogs.table.messages import Messages
    from cogs.table.publisher import Publisher
    from cogs.table.schedule import Schedule
    from cogs.table.settings import MemberSettings
    from cogs.table.timers import Timers


@dataclass(frozen=True)
class Services:
    service: TableService        # tables, moves, timers' deadlines (bot/service.py)
    seating: Seating             # lobbies, seats, server settings, who may do what (bot/seating.py)
    history: HistoryService      # finished games, stats, ratings (bot/records.py)
    settings: MemberSettings     # members' and servers' settings and languages
    answer: Answer               # every private answer to an interaction
    messages: Messages           # a table's messages, built from its Frame
    publisher: Publisher         # the one sender of a table's messages
    schedule: Schedule           # forced moves and held windows, decided
    changes: Changes             # the one path after every change
    timers: Timers               # the loops that play what is due
    clicks: Clicks               # what a table's components do
    items: Items                 # every persistent item type the bot answers
    republish: Republish         # the after-restart pass over every live game
    lobbies: Lobbies             # lobby messages and their clicks (cogs/lobby.py)
    rematches: Rematches         # the Rematch button's new lobby (cogs/history.py)


def services_of(interaction: discord.Interaction) -> Services:
    """The bot's Services, for an item or command that has nothing but the interaction (bot/app.py's
    Rookery keeps them as `services`)."""
    return interaction.client.services  # type: ignore[attr-defined]
