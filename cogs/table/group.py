"""Cogs other than the Lobby add their commands to its /game group (one top-level command for everything,
so the server-only marks sit on the group once)."""
from __future__ import annotations

import logging

from discord import app_commands

from engine import GAMES

log = logging.getLogger("rookery")
GAME_CHOICES = [app_commands.Choice(name=g.title, value=k) for k, g in GAMES.items()]  # every game, by title


def join_game_group(bot, commands: list[app_commands.Command]) -> list[app_commands.Command]:
    """Add these commands to /game; returns those added (for leave_game_group)."""
    group = bot.tree.get_command("game")
    if group is None:
        log.error("no /game group (the Lobby cog must load first): %s are not available",
                  ", ".join(c.name for c in commands))
        return []
    for command in commands:
        group.add_command(command, override=True)
    return list(commands)


def leave_game_group(bot, added: list[app_commands.Command]) -> None:
    group = bot.tree.get_command("game")
    for command in added:
        if group is not None and group.get_command(command.name) is command:
            group.remove_command(command.name)
