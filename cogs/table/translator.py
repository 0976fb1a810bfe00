"""Slash commands in every member's language: discord.py asks this translator for each name, description and
choice when it syncs the commands, once per Discord locale, and sends what it returns as the command's
localizations. The words come from the same catalogs as everything else, under a context saying where they
stand ("command name", "choice name", ...), because a command's name obeys Discord's rules for names
(lower case, no spaces, at most 32 characters) where the same word in a message does not.

The catalogs get these entries from the command tree itself (the catalog tool walks it), so a new command or
option is translated like any message; a message that names a command writes it as its reader's client shows
it (present.i18n.command).
"""
from __future__ import annotations

import discord
from discord import app_commands

from present import fmt
from present.i18n import DEFAULT, command_word, reading, resolve, trp

# Where a string stands -> its catalog context (and whether it is a name Discord validates).
CONTEXTS = {
    app_commands.TranslationContextLocation.command_name: ("command name", True),
    app_commands.TranslationContextLocation.group_name: ("command name", True),
    app_commands.TranslationContextLocation.parameter_name: ("option name", True),
    app_commands.TranslationContextLocation.command_description: ("command description", False),
    app_commands.TranslationContextLocation.group_description: ("command description", False),
    app_commands.TranslationContextLocation.parameter_description: ("option description", False),
    app_commands.TranslationContextLocation.choice_name: ("choice name", False),
}


class CommandTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = resolve(locale.value)
        where = CONTEXTS.get(context.location)
        if lang == DEFAULT or where is None:
            return None  # English is the source text; anything else stays as written
        kind, is_name = where
        with reading(lang):
            text = command_word(string.message, kind) if is_name else trp(kind, string.message)
        return text[:fmt.OPTION_LIMIT] if text != string.message else None


def command_strings() -> list[tuple[str, str]]:
    """(context, English text) of every name, description, option and choice of every command, for the
    catalog tool (python -m present.translations extract): the commands are their own list of words."""
    from cogs import history, lobby, reference, watch
    from cogs.table.games import policy
    from engine import GAMES, PACKAGES

    test_games = {g.title for k, g in GAMES.items() if k not in PACKAGES}  # a test's toy game is no word of ours

    out: list[tuple[str, str | app_commands.locale_str]] = [("command name", lobby.Lobby.__cog_group_name__),
                                  ("command description", lobby.Lobby.__cog_group_description__)]
    commands = list(lobby.Lobby.__cog_app_commands__) + reference.build_commands() + history.build_commands()
    commands += watch.build_commands()  # offered only with the web page on (ROOKERY_WEB_PORT), translated always
    commands += [c for key in PACKAGES for c in policy(key).game_commands()]  # each game cog's own (/game room)
    for command in commands:
        out += [("command name", command.name), ("command description", command.description)]
        for parameter in command.parameters if isinstance(command, app_commands.Command) else []:
            out += [("option name", parameter.name), ("option description", parameter.description)]
            out += [("choice name", choice.name) for choice in parameter.choices]
    return [(context, str(text)) for context, text in out if text and str(text) != "…" and str(text) not in test_games]
