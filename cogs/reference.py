"""Reading, not playing: `/game rules <game>` (one private message with pages) and `/game card <name>` (any
card of any game, in full, privately, found by name as you type). Both join the Lobby's /game group."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import errors
from bot.seating import known_game
from cogs.table.group import GAME_CHOICES, join_game_group, leave_game_group
from cogs.table.games import policy
from cogs.table.layout import layout
from cogs.table.pages import RulesPage, rules_message
from cogs.table.services import Services, services_of
from engine import GAMES
from present import cards as catalog, fmt
from present.i18n import lang, mark


@app_commands.describe(game="Which game")
@app_commands.choices(game=GAME_CHOICES)
async def rules_command(interaction: discord.Interaction, game: str) -> None:
    known_game(game)
    await services_of(interaction).answer.message(interaction, rules_message(game, 0))


@app_commands.describe(name="Start typing a card's name, then pick it from the list")
async def card_command(interaction: discord.Interaction, name: str) -> None:
    found = resolve(name)
    if found is None:
        raise errors.Refusal(mark("I know no card called `{name}`. Start typing and pick one from the list."),
                             name=name[:60])
    game_key, card_key = found
    doc = catalog.lookup(game_key, card_key)
    assert doc is not None, "resolve() found this card in the catalog"
    await services_of(interaction).answer.message(interaction, layout(doc, colour=policy(game_key).colour))


def resolve(text: str) -> tuple[str, str] | None:
    """(game, card) for an autocomplete value ("game:card"), else the best match for what was typed."""
    game, sep, key = text.partition(":")
    if sep and game in GAMES and catalog.lookup(game, key) is not None:
        return game, key
    found = catalog.search(text, lang())
    return found[0][:2] if found else None


async def card_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    await services_of(interaction).answer.speak_to(interaction)
    return [app_commands.Choice(name=label[:fmt.OPTION_LIMIT], value=f"{game}:{key}"[:fmt.OPTION_LIMIT])
            for game, key, label in catalog.search(current, lang())[:fmt.AUTOCOMPLETE_MAX]]


def build_commands() -> list[app_commands.Command]:
    rules: app_commands.Command[Any, ..., Any] = app_commands.Command(name="rules", description=mark("Read a game's rules summary and our rulings"),
                                 callback=rules_command)
    card: app_commands.Command[Any, ..., Any] = app_commands.Command(name="card", description=mark("Look up any card of any game (only you see it)"),
                                callback=card_command)
    card.autocomplete("name")(card_names)
    return [rules, card]


class Reference(commands.Cog):
    def __init__(self, bot, services: Services) -> None:
        self.bot = bot
        self.items = services.items
        self._added: list[app_commands.Command] = []

    async def cog_load(self) -> None:
        self.items.register(RulesPage)
        self._added = join_game_group(self.bot, build_commands())

    async def cog_unload(self) -> None:
        self.items.unregister(RulesPage)
        leave_game_group(self.bot, self._added)
