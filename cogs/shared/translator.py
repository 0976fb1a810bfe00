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
        return text[:100] if text != string.message else None
